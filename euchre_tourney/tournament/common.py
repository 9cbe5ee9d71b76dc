"""Queries the use-case modules share (no user action of their own)."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timezone

from sqlalchemy import BigInteger, case, cast, func, or_
from sqlmodel import Session, select

from euchre_tourney.rules import RuleSet, position, seat_keys
from euchre_tourney.store import Event, EventRound, Hand, Seating, SitOut, TableResult, rules_of, table_rules_of
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


_SEAT_CODES = {key: i for i, key in enumerate(dict.fromkeys((*seat_keys(4), *seat_keys(6))), start=1)}
_MODULUS = 1_000_000_007


def reuses_ids(session: Session) -> bool:
    """True when the database may give a new row the id of a deleted one:
    SQLite (a table's new rowid is its highest plus one), not PostgreSQL
    (its sequences never give an id twice)."""
    return session.get_bind().dialect.name != "postgresql"


def rotation_signature(of_event, reused_ids: bool = True) -> tuple:
    """Scalar subqueries (for one ``select``) that together change whenever
    the rotation of the event picked by ``of_event`` (a condition on
    :class:`EventRound`, e.g. ``EventRound.event_id == bindparam(...)``)
    does: the count of its seats, a sum over its seats of a mix of each
    seat's id, entrant, table and position (each row's number scrambled
    by a quadratic map modulo a prime, so that entrants seated otherwise in
    the same rows change the sum, as a sum of linear terms would not; a sum
    over a night's 24,000 seats stays far inside 64 bits), the same two of its
    sit-outs, and the count and highest id of its rounds. The counts and
    highest ids alone do not do: a rotation made again with as many seats
    is stored in rows that SQLite gives the ids the deleted ones had (the
    highest id plus one), each with another entrant. The sums are read in
    the scan the counts make anyway, at a cost: 21 against 5 ms on
    PostgreSQL for the 16,000 seats of 2,000 players in 8 rounds, read four
    times a second by every server. So where ids are never given twice
    (``reused_ids`` False: PostgreSQL, :func:`reuses_ids`) the highest ids
    stand for the sums: seats are only ever added and deleted, never
    changed, so their count and highest id change with them. Used by the
    phones' stamps and the room's standings' memo."""
    m = _MODULUS

    def scramble(x):  # x² + c twice, modulo the prime: not linear, so sums of scrambled rows hardly ever meet
        once = (x % m) * (x % m) % m + 12_345
        return once * once % m + 67_890

    seat_code = case(_SEAT_CODES, value=Seating.seat, else_=0)
    seat_mix = scramble(((cast(Seating.id, BigInteger) * 1_000_003 + Seating.entrant_id) * 1_009
                         + Seating.table_number) * 11 + seat_code)
    sit_mix = scramble(cast(SitOut.id, BigInteger) * 1_000_003 + SitOut.entrant_id)
    seats = select(Seating).join(EventRound, Seating.round_id == EventRound.id).where(of_event)
    sits = select(SitOut).join(EventRound, SitOut.round_id == EventRound.id).where(of_event)
    if not reused_ids:
        seat_mix, sit_mix = Seating.id, SitOut.id
    total = func.coalesce(func.sum(seat_mix) if reused_ids else func.max(seat_mix), 0)
    sit_total = func.coalesce(func.sum(sit_mix) if reused_ids else func.max(sit_mix), 0)
    return (
        seats.with_only_columns(func.count(Seating.id)).scalar_subquery(),
        seats.with_only_columns(total).scalar_subquery(),
        sits.with_only_columns(func.count(SitOut.id)).scalar_subquery(),
        sits.with_only_columns(sit_total).scalar_subquery(),
        select(func.count(EventRound.id)).where(of_event).scalar_subquery(),
        select(func.max(EventRound.id)).where(of_event).scalar_subquery(),
    )


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
