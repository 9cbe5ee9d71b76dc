"""No secret in any message (issue 20, item 3): a password planted in the
database URL never appears in the command line's output, the start-up error
dialog or the log file, whatever went wrong; and each kind of failure has
its own sentence, following the driver's real error.

Against the local server (trust authentication) the unknown database and
the unknown role are real errors; the wrong password is simulated at the
driver (psycopg raising libpq's own words); the malformed URL, the unknown
host and the refused port are real."""

from __future__ import annotations

import io
import logging

import psycopg
import pytest

from euchre_tourney import cli
from euchre_tourney import tournament as T
from euchre_tourney.store import describe

SECRET = "s3cretPW-planted"


def _server() -> str | None:
    from tests.conftest import postgres_server_url

    url = postgres_server_url()
    if url is None:
        return None
    from sqlalchemy.engine import make_url

    u = make_url(url)
    return f"{u.host}:{u.port or 5432}"


CASES = {
    # name: (url with the planted password, words of its sentence, kind, needs the local server)
    "malformed URL": (f"postgresql://u:{SECRET}@127.0.0.1:notaport/x", "not a database URL", "malformed-url", False),
    "unknown host": (f"postgresql://u:{SECRET}@no-such-host.invalid/x", "cannot be found on the network", "unknown-host", False),
    "refused port": (f"postgresql://u:{SECRET}@127.0.0.1:9/x", "nothing is listening", "refused", False),
    "unknown database": ("postgresql://postgres:{secret}@{server}/no_such_db_uow", "has no database of that name", "unknown-database", True),
    "unknown role": ("postgresql://no_such_role_uow:{secret}@{server}/postgres", "does not know that user name", "unknown-role", True),
    "bad password": ("postgresql://postgres:{secret}@{server}/postgres", "refused the password", "bad-password", True),
}


@pytest.fixture
def log_file(tmp_path, gui_env):
    from euchre_tourney.gui import errors

    errors.uninstall()
    path = errors.install(tmp_path / "logs")
    yield path
    errors.uninstall()


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_planted_password_never_shows_and_each_kind_has_its_sentence(case, capsys, gui_env, log_file, monkeypatch):
    from euchre_tourney.gui.app import open_at_start

    template, words, kind, needs_server = CASES[case]
    server = _server()
    if needs_server:
        if server is None:
            pytest.skip("needs EUCHRE_TOURNEY_TEST_POSTGRES (the local server gives the real errors)")
        url = template.format(secret=SECRET, server=server)
    else:
        url = template
    if case == "bad password":  # the local server trusts every login: libpq's refusal, raised by the driver
        def refuse(*_a, **_k):
            raise psycopg.OperationalError(
                f'connection failed: connection to server at "{server}" failed: '
                'FATAL:  password authentication failed for user "postgres"'
            )

        monkeypatch.setattr(psycopg.Connection, "connect", refuse)
        monkeypatch.setattr(psycopg, "connect", refuse)
    code = cli.main(["standings", "1", "--database", url], stdout=io.StringIO())
    out = capsys.readouterr()
    said = out.out + out.err
    assert code in (1, 2) and said.count("\n") == 1 and "Traceback" not in said
    assert words in said, said
    assert open_at_start(url) is None
    dialog = gui_env["errors"][-1][1]
    assert words in dialog, dialog
    found = None
    try:
        T.open_database(url, read_only=True).dispose()
    except Exception as exc:  # noqa: BLE001
        found = T.failure(exc)
    assert found is not None and found.kind == kind and words in found.message
    for handler in logging.getLogger("euchre_tourney").handlers:
        handler.flush()
    logged = log_file.read_text(encoding="utf-8")
    assert "opening the database" in logged  # the failure was logged …
    for text in (said, dialog, logged, found.message, found.detail):
        assert SECRET not in text  # … and nowhere is the password


def test_every_kind_has_its_own_sentence():
    """Each kind of database failure is told differently (the specific
    cases are no longer shadowed by "connection failed")."""

    class Fake(Exception):
        def __init__(self, text, sqlstate=None):
            super().__init__(text)
            self.sqlstate = sqlstate

    samples = {
        "unknown-database": Fake('connection failed: FATAL:  database "x" does not exist'),
        "unknown-role": Fake('connection failed: FATAL:  role "x" does not exist'),
        "bad-password": Fake('connection failed: FATAL:  password authentication failed for user "x"'),
        "unknown-host": Fake('connection failed: could not translate host name "x" to address'),
        "refused": Fake("connection failed: Connection refused"),
        "no-server": Fake("connection failed: server closed the connection unexpectedly"),
        "locked": Fake("canceling statement due to lock timeout", "55P03"),
        "conflict": Fake("duplicate key value violates unique constraint", "23505"),
    }
    sentences = {}
    for kind, exc in samples.items():
        told = describe(exc, "postgresql+psycopg://u:pw@h/db")
        assert told.kind == kind, (kind, told.kind, told.message)
        assert "pw@" not in told.message
        sentences[kind] = told.message
    assert len(set(sentences.values())) == len(sentences)
    # by SQLSTATE even when the words say something else
    assert describe(Fake("whatever", "3D000")).kind == "unknown-database"
    assert describe(Fake("whatever", "28P01")).kind == "bad-password"
    assert describe(Fake("whatever", "28000")).kind == "unknown-role"


def test_hide_password_covers_parsed_malformed_and_quoted_urls():
    assert T.hide_password("postgresql://u:pw@h/db") == "postgresql://u:***@h/db"
    assert T.hide_password("postgresql+psycopg://u:p@ss/w@127.0.0.1:notaport/x").count("***") == 1
    assert "p@ss" not in T.hide_password("postgresql+psycopg://u:p@ss@127.0.0.1:notaport/x")
    assert T.hide_password("in 'postgresql://u:pw@h:x/d' here") == "in 'postgresql://u:***@h:x/d' here"
    assert T.hide_password("host=h password=pw user=u") == "host=h password=*** user=u"
    assert T.hide_password("/home/u/club.sqlite") == "/home/u/club.sqlite"


def test_one_failure_path_for_refusals_database_errors_and_bugs():
    refused = T.failure(T.TournamentError("Round 9 does not exist."))
    assert (refused.message, refused.level, refused.exit_code, refused.kind) == (
        "Round 9 does not exist.", logging.INFO, T.EXIT_USAGE, "refused"
    )
    bug = T.failure(KeyError(f"postgresql://u:{SECRET}@h/d"))
    assert bug.unexpected and bug.level == logging.ERROR and bug.exit_code == T.EXIT_ENVIRONMENT
    assert SECRET not in bug.message and bug.message.startswith("unexpected KeyError")
    import sqlite3

    db = T.failure(sqlite3.OperationalError("database is locked"))
    assert db.kind == "locked" and db.level == logging.WARNING and "busy" in db.message
    assert T.failure(KeyboardInterrupt()).kind == "interrupted"
