"""Undo owned by the use cases: the rows each operation wrote, and nothing else.

A director's change (check a player in, make a rotation, save a hand…) is
run through the unit of work (:func:`.unit_of_work.operate`, or
:meth:`UndoLog.run`), which records the before and after image of exactly
the rows that operation wrote (inserted, updated, deleted, and the rows a
deletion took with it). The log keeps those images. Undo writes the before
images back (same ids, same values: a rotation that checking a player in
discarded comes back with the same rounds, tables, seats and sit-outs),
redo the after images, each in one write transaction.

Undo and redo pass the one guard under every write (:mod:`.guard`): a step
that would change a locked round is refused (:class:`UndoLocked`, with the
reason: the director unlocks the round first), and so is one that would
change a bracket result a later match was played with
(:class:`UndoPlayedOn`: the later result is cleared first); the step stays
in the log.

Undo and redo are also refused (:class:`UndoRefused`, in plain words, nothing
changed) when one of those rows is no longer what the log last left there
(another station changed it, or a change not made through the log), when
taking a row back would take other rows with it (a hand saved since in a
round being taken back), or when putting one back would clash with rows
saved since (a hand saved since in the same slot). What other stations
wrote elsewhere is never touched: it is not among the rows. The rows are
locked while they are checked and written (``SELECT … FOR UPDATE`` on
PostgreSQL; SQLite's write transaction begins immediately).

The audit trail (``hand_audit``) is not part of the images: undo does not
rewrite history, its lines stay, and an undo or redo of hands adds its own
lines, one per hand, saying what happened to that hand (recorded, corrected
or deleted, by this station), so the hand's history tells the truth and
other stations' polls see it. (A distinct "undo" action would need a
migration: the table's check constraint names the five actions.)

The log lives in memory: undo lasts as long as the app stays open.
Plain Python, no Qt; the GUI shows it as its Edit menu.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from euchre_tourney.rules import HandEntry, Seat, Side
from euchre_tourney.store import (
    Bracket,
    BracketMatch,
    Captain,
    Database,
    Entrant,
    Event,
    EventConstraint,
    EventRound,
    Hand,
    HandAudit,
    Player,
    Season,
    SeasonEvent,
    Seating,
    Section,
    SectionLock,
    SitOut,
    TableResult,
    Team,
    TeamGame,
)
from euchre_tourney.tournament.changes import Change
from euchre_tourney.tournament.errors import TournamentError
from euchre_tourney.tournament.guard import ResultPlayedOn, RoundLocked, guard_rows
from euchre_tourney.tournament.readmodels import HandView
from euchre_tourney.tournament.side_games import stored_hand_words
from euchre_tourney.tournament.stations import describe_hand, station_of
from euchre_tourney.tournament.unit_of_work import RowImages, cascade_children, describe_change, operate, read_images, tables

__all__ = ["UndoLocked", "UndoLog", "UndoPlayedOn", "UndoRefused"]


class UndoRefused(TournamentError):
    """Undo or redo is not possible any more (the data changed another way)."""


class UndoLocked(UndoRefused):
    """Undo or redo would change a locked round (or a bracket result played
    on): refused for now, the step stays in the log (it can be undone or
    redone once the round is unlocked, or the later result cleared)."""


class UndoPlayedOn(UndoLocked, ResultPlayedOn):
    """Undo or redo would change a bracket result a later match was played
    with ("The final was played with this result: …"): refused, the step
    stays in the log (it can be undone once the later result is cleared)."""


def _t(model: type):
    return model.__table__  # type: ignore[attr-defined]


# children after parents: insert in this order, delete in reverse
_PARENTS_FIRST = [
    _t(m).name
    for m in (
        Player,
        Event,
        Section,
        SectionLock,
        Captain,
        Entrant,
        Team,
        EventConstraint,
        EventRound,
        Seating,
        SitOut,
        Hand,
        TeamGame,
        TableResult,
        Bracket,
        BracketMatch,
        Season,
        SeasonEvent,
    )
]
_LEAVES = frozenset(
    _t(m).name for m in (Seating, SitOut, Hand, TeamGame, TableResult, EventConstraint, BracketMatch, SeasonEvent, SectionLock)
)


def _write(session, rows: dict[str, dict[int, dict[str, Any] | None]]) -> None:
    """Write ``rows`` (table name → id → the row wanted, None: no row):
    deletions children first, then updates and insertions parents first,
    keeping every id. Caller commits."""
    conn = session.connection()
    every = tables()
    for name in reversed(_PARENTS_FIRST):
        # a leaf row (nothing refers to it) is rewritten by delete and insert, so a
        # swap of two seats never clashes with a uniqueness rule halfway through
        gone = [i for i, row in rows.get(name, {}).items() if row is None or name in _LEAVES]
        if gone:
            t = every[name]
            conn.execute(delete(t).where(t.c.id.in_(gone)))
    for name in _PARENTS_FIRST:
        t = every[name]
        for i, row in rows.get(name, {}).items():
            if row is None:
                continue
            if conn.execute(select(t.c.id).where(t.c.id == i)).first() is None:
                conn.execute(insert(t).values(**row))
            else:
                conn.execute(update(t).where(t.c.id == i).values(**row))


def _hand_text(image: dict[str, Any] | None, session=None, event_id: int | None = None) -> str:
    if image is None:
        return ""
    if session is not None and event_id is not None:  # a side game's hand: in its own words, with the names
        said = stored_hand_words(session, event_id, image)
        if said is not None:
            return said[:200]
    view = HandView(
        id=image["id"],
        round=0,
        table=image["table_number"],
        number=image["number"],
        entry=HandEntry(
            Side(image["makers"]),
            image["maker_tricks"],
            Seat.parse(image["alone_seat"]) if image["alone_seat"] else None,
            bool(image["defender_alone"]),
        ),
        scoring_side=Side(image["scoring_side"]),
        points=image["points"],
    )
    return describe_hand(view)[:200]


@dataclass
class _Entry:
    token: int
    label: str
    change: Change
    rows: RowImages


class UndoLog:
    """The director's changes, newest last, for undo and redo.

    ``db``: the :class:`~euchre_tourney.store.Database` the operations write
    to. In memory only."""

    def __init__(self, db: Database) -> None:
        self._db = db
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
        **kwargs: Any,
    ) -> tuple[Any, Change]:
        """Run ``use_case(session, *args, **kwargs)`` through the unit of
        work (:func:`.unit_of_work.operate`) and keep what it wrote here.

        Returns the use case's result and the :class:`Change`. If the use
        case raises, nothing is recorded and the error propagates. A change
        that changed nothing is not recorded (``change.token`` 0). A new
        change forgets what was undone (no redo past it)."""
        return operate(self._db, label, use_case, *args, event_id=event_id, undo_log=self, **kwargs)

    def record(self, label: str, change: Change, rows: RowImages) -> int:
        """Keep the row images of one committed operation; returns its token.
        (Called by :func:`.unit_of_work.operate`.)"""
        token, self._next = self._next, self._next + 1
        self._done.append(_Entry(token, label, change, dict(rows)))
        self._undone.clear()
        return token

    def _move(self, entry: _Entry, forward: bool, verb: str) -> Change:
        """Write the rows ``entry`` changed from one image to the other
        (``forward``: before → after, i.e. redo). Only those rows: what
        other stations saved meanwhile stays. Refused (nothing written) when
        one of those rows is no longer as the log left it, or when writing
        them would take other rows with it or clash with them."""
        refused = UndoRefused(
            f"Cannot {verb} “{entry.label}”: what it changed has been changed since "
            "(another scoring station, or a change that cannot be undone). Nothing was changed."
        )
        expect_at, target_at = (0, 1) if forward else (1, 0)
        every = tables()
        wanted: dict[str, dict[int, dict[str, Any] | None]] = {}
        for (name, i), images in entry.rows.items():
            wanted.setdefault(name, {})[i] = images[target_at]
        moved = {key: (images[expect_at], images[target_at]) for key, images in entry.rows.items()}
        with self._db.write_session() as session:
            conn = session.connection()
            try:  # the one guard, as for every write (:mod:`.guard`): a locked round is not changed by undo either
                known = guard_rows(conn, moved, undo=verb)
            except RoundLocked as exc:
                raise UndoLocked(exc.message) from None
            except ResultPlayedOn as exc:
                raise UndoPlayedOn(exc.message) from None
            for name, ids in wanted.items():
                now = read_images(conn, every[name], ids, for_update=True)
                if any(now.get(i) != entry.rows[(name, i)][expect_at] for i in ids):
                    raise refused
            for name, ids in wanted.items():  # a deletion must not take rows saved since with it
                gone = [i for i, row in ids.items() if row is None and entry.rows[(name, i)][expect_at] is not None]
                for child, child_ids in cascade_children(conn, every[name], gone).items():
                    if any((child, c) not in entry.rows for c in child_ids):
                        raise refused
            try:
                with session.begin_nested():
                    _write(session, wanted)
            except IntegrityError:
                if set(wanted) == {_t(Player).name}:
                    raise UndoRefused(
                        f"Cannot {verb} “{entry.label}”: the player has been entered in an event since. "
                        "Nothing was changed."
                    ) from None
                raise refused from None
            change = describe_change(conn, entry.label, moved, entry.change.event_id, entry.token, known_rounds=known)
            self._audit(session, change, moved)
            session.commit()
        return change

    @staticmethod
    def _audit(session, change: Change, moved: RowImages) -> None:
        """One audit line per hand put back or taken back ("record" when the
        hand comes back, "delete" when it goes, "correct" when its result
        changes), so the audit trail and other stations' polls
        (:func:`~.stations.change_stamp`) see it."""
        if change.event_id is None:
            return
        rounds: dict[int, int] = {}
        for (name, _i), (a, b) in moved.items():
            if name == _t(EventRound).name:
                for image in (a, b):
                    if image is not None:
                        rounds[image["id"]] = image["number"]
        hand = _t(Hand).name
        missing = {img["round_id"] for (n, _i), pair in moved.items() if n == hand for img in pair if img} - rounds.keys()
        if missing:
            t = _t(EventRound)
            rounds.update(dict(session.connection().execute(select(t.c.id, t.c.number).where(t.c.id.in_(missing))).all()))
        for (name, i), (old, new) in sorted(moved.items(), key=lambda kv: (kv[0][0], kv[0][1])):
            if name != hand:
                continue
            where = new or old
            session.add(
                HandAudit(
                    event_id=change.event_id,
                    round_number=rounds.get(where["round_id"], 0),
                    table_number=where["table_number"],
                    hand_number=where["number"],
                    hand_id=i,
                    action="record" if old is None else "delete" if new is None else "correct",
                    station=station_of(session)[:60],
                    old=_hand_text(old, session, change.event_id),
                    new=_hand_text(new, session, change.event_id),
                )
            )
        session.flush()

    def undo(self, token: int | None = None) -> Change:
        """Put back the rows as they were before the newest change (which
        must be ``token`` when given). :class:`UndoRefused` if there is none
        or its rows changed since; then nothing changes."""
        if not self._done or token not in (None, self._done[-1].token):
            raise UndoRefused("There is nothing to undo.")
        entry = self._done[-1]
        change = self._move(entry, False, "undo")
        self._undone.append(self._done.pop())
        return change

    def redo(self, token: int | None = None) -> Change:
        """Make the newest undone change (``token`` when given) again: its after images."""
        if not self._undone or token not in (None, self._undone[-1].token):
            raise UndoRefused("There is nothing to redo.")
        entry = self._undone[-1]
        change = self._move(entry, True, "redo")
        self._done.append(self._undone.pop())
        return change

    def drop(self, token: int) -> None:
        """Forget one entry (its undo was refused: it can no longer be undone or redone)."""
        self._done = [e for e in self._done if e.token != token]
        self._undone = [e for e in self._undone if e.token != token]

    def forget(self) -> None:
        """Drop everything (the database was switched)."""
        self._done.clear()
        self._undone.clear()
