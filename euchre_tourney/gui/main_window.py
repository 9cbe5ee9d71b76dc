"""The main window: event picker, the six pages, menus and shortcuts."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QSettings, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QAction, QActionGroup, QDesktopServices, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QProgressDialog,
    QTabWidget,
    QToolBar,
    QWidget,
)

from euchre_tourney.gui.settings import PAPER_SIZES, default_page_size

# Nothing here imports the database layer, reportlab or the rules at import
# time: the window is shown (as "Opening <file>…") before they load, and the
# file opens in a background thread (:meth:`MainWindow.open_in_background`).
# The pages and the tournament use cases are imported where they are used:
# deferred on purpose: start-up time (tests/gui/test_startup.py checks it).
if TYPE_CHECKING:
    from euchre_tourney import tournament

REPORT_SHORTCUTS = {
    "scorecards": QKeySequence.Print,
    "tally-sheets": "Ctrl+Shift+P",
    "rotation-chart": "Ctrl+Shift+C",
}
"""Keyboard shortcuts of the *File* menu's report actions, by report name
(the reports themselves: :data:`euchre_tourney.reports.REPORTS`)."""


class PhoneRelay(QObject):
    """Carries the phone server's "a write was committed" (said on a
    background thread) to the window's thread as the ``wrote`` signal."""

    wrote = Signal()


