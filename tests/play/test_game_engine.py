"""Games to the target: rotation of the deal, throw-ins, misdeals, win by two,
replay from the log."""

from __future__ import annotations

import pytest

from euchre_tourney.play import Game, Hand, RandomPlayer
from euchre_tourney.rules import NORTH_AMERICAN, PRESETS, WEB_GAME, RuleViolation, Side

N, E, S, W = 0, 1, 2, 3
DEAL = [h.split() for h in "JH JD AH 9C 9S | AS KS QS TS 9D | KH QH TH AC KC | AD KD QD TD QC".split("|")]


def test_deal_rotates_clockwise_and_throw_in_passes_the_deal():
    # 000 "Setup and Deal" 5; 001: thrown in, "the next player deals".
    game = Game(NORTH_AMERICAN, first_dealer=W, rng=3)
    assert game.hand.dealer == W and game.to_act == N
    for _ in range(8):
        game.apply("pass")
    assert len(game.hands) == 1 and game.hands[0].thrown_in
    assert game.hand.dealer == N and game.score.ns == game.score.ew == 0
    assert game.to_act == E  # left of the new dealer speaks first
    game.apply("order")
    game.apply("pass")
    game.apply(game.legal_actions()[0])  # North discards
    while game.hand is not None and game.hand.dealer == N:
        game.apply(game.legal_actions()[0])
    assert len(game.hands) == 2 and game.hand.dealer == E


def test_misdeal_is_dealt_again_by_the_same_dealer():
    rules = NORTH_AMERICAN.replace(farmers_hand=True)
    farmer_deal = "9C TC 9S TS 9D | AS KS QS JS JD | KH QH TH AC KC | AD KD QD TD QC"
    farmer = Hand(rules, W, [h.split() for h in farmer_deal.split("|")], "AH")
    second = Hand.deal(rules, W, 5)
    game = Game(rules, W, deals=[farmer, second])
    game.apply("misdeal")
    assert game.hands[0].misdeal and game.hand is second and game.hand.dealer == W


def test_replayed_deals_must_rotate():
    first = Hand(NORTH_AMERICAN, W, DEAL, "9H")
    wrong = Hand(NORTH_AMERICAN, E, DEAL, "9H")
    game = Game(NORTH_AMERICAN, W, deals=[first, wrong])
    with pytest.raises(RuleViolation, match="rotates clockwise"):
        for _ in range(8):
            game.apply("pass")


def test_game_ends_at_target_and_refuses_more_actions():
    game = Game(NORTH_AMERICAN, 0, rng=11)
    winner = game.play_out([RandomPlayer(i) for i in range(4)])
    assert game.done and winner is game.winner
    assert game.score.points(winner) >= 10
    assert game.score.points(winner) > game.score.points(winner.other)
    assert game.legal_actions() == () and game.to_act == -1
    with pytest.raises(RuleViolation, match="game is over"):
        game.apply("pass")


def test_win_by_two_goes_on_past_the_target():
    # 004: "if a team would get 10 and the other team had 9 the game would continue".
    for seed in range(200):
        game = Game(WEB_GAME, seed % 4, rng=seed)
        game.play_out([RandomPlayer(seed * 4 + i) for i in range(4)])
        ns, ew = game.score.ns, game.score.ew
        assert max(ns, ew) >= 10 and abs(ns - ew) >= 2
        if min(ns, ew) >= 9:
            break
    else:
        pytest.fail("no close game in 200 seeds")
    # Every hand before the last left the game undecided.
    running = [0, 0]
    for hand in game.hands[:-1]:
        if hand.score:
            running[0 if hand.score.side is Side.NS else 1] += hand.score.points
        assert not (max(running) >= 10 and abs(running[0] - running[1]) >= 2)


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_game_log_replays(key):
    rules = PRESETS[key]
    game = Game(rules, 1, rng=99)
    game.play_out([RandomPlayer(i) for i in range(4)])
    text = game.to_text()
    again = Game.from_text(rules, text)
    assert again.to_text() == text and again.winner == game.winner and again.score == game.score
    assert all(line.count(";") == 1 for line in text.splitlines())
    with pytest.raises(RuleViolation):
        Game.from_text(rules, text + "\n" + text.splitlines()[0])
