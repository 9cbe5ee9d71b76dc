"""Engine and session factory, the start-up check of the file, migration and backup.

SQLite (the default, one file in the user's data directory) gets
``PRAGMA foreign_keys=ON`` and the WAL journal on every connection; any other
SQLAlchemy URL (PostgreSQL for several scoring stations) is used as given.

Opening (:func:`open_database`) never writes a file it does not recognise.
A SQLite file is first read as bytes and then through a read-only
connection (:mod:`.safety`): a folder, a missing folder, an empty, truncated
or random file, another program's database, a locked or read-only file and
a database from a newer version of the app are refused with one sentence
(:class:`~.errors.NotADatabase` and friends), the file left byte for byte as
it was.

Why the start-up migration cannot leave a half-made file: pysqlite commits
DDL statement by statement, so ``engine.begin()`` alone is not atomic. The
migration therefore runs on its own connection in pysqlite's autocommit mode
with an explicit ``BEGIN IMMEDIATE`` … ``COMMIT`` around the whole Alembic
upgrade (SQLite's DDL is transactional; a kill rolls it back from the
journal). A new file is made under a temporary name and renamed into place
once complete, so a kill during the first run leaves either no file or a
whole one. PostgreSQL's DDL is transactional too; there an advisory lock
keeps two stations from migrating at once. Before an existing file is
upgraded one copy is kept beside it per schema revision, named for people:
``club (backup before upgrade from schema 0002).sqlite``.

Start-up time: Alembic takes about 0.2 s to import, so the revisions the
migration scripts know are read from the scripts as text
(:func:`schema_revisions`; Alembic is asked only when a script does not say
them plainly), and Alembic is imported only when a database is behind. A
new, empty database gets the newest schema straight from the models with the
head recorded as its revision (Alembic's "create_all, then stamp head"
recipe; ``tests/store`` checks that this is exactly the schema the
migrations build).
"""

from __future__ import annotations

import os
import re
import socket
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import platformdirs
from sqlalchemy import Column, Engine, MetaData, PrimaryKeyConstraint, String, Table, create_engine, event, inspect
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.pool import NullPool
from sqlmodel import Session, SQLModel

from euchre_tourney.store import models, safety
from euchre_tourney.store.errors import (
    DatabaseError,
    MigrationFailed,
    NewerDatabase,
    NotADatabase,
    NotADatabaseURL,
    describe,
    hide_password,
)

APP_NAME = "euchre-tourney"
_MIGRATIONS = Path(__file__).resolve().parent / "migrations"
_VERSION_TABLE = "alembic_version"
_PG_MIGRATION_LOCK = 0x15EC4E  # pg_advisory_xact_lock key: one station migrates at a time


