"""Undo owned by the use cases: an operation records every row it changed.

A director's change (check a player in, make a rotation, save a hand…) is
run through :meth:`UndoLog.run`. Before the use case runs, the log takes a
snapshot of every row the change could touch: for an event-scoped change,
the event's rows in every event table (the event row, entrants, rounds,
seatings, sit-outs, hands, requests, teams, team games, table results,
the elimination bracket and its matches); for a roster change, the player
rows; for a season change, every season and its picked events. After the use case committed it takes the
snapshot again. Undo writes the before-snapshot back exactly (same ids, same
values: a rotation that checking a player in discarded comes back with the
same rounds, tables, seats and sit-outs), redo the after-snapshot, each in
one transaction.

Undo and redo are refused (:class:`UndoRefused`, in plain words, nothing
changed) when the rows of that scope are no longer what the log last left
there: another station saved something since, or a change not made through
the log. The audit trail (``hand_audit``) is not part of a snapshot: undo
does not rewrite history, and its lines stay.

The log lives in memory: undo lasts as long as the app stays open.
Plain Python, no Qt; the GUI shows it as its Edit menu.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Table, delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from euchre_tourney.store import (
    Bracket,
    BracketMatch,
    Entrant,
    Event,
    EventConstraint,
    EventRound,
    Hand,
    Player,
    Season,
    SeasonEvent,
    Seating,
    SitOut,
    TableResult,
    Team,
    TeamGame,
)
from euchre_tourney.tournament.errors import TournamentError

__all__ = ["Change", "Snapshot", "UndoLog", "UndoRefused", "snapshot_event", "snapshot_players", "snapshot_seasons"]


class UndoRefused(TournamentError):
    """Undo or redo is not possible any more (the data changed another way)."""


Rows = tuple[tuple[tuple[str, Any], ...], ...]
"""A table's rows, each as sorted ``(column, value)`` pairs, ordered by id."""


@dataclass(frozen=True)
class Snapshot:
    """Every row of one scope: ``scope`` is ``("event", id)`` or ``("players", 0)``;
    ``tables`` maps a table name to its rows (:data:`Rows`)."""

    scope: tuple[str, int]
    tables: dict[str, Rows] = field(default_factory=dict)


@dataclass(frozen=True)
class Change:
    """What one operation changed, for the GUI to refresh: the event (None for
    the roster) and the names of the tables whose rows differ."""

    label: str
    event_id: int | None
    tables: frozenset[str]
    token: int = 0
    """Which log entry (for :meth:`UndoLog.undo`); 0 when nothing was recorded."""


# children after parents: insert in this order, delete in reverse
_ROUND_CHILDREN: tuple[type, ...] = (Seating, SitOut, Hand, TeamGame, TableResult)
_EVENT_CHILDREN: tuple[type, ...] = (Entrant, Team, EventConstraint, EventRound, Bracket, BracketMatch)
_SEASON_TABLES: tuple[type, ...] = (Season, SeasonEvent)


def _t(model: type) -> Table:
    return model.__table__  # type: ignore[attr-defined]


def _rows(session: Session, table: Table, where) -> Rows:
    result = session.connection().execute(select(table).where(where).order_by(table.c.id))
    return tuple(tuple(sorted(dict(m).items())) for m in result.mappings())


def snapshot_event(session: Session, event_id: int) -> Snapshot:
    """Every row of the event in every event table (not the audit trail)."""
    tables: dict[str, Rows] = {"event": _rows(session, _t(Event), _t(Event).c.id == event_id)}
    for model in _EVENT_CHILDREN:
        t = _t(model)
        tables[t.name] = _rows(session, t, t.c.event_id == event_id)
    round_ids = [dict(r)["id"] for r in tables[_t(EventRound).name]]
    for model in _ROUND_CHILDREN:
        t = _t(model)
        tables[t.name] = _rows(session, t, t.c.round_id.in_(round_ids))
    return Snapshot(("event", event_id), tables)


def snapshot_players(session: Session) -> Snapshot:
    """Every player row (the roster)."""
    t = _t(Player)
    return Snapshot(("players", 0), {t.name: _rows(session, t, t.c.id.is_not(None))})


def snapshot_seasons(session: Session) -> Snapshot:
    """Every season row and every event picked for a season."""
    return Snapshot(("seasons", 0), {_t(m).name: _rows(session, _t(m), _t(m).c.id.is_not(None)) for m in _SEASON_TABLES})


