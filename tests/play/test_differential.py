"""Differential test: the four-seat :class:`Hand` and the general
:class:`TableHand` (over :meth:`TableRules.from_ruleset`) play the same
deals, action by action, under every four-seat preset of rules/ruleset.py
and under rule sets with every option (hypothesis).

At every decision both engines must agree on whose turn it is and on the
legal set (compared through the action texts, which are the same words in
both engines: ``pass``, ``order``, ``name:H``, ``alone``, ``misdeal``,
``discard:9C``, ``play:JH``); at the end on the tricks (leader, cards,
winner), the thrown-in and misdeal flags and the protocol's
:class:`HandResult` (points per seat, makers, tricks, alone, euchred,
march). Whole games are compared too (scores after every hand, the winner,
the misdeal's same dealer, win by two).

The decisions are drawn at random with a bias towards passing that changes
from deal to deal, so that thrown-in hands, misdeals, second-round
bidding, stick the dealer and going/defending alone all occur
(``test_the_deals_reach_every_rule`` counts them).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tourney.play.actions import MISDEAL, PASS
from euchre_tourney.play.game import Game
from euchre_tourney.play.hand import Hand
from euchre_tourney.play.table.game import TableGame
from euchre_tourney.play.table.hand import TableHand
from euchre_tourney.rules import CUSTOM, PRESETS, AloneLead, DefendAlone, RuleSet, Side, tables

TableRules = tables.TableRules
PRESET_LIST = [PRESETS[k] for k in sorted(PRESETS)]
DEALS_PER_PRESET = 400


def with_options(base: RuleSet, **kw) -> RuleSet:
    """``base`` with options ``kw`` (``"custom"`` when a fixed field changes;
    options the pack cannot have dropped)."""
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


class Divergence(AssertionError):
    """The two engines disagree (the message says where)."""


def _choose(legal, rng: random.Random, pass_bias: float):
    if MISDEAL in legal and rng.random() < 0.5:
        return MISDEAL
    if PASS in legal and rng.random() < pass_bias:
        return PASS
    return legal[int(rng.random() * len(legal))]


def _trick_texts(hand) -> list:
    if isinstance(hand, Hand):
        return [(leader, [hand.action_text(c) for c in cards], w) for leader, cards, w in hand.tricks]
    return [(leader, [hand.action_text(("play", c)) for _, c in cards], w) for leader, cards, w in hand.tricks]


def twin_of(hand: Hand, table_rules: TableRules) -> TableHand:
    """The general engine's hand dealt exactly as ``hand`` (not yet acted on)."""
    return TableHand.from_hands(table_rules, hand.dealer, hand.dealt_hands(), hand.turn_up, list(hand.undealt))


def compare_step(fast: Hand, general: TableHand, where: str) -> None:
    if fast.done != general.done or fast.to_act != general.to_act:
        raise Divergence(f"{where}: done/to_act {fast.done}/{fast.to_act} vs {general.done}/{general.to_act}")
    mine = sorted(fast.legal_action_texts())
    theirs = sorted(general.action_text(a) for a in general.legal_actions())
    if mine != theirs:
        raise Divergence(f"{where}: legal {mine} vs {theirs}")


def compare_end(fast: Hand, general: TableHand, where: str) -> None:
    if (fast.thrown_in, fast.misdeal) != (general.thrown_in, general.misdeal):
        raise Divergence(f"{where}: thrown in/misdeal {fast.thrown_in}/{fast.misdeal} vs {general.thrown_in}/{general.misdeal}")
    if _trick_texts(fast) != _trick_texts(general):
        raise Divergence(f"{where}: tricks {_trick_texts(fast)} vs {_trick_texts(general)}")
    if fast.result() != general.result():
        raise Divergence(f"{where}: result {fast.result()} vs {general.result()}")


def play_both(rules: RuleSet, seed: int, dealer: int, counts: Counter | None = None) -> int:
    """Deal one hand of ``rules`` with ``seed`` and play it through both
    engines with the same random decisions; returns the actions taken.
    :class:`Divergence` at the first difference."""
    fast = Hand.deal(rules, dealer, seed)
    general = twin_of(fast, TableRules.from_ruleset(rules))
    rng = random.Random(seed)
    bias = rng.choice((0.0, 0.5, 0.8, 0.95))
    steps = 0
    while True:
        where = f"{rules.preset} seed={seed} dealer={dealer} after {fast.actions_text()!r}"
        compare_step(fast, general, where)
        if fast.done:
            break
        text = fast.action_text(_choose(fast.legal_actions(), rng, bias))
        fast.apply(text)
        general.apply(text)
        steps += 1
    compare_end(fast, general, f"{rules.preset} seed={seed} dealer={dealer} {fast.actions_text()!r}")
    if counts is not None:
        result = fast.result()
        counts["deals"] += 1
        counts["actions"] += steps
        counts["thrown in"] += fast.thrown_in
        counts["misdeal"] += fast.misdeal
        counts["benny turned up"] += fast.turn_up == 32
        counts["second round"] += fast.bid_round == 2
        if result is not None:
            counts["alone"] += result.alone
            counts["defender alone"] += result.defender_alone
            counts["march"] += result.march
            counts["euchred"] += result.euchred
            counts["super euchre"] += result.maker_tricks == 0
    return steps