def default_database_path() -> Path:
    """The default SQLite file: ``<user data dir>/euchre-tourney/euchre_tourney.sqlite``."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "euchre_tourney.sqlite"


def database_url(value: str | os.PathLike | None = None) -> str:
    """Turn a file path or SQLAlchemy URL into a URL.

    ``None`` → the ``EUCHRE_TOURNEY_DATABASE`` environment variable, else the
    default file. A value containing ``://`` is taken as a URL; anything else
    is a file path; ``postgresql://`` means the psycopg 3 driver
    (``postgresql+psycopg://``). Raises :class:`~.errors.NotADatabaseURL`
    (a ``ValueError``, its text with the password hidden) for an unparseable URL.
    """
    if value is None:
        value = os.environ.get("EUCHRE_TOURNEY_DATABASE") or default_database_path()
    text = os.fspath(value)
    if "://" in text:
        for plain in ("postgresql://", "postgres://"):  # the driver the project ships: psycopg 3
            if text.startswith(plain):
                text = "postgresql+psycopg://" + text[len(plain):]
        try:
            make_url(text)
        except Exception as exc:  # sqlalchemy raises ArgumentError
            raise NotADatabaseURL(f"not a database URL: {hide_password(text)}") from None
        return text
    return "sqlite:///" + str(Path(text).expanduser().resolve())


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")  # a saved hand survives a power cut
    cursor.close()


def _read_only_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA query_only=ON")
    cursor.close()


def _migration_pragmas(dbapi_connection, _record) -> None:
    # pysqlite in autocommit mode: the BEGIN is ours (see _begin_immediate), so
    # DDL does not commit itself statement by statement. Foreign keys off while
    # batch mode rebuilds tables (checked with foreign_key_check before COMMIT).
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=OFF")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


def _begin_immediate(conn) -> None:
    conn.exec_driver_sql("BEGIN IMMEDIATE")


def default_station() -> str:
    """This computer's station name: ``$EUCHRE_TOURNEY_STATION`` or the host name."""
    return os.environ.get("EUCHRE_TOURNEY_STATION") or socket.gethostname() or "this computer"


class Database:
    """The app's database: an engine plus a session factory.

    ``Database(url)`` connects lazily and neither checks nor migrates: use
    :func:`open_database`, which refuses files that are not this app's
    database, or call :meth:`migrate`. ``station``: the name stored with
    every hand this process records (default :func:`default_station`).
    ``read_only`` (a SQLite file only): every connection reads the file
    through :func:`.safety.read_only_uri` and refuses writes, so nothing
    is written in the file or beside it.
    """

    def __init__(self, url: str, *, station: str | None = None, read_only: bool = False) -> None:
        self.url = url
        parsed = make_url(url)
        self.is_sqlite = parsed.get_backend_name() == "sqlite"
        self.station = station or default_station()
        self.path: Path | None = None
        if self.is_sqlite and parsed.database and parsed.database != ":memory:":
            self.path = Path(parsed.database)
        self.where = str(self.path) if self.path is not None else parsed.render_as_string(hide_password=True)
        try:
            if read_only and self.path is not None:
                uri = safety.read_only_uri(self.path)
                self.engine: Engine = create_engine(
                    "sqlite://",
                    creator=lambda: sqlite3.connect(uri, uri=True, check_same_thread=False),
                    poolclass=NullPool,
                )
            else:  # a server's connection may be dropped between uses (a restart, a network blip): pinged first
                self.engine = create_engine(url, pool_pre_ping=not self.is_sqlite)
        except (SQLAlchemyError, ImportError) as exc:  # an unknown kind of database, or its driver missing
            raise NotADatabase(
                f"{self.where} is not a database this app can open: use a file path, or a sqlite:// or "
                "postgresql:// address (PostgreSQL needs the [postgres] extra installed).",
                hide_password(str(exc)),
            ) from exc
        if self.is_sqlite:
            event.listen(self.engine, "connect", _read_only_pragmas if read_only else _sqlite_pragmas)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session for one user action; rolled back on error, closed after.
        Use cases commit what they change. A database failure leaves as a
        :class:`~.errors.DatabaseError` in the director's words.
        ``session.info["station"]`` names this station."""
        with Session(self.engine, expire_on_commit=False) as s:
            s.info["station"] = self.station
            with self._rolled_back(s):
                yield s

    @contextmanager
    def _rolled_back(self, target) -> Iterator[None]:
        """Roll ``target`` (a session or a transaction) back on any error; a
        database failure leaves as a :class:`~.errors.DatabaseError` in words."""
        try:
            yield
        except DBAPIError as exc:
            _quiet_rollback(target)
            raise describe(exc, self.where) from exc
        except BaseException:
            _quiet_rollback(target)
            raise

    @contextmanager
    def write_session(self, station: str | None = None) -> Iterator[Session]:
        """A session for one write operation, in one database transaction
        that commits when the block ends without error (rolled back
        otherwise; a database failure leaves as a
        :class:`~.errors.DatabaseError` in the director's words).

        The use case's own ``session.commit()`` and ``session.rollback()``
        act on a savepoint inside that transaction (SQLAlchemy's "join a
        session into an external transaction"), so what it wrote is kept
        only when the whole operation succeeds, and whoever opened this
        session may read what it wrote before the commit.

        Writes are serialized: on SQLite the transaction begins with ``BEGIN
        IMMEDIATE`` (the write lock is taken before the first read, so a
        check such as "the round is not locked" and the write that relies
        on it cannot be separated by another writer); on PostgreSQL the use
        cases lock the rows they check (``SELECT … FOR SHARE`` / ``FOR UPDATE``).
        ``session.info["station"]`` names the station (``station``, else this
        computer's :attr:`station`: a phone's writes are saved under "table 3
        (phone)"); ``session.info["write"]`` is True."""
        conn = self.engine.connect()
        raw = conn.connection.dbapi_connection if self.is_sqlite else None
        saved = raw.isolation_level if raw is not None else None
        try:
            if raw is not None:  # pysqlite: our BEGIN, not the driver's (it would begin late, and deferred)
                raw.isolation_level = None
            trans = conn.begin()
            with self._rolled_back(trans):
                if raw is not None:
                    conn.exec_driver_sql("BEGIN IMMEDIATE")
                with Session(bind=conn, join_transaction_mode="create_savepoint", expire_on_commit=False) as s:
                    s.info["station"] = station or self.station
                    s.info["write"] = True
                    yield s
                trans.commit()
        finally:
            try:
                if raw is not None and not conn.closed and not conn.invalidated:
                    raw.isolation_level = saved
            finally:
                conn.close()

    def stored_revisions(self) -> tuple[str, ...]:
        """The schema revisions recorded in the database (Alembic's
        ``alembic_version`` table): () for a new database, one for a normal one."""
        with self._translated(), self.engine.connect() as conn:
            if not inspect(conn).has_table(_VERSION_TABLE):
                return ()
            return tuple(row[0] for row in conn.exec_driver_sql(f"SELECT version_num FROM {_VERSION_TABLE}"))

    def current_revision(self) -> str | None:
        """The database's schema revision, or None for a new database."""
        stored = self.stored_revisions()
        return stored[0] if stored else None

    def migrate(self) -> Path | None:
        """Bring the schema to the newest revision (Alembic ``upgrade head``)
        in one transaction.

        An existing SQLite file that is behind is first copied beside itself
        (once per schema revision); returns that copy's path, or None when no
        copy was needed. Raises :class:`~.errors.NewerDatabase` (untouched)
        for a schema this version does not know, :class:`~.errors.MigrationFailed`
        (the database as it was; ``backup`` names the copy) if the upgrade fails.
        """
        known, head = schema_revisions()
        stored = self.stored_revisions()
        _refuse_unknown(stored, known, head, self.where)
        if stored == (head,):
            return None
        if not stored and self._create_newest(head):
            return None
        backup = None
        if stored and self.path is not None:
            backup = safety.backup_once(self.path, stored[0])
        try:
            self._upgrade()
        except DatabaseError:
            raise
        except Exception as exc:
            where = f" A copy from before the upgrade is at {backup}." if backup else ""
            raise MigrationFailed(
                f"The database {self.where} could not be upgraded for this version of Euchre Tourney; "
                f"it was left exactly as it was.{where}",
                f"{type(exc).__name__}: {exc}",
                backup,
            ) from exc
        return backup

    def _create_newest(self, head: str) -> bool:
        """On a database with no tables at all, create the models' tables and
        record ``head`` as the revision, in one transaction (on a new file
        this runs on the temporary copy that is renamed into place). False
        (nothing done) if the database has any table: then Alembic decides."""
        with self._translated(), self.engine.begin() as conn:
            if conn.dialect.name == "postgresql":  # one station sets up a new database
                conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_PG_MIGRATION_LOCK})")
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

    def _upgrade(self) -> None:
        from alembic import command  # deferred: ~0.2 s, only needed to migrate

        config = _alembic_config(self.url)
        if self.path is not None:  # a file (an in-memory database lives in self.engine's one connection)
            engine = create_engine(self.url, poolclass=NullPool)
            event.listen(engine, "connect", _migration_pragmas)
            event.listen(engine, "begin", _begin_immediate)
        else:
            engine = self.engine
        try:
            with self._translated(), engine.begin() as conn:
                if conn.dialect.name == "postgresql":
                    conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_PG_MIGRATION_LOCK})")
                config.attributes["connection"] = conn
                command.upgrade(config, "head")
                if engine is not self.engine:
                    broken = conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                    if broken:
                        raise RuntimeError(f"foreign keys broken by the migration: {broken[:5]}")
        finally:
            if engine is not self.engine:
                engine.dispose()

    @contextmanager
    def _translated(self) -> Iterator[None]:
        try:
            yield
        except DBAPIError as exc:
            raise describe(exc, self.where) from exc

    def backup(self, tag: str) -> Path | None:
        """Copy the SQLite file beside itself as ``NAME (backup TAG).sqlite``
        (a consistent copy through SQLite's backup API). Returns its path, or
        None for a database that is not a SQLite file."""
        if self.path is None or not self.path.exists():
            return None
        return safety.copy_database(self.path, self.path.with_name(f"{self.path.stem} (backup {tag}){self.path.suffix}"))

    def dispose(self) -> None:
        self.engine.dispose()


