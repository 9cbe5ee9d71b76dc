"""Sections of a big night, and their captains.

An event can be split into **sections** (by size — sets of 20 or 40 — or by
room), each with its own rotation (:func:`euchre_tourney.rotation.sectioned`:
fair within the section, partners never repeated), its tables numbered
within it ("B-7"), its own scorecards, tally sheets and wall chart (the
reports' section filter), round clock, round locks, time called and prizes;
standings per section and overall (:func:`~.standings.standings`,
``section=``).

How a section's tables are stored. Every table of the night keeps one
number, so hands, results, phones' secrets and the one guard need no new
key: a section's table 7 is stored as table ``first_table + 7``
(:attr:`SectionView.first_table`; section A's tables are 1, 2, …, B's 101,
102, … while no section has more than 50 tables) and shown as "B-7"
(:func:`table_label`). A section's players are the entrants whose
``section_id`` names it; a player checked in after the split is placed, when
the rotation is made or re-planned, into the section with room
(:func:`place_newcomers`).

A **captain** (:func:`add_captain`) is a station for one or more sections:
her laptop (the window opened on a section) or her phone (a PIN per
captain, shown once by the director, revocable: :func:`check_captain_pin`).
She sees her tables' round status and disputes, and locks her section's
round (:func:`lock_section_round`) or calls time in it
(:func:`call_section_time`) — for her sections only
(:func:`captain_may`). Every write runs through the unit of work under the
captain's station name ("captain Ann (phone)"), so the director's audit
trail names her.
"""

from __future__ import annotations

import hmac
import re
import secrets
import string
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, select

from euchre_tourney import rotation
from euchre_tourney.store import Captain, Entrant, EventRound, HandAudit, Section, SectionLock, SectionTimer
from euchre_tourney.tournament.common import clock_end, hash_pin as _hash_pin, load_event, plain_text, scores_recorded, whole_number, yes_no
from euchre_tourney.tournament.errors import NotFound, TournamentError
from euchre_tourney.tournament.stations import round_for_write, station_of
from euchre_tourney.tournament.unit_of_work import write_use_case

__all__ = [
    "CaptainView",
    "SectionMove",
    "SectionView",
    "add_captain",
    "call_section_time",
    "captain_may",
    "captain_station",
    "captains",
    "check_captain_pin",
    "lock_section_round",
    "revoke_captain",
    "save_section_timer",
    "section_clock",
    "section_locks",
    "player_sections",
    "section_named",
    "section_seats",
    "section_of_table",
    "list_sections",
    "split_by_rooms",
    "split_by_size",
    "table_label",
    "unsplit_sections",
]


@dataclass(frozen=True, slots=True)
class SectionView:
    """A section as the pages show it: ``name`` ("B"), ``room`` ("" when
    split by size), ``position`` (0 first), ``first_table`` (its table 7
    is stored as ``first_table + 7``), ``capacity`` (the players it was
    made for), ``players`` (checked in now), ``members`` (entrant ids of
    its players, checked in or not), ``time_called_round`` and the clock
    (``ends_at`` UTC while running, ``left_seconds`` while paused)."""

    id: int
    name: str
    room: str
    position: int
    first_table: int
    capacity: int
    players: int
    members: frozenset[int]
    time_called_round: int | None = None
    ends_at: datetime | None = None
    left_seconds: float | None = None

    @property
    def title(self) -> str:
        """"Section B" or "Section B (Annex)"."""
        return f"Section {self.name}" + (f" ({self.room})" if self.room else "")


@dataclass(frozen=True, slots=True)
class CaptainView:
    """A captain: ``name``, the ``sections`` she runs (names), whether she
    has a PIN (``has_pin``) and whether it was withdrawn (``revoked``)."""

    id: int
    name: str
    sections: tuple[str, ...]
    has_pin: bool
    revoked: bool

    @property
    def station(self) -> str:
        return captain_station(self.name)


def captain_station(name: str, phone: bool = True) -> str:
    """The station name a captain's writes are saved under."""
    return f"captain {name} ({'phone' if phone else 'laptop'})"[:60]


def _section_rows(session: Session, event_id: int) -> list[Section]:
    whole_number(event_id, "event number")  # refused in words before it reaches the database
    return list(session.exec(select(Section).where(Section.event_id == event_id).order_by(Section.position)))


