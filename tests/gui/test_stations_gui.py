"""Two main windows on one database in one process, standing for two
scoring stations (issue 15): a hand saved in one appears in the other's
Scores and Standings pages at its next poll. Runs on PostgreSQL (and SQLite)."""

from __future__ import annotations

import datetime

import pytest
from PySide6.QtCore import Qt

from euchre_tourney import tournament as T
from euchre_tourney.gui.main_window import MainWindow
from euchre_tourney.rules import HandEntry, Side
from euchre_tourney.store import open_database


@pytest.fixture
def two_windows(qtbot, gui_env, db_url, db):
    with db.session() as s:
        ids = [T.add_player(s, f"Player {i:02d}").id for i in range(8)]
        ev = T.create_event(s, "Night", datetime.date(2026, 11, 24), rounds=2, hands_per_round=4)
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=3)
    dbs = [open_database(db_url, station=name) for name in ("Front desk", "Back room")]
    windows = []
    for d in dbs:
        w = MainWindow(d)
        qtbot.addWidget(w)
        w.poll_timer.stop()  # the test calls the poll itself: no test depends on timing
        windows.append(w)
    yield ev.id, windows
    for w, d in zip(windows, dbs):
        w.close()
        d.dispose()


@pytest.mark.postgres
def test_a_hand_saved_at_one_station_shows_at_the_other(qtbot, two_windows, gui_env):
    _ev, (front, back) = two_windows
    assert front.poll_timer.interval() == T.POLL_INTERVAL_MS == 1000
    back.tabs.setCurrentWidget(back.scores_page)
    back.scores_page.select(1, 1)
    assert back.poll_other_stations() is False  # first look: nothing to redraw
    assert back.scores_page.table_view.hands == ()

    page = front.scores_page
    front.tabs.setCurrentWidget(page)
    page.select(1, 1)
    page.makers.setFocus()
    qtbot.keyClick(page.makers, Qt.Key_N)
    qtbot.keyClicks(page.tricks, "5")
    qtbot.keyClick(page.tricks, Qt.Key_Return)
    assert "Hand 1 saved" in page.message.text()

    assert back.poll_other_stations() is True
    shown = back.scores_page.table_view.hands
    assert [(h.number, h.points, h.station) for h in shown] == [(1, 2, "Front desk")]
    assert back.scores_page.model.rowCount() == 1
    assert back.poll_other_stations() is False  # nothing new since

    back.ctx.run(T.finish_table, back.ctx.event_id, 1, 1)  # time called: 1 of 4 hands counts
    back.tabs.setCurrentWidget(back.standings_page)
    assert sum(r.points for r in back.standings_page.view.rows) == 4  # two winners × 2 points

    # the same hand typed at the back room: refused with the front desk's values
    back.tabs.setCurrentWidget(back.scores_page)
    bp = back.scores_page
    bp.hand_number.setValue(1)
    qtbot.keyClicks(bp.tricks, "3")
    assert back.poll_other_stations() is False  # a half-typed hand is never wiped by a redraw
    qtbot.keyClick(bp.tricks, Qt.Key_Return)
    assert "already recorded at station Front desk: NS 5 tricks: NS score 2" in bp.message.text()

    # a correction made at the back on a view the front has since changed: refused, both values shown
    bp.hands.selectRow(0)
    qtbot.keyClick(bp.hands, Qt.Key_F2)  # on purpose: Enter never opens a correction (issue 29)
    hand = front.scores_page.table_view.hands[0]
    front.ctx.run(T.correct_hand, hand.id, HandEntry(Side.NS, 4))
    bp.tricks.clear()
    qtbot.keyClicks(bp.tricks, "3")
    qtbot.keyClick(bp.tricks, Qt.Key_Return)
    assert "was changed at station Front desk" in bp.message.text() and "your correction says NS 3 tricks" in bp.message.text()
    bp.cancel_edit()
    assert back.poll_other_stations() is True
    assert [h.maker_tricks for h in bp.table_view.hands] == [4]
    bp.hands.selectRow(0)
    assert "recorded NS 5 tricks" in bp.history.text() and "at Front desk: corrected" in bp.history.text()
    bp.grab().save("/tmp/shots/store/scores_two_stations.png")


def test_a_database_that_cannot_be_written_says_not_saved(qtbot, gui_env, db_path):
    """The Scores page says "Not saved" with the reason in words when the
    database refuses the write (here: every connection read-only)."""
    from sqlalchemy import event

    db = open_database(db_path)
    with db.session() as s:
        ids = [T.add_player(s, f"Player {i:02d}").id for i in range(4)]
        ev = T.create_event(s, "Night", datetime.date(2026, 11, 24), rounds=1, hands_per_round=4)
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=3)
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.poll_timer.stop()
    page = window.scores_page
    window.tabs.setCurrentWidget(page)
    page.select(1, 1)
    event.listen(db.engine, "connect", lambda conn, _r: conn.execute("PRAGMA query_only=ON"))
    db.engine.dispose()
    qtbot.keyClicks(page.tricks, "3")
    qtbot.keyClick(page.tricks, Qt.Key_Return)
    text = page.message.text()
    assert text.startswith("Not saved: The database ") and "is read-only. Nothing was saved." in text
    assert "sqlite3" not in text and "Background" not in text
    page.grab().save("/tmp/shots/store/scores_not_saved_read_only.png")
    window.close()
    db.dispose()


def test_a_station_enters_only_its_tables(qtbot, gui_env, db_path):
    db = open_database(db_path, station="Tables 2-3")
    with db.session() as s:
        ids = [T.add_player(s, f"Player {i:02d}").id for i in range(16)]
        ev = T.create_event(s, "Night", datetime.date(2026, 11, 24), rounds=1, hands_per_round=1)
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=3)
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.poll_timer.stop()
    page = window.scores_page
    window.tabs.setCurrentWidget(page)
    assert page.tables.count() == 4
    page.station_tables.setText("2-3")
    page.choose_tables()
    assert [page.tables.item(i).data(Qt.UserRole) for i in range(page.tables.count())] == [2, 3]
    assert page.current_table() == 2
    for _table in (2, 3):
        qtbot.keyClicks(page.tricks, "3")
        qtbot.keyClick(page.tricks, Qt.Key_Return)
    assert "Every one of this station's tables of round 1 is complete." in page.message.text()
    window.statusBar().grab().save("/tmp/shots/store/status_bar_station.png")
    page.grab().save("/tmp/shots/store/scores_station_tables.png")
    page.station_tables.setText("two")
    page.choose_tables()
    assert "type tables like 1-4, 7" in page.message.text() and page.tables.count() == 2
    window.close()
    again = MainWindow(db)  # remembered for the next start
    qtbot.addWidget(again)
    again.poll_timer.stop()
    assert again.scores_page.station_tables.text() == "2-3" and again.scores_page.mine == {2, 3}
    again.close()
    db.dispose()
