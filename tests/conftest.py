"""Shared fixtures: offscreen Qt, a fresh database and settings per test,
modal dialogs silenced (novelWriter / Vorta style).

Two databases: every test under ``tests/store`` and ``tests/tournament``
that uses ``db`` / ``session`` / ``db_url`` runs on SQLite and again on
PostgreSQL when ``EUCHRE_TOURNEY_TEST_POSTGRES`` holds a server URL
(``postgresql://postgres@127.0.0.1:5432/test``). The run makes its own
database on that server, migrated once and dropped at the end; each test
starts on it empty (every table truncated after the previous test, its
connections closed: ~30 ms where a database per test took over a second),
and tests that need a database of their own (migrations) ask
``postgres_server.create()``. Without the
variable those tests are skipped with the reason; with it, a server that
does not answer fails them (``.ci/run`` relies on this).
"""

from __future__ import annotations

import os
import shutil
import uuid
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _compiled_once() -> None:
    """Where ``PYTHONDONTWRITEBYTECODE`` is set (containers, CI images),
    every process of the run -- each xdist worker, each ``serve`` or
    command-line subprocess -- would compile the package and rewrite every
    test module again (collection: 13.7 CPU-s against 5.0). The run keeps
    the setting's purpose, nothing written into the checkout, and writes
    the bytecode once to a folder of its own under the system's temporary
    folder (``PYTHONPYCACHEPREFIX``, inherited by every process it
    starts)."""
    import sys
    import tempfile

    if not os.environ.get("PYTHONDONTWRITEBYTECODE") or os.environ.get("PYTHONPYCACHEPREFIX"):
        return
    prefix = str(Path(tempfile.gettempdir()) / f"euchre-tourney-test-bytecode-{os.getuid() if hasattr(os, 'getuid') else 0}")
    os.environ["PYTHONPYCACHEPREFIX"] = prefix
    del os.environ["PYTHONDONTWRITEBYTECODE"]
    sys.pycache_prefix = prefix
    sys.dont_write_bytecode = False


_compiled_once()

import pytest
from hypothesis import HealthCheck, settings

from euchre_tourney.store import Database, open_database

# No test may depend on the machine's speed (issue 20): Hypothesis's
# per-example deadline and its "too slow" check are wall-clock thresholds.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")

POSTGRES_ENV = "EUCHRE_TOURNEY_TEST_POSTGRES"
BOTH_DATABASES = ("store", "tournament")
"""Test folders whose database tests also run on PostgreSQL."""


def postgres_server_url() -> str | None:
    """The test server's URL (driver psycopg 3), or None when not configured."""
    url = os.environ.get(POSTGRES_ENV, "").strip()
    if not url:
        return None
    for plain in ("postgresql://", "postgres://"):
        if url.startswith(plain):
            url = "postgresql+psycopg://" + url[len(plain):]
    return url


def pytest_generate_tests(metafunc):
    if "backend" not in metafunc.fixturenames:
        return
    folder = Path(str(metafunc.definition.fspath)).parent.name
    if metafunc.definition.get_closest_marker("postgres_only"):
        metafunc.parametrize("backend", [pytest.param("postgresql", marks=pytest.mark.postgres)], indirect=True)
        return
    params = ["sqlite"]
    sqlite_only = metafunc.definition.get_closest_marker("sqlite_only")
    if not sqlite_only and (folder in BOTH_DATABASES or metafunc.definition.get_closest_marker("postgres")):
        params.append(pytest.param("postgresql", marks=pytest.mark.postgres))
    metafunc.parametrize("backend", params, indirect=True)


@pytest.fixture
def backend(request) -> str:
    """"sqlite" or "postgresql" (the latter skipped without the server)."""
    name = getattr(request, "param", "sqlite")
    if name == "postgresql" and postgres_server_url() is None:
        pytest.skip(f"PostgreSQL tests need {POSTGRES_ENV}=postgresql://user@host:port/db")
    return name


