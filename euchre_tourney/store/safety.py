"""Looking at a SQLite file before trusting it, making new files whole, backups.

:func:`probe` decides what a path holds without writing a byte of it: the
first 100 bytes (SQLite's header: the magic string, the page size and the
page count), then a read-only connection (``mode=ro``) for the table names
and the stored schema revision. Nothing is created beside it either (see :func:`_look_inside`).
The same function serves the command line
and the windows, so both give the same answer for the same file.

:func:`create_atomically` builds a new database under a temporary name in
the same folder and renames it into place (``os.replace``) only once it is
complete and flushed to disk, so a kill during the first run leaves no file
or a whole one. :func:`backup_once` keeps one copy per schema revision.

Every file made here -- a new database, a backup -- is created readable and
writable by its owner only (0600, :func:`private_file`): a club's file holds
its members' names, e-mail addresses and phone numbers, and the tables'
secrets. SQLite gives the -wal, -shm and -journal files beside a database
the database file's own mode.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from euchre_tourney.store.errors import DatabaseUnavailable, NotADatabase

SQLITE_MAGIC = b"SQLite format 3\x00"
LOCK_WAIT_SECONDS = 2.0
"""How long the read-only look waits for another program's lock."""


@dataclass(frozen=True)
class Found:
    """What :func:`probe` found. ``state``: "new" (no file yet), "blank" (a
    SQLite file with no tables), "ours" (has ``alembic_version``), "foreign"
    (tables, none of them ours)."""

    state: str
    tables: frozenset[str] = field(default_factory=frozenset)
    revisions: tuple[str, ...] = ()


def probe(path: Path, *, read_only: bool = False, create_folder: bool = False) -> Found:
    """Look at ``path`` without changing it. Raises :class:`NotADatabase`
    (a folder, a missing folder or — for ``read_only`` — a missing file, an
    empty, random or truncated file, a damaged database) or
    :class:`DatabaseUnavailable` (locked, unreadable, read-only when writing
    is needed). ``create_folder``: make a missing parent folder (the default
    database's only)."""
    if path.is_dir():
        raise NotADatabase(f"{path} is a folder, not a database file. Choose a file inside it, or a new file name.")
    if not path.exists():
        folder = path.parent
        if not folder.exists():
            if not create_folder:
                raise NotADatabase(f"The folder {folder} does not exist. Check the path, or create the folder first.")
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise DatabaseUnavailable(f"Cannot create the folder {folder}: {exc.strerror or exc}.") from exc
        if not folder.is_dir():
            raise NotADatabase(f"{folder} is not a folder, so {path.name} cannot be made in it.")
        if read_only:
            raise NotADatabase(f"There is no database at {path}. Check the path.")
        if not os.access(folder, os.W_OK):
            raise DatabaseUnavailable(f"Cannot create a database in {folder}: the folder is read-only.")
        return Found("new")
    try:
        with open(path, "rb") as fh:
            header = fh.read(100)
        size = path.stat().st_size
    except OSError as exc:
        raise DatabaseUnavailable(f"Cannot read {path}: {exc.strerror or exc}.") from exc
    if size == 0:
        raise NotADatabase(
            f"{path} is an empty file (0 bytes), not a Euchre Tourney database. It was left untouched; "
            "choose another file, or delete this one to start a new database there."
        )
    if not header.startswith(SQLITE_MAGIC):
        raise NotADatabase(f"{path} is not a Euchre Tourney database (it is not a database file at all). It was left untouched.")
    if len(header) < 100 or size < _expected_size(header):
        raise NotADatabase(
            f"{path} is damaged: it is shorter than the database it describes (cut off while copying?). "
            "It was left untouched; open a backup copy instead."
        )
    if not read_only and not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)):
        raise DatabaseUnavailable(
            f"{path} is read-only (the file or its folder), so scores could not be saved in it. "
            "Copy it to a folder you can write to, or ask for write permission."
        )
    return _look_inside(path)


def _expected_size(header: bytes) -> int:
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    change, valid_for = header[24:28], header[92:96]
    return page_size * pages if change == valid_for else 0  # the count is only valid when these match


def read_only_uri(path: Path) -> str:
    """The SQLite URI that reads ``path`` without writing a byte beside it.

    Without a -wal file the main file holds everything: ``immutable=1``, so
    not even the -wal/-shm files of a WAL database are created (a read-only
    connection could not remove them again). With one (the database is in
    use, or was left after a crash) ``mode=ro``, which takes the locks and
    reads what the -wal holds."""
    wal = Path(str(path) + "-wal")
    return f"file:{quote(str(path))}?" + ("mode=ro" if wal.exists() else "immutable=1")


