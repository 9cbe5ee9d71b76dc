"""The plain values a season's history is made of: one member's result on
one night (:class:`NightResult`) and one finished table in one round
(:class:`TableRound`, with its hands as :class:`HandRecord`). Read by
:mod:`.season`, :mod:`.ratings` and :mod:`.bracket_results`; no database here."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from euchre_tourney.rules import Seat

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
    """A hand as history needs it: ``makers`` "NS"/"EW", tricks, the
    seat that went alone, who scored and how much."""

    makers: str
    maker_tricks: int
    alone_seat: Seat | None
    scoring_side: str
    points: int


@dataclass(frozen=True, slots=True)
class TableRound:
    """One table in one round of one event, finished (a result counts):
    ``seats``: seat → player id; each side's points; the hands when entered
    hand by hand (empty for round totals or a game's final score);
    ``loners``: loners made by seat (round totals)."""

    event_id: int
    date: date
    round: int
    table: int
    seats: dict[Seat, int]
    ns_points: int
    ew_points: int
    hands: tuple[HandRecord, ...] = ()
    loners: tuple[tuple[Seat, int], ...] = ()

    def side_of(self, player_id: int) -> str | None:
        for seat, pid in self.seats.items():
            if pid == player_id:
                return seat.side.name
        return None

    def partner_of(self, player_id: int) -> int | None:
        for seat, pid in self.seats.items():
            if pid == player_id:
                return self.seats.get(seat.partner)
        return None

    def opponents_of(self, player_id: int) -> tuple[int, ...]:
        side = self.side_of(player_id)
        return tuple(pid for seat, pid in self.seats.items() if seat.side.name != side)

    def points_of(self, player_id: int) -> int:
        return self.ns_points if self.side_of(player_id) == "NS" else self.ew_points

    @property
    def hand_count(self) -> int:
        return len(self.hands)
