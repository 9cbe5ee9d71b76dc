"""Keyboard and messages (issue 14, item 6): the check-in trap, the
"everyone" buttons on the filtered list, and no mnemonic used twice in a window."""

from __future__ import annotations

import datetime

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from euchre_tourney import tournament as T
from euchre_tourney.gui.main_window import MainWindow
from euchre_tourney.rules import HandEntry, Side


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


# Scores: messages, forbidden controls, where it opens, Undo from a text box --------------

def _night(window, rules=None, players=8):
    ids = [window.ctx.run(T.add_player, f"P{i}").id for i in range(players)]
    extra = {"rules": rules} if rules is not None else {}
    window.create_event(name="Night", date=datetime.date(2026, 2, 3), rounds=3, hands_per_round=2, **extra)
    window.event_page.set_checked_in(ids, True)
    window.tabs.setCurrentWidget(window.rotation_page)
    assert window.rotation_page.generate()
    window.tabs.setCurrentWidget(window.scores_page)
    return window.scores_page


def _type_hand(qtbot, page, side_key, tricks):
    page.makers.setFocus()
    qtbot.keyClick(page.makers, side_key)
    qtbot.keyClicks(page.tricks, tricks)
    qtbot.keyClick(page.tricks, Qt.Key_Return)


def test_messages_clear_on_undo_and_on_another_table(qtbot, window):
    page = _night(window)
    page.select(1, 1)
    _type_hand(qtbot, page, Qt.Key_N, "3")
    assert page.message.text().startswith("Hand 1 saved")
    window.undo_action.trigger()
    assert page.message.text() == "" and page.table_view.hands == ()  # no stale "Hand 1 saved"
    page.tricks.setText("9")
    assert page.save() is False and page.message.text().startswith("Not saved")
    page.select(1, 2)
    assert page.message.text() == ""  # table 2 does not show table 1's error
    page.tricks.setText("9")
    page.save()
    page.select(2, 1)  # another round
    assert page.message.text() == ""


def test_defender_alone_is_disabled_with_the_reason(qtbot, window):
    page = _night(window)  # North American rules: never
    assert not page.defender_alone.isEnabled()
    assert page.defender_alone.toolTip() == "Defender alone: these rules do not allow a defender to play alone."


def test_defender_alone_only_against_a_lone_maker(qtbot, window):
    from euchre_tourney.rules import PRESETS, DefendAlone

    page = _night(window, PRESETS["north_american"].replace(defend_alone=DefendAlone.AGAINST_LONER))
    page.select(1, 1)
    assert not page.defender_alone.isEnabled() and "only against a lone maker" in page.defender_alone.toolTip()
    page.alone.setCurrentIndex(1)  # North went alone
    assert page.defender_alone.isEnabled()
    page.defender_alone.setChecked(True)
    page.alone.setCurrentIndex(0)  # nobody alone after all: the tick goes
    assert not page.defender_alone.isEnabled() and not page.defender_alone.isChecked()


def test_scores_opens_at_the_next_unfinished_table(qtbot, gui_env, db, window):
    page = _night(window, players=12)
    for table in (1, 2, 3):  # round 1 complete
        for number in (1, 2):
            window.ctx.run(T.record_hand, window.ctx.event_id, 1, table, number, HandEntry(Side.NS, 3))
    window.ctx.run(T.record_hand, window.ctx.event_id, 2, 1, 1, HandEntry(Side.EW, 3))
    window.ctx.run(T.record_hand, window.ctx.event_id, 2, 1, 2, HandEntry(Side.EW, 3))
    again = MainWindow(db)  # reopened
    qtbot.addWidget(again)
    again.tabs.setCurrentWidget(again.scores_page)
    again.scores_page.refresh()
    assert (again.scores_page.round.value(), again.scores_page.current_table()) == (2, 2)


def test_ctrl_z_in_the_tricks_box_then_reaches_the_menu_undo(qtbot, window):
    page = _night(window)
    window.activateWindow()  # window shortcuts (the menu's Ctrl+Z) answer only in the active window
    qtbot.waitUntil(window.isActiveWindow, timeout=60000)
    page.select(1, 1)
    _type_hand(qtbot, page, Qt.Key_N, "3")
    assert len(page.table_view.hands) == 1
    page.tricks.setFocus()
    qtbot.keyClicks(page.tricks, "4")
    qtbot.keyClick(page.tricks, Qt.Key_Z, Qt.ControlModifier)  # undoes the typing only
    assert page.tricks.text() == "" and len(page.table_view.hands) == 1
    qtbot.keyClick(page.tricks, Qt.Key_Z, Qt.ControlModifier)  # nothing left to undo in the box: the hand
    assert page.table_view.hands == ()


# Print: paper size remembered, reprint one card or a selection -----------------------------

def test_paper_size_is_chosen_in_the_app_and_remembered(qtbot, window, db, tmp_path):
    from pypdf import PdfReader

    page = _night(window)
    window.paper_actions["a4"].trigger()
    assert window.page_size() == "a4"
    again = MainWindow(db)  # next session
    qtbot.addWidget(again)
    assert again.page_size() == "a4" and again.paper_actions["a4"].isChecked()
    again.paper_actions["letter"].trigger()
    assert window.page_size() == "letter" and again.paper_actions["letter"].isChecked()
    path = tmp_path / "cards.pdf"
    assert again.save_pdf("scorecards", str(path))
    box = PdfReader(path).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)  # Letter, in points
    window.paper_actions["a4"].trigger()
    assert window.save_pdf("scorecards", str(path))
    box = PdfReader(path).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)  # A4
    del page


def test_reprint_one_card_or_a_selection(qtbot, window, tmp_path, monkeypatch):
    from pypdf import PdfReader
    from PySide6.QtCore import QItemSelectionModel
    from PySide6.QtWidgets import QFileDialog

    _night(window)
    window.tabs.setCurrentWidget(window.event_page)
    page = window.event_page
    assert page.cards_button.isEnabled()
    saved = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(tmp_path / f"sel{len(saved)}"), ""))
    monkeypatch.setattr("euchre_tourney.gui.main_window.QDesktopServices.openUrl", lambda url: saved.append(url.toLocalFile()))
    rows = {page.proxy.data(page.proxy.index(i, 0), Qt.UserRole).name: i for i in range(page.proxy.rowCount())}
    page.table.selectRow(rows["P3"])
    qtbot.mouseClick(page.cards_button, Qt.LeftButton)
    pick = page.table.selectionModel()
    for name in ("P5", "P6"):
        pick.select(page.proxy.index(rows[name], 0), QItemSelectionModel.Select | QItemSelectionModel.Rows)
    qtbot.mouseClick(page.cards_button, Qt.LeftButton)
    assert saved == [str(tmp_path / "sel0.pdf"), str(tmp_path / "sel1.pdf")]
    number = {e.name: e.number for e in window.ctx.run(T.entrants, window.ctx.event_id)}

    def card_heads(path):
        text = "\n".join(p.extract_text() for p in PdfReader(path).pages)
        return sorted(line.split(" Scorecard")[0] for line in text.splitlines() if line.startswith("#"))

    assert card_heads(saved[0]) == [f"#{number['P3']} P3"]
    assert card_heads(saved[1]) == sorted(f"#{number[n]} {n}" for n in ("P3", "P5", "P6"))
