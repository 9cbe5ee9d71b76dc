"""Scoring from the players' phones: table secrets, confirmation by the
opponents, idempotent submissions, the director's PIN.

Modelled on bridge clubs' table devices (Bridgemate, BridgePad): one side
of a table enters a hand, a player of the other side confirms it (*Agree*)
or flags it for the director (*Disagree*). The web pages
(:mod:`euchre_tourney.web`) carry no rule of their own: every decision is
here, every hand goes through :func:`~.scoring.record_hand`,
:func:`~.scoring.correct_hand`, :func:`~.tables.record_table_totals` or,
for a side game, :func:`~.side_games.record_side_hand` and
:func:`~.side_games.correct_side_hand`,
so a phone is validated and refused with the same sentences as the
director's Scores page.

* **Table secrets.** Each event and table number has a secret of 192
  random bits (``secrets.token_urlsafe(24)``), carried by the QR code on
  that table's tally sheets; :func:`check_secret` compares in constant
  time (``hmac.compare_digest``). A secret lets a phone act on its table
  in the round being played (:func:`playing_round`) only: never another
  table, never an earlier round. :func:`reissue_secret` replaces one (a
  lost sheet): the old one stops working at once.
* **Idempotency.** Each submission carries a key the page made when it was
  drawn (:data:`KEY_PATTERN`); the key is stored with what it did
  (:class:`~euchre_tourney.store.PhoneAction`) in the same transaction as
  the hand, so a resend (lost Wi-Fi, a double tap) gets the first answer
  back and never records twice, and a hand acknowledged on the phone is
  committed.
* **Confirmation.** A hand entered from a phone waits for the other side;
  ``agree``/``disagree`` lines name the hand's version, so agreeing to a
  hand that was corrected since is refused. When the event requires
  confirmation (:class:`PhoneSettingsView`), a table cannot enter its next
  hand while one waits.
* **Every game.** A side game's table (six-player at six seats, bid euchre
  and the other partnership games of :data:`~.side_games.EVENT_GAMES` at
  four) enters, confirms and corrects its hands the same way: its page names
  the seats ("Seat 1" .. "Seat 6", or North .. West) and the sides ("Seats
  1, 3, 5" / "Seats 2, 4, 6" at six, :func:`side_words`), its form holds a
  :class:`~euchre_tourney.rules.tables.SideHandEntry` (the makers or the
  high bidder and the bid, the tricks, who went alone), and the hand goes
  through :func:`~.side_games.record_side_hand` /
  :func:`~.side_games.correct_side_hand`: the same validation and sentences
  as the director's Scores page, the same guard.
* **The round being played**: the first round not locked in which a table
  is not yet in (all hands, round totals, time called at the table or a
  team game's final score, and no hand waiting for the other side), or the
  last round once every table is in. A table's page always shows that
  round, whatever happened in the round before (a dispute the director
  settled, a lock); every form names the round its page was drawn in, and
  a form of another round is refused (:func:`~.guard.check_drawn_round`).
"""

from __future__ import annotations

import hmac
import re
import secrets
from dataclasses import dataclass, field

from sqlalchemy import Integer, String, bindparam, case, func, literal, literal_column, true, union_all
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from euchre_tourney.rules import HandEntry, RuleViolation, Seat, Side, tables as game_tables
from euchre_tourney.rules import position_title, seat_letter, side_of_position, side_positions, side_title
from euchre_tourney.store import table_rules_of
from euchre_tourney.store import (
    EventRound,
    Section,
    Hand,
    HandAudit,
    PhoneAction,
    PhoneSettings,
    Seating,
    TableResult,
    TableSecret,
    TeamGame,
)
from euchre_tourney.tournament.common import event_rules, hash_pin, load_event, reuses_ids, rotation_signature
from euchre_tourney.tournament import sections as _sections
from euchre_tourney.tournament.errors import InvalidHand, TournamentError
from euchre_tourney.tournament.guard import StalePage, check_drawn_round, check_unlocked
from euchre_tourney.tournament.readmodels import HandView
from euchre_tourney.tournament.scoring import correct_hand, entry_of, record_hand, table_score
from euchre_tourney.tournament.side_games import (
    SideHandView,
    correct_side_hand,
    record_side_hand,
    side_hand_words,
    side_hands_at,
    side_table_score,
)
from euchre_tourney.tournament.stations import audit, change_stamp, describe_entry, describe_hand
from euchre_tourney.tournament.tables import record_table_totals, table_result
from euchre_tourney.tournament.unit_of_work import write_use_case

__all__ = [
    "KEY_PATTERN",
    "PhoneAnswer",
    "PhoneHand",
    "PhoneRefused",
    "PhoneSettingsView",
    "PhoneTableView",
    "call_time",
    "check_director_pin",
    "check_secret",
    "confirm_hand",
    "phone_settings",
    "phone_stamp",
    "phone_station",
    "phone_table",
    "playing_round",
    "reissue_secret",
    "set_director_pin",
    "set_phone_settings",
    "submit_hand",
    "submit_totals",
    "table_secrets",
    "disputed_hands",
    "disputed_at",
    "phone_state",
    "PhoneSheetView",
    "phone_sheet",
]

KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,64}")
"""A submission's idempotency key, as a page makes it (``secrets.token_urlsafe(16)``)."""

SECRET_BYTES = 24
"""192 random bits per table secret."""

_SIDE_NUMBERS = {"NS": 0, "EW": 1}
"""The stored side ("NS", "EW") -> the seat model's side (0, 1)."""


def side_words(side: str, players: int = 4) -> str:
    """A side in words on a table's phone, from the seat model
    (:func:`~euchre_tourney.rules.side_title`): "North–South" / "East–West"
    at a table of four, "Seats 1, 3, 5" / "Seats 2, 4, 6" at six (``side``:
    the stored "NS" or "EW"; "" for another)."""
    if side not in _SIDE_NUMBERS:
        return ""
    return side_title(_SIDE_NUMBERS[side], players)


class PhoneRefused(TournamentError):
    """A phone may not do this (wrong or old table code, no round being
    played, a key that is not one, the wrong PIN); nothing was changed."""


def phone_station(table: int) -> str:
    """The station name a table's phone saves under: ``"table 3 (phone)"``."""
    return f"table {table} (phone)"


# secrets ------------------------------------------------------------------------
def _tables_of_event(session: Session, event_id: int) -> list[int]:
    return sorted(
        set(
            session.exec(
                select(Seating.table_number).join(EventRound, Seating.round_id == EventRound.id).where(
                    EventRound.event_id == event_id
                )
            )
        )
    )


def section_tables(session: Session, event_id: int, name: str) -> frozenset[int]:
    """The stored table numbers of section ``name`` (case ignored) in the
    event's rotation, for ``serve --section`` (issue 30 item 3: a server
    that lists one section's tables). :class:`NotFound` in words for a
    section the night does not have (or a night not split into sections)."""
    load_event(session, event_id)
    secs = _sections.list_sections(session, event_id)
    wanted = _sections.section_named(secs, name)
    return frozenset(t for t in _tables_of_event(session, event_id)
                     if (s := _sections.section_of_table(secs, t)) is not None and s.id == wanted.id)


@write_use_case
def table_secrets(session: Session, event_id: int) -> dict[int, str]:
    """``{table number: secret}`` for every table of the event's rotation,
    making (and committing) the missing ones. Empty before a rotation."""
    load_event(session, event_id)
    have = {
        t.table_number: t.secret for t in session.exec(select(TableSecret).where(TableSecret.event_id == event_id))
    }
    missing = [t for t in _tables_of_event(session, event_id) if t not in have]
    for t in missing:
        have[t] = secrets.token_urlsafe(SECRET_BYTES)
        session.add(TableSecret(event_id=event_id, table_number=t, secret=have[t]))
    if missing:
        try:
            session.commit()
        except IntegrityError:  # another station made them at the same instant: take theirs
            session.rollback()
            return table_secrets(session, event_id)
    return dict(sorted(have.items()))


