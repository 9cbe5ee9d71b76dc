"""Issue 20 item 1: no typed input is ever lost. Whole rounds are typed as
bursts of key presses with no pause between keys while the station poll
fires every few keys and another station saves hands at another table, so
every poll has something to redraw. Every hand typed must be stored exactly,
with the number the director saw."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from euchre_tourney import tournament as T
from euchre_tourney.gui.main_window import MainWindow
from euchre_tourney.rules import HandEntry, Seat, Side
from euchre_tourney.store import open_database

from tests.gui.nights import night

ROUND = "e3 n4 e5 n0 e3 n5a e1 n3".split()
"""One round as typed: makers' side letter, the tricks, ``a`` when the
maker went alone (the first of that side's seats)."""


def keys_for(hand: str) -> list:
    """The keys a director presses for one hand on the Scores page: the side
    letter in the Makers box, Tab, the tricks, (Tab, Down: who went alone),
    Enter."""
    side, tricks, alone = hand[0], hand[1], hand[2:] == "a"
    keys = [getattr(Qt, f"Key_{side.upper()}"), Qt.Key_Tab, getattr(Qt, f"Key_{tricks}")]
    if alone:
        keys += [Qt.Key_Tab, Qt.Key_Down]
    return keys + [Qt.Key_Return]


def expected(hand: str) -> tuple:
    side = Side.NS if hand[0] == "n" else Side.EW
    alone = (Seat.NORTH if side is Side.NS else Seat.EAST) if hand[2:] == "a" else None
    return side, int(hand[1]), alone


@pytest.fixture
def station(qtbot, gui_env, db_url, db):
    event_id = night(db, hands=8)
    front = open_database(db_url, station="Front desk")
    back = open_database(db_url, station="Back room")
    window = MainWindow(front)
    qtbot.addWidget(window)
    window.poll_timer.stop()  # the test fires the poll itself
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    window.tabs.setCurrentWidget(window.scores_page)
    yield event_id, window, back
    window.close()
    front.dispose()
    back.dispose()


@pytest.mark.parametrize("every", [1, 2, 3])
def test_burst_typed_rounds_store_every_hand_while_the_poll_redraws(qtbot, station, every):
    """Every ``every`` keys: another station saves a hand at table 2, then
    the poll runs (it has a change to redraw)."""
    event_id, window, back = station
    page = window.scores_page
    other = itertools.count(1)
    typed = 0
    for round_number in (1, 2):
        page.select(round_number, 1)
        page.makers.setFocus()
        QApplication.processEvents()  # the test's own focus change, before the burst
        keys = [k for hand in ROUND for k in keys_for(hand)]
        for i, key in enumerate(keys):
            qtbot.keyClick(QApplication.focusWidget(), key, delay=0)
            if i % every == every - 1:
                n = next(other)
                if n <= 8:  # table 2 of this round, one hand per poll
                    with back.session() as s:
                        T.record_hand(s, event_id, round_number, 2, n, HandEntry(Side.NS, 3))
                window.poll_other_stations()
                page.data_changed()  # any other redraw (a change made here, an undo) in mid-entry too
        typed += len(ROUND)
        other = itertools.count(1)
        with back.session() as s:
            stored = T.table_score(s, event_id, round_number, 1).hands
        got = [(h.number, h.makers, h.maker_tricks, h.alone_seat) for h in stored]
        want = [(n, *expected(hand)) for n, hand in enumerate(ROUND, start=1)]
        assert got == want, f"round {round_number}: hands stored {len(stored)} of {len(ROUND)} typed"
    assert typed == 2 * len(ROUND)
    assert "complete" in page.message.text()  # the last Enter saved the last hand, no warning left
