"""The window's Scores page marks a hand a table disputed from its phone
(tapped Disagree), learns of it at its next poll, and clears the mark once
the director corrects the hand (issue 29, item 2)."""

from __future__ import annotations

import datetime

import pytest

from euchre_tourney import tournament as T
from euchre_tourney.gui.main_window import MainWindow
from euchre_tourney.rules import HandEntry, Side


@pytest.fixture
def window(qtbot, gui_env, db):
    with db.session() as s:
        ids = [T.add_player(s, f"Player {i:02d}").id for i in range(8)]
        ev = T.create_event(s, "Night", datetime.date(2026, 11, 29), rounds=2, hands_per_round=4)
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=3)
        secrets = T.table_secrets(s, ev.id)
    w = MainWindow(db)
    qtbot.addWidget(w)
    w.poll_timer.stop()  # the test calls the poll itself
    w.show()
    w.reload_events(select=ev.id)
    yield w, ev.id, secrets
    w.close()


def test_a_disputed_hand_is_marked_on_the_scores_page_until_the_director_corrects_it(window, db):
    w, event_id, secrets = window
    phone = T.phone_station(1)
    T.operate(db, "phone", T.submit_hand, event_id, 1, secrets[1], "enter-key-0123456789", "NS", 1, HandEntry(Side.NS, 3),
              drawn_round=1, station=phone, event_id=event_id)
    w.tabs.setCurrentWidget(w.scores_page)
    page = w.scores_page
    page.select(1, 1)
    w.poll_other_stations()
    hand_cell = page.model.index(0, 0)
    assert page.model.data(hand_cell) == "1"
    T.operate(db, "phone", T.confirm_hand, event_id, 1, secrets[1], "disagree-key-0123456", 1, 1, False,
              drawn_round=1, station=phone, event_id=event_id)
    assert w.poll_other_stations() is True  # the dispute is in the audit trail: the poll sees it
    assert page.model.data(page.model.index(0, 0)) == "1 ⚑ disputed"
    assert "Disagree" in page.model.data(page.model.index(0, 0), 3)  # Qt.ToolTipRole
    page.hands.selectRow(0)
    page.show_history()
    assert "disputed NS 3 tricks" in page.history.text()
    w.resize(1200, 700)
    w.grab().save("/tmp/shots/guard/disputed_hand.png")
    hand = page.table_view.hands[0]
    w.ctx.operate("Correct hand 1", T.correct_hand, hand.id, HandEntry(Side.EW, 3), expected_version=hand.version,
                  event_id=event_id)
    assert page.model.data(page.model.index(0, 0)) == "1"  # settled: the mark goes, and the phone's page clears
    with db.session() as s:
        assert T.phone_table(s, event_id, 1, secrets[1]).disputed is False