@write_use_case
def reissue_secret(session: Session, event_id: int, table: int) -> str:
    """Replace table ``table``'s secret (a lost tally sheet); commit. The
    old QR codes stop working at once; print that table's sheets again."""
    if table not in _tables_of_event(session, event_id):
        raise TournamentError(f"Table {table} does not play in this event's rotation.")
    table_secrets(session, event_id)
    row = session.exec(
        select(TableSecret).where(TableSecret.event_id == event_id, TableSecret.table_number == table)
    ).one()
    row.secret = secrets.token_urlsafe(SECRET_BYTES)
    session.add(row)
    session.commit()
    return row.secret


_WRONG_CODE = (
    "This page's table code is not valid (another table's, or replaced by the director): "
    "scan the QR code on your table's tally sheet again, or ask the director."
)


def check_secret(session: Session, event_id: int, table: object, secret: object) -> int:
    """The table number if ``secret`` is table ``table``'s secret; else
    :class:`PhoneRefused` (the same sentence whatever was wrong, compared in
    constant time)."""
    if not isinstance(table, int) or isinstance(table, bool) or not isinstance(secret, str):
        raise PhoneRefused(_WRONG_CODE)
    stored = session.exec(
        select(TableSecret.secret).where(TableSecret.event_id == event_id, TableSecret.table_number == table)
    ).first()
    expected = (stored or "x" * 32).encode()
    if not hmac.compare_digest(expected, secret.encode("utf-8", "replace")) or stored is None:
        raise PhoneRefused(_WRONG_CODE)
    return table


# the round being played -------------------------------------------------------
def rounds_statement():
    """The event's rounds (``EventRound`` rows, read afresh) and whether the
    night is split into sections, riding along (parameter ``event_id``;
    built once: see _STATEMENTS)."""
    key = ("rounds",)
    if key not in _STATEMENTS:
        split = select(Section.id).where(Section.event_id == bindparam("event_id")).exists()  # rides along: sections?
        # the rows as this statement reads them (populate_existing: a row this session loaded before is read afresh)
        _STATEMENTS[key] = select(EventRound, split).where(EventRound.event_id == bindparam("event_id")) \
            .execution_options(populate_existing=True)
    return _STATEMENTS[key]


def playing_round(session: Session, event_id: int, table: int | None = None, *, _read: dict | None = None) -> int | None:
    """The round being played (see the module's docstring); None before a
    rotation. ``table``: the round being played at that table -- in a night
    split into sections, its section's (sections play at their own pace;
    a round locked for the section is closed for it); in one room, the
    room's."""
    event = load_event(session, event_id)
    rounds, closed = {}, set()
    sectioned = False
    rows: dict[int, EventRound] = {}
    for r, has_sections in session.execute(rounds_statement(), {"event_id": event.id}):
        rounds[r.number] = r.id
        rows[r.number] = r
        sectioned = sectioned or bool(has_sections)
        if r.locked:
            closed.add(r.number)
    if _read is not None:  # what this read, for the caller (_round_row, the table's page): not read again
        _read["rounds"] = rows
    if not rounds:
        return None
    mine = None  # the stored table numbers of the table's section (None: every table)
    if sectioned and table is not None:
        secs, locks = _sections.section_places_and_locks(session, event_id)
        own = _sections.section_of_table(secs, table)
        if _read is not None:  # (the table's page reads them once, here: _section_of)
            _read.update(secs=secs, locks=locks)
        if own is not None:
            mine = _bounds(secs, own)
            closed |= set(locks.get(own.name, ()))
    elif _read is not None and not sectioned:
        _read.update(secs=(), locks={})
    ids = list(rounds.values())

    def within(column):  # the table's section only (its own pace): a room of 500 tables is not read for one
        if mine is None:
            return true()
        return (column > mine[0]) if mine[1] is None else ((column > mine[0]) & (column <= mine[1]))

    tables, counts, done = _seated_and_in_read(session, ids, mine)
    if _read is not None:
        _read["tables"] = tables  # round id → the tables seated in it (the table's section's, in a split night)
    waiting = _waiting_once(session, event_id, within)
    return _first_open_round(session, event, rounds, closed, tables, counts, done, mine, waiting)


def _bounds(secs, own) -> tuple[int, int | None]:
    """Section ``own``'s stored table numbers: above its ``first_table``, up to the next section's (None: the last)."""
    later = [x.first_table for x in secs if x.first_table > own.first_table]
    return own.first_table, (min(later) if later else None)


def _waiting_once(session: Session, event_id: int, within=None):
    """:func:`_waiting_tables` of a round (``waiting(number, round id)``), read once a round."""
    read: dict[int, set[int]] = {}

    def waiting(number: int, rid: int) -> set[int]:
        if number not in read:
            read[number] = _waiting_tables(session, event_id, number, rid, within)
        return read[number]

    return waiting


def section_playing_rounds(session: Session, event_id: int) -> dict[int, int | None]:
    """The round being played in each section of a night split into
    sections, in one read of the room (what :func:`playing_round` says for
    any table of that section): ``first_table`` of each section (its stored
    table numbers are above it) → the round (None before a rotation). An
    empty dict for a night in one room. The phones' stamps wake a section's
    tables when their section moves on (:func:`phone_stamps`)."""
    return room_playing_rounds(session, event_id)[1]


def room_playing_rounds(session: Session, event_id: int, seated: dict | None = None,
                        ) -> tuple[int | None, dict[int, int | None]]:
    """(the room's round being played, what :func:`playing_round` says
    without a table; every section's, :func:`section_playing_rounds`) from
    one read of the room: the stamps need both after every change, and the
    two read every table's hands and phone actions twice. ``seated``: a
    dict, the tables seated in each round as read before for this rotation
    (``seated["rounds"]`` their round ids, ``seated["tables"]``: not read
    again for the same rounds; filled in when empty or for other rounds)."""
    event = load_event(session, event_id)
    rounds: dict[int, int] = {}
    closed: set[int] = set()
    sectioned = False
    for r, has_sections in session.execute(rounds_statement(), {"event_id": event.id}):
        rounds[r.number] = r.id
        sectioned = sectioned or bool(has_sections)
        if r.locked:
            closed.add(r.number)
    if not rounds:  # (no round row to say whether the night is split: asked)
        return None, {s.first_table: None for s in _sections.section_places_and_locks(session, event_id)[0]}
    secs, locks = _sections.section_places_and_locks(session, event_id) if sectioned else ((), {})
    ids = list(rounds.values())
    known = seated.get("tables") if seated is not None and seated.get("rounds") == tuple(ids) else None
    tables, counts, done = _seated_and_in_read(session, ids, None, known)
    if seated is not None and known is None:
        seated.update(rounds=tuple(ids), tables=tables)
    waiting = _waiting_once(session, event_id)  # the room's, read once a round: each section keeps its own tables
    room = _first_open_round(session, event, rounds, closed, tables, counts, done, None, waiting)
    return room, {
        s.first_table: _first_open_round(
            session, event, rounds, closed | set(locks.get(s.name, ())), tables, counts, done, _bounds(secs, s), waiting
        )
        for s in secs
    }


