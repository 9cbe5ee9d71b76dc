"""The window's first look (gui/first_look.py): the file's own data on the
Players and Event pages before the database layer is open, and a click
made meanwhile kept and done by the real page once it is there (no
timing: the open is held until the test lets it go)."""

from __future__ import annotations

import datetime

import pytest
from PySide6.QtCore import Qt

from euchre_tourney import tournament as T
from euchre_tourney.gui.main_window import MainWindow
from euchre_tourney.gui.roster_page import RosterPage
from tests.gui.test_startup import _SlowOpen


def _club(path):
    db = T.open_database(path)
    with db.session() as s:
        ids = [T.add_player(s, name).id for name in ("Ann Avery", "Bob Baker", "Cy Cole", "Di Dale", "Ed Egan")]
        T.add_player(s, "bob  baker")  # a second Bob: the first look names both as the real page does
        ev = T.create_event(s, "Friday", datetime.date(2026, 5, 1), rounds=2, hands_per_round=2)
        T.set_checked_in(s, ev.id, ids[:4])
    db.dispose()
    return ev.id, ids


@pytest.fixture
def held(qtbot, tmp_path, monkeypatch, gui_env):
    """A window opening a club file whose database layer is held (``slow.release`` lets it go)."""
    path = tmp_path / "club.sqlite"
    event_id, ids = _club(path)
    slow = _SlowOpen(monkeypatch)
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.glanced, timeout=10000):
        window.open_in_background(str(path))
    yield window, slow, event_id, ids
    slow.release.set()
    if window.db is not None:
        window.db.dispose()


def _names(page, column):
    return sorted(page.proxy.data(page.proxy.index(i, column)) for i in range(page.proxy.rowCount()))


def test_the_first_look_shows_what_the_real_pages_show_before_the_database_layer_is_open(qtbot, held):
    window, slow, event_id, _ids = held
    assert window.db is None and getattr(window, "ctx", None) is None  # the database layer is not open
    look = window.first_look
    roster, event = look.pages[0], look.pages[1]
    assert roster.count.text() == "6 players on the roster.  2 share a name with someone else: check they are not entered twice."
    shown_roster = _names(roster, 0)
    assert "Ann Avery" in shown_roster and any(n.startswith("Bob Baker (#") for n in shown_roster)
    listed = [roster.proxy.data(roster.proxy.index(i, 0)) for i in range(roster.proxy.rowCount())]
    roster.table.sortByColumn(0, Qt.AscendingOrder)  # sorted as the real page sorts: the same order
    assert [roster.proxy.data(roster.proxy.index(i, 0)) for i in range(roster.proxy.rowCount())] == listed
    assert listed[0] == "Ann Avery" and listed[-1] == "Ed Egan"
    look.tabs.setCurrentIndex(1)  # a click on the Event tab: filled at once, from the file
    assert event.count.text() == "4 players checked in."
    checked = sorted(event.proxy.data(event.proxy.index(i, 1)) for i in range(event.proxy.rowCount())
                     if event.proxy.data(event.proxy.index(i, 0), Qt.CheckStateRole) == Qt.Checked)
    shown_event = _names(event, 1)
    assert look.events.currentText() == "Friday (2026-05-01)"
    with qtbot.waitSignal(window.opened, timeout=60000):
        slow.release.set()
    # the real pages, on the tab that was shown, with the same rows
    assert window.tabs.currentIndex() == 1 and window.first_look is None
    assert _names(window.event_page, 1) == shown_event
    real_checked = sorted(window.event_page.proxy.data(window.event_page.proxy.index(i, 1))
                          for i in range(window.event_page.proxy.rowCount())
                          if window.event_page.proxy.data(window.event_page.proxy.index(i, 0), Qt.CheckStateRole) == Qt.Checked)
    assert real_checked == checked
    window.tabs.setCurrentIndex(0)
    assert _names(window.roster_page, 0) == shown_roster
    assert window.roster_page.count.text() == roster.count.text()


def test_a_click_on_the_first_look_waits_for_the_database_layer_and_is_then_done(qtbot, held, monkeypatch):
    window, slow, event_id, ids = held
    added: list[RosterPage] = []
    monkeypatch.setattr(RosterPage, "add_dialog", lambda page: added.append(page))
    look = window.first_look
    look.pages[0].search.setText("ed")  # typed meanwhile: carried over
    qtbot.mouseClick(look.pages[0].add_button, Qt.LeftButton)
    look.tabs.setCurrentIndex(1)
    event = look.pages[1]
    row = next(i for i in range(event.proxy.rowCount())
               if event.proxy.data(event.proxy.index(i, 1)) == "Ed Egan")
    event.proxy.setData(event.proxy.index(row, 0), Qt.Checked, Qt.CheckStateRole)  # tick Ed in
    assert added == [] and window.db is None  # nothing done yet, nothing written
    assert window.statusBar().currentMessage() == "Check in follows as soon as the file is open…"
    with qtbot.waitSignal(window.opened, timeout=60000):
        slow.release.set()
    assert added == [window.roster_page]  # the click on Add player… reached the real page, once
    assert window.roster_page.search.text() == "ed"
    with window.db.session() as s:  # the tick went through the tournament's operation (undoable)
        checked = {e.player_id for e in T.entrants(s, event_id) if e.checked_in}
    assert checked == set(ids[:4]) | {ids[4]}
    assert window.ctx.undo_stack.count() == 1 and window.ctx.undo_stack.text(0) == "Check in"


