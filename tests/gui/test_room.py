"""The room (issue 14, item 7): the projector pages through long standings
full screen, shows the round status, the timer and the prizes; the round
timer runs on a fake clock (no real time passes in these tests)."""

from __future__ import annotations

import datetime
import time

import pytest
from PySide6.QtCore import QPoint, Qt

from euchre_tourney import tournament as T
from euchre_tourney.gui.main_window import MainWindow
from euchre_tourney.gui.projector import ProjectorWindow
from euchre_tourney.gui.room import RoundTimer, TimerBar, TimerLabel, clock_text
from euchre_tourney.rules import HandEntry, Side
from euchre_tourney.tournament.readmodels import StandingRow, StandingsView


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def big_view(players: int) -> StandingsView:
    rows = tuple(
        StandingRow(place=i, tied=False, player_id=i, number=i, name=f"Player {i:03d}", points=300 - i,
                    rounds_played=3, rounds_won=1, loners=0, sit_outs=0, sit_out_credit=0, round_points=(1, 2, 3))
        for i in range(1, players + 1)
    )
    prizes = T.compute_prizes(rows, (("high", None), ("low", None), ("closest", 200)))
    return StandingsView(1, "Club night", rows, T.TIE_BREAKS, "average", 600,
                         status="after round 3 — round 4: 7 of 10 tables in", prizes=prizes)