def _take(session: Session, scope: tuple[str, int]) -> Snapshot:
    if scope[0] == "event":
        return snapshot_event(session, scope[1])
    return snapshot_seasons(session) if scope[0] == "seasons" else snapshot_players(session)


_MODELS: dict[str, type] = {
    _t(m).name: m for m in (Player, Event, *_EVENT_CHILDREN, *_ROUND_CHILDREN, *_SEASON_TABLES)
}
_LEAVES = frozenset((*_ROUND_CHILDREN, EventConstraint, BracketMatch, SeasonEvent))
_PARENTS_FIRST = [_t(m).name for m in (Player, Event, *_EVENT_CHILDREN, *_ROUND_CHILDREN, *_SEASON_TABLES)]


def _by_id(rows: Rows) -> dict[int, dict[str, Any]]:
    return {r["id"]: r for r in (dict(pairs) for pairs in rows)}


def _apply(source: Snapshot, target: Snapshot) -> dict[str, dict[int, dict[str, Any] | None]]:
    """The rows that differ between ``source`` and ``target``: table name →
    id → the row ``target`` has (None: no such row there)."""
    out: dict[str, dict[int, dict[str, Any] | None]] = {}
    for name in source.tables.keys() | target.tables.keys():
        old, new = _by_id(source.tables.get(name, ())), _by_id(target.tables.get(name, ()))
        moved = {i: new.get(i) for i in old.keys() | new.keys() if old.get(i) != new.get(i)}
        if moved:
            out[name] = moved
    return out


def _write(session: Session, rows: dict[str, dict[int, dict[str, Any] | None]]) -> None:
    """Write ``rows`` (from :func:`_apply`): deletions children first, then
    updates and insertions parents first, keeping every id. Caller commits."""
    conn = session.connection()
    for name in reversed(_PARENTS_FIRST):
        # a leaf row (nothing refers to it) is rewritten by delete and insert, so a
        # swap of two seats never clashes with a uniqueness rule halfway through
        leaf = _MODELS[name] in _LEAVES
        gone = [i for i, row in rows.get(name, {}).items() if row is None or leaf]
        if gone:
            t = _t(_MODELS[name])
            conn.execute(delete(t).where(t.c.id.in_(gone)))
    for name in _PARENTS_FIRST:
        t = _t(_MODELS[name])
        for i, row in rows.get(name, {}).items():
            if row is None:
                continue
            if conn.execute(select(t.c.id).where(t.c.id == i)).first() is None:
                conn.execute(insert(t).values(**row))
            else:
                conn.execute(update(t).where(t.c.id == i).values(**row))


def _differs(a: Snapshot, b: Snapshot) -> frozenset[str]:
    return frozenset(name for name in a.tables.keys() | b.tables.keys() if a.tables.get(name) != b.tables.get(name))


def _only_changed(a: Snapshot, b: Snapshot) -> tuple[Snapshot, Snapshot]:
    """``a`` and ``b`` cut down to the rows whose ids differ between them:
    what undo and redo write back (:func:`_apply` gives the same rows from
    these as from the whole snapshots), so an entry of the log keeps only
    what its operation changed, not two copies of the event."""
    ta: dict[str, Rows] = {}
    tb: dict[str, Rows] = {}
    for name in a.tables.keys() | b.tables.keys():
        rows_a, rows_b = a.tables.get(name, ()), b.tables.get(name, ())
        old, new = _by_id(rows_a), _by_id(rows_b)
        ids = {i for i in old.keys() | new.keys() if old.get(i) != new.get(i)}
        if ids:
            ta[name] = tuple(r for r in rows_a if dict(r)["id"] in ids)
            tb[name] = tuple(r for r in rows_b if dict(r)["id"] in ids)
    return Snapshot(a.scope, ta), Snapshot(b.scope, tb)


@dataclass
class _Entry:
    token: int
    label: str
    before: Snapshot
    after: Snapshot


