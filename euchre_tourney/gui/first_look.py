"""The window's first second: the Players and Event pages drawn from
:mod:`euchre_tourney.glance` (the file read-only, with ``sqlite3``) while
the database layer and the tournament use cases are imported in the
background; then :meth:`MainWindow.attach` puts the real pages in their
place (:meth:`FirstLook.hand_over`).

What it shows is the file's own data, never a guess: a page this look
cannot read shows "Opening …" and fills in with the real pages. It writes
nothing: a click that needs the database layer (Add player, a check-in
tick, New event, …) is kept and done by the real page as soon as it is
there (:meth:`MainWindow.when_ready`), in the order clicked — none is lost.
The search text typed meanwhile, the event picked and the page shown carry
over.

Qt and :mod:`~euchre_tourney.glance` only at import time (start-up time,
``tests/gui/test_startup.py``).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from euchre_tourney import glance
from euchre_tourney.gui.models import CheckInModel, PlayersModel
from euchre_tourney.gui.widgets import checkin_box, fit_columns, roster_layout, roster_sentence, searchable_table

TAB_TITLES = ("1 Players", "2 Event && check-in", "3 Rotation", "4 Scores", "5 Standings", "6 Teams", "7 Season")
"""The main window's tabs, as :meth:`MainWindow.attach` names them."""

OPENING = "Opening {where}… This page is filled in as soon as the file is open."


def take(database) -> glance.Glance | None:
    """:func:`euchre_tourney.glance.take` (None: no first look, the window waits for the file)."""
    return glance.take(database)


class Waiting(QLabel):
    """A page this look does not draw: filled in by the real page."""

    waiting = True

    def __init__(self, where: str) -> None:
        super().__init__(OPENING.format(where=where))
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setMargin(24)


class RosterLook(QWidget):
    """The Players page as the real one draws it (the same model and table)."""

    waiting = False

    def __init__(self, look: FirstLook) -> None:
        super().__init__()
        self.look = look
        self.model = PlayersModel(self)
        self.proxy, self.search, self.table = searchable_table(self.model, 0, self)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.Stretch)
        self.table.horizontalHeader().setStretchLastSection(True)
        later = look.later
        self.add_button = QPushButton("&Add player…")
        self.add_button.clicked.connect(later("Add player", lambda w: w.roster_page.add_dialog()))
        self.edit_button = QPushButton("E&dit…")
        self.edit_button.clicked.connect(self._on_selected("Edit player", "edit_selected"))
        self.table.doubleClicked.connect(lambda _i: self.edit_button.click())
        self.remove_button = QPushButton("&Remove")
        self.remove_button.clicked.connect(self._on_selected("Remove player", "remove_selected"))
        self.import_button = QPushButton("&Import CSV…")
        self.import_button.clicked.connect(later("Import players", lambda w: w.roster_page.import_dialog()))
        self.count = QLabel()
        roster_layout(self, self.search, (self.add_button, self.edit_button, self.remove_button, self.import_button),
                      self.table, self.count)
        players = look.glance.players
        _show_sorted(self.model, self.proxy, self.table, list(players), 0)
        self.count.setText(roster_sentence(players))

    def _on_selected(self, what: str, method: str):
        def act() -> None:
            rows = self.table.selectionModel().selectedRows()
            if not rows:
                return
            player_id = self.proxy.data(rows[0], Qt.UserRole).id
            self.look.later(what, lambda w: _select(w.roster_page, lambda p: p.id == player_id)
                            and getattr(w.roster_page, method)())()
        return act


