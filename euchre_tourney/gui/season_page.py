"""The Season page: a season's standings across nights, the members'
ratings, each member's page (history, partners, head-to-head, rating
history), and the season's sheets (standings PDF and CSV, nights played,
winners' certificates).

The page redraws when a change concerns a season (a hand, a game score, a
rotation, a team, a season's settings), as the main window reports it, and
when the station poll sees a hand saved elsewhere.
"""

from __future__ import annotations

import html
from datetime import date

from PySide6.QtCore import QDate, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from euchre_tourney import tournament
from euchre_tourney.gui import context
from euchre_tourney.gui.models import Column, RowsModel
from euchre_tourney.gui.projector import ProjectorWindow
from euchre_tourney.gui.season_models import RIGHT, RatingsModel, SeasonStandingsModel
from euchre_tourney.gui.widgets import Page, read_only_table
from euchre_tourney.reports import report

CONCERNS = frozenset({"roster", "event", "settings", "rotation", "hands", "teams", "bracket", "seasons"})
"""The kinds of change (:data:`tournament.KINDS`) that can move a season's
standings or ratings, at any event."""


def save_as(parent, title: str, default: str, kind: str, write) -> bool:
    """Ask where to save (``kind``: "CSV" or "PDF"), then ``write(path)``;
    a failure is shown in words. True once written."""
    path, _ = QFileDialog.getSaveFileName(parent, title, default, f"{kind} files (*.{kind.lower()})")
    if not path:
        return False
    try:
        write(path)
    except tournament.TournamentError as exc:
        context.show_error(parent, "Cannot save", exc.message)
        return False
    except OSError as exc:
        context.show_error(parent, "Cannot save", f"The {kind} file could not be written: {exc.strerror or exc}.")
        return False
    return True


