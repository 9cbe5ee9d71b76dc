"""A first look at the club's SQLite file, read-only, with the standard
library alone: what the window shows in its first second.

Why this exists: importing the database layer (SQLAlchemy, SQLModel,
pydantic, Alembic) and the tournament use cases costs more CPU time than a
whole bare Qt window takes to start (~0.6 s on the club's laptop). The
window therefore draws its first page(s) from :func:`take` — the roster,
the list of events and one event's check-in list, read with :mod:`sqlite3`
on the same file opened read-only — and imports the database layer after
its first paint; then the real pages replace these (``gui/first_look.py``).

It never shows stale or wrong data: :func:`take` returns None (the window
then waits for the database layer, as before) whenever this look cannot be
sure — a URL (PostgreSQL takes the usual path), a file whose schema is not
exactly :data:`SCHEMA_HEAD` (an older file goes through Alembic's upgrade,
and its backup, first; a newer one is refused there in words), a file that
is not a readable database, or any value it does not expect. It never
writes: every change goes through :mod:`euchre_tourney.tournament`'s unit
of work and its one guard.

Reads only; no Qt, no third-party package (``tests/test_import_rules.py``).
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

SCHEMA_HEAD = "0013"
"""The Alembic revision this look reads (the newest migration; a test holds
it equal to ``store``'s head, so a new migration updates it)."""


@dataclass(frozen=True, slots=True)
class Player:
    """A roster row as the Players page shows it (the fields of
    ``tournament.PlayerView`` the page reads)."""

    id: int
    name: str
    email: str
    phone: str
    active: bool = True
    duplicate_of: tuple[int, ...] = ()

    @property
    def label(self) -> str:
        return f"{self.name} (#{self.id})" if self.duplicate_of else self.name


@dataclass(frozen=True, slots=True)
class Entrant:
    """A check-in row (the fields of ``tournament.EntrantView``)."""

    player_id: int
    name: str
    checked_in: bool
    number: int | None
    active: bool = True
    label: str = ""


@dataclass(frozen=True, slots=True)
class Event:
    """An event as the picker and the first look at its Event page show it."""

    id: int
    name: str
    date: str
    """As stored, ``YYYY-MM-DD``."""
    kind: str
    rounds: int
    hands_per_round: int
    entry_mode: str
    minutes_per_round: int

    @property
    def title(self) -> str:
        """"Name (YYYY-MM-DD)", as the event picker lists it."""
        return f"{self.name} ({self.date})"


@dataclass(frozen=True)
class Glance:
    """What the file holds for the first pages. ``path``: the file;
    ``new``: the file does not exist yet (the database layer creates it:
    no player, no event)."""

    path: Path
    new: bool
    players: tuple[Player, ...]
    events: tuple[Event, ...]
    """Newest first, as ``tournament.list_events``."""

    def entrants(self, event_id: int) -> tuple[Entrant, ...] | None:
        """The check-in list of one event (every active player, and removed
        ones who are entrants, as ``tournament.entrants``), or None when it
        cannot be read here (the page then waits for the database layer)."""
        if self.new:
            return None
        try:
            with closing(_connect(self.path)) as conn:
                rows = conn.execute(
                    "SELECT p.id, p.name, p.active, e.checked_in, e.number FROM player p "
                    "LEFT JOIN entrant e ON e.player_id = p.id AND e.event_id = ?", (event_id,)
                ).fetchall()
                version = _version(conn)
        except sqlite3.Error:
            return None
        if version != SCHEMA_HEAD:
            return None
        out = []
        for pid, name, active, checked, number in rows:
            if not _int(pid) or not isinstance(name, str) or number is not None and not _int(number):
                return None
            if not active and checked is None:
                continue
            out.append(Entrant(pid, name, bool(checked), number, bool(active)))
        shared: dict[str, int] = {}
        for e in out:
            shared[name_key(e.name)] = shared.get(name_key(e.name), 0) + 1
        return tuple(
            Entrant(e.player_id, e.name, e.checked_in, e.number, e.active,
                    (f"{e.name} #{e.number}" if e.checked_in and e.number else f"{e.name} (#{e.player_id})"))
            if shared[name_key(e.name)] > 1 else e
            for e in out
        )


def name_key(name: str) -> str:
    """How names compare for duplicates (as ``tournament``'s): case-folded, spaces collapsed."""
    return " ".join(name.split()).casefold()


def sqlite_file(database: str | os.PathLike | None) -> Path | None:
    """The SQLite file ``database`` names (a path, ``sqlite:///PATH``, or
    None: ``EUCHRE_TOURNEY_DATABASE``, else the default file), or None for
    any other URL (PostgreSQL: the usual path)."""
    if database is None:
        database = os.environ.get("EUCHRE_TOURNEY_DATABASE") or None
    if database is None:
        import platformdirs  # the store's default file (store.default_database_path), without the store

        return Path(platformdirs.user_data_dir("euchre-tourney", appauthor=False)) / "euchre_tourney.sqlite"
    text = os.fspath(database)
    if "://" in text:
        if text.startswith("sqlite:///") and "?" not in text and text != "sqlite:///:memory:":
            return Path(text[len("sqlite:///"):])
        return None
    return Path(text).expanduser().resolve()


def take(database: str | os.PathLike | None) -> Glance | None:
    """The first look at ``database`` (see :class:`Glance`), or None when
    it must wait for the database layer (see the module's docstring)."""
    path = sqlite_file(database)
    if path is None:
        return None
    try:
        if not path.exists():
            return Glance(path, True, (), ()) if path.parent.is_dir() and os.access(path.parent, os.W_OK) else None
        if not path.is_file() or path.stat().st_size < 512:
            return None
        with closing(_connect(path)) as conn:
            if _version(conn) != SCHEMA_HEAD:
                return None
            players = conn.execute("SELECT id, name, email, phone, active FROM player").fetchall()
            events = conn.execute(
                "SELECT id, name, date, kind, rounds, hands_per_round, entry_mode, minutes_per_round "
                "FROM event ORDER BY date DESC, id DESC"
            ).fetchall()
    except (sqlite3.Error, OSError):
        return None
    return _made(path, players, events)


def _made(path: Path, players: list, events: list) -> Glance | None:
    by_key: dict[str, list[int]] = {}
    for pid, name, email, phone, active in players:
        if not (_int(pid) and isinstance(name, str) and isinstance(email, str) and isinstance(phone, str)
                and active in (0, 1)):
            return None  # a value the database layer would read otherwise: let it say what is wrong
        if active:
            by_key.setdefault(name_key(name), []).append(pid)
    shown = tuple(
        Player(pid, name, email, phone, True, tuple(i for i in by_key[name_key(name)] if i != pid))
        for pid, name, email, phone, active in players if active
    )
    out = []
    for eid, name, day, kind, rounds, hands, entry_mode, minutes in events:
        if not (_int(eid) and isinstance(name, str) and isinstance(day, str) and len(day) == 10
                and kind in ("progressive", "team") and _int(rounds) and _int(hands) and isinstance(entry_mode, str)
                and isinstance(minutes, int)):
            return None
        out.append(Event(eid, name, day, kind, rounds, hands, entry_mode, minutes))
    return Glance(path, False, shown, tuple(out))


def _int(value) -> bool:
    return type(value) is int and value > 0


def _connect(path: Path) -> sqlite3.Connection:
    # read-only: this look never creates or changes the file (nor takes a write lock)
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=0.5)
    conn.execute("PRAGMA query_only=ON")
    return conn


def _version(conn: sqlite3.Connection) -> str | None:
    rows = conn.execute("SELECT version_num FROM alembic_version").fetchall()
    return rows[0][0] if len(rows) == 1 else None
