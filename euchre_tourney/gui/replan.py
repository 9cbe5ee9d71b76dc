"""Re-planning after scores: choose how, see whose cards changed, reprint them.

When players arrive late or leave once a round has scores, the director is
shown first how many players' cards each way of re-planning would change
(:class:`ReplanDialog`: keep the others' seats, the default, or re-balance
every later round), then whose cards did change, with *Print changed cards*
(:class:`ChangedCardsDialog`: only those cards, and the wall chart, written
through the report registry). That list stays reachable until the rotation
changes again (:class:`LastChangedCards`: File ▸ Changed cards and the
Rotation page's button).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QListWidget,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from euchre_tourney import tournament
from euchre_tourney.gui import context, worker
from euchre_tourney.gui.context import AppContext
from euchre_tourney.gui.settings import default_page_size
from euchre_tourney.reports import report


def run_dialog(dialog: QDialog) -> bool:
    """Show ``dialog`` modally; True if accepted (tests replace this to drive
    the dialog's widgets instead)."""
    return dialog.exec() == QDialog.Accepted


def _players(n: int, verb: str = "changes") -> str:
    """"1 player's card changes", "22 players' cards change" (or another verb: "changed")."""
    if n == 1:
        return f"1 player's card {verb}"
    return f"{n} players' cards {verb[:-1] if verb.endswith('s') else verb}"


class ReplanDialog(QDialog):
    """How to re-plan the rounds not yet played, with what each way changes."""

    def __init__(self, preview: tournament.ReplanPreview, intro: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Re-plan the rounds not yet played")
        self.intro = QLabel(
            f"{intro}Rounds with scores stay as played; from round {preview.from_round} on, "
            f"{preview.players} players take part."
        )
        self.intro.setWordWrap(True)
        self.keep = QRadioButton(f"&Keep others' seats: {_players(preview.keep_seats)}")
        self.keep.setToolTip(
            "A late arrival takes a sit-out or one seat a round (that player sits out instead); "
            "a leaver's seat goes to that round's sit-out. Everyone else keeps their card."
        )
        self.rebalance = QRadioButton(f"Re-&balance everything: {_players(preview.rebalance)}")
        self.rebalance.setToolTip(
            "Make every later round again for the best balance of partners and opponents "
            "(reprint nearly every card and the wall chart)."
        )
        self.keep.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.keep)
        group.addButton(self.rebalance)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.button(QDialogButtonBox.Ok).setText("&Re-plan")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addWidget(self.keep)
        layout.addWidget(self.rebalance)
        layout.addWidget(self.buttons)

    def mode(self) -> str:
        """``"keep"`` or ``"rebalance"`` (:data:`tournament.REPLAN_MODES`)."""
        return "keep" if self.keep.isChecked() else "rebalance"


class ChangedCardsDialog(QDialog):
    """Whose cards changed, and *Print changed cards* (those cards and the wall chart)."""

    def __init__(self, ctx: AppContext, cards: list, from_round: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.cards = cards
        self.setWindowTitle("Cards that changed")
        n = len(cards)
        head = (
            f"{_players(n, 'changed')} from round {from_round}. "
            "Hand them their new cards and put up the new wall chart."
            if n
            else "Nobody's card changed."
        )
        self.summary = QLabel(head)
        self.summary.setWordWrap(True)
        self.saved = QLabel()
        self.saved.setWordWrap(True)
        self.list = QListWidget()
        self.list.addItems([f"{c.number}. {c.player_name}" for c in cards])
        self.print_button = QPushButton("&Print changed cards…")
        self.print_button.setToolTip("Save a PDF of only these cards, and the wall chart next to it.")
        self.print_button.setEnabled(bool(cards))
        self.print_button.clicked.connect(self.print_dialog)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Close)
        self.buttons.rejected.connect(self.reject)
        self.buttons.addButton(self.print_button, QDialogButtonBox.ActionRole)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.saved)
        layout.addWidget(self.buttons)
        self.resize(440, 380)

    @staticmethod
    def chart_path(cards_path: str | Path) -> Path:
        """Where the wall chart goes: beside the cards, ``<name>-rotation-chart.pdf``."""
        p = Path(cards_path)
        return p.with_name(f"{p.stem}-{report('rotation-chart').default_file}")

    def print_to(self, path: str | Path, page_size: str | None = None) -> bool:
        """Write the changed cards to ``path`` and the whole wall chart beside
        it (:meth:`chart_path`); True on success, else the reason is shown."""
        page_size = page_size or default_page_size()
        cards = report("scorecards")
        chart = report("rotation-chart")
        event_id, chart_path = self.ctx.event_id, str(self.chart_path(path))

        def make(_job) -> None:  # in a worker thread: the window stays live
            cards.write(self.cards, str(path), page_size=page_size)
            chart_data = self.ctx.run(tournament.report_data, event_id, chart.name)
            chart.write(chart_data, chart_path, page_size=page_size)

        try:
            worker.wait(self.ctx.background("Make the changed cards", make))
        except tournament.TournamentError as exc:
            context.show_error(self, "Nothing to print", exc.message)
            return False
        except OSError as exc:
            context.show_error(self, "Cannot save", f"Cannot write {path}: {exc.strerror or exc}.")
            return False
        self.saved.setText(f"Saved {Path(path).name} and {self.chart_path(path).name}.")
        return True

    def print_dialog(self) -> None:
        settings = QSettings()
        start = str(Path(settings.value("pdf_dir", str(Path.home()))) / "changed-cards.pdf")
        path, _ = QFileDialog.getSaveFileName(self, "Save changed cards", start, "PDF files (*.pdf)")
        if not path:
            return
        if not path.lower().endswith(".pdf"):
            path += ".pdf"
        settings.setValue("pdf_dir", str(Path(path).parent))
        self.print_to(path)


