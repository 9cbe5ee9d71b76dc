"""The Players page: the club roster."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
)

from euchre_tourney import tournament
from euchre_tourney.gui import context
from euchre_tourney.gui.context import AppContext
from euchre_tourney.gui.importer import RosterImport
from euchre_tourney.gui.models import PlayersModel
from euchre_tourney.gui.widgets import Page, roster_layout, roster_sentence, searchable_table


class PlayerDialog(QDialog):
    """Name, email, phone of one player."""

    def __init__(self, parent=None, title="Add player", name="", email="", phone="") -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.name = QLineEdit(name)
        self.name.setMaxLength(200)
        self.email = QLineEdit(email)
        self.phone = QLineEdit(phone)
        form = QFormLayout(self)
        form.addRow("&Name:", self.name)
        form.addRow("&Email (optional):", self.email)
        form.addRow("&Phone (optional):", self.phone)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.resize(420, self.sizeHint().height())

    def values(self) -> tuple[str, str, str]:
        return self.name.text(), self.email.text(), self.phone.text()


class RosterPage(Page):
    """List, add, edit, remove and import players."""

    def __init__(self, ctx: AppContext, parent=None) -> None:
        super().__init__(ctx, parent)
        self.model = PlayersModel(self)
        self.proxy, self.search, self.table = searchable_table(self.model, 0, self)
        self.table.setSelectionMode(QAbstractItemView.SingleSelection)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.Stretch)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.doubleClicked.connect(lambda _i: self.edit_selected())

        self.add_button = QPushButton("&Add player…")
        self.add_button.clicked.connect(self.add_dialog)
        self.edit_button = QPushButton("E&dit…")
        self.edit_button.clicked.connect(self.edit_selected)
        self.remove_button = QPushButton("&Remove")
        self.remove_button.clicked.connect(self.remove_selected)
        self.import_button = QPushButton("&Import CSV…")
        self.import_button.clicked.connect(self.import_dialog)
        self.count = QLabel()
        self.import_status = QLabel()
        self.import_status.setStyleSheet("color: #92400e;")
        self.import_status.hide()
        self.current_import: RosterImport | None = None

        buttons = (self.add_button, self.edit_button, self.remove_button, self.import_button)
        layout = roster_layout(self, self.search, buttons, self.table, self.count)
        layout.addWidget(self.import_status)
        QShortcut(QKeySequence.Delete, self.table, activated=self.remove_selected, context=Qt.WidgetShortcut)
        QShortcut(QKeySequence(Qt.Key_F2), self.table, activated=self.edit_selected, context=Qt.WidgetShortcut)
        self.refresh()

    def refresh(self) -> None:
        players = self.ctx.run(tournament.list_players)
        self.model.set_rows(players)
        self.count.setText(roster_sentence(players))

    def selected(self):
        rows = self.table.selectionModel().selectedRows()
        return self.proxy.data(rows[0], Qt.UserRole) if rows else None

    # actions -------------------------------------------------------------
    def add_player(self, name: str, email: str = "", phone: str = ""):
        """Add a player (undoable); returns the PlayerView or None if refused."""
        try:
            return self.ctx.operate(f"Add {' '.join(name.split())}", tournament.add_player, name, email, phone, event_id=None)
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot add player", exc.message)
            return None

    def add_dialog(self) -> None:
        dlg = PlayerDialog(self)
        if dlg.exec() == QDialog.Accepted:
            self.add_player(*dlg.values())

    def edit_selected(self) -> None:
        p = self.selected()
        if p is None:
            return
        dlg = PlayerDialog(self, "Edit player", p.name, p.email, p.phone)
        if dlg.exec() != QDialog.Accepted:
            return
        name, email, phone = dlg.values()
        try:
            self.ctx.operate(
                f"Edit {p.name}", tournament.update_player, p.id, name=name, email=email, phone=phone, event_id=None
            )
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot change player", exc.message)

    def remove_selected(self) -> None:
        p = self.selected()
        if p is None:
            return
        if not context.ask(self, "Remove player", f"Remove {p.name} from the roster?\n\nScores they already played are kept."):
            return
        try:  # undo brings the same row back (same id), retired or deleted
            self.ctx.operate(f"Remove {p.name}", tournament.remove_player, p.id, event_id=None)
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot remove player", exc.message)

    def import_csv(self, path: str) -> RosterImport:
        """Start importing a roster CSV file (:mod:`.importer`): read and
        check it on a worker thread with a progress bar and Cancel, show the
        preview, write only on *Import*. Returns the running import (its
        signals: ``preview_shown``, ``finished``, ``stopped``)."""
        self.current_import = RosterImport(self, path)
        self.import_status.hide()
        return self.current_import.start()

    def import_done(self, report: tournament.ImportReport) -> None:
        """Called when an import's players are stored (the pages already
        redrew: the import is an operation like any other): tell the director."""
        lines = [f"Imported {len(report.added):,} players."]
        lines += list(report.notes)
        if report.duplicates:
            shown = ", ".join(report.duplicates[:20]) + (" …" if len(report.duplicates) > 20 else "")
            lines.append(
                f"{len(report.duplicates):,} of these names were already on the roster or appear twice in the file "
                f"(imported; please check): {shown}"
            )
        context.inform(self, "Import players", "\n\n".join(lines))

    def import_stopped(self, text: str) -> None:
        """Called when an import ends without writing: say so under the table."""
        self.import_status.setText(text)
        self.import_status.show()

    def import_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import players", "", "CSV files (*.csv *.txt);;All files (*)")
        if path:
            self.import_csv(path)

