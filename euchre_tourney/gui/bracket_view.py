"""The elimination bracket on the Teams page: draw it (single or double
elimination, seeded by rating, a previous event, at random or by team
number), see it drawn as it stands, enter each match's final score, print it
for the wall, and show it on the projector.

Each match is a game to the event's target, entered as its final score with
the same check as any team game. Every change goes through the undo log.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from euchre_tourney import tournament
from euchre_tourney.gui import context
from euchre_tourney.gui.season_page import save_as
from euchre_tourney.reports import bracket_columns, bracket_height, layout_bracket, report

SEEDING_TITLES = {
    "rating": "by rating (partners' ratings added)",
    "event": "by a previous event's standings",
    "random": "at random",
    "number": "by team number",
}


def short_title(m) -> str:
    """A match's label in the drawing: its title ("Final", "Semi-final 1",
    "Winners' final", "Grand final", "Third place"), or its code ("W2-1",
    "L3-2") for a numbered round of a double-elimination bracket."""
    if m.title.startswith(("Winners' round", "Losers' round")):
        return m.code
    return m.title


NAME_POINTS = 9.0
"""Team names in the drawing: one size for every box; long names wrap."""
TITLE_POINTS = 7.5
COLUMN_GAP = 16.0
"""Between a box and the next column (room for the eye to follow)."""
MIN_COLUMN = 150.0
"""The narrowest column (wider when a single word of a name needs it)."""
PAD = 3.0


class BracketCanvas(QWidget):
    """Draws a :class:`~euchre_tourney.tournament.BracketView`; a click on a
    match emits ``picked`` with its code.

    Every team name is drawn whole: a long one wraps onto more lines and
    every box is made tall enough for the longest. With ``scrolls`` (the
    Teams page, where the canvas sits in a scroll area) the canvas asks for
    the size that needs: columns at least :data:`MIN_COLUMN` wide and the
    height the boxes take (:meth:`needed_height`); the projector draws in
    whatever the screen gives."""

    picked = Signal(str)

    def __init__(self, parent=None, *, dark: bool = False, scrolls: bool = False) -> None:
        super().__init__(parent)
        self.view = None
        self.dark = dark
        self.scrolls = scrolls
        self.selected: str | None = None
        self.boxes: list = []
        self.name_font = QFont()
        self.name_font.setPointSizeF(NAME_POINTS)
        self.bold_font = QFont(self.name_font)
        self.bold_font.setBold(True)
        self.title_font = QFont()
        self.title_font.setPointSizeF(TITLE_POINTS)
        self._box_memo: tuple = (None, None, None)
        self.setMinimumSize(520, 300)

    def set_view(self, view) -> None:
        self.view = view
        if self.scrolls:
            self.setMinimumWidth(self.needed_width())
            self.setMinimumHeight(self.needed_height(max(self.width(), self.minimumWidth())))
        self.update()

    # sizes -------------------------------------------------------------------
    def _names(self) -> list[str]:
        return [n for m in self.view.matches for n in (m.a, m.b) if n] if self.view is not None else []

    def _score_width(self) -> float:
        return QFontMetricsF(self.bold_font).horizontalAdvance("99") + 2 * PAD

    def _columns(self) -> int:
        return bracket_columns(self.view) if self.view is not None else 1

    def needed_width(self) -> int:
        """The least width that draws every name whole (its longest word on a line)."""
        fm = QFontMetricsF(self.bold_font)
        words = (w for n in self._names() for w in re.split(r"\s+|(?<=-)", n) if w)  # a line may break after a hyphen
        longest = max((fm.horizontalAdvance(w) for w in words), default=0.0)
        column = max(MIN_COLUMN, longest + self._score_width() + 2 * PAD + COLUMN_GAP)
        return int(16 + column * self._columns()) + 1

    def _box(self, width: float) -> tuple[float, float, float]:
        """(box width, box height, title height) for a canvas ``width`` wide."""
        view, at, size = self._box_memo
        if view is not self.view or at != round(width, 2):  # one view and width at a time (the memo holds the view)
            self._box_memo = (self.view, round(width, 2), self._measure(width))
        return self._box_memo[2]

    def _measure(self, width: float) -> tuple[float, float, float]:
        box_w = max(40.0, (width - 16) / self._columns() - COLUMN_GAP)
        text_w = box_w - self._score_width() - 2 * PAD
        fm = QFontMetricsF(self.bold_font)
        lines = max((fm.boundingRect(QRectF(0, 0, text_w, 1e6), Qt.TextWordWrap, n).height() for n in self._names()),
                    default=fm.height())
        half = max(lines, fm.height()) + 2 * PAD
        return box_w, 2 * half, QFontMetricsF(self.title_font).height() + 4

    def needed_height(self, width: float) -> int:
        """The least height that keeps the boxes (sized for ``width``) apart."""
        if self.view is None:
            return 300
        box_w, box_h, title_h = self._box(width)
        return int(bracket_height(self.view, box_h, title_h) + 16) + 1

    def resizeEvent(self, event) -> None:  # noqa: N802
        if self.scrolls and self.view is not None:
            need = self.needed_height(event.size().width())
            if need != self.minimumHeight():
                self.setMinimumHeight(need)
        super().resizeEvent(event)

    def scale(self) -> float:
        """How much the drawing is shrunk to fit (1: not at all). In a scroll
        area it never is; on the projector the largest scale at which every
        box, its names whole, fits the screen."""
        if self.scrolls or self.view is None or self.width() < 1 or self.height() < 1:
            return 1.0

        def fits(s: float) -> bool:
            return self.needed_height(self.width() / s) * s <= self.height()

        if fits(1.0):
            return 1.0
        low, high = 0.1, 1.0
        for _ in range(14):
            mid = (low + high) / 2
            low, high = (mid, high) if fits(mid) else (low, mid)
        return low

    def _boxes(self):
        """(match, its box) in the drawing's coordinates (the widget's,
        divided by :meth:`scale`)."""
        if self.view is None:
            return []
        s = self.scale()
        width, h = self.width() / s, self.height() / s
        box_w, box_h, title_h = self._box(width)
        out = []
        area = (8, 8, width - 16, h - 16)
        for m, x, y, w, bh in layout_bracket(self.view, area, box=(box_w, box_h), title_h=title_h):
            out.append((m, QRectF(x, h - y - bh, w, bh)))  # y up → y down
        return out

    def name_cells(self):
        """Each team name drawn: (name, the rectangle its text goes in, its
        font) -- what the drawing does, for the tests."""
        out = []
        score_w = self._score_width()
        for m, r in self._boxes():
            for i, (name, side) in enumerate(((m.a, "a"), (m.b, "b"))):
                half = QRectF(r.x() + PAD, r.y() + i * r.height() / 2, r.width() - 2 * PAD - score_w, r.height() / 2)
                out.append((name or "–", half, self.bold_font if m.winner == side else self.name_font))
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
        p.scale(self.scale(), self.scale())
        cells = iter(self.name_cells())
        for m, r in self.boxes:
            p.setFont(self.title_font)
            p.setPen(QColor(line))
            title_h = QFontMetricsF(self.title_font).height() + 4
            p.drawText(QRectF(r.x(), r.y() - title_h, r.width(), title_h - 1), Qt.AlignLeft | Qt.AlignBottom,
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
            for score in (m.score_a, m.score_b):
                name, cell, font = next(cells)
                p.setFont(font)
                p.setPen(QColor(fg))
                p.drawText(cell, Qt.AlignLeft | Qt.AlignVCenter | Qt.TextWordWrap, name)
                if score is not None:
                    right = QRectF(cell.right(), cell.y(), r.right() - PAD - cell.right(), cell.height())
                    p.drawText(right, Qt.AlignRight | Qt.AlignVCenter, str(score))
        p.end()

    def mousePressEvent(self, event) -> None:  # noqa: N802
        s = self.scale()
        for m, r in self._boxes():
            if r.contains(event.position() / s):
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
        self.canvas = BracketCanvas(self, scrolls=True)
        self.canvas.picked.connect(self.pick)
        self.scroll = QScrollArea()  # whole team names: the drawing grows and scrolls rather than cut them
        self.scroll.setWidgetResizable(True)
        self.scroll.setWidget(self.canvas)
        self.match = QComboBox()
        self.match.currentIndexChanged.connect(self._match_changed)
        self.score_a = QSpinBox()
        self.score_b = QSpinBox()
        for box in (self.score_a, self.score_b):
            box.setRange(0, 99)
        self.team_a = QLabel()
        self.team_b = QLabel()
        for label in (self.team_a, self.team_b):  # whole names, wrapped: never wider than the window
            label.setWordWrap(True)
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
        out.addStretch(1)
        out.addWidget(self.large)
        out.addWidget(self.pdf_button)
        out.addWidget(self.projector_button)
        # a grid, not a form: the team names wrap whole (a form row would cut their second line)
        entry = QGridLayout()
        match_label = QLabel("Matc&h:")
        match_label.setBuddy(self.match)
        entry.addWidget(match_label, 0, 0)
        entry.addWidget(self.match, 0, 1, 1, 7)
        entry.addWidget(QLabel("Final score:"), 1, 0)
        entry.addWidget(self.team_a, 1, 1)
        entry.addWidget(self.score_a, 1, 2)
        entry.addWidget(QLabel("to"), 1, 3)
        entry.addWidget(self.score_b, 1, 4)
        entry.addWidget(self.team_b, 1, 5)
        entry.addWidget(self.save_button, 1, 6)
        entry.addWidget(self.undo_button, 1, 7)
        entry.setColumnStretch(1, 1)
        entry.setColumnStretch(5, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(out)
        layout.addWidget(self.status)
        layout.addWidget(self.scroll, 1)
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
            played = [m for m in self.view.matches if m.winner is not None]
            if at < 0 and played:  # nothing to play and nothing chosen: the last match played (the final, once over)
                at = self.match.findData(max(played, key=lambda m: (m.round, m.part != "3P")).code)
            self.match.setCurrentIndex(max(0, at))
            if self.view.champion:
                places = ", ".join(f"{p}. {n}" for p, n in self.view.places[:4])
                self.status.setText(f"<b>Champion: {self.view.champion}</b> — {places}")
            else:
                self.status.setText(
                    f"{self.view.kind_text}, seeded {SEEDING_TITLES.get(self.view.seeding, self.view.seeding)}; "
                    f"{len(ready)} match{'' if len(ready) == 1 else 'es'} ready (highlighted); games to {self.view.target}."
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
        QTimer.singleShot(0, self, self.show_selected)  # once the drawing has its size
        self.team_a.setText(m.a if m else "")
        self.team_b.setText(m.b if m else "")
        if m is not None and m.score_a is not None:
            self.score_a.setValue(m.score_a)
            self.score_b.setValue(m.score_b)
        else:
            self.score_a.setValue(0)
            self.score_b.setValue(0)

    def show_selected(self) -> None:
        """Scroll the drawing to the match chosen for entry."""
        code = self.canvas.selected
        box = next((r for m, r in self.canvas._boxes() if code is not None and m.code == code), None)
        if box is not None:
            self.scroll.ensureVisible(int(box.center().x()), int(box.center().y()), int(box.width() / 2) + 8, int(box.height() / 2) + 24)

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
