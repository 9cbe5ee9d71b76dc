"""The one guard under every write of a hand, a round or a result.

Whatever the door — the Scores page (entry, correction, deletion, round
totals, time called), Edit ▸ Undo and Redo, a table's phone (its forms,
Agree and Disagree), the director's phone — a write reaches the database
through the unit of work (:func:`~.unit_of_work.operate`) or the undo log
(:meth:`~.undo.UndoLog.undo`, ``redo``). Both hand the row images the
write made (each row's before and after) to :func:`guard_rows` before they
commit; a write that changes anything of a locked round is refused there
with :class:`RoundLocked` and the transaction is rolled back: nothing is
written. The doors do not check the lock themselves (a use case may refuse
early with the same :func:`check_unlocked`, so that its sentence comes
before any other); a door added later, or a use case that forgets,
cannot get past it.

What a lock keeps is what was played in the round: its hands, its
tables' results (round totals, time called at a table), its team games,
the phones' actions in it (``phone_action``: entries, Agree and Disagree
name a round) and time called in it (``phone_settings.time_called_round``).
A locked round deleted with what was played in it (a rotation discarded)
is refused through its hands; the lock itself (the ``locked`` column) is
the director's, and a locked round in which nothing was played may still
go with its rotation. A round inserted by the same write (an undo that
brings back a deleted event) is new, not changed; an event deleted as a
whole takes its locked rounds with it.

The lock is read afresh in the writing transaction, ``FOR SHARE`` on
PostgreSQL: the director's lock (:func:`~.stations.lock_round`, ``FOR
UPDATE``) waits for a write that checked the round, and a write that
comes after the lock sees it. On SQLite the write transaction holds the
database's write lock from its start.

The other half of the guard is staleness: a write names the round it was
drawn in and the version of the row it saw. A hand's version is checked
where the hand is written (:func:`~.scoring.correct_hand`,
``expected_version``), a phone page's round by :func:`check_drawn_round`,
a bracket match's version and teams by
:func:`~.brackets.record_bracket_score`; each refuses with a sentence that
says what changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import select

from euchre_tourney.store import EventRound
from euchre_tourney.tournament.errors import InvalidHand

__all__ = ["RoundLocked", "StalePage", "check_drawn_round", "check_unlocked", "guard_rows", "locked_sentence"]

Image = Mapping[str, Any]


class RoundLocked(InvalidHand):
    """The director locked the round: its hands cannot change."""


class StalePage(InvalidHand):
    """A page drawn for another round (or another state) than the one it would change now."""


def locked_sentence(number: int, *, undo: str = "") -> str:
    """The sentence for a write refused because round ``number`` is locked;
    ``undo``: "undo" or "redo" when Edit ▸ Undo/Redo was refused."""
    if undo:
        return (
            f"Round {number} is locked: the director closed it, so Edit ▸ {undo.title()} cannot change its hands. "
            f"Nothing was changed; unlock round {number} (Scores page) first to {undo} this step."
        )
    return (
        f"Round {number} is locked: the director closed it. Nothing was changed; "
        "ask the director to unlock the round to change its hands."
    )


def check_unlocked(r: EventRound) -> None:
    """Raise :class:`RoundLocked` if the director locked round ``r``."""
    if r.locked:
        raise RoundLocked(locked_sentence(r.number))


def check_drawn_round(now: int, drawn: object, table: int | None = None) -> None:
    """A page drawn in round ``drawn`` writes only while round ``now`` (the
    round being played, at ``table`` when given) is that round; else
    :class:`StalePage`: "Round 2 is being played at table 5 now; this page
    was for round 1: reload it." (nothing written)."""
    if not isinstance(drawn, int) or isinstance(drawn, bool):
        raise StalePage("This page does not say which round it was drawn in: reload it and try again.")
    if drawn != now:
        at = f" at table {table}" if table is not None else ""
        raise StalePage(
            f"Round {now} is being played{at} now; this page was for round {drawn}: reload it. Nothing was changed."
        )


_PLAYED = frozenset({"hand", "table_result", "team_game"})
"""Tables whose rows are what was played in a round (``round_id``)."""


def guard_rows(conn, rows: Mapping[tuple[str, int], tuple[Image | None, Image | None]], *,
               undo: str = "") -> dict[int, tuple[int, int]]:
    """Refuse (:class:`RoundLocked`, in words) a write whose row images
    (``(table name, id)`` → (before, after), as the unit of work records
    them) change anything of a locked round; see the module's docstring.
    ``conn``: the writing transaction's connection. ``undo``: "undo" or
    "redo" for the sentence. Returns the rounds it read (round id →
    (event id, number)), so that the change's description need not read
    them again."""
    round_ids: set[int] = set()
    by_number: set[tuple[int, int]] = set()  # (event id, round number)
    new_rounds: set[int] = set()
    rounds_before: dict[int, Image] = {}  # rounds this write changed or deleted, as they were
    gone_events = {i for (name, i), (_b, after) in rows.items() if name == "event" and after is None}
    for (name, i), (before, after) in rows.items():
        if name == "event_round":
            if before is None:
                new_rounds.add(i)
            else:
                rounds_before[i] = before
        elif name in _PLAYED:
            round_ids.update(image["round_id"] for image in (before, after) if image is not None)
        elif name == "phone_action":
            by_number.update((image["event_id"], image["round_number"]) for image in (before, after) if image)
        elif name == "phone_settings" and after is not None and after.get("time_called_round") is not None:
            if before is None or before.get("time_called_round") != after["time_called_round"]:
                by_number.add((after["event_id"], after["time_called_round"]))  # time called in that round
    round_ids -= new_rounds
    read: dict[int, tuple[int, int]] = {}
    if not round_ids and not by_number:
        return read
    t = EventRound.__table__  # type: ignore[attr-defined]
    queries = []
    if round_ids:
        queries.append(select(t.c.id, t.c.event_id, t.c.number, t.c.locked).where(t.c.id.in_(sorted(round_ids))))
    for event_id, number in sorted(by_number):
        queries.append(select(t.c.id, t.c.event_id, t.c.number, t.c.locked).where(t.c.event_id == event_id, t.c.number == number))
    found: set[int] = set()
    for query in queries:
        if conn.dialect.name != "sqlite":
            query = query.with_for_update(read=True)  # the director's lock waits for this write, or this write for it
        for rid, event_id, number, locked in conn.execute(query):
            found.add(rid)
            read[rid] = (event_id, number)
            if locked and rid not in new_rounds and event_id not in gone_events:
                raise RoundLocked(locked_sentence(number, undo=undo))
    for rid in sorted(round_ids - found):  # deleted by this write: as it was
        was = rounds_before.get(rid)
        if was is not None and was.get("locked") and was["event_id"] not in gone_events:
            raise RoundLocked(locked_sentence(was["number"], undo=undo))
    return read