class SeasonDialog(QDialog):
    """A season's settings: name, dates or picked events, how it counts."""

    def __init__(self, events, season: tournament.SeasonView | None = None, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Season settings" if season else "New season")
        today = date.today()
        self.name = QLineEdit(season.name if season else f"Season {today.year}")
        self.start = QDateEdit()
        self.end = QDateEdit()
        for box in (self.start, self.end):
            box.setCalendarPopup(True)
            box.setDisplayFormat("yyyy-MM-dd")
        start = season.start_date if season and season.start_date else date(today.year, 1, 1)
        end = season.end_date if season and season.end_date else date(today.year, 12, 31)
        self.start.setDate(QDate(start.year, start.month, start.day))
        self.end.setDate(QDate(end.year, end.month, end.day))
        self.basis = QComboBox()
        self.basis.addItem("Points scored each night", "points")
        self.basis.addItem("Points for placings", "placings")
        self.aggregate = QComboBox()
        self.aggregate.addItem("Total", "total")
        self.aggregate.addItem("Average per night", "average")
        self.best = QSpinBox()
        self.best.setRange(0, 99)
        self.best.setSpecialValueText("all nights")
        self.min_nights = QSpinBox()
        self.min_nights.setRange(0, 99)
        self.placings = QLineEdit("10-8-6-5-4-3-2-1")
        self.events = QListWidget()
        picked = {e[0] for e in season.events} if season and season.picked else set()
        for eid, name, d, kind in events:
            item = QListWidgetItem(f"{d:%Y-%m-%d}  {name}" + ("  (team)" if kind == "team" else ""))
            item.setData(Qt.UserRole, eid)
            item.setFlags(item.flags() | Qt.ItemIsUserCheckable)
            item.setCheckState(Qt.Checked if eid in picked else Qt.Unchecked)
            self.events.addItem(item)
        if season:
            r = season.rules
            self.basis.setCurrentIndex(self.basis.findData(r.basis))
            self.aggregate.setCurrentIndex(self.aggregate.findData(r.aggregate))
            self.best.setValue(r.best_nights)
            self.min_nights.setValue(r.min_nights)
            self.placings.setText("-".join(map(str, r.placing_points)))
        form = QFormLayout()
        form.addRow("&Name:", self.name)
        form.addRow("&From:", self.start)
        form.addRow("&To:", self.end)
        form.addRow("Each night &counts:", self.basis)
        form.addRow("P&lacing points:", self.placings)
        form.addRow("&Add up as:", self.aggregate)
        form.addRow("&Best nights only:", self.best)
        form.addRow("&Minimum nights to qualify:", self.min_nights)
        pick = QLabel("&Events (tick to pick them; none ticked: every event within the dates):")
        pick.setBuddy(self.events)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(pick)
        layout.addWidget(self.events, 1)
        layout.addWidget(buttons)
        self.basis.currentIndexChanged.connect(lambda _i: self.placings.setEnabled(self.basis.currentData() == "placings"))
        self.placings.setEnabled(self.basis.currentData() == "placings")

    def values(self) -> dict:
        """The settings as :func:`tournament.create_season` takes them."""
        s, e = self.start.date(), self.end.date()
        return dict(
            name=self.name.text(),
            start_date=date(s.year(), s.month(), s.day()),
            end_date=date(e.year(), e.month(), e.day()),
            basis=self.basis.currentData(),
            aggregate=self.aggregate.currentData(),
            best_nights=self.best.value(),
            min_nights=self.min_nights.value(),
            placing_points=self.placings.text(),
            event_ids=[
                self.events.item(i).data(Qt.UserRole)
                for i in range(self.events.count())
                if self.events.item(i).checkState() == Qt.Checked
            ],
        )


class RatingChart(QWidget):
    """A member's rating after each night: the mean as a line, ± 2σ as a band."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.history = ()
        self.setMinimumHeight(140)

    def set_history(self, history) -> None:
        self.history = tuple(history)
        self.update()

    def paintEvent(self, _event) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        w, h = self.width(), self.height()
        p.fillRect(self.rect(), QColor("#ffffff"))
        if not self.history:
            p.drawText(self.rect(), Qt.AlignCenter, "No rated night yet")
            return
        lows = [r.mu - 2 * r.sigma for _, _, r in self.history]
        highs = [r.mu + 2 * r.sigma for _, _, r in self.history]
        lo, hi = min(lows + [10.0]), max(highs + [40.0])
        n = len(self.history)

        def x(i):
            return 30 + (w - 40) * (i / max(1, n - 1))

        def y(v):
            return h - 15 - (h - 25) * (v - lo) / (hi - lo)

        p.setPen(QPen(QColor("#94a3b8"), 1, Qt.DashLine))
        p.drawLine(30, int(y(25)), w - 10, int(y(25)))
        p.drawText(2, int(y(25)) + 4, "25")
        for i, (_, _, r) in enumerate(self.history):
            p.setPen(QPen(QColor("#93c5fd"), 5))
            p.drawLine(int(x(i)), int(y(r.mu - 2 * r.sigma)), int(x(i)), int(y(r.mu + 2 * r.sigma)))
        p.setPen(QPen(QColor("#1d4ed8"), 2))
        for i in range(1, n):
            p.drawLine(int(x(i - 1)), int(y(self.history[i - 1][2].mu)), int(x(i)), int(y(self.history[i][2].mu)))
        p.end()


class PlayerDialog(QDialog):
    """A member's page: every night, totals, loners, partners, rating and
    head-to-head; CSV export and a one-page PDF."""

    def __init__(self, ctx, player_id: int, season_id: int | None = None, parent=None, *, page_size: str = "letter") -> None:
        super().__init__(parent)
        self.ctx, self.player_id, self.page_size = ctx, player_id, page_size
        self.resize(900, 680)
        self.scope = QComboBox()
        self.scope.addItem("All nights", None)
        for s in ctx.run(tournament.list_seasons):
            self.scope.addItem(s.name, s.id)
        if season_id is not None:
            self.scope.setCurrentIndex(max(0, self.scope.findData(season_id)))
        self.scope.currentIndexChanged.connect(self.refresh)
        self.heading = QLabel()
        self.heading.setTextFormat(Qt.RichText)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.RichText)
        self.nights_model = RowsModel(
            [
                Column("Date", lambda n: f"{n.date:%Y-%m-%d}"),
                Column("Event", lambda n: n.event_name),
                Column("Game", lambda n: n.game_text),
                Column("Place", lambda n: "" if n.place is None else f"{n.place} of {n.field}", RIGHT),
                Column("Points", lambda n: n.points, RIGHT),
                Column("Rounds", lambda n: n.rounds_played, RIGHT),
                Column("Sat out", lambda n: n.sit_outs or "", RIGHT),
                Column("Partners", lambda n: ", ".join(n.partners), tooltip=lambda n: ", ".join(n.partners)),
                Column("Opponents", lambda n: ", ".join(n.opponents), tooltip=lambda n: ", ".join(n.opponents)),
            ],
            self,
        )
        self.partners_model = RowsModel(
            [
                Column("Partner", lambda p: p.name),
                Column("Points/hand", lambda p: f"{p.points_per_hand:.2f}", RIGHT),
                Column("Hands", lambda p: p.hands, RIGHT),
                Column("Rounds", lambda p: p.rounds, RIGHT),
            ],
            self,
        )
        self.nights_table = read_only_table(self.nights_model)
        self.partners_table = read_only_table(self.partners_model)
        self.chart = RatingChart(self)
        self.rival = QComboBox()
        self.rival.currentIndexChanged.connect(self.show_head_to_head)
        self.h2h = QLabel()
        self.h2h.setWordWrap(True)
        self.h2h.setTextFormat(Qt.RichText)
        rival_label = QLabel("&Against:")
        rival_label.setBuddy(self.rival)
        export = QPushButton("E&xport CSV…")
        export.clicked.connect(self.export_dialog)
        pdf = QPushButton("Save &PDF…")
        pdf.clicked.connect(self.pdf_dialog)
        close = QPushButton("Close")
        close.clicked.connect(self.accept)
        top = QHBoxLayout()
        top.addWidget(self.heading, 1)
        scope_label = QLabel("&Nights:")
        scope_label.setBuddy(self.scope)
        top.addWidget(scope_label)
        top.addWidget(self.scope)
        tabs = QTabWidget()
        tabs.addTab(self.nights_table, "Nights")
        tabs.addTab(self.partners_table, "Partners")
        rating = QWidget()
        rl = QVBoxLayout(rating)
        self.rating_text = QLabel()
        rl.addWidget(self.rating_text)
        rl.addWidget(self.chart, 1)
        tabs.addTab(rating, "Rating")
        h2h = QWidget()
        hl = QVBoxLayout(h2h)
        row = QHBoxLayout()
        row.addWidget(rival_label)
        row.addWidget(self.rival, 1)
        hl.addLayout(row)
        hl.addWidget(self.h2h, 1, Qt.AlignTop)
        tabs.addTab(h2h, "Head to head")
        self.tabs = tabs
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        for b in (export, pdf, close):
            buttons.addWidget(b)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.summary)
        layout.addWidget(tabs, 1)
        layout.addLayout(buttons)
        self.view = None
        self.refresh()

    def refresh(self) -> None:
        season_id = self.scope.currentData()
        self.view = v = self.ctx.run(tournament.player_history, self.player_id, season_id)
        self.rating = self.ctx.run(tournament.player_rating, self.player_id)
        self.setWindowTitle(f"{v.name} — player page")
        self.heading.setText(f"<span style='font-size: 16pt; font-weight: bold'>{html.escape(v.name)}</span>")
        best = ", ".join(f"{html.escape(p.name)} {p.points_per_hand:.2f} ({p.hands} hands)" for p in v.best_partners)
        worst = ", ".join(f"{html.escape(p.name)} {p.points_per_hand:.2f} ({p.hands} hands)" for p in v.worst_partners)
        self.summary.setText(
            f"<b>{len(v.nights)}</b> nights, <b>{v.total_points}</b> points "
            f"(<b>{v.average_per_night:.1f}</b> a night, {v.points_per_hand:.2f} a hand over {v.hands} hands); "
            f"rounds won {v.rounds_won} of {v.rounds_played}; loners made <b>{v.loners_made}</b>, "
            f"loners euchred {v.loners_euchred}; euchred as makers {v.euchred}, euchres made {v.euchres_made}; "
            f"sat out {v.sit_outs}. Rating <b>{self.rating.rating.text}</b>.<br>"
            f"Best partners: {best or '–'}<br>Worst partners: {worst or '–'}"
        )
        self.nights_model.set_rows(v.nights)
        self.partners_model.set_rows(v.partners)
        for t in (self.nights_table, self.partners_table):
            t.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.nights_table.horizontalHeader().setSectionResizeMode(7, QHeaderView.Stretch)
        self.chart.set_history(self.rating.history)
        self.rating_text.setText(
            f"Rating {self.rating.rating.text} after {self.rating.rounds} rounds "
            "(the mean ± two standard deviations; blue bars: the range after each night)."
        )
        chosen = self.rival.currentData()
        self.rival.blockSignals(True)
        self.rival.clear()
        self.rival.addItem("(pick a member)", None)
        for p in self.ctx.run(tournament.list_players):
            if p.id != self.player_id:
                self.rival.addItem(p.name, p.id)
        self.rival.setCurrentIndex(max(0, self.rival.findData(chosen)))
        self.rival.blockSignals(False)
        self.show_head_to_head()

    def show_head_to_head(self) -> None:
        other = self.rival.currentData()
        if other is None:
            self.h2h.setText("Pick a member to see every round you played against each other.")
            return
        hh = self.ctx.run(tournament.head_to_head, self.player_id, other, self.scope.currentData())
        lines = "".join(
            f"<tr><td>{d:%Y-%m-%d}</td><td>{html.escape(ev)}</td><td>round {r}</td><td align=right>{a}–{b}</td></tr>"
            for ev, d, r, a, b in hh.lines
        )
        self.h2h.setText(
            f"<b>{html.escape(hh.a_name)}</b> against <b>{html.escape(hh.b_name)}</b>: {hh.rounds_against} rounds, "
            f"won {hh.a_won}, lost {hh.b_won} (points {hh.a_points}–{hh.b_points}); "
            f"partners in {hh.rounds_together} rounds ({hh.points_together} points together)."
            f"<table cellspacing=6>{lines}</table>"
        )

    def export_csv(self, path: str) -> None:
        tournament.write_player_history_csv(self.view, path)

    def save_pdf(self, path: str) -> None:
        data = self.ctx.run(tournament.player_page, self.player_id, self.scope.currentData())  # a season may be chosen
        report("player-page").write(data, path, page_size=self.page_size)

    def export_dialog(self) -> None:
        save_as(self, "Export history", f"{self.view.name}.csv", "CSV", self.export_csv)

    def pdf_dialog(self) -> None:
        save_as(self, "Save player page", f"{self.view.name}.pdf", "PDF", self.save_pdf)


class SeasonPage(Page):
    """Season standings, ratings and the season's sheets."""

    def __init__(self, ctx, parent=None, *, page_size=lambda: "letter") -> None:
        super().__init__(ctx, parent)
        self.page_size = page_size
        self.view: tournament.SeasonStandingsView | None = None
        self.projector = None
        self.seasons = QComboBox()
        self.seasons.setMinimumWidth(220)
        self.seasons.currentIndexChanged.connect(lambda _i: self.refresh())
        label = QLabel("Seas&on:")
        label.setBuddy(self.seasons)
        self.new_button = QPushButton("Ne&w season…")
        self.new_button.clicked.connect(self.new_season)
        self.edit_button = QPushButton("Se&ttings…")
        self.edit_button.clicked.connect(self.edit_season)
        self.delete_button = QPushButton("Delete")
        self.delete_button.clicked.connect(self.delete_season)
        self.player_button = QPushButton("Player pa&ge…")
        self.player_button.clicked.connect(self.open_player)
        self.csv_button = QPushButton("E&xport CSV…")
        self.csv_button.clicked.connect(self.export_dialog)
        self.pdf_button = QPushButton("Season &sheets PDF…")
        self.pdf_button.setToolTip("Standings, the members' nights played and a certificate for each winner")
        self.pdf_button.clicked.connect(self.pdf_dialog)
        self.projector_button = QPushButton("Pro&jector")
        self.projector_button.clicked.connect(self.show_projector)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.RichText)
        self.model = SeasonStandingsModel(self)
        self.table = read_only_table(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.doubleClicked.connect(lambda _i: self.open_player())
        self.ratings_model = RatingsModel(self)
        self.ratings_table = read_only_table(self.ratings_model)
        self.ratings_table.doubleClicked.connect(lambda _i: self.open_player(self.ratings_table))
        top = QHBoxLayout()
        top.addWidget(label)
        top.addWidget(self.seasons)
        for b in (self.new_button, self.edit_button, self.delete_button):
            top.addWidget(b)
        top.addStretch(1)
        for b in (self.player_button, self.csv_button, self.pdf_button, self.projector_button):
            top.addWidget(b)
        right = QWidget()
        rl = QVBoxLayout(right)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.addWidget(QLabel("<b>Ratings</b> (all nights; openskill, mean ± 2σ)"))
        rl.addWidget(self.ratings_table, 1)
        split = QSplitter()
        split.addWidget(self.table)
        split.addWidget(right)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.summary)
        layout.addWidget(split, 1)
        self.refresh()

    def on_screen(self) -> bool:
        return (self.projector is not None and self.projector.isVisible()) or super().on_screen()

    CONCERNS = CONCERNS
    FOLLOWS_EVENT = False  # a season spans the events: choosing another draws nothing new here

    def concerned(self, change) -> bool:
        """A season spans events: a change of any event (or of the seasons)
        in :data:`CONCERNS` redraws the page, not only the current event's."""
        return bool(change.kinds & self.CONCERNS)

    def season_id(self) -> int | None:
        return self.seasons.currentData()

    def reload(self, select: int | None = None, seasons=None) -> None:
        keep = select if select is not None else self.season_id()
        self.seasons.blockSignals(True)
        self.seasons.clear()
        for s in seasons if seasons is not None else self.ctx.run(tournament.list_seasons):
            self.seasons.addItem(s.name, s.id)
        if keep is not None and self.seasons.findData(keep) >= 0:
            self.seasons.setCurrentIndex(self.seasons.findData(keep))
        self.seasons.blockSignals(False)

    def refresh(self) -> None:
        """Read the page's board (:func:`tournament.season_board`) and draw it."""
        self.show_board(self.ctx.run(tournament.season_board, self.season_id()))

    def show_board(self, board) -> None:
        """Draw ``board`` (a :class:`~euchre_tourney.tournament.SeasonBoard`)."""
        self.reload(board.season_id, board.seasons)
        sid = self.season_id()
        for b in (self.edit_button, self.delete_button, self.csv_button, self.pdf_button, self.projector_button):
            b.setEnabled(sid is not None)
        self.ratings_model.set_rows(list(enumerate(board.ratings, start=1)))
        self.ratings_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.ratings_table.horizontalHeader().setSectionResizeMode(1, QHeaderView.Stretch)
        if sid is None:
            self.view = None
            self.model.set_standings(())
            self.summary.setText("No season yet: <b>New season…</b> groups nights by dates or by picking them.")
            return
        self.view = v = board.standings
        self.model.set_standings(v.rows, v.season.events)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.Stretch)
        which = "picked events" if v.season.picked else "events within its dates"
        self.summary.setText(
            f"<b>{html.escape(v.season.name)}</b>: {len(v.season.events)} nights ({which}); "
            f"{html.escape(v.season.rules_text)}. Ties broken by "
            + ", then ".join(t.lower() for t in v.tie_breaks)
            + ". Double-click a member for their page."
        )
        if self.projector is not None:
            self.projector.show_standings(v)

    # actions ------------------------------------------------------------
    def _events(self):
        return [(e.id, e.name, e.date, e.kind) for e in self.ctx.run(tournament.list_events)]

    def create_season(self, **values) -> int | None:
        try:
            view = self.ctx.operate("New season", tournament.create_season, event_id=None, **values)
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot make the season", exc.message)
            return None
        self.reload(select=view.id)
        self.refresh()
        return view.id

    def new_season(self) -> None:
        dialog = SeasonDialog(self._events(), parent=self)
        if dialog.exec() == QDialog.Accepted:
            self.create_season(**dialog.values())

    def update_season(self, **values) -> bool:
        try:
            self.ctx.operate("Change the season", tournament.update_season, self.season_id(), event_id=None, **values)
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot change the season", exc.message)
            return False
        return True

    def edit_season(self) -> None:
        if self.season_id() is None:
            return
        dialog = SeasonDialog(self._events(), self.ctx.run(tournament.get_season, self.season_id()), self)
        if dialog.exec() == QDialog.Accepted:
            self.update_season(**dialog.values())

    def delete_season(self) -> None:
        sid = self.season_id()
        if sid is None or not context.ask(self, "Delete season", f"Delete the season “{self.seasons.currentText()}”? Its events stay."):
            return
        try:
            self.ctx.operate("Delete the season", tournament.delete_season, sid, event_id=None)
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot delete the season", exc.message)

    def selected_player(self, table=None) -> int | None:
        table = table or self.table
        row = table.model().row_at(table.currentIndex())
        if row is None:
            return None
        return row[1].player_id if isinstance(row, tuple) else row.player_id

    def player_dialog(self, player_id: int) -> PlayerDialog:
        self.refresh_if_stale()  # a page not shown yet since start fills in first: the season chosen is the one it shows
        return PlayerDialog(self.ctx, player_id, self.season_id(), self, page_size=self.page_size())

    def open_player(self, table=None) -> None:
        pid = self.selected_player(table)
        if pid is None:
            context.inform(self, "Player page", "Pick a member in the standings (or the ratings) first.")
            return
        self.player_dialog(pid).exec()

    def export_csv(self, path: str) -> None:
        tournament.write_season_standings_csv(self.view, path)

    def export_dialog(self) -> None:
        if self.view is not None:
            save_as(self, "Export season standings", "season.csv", "CSV", self.export_csv)

    def save_pdf(self, path: str) -> None:
        self.refresh_if_stale()  # (a page not shown yet since start: its season list is read first)
        data = self.ctx.run(tournament.season_report_data, self.season_id(), "season-sheets")
        report("season-sheets").write(data, path, page_size=self.page_size())

    def pdf_dialog(self) -> None:
        self.refresh_if_stale()
        if self.view is not None:
            save_as(self, "Save season sheets", "season.pdf", "PDF", self.save_pdf)

    def show_projector(self) -> None:
        if self.projector is None:
            self.projector = ProjectorWindow()
        self.projector.open_on(None)
        self.refresh()


__all__ = ["save_as", "PlayerDialog", "SeasonDialog", "SeasonPage", "SeasonStandingsModel"]