def list_sections(session: Session, event_id: int) -> tuple[SectionView, ...]:
    """The event's sections in order (empty: the night is not split)."""
    rows = _section_rows(session, event_id)
    if not rows:
        return ()
    members: dict[int, set[int]] = {s.id: set() for s in rows}
    here: dict[int, int] = {s.id: 0 for s in rows}
    for entrant_id, section_id, checked_in in session.exec(
        select(Entrant.id, Entrant.section_id, Entrant.checked_in).where(
            Entrant.event_id == event_id, Entrant.section_id != None  # noqa: E711
        )
    ):
        if section_id in members:
            members[section_id].add(entrant_id)
            here[section_id] += bool(checked_in)
    clocks = {
        t.section_id: t
        for t in session.exec(select(SectionTimer).where(SectionTimer.section_id.in_([s.id for s in rows])))
    }
    out = []
    for s in rows:
        clock = clocks.get(s.id)
        out.append(
            SectionView(
                s.id, s.name, s.room, s.position, s.first_table, s.capacity, here[s.id], frozenset(members[s.id]),
                s.time_called_round, clock.ends_at if clock else None, clock.left_seconds if clock else None,
            )
        )
    return tuple(out)


def player_sections(session: Session, event_id: int) -> dict[int, str]:
    """Roster player id → the name of the section he plays in, for the
    event's players who have one (a move dialog's list)."""
    rows = _section_rows(session, event_id)
    names = {s.id: s.name for s in rows}
    return {
        player_id: names[section_id]
        for player_id, section_id in session.exec(
            select(Entrant.player_id, Entrant.section_id).where(
                Entrant.event_id == event_id, Entrant.section_id != None  # noqa: E711
            )
        )
        if section_id in names
    }


def section_places(session: Session, event_id: int) -> tuple[SectionView, ...]:
    """The event's sections as :func:`list_sections` gives them, but read
    from the sections' own rows alone: no ``members`` (empty), ``players``
    0 and no clock. Enough to place a table (:func:`section_of_table`,
    :func:`table_label`) and for ``time_called_round``, in one small query
    instead of a read of every entrant: a table's phone asks this on every
    tap, in a room of 2,000."""
    return tuple(
        SectionView(s.id, s.name, s.room, s.position, s.first_table, s.capacity, 0, frozenset(), s.time_called_round)
        for s in _section_rows(session, event_id)
    )


def section_places_and_locks(session: Session, event_id: int) -> tuple[tuple[SectionView, ...], dict[str, frozenset[int]]]:
    """:func:`section_places` and :func:`section_locks` in one statement
    (the round being played at a table asks both at every tap)."""
    whole_number(event_id, "event number")
    order: list[Section] = []
    locks: dict[str, set[int]] = {}
    for s, number in session.exec(
        select(Section, SectionLock.round_number).outerjoin(SectionLock, SectionLock.section_id == Section.id)
        .where(Section.event_id == event_id).order_by(Section.position, Section.id)
    ):
        if not order or order[-1].id != s.id:
            order.append(s)
        if number is not None:
            locks.setdefault(s.name, set()).add(number)
    places = tuple(
        SectionView(s.id, s.name, s.room, s.position, s.first_table, s.capacity, 0, frozenset(), s.time_called_round)
        for s in order
    )
    return places, {k: frozenset(v) for k, v in locks.items()}


def section_of_table(secs: tuple[SectionView, ...] | list[SectionView], table: int) -> SectionView | None:
    """The section that owns stored table number ``table`` (None: the night
    is not split): the last section whose ``first_table`` is below it."""
    found = None
    for s in secs:
        if s.first_table < table:
            found = s if found is None or s.first_table > found.first_table else found
    return found


def table_label(secs, table: int) -> str:
    """A table as the room calls it: "B-7" in a night split into sections
    (the section's name and its number within it), else "7"."""
    s = section_of_table(secs, table) if secs else None
    return str(table) if s is None else f"{s.name}-{table - s.first_table}"


def section_named(secs, name: object) -> SectionView:
    """The section called ``name`` (case ignored); :class:`NotFound` in words."""
    if not isinstance(name, str):
        raise TournamentError(f"Name a section by its letter (\"B\"), not {name!r}.")
    for s in secs:
        if s.name.casefold() == name.strip().casefold():
            return s
    known = ", ".join(s.name for s in secs) or "none: the night is not split into sections"
    raise NotFound(f"There is no section {name.strip()!r} (sections: {known}).")


