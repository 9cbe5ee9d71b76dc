"""The main window: event picker, the five pages, menus and shortcuts."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QTimer, QUrl
from PySide6.QtGui import QAction, QActionGroup, QDesktopServices, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QTabWidget,
    QToolBar,
    QWidget,
)

from euchre_tourney import tournament
from euchre_tourney.reports import REPORTS, report
from euchre_tourney.gui import context, worker
from euchre_tourney.gui.context import AppContext
from euchre_tourney.gui.event_page import EventPage, NewEventDialog
from euchre_tourney.gui.roster_page import RosterPage
from euchre_tourney.gui.rotation_page import RotationPage
from euchre_tourney.gui.scores_page import ScoresPage
from euchre_tourney.gui.season_page import SeasonPage
from euchre_tourney.gui.room import TimerLabel
from euchre_tourney.gui.standings_page import StandingsPage
from euchre_tourney.gui.teams_page import TeamsPage
from euchre_tourney.gui.settings import PAPER_SIZES, default_page_size
from euchre_tourney.gui.widgets import UndoPassThrough

REPORT_SHORTCUTS = {
    "scorecards": QKeySequence.Print,
    "tally-sheets": "Ctrl+Shift+P",
    "rotation-chart": "Ctrl+Shift+C",
}
"""Keyboard shortcuts of the *File* menu's report actions, by report name
(the reports themselves: :data:`euchre_tourney.reports.REPORTS`)."""


class MainWindow(QMainWindow):
    def __init__(self, db: tournament.Database, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.ctx = AppContext(db, self)
        self.settings = QSettings()
        self.help_window = None
        self.resize(1200, 780)

        self.events = QComboBox()
        self.events.setMinimumWidth(320)
        self.events.currentIndexChanged.connect(self._event_picked)
        self.tabs = QTabWidget()
        self.roster_page = RosterPage(self.ctx)
        self.event_page = EventPage(self.ctx)
        self.rotation_page = RotationPage(self.ctx)
        self.scores_page = ScoresPage(self.ctx)
        self.standings_page = StandingsPage(self.ctx)
        self.tabs.addTab(self.roster_page, "1 Players")
        self.tabs.addTab(self.event_page, "2 Event && check-in")
        self.tabs.addTab(self.rotation_page, "3 Rotation")
        self.tabs.addTab(self.scores_page, "4 Scores")
        self.tabs.addTab(self.standings_page, "5 Standings")
        self.teams_page = TeamsPage(self.ctx)
        self.tabs.addTab(self.teams_page, "6 Teams")
        self.season_page = SeasonPage(self.ctx, page_size=self.page_size)  # issue 25: seasons, ratings, members' pages
        self.teams_page.bracket.page_size = self.page_size
        self.tabs.addTab(self.season_page, "7 Season")
        self.setCentralWidget(self.tabs)
        self._create_actions()
        self.event_page.print_cards.connect(self.save_cards_dialog)
        self.undo_pass = UndoPassThrough(self)  # Ctrl+Z in an emptied text box reaches Edit ▸ Undo
        for box in self.findChildren(QLineEdit):
            box.installEventFilter(self.undo_pass)
        where = db.path or db.where
        self.statusBar().addPermanentWidget(QLabel(f"Database: {where}  ·  Station: {db.station}"))
        self.statusBar().addPermanentWidget(TimerLabel(self.standings_page.timer))  # the round timer, on every page
        self.ctx.operated.connect(self._follow_change)
        self.ctx.changed.connect(self._saved)
        self.ctx.stepped.connect(lambda text: self.statusBar().showMessage(text, 8000))  # not just "Saved."
        self.ctx.busy_changed.connect(self._busy)  # one operation at a time: say so, and Undo waits
        self.ctx.refused.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.ctx.event_changed.connect(lambda _e: self._update_title())
        self.reload_events(select=self.settings.value("last_event", type=int) or None)
        self.tabs.currentChanged.connect(self._tab_changed)
        self.tabs.setCurrentIndex(self.settings.value("last_tab", 0, type=int))
        self.tabs.currentWidget().refresh_if_stale()
        self._stamp: tuple[int, int] | None = None  # (event, change stamp) last drawn
        self.poll_timer = QTimer(self)  # hands saved at other stations: see poll_other_stations
        self.poll_timer.setInterval(tournament.POLL_INTERVAL_MS)
        self.poll_timer.timeout.connect(self.poll_other_stations)
        self.poll_timer.start()

    def poll_other_stations(self) -> bool:
        """Redraw the pages a change made at another station concerns (a
        hand, a time call or a round lock of the current event since the last
        look): one cheap query (:func:`tournament.changes_since`, from the
        audit trail's change stamp) gives the same
        :class:`~euchre_tourney.tournament.Change` an operation here gives,
        and each page redraws only if it concerns it (:meth:`Page.take`). The
        timer calls this every second. Waits while a hand is being typed (the
        Scores page's :meth:`~ScoresPage.in_progress`), and any other redraw
        leaves such an entry as it is. True if a change was seen."""
        event_id = self.ctx.event_id
        if event_id is None or self.scores_page.in_progress():
            return False
        try:
            if self._stamp is None or self._stamp[0] != event_id:  # first look at this event
                self._stamp = (event_id, self.ctx.run(tournament.change_stamp, event_id))
                return False
            stamp, change = self.ctx.run(tournament.changes_since, event_id, self._stamp[1])
        except tournament.TournamentError as exc:  # unreachable now: say so, try again next tick
            self.statusBar().showMessage(exc.message, 3000)
            return False
        self._stamp = (event_id, stamp)
        if change is None:
            return False
        for i in range(self.tabs.count()):
            self.tabs.widget(i).take(change)
        return True

    def _busy(self, label: str) -> None:
        """An operation runs in the background (``label``) or ended (""):
        the status bar says so, and Undo and Redo wait for it."""
        if label:
            self.statusBar().showMessage(f"{label}… (other changes wait until it is done)")
        else:
            self.statusBar().clearMessage()
        self.undo_action.setEnabled(not label and self.ctx.undo_stack.canUndo())
        self.redo_action.setEnabled(not label and self.ctx.undo_stack.canRedo())

    def _tab_changed(self, index: int) -> None:
        self.settings.setValue("last_tab", index)
        self.tabs.widget(index).refresh_if_stale()

    # actions -------------------------------------------------------------------
    def _action(self, text: str, slot, shortcut=None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        return action

    def _create_actions(self) -> None:
        self.new_event_action = self._action("&New event…", self.new_event, QKeySequence.New, "Create a tournament night")
        self.import_action = self._action("&Import players…", self.roster_page.import_dialog, "Ctrl+I")
        self.report_actions = {
            rep.name: self._action(
                rep.menu_text,
                lambda _checked=False, name=rep.name: self.save_report_dialog(name),
                REPORT_SHORTCUTS.get(rep.name),
                rep.help[:1].upper() + rep.help[1:],
            )
            for rep in REPORTS
        }
        self.practice_action = self._action(
            "&Practice table…", self.open_practice, "Ctrl+T", "Play euchre against three computer players"
        )
        self.table_games_action = self._action(
            "Practice, 2 to 6 pla&yers…", self.open_table_games, "Ctrl+Shift+T",
            "Two-handed, cutthroat, partner pick, bid euchre, six-player and Almonte euchre against computer players",
        )
        self.quit_action = self._action("&Quit", self.close, QKeySequence.Quit)
        self.undo_action = self.ctx.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence.Undo)
        self.redo_action = self.ctx.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcut(QKeySequence.Redo)
        for action, verb in ((self.undo_action, "Undo"), (self.redo_action, "Redo")):
            action.setToolTip(f"{verb} the last change. Undo lasts as long as the app stays open.")
            action.setStatusTip(action.toolTip())
        self.projector_action = self._action("&Projector standings", self.standings_page.show_projector, "F11")
        self.help_action = self._action("&User guide", self.show_help, QKeySequence.HelpContents, "The guide to club night (F1)")
        self.about_action = self._action("&About Euchre Tourney", self.show_about)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        file_menu = self.menuBar().addMenu("&File")
        for a in (self.new_event_action, self.import_action, None, *self.report_actions.values()):
            file_menu.addSeparator() if a is None else file_menu.addAction(a)
        paper = file_menu.addMenu("Pape&r size")
        paper.setToolTipsVisible(True)
        self.paper_group = QActionGroup(self)
        self.paper_actions = {}
        for key, text in PAPER_SIZES.items():
            action = paper.addAction(text)
            action.setCheckable(True)
            action.setChecked(key == self.page_size())
            action.setToolTip("Every PDF is made on this paper (remembered for next time)")
            action.triggered.connect(lambda _c=False, key=key: self.set_page_size(key))
            self.paper_group.addAction(action)
            self.paper_actions[key] = action
        for a in (None, self.practice_action, self.table_games_action, None, self.quit_action):
            file_menu.addSeparator() if a is None else file_menu.addAction(a)
        edit = self.menuBar().addMenu("&Edit")
        edit.setToolTipsVisible(True)
        edit.setToolTip("Undo lasts as long as the app stays open.")
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        view = self.menuBar().addMenu("&View")
        view.addAction(self.projector_action)
        for i in range(self.tabs.count()):
            view.addAction(self._action(self.tabs.tabText(i).replace("&&", "&"), lambda _c=False, i=i: self.tabs.setCurrentIndex(i), f"Alt+{i + 1}"))
        help_menu = self.menuBar().addMenu("&Help")
        help_menu.addAction(self.help_action)
        help_menu.addAction(self.about_action)
        bar = QToolBar("Event")
        bar.setObjectName("event_toolbar")
        bar.setMovable(False)
        bar.addWidget(QLabel(" Event: "))
        bar.addWidget(self.events)
        bar.addAction(self.new_event_action)
        bar.addSeparator()
        bar.addAction(self.undo_action)
        bar.addAction(self.redo_action)
        bar.addSeparator()
        bar.addAction(self.practice_action)
        self.addToolBar(bar)

    # events --------------------------------------------------------------------
    def reload_events(self, select: int | None = None) -> None:
        events = self.ctx.run(tournament.list_events)
        self.events.blockSignals(True)
        self.events.clear()
        for e in events:
            self.events.addItem(f"{e.name} ({e.date:%Y-%m-%d})", e.id)
        index = self.events.findData(select) if select is not None else (0 if events else -1)
        self.events.setCurrentIndex(index if index >= 0 else (0 if events else -1))
        self.events.blockSignals(False)
        self._event_picked()

    def _event_picked(self) -> None:
        # the undo history is kept: each step knows its event (see _follow_change)
        event_id = self.events.currentData()
        self.ctx.set_event(event_id)
        if event_id is not None:
            self.settings.setValue("last_event", event_id)

    def _follow_change(self, change) -> None:
        """An undo or redo of another event's step shows that event, so the
        director sees what came back; an event made or taken back (creating
        an event is undoable) updates the list of events first."""
        if "event" in change.kinds:
            stored = {e.id for e in self.ctx.run(tournament.list_events)}
            if stored != {self.events.itemData(i) for i in range(self.events.count())}:
                keep = self.ctx.event_id if self.ctx.event_id in stored else None
                self.reload_events(select=change.event_id if change.event_id in stored else keep)
                return
        if change.event_id is None or change.event_id == self.ctx.event_id:
            return
        index = self.events.findData(change.event_id)
        if index >= 0:
            self.events.setCurrentIndex(index)

    def create_event(self, **values):
        """Create an event and make it current; returns its EventView or None if refused."""
        try:
            view = self.ctx.operate(f"New event “{values.get('name', '')}”", tournament.create_event, event_id=None, **values)
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot create the event", exc.message)
            return None
        self.reload_events(select=view.id)
        team = view.kind == "team"
        self.tabs.setCurrentWidget(self.teams_page if team else self.event_page)
        next_step = "Now make the teams." if team else "Now tick who is playing."
        self.statusBar().showMessage(f"Event “{view.name}” created. {next_step}", 8000)
        return view

    def new_event(self) -> None:
        dlg = NewEventDialog(self)
        if dlg.exec() == QDialog.Accepted:
            self.create_event(**dlg.values())

    def _update_title(self) -> None:
        name = self.events.currentText()
        self.setWindowTitle(f"{name} — Euchre Tourney" if name else "Euchre Tourney")

    def _saved(self) -> None:
        self.statusBar().showMessage("Saved.", 4000)
        if self.ctx.event_id is not None:  # only the current event can be renamed (Event page)
            e = self.ctx.run(tournament.get_event, self.ctx.event_id)
            label = f"{e.name} ({e.date:%Y-%m-%d})"
            if self.events.currentText() != label:
                self.events.setItemText(self.events.currentIndex(), label)
        self._update_title()

    # printing ------------------------------------------------------------------
    def page_size(self) -> str:
        """The paper chosen in File ▸ Paper size ("letter" or "a4"); until one
        is chosen, :func:`default_page_size`."""
        chosen = self.settings.value("paper_size", "", type=str)
        return chosen if chosen in PAPER_SIZES else default_page_size()

    def set_page_size(self, key: str) -> None:
        """Choose the paper every PDF is made on, and remember it."""
        self.settings.setValue("paper_size", key)
        self.paper_actions[key].setChecked(True)
        self.statusBar().showMessage(f"PDFs are now made on {PAPER_SIZES[key].replace('&', '')} paper.", 8000)

    def save_pdf(self, name: str, path: str, page_size: str | None = None, numbers: set[int] | None = None) -> bool:
        """Write the report called ``name`` (:data:`~euchre_tourney.reports.REPORTS`)
        for the current event to ``path``, on ``page_size`` paper (default:
        :meth:`page_size`); ``numbers``: only these players' scorecards (their
        numbers in the event). True on success, else the reason is shown and
        nothing is written."""
        if self.ctx.event_id is None:
            context.show_error(self, "No event", "Create an event and generate its rotation first.")
            return False
        try:
            worker.wait(self.start_pdf(name, path, page_size, numbers))
        except tournament.TournamentError as exc:
            context.show_error(self, "Nothing to print yet", exc.message)
            return False
        except OSError as exc:
            context.show_error(self, "Cannot save", f"Cannot write {path}: {exc.strerror or exc}.")
            return False
        self.statusBar().showMessage(f"Saved {path}", 8000)
        return True

    def start_pdf(self, name: str, path: str, page_size: str | None = None, numbers: set[int] | None = None):
        """Gather and draw the report called ``name`` in a worker thread (a
        120-player scorecards PDF takes seconds): the running
        :class:`~euchre_tourney.gui.worker.Job`, see :meth:`save_pdf`.
        :class:`~euchre_tourney.gui.context.Busy` while another operation runs."""
        rep = report(name)
        page_size = page_size or self.page_size()
        event_id = self.ctx.event_id

        def make(_job):
            data = self.ctx.run(tournament.report_data, event_id, rep.name)
            if numbers is not None:  # reprint only some players' cards
                data = [card for card in data if card.number in numbers]
            rep.write(data, path, page_size=page_size)
            return path

        return self.ctx.background(f"Make {rep.default_file}", make)

    def save_report_dialog(self, name: str) -> None:
        """Ask where to save the report called ``name``, write it and open it."""
        start = str(Path(self.settings.value("pdf_dir", str(Path.home()))) / report(name).default_file)
        path, _ = QFileDialog.getSaveFileName(self, "Save PDF", start, "PDF files (*.pdf)")
        if not path:
            return
        if not path.lower().endswith(".pdf"):
            path += ".pdf"
        self.settings.setValue("pdf_dir", str(Path(path).parent))
        if self.save_pdf(name, path):
            QDesktopServices.openUrl(QUrl.fromLocalFile(path))

    def save_cards_dialog(self, numbers: list[int]) -> None:
        """Reprint the scorecards of the players numbered ``numbers`` only
        (one player's card, or a selection): ask where, write, open."""
        if not numbers:
            return
        what = f"scorecard-{numbers[0]}.pdf" if len(numbers) == 1 else "scorecards-selected.pdf"
        start = str(Path(self.settings.value("pdf_dir", str(Path.home()))) / what)
        path, _ = QFileDialog.getSaveFileName(self, "Save scorecards PDF", start, "PDF files (*.pdf)")
        if not path:
            return
        if not path.lower().endswith(".pdf"):
            path += ".pdf"
        self.settings.setValue("pdf_dir", str(Path(path).parent))
        if self.save_pdf("scorecards", path, numbers=set(numbers)):
            QDesktopServices.openUrl(QUrl.fromLocalFile(path))

    def open_practice(self):
        """File ▸ Practice table: the practice table in a window of its own."""
        # deferred on purpose: start-up time (the practice table loads on first use)
        from euchre_tourney.gui.practice import open_practice

        self.practice_window = open_practice()
        return self.practice_window

    def open_table_games(self):
        """File ▸ Practice, 2 to 6 players: the games for other tables than four
        in two partnerships, in a window of their own."""
        from euchre_tourney.gui.practice.table_games import open_table_games  # deferred: start-up time

        self.table_games_window = open_table_games()
        return self.table_games_window

    # help ----------------------------------------------------------------------
    def show_help(self) -> None:
        """F1: the user guide, one window kept for the session."""
        from euchre_tourney.gui.help import HelpWindow  # deferred on purpose: start-up time

        if self.help_window is None:
            self.help_window = HelpWindow()
        self.help_window.show()
        self.help_window.raise_()
        self.help_window.activateWindow()

    def show_about(self) -> None:
        from euchre_tourney.gui.help import AboutDialog  # deferred on purpose: start-up time

        AboutDialog(self).exec()

    def closeEvent(self, event) -> None:  # noqa: N802
        self.settings.setValue("geometry", self.saveGeometry())
        if self.standings_page.projector is not None:
            self.standings_page.projector.close()
        for extra in (self.season_page.projector, self.teams_page.bracket.projector):
            if extra is not None:
                extra.close()
        if self.help_window is not None:
            self.help_window.close()
        super().closeEvent(event)