def _seated_and_in_read(session: Session, ids: list[int], mine: tuple[int, int | None] | None, seated=None):
    """:func:`_seated_and_in` read: (round id → the tables seated, (round id, table) → hands counted,
    the (round id, table) whose results or team games say they are in), for the tables of ``mine``
    (a section's bounds: above the first, up to the second or None) or every table (None). ``seated``:
    the tables seated as read before for the same rotation (not read again)."""
    tables: dict[int, set[int]] = {} if seated is None else seated
    counts: dict[tuple[int, int], int] = {}
    done: set[tuple[int, int]] = set()
    # one statement (a table's tap asks this three times): the tables seated, the hands counted, the tables
    # whose results say they are in (time called at the table, round totals) and the team games with a score
    shape = "all" if mine is None else "above" if mine[1] is None else "between"
    params: dict = {"ids": ids}
    if mine is not None:
        params["lo"] = mine[0]
        if mine[1] is not None:
            params["hi"] = mine[1]
    for kind, rid, t, n in session.execute(_seated_and_in(shape, seated is None), params):
        if kind == 0:
            tables.setdefault(rid, set()).add(t)
        elif kind == 1:
            counts[(rid, t)] = n
        else:
            done.add((rid, t))
    return tables, counts, done


def _first_open_round(session, event, rounds, closed, tables, counts, done, mine, waiting) -> int:
    """The round being played, from what :func:`playing_round` read: the first round not ``closed`` (locked)
    where a table of ``mine`` (a section's bounds; None: every table) is not in -- its hands short, its game
    unscored, or a hand still waiting for the other side (``waiting(number, round id)``: those tables) --,
    else the last round."""
    game = event.kind == "team" and event.round_scoring == "game"
    for number in sorted(rounds):
        if number in closed:  # the director locked it: closed, whatever a table had left in it
            continue
        rid = rounds[number]
        ours = [t for t in sorted(tables.get(rid, ()))  # (another section's tables play at their own pace)
                if mine is None or (mine[0] < t and (mine[1] is None or t <= mine[1]))]
        for t in ours:
            if (rid, t) not in done:
                if game:
                    if table_score(session, event.id, number, t).game_winner is None:
                        return number
                elif counts.get((rid, t), 0) < event.hands_per_round:
                    return number
        # all in, but a hand still waits for the other side: stay on this round (asked only once every table is
        # in: the waiting hands are a read of the round's hands and phone actions, and mid-round none is needed)
        if ours and not waiting(number, rid).isdisjoint(ours):
            return number
    return max(rounds)


_STATEMENTS: dict[tuple, object] = {}
"""Statements a tap runs several times, built once with bound parameters:
SQLAlchemy then neither builds them nor computes their cache key again
(that was a third of a Save's CPU)."""


def _seated_and_in(shape: str, seats: bool = True):
    """:func:`playing_round`'s one read (parameters ``ids``, the rounds' ids, and ``lo``/``hi``, the table's
    section's bounds: ``shape`` "all" (every table), "above" (tables above ``lo``), "between" (above ``lo``,
    up to ``hi``)); ``seats`` False: without the tables seated (known already)."""
    key = ("seated and in", shape, seats)
    if key not in _STATEMENTS:
        ids = bindparam("ids", expanding=True)

        def within(column):
            if shape == "all":
                return true()
            above = column > bindparam("lo")
            return above if shape == "above" else above & (column <= bindparam("hi"))

        finished = (TableResult.finished_early == true()) | (TableResult.ns_points != None)  # noqa: E711
        parts = [
            select(literal(0).label("kind"), Seating.round_id, Seating.table_number, literal(0).label("n"))
            .where(Seating.round_id.in_(ids), within(Seating.table_number)).distinct(),
            select(literal(1).label("kind"), Hand.round_id, Hand.table_number, func.count(Hand.id).label("n"))
            .where(Hand.round_id.in_(ids), within(Hand.table_number)).group_by(Hand.round_id, Hand.table_number),
            select(literal(2), TableResult.round_id, TableResult.table_number, literal(0))
            .where(TableResult.round_id.in_(ids), within(TableResult.table_number), finished),
            select(literal(3), TeamGame.round_id, TeamGame.table_number, literal(0))
            .where(TeamGame.round_id.in_(ids), within(TeamGame.table_number)),
        ]
        _STATEMENTS[key] = union_all(*(parts if seats else parts[1:]))
    return _STATEMENTS[key]


def phone_state(lines, version: int) -> tuple[str, str]:
    """A stored hand's state on the phones, from its phone actions in order
    (``(action, side, hand_version)`` each) and its stored ``version``:
    ``(entered_by, state)`` as in :class:`PhoneHand`. The hand waits for the
    other side from the phone's entry or correction until they agree or
    disagree to that version; a hand changed since at a station (the
    director's correction, which resolves a dispute) is the director's
    word: no side, no state. The one reading of these lines, for the page
    and for the round being played (:func:`playing_round`)."""
    by, state, entered = "", "", None
    for action, side, seen in lines:
        if action in ("enter", "correct"):
            by, state, entered = side, "waiting", seen
        elif action in ("agree", "disagree") and seen == version:
            state = "agreed" if action == "agree" else "disputed"
    if entered is not None and entered != version:  # corrected at a station since: the director's word
        return "", ""
    return by, state


def _waiting_tables(session: Session, event_id: int, round_number: int, round_id: int, within=None) -> set[int]:
    """Tables of a round where a hand entered from a phone still waits for the other side (``within``: a
    condition on a table number column, :func:`playing_round`'s: the tables of one section)."""
    if within is None:
        within = lambda column: true()  # noqa: E731
    # the hands that may wait, found by the database: an entry or correction later than any answer (Agree,
    # Disagree) to the hand's stored version -- a few rows, where every hand and phone action of a round of 500
    # tables were read to find them; only their tables' lines are then read and told apart (phone_state)
    pa, entry = PhoneAction, PhoneAction.action.in_(("enter", "correct"))
    answer = PhoneAction.action.in_(("agree", "disagree")) & (PhoneAction.hand_version == func.coalesce(Hand.version, 1))
    maybe = sorted({t for t, in session.execute(
        select(pa.table_number)
        .join(Hand, (Hand.round_id == round_id) & (Hand.table_number == pa.table_number) & (Hand.number == pa.hand_number))
        .where(pa.event_id == event_id, pa.round_number == round_number, within(pa.table_number))
        .group_by(pa.table_number, pa.hand_number)
        .having(func.max(case((entry, pa.id))) > func.coalesce(func.max(case((answer, pa.id))), 0))
    )})
    if not maybe:
        return set()
    inside = within
    within = lambda column: inside(column) & column.in_(maybe)  # noqa: E731
    versions = {
        (t, n): v or 1
        for t, n, v in session.exec(select(Hand.table_number, Hand.number, Hand.version)
                                    .where(Hand.round_id == round_id, within(Hand.table_number)))
    }
    lines: dict[tuple[int, int], list[tuple[str, str, int | None]]] = {}
    for table, number, action, side, version in session.exec(  # plain columns: this runs at every phone's request
        select(PhoneAction.table_number, PhoneAction.hand_number, PhoneAction.action, PhoneAction.side,
               PhoneAction.hand_version)
        .where(PhoneAction.event_id == event_id, PhoneAction.round_number == round_number,
               within(PhoneAction.table_number))
        .order_by(PhoneAction.id)
    ):
        lines.setdefault((table, number), []).append((action, side, version))
    return {t for (t, n), said in lines.items() if (t, n) in versions and phone_state(said, versions[t, n])[1] == "waiting"}


_READ = object()
"""``drawn_round`` of a read (the page being drawn): no round to compare."""


