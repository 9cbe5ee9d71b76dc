"""Several scoring stations on one event: who saved a hand, the audit trail,
round locks and the change stamp the windows poll.

Modelled on how bridge clubs run several scoring devices on one event
(one writer per table, the opponents confirm, only the director
corrects): every station opens the same database (PostgreSQL, or the
one SQLite file) under its own station name (``Database.station``, from
``$EUCHRE_TOURNEY_STATION`` or the host name, carried in
``session.info["station"]``).

* A hand's slot (round, table, hand number) is unique in the database, so
  the second station to save a hand is refused with
  :class:`AlreadyRecorded`, which names the station that saved it first and
  what it stored.
* Each hand carries a version (1 when recorded, +1 per correction). A
  correction or deletion names the version its window showed; if another
  station changed the hand since, :class:`StaleHand` refuses it and shows
  both values (optimistic concurrency: a guarded ``UPDATE … WHERE version
  = seen``, so two stations correcting at the same instant cannot both win).
* Every record, correction and deletion, and every round lock and unlock,
  adds a row to the audit trail (``hand_audit``: when, which station, old
  → new), shown per hand on the Scores page (:func:`hand_history`).
* The director locks a finished round (:func:`lock_round`); its hands can
  then not be recorded, corrected or deleted until it is unlocked, by any
  door (the one guard under every write: :mod:`.guard`).
* Refresh: the audit trail's ids only grow, so the highest id of an event
  (:func:`change_stamp`, one indexed ``SELECT max``) changes exactly when a
  hand or lock of that event changed at any station. The main window polls
  it every second (:data:`POLL_INTERVAL_MS`) and redraws the Scores and
  Standings pages when it moved: a hand saved at one station shows on the
  others within about a second, on SQLite and PostgreSQL alike (no
  ``LISTEN/NOTIFY`` needed, which SQLite does not have).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

from sqlalchemy import func
from sqlmodel import Session, select

from euchre_tourney.rules import HandEntry
from euchre_tourney.store import EventRound, HandAudit
from euchre_tourney.tournament.common import load_event
from euchre_tourney.tournament.errors import InvalidHand, NotFound, TournamentError
from euchre_tourney.tournament.guard import RoundLocked, check_unlocked  # noqa: F401 (the one lock check, re-exported)
from euchre_tourney.tournament.readmodels import HandView
from euchre_tourney.tournament.unit_of_work import write_use_case

POLL_INTERVAL_MS = 1000
"""How often a window asks :func:`change_stamp` whether another station saved something."""


class StationConflict(InvalidHand):
    """Another station got there first; ``stored`` is the hand as it is now."""

    def __init__(self, message: str, stored: HandView | None) -> None:
        super().__init__(message)
        self.stored = stored


class AlreadyRecorded(StationConflict):
    """The hand's slot was already recorded (at ``stored.station``)."""


class StaleHand(StationConflict):
    """A correction or deletion made on a view older than the stored hand."""


@dataclass(frozen=True, slots=True)
class AuditView:
    """One line of the audit trail. ``action``: "record", "correct",
    "delete", "lock", "unlock" or "dispute" (a table tapped Disagree on its
    phone; ``old`` the hand it disputed); ``old``/``new``: the hand as text
    (:func:`describe_hand`), "" when there is none; ``at``: UTC."""

    id: int
    at: datetime
    station: str
    action: str
    round: int
    table: int | None
    number: int | None
    old: str
    new: str

    @property
    def text(self) -> str:
        """``23:10 at Table 2 tablet: corrected NS 3 tricks: NS score 1 → NS 5 tricks: NS score 2``
        (local time)."""
        where = f" at {self.station}" if self.station else ""
        verb = {"record": "recorded", "correct": "corrected", "delete": "deleted", "lock": "locked", "unlock": "unlocked",
                "dispute": "disputed"}[self.action]
        what = {
            "record": self.new,
            "correct": f"{self.old} → {self.new}",
            "delete": self.old,
            "dispute": self.old,
            "lock": f"round {self.round}",
            "unlock": f"round {self.round}",
        }[self.action]
        at = self.at if self.at.tzinfo else self.at.replace(tzinfo=timezone.utc)  # stored in UTC
        return f"{at.astimezone():%H:%M}{where}: {verb} {what}"


def parse_tables(text: str) -> frozenset[int]:
    """The tables a station enters, as typed: ``"1-4, 7"`` → {1, 2, 3, 4, 7};
    ``""`` → the empty set, meaning every table. Raises
    :class:`TournamentError` for anything else."""
    chosen: set[int] = set()
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        low, dash, high = part.partition("-")
        try:
            first, last = int(low), int(high if dash else low)
        except ValueError:
            raise TournamentError(f"“{part}” is not a table number: type tables like 1-4, 7.") from None
        if not 1 <= first <= last <= 999:
            raise TournamentError(f"“{part}” is not a range of tables: type tables like 1-4, 7.")
        chosen.update(range(first, last + 1))
    return frozenset(chosen)


def describe_entry(e: HandEntry) -> str:
    """What was entered, in a few words: ``NS 3 tricks, North alone``."""
    makers = getattr(e.makers, "value", e.makers)
    alone = getattr(e.alone_seat, "title", e.alone_seat)
    extra = (f", {alone} alone" if e.alone_seat is not None else "") + (", defender alone" if e.defender_alone else "")
    return f"{makers} {e.maker_tricks} tricks{extra}"


def describe_hand(h: HandView) -> str:
    """A stored hand in a few words: ``NS 3 tricks, North alone: NS score 1``
    (a side game's hand, :class:`~.side_games.SideHandView`: its own words)."""
    if not isinstance(h, HandView):
        return h.text
    return f"{describe_entry(h.entry)}: {h.scoring_side.value} score {h.points}"


