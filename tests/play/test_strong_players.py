"""The medium and hard computer players, the exact trick solver, the deal
sampler and the hints (issue 13): always legal under every preset, blind to
hidden cards, deterministic for a seed, and the solver exact."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tourney.play import LEVELS, Game, Hand, hint, make_player
from euchre_tourney.play.actions import DISCARD, ORDER, PASS, action_text
from euchre_tourney.play.hand import DISCARDING, PLAYING
from euchre_tourney.play.heuristic import MediumPlayer
from euchre_tourney.play.reasons import reason
from euchre_tourney.play.players import SimplePlayer
from euchre_tourney.play.search import SearchPlayer, bidding_likelihood, maker_values, sample_deals
from euchre_tourney.play.hand import _next_active
from euchre_tourney.play.solver import brute_force_tricks, maker_tricks
from euchre_tourney.rules import CUSTOM, NORTH_AMERICAN, PRESETS, AloneLead, DefendAlone, score_hand
from euchre_tourney.rules.cards import TRUMP_TABLES, deck, parse_card
from euchre_tourney.rules.ruleset import _BOOL_FIELDS
from euchre_tourney.rules.scoring import HandResult, Side

PRESET_LIST = [PRESETS[k] for k in sorted(PRESETS)]
FAST = {"samples": 4, "bid_samples": 3}


def player(level: str, seed: int = 0):
    return make_player(level, seed, **FAST) if level == "hard" else make_player(level, seed)


def redeal_hidden(hand: Hand, seat: int, rng: random.Random) -> Hand:
    """A copy of ``hand`` with every card ``seat`` cannot see dealt afresh
    among the other hands and the undealt cards (same counts; a dealer who
    took the turn-up keeps it): the seat's view is unchanged."""
    twin = hand.copy()
    others = [s for s in range(4) if s != seat]
    fixed: dict[int, list[int]] = {s: [] for s in others}
    up = hand.turn_up
    if hand.view(seat).picked_up and hand.dealer != seat and up in hand.hands[hand.dealer]:
        fixed[hand.dealer] = [up]  # everyone saw the dealer take it
    hidden = [c for s in others for c in twin.hands[s] if c not in fixed[s]]
    hidden += [c for c in twin.undealt if c != up]
    rng.shuffle(hidden)
    pos = 0
    for s in others:
        n = len(twin.hands[s]) - len(fixed[s])
        twin.hands[s] = fixed[s] + hidden[pos : pos + n]
        pos += n
    twin.undealt = hidden[pos:] + ([up] if up in hand.undealt else [])
    return twin


# Every yes/no option of a rule set, but those with a condition (drawn below).
_FLAGS = tuple(f for f in _BOOL_FIELDS if f not in ("joker_substitute", "dealer_partner_alone_any_round"))


@st.composite
def rule_variants(draw):
    """A preset with its options drawn at random (every option the engine knows)."""
    base = draw(st.sampled_from(PRESET_LIST))
    flags = {name: draw(st.booleans()) for name in _FLAGS}
    flags["dealer_partner_alone_any_round"] = flags["dealer_partner_orders_alone"] and draw(st.booleans())
    defend = draw(st.sampled_from(list(DefendAlone)))
    lead = draw(st.sampled_from(list(AloneLead)))
    return base.replace(preset=CUSTOM, defend_alone=defend, alone_lead=lead, **flags)


@settings(max_examples=60, deadline=None)
@given(
    rules=st.one_of(st.sampled_from(PRESET_LIST), rule_variants()),
    seed=st.integers(0, 2**32 - 1),
    level=st.sampled_from(LEVELS),
)
def test_every_level_plays_only_legal_actions_under_every_preset(rules, seed, level):
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed % 4, rng)
    players = [player(level, s) if s % 2 == 0 else SimplePlayer() for s in range(4)]
    if seed % 3 == 0:
        players = [player(level, s) for s in range(4)]
    phases = set()
    while not hand.done:
        view = hand.view()
        phases.add(view.phase)
        choice = players[hand.to_act].choose(view)
        assert choice in hand.legal_actions(), (level, action_text(choice))
        hand.apply(choice)
    assert hand.thrown_in or hand.misdeal or PLAYING in phases


