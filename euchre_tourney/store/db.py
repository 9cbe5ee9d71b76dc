"""Engine and session factory, start-up migration and backup.

SQLite (the default, one file in the user's data directory) gets
``PRAGMA foreign_keys=ON`` and the WAL journal on every connection; any other
SQLAlchemy URL (PostgreSQL for several scoring stations) is used as given.
Before migrating an existing file to a newer schema a copy is saved beside it
(``NAME.backup-<revision>-<timestamp>``).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

import platformdirs
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlmodel import Session

APP_NAME = "euchre-tourney"
_MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def default_database_path() -> Path:
    """The default SQLite file: ``<user data dir>/euchre-tourney/euchre_tourney.sqlite``."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "euchre_tourney.sqlite"


def database_url(value: str | os.PathLike | None = None) -> str:
    """Turn a file path or SQLAlchemy URL into a URL.

    ``None`` → the ``EUCHRE_TOURNEY_DATABASE`` environment variable, else the
    default file. A value containing ``://`` is taken as a URL; anything else
    is a file path. Raises ``ValueError`` for an unparseable URL.
    """
    if value is None:
        value = os.environ.get("EUCHRE_TOURNEY_DATABASE") or default_database_path()
    text = os.fspath(value)
    if "://" in text:
        try:
            make_url(text)
        except Exception as exc:  # sqlalchemy raises ArgumentError
            raise ValueError(f"not a database URL: {text}") from exc
        return text
    return "sqlite:///" + str(Path(text).expanduser().resolve())


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")  # a saved hand survives a power cut
    cursor.close()


class Database:
    """The app's database: an engine plus a session factory.

    ``Database(url)`` connects (creating the SQLite file and its folder if
    needed) but does not migrate; call :meth:`migrate` (or use :func:`open_database`).
    """

    def __init__(self, url: str) -> None:
        self.url = url
        parsed = make_url(url)
        self.is_sqlite = parsed.get_backend_name() == "sqlite"
        self.path: Path | None = None
        if self.is_sqlite and parsed.database and parsed.database != ":memory:":
            self.path = Path(parsed.database)
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self.engine: Engine = create_engine(url)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session for one user action; rolled back on error, closed after.
        Use cases commit what they change."""
        with Session(self.engine, expire_on_commit=False) as s:
            try:
                yield s
            except BaseException:
                s.rollback()
                raise

    def current_revision(self) -> str | None:
        with self.engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision()

    def migrate(self) -> Path | None:
        """Bring the schema to the newest revision (Alembic ``upgrade head``).

        If an existing SQLite file is behind, it is first copied beside itself;
        returns that backup's path, or None when no backup was needed.
        """
        config = _alembic_config(self.url)
        head = ScriptDirectory.from_config(config).get_current_head()
        current = self.current_revision()
        if current == head:
            return None
        backup = self.backup(f"rev{current}") if current is not None else None
        with self.engine.begin() as conn:
            config.attributes["connection"] = conn
            command.upgrade(config, "head")
        return backup

    def backup(self, tag: str) -> Path | None:
        """Copy the SQLite file beside itself as ``NAME.backup-<tag>-<timestamp>``
        (after a WAL checkpoint, so the copy is whole). Returns its path, or
        None for a database that is not a SQLite file."""
        if self.path is None or not self.path.exists():
            return None
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
        target = self.path.with_name(f"{self.path.name}.backup-{tag}-{stamp}")
        with self.engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        shutil.copy2(self.path, target)
        return target

    def dispose(self) -> None:
        self.engine.dispose()


def _alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def open_database(value: str | os.PathLike | None = None) -> Database:
    """Open (and migrate) the database named by a path or URL (see :func:`database_url`)."""
    db = Database(database_url(value))
    db.migrate()
    return db
