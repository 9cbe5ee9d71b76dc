"""The unit of work: the one entry point for every write use case.

:func:`operate` runs one write use case (a function ``use_case(session,
*args, **kwargs)`` marked :func:`write_use_case`) in one write transaction
(:meth:`~euchre_tourney.store.Database.write_session`), records the before
and after image of exactly the rows *this operation* wrote, commits, and
returns the use case's result with a precise :class:`~.changes.Change`:
the event, the kinds of data touched, the round and table numbers.

How the rows are known (SQLAlchemy's session events, on this session only):

- ``before_flush``: every row the ORM is about to update or delete; its
  image is read from the database (inside this transaction, so it is the
  image before this operation touched it);
- ``after_flush``: every row the ORM inserted (its id is known by then);
- ``do_orm_execute``: ORM bulk ``update``/``delete`` statements (the rows
  their ``WHERE`` selects, read first) and bulk inserts (the ids their
  ``RETURNING`` gives);
- the session's connection (``before_execute``): SQLAlchemy Core
  ``update``/``delete``/``insert`` statements that go around the ORM,
  whether through ``session.execute`` or ``session.connection().execute``,
  are recorded the same way (an ``UPDATE``/``DELETE`` by the rows its
  ``WHERE`` selects, a one-row ``INSERT`` by the id it made); many rows
  inserted at once (the roster import, for speed) go through
  :func:`insert_rows`, which records the ids they return;
- a deleted row takes the rows that refer to it with ``ON DELETE CASCADE``
  (seats and hands of a deleted round): those are read first too.

A write the recorder cannot see is refused loudly, before it reaches the
database (``TypeError`` naming the rule: a programming error, not the
director's): SQL text or driver SQL that writes (``INSERT``, ``UPDATE``,
``DELETE``, ...), a Core insert of many rows outside :func:`insert_rows`, a
Core ``UPDATE``/``DELETE`` run once per many parameter sets. So no use
case, present or future, writes a hand, a round or a result past the one
guard (:func:`~.guard.guard_rows`). Reading by SQL text is fine.

The first image of a row wins (a row flushed twice keeps its image from
before the operation); the after images are read once, at the end, before
the commit. A row whose after image equals its before image was not
changed. The audit trail (``hand_audit``) is history, not state: it is not
recorded (undo adds its own line).

Another station's write, committed while this operation runs, is not one
of these rows, so the undo log (:mod:`.undo`), which keeps these images,
never takes it back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import re

from sqlalchemy import Table, event, select
from sqlalchemy.sql.dml import Delete, Insert, Update
from sqlalchemy.sql.elements import TextClause
from sqlmodel import Session, SQLModel

from euchre_tourney.store import Database, EventRound, HandAudit
from euchre_tourney.tournament.changes import Change
from euchre_tourney.tournament.guard import guard_rows

if TYPE_CHECKING:
    from euchre_tourney.tournament.undo import UndoLog

__all__ = ["WRITE_USE_CASES", "RowImages", "insert_rows", "is_write_use_case", "operate", "write_use_case"]

Image = dict[str, Any]
RowImages = dict[tuple[str, int], tuple["Image | None", "Image | None"]]
"""``(table name, id)`` → (row before, row after); None: no such row then."""

WRITE_USE_CASES: dict[str, Callable[..., Any]] = {}
"""Every write use case by name (:func:`write_use_case`): the GUI and the web
pages may call these only through :func:`operate` (``tests/test_import_rules.py``)."""

_UNRECORDED = frozenset({HandAudit.__table__.name, "alembic_version", "round_timer", "section_timer"})  # type: ignore[attr-defined]
"""Tables whose rows no operation records: the audit trail (history, never
rewritten) and the round timer (the room's clock, not a change to undo;
its row is keyed by its event, it has no id)."""
_CHUNK = 500  # ids per IN (…): well under SQLite's limit on bound parameters


def write_use_case(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Mark ``fn`` (a use case that writes) as one that runs only through
    :func:`operate` from the windows and web pages; returns ``fn`` itself."""
    WRITE_USE_CASES[fn.__name__] = fn
    fn.__write_use_case__ = True  # type: ignore[attr-defined]
    return fn


def note_inserted(session: Session, table: Table, ids: Iterable[int]) -> None:
    """Tell the unit of work running ``session`` (if any) that these rows of
    ``table`` were added (:func:`insert_rows` does it for the rows it
    inserts); outside :func:`operate` it does nothing."""
    recorder = session.info.get("unit_of_work")
    if recorder is not None:
        recorder._note_new(table, ids)


