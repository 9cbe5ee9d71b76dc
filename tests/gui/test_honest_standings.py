"""Honest standings in the window (issue 14, item 3): a half-entered table
does not count, the status line says how many tables are in, and calling
time at a table (a real click on its checkbox) makes it count."""

from __future__ import annotations

import datetime

import pytest
from PySide6.QtCore import QPoint, Qt

from euchre_tourney import tournament as T
from euchre_tourney.gui.main_window import MainWindow
from euchre_tourney.rules import HandEntry, Side


@pytest.fixture
def window(qtbot, gui_env, db):
    w = MainWindow(db)
    qtbot.addWidget(w)
    return w


def make_night(window, players=9, mode="hands"):
    ctx = window.ctx
    ids = [ctx.run(T.add_player, f"P{i}").id for i in range(players)]
    view = window.create_event(name="Night", date=datetime.date(2026, 2, 3), rounds=3, hands_per_round=4)
    if mode != "hands":
        ctx.run(T.update_event, view.id, entry_mode=mode)
    window.event_page.set_checked_in(ids, True)
    window.tabs.setCurrentWidget(window.rotation_page)
    assert window.rotation_page.generate()
    return view


def test_a_half_entered_table_does_not_count_and_the_status_says_so(window, qtbot):
    night = make_night(window)
    scores = window.scores_page
    window.tabs.setCurrentWidget(scores)
    scores.select(1, 1)
    for n in (1, 2):  # typed as the director does: tricks, Enter
        qtbot.keyClicks(scores.tricks, "5")
        qtbot.keyClick(scores.tricks, Qt.Key_Return)
    assert len(scores.table_view.hands) == 2
    assert "2 of 4 hands in: this table does not count" in scores.round_box.status.text()
    window.tabs.setCurrentWidget(window.standings_page)
    page = window.standings_page
    assert all(r.points == 0 and r.rounds_played == 0 and r.rounds_won == 0 for r in page.view.rows)
    assert "round 1: 0 of 2 tables in" in page.summary.text()
    assert "Ties are broken by total points, then rounds won, then loners made" in page.rules_text.text()

    window.tabs.setCurrentWidget(scores)
    scores.select(1, 1)
    check = scores.round_box.time_called
    qtbot.mouseClick(check, Qt.LeftButton, pos=QPoint(8, check.height() // 2))  # on the box itself
    assert scores.round_box.time_called.isChecked()
    assert "time called, 2 of 4 hands" in scores.round_box.status.text()
    assert scores.tables.item(0).text() == "✓ Table 1   2/4, time"
    window.tabs.setCurrentWidget(page)
    assert "round 1: 1 of 2 tables in" in page.summary.text()
    assert sorted(r.points for r in page.view.rows if r.rounds_played) == [0, 0, 4, 4]
    assert sum(r.sit_outs for r in page.view.rows) == 0  # round 1 not finished: the sit-out waits

    for n in range(1, 5):
        window.ctx.run(T.record_hand, night.id, 1, 2, n, HandEntry(Side.EW, 3))
    window.ctx.changed.emit()
    assert "after round 1 — round 2: 0 of 2 tables in" in page.summary.text()
    assert sum(r.sit_outs for r in page.view.rows) == 1

    window.ctx.undo_stack.undo()  # undo the time call at table 1
    assert "round 1: 1 of 2 tables in" in page.summary.text()


def test_round_totals_are_typed_into_the_scores_page(window, qtbot):
    night = make_night(window, mode="totals")
    scores = window.scores_page
    window.tabs.setCurrentWidget(scores)
    scores.select(1, 1)
    box = scores.round_box
    assert not scores.entry.isVisibleTo(scores) and box.totals.isVisibleTo(scores)
    box.ns_points.setValue(17)  # more than 4 points a hand over 4 hands
    qtbot.mouseClick(box.save_button, Qt.LeftButton)
    assert "Not saved" in box.status.text() and "at most 16" in box.status.text()
    assert not window.ctx.run(T.table_result, night.id, 1, 1).finished
    box.ns_points.setValue(6)
    box.ew_points.setValue(1)
    box.loners[next(iter(box.loners))].setValue(1)  # North made a loner
    qtbot.mouseClick(box.save_button, Qt.LeftButton)
    assert "Totals in: North–South 6, East–West 1" in box.status.text()
    assert scores.tables.item(0).text() == "✓ Table 1   totals"
    view = window.ctx.run(T.standings, night.id)
    assert view.status == "round 1: 1 of 2 tables in"
    assert sorted(r.points for r in view.rows if r.rounds_played) == [1, 1, 6, 6]
    assert sum(r.loners for r in view.rows) == 1


def test_the_event_page_sets_the_entry_mode_and_the_round_timer(window):
    night = make_night(window)
    window.tabs.setCurrentWidget(window.event_page)
    form = window.event_page.form
    form.entry_mode.setCurrentIndex(form.entry_mode.findData("totals"))
    form.minutes.setValue(20)
    window.event_page.save_settings()
    event = window.ctx.run(T.get_event, night.id)
    assert (event.entry_mode, event.minutes_per_round) == ("totals", 20)
    window.ctx.undo_stack.undo()
    event = window.ctx.run(T.get_event, night.id)
    assert (event.entry_mode, event.minutes_per_round) == ("hands", 0)
    assert form.minutes.text() == "no timer"


def test_the_entry_mode_changes_for_the_rounds_not_yet_played(window, qtbot):
    """Issue 20: hands in round 1, then round totals chosen on the Event
    page: round 2 takes totals, round 1 still shows its hand entry."""
    night = make_night(window)
    for table in (1, 2):
        for n in range(1, 5):
            window.ctx.run(T.record_hand, night.id, 1, table, n, HandEntry(Side.NS, 3))
    window.tabs.setCurrentWidget(window.event_page)
    form = window.event_page.form
    form.entry_mode.setCurrentIndex(form.entry_mode.findData("totals"))
    window.event_page.save_settings()
    assert window.ctx.run(T.get_event, night.id).entry_mode == "totals"
    scores = window.scores_page
    window.tabs.setCurrentWidget(scores)
    scores.select(2, 1)
    assert not scores.entry.isVisibleTo(scores) and scores.round_box.totals.isVisibleTo(scores)
    assert scores.round_box.status.text() == "No totals yet: this table does not count in the standings yet."
    scores.select(1, 1)
    assert scores.entry.isVisibleTo(scores) and not scores.round_box.totals.isVisibleTo(scores)


def test_round_totals_typed_on_a_stale_box_do_not_replace_another_stations(window, qtbot):
    """Issue 29: the round box's totals name what it showed; another station's totals entered meanwhile stay."""
    night = make_night(window, mode="totals")
    scores = window.scores_page
    window.tabs.setCurrentWidget(scores)
    scores.select(1, 1)
    box = scores.round_box
    with window.ctx.db.session() as s:  # another station enters table 1's totals after this box was drawn
        T.record_table_totals(s, night.id, 1, 1, 6, 2)
    box.ns_points.setValue(6)
    box.ew_points.setValue(1)
    qtbot.mouseClick(box.save_button, Qt.LeftButton)
    assert "Not saved" in box.status.text() and "North–South 6, East–West 2" in box.status.text()
    result = window.ctx.run(T.table_result, night.id, 1, 1)
    assert (result.ns_points, result.ew_points) == (6, 2)
