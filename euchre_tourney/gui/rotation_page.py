"""The Rotation page: generate the night's rotation and look at it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
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
from euchre_tourney.gui import context, replan
from euchre_tourney.gui.context import AppContext
from euchre_tourney.gui.widgets import Page
from euchre_tourney.gui.models import TablesModel
from euchre_tourney.gui.requests import RequestsBox


class RotationPage(Page):
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
        right = QVBoxLayout()
        right.addWidget(QLabel("North–South partner against East–West at every table."))
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
        event = self.ctx.run(tournament.get_event, self.ctx.event_id)
        self.view = self.ctx.run(tournament.rotation_view, self.ctx.event_id)
        self.requests.refresh(self.view.warnings)
        if event.kind == "team":  # team rounds are made on the Teams page; shown here by seat
            self.generate_button.setEnabled(False)
            self.regenerate_button.setEnabled(False)
            self.status.setText("A team event: make the teams and the rounds on the Teams page (Alt+6). "
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
        text = (
            f"{len(self.view.rounds)} rounds for {event.entrant_count} players (rotation number {self.view.seed}). "
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
        use_case = tournament.regenerate_rotation if regenerate else tournament.generate_rotation
        return self._make(use_case)

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
            lambda mode: self._make(tournament.replan_rotation, mode=mode),
        )

    def _make(self, use_case, **options) -> bool:
        if self.ctx.event_id is None:
            return False
        event_id = self.ctx.event_id
        dialog = QProgressDialog("Making the rotation…", "Cancel", 0, 100, self)
        dialog.setWindowTitle("Rotation")
        dialog.setWindowModality(Qt.WindowModal)
        dialog.setMinimumDuration(400)

        def progress(fraction: float) -> None:
            dialog.setValue(int(fraction * 100))
            QApplication.processEvents()

        label = {
            tournament.generate_rotation: "Make the rotation",
            tournament.regenerate_rotation: "Make the rotation again",
        }.get(use_case, "Re-plan the rotation")
        try:  # through the undo log: undo brings back the rotation there was before, seat for seat
            self.ctx.operate(
                label, use_case, event_id, progress=progress, cancel=dialog.wasCanceled, event_id=event_id, **options
            )
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot make the rotation", exc.message)
            return False
        except tournament.Cancelled:  # the director pressed Cancel: keep what was there
            return False
        finally:
            dialog.reset()
        return True
