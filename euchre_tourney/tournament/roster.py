"""Roster use cases: add, edit, remove and import players.

Duplicate names are flagged (``PlayerView.duplicate_of``), never merged: two
members may share a name, and only the director knows.
"""

from __future__ import annotations

import csv
import io
import os
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from sqlmodel import Session, select

from euchre_tourney.store import Entrant, Player, Seating, SitOut
from euchre_tourney.tournament.errors import NotFound, TournamentError
from euchre_tourney.tournament.readmodels import PlayerView

MAX_NAME = 200


def name_key(name: str) -> str:
    """How names compare for duplicates: case-folded, spaces collapsed."""
    return " ".join(name.split()).casefold()


def _clean_name(name: str) -> str:
    cleaned = " ".join((name or "").split())
    if not cleaned:
        raise TournamentError("A player needs a name.")
    if len(cleaned) > MAX_NAME:
        raise TournamentError(f"A name can be at most {MAX_NAME} characters (this one has {len(cleaned)}).")
    return cleaned


def _views(players: list[Player], everyone: list[Player]) -> list[PlayerView]:
    by_key: dict[str, list[int]] = defaultdict(list)
    for p in everyone:
        if p.active:
            by_key[name_key(p.name)].append(p.id)
    return [
        PlayerView(
            id=p.id,
            name=p.name,
            email=p.email,
            phone=p.phone,
            active=p.active,
            duplicate_of=tuple(i for i in by_key.get(name_key(p.name), ()) if i != p.id),
        )
        for p in players
    ]


def list_players(session: Session, *, include_removed: bool = False) -> list[PlayerView]:
    """The roster sorted by name (case-insensitive); removed players only if asked."""
    everyone = list(session.exec(select(Player)))
    shown = [p for p in everyone if include_removed or p.active]
    shown.sort(key=lambda p: (name_key(p.name), p.id))
    return _views(shown, everyone)


def get_player(session: Session, player_id: int) -> PlayerView:
    """One player; :class:`NotFound` if there is no such id."""
    p = session.get(Player, player_id)
    if p is None:
        raise NotFound(f"There is no player number {player_id}.")
    return _views([p], list(session.exec(select(Player))))[0]


def add_player(session: Session, name: str, email: str = "", phone: str = "") -> PlayerView:
    """Add a player and commit. :class:`TournamentError` for an empty or too long name."""
    p = Player(name=_clean_name(name), email=(email or "").strip(), phone=(phone or "").strip())
    session.add(p)
    session.commit()
    return get_player(session, p.id)


def update_player(
    session: Session, player_id: int, *, name: str | None = None, email: str | None = None, phone: str | None = None
) -> PlayerView:
    """Change a player's details and commit."""
    p = session.get(Player, player_id)
    if p is None:
        raise NotFound(f"There is no player number {player_id}.")
    if name is not None:
        p.name = _clean_name(name)
    if email is not None:
        p.email = email.strip()
    if phone is not None:
        p.phone = phone.strip()
    session.add(p)
    session.commit()
    return get_player(session, player_id)


def remove_player(session: Session, player_id: int) -> str:
    """Remove a player from the roster and commit.

    Returns ``"deleted"`` when the player never played (the row and any
    check-ins go), or ``"retired"`` when they have a seat or sit-out in some
    rotation: they leave the roster but their history and standings stay.
    """
    p = session.get(Player, player_id)
    if p is None:
        raise NotFound(f"There is no player number {player_id}.")
    entrant_ids = [e.id for e in session.exec(select(Entrant).where(Entrant.player_id == player_id))]
    has_history = bool(entrant_ids) and (
        session.exec(select(Seating.id).where(Seating.entrant_id.in_(entrant_ids)).limit(1)).first() is not None
        or session.exec(select(SitOut.id).where(SitOut.entrant_id.in_(entrant_ids)).limit(1)).first() is not None
    )
    if has_history:
        p.active = False
        session.add(p)
        session.commit()
        return "retired"
    for e in session.exec(select(Entrant).where(Entrant.player_id == player_id)):
        session.delete(e)
    session.delete(p)
    session.commit()
    return "deleted"


