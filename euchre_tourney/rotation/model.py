"""Plain values for schedules: tables, rounds, a whole rotation.

Player identities are opaque hashable ints (entrant ids in the app, 1..N on
the command line). A table seats North, East, South, West clockwise;
North–South partner against East–West.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator


@dataclass(frozen=True, slots=True)
class Table:
    """One table of one round: ``number`` from 1, four distinct players."""

    number: int
    north: int
    east: int
    south: int
    west: int

    @property
    def seats(self) -> tuple[int, int, int, int]:
        """(north, east, south, west)."""
        return (self.north, self.east, self.south, self.west)

    @property
    def partnerships(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """((north, south), (east, west))."""
        return ((self.north, self.south), (self.east, self.west))

    def partner_of(self, player: int) -> int:
        """The player's partner; ``KeyError`` if the player is not at this table."""
        n, e, s, w = self.seats
        return {n: s, s: n, e: w, w: e}[player]

    def opponents_of(self, player: int) -> tuple[int, int]:
        """The two opponents, in seat order (player's left, then right)."""
        n, e, s, w = self.seats
        if player in (n, s):
            return (e, w) if player == n else (w, e)
        if player in (e, w):
            return (s, n) if player == e else (n, s)
        raise KeyError(player)

    def seat_of(self, player: int) -> str:
        """"north" / "east" / "south" / "west"; ``KeyError`` if absent."""
        for name, who in zip(("north", "east", "south", "west"), self.seats):
            if who == player:
                return name
        raise KeyError(player)


@dataclass(frozen=True, slots=True)
class Round:
    """One round: ``number`` from 1, its tables and who sits out.

    ``absent``: players of the schedule not there this round (arrived later or
    left, see ``replan``); they are neither seated nor sitting out.
    """

    number: int
    tables: tuple[Table, ...]
    sit_out: tuple[int, ...] = ()
    absent: tuple[int, ...] = ()

    def players(self) -> Iterator[int]:
        for t in self.tables:
            yield from t.seats
        yield from self.sit_out


@dataclass(frozen=True, slots=True)
class Schedule:
    """A whole rotation. ``kind`` is ``"progressive"`` here."""

    players: tuple[int, ...]
    rounds: tuple[Round, ...]
    kind: str = "progressive"
    seed: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The command line's JSON shape: ``{"kind", "players", "rounds":
        [{"round", "tables": [{"table", "north", "east", "south", "west"}],
        "sit_out": [...]}]}``; ``players`` is the count."""
        return {
            "kind": self.kind,
            "players": len(self.players),
            "rounds": [
                {
                    "round": r.number,
                    "tables": [
                        {"table": t.number, "north": t.north, "east": t.east, "south": t.south, "west": t.west}
                        for t in r.tables
                    ],
                    "sit_out": list(r.sit_out),
                    **({"absent": list(r.absent)} if r.absent else {}),
                }
                for r in self.rounds
            ],
        }
