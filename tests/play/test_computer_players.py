"""Computer players: always legal, look only at what their seat can see,
and the simple player beats random play; one family (one factory, one
hint) for every game, each level answering the same view alike."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tourney.play import Game, Hand, RandomPlayer, SimplePlayer, action_text
from euchre_tourney.play import LEVELS, hint, make_player
from euchre_tourney.play.players import game_rules
from euchre_tourney.play.table import TableHand, seat_view
from euchre_tourney.rules import BRITISH, CUSTOM, NORTH_AMERICAN, PRESETS, Side
from euchre_tourney.rules.tables import TABLE_PRESETS, TableRules
from tests.play.test_strong_players import redeal_hidden
from tests.play.test_table_hard import _redeal_hidden

PRESET_LIST = [PRESETS[k] for k in sorted(PRESETS)]


@settings(max_examples=60, deadline=None)
@given(rules=st.sampled_from(PRESET_LIST), seed=st.integers(0, 2**32 - 1))
def test_simple_player_only_legal_and_blind_to_hidden_cards(rules, seed):
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed % 4, rng)
    player = SimplePlayer()
    while not hand.done:
        seat = hand.to_act
        choice = player.choose(hand.view())
        assert choice in hand.legal_actions()
        # Deal the cards this seat cannot see afresh among the others: the
        # choice must not change.
        twin = hand.copy()
        others = [s for s in range(4) if s != seat]
        hidden = [c for s in others for c in twin.hands[s]] + list(twin.undealt)
        rng.shuffle(hidden)
        pos = 0
        for s in others:
            n = len(twin.hands[s])
            twin.hands[s][:] = hidden[pos : pos + n]
            pos += n
        assert player.choose(twin.view()) == choice
        hand.apply(choice)


def test_simple_players_beat_random_players():
    wins = 0
    for seed in range(40):
        game = Game(NORTH_AMERICAN, seed % 4, rng=seed)
        winner = game.play_out([SimplePlayer(), RandomPlayer(seed), SimplePlayer(), RandomPlayer(seed + 1000)])
        wins += winner is Side.NS
    assert wins >= 36


def test_random_player_is_uniform_over_legal_actions():
    hand = Hand.deal(NORTH_AMERICAN, 0, 1)
    player = RandomPlayer(5)
    counts = {a: 0 for a in hand.legal_actions()}
    for _ in range(2000):
        counts[player.choose(hand.view())] += 1
    assert set(counts) == set(hand.legal_actions())
    assert min(counts.values()) > 800


def test_simple_player_names_trump_in_round_two_only_if_it_would_go_alone_when_forced():
    # British (001 line 53): the dealer's partner who names trump in round 2
    # must play alone, so a hand good enough with a partner is not enough.
    deal = [
        "9C TC 9D TD QC".split(),
        "JS JC AS 9H KD".split(),  # East: spades worth 7.5 -- a partner's hand, not a loner
        "KH QH AH TH QD".split(),
        "AD QS KS TS 9S".split(),
    ]
    player = SimplePlayer()
    partnered = BRITISH.replace(preset=CUSTOM, dealer_partner_alone_any_round=False)
    for rules, expected in ((BRITISH, "pass"), (partnered, "name:S")):
        hand = Hand(rules, 3, deal, "KC")
        for _ in range(5):
            hand.apply("pass")  # round 1, then North in round 2
        assert hand.to_act == 1
        assert hand.legal_action_texts()[0] == "pass"
        assert action_text(player.choose(hand.view())) == expected


def test_a_view_holds_only_what_its_seat_can_see():
    hand = Hand.deal(NORTH_AMERICAN, 0, 11)
    while hand.phase_name != "play":
        hand.apply(SimplePlayer().choose(hand.view()))
    dealer = hand.dealer
    for seat in range(4):
        view = hand.view(seat)
        assert view.cards == tuple(hand.hands[seat])
        assert (view.legal != ()) == (seat == hand.to_act)
        # the dealer alone knows the discard; nobody sees another hand
        assert (view.discarded >= 0) == (seat == dealer and view.picked_up)
        hidden = {c for s in range(4) if s != seat for c in hand.hands[s]}
        assert hidden <= set(view.unseen())
        assert not set(view.cards) & set(view.unseen())
    first = hand.view(seat=0)
    try:
        first.cards = ()  # type: ignore[misc]
    except AttributeError:
        pass
    else:
        raise AssertionError("a view must be immutable")


def test_make_player_and_hint_give_legal_actions():
    from euchre_tourney.play import LEVELS, hint, make_player

    hand = Hand.deal(NORTH_AMERICAN, 1, 5)
    for level in LEVELS:
        assert make_player(level, seed=1).choose(hand.view()) in hand.legal_actions()
    advice = hint(hand.view())
    assert advice.action in hand.legal_actions()
    assert {a for a, _ in advice.ranking} == set(hand.legal_actions())
    assert advice.reason


# ------------------------------------------------- one family, every game (issue 33 item 4)


EVERY_GAME = sorted(PRESETS) + sorted(TABLE_PRESETS)
"""Every four-seat preset and every game of rules/tables.py."""
SMALL = {"samples": 4, "bid_samples": 3, "budget": None}
"""A fixed, small search budget: the same answers on any machine."""


def _deal(game: str, i: int, rng: random.Random):
    rules = game_rules(game)
    if isinstance(rules, TableRules):
        return TableHand(rules, i % rules.players, rng)
    return Hand.deal(rules, i % 4, rng)


def _view(hand, seat):
    return seat_view(hand, seat) if isinstance(hand, TableHand) else hand.view(seat)


def _twin(hand, seat, rng):
    """The hand with the cards ``seat`` cannot see dealt differently (its
    view unchanged), or ``None`` when no such deal was found."""
    if isinstance(hand, TableHand):
        return _redeal_hidden(hand, seat, rng)
    return redeal_hidden(hand, seat, rng)


@pytest.mark.parametrize("game", EVERY_GAME)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_answers_the_same_view_alike_in_every_game(level, game):
    """The honesty test: at every decision of three hands, the hidden cards
    dealt differently (the seat's view equal) get the same action from a
    fresh player of the same level and seed -- the player reads its seat's
    view only, and nothing it was asked before."""
    rng = random.Random(f"{game}/{level}")
    compared = differing = 0
    for i in range(3):
        hand = _deal(game, i, rng)
        players = {}
        while not hand.done:
            seat = hand.to_act
            view = _view(hand, seat)
            player = players.setdefault(seat, make_player(level, game, seat, **(SMALL if level == "hard" else {})))
            action = player.choose(view)
            assert action in hand.legal_actions()
            twin = _twin(hand, seat, random.Random(compared))
            if twin is not None:
                assert _view(twin, seat) == view
                fresh = make_player(level, game, seat, **(SMALL if level == "hard" else {}))
                assert fresh.choose(_view(twin, seat)) == action
                compared += 1
                differing += twin.hands != hand.hands
            hand.apply(action)
    assert compared >= 6 and differing >= 3


def test_one_factory_for_every_game():
    from euchre_tourney.play.heuristic import MediumPlayer
    from euchre_tourney.play.search import SearchPlayer
    from euchre_tourney.play.table import MediumPlayer as TableMedium
    from euchre_tourney.play.table import RandomTablePlayer, SampleSearchPlayer

    assert isinstance(make_player("easy", "north_american", 1), SimplePlayer)
    assert isinstance(make_player("medium", BRITISH), MediumPlayer)
    assert isinstance(make_player("hard", "canadian", 2, budget=None), SearchPlayer)
    assert isinstance(make_player("easy", "cutthroat", 1), RandomTablePlayer)
    assert isinstance(make_player("medium", TABLE_PRESETS["two_handed"]), TableMedium)
    hard = make_player("hard", "five_partner_pick", 3, samples=7, bid_samples=5, budget=None)
    assert isinstance(hard, SampleSearchPlayer) and (hard.samples, hard.bid_samples, hard.deadline_s) == (7, 5, None)
    with pytest.raises(ValueError, match="unknown game"):
        make_player("hard", "seven_handed")
    with pytest.raises(ValueError, match="choose one of easy, medium, hard"):
        make_player("expert", "cutthroat")


@pytest.mark.parametrize("game", sorted(TABLE_PRESETS))
def test_one_hint_for_every_game(game):
    """``hint(view)`` at a table of 2 to 6: a legal action, best first in
    its ranking, a sentence, and ``action, reason`` unpacking."""
    rules = TABLE_PRESETS[game]
    rng = random.Random(game)
    hand = TableHand(rules, 0, rng)
    hinted = 0
    while not hand.done and hinted < 6:
        view = seat_view(hand, hand.to_act)
        advice = hint(view, seed=1, samples=3, budget=None)
        action, why = advice
        assert action == advice.action == advice.ranking[0][0] and action in hand.legal_actions()
        assert why and "\n" not in why
        points = [p for _, p in advice.ranking]
        assert points == sorted(points, reverse=True)
        hand.apply(action)
        hinted += 1
    with pytest.raises(ValueError, match="not this seat's turn"):
        hint(seat_view(hand, (hand.to_act + 1) % rules.players) if not hand.done else seat_view(hand, 0))