def restore_player(session: Session, player_id: int) -> PlayerView:
    """Bring a removed (retired) player back onto the roster."""
    p = session.get(Player, player_id)
    if p is None:
        raise NotFound(f"There is no player number {player_id}.")
    p.active = True
    session.add(p)
    session.commit()
    return get_player(session, player_id)


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What a CSV import did. ``duplicates``: imported names that match a
    roster name or another row (imported anyway, flagged); ``skipped``:
    (row number, reason) for rows not imported."""

    added: tuple[PlayerView, ...]
    duplicates: tuple[str, ...]
    skipped: tuple[tuple[int, str], ...]


_NAME_COLUMNS = ("name", "player", "player name", "full name")
_FIRST = ("first name", "first", "given name", "firstname")
_LAST = ("last name", "last", "surname", "family name", "lastname")
_EMAIL = ("email", "e-mail", "email address", "mail")
_PHONE = ("phone", "telephone", "phone number", "mobile", "cell")


def _find(header: list[str], names: tuple[str, ...]) -> int | None:
    for i, h in enumerate(header):
        if h in names:
            return i
    return None


def read_csv_file(source: str | os.PathLike) -> str:
    """The text of a CSV file (UTF-8, with or without BOM). Raises
    :class:`TournamentError` saying why if it cannot be read."""
    try:
        return Path(source).read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise TournamentError("The file is not UTF-8 text; save it as 'CSV UTF-8' and try again.") from exc
    except OSError as exc:
        raise TournamentError(f"Cannot read {source}: {exc.strerror or exc}.") from exc


def csv_rows(text: str) -> list[tuple[int, list[str]]]:
    """``[(line number, cells)]`` of CSV text (comma, semicolon or tab,
    sniffed), blank lines left out."""
    text = text.lstrip("\ufeff")
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    return [
        (number, row)
        for number, row in enumerate(csv.reader(io.StringIO(text), dialect), start=1)
        if any(cell.strip() for cell in row)  # blank lines are not rows
    ]


def parse_roster_csv(text: str) -> tuple[list[tuple[str, str, str]], list[tuple[int, str]]]:
    """Parse roster CSV text (header row required).

    The name is the "name" column, or "first name" + "last name", or else the
    first column; "email" and "phone" are optional. Returns
    ``([(name, email, phone)], [(row number, reason skipped)])``; raises
    :class:`TournamentError` if the file has no rows.
    """
    rows = csv_rows(text)
    if not rows:
        raise TournamentError("The file is empty: expected a header row and one player per row.")
    header = [h.strip().casefold() for h in rows[0][1]]
    name_i = _find(header, _NAME_COLUMNS)
    first_i, last_i = _find(header, _FIRST), _find(header, _LAST)
    email_i, phone_i = _find(header, _EMAIL), _find(header, _PHONE)
    if name_i is None and first_i is None and last_i is None:
        name_i = 0
    out, skipped = [], []

    def cell(row: list[str], i: int | None) -> str:
        return row[i].strip() if i is not None and i < len(row) else ""

    for number, row in rows[1:]:
        if name_i is not None:
            name = cell(row, name_i)
        else:
            name = " ".join(x for x in (cell(row, first_i), cell(row, last_i)) if x)
        name = " ".join(name.split())
        if not name:
            skipped.append((number, "no name"))
            continue
        if len(name) > MAX_NAME:
            skipped.append((number, f"name longer than {MAX_NAME} characters"))
            continue
        out.append((name, cell(row, email_i), cell(row, phone_i)))
    return out, skipped


def import_players_csv(session: Session, source: str | os.PathLike) -> ImportReport:
    """Import players from a CSV file (UTF-8, with or without BOM) and commit.

    ``source`` is a file path. Duplicate names are imported and reported.
    Raises :class:`TournamentError` if the file cannot be read as UTF-8 text.
    """
    rows, skipped = parse_roster_csv(read_csv_file(source))
    existing = {name_key(p.name) for p in session.exec(select(Player).where(Player.active == True))}  # noqa: E712
    seen: set[str] = set()
    duplicates = []
    new = []
    for name, email, phone in rows:
        key = name_key(name)
        if key in existing or key in seen:
            duplicates.append(name)
        seen.add(key)
        p = Player(name=name, email=email, phone=phone)
        session.add(p)
        new.append(p)
    session.commit()
    everyone = list(session.exec(select(Player)))
    return ImportReport(added=tuple(_views(new, everyone)), duplicates=tuple(duplicates), skipped=tuple(skipped))
