"""What one seat can see of a hand: the only thing a computer player is given.

:class:`SeatView` is an immutable copy of the visible part of a
:class:`~euchre_tourney.play.hand.Hand` for one seat: its own cards, the
turn-up (and whether the dealer took it), every bid with the seat that made
it, trump and the makers, who went or defends alone, the cards played in
finished tricks and in the trick in progress, and -- for the dealer alone --
the card the dealer discarded. The other hands, the undealt cards and an
opponent's discard are not in it: a player that receives a view cannot peek,
by construction (issue 13).

Build one with :meth:`Hand.view` (``hand.view()`` for the seat to act, or
``hand.view(seat)``); a :class:`~euchre_tourney.play.game.Game` passes the
running game score along.
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre_tourney.rules import TRUMP_TABLES, RuleSet


def _next_active(out: tuple[int, ...]) -> list[int]:
    nxt = []
    for seat in range(4):
        n = (seat + 1) & 3
        while n in out:
            n = (n + 1) & 3
        nxt.append(n)
    return nxt


NEXT_ACTIVE = {
    out: _next_active(out)
    for out in [()] + [(s,) for s in range(4)] + [(a, b) for a in range(4) for b in range(4) if (a ^ b) & 1]
}
"""The next seat clockwise that is in the hand, for every way seats sit out:
``NEXT_ACTIVE[sitting_out][seat]`` (the one table the hand, the views, the
searches and the game files walk a trick by)."""


@dataclass(frozen=True, slots=True)
class SeatView:
    """The visible state of a hand for ``seat`` (see the module docstring).

    Cards, seats and actions are the engine's small ints
    (:mod:`euchre_tourney.rules.cards`, :mod:`euchre_tourney.play.actions`;
    seats ``0..3`` = North, East, South, West).

    * ``rules`` -- the :class:`RuleSet` of the hand.
    * ``seat`` -- whose view this is; ``to_act`` -- the seat to act
      (``-1`` when the hand is over); ``legal`` -- the legal actions of
      ``to_act`` (only meaningful, and only filled, when ``to_act == seat``).
    * ``dealer``, ``phase`` (the engine's phase constant), ``turn_up``.
    * ``cards`` -- the seat's cards now (after any pick-up, discard and play).
    * ``bids`` -- every action before the play as ``(seat, action)``, in order:
      passes, order up, naming trump, going / defending alone, misdeal; the
      dealer's discard is *not* in it (see ``discarded``).
    * ``picked_up`` -- the dealer took the turn-up into the hand.
    * ``discarded`` -- the card the dealer discarded, for the dealer's own
      view; ``-1`` for everyone else (and before the discard).
    * ``trump``, ``maker``, ``bid_round``, ``lone``, ``lone_defender``
      (``-1`` when none), ``sitting_out`` (seats whose partner plays alone).
    * ``trick`` -- cards of the trick in progress in play order, led by
      ``trick_leader``; ``tricks`` -- finished tricks as
      ``(leader, cards, winner)``; ``tricks_won`` -- per seat.
    * ``pack`` -- every card of the rule set's pack.
    * ``game_score`` -- ``(north_south, east_west)`` points of the game in
      progress before this hand, or ``None`` outside a game.
    """

    rules: RuleSet
    seat: int
    to_act: int
    legal: tuple[int, ...]
    dealer: int
    phase: int
    turn_up: int
    cards: tuple[int, ...]
    bids: tuple[tuple[int, int], ...]
    picked_up: bool
    discarded: int
    trump: int
    maker: int
    bid_round: int
    lone: int
    lone_defender: int
    sitting_out: tuple[int, ...]
    trick: tuple[int, ...]
    trick_leader: int
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]
    tricks_won: tuple[int, int, int, int]
    pack: tuple[int, ...]
    game_score: tuple[int, int] | None = None

    @property
    def played(self) -> tuple[int, ...]:
        """Every card played so far (finished tricks, then the trick in progress)."""
        return tuple(c for _, cards, _ in self.tricks for c in cards) + self.trick

    def trick_seats(self) -> tuple[int, ...]:
        """The seat of each card of the trick in progress (clockwise from
        ``trick_leader``, skipping the seats that sit out)."""
        seats = []
        seat, nxt = self.trick_leader, NEXT_ACTIVE[tuple(self.sitting_out)]
        for _ in self.trick:
            seats.append(seat)
            seat = nxt[seat]
        return tuple(seats)

    @property
    def trick_winner(self) -> int:
        """The seat winning the trick in progress so far (``-1`` when no card
        of it has been played): the highest trump, else the highest card of
        the suit led (000 "Trick-taking"), the Left Bower and the Benny
        counting as trump."""
        if not self.trick or self.trump < 0:
            return -1
        table = TRUMP_TABLES[self.trump]
        strength = table.strength[table.suit[self.trick[0]]]
        best = max(range(len(self.trick)), key=lambda i: strength[self.trick[i]])
        return self.trick_seats()[best]

    def unseen(self) -> tuple[int, ...]:
        """The cards of the pack this seat has not seen: not in its hand, not
        played, not its own discard, and not the turn-up (the turn-up is
        either in the dealer's hand -- see ``picked_up`` -- or face down in
        the kitty). These are the cards the other hands and the undealt
        cards are drawn from."""
        seen = set(self.cards)
        seen.update(self.played)
        seen.add(self.turn_up)
        if self.discarded >= 0:
            seen.add(self.discarded)
        return tuple(c for c in self.pack if c not in seen)


__all__ = ["SeatView"]