class UndoLog:
    """The director's changes, newest last, for undo and redo.

    ``session_factory()`` returns a context manager yielding a
    :class:`~sqlmodel.Session` (``Database.session``). In memory only."""

    def __init__(self, session_factory: Callable[[], Any]) -> None:
        self._sessions = session_factory
        self._done: list[_Entry] = []
        self._undone: list[_Entry] = []
        self._next = 1

    @property
    def can_undo(self) -> bool:
        return bool(self._done)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    def run(
        self,
        label: str,
        use_case: Callable[..., Any],
        *args: Any,
        event_id: int | None = None,
        scope: str | None = None,
        **kwargs: Any,
    ) -> tuple[Any, Change]:
        """Run ``use_case(session, *args, **kwargs)`` and record what it changed.

        ``event_id``: the event it changes (the scope of the snapshot); None
        for a roster change (the player rows); ``scope="seasons"`` for a
        season change (every season row and pick). Returns the use case's result
        and the :class:`Change`. If the use case raises, nothing is recorded
        and the error propagates. A change that changed nothing is not
        recorded. A new change forgets what was undone (no redo past it)."""
        where = ("event", event_id) if event_id is not None else (scope or "players", 0)
        with self._sessions() as session:
            before = _take(session, where)
            result = use_case(session, *args, **kwargs)
            session.commit()
            after = _take(session, where)
        changed = _differs(before, after)
        token = 0
        if changed:
            token, self._next = self._next, self._next + 1
            self._done.append(_Entry(token, label, *_only_changed(before, after)))
            self._undone.clear()
        return result, Change(label, event_id, changed, token)

    def _move(self, entry: _Entry, expect: Snapshot, target: Snapshot, verb: str) -> Change:
        """Turn the rows ``entry`` changed from ``expect`` into ``target``.

        Only those rows: what other stations saved meanwhile elsewhere in the
        event stays. Refused (nothing written) when one of those rows is no
        longer as ``expect`` has it, or when writing them would take other
        rows with it (a hand saved since in a round being taken back) or
        clash with them (a hand saved since in the same slot)."""
        refused = UndoRefused(
            f"Cannot {verb} “{entry.label}”: what it changed has been changed since "
            "(another scoring station, or a change that cannot be undone). Nothing was changed."
        )
        rows = _apply(expect, target)
        with self._sessions() as session:
            now = _take(session, expect.scope)
            now_rows = {name: _by_id(r) for name, r in now.tables.items()}
            expect_rows = {name: _by_id(r) for name, r in expect.tables.items()}
            for name, moved in rows.items():
                for i in moved:
                    if now_rows.get(name, {}).get(i) != expect_rows.get(name, {}).get(i):
                        raise refused
            wanted = {name: dict(r) for name, r in now_rows.items()}
            for name, moved in rows.items():
                for i, row in moved.items():
                    if row is None:
                        wanted.setdefault(name, {}).pop(i, None)
                    else:
                        wanted.setdefault(name, {})[i] = row
            try:
                _write(session, rows)
            except IntegrityError:
                session.rollback()
                if expect.scope[0] == "players":
                    raise UndoRefused(
                        f"Cannot {verb} “{entry.label}”: the player has been entered in an event since. "
                        "Nothing was changed."
                    ) from None
                raise refused from None
            result = {name: _by_id(r) for name, r in _take(session, expect.scope).tables.items()}
            if {n: v for n, v in result.items() if v} != {n: v for n, v in wanted.items() if v}:
                session.rollback()  # a deletion took other rows with it (cascade)
                raise refused
            session.commit()
        event_id = expect.scope[1] if expect.scope[0] == "event" else None
        return Change(entry.label, event_id, frozenset(rows), entry.token)

    def undo(self, token: int | None = None) -> Change:
        """Put back the rows as they were before the newest change (which
        must be ``token`` when given). :class:`UndoRefused` if there is none
        or its rows changed since; then nothing changes."""
        if not self._done or token not in (None, self._done[-1].token):
            raise UndoRefused("There is nothing to undo.")
        entry = self._done[-1]
        change = self._move(entry, entry.after, entry.before, "undo")
        self._undone.append(self._done.pop())
        return change

    def redo(self, token: int | None = None) -> Change:
        """Make the newest undone change (``token`` when given) again: its after-snapshot."""
        if not self._undone or token not in (None, self._undone[-1].token):
            raise UndoRefused("There is nothing to redo.")
        entry = self._undone[-1]
        change = self._move(entry, entry.before, entry.after, "redo")
        self._done.append(self._undone.pop())
        return change

    def drop(self, token: int) -> None:
        """Forget one entry (its undo was refused: it can no longer be undone or redone)."""
        self._done = [e for e in self._done if e.token != token]
        self._undone = [e for e in self._undone if e.token != token]

    def drop_redo(self) -> None:
        """Forget what was undone (a change outside the log was made since)."""
        self._undone.clear()

    def forget(self) -> None:
        """Drop everything (the database was switched)."""
        self._done.clear()
        self._undone.clear()
