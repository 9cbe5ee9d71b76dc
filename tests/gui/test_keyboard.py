"""Keyboard and messages (issue 14, item 6): the check-in trap, the
"everyone" buttons on the filtered list, and no mnemonic used twice in a window."""

from __future__ import annotations

import datetime

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from euchre_tourney import tournament as T
from euchre_tourney.gui.main_window import MainWindow


@pytest.fixture
def window(qtbot, gui_env, db):
    w = MainWindow(db)
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show()
    qtbot.waitExposed(w)
    return w


@pytest.fixture
def forty(window):
    """40 players on the roster, an event, 39 of them checked in (not "Zoë Late")."""
    ctx = window.ctx
    ids = [ctx.run(T.add_player, f"Member {i:02d}").id for i in range(39)]
    late = ctx.run(T.add_player, "Zoë Late").id
    window.create_event(name="Night", date=datetime.date(2026, 2, 3), rounds=8, hands_per_round=8)
    window.event_page.set_checked_in(ids, True)
    window.tabs.setCurrentWidget(window.event_page)
    return late


def _checked(window) -> int:
    return sum(1 for e in window.ctx.run(T.entrants, window.ctx.event_id) if e.checked_in)


def test_checkin_trap_sequence_ticks_the_player_found(qtbot, window, forty, gui_env):
    page = window.event_page
    page.search.setFocus()
    qtbot.keyClicks(page.search, "late")
    assert page.proxy.rowCount() == 1
    qtbot.keyClick(page.search, Qt.Key_Tab)
    assert QApplication.focusWidget() is page.table  # the list, not "Check out everyone"
    qtbot.keyClick(page.table, Qt.Key_Down)
    qtbot.keyClick(page.table, Qt.Key_Space)
    assert _checked(window) == 40  # every player checked in, nobody checked out
    assert gui_env["questions"] == []  # no "Continue?" on the way
    # on from the list, Tab reaches the buttons, in screen order
    qtbot.keyClick(page.table, Qt.Key_Tab)
    assert QApplication.focusWidget() is page.all_button


def test_everyone_buttons_apply_to_the_filtered_list_and_confirm_with_the_count(qtbot, window, forty, gui_env):
    page = window.event_page
    qtbot.keyClicks(page.search, "Member 1")  # Member 10..19
    assert page.none_button.text() == "Check o&ut these"
    qtbot.mouseClick(page.none_button, Qt.LeftButton)
    assert gui_env["questions"][-1] == ("Check out players", "Check out 10 players (those matching “Member 1”)?")
    assert _checked(window) == 29
    page.search.clear()
    assert page.all_button.text() == "Check &in everyone"
    qtbot.mouseClick(page.all_button, Qt.LeftButton)
    assert gui_env["questions"][-1] == ("Check in players", "Check in 11 players?")
    assert _checked(window) == 40
    qtbot.mouseClick(page.none_button, Qt.LeftButton)
    assert gui_env["questions"][-1] == ("Check out players", "Check out 40 players?")
    assert _checked(window) == 0  # confirmed (no rotation yet): everyone out


def test_declining_the_count_question_changes_nothing(qtbot, window, forty, gui_env, monkeypatch):
    from euchre_tourney.gui import context

    monkeypatch.setattr(context, "ask", lambda _p, title, q: gui_env["questions"].append((title, q)) and False)
    qtbot.mouseClick(window.event_page.none_button, Qt.LeftButton)
    assert gui_env["questions"][-1] == ("Check out players", "Check out 39 players?")
    assert _checked(window) == 39


def test_roster_sorts_names_for_people(window):
    for name in ("Zed", "Łukasz", "Lucy", "émile", "Eve"):
        window.ctx.run(T.add_player, name)
    window.tabs.setCurrentWidget(window.roster_page)
    page = window.roster_page
    page.refresh()
    shown = [page.proxy.data(page.proxy.index(i, 0)) for i in range(page.proxy.rowCount())]
    assert shown == ["émile", "Eve", "Lucy", "Łukasz", "Zed"]
    page.table.sortByColumn(0, Qt.DescendingOrder)
    shown = [page.proxy.data(page.proxy.index(i, 0)) for i in range(page.proxy.rowCount())]
    assert shown == ["Zed", "Łukasz", "Lucy", "Eve", "émile"]
