"""A game at an N-seat table: hands dealt in turn, clockwise, until a side
(or, playing as individuals, a player) reaches the target.

Scores are kept per scoring unit: the side (seat % 2) under fixed
partnerships, the seat otherwise. When several reach the target in the same
hand, the makers' score counts first (000 "Winning": "the makers win any
simultaneous reach"), then the highest score.
"""

from __future__ import annotations

import random

from euchre_tourney.play.table.hand import Act, TableHand
from euchre_tourney.rules import RuleViolation, tables

TableRules = tables.TableRules


class TableGame:
    """Hands to ``rules.target``. ``hand`` is the hand in progress; when it
    ends, :meth:`apply` scores it and deals the next one (dealer one seat
    clockwise, also after a hand thrown in). ``scores`` per unit,
    ``winner`` the winning unit or ``None``."""

    def __init__(
        self,
        rules: TableRules,
        first_dealer: int = 0,
        rng: random.Random | int | None = None,
        *,
        deals: list[TableHand] | None = None,
    ) -> None:
        """``deals``: hands not yet acted on, dealt in turn instead of from
        ``rng`` (a replay, e.g. a game file); the game stops dealing when
        they run out."""
        self.rules = rules
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.units = 2 if rules.sides == "partners" else rules.players
        self.scores = [0] * self.units
        self.hands: list[TableHand] = []
        self.winner: int | None = None
        self.first_dealer = first_dealer
        self._deals = list(deals) if deals is not None else None
        self.hand: TableHand = self._new_hand(first_dealer)

    def unit(self, seat: int) -> int:
        """The scoring unit of a seat."""
        return seat % 2 if self.rules.sides == "partners" else seat

    def unit_name(self, unit: int, seat_names: list[str] | None = None) -> str:
        names = seat_names or [f"Seat {s + 1}" for s in range(self.rules.players)]
        if self.rules.sides == "partners":
            return " & ".join(names[s] for s in range(self.rules.players) if s % 2 == unit)
        return names[unit]

    @property
    def over(self) -> bool:
        return self.winner is not None

    # ------------------------------------------------- the game protocol

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.rules.players

    @property
    def done(self) -> bool:
        """A unit has won (the protocol's name for :attr:`over`)."""
        return self.winner is not None or self.replay_over

    @property
    def to_act(self) -> int:
        """The seat to act in the hand in progress (``-1`` when the game is
        over or the hand is finished and not yet followed by the next)."""
        if self.done or self.hand.done:
            return -1
        return self.hand.to_act

    def view(self, seat: int | None = None):
        """What ``seat`` (default: the seat to act) sees of the hand in
        progress (:meth:`TableHand.view`)."""
        return self.hand.view(seat)

    def to_text(self) -> str:
        """One line per hand (:meth:`TableHand.to_text`): the finished
        hands, then the one in progress unless the game is over."""
        lines = [h.to_text() for h in self.hands]
        if not self.done and self.hand not in self.hands:
            lines.append(self.hand.to_text())
        return "\n".join(lines)

    def legal_actions(self) -> list[Act]:
        return [] if self.over else self.hand.legal_actions()

    def apply(self, action: Act | str) -> None:
        self.hand.apply(action)
        if self.hand.done:
            self.finish_hand()

    def finish_hand(self, deal: bool = True) -> None:
        """Score the finished hand and deal the next (or end the game); with
        ``deal`` false the finished hand stays as :attr:`hand` until
        :meth:`deal_next`."""
        hand = self.hand
        self.hands.append(hand)
        gained = [0] * self.units
        for seat, pts in hand.points.items():
            u = self.unit(seat)
            if self.rules.sides == "partners":
                gained[u] = pts
            else:
                gained[u] += pts
        for u in range(self.units):
            self.scores[u] += gained[u]
        reached = [u for u in range(self.units) if self.scores[u] >= self.rules.target]
        if self.rules.win_by_two:
            # 004 "Winning": a unit wins on reaching the target two ahead
            reached = [u for u in reached if all(self.scores[u] - self.scores[v] >= 2 for v in range(self.units) if v != u)]
        if reached:
            makers = {self.unit(s) for s in hand.makers()}
            first = [u for u in reached if u in makers] or reached
            self.winner = max(first, key=lambda u: self.scores[u])
            return
        if deal:
            self.deal_next()

    def deal_next(self) -> None:
        """Deal the next hand, the dealer one seat clockwise."""
        if self.winner is None:
            # a misdeal is dealt again by the same dealer (000 line 105, 111)
            dealer = self.hand.dealer if self.hand.misdeal else (self.hand.dealer + 1) % self.rules.players
            nxt = self._new_hand(dealer)
            if nxt is not None:
                self.hand = nxt
            else:
                self.replay_over = True

    replay_over = False
    """A replay (``deals``) ran out of hands before a unit won."""

    def _new_hand(self, dealer: int) -> TableHand | None:
        if self._deals is None:
            return TableHand(self.rules, dealer, self.rng)
        if not self._deals:
            return None
        hand = self._deals.pop(0)
        if hand.dealer != dealer:
            raise RuleViolation(f"The deal rotates clockwise: seat {dealer + 1} deals this hand, not seat {hand.dealer + 1}.")
        return hand
