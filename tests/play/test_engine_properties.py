"""Property tests of the play engine over random deals and random legal play,
for every preset and for random combinations of the options.

The trick winner and the follow-suit rule are checked against a small,
independent reference written straight from the rule texts (000, 001), not
against the engine's tables.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tourney.play import Game, Hand
from euchre_tourney.play.actions import ALONE, DISCARD, MISDEAL, NAME, ORDER, PASS
from euchre_tourney.play.hand import PLAYING, SEAT_SIDE
from euchre_tourney.rules import (
    CUSTOM,
    PRESETS,
    AloneLead,
    DefendAlone,
    RuleViolation,
    all_hand_results,
    possible_points,
    score_hand,
)
from euchre_tourney.rules.cards import BENNY, deck

PRESET_LIST = [PRESETS[k] for k in sorted(PRESETS)]



def with_options(base, **kw):
    """``base`` with options ``kw``: keeps the preset's name unless a field it
    fixes changes (then ``"custom"``); drops options the pack cannot have."""
    if not base.has_benny:
        kw.pop("joker_substitute")
    if not kw["dealer_partner_orders_alone"]:
        kw["dealer_partner_alone_any_round"] = False
    same = kw["dealer_partner_orders_alone"] == base.dealer_partner_orders_alone
    return base.replace(preset=base.preset if same else CUSTOM, **kw)


option_sets = st.builds(
    with_options,
    st.sampled_from(PRESET_LIST),
    stick_the_dealer=st.booleans(),
    defend_alone=st.sampled_from(list(DefendAlone)),
    alone_lead=st.sampled_from(list(AloneLead)),
    dealer_partner_orders_alone=st.booleans(),
    dealer_partner_alone_any_round=st.booleans(),
    ace_no_face=st.booleans(),
    maker_partner_may_go_alone=st.booleans(),
    passer_may_go_alone=st.booleans(),
    dealer_may_discard_turn_up=st.booleans(),
    farmers_hand=st.booleans(),
    dealer_needs_trump_to_take_up=st.booleans(),
    super_euchre_points=st.sampled_from([0, 4]),
    joker_substitute=st.booleans(),
    win_by_two=st.booleans(),
    target=st.integers(1, 15),
)
rule_sets = st.one_of(st.sampled_from(PRESET_LIST), option_sets)

ALL_ACTIONS = list(range(33)) + [DISCARD + c for c in range(33)] + [PASS, ORDER, ALONE, MISDEAL] + [NAME + s for s in range(4)]


# --- reference, from the rule texts ------------------------------------------------


def ref_suit(c: int, trump: int) -> int:
    """000/001: the Left Bower and the Benny belong to trump."""
    if c == BENNY:
        return trump
    suit, rank = divmod(c, 8)
    if rank == 4 and suit == 3 - trump:  # jack of the same colour
        return trump
    return suit


def ref_power(c: int, trump: int, led: int) -> int:
    if ref_suit(c, trump) == trump:
        if c == BENNY:
            return 300
        if c == trump * 8 + 4:
            return 299
        if c == (3 - trump) * 8 + 4:
            return 298
        return 200 + c % 8
    if ref_suit(c, trump) == led:
        return 100 + c % 8
    return 0


def ref_winner(leader: int, cards: list[int], seats: list[int], trump: int) -> int:
    led = ref_suit(cards[0], trump)
    best = max(range(len(cards)), key=lambda i: ref_power(cards[i], trump, led))
    return seats[best]


# --- properties --------------------------------------------------------------------


def play_checked(hand: Hand, rng: random.Random, probe_illegal: bool = True) -> None:
    """Play to the end at random, checking every step."""
    rules = hand.rules
    steps = 0
    trick_seats: list[int] = []
    while not hand.done:
        steps += 1
        assert steps < 80
        legal = list(hand.legal_actions())
        assert legal, "the player to act always has a legal action"
        assert len(set(legal)) == len(legal)
        seat = hand.to_act
        if hand.phase == PLAYING:
            held = hand.hands[seat]
            assert set(legal) <= set(held)
            if hand.trick:
                led = ref_suit(hand.trick[0], hand.trump)
                can_follow = [c for c in held if ref_suit(c, hand.trump) == led]
                # Exactly the cards of the suit led if any, else any card.
                assert sorted(legal) == sorted(can_follow or held)
            else:
                assert sorted(legal) == sorted(held)
            assert seat not in hand.sitting_out
        if probe_illegal and rng.random() < 0.3:
            bad = [a for a in ALL_ACTIONS if a not in legal]
            before = hand.to_text()
            action = rng.choice(bad)
            try:
                hand.apply(action)
            except RuleViolation as exc:
                assert exc.message
            else:
                raise AssertionError(f"illegal action {action} accepted")
            assert hand.to_text() == before
        action = rng.choice(legal)
        n_tricks = len(hand.tricks)
        if hand.phase == PLAYING:
            trick_seats = [] if not hand.trick else trick_seats
            trick_seats.append(seat)
        hand.apply(action)
        if hand.phase in (PLAYING,) or hand.done:
            if len(hand.tricks) > n_tricks:
                leader, cards, winner = hand.tricks[-1]
                assert winner == ref_winner(leader, cards, trick_seats, hand.trump)
                assert len(cards) == 4 - len(hand.sitting_out)
                trick_seats = []
    if hand.thrown_in or hand.misdeal:
        assert hand.score is None
        if hand.thrown_in:
            assert not rules.stick_the_dealer
        return
    assert len(hand.tricks) == 5
    played = [c for _, cards, _ in hand.tricks for c in cards]
    assert len(played) == len(set(played)) == 5 * (4 - len(hand.sitting_out))
    remaining = [c for h in hand.hands for c in h]
    discards = [a - DISCARD for a in hand.history if DISCARD <= a <= DISCARD + BENNY]
    everything = played + remaining + discards + list(hand.undealt)
    if hand.turn_up not in played + remaining + discards:
        everything.append(hand.turn_up)
    assert sorted(everything) == sorted(deck(rules.deck_size)), "every card exactly once"
    for seat in hand.sitting_out:
        assert len(hand.hands[seat]) == 5
    result = hand.record
    assert result.makers is SEAT_SIDE[hand.maker]
    assert result.maker_tricks == sum(1 for _, _, w in hand.tricks if SEAT_SIDE[w] is result.makers)
    # Shared validation: the engine's result is accepted by score entry's function.
    assert result in all_hand_results(rules)
    assert score_hand(rules, result) == hand.score
    assert hand.score.points in possible_points(rules)


@settings(max_examples=1000, deadline=None)
@given(rules=rule_sets, seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 3))
def test_random_hands_obey_the_rules(rules, seed, dealer):
    rng = random.Random(seed)
    hand = Hand.deal(rules, dealer, rng)
    play_checked(hand, rng)
    # The text form replays to the identical state.
    assert Hand.from_text(rules, hand.to_text()).to_text() == hand.to_text()


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_every_preset_many_random_hands(key):
    """Each preset for certain (hypothesis above mixes presets and options)."""
    rules = PRESETS[key]
    rng = random.Random(key)
    scored = 0
    for i in range(300):
        hand = Hand.deal(rules, i % 4, rng)
        play_checked(hand, rng, probe_illegal=i % 3 == 0)
        scored += hand.score is not None
    assert scored > 250


@settings(max_examples=200, deadline=None)
@given(rules=rule_sets, seed=st.integers(0, 2**32 - 1))
def test_games_end_exactly_at_the_target(rules, seed):
    rng = random.Random(seed)
    game = Game(rules, first_dealer=seed % 4, rng=rng)
    ns = ew = 0
    previous_dealer = game.hand.dealer
    while not game.done:
        hand = game.hand
        assert hand.dealer == previous_dealer
        game.apply(rng.choice(list(game.legal_actions())))
        if hand.done:
            if hand.score is not None:
                ns += hand.score.points if hand.score.side.value == "NS" else 0
                ew += hand.score.points if hand.score.side.value == "EW" else 0
            lead = max(ns, ew) >= rules.target and (abs(ns - ew) >= 2 if rules.win_by_two else ns != ew)
            assert game.done == lead, (ns, ew)
            # The deal rotates clockwise; a misdeal is dealt again by the same dealer.
            previous_dealer = hand.dealer if hand.misdeal else (hand.dealer + 1) % 4
        assert len(game.hands) < 400
    assert (game.score.ns, game.score.ew) == (ns, ew)
    assert game.winner is not None and game.score.points(game.winner) >= rules.target
    replay = Game.from_text(rules, game.to_text())
    assert replay.score == game.score and replay.winner == game.winner
    try:
        game.apply("pass")
    except RuleViolation:
        pass
    else:
        raise AssertionError("an action after the game was accepted")


def test_every_result_score_entry_accepts_can_be_played():
    """The other way round: every hand result score_hand accepts can come out
    of the engine (searched with random play, steered on who goes alone)."""
    for rules in PRESET_LIST + [PRESET_LIST[0].replace(defend_alone=DefendAlone.AGAINST_LONER)]:
        wanted = set(all_hand_results(rules))
        rng = random.Random(1)
        seen = set()
        for i in range(40000):
            hand = Hand.deal(rules, i % 4, rng)
            # Steer: go alone / defend alone according to a per-hand coin.
            want_lone, want_defender = rng.random() < 0.5, rng.random() < 0.5
            while not hand.done:
                legal = hand.legal_actions()
                if hand.phase_name == "alone":
                    maker_side = SEAT_SIDE[hand.to_act] is SEAT_SIDE[hand.maker]
                    want = want_lone if maker_side else want_defender
                    action = ALONE if (want and ALONE in legal) or legal == (ALONE,) else PASS
                else:
                    action = legal[int(rng.random() * len(legal))]
                hand.apply(action)
            if hand.record is not None:
                seen.add(hand.record)
                if seen >= wanted:
                    break
        assert seen == wanted, (rules.preset, wanted - seen)


@settings(max_examples=300, deadline=None)
@given(rules=rule_sets, seed=st.integers(0, 2**32 - 1), steps_first=st.integers(0, 30))
def test_rollout_makes_the_same_decisions_as_the_state_machine(rules, seed, steps_first):
    """Hand.play_random (the search rollout) equals driving legal_actions /
    apply with the same draws, from any point of a hand."""
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed % 4, rng)
    for _ in range(steps_first):
        if hand.done:
            break
        legal = hand.legal_actions()
        hand.apply(legal[int(rng.random() * len(legal))])
    twin = hand.copy()
    draws = random.Random(seed + 1)
    rnd = draws.random
    while not hand.done:
        legal = hand.legal_actions()
        hand.apply(legal[int(rnd() * len(legal))])
    assert twin.play_random(random.Random(seed + 1)) is twin
    assert twin.to_text() == hand.to_text()
    assert (twin.record, twin.score, twin.tricks) == (hand.record, hand.score, hand.tricks)
