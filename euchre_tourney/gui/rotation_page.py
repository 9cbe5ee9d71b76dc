"""The Rotation page: generate the night's rotation and look at it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QProgressDialog,
    QPushButton,
    QTableView,
    QVBoxLayout,
)

from euchre_tourney import tournament
from euchre_tourney.rules import side_title
from euchre_tourney.gui import context, replan, worker
from euchre_tourney.gui.context import AppContext
from euchre_tourney.gui.widgets import Page, SectionChooser
from euchre_tourney.gui.models import TablesModel
from euchre_tourney.gui.requests import RequestsBox


FOUR_NOTE = f"{side_title(0, 4)} partner against {side_title(1, 4)} at every table."
SIX_NOTE = f"Tables of six: {side_title(0, 6).lower()} partner against {side_title(1, 6).lower()} (three against three)."

class RotationPage(Page):
    CONCERNS = frozenset({"roster", "event", "settings", "rotation", "hands"})  # hands: which rounds are played

    def __init__(self, ctx: AppContext, parent=None) -> None:
        super().__init__(ctx, parent)
        self.view = None
        self.generate_button = QPushButton("&Generate rotation")
        self.generate_button.clicked.connect(lambda: self.generate(regenerate=False))
        self.regenerate_button = QPushButton("&Try another rotation")
        self.regenerate_button.setToolTip("Make a different rotation for the same players (another seed).")
        self.regenerate_button.clicked.connect(lambda: self.generate(regenerate=True))
        self.replan_button = QPushButton("&Re-plan the rounds not yet played")
        self.replan_button.setToolTip(
            "Keep every round that has scores exactly as played and make the rest again for the players "
            "checked in now, with the current requests."
        )
        self.replan_button.clicked.connect(self.replan)
        self.changed_cards_button = QPushButton("Changed car&ds…")
        self.changed_cards_button.setToolTip(
            "The cards the last re-plan changed: list them and print them again (until the rotation changes again)."
        )
        self.changed_cards_button.clicked.connect(lambda: replan.show_changed_cards(self, ctx))
        kept = replan.last_changed_cards(ctx)
        self.changed_cards_button.setVisible(kept.has_cards())
        kept.available.connect(self.changed_cards_button.setVisible)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.rounds = QListWidget()
        self.rounds.setMaximumWidth(140)
        self.rounds.currentRowChanged.connect(self.show_round)
        self.model = TablesModel(self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.Stretch)
        header.setSectionResizeMode(0, QHeaderView.ResizeToContents)
        self.sit_out = QLabel()
        self.sit_out.setWordWrap(True)
        self.quality = QLabel()
        self.quality.setWordWrap(True)
        self.quality.setTextFormat(Qt.RichText)

        self.requests = RequestsBox(ctx)
        buttons = QHBoxLayout()
        buttons.addWidget(self.generate_button)
        buttons.addWidget(self.regenerate_button)
        buttons.addWidget(self.replan_button)
        buttons.addWidget(self.changed_cards_button)
        buttons.addStretch(1)
        self.section = SectionChooser(ctx)
        self.section.chosen.connect(lambda _s: self.refresh())
        buttons.addWidget(self.section)
        right = QVBoxLayout()
        self.sides_note = QLabel(FOUR_NOTE)
        right.addWidget(self.sides_note)
        right.addWidget(self.table, 1)
        right.addWidget(self.sit_out)
        middle = QHBoxLayout()
        middle.addWidget(self.rounds)
        middle.addLayout(right, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addLayout(middle, 1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.quality, 1)
        bottom.addWidget(self.requests, 1)
        layout.addLayout(bottom)
        self.refresh()

    def refresh(self) -> None:
        has_event = self.ctx.event_id is not None
        self.generate_button.setEnabled(has_event)
        self.regenerate_button.setEnabled(has_event)
        self.replan_button.setEnabled(False)
        keep = max(0, self.rounds.currentRow())
        self.rounds.blockSignals(True)
        self.rounds.clear()
        self.rounds.blockSignals(False)
        if not has_event:
            self.view = None
            self.requests.refresh()
            self.status.setText("No event yet. Create one with File ▸ New event (Ctrl+N).")
            self.model.set_rows([])
            self.quality.setText("")
            self.sit_out.setText("")
            return
        try:
            board = self.ctx.run(tournament.rotation_board, self.ctx.event_id, self.section.section())  # one read per redraw
        except tournament.NotFound:  # the section chosen is gone (the night was split again)
            self.section.load(())
            board = self.ctx.run(tournament.rotation_board, self.ctx.event_id, self.section.section())
        event, self.view = board.event, board.rotation
        self.section.load(self.view.sections)
        self.requests.refresh(self.view.warnings)
        self.requests.setVisible(event.kind != "team")  # the director's requests shape an individual rotation only
        if event.kind == "team":  # team rounds are made on the Teams page; shown here by seat
            self.generate_button.setEnabled(False)
            self.regenerate_button.setEnabled(False)
            self.status.setText(
                "This night is played as an elimination bracket: it has no rotation. The bracket, its matches "
                "and their results are on the Teams page (Alt+6), Bracket tab." if board.bracket_night else
                "A team event: make the teams and the rounds on the Teams page (Alt+6). "
                "Each round's seats are shown here.")
            self.quality.setText("")
            for r in self.view.rounds:
                self.rounds.addItem(f"Round {r.number}")
            if self.view.rounds:
                self.rounds.setCurrentRow(min(keep, len(self.view.rounds) - 1))
            else:
                self.model.set_rows([])
                self.sit_out.setText("")
            return
        if not self.view.rounds:
            self.status.setText(
                f"{event.entrant_count} players checked in. Press Generate to make the rotation for "
                f"{event.rounds} rounds."
            )
            self.regenerate_button.setEnabled(False)
            self.model.set_rows([])
            self.quality.setText("")
            self.sit_out.setText("")
            return
        self.generate_button.setEnabled(False)
        self.regenerate_button.setEnabled(event.last_scored_round == 0)
        self.replan_button.setEnabled(0 < event.last_scored_round < event.rounds)
        where = f" in {len(self.view.sections)} sections" if self.view.sections and not self.view.section else (
            f", section {self.view.section} shown" if self.view.section else "")
        text = (
            f"{len(self.view.rounds)} rounds for {event.entrant_count} players{where} (rotation number {self.view.seed}). "
            "Print the scorecards and tally sheets from the File menu."
        )
        if event.last_scored_round:
            done = "Round 1 has" if event.last_scored_round == 1 else f"Rounds 1–{event.last_scored_round} have"
            text += f" {done} scores and stay{'s' if event.last_scored_round == 1 else ''} as played."
        else:
            text += " New requests apply when you press Try another rotation."
        self.status.setText(text)
        for r in self.view.rounds:
            self.rounds.addItem(f"Round {r.number}")
        self.rounds.setCurrentRow(min(keep, len(self.view.rounds) - 1))
        self.quality.setText("<b>How balanced is it?</b><br>" + "<br>".join(self.view.quality))
        self._note_sides()

    def _note_sides(self) -> None:
        six = bool(self.view and self.view.rounds and self.view.rounds[0].tables and len(self.view.rounds[0].tables[0].names) == 6)
        self.sides_note.setText(SIX_NOTE if six else FOUR_NOTE)
        if six:  # a night at tables of six is made whole: no re-plan (its requests are kept when it is made)
            self.replan_button.setEnabled(False)

    def show_round(self, row: int) -> None:
        if self.view is None or not 0 <= row < len(self.view.rounds):
            self.model.set_rows([])
            self.sit_out.setText("")
            return
        r = self.view.rounds[row]
        self.model.set_rows(r.tables)
        self.sit_out.setText("Sitting out: " + ", ".join(r.sit_out) if r.sit_out else "Nobody sits out this round.")

    def generate(self, regenerate: bool = False) -> bool:
        """Generate (or regenerate) the rotation with a progress dialog; True if done."""
        return self._make("Make the rotation again" if regenerate else "Make the rotation", regenerate=regenerate)

    def replan(self) -> bool:
        """Re-plan the rounds without scores (after a change of players or
        requests), keeping others' seats or re-balancing as the director chooses."""
        if self.ctx.event_id is None:
            return False
        event_id = self.ctx.event_id
        return replan.replan_with_choice(
            self,
            self.ctx,
            lambda s: tournament.replan_preview(s, event_id),
            lambda mode: self._make("Re-plan the rotation", mode=mode),
        )

    def start_making(self, label: str, *, regenerate: bool = False, mode: str | None = None, use_case=None):
        """Start the rotation search -- generate, ``regenerate`` (another
        seed) or re-plan (``mode``) -- in a worker thread (the window stays
        live; other changes and Undo wait: one operation at a time) with a
        progress dialog whose Cancel stops it; returns the running
        :class:`~euchre_tourney.gui.worker.Job` (None without an event).
        ``use_case``: another search with the same arguments (tests).
        :class:`~euchre_tourney.gui.context.Busy` while another operation runs."""
        if self.ctx.event_id is None:
            return None
        event_id = self.ctx.event_id
        options = {"mode": mode} if mode is not None else {}
        # through the unit of work: undo brings back the rotation there was before, seat for seat
        job = self.ctx.start_operation(
            label,
            use_case or (
                tournament.replan_rotation if mode is not None
                else tournament.regenerate_rotation if regenerate else tournament.generate_rotation
            ),
            event_id, progress=True, event_id=event_id, **options,
        )
        dialog = QProgressDialog("Making the rotation…", "Cancel", 0, 100, self)
        dialog.setWindowTitle("Rotation")
        dialog.setWindowModality(Qt.WindowModal)
        dialog.setMinimumDuration(400)
        dialog.canceled.connect(job.cancel)
        # the dialog dies with the page if the window is deleted while the search runs: nothing reaches it then
        worker.deliver(
            job, dialog, progress=lambda fraction: dialog.setValue(int(fraction * 100)),
            finished=lambda: (dialog.reset(), dialog.deleteLater()),
        )
        self.progress_dialog = dialog
        return job

    def _make(self, label: str, *, regenerate: bool = False, mode: str | None = None) -> bool:
        try:
            job = self.start_making(label, regenerate=regenerate, mode=mode)
            if job is None:
                return False
            worker.wait(job)
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot make the rotation", exc.message)
            return False
        except tournament.Cancelled:  # the director pressed Cancel: keep what was there
            return False
        return True