def section_locks(session: Session, event_id: int) -> dict[str, frozenset[int]]:
    """Section name → the rounds locked for that section alone."""
    out: dict[str, set[int]] = {}
    for name, number in session.exec(
        select(Section.name, SectionLock.round_number)
        .join(Section, SectionLock.section_id == Section.id)
        .where(Section.event_id == event_id)
    ):
        out.setdefault(name, set()).add(number)
    return {k: frozenset(v) for k, v in out.items()}


def section_clock(session: Session, event_id: int, section: str) -> tuple[str, datetime | None, float | None, int]:
    """Section ``section``'s round clock as saved, read cheaply (no
    members): (its name, ends at — UTC, while it runs —, seconds left while
    paused, the event's minutes per round); both None when reset.
    :class:`NotFound` in words for a section the night does not have."""
    from euchre_tourney.store import Event

    whole_number(event_id, "event number")
    if not isinstance(section, str):
        raise TournamentError(f"Name a section by its letter (\"B\"), not {section!r}.")
    rows = list(session.exec(select(Section.id, Section.name).where(Section.event_id == event_id)))
    found = next(((i, n) for i, n in rows if n.casefold() == section.strip().casefold()), None)
    if found is None:
        known = ", ".join(sorted(n for _i, n in rows)) or "none: the night is not split into sections"
        raise NotFound(f"There is no section {section.strip()[:10]!r} (sections: {known}).")
    timer = session.get(SectionTimer, found[0])
    event = session.get(Event, event_id)
    minutes = event.minutes_per_round if event is not None else 0
    if timer is None:
        return found[1], None, None, minutes
    return found[1], timer.ends_at, timer.left_seconds, minutes


# splitting -------------------------------------------------------------------


def _names(count: int) -> list[str]:
    """A, B, …, Z, AA, AB, …"""
    letters = string.ascii_uppercase
    out = []
    for i in range(count):
        name, k = "", i
        while True:
            name = letters[k % 26] + name
            k = k // 26 - 1
            if k < 0:
                break
        out.append(name)
    return out


def _stride(capacities: list[int]) -> int:
    """The gap between two sections' first tables: 100 while every
    section's tables (with room for as many again arriving late) fit in it."""
    stride = 100
    need = max(capacities, default=4) // 4 * 2 + 1
    while stride <= need:
        stride *= 10
    return stride


def _checked_in(session: Session, event_id: int) -> list[Entrant]:
    from euchre_tourney.store import Player

    rows = list(
        session.exec(
            select(Entrant, Player.name)
            .join(Player, Entrant.player_id == Player.id)
            .where(Entrant.event_id == event_id, Entrant.checked_in == True)  # noqa: E712
        )
    )
    rows.sort(key=lambda ep: (ep[1].casefold(), ep[0].id))
    return [e for e, _ in rows]


def _may_split(session: Session, event_id: int) -> None:
    from euchre_tourney.tournament import side_games

    event = load_event(session, event_id)
    if event.kind != "progressive":
        raise TournamentError("Only a progressive night is split into sections (a team event plays as one room).")
    if side_games.event_game(event) is not None:
        raise TournamentError("A night of a side game plays as one room: sections are for four-handed euchre.")
    if scores_recorded(session, event_id):
        raise TournamentError(
            "Scores have been entered: the sections can no longer be changed. Late arrivals join the section with room "
            "when the rotation is re-planned."
        )


def _replace_sections(session: Session, event_id: int, made: list[tuple[str, str, int]]) -> None:
    """Drop the event's sections (and its rotation: it was made for other
    tables), then make ``made`` ((name, room, capacity) in order) and deal
    the checked-in players into them, whole tables first."""
    from euchre_tourney.tournament.common import clear_rotation

    for e in session.exec(select(Entrant).where(Entrant.event_id == event_id, Entrant.section_id != None)):  # noqa: E711
        e.section_id = None
        session.add(e)
    session.flush()
    for s in _section_rows(session, event_id):
        session.delete(s)
    clear_rotation(session, event_id)
    session.flush()
    if not made:
        return
    stride = _stride([c for _n, _r, c in made])
    rows = []
    for position, (name, room, capacity) in enumerate(made):
        s = Section(event_id=event_id, position=position, name=name, room=room, first_table=position * stride, capacity=capacity)
        session.add(s)
        rows.append(s)
    session.flush()
    players = _checked_in(session, event_id)
    # deal the players round the sections (alphabetical order dealt like cards, so each section mixes the room)
    left = [c for _n, _r, c in made]
    k = 0
    for e in players:
        while left[k % len(rows)] <= 0:
            k += 1
        e.section_id = rows[k % len(rows)].id
        left[k % len(rows)] -= 1
        session.add(e)
        k += 1
    session.flush()


