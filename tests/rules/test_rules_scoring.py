"""Hand and game scoring for every preset, checked against the rule texts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tourney.rules import (
    BRITISH,
    HOUSE_ELEVEN,
    NORTH_AMERICAN,
    PRESETS,
    WEB_GAME,
    DefendAlone,
    GameScore,
    HandResult,
    HandScore,
    RuleViolation,
    Side,
    all_hand_results,
    game_winner,
    possible_points,
    score_hand,
)

NS, EW = Side.NS, Side.EW


@pytest.mark.parametrize(
    ("tricks", "alone", "side", "points", "euchred", "march"),
    [
        # 000 "Scoring": 3-4 tricks 1, march 2, lone march 4, euchre 2.
        (3, False, NS, 1, False, False),
        (4, False, NS, 1, False, False),
        (5, False, NS, 2, False, True),
        (5, True, NS, 4, False, True),
        (4, True, NS, 1, False, False),
        (2, False, EW, 2, True, False),
        (0, False, EW, 2, True, False),
        (1, True, EW, 2, True, False),
    ],
)
def test_north_american_table(tricks, alone, side, points, euchred, march):
    score = score_hand(NORTH_AMERICAN, HandResult(NS, tricks, maker_alone=alone))
    assert score == HandScore(side, points, euchred, march)


def test_north_american_refuses_lone_defender():
    with pytest.raises(RuleViolation, match="do not allow a defender to play alone"):
        score_hand(NORTH_AMERICAN, HandResult(NS, 1, maker_alone=True, defender_alone=True))


@pytest.mark.parametrize("tricks", [-1, 6, 7])
def test_impossible_trick_counts_refused_with_reason(tricks):
    with pytest.raises(RuleViolation) as info:
        score_hand(NORTH_AMERICAN, HandResult(EW, tricks))
    assert "5 tricks" in info.value.message
    assert isinstance(info.value, ValueError)


def test_bool_is_not_a_trick_count():
    with pytest.raises(RuleViolation):
        score_hand(NORTH_AMERICAN, HandResult(EW, True))  # type: ignore[arg-type]


def test_british_lone_defender_who_euchres_scores_four():
    # 001: "the defenders score 4 points instead of 2".
    score = score_hand(BRITISH, HandResult(EW, 2, defender_alone=True))
    assert score == HandScore(NS, 4, True, False)
    # ... otherwise the scores are as above: a lone defender who fails gives the makers 1.
    assert score_hand(BRITISH, HandResult(EW, 3, defender_alone=True)).points == 1


def test_defend_alone_only_against_loner():
    rules = NORTH_AMERICAN.replace(defend_alone=DefendAlone.AGAINST_LONER)
    with pytest.raises(RuleViolation, match="only against a lone maker"):
        score_hand(rules, HandResult(NS, 1, defender_alone=True))
    assert score_hand(rules, HandResult(NS, 1, maker_alone=True, defender_alone=True)).points == 4


@pytest.mark.parametrize(
    ("result", "side", "points"),
    [
        # 002: defenders 2 for 3-4 tricks, 4 for all five; bidder alone 3-4 = 2, 5 = 4.
        (HandResult(NS, 2), EW, 2),
        (HandResult(NS, 1), EW, 2),
        (HandResult(NS, 0), EW, 4),
        (HandResult(NS, 3, maker_alone=True), NS, 2),
        (HandResult(NS, 4, maker_alone=True), NS, 2),
        (HandResult(NS, 5, maker_alone=True), NS, 4),
        (HandResult(NS, 5), NS, 2),
        (HandResult(NS, 3), NS, 1),
    ],
)
def test_house_defenders_sweep(result, side, points):
    score = score_hand(HOUSE_ELEVEN, result)
    assert (score.side, score.points) == (side, points)


def test_super_euchre_option():
    # 001 "The Super-Euchre": makers take zero tricks, defenders score 4.
    rules = NORTH_AMERICAN.replace(super_euchre_points=4)
    assert score_hand(rules, HandResult(EW, 0)).points == 4
    assert score_hand(rules, HandResult(EW, 1)).points == 2
    assert score_hand(NORTH_AMERICAN, HandResult(EW, 0)).points == 2


def test_web_game_table():
    # 004 scoring table.
    assert score_hand(WEB_GAME, HandResult(NS, 4, maker_alone=True)).points == 1
    assert score_hand(WEB_GAME, HandResult(NS, 5, maker_alone=True)).points == 4
    assert score_hand(WEB_GAME, HandResult(NS, 2, defender_alone=True)).points == 4
    assert score_hand(WEB_GAME, HandResult(NS, 0)).points == 2


def test_makers_given_as_text_are_accepted():
    assert score_hand(NORTH_AMERICAN, HandResult("EW", 5)).side is EW  # type: ignore[arg-type]
    with pytest.raises(RuleViolation, match="North–South or East–West"):
        score_hand(NORTH_AMERICAN, HandResult("XX", 5))  # type: ignore[arg-type]


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_possible_points_match_all_results(key):
    rules = PRESETS[key]
    results = all_hand_results(rules)
    points = possible_points(rules)
    assert points == {score_hand(rules, r).points for r in results}
    assert all(p > 0 for p in points)
    # Both sides, six trick counts, with and without a loner at least.
    assert len(results) >= 24


@settings(max_examples=300, deadline=None)
@given(
    key=st.sampled_from(sorted(PRESETS)),
    makers=st.sampled_from([NS, EW]),
    tricks=st.integers(-3, 8),
    maker_alone=st.booleans(),
    defender_alone=st.booleans(),
)
def test_score_hand_total(key, makers, tricks, maker_alone, defender_alone):
    rules = PRESETS[key]
    result = HandResult(makers, tricks, maker_alone, defender_alone)
    try:
        score = score_hand(rules, result)
    except RuleViolation as exc:
        assert exc.message and exc.message.endswith(".")
        assert result not in all_hand_results(rules)
        return
    assert result in all_hand_results(rules)
    assert score.points in possible_points(rules)
    assert score.euchred == (tricks < 3)
    assert score.side == (makers.other if tricks < 3 else makers)
    assert score.march == (tricks == 5)


def test_game_to_target_and_win_by_two():
    assert game_winner(NORTH_AMERICAN, 10, 9) is NS
    assert game_winner(NORTH_AMERICAN, 9, 9) is None
    assert game_winner(BRITISH, 10, 3) is None
    assert game_winner(BRITISH, 3, 12) is EW
    # 004: "if a team would get 10 and the other team had 9 the game would continue until 11-9".
    assert game_winner(WEB_GAME, 10, 9) is None
    assert game_winner(WEB_GAME, 11, 9) is NS
    assert game_winner(WEB_GAME, 10, 12) is EW


def test_game_score_refuses_hand_after_game_over():
    score = GameScore()
    score = score.add(NORTH_AMERICAN, HandScore(NS, 4, False, True))
    score = score.add(NORTH_AMERICAN, HandScore(EW, 2, True, False))
    assert (score.ns, score.ew) == (4, 2)
    score = GameScore(8, 2).add(NORTH_AMERICAN, HandScore(NS, 2, False, True))
    assert score.winner(NORTH_AMERICAN) is NS
    with pytest.raises(RuleViolation, match="already over"):
        score.add(NORTH_AMERICAN, HandScore(EW, 1, False, False))


@pytest.mark.parametrize("tricks", [2.5, 3.0, "3", None])
def test_non_integer_tricks_need_a_whole_number(tricks):
    with pytest.raises(RuleViolation, match="must be a whole number from 0 to 5"):
        score_hand(NORTH_AMERICAN, HandResult(Side.NS, tricks))


@pytest.mark.parametrize("flag", ["no", "yes", "", 0, 1, None, 1.0])
@pytest.mark.parametrize("field", ["maker_alone", "defender_alone"])
def test_alone_flags_must_be_real_bools(field, flag):
    # "no" would otherwise count as true; 0/1 are refused as well (documented).
    result = HandResult(Side.NS, 3, **{field: flag})
    with pytest.raises(RuleViolation, match="must be true or false"):
        score_hand(BRITISH, result)
    assert score_hand(BRITISH, HandResult(Side.NS, 3, **{field: True})).points == 1