def _quiet_rollback(session) -> None:
    """Roll back a session or a connection's transaction, if it still can be."""
    try:
        session.rollback()
    except SQLAlchemyError:  # the connection itself is gone: nothing to roll back
        pass


def _alembic_config(url: str):
    from alembic.config import Config  # deferred: start-up time

    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


_ASSIGNMENT = re.compile(r"^(revision|down_revision)\s*(?::[^=]*)?=\s*(.*?)\s*$", re.MULTILINE)
_QUOTED = re.compile(r"""['"]([^'"]+)['"]""")


def _scripts_as_text(versions: Path) -> tuple[frozenset[str], str] | None:
    """Every revision the scripts in ``versions`` name and the one head, read
    as text; None when a script does not say its revisions plainly or the
    history has no single head (then Alembic is asked)."""
    revisions: set[str] = set()
    revised: set[str] = set()
    for script in sorted(versions.glob("*.py")):
        found = dict(m.groups() for m in _ASSIGNMENT.finditer(script.read_text(encoding="utf-8")))
        if "revision" not in found or "down_revision" not in found:
            return None
        names = _QUOTED.findall(found["revision"])
        if len(names) != 1:
            return None
        revisions.add(names[0])
        revised.update(_QUOTED.findall(found["down_revision"]))
    heads = revisions - revised
    return (frozenset(revisions), heads.pop()) if len(heads) == 1 else None