def insert_rows(session: Session, table: Table, rows: list[dict[str, Any]], *, ordered: bool = True) -> list[int]:
    """Insert ``rows`` (dicts of column values) into ``table`` with one
    SQLAlchemy Core statement on the session's connection (a bulk import,
    for speed: no ORM objects) and return their ids in order; inside
    :func:`operate` the unit of work records them (the guard sees them,
    undo takes them back). The one way to insert many rows at once in a
    write use case. ``ordered=False``: the ids in no particular order (on
    SQLite the rows then go in batches instead of one statement per row:
    a rotation of 2,000 players' 16,000 seats in 0.1 s, not 3 s)."""
    if not rows:
        return []
    recorder = session.info.get("unit_of_work")
    statement = table.insert().returning(table.c.id, sort_by_parameter_order=ordered)
    if recorder is None:
        return list(session.connection().execute(statement, rows).scalars())
    recorder._trusted += 1
    try:
        ids = list(session.connection().execute(statement, rows).scalars())
    finally:
        recorder._trusted -= 1
    recorder._note_new(table, ids)
    return ids


_WRITING_SQL = re.compile(
    r"^\s*(?:/\*.*?\*/\s*|--[^\n]*\n\s*)*(?:INSERT|UPDATE|DELETE|REPLACE|MERGE|UPSERT|TRUNCATE|DROP|ALTER|CREATE)\b"
    r"|^\s*WITH\b.*(?:\bINSERT\b|\bDELETE\b|(?<!\bFOR\s)\bUPDATE\b)",
    re.IGNORECASE | re.DOTALL,
)
"""SQL text that writes: its first word, or a ``WITH`` that inserts, deletes
or updates (``SELECT … FOR UPDATE`` reads)."""


def _unseen(what: str) -> TypeError:
    return TypeError(
        f"{what} in a write use case: the unit of work cannot see which rows it writes, so the one guard "
        "under every write of a hand, a round or a result (tournament/guard.py) could not check it. "
        "Write through the ORM, a SQLAlchemy Core update/delete/insert statement, or insert_rows()."
    )


def is_write_use_case(fn: Any) -> bool:
    return bool(getattr(fn, "__write_use_case__", False))


def tables() -> dict[str, Table]:
    """The app's tables by name."""
    return {t.name: t for t in SQLModel.metadata.sorted_tables}


def _runs(ids: list[int]) -> list[tuple[int, int]]:
    """Sorted ids as (first, last) runs of consecutive ids."""
    runs: list[tuple[int, int]] = []
    for i in ids:
        if runs and i == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    return runs


def read_images(conn, table: Table, ids: Iterable[int], *, for_update: bool = False) -> dict[int, Image]:
    """The rows of ``table`` with these ids, as plain dicts (``FOR UPDATE``
    on PostgreSQL when asked: locked until the transaction ends). Long runs
    of consecutive ids (a bulk import's) are read by range, the rest by
    lists of at most :data:`_CHUNK` ids."""
    out: dict[int, Image] = {}
    ids = sorted(set(ids))
    queries = []
    scattered: list[int] = []
    for first, last in _runs(ids):
        if last - first >= _CHUNK:
            queries.append(select(table).where(table.c.id.between(first, last)))
        else:
            scattered.extend(range(first, last + 1))
    for i in range(0, len(scattered), _CHUNK):
        queries.append(select(table).where(table.c.id.in_(scattered[i : i + _CHUNK])))
    for query in queries:
        if for_update:
            query = query.with_for_update()
        result = conn.execute(query)
        keys = list(result.keys())
        for row in result:
            image = dict(zip(keys, row))
            out[image["id"]] = image
    return out


def cascade_children(conn, table: Table, ids: Iterable[int]) -> dict[str, set[int]]:
    """The rows a deletion of ``ids`` from ``table`` takes with it (foreign
    keys with ``ON DELETE CASCADE``, followed down): table name → ids."""
    found: dict[str, set[int]] = {}
    todo = [(table, set(ids))]
    every = tables()
    while todo:
        parent, parent_ids = todo.pop()
        if not parent_ids:
            continue
        for child in every.values():
            if child.name in _UNRECORDED:
                continue
            for fk in child.foreign_keys:
                if fk.column.table.name != parent.name or (fk.ondelete or "").upper() != "CASCADE":
                    continue
                col = fk.parent
                ordered = sorted(parent_ids)
                new: set[int] = set()
                for i in range(0, len(ordered), _CHUNK):
                    new.update(conn.execute(select(child.c.id).where(col.in_(ordered[i : i + _CHUNK]))).scalars())
                new -= found.get(child.name, set())
                if new:
                    found.setdefault(child.name, set()).update(new)
                    todo.append((child, new))
    return found