def _round_row(session: Session, event_id: int, table: int, drawn_round: object = _READ,
               read: dict | None = None) -> EventRound:
    """The round being played, where ``table`` sits; with ``drawn_round``
    (a write: the round its page was drawn in) refused unless it is that
    round (:func:`~.guard.check_drawn_round`). ``read``: given the sections
    and their locks :func:`playing_round` read (when it read them)."""
    read = {} if read is None else read
    number = playing_round(session, event_id, table, _read=read)
    if number is None:
        raise PhoneRefused("There is no rotation yet: the director has not seated the tables.")
    r = read["rounds"][number]  # (the round's row, as playing_round read it in this transaction)
    if "tables" in read:  # the tables seated in each round of the table's section, as playing_round read them
        seated = table in read["tables"].get(r.id, ())
    else:
        seated = session.exec(select(Seating.id).where(Seating.round_id == r.id, Seating.table_number == table)
                              .limit(1)).first() is not None
    if not seated:
        raise PhoneRefused(f"Table {table} does not play in round {number}: the tally sheet says where to sit.")
    if drawn_round is not _READ:
        if drawn_round != number and isinstance(drawn_round, int):  # what changed: the director locked it, or the room moved on
            drawn = session.exec(
                select(EventRound).where(EventRound.event_id == event_id, EventRound.number == drawn_round)
            ).first()
            if drawn is not None:
                check_unlocked(drawn)
        check_drawn_round(number, drawn_round, table)
    return r


# settings ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PhoneSettingsView:
    """``confirm_required``: a hand entered by one side waits for the other
    side's *Agree* before the next hand; ``has_pin``: the director's phone
    page is open; ``time_called_round``: the round in which the director
    called time (None); ``prizes_shown``: the players' pages show the prizes."""

    confirm_required: bool = True
    has_pin: bool = False
    time_called_round: int | None = None
    prizes_shown: bool = False


def _settings_row(session: Session, event_id: int) -> PhoneSettings | None:
    return session.exec(select(PhoneSettings).where(PhoneSettings.event_id == event_id)).first()


def phone_settings(session: Session, event_id: int) -> PhoneSettingsView:
    """The event's settings for phones (the defaults when none are stored)."""
    row = _settings_row(session, event_id)
    if row is None:
        return PhoneSettingsView()
    return PhoneSettingsView(bool(row.confirm_required), bool(row.pin_hash), row.time_called_round, bool(row.prizes_shown))


_UNSET = object()


@write_use_case
def set_phone_settings(
    session: Session,
    event_id: int,
    *,
    confirm_required: object = _UNSET,
    time_called_round: object = _UNSET,
    prizes_shown: object = _UNSET,
) -> PhoneSettingsView:
    """Change the settings given (booleans; ``time_called_round`` a round
    number or None to take it back); commit."""
    load_event(session, event_id)
    row = _settings_row(session, event_id) or PhoneSettings(event_id=event_id)
    for name, value in (("confirm_required", confirm_required), ("prizes_shown", prizes_shown)):
        if value is not _UNSET:
            if value.__class__ is not bool:
                raise TournamentError(f"Say yes or no for {name.replace('_', ' ')}, not {value!r}.")
            setattr(row, name, value)
    if time_called_round is not _UNSET:
        if time_called_round is not None and (not isinstance(time_called_round, int) or time_called_round < 1):
            raise TournamentError(f"Time is called in a round (1 or more), not {time_called_round!r}.")
        row.time_called_round = time_called_round
    session.add(row)
    session.commit()
    return phone_settings(session, event_id)


@write_use_case
def call_time(session: Session, event_id: int, round_number: object) -> PhoneSettingsView:
    """The director calls time in round ``round_number`` (the round the
    director's page was drawn in): the tables finish the hand they are
    playing; commit. :class:`~.guard.StalePage` when the room has moved to
    another round since the page was drawn; a locked round refuses it (the
    one guard under every write)."""
    now = playing_round(session, event_id)
    if now is None:
        raise PhoneRefused("There is no rotation yet: the director has not seated the tables.")
    check_drawn_round(now, round_number)
    return set_phone_settings(session, event_id, time_called_round=round_number)




@write_use_case
def set_director_pin(session: Session, event_id: int, pin: str) -> None:
    """Set the PIN of the director's phone page (4–12 digits); commit. Only
    a salted hash is stored."""
    if not isinstance(pin, str) or not re.fullmatch(r"[0-9]{4,12}", pin):
        raise TournamentError("A PIN is 4 to 12 digits.")
    load_event(session, event_id)
    row = _settings_row(session, event_id) or PhoneSettings(event_id=event_id)
    row.pin_hash = hash_pin(pin, secrets.token_bytes(16))
    session.add(row)
    session.commit()


def check_director_pin(session: Session, event_id: int, pin: object) -> bool:
    """Whether ``pin`` is the director's PIN (False when none is set)."""
    row = _settings_row(session, event_id)
    if row is None or not row.pin_hash or not isinstance(pin, str) or len(pin) > 12:
        return False
    salt, _, _digest = row.pin_hash.partition(":")
    return hmac.compare_digest(hash_pin(pin, bytes.fromhex(salt)), row.pin_hash)


def phone_stamp(session: Session, event_id: int) -> str:
    """A text that changes whenever anything a phone page shows may have
    changed: a hand or lock at any station (:func:`~.stations.change_stamp`),
    a phone's agree/disagree, the phone settings (time called, prizes)."""
    last = session.exec(select(func.max(PhoneAction.id)).where(PhoneAction.event_id == event_id)).one() or 0
    s = phone_settings(session, event_id)
    return f"{change_stamp(session, event_id)}.{last}.{int(s.confirm_required)}{int(s.prizes_shown)}{s.time_called_round or 0}"


@dataclass(frozen=True, slots=True)
class PhoneStamps:
    """The change stamps the phone servers push (issue 30 item 4), read in
    one go: ``room`` changes whenever anything of the event a phone shows
    may have changed (:func:`phone_stamp`'s parts and the rotation);
    ``tables[t]`` only when what table ``t``'s own page shows may have
    changed: its hands, its phone actions, a round lock, the phone
    settings, the rotation or the round being played. A table with nothing
    recorded is absent (use :meth:`table`). ``rotation`` changes when the
    seats do (a re-plan after an arrival): what the scorecards show."""

    room: str
    tables: dict[int, str]
    base: str
    rotation: str = ""
    signature: str = ""
    """What :func:`phone_stamps` compares first (``since``): the newest
    audit line and phone action, the settings, the rotation."""
    bases: tuple[tuple[int, str], ...] = ()
    """In a night split into sections, each section's ``base`` (with the
    round being played in it: a section moves on at its own pace), by the
    ``first_table`` its stored table numbers are above, ascending."""
    playing: int | None = None
    """The round being played in the room (:func:`playing_round` without a
    table; None before a rotation), as read with these stamps."""
    seated: dict = field(default_factory=dict, compare=False, repr=False)
    """The tables seated in each round, as read for this ``rotation``
    (:func:`room_playing_rounds`): the next read of the same rotation
    (``since``) does not read them again."""

    def base_of(self, t: int) -> str:
        """``base`` of table ``t``: its section's in a night split into sections."""
        found = self.base
        for first, base in self.bases:
            if first < t:
                found = base
        return found

    def table(self, t: int) -> str:
        """Table ``t``'s stamp (its ``base`` and ``0.0`` for a table with nothing yet)."""
        return self.tables.get(t, f"{self.base_of(t)}.0.0")


