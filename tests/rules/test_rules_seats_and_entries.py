"""The one seat type and the one hand-entry type (issue 17)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre_tourney.rules import (
    NORTH_AMERICAN,
    PRESETS,
    SEATS,
    SIDE_SEATS,
    HandEntry,
    HandResult,
    RuleViolation,
    Seat,
    Side,
    all_hand_results,
    score_hand,
)


def test_seats_go_clockwise_with_partners_opposite():
    assert [s.letter for s in SEATS] == list("NESW")
    assert [s.title for s in SEATS] == ["North", "East", "South", "West"]
    assert [s.key for s in SEATS] == ["north", "east", "south", "west"]
    for seat in SEATS:
        assert seat.next == SEATS[(seat + 1) % 4]
        assert seat.partner.partner is seat and seat.partner != seat
        assert seat.partner.side is seat.side and seat.next.side is seat.side.other
        assert seat in SIDE_SEATS[seat.side]
        assert bool(seat)  # North (0) is still a seat in an ``if seat:`` test
    assert SIDE_SEATS[Side.NS] == (Seat.NORTH, Seat.SOUTH)


@pytest.mark.parametrize("text", ["n", "N", " north ", "NORTH", "North", 0, Seat.NORTH])
def test_parse_reads_every_form(text):
    assert Seat.parse(text) is Seat.NORTH


@pytest.mark.parametrize("bad", ["x", "", "nort", 4, -1, True, None, 0.0])
def test_parse_refuses_what_is_no_seat(bad):
    with pytest.raises(ValueError, match="is not a seat"):
        Seat.parse(bad)


@given(st.sampled_from(sorted(PRESETS)), st.sampled_from(list(Side)), st.integers(0, 5),
       st.sampled_from([None, *SEATS]), st.booleans())
def test_an_entry_scores_exactly_as_its_result(preset, makers, tricks, alone, defender_alone):
    rules = PRESETS[preset]
    entry = HandEntry(makers, tricks, alone, defender_alone)
    if alone is not None and alone.side is not makers:
        with pytest.raises(RuleViolation, match="is a defender"):
            entry.score(rules)
        return
    try:
        expected = score_hand(rules, HandResult(makers, tricks, alone is not None, defender_alone))
    except RuleViolation as exc:
        with pytest.raises(RuleViolation, match=exc.message[:30].replace("(", r"\(")):
            entry.score(rules)
        return
    assert entry.score(rules) == expected
    assert entry.result() in all_hand_results(rules)


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (HandEntry("NS", 3), "Say which side made trump"),
        (HandEntry(Side.NS, 3, "north"), "'north' is not a seat"),
        (HandEntry(Side.NS, 3, 0), "0 is not a seat"),
        (HandEntry(Side.NS, 3, None, "False"), "must be true or false"),
        (HandEntry(Side.NS, True), "whole number"),
        (HandEntry(Side.EW, 4, Seat.NORTH), "North is a defender"),
    ],
)
def test_entries_of_the_wrong_types_are_refused(entry, message):
    with pytest.raises(RuleViolation, match=message):
        entry.score(NORTH_AMERICAN)
