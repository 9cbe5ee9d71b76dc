"""Tally-card entries of the six-player and bid euchre games (rules/tables.py)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre_tourney.rules import RuleViolation, tables
from euchre_tourney.rules.tables import SideHandEntry

SIX = tables.SIX_PLAYER_33
BID = tables.BID_FOUR


def test_six_player_scores_from_the_text():
    # 001 line 101: 3 for a march or a euchre, 6 alone
    assert SideHandEntry(0, 3).score(SIX) == (0, 1)
    assert SideHandEntry(1, 5).score(SIX) == (1, 3)
    assert SideHandEntry(1, 5, alone=True).score(SIX) == (1, 6)
    assert SideHandEntry(0, 2).score(SIX) == (1, 3)
    # "If the winner is playing alone the score is 6": a lone maker's march;
    # the defenders who euchre a lone maker are not alone, so they score 3
    assert SideHandEntry(0, 1, alone=True).score(SIX) == (1, 3)


@pytest.mark.parametrize("key", ["six_player_33", "six_player_double", "almonte_six", "almonte_four"])
@pytest.mark.parametrize("tricks", [0, 1, 2])
def test_defenders_who_euchre_a_lone_maker_score_3_not_6(key, tricks):
    """Issue 29: 001 line 101, "The score for winning all the tricks or
    euchring the makers is 3 points instead of 2. If the winner is playing
    alone the score is 6 points instead of 4" -- the winners of a euchre are
    the defenders, who are not the lone player. Almonte: "Scoring is the same
    as for British six player Euchre" (line 143), the four-hand game "scoring
    is the same as in six-hand" (line 147)."""
    game = tables.TABLE_PRESETS[key]
    assert SideHandEntry(0, tricks, alone=True).score(game) == (1, 3)
    makers = frozenset(range(0, game.players, 2))
    defenders = frozenset(range(1, game.players, 2))
    assert tables.score_table_hand(game, makers, True, tricks) == {s: 3 for s in defenders}


def test_bid_euchre_entries():
    assert SideHandEntry(0, 4, bid=3).score(BID) == (0, 4)
    assert SideHandEntry(1, 2, bid=3).score(BID) == (1, -3)
    with pytest.raises(RuleViolation, match="bid"):
        SideHandEntry(0, 4).score(BID)
    with pytest.raises(RuleViolation, match="no bids"):
        SideHandEntry(0, 4, bid=3).score(SIX)


@given(makers=st.sampled_from([0, 1, 2, -1, True]), tricks=st.integers(-2, 8), alone=st.sampled_from([False, True, "yes"]))
def test_entries_are_validated_in_words(makers, tricks, alone):
    entry = SideHandEntry(makers, tricks, alone)
    ok = makers in (0, 1) and not isinstance(makers, bool) and 0 <= tricks <= 5 and isinstance(alone, bool)
    if ok:
        side, points = entry.score(SIX)
        assert side in (0, 1) and points in (1, 3, 6)
    else:
        with pytest.raises(RuleViolation):
            entry.score(SIX)


def test_games_without_fixed_sides_have_no_side_entry():
    with pytest.raises(RuleViolation, match="fixed partnerships"):
        SideHandEntry(0, 3).score(tables.FIVE_PARTNER_PICK)


@pytest.mark.parametrize("key", sorted(tables.TABLE_PRESETS))
def test_presets_round_trip_and_name_their_source(key):
    r = tables.TABLE_PRESETS[key]
    assert tables.TableRules.from_dict(r.to_dict()) == r
    assert tables.TABLE_TITLES[key] and tables.TABLE_SOURCES[key]
    assert len(tables.pack(r.pack)) >= r.players * r.hand_size + (r.bidding == "turn_up")


@pytest.mark.parametrize(
    "changes,words",
    [
        ({"players": 7}, "2 to 6"),
        ({"hand_size": 9}, "cannot deal"),
        ({"sides": "partners"}, "four or six"),
        ({"no_trump": True, "pack": "25"}, "jokers"),
        ({"exchange": "railroad"}, "fixed partners"),
        ({"bennies_by_colour": True}, "double pack"),
        ({"pack": "52"}, "unknown pack"),
    ],
)
def test_impossible_tables_are_refused_in_words(changes, words):
    with pytest.raises(ValueError, match=words):
        tables.CUTTHROAT.replace(**changes)


def test_from_dict_refuses_unknown_options():
    with pytest.raises(ValueError, match="unknown rule options"):
        tables.TableRules.from_dict({"preset": "cutthroat", "jokers": 3})
