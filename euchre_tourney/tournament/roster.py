"""Roster use cases: add, edit, remove and import players.

Duplicate names are flagged (``PlayerView.duplicate_of``), never merged: two
members may share a name, and only the director knows.

A CSV import is all or nothing and comes in three steps, so the GUI can run
the slow one on a worker thread and show a preview before anything is
written: :func:`read_roster_file` (pure, no database: encoding, separator,
every line checked; :mod:`.csvfiles`), :func:`preview_import` (duplicates
against the roster), :func:`import_players` (one transaction; refused while
any line has a problem).
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone

from sqlmodel import Session, select

from euchre_tourney.store import Entrant, Player, Seating, SitOut
from euchre_tourney.tournament.csvfiles import (
    MAX_EMAIL,
    MAX_NAME,
    MAX_PHONE,
    CsvProblem,
    RosterFile,
    RosterRow,
    read_roster_file,
    refused_character,
)
from euchre_tourney.tournament.common import plain_text, whole_number
from euchre_tourney.tournament.errors import NotFound, TournamentError
from euchre_tourney.tournament.identity import collation_key, name_key
from euchre_tourney.tournament.readmodels import PlayerView
from euchre_tourney.tournament.unit_of_work import insert_rows, write_use_case


def _clean_name(name: str) -> str:
    cleaned = " ".join(plain_text(name, "name").split())
    if not cleaned:
        raise TournamentError("A player needs a name.")
    if len(cleaned) > MAX_NAME:
        raise TournamentError(f"A name can be at most {MAX_NAME} characters (this one has {len(cleaned)}).")
    bad = refused_character(cleaned)
    if bad is not None:
        raise TournamentError(f"The name contains an invisible or control character ({bad}); retype it.")
    return cleaned


def _contact(value: str | None, what: str, limit: int) -> str:
    cleaned = plain_text(value, what, optional=True).strip()
    if len(cleaned) > limit:
        raise TournamentError(f"The {what} can be at most {limit} characters (this one has {len(cleaned)}).")
    bad = refused_character(cleaned)
    if bad is not None:
        raise TournamentError(f"The {what} contains an invisible or control character ({bad}); retype it.")
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
    """The roster sorted by name for people (:func:`.identity.collation_key`: Ł beside L); removed players only if asked."""
    everyone = list(session.exec(select(Player)))
    shown = [p for p in everyone if include_removed or p.active]
    shown.sort(key=lambda p: (collation_key(p.name), p.id))
    return _views(shown, everyone)


def _load_player(session: Session, player_id: int) -> Player:
    p = session.get(Player, whole_number(player_id, "player number"))
    if p is None:
        raise NotFound(f"There is no player number {player_id}.")
    return p


def get_player(session: Session, player_id: int) -> PlayerView:
    """One player; :class:`NotFound` if there is no such id."""
    p = _load_player(session, player_id)
    return _views([p], list(session.exec(select(Player))))[0]


@write_use_case
def add_player(session: Session, name: str, email: str = "", phone: str = "") -> PlayerView:
    """Add a player and commit. :class:`TournamentError` for an empty or too long name."""
    p = Player(
        name=_clean_name(name),
        email=_contact(email, "e-mail", MAX_EMAIL),
        phone=_contact(phone, "phone", MAX_PHONE),
    )
    session.add(p)
    session.commit()
    return get_player(session, p.id)


@write_use_case
def update_player(
    session: Session, player_id: int, *, name: str | None = None, email: str | None = None, phone: str | None = None
) -> PlayerView:
    """Change a player's details and commit (``None`` keeps a detail)."""
    p = _load_player(session, player_id)
    if name is not None:
        p.name = _clean_name(name)
    if email is not None:
        p.email = _contact(email, "e-mail", MAX_EMAIL)
    if phone is not None:
        p.phone = _contact(phone, "phone", MAX_PHONE)
    session.add(p)
    session.commit()
    return get_player(session, player_id)


@write_use_case
def remove_player(session: Session, player_id: int) -> str:
    """Remove a player from the roster and commit.

    Returns ``"deleted"`` when the player never played (the row and any
    check-ins go), or ``"retired"`` when they have a seat or sit-out in some
    rotation: they leave the roster but their history and standings stay.
    """
    p = _load_player(session, player_id)
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


@write_use_case
def restore_player(session: Session, player_id: int) -> PlayerView:
    """Bring a removed (retired) player back onto the roster."""
    p = _load_player(session, player_id)
    p.active = True
    session.add(p)
    session.commit()
    return get_player(session, player_id)


