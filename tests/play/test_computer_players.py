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