class _Recorder:
    """Listens to one session and keeps the before image of every row it writes."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.before: dict[tuple[str, int], Image | None] = {}
        self._listening = [
            ("before_flush", self._before_flush),
            ("after_flush", self._after_flush),
            ("do_orm_execute", self._orm_execute),
        ]
        for name, fn in self._listening:
            event.listen(session, name, fn)
        self._trusted = 0  # > 0: a statement this recorder runs or records itself (ORM bulk, insert_rows)
        self._inserting: Table | None = None  # a one-row Core insert under way: its id is read after it
        self._conn = session.connection()  # the write session's one connection (Database.write_session)
        self._on_conn = [
            ("before_execute", self._before_execute),
            ("after_execute", self._after_execute),
            ("before_cursor_execute", self._before_cursor_execute),
        ]
        for name, fn in self._on_conn:
            event.listen(self._conn, name, fn)
        session.info["unit_of_work"] = self

    def close(self) -> None:
        for name, fn in self._listening:
            event.remove(self.session, name, fn)
        for name, fn in self._on_conn:
            event.remove(self._conn, name, fn)
        self.session.info.pop("unit_of_work", None)

    # what is about to change ------------------------------------------------
    def _note_existing(self, table: Table, ids: Iterable[int], *, deleting: bool = False) -> None:
        if table.name in _UNRECORDED:
            return
        wanted = [i for i in ids if i is not None and (table.name, i) not in self.before]
        if not wanted:
            return
        conn = self.session.connection()
        for i, image in read_images(conn, table, wanted).items():
            self.before[(table.name, i)] = image
        if deleting:
            every = tables()
            for name, child_ids in cascade_children(conn, table, wanted).items():
                self._note_existing(every[name], child_ids)

    def _note_new(self, table: Table, ids: Iterable[int]) -> None:
        if table.name in _UNRECORDED:
            return
        for i in ids:
            self.before.setdefault((table.name, i), None)

    def _before_flush(self, session: Session, _context, _instances) -> None:
        changing: dict[Table, list[int]] = {}
        deleting: dict[Table, list[int]] = {}
        for obj in session.dirty:
            if obj.__table__.name not in _UNRECORDED and session.is_modified(obj, include_collections=False):
                changing.setdefault(obj.__table__, []).append(obj.id)
        for obj in session.deleted:
            if obj.__table__.name in _UNRECORDED:
                continue
            deleting.setdefault(obj.__table__, []).append(obj.id)
        for table, ids in changing.items():
            self._note_existing(table, ids)
        for table, ids in deleting.items():
            self._note_existing(table, ids, deleting=True)

    def _after_flush(self, session: Session, _context) -> None:
        for obj in session.new:
            if obj.__table__.name not in _UNRECORDED:
                self._note_new(obj.__table__, [obj.id])

    def _orm_execute(self, state) -> Any:
        if not (state.is_update or state.is_delete or state.is_insert):
            return None
        statement = state.statement
        table = statement.table
        table = tables().get(getattr(table, "name", ""), table)
        if state.is_insert:
            if table.name in _UNRECORDED or not statement._returning:
                return None  # no ids returned: the connection's listener records it or refuses it
            self._trusted += 1
            try:
                frozen = state.invoke_statement().freeze()
            finally:
                self._trusted -= 1
            rows = frozen().all()
            if rows and "id" not in rows[0]._fields:
                raise TypeError(f"a bulk insert into {table.name} in a write use case must return the ids")
            self._note_new(table, [r.id for r in rows])
            return frozen()
        if statement.whereclause is None and isinstance(state.parameters, list):  # ORM bulk update by primary key
            self._note_existing(table, [p.get("id") for p in state.parameters], deleting=state.is_delete)
        else:
            self._note_written(table, statement, state.parameters if isinstance(state.parameters, dict) else None,
                               deleting=state.is_delete)
        self._trusted += 1
        try:
            return state.invoke_statement()
        finally:
            self._trusted -= 1

    def _note_written(self, table: Table, statement, params: dict | None, *, deleting: bool) -> None:
        """An ``UPDATE``/``DELETE`` about to run: the rows its ``WHERE`` selects, read first."""
        if table.name in _UNRECORDED:
            return
        query = select(table.c.id)
        if statement.whereclause is not None:
            query = query.where(statement.whereclause)
        ids = list(self._conn.execute(query, params or {}).scalars())
        self._note_existing(table, ids, deleting=deleting)

    # statements that go around the ORM (the session's connection) ----------------
    def _before_execute(self, conn, clauseelement, multiparams, params, execution_options) -> None:
        if self._trusted or self.session._flushing or not isinstance(clauseelement, (Insert, Update, Delete)):
            return
        table = clauseelement.table
        table = tables().get(getattr(table, "name", ""), table)
        if getattr(table, "name", None) in _UNRECORDED:
            return
        many = len(multiparams) > 1  # an executemany: one parameter set per row
        if isinstance(clauseelement, Insert):
            if many or clauseelement._multi_values or clauseelement._select_names is not None:
                raise _unseen(f"A Core insert of many rows into {table.name} (not through insert_rows())")
            if clauseelement._returning:
                raise _unseen(f"A Core insert into {table.name} returning its rows (not through insert_rows())")
            self._inserting = table
            return
        if many:
            raise _unseen(f"A Core {'update' if isinstance(clauseelement, Update) else 'delete'} of {table.name} "
                          "run once per many parameter sets")
        one = multiparams[0] if multiparams else params
        self._note_written(table, clauseelement, one or None, deleting=isinstance(clauseelement, Delete))

    def _after_execute(self, conn, clauseelement, multiparams, params, execution_options, result) -> None:
        table, self._inserting = self._inserting, None
        if table is None or not isinstance(clauseelement, Insert):
            return
        key = result.inserted_primary_key
        if not key or key[0] is None:
            raise _unseen(f"A Core insert into {table.name} that gives no id")
        self._note_new(table, [key[0]])

    def _before_cursor_execute(self, conn, cursor, statement, parameters, context, executemany) -> None:
        compiled = getattr(context, "compiled", None)
        source = getattr(compiled, "statement", None)
        if source is not None and not isinstance(source, TextClause):
            return  # a statement object: an ORM flush, or seen by _before_execute
        if _WRITING_SQL.match(statement or ""):
            first = " ".join(str(statement).split())[:60]
            raise _unseen(f"SQL text that writes (“{first}…”; raw SQL)")

    # what changed --------------------------------------------------------------
    def images(self) -> RowImages:
        """Each written row's (before, after), leaving out rows that came back as they were."""
        conn = self.session.connection()
        every = tables()
        by_table: dict[str, list[int]] = {}
        for name, i in self.before:
            by_table.setdefault(name, []).append(i)
        out: RowImages = {}
        for name, ids in by_table.items():
            now = read_images(conn, every[name], ids)
            for i in ids:
                before, after = self.before[(name, i)], now.get(i)
                if before != after:
                    out[(name, i)] = (before, after)
        return out