def phone_stamps(session: Session, event_id: int, since: PhoneStamps | None = None) -> PhoneStamps:
    """:class:`PhoneStamps` of the event (one read per change for a whole
    server, however many phones follow it; several servers on one
    database each read their own, so the stamp comes from the database,
    not a server's memory). ``since``: the stamps read last time, returned
    as they are when nothing changed since (one statement of small indexed
    subqueries; the whole read, with the tables' stamps and the round being
    played, only after a change: three more)."""
    # the signature in one statement (every server asks it four times a second; built once, _STATEMENTS)
    reused = reuses_ids(session)
    if ("signature", reused) not in _STATEMENTS:
        ps, eid = PhoneSettings, bindparam("event_id")
        of_event = EventRound.event_id == eid
        setting = lambda column: select(column).where(ps.event_id == eid).limit(1).scalar_subquery()  # noqa: E731
        _STATEMENTS[("signature", reused)] = select(
            *rotation_signature(of_event, reused),
            setting(ps.id), setting(ps.confirm_required), setting(ps.prizes_shown), setting(ps.time_called_round),
            select(func.max(PhoneAction.id)).where(PhoneAction.event_id == eid).scalar_subquery(),
            select(func.max(HandAudit.id)).where(HandAudit.event_id == eid).scalar_subquery(),
        )
        _STATEMENTS[("tables' stamps",)] = union_all(
            select(literal(0).label("kind"), HandAudit.table_number, func.max(HandAudit.id))
            .where(HandAudit.event_id == eid).group_by(HandAudit.table_number),
            select(literal(1), PhoneAction.table_number, func.max(PhoneAction.id))
            .where(PhoneAction.event_id == eid).group_by(PhoneAction.table_number),
        )
    *seats, has_settings, confirm, prizes, called, last_action, last_audit = session.execute(
        _STATEMENTS[("signature", reused)], {"event_id": event_id}).one()
    rotation = "-".join(str(x or 0) for x in seats)  # (rotation_signature: a rotation made again moves it)
    s = PhoneSettingsView() if has_settings is None else PhoneSettingsView(bool(confirm), False, called, bool(prizes))
    flags = f"{int(s.confirm_required)}{int(s.prizes_shown)}{s.time_called_round or 0}"
    signature = f"{last_audit or 0}.{last_action or 0}.{flags}.{rotation}"  # (change_stamp's: the newest audit line)
    if since is not None and since.signature == signature:
        return since
    audits: dict[int | None, int] = {}
    actions: dict[int, int] = {}
    for kind, t, top in session.execute(_STATEMENTS[("tables' stamps",)], {"event_id": event_id}):
        (audits if kind == 0 else actions)[t] = top or 0
    room = f"{max(audits.values(), default=0)}.{max(actions.values(), default=0)}.{flags}.{rotation}"
    # (one read of the room for both; the tables seated as read last time while the rotation is the same)
    seated = since.seated if since is not None and since.rotation == rotation else {}
    room_round, section_rounds = room_playing_rounds(session, event_id, seated)
    base = f"{audits.get(None, 0)}.{flags}.{room_round or 0}.{rotation}"
    bases = tuple(  # a split night: each section's tables follow the round being played in their section
        (first, f"{audits.get(None, 0)}.{flags}.{number or 0}.{rotation}")
        for first, number in sorted(section_rounds.items())
    )
    made = PhoneStamps(room, {}, base, rotation, signature, bases, room_round)
    tables = {t: f"{made.base_of(t)}.{audits.get(t, 0)}.{actions.get(t, 0)}" for t in {*audits, *actions} if t is not None}
    return PhoneStamps(room, tables, base, rotation, signature, bases, room_round, seated)


# the table's page ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PhoneHand:
    """A recorded hand as a table's phone shows it: ``entered_by`` the side
    whose phone entered it ("NS"/"EW"; "" at the director's station);
    ``state`` "waiting" (for the other side), "agreed", "disputed" or ""
    (entered or last corrected at a station, not a phone)."""

    hand: HandView
    entered_by: str
    state: str
    entered: int = 0
    """Which entry of this hand's slot the page shows: the audit line that
    recorded it (a hand deleted and entered again, at any station, is a new
    entry even with the same row id and version 1); a correction or
    Agree/Disagree form names it."""

    @property
    def text(self) -> str:
        return self.hand.text if isinstance(self.hand, SideHandView) else describe_hand(self.hand)

    @property
    def confirmer(self) -> str:
        """The side that confirms: "NS"/"EW", "" when there is none."""
        return {"NS": "EW", "EW": "NS"}.get(self.entered_by, "")


@dataclass(frozen=True, slots=True)
class PhoneTableView:
    """Everything a table's page shows. ``names``: by seat N, E, S, W, with
    the short numbers for shared names; ``next_hand`` None when the table is
    in; ``waiting``: the hand waiting for the other side (None);
    ``totals``: the round totals entered (``(ns, ew)``) in an event entered
    as round totals; ``loners``: 0 or more loners per seat, 1–4."""

    event_id: int
    event_name: str
    kind: str
    entry_mode: str
    round: int
    table: int
    locked: bool
    names: tuple[str, str, str, str]
    teams: tuple[str, str]
    hands: tuple[PhoneHand, ...]
    ns_total: int
    ew_total: int
    next_hand: int | None
    hands_per_round: int
    game_target: int | None
    game_winner: str
    confirm_required: bool
    waiting: PhoneHand | None
    time_called: bool
    totals: tuple[int, int] | None
    game: game_tables.TableRules | None = None
    """The event's side game (six-player, bid euchre ...; None: four-seat
    euchre): ``names`` then has one name per seat (2–6), clockwise, and the
    hands are :class:`~.side_games.SideHandView`."""
    label: str = ""
    """The table as the room calls it in a night split into sections ("B-7"); "" otherwise."""

    @property
    def seats(self) -> int:
        """How many seats the table has."""
        return len(self.names)

    @property
    def seat_titles(self) -> tuple[str, ...]:
        """Each seat in words: "North" .. "West" at four, "Seat 1" .. at six."""
        return tuple(position_title(p, self.seats) for p in range(self.seats))

    @property
    def seat_letters(self) -> tuple[str, ...]:
        """Each seat in a button or a chart's cell: "N" .. "W" at four, "s1" .. at six
        (:func:`~euchre_tourney.rules.seat_letter`)."""
        return tuple(seat_letter(p, self.seats) for p in range(self.seats))

    def side_title(self, side: str) -> str:
        """"North–South" / "Seats 1, 3, 5" (``side``: "NS" or "EW")."""
        return side_words(side, self.seats)

    def side_seats(self, side: str) -> tuple[int, ...]:
        """The seats (0-based) of a side, ``side`` "NS" or "EW": alternate seats
        (:func:`~euchre_tourney.rules.side_positions`)."""
        return tuple(side_positions(_SIDE_NUMBERS[side], self.seats))

    @property
    def auction(self) -> bool:
        """A game with bids (bid euchre): the form asks for the bidder and the bid."""
        return self.game is not None and self.game.bidding == "auction"

    @property
    def disputed(self) -> bool:
        return any(h.state == "disputed" for h in self.hands)