@settings(max_examples=25, deadline=None)
@given(rules=st.sampled_from(PRESET_LIST), seed=st.integers(0, 2**32 - 1), level=st.sampled_from(["medium", "hard"]))
def test_a_choice_does_not_change_when_hidden_cards_are_redealt(rules, seed, level):
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed % 4, rng)
    me = player(level, 7)
    others = SimplePlayer()
    while not hand.done:
        seat = hand.to_act
        view = hand.view()
        if seat in (0, 1) or len(view.legal) == 1:
            choice = me.choose(view)
            twin = redeal_hidden(hand, seat, rng)
            assert twin.view() == view
            assert me.choose(twin.view()) == choice
        else:
            choice = others.choose(view)
        hand.apply(choice)


def test_the_hard_player_is_deterministic_for_a_seed():
    def game_text(seed):
        game = Game(NORTH_AMERICAN, 1, rng=5)
        seats = [make_player("hard", seed, **FAST), MediumPlayer(), make_player("hard", seed + 1, **FAST), MediumPlayer()]
        game.play_out(seats)
        return game.to_text()

    assert game_text(3) == game_text(3)


def test_a_choice_does_not_depend_on_earlier_calls():
    hand = Hand.deal(NORTH_AMERICAN, 0, 21)
    fresh = make_player("hard", 4, **FAST)
    used = make_player("hard", 4, **FAST)
    other = Hand.deal(NORTH_AMERICAN, 2, 99)
    used.choose(other.view())
    assert fresh.choose(hand.view()) == used.choose(hand.view())


def test_make_player_levels_and_unknown_level():
    assert isinstance(make_player("easy"), SimplePlayer)
    assert isinstance(make_player("medium"), MediumPlayer)
    hard = make_player("hard", 1, samples=5, bid_samples=2)
    assert isinstance(hard, SearchPlayer) and hard.samples == 5 and hard.bid_samples == 2
    with pytest.raises(ValueError, match="choose one of easy, medium, hard"):
        make_player("expert")


# ------------------------------------------------------------------ solver


def _endgame(draw, tricks_left):
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    size = draw(st.sampled_from([24, 25, 32, 33]))
    cards = list(deck(size))
    rng.shuffle(cards)
    out = draw(st.sampled_from([(), (), (0,), (1,), (2,), (3,), (0, 1), (2, 3)]))
    hands = [[] if s in out else cards[s * 5 : s * 5 + tricks_left] for s in range(4)]
    trump = draw(st.integers(0, 3))
    makers = draw(st.integers(0, 1))
    leader = draw(st.sampled_from([s for s in range(4) if s not in out]))
    trick = []
    played = draw(st.integers(0, 3 - len(out)))
    table = TRUMP_TABLES[trump]
    nxt = _next_active(out)
    seat = leader
    for _ in range(played):
        h = hands[seat]
        legal = [c for c in h if not trick or table.suit[c] == table.suit[trick[0]]] or h
        c = rng.choice(legal)
        h.remove(c)
        trick.append(c)
        seat = nxt[seat]
    return hands, trump, makers, tuple(trick), leader, out


@st.composite
def endgames(draw):
    return _endgame(draw, draw(st.integers(1, 3)))


@settings(max_examples=150, deadline=None)
@given(endgames())
def test_the_exact_solver_agrees_with_brute_force_on_small_endgames(game):
    hands, trump, makers, trick, leader, out = game
    assert maker_tricks(hands, trump, makers, trick, leader, out) == brute_force_tricks(
        hands, trump, makers, trick, leader, out
    )