class MainWindow(QMainWindow):
    """The club-night window.

    ``MainWindow(db)`` builds it on an open database. ``MainWindow()`` shows
    an empty window saying "Opening …" at once; :meth:`open_in_background`
    then opens the file in a background thread and :meth:`attach` fills the
    pages in when it is ready (``opened`` is emitted), or the reason it cannot
    be opened is shown in this window (``open_failed``, with the sentence).
    """

    section: str | None = None
    """The section the window is opened on (``euchre-tourney --section B``: a
    captain's laptop): its pages show that section alone; None: every section."""

    glanced = Signal()
    """The first look (:mod:`~euchre_tourney.gui.first_look`) shows the
    file's own data on the page on screen, read-only, while the database
    layer loads; clicks that need it are kept (:meth:`when_ready`). Not
    emitted when there is no first look (a server's URL, an older schema,
    a page it does not draw on screen): ``opened`` then comes first."""
    opened = Signal()
    """The pages are filled in (:meth:`attach` has run), whatever the file
    holds: a page that cannot be drawn shows why on itself
    (:mod:`~euchre_tourney.gui.unreadable`)."""
    checked = Signal(object)
    """The file opened in the background was checked for impossible data
    (:func:`~euchre_tourney.tournament.check.check_database`, on the thread
    pool after ``opened``): the list of problems found (empty: none)."""
    filling = Signal()
    """The file is open and the pages are about to be filled in (the app
    opens its log here, so that what cannot be read is logged)."""
    open_failed = Signal(str)
    """The database could not be opened: the sentence shown."""

    def __init__(self, db: tournament.Database | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = None
        self.settings = QSettings()
        self.help_window = None
        self.pdf_progress: QProgressDialog | None = None  # the last PDF's progress dialog (start_pdf)
        self.resize(1200, 780)
        self.setWindowTitle("Euchre Tourney")
        self._opener: _Opener | None = None
        self._phone_server = None  # the running web.PhoneServer (outlives its dialog)
        self._phone_poll_due = False
        self.phones_dialog = None
        self.closed = False
        """True once the window was closed (a file still opening is then closed again, not shown)."""
        self.first_look = None
        """The first look's pages (:mod:`~euchre_tourney.gui.first_look`) while the file opens, else None."""
        self._pending: list[tuple[str, object]] = []  # clicks kept for the real pages (when_ready)
        if db is not None:
            self.attach(db)
        else:
            self.placeholder = QLabel("Opening the database…")
            self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.placeholder.setWordWrap(True)
            self.placeholder.setMargin(24)
            self.setCentralWidget(self.placeholder)

    # opening the database in the background -------------------------------------
    def open_in_background(self, database: str | None) -> None:
        """Open ``database`` (path or URL; None = the default file) in a
        background thread once the window has been painted; the status bar
        says "Opening <file>…" meanwhile. On success :meth:`attach` fills the
        pages in; on failure the sentence (the same as the command line's)
        is shown in this window and ``open_failed`` is emitted."""
        from euchre_tourney.gui.opening import describe_target  # the file or server, said as the user gave it

        where = describe_target(database)
        self.statusBar().showMessage(f"Opening {where}…")
        self.placeholder.setText(f"Opening {where}…")
        self._opener = _Opener(database, self)
        self._opener.done.connect(self._opened)
        self._opener.refused.connect(self._refused)
        watched = self.placeholder
        if not self.closed:
            from euchre_tourney.gui import first_look  # the first pages from the file read-only (sqlite3)

            look = first_look.take(database)
            if look is not None:
                self.takeCentralWidget()  # kept: shown again should the file be refused
                self.first_look = first_look.FirstLook(self, look, where)
                self.setCentralWidget(self.first_look.tabs)
                watched = self.first_look.tabs.currentWidget()
        # start once the window has been painted (a timer too, should no paint come, e.g. minimised)
        watched.installEventFilter(self._opener)
        self._watched = watched
        QTimer.singleShot(1000, self._opener.start)
        if self.first_look is not None and self.first_look.shown_filled():
            self.glanced.emit()

    def when_ready(self, act, what: str = "") -> None:
        """``act(window)`` once the real pages are there: at once if they
        are, else kept and done right after :meth:`attach`, in the order
        asked (a click on the first look is never lost); the status bar
        says it waits. Dropped if the file is refused."""
        if getattr(self, "ctx", None) is not None:
            act(self)
            return
        self._pending.append((what, act))
        self.statusBar().showMessage(f"{what or 'That'} follows as soon as the file is open…")

    def _unwatch(self) -> None:
        try:
            self._watched.removeEventFilter(self._opener)
        except RuntimeError:  # the first look's page, deleted already
            pass

    def _opened(self, db) -> None:
        self._unwatch()
        if self.closed:  # closed while the file was opening: nothing to show it in
            db.dispose()
            return
        self.filling.emit()
        where = db.path or db.where
        try:
            self.attach(db)
        except Exception as exc:  # noqa: BLE001 - whatever the file holds, the window opens (issue 29 item 5)
            self._fill_failed(exc)
        else:
            self.statusBar().showMessage(f"Opened {where}.", 4000)
        if getattr(self, "ctx", None) is not None:
            self.check_in_background()
            pending, self._pending = self._pending, []
            for _what, act in pending:  # the clicks made on the first look, in their order
                act(self)

    def check_in_background(self):
        """Look for impossible data in the whole file on the thread pool
        (:func:`~euchre_tourney.tournament.check.check_database`); what is
        found is logged (each problem names its event or season and row),
        and the status bar says so with a button that lists it
        (:func:`~euchre_tourney.gui.unreadable.problems_button`). ``checked`` is emitted with the list.
        Returns the :class:`~euchre_tourney.gui.worker.Job`."""
        from euchre_tourney.gui import worker
        from euchre_tourney.tournament import check

        ctx = self.ctx
        job = worker.start("Check the file", lambda _job: ctx.run(check.check_database, read_models=False))
        # delivered only while the window lives (it may be closed and deleted meanwhile)
        return worker.deliver(job, self, self._checked, lambda exc: self._checked([]) if not self.closed else None)

    def _checked(self, problems) -> None:
        from euchre_tourney.gui import unreadable

        if self.closed:
            return
        self.problems = list(problems)
        if self.problems:
            for p in self.problems:
                unreadable.log.warning("Impossible data in the file: %s", p.sentence)
            self.problems_button = unreadable.problems_button(self, self.problems)
            self.statusBar().addPermanentWidget(self.problems_button)
        self.checked.emit(self.problems)

    def _fill_failed(self, exc: BaseException) -> None:
        """The pages could not be filled in (the pages themselves say what they
        cannot draw: this is what is left, e.g. the database went away
        meanwhile): the reason in this window, in words and in the log, and
        ``opened`` still, with what could be built."""
        from euchre_tourney import tournament  # deferred on purpose: start-up time
        from euchre_tourney.gui import context

        if getattr(self, "ctx", None) is not None:
            self.ctx.filling_later = False  # what could be built fills in as usual from now on
        found = tournament.failure(exc)
        found.log(exc, "filling in the window")
        message = found.message
        if found.unexpected:
            message = ("Euchre Tourney could not fill in its pages "
                       f"({message.removeprefix('unexpected ')}); the log file has the details.")
        self.statusBar().showMessage("Part of the file could not be shown.")
        if getattr(self, "tabs", None) is None or self.centralWidget() is not self.tabs:
            self.placeholder.setText(f"The file was opened, but its pages could not be shown.\n\n{message}")
        context.show_error(self, "Part of the file cannot be shown", message)
        self.opened.emit()

    def _refused(self, message: str) -> None:
        from euchre_tourney.gui import context

        self._unwatch()
        self._pending = []
        if self.first_look is not None:  # what it showed cannot be used: the reason instead
            self.removeToolBar(self.first_look.toolbar)
            self.menuBar().clear()
            self.setCentralWidget(self.placeholder)
            self.first_look = None
        self.statusBar().showMessage("The database could not be opened.")
        self.placeholder.setText(f"The database could not be opened.\n\n{message}\n\n"
                                 "Close this window and start Euchre Tourney again with another file "
                                 "(--database PATH_OR_URL).")
        self.open_failed.emit(message)
        if not self.closed:  # closed while the file was opening: no box after the window is gone
            context.show_error(self, "Cannot open the database", message)

    def attach(self, db: tournament.Database) -> None:
        """Build the pages, menus and toolbar on the open database ``db``
        and show the last event and page; emits ``opened``."""
        from euchre_tourney import tournament  # deferred on purpose: start-up time
        from euchre_tourney.gui.context import AppContext
        from euchre_tourney.gui.event_page import EventPage
        from euchre_tourney.gui.room import TimerLabel
        from euchre_tourney.gui.roster_page import RosterPage
        from euchre_tourney.gui.rotation_page import RotationPage
        from euchre_tourney.gui.scores_page import ScoresPage
        from euchre_tourney.gui.season_page import SeasonPage
        from euchre_tourney.gui.standings_page import StandingsPage
        from euchre_tourney.gui.teams_page import TeamsPage
        from euchre_tourney.gui.widgets import UndoPassThrough

        self.db = db
        look, self.first_look = self.first_look, None
        if look is not None:
            self.menuBar().clear()  # the first look's menus; _create_actions makes the real ones
        self.ctx = AppContext(db, self)
        self.ctx.section = self.section  # a captain's laptop: the window opened on her section
        self.ctx.filling_later = True  # the pages not shown fill in when first shown (start-up time)

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
        self.clock_label = TimerLabel(self.standings_page.timer)  # the round timer, on every page
        self.statusBar().addPermanentWidget(self.clock_label)
        # a section's own clock when one is shown (the window opened on it, or chosen on the Standings page)
        self.standings_page.clock_named.connect(self.clock_label.name_clock)
        self.clock_label.name_clock(self.standings_page.clock_section or "")
        self.ctx.operated.connect(self._follow_change)
        self.ctx.changed.connect(self._saved)
        self.ctx.stepped.connect(lambda text: self.statusBar().showMessage(text, 8000))  # not just "Saved."
        self.ctx.busy_changed.connect(self._busy)  # one operation at a time: say so, and Undo waits
        self.ctx.refused.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.ctx.event_changed.connect(lambda _e: self._update_title())
        self.reload_events(select=self.settings.value("last_event", type=int) or None)
        self.tabs.currentChanged.connect(self._tab_changed)
        self.tabs.setCurrentIndex(self.settings.value("last_tab", 0, type=int))
        self.ctx.filling_later = False
        self.tabs.currentWidget().refresh_if_stale()  # the page shown is filled in before `opened`
        if look is not None:
            look.hand_over()
        self._stamp: tuple[int, int] | None = None  # (event, change stamp) last drawn
        self.poll_timer = QTimer(self)  # hands saved at other stations: see poll_other_stations
        self.poll_timer.setInterval(tournament.POLL_INTERVAL_MS)
        from euchre_tourney.gui.worker import OneAtATime

        self._looks = OneAtATime(self)  # the station poll's query on the thread pool (poll_in_background)
        self.poll_timer.timeout.connect(self.poll_in_background)
        self.poll_timer.start()
        self.opened.emit()

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
        from euchre_tourney import tournament  # deferred on purpose: start-up time

        event_id = self.ctx.event_id
        if event_id is None or self.scores_page.in_progress():
            return False
        try:
            look = self._look(event_id, self._stamp)
        except tournament.TournamentError as exc:  # unreachable now: say so, try again next tick
            self.statusBar().showMessage(exc.message, 3000)
            return False
        return self._take_look(event_id, look)

    def _look(self, event_id: int, last) -> tuple:
        """The station poll's one query (any thread): ``("first", stamp)``
        for a first look at the event, else ``("since", stamp, change)``."""
        from euchre_tourney import tournament  # deferred on purpose: start-up time

        if last is None or last[0] != event_id:
            return ("first", self.ctx.run(tournament.change_stamp, event_id))
        return ("since", *self.ctx.run(tournament.changes_since, event_id, last[1]))

    def _take_look(self, event_id: int, look: tuple) -> bool:
        """Redraw what a look (:meth:`_look`) found; True if it saw a change."""
        self._stamp = (event_id, look[1])
        change = look[2] if look[0] == "since" else None
        if change is None:
            return False
        for i in range(self.tabs.count()):
            self.tabs.widget(i).take(change)
        return True

    def poll_in_background(self) -> None:
        """:meth:`poll_other_stations` with its query on the thread pool (the
        timer's and the phone server's way: the window never waits for the
        database). One look at a time; a look asked for meanwhile follows it."""
        from euchre_tourney import tournament  # deferred on purpose: start-up time

        if self._looks.busy(self.poll_in_background):
            return
        event_id, last = self.ctx.event_id, self._stamp
        if event_id is None or self.scores_page.in_progress():
            return

        def seen(look) -> None:
            # the event was changed, or a hand begun, meanwhile: this look is not drawn (the next one is)
            if self.ctx.event_id == event_id and self._stamp == last and not self.scores_page.in_progress():
                self._take_look(event_id, look)

        self._looks.start(  # delivered only while the window lives (it may be closed meanwhile)
            "Other stations", lambda _job: self._look(event_id, last), succeeded=seen,
            failed=lambda exc: (
                self.statusBar().showMessage(exc.message, 3000) if isinstance(exc, tournament.TournamentError) else None
            ),
        )

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
        from euchre_tourney.gui import replan  # deferred on purpose: start-up time
        from euchre_tourney.reports import REPORTS  # the registry only (the writers load on first use)

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
        self.changed_cards_action = self._action(
            "Changed car&ds…", lambda: replan.show_changed_cards(self, self.ctx), None,
            "List and print again the cards the last re-plan changed (until the rotation changes again)",
        )
        kept = replan.last_changed_cards(self.ctx)
        self.changed_cards_action.setEnabled(kept.has_cards())
        kept.available.connect(self.changed_cards_action.setEnabled)
        self.quit_action = self._action("&Quit", self.close, QKeySequence.Quit)
        self.undo_action = self.ctx.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence.Undo)
        self.redo_action = self.ctx.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcut(QKeySequence.Redo)
        for action, verb in ((self.undo_action, "Undo"), (self.redo_action, "Redo")):
            action.setToolTip(f"{verb} the last change. Undo lasts as long as the app stays open.")
            action.setStatusTip(action.toolTip())
        self.projector_action = self._action("&Projector standings", self.standings_page.show_projector, "F11")
        self.phones_action = self._action(
            "Scoring from &phones…", self.open_phones, "Ctrl+Shift+W",
            "Serve the room: each table enters its hands on a phone, players follow the standings",
        )
        self._phone_server = None  # the running web.PhoneServer (outlives its dialog)
        self._phone_poll_due = False
        self.phones_dialog = None
        self.publish_action = self._action(
            "Pu&blish results…", self.open_publish, None,
            "Write the results as a web site any host can serve (a folder and a .zip), and pictures to share",
        )
        self.club_action = self._action("C&lub settings…", self.open_club_settings, None,
                                        "The club's name, its published site, member pages, the mail server")
        self.mail_action = self._action("E-mail the &results…", self.open_mail, None,
                                        "E-mail each member who played tonight their place, points and scorecard")
        self.help_action = self._action("&User guide", self.show_help, QKeySequence.HelpContents, "The guide to club night (F1)")
        self.about_action = self._action("&About Euchre Tourney", self.show_about)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        file_menu = self.menuBar().addMenu("&File")
        for a in (self.new_event_action, self.import_action, None, *self.report_actions.values(), self.changed_cards_action,
                  None, self.publish_action, self.club_action):
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
        event_menu = self.menuBar().addMenu("Event")  # every letter of "Event" is another mnemonic already; the action has Ctrl+Shift+W (Wi-Fi)
        event_menu.addAction(self.phones_action)
        event_menu.addAction(self.mail_action)
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
        """List the events in the picker (newest first) and pick ``select``
        (else the first). An event whose own row cannot be read is still
        listed (:func:`~euchre_tourney.tournament.check.event_choices`): its
        pages say what is wrong with it."""
        events = self._event_list()
        self.events.blockSignals(True)
        self.events.clear()
        for event_id, label in events:
            self.events.addItem(label, event_id)
        index = self.events.findData(select) if select is not None else (0 if events else -1)
        self.events.setCurrentIndex(index if index >= 0 else (0 if events else -1))
        self.events.blockSignals(False)
        self._event_picked()

    def _event_list(self) -> list[tuple[int, str]]:
        """Every event, newest first, as ``(id, "Name (date)")``; read
        without its rule set when an event's row cannot be read as usual
        (:func:`~euchre_tourney.tournament.check.event_choices`: that event
        is listed all the same, and its pages say what is wrong with it)."""
        from euchre_tourney import tournament  # deferred on purpose: start-up time
        from euchre_tourney.gui import unreadable

        try:
            return [(e.id, f"{e.name} ({e.date:%Y-%m-%d})") for e in self.ctx.run(tournament.list_events)]
        except Exception as exc:
            if not unreadable.is_the_pages(exc):
                raise
            from euchre_tourney.tournament import check

            found = self.ctx.run(check.check_database, read_models=False)
            unreadable.log.error("The list of events cannot be read as usual: %s",
                                 "; ".join(p.sentence for p in found) or "no row is impossible",
                                 exc_info=(type(exc), exc, exc.__traceback__))
            return self.ctx.run(check.event_choices)

    def _event_picked(self) -> None:
        # the undo history is kept: each step knows its event (see _follow_change)
        event_id = self.events.currentData()
        if event_id is not None:
            self.settings.setValue("last_event", event_id)
        # Qt hands a slot's exception to sys.excepthook, not to the emitter: the pages draw
        # through unreadable.guarded, and what else fails to read the event is said here
        import sys

        failures: list[tuple] = []
        previous_hook = sys.excepthook
        sys.excepthook = lambda *info: failures.append(info)
        try:
            self.ctx.set_event(event_id)
        finally:
            sys.excepthook = previous_hook
        for _kind, exc, tb in failures:
            self._part_failed(exc, tb, previous_hook)

    def _part_failed(self, exc: BaseException, tb, hook) -> None:
        """Something besides a page could not read the current event (the
        round timer, say) because of values that cannot be true: the status
        bar says so and the log names the rows; a database problem or a bug
        goes to ``hook`` (the usual dialog)."""
        from euchre_tourney.gui import unreadable
        from euchre_tourney.tournament import check

        if not unreadable.is_the_pages(exc):
            hook(type(exc), exc, tb)
            return
        problems = self.ctx.run(check.explain_part, self.ctx.event_id)
        if unreadable.is_fault(exc, problems):  # a bug: the usual dialog
            hook(type(exc), exc, tb)
            return
        unreadable.log.error("Part of the event %s cannot be read: %s", self.events.currentText(),
                             "; ".join(p.sentence for p in problems) or "no row of it is impossible",
                             exc_info=(type(exc), exc, tb))
        first = problems[0].sentence if problems else f"{type(exc).__name__}: {exc}"
        self.statusBar().showMessage(f"Part of this event cannot be read. {first}", 15000)

    def _follow_change(self, change) -> None:
        """An undo or redo of another event's step shows that event, so the
        director sees what came back; an event made or taken back (creating
        an event is undoable) updates the list of events first."""
        if "event" in change.kinds:
            stored = {event_id for event_id, _label in self._event_list()}
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
        from euchre_tourney import tournament  # deferred on purpose: start-up time
        from euchre_tourney.gui import context
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
        from euchre_tourney.gui.event_page import NewEventDialog

        dlg = NewEventDialog(self)
        if dlg.exec() == QDialog.Accepted:
            self.create_event(**dlg.values())

    def _update_title(self) -> None:
        name = self.events.currentText()
        self.setWindowTitle(f"{name} — Euchre Tourney" if name else "Euchre Tourney")

    def _saved(self) -> None:
        from euchre_tourney import tournament  # deferred on purpose: start-up time
        from euchre_tourney.gui import unreadable

        self.statusBar().showMessage("Saved.", 4000)
        if self.ctx.event_id is not None:  # only the current event can be renamed (Event page)
            try:
                e = self.ctx.run(tournament.get_event, self.ctx.event_id)
            except Exception as exc:
                if not unreadable.is_the_pages(exc):
                    raise
                e = None  # its row cannot be read: its pages say why; the label stays
            label = f"{e.name} ({e.date:%Y-%m-%d})" if e is not None else self.events.currentText()
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
        from euchre_tourney import tournament  # deferred on purpose: start-up time
        from euchre_tourney.gui import context, worker

        if self.ctx.event_id is None:
            context.show_error(self, "No event", "Create an event and generate its rotation first.")
            return False
        from euchre_tourney.reports import Cancelled

        try:
            worker.wait(self.start_pdf(name, path, page_size, numbers))
        except Cancelled:  # the director pressed Cancel: no file was written, an old one is as it was
            self.statusBar().showMessage(f"Cancelled: {Path(path).name} was not written.", 8000)
            return False
        except tournament.TournamentError as exc:
            context.show_error(self, "Nothing to print", exc.message)
            return False
        except OSError as exc:
            context.show_error(self, "Cannot save", f"Cannot write {path}: {exc.strerror or exc}.")
            return False
        except Exception as exc:
            if not self._unreadable_report(name, exc):
                raise  # a bug: the usual dialog
            return False
        self.statusBar().showMessage(f"Saved {path}", 8000)
        return True

    def _unreadable_report(self, name: str, exc: BaseException) -> bool:
        """A report could not be made because the event holds values that
        cannot be true: say which (and log it); False if the check finds
        none (then it is a bug)."""
        from euchre_tourney.gui import context, unreadable
        from euchre_tourney.reports import report
        from euchre_tourney.tournament import check

        if not unreadable.is_the_pages(exc):
            return False
        problems = [p for p in self.ctx.run(check.explain_part, self.ctx.event_id) if not p.fault]
        if not problems:
            return False
        unreadable.log.error("The %s could not be made: %s", report(name).default_file,
                             "; ".join(p.sentence for p in problems), exc_info=(type(exc), exc, exc.__traceback__))
        more = f" ({len(problems) - 1} more: euchre-tourney check lists them all)" if len(problems) > 1 else ""
        context.show_error(self, "Nothing to print yet",
                           f"{report(name).default_file} cannot be made: the file holds data that cannot be true. "
                           f"{problems[0].sentence}{more} Nothing was written.")
        return True

    def start_pdf(self, name: str, path: str, page_size: str | None = None, numbers: set[int] | None = None):
        """Gather and draw the report called ``name`` in a worker thread (a
        2,000-player night's scorecards take seconds) with a progress dialog
        (:attr:`pdf_progress`, shown after 400 ms) whose Cancel stops it and
        leaves no file: the running :class:`~euchre_tourney.gui.worker.Job`,
        whose ``progress`` goes from 0 to 1 page by page and whose error is
        :class:`~euchre_tourney.reports.Cancelled` once cancelled; see
        :meth:`save_pdf`. :class:`~euchre_tourney.gui.context.Busy` while
        another operation runs.
        A night split into sections prints the section the window is opened
        on, else the one the Rotation page shows (every section: the whole night)."""
        from euchre_tourney import tournament  # deferred on purpose: start-up time
        from euchre_tourney.gui import worker
        from euchre_tourney.reports import Cancelled, report

        rep = report(name)
        page_size = page_size or self.page_size()
        event_id = self.ctx.event_id

        serving = self.phone_server is not None and self.phone_server.running
        phone_url = self.phone_server.url if serving and name in ("tally-sheets", "scorecards") else None

        section = self.ctx.section or self.rotation_page.section.section() if name != "phone-howto" else None

        def make(job):
            data = self.ctx.run(tournament.report_data, event_id, rep.name, section)
            if phone_url is not None:  # the tables' QR codes and the players' links while the server runs
                from euchre_tourney.web import with_phone_links  # the web stack loads only when serving

                data = with_phone_links(self.ctx.db, event_id, phone_url, list(data))
            if numbers is not None:  # reprint only some players' cards
                data = [card for card in data if card.number in numbers]

            def progress(done: int, total: int) -> None:  # in the worker, after each page
                if job.cancelled():
                    raise Cancelled
                job.counts = (done, total)  # read by the dialog's label with the fraction below
                job.report(done / total if total else 1.0)

            if job.cancelled():
                raise Cancelled
            rep.write(data, path, page_size=page_size, progress=progress)
            job.report(1.0)  # the small reports draw in one go
            return path

        job = self.ctx.background(f"Make {rep.default_file}", make)
        dialog = QProgressDialog(f"Making {Path(path).name}…", "Cancel", 0, 100, self)
        dialog.setWindowTitle(rep.title)
        dialog.setWindowModality(Qt.WindowModal)
        dialog.setMinimumDuration(400)
        dialog.setMinimumWidth(420)
        dialog.canceled.connect(job.cancel)

        def moved(fraction: float) -> None:
            counts = getattr(job, "counts", None)
            if counts is not None:
                dialog.setLabelText(f"Making {Path(path).name}…\n{rep.title}: {counts[0]:,} of {counts[1]:,} drawn")
            dialog.setValue(int(fraction * 100))

        # the dialog dies with the window if it is closed while the PDF is drawn: nothing reaches it then
        worker.deliver(job, dialog, progress=moved, finished=lambda: (dialog.reset(), dialog.deleteLater()))
        self.pdf_progress = dialog
        return job

    def save_report_dialog(self, name: str) -> None:
        """Ask where to save the report called ``name``, write it and open it."""
        from euchre_tourney.reports import report

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
        """File ▸ Practice, 2 to 6 players: the one practice table, dealt a
        game for three (cutthroat); Game ▸ New game chooses any other."""
        from euchre_tourney.gui.practice import TableSettings, open_practice  # deferred: start-up time
        from euchre_tourney.rules import tables

        self.table_games_window = open_practice(settings=TableSettings(rules=tables.CUTTHROAT))
        return self.table_games_window

    # what leaves the laptop (issue 31) ------------------------------------------
    def open_publish(self):
        """File ▸ Publish results…: the site, its zip and the share images."""
        from euchre_tourney.gui.publishing import PublishDialog  # deferred on purpose: start-up time

        self.publish_dialog = PublishDialog(self.ctx, self.settings, self)
        self.publish_dialog.show()
        return self.publish_dialog

    def open_club_settings(self):
        """File ▸ Club settings…"""
        from euchre_tourney.gui.publishing import ClubSettingsDialog

        dialog = ClubSettingsDialog(self.ctx, self)
        dialog.exec()
        return dialog

    def open_mail(self):
        """Event ▸ E-mail the results…"""
        from euchre_tourney.gui.publishing import MailDialog

        self.mail_dialog = MailDialog(self.ctx, self.page_size(), self)
        self.mail_dialog.show()
        return self.mail_dialog

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

    def open_phones(self) -> None:
        """Event ▸ Scoring from phones…: the server's dialog (not modal: the
        director keeps working while the server runs)."""
        from euchre_tourney.gui.phones import PhonesDialog

        if self.phones_dialog is None:
            self.phones_dialog = PhonesDialog(self.ctx, self.phone_server, self.standings_page.timer, self)
            self.phones_dialog.server_changed.connect(self._phone_server_changed)
        self.phones_dialog.show()
        self.phones_dialog.raise_()

    @property
    def phone_server(self):
        """The running :class:`~euchre_tourney.web.PhoneServer`, or None.
        While one runs, each hand it saves redraws the pages at once (its
        process tells the window through :class:`PhoneRelay`), not at the
        next station poll."""
        return self._phone_server

    @phone_server.setter
    def phone_server(self, server) -> None:
        self._phone_server = server
        if server is not None:
            relay = PhoneRelay()  # no Qt parent: the server's thread emits on it while this window may be closing
            relay.wrote.connect(self._phone_wrote)
            server.when_changed(lambda relay=relay: relay.wrote.emit())  # the closure keeps the relay alive

    def _phone_wrote(self) -> None:
        """A phone's write was committed: look for changes now (once for a burst of them)."""
        if not self._phone_poll_due:
            self._phone_poll_due = True
            QTimer.singleShot(0, self._poll_for_phones)

    def _poll_for_phones(self) -> None:
        self._phone_poll_due = False
        self.poll_in_background()

    def _phone_server_changed(self, server) -> None:
        self.phone_server = server
        self.statusBar().showMessage(f"Serving the phones at {server.url}/" if server else "Stopped serving the phones.", 8000)

    def closeEvent(self, event) -> None:  # noqa: N802
        """Stop the phone server, close the projectors and the help; also
        before the file is open, after it was refused, or while it opens
        (a file opened after that is closed again: :meth:`_opened`)."""
        self.closed = True
        if self.phone_server is not None:
            self.phone_server.stop()
        self.settings.setValue("geometry", self.saveGeometry())
        # the pages exist only once the file is open (and only those built, if building stopped)
        shown = (getattr(self, "standings_page", None), getattr(self, "season_page", None),
                 getattr(getattr(self, "teams_page", None), "bracket", None))
        for extra in (getattr(page, "projector", None) for page in shown):
            if extra is not None:
                extra.close()
        if self.help_window is not None:
            self.help_window.close()
        super().closeEvent(event)


