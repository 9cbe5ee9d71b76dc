"""The four-seat engine against OpenSpiel's euchre (``open_spiel==2.0.2``,
``pyspiel.load_game("euchre")``): 2,000 random hands replayed action by
action, 0 divergences. Skipped where OpenSpiel is not installed.

OpenSpiel's game is the North American one with stick the dealer, no lone
defender, the player left of the dealer leading also against a loner, and
a dealer who may not discard the turn-up: our rule set says the same
(:data:`OPENSPIEL_RULES`). Its order differs in one place -- the dealer
discards before the maker says whether to go alone -- so the discard is
held until our hand asks for it (and dropped when our dealer sits out, as
the card a sitting-out dealer keeps never plays).

At every decision the legal sets agree (mapped: ``Pass`` is pass, the
turn-up's suit in the first round is ``order``, a suit in the second is
``name``, ``Alone``/``Partner`` are alone/pass, cards are cards); at the
end the points agree (OpenSpiel's returns are zero-sum: the side that
scores gets +points).
"""

from __future__ import annotations

import random

import pytest

from euchre_tourney.play.actions import ALONE, DISCARD, NAME, ORDER, PASS, action_text  # noqa: F401
from euchre_tourney.play.hand import Hand
from euchre_tourney.play.table.hand import TableHand
from euchre_tourney.rules import PRESETS, AloneLead, tables

pyspiel = pytest.importorskip("pyspiel")

OPENSPIEL_RULES = PRESETS["north_american"].replace(
    stick_the_dealer=True, alone_lead=AloneLead.DEALER_LEFT, dealer_may_discard_turn_up=False
)
HANDS = 2_000
_PASS, _CLUBS, _ALONE, _PARTNER = 24, 25, 29, 30


def card_of(index: int) -> int:
    """OpenSpiel's card index (rank * 4 + suit, ranks 9..A, suits C D H S)
    as our card code (suit * 8 + rank, 9 = 2 .. A = 7)."""
    return (index % 4) * 8 + index // 4 + 2


def ours(state, action: int, first_round: bool) -> int:
    """Our action (the four-seat engine's int) for OpenSpiel's ``action``."""
    if action < 24:
        return card_of(action)
    if action == _PASS:
        return PASS
    if action in (_ALONE, _PARTNER):
        return ALONE if action == _ALONE else PASS
    suit = action - _CLUBS
    return ORDER if first_round else NAME + suit


def _texts(hand) -> list[str]:
    return sorted(hand.action_text(a) for a in hand.legal_actions())


def replay_one(game, seed: int, general: bool = False) -> int:
    """One random hand through OpenSpiel and our :class:`Hand` (with
    ``general`` the general :class:`TableHand`, over
    ``TableRules.from_ruleset``); returns the decisions compared.
    AssertionError at the first divergence. Actions are compared by their
    text (the protocol's words)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.random() * len(legal))])
    holder = state.card_holder()
    hands: list[list[int]] = [[], [], [], []]
    rest = []
    for index, seat in enumerate(holder):
        if seat is None:
            if index != state.upcard():
                rest.append(card_of(index))
        else:
            hands[seat].append(card_of(index))
    if general:
        table_rules = tables.TableRules.from_ruleset(OPENSPIEL_RULES)
        hand = TableHand.from_hands(table_rules, state.dealer(), hands, card_of(state.upcard()), rest)
    else:
        hand = Hand(OPENSPIEL_RULES, state.dealer(), hands, card_of(state.upcard()), rest)
    held_discard = None
    compared = 0
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        phase = str(state.current_phase()).rsplit(".", 1)[-1]
        if phase == "DISCARD":
            # ours asks after the going-alone decision: compare then
            held_discard = (sorted(card_of(a) for a in legal), legal[int(rng.random() * len(legal))])
            state.apply_action(held_discard[1])
            continue
        where = f"seed {seed}, {phase}, ours {hand.to_text()!r}"
        assert hand.to_act == seat, where
        first_round = "order" in _texts(hand)
        mapped = sorted(action_text(ours(state, a, first_round)) for a in legal)
        assert mapped == _texts(hand), f"{where}: {mapped} vs {_texts(hand)}"
        action = legal[int(rng.random() * len(legal))]
        hand.apply(action_text(ours(state, action, first_round)))
        state.apply_action(action)
        compared += 1
        if any(t.startswith("discard:") for t in _texts(hand)):
            cards, chosen = held_discard
            assert _texts(hand) == sorted(action_text(DISCARD + c) for c in cards), where
            hand.apply(action_text(DISCARD + card_of(chosen)))
            compared += 1
    assert hand.done, f"seed {seed}: OpenSpiel ended, ours is not"
    returns = state.returns()
    result = hand.result()
    winners = {s for s in range(4) if returns[s] > 0}
    assert winners == {s for s in range(4) if result.points[s] > 0}, f"seed {seed}"
    assert max(returns) == max(result.points), f"seed {seed}: {returns} vs {result}"
    return compared


@pytest.mark.parametrize("general", [False, True], ids=["four-seat Hand", "general TableHand"])
def test_two_thousand_random_hands_agree_with_openspiel(general):
    game = pyspiel.load_game("euchre")
    assert game.get_parameters() == {"allow_lone_defender": False, "stick_the_dealer": True}
    decisions = sum(replay_one(game, seed, general) for seed in range(HANDS))
    assert decisions > HANDS * 20