def test_solver_on_a_known_position():
    # Spades trump, North leads, North-South make: North holds the two bowers,
    # South the ace; East and West hold the rest of the trumps low.
    hands = [
        [parse_card(c) for c in "JS JC".split()],
        [parse_card(c) for c in "KS AH".split()],
        [parse_card(c) for c in "AS 9D".split()],
        [parse_card(c) for c in "QS TH".split()],
    ]
    assert maker_tricks(hands, 3, 0, (), 0) == 2
    assert maker_tricks(hands, 3, 1, (), 0) == 0


def test_maker_values_follow_score_hand_for_every_preset():
    for rules in PRESET_LIST:
        for lone in (False, True):
            values = maker_values(rules, lone, False)
            for tricks in range(6):
                score = score_hand(rules, HandResult(Side.NS, tricks, lone, False))
                assert values[tricks] == (score.points if score.side is Side.NS else -score.points)


# ----------------------------------------------------------------- sampler


@settings(max_examples=40, deadline=None)
@given(rules=st.sampled_from(PRESET_LIST), seed=st.integers(0, 2**32 - 1), stop=st.integers(0, 30))
def test_sampled_deals_agree_with_everything_the_seat_saw(rules, seed, stop):
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed % 4, rng)
    simple = SimplePlayer()
    for _ in range(stop):
        if hand.done:
            return
        hand.apply(simple.choose(hand.view()))
    if hand.done:
        return
    view = hand.view()
    me = view.seat
    voids = [set() for _ in range(4)]
    if view.trump >= 0:
        suit = TRUMP_TABLES[view.trump].suit
        for leader, cards, _ in list(view.tricks) + ([(view.trick_leader, view.trick, -1)] if view.trick else []):
            seat = leader
            for c in cards:
                if suit[c] != suit[cards[0]]:
                    voids[seat].add(suit[cards[0]])
                seat = (seat + 1) & 3
                while seat in view.sitting_out:
                    seat = (seat + 1) & 3
    unseen = set(view.unseen())
    known = set(view.cards) | set(view.played) | {view.discarded}
    for hands, rest in sample_deals(view, rng, 6):
        assert hands[me] == list(view.cards)
        dealt = [c for s in range(4) if s != me for c in hands[s]] + rest
        assert len(dealt) == len(set(dealt))
        assert unseen <= set(dealt) <= unseen | {view.turn_up}
        assert not set(dealt) & known
        for s in range(4):
            if s == me:
                continue
            assert len(hands[s]) == len(hand.hands[s]) or s in view.sitting_out
            if view.trump >= 0:
                assert not {TRUMP_TABLES[view.trump].suit[c] for c in hands[s]} & voids[s]
        if view.picked_up and view.dealer != me and view.turn_up in hand.hands[view.dealer]:
            assert view.turn_up in hands[view.dealer]


def test_the_bidding_weighs_the_samples():
    # East passed a club turn-up in the first round: deals where East holds
    # both black jacks and the ace of clubs explain that pass badly.
    deal = "AH KH QH AD KD | JC JS AC KC QC | 9H TH 9D TD 9S | AS KS QS TS JH".split("|")
    hand = Hand(NORTH_AMERICAN, 0, [d.split() for d in deal], "9C")
    hand.apply("pass")  # East
    view = hand.view(2)
    strong = [[], [parse_card(c) for c in "JC JS AC KC QC".split()], list(hand.hands[2]), []]
    weak = [[], [parse_card(c) for c in "9D TD 9S AH KH".split()], list(hand.hands[2]), []]
    assert bidding_likelihood(view, weak) > 10 * bidding_likelihood(view, strong)


# ------------------------------------------------------------ card play


def _play_to(rules, dealer, deal, up, actions):
    hand = Hand(rules, dealer, [d.split() for d in deal.split("|")], up)
    for a in actions.split():
        hand.apply(a)
    return hand