@write_use_case
def split_by_size(session: Session, event_id: int, size: int) -> tuple[SectionView, ...]:
    """Split the checked-in players into sections of about ``size`` players
    (e.g. sets of 20), named A, B, …: as many sections as ``size`` goes
    into the players (at least one), whole tables shared out evenly and the
    players over a whole table in the last section
    (:func:`euchre_tourney.rotation.section_sizes`); commit. Any rotation
    is discarded (make it again: one per section). :class:`TournamentError`
    once scores are entered, for a size under 4, fewer than 4 players, or a
    team or side-game night."""
    size = whole_number(size, "section size")
    _may_split(session, event_id)
    if size < 4:
        raise TournamentError(f"A section is at least one table of 4 players, not {size}.")
    n = len(_checked_in(session, event_id))
    if n < 4:
        raise TournamentError(f"Check in at least 4 players first ({n} checked in).")
    count = max(1, min(n // 4, round(n / size)))
    sizes = rotation.section_sizes(n, count)
    _replace_sections(session, event_id, [(name, "", c) for name, c in zip(_names(count), sizes)])
    session.commit()
    return list_sections(session, event_id)


@write_use_case
def split_by_rooms(session: Session, event_id: int, rooms: list[tuple[str, int]]) -> tuple[SectionView, ...]:
    """Split the checked-in players into one section per room: ``rooms``
    lists (room name, players it seats), in order; the players are shared
    out in proportion to the seats, whole tables first; commit. As
    :func:`split_by_size` otherwise; :class:`TournamentError` when the rooms
    seat fewer players than are checked in, or a room seats under 4."""
    if not isinstance(rooms, (list, tuple)) or not rooms:
        raise TournamentError("Name at least one room and the players it seats.")
    cleaned: list[tuple[str, int]] = []
    for item in rooms:
        if not isinstance(item, (list, tuple)) or len(item) != 2:
            raise TournamentError(f"A room is its name and the players it seats, not {item!r}.")
        name = " ".join(plain_text(item[0], "room name").split())
        seats = whole_number(item[1], "players a room seats")
        if not name:
            raise TournamentError("Every room needs a name.")
        if seats < 4:
            raise TournamentError(f"{name} seats {seats}: a room holds at least one table of 4.")
        cleaned.append((name[:100], seats))
    if len({n.casefold() for n, _ in cleaned}) != len(cleaned):
        raise TournamentError("Two rooms have the same name.")
    _may_split(session, event_id)
    n = len(_checked_in(session, event_id))
    total = sum(s for _, s in cleaned)
    if n > total:
        raise TournamentError(f"The rooms seat {total} players but {n} are checked in: add a room or seats.")
    if n < 4 * len(cleaned):
        raise TournamentError(f"{n} players cannot fill {len(cleaned)} rooms with a table each.")
    sizes = _proportional(n, [s for _, s in cleaned])
    _replace_sections(
        session, event_id, [(name, room, c) for name, (room, _), c in zip(_names(len(cleaned)), cleaned, sizes)]
    )
    session.commit()
    return list_sections(session, event_id)


def _proportional(n: int, seats: list[int]) -> list[int]:
    """``n`` players shared among rooms seating ``seats``: whole tables in
    proportion to the seats (largest remainders), at least one table each,
    never over a room's seats; the players over a whole table in the room
    with most seats left."""
    tables, extra = divmod(n, 4)
    total = sum(seats)
    caps = [s // 4 for s in seats]
    exact = [tables * s / total for s in seats]
    got = [max(1, min(caps[i], int(exact[i]))) for i in range(len(seats))]
    order = sorted(range(len(seats)), key=lambda i: exact[i] - int(exact[i]), reverse=True)
    while sum(got) < tables:
        for i in order + sorted(range(len(seats)), key=lambda i: caps[i] - got[i], reverse=True):
            if got[i] < caps[i]:
                got[i] += 1
                break
    while sum(got) > tables:
        i = max((i for i in range(len(seats)) if got[i] > 1), key=lambda i: got[i] - exact[i])
        got[i] -= 1
    sizes = [4 * g for g in got]
    room = max(range(len(seats)), key=lambda i: seats[i] - sizes[i])
    sizes[room] += extra
    return sizes


@write_use_case
def unsplit_sections(session: Session, event_id: int) -> tuple[SectionView, ...]:
    """Play the night as one room again: the sections go (their captains
    stay, with no section); any rotation is discarded; commit. Refused once
    scores are entered."""
    _may_split(session, event_id)
    _replace_sections(session, event_id, [])
    session.commit()
    return ()


@dataclass(frozen=True, slots=True)
class SectionMove:
    """What moving a player between sections did (:func:`move_to_section`):
    ``player`` (name) moved from section ``from_section`` to ``to_section``
    from round ``from_round`` on (None: no rotation yet, nothing re-planned);
    ``replanned``: the sections whose later rounds were re-planned (the
    others untouched); ``changed``: how many players' later rounds changed
    (the moved player included)."""

    player: str
    from_section: str
    to_section: str
    from_round: int | None
    replanned: tuple[str, ...]
    changed: int

    @property
    def message(self) -> str:
        """The sentence the director is told."""
        head = f"{self.player} moved from section {self.from_section} to section {self.to_section}"
        if self.from_round is None:
            return head + "."
        who = "player's" if self.changed == 1 else "players'"
        where = " and ".join(self.replanned) or "no section"
        return (f"{head} from round {self.from_round}: {self.changed} {who} later rounds changed "
                f"(section{'s' if len(self.replanned) != 1 else ''} {where} re-planned; the others untouched).")


def section_seats(sec: SectionView) -> int:
    """The most players section ``sec`` takes: the seats at the tables it
    was made for, and one spare table."""
    return 4 * (-(-sec.capacity // 4) + 1)


def place_newcomers(session: Session, event_id: int) -> list[int]:
    """Put every checked-in player of a split night who has no section yet
    (checked in after the split) into the section with room: the one with
    most players waiting at a sit-out (a newcomer there fills a table
    soonest), then the one furthest under its capacity, then the smallest.
    Flushes, does not commit; returns the sections' ids that took someone."""
    rows = _section_rows(session, event_id)
    if not rows:
        return []
    count = {s.id: 0 for s in rows}
    for section_id in session.exec(
        select(Entrant.section_id).where(Entrant.event_id == event_id, Entrant.checked_in == True)  # noqa: E712
    ):
        if section_id in count:
            count[section_id] += 1
    changed = []
    for e in sorted(
        session.exec(
            select(Entrant).where(Entrant.event_id == event_id, Entrant.checked_in == True, Entrant.section_id == None)  # noqa: E711,E712
        ),
        key=lambda e: e.id,
    ):
        best = min(rows, key=lambda s: (-(count[s.id] % 4), count[s.id] - s.capacity, count[s.id], s.position))
        e.section_id = best.id
        count[best.id] += 1
        session.add(e)
        changed.append(best.id)
    session.flush()
    return changed


# locks, time called, the clock ------------------------------------------------


def _audit_section(session: Session, event_id: int, action: str, round_number: int, section: str) -> None:
    session.add(
        HandAudit(
            event_id=event_id, round_number=round_number, action=action, station=station_of(session)[:60],
            new=f"section {section}",
        )
    )


@write_use_case
def lock_section_round(session: Session, event_id: int, section: str, round_number: int, locked: bool = True) -> bool:
    """Lock (``locked=False``: unlock) round ``round_number`` for one
    section only: its tables' hands and results can no longer change (the
    one guard refuses them, as under a whole round's lock); commit. Returns
    whether anything changed; the audit trail says which section, and the
    station (a captain's name) that did it. :class:`NotFound` for an
    unknown section or round."""
    yes_no(locked, "locking the section's round")
    round_number = whole_number(round_number, "round number")
    load_event(session, event_id)
    s = section_named(list_sections(session, event_id), section)
    r = round_for_write(session, EventRound.event_id == event_id, EventRound.number == round_number, exclusive=True)
    if r is None:
        raise NotFound(f"Round {round_number} does not exist in this event's rotation.")
    row = session.exec(
        select(SectionLock).where(SectionLock.section_id == s.id, SectionLock.round_number == round_number)
    ).first()
    if (row is not None) == locked:
        return False
    if locked:
        session.add(SectionLock(section_id=s.id, round_number=round_number))
    else:
        session.delete(row)
    _audit_section(session, event_id, "lock" if locked else "unlock", round_number, s.name)
    session.commit()
    return True


@write_use_case
def call_section_time(session: Session, event_id: int, section: str, round_number: int | None) -> SectionView:
    """Call time in round ``round_number`` for one section (None: take it
    back): its tables finish the hand they are playing; commit. A round
    locked for the section (or the whole room) refuses it (the one guard)."""
    if round_number is not None:
        round_number = whole_number(round_number, "round number")
    load_event(session, event_id)
    s = section_named(list_sections(session, event_id), section)
    row = session.get(Section, s.id)
    row.time_called_round = round_number
    session.add(row)
    session.commit()
    return section_named(list_sections(session, event_id), s.name)


@write_use_case
def save_section_timer(
    session: Session, event_id: int, section: str, *, ends_at: datetime | None = None, left_seconds: float | None = None
) -> SectionView:
    """Save a section's round clock as it stands and commit (running until
    ``ends_at``, paused with ``left_seconds`` left, or reset): the room's
    clock, not an undoable change (as :func:`~.events.save_round_timer`)."""
    load_event(session, event_id)
    s = section_named(list_sections(session, event_id), section)
    ends_at = clock_end(ends_at, left_seconds)
    timer = session.get(SectionTimer, s.id)
    if ends_at is None and left_seconds is None:
        if timer is not None:
            session.delete(timer)
    else:
        timer = timer or SectionTimer(section_id=s.id)
        timer.ends_at, timer.left_seconds = ends_at, None if left_seconds is None else float(left_seconds)
        session.add(timer)
    session.commit()
    return section_named(list_sections(session, event_id), s.name)


# captains -----------------------------------------------------------------------


def captains(session: Session, event_id: int) -> tuple[CaptainView, ...]:
    """The event's captains, by name."""
    return tuple(
        CaptainView(c.id, c.name, tuple(x for x in c.sections.split(",") if x), bool(c.pin_hash), c.revoked)
        for c in session.exec(select(Captain).where(Captain.event_id == event_id).order_by(Captain.name))
    )


@write_use_case
def add_captain(session: Session, event_id: int, name: str, sections_run: list[str]) -> str:
    """Make ``name`` captain of ``sections_run`` (section names), or change
    her sections, and give her a new phone PIN; commit. Returns the PIN (6
    digits, shown once to the director: only a salted hash is stored; a
    PIN given before stops working). :class:`TournamentError` for no name,
    no section, or a section the night does not have."""
    name = " ".join(plain_text(name, "captain's name").split())[:100]
    if not name:
        raise TournamentError("Give the captain's name.")
    if not isinstance(sections_run, (list, tuple)) or not sections_run:
        raise TournamentError("Give the captain at least one section.")
    secs = list_sections(session, event_id)
    names = sorted({section_named(secs, x).name for x in sections_run}, key=lambda n: (len(n), n))
    pin = f"{secrets.randbelow(10**6):06d}"
    row = session.exec(select(Captain).where(Captain.event_id == event_id, Captain.name == name)).first()
    row = row or Captain(event_id=event_id, name=name)
    row.sections = ",".join(names)
    row.pin_hash = _hash_pin(pin, secrets.token_bytes(16))
    row.revoked = False
    session.add(row)
    session.commit()
    return pin


@write_use_case
def revoke_captain(session: Session, event_id: int, name: str) -> bool:
    """Withdraw a captain's PIN (her phone can no longer act; her past
    actions stay in the audit trail); commit. Returns whether anything changed."""
    row = session.exec(select(Captain).where(Captain.event_id == event_id, Captain.name == name)).first()
    if row is None:
        raise NotFound(f"There is no captain called {name!r}.")
    if row.revoked:
        return False
    row.revoked = True
    session.add(row)
    session.commit()
    return True


_PIN = re.compile(r"[0-9]{4,12}")


def check_captain_pin(session: Session, event_id: int, pin: object) -> CaptainView | None:
    """The captain whose PIN this is (None: no captain's, or hers was
    withdrawn). Constant work per captain, whatever the PIN."""
    if not isinstance(pin, str) or not _PIN.fullmatch(pin):
        return None
    found = None
    for c in session.exec(select(Captain).where(Captain.event_id == event_id)):
        if not c.pin_hash or c.revoked:
            continue
        salt, _, _digest = c.pin_hash.partition(":")
        if hmac.compare_digest(_hash_pin(pin, bytes.fromhex(salt)), c.pin_hash):
            found = c
    if found is None:
        return None
    return CaptainView(found.id, found.name, tuple(x for x in found.sections.split(",") if x), True, False)


def captain_may(captain: CaptainView, section: str) -> bool:
    """Whether ``captain`` runs ``section`` (case ignored)."""
    return isinstance(section, str) and section.strip().casefold() in {s.casefold() for s in captain.sections}
