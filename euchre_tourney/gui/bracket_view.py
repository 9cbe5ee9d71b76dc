"""The elimination bracket on the Teams page: draw it (single or double
elimination, seeded by rating, a previous event, at random or by team
number), see it drawn as it stands, enter each match's final score, print it
for the wall, and show it on the projector.

Each match is a game to the event's target, entered as its final score with
the same check as any team game. Every change goes through the undo log.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from euchre_tourney import reports, tournament
from euchre_tourney.gui import context
from euchre_tourney.gui.season_page import save_as
from euchre_tourney.reports import report

SEEDING_TITLES = {
    "rating": "by rating (partners' ratings added)",
    "event": "by a previous event's standings",
    "random": "at random",
    "number": "by team number",
}


def short_title(m) -> str:
    """A match's label in the drawing: "W2-1", "L3-2", "Final", "Reset", "3rd place"."""
    if m.part == "F":
        return "Final" if m.stage == 1 else "Reset"
    return "3rd place" if m.part == "3P" else m.code


class BracketCanvas(QWidget):
    """Draws a :class:`~euchre_tourney.tournament.BracketView`; a click on a
    match emits ``picked`` with its code."""

    picked = Signal(str)

    def __init__(self, parent=None, *, dark: bool = False) -> None:
        super().__init__(parent)
        self.view = None
        self.dark = dark
        self.selected: str | None = None
        self.boxes: list = []
        self.setMinimumSize(520, 300)

    def set_view(self, view) -> None:
        self.view = view
        self.update()

    def _boxes(self):
        if self.view is None:
            return []
        h = self.height()
        out = []
        for m, x, y, w, bh in reports.layout_bracket(self.view, (8, 8, self.width() - 16, h - 24)):
            out.append((m, QRectF(x, h - y - bh, w, bh)))  # y up → y down
        return out

    def paintEvent(self, _event) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        bg, fg, line = ("#0f172a", "#f8fafc", "#64748b") if self.dark else ("#ffffff", "#0f172a", "#475569")
        p.fillRect(self.rect(), QColor(bg))
        if self.view is None:
            p.setPen(QColor(fg))
            p.drawText(self.rect(), Qt.AlignCenter, "No bracket drawn yet.")
            return
        self.boxes = self._boxes()
        for m, r in self.boxes:
            size = max(6.5, min(10.0, r.height() / 2 - 7))
            title = QFont()
            title.setPointSizeF(max(6.0, size - 2))
            p.setFont(title)
            p.setPen(QColor(line))
            p.drawText(QRectF(r.x(), r.y() - size - 6, r.width(), size + 5), Qt.AlignLeft | Qt.AlignBottom,
                       short_title(m) + ("" if m.needed else " (not needed)"))
            fill = "#1e293b" if self.dark else "#ffffff"
            if m.ready:
                fill = "#334155" if self.dark else "#fef9c3"
            if m.code == self.selected:
                fill = "#1d4ed8" if self.dark else "#bfdbfe"
            p.setBrush(QColor(fill))
            p.setPen(QPen(QColor(line), 1.0 if m.needed else 0.5))
            p.drawRect(r)
            p.drawLine(r.left(), r.center().y(), r.right(), r.center().y())
            for i, (name, score, side) in enumerate(((m.a, m.score_a, "a"), (m.b, m.score_b, "b"))):
                f = QFont()
                f.setPointSizeF(size)
                f.setBold(m.winner == side)
                p.setFont(f)
                p.setPen(QColor(fg))
                half = QRectF(r.x() + 4, r.y() + i * r.height() / 2, r.width() - 8, r.height() / 2)
                p.drawText(half, Qt.AlignLeft | Qt.AlignVCenter, p.fontMetrics().elidedText(name or "–", Qt.ElideRight, int(half.width() - 28)))
                if score is not None:
                    p.drawText(half, Qt.AlignRight | Qt.AlignVCenter, str(score))
        p.end()

    def mousePressEvent(self, event) -> None:  # noqa: N802
        for m, r in self._boxes():
            if r.contains(event.position()):
                self.picked.emit(m.code)
                return
        super().mousePressEvent(event)


