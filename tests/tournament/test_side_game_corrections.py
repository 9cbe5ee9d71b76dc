"""Issue 33 item 5: a side game's hand is corrected in place, through the one
guard, as a four-seat hand is: the row and its slot stay, its version goes up
by one, an audit row says old → new; a correction made on a stale view or in a
locked round is refused with a sentence and writes nothing. SQLite and
PostgreSQL."""

from __future__ import annotations

import datetime

import pytest
from sqlmodel import select

from euchre_tourney import tournament as T
from euchre_tourney.rules.tables import SideHandEntry
from euchre_tourney.store import HandAudit
from tests.snapshots import snapshot_event


def _night(db, game: str, players: int):
    with db.session() as s:
        ids = [T.add_player(s, n).id for n in ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"][:players]]
        ev = T.create_event(s, "Side night", datetime.date(2026, 11, 29), rounds=2, hands_per_round=2, game=game)
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=3)
    return ev.id


def _audit(db, event_id):
    with db.session() as s:
        return [(a.action, a.old, a.new) for a in s.exec(select(HandAudit).where(HandAudit.event_id == event_id)
                                                           .order_by(HandAudit.id))]


def _state(db, event_id):
    with db.session() as s:
        return snapshot_event(s, event_id), len(_audit(db, event_id))


def test_a_six_player_hand_is_corrected_in_place_with_an_audit_row(db):
    event_id = _night(db, "six_player_33", 6)
    first, _ = T.operate(db, "Hand 1", T.record_side_hand, event_id, 1, 1, 1, SideHandEntry(0, 3), event_id=event_id)
    assert (first.version, first.points) == (1, 1)
    fixed, change = T.operate(db, "Correct hand 1", T.correct_side_hand, first.id, SideHandEntry(1, 5, alone=True), None, 3,
                              expected_version=1, event_id=event_id)
    assert (fixed.id, fixed.number, fixed.version, fixed.side, fixed.points, fixed.alone_seat) == (first.id, 1, 2, 1, 6, 3)
    assert "hands" in change.kinds
    with db.session() as s:
        view = T.side_table_score(s, event_id, 1, 1)
    assert [(h.id, h.version, h.points) for h in view.hands] == [(first.id, 2, 6)] and view.totals == (0, 6)
    assert view.hands[0].text.startswith(f"{view.names[3]} alone took 5 tricks")
    action, old, new = _audit(db, event_id)[-1]
    assert action == "correct" and "took 3 tricks" in old and "alone took 5 tricks" in new
    # the Loners column counts the corrected lone maker once the table is in
    T.operate(db, "Hand 2", T.record_side_hand, event_id, 1, 1, 2, SideHandEntry(0, 3), event_id=event_id)
    with db.session() as s:
        rows = {r.name: r for r in T.standings(s, event_id).rows}
    assert rows[view.names[3]].loners == 1 and sum(r.loners for r in rows.values()) == 1


def test_a_stale_side_correction_is_refused_with_what_the_hand_says_now(db):
    event_id = _night(db, "six_player_33", 6)
    first, _ = T.operate(db, "Hand 1", T.record_side_hand, event_id, 1, 1, 1, SideHandEntry(0, 3), event_id=event_id)
    T.operate(db, "Correct at station B", T.correct_side_hand, first.id, SideHandEntry(0, 4), expected_version=1,
              station="B", event_id=event_id)
    before = _state(db, event_id)
    with pytest.raises(T.StaleHand) as refused:
        T.operate(db, "Correct at station A", T.correct_side_hand, first.id, SideHandEntry(1, 3), expected_version=1,
                  station="A", event_id=event_id)
    message = refused.value.message
    assert message.startswith("Hand 1 at table 1 was changed at station B after you looked at it: it now says")
    assert "took 4 tricks" in message and "your correction says" in message and "Nothing was changed" in message
    assert _state(db, event_id) == before


def test_a_side_correction_in_a_locked_round_is_refused_and_writes_nothing(db):
    event_id = _night(db, "bid_four", 4)
    first, _ = T.operate(db, "Hand 1", T.record_side_hand, event_id, 1, 1, 1, SideHandEntry(1, 2, bid=3), 1,
                         event_id=event_id)
    assert first.points == -3
    T.operate(db, "Lock round 1", T.lock_round, event_id, 1, True, event_id=event_id)
    before = _state(db, event_id)
    with pytest.raises(T.RoundLocked) as refused:
        T.operate(db, "Correct", T.correct_side_hand, first.id, SideHandEntry(1, 4, bid=3), 3,
                  expected_version=1, event_id=event_id)
    assert refused.value.message.startswith("Round 1 is locked: the director closed it. Nothing was changed")
    assert _state(db, event_id) == before
    T.operate(db, "Unlock round 1", T.lock_round, event_id, 1, False, event_id=event_id)
    fixed, _ = T.operate(db, "Correct", T.correct_side_hand, first.id, SideHandEntry(1, 4, bid=3), 3,
                         expected_version=1, event_id=event_id)
    assert (fixed.version, fixed.points, fixed.bidder) == (2, 4, 3)


def test_a_side_correction_the_rules_refuse_writes_nothing(db):
    event_id = _night(db, "bid_four", 4)
    first, _ = T.operate(db, "Hand 1", T.record_side_hand, event_id, 1, 1, 1, SideHandEntry(0, 4, bid=4), 0,
                         event_id=event_id)
    before = _state(db, event_id)
    for entry, bidder, sentence in (
        (SideHandEntry(0, 4, bid=9), 0, "The bid must be a whole number from 2 to 5"),
        (SideHandEntry(0, 4, bid=4), 1, "the bidder sits on the makers' side"),
        (SideHandEntry(0, 4, bid=4), None, "Say who bid"),
    ):
        with pytest.raises(T.InvalidHand) as refused:
            T.operate(db, "Correct", T.correct_side_hand, first.id, entry, bidder, expected_version=1, event_id=event_id)
        assert sentence in refused.value.message
        assert _state(db, event_id) == before


def test_undo_puts_the_side_hand_back_as_it_was_and_redo_corrects_it_again(db):
    event_id = _night(db, "six_player_33", 6)
    log = T.UndoLog(db)
    first, _ = log.run("Hand 1", T.record_side_hand, event_id, 1, 1, 1, SideHandEntry(0, 3), event_id=event_id)
    log.run("Correct hand 1", T.correct_side_hand, first.id, SideHandEntry(1, 4), expected_version=1, event_id=event_id)

    def hands():
        with db.session() as s:
            return [(h.id, h.version, h.side, h.points) for h in T.side_table_score(s, event_id, 1, 1).hands]

    assert hands() == [(first.id, 2, 1, 1)]
    log.undo()
    assert hands() == [(first.id, 1, 0, 1)]
    log.redo()
    assert hands() == [(first.id, 2, 1, 1)]