def _states(session: Session, event_id: int, round_number: int, table: int, hands: tuple[HandView, ...],
            entries: bool = True) -> tuple[PhoneHand, ...]:
    """The table's hands as its phones see them (``entries`` False: without
    :attr:`PhoneHand.entered`, 0, for a caller that asks only the states)."""
    # the phones' lines (plain columns) and, in the same statement, the entries (_entries); built once (_STATEMENTS)
    key = ("states", entries)
    if key not in _STATEMENTS:
        eid, rnd, tbl = bindparam("event_id"), bindparam("round"), bindparam("table")
        query = select(literal(0).label("kind"), PhoneAction.hand_number.label("number"),
                       PhoneAction.action.label("action"), PhoneAction.side.label("side"),
                       PhoneAction.hand_version.label("version"), PhoneAction.id.label("id")).where(
            PhoneAction.event_id == eid, PhoneAction.round_number == rnd, PhoneAction.table_number == tbl)
        if entries:
            query = union_all(query, select(
                literal(1), HandAudit.hand_number, literal(None, String), literal(None, String), literal(None, Integer),
                func.max(HandAudit.id),
            ).where(*_entry_lines(eid, rnd, tbl)).group_by(HandAudit.hand_number))
        _STATEMENTS[key] = query.order_by(literal_column("kind"), literal_column("id"))
    lines: list[tuple[int, str, str, int | None]] = []
    entered: dict[int, int] = {}
    for kind, number, action, side, version, line in session.execute(
        _STATEMENTS[key], {"event_id": event_id, "round": round_number, "table": table}
    ):
        if kind == 0:
            lines.append((number, action, side, version))
        else:
            entered[number] = line
    out = []
    for h in hands:
        by, state = phone_state(((a, sd, v) for n, a, sd, v in lines if n == h.number), h.version)
        out.append(PhoneHand(h, by, state, entered.get(h.number, 0)))
    return tuple(out)


def _entry_lines(event_id: int, round_number: int, table: int) -> tuple:
    """The audit lines that record a hand of a table in a round (:func:`_entries`)."""
    return (HandAudit.event_id == event_id, HandAudit.round_number == round_number, HandAudit.table_number == table,
            HandAudit.action == "record", HandAudit.hand_number != None)  # noqa: E711


def _entries(session: Session, event_id: int, round_number: int, table: int) -> dict[int, int]:
    """Hand number → the audit id of the line that last recorded that hand (see :attr:`PhoneHand.entered`)."""
    return dict(
        session.exec(
            select(HandAudit.hand_number, func.max(HandAudit.id))
            .where(*_entry_lines(event_id, round_number, table))
            .group_by(HandAudit.hand_number)
        ).all()
    )


def disputed_at(session: Session, event_id: int, round_number: int, table: int,
                hands: tuple[HandView, ...] | None = None) -> frozenset[int]:
    """The numbers of the hands a table disputed (tapped Disagree) in a
    round and no station has corrected since: the Scores page marks them.
    ``hands``: the table's hands in that round when the caller has read
    them already (the Scores page's board); one read of the phones' lines
    then, and the same reading of them as the phones' (:func:`phone_state`)."""
    if hands is None:
        r = session.exec(select(EventRound).where(EventRound.event_id == event_id, EventRound.number == round_number)).first()
        if r is None:
            return frozenset()
        hands = _hands(session, r, table)
    if not hands:
        return frozenset()
    lines: dict[int, list[tuple[str, str, int | None]]] = {}
    for number, action, side, version in session.exec(
        select(PhoneAction.hand_number, PhoneAction.action, PhoneAction.side, PhoneAction.hand_version)
        .where(PhoneAction.event_id == event_id, PhoneAction.round_number == round_number, PhoneAction.table_number == table)
        .order_by(PhoneAction.id)
    ):
        lines.setdefault(number, []).append((action, side, version))
    return frozenset(h.number for h in hands if h.number in lines and phone_state(lines[h.number], h.version)[1] == "disputed")


def _hands(session: Session, r: EventRound, table: int) -> tuple[HandView, ...] | tuple[SideHandView, ...]:
    """The hands of ``table`` in round ``r`` (fewer reads than :func:`~.scoring.table_score`);
    a side game's as :class:`~.side_games.SideHandView`."""
    if table_rules_of(load_event(session, r.event_id)) is not None:
        return side_hands_at(session, r.event_id, r, table)
    return tuple(
        HandView(h.id, r.number, table, h.number, entry_of(h), Side(h.scoring_side), h.points, h.station or "", h.version or 1)
        for h in session.exec(
            select(Hand).where(Hand.round_id == r.id, Hand.table_number == table).order_by(Hand.number)
        )
    )


def phone_table(session: Session, event_id: int, table: object, secret: object) -> PhoneTableView:
    """Table ``table``'s page in the round being played, for a phone holding
    ``secret``; :class:`PhoneRefused` for a wrong or replaced code."""
    t = check_secret(session, event_id, table, secret)
    event = load_event(session, event_id)
    game = table_rules_of(event)
    read: dict = {}
    r = _round_row(session, event_id, t, read=read)
    if game is not None:
        return _side_phone_table(session, event, r, t, game)
    score = table_score(session, event_id, r.number, t, _row=r)
    hands = _states(session, event_id, r.number, t, score.hands)
    settings = phone_settings(session, event_id)
    totals = None
    if event.entry_mode == "totals":
        res = table_result(session, event_id, r.number, t)
        if getattr(res, "ns_points", None) is not None:
            totals = (res.ns_points, res.ew_points)
    waiting = next((h for h in hands if h.state == "waiting"), None)
    label, section_locked, section_called = _section_of(session, event_id, t, r.number, read)
    return PhoneTableView(
        label=label,
        event_id=event_id,
        event_name=event.name,
        kind=event.kind,
        entry_mode=event.entry_mode if event.kind == "progressive" else "hands",
        round=r.number,
        table=t,
        locked=bool(r.locked) or section_locked,
        names=score.names,
        teams=score.teams,
        hands=hands,
        ns_total=score.ns_total,
        ew_total=score.ew_total,
        next_hand=score.next_hand,
        hands_per_round=score.hands_per_round,
        game_target=score.game_target,
        game_winner=score.game_winner.value if score.game_winner is not None else "",
        confirm_required=settings.confirm_required,
        waiting=waiting,
        time_called=settings.time_called_round == r.number or section_called,
        totals=totals,
    )


def _section_of(session: Session, event_id: int, table: int, round_number: int,
                read: dict | None = None) -> tuple[str, bool, bool]:
    """A table's name in the room ("B-7"; "" in a night in one room),
    whether its section's round ``round_number`` is locked, and whether
    time was called in it for the section. ``read``: the sections and
    their locks as this session read them already (:func:`playing_round`)."""
    read = read or {}
    secs = read["secs"] if "secs" in read else _sections.section_places(session, event_id)
    own = _sections.section_of_table(secs, table) if secs else None
    if own is None:
        return "", False, False
    locks = read["locks"] if "locks" in read else _sections.section_locks(session, event_id)
    locked = round_number in locks.get(own.name, ())
    return _sections.table_label(secs, table), locked, own.time_called_round == round_number


def _side_phone_table(session: Session, event, r: EventRound, t: int, game: game_tables.TableRules) -> PhoneTableView:
    """A side game's table page (six-player at six seats, bid euchre at four ...)."""
    score = side_table_score(session, event.id, r.number, t)
    hands = _states(session, event.id, r.number, t, score.hands)
    settings = phone_settings(session, event.id)
    return PhoneTableView(
        event_id=event.id, event_name=event.name, kind=event.kind, entry_mode="hands", round=r.number, table=t,
        locked=bool(r.locked), names=score.names, teams=("", ""), hands=hands, ns_total=score.totals[0],
        ew_total=score.totals[1], next_hand=score.next_hand, hands_per_round=score.hands_per_round, game_target=None,
        game_winner="", confirm_required=settings.confirm_required,
        waiting=next((h for h in hands if h.state == "waiting"), None),
        time_called=settings.time_called_round == r.number, totals=None, game=game,
    )


# writes ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PhoneAnswer:
    """What a phone is told after a write: ``message`` in words;
    ``repeated``: this submission's key had been seen (nothing new written)."""

    message: str
    repeated: bool = False