class BracketProjector(QWidget):
    """The bracket full screen for the room (Esc or F11 closes it)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent, Qt.Window)
        self.setWindowTitle("Bracket")
        self.setStyleSheet("background: #0f172a; color: #f8fafc;")
        self.title = QLabel()
        f = QFont()
        f.setPointSize(28)
        f.setBold(True)
        self.title.setFont(f)
        self.canvas = BracketCanvas(self, dark=True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.canvas, 1)

    def show_bracket(self, view) -> None:
        self.title.setText(f"{view.event_name} — " + (f"champion: {view.champion}" if view.champion else view.kind_text.lower()))
        self.canvas.set_view(view)

    def keyPressEvent(self, event) -> None:  # noqa: N802
        if event.key() in (Qt.Key_Escape, Qt.Key_F11):
            self.close()
            return
        super().keyPressEvent(event)


class BracketPanel(QWidget):
    """The Teams page's Bracket tab."""

    def __init__(self, ctx, parent=None, *, page_size=lambda: "letter") -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.page_size = page_size
        self.view = None
        self.projector: BracketProjector | None = None
        self.kind = QComboBox()
        self.kind.addItem("Single elimination", False)
        self.kind.addItem("Double elimination", True)
        self.consolation = QCheckBox("Third-place match")
        self.consolation.setChecked(True)
        self.seeding = QComboBox()
        for key, text in SEEDING_TITLES.items():
            self.seeding.addItem(text, key)
        self.previous = QComboBox()
        for box in (self.seeding, self.previous):  # long titles elide rather than widen the window past 1200 px
            box.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
            box.setMinimumContentsLength(12)
        self.draw_button = QPushButton("&Draw the bracket")
        self.draw_button.clicked.connect(self.draw)
        self.clear_button = QPushButton("Remove bracket")
        self.clear_button.clicked.connect(self.remove)
        self.pdf_button = QPushButton("Bracket &PDF…")
        self.pdf_button.clicked.connect(self.pdf_dialog)
        self.large = QCheckBox("Large format (Tabloid / A3)")
        self.projector_button = QPushButton("Projector")
        self.projector_button.clicked.connect(self.show_projector)
        self.canvas = BracketCanvas(self)
        self.canvas.picked.connect(self.pick)
        self.match = QComboBox()
        self.match.currentIndexChanged.connect(self._match_changed)
        self.score_a = QSpinBox()
        self.score_b = QSpinBox()
        for box in (self.score_a, self.score_b):
            box.setRange(0, 99)
        self.team_a = QLabel()
        self.team_b = QLabel()
        self.save_button = QPushButton("&Save result")
        self.save_button.clicked.connect(self.save_result)
        self.undo_button = QPushButton("Clear result")
        self.undo_button.clicked.connect(self.clear_result)
        self.status = QLabel()
        self.status.setWordWrap(True)
        form = QHBoxLayout()  # two short rows, not one long one: the Teams page fits a 1200-px window
        for w in (self.kind, self.consolation, QLabel("Seed:"), self.seeding, self.previous):
            form.addWidget(w)
        form.addStretch(1)
        out = QHBoxLayout()
        out.addWidget(self.draw_button)
        out.addWidget(self.clear_button)
        out.addWidget(self.status, 1)
        out.addWidget(self.large)
        out.addWidget(self.pdf_button)
        out.addWidget(self.projector_button)
        entry = QFormLayout()
        entry.addRow("Matc&h:", self.match)
        row = QHBoxLayout()
        row.addWidget(self.team_a, 1)
        row.addWidget(self.score_a)
        row.addWidget(QLabel("to"))
        row.addWidget(self.score_b)
        row.addWidget(self.team_b, 1)
        row.addWidget(self.save_button)
        row.addWidget(self.undo_button)
        entry.addRow("Final score:", row)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(out)
        layout.addWidget(self.canvas, 1)
        layout.addLayout(entry)
        self.seeding.currentIndexChanged.connect(lambda _i: self.previous.setVisible(self.seeding.currentData() == "event"))
        self.kind.currentIndexChanged.connect(lambda _i: self.consolation.setEnabled(not self.kind.currentData()))
        self.previous.setVisible(False)

    def refresh(self, event) -> None:
        """Read the Teams page's board for ``event`` (an ``EventView``; a
        team event) and redraw (:meth:`show_bracket`)."""
        board = self.ctx.run(tournament.teams_board, event.id)
        self.show_bracket(board.event, board.bracket, board.others)

    def show_bracket(self, event, view, others=()) -> None:
        """Draw ``view`` (a ``BracketView``; None: none drawn yet) of
        ``event``, with ``others`` (``EventView``s) to seed from: the Teams
        page hands over its board's (:class:`~euchre_tourney.tournament.TeamsBoard`)."""
        self.event = event
        self.view = view
        keep_previous = self.previous.currentData()
        self.previous.blockSignals(True)
        self.previous.clear()
        for e in others:
            self.previous.addItem(f"{e.date:%Y-%m-%d} {e.name}", e.id)
        self.previous.setCurrentIndex(max(0, self.previous.findData(keep_previous)))
        self.previous.blockSignals(False)
        self.canvas.set_view(self.view)
        drawn = self.view is not None
        if drawn:  # the settings shown are the bracket's own
            self.kind.setCurrentIndex(self.kind.findData(self.view.double))
            self.seeding.setCurrentIndex(self.seeding.findData(self.view.seeding))
            self.consolation.setChecked(self.view.consolation)
        for w in (self.pdf_button, self.projector_button, self.clear_button, self.match, self.save_button, self.undo_button):
            w.setEnabled(drawn)
        keep = self.match.currentData()
        self.match.blockSignals(True)
        self.match.clear()
        if drawn:
            for m in self.view.matches:
                if m.ready or m.winner is not None:
                    self.match.addItem(("▶ " if m.ready else "✓ ") + m.title, m.code)
            ready = self.view.ready()
            # stay on a match still to play; after a result, go to the next one
            at = self.match.findData(keep) if any(m.code == keep for m in ready) else -1
            if at < 0:
                at = self.match.findData(ready[0].code) if ready else self.match.findData(keep)
            self.match.setCurrentIndex(max(0, at))
            if self.view.champion:
                places = ", ".join(f"{p}. {n}" for p, n in self.view.places[:4])
                self.status.setText(f"<b>Champion: {self.view.champion}</b> — {places}")
            else:
                self.status.setText(
                    f"{self.view.kind_text}, seeded {SEEDING_TITLES.get(self.view.seeding, self.view.seeding)}; "
                    f"{len(ready)} matches ready (highlighted); games to {self.view.target}."
                )
        else:
            self.status.setText("No bracket yet: choose the kind and the seeding, then Draw the bracket.")
        self.match.blockSignals(False)
        self._match_changed()
        if self.projector is not None and drawn:
            self.projector.show_bracket(self.view)

    def _current(self):
        code = self.match.currentData()
        if self.view is None or code is None:
            return None
        return next((m for m in self.view.matches if m.code == code), None)

    def _match_changed(self) -> None:
        m = self._current()
        self.canvas.selected = m.code if m else None
        self.canvas.update()
        self.team_a.setText(m.a if m else "")
        self.team_b.setText(m.b if m else "")
        if m is not None and m.score_a is not None:
            self.score_a.setValue(m.score_a)
            self.score_b.setValue(m.score_b)
        else:
            self.score_a.setValue(0)
            self.score_b.setValue(0)

    def pick(self, code: str) -> None:
        at = self.match.findData(code)
        if at >= 0:
            self.match.setCurrentIndex(at)
            self.score_a.setFocus()

    # actions ---------------------------------------------------------------
    def draw(self) -> bool:
        eid = self.event.id
        try:
            self.ctx.operate(
                "Draw the bracket", tournament.draw_bracket, eid, event_id=eid, double=bool(self.kind.currentData()),
                consolation=self.consolation.isChecked(), seeding=self.seeding.currentData(),
                from_event_id=self.previous.currentData() if self.seeding.currentData() == "event" else None,
            )
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot draw the bracket", exc.message)
            return False
        return True

    def remove(self) -> None:
        if context.ask(self, "Remove bracket", "Remove the bracket and every result entered in it?"):
            self.ctx.operate("Remove the bracket", tournament.delete_bracket, self.event.id, event_id=self.event.id)

    def save_result(self) -> bool:
        m = self._current()
        if m is None:
            return False
        try:
            self.ctx.operate(f"Bracket: {m.title}", tournament.record_bracket_score, self.event.id, m.code,
                             self.score_a.value(), self.score_b.value(), teams=(m.seed_a, m.seed_b),
                             expected_version=m.version, event_id=self.event.id)  # as shown: refused if changed since
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot save the result", exc.message)
            return False
        return True

    def clear_result(self) -> bool:
        m = self._current()
        if m is None or m.winner is None:
            return False
        try:
            self.ctx.operate(f"Clear {m.title}", tournament.clear_bracket_score, self.event.id, m.code,
                             teams=(m.seed_a, m.seed_b), expected_version=m.version, event_id=self.event.id)
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot clear the result", exc.message)
            return False
        return True

    def save_pdf(self, path: str, large: bool | None = None) -> None:
        large = self.large.isChecked() if large is None else large
        name = "bracket-large" if large else "bracket"
        report(name).write(self.ctx.run(tournament.season_report_data, self.event.id, name), path, page_size=self.page_size())

    def pdf_dialog(self) -> None:
        if self.view is not None:
            save_as(self, "Save bracket", "bracket.pdf", "PDF", self.save_pdf)

    def show_projector(self) -> None:
        if self.projector is None:
            self.projector = BracketProjector()
        self.projector.showFullScreen()
        if self.view is not None:
            self.projector.show_bracket(self.view)




