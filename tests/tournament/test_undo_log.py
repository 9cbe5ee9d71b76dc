"""The undo log: operations record every row they changed, undo puts back exactly the rows before."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Side
from tests.snapshots import snapshot_event


@pytest.fixture
def log(db):
    return T.UndoLog(db)


def _night(db, players=9, rotation=True):
    with db.session() as s:
        ids = [T.add_player(s, f"Player {i:02d}").id for i in range(players)]
        ev = T.create_event(s, "Night", datetime.date(2026, 6, 7), rounds=4, hands_per_round=2)
        T.set_checked_in(s, ev.id, ids[:8])
        if rotation:
            T.generate_rotation(s, ev.id, seed=3)
    return ev.id, ids


def snap(db, event_id):
    with db.session() as s:
        return snapshot_event(s, event_id)


def test_undo_of_a_check_in_brings_the_discarded_rotation_back_exactly(db, log):
    event_id, ids = _night(db)
    before = snap(db, event_id)
    assert before.tables["seat"] and before.tables["sit_out"] == ()
    _, change = log.run("Check in", T.set_checked_in, event_id, [ids[8]], True, event_id=event_id)
    after = snap(db, event_id)
    assert after.tables["seat"] == () and {"rotation", "event"} <= change.kinds
    undone = log.undo()
    assert snap(db, event_id) == before  # same rounds, tables, seats and sit-outs, same ids
    assert undone.event_id == event_id and "rotation" in undone.kinds
    log.redo()
    assert snap(db, event_id) == after


def test_hands_corrections_and_deletions_undo_and_redo(db, log):
    event_id, _ = _night(db)
    empty = snap(db, event_id)
    hand, _ = log.run("Hand 1", T.record_hand, event_id, 1, 1, 1, HandEntry(Side.NS, 4), event_id=event_id)
    recorded = snap(db, event_id)
    log.run("Correct", T.correct_hand, hand.id, HandEntry(Side.EW, 5), event_id=event_id)
    corrected = snap(db, event_id)
    log.run("Delete", T.delete_hand, hand.id, event_id=event_id)
    assert snap(db, event_id).tables["hand"] == ()
    log.undo()
    assert snap(db, event_id) == corrected
    log.undo()
    assert snap(db, event_id) == recorded
    log.undo()
    assert snap(db, event_id) == empty
    assert not log.can_undo and log.can_redo
    log.redo()
    assert snap(db, event_id) == recorded


def test_undo_keeps_what_another_station_saved_at_another_table(db, log):
    event_id, _ = _night(db)
    log.run("Hand 1", T.record_hand, event_id, 1, 1, 1, HandEntry(Side.NS, 4), event_id=event_id)
    with db.session() as s:  # another station saves a hand at table 2 meanwhile
        T.record_hand(s, event_id, 1, 2, 1, HandEntry(Side.EW, 3))
    log.undo()
    with db.session() as s:
        assert T.table_score(s, event_id, 1, 1).hands == ()
        assert len(T.table_score(s, event_id, 1, 2).hands) == 1


def test_undo_is_refused_in_plain_words_when_another_station_changed_the_same_hand(db, log):
    event_id, _ = _night(db)
    hand, _ = log.run("Hand 1", T.record_hand, event_id, 1, 1, 1, HandEntry(Side.NS, 4), event_id=event_id)
    with db.session() as s:  # another station corrects that hand meanwhile
        T.correct_hand(s, hand.id, HandEntry(Side.EW, 3))
    meanwhile = snap(db, event_id)
    with pytest.raises(T.UndoRefused) as info:
        log.undo()
    assert "changed since" in info.value.message and "Nothing was changed" in info.value.message
    assert snap(db, event_id) == meanwhile
    assert log.can_undo  # still recorded: nothing moved


def test_undo_of_a_rotation_is_refused_once_a_hand_is_saved_in_it(db, log):
    event_id, _ = _night(db, rotation=False)
    log.run("Make the rotation", T.generate_rotation, event_id, seed=5, event_id=event_id)
    with db.session() as s:  # a station saves a hand in round 1
        T.record_hand(s, event_id, 1, 1, 1, HandEntry(Side.NS, 4))
    meanwhile = snap(db, event_id)
    with pytest.raises(T.UndoRefused):
        log.undo()  # taking the rounds back would take that hand with them
    assert snap(db, event_id) == meanwhile


def test_a_failed_operation_and_a_change_of_nothing_are_not_recorded(db, log):
    event_id, ids = _night(db)
    with pytest.raises(T.TournamentError):
        log.run("Hand 1", T.record_hand, event_id, 1, 99, 1, HandEntry(Side.NS, 4), event_id=event_id)
    _, change = log.run("Check in", T.set_checked_in, event_id, [ids[0]], True, event_id=event_id)
    assert change.token == 0 and change.kinds == frozenset() and not log.can_undo


def test_roster_add_remove_and_edit_come_back_with_the_same_ids(db, log):
    player, _ = log.run("Add", T.add_player, "Ann", event_id=None)
    log.run("Edit", T.update_player, player.id, name="Ann Smith", event_id=None)
    log.undo()
    with db.session() as s:
        assert T.get_player(s, player.id).name == "Ann"
    log.run("Remove", T.remove_player, player.id, event_id=None)
    log.undo()
    with db.session() as s:
        assert T.get_player(s, player.id).name == "Ann"


def test_undo_of_adding_a_player_entered_since_is_refused(db, log):
    player, _ = log.run("Add", T.add_player, "Ann", event_id=None)
    with db.session() as s:
        ev = T.create_event(s, "Night", datetime.date(2026, 6, 7), rounds=2, hands_per_round=2)
        T.set_checked_in(s, ev.id, [player.id])
    with pytest.raises(T.UndoRefused) as info:
        log.undo()
    assert "entered in an event" in info.value.message and "Nothing was changed" in info.value.message
    with db.session() as s:
        assert T.get_player(s, player.id).name == "Ann"


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    steps=st.lists(
        st.one_of(
            st.tuples(st.just("check"), st.integers(0, 10), st.booleans()),
            st.tuples(st.just("rotate"), st.integers(0, 5), st.booleans()),
        ),
        min_size=1,
        max_size=5,
    )
)
def test_undoing_every_step_returns_to_the_start_and_redoing_to_the_end(db, steps):
    """Property: any sequence of check-ins, check-outs and rotations, undone
    step by step, passes back through every earlier state exactly; redone, it
    reaches the same end."""
    with db.session() as s:
        ids = [T.add_player(s, f"P{i}").id for i in range(11)]
        ev = T.create_event(s, "Night", datetime.date(2026, 6, 7), rounds=3, hands_per_round=2)
        T.set_checked_in(s, ev.id, ids[:8])
    log = T.UndoLog(db)
    states = [snap(db, ev.id)]
    for kind, n, flag in steps:
        try:
            if kind == "check":
                log.run("Check", T.set_checked_in, ev.id, [ids[n]], flag, event_id=ev.id)
            else:
                if flag:
                    log.run("Rotate again", T.regenerate_rotation, ev.id, event_id=ev.id)
                else:
                    log.run("Rotate", T.generate_rotation, ev.id, seed=n, event_id=ev.id)
        except T.TournamentError:
            continue  # refused (too few players, a rotation already made…): nothing recorded
        now = snap(db, ev.id)
        if now != states[-1]:
            states.append(now)
    for earlier in reversed(states[:-1]):
        log.undo()
        assert snap(db, ev.id) == earlier
    assert not log.can_undo
    while log.can_redo:
        log.redo()
    assert snap(db, ev.id) == states[-1]


def test_a_log_entry_keeps_only_the_rows_its_operation_changed(db, log):
    """Memory: saving a hand keeps that hand's row, not two copies of the
    whole event (seats, entrants, rounds …), and undo still puts it back."""
    event_id, _ = _night(db)
    before = snap(db, event_id)
    log.run("Hand 1", T.record_hand, event_id, 1, 1, 1, HandEntry(Side.NS, 4), event_id=event_id)
    entry = log._done[-1]
    assert [name for name, _id in entry.rows] == ["hand"]
    assert [before for before, _after in entry.rows.values()] == [None]
    log.undo()
    assert snap(db, event_id) == before