@pytest.mark.usefixtures("gui_env")
def test_an_older_file_gets_no_first_look_and_shows_its_data_once_upgraded(qtbot, tmp_path):
    from tests.store.test_earlier_schemas import NAMES, _write_old_file

    path = tmp_path / "old.sqlite"
    _write_old_file(f"sqlite:///{path}", "0012")  # the file the version before this one left
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    glanced = []
    window.glanced.connect(lambda: glanced.append(True))
    with qtbot.waitSignal(window.opened, timeout=60000):
        window.open_in_background(str(path))
        assert window.first_look is None and window.centralWidget() is window.placeholder  # nothing read before Alembic
    assert glanced == []
    window.tabs.setCurrentWidget(window.roster_page)
    assert _names(window.roster_page, 0) == sorted(NAMES)
    window.db.dispose()


@pytest.mark.usefixtures("gui_env")
def test_a_file_of_a_newer_version_gets_no_first_look_and_is_refused_in_words(qtbot, tmp_path):
    import sqlite3
    from contextlib import closing

    path = tmp_path / "club.sqlite"
    _club(path)
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999'")  # as if made by a later version
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.open_failed, timeout=60000) as failed:
        window.open_in_background(str(path))
        assert window.first_look is None
    assert "newer" in failed.args[0] and failed.args[0] in window.placeholder.text()


def test_the_first_look_is_drawn_with_qt_and_sqlite3_alone(tmp_path):
    """What is loaded when the first look is on screen (the app's own start,
    in a fresh process): no database layer, no rules, no PDF, web, image,
    QR-code or collation library."""
    import os
    import subprocess
    import sys

    path = tmp_path / "club.sqlite"
    _club(path)
    heavy = ("sqlalchemy", "sqlmodel", "pydantic", "alembic", "reportlab", "PIL", "segno", "pyuca", "starlette",
             "uvicorn", "jinja2", "euchre_tourney.rules", "euchre_tourney.store", "euchre_tourney.tournament",
             "euchre_tourney.reports", "euchre_tourney.web", "euchre_tourney.publish", "euchre_tourney.play")
    code = (
        "import sys\n"
        "from euchre_tourney.gui.app import make_application\n"
        "from euchre_tourney.gui.main_window import MainWindow\n"
        "app = make_application(['test'])\n"
        "window = MainWindow()\n"
        "window.show()\n"
        "seen = []\n"
        f"heavy = {heavy!r}\n"
        "window.glanced.connect(lambda: seen.append(sorted(m for m in sys.modules "
        "if any(m == h or m.startswith(h + '.') for h in heavy))))\n"
        "window.open_in_background(sys.argv[1])\n"
        "print(window.first_look.pages[0].model.rowCount(), seen)\n"
        "sys.stdout.flush()\n"
        "import os; os._exit(0)\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path / "config"))
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, env=env,
                         timeout=120, check=True).stdout
    assert out.strip() == "6 [[]]", out


def test_a_file_refused_after_its_first_look_shows_why_and_drops_the_clicks_kept(qtbot, tmp_path, monkeypatch, gui_env):
    path = tmp_path / "club.sqlite"
    _club(path)

    def locked(database=None, **kwargs):
        raise T.DatabaseError("The database file is locked by another program. Nothing was saved.")

    monkeypatch.setattr(T, "open_database", locked)
    added = []
    monkeypatch.setattr(RosterPage, "add_dialog", lambda page: added.append(page))
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.glanced, timeout=10000):
        window.open_in_background(str(path))
    qtbot.mouseClick(window.first_look.pages[0].add_button, Qt.LeftButton)
    with qtbot.waitSignal(window.open_failed, timeout=60000) as failed:
        pass
    assert "locked" in failed.args[0]
    assert window.first_look is None and window.centralWidget() is window.placeholder
    assert failed.args[0] in window.placeholder.text() and added == []
    assert window.findChild(type(window.menuBar())).actions() == []  # the first look's menus are gone


def test_the_first_look_answers_the_window_s_keys(qtbot, held):
    window, slow, _event_id, _ids = held
    look = window.first_look
    qtbot.keyClick(look.tabs, Qt.Key_2, Qt.AltModifier)  # Alt+2: the Event page, at once
    assert look.tabs.currentIndex() == 1
    qtbot.keyClick(look.tabs, Qt.Key_N, Qt.ControlModifier)  # Ctrl+N: New event, once the file is open
    assert window.statusBar().currentMessage() == "New event follows as soon as the file is open…"
    assert [what for what, _act in window._pending] == ["New event"]


def test_edit_on_the_first_look_edits_the_same_player_on_the_real_page(qtbot, held, monkeypatch):
    window, slow, _event_id, ids = held
    edited = []
    monkeypatch.setattr(RosterPage, "edit_selected", lambda page: edited.append(page.selected().id))
    roster = window.first_look.pages[0]
    row = next(i for i in range(roster.proxy.rowCount()) if roster.proxy.data(roster.proxy.index(i, 0)) == "Cy Cole")
    roster.table.selectRow(row)
    qtbot.mouseClick(roster.edit_button, Qt.LeftButton)
    assert edited == []
    with qtbot.waitSignal(window.opened, timeout=60000):
        slow.release.set()
    assert edited == [ids[2]]  # Cy Cole, selected again on the real page
