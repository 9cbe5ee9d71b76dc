"""One bidding model for the computer players: what a hand is worth for a
bid, the worth each bid needs, and when a hand goes alone.

The medium player (:class:`~euchre_tourney.play.heuristic.MediumPlayer`)
bids by it exactly (:meth:`BiddingModel.bids_round1`, ...); the hard player
(:mod:`euchre_tourney.play.search`) uses a soft version of the same model
to judge how likely the other seats' bids were with a sampled deal
(:meth:`BiddingModel.likelihood`). One model, so that the hard player reads
the bidding the way the medium player (its own rollout policy) bids.

Worth (:func:`bid_worth`): each trump by its place (Benny 3.5, Right Bower
3, Left 2.5, Ace 2, King 1.7, Queen 1.5, lower 1.2), three or more trumps
+1, each off-suit ace 0.8 (an ace in a suit of three or more 0.5), each void
off-suit 0.6 when holding two trumps or more. In the first round the
turn-up counts for the dealer's side (the dealer takes it into the hand,
discarding the card that leaves the most worth; the dealer's partner counts
0.6 of its worth) and against the other side (-0.6 of its worth). The seat
on the dealer's left gains 0.3 (the opening lead) in both rounds.

Thresholds: order up or name trump at ``order_at`` (5.6); the dealer's
partner who must then play alone (001: Canadian / British "the dealer's
partner who orders up must go alone", and in the second round too where
the rules say so) bids only at ``alone_at`` (8.0); going alone needs
``alone_at`` with at most one losing off-suit card (:func:`losers`). The
dealer's worth for going alone after the first round counts the turn-up
taken up with the best discard. The model never defends alone; a misdeal is
always called when it may be.

The soft model: a bid (order up, naming a suit) at worth ``w`` against the
threshold ``t`` has probability ``logistic((w - t) / 0.8)``, a pass its
complement; going alone ``logistic((w - alone_at) / 1.0)`` (a tenth of it
with two losers or more), declining ``1 - 0.8`` times that. A forced action
(the stuck dealer naming, the dealer's partner forced alone) tells nothing
and counts 1.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from euchre_tourney.play.actions import ALONE, MISDEAL, NAME, ORDER, PASS
from euchre_tourney.rules import ACE, BENNY, TRUMP_TABLES, RuleSet

# Worth of a trump by its place in the trump order (Benny, Right, Left, A, K, Q, 10, 9, 8, 7).
_TRUMP_WORTH = (3.5, 3.0, 2.5, 2.0, 1.7, 1.5, 1.2, 1.2, 1.2, 1.2)


def bid_worth(cards, trump: int) -> float:
    """Worth of ``cards`` (any number) with ``trump`` as trump, in the units
    of the module docstring (about 6 makes a sound partnership bid, about
    10 a loner)."""
    table = TRUMP_TABLES[trump]
    order = table.trump_order
    suit = table.suit
    worth = 0.0
    trumps = 0
    counts = [0, 0, 0, 0]
    for c in cards:
        counts[suit[c]] += 1
    for c in cards:
        place = order[c]
        if place >= 0:
            worth += _TRUMP_WORTH[place]
            trumps += 1
        elif c & 7 == ACE:
            worth += 0.8 if counts[suit[c]] <= 2 else 0.5
    if trumps >= 3:
        worth += 1.0
    if trumps >= 2:
        worth += 0.6 * sum(1 for s in range(4) if s != trump and counts[s] == 0)
    return worth


def losers(cards, trump: int) -> int:
    """Off-suit cards that are not aces: the likely losers of a lone hand."""
    table = TRUMP_TABLES[trump]
    return sum(1 for c in cards if table.suit[c] != trump and c & 7 != ACE)


def _logistic(x: float) -> float:
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def _left_of_dealer(seat: int, dealer: int) -> float:
    return 0.3 if seat == (dealer + 1) & 3 else 0.0


@dataclass(frozen=True)
class BiddingModel:
    """The bidding model of the module docstring, with its two thresholds."""

    order_at: float = 5.6
    alone_at: float = 8.0

    # ------------------------------------------------------------- worth

    @staticmethod
    def round1_worth(cards, turn_up: int, seat: int, dealer: int) -> float:
        """Worth of ordering up ``turn_up`` for ``seat`` holding ``cards``
        (the dealer's cards with or without the turn-up already in them)."""
        cards = list(cards)
        trump = turn_up >> 3
        if seat == dealer:
            if turn_up in cards:
                worth = bid_worth(cards, trump)
            else:
                worth = max(bid_worth([c for c in cards if c != d] + [turn_up], trump) for d in cards)
        else:
            worth = bid_worth(cards, trump)
            up_worth = bid_worth([turn_up], trump)
            worth += 0.6 * up_worth if (seat ^ dealer) & 1 == 0 else -0.6 * up_worth
        return worth + _left_of_dealer(seat, dealer)

    @staticmethod
    def round2_worth(cards, suit: int, seat: int, dealer: int) -> float:
        """Worth of naming ``suit`` in the second round."""
        return bid_worth(cards, suit) + _left_of_dealer(seat, dealer)

    def needed(self, rules: RuleSet, seat: int, dealer: int, bid_round: int) -> float:
        """The worth a bid needs: ``alone_at`` for the dealer's partner who
        would then have to play alone, else ``order_at``."""
        partner = seat == (dealer + 2) & 3
        forced = rules.dealer_partner_orders_alone if bid_round == 1 else rules.dealer_partner_alone_any_round
        return self.alone_at if forced and partner else self.order_at

    @staticmethod
    def alone_cards(cards, trump: int, seat: int, dealer: int, bid_round: int, turn_up: int, on_makers: bool) -> list[int]:
        """The cards a seat would play a lone hand with: the dealer on the
        makers' side after the first round takes up the turn-up and keeps
        the best five."""
        cards = list(cards)
        if on_makers and seat == dealer and bid_round == 1 and turn_up not in cards:
            cards = max(
                ([c for c in cards + [turn_up] if c != d] for d in cards),
                key=lambda h: bid_worth(h, trump),
            )
        return cards

    def goes_alone(self, cards, trump: int) -> bool:
        """Worth ``alone_at`` or more with at most one loser."""
        return bid_worth(cards, trump) >= self.alone_at and losers(cards, trump) <= 1

    # -------------------------------------------------------- soft model

    def likelihood(self, rules: RuleSet, bids, hands, *, dealer: int, turn_up: int, me: int,
                   maker: int = -1, trump: int = -1, bid_round: int = 0) -> float:
        """How likely the bids ``bids`` (``(seat, action)`` in order, as in
        :attr:`SeatView.bids`) were if every seat but ``me`` held ``hands``
        (each seat's cards as dealt, by seat; an empty list for a seat whose
        cards are unknown or not dealt): the product over those seats' bids
        of the soft model's probability (module docstring). ``maker``,
        ``trump`` and ``bid_round`` describe the trump made, when it was."""
        p = 1.0
        passes = 0
        made = False
        up_suit = turn_up >> 3
        for seat, action in bids:
            if action == MISDEAL:
                continue
            if made:
                # going alone / defending alone
                if seat == me or not hands[seat] or trump < 0 or (seat ^ maker) & 1:
                    continue
                forced_alone = seat == maker and (
                    rules.dealer_partner_orders_alone
                    if bid_round == 1
                    else rules.dealer_partner_orders_alone and rules.dealer_partner_alone_any_round
                ) and seat == (dealer + 2) & 3
                if forced_alone:
                    continue
                cards = self.alone_cards(hands[seat], trump, seat, dealer, bid_round, turn_up, True)
                q = _logistic((bid_worth(cards, trump) - self.alone_at) / 1.0)
                if losers(cards, trump) > 1:
                    q *= 0.1
                p *= q if action == ALONE else 1.0 - q * 0.8
                continue
            if turn_up == BENNY and action >= NAME:  # the Benny turned up: named blind
                made = True
                continue
            round1 = passes < 4
            if action == ORDER or action >= NAME:
                made = True
            if seat == me or not hands[seat]:
                # our own bids, and a seat whose cards are not in the sample
                passes += action == PASS
                continue
            cards = hands[seat]
            if round1:
                w = self.round1_worth(cards, turn_up, seat, dealer)
                t = self.needed(rules, seat, dealer, 1)
            else:
                if seat == dealer and rules.stick_the_dealer:
                    passes += action == PASS
                    continue  # the stuck dealer must name a suit: no information
                if action >= NAME:
                    w = self.round2_worth(cards, action - NAME, seat, dealer)
                else:
                    w = max(self.round2_worth(cards, s, seat, dealer) for s in range(4) if s != up_suit)
                t = self.needed(rules, seat, dealer, 2)
            q = _logistic((w - t) / 0.8)
            p *= q if action != PASS else 1.0 - q
            passes += action == PASS
        return p


__all__ = ["BiddingModel", "bid_worth", "losers"]
