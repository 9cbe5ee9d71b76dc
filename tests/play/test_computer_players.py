"""Computer players: always legal, look only at what their seat can see,
and the simple player beats random play."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tourney.play import Game, Hand, RandomPlayer, SimplePlayer, action_text
from euchre_tourney.rules import BRITISH, CUSTOM, NORTH_AMERICAN, PRESETS, Side

PRESET_LIST = [PRESETS[k] for k in sorted(PRESETS)]


@settings(max_examples=60, deadline=None)
@given(rules=st.sampled_from(PRESET_LIST), seed=st.integers(0, 2**32 - 1))
def test_simple_player_only_legal_and_blind_to_hidden_cards(rules, seed):
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed % 4, rng)
    player = SimplePlayer()
    while not hand.done:
        seat = hand.to_act
        choice = player.choose(hand)
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
        assert player.choose(twin) == choice
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
        counts[player.choose(hand)] += 1
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
        assert action_text(player.choose(hand)) == expected
