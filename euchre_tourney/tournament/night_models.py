"""The plain values a season's history is made of: one member's result on
one night (:class:`NightResult`) and one finished table in one round
(:class:`TableRound`, with its hands as :class:`HandRecord`). Read by
:mod:`.season`, :mod:`.ratings` and :mod:`.bracket_results`; no database here."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from euchre_tourney.rules import side_of_position

__all__ = ["HandRecord", "NightResult", "TableRound"]


@dataclass(frozen=True, slots=True)
class NightResult:
    """One member's result on one night: ``place`` in that night's
    standings (``field``: how many were ranked), ``points`` scored (a team
    event: the team's points for), ``rounds_won``, ``loners`` made."""

    event_id: int
    player_id: int
    place: int
    points: int
    rounds_won: int = 0
    loners: int = 0
    field: int = 0


@dataclass(frozen=True, slots=True)
class HandRecord:
    """A hand as history needs it: ``makers`` "NS"/"EW" (at a table of six:
    side 0 and side 1), tricks, the position that went alone (0-based, see
    :func:`~euchre_tourney.rules.seats.position`; North is 0), who scored
    and how much (negative: makers short of their bid).

    What the hand was worth by the rules is its score: :attr:`makers_won`
    -- the makers scored more than the defenders (a bid made; a failed
    bid or a euchre is the makers' loss whatever the tricks)."""

    makers: str
    maker_tricks: int
    alone_seat: int | None
    scoring_side: str
    points: int

    @property
    def makers_won(self) -> bool:
        return self.scoring_side == self.makers and self.points > 0

    @property
    def side_points(self) -> tuple[int, int]:
        """(North-South's points, East-West's points) for this hand."""
        return (self.points, 0) if self.scoring_side == "NS" else (0, self.points)


@dataclass(frozen=True, slots=True)
class TableRound:
    """One table in one round of one event, finished (a result counts):
    ``seats``: position (0-based, clockwise: North 0 .. West 3, or seats 1..6
    of a table of six as 0..5) → player id; each side's points (side 0 is
    "NS": North-South or seats 1, 3, 5); the hands when entered hand by hand
    (empty for round totals or a game's final score); ``loners``: loners
    made by position (round totals)."""

    event_id: int
    date: date
    round: int
    table: int
    seats: dict[int, int]
    ns_points: int
    ew_points: int
    hands: tuple[HandRecord, ...] = ()
    loners: tuple[tuple[int, int], ...] = ()

    def seat_of(self, player_id: int) -> int | None:
        """The player's position at this table (None: not at it)."""
        return next((seat for seat, pid in self.seats.items() if pid == player_id), None)

    def side_players(self, side: str) -> tuple[int, ...]:
        """The player ids of side "NS" or "EW", clockwise."""
        want = 0 if side == "NS" else 1
        return tuple(pid for seat, pid in sorted(self.seats.items()) if side_of_position(seat) == want)

    def side_of(self, player_id: int) -> str | None:
        seat = self.seat_of(player_id)
        return None if seat is None else ("NS", "EW")[side_of_position(seat)]

    def partners_of(self, player_id: int) -> tuple[int, ...]:
        """The player's partners (one at a table of four, two at six)."""
        side = self.side_of(player_id)
        return () if side is None else tuple(p for p in self.side_players(side) if p != player_id)

    def partner_of(self, player_id: int) -> int | None:
        """The first partner clockwise (the one at a table of four)."""
        return next(iter(self.partners_of(player_id)), None)

    def opponents_of(self, player_id: int) -> tuple[int, ...]:
        side = self.side_of(player_id)
        if side is None:
            return ()
        return self.side_players("EW" if side == "NS" else "NS")

    def points_of(self, player_id: int) -> int:
        return self.ns_points if self.side_of(player_id) == "NS" else self.ew_points

    @property
    def hand_count(self) -> int:
        return len(self.hands)