class PostgresServer:
    """Makes and drops one database per test on the test server."""

    def __init__(self, url: str) -> None:
        import sqlalchemy as sa

        self.url = sa.engine.make_url(url)
        self.admin = sa.create_engine(self.url, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
        try:
            with self.admin.connect() as conn:
                conn.exec_driver_sql("SELECT 1")
        except Exception as exc:  # a configured server must answer: never skip silently
            pytest.fail(f"{POSTGRES_ENV} is set but the server does not answer: {exc}", pytrace=False)
        self.shared = f"euchre_run_{os.getpid()}_{uuid.uuid4().hex[:6]}"
        self._exec(f'CREATE DATABASE "{self.shared}"')
        open_database(self.url_of(self.shared)).dispose()
        self.shared_engine = sa.create_engine(self.url_of(self.shared), poolclass=sa.pool.NullPool)
        with self.shared_engine.connect() as conn:
            self.tables = [
                name
                for (name,) in conn.exec_driver_sql(
                    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'alembic_version'"
                )
            ]
            references = conn.exec_driver_sql(
                "SELECT a.relname, b.relname FROM pg_constraint c JOIN pg_class a ON a.oid = c.conrelid "
                "JOIN pg_class b ON b.oid = c.confrelid WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace"
            ).fetchall()
        self.delete_order = _referring_first(self.tables, references)

    def _exec(self, sql: str) -> None:
        with self.admin.connect() as conn:
            conn.exec_driver_sql(sql)

    def url_of(self, name: str) -> str:
        return self.url.set(database=name).render_as_string(hide_password=False)

    def create(self) -> str:
        """A new empty database of the test's own (drop it with :meth:`drop`)."""
        name = f"euchre_t_{uuid.uuid4().hex[:12]}"
        self._exec(f'CREATE DATABASE "{name}"')
        return name

    def drop(self, name: str) -> None:
        self._exec(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def empty_shared(self) -> None:
        """Close every other connection to the shared database and empty its
        tables, every id sequence back at its start (as ``TRUNCATE … RESTART
        IDENTITY`` would). ``DELETE``, the referring tables before those they
        refer to: a test's few rows go with 0.002 s of the server's CPU,
        where ``TRUNCATE`` gave each of the 26 tables new files (0.11 CPU-s,
        and ~1 s of waiting on a loaded machine) after each of the 254
        PostgreSQL tests. Tables that refer to each other in a circle (none
        today) leave no such order: then ``TRUNCATE``."""
        with self.shared_engine.begin() as conn:
            conn.exec_driver_sql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                f"WHERE datname = '{self.shared}' AND pid <> pg_backend_pid()"
            )
            if self.delete_order is None:
                conn.exec_driver_sql(f"TRUNCATE {', '.join(self.tables)} RESTART IDENTITY CASCADE")
                return
            conn.exec_driver_sql("; ".join(f"DELETE FROM {name}" for name in self.delete_order))
            conn.exec_driver_sql(
                "SELECT setval(quote_ident(schemaname) || '.' || quote_ident(sequencename), start_value, false) "
                "FROM pg_sequences WHERE schemaname = 'public'"
            )

    def close(self) -> None:
        self.shared_engine.dispose()
        self.drop(self.shared)
        self.admin.dispose()


def _referring_first(tables: list[str], references: list[tuple[str, str]]) -> list[str] | None:
    """``tables`` ordered so that each comes before every table it refers to
    (``references``: (referring, referred) pairs; a table referring to
    itself is emptied by one ``DELETE``), or None when they refer in a circle."""
    refers = {t: {b for a, b in references if a == t and b != t and b in tables} for t in tables}
    referred_by = {t: {a for a, b in references if b == t and a != t and a in tables} for t in tables}
    order, done = [], set()
    while len(order) < len(tables):
        ready = sorted(t for t in tables if t not in done and referred_by[t] <= done)
        if not ready:
            return None
        order.extend(ready)
        done.update(ready)
    assert all(order.index(t) < order.index(r) for t in tables for r in refers[t])
    return order


@pytest.fixture(scope="session")
def postgres_server():
    url = postgres_server_url()
    if url is None:
        pytest.skip(f"PostgreSQL tests need {POSTGRES_ENV}=postgresql://user@host:port/db")
    server = PostgresServer(url)
    yield server
    server.close()


@pytest.fixture
def postgres_url(postgres_server):
    """The run's migrated PostgreSQL database, empty; emptied again after the test."""
    yield postgres_server.url_of(postgres_server.shared)
    postgres_server.empty_shared()


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "club.sqlite"


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory) -> Path:
    """A SQLite file migrated once per run; tests start on a copy of it."""
    path = tmp_path_factory.mktemp("template") / "club.sqlite"
    open_database(path).dispose()
    return path


@pytest.fixture
def db_url(backend, request, tmp_path, sqlite_template) -> str:
    """The test's database, migrated and empty: a SQLite file path (a copy
    of :func:`sqlite_template`), or the PostgreSQL URL."""
    if backend == "postgresql":
        return request.getfixturevalue("postgres_url")
    path = tmp_path / "club.sqlite"
    shutil.copyfile(sqlite_template, path)
    return str(path)


@pytest.fixture
def db(db_url) -> Database:
    database = open_database(db_url, station="test station")
    yield database
    database.dispose()


@pytest.fixture
def session(db):
    with db.session() as s:
        yield s


@pytest.fixture
def gui_env(qapp, tmp_path, monkeypatch):
    """Qt app names set, QSettings in a temp folder, dialogs recorded not shown."""
    from PySide6.QtCore import QSettings

    from euchre_tourney.gui import context
    from euchre_tourney.gui.app import make_application

    make_application()
    QSettings.setDefaultFormat(QSettings.IniFormat)
    QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, str(tmp_path / "settings"))
    from euchre_tourney.gui import errors

    from euchre_tourney.gui import replan

    shown: dict[str, list] = {"errors": [], "questions": [], "info": [], "unexpected": [], "dialogs": []}
    monkeypatch.setattr(replan, "run_dialog", lambda dialog: shown["dialogs"].append(dialog) or True)
    monkeypatch.setattr(errors, "show_unexpected", lambda _p, title, exc: shown["unexpected"].append((title, exc)))
    monkeypatch.setattr(context, "show_error", lambda _p, title, msg: shown["errors"].append((title, msg)))
    monkeypatch.setattr(context, "ask", lambda _p, title, q: shown["questions"].append((title, q)) or True)
    monkeypatch.setattr(context, "inform", lambda _p, title, msg: shown["info"].append((title, msg)))
    return shown


@pytest.fixture(autouse=True)
def _thread_pool_drained():
    """After each test, let the work it left on Qt's thread pool end (a
    rotation search, a PDF, a phone-dialog call) before the next test runs,
    so no worker thread outlives the window it reports to. Waits for events,
    not a time: ``waitForDone`` returns when the pool is idle."""
    yield
    import sys

    if "PySide6.QtCore" in sys.modules:
        from PySide6.QtCore import QCoreApplication, QThreadPool

        if QCoreApplication.instance() is not None:
            import gc

            QThreadPool.globalInstance().waitForDone()
            QCoreApplication.processEvents()
            gc.collect()  # here, in the GUI thread (the app collects on its timer: gui/worker.py)


def pytest_sessionfinish(session):
    """Quit the Chromium browsers this process kept for its browser tests
    (``tests/web/browser.py``: one started per phone a test needs at once)."""
    import sys

    browsers = sys.modules.get("tests.web.browser")
    if browsers is not None:
        browsers.quit_all()