def _look_inside(path: Path) -> Found:
    # Without a -wal file the main file holds everything: read it as immutable,
    # so not even the -wal/-shm files of a WAL database are created beside it.
    # With one (the database is in use, or was left after a crash) a read-only
    # connection takes the locks, so a locked file is seen as locked.
    try:
        conn = sqlite3.connect(read_only_uri(path), uri=True, timeout=LOCK_WAIT_SECONDS, isolation_level=None)
    except sqlite3.Error as exc:
        raise DatabaseUnavailable(f"Cannot open {path}: {exc}.") from exc
    try:
        tables = frozenset(r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"))
        revisions: tuple[str, ...] = ()
        if "alembic_version" in tables:
            revisions = tuple(r[0] for r in conn.execute("SELECT version_num FROM alembic_version"))
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            raise DatabaseUnavailable(
                f"{path} is in use by another program, which has locked it. Nothing was changed. "
                "Close the other program (or the other Euchre Tourney window) and try again.",
                str(exc),
            ) from exc
        raise NotADatabase(f"{path} cannot be read as a database ({exc}). It was left untouched.", str(exc)) from exc
    except sqlite3.DatabaseError as exc:
        raise NotADatabase(
            f"{path} is damaged or is not a Euchre Tourney database. It was left untouched; open a backup copy instead.",
            str(exc),
        ) from exc
    finally:
        conn.close()
    if not tables:
        return Found("blank")
    if "alembic_version" not in tables:
        return Found("foreign", tables)
    return Found("ours", tables, revisions)


OWNER_ONLY = 0o600


def private_file(path: Path) -> None:
    """Create ``path`` empty, readable and writable by its owner only (an
    existing file is emptied and given that mode): SQLite then fills it and
    keeps that mode, so the file is never readable by others, not even for
    a moment."""
    fd = os.open(path, os.O_CREAT | os.O_WRONLY | os.O_TRUNC, OWNER_ONLY)
    os.close(fd)
    try:
        os.chmod(path, OWNER_ONLY)  # a file left by a killed start-up may have another mode
    except OSError:
        pass


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # not possible on every system (Windows): the rename is still atomic
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _remove_leftovers(path: Path, pattern: str) -> None:
    """Remove temporary files a killed start-up left (their process is gone)."""
    for old in path.parent.glob(pattern):
        pid = old.name.rsplit("-", 1)[-1].split(".")[0]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            for extra in (old, Path(str(old) + "-wal"), Path(str(old) + "-shm"), Path(str(old) + "-journal")):
                extra.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def remove_leftovers(path: Path) -> None:
    """Remove the temporary files of killed start-ups beside ``path``
    (a half-made new database, a half-written backup)."""
    _remove_leftovers(path, f".{path.name}.new-*")
    _remove_leftovers(path, f".{path.stem} (backup *")


def create_atomically(path: Path, build: Callable[[Path], None]) -> None:
    """Make a new database at ``path``: ``build(tmp)`` fills a temporary file
    beside it, which is renamed to ``path`` once complete (never over an
    existing file: if one appeared meanwhile, it is kept and ours dropped)."""
    _remove_leftovers(path, f".{path.name}.new-*")
    tmp = path.with_name(f".{path.name}.new-{os.getpid()}")
    try:
        private_file(tmp)
        build(tmp)
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
        try:
            os.link(tmp, path)  # atomic, and fails rather than replace a file that appeared
        except FileExistsError:
            pass
        except OSError:  # a file system without hard links
            if not path.exists():
                os.replace(tmp, path)
        _fsync_folder(path.parent)
    finally:
        for extra in (tmp, Path(str(tmp) + "-wal"), Path(str(tmp) + "-shm")):
            extra.unlink(missing_ok=True)


def copy_database(source: Path, target: Path) -> Path:
    """A consistent copy of the SQLite file ``source`` (SQLite's backup API,
    WAL content included) written to ``target`` through a temporary file and
    a rename, so ``target`` is whole or absent. Returns ``target``."""
    _remove_leftovers(target, f".{target.name}.part-*")
    tmp = target.with_name(f".{target.name}.part-{os.getpid()}")
    try:
        private_file(tmp)
        src = sqlite3.connect(f"file:{quote(str(source))}?mode=ro", uri=True, timeout=LOCK_WAIT_SECONDS)
        try:
            dst = sqlite3.connect(tmp)
            try:
                src.backup(dst)
                dst.execute("PRAGMA journal_mode=DELETE")
            finally:
                dst.close()
        finally:
            src.close()
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, target)
        _fsync_folder(target.parent)
    except sqlite3.Error as exc:
        raise DatabaseUnavailable(f"Cannot copy {source} to {target} before upgrading it: {exc}. Nothing was changed.") from exc
    except OSError as exc:
        raise DatabaseUnavailable(
            f"Cannot save a copy of {source} before upgrading it ({exc.strerror or exc}). Nothing was changed."
        ) from exc
    finally:
        tmp.unlink(missing_ok=True)
        Path(str(tmp) + "-journal").unlink(missing_ok=True)
    return target


def backup_name(path: Path, revision: str) -> Path:
    """Where the copy of ``path`` taken before upgrading it from schema
    ``revision`` is kept: ``club (backup before upgrade from schema 0002).sqlite``."""
    return path.with_name(f"{path.stem} (backup before upgrade from schema {revision}){path.suffix}")


def backup_once(path: Path, revision: str) -> Path:
    """The copy of ``path`` at schema ``revision`` (made now unless an
    earlier start-up already made it: at most one per revision)."""
    target = backup_name(path, revision)
    if target.exists():
        return target
    return copy_database(path, target)
