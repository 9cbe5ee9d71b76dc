"""Engine, pragmas, the start-up migration (atomic, announced), backups,
newer schemas refused; upgrades on SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import inspect
from sqlalchemy.exc import IntegrityError

from euchre_tourney.store import (
    Database,
    Entrant,
    MigrationFailed,
    NewerDatabase,
    database_url,
    open_database,
)
from euchre_tourney.store import db as store_db
from euchre_tourney.store.safety import backup_name

TABLES = {"player", "event", "entrant", "event_round", "seat", "sit_out", "hand", "hand_audit", "alembic_version"}


def make_old(url: str, revision: str) -> None:
    """A database as an older version of the app left it, with one player."""
    from alembic import command

    old = Database(url)
    config = store_db._alembic_config(old.url)
    with old.engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, revision)
    with old.engine.begin() as conn:
        conn.exec_driver_sql(
            "insert into player (name, email, phone, active, created_at) values ('Old Timer', '', '', true, '2020-01-01')"
        )
    old.dispose()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_migration_creates_every_table_and_is_idempotent(db):
    assert TABLES <= set(inspect(db.engine).get_table_names())
    head = db.current_revision()
    assert head == store_db.schema_revisions()[1]
    assert db.migrate() is None  # already at head: nothing to do, no backup


def test_foreign_keys_and_wal_are_on(db_path):
    db = open_database(db_path)
    with db.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    with db.session() as s:
        s.add(Entrant(event_id=999, player_id=999))
        with pytest.raises(IntegrityError):
            s.commit()
    db.dispose()


def test_backup_is_a_readable_copy(db_path):
    from euchre_tourney import tournament as T

    db = open_database(db_path)
    with db.session() as s:
        T.add_player(s, "Kept Safe")
    copy = db.backup("test")
    assert copy is not None and copy.exists() and copy.parent == db_path.parent
    with sqlite3.connect(copy) as conn:
        assert conn.execute("select name from player").fetchall() == [("Kept Safe",)]
    db.dispose()


def test_database_url_accepts_paths_and_urls(tmp_path, monkeypatch):
    assert database_url(tmp_path / "a.sqlite") == f"sqlite:///{tmp_path / 'a.sqlite'}"
    assert database_url("postgresql+psycopg://u@localhost/club") == "postgresql+psycopg://u@localhost/club"
    assert database_url("postgresql://u@localhost/club") == "postgresql+psycopg://u@localhost/club"
    monkeypatch.setenv("EUCHRE_TOURNEY_DATABASE", str(tmp_path / "env.sqlite"))
    assert database_url(None).endswith("env.sqlite")
    monkeypatch.delenv("EUCHRE_TOURNEY_DATABASE")
    assert database_url(None).endswith("euchre_tourney.sqlite")


def test_in_memory_database_has_no_file():
    db = Database("sqlite://")
    assert db.path is None and db.backup("x") is None
    db.migrate()
    assert "player" in inspect(db.engine).get_table_names()
    db.dispose()


@pytest.mark.parametrize("revision", ["0001", "0002"])
def test_upgrade_keeps_data_and_one_backup_named_for_people(db_path, revision):
    make_old(database_url(db_path), revision)
    db = open_database(db_path)
    assert TABLES <= set(inspect(db.engine).get_table_names())
    db.dispose()
    backup = backup_name(db_path, revision)
    assert backup.name == f"club (backup before upgrade from schema {revision}).sqlite"
    assert digest(backup) != digest(db_path)
    with sqlite3.connect(backup) as conn:
        assert conn.execute("select version_num from alembic_version").fetchall() == [(revision,)]
        assert conn.execute("select name from player").fetchall() == [("Old Timer",)]
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("select name from player").fetchall() == [("Old Timer",)]
        assert conn.execute("select station, version from hand").fetchall() == []
    open_database(db_path).dispose()  # at head: no second copy, ever
    assert sorted(p.name for p in db_path.parent.iterdir() if "backup" in p.name) == [backup.name]


def test_a_second_failed_start_does_not_make_another_backup(db_path, tmp_path, monkeypatch):
    make_old(database_url(db_path), "0002")
    broken = _broken_migrations(tmp_path, monkeypatch)
    for _ in range(3):
        with pytest.raises(MigrationFailed) as failed:
            open_database(db_path)
    assert str(backup_name(db_path, "0002")) in failed.value.message
    assert "left exactly as it was" in failed.value.message
    assert len([p for p in db_path.parent.iterdir() if "backup" in p.name]) == 1
    with sqlite3.connect(db_path) as conn:  # the half-run upgrade left no trace: one transaction
        assert conn.execute("select version_num from alembic_version").fetchall() == [("0002",)]
        assert "hand_audit" not in {r[0] for r in conn.execute("select name from sqlite_master")}
        assert "nickname" not in {r[1] for r in conn.execute("pragma table_info(player)")}
        assert conn.execute("select name from player").fetchall() == [("Old Timer",)]
    assert broken.exists()


def _broken_migrations(tmp_path: Path, monkeypatch) -> Path:
    """A copy of the migrations with a last migration that changes things, then fails."""
    scripts = tmp_path / "migrations"
    shutil.copytree(store_db._MIGRATIONS, scripts, ignore=shutil.ignore_patterns("__pycache__"))
    broken = scripts / "versions" / "9999_broken.py"
    broken.write_text(
        "from alembic import op\nimport sqlalchemy as sa\n"
        "revision = '9999'\ndown_revision = '" + store_db.schema_head() + "'\nbranch_labels = None\ndepends_on = None\n"
        "def upgrade():\n"
        "    op.add_column('player', sa.Column('nickname', sa.String(20)))\n"
        "    op.execute(\"insert into player (name, email, phone, active, created_at) values ('Ghost', '', '', true, '2020-01-01')\")\n"
        "    raise RuntimeError('disk unplugged')\n"
        "def downgrade():\n    pass\n"
    )
    monkeypatch.setattr(store_db, "_MIGRATIONS", scripts)
    return broken


def test_failed_migration_on_postgresql_leaves_the_database_as_it_was(postgres_server, tmp_path, monkeypatch):
    name = postgres_server.create()
    try:
        url = postgres_server.url_of(name)
        make_old(url, "0002")
        _broken_migrations(tmp_path, monkeypatch)
        with pytest.raises(MigrationFailed):
            open_database(url)
        db = Database(url)
        assert db.current_revision() == "0002"
        assert "hand_audit" not in inspect(db.engine).get_table_names()
        db.dispose()
    finally:
        postgres_server.drop(name)


def test_upgrade_on_postgresql_from_the_current_schema_keeps_data(postgres_server):
    name = postgres_server.create()
    try:
        url = postgres_server.url_of(name)
        make_old(url, "0002")
        db = open_database(url)
        assert TABLES <= set(inspect(db.engine).get_table_names())
        with db.engine.connect() as conn:
            assert conn.exec_driver_sql("select name from player").fetchall() == [("Old Timer",)]
        db.dispose()
    finally:
        postgres_server.drop(name)


def test_a_newer_schema_is_refused_untouched_and_not_copied(db_path):
    open_database(db_path).dispose()
    with sqlite3.connect(db_path) as conn:
        conn.execute("update alembic_version set version_num = '0099'")
    before = digest(db_path)
    files = sorted(p.name for p in db_path.parent.iterdir())
    for _ in range(2):
        with pytest.raises(NewerDatabase) as refused:
            open_database(db_path)
    assert "newer version of Euchre Tourney (schema 0099)" in refused.value.message
    assert f"knows schemas up to {store_db.schema_head()}" in refused.value.message
    assert digest(db_path) == before
    assert sorted(p.name for p in db_path.parent.iterdir()) == files


def _read_only_connections(db) -> None:
    """Every new connection refuses writes as a read-only file would
    (SQLite's ``query_only``: "attempt to write a readonly database")."""
    from sqlalchemy import event

    event.listen(db.engine, "connect", lambda conn, _r: conn.execute("PRAGMA query_only=ON"))
    db.engine.dispose()


def test_database_errors_reach_the_director_in_words(db_path):
    from euchre_tourney import tournament as T

    db = open_database(db_path)
    _read_only_connections(db)
    with pytest.raises(T.TournamentError) as refused:  # what every page already catches
        with db.session() as s:
            T.add_player(s, "Ann")
    error = refused.value
    assert isinstance(error, T.DatabaseUnavailable) and error.exit_code == 1
    assert error.message == (
        f"The database {db_path} cannot be written: the file or its folder is read-only. Nothing was saved. "
        "Copy it to a folder you can write to, or ask for write permission."
    )
    assert "readonly database" in error.detail  # the driver's words kept for the details, not shown
    assert "sqlalchemy" not in error.message.lower() and "background" not in error.message.lower()
    db.dispose()
    db = open_database(db_path)
    with db.session() as s:
        assert T.list_players(s) == []  # and indeed nothing was saved
    db.dispose()


# --- start-up time: no Alembic import when nothing is to be migrated (issue 16) ---


def test_schema_head_read_as_text_is_alembics_head():
    from alembic.script import ScriptDirectory

    from euchre_tourney.store.db import _alembic_config, schema_head

    assert schema_head() == ScriptDirectory.from_config(_alembic_config("sqlite://")).get_current_head()


def test_schema_head_gives_up_on_a_branched_or_unreadable_history(tmp_path):
    from euchre_tourney.store.db import schema_head

    (tmp_path / "a.py").write_text("revision = 'a'\ndown_revision = None\n")
    (tmp_path / "b.py").write_text("revision: str = \"b\"\ndown_revision: str | None = 'a'\n")
    assert schema_head(tmp_path) == "b"
    (tmp_path / "c.py").write_text("revision = 'c'\ndown_revision = 'a'\n")  # two heads: b and c
    assert schema_head(tmp_path) is None
    (tmp_path / "m.py").write_text("revision = 'm'\ndown_revision = ('b', 'c')\n")  # merged again
    assert schema_head(tmp_path) == "m"
    (tmp_path / "x.py").write_text("revision = make_id()\ndown_revision = 'm'\n")
    assert schema_head(tmp_path) is None


def test_opening_a_database_at_head_does_not_import_alembic(db_path):
    import subprocess
    import sys

    open_database(db_path).dispose()  # created and migrated: Alembic is used
    code = (
        "import sys; from euchre_tourney.store import open_database; "
        f"db = open_database({str(db_path)!r}); db.dispose(); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'alembic'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def _schema(engine) -> dict:
    """Everything about the app's tables that a migration could get wrong."""
    i = inspect(engine)
    return {
        t: {
            "columns": [(c["name"], str(c["type"]), c["nullable"], str(c.get("default"))) for c in i.get_columns(t)],
            "pk": i.get_pk_constraint(t),
            "fks": sorted(
                (tuple(f["constrained_columns"]), f["referred_table"], tuple(f["referred_columns"]), f["options"].get("ondelete"))
                for f in i.get_foreign_keys(t)
            ),
            "indexes": sorted((x["name"], tuple(x["column_names"]), bool(x["unique"])) for x in i.get_indexes(t)),
            "unique": sorted((x["name"], tuple(x["column_names"])) for x in i.get_unique_constraints(t)),
            "checks": sorted((x["name"], x["sqltext"]) for x in i.get_check_constraints(t)),
        }
        for t in sorted(i.get_table_names())
    }


def test_a_new_database_gets_exactly_the_schema_the_migrations_build(tmp_path):
    from alembic import command

    from euchre_tourney.store.db import _alembic_config, schema_head

    migrated = Database(database_url(tmp_path / "migrated.sqlite"))
    config = _alembic_config(migrated.url)
    with migrated.engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "head")
    new = open_database(tmp_path / "new.sqlite")  # empty: created from the models, head recorded
    assert _schema(new.engine) == _schema(migrated.engine)
    assert new.current_revision() == migrated.current_revision() == schema_head()
    assert not [p for p in tmp_path.iterdir() if "backup" in p.name]
    migrated.dispose()
    new.dispose()


def test_a_database_with_foreign_tables_and_no_revision_is_left_to_alembic(tmp_path):
    db = Database(database_url(tmp_path / "other.sqlite"))
    with db.engine.begin() as conn:
        conn.exec_driver_sql("create table player (id integer primary key)")  # someone else's half-made schema
    assert db._create_newest("head") is False
    assert inspect(db.engine).get_table_names() == ["player"]
    db.dispose()


def test_creating_a_new_database_does_not_import_alembic(tmp_path):
    import subprocess
    import sys

    from euchre_tourney.store.db import schema_head

    code = (
        "import sys; from euchre_tourney.store import open_database; "
        f"db = open_database({str(tmp_path / 'first.sqlite')!r}); print(db.current_revision()); db.dispose(); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'alembic'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == schema_head() and out[1] == "[]"
