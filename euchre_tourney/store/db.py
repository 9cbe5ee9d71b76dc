"""Engine and session factory, start-up migration and backup.

SQLite (the default, one file in the user's data directory) gets
``PRAGMA foreign_keys=ON`` and the WAL journal on every connection; any other
SQLAlchemy URL (PostgreSQL for several scoring stations) is used as given.
Before migrating an existing file to a newer schema a copy is saved beside it
(``NAME.backup-<revision>-<timestamp>``).

Start-up time: Alembic takes about 0.2 s to import, so :meth:`Database.migrate`
first compares the stored revision (one ``SELECT`` on ``alembic_version``)
with the newest revision named in the migration scripts (read as text, see
:func:`schema_head`) and imports Alembic only when the database is behind:
after an update of the app, or when the scripts cannot be read simply. A new,
empty database gets the newest schema straight from the models and that head
recorded as its revision (Alembic's "create_all, then stamp head" recipe);
``tests/store`` checks that this gives exactly the schema the migrations build.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

import platformdirs
from sqlalchemy import Column, Engine, MetaData, PrimaryKeyConstraint, String, Table, create_engine, event, inspect
from sqlalchemy.engine import make_url
from sqlmodel import Session, SQLModel

from euchre_tourney.store import models

APP_NAME = "euchre-tourney"
_MIGRATIONS = Path(__file__).resolve().parent / "migrations"
_VERSION_TABLE = "alembic_version"
_ASSIGNMENT = re.compile(r"^(revision|down_revision)\s*(?::[^=]*)?=\s*(.*?)\s*$", re.MULTILINE)
_QUOTED = re.compile(r"""['"]([^'"]+)['"]""")


def schema_head(versions: Path | None = None) -> str | None:
    """The newest revision of the migration scripts, read as text (no Alembic).

    Each script in ``store/migrations/versions`` names its ``revision`` and
    ``down_revision`` (a string, a tuple of strings for a merge, or None);
    the head is the one revision no other script revises. Returns None when
    that is not a single revision or a script does not say it plainly: the
    caller then asks Alembic.
    """
    revisions: set[str] = set()
    revised: set[str] = set()
    for script in sorted((versions or _MIGRATIONS / "versions").glob("*.py")):
        found = dict(m.groups() for m in _ASSIGNMENT.finditer(script.read_text(encoding="utf-8")))
        if "revision" not in found or "down_revision" not in found:
            return None
        names = _QUOTED.findall(found["revision"])
        if len(names) != 1:
            return None
        revisions.add(names[0])
        revised.update(_QUOTED.findall(found["down_revision"]))
    heads = revisions - revised
    return heads.pop() if len(heads) == 1 else None


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

    def stored_revisions(self) -> tuple[str, ...]:
        """The schema revisions recorded in the database (Alembic's
        ``alembic_version`` table): () for a new database, one for a normal one."""
        with self.engine.connect() as conn:
            if not inspect(conn).has_table(_VERSION_TABLE):
                return ()
            return tuple(row[0] for row in conn.exec_driver_sql(f"SELECT version_num FROM {_VERSION_TABLE}"))

    def current_revision(self) -> str | None:
        """The database's schema revision, or None for a new database.
        Raises ``ValueError`` if it records several (a branched history)."""
        stored = self.stored_revisions()
        if len(stored) > 1:
            raise ValueError(f"the database records several schema revisions: {', '.join(stored)}")
        return stored[0] if stored else None

    def migrate(self, target: str = "head") -> Path | None:
        """Bring the schema to the newest revision (Alembic ``upgrade head``),
        or to an older ``target`` revision (tests and tools make old files so).

        If an existing SQLite file is behind, it is first copied beside itself;
        returns that backup's path, or None when no backup was needed.
        Alembic is imported only if the database is behind the head and not new.
        """
        if target == "head":
            head = schema_head()
            stored = self.stored_revisions()
            if head is not None and stored == (head,):
                return None
            if head is not None and not stored and self._create_newest(head):
                return None
        # deferred on purpose: start-up time (Alembic costs ~0.2 s; only needed to migrate)
        from alembic import command
        from alembic.script import ScriptDirectory

        config = _alembic_config(self.url)
        wanted = ScriptDirectory.from_config(config).get_current_head() if target == "head" else target
        current = self.current_revision()
        if current == wanted:
            return None
        backup = self.backup(f"rev{current}") if current is not None else None
        with self.engine.begin() as conn:
            config.attributes["connection"] = conn
            command.upgrade(config, wanted)
        return backup

    def _create_newest(self, head: str) -> bool:
        """On a database with no tables at all, create the models' tables and
        record ``head`` as the revision, in one transaction. False (nothing
        done) if the database has any table."""
        with self.engine.begin() as conn:
            if inspect(conn).get_table_names():
                return False
            SQLModel.metadata.create_all(conn, tables=app_tables())
            version = Table(
                _VERSION_TABLE, MetaData(), Column("version_num", String(32), nullable=False),
                PrimaryKeyConstraint("version_num", name="alembic_version_pkc"),
            )
            version.create(conn)
            conn.execute(version.insert().values(version_num=head))
        return True

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


def app_tables() -> list[Table]:
    """The tables of :mod:`euchre_tourney.store.models` (and no other SQLModel table in the process)."""
    return [
        obj.__table__
        for obj in vars(models).values()
        if isinstance(obj, type) and issubclass(obj, SQLModel) and obj.__module__ == models.__name__
        and hasattr(obj, "__table__")
    ]


def _alembic_config(url: str):
    from alembic.config import Config  # deferred on purpose: start-up time

    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def open_database(value: str | os.PathLike | None = None) -> Database:
    """Open (and migrate) the database named by a path or URL (see :func:`database_url`)."""
    db = Database(database_url(value))
    db.migrate()
    return db