# the kinds of data (Change.kinds) a row of each table holds --------------------
_KIND_OF_TABLE = {
    "player": "roster",
    "entrant": "event",
    "event_constraint": "settings",
    "seat": "rotation",
    "sit_out": "rotation",
    "hand": "hands",
    "table_result": "hands",
    "team": "teams",
    "team_game": "teams",
    "round_timer": "timer",
    "section": "rotation",
    "section_lock": "locks",
    "section_timer": "timer",
    "captain": "settings",
    "bracket": "bracket",
    "bracket_match": "bracket",
    "season": "seasons",
    "season_event": "seasons",
    "club_settings": "settings",
    "mail_record": "event",
}
_KIND_OF_EVENT_COLUMN = {
    "name": "event",
    "date": "event",
    "kind": "settings",
    "rounds": "settings",
    "hands_per_round": "settings",
    "rules_json": "settings",
    "sit_out_rule": "settings",
    "seed": "rotation",
    "team_format": "settings",
    "round_scoring": "settings",
    "bye_rule": "settings",
    "first_round_order": "settings",
    "entry_mode": "settings",
    "minutes_per_round": "timer",
    "prizes_json": "prizes",
}


_NOT_OF_AN_EVENT = frozenset({"season_event"})
"""Tables whose ``event_id`` does not make a change the event's (a season's
picked events: a season change concerns no event in particular)."""


