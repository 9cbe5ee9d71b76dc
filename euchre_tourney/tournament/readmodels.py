"""Plain, immutable read models the use cases return (never ORM rows).

The GUI, the reports and the command line consume only these.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A roster entry. ``duplicate_of``: ids of other active players with the
    same name (case- and space-insensitive); empty if unique."""

    id: int
    name: str
    email: str = ""
    phone: str = ""
    active: bool = True
    duplicate_of: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class EventView:
    """An event's header. ``kind`` is "progressive" or "team"; ``rules`` is the
    rule set's ``to_dict()``; ``sit_out_rule`` is "average" or "none"."""

    id: int
    name: str
    date: date
    kind: str
    rounds: int
    hands_per_round: int
    rules: dict
    sit_out_rule: str
    seed: int | None
    entrant_count: int
    has_rotation: bool


@dataclass(frozen=True, slots=True)
class PlayerRoundView:
    """One round on one player's scorecard. For a sit-out, ``table`` and
    ``seat`` are None, ``partner`` is "" and ``opponents`` is ()."""

    round: int
    table: int | None
    seat: str | None
    partner: str
    opponents: tuple[str, ...]
    sitting_out: bool = False


@dataclass(frozen=True, slots=True)
class ScorecardView:
    """A player's scorecard: every round of the event, in order.
    ``number`` is the player's entrant number for the night (1..N)."""

    event_name: str
    event_date: date
    player_name: str
    number: int
    hands_per_round: int
    rounds: tuple[PlayerRoundView, ...]


@dataclass(frozen=True, slots=True)
class TallySheetView:
    """One table of one round: names by seat and the hand count."""

    event_name: str
    event_date: date
    round: int
    table: int
    north: str
    east: str
    south: str
    west: str
    hands_per_round: int
    sit_out: tuple[str, ...] = field(default=())
