"""Queries the use-case modules share (no user action of their own)."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timezone

from sqlalchemy import func, or_
from sqlmodel import Session, select

from euchre_tourney.rules import RuleSet, position
from euchre_tourney.store import Event, EventRound, Hand, TableResult, rules_of, table_rules_of
from euchre_tourney.tournament.errors import NotFound, TournamentError


def event_rules(event: Event) -> RuleSet:
    """The event's rule set (North American if none was stored; the JSON is
    read at the store boundary, :func:`euchre_tourney.store.rules_of`)."""
    return rules_of(event)


def load_event(session: Session, event_id: int) -> Event:
    """The event row; :class:`NotFound` if absent, :class:`TournamentError`
    if ``event_id`` is not an int (for use inside tournament)."""
    number = whole_number(event_id, "event number")
    # held for the transaction's life: the session's identity map holds rows weakly, and a row no caller kept
    # was read again at every call (a table's tap asked for the event eight times); a transaction sees one
    # event row, as when a caller keeps it, and the next transaction reads it again
    tx = session.get_transaction()
    held = session.info.get("held events")
    if held is None or held[0] is not tx:
        held = session.info["held events"] = (tx, {})
    e = session.get(Event, number)
    if e is None:
        raise NotFound(f"There is no event number {event_id}.")
    held[1][e.id] = e
    return e


def hands_recorded(session: Session, event_id: int) -> int:
    return session.exec(
        select(func.count()).select_from(Hand).join(EventRound, Hand.round_id == EventRound.id).where(
            EventRound.event_id == event_id
        )
    ).one()


def scores_recorded(session: Session, event_id: int) -> bool:
    """Whether any score of the event is entered: a hand, or a table's round
    totals (an event entered as round totals has no hands)."""
    return bool(hands_recorded(session, event_id)) or session.exec(
        select(TableResult.id).join(EventRound, TableResult.round_id == EventRound.id).where(
            EventRound.event_id == event_id, TableResult.ns_points != None  # noqa: E711
        ).limit(1)
    ).first() is not None


def clear_rotation(session: Session, event_id: int) -> None:
    for r in session.exec(select(EventRound).where(EventRound.event_id == event_id)):
        session.delete(r)
    session.flush()


def last_played_round(session: Session, event_id: int) -> int:
    """The highest round number with a hand recorded, or a table's round
    totals (0 if none): rounds up to it are history that no re-plan may
    change."""
    hands = select(Hand.id).where(Hand.round_id == EventRound.id).exists()
    totals = select(TableResult.id).where(
        TableResult.round_id == EventRound.id, TableResult.ns_points != None  # noqa: E711
    ).exists()
    value = session.exec(
        select(func.max(EventRound.number)).where(EventRound.event_id == event_id, or_(hands, totals))
    ).one()  # one statement: the Scores page's redraw reads it
    return value or 0


def clock_end(ends_at: datetime | None, left_seconds: float | None) -> datetime | None:
    """A round clock's state checked: ``ends_at`` in UTC (an aware time
    converted, a naive one taken as UTC); :class:`TournamentError` for both
    an end and time left, or a negative time left."""
    if ends_at is not None and left_seconds is not None:
        raise TournamentError("A round timer is either running (an end time) or paused (time left), not both.")
    if left_seconds is not None and not (isinstance(left_seconds, (int, float)) and 0 <= left_seconds < 10**7):
        raise TournamentError(f"A paused round timer has 0 or more seconds left, not {left_seconds!r}.")
    if ends_at is not None:
        ends_at = ends_at.replace(tzinfo=timezone.utc) if ends_at.tzinfo is None else ends_at.astimezone(timezone.utc)
    return ends_at


def hash_pin(pin: str, salt: bytes) -> str:
    """A PIN's salted scrypt hash as stored ("salt:digest", hex): the
    director's phone PIN and the captains'."""
    digest = hashlib.scrypt(pin.encode(), salt=salt, n=2**14, r=8, p=1, dklen=32)
    return salt.hex() + ":" + digest.hex()


# Typed inputs at the use-case boundary ---------------------------------------
# Every use case takes plain Python values; these refuse anything else with a
# TournamentError in the director's words before anything reaches the
# database. ``bool`` is never taken for a number (``True`` is not round 1) and
# nothing is ever turned into a bool with ``bool()`` ("False" is a string).


def whole_number(value: object, what: str) -> int:
    """``value`` if it is an ``int`` (not a ``bool``), else :class:`TournamentError`."""
    if value.__class__ is not int:
        raise TournamentError(f"The {what} must be a whole number, not {value!r}.")
    return value  # type: ignore[return-value]


def optional_whole_number(value: object, what: str) -> int | None:
    """``None`` or :func:`whole_number`."""
    return None if value is None else whole_number(value, what)


def yes_no(value: object, what: str) -> bool:
    """``value`` if it is ``True`` or ``False``, else :class:`TournamentError`."""
    if value is not True and value is not False:
        raise TournamentError(f"Say yes or no for {what} (True or False), not {value!r}.")
    return value


def plain_text(value: object, what: str, *, optional: bool = False) -> str:
    """``value`` if it is a ``str`` (``None`` gives ``""`` when ``optional``)."""
    if value is None and optional:
        return ""
    if not isinstance(value, str):
        raise TournamentError(f"The {what} must be text, not {value!r}.")
    return value


def whole_numbers(value: object, what: str) -> list[int]:
    """A list or tuple of :func:`whole_number` values (or one int) as a list."""
    if value.__class__ is int:
        return [value]  # type: ignore[list-item]
    if not isinstance(value, (list, tuple)):
        raise TournamentError(f"The {what} must be a list of whole numbers, not {value!r}.")
    return [whole_number(v, what) for v in value]


def table_size(event: Event) -> int:
    """Seats at each of the event's tables: its side game's, else four."""
    game = table_rules_of(event)
    return 4 if game is None else game.players


def lone_position(alone_seat: str | None, detail_json: str | None, size: int) -> int | None:
    """The position (0-based; North 0) of the player who went alone in a
    stored hand at a table of ``size``: the four-seat ``alone_seat``, or a
    side game's ``detail_json`` "alone_seat" (None: nobody, or not
    recorded). A value that is no seat of that table is ``ValueError``
    naming it (the file's data cannot be true: the pages say so)."""
    if alone_seat:
        return position(alone_seat, size)
    if detail_json:
        lone = json.loads(detail_json).get("alone_seat")
        return None if lone is None else position(lone, size)
    return None
