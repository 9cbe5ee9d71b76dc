"""Hostile database files (issue 15, item 4): the command line and the
window's start-up give the same refusal for each, in one line (exit 2 for a
path that is no usable database, 1 for the environment) or one dialog, and
the file's bytes (and its folder) stay exactly as they were."""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from euchre_tourney import cli
from euchre_tourney.store import safety


def _random(path: Path, _t: Path) -> None:
    path.write_bytes(os.urandom(4096))


def _zero(path: Path, _t: Path) -> None:
    path.write_bytes(b"")


def _truncated(path: Path, template: Path) -> None:
    data = template.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _header_only(path: Path, template: Path) -> None:
    path.write_bytes(template.read_bytes()[:60])


def _directory(path: Path, _t: Path) -> None:
    path.mkdir()


def _missing_folder(path: Path, _t: Path) -> Path:
    return path.parent / "no such folder" / path.name


def _foreign(path: Path, _t: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("create table contacts (name text, phone text)")
        conn.execute("insert into contacts values ('Aunt May', '555')")
    conn.close()


def _newer(path: Path, template: Path) -> None:
    shutil.copyfile(template, path)
    with sqlite3.connect(path) as conn:
        conn.execute("update alembic_version set version_num = '0099'")
    conn.close()


def _text(path: Path, _t: Path) -> None:
    path.write_text("name,email\nAnn,ann@example.org\n", encoding="utf-8")


# name: (make the file, exit status, words the refusal must contain)
HOSTILE = {
    "random bytes": (_random, 2, "not a database file"),
    "zero bytes": (_zero, 2, "empty file"),
    "truncated": (_truncated, 2, "shorter than the database"),
    "cut in its header": (_header_only, 2, "shorter than the database"),
    "a folder": (_directory, 2, "is a folder"),
    "missing folder": (_missing_folder, 2, "does not exist"),
    "another program's database": (_foreign, 2, "belongs to another program"),
    "a CSV file": (_text, 2, "not a database file"),
    "newer schema": (_newer, 1, "newer version of Euchre Tourney"),
}


def fingerprint(path: Path) -> tuple:
    """The bytes of the file (or the listing of the folder) and its folder's listing."""
    folder = path.parent if path.parent.exists() else None
    listing = tuple(sorted(p.name for p in folder.iterdir())) if folder else ()
    if path.is_file():
        return hashlib.sha256(path.read_bytes()).hexdigest(), listing
    if path.is_dir():
        return tuple(sorted(p.name for p in path.iterdir())), listing
    return None, listing


def run_cli(*argv: str, capsys) -> tuple[int, str]:
    code = cli.main(list(argv), stdout=io.StringIO())
    return code, capsys.readouterr().err


@pytest.fixture
def hostile(request, tmp_path, sqlite_template):
    make, code, words = HOSTILE[request.param]
    path = tmp_path / "club.sqlite"
    path = make(path, sqlite_template) or path
    return path, code, words


@pytest.mark.parametrize("hostile", list(HOSTILE), indirect=True)
def test_command_line_refuses_in_one_line_and_leaves_the_file(hostile, capsys):
    path, code, words = hostile
    before = fingerprint(path)
    for argv in (
        ("--database", str(path), "standings", "1"),
        ("standings", "1", "--database", str(path)),  # after the command, as users type it
        ("scorecards", "1", "--out", str(path.parent.parent / "x.pdf"), "--database", str(path)),
    ):
        status, err = run_cli(*argv, capsys=capsys)
        assert status == code, err
        assert err.startswith("euchre-tourney: error: ") and err.count("\n") == 1, err
        assert words in err and "Traceback" not in err and "sqlalchemy" not in err.lower()
    assert fingerprint(path) == before


@pytest.mark.parametrize("hostile", list(HOSTILE), indirect=True)
def test_window_start_refuses_with_one_dialog_and_leaves_the_file(hostile, gui_env):
    from euchre_tourney.gui.app import open_at_start

    path, _code, words = hostile
    before = fingerprint(path)
    assert open_at_start(str(path)) is None
    assert len(gui_env["errors"]) == 1
    title, message = gui_env["errors"][0]
    assert title == "Cannot open the database" and words in message
    assert fingerprint(path) == before


def _lock(path: Path, template: Path) -> sqlite3.Connection:
    shutil.copyfile(template, path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("insert into player (name, email, phone, active, created_at) values ('Held', '', '', 1, '2020-01-01')")
    return holder


def test_a_locked_file_is_refused_by_both(tmp_path, sqlite_template, monkeypatch, capsys, gui_env):
    from euchre_tourney.gui.app import open_at_start

    monkeypatch.setattr(safety, "LOCK_WAIT_SECONDS", 0.2)
    path = tmp_path / "club.sqlite"
    holder = _lock(path, sqlite_template)
    try:
        before = hashlib.sha256(path.read_bytes()).hexdigest()
        status, err = run_cli("standings", "1", "--database", str(path), capsys=capsys)
        assert status == 1 and err.count("\n") == 1 and "locked it" in err
        assert open_at_start(str(path)) is None
        assert "locked it" in gui_env["errors"][0][1]
        assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    finally:
        holder.close()


def test_a_read_only_file_is_read_by_the_command_line_and_refused_by_the_window(
    tmp_path, sqlite_template, monkeypatch, capsys, gui_env
):
    """Root ignores file modes, so the check's answer is what is simulated here."""
    from euchre_tourney.gui.app import open_at_start

    path = tmp_path / "club.sqlite"
    shutil.copyfile(sqlite_template, path)
    before = fingerprint(path)
    real_access = os.access
    monkeypatch.setattr(safety.os, "access", lambda p, mode: False if mode == os.W_OK else real_access(p, mode))
    status, err = run_cli("standings", "1", "--database", str(path), capsys=capsys)
    assert status == 2 and "No event has the id or name" in err  # read fine: only the event is unknown
    assert open_at_start(str(path)) is None
    assert "is read-only" in gui_env["errors"][0][1]
    assert fingerprint(path)[0] == before[0]


def test_read_only_commands_create_and_initialise_nothing(tmp_path, capsys):
    missing = tmp_path / "typo.sqlite"
    assert run_cli("standings", "1", "--database", str(missing), capsys=capsys)[0] == 2
    assert not missing.exists()
    blank = tmp_path / "blank.sqlite"
    sqlite3.connect(blank).close()  # a valid SQLite file without tables (0 bytes until written)
    with sqlite3.connect(blank) as conn:
        conn.execute("pragma user_version = 7")
    conn.close()
    before = fingerprint(blank)
    status, err = run_cli("standings", "1", "--database", str(blank), capsys=capsys)
    assert status == 2 and "no Euchre Tourney data" in err
    assert fingerprint(blank) == before


def test_the_window_makes_a_new_file_only_in_an_existing_folder(tmp_path, gui_env):
    from euchre_tourney.gui.app import open_at_start

    db = open_at_start(str(tmp_path / "new.sqlite"))
    assert db is not None and db.current_revision() is not None
    db.dispose()
    assert gui_env["errors"] == []
    assert open_at_start(str(tmp_path / "Clubs" / "new.sqlite")) is None
    assert not (tmp_path / "Clubs").exists()


def test_a_server_that_does_not_answer_and_a_bad_url(capsys, gui_env):
    from euchre_tourney.gui.app import open_at_start

    url = "postgresql://postgres@127.0.0.1:9/club"  # the discard port: nothing listens
    status, err = run_cli("standings", "1", "--database", url, capsys=capsys)
    assert status == 1 and err.count("\n") == 1 and "does not answer" in err and "Traceback" not in err
    assert open_at_start(url) is None and "does not answer" in gui_env["errors"][-1][1]
    for bad in ("nosuchdb://club", "postgresql+nosuchdriver://u@h/club"):
        status, err = run_cli("--database", bad, "standings", "1", capsys=capsys)
        assert status == 2 and err.count("\n") == 1 and "is not a database this app can open" in err


@pytest.mark.postgres
def test_server_databases_get_the_same_decisions(postgres_server, capsys, gui_env):
    """An empty server database is not initialised by a read-only command;
    another program's database is refused by both, its tables untouched."""
    from sqlalchemy import create_engine, inspect

    from euchre_tourney.gui.app import open_at_start

    empty, foreign = postgres_server.create(), postgres_server.create()
    try:
        empty_url, foreign_url = postgres_server.url_of(empty), postgres_server.url_of(foreign)
        status, err = run_cli("standings", "1", "--database", empty_url, capsys=capsys)
        assert status == 2 and "has no Euchre Tourney data" in err
        engine = create_engine(foreign_url)
        with engine.begin() as conn:
            conn.exec_driver_sql("create table invoices (id int)")
        assert run_cli("standings", "1", "--database", foreign_url, capsys=capsys)[0] == 2
        assert open_at_start(foreign_url) is None and "belongs to another program" in gui_env["errors"][-1][1]
        assert inspect(engine).get_table_names() == ["invoices"]
        engine.dispose()
        assert inspect(create_engine(empty_url)).get_table_names() == []
        db = open_at_start(empty_url)  # the window may set up an empty database for the stations
        assert db is not None and db.current_revision() is not None
        db.dispose()
    finally:
        postgres_server.drop(empty)
        postgres_server.drop(foreign)
