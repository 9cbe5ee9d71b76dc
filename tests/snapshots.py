"""Whole-event and roster snapshots, for tests that compare the stored state
before and after (the undo log itself keeps only the rows an operation wrote)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from euchre_tourney.store import (
    Captain, Entrant, Event, EventConstraint, EventRound, Hand, Player, Seating, Section, SitOut, TableResult, Team, TeamGame,
)

_EVENT_CHILDREN = (Entrant, Team, EventConstraint, EventRound, Section, Captain)
_ROUND_CHILDREN = (Seating, SitOut, Hand, TeamGame, TableResult)


class Snapshot:
    """Every row of one scope: ``tables`` maps a table name to its rows,
    each as sorted ``(column, value)`` pairs, ordered by id."""

    def __init__(self, scope: tuple[str, int], tables: dict[str, tuple[Any, ...]]) -> None:
        self.scope, self.tables = scope, tables

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Snapshot) and (self.scope, self.tables) == (other.scope, other.tables)

    def __repr__(self) -> str:
        return f"Snapshot({self.scope}, {self.tables})"


def _rows(session, table, where):
    result = session.connection().execute(select(table).where(where).order_by(table.c.id))
    return tuple(tuple(sorted(dict(m).items())) for m in result.mappings())


def snapshot_event(session, event_id: int) -> Snapshot:
    """Every row of the event in every event table (not the audit trail)."""
    ev = Event.__table__
    tables = {"event": _rows(session, ev, ev.c.id == event_id)}
    for model in _EVENT_CHILDREN:
        t = model.__table__
        tables[t.name] = _rows(session, t, t.c.event_id == event_id)
    round_ids = [dict(r)["id"] for r in tables[EventRound.__table__.name]]
    for model in _ROUND_CHILDREN:
        t = model.__table__
        tables[t.name] = _rows(session, t, t.c.round_id.in_(round_ids))
    return Snapshot(("event", event_id), tables)


def snapshot_players(session) -> Snapshot:
    """Every player row (the roster)."""
    t = Player.__table__
    return Snapshot(("players", 0), {t.name: _rows(session, t, t.c.id.is_not(None))})