class EventLook(QWidget):
    """The Event page's check-in list as the real one draws it, and the
    event's settings as text (the editor comes with the real page)."""

    waiting = False

    def __init__(self, look: FirstLook, event: glance.Event | None, entrants) -> None:
        super().__init__()
        self.look = look
        later = look.later
        self.hint = QLabel("No event yet. Create one with File ▸ New event (Ctrl+N).")
        settings = QGroupBox("Event settings")
        form = QFormLayout(settings)
        if event is not None:
            form.addRow("Event name:", QLabel(event.name))
            form.addRow("Date:", QLabel(event.date))
            form.addRow("Kind:", QLabel("Team event" if event.kind == "team" else "Progressive"))
            form.addRow("Rounds:", QLabel(str(event.rounds)))
            form.addRow("Hands per round:", QLabel(str(event.hands_per_round)))
            form.addRow("Minutes per round:", QLabel(str(event.minutes_per_round or "no timer")))
        note = QLabel("The settings can be changed as soon as the file is open (a moment).")
        note.setWordWrap(True)
        form.addRow(note)
        self.model = CheckInModel(self)
        self.model.toggled.connect(
            lambda pid, checked: later("Check in" if checked else "Check out",
                                       lambda w: w.event_page.toggle(pid, checked))()
        )
        self.proxy, self.search, self.table = searchable_table(self.model, 1, self)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.Stretch)
        self.all_button = QPushButton("Check &in everyone")
        self.all_button.clicked.connect(later("Check in everyone", lambda w: w.event_page.check_all(True)))
        self.none_button = QPushButton("Check o&ut everyone")
        self.none_button.clicked.connect(later("Check out everyone", lambda w: w.event_page.check_all(False)))
        self.cards_button = QPushButton("Print &cards of selected…")
        self.cards_button.clicked.connect(self._print_selected)
        self.count = QLabel()
        checkin = checkin_box(self.search, self.all_button, self.none_button, self.table, self.count, self.cards_button)
        body = QHBoxLayout()
        body.addWidget(settings, 2)
        body.addWidget(checkin, 3)
        self.body = QWidget()
        self.body.setLayout(body)
        layout = QVBoxLayout(self)
        layout.addWidget(self.hint)
        layout.addWidget(self.body, 1)
        self.hint.setVisible(event is None)
        self.body.setEnabled(event is not None)
        rows = list(entrants or ())
        _show_sorted(self.model, self.proxy, self.table, rows, 1)
        fit_columns(self.table, skip=(1,))
        n = sum(1 for e in rows if e.checked_in)
        self.count.setText(f"{n} player{'s' if n != 1 else ''} checked in." if event is not None else "")
        self.cards_button.setVisible(event is not None and event.kind != "team")

    def _print_selected(self) -> None:
        ids = {self.proxy.data(i, Qt.UserRole).player_id for i in self.table.selectionModel().selectedRows()}
        self.look.later("Print cards", lambda w: _select(w.event_page, lambda e: e.player_id in ids, several=True)
                        and w.event_page.print_selected_cards())()


def _show_sorted(model, proxy, table, rows, column: int) -> None:
    """``rows`` in ``model``, listed in the order the sorting proxy gives by
    ``column`` (its collator's keys, ties as they come) but put in that
    order here, once: the proxy is left unsorted, so that it does not ask
    Python ~20,000 questions to sort 2,000 names (the real page's way);
    the header shows that column sorted, and a click on a header sorts as
    on the real page."""
    value, key = model.columns[column].value, proxy.collator.sortKey
    proxy.sort(-1)  # unsorted: the source's order, which is the sorted one
    model.set_rows(sorted(rows, key=lambda row: key("" if (v := value(row)) is None else str(v))))
    header = table.horizontalHeader()
    header.blockSignals(True)  # the indicator alone: it would sort again
    header.setSortIndicator(column, Qt.AscendingOrder)
    header.blockSignals(False)


def _select(page, wanted, several: bool = False) -> bool:
    """Select in the real ``page``'s table the rows ``wanted(row)`` holds
    (what was selected in the first look); False if none is there any more."""
    from PySide6.QtCore import QItemSelectionModel

    selection = page.table.selectionModel()
    selection.clearSelection()
    found = False
    for i in range(page.proxy.rowCount()):
        index = page.proxy.index(i, 0)
        if wanted(page.proxy.data(index, Qt.UserRole)):
            flags = QItemSelectionModel.Select | QItemSelectionModel.Rows
            selection.select(index, flags)
            if not found:
                page.table.setCurrentIndex(index)
            found = True
            if not several:
                break
    return found


