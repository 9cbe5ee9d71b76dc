"""The medium computer player: sound rule-of-thumb bidding and card play
from what its seat can see (a :class:`~euchre_tourney.play.view.SeatView`).

Bidding: the one bidding model of :mod:`euchre_tourney.play.bidding`
(hand worth, the worth each bid needs, going alone), which the hard player's
reading of the bidding shares. It orders up or names trump at
:attr:`MediumPlayer.order_at`, goes alone at :attr:`MediumPlayer.alone_at`
with at most one losing off-suit card, and never defends alone. The discard
makes a void where it can and keeps aces and trumps.

Card play (the club's usual advice):

* leading as a maker: the highest trump still out when holding it (draw the
  trumps), else a trump to a partner who called it, else an off-suit card
  that is the highest of its suit still out, else the lowest card of the
  shortest suit;
* leading as a defender: an off-suit card that is the highest still out
  (an ace), else the lowest card of the shortest off suit; never trump
  unless holding nothing else;
* following: when the partner is winning, do not overtake, throw the
  cheapest card ("duck"); otherwise win with the cheapest card that wins,
  the highest card still out when seats behind may overtake (save the Right
  Bower when a lower trump is enough); when nothing wins, throw the
  cheapest card, keeping aces and trumps.

Speed: a decision is a few list scans (well under a millisecond).
"""

from __future__ import annotations

from euchre_tourney.play.actions import ALONE, DISCARD, MISDEAL, NAME, ORDER, PASS
from euchre_tourney.play.bidding import BiddingModel, bid_worth, losers
from euchre_tourney.play.hand import ALONE_ROUND, BENNY_UP, BID1, BID2, DISCARDING
from euchre_tourney.play.view import SeatView
from euchre_tourney.rules import ACE, TRUMP_TABLES

def blind_trump(view: SeatView, seed: int = 0) -> int:
    """The dealer's naming of trump when the Benny is turned up: made
    without looking at the cards (001), so it depends only on the seat and
    ``seed``."""
    return NAME + ((view.dealer + seed) & 3)


