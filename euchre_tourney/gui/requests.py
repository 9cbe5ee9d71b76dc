"""The director's requests box on the Rotation page, and its Add dialog."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
)

from euchre_tourney import tournament
from euchre_tourney.gui import context
from euchre_tourney.gui.context import AppContext

KIND_TITLES = {
    "pin_table": "Stays at one table (mobility)",
    "no_partner": "Two players never partner (couples)",
    "sit_out": "Sits out a given round",
}


class RequestDialog(QDialog):
    """Choose a kind of request and its player(s), table or round."""

    def __init__(self, players, rounds: int, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add a request")
        self.kind = QComboBox()
        for key, title in KIND_TITLES.items():
            self.kind.addItem(title, key)
        self.player = QComboBox()
        self.other = QComboBox()
        for p in players:
            self.player.addItem(p.name, p.player_id)
            self.other.addItem(p.name, p.player_id)
        if self.other.count() > 1:
            self.other.setCurrentIndex(1)
        self.table = QSpinBox()
        self.table.setRange(1, 99)
        self.round = QSpinBox()
        self.round.setRange(1, rounds)
        self.form = QFormLayout(self)
        self.form.addRow("&Request:", self.kind)
        self.form.addRow("&Player:", self.player)
        self.form.addRow("&With:", self.other)
        self.form.addRow("&Table:", self.table)
        self.form.addRow("R&ound:", self.round)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.form.addRow(buttons)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self._kind_changed()

    def _kind_changed(self) -> None:
        kind = self.kind.currentData()
        self.form.setRowVisible(self.other, kind == "no_partner")
        self.form.setRowVisible(self.table, kind == "pin_table")
        self.form.setRowVisible(self.round, kind == "sit_out")

    def values(self) -> dict:
        kind = self.kind.currentData()
        return {
            "kind": kind,
            "player_id": self.player.currentData(),
            "other_player_id": self.other.currentData() if kind == "no_partner" else None,
            "table": self.table.value() if kind == "pin_table" else None,
            "round_number": self.round.value() if kind == "sit_out" else None,
        }


class RequestsBox(QGroupBox):
    """List, add and remove the event's requests (undoable)."""

    def __init__(self, ctx: AppContext, parent=None) -> None:
        super().__init__("Director's requests (used when the rotation is made)", parent)
        self.ctx = ctx
        self.list = QListWidget()
        self.list.setMaximumHeight(90)
        self.list.setWordWrap(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.add_button = QPushButton("&Add request…")
        self.add_button.clicked.connect(self.add_dialog)
        self.remove_button = QPushButton("Remove request")
        self.remove_button.clicked.connect(self.remove_selected)
        self.note = QLabel()
        self.note.setWordWrap(True)
        buttons = QVBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        row = QHBoxLayout()
        row.addWidget(self.list, 1)
        row.addLayout(buttons)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.note)

    def refresh(self, warnings: tuple[str, ...] = ()) -> None:
        self.list.clear()
        if self.ctx.event_id is None:
            self.setEnabled(False)
            return
        self.setEnabled(True)
        for c in self.ctx.run(tournament.list_constraints, self.ctx.event_id):
            item = QListWidgetItem(c.text)
            item.setData(Qt.UserRole, c)
            self.list.addItem(item)
        self.note.setText("\n".join(f"⚠ {w}" for w in warnings))
        self.note.setVisible(bool(warnings))
        self.remove_button.setEnabled(self.list.count() > 0)

    def add(self, **values) -> bool:
        """Store a request (undoable); False with a message if refused."""
        event_id = self.ctx.event_id
        try:
            self.ctx.operate("Add request", tournament.add_constraint, event_id, event_id=event_id, **values)
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot add the request", exc.message)
            return False
        return True

    def add_dialog(self) -> None:
        if self.ctx.event_id is None:
            return
        players = [e for e in self.ctx.run(tournament.entrants, self.ctx.event_id) if e.active]
        event = self.ctx.run(tournament.get_event, self.ctx.event_id)
        dialog = RequestDialog(players, event.rounds, self)
        if dialog.exec() == QDialog.Accepted:
            self.add(**dialog.values())

    def remove_selected(self) -> None:
        item = self.list.currentItem()
        if item is None:
            return
        c = item.data(Qt.UserRole)
        event_id = self.ctx.event_id
        try:
            self.ctx.operate("Remove request", tournament.remove_constraint, c.id, event_id=event_id)
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot remove the request", exc.message)