def play_games_both(rules: RuleSet, seed: int, max_hands: int = 60) -> int:
    """A whole game through :class:`Game` and :class:`TableGame` on the same
    deals; the scores must agree after every hand and the winner at the end.
    Returns the hands played."""
    table_rules = TableRules.from_ruleset(rules)
    game = Game(rules, seed % 4, seed)
    tgame = TableGame(table_rules, seed % 4, deals=[twin_of(game.hand, table_rules)])
    rng = random.Random(seed)
    bias = rng.choice((0.0, 0.5, 0.9))
    while not game.done and len(game.hands) < max_hands:
        current = game.hand
        text = current.action_text(_choose(current.legal_actions(), rng, bias))
        game.apply(text)
        if game.hand is not current and game.hand is not None:
            tgame._deals.append(twin_of(game.hand, table_rules))
        tgame.apply(text)
        if tuple(tgame.scores) != game.scores:
            raise Divergence(f"{rules.preset} game seed={seed}: scores {game.scores} vs {tgame.scores}")
        if game.hand is not None and not tgame.done and game.hand.dealer != tgame.hand.dealer:
            raise Divergence(f"{rules.preset} game seed={seed}: dealer {game.hand.dealer} vs {tgame.hand.dealer}")
    if game.done:
        winner = 0 if game.winner is Side.NS else 1
        if tgame.winner != winner:
            raise Divergence(f"{rules.preset} game seed={seed}: winner {game.winner} vs unit {tgame.winner}")
    elif tgame.winner is not None:
        raise Divergence(f"{rules.preset} game seed={seed}: the general game ended, the four-seat one did not")
    return len(game.hands)


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_every_preset_same_deals_same_play(key):
    rules = PRESETS[key]
    counts: Counter = Counter()
    for seed in range(DEALS_PER_PRESET):
        play_both(rules, seed, seed % 4, counts)
    assert counts["deals"] == DEALS_PER_PRESET


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_every_preset_same_games(key):
    hands = sum(play_games_both(PRESETS[key], seed) for seed in range(12))
    assert hands > 12


@settings(max_examples=400, deadline=None)
@given(rules=option_sets, seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 3))
def test_every_option_same_play(rules, seed, dealer):
    play_both(rules, seed, dealer)


@settings(max_examples=60, deadline=None)
@given(rules=option_sets, seed=st.integers(0, 2**32 - 1))
def test_every_option_same_games(rules, seed):
    play_games_both(rules, seed, max_hands=40)


def test_the_deals_reach_every_rule():
    """The seeded deals are not all alike: across the presets and a rule set
    with every option on, the rules that differ between engines occur."""
    counts: Counter = Counter()
    everything = PRESETS["british"].replace(
        preset=CUSTOM,
        farmers_hand=True,
        ace_no_face=True,
        stick_the_dealer=False,
        dealer_needs_trump_to_take_up=True,
        passer_may_go_alone=False,
        dealer_may_discard_turn_up=False,
        joker_substitute=True,
        super_euchre_points=4,
        alone_lead=AloneLead.LONER_RIGHT,
    )
    for rules in [*PRESET_LIST, everything]:
        for seed in range(200):
            play_both(rules, seed, seed % 4, counts)
    for what in ("thrown in", "misdeal", "benny turned up", "second round", "alone", "defender alone", "march", "euchred", "super euchre"):
        assert counts[what] > 0, (what, counts)


def test_from_ruleset_keeps_the_options():
    for rules in PRESET_LIST:
        table = TableRules.from_ruleset(rules)
        assert (table.preset, table.players, table.pack, table.target) == (rules.preset, 4, str(rules.deck_size), rules.target)
        assert table.title == rules.title
        assert TableRules.from_dict(table.to_dict()) == table
    with pytest.raises(TypeError):
        TableRules.from_ruleset(tables.CUTTHROAT)