class MediumPlayer:
    """Heuristic bidding and card play (see the module docstring). Stateless
    and deterministic: the same view always gets the same action."""

    def __init__(self, order_at: float = 5.6, alone_at: float = 8.0) -> None:
        self.order_at = order_at
        self.alone_at = alone_at
        self.model = BiddingModel(order_at, alone_at)

    # ------------------------------------------------------------ bidding

    def round1_worth(self, view: SeatView, cards=None) -> float:
        """Worth of ordering up the turn-up for ``view.seat`` (with its own
        ``cards`` by default): :meth:`BiddingModel.round1_worth`."""
        cards = view.cards if cards is None else cards
        return self.model.round1_worth(cards, view.turn_up, view.seat, view.dealer)

    def choose(self, view: SeatView) -> int:
        """The action for ``view.seat``, always one of ``view.legal``."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        seat, dealer = view.seat, view.dealer
        if MISDEAL in legal:
            return MISDEAL
        model = self.model
        if phase == BID1:
            needed = model.needed(view.rules, seat, dealer, 1)
            if ORDER in legal and self.round1_worth(view) >= needed:
                return ORDER
            return PASS
        if phase == BENNY_UP:
            # 001: the dealer names trump without looking at the cards.
            return blind_trump(view)
        if phase == BID2:
            named = [a for a in legal if a != PASS]
            mine = list(view.cards)
            best = max(named, key=lambda a: bid_worth(mine, a - NAME))
            worth = model.round2_worth(mine, best - NAME, seat, dealer)
            if PASS not in legal or worth >= model.needed(view.rules, seat, dealer, 2):
                return best
            return PASS
        if phase == ALONE_ROUND:
            on_makers = (seat ^ view.maker) & 1 == 0
            cards = model.alone_cards(view.cards, view.trump, seat, dealer, view.bid_round, view.turn_up, on_makers)
            if on_makers and model.goes_alone(cards, view.trump):
                return ALONE
            return PASS
        if phase == DISCARDING:
            return self.discard(view)
        return self.play(view)

    @staticmethod
    def discard(view: SeatView) -> int:
        """The dealer's discard, one of ``view.legal``: make a void with a
        lone low off-suit card, else the lowest off-suit card that is not an
        ace, else the lowest card."""
        table = TRUMP_TABLES[view.trump]
        options = [a - DISCARD for a in view.legal]
        mine = list(view.cards)
        counts = [0, 0, 0, 0]
        for c in mine:
            counts[table.suit[c]] += 1
        trump = view.trump

        def key(c):
            s = table.suit[c]
            if s == trump:
                return (3, -table.trump_order[c], 0)
            ace = c & 7 == ACE
            return (1 if ace else 0, counts[s], c & 7)

        return DISCARD + min(options, key=key)

    # --------------------------------------------------------------- play

    def play(self, view: SeatView) -> int:
        """A card of ``view.legal`` by the rules of the module docstring."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        table = TRUMP_TABLES[view.trump]
        trump = view.trump
        seat = view.seat
        makers = (seat ^ view.maker) & 1 == 0
        out = set(view.unseen())  # cards someone else may still hold
        if not view.trick:
            return self._lead(view, table, trump, makers, out)
        led = table.suit[view.trick[0]]
        strength = table.strength[led]
        best = max(strength[c] for c in view.trick)
        winner = view.trick_winner
        n_in = 4 - len(view.sitting_out)
        last = len(view.trick) == n_in - 1
        if (winner ^ seat) & 1 == 0:
            return self._cheapest(legal, table, trump)  # duck: the partner is winning
        beating = sorted((c for c in legal if strength[c] > best), key=strength.__getitem__)
        if not beating:
            return self._cheapest(legal, table, trump)
        if last:
            return beating[0]
        # Seats behind may still overtake: a card no unseen card beats wins
        # for sure; take the cheapest such card, else the cheapest winner.
        top_out = max((strength[c] for c in out), default=0)
        sure = [c for c in beating if strength[c] > top_out]
        if sure and (strength[sure[0]] < 100 or len([c for c in legal if table.suit[c] == trump]) >= 1):
            return sure[0]
        return beating[0]

    def _lead(self, view, table, trump, makers, out) -> int:
        legal = view.legal
        suit = table.suit
        trumps = sorted((c for c in legal if suit[c] == trump), key=table.trump_order.__getitem__)
        trumps_out = [c for c in out if suit[c] == trump]
        partner_called = makers and view.maker != view.seat
        if makers and trumps and trumps_out:
            top_out = min(table.trump_order[c] for c in trumps_out)
            if table.trump_order[trumps[0]] < top_out and (len(trumps) >= 2 or view.maker == view.seat):
                return trumps[0]  # the highest trump: draw the trumps
            if partner_called:
                return trumps[-1] if len(trumps) >= 2 else trumps[0]  # trump to the partner who called
        # an off-suit card that is the highest of its suit still out
        bosses = []
        for c in legal:
            s = suit[c]
            if s == trump:
                continue
            st = table.strength[s]
            if all(st[o] < st[c] for o in out if suit[o] == s):
                bosses.append(c)
        if bosses:
            return max(bosses, key=lambda c: c & 7)
        if makers and trumps and len(trumps) == len(legal):
            return trumps[0]
        off = [c for c in legal if suit[c] != trump] or legal
        counts = [0, 0, 0, 0]
        for c in legal:
            counts[suit[c]] += 1
        return min(off, key=lambda c: (counts[suit[c]], c & 7 if suit[c] != trump else 10))

    @staticmethod
    def _cheapest(legal, table, trump) -> int:
        """The card worth least: a low card of a short off suit, trumps and
        aces last."""
        suit = table.suit
        counts = [0, 0, 0, 0]
        for c in legal:
            counts[suit[c]] += 1

        def key(c):
            if suit[c] == trump:
                return (2, -table.trump_order[c], 0)
            return (1 if c & 7 == ACE else 0, c & 7, counts[suit[c]])

        return min(legal, key=key)


__all__ = ["MediumPlayer", "bid_worth", "blind_trump", "losers"]