def schema_head(versions: Path | None = None) -> str | None:
    """The newest revision of the migration scripts read as text (no
    Alembic), or None when it cannot be told that way (see
    :func:`schema_revisions`)."""
    found = _scripts_as_text(versions or _MIGRATIONS / "versions")
    return found[1] if found else None


def schema_revisions() -> tuple[frozenset[str], str]:
    """Every schema revision the migration scripts know, and the newest
    (head): read from the scripts as text when they say it plainly, else by
    Alembic."""
    found = _scripts_as_text(_MIGRATIONS / "versions")
    if found is not None:
        return found
    from alembic.script import ScriptDirectory  # deferred on purpose: start-up time

    scripts = ScriptDirectory.from_config(_alembic_config("sqlite://"))
    return frozenset(s.revision for s in scripts.walk_revisions()), scripts.get_current_head()


def app_tables() -> list[Table]:
    """The tables of :mod:`euchre_tourney.store.models` (and no other SQLModel table in the process)."""
    return [
        obj.__table__
        for obj in vars(models).values()
        if isinstance(obj, type) and issubclass(obj, SQLModel) and obj.__module__ == models.__name__
        and hasattr(obj, "__table__")
    ]


def _refuse_unknown(stored: tuple[str, ...], known: frozenset[str], head: str, where: str) -> None:
    unknown = [r for r in stored if r not in known]
    if unknown or len(stored) > 1:
        from euchre_tourney import __version__

        raise NewerDatabase(
            f"The database {where} was written by a newer version of Euchre Tourney (schema {', '.join(stored)}); "
            f"this is version {__version__}, which knows schemas up to {head}. "
            "It was left untouched: open it with the newer version."
        )


def open_database(
    value: str | os.PathLike | None = None, *, read_only: bool = False, station: str | None = None
) -> Database:
    """Open (and migrate) the database named by a path or URL (see :func:`database_url`).

    ``read_only``: for commands that only read (standings, reports): never
    create or initialise anything, and a current SQLite file is read without
    a -wal/-shm file appearing beside it; an older schema of this app's own is still
    upgraded. Only the default file's folder is created when missing; a
    mistyped folder is refused. Raises :class:`~.errors.DatabaseError`
    subclasses (one sentence each, nothing written) and ``ValueError`` for a
    malformed URL.
    """
    url = database_url(value)
    read_only_file = False
    default = value is None and not os.environ.get("EUCHRE_TOURNEY_DATABASE")
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database and parsed.database != ":memory:":
        path = Path(parsed.database)
        found = safety.probe(path, read_only=read_only, create_folder=default)
        if found.state in ("ours", "blank"):
            safety.remove_leftovers(path)  # of a start-up killed between its rename and its tidying
        if found.state == "new":
            safety.create_atomically(path, lambda tmp: _create(tmp, station))
        elif found.state == "foreign":
            raise NotADatabase(
                f"{path} belongs to another program (it holds tables such as "
                f"{', '.join(sorted(found.tables)[:3])}), not Euchre Tourney. It was left untouched."
            )
        elif found.state == "blank" and read_only:
            raise NotADatabase(f"{path} is an empty database with no Euchre Tourney data. It was left untouched.")
        else:
            known, head = schema_revisions() if found.revisions else (frozenset(), "")
            if found.revisions:
                _refuse_unknown(found.revisions, known, head, str(path))
            # a read-only command on a current file writes nothing, not even beside it
            read_only_file = read_only and found.revisions == (head,)
    db = Database(url, station=station, read_only=read_only_file)
    try:
        if db.path is None and not db.is_sqlite:
            _check_server_database(db, read_only)
        db.migrate()
    except BaseException:
        db.dispose()
        raise
    return db


def _check_server_database(db: Database, read_only: bool) -> None:
    """The same decisions as for a file, on a database server: another
    program's tables are never touched, and a read-only command does not
    initialise an empty database."""
    with db._translated(), db.engine.connect() as conn:
        tables = set(inspect(conn).get_table_names())
    if _VERSION_TABLE in tables:
        return
    if tables:
        raise NotADatabase(
            f"The database {db.where} belongs to another program (it holds tables such as "
            f"{', '.join(sorted(tables)[:3])}), not Euchre Tourney. It was left untouched."
        )
    if read_only:
        raise NotADatabase(f"The database {db.where} is empty: it has no Euchre Tourney data. It was left untouched.")


def _create(path: Path, station: str | None) -> None:
    db = Database("sqlite:///" + str(path), station=station)
    try:
        db.migrate()
    finally:
        db.dispose()