class _Opener(QObject):
    """Opens the database in a background thread (:meth:`MainWindow.open_in_background`).

    The thread imports the database layer and the pages' modules and runs
    the same checks as the command line (``tournament.open_database``); it
    touches no Qt widget. ``done(db)`` or ``refused(sentence)`` is emitted
    from that thread and delivered, queued, in the window's thread.
    ``start`` is idempotent; the first paint of the watched widget calls it."""

    done = Signal(object)
    refused = Signal(str)

    def __init__(self, database: str | None, parent: QObject) -> None:
        # no Qt parent: the window may close while the thread still opens the file, and the
        # thread emits on this object (the window keeps the Python reference, the thread too)
        super().__init__()
        self.database = database
        self.thread: threading.Thread | None = None

    def eventFilter(self, watched, event) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Paint and self.thread is None:
            QTimer.singleShot(0, self.start)  # after this paint has reached the screen
        return False

    def start(self) -> None:
        if self.thread is None:
            self.thread = threading.Thread(target=self._open, name="open-database", daemon=True)
            self.thread.start()

    def _open(self) -> None:
        # whatever happens here, one of the two signals is emitted: the window never stays at "Opening …"
        db = None
        try:
            from euchre_tourney.gui.opening import open_or_explain  # deferred on purpose: start-up time

            db, message = open_or_explain(self.database)
            if db is None:
                self.refused.emit(message)
                return
            # the pages' modules too, so that filling them in does not wait for imports
            import euchre_tourney.gui.errors  # noqa: F401
            import euchre_tourney.gui.event_page  # noqa: F401
            import euchre_tourney.gui.standings_page  # noqa: F401
            import euchre_tourney.gui.teams_page  # noqa: F401
        except Exception as exc:  # noqa: BLE001 - a fault of the app's (a module missing from a bundle, say)
            import logging

            logging.getLogger("euchre_tourney").error("opening the database failed", exc_info=True)
            if db is not None:
                db.dispose()
            self.refused.emit(f"Euchre Tourney could not open its window on the file ({type(exc).__name__}: {exc}). "
                              "Nothing was changed; please report it.")
            return
        self.done.emit(db)