def replan_with_choice(
    parent: QWidget,
    ctx: AppContext,
    preview: Callable[[], tournament.ReplanPreview],
    apply: Callable[[str], object],
    intro: str = "",
) -> bool:
    """Show what re-planning would change, let the director choose how, run
    ``apply(mode)`` (False from it: not done) and list the cards that changed. False if the director
    cancelled or the change was refused (the reason is shown)."""
    event_id = ctx.event_id
    try:
        seen = ctx.run(preview)
    except tournament.TournamentError as exc:
        context.show_error(parent, "Cannot re-plan", exc.message)
        return False
    dialog = ReplanDialog(seen, intro, parent)
    if not run_dialog(dialog):
        return False
    before = ctx.run(tournament.scorecards, event_id)
    try:
        if apply(dialog.mode()) is False:  # refused or cancelled; the reason was shown
            return False
    except tournament.TournamentError as exc:
        context.show_error(parent, "Cannot re-plan", exc.message)
        return False
    after = ctx.run(tournament.scorecards, event_id)
    changed = tournament.changed_scorecards(before, after)
    kept = last_changed_cards(ctx)
    kept.keep(event_id, changed, seen.from_round)
    parent.changed_cards = kept.dialog(parent)
    run_dialog(parent.changed_cards)
    return True


class LastChangedCards(QObject):
    """The cards the last re-plan changed, kept so they can be listed and
    printed again (File ▸ Changed cards, the Rotation page's button) until
    the rotation changes again (another re-plan, a new rotation, an undo).
    ``available`` tells whether the current event has such a list."""

    available = Signal(bool)

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.ctx = ctx
        self.kept: tuple[int, list, int] | None = None  # (event, cards, first round changed)
        ctx.operated.connect(self._operated)
        ctx.event_changed.connect(lambda _e: self.available.emit(self.has_cards()))

    def keep(self, event_id: int, cards: list, from_round: int) -> None:
        self.kept = (event_id, list(cards), from_round)
        self.available.emit(self.has_cards())

    def has_cards(self) -> bool:
        return self.kept is not None and self.kept[0] == self.ctx.event_id

    def dialog(self, parent: QWidget | None) -> ChangedCardsDialog | None:
        """The list for the current event (None when there is none)."""
        if not self.has_cards():
            return None
        _event, cards, from_round = self.kept
        return ChangedCardsDialog(self.ctx, cards, from_round, parent)

    def _operated(self, change) -> None:
        if self.kept is not None and change.event_id == self.kept[0] and "rotation" in change.kinds:
            self.kept = None
            self.available.emit(False)


def last_changed_cards(ctx: AppContext) -> LastChangedCards:
    """The one :class:`LastChangedCards` of ``ctx`` (made on first use)."""
    kept = ctx.findChild(LastChangedCards)
    return kept if kept is not None else LastChangedCards(ctx)


def show_changed_cards(parent: QWidget, ctx: AppContext) -> bool:
    """List the last re-plan's changed cards again, with *Print changed
    cards*; False (and says why) when there is no such list now."""
    dialog = last_changed_cards(ctx).dialog(parent)
    if dialog is None:
        context.inform(parent, "Changed cards", "No cards changed since the last re-plan of this event's rotation.")
        return False
    parent.changed_cards = dialog
    run_dialog(dialog)
    return True
