"""The one game protocol (play/protocol.py): every game of GAMES -- the
four-seat presets and the N-seat ones -- deals, plays, shows a seat's view,
scores, writes and rebuilds its text through the same members."""

from __future__ import annotations

import random

import pytest

from euchre_tourney.play import protocol
from euchre_tourney.play.game import Game
from euchre_tourney.play.hand import Hand
from euchre_tourney.play.protocol import (
    ENGINES,
    GAME_TITLES,
    GAMES,
    EuchreGame,
    EuchreHand,
    HandResult,
    hand_from_text,
    new_game,
    new_hand,
    players_of,
)
from euchre_tourney.play.table.game import TableGame
from euchre_tourney.play.table.hand import TableHand
from euchre_tourney.rules import PRESETS, RuleSet, RuleViolation, tables


def test_games_are_every_preset_with_a_title():
    assert set(GAMES) == set(PRESETS) | set(tables.TABLE_PRESETS)
    assert len(GAMES) == len(PRESETS) + len(tables.TABLE_PRESETS)  # no key in both
    for key, rules in GAMES.items():
        assert rules.preset == key
        assert GAME_TITLES[key]
    assert len(set(GAME_TITLES.values())) == len(GAMES)


def test_dispatch_on_the_rules():
    assert type(new_hand(PRESETS["british"], 1, 3)) is Hand
    assert type(new_game(PRESETS["british"], 1, 3)) is Game
    assert type(new_hand(tables.CUTTHROAT, 1, 3)) is TableHand
    assert type(new_game(tables.CUTTHROAT, 1, 3)) is TableGame
    assert type(new_hand(PRESETS["british"], 1, 3, general=True)) is TableHand
    assert type(new_game(PRESETS["british"], 1, 3, general=True)) is TableGame
    with pytest.raises(TypeError):
        new_hand("north_american")
    assert set(ENGINES) == {Hand, Game, TableHand, TableGame}


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_game_plays_through_the_protocol(key):
    rules = GAMES[key]
    played = 0
    for seed in range(25):
        hand = new_hand(rules, seed % players_of(rules), seed)
        assert isinstance(hand, EuchreHand)
        assert hand.players == players_of(rules) and hand.rules is rules
        rng = random.Random(seed)
        while not hand.done:
            legal = list(hand.legal_actions())
            view = hand.view()
            assert list(view.legal) == legal and view.seat == hand.to_act
            other = (hand.to_act + 1) % hand.players
            assert list(hand.view(other).legal) == []
            assert hand.result() is None
            action = rng.choice(legal)
            text = hand.action_text(action)
            assert hand.parse_action(text) == action
            hand.apply(text if seed % 2 else action)
        assert hand.to_act == -1 and list(hand.legal_actions()) == []
        result = hand.result()
        if result is not None:
            played += 1
            assert isinstance(result, HandResult) and len(result.points) == hand.players
            assert result.makers and set(result.makers) <= set(range(hand.players))
            assert result.euchred == (not any(result.points[s] > 0 for s in result.makers))
        line = hand.to_text()
        again = hand_from_text(rules, line)
        assert again.to_text() == line and again.result() == result
        twin = hand.copy()
        assert twin.to_text() == line and twin is not hand
    assert played > 0


@pytest.mark.parametrize("key", sorted(GAMES))
def test_illegal_actions_raise_rule_violation(key):
    hand = new_hand(GAMES[key], 0, 11)
    before = hand.to_text()
    for bad in ("play:QQ", "no such thing", "discard:"):
        with pytest.raises(RuleViolation):
            hand.apply(bad)
    with pytest.raises(RuleViolation):
        hand.apply(hand.parse_action("play:" + ("AS" if key != "almonte_four" else "AS")))
    assert hand.to_text() == before


@pytest.mark.parametrize("key", ["north_american", "web_game", "cutthroat", "five_partner_pick", "six_player_33", "two_handed"])
def test_every_game_is_a_game_to_the_target(key):
    rules = GAMES[key]
    game = new_game(rules, 0, 5)
    assert isinstance(game, EuchreGame) and game.players == players_of(rules)
    rng = random.Random(5)
    steps = 0
    while not game.done:
        assert game.to_act >= 0
        assert list(game.view().legal) == list(game.legal_actions())
        game.apply(rng.choice(list(game.legal_actions())))
        steps += 1
    assert game.to_act == -1 and max(game.scores) >= rules.target
    assert len(game.to_text().splitlines()) == len(game.hands)
    units = {game.unit(s) for s in range(game.players)}
    assert len(units) == len(game.scores)


def test_hand_result_matches_the_scorecard():
    rules = PRESETS["north_american"]
    for seed in range(200):
        hand = Hand.deal(rules, seed % 4, seed).play_random(random.Random(seed))
        result = hand.result()
        if hand.score is None:
            assert result is None
            continue
        assert max(result.points) == hand.score.points
        assert result.maker_tricks == hand.record.maker_tricks and result.alone == hand.record.maker_alone
        assert result.euchred == hand.score.euchred and result.march == hand.score.march
        assert isinstance(rules, RuleSet) and protocol.game_key(rules) == "north_american"