class BalancedDrawDialog(QDialog):
    """Pick the members for a balanced draw of teams (ticked: playing)."""

    def __init__(self, players, taken: set[int], parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Balanced draw of teams")
        self.list = QListWidget()
        for p in players:
            if p.id in taken:
                continue
            item = QListWidgetItem(p.name)
            item.setData(Qt.UserRole, p.id)
            item.setFlags(item.flags() | Qt.ItemIsUserCheckable)
            item.setCheckState(Qt.Unchecked)
            self.list.addItem(item)
        label = QLabel("Tick the members playing tonight (an even number). The strongest by rating is paired "
                       "with the weakest, the second with the second-weakest, and so on.")
        label.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.button(QDialogButtonBox.Ok).setText("Make the teams")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
        layout.addWidget(self.list, 1)
        layout.addWidget(buttons)

    def picked(self) -> list[int]:
        return [
            self.list.item(i).data(Qt.UserRole) for i in range(self.list.count()) if self.list.item(i).checkState() == Qt.Checked
        ]


def balanced_draw(ctx, parent, event_id: int, player_ids: list[int] | None = None) -> bool:
    """Ask for the members (unless ``player_ids`` is given) and make balanced
    teams of them at ``event_id`` (undoable)."""
    if player_ids is None:
        taken = {pid for t in ctx.run(tournament.list_teams, event_id) for pid in t.player_ids}
        dialog = BalancedDrawDialog(ctx.run(tournament.list_players), taken, parent)
        if dialog.exec() != QDialog.Accepted:
            return False
        player_ids = dialog.picked()
    try:
        ctx.operate("Balanced draw of teams", tournament.draw_balanced_teams, event_id, player_ids, event_id=event_id)
    except tournament.TournamentError as exc:
        context.show_error(parent, "Cannot draw the teams", exc.message)
        return False
    return True


def number_by_rating(ctx, parent, event_id: int) -> bool:
    """Renumber the teams by rating (team 1 the strongest), so a Swiss or
    king-of-the-hill first round by seed is seeded by rating (undoable)."""
    try:
        ctx.operate("Number the teams by rating", tournament.seed_teams_by_rating, event_id, event_id=event_id)
    except tournament.TournamentError as exc:
        context.show_error(parent, "Cannot renumber the teams", exc.message)
        return False
    return True


__all__ = ["BalancedDrawDialog", "BracketCanvas", "BracketPanel", "BracketProjector", "balanced_draw", "number_by_rating"]