def _check_key(key: object) -> str:
    if not isinstance(key, str) or not KEY_PATTERN.fullmatch(key):
        raise PhoneRefused("This page is out of date: reload it and enter the hand again.")
    return key


def _check_side(side: object) -> str:
    if side not in ("NS", "EW"):
        raise PhoneRefused(f"Say which side is entering: {side_words('NS')} or {side_words('EW')}.")
    return str(side)


def _seen(session: Session, event_id: int, key: str) -> PhoneAnswer | None:
    answer = session.exec(select(PhoneAction.answer).where(PhoneAction.event_id == event_id, PhoneAction.key == key)).first()
    return None if answer is None else PhoneAnswer(answer, repeated=True)


def _once(session: Session, event_id: int, key: str, write) -> PhoneAnswer:
    """Run ``write()`` (which adds its :class:`PhoneAction` before the use
    case commits) unless ``key`` was seen; a clash with a resend running at
    the same instant gives that resend's answer."""
    seen = _seen(session, event_id, key)
    if seen is not None:
        return seen
    try:
        return write()
    except (IntegrityError, InvalidHand) as exc:
        session.rollback()
        seen = _seen(session, event_id, key)
        if seen is not None:
            return seen
        if isinstance(exc, IntegrityError):
            raise
        raise


@write_use_case
def submit_hand(
    session: Session,
    event_id: int,
    table: object,
    secret: object,
    key: object,
    side: object,
    number: int,
    entry: HandEntry | game_tables.SideHandEntry,
    *,
    drawn_round: int,
    correcting_version: int | None = None,
    entered: int | None = None,
    bidder: int | None = None,
    alone_seat: int | None = None,
) -> PhoneAnswer:
    """Enter hand ``number`` at the table from its phone (``side``: "NS" or
    "EW", the side entering), or, with ``correcting_version`` (the version
    the phone showed), correct that hand. ``drawn_round``: the round the
    page was drawn in; a page of another round than the one being played at
    the table now is refused (:class:`~.guard.StalePage`: "Round 2 is being
    played at table 5 now; this page was for round 1: reload it"), so is a
    correction of a hand changed since (:class:`~.stations.StaleHand`) or
    deleted and entered again since (``entered``: :attr:`PhoneHand.entered`
    as the page showed it). Validated and refused exactly as at the Scores
    page (:class:`InvalidHand` and its kinds, the same sentences);
    :class:`PhoneRefused` for a wrong code, a bad key, or — when the event
    requires confirmation — a new hand while another waits for the opponents. Commits the hand and the
    key together; a key seen before returns its first answer.

    A side game's table (six-player, bid euchre ...: the event's game) enters
    a :class:`~euchre_tourney.rules.tables.SideHandEntry` with ``bidder``
    (the high bidder's seat, 0-based, in a game with bids) and
    ``alone_seat`` (the lone maker's seat, 0-based, when one went alone),
    recorded and corrected by :func:`~.side_games.record_side_hand` and
    :func:`~.side_games.correct_side_hand`: the same validation, sentences
    and guard as the director's Scores page."""
    t = check_secret(session, event_id, table, secret)
    key = _check_key(key)
    side = _check_side(side)
    game = table_rules_of(load_event(session, event_id))
    if game is not None:
        return _submit_side_hand(session, event_id, t, key, side, number, entry, game, drawn_round=drawn_round,
                                 correcting_version=correcting_version, entered=entered, bidder=bidder,
                                 alone_seat=alone_seat)
    if not isinstance(entry, HandEntry):
        raise InvalidHand(f"A hand must be given as a HandEntry, not {type(entry).__name__}.")

    def write() -> PhoneAnswer:
        r = _round_row(session, event_id, t, drawn_round)
        if correcting_version is None:
            _waiting_refusal(session, event_id, r, t)
            text = f"Hand {number} saved: {describe_entry(entry)}."
            session.add(PhoneAction(event_id=event_id, round_number=r.number, table_number=t, key=key, action="enter",
                                    hand_number=number, hand_version=1, side=side, answer=text[:400]))
            record_hand(session, event_id, r.number, t, number, entry)
            return PhoneAnswer(text)
        h = session.exec(
            select(Hand).where(Hand.round_id == r.id, Hand.table_number == t, Hand.number == number)
        ).first()
        if h is None:
            raise PhoneRefused(f"Hand {number} is not recorded at table {t} in round {r.number}: enter it instead.")
        _check_same_entry(_entries(session, event_id, r.number, t).get(number, 0), entered, number,
                          lambda: describe_hand(_hands_by_id(session, r, t)[h.id]))
        text = f"Hand {number} corrected: {describe_entry(entry)}."
        session.add(PhoneAction(event_id=event_id, round_number=r.number, table_number=t, key=key, action="correct",
                                hand_number=number, hand_version=(h.version or 1) + 1, side=side, answer=text[:400]))
        correct_hand(session, h.id, entry, expected_version=correcting_version)
        return PhoneAnswer(text)

    return _once(session, event_id, key, write)


def _waiting_refusal(session: Session, event_id: int, r: EventRound, t: int, players: int = 4) -> None:
    """When the event requires confirmation: refuse a new hand while one waits for the other side."""
    if not phone_settings(session, event_id).confirm_required:
        return
    hands = _hands(session, r, t)
    waiting = next((h for h in _states(session, event_id, r.number, t, hands, entries=False) if h.state == "waiting"), None)
    if waiting is not None:
        raise PhoneRefused(
            f"Hand {waiting.hand.number} is waiting for {side_words(waiting.confirmer, players)} to agree: "
            "they tap Agree (or Disagree) before the next hand is entered."
        )


def _submit_side_hand(session: Session, event_id: int, t: int, key: str, side: str, number: int, entry: object,
                      game: game_tables.TableRules, *, drawn_round: object, correcting_version: int | None,
                      entered: int | None, bidder: int | None, alone_seat: int | None) -> PhoneAnswer:
    """:func:`submit_hand` at a side game's table."""
    if not isinstance(entry, game_tables.SideHandEntry):
        raise InvalidHand(f"Tonight's game is {game.title}: a hand is a SideHandEntry, not {type(entry).__name__}.")

    def write() -> PhoneAnswer:
        r = _round_row(session, event_id, t, drawn_round)
        hands = side_hands_at(session, event_id, r, t)
        names = hands[0].names if hands else side_table_score(session, event_id, r.number, t).names
        try:
            said = side_hand_words(game, entry, bidder, alone_seat, names)
        except RuleViolation as exc:
            raise InvalidHand(exc.message) from exc
        if correcting_version is None:
            _waiting_refusal(session, event_id, r, t, game.players)
            text = f"Hand {number} saved: {said}."
            session.add(PhoneAction(event_id=event_id, round_number=r.number, table_number=t, key=key, action="enter",
                                    hand_number=number, hand_version=1, side=side, answer=text[:400]))
            record_side_hand(session, event_id, r.number, t, number, entry, bidder, alone_seat)
            return PhoneAnswer(text)
        h = next((x for x in hands if x.number == number), None)
        if h is None:
            raise PhoneRefused(f"Hand {number} is not recorded at table {t} in round {r.number}: enter it instead.")
        _check_same_entry(_entries(session, event_id, r.number, t).get(number, 0), entered, number, lambda: h.text)
        text = f"Hand {number} corrected: {said}."
        session.add(PhoneAction(event_id=event_id, round_number=r.number, table_number=t, key=key, action="correct",
                                hand_number=number, hand_version=h.version + 1, side=side, answer=text[:400]))
        correct_side_hand(session, h.id, entry, bidder, alone_seat, expected_version=correcting_version)
        return PhoneAnswer(text)

    return _once(session, event_id, key, write)