def station_of(session: Session) -> str:
    """The station name this session saves under ("" if none was set)."""
    return str(session.info.get("station") or "")


def audit(session: Session, event_id: int, action: str, round_number: int, *, hand: HandView | None = None,
          old: HandView | None = None, new: HandView | None = None) -> None:
    """Add an audit row to the session (committed with the change it records)."""
    where = hand or new or old
    session.add(
        HandAudit(
            event_id=event_id,
            round_number=round_number,
            table_number=where.table if where else None,
            hand_number=where.number if where else None,
            hand_id=where.id if where else None,
            action=action,
            station=station_of(session)[:60],
            old=describe_hand(old)[:200] if old else "",
            new=describe_hand(new)[:200] if new else "",
        )
    )


def stale_hand(session: Session, now, says: str, proposed: str, doing: str, stored: HandView | None = None) -> StaleHand:
    """The refusal of a correction or deletion made on an older view of a
    hand of any game: ``now`` the hand as stored (its ``id``, ``number``,
    ``table``, ``station``), ``says`` its words, ``proposed`` what the
    refused write said and ``doing`` how ("your correction says", "you
    asked to delete it"); ``stored`` is carried on the error."""
    by = last_changed_by(session, now.id) or now.station
    at = f" at station {by}" if by else ""
    return StaleHand(
        f"Hand {now.number} at table {now.table} was changed{at} after you looked at it: it now says "
        f"{says}; {f'{doing} {proposed}'.strip()}. Nothing was changed: look at the hand again and "
        "correct it if it is still wrong.",
        stored,
    )


def last_changed_by(session: Session, hand_id: int) -> str:
    """The station that last recorded or corrected hand ``hand_id`` ("" if unknown)."""
    return session.exec(
        select(HandAudit.station).where(HandAudit.hand_id == hand_id).order_by(HandAudit.id.desc()).limit(1)
    ).first() or ""


def round_for_write(session: Session, *where, exclusive: bool = False) -> EventRound | None:
    """The round row matching ``where``, read afresh (never the session's
    cached copy) and locked until the transaction ends, so that a station's
    lock check and its write are one step: on PostgreSQL ``SELECT … FOR
    SHARE`` for a write that checks the lock (stations saving hands in one
    round do not wait for each other) and ``FOR UPDATE`` (``exclusive``) for
    the director's lock itself, which therefore waits for every write that
    has checked the round and is not yet committed, and is waited for by
    every write that comes after. On SQLite the write transaction already
    holds the database's write lock from its start (``BEGIN IMMEDIATE``,
    :meth:`~euchre_tourney.store.Database.write_session`). Row locks are taken
    only in such a write session (``session.info["write"]``, the unit of
    work's): a plain session that refused a write would otherwise hold them
    until it is closed."""
    query = select(EventRound).where(*where).execution_options(populate_existing=True)
    if session.info.get("write"):
        query = query.with_for_update(read=not exclusive)
    return session.exec(query).first()


def _event_round(session: Session, event_id: int, round_number: int) -> EventRound:
    load_event(session, event_id)
    r = round_for_write(session, EventRound.event_id == event_id, EventRound.number == round_number, exclusive=True)
    if r is None:
        raise NotFound(f"Round {round_number} does not exist in this event's rotation.")
    return r


@write_use_case
def lock_round(session: Session, event_id: int, round_number: int, locked: bool = True) -> bool:
    """Lock (or with ``locked=False`` unlock) a finished round; commit.
    Returns whether anything changed. :class:`NotFound` for a round that
    does not exist."""
    if locked.__class__ is not bool:
        raise TournamentError(f"Say whether to lock the round (true or false), not {locked!r}.")
    r = _event_round(session, event_id, round_number)
    if r.locked == locked:
        return False
    r.locked = locked
    session.add(r)
    audit(session, event_id, "lock" if locked else "unlock", round_number)
    session.commit()
    return True


def locked_rounds(session: Session, event_id: int) -> frozenset[int]:
    """The numbers of the event's locked rounds."""
    return frozenset(
        session.exec(select(EventRound.number).where(EventRound.event_id == event_id, EventRound.locked == True))  # noqa: E712
    )


def change_stamp(session: Session, event_id: int) -> int:
    """A number that changes whenever a hand or round lock of the event
    changes at any station (the highest audit id; 0 before any). Cheap: one
    indexed query, meant to be polled."""
    return session.exec(select(func.max(HandAudit.id)).where(HandAudit.event_id == event_id)).one() or 0


def _views(rows) -> tuple[AuditView, ...]:
    return tuple(
        AuditView(a.id, a.at, a.station, a.action, a.round_number, a.table_number, a.hand_number, a.old, a.new)
        for a in rows
    )


def hand_history(session: Session, event_id: int, round_number: int, table: int, number: int) -> tuple[AuditView, ...]:
    """The audit trail of one hand slot, oldest first (recorded, corrected, deleted…)."""
    return _views(
        session.exec(
            select(HandAudit)
            .where(
                HandAudit.event_id == event_id,
                HandAudit.round_number == round_number,
                HandAudit.table_number == table,
                HandAudit.hand_number == number,
            )
            .order_by(HandAudit.id)
        )
    )


def audit_trail(session: Session, event_id: int, round_number: int | None = None) -> tuple[AuditView, ...]:
    """The event's audit trail (or one round's), oldest first."""
    query = select(HandAudit).where(HandAudit.event_id == event_id)
    if round_number is not None:
        query = query.where(HandAudit.round_number == round_number)
    return _views(session.exec(query.order_by(HandAudit.id)))