def test_hard_player_ducks_when_partner_wins_the_trick():
    # Hearts trump (South ordered the 9 up to partner North, the dealer).
    # East leads a club, South wins it with the ace, West throws off; North,
    # void in clubs and last to play, keeps the trumps and throws the spade.
    deal = "JH JD AH 9S QH | 9C TC 9D TD KS | AC KC QC AD KD | TH KH AS QS JS"
    hand = _play_to(NORTH_AMERICAN, 0, deal, "9H", "pass order pass discard:9H play:9C play:AC play:QS")
    view = hand.view()
    assert view.seat == 0 and view.trick_winner == 2
    advice = hint(view, seed=1, samples=8)
    assert action_text(advice.action) == "play:9S"
    assert advice.reason == "duck: partner is winning the trick"
    assert make_player("hard", 1, samples=8).choose(view) == advice.action
    assert action_text(MediumPlayer().choose(view)) == "play:9S"


def test_easy_player_discards_only_legal_cards_with_six_trumps():
    # The dealer West holds five trumps and picks up the sixth; under rules
    # that forbid discarding the turn-up he must discard one of the others.
    rules = NORTH_AMERICAN.replace(preset=CUSTOM, dealer_may_discard_turn_up=False)
    deal = "9C TC 9D TD QC | KD AD QD 9S TS | KH 9H QH AC KC | JS JC AS QS TH"
    hand = _play_to(rules, 3, deal, "KS", "pass pass pass order pass")
    assert hand.phase == DISCARDING
    assert DISCARD + parse_card("KS") not in hand.legal_actions()
    for p in (SimplePlayer(), MediumPlayer(), make_player("hard", 1, **FAST)):
        assert p.choose(hand.view()) in hand.legal_actions()


def test_leading_trump_to_a_partner_who_called_it():
    # South ordered up hearts to dealer West; North leads with two trumps.
    deal = "JD 9H AC KC QC | 9C TC 9D TD 9S | AH KH QH AD KD | JH JS AS KS QS"
    hand = _play_to(NORTH_AMERICAN, 3, deal, "TH", "pass pass order pass discard:JS")
    view = hand.view()
    assert view.seat == 0 and view.maker == 2
    choice = MediumPlayer().choose(view)
    assert action_text(choice) == "play:9H"
    assert reason(view, choice) == "lead trump: partner called it"


def test_hint_ranks_every_legal_action_best_first_with_a_reason():
    hand = Hand.deal(NORTH_AMERICAN, 1, 8)
    seen_phases = set()
    while not hand.done:
        view = hand.view()
        advice = hint(view, seed=2, **FAST)
        assert advice.action in view.legal
        assert [a for a, _ in advice.ranking][0] == advice.action
        assert sorted(a for a, _ in advice.ranking) == sorted(view.legal)
        points = [p for _, p in advice.ranking]
        assert points == sorted(points, reverse=True)
        assert advice.reason and "\n" not in advice.reason
        seen_phases.add(view.phase)
        hand.apply(advice.action)
    with pytest.raises(ValueError, match="not this seat's turn"):
        hint(hand.view(0))


def test_naming_trump_with_both_bowers_and_its_reason():
    deal = "JS JC AS 9H KD | 9C TC QC TD 9S | KH QH AH TH QD | AD QS KS TS AC"
    hand = Hand(NORTH_AMERICAN, 3, [d.split() for d in deal.split("|")], "9D")
    for _ in range(4):
        hand.apply("pass")
    view = hand.view()
    assert view.seat == 0
    advice = hint(view, seed=1, samples=6, bid_samples=12)
    assert action_text(advice.action) == "name:S"
    assert advice.reason == "name spades: three trumps with both bowers"
    points = dict(advice.ranking)
    assert points[advice.action] > 0 > points[PASS] - 1
    assert ORDER not in points
    assert MediumPlayer().choose(view) == advice.action
