"""The projector: standings for the room, full screen on a chosen screen.

Large type, one page of standings at a time: the page turns by itself
every :data:`PAGE_SECONDS` seconds so a room of 200 players all find their
line; the top says where the night is ("after round 3 — round 4: 7 of 10
tables in") and shows the round timer; the side lists the prizes (ties
shown). Esc or F11 closes it; Page Up/Down and the arrow keys turn pages.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QHBoxLayout, QHeaderView, QLabel, QVBoxLayout, QWidget

from euchre_tourney import tournament
from euchre_tourney.gui.models import StandingsModel
from euchre_tourney.gui.room import RoundTimer, TimerLabel
from euchre_tourney.gui.season_models import SeasonStandingsModel
from euchre_tourney.gui.team_scores import TeamStandingsModel
from euchre_tourney.gui.widgets import read_only_table

PAGE_SECONDS = 10
ROW_HEIGHT = 56
BACKGROUND = "#0f172a"


def _font(points: int, bold: bool = False) -> QFont:
    f = QFont()
    f.setPointSize(points)
    f.setBold(bold)
    return f


class ProjectorWindow(QWidget):
    """Standings in large type for a projector or second screen."""

    def __init__(self, timer: RoundTimer | None = None, parent=None) -> None:
        super().__init__(parent, Qt.Window)
        self.setWindowTitle("Standings")
        self.setStyleSheet(f"background: {BACKGROUND}; color: #f8fafc;")
        self.view = None
        self.page = 0
        self.title = QLabel()
        self.title.setFont(_font(30, bold=True))
        self.status = QLabel()
        self.status.setFont(_font(22))
        self.status.setStyleSheet("color: #fde68a;")
        self.clock = TimerLabel(timer or RoundTimer(0, parent=self), prefix="Time left ")
        self.clock.setFont(_font(34, bold=True))
        self.page_label = QLabel()
        self.page_label.setFont(_font(18))
        self.page_label.setStyleSheet("color: #94a3b8;")
        self.model = StandingsModel(self)
        self.team_model = TeamStandingsModel(self)
        self.season_model = SeasonStandingsModel(self)
        self.table = read_only_table(self.model)
        self.table.setStyleSheet(
            f"QTableView {{ font-size: 24pt; background: {BACKGROUND}; alternate-background-color: #1e293b; "
            "color: #f8fafc; gridline-color: #334155; } "
            "QHeaderView::section { font-size: 16pt; background: #1e293b; color: #cbd5e1; }"
        )
        self.table.verticalHeader().setDefaultSectionSize(ROW_HEIGHT)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.prizes = QLabel()
        self.prizes.setFont(_font(18))
        self.prizes.setWordWrap(True)
        self.prizes.setTextFormat(Qt.RichText)
        self.prizes.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        self.prizes.setFixedWidth(560)  # a third of the window at most: see resizeEvent
        top = QHBoxLayout()
        heading = QVBoxLayout()
        heading.addWidget(self.title)
        heading.addWidget(self.status)
        top.addLayout(heading, 1)
        top.addWidget(self.clock, 0, Qt.AlignRight | Qt.AlignTop)
        body = QHBoxLayout()
        body.addWidget(self.table, 1)
        body.addWidget(self.prizes)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(body, 1)
        layout.addWidget(self.page_label, 0, Qt.AlignRight)
        self.pager = QTimer(self)
        self.pager.setInterval(PAGE_SECONDS * 1000)
        self.pager.timeout.connect(self.next_page)
        self.pager.start()

    def name_clock(self, section: str) -> None:
        """The clock shown is section ``section``'s own ("" the event's): its
        label says so ("Section B · time left 12:35")."""
        self.clock.name_clock(section)

    # what is shown ------------------------------------------------------------
    def rows_per_page(self) -> int:
        """Standings lines that fit the table at this window's size (at least 5)."""
        header = self.table.horizontalHeader().height() or 40
        return max(5, (self.table.height() - header - 4) // ROW_HEIGHT)

    def pages(self) -> int:
        rows = len(self.view.rows) if self.view is not None else 0
        return max(1, -(-rows // self.rows_per_page()))

    def show_standings(self, view) -> None:
        """Show ``view`` (player, team or season standings), keeping the page if it still exists."""
        self.view = view
        season = getattr(view, "season", None)
        if season is not None:
            self.title.setText(f"{season.name} — season standings")
        else:
            section = getattr(view, "section", "")  # one section's standings on the wall: say whose
            self.title.setText(view.event_name + (f" — Section {section}" if section else ""))
        status = getattr(view, "status", "") or getattr(view, "bracket", "")  # a bracket night: how far it has gone
        self.status.setText(status[:1].upper() + status[1:])
        self.status.setVisible(bool(status))
        prizes = getattr(view, "prizes", ())
        self.prizes.setVisible(bool(prizes))
        self.prizes.setText(
            "<div style='font-size: 22pt; font-weight: bold;'>Prizes</div>"
            + "".join(
                f"<p><b>{html.escape(p.title)}</b><br>"
                + (f"{html.escape(', '.join(p.winners))} — {p.detail}" + (f" <i>(shared by {len(p.winners)})</i>" if p.shared else "")
                   if p.winners else "<span style='color:#94a3b8'>not yet won</span>")
                + "</p>"
                for p in prizes
            )
        )
        self.page = min(self.page, self.pages() - 1)
        self.show_page()

    def show_page(self) -> None:
        if self.view is None:
            return
        per = self.rows_per_page()
        rows = self.view.rows[self.page * per : (self.page + 1) * per]
        model = self.team_model if isinstance(self.view, tournament.TeamStandingsView) else self.model
        if isinstance(self.view, tournament.SeasonStandingsView):
            model = self.season_model
        if self.table.model() is not model:
            self.table.setModel(model)
        model.set_standings(rows, 0)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.Stretch)
        total = self.pages()
        self.page_label.setText(f"page {self.page + 1} of {total}" if total > 1 else "")

    def next_page(self) -> None:
        """Turn to the next page (after the last, back to the first)."""
        self.page = (self.page + 1) % self.pages()
        self.show_page()

    def previous_page(self) -> None:
        self.page = (self.page - 1) % self.pages()
        self.show_page()

    def shown_rows(self):
        """The standings lines on the current page."""
        return self.table.model().rows

    # where it is shown ------------------------------------------------------
    def open_on(self, screen=None) -> None:
        """Full screen on ``screen`` (a ``QScreen``; None: this window's screen)."""
        if screen is not None:
            self.setScreen(screen)
            self.setGeometry(screen.geometry())
        self.showFullScreen()
        self.raise_()

    def resizeEvent(self, event) -> None:  # noqa: N802
        self.prizes.setFixedWidth(max(240, min(620, self.width() // 3)))
        super().resizeEvent(event)
        if self.view is not None:
            self.page = min(self.page, self.pages() - 1)
            self.show_page()

    def keyPressEvent(self, event) -> None:  # noqa: N802
        key = event.key()
        if key in (Qt.Key_Escape, Qt.Key_F11):
            self.close()
            return
        if key in (Qt.Key_PageDown, Qt.Key_Down, Qt.Key_Right, Qt.Key_Space):
            self.next_page()
            return
        if key in (Qt.Key_PageUp, Qt.Key_Up, Qt.Key_Left):
            self.previous_page()
            return
        super().keyPressEvent(event)