class FirstLook:
    """The first look's tabs, event picker and menus in ``window`` (a
    :class:`~euchre_tourney.gui.main_window.MainWindow` not yet attached)."""

    def __init__(self, window, look: glance.Glance, where: str) -> None:
        self.window = window
        self.glance = look
        self.where = where
        self.tabs = QTabWidget()
        self.pages: dict[int, QWidget] = {0: RosterLook(self)}
        self.tabs.addTab(self.pages[0], TAB_TITLES[0])
        for i, title in enumerate(TAB_TITLES[1:], 1):
            self.tabs.addTab(Waiting(where), title)
        self.events = QComboBox()
        self.events.setMinimumWidth(320)
        for e in look.events:
            self.events.addItem(e.title, e.id)
        settings = window.settings
        index = self.events.findData(settings.value("last_event", type=int) or None)
        self.events.setCurrentIndex(index if index >= 0 else (0 if look.events else -1))
        self.events.currentIndexChanged.connect(self._event_picked)
        self.toolbar = QToolBar("Event")
        self.toolbar.setObjectName("event_toolbar")
        self.toolbar.setMovable(False)
        self.toolbar.addWidget(QLabel(" Event: "))
        self.toolbar.addWidget(self.events)
        new = self.toolbar.addAction("New event")
        new.setShortcut(QKeySequence.New)
        new.triggered.connect(self.later("New event", lambda w: w.new_event()))
        window.addToolBar(self.toolbar)
        # the real window's keys for what this look shows (they go with its tabs, at the hand-over)
        for i in range(self.tabs.count()):
            QShortcut(QKeySequence(f"Alt+{i + 1}"), self.tabs, activated=lambda i=i: self.tabs.setCurrentIndex(i))
        QShortcut(QKeySequence("Ctrl+I"), self.tabs, activated=self.later("Import players", lambda w: w.roster_page.import_dialog()))
        QShortcut(QKeySequence.Quit, self.tabs, activated=window.close)
        for title in ("&File", "&Edit", "Event", "&View", "&Help"):
            menu = window.menuBar().addMenu(title)
            menu.addAction(f"Opening {where}…").setEnabled(False)
        self._fill_event_page()
        self.tabs.setCurrentIndex(min(max(settings.value("last_tab", 0, type=int), 0), self.tabs.count() - 1))
        self.tabs.currentChanged.connect(lambda i: settings.setValue("last_tab", i))
        self._update_title()

    def later(self, what: str, act):
        """A slot doing ``act(window)`` once the real pages are there (at
        once if they are): the click is kept, never lost."""
        return lambda *_args: self.window.when_ready(act, what)

    def shown_filled(self) -> bool:
        """Whether the page on screen shows the file's data (not "Opening …")."""
        return not getattr(self.tabs.currentWidget(), "waiting", False)

    def _event_picked(self) -> None:
        event_id = self.events.currentData()
        if event_id is not None:
            self.window.settings.setValue("last_event", event_id)
        self._fill_event_page()
        self._update_title()

    def _fill_event_page(self) -> None:
        event_id = self.events.currentData()
        event = next((e for e in self.glance.events if e.id == event_id), None)
        entrants = self.glance.entrants(event_id) if event is not None else ()
        page = EventLook(self, event, entrants) if entrants is not None else Waiting(self.where)
        current = self.tabs.currentIndex()
        old = self.tabs.widget(1)
        self.tabs.blockSignals(True)
        self.tabs.removeTab(1)
        self.tabs.insertTab(1, page, TAB_TITLES[1])
        self.tabs.setCurrentIndex(current)
        self.tabs.blockSignals(False)
        old.deleteLater()
        self.pages[1] = page

    def _update_title(self) -> None:
        name = self.events.currentText()
        self.window.setWindowTitle(f"{name} — Euchre Tourney" if name else "Euchre Tourney")

    def hand_over(self) -> None:
        """The real pages are built (:meth:`MainWindow.attach`): take this
        look's toolbar away, and give the real pages what was typed in the
        search boxes meanwhile."""
        w = self.window
        w.removeToolBar(self.toolbar)
        self.toolbar.deleteLater()
        for i, real in ((0, getattr(w, "roster_page", None)), (1, getattr(w, "event_page", None))):
            mine = self.pages.get(i)
            text = mine.search.text() if mine is not None and hasattr(mine, "search") else ""
            if text and real is not None:
                real.search.setText(text)
