"""The Standings page: the standings with the round status, the tie-break
chain, the prizes, the round timer and the projector
(:mod:`euchre_tourney.gui.projector`) on a chosen screen."""

from __future__ import annotations

import html
import logging
from datetime import datetime, timezone

from PySide6.QtCore import QEvent, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QVBoxLayout,
)

from euchre_tourney import tournament
from euchre_tourney.gui import context
from euchre_tourney.gui.context import AppContext
from euchre_tourney.gui.models import StandingsModel
from euchre_tourney.gui.projector import ProjectorWindow
from euchre_tourney.gui.room import PrizesDialog, RoundTimer, TimerBar
from euchre_tourney.gui.team_scores import TeamStandingsModel
from euchre_tourney.gui.widgets import Page, SectionChooser, cell_texts, fit_columns, read_only_table, wrap_cells
from euchre_tourney.gui.worker import OneAtATime


class StandingsPage(Page):
    clock_named = Signal(str)
    """Whose round clock the page's timer shows: a section's name ("B"), "" for the event's."""

    CONCERNS = frozenset({"roster", "event", "settings", "rotation", "hands", "teams", "prizes", "timer"})

    def __init__(self, ctx: AppContext, parent=None) -> None:
        super().__init__(ctx, parent)
        self.view = None
        self.model = StandingsModel(self)
        self.team_model = TeamStandingsModel(self)
        self.table = read_only_table(self.model)
        self._fitting = False
        self._reads = OneAtATime(self)  # the board read on the thread pool after another station's change (take)
        self.table.viewport().installEventFilter(self)  # its width is known only at its own resize
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.rules_text = QLabel()
        self.rules_text.setWordWrap(True)
        self.export_button = QPushButton("E&xport CSV…")
        self.export_button.clicked.connect(self.export_dialog)
        self.projector_button = QPushButton("&Projector view (F11)")
        self.projector_button.clicked.connect(self.show_projector)
        self.projector: ProjectorWindow | None = None
        self.screen_choice = QComboBox()
        self.screen_choice.setToolTip("The screen the projector view fills (the second monitor when there is one)")
        self.timer = RoundTimer(0, parent=self)
        self.timer_bar = TimerBar(self.timer)
        self._timer_shown: tuple | None = None  # (event, minutes, end, left) last restored or saved
        self._clock: tuple | None = None  # the section shown's clock (ends at, left); None: the event's
        self.clock_section: str | None = None  # whose clock the timer shows: a section's name, None the event's
        self._clock_named = ""
        self.timer.moved.connect(self._save_timer)
        ctx.event_changed.connect(self.load_timer)  # the status bar shows the timer on every page
        ctx.operated.connect(self._timer_changed)  # an undo of the event's settings, a reload
        self.prizes = QLabel()
        self.prizes.setWordWrap(True)
        self.prizes_button = QPushButton("Prizes…")
        self.prizes_button.setToolTip("Choose the prizes: high score, second, third, low score, most loners, closest to N")
        self.prizes_button.clicked.connect(self.choose_prizes)
        self.section = SectionChooser(ctx)
        self.section.chosen.connect(lambda _s: self.refresh())  # the timer follows: the section's own clock
        top = QHBoxLayout()
        top.addWidget(self.summary, 1)
        top.addWidget(self.section)
        top.addWidget(self.timer_bar)
        top.addWidget(self.prizes_button)
        top.addWidget(self.export_button)
        top.addWidget(self.screen_choice)
        top.addWidget(self.projector_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.prizes)
        layout.addWidget(self.rules_text)
        self.fill_screens()
        self.load_timer()
        self.refresh()

    def load_timer(self, *_args, event: tournament.EventView | None = None, clock: object = None) -> None:
        """Show the round clock of what the page shows, as saved (running,
        paused or reset; none for an event without one): the section's own
        clock when one section is shown (chosen here, or the window opened
        on it: ``euchre-tourney --section B``), else the event's. ``event``:
        already read by the page's read model; ``clock``: the section's
        (ends at, seconds left) read with it; None: read them."""
        event_id = self.ctx.event_id
        section = self.section.section() if event_id is not None else None
        try:
            if event is None or event.id != event_id:
                event = None if event_id is None else self.ctx.run(tournament.get_event, event_id)
            if event is not None and section is not None and clock is None:
                clock = self._section_clock(event.id, section)
        except tournament.TournamentError:  # unreachable database: the pages say so; the timer waits
            return
        if event is None or not getattr(event, "sectioned", False):
            clock = None
        self._clock = clock
        self.clock_section = section if clock is not None else None
        if event is None:
            shown = (None, 0, None, None)
        elif clock is not None:  # a section's own round clock (a split night, one section shown)
            end, left = clock
            shown = (event.id, event.minutes_per_round, None if end is None else end.timestamp(), left)
        else:
            end = event.timer_ends_at
            ends = None if end is None else end.timestamp()
            shown = (event.id, event.minutes_per_round, ends, event.timer_left_seconds)
        named = self.clock_section or ""
        if named != self._clock_named:
            self._clock_named = named
            self.clock_named.emit(named)
        if shown != self._timer_shown:
            self._timer_shown = shown
            self.timer.restore(*shown[1:])

    def _section_clock(self, event_id: int, section: str) -> tuple | None:
        """Section ``section``'s clock as saved (None: no such section now)."""
        try:
            chosen = self.ctx.run(lambda s: tournament.section_named(tournament.list_sections(s, event_id), section))
        except tournament.NotFound:
            return None
        return (chosen.ends_at, chosen.left_seconds)

    def _timer_changed(self, change) -> None:
        if change.concerns(self.ctx.event_id, {"timer", "settings"}):
            self.load_timer()

    def _save_timer(self) -> None:
        event_id = self.ctx.event_id
        if event_id is None:
            return
        ends, left = self.timer.state()
        end = None if ends is None else datetime.fromtimestamp(ends, timezone.utc)
        section = self.clock_section
        try:
            # through the unit of work, but not a step of Edit ▸ Undo (no log): a timer is not undone
            if section is not None:  # the section's own clock
                tournament.operate(
                    self.ctx.db, f"Round clock of section {section}", tournament.save_section_timer, event_id, section,
                    ends_at=end, left_seconds=left, event_id=event_id,
                )
            else:
                tournament.operate(
                    self.ctx.db, "Round timer", tournament.save_round_timer, event_id, ends_at=end, left_seconds=left,
                    event_id=event_id,
                )
        except tournament.TournamentError as exc:  # the timer still runs here; it is only not saved
            logging.getLogger("euchre_tourney").warning("round timer not saved: %s", exc.message)
            return
        self._timer_shown = (event_id, self.timer.minutes, ends, left)

    def on_screen(self) -> bool:
        projecting = self.projector is not None and self.projector.isVisible()
        return projecting or super().on_screen()

    def refresh(self) -> None:
        if self.ctx.event_id is None:
            self.view = None
            self.model.set_standings([], 0)
            self.summary.setText("No event yet.")
            self.rules_text.setText("")
            return
        self.show_board(self._board(self.ctx.event_id))  # one read per redraw

    def _board(self, event_id: int) -> tournament.StandingsBoard:
        """The page's read model, for the section chosen (every section: None)."""
        try:
            return self.ctx.run(tournament.standings_board, event_id, self.section.section())
        except tournament.NotFound:  # the section chosen is gone (the night was split again)
            self.section.load(())
            return self.ctx.run(tournament.standings_board, event_id, None)

    def take(self, change) -> None:
        """Another station's change (a phone's hand, seen by the station
        poll or said by the phone server): the board is read on the thread
        pool and drawn when it is in, so a room entering hands from phones
        never holds the window up (one read at a time; changes that come
        meanwhile are read once more after it)."""
        if not self.concerned(change):
            return
        if not self.on_screen():
            self._stale = True
            return
        if self._reads.busy(lambda: self.take(change)):
            return
        event_id = self.ctx.event_id
        if event_id is None:
            return
        section = self.section.section()
        # drawn only if the page still lives (the window may be closed meanwhile) and shows that event
        self._reads.start(
            "Standings", lambda _job: self.ctx.run(tournament.standings_board, event_id, section),
            succeeded=lambda board: self.show_board(board) if self.ctx.event_id == event_id else None,
            failed=lambda exc: logging.getLogger("euchre_tourney").warning("standings not read: %s", exc),
        )

    def show_board(self, board: tournament.StandingsBoard) -> None:
        """Draw ``board`` (:func:`tournament.standings_board`'s read model)."""
        event = board.event
        self.section.load(board.sections)
        self.load_timer(event=event, clock=board.clock)
        self.prizes.setVisible(event.kind != "team")
        self.prizes_button.setEnabled(event.kind != "team")
        if event.kind == "team":
            self._refresh_teams(event, board.teams)
            return
        same_rows = (
            self.table.model() is self.model and self.model.rounds == event.rounds
            and self.model.rows == tuple(board.players.rows)
        )
        if self.table.model() is not self.model:
            self.table.setModel(self.model)
        self.view = board.players
        if not same_rows:  # a hand at an unfinished table changes the status line only: the table stays as it is
            self.model.set_standings(self.view.rows, event.rounds)
            self.fit_names()
        self.summary.setText(
            f"<b>{html.escape(event.name)}</b>: <b>{html.escape(self.view.status)}</b>. "
            "Only finished tables count (all hands in, time called, or round totals in)."
        )
        self.rules_text.setText(
            "Ties are broken by " + ", then ".join(t.lower() for t in self.view.tie_breaks)
            + "; players still equal share the place (=).  "
            + tournament.SIT_OUT_RULES[self.view.sit_out_rule]
            + (", once the round is finished." if self.view.sit_out_rule == "average" else ".")
        )
        text = "Prizes — " + ";  ".join(p.text for p in self.view.prizes)
        if self.view.section_prizes and not self.view.section:  # a split night: overall, then each section's
            text = "Overall prizes — " + ";  ".join(p.text for p in self.view.prizes) + "".join(
                f"<br>Section {html.escape(name)} — " + html.escape(";  ".join(p.text for p in prizes))
                for name, prizes in self.view.section_prizes[:12]
            ) + (f"<br>… and {len(self.view.section_prizes) - 12} more sections (choose one above)."
                 if len(self.view.section_prizes) > 12 else "")
        self.prizes.setText(text)
        self.prizes.setVisible(bool(self.view.prizes))
        if self.projector is not None:
            self.projector.show_standings(self.view)

    NAME_COLUMN = 2
    NAME_WIDTH = 260
    """The name column is never narrower than this (pixels): a longer name wraps onto more lines."""

    def fit_names(self) -> None:
        """Size the name column so that no name is cut short: it takes the
        room the other columns leave (at least :data:`NAME_WIDTH`; a
        horizontal scroll bar beyond), and a name longer than it wraps onto
        a second line instead of ending in "…" (late in a night the round
        columns leave little room)."""
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.Interactive)  # measured here, not by the view at every layout
        model = self.table.model()
        if model is None or model.columnCount() <= self.NAME_COLUMN:
            return
        fit_columns(self.table, skip=(self.NAME_COLUMN,))
        fm = self.table.fontMetrics()
        widest = max((fm.horizontalAdvance(row[self.NAME_COLUMN]) for row in cell_texts(model)), default=0) + 12
        others = sum(header.sectionSize(c) for c in range(model.columnCount()) if c != self.NAME_COLUMN)
        room = self.table.viewport().width() - others
        header.resizeSection(self.NAME_COLUMN, max(self.NAME_WIDTH, room) if widest > room else max(room, widest))
        wrap_cells(self.table)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if self.table.model() is not None and self.table.model().rowCount():
            self.fit_names()

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        """The table's viewport got its width (a page shown for the first
        time gets it only then, after the page's own resize): fit the names
        to it at once, not at the next event loop."""
        if (
            watched is self.table.viewport() and event.type() == QEvent.Resize and not self._fitting
            and self.table.model() is not None and self.table.model().rowCount()
        ):
            self._fitting = True
            try:
                self.fit_names()
            finally:
                self._fitting = False
        return False

    def _refresh_teams(self, event, view) -> None:
        """Team standings (wins, then the documented tie-breaks)."""
        self.view = view
        if self.table.model() is not self.team_model:
            self.table.setModel(self.team_model)
        if self.view.bracket:  # a bracket night: its places, one column per bracket round
            rounds = len(self.view.rows[0].round_results) if self.view.rows else 0
        else:
            rounds = max(event.rounds, len(self.view.rows[0].round_results) if self.view.rows else 0)
        self.team_model.set_standings(self.view.rows, rounds)
        self.fit_names()
        if self.view.bracket:
            self.summary.setText(f"<b>{html.escape(event.name)}</b>: {html.escape(self.view.bracket)}")
            self.rules_text.setText(
                "Ranked by the bracket: the final's winner first, then by the round each team went out; teams out "
                "in the same round share the place (=). The bracket and its results are on the Teams page (Alt+6), Bracket tab."
            )
        else:
            self.summary.setText(
                f"<b>{html.escape(event.name)}</b>: {self.view.results_recorded} table results. "
                "Standings update as each result is saved."
            )
            self.rules_text.setText(
                "Ranked by " + ", then ".join(t.lower() for t in self.view.tie_breaks)
                + "; teams still equal share the place (=).  " + tournament.BYE_RULES[self.view.bye_rule] + "."
            )
        if self.projector is not None:
            self.projector.show_standings(self.view)

    def export_csv(self, path: str) -> None:
        if self.view is None:
            return
        if isinstance(self.view, tournament.TeamStandingsView):
            tournament.write_team_standings_csv(self.view, path)
            return
        tournament.write_standings_csv(self.view, path)

    def export_dialog(self) -> None:
        if self.view is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, "Export standings", "standings.csv", "CSV files (*.csv)")
        if path:
            try:
                self.export_csv(path)
            except tournament.TournamentError as exc:
                context.show_error(self, "Cannot save", exc.message)

    def choose_prizes(self, dialog: PrizesDialog | None = None) -> bool:
        """Ask for the prize categories and store them (undoable); ``dialog``
        given (tests) is used as it is, without running it."""
        event_id = self.ctx.event_id
        if event_id is None:
            return False
        before = self.ctx.run(tournament.prize_categories, event_id)
        if dialog is None:
            dialog = PrizesDialog(before, self)
            if dialog.exec() != PrizesDialog.Accepted:
                return False
        chosen = dialog.categories()
        try:
            self.ctx.operate("Change the prizes", tournament.set_prize_categories, event_id, chosen, event_id=event_id)
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot change the prizes", exc.message)
            return False
        return True

    def fill_screens(self) -> None:
        """List the screens; choose the second one when there is one."""
        screens = QGuiApplication.screens()
        self.screen_choice.clear()
        for i, screen in enumerate(screens, start=1):
            size = screen.geometry()
            self.screen_choice.addItem(f"Screen {i}: {size.width()}×{size.height()}", i - 1)
        self.screen_choice.setCurrentIndex(1 if len(screens) > 1 else 0)
        self.screen_choice.setVisible(len(screens) > 1)

    def chosen_screen(self):
        screens = QGuiApplication.screens()
        index = self.screen_choice.currentData()
        return screens[index] if index is not None and index < len(screens) else None

    def show_projector(self) -> None:
        """Open the projector full screen on the chosen screen."""
        if self.projector is None:
            self.projector = ProjectorWindow(self.timer)
            self.projector.name_clock(self.clock_section or "")
            self.clock_named.connect(self.projector.name_clock)
        self.projector.open_on(self.chosen_screen())
        self.refresh()  # fills the projector too, even when this page is not the current tab
