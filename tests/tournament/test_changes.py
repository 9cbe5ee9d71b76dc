"""The shared Change value: which pages a change concerns."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre_tourney.tournament import KINDS, Change


def test_a_hand_concerns_its_event_its_round_and_its_table_only():
    c = Change("Save hand 3 at table 2", 7, frozenset({"hands"}), frozenset({1}), frozenset({2}))
    assert c.concerns(7, {"hands"})
    assert c.concerns(7, {"hands", "rotation"}, round=1, table=2)
    assert not c.concerns(7, {"hands"}, round=2)
    assert not c.concerns(7, {"hands"}, round=1, table=3)
    assert not c.concerns(8, {"hands"})
    assert not c.concerns(7, {"rotation", "teams"})
    assert not c.concerns(None, {"hands"})


def test_empty_rounds_and_tables_concern_every_round_and_table():
    c = Change("Make the rotation", 3, frozenset({"rotation"}))
    assert c.concerns(3, ["rotation"], round=5, table=9)
    assert c.concerns(3, ["rotation"])


def test_a_roster_change_concerns_every_event():
    c = Change("Add player", None, frozenset({"roster"}))
    assert c.concerns(1, {"roster", "hands"})
    assert c.concerns(2, {"roster"}, round=4, table=1)
    assert c.concerns(None, {"roster"})
    assert not c.concerns(1, {"hands"})


def test_a_roster_part_of_an_event_change_reaches_other_events_but_its_event_part_does_not():
    c = Change("Import and check in", 4, frozenset({"roster", "event"}), frozenset({1}))
    assert c.concerns(5, {"roster"}, round=2)
    assert not c.concerns(5, {"event"})
    assert c.concerns(4, {"event"}, round=1)
    assert not c.concerns(4, {"event"}, round=2)


def test_nothing_changed_concerns_no_page():
    c = Change("Nothing", 1, frozenset())
    assert not c.concerns(1, KINDS)


def test_everything_concerns_every_page_of_that_event():
    c = Change.everything(2, "Reload")
    assert c.label == "Reload" and c.token == 0
    assert c.kinds == KINDS
    for kind in KINDS:
        assert c.concerns(2, {kind}, round=3, table=4)
    assert not c.concerns(3, {"hands"})


def test_unknown_kinds_are_refused_and_iterables_become_frozensets():
    with pytest.raises(ValueError):
        Change("x", 1, frozenset({"hand"}))
    c = Change("x", 1, {"hands"}, [1, 2], (3,))  # type: ignore[arg-type]
    assert c.kinds == frozenset({"hands"}) and c.rounds == frozenset({1, 2}) and c.tables == frozenset({3})
    hash(c)


@given(
    kinds=st.frozensets(st.sampled_from(sorted(KINDS))),
    wanted=st.frozensets(st.sampled_from(sorted(KINDS))),
    event=st.one_of(st.none(), st.integers(1, 3)),
    page_event=st.one_of(st.none(), st.integers(1, 3)),
    rounds=st.frozensets(st.integers(1, 4)),
    page_round=st.one_of(st.none(), st.integers(1, 4)),
)
def test_concerns_never_misses_a_page_that_shows_what_changed(kinds, wanted, event, page_event, rounds, page_round):
    c = Change("x", event, kinds, rounds)
    shared = kinds & wanted
    same_event = event is None or event == page_event
    same_round = page_round is None or not rounds or page_round in rounds
    expected = bool(shared) and ("roster" in shared or (same_event and same_round))
    assert c.concerns(page_event, wanted, round=page_round) == expected