def _hands_by_id(session: Session, r: EventRound, table: int) -> dict[int, HandView]:
    return {h.id: h for h in _hands(session, r, table)}


def _check_same_entry(now: int, seen: object, number: int, says) -> None:
    """A form names the entry of the hand it was drawn on (``seen``,
    :attr:`PhoneHand.entered`; None: not named); a hand deleted and entered
    again since is another entry: :class:`~.guard.StalePage` with what it
    says now."""
    if seen is not None and seen != now:
        raise StalePage(
            f"Hand {number} was deleted and entered again after you looked at it: it now says {says()}. "
            "Nothing was changed: look at it again."
        )


@write_use_case
def confirm_hand(
    session: Session, event_id: int, table: object, secret: object, key: object, number: int, version: int, agree: bool,
    *, drawn_round: int, entered: int | None = None,
) -> PhoneAnswer:
    """The other side agrees to (or disputes) hand ``number`` (its entry
    ``entered``, :attr:`PhoneHand.entered`, when given: a hand deleted and
    entered again since is another hand) of round
    ``drawn_round`` (the round the page was drawn in) as it stood at
    ``version``; commit. A page of another round than the one being played
    at the table (:class:`~.guard.StalePage`) or a hand corrected since is
    refused (look again); a locked round refuses it (the one guard)."""
    t = check_secret(session, event_id, table, secret)
    key = _check_key(key)

    def write() -> PhoneAnswer:
        r = _round_row(session, event_id, t, drawn_round)
        mine = next((h for h in _states(session, event_id, r.number, t, _hands(session, r, t)) if h.hand.number == number), None)
        if mine is None:
            raise PhoneRefused(f"Hand {number} is not recorded at table {t} in round {r.number}.")
        _check_same_entry(mine.entered, entered, number, lambda: mine.text)
        if mine.hand.version != version:
            raise PhoneRefused(
                f"Hand {number} was changed after you looked at it: it now says {mine.text}. Look at it again."
            )
        side = mine.confirmer
        players = mine.hand.seats if isinstance(mine.hand, SideHandView) else 4
        text = (f"{side_words(side, players) or 'The table'} agreed to hand {number}." if agree else
                f"Hand {number} is flagged for the director: {side_words(side, players) or 'the table'} disagrees.")
        session.add(PhoneAction(event_id=event_id, round_number=r.number, table_number=t, key=key,
                                action="agree" if agree else "disagree", hand_number=number, hand_version=version,
                                side=side, answer=text[:400]))
        if not agree:  # in the hand's history, and every station's poll redraws its Scores page (which marks it)
            audit(session, event_id, "dispute", r.number, old=mine.hand)
        session.commit()
        return PhoneAnswer(text)

    return _once(session, event_id, key, write)


@write_use_case
def submit_totals(
    session: Session, event_id: int, table: object, secret: object, key: object, side: object,
    ns_points: int, ew_points: int, loners: dict[Seat, int] | None = None, *, drawn_round: int,
) -> PhoneAnswer:
    """Enter the table's round totals from its phone (an event entered as
    round totals), through :func:`~.tables.record_table_totals`; commit
    with the key. ``drawn_round``: the round the page was drawn in (another
    round: :class:`~.guard.StalePage`); the page showed no totals, so totals
    entered meanwhile (the director's, or the other side's phone) are not
    replaced: refused with what they say."""
    t = check_secret(session, event_id, table, secret)
    key = _check_key(key)
    side = _check_side(side)

    def write() -> PhoneAnswer:
        r = _round_row(session, event_id, t, drawn_round)
        text = f"Round {r.number} totals saved: {side_words('NS')} {ns_points}, {side_words('EW')} {ew_points}."
        session.add(PhoneAction(event_id=event_id, round_number=r.number, table_number=t, key=key, action="totals",
                                side=side, answer=text[:400]))
        record_table_totals(session, event_id, r.number, t, ns_points, ew_points, loners, expected=None)  # the page showed none
        return PhoneAnswer(text)

    return _once(session, event_id, key, write)


def disputed_hands(session: Session, event_id: int) -> tuple[tuple[int, int, PhoneHand], ...]:
    """Hands of the round being played that a table disputed: ``(round,
    table, hand)``, for the director."""
    number = playing_round(session, event_id)
    if number is None:
        return ()
    out = []
    r = session.exec(select(EventRound).where(EventRound.event_id == event_id, EventRound.number == number)).one()
    for t in sorted(set(session.exec(select(Seating.table_number).where(Seating.round_id == r.id)))):
        out.extend((number, t, h) for h in _states(session, event_id, number, t, _hands(session, r, t)) if h.state == "disputed")
    return tuple(out)



@dataclass(frozen=True, slots=True)
class PhoneSheetView:
    """What the printed "how to enter your table's hands" page says for an
    event: its name and date, whether the opponents confirm, hand by hand
    or round totals, hands per round, a team event's game to the target;
    the game tonight (``game_title``, "" for four-seat euchre), how many
    seats a table has (``seats``), the sides' words (``side_titles``: the
    seat model's, "North–South" / "Seats 1, 3, 5"), whether a hand names
    the high bidder and the bid (``auction``: ``min_bid``..``max_bid``), the
    most tricks a side takes (``hand_size``), whether a maker may go alone
    (``may_go_alone``) and whether a defender's loner is asked
    (``defender_alone``: the four-seat tally card's question)."""

    event_name: str
    event_date: object
    confirm_required: bool
    entry_mode: str
    hands_per_round: int
    game_target: int | None
    game_title: str = ""
    seats: int = 4
    side_titles: tuple[str, str] = ("", "")
    auction: bool = False
    min_bid: int = 0
    max_bid: int = 0
    hand_size: int = 5
    may_go_alone: bool = True
    defender_alone: bool = True


def phone_sheet(session: Session, event_id: int) -> PhoneSheetView:
    """The read model of the one-page "how to enter your table's hands", for
    every game a table's phone enters: the four-seat game, and a side game
    (six-player at tables of six, bid euchre ...: the same form as the
    table's page, :func:`phone_table`). :class:`TournamentError` with the
    reason for a night whose tables do not enter from phones: a night played
    as a bracket (its results are entered on the Teams page)."""
    from euchre_tourney.tournament.bracket_results import is_bracket_night
    from euchre_tourney.tournament.teams import bracket_night_sentence

    event = load_event(session, event_id)
    if event.kind == "team" and is_bracket_night(session, event_id):
        raise TournamentError(bracket_night_sentence(session, event_id) + " Each match's final score is entered "
                              "on the Teams page's Bracket tab, not from the tables' phones: there is no phone "
                              "page to print.")
    side_game = table_rules_of(event)
    seats = side_game.players if side_game is not None else 4
    game = event.kind == "team" and event.round_scoring == "game"
    common = dict(
        event_name=event.name,
        event_date=event.date,
        confirm_required=phone_settings(session, event_id).confirm_required,
        hands_per_round=event.hands_per_round,
        seats=seats,
        side_titles=(side_title(0, seats), side_title(1, seats)),
    )
    if side_game is not None:  # hand by hand, always; the form of the table's page (phone_table)
        auction = side_game.bidding == "auction"
        return PhoneSheetView(
            **common, entry_mode="hands", game_target=None, game_title=side_game.title, auction=auction,
            min_bid=side_game.min_bid if auction else 0, max_bid=side_game.max_bid if auction else 0,
            hand_size=side_game.hand_size, may_go_alone=side_game.may_go_alone, defender_alone=False,
        )
    return PhoneSheetView(
        **common,
        entry_mode=event.entry_mode if event.kind == "progressive" else "hands",
        game_target=event_rules(event).target if game else None,
    )
