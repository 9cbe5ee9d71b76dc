"""Typed inputs at the use-case boundary (issue 15, item 5).

Every use case in ``tournament`` takes plain values of documented types;
anything else (a string for a bool, a bool for a number, a float, None where
a value is needed, bytes…) is refused with TournamentError, in words, and
the database is left exactly as it was. Hypothesis draws the wrong values.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text

from euchre_tourney import tournament as T
from euchre_tourney.rules import NORTH_AMERICAN, HandEntry, Seat, Side

NOT_INT = st.one_of(
    st.booleans(),
    st.text(max_size=4),
    st.floats(allow_nan=False),
    st.none(),
    st.binary(max_size=3),
    st.decimals(allow_nan=False).map(Decimal),
    st.just([1]),
)
NOT_BOOL = st.one_of(st.sampled_from(["False", "True", "no", "", "0"]), st.integers(), st.none(), st.floats(allow_nan=False))
NOT_TEXT = st.one_of(st.integers(), st.booleans(), st.binary(max_size=3), st.floats(allow_nan=False), st.just(["Ann"]))
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture
def night(db):
    with db.session() as s:
        ids = [T.add_player(s, f"P{i}").id for i in range(8)]
        ev = T.create_event(s, "Night", datetime.date(2026, 4, 1), rounds=2, hands_per_round=2)
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=1)
        hand = T.record_hand(s, ev.id, 1, 1, 1, HandEntry(Side.NS, 3))
        c = T.add_constraint(s, ev.id, "pin_table", ids[0], table=1)
    return {"event": ev.id, "players": ids, "hand": hand.id, "constraint": c.id}


def snapshot(db) -> dict[str, list]:
    with db.engine.connect() as conn:
        return {
            t: sorted(map(tuple, conn.execute(text(f"SELECT * FROM {t}"))), key=repr)
            for t in ("player", "event", "entrant", "event_round", "seat", "sit_out", "hand", "event_constraint")
        }


def refused(db, call, before: dict | None = None) -> str:
    """The words ``call`` is refused in; the database is as it was before
    (``before``: its snapshot, already taken -- a loop of refused calls
    takes it once, each call being compared with the state that the
    previous one was shown to have left)."""
    if before is None:
        before = snapshot(db)
    with db.session() as s:
        with pytest.raises(T.TournamentError) as info:
            call(s)
    assert snapshot(db) == before
    assert "Traceback" not in info.value.message and info.value.message.endswith((".", ")"))
    return info.value.message


def test_the_examples_of_the_issue(db, night):
    ev = night["event"]
    msg = refused(db, lambda s: T.set_checked_in(s, ev, night["players"][:1], "False"))
    assert "yes or no" in msg and "'False'" in msg
    assert "whole number" in refused(db, lambda s: T.record_hand(s, ev, True, 1, 2, HandEntry(Side.NS, 3)))
    assert "not a seat" in refused(db, lambda s: T.record_hand(s, ev, 1, 1, 2, HandEntry(Side.NS, 3, 1)))
    assert "not 'False'" in refused(db, lambda s: T.record_hand(s, ev, 1, 1, 2, HandEntry(Side.NS, 3, None, "False")))
    assert "whole number" in refused(db, lambda s: T.create_event(s, "X", datetime.date(2026, 1, 1), rounds="8"))
    assert "calendar date" in refused(db, lambda s: T.create_event(s, "X", "2026-01-01"))
    assert "calendar date" in refused(db, lambda s: T.create_event(s, "X", datetime.datetime(2026, 1, 1)))
    assert "rule sets" in refused(db, lambda s: T.create_event(s, "X", datetime.date(2026, 1, 1), rules="euchre"))


@SETTINGS
@given(bad=NOT_INT)
def test_numbers_are_only_ints(db, night, bad):
    ev, hand, pid = night["event"], night["hand"], night["players"][0]
    day = datetime.date(2026, 1, 1)
    calls = [
        lambda s: T.get_event(s, bad),
        lambda s: T.delete_event(s, bad),
        lambda s: T.entrants(s, bad),
        lambda s: T.create_event(s, "X", day, rounds=bad),
        lambda s: T.create_event(s, "X", day, hands_per_round=bad),
        lambda s: T.update_event(s, ev, rounds=bad) if bad is not None else T.update_event(s, bad),
        lambda s: T.set_checked_in(s, ev, [bad]),
        lambda s: T.set_checked_in(s, bad, [pid]),
        lambda s: T.get_player(s, bad),
        lambda s: T.update_player(s, bad, name="Z"),
        lambda s: T.remove_player(s, bad),
        lambda s: T.restore_player(s, bad),
        lambda s: T.add_constraint(s, ev, "pin_table", bad, table=2),
        lambda s: T.add_constraint(s, ev, "pin_table", pid, table=bad) if bad is not None else T.remove_constraint(s, bad),
        lambda s: T.add_constraint(s, ev, "sit_out", pid, round_number=bad) if bad is not None else T.list_constraints(s, bad),
        lambda s: T.record_hand(s, ev, bad, 1, 2, HandEntry(Side.NS, 3)),
        lambda s: T.record_hand(s, ev, 1, bad, 2, HandEntry(Side.NS, 3)),
        lambda s: T.record_hand(s, ev, 1, 1, bad, HandEntry(Side.NS, 3)),
        lambda s: T.record_hand(s, ev, 1, 1, 2, HandEntry(Side.NS, bad)),
        lambda s: T.record_hand(s, bad, 1, 1, 2, HandEntry(Side.NS, 3)),
        lambda s: T.correct_hand(s, hand, HandEntry(Side.EW, 3), number=bad) if bad is not None else T.delete_hand(s, bad),
        lambda s: T.delete_hand(s, bad),
        lambda s: T.table_score(s, ev, 1, bad),
        lambda s: T.round_progress(s, ev, bad),
        lambda s: T.standings(s, bad),
        lambda s: T.generate_rotation(s, ev, seed=bad) if bad is not None else T.rotation_view(s, bad),
    ]
    before = snapshot(db)
    for call in calls:
        refused(db, call, before)


@SETTINGS
@given(bad=NOT_BOOL)
def test_yes_no_values_are_only_bools(db, night, bad):
    ev, pid = night["event"], night["players"][0]
    refused(db, lambda s: T.set_checked_in(s, ev, [pid], bad))
    refused(db, lambda s: T.record_hand(s, ev, 1, 1, 2, HandEntry(Side.NS, 3, None, bad)))


@SETTINGS
@given(bad=NOT_TEXT)
def test_text_values_are_only_strings(db, night, bad):
    ev, pid = night["event"], night["players"][0]
    day = datetime.date(2026, 1, 1)
    before = snapshot(db)
    for call in (
        lambda s: T.add_player(s, bad),
        lambda s: T.add_player(s, "Ann", bad),
        lambda s: T.add_player(s, "Ann", "", bad),
        lambda s: T.update_player(s, pid, name=bad),
        lambda s: T.update_player(s, pid, email=bad),
        lambda s: T.create_event(s, bad, day),
        lambda s: T.create_event(s, "X", day, kind=bad),
        lambda s: T.create_event(s, "X", day, sit_out_rule=bad),
        lambda s: T.update_event(s, ev, name=bad),
        lambda s: T.add_constraint(s, ev, bad, pid, table=1),
        lambda s: T.find_event(s, bad) if not isinstance(bad, int) or isinstance(bad, bool) else T.find_event(s, [bad]),
    ):
        refused(db, call, before)


def test_the_documented_types_still_work(db, night):
    with db.session() as s:
        assert T.set_checked_in(s, night["event"], night["players"][0], True).entrant_count == 8
        assert T.find_event(s, night["event"]).id == T.find_event(s, "Night").id
        assert T.add_player(s, "Ann", None, None).email == ""
        h = T.record_hand(s, night["event"], 1, 1, 2, HandEntry(Side.EW, 5, Seat.EAST, False))
        assert h.points == 4
        assert T.create_event(s, "Y", datetime.date(2026, 1, 1), rules=NORTH_AMERICAN).rounds == 8