@dataclass(frozen=True, slots=True)
class ImportPreview:
    """What an import would do, shown to the director before anything is
    written: the file as read (:class:`RosterFile`: rows, problems by line,
    encoding and separator) and the duplicates, ``(line, name, why)`` where
    ``why`` says whom the name matches. Importable only when :attr:`ok`."""

    source: str
    file: RosterFile
    duplicates: tuple[tuple[int, str, str], ...]

    @property
    def rows(self) -> tuple[RosterRow, ...]:
        return self.file.rows

    @property
    def problems(self) -> tuple[CsvProblem, ...]:
        return self.file.problems

    @property
    def ok(self) -> bool:
        return self.file.ok

    def summary(self) -> str:
        """One paragraph: players, duplicates, problems, how the file was read."""
        f = self.file
        parts = [f"{len(f.rows):,} player{'s' if len(f.rows) != 1 else ''} ready to import"]
        if self.duplicates:
            n = len(self.duplicates)
            parts.append(f"{n:,} share{'s' if n == 1 else ''} a name with someone already on the roster or in the file")
        if f.problems:
            n = len(f.problems)
            parts.append(f"{n:,} line{'s' if n != 1 else ''} with a problem: nothing will be imported until the file is fixed")
        text = "; ".join(parts) + "."
        if f.encoding_note:
            text += f" {f.separator_name.capitalize()}-separated. {f.encoding_note}"
        else:
            text += f" Read as {f.encoding}, {f.separator_name}-separated."
        return text


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What an import did: every added player; ``duplicates``, the imported
    names that match a roster name or another row (imported anyway,
    flagged); ``notes``, how the file was read when it needs checking (the
    Windows-1252 fallback)."""

    added: tuple[PlayerView, ...]
    duplicates: tuple[str, ...]
    notes: tuple[str, ...] = ()


def preview_import(session: Session, file: RosterFile, source: str = "") -> ImportPreview:
    """The preview of importing ``file`` (read by :func:`read_roster_file`,
    possibly on another thread): the duplicates against the active roster
    and within the file. Writes nothing."""
    owners: dict[str, str] = {}
    for name in session.exec(select(Player.name).where(Player.active == True)).all():  # noqa: E712
        owners.setdefault(name_key(name), "already on the roster")
    duplicates = []
    for row in file.rows:
        key = name_key(row.name)
        why = owners.get(key)
        if why is not None:
            duplicates.append((row.line, row.name, why))
        else:
            owners[key] = f"also on line {row.line}"
    return ImportPreview(source, file, tuple(duplicates))


@write_use_case
def import_players(session: Session, preview: ImportPreview) -> ImportReport:
    """Add every player of ``preview`` in one transaction and commit.

    All or nothing: :class:`TournamentError` (nothing written) if the preview
    has any problem or no rows. Duplicates are imported and reported.
    """
    if not preview.ok:
        if not preview.rows and not preview.problems:
            raise TournamentError("The file has no players to import.")
        raise TournamentError(
            f"Nothing was imported: {len(preview.problems):,} line(s) of the file have a problem.\n"
            + preview.file.problem_text()
        )
    now = datetime.now(timezone.utc)
    values = [
        {"name": r.name, "email": r.email, "phone": r.phone, "active": True, "created_at": now} for r in preview.rows
    ]
    try:
        # Core, not ORM objects: 100,000 players in ~1.5 s rather than ~5 s; the unit of work records them (undo takes them back)
        ids = insert_rows(session, Player.__table__, values)
        session.commit()
    except BaseException:
        session.rollback()
        raise
    by_key: dict[str, list[int]] = defaultdict(list)
    for pid, name in session.exec(select(Player.id, Player.name).where(Player.active == True)).all():  # noqa: E712
        by_key[name_key(name)].append(pid)
    added = tuple(
        PlayerView(
            id=pid,
            name=r.name,
            email=r.email,
            phone=r.phone,
            active=True,
            duplicate_of=tuple(i for i in by_key.get(name_key(r.name), ()) if i != pid),
        )
        for pid, r in zip(ids, preview.rows)
    )
    notes = (preview.file.encoding_note,) if preview.file.encoding_note else ()
    return ImportReport(added=added, duplicates=tuple(name for _l, name, _w in preview.duplicates), notes=notes)


@write_use_case
def import_players_csv(
    session: Session,
    source: str | os.PathLike,
    *,
    progress: Callable[[float], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> ImportReport:
    """Read, check and import a roster CSV file in one go (all or nothing).

    ``source`` is a file path, read by :func:`read_roster_file`. Raises
    :class:`TournamentError`, with the lines at fault, and writes nothing if
    any line has a problem; the GUI shows :func:`preview_import` first
    instead.
    """
    file = read_roster_file(source, progress=progress, cancel=cancel)
    return import_players(session, preview_import(session, file, str(source)))
