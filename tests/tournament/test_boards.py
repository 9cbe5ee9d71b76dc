"""Issue 21 item 2: one read model per page. The Scores page's entry board
(done marks and the next unfinished table computed once, here), the other
pages' boards, and the station poll's Change from the change stamp."""

from __future__ import annotations

import datetime

import pytest

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Side


@pytest.fixture
def night(session):
    ids = [T.add_player(session, f"Player {i:02d}").id for i in range(12)]
    ev = T.create_event(session, "Night", datetime.date(2026, 11, 24), rounds=2, hands_per_round=2)
    T.set_checked_in(session, ev.id, ids)
    T.generate_rotation(session, ev.id, seed=3)
    return ev.id


def test_the_board_places_entry_at_the_next_unfinished_table(session, night):
    board = T.entry_board(session, night)
    assert (board.round, board.table.table, board.next_unfinished) == (1, 1, (1, 1))
    assert [(m.table, m.hands, m.done) for m in board.tables] == [(1, 0, False), (2, 0, False), (3, 0, False)]
    for n in (1, 2):
        T.record_hand(session, night, 1, 1, n, HandEntry(Side.NS, 3))
    T.finish_table(session, night, 1, 2)  # time called: done, though no hand is in
    board = T.entry_board(session, night)
    assert board.next_unfinished == (1, 3) and board.table.table == 3
    assert [(m.table, m.finished_by, m.done) for m in board.tables] == [
        (1, "", True), (2, "time called", True), (3, "", False)]
    assert board.next_open_after(1) == 3 and not board.round_done
    assert board.rules.target == 10  # a RuleSet, not a dict
    mine = T.entry_board(session, night, mine=frozenset({1, 2}))  # this station's tables are all done
    assert mine.next_unfinished == (2, 1) and mine.round == 2
    shown = T.entry_board(session, night, 1, 1)
    assert [h.number for h in shown.table.hands] == [1, 2] and shown.table.next_hand is None
    assert shown.result is not None and shown.result.finished


def test_a_board_without_a_rotation(session):
    ev = T.create_event(session, "Empty", datetime.date(2026, 11, 24), rounds=2, hands_per_round=2)
    board = T.entry_board(session, ev.id)
    assert board.tables == () and board.table is None and board.next_unfinished is None
    assert not board.event.has_rotation


def test_the_other_pages_boards(session, night):
    assert T.standings_board(session, night).players is not None
    assert T.standings_board(session, night).teams is None
    rotation = T.rotation_board(session, night)
    assert len(rotation.rotation.rounds) == 2 and rotation.event.id == night
    assert T.teams_board(session, night).teams is None


def test_changes_since_gives_the_change_other_stations_made(session, night):
    stamp = T.change_stamp(session, night)
    assert T.changes_since(session, night, stamp) == (stamp, None)
    T.record_hand(session, night, 2, 3, 1, HandEntry(Side.EW, 4))
    stamp2, change = T.changes_since(session, night, stamp)
    assert stamp2 > stamp
    assert (change.kinds, change.rounds, change.tables) == (frozenset({"hands"}), frozenset({2}), frozenset({3}))
    assert change.concerns(night, {"hands"}, round=2, table=3)
    assert not change.concerns(night, {"hands"}, round=1)
    T.lock_round(session, night, 1)
    _stamp3, change = T.changes_since(session, night, stamp2)
    assert "locks" in change.kinds and change.tables == frozenset() and change.rounds == frozenset({1})
