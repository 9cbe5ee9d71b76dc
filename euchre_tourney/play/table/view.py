"""What one seat sees of a hand at an N-seat table: :class:`SeatView`, the
only input of a computer player (:meth:`TableHand.view`, :func:`seat_view`).

A leaf module (the rules only): :class:`~euchre_tourney.play.table.hand.TableHand`
builds its views here, and the players read them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from euchre_tourney.rules import tables

TableRules = tables.TableRules
effective_suit = tables.effective_suit
Act = Any  # an action of TableHand (play.table.hand.Act)


@dataclass
class SeatView:
    """What one seat can see: its own cards (none while a dealer names trump
    blind, 001 line 141), the turn-up, the public actions (a discard, an
    exchanged card and a railroaded card are face down: only their kind
    shows), the tricks, the partner card's holder once revealed (or to the
    holder itself)."""

    rules: TableRules
    seat: int
    phase: int
    dealer: int
    hand: list[int]
    turn_up: int | None
    trump: int | None
    maker: int | None
    alone: bool
    bid: int
    partner_card: int | None
    partner: int | None
    trick: list[tuple[int, int]]
    tricks: list[tuple[int, list[tuple[int, int]], int]]
    won: list[int]
    active: list[int]
    public: list[tuple[int, str]]
    legal: list[Act]
    voids: dict[int, set[int]] = field(default_factory=dict)
    known_cards: dict[int, set[int]] = field(default_factory=dict)
    to_act: int = -1
    sizes: tuple[int, ...] = ()
    """Cards each seat holds now (public: everyone can count them)."""
    turned_down: int = -1
    high_bidder: int | None = None
    asked: int | None = None
    leader: int = -1
    picked_up: bool = False
    partner_revealed: bool = False
    lone: int | None = None
    lone_defender: int | None = None
    put_away: tuple[int, ...] = ()
    """The cards this seat put face down itself (its discards, the card it
    gave a lone partner): it knows where they are, nobody else does."""

    def teammates(self) -> set[int]:
        """Seats known to be on this seat's side (itself included)."""
        r = self.rules
        if r.sides == "partners":
            return {s for s in range(r.players) if s % 2 == self.seat % 2}
        if self.maker is None:
            return {self.seat}
        if r.sides == "partner_card":
            if self.seat == self.maker:
                return {self.seat} | ({self.partner} if self.partner is not None else set())
            if self.seat == self.partner:
                return {self.seat, self.maker}
            if self.partner is not None:
                return {s for s in range(r.players) if s not in (self.maker, self.partner)}
            return {self.seat}
        if self.seat == self.maker:
            return {self.seat}
        return {s for s in range(r.players) if s != self.maker}


_HIDDEN = ("discard", "give")


def seat_view(hand: Any, seat: int, full: bool = True) -> SeatView:
    """The view of ``seat`` on ``hand``. ``full`` false leaves out the
    public record and the voids shown (the medium player needs neither: a
    rollout's fast path)."""
    public = []
    for s, a in hand.history if full else ():
        public.append((s, a.kind if (a.kind in _HIDDEN and s != seat) else hand.action_text(a)))
    partner = hand.partner if (hand.partner_revealed or seat == hand.partner) else None
    voids: dict[int, set[int]] = {}
    for _, plays, _ in [*hand.tricks, (0, hand.trick, 0)] if full else ():
        if not plays:
            continue
        led = effective_suit(plays[0][1], hand.trump)
        for s, c in plays[1:]:
            if effective_suit(c, hand.trump) != led:
                voids.setdefault(s, set()).add(led)
    known: dict[int, set[int]] = {}
    if full and hand.picked_up and hand.turn_up not in {c for _, plays, _ in hand.tricks for _, c in plays} | {c for _, c in hand.trick}:
        # taken up in sight of everyone and not played yet: the dealer's, unless discarded face
        # down (the view cannot tell; the real hand is not consulted)
        known[hand.dealer] = {hand.turn_up}
    blind = hand.names_blind and seat == hand.dealer
    return SeatView(
        rules=hand.rules,
        seat=seat,
        phase=hand.phase,
        dealer=hand.dealer,
        hand=[] if blind else list(hand.hands[seat]),
        turn_up=hand.turn_up,
        trump=hand.trump,
        maker=hand.maker,
        alone=hand.alone,
        bid=hand.bid,
        partner_card=hand.partner_card,
        partner=partner,
        trick=list(hand.trick),
        tricks=list(hand.tricks),
        won=list(hand.won),
        active=list(hand.active),
        public=public,
        legal=hand.legal_actions() if hand.to_act == seat else [],
        voids=voids,
        known_cards=known,
        to_act=hand.to_act,
        sizes=tuple(len(h) for h in hand.hands),
        turned_down=hand.turned_down,
        high_bidder=hand.high_bidder,
        asked=hand.asked,
        leader=hand.leader,
        picked_up=hand.picked_up,
        partner_revealed=hand.partner_revealed,
        lone=hand.lone,
        lone_defender=hand.lone_defender,
        put_away=tuple(a.arg for s, a in hand.history if s == seat and a.kind in _HIDDEN) if full else (),
    )


__all__ = ["SeatView", "seat_view"]