def test_the_projector_pages_through_200_players(qtbot):
    projector = ProjectorWindow()
    qtbot.addWidget(projector)
    projector.resize(1920, 1080)
    projector.show()
    view = big_view(200)
    projector.show_standings(view)
    per = projector.rows_per_page()
    assert 10 <= per <= 20  # large type: a readable handful of lines at 1080 pixels
    assert projector.pages() == -(-200 // per)
    seen = []
    for _ in range(projector.pages()):
        assert len(projector.shown_rows()) <= per
        seen += [r.number for r in projector.shown_rows()]
        projector.next_page()  # what the page timer does every few seconds
    assert seen == list(range(1, 201))  # every player once, in order
    assert projector.page == 0  # after the last page, back to the first
    assert projector.pager.isActive() and projector.pager.interval() == 10_000
    qtbot.keyClick(projector, Qt.Key_PageDown)
    assert projector.page == 1 and projector.page_label.text() == f"page 2 of {projector.pages()}"
    assert projector.status.text() == "After round 3 — round 4: 7 of 10 tables in"
    assert "High score" in projector.prizes.text() and "Player 001 (1)" in projector.prizes.text()
    assert "Closest to 200" in projector.prizes.text() and "Player 100 (100)" in projector.prizes.text()


def test_the_round_timer_counts_down_on_a_fake_clock(qtbot):
    clock = FakeClock()
    timer = RoundTimer(20, clock=clock)
    bar = TimerBar(timer)
    qtbot.addWidget(bar)
    alerts = []
    timer.expired.connect(lambda: alerts.append(clock.now))
    assert bar.label.text() == "Round timer 20:00" and bar.start_button.text() == "Start timer"
    qtbot.mouseClick(bar.start_button, Qt.LeftButton)
    assert timer.running and bar.start_button.text() == "Pause timer"
    clock.now += 65.5
    timer.tick()
    assert bar.label.text() == "Round timer 18:55"
    qtbot.mouseClick(bar.start_button, Qt.LeftButton)  # pause
    clock.now += 600  # time passes while paused: nothing counts
    timer.tick()
    assert bar.label.text() == "Round timer 18:55 (paused)"
    qtbot.mouseClick(bar.start_button, Qt.LeftButton)  # resume
    clock.now += 18 * 60 + 54
    timer.tick()
    assert bar.label.text() == "Round timer 0:01" and not alerts
    clock.now += 1
    timer.tick()
    timer.tick()
    assert alerts == [clock.now]  # the alert, once
    assert bar.label.text() == "Round timer Time!" and "dc2626" in bar.label.styleSheet()
    assert not bar.start_button.isEnabled()
    qtbot.mouseClick(bar.reset_button, Qt.LeftButton)
    assert bar.label.text() == "Round timer 20:00" and bar.start_button.isEnabled() and bar.label.styleSheet() == ""
    assert clock_text(0.2) == "0:01" and clock_text(0) == "0:00" and clock_text(3600) == "60:00"


@pytest.fixture
def window(qtbot, gui_env, db):
    w = MainWindow(db)
    qtbot.addWidget(w)
    return w


def test_the_timer_shows_in_the_main_window_and_on_the_projector(window, qtbot):
    ids = [window.ctx.run(T.add_player, f"P{i}").id for i in range(8)]
    ev = window.create_event(name="Night", date=datetime.date(2026, 2, 3), rounds=2, hands_per_round=2)
    window.ctx.run(T.update_event, ev.id, minutes_per_round=15)
    window.event_page.set_checked_in(ids, True)
    window.tabs.setCurrentWidget(window.rotation_page)
    assert window.rotation_page.generate()
    window.tabs.setCurrentWidget(window.standings_page)
    page = window.standings_page
    clock = FakeClock()
    page.timer.clock = clock
    assert page.timer.minutes == 15 and page.timer_bar.isVisibleTo(page)
    qtbot.mouseClick(page.timer_bar.start_button, Qt.LeftButton)
    clock.now += 61
    page.timer.tick()
    status_labels = [w.text() for w in window.statusBar().findChildren(type(page.timer_bar.label))]
    assert "Round timer 13:59" in status_labels
    page.show_projector()
    projector = page.projector
    assert projector.isFullScreen()
    assert projector.clock.text() == "Time left 13:59"
    assert projector.status.text() == "Round 1: 0 of 2 tables in"
    assert "High score" in projector.prizes.text() and "not yet won" in projector.prizes.text()
    projector.close()


def test_the_director_chooses_the_prizes_and_undo_brings_the_old_ones_back(window, qtbot):
    from euchre_tourney.gui.room import PrizesDialog

    ids = [window.ctx.run(T.add_player, f"P{i}").id for i in range(8)]
    ev = window.create_event(name="Night", date=datetime.date(2026, 2, 3), rounds=2, hands_per_round=1)
    window.event_page.set_checked_in(ids, True)
    window.tabs.setCurrentWidget(window.rotation_page)
    assert window.rotation_page.generate()
    window.ctx.run(T.record_hand, ev.id, 1, 1, 1, HandEntry(Side.NS, 3))
    window.tabs.setCurrentWidget(window.standings_page)
    page = window.standings_page
    dialog = PrizesDialog(window.ctx.run(T.prize_categories, ev.id))
    qtbot.addWidget(dialog)
    assert dialog.boxes["high"].isChecked() and not dialog.boxes["closest"].isChecked()
    assert not dialog.target.isEnabled()
    qtbot.mouseClick(dialog.boxes["low"], Qt.LeftButton, pos=QPoint(8, dialog.boxes["low"].height() // 2))
    qtbot.mouseClick(dialog.boxes["closest"], Qt.LeftButton, pos=QPoint(8, dialog.boxes["closest"].height() // 2))
    assert dialog.target.isEnabled()
    dialog.target.setValue(1)
    assert page.choose_prizes(dialog)
    assert window.ctx.run(T.prize_categories, ev.id) == (("high", None), ("second", None), ("third", None),
                                                         ("loners", None), ("closest", 1))
    assert "Closest to 1:" in page.prizes.text() and "Low score" not in page.prizes.text()
    window.ctx.undo_stack.undo()
    assert window.ctx.run(T.prize_categories, ev.id) == T.DEFAULT_PRIZES
    assert "Low score" in page.prizes.text()


def test_the_round_timer_is_saved_with_the_event(qtbot, gui_env, db):
    """Issue 20: a timer running at 19:26 is still running after the app is
    reopened, with the same end time; a paused one keeps its time; an event
    with no timer shows none in the status bar, whichever page is open."""
    first = MainWindow(db)
    qtbot.addWidget(first)
    ev = first.create_event(name="Night", date=datetime.date(2026, 2, 3), rounds=2, hands_per_round=2)
    first.ctx.run(T.update_event, ev.id, minutes_per_round=20)
    first.tabs.setCurrentWidget(first.standings_page)
    clock = FakeClock()
    clock.now = float(int(time.time()))  # "19:26": the new window reads the real clock before the fake one is in
    started = datetime.datetime.fromtimestamp(clock.now, datetime.timezone.utc)
    first.standings_page.timer.clock = clock
    qtbot.mouseClick(first.standings_page.timer_bar.start_button, Qt.LeftButton)
    first.close()

    clock.now += 5 * 60  # 19:31: the app is opened again
    again = MainWindow(db)
    qtbot.addWidget(again)
    timer = again.standings_page.timer
    timer.clock = clock
    timer.tick()
    assert timer.running and timer.text() == "15:00"  # ends at 19:46, as started
    assert again.ctx.run(T.get_event, ev.id).timer_ends_at == started + datetime.timedelta(minutes=20)
    again.tabs.setCurrentWidget(again.standings_page)
    qtbot.mouseClick(again.standings_page.timer_bar.start_button, Qt.LeftButton)  # pause at 15:00
    assert again.ctx.run(T.get_event, ev.id).timer_left_seconds == 15 * 60

    other = again.create_event(name="Quiz", date=datetime.date(2026, 2, 4), rounds=2, hands_per_round=2)
    assert other.minutes_per_round == 0
    again.tabs.setCurrentWidget(again.roster_page)
    status = again.statusBar().findChildren(TimerLabel)
    assert len(status) == 1
    assert not any(w.isVisibleTo(again) for w in status)  # no timer on an event that has none
    again.events.setCurrentIndex(again.events.findData(ev.id))
    assert timer.text() == "15:00 (paused)"
    assert any(w.isVisibleTo(again) and w.text() == "Round timer 15:00 (paused)" for w in status)
