"""What one operation changed: the value every page refreshes from.

An operation run through the unit of work (:mod:`.undo`), its undo or redo,
and another station's write seen by the station poll each produce one
:class:`Change`. A page says which event it shows and which kinds of data it
draws, and redraws only when :meth:`Change.concerns` says so.

Kinds (:data:`KINDS`):

- ``roster``: players (concerns every event: names appear everywhere);
- ``event``: the event row itself (name, date, who plays);
- ``settings``: rule set, entry mode, tie-breaks, constraints;
- ``rotation``: rounds, tables, seats, sit-outs;
- ``hands``: hands and table totals;
- ``teams``: teams and their games;
- ``locks``: round locks;
- ``prizes``: prize categories;
- ``timer``: the round timer;
- ``bracket``: a team event's elimination bracket and its match scores;
- ``seasons``: seasons and the events picked for them (not any one event's:
  a season change has no event, so it concerns every page that draws seasons).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["KINDS", "Change"]

KINDS = frozenset(
    {"roster", "event", "settings", "rotation", "hands", "teams", "locks", "prizes", "timer", "bracket", "seasons"}
)


@dataclass(frozen=True)
class Change:
    """What one operation (or undo/redo, or another station's write seen by
    the poll) changed.

    ``label``: shown in Edit ▸ Undo ("Save hand 3 at table 2");
    ``event_id``: the event (None: the roster only); ``kinds``: a subset of
    :data:`KINDS`; ``rounds`` / ``tables``: the round and table numbers
    touched (empty: none in particular, i.e. all of them); ``token``: the
    undo-log entry (0: nothing recorded)."""

    label: str
    event_id: int | None
    kinds: frozenset[str]
    rounds: frozenset[int] = frozenset()
    tables: frozenset[int] = frozenset()
    token: int = 0

    def __post_init__(self) -> None:
        unknown = set(self.kinds) - KINDS
        if unknown:
            raise ValueError(f"unknown kinds of change: {sorted(unknown)}")
        # accept any iterable, keep frozensets (the dataclass is frozen)
        for name in ("kinds", "rounds", "tables"):
            value = getattr(self, name)
            if not isinstance(value, frozenset):
                object.__setattr__(self, name, frozenset(value))

    def concerns(
        self, event_id: int | None, kinds: Iterable[str], round: int | None = None, table: int | None = None
    ) -> bool:
        """True when a page showing ``event_id`` (its ``round``/``table`` if
        given) and interested in ``kinds`` must refresh.

        A roster change concerns every event; a change without an event
        (``event_id`` None) concerns every event in its kinds; a change with
        empty rounds/tables concerns every round/table; a change of nothing
        (no kinds) concerns no page."""
        shared = self.kinds & frozenset(kinds)
        if not shared:
            return False
        if "roster" in shared:  # names appear on every event's pages
            return True
        if self.event_id is not None and self.event_id != event_id:
            return False
        if round is not None and self.rounds and round not in self.rounds:
            return False
        if table is not None and self.tables and table not in self.tables:
            return False
        return True

    @classmethod
    def everything(cls, event_id: int | None, label: str = "") -> Change:
        """A change that concerns every page of that event (a reload)."""
        return cls(label, event_id, KINDS)