def _row_kinds(name: str, before: Image | None, after: Image | None) -> set[str]:
    if name == "event":
        if before is None or after is None:
            return {"event", "settings"}
        return {_KIND_OF_EVENT_COLUMN.get(c, "event") for c in after if before.get(c) != after.get(c)}
    if name == "event_round":
        if before is not None and after is not None and {c for c in after if before.get(c) != after.get(c)} <= {"locked"}:
            return {"locks"}
        return {"rotation"}
    if name == "team_game":
        return {"teams", "hands"}
    return {_KIND_OF_TABLE.get(name, "event")}


def describe_change(conn, label: str, rows: RowImages, event_id: int | None = None, token: int = 0,
                    known_rounds: dict[int, tuple[int, int]] | None = None) -> Change:
    """The :class:`Change` these row images make: kinds from the tables (and
    the event's columns) written, rounds and tables from the rows' rounds and
    table numbers, the event from the rows (``event_id`` when given).
    ``known_rounds``: round id → (event id, number) already read in this
    transaction (the guard's), not read again."""
    kinds: set[str] = set()
    rounds: set[int] = set()
    table_numbers: set[int] = set()
    events: set[int] = set()
    round_ids: set[int] = set()
    round_of: dict[int, tuple[int, int]] = dict(known_rounds or {})  # round id → (event id, number)
    for (name, _i), (before, after) in rows.items():
        kinds |= _row_kinds(name, before, after)
        for image in (before, after):
            if image is None:
                continue
            if name == "event_round":
                round_of[image["id"]] = (image["event_id"], image["number"])
            if name == "event":
                events.add(image["id"])
            if image.get("event_id") is not None and name not in _NOT_OF_AN_EVENT:
                events.add(image["event_id"])
            if "round_id" in image:
                round_ids.add(image["round_id"])
            if "table_number" in image and image["table_number"] is not None and name != "event_constraint":
                table_numbers.add(image["table_number"])
    missing = sorted(round_ids - round_of.keys())
    if missing:
        t = EventRound.__table__  # type: ignore[attr-defined]
        for rid, eid, number in conn.execute(select(t.c.id, t.c.event_id, t.c.number).where(t.c.id.in_(missing))):
            round_of[rid] = (eid, number)
    for rid in round_ids | {i for (n, i) in rows if n == "event_round"}:
        if rid in round_of:
            events.add(round_of[rid][0])
            rounds.add(round_of[rid][1])
    if event_id is None and len(events) == 1:
        event_id = next(iter(events))
    return Change(label, event_id, frozenset(kinds), frozenset(rounds), frozenset(table_numbers), token)


def operate(
    db: Database,
    label: str,
    use_case: Callable[..., Any],
    *args: Any,
    event_id: int | None = None,
    undo_log: UndoLog | None = None,
    station: str | None = None,
    **kwargs: Any,
) -> tuple[Any, Change]:
    """Run ``use_case(session, *args, **kwargs)`` as one operation: one
    write transaction, the rows it wrote recorded, committed; returns
    ``(result, change)``.

    ``label``: what the director did, in words ("Save hand 3 at table 2";
    Edit ▸ Undo shows it). ``event_id``: the event the change belongs to
    (None: found from the rows written, or the roster). ``undo_log``: keep
    the rows' images there so the change can be undone (the window's log);
    ``change.token`` then names the entry (0 when nothing changed, or no log).
    ``station``: the station the rows are saved under (hands, audit lines),
    e.g. "table 3 (phone)"; None: this computer's (``db.station``).

    If the use case raises, nothing is written or recorded and the error
    propagates (a :class:`~.errors.TournamentError` in words; a database
    failure as a :class:`~euchre_tourney.store.DatabaseError`). Before the
    commit the rows it wrote pass the one guard (:func:`~.guard.guard_rows`):
    a write that changed anything of a locked round is refused
    (:class:`~.guard.RoundLocked`) and nothing is kept."""
    with db.write_session(station) as session:
        recorder = _Recorder(session)
        try:
            result = use_case(session, *args, **kwargs)
            session.commit()  # what the use case left unflushed (a savepoint: the transaction stays open)
            rows = recorder.images()
            known = guard_rows(session.connection(), rows)  # the one guard: nothing of a locked round changes, whatever the door
            change = describe_change(session.connection(), label, rows, event_id, known_rounds=known)
        finally:
            recorder.close()
    # committed (the block ended without error): now it may be undone
    if undo_log is not None and rows:
        change = replace(change, token=undo_log.record(label, change, rows))
    return result, change
