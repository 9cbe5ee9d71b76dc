"""Engine, pragmas, start-up migration, backup."""

from __future__ import annotations

import sqlite3

import pytest
from sqlalchemy import inspect
from sqlalchemy.exc import IntegrityError

from euchre_tourney.store import Database, Entrant, database_url, open_database


def test_migration_creates_every_table_and_is_idempotent(db_path):
    db = open_database(db_path)
    tables = set(inspect(db.engine).get_table_names())
    assert {"player", "event", "entrant", "event_round", "seat", "sit_out", "hand", "alembic_version"} <= tables
    head = db.current_revision()
    assert head is not None
    assert db.migrate() is None  # already at head: nothing to do, no backup
    db.dispose()


def test_foreign_keys_and_wal_are_on(db):
    with db.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    with db.session() as s:
        s.add(Entrant(event_id=999, player_id=999))
        with pytest.raises(IntegrityError):
            s.commit()


def test_backup_is_a_readable_copy(db, db_path):
    from euchre_tourney import tournament as T

    with db.session() as s:
        T.add_player(s, "Kept Safe")
    copy = db.backup("test")
    assert copy is not None and copy.exists() and copy.parent == db_path.parent
    with sqlite3.connect(copy) as conn:
        assert conn.execute("select name from player").fetchall() == [("Kept Safe",)]


def test_database_url_accepts_paths_and_urls(tmp_path, monkeypatch):
    assert database_url(tmp_path / "a.sqlite") == f"sqlite:///{tmp_path / 'a.sqlite'}"
    assert database_url("postgresql+psycopg://u@localhost/club") == "postgresql+psycopg://u@localhost/club"
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


def test_upgrade_from_first_schema_backs_up_and_keeps_data(db_path):
    old = Database(database_url(db_path))
    assert old.migrate("0001") is None  # a new file: nothing to back up
    assert old.current_revision() == "0001"
    with old.engine.begin() as conn:
        conn.exec_driver_sql("insert into player (name, email, phone, active, created_at) values ('Old Timer', '', '', 1, '2020-01-01')")
    old.dispose()

    db = open_database(db_path)
    assert "event_constraint" in inspect(db.engine).get_table_names()
    backups = list(db_path.parent.glob(db_path.name + ".backup-rev0001-*"))
    assert len(backups) == 1
    with sqlite3.connect(backups[0]) as conn:
        assert conn.execute("select version_num from alembic_version").fetchall() == [("0001",)]
        assert conn.execute("select name from player").fetchall() == [("Old Timer",)]
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("select name from player").fetchall() == [("Old Timer",)]
    db.dispose()


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
    assert not list(tmp_path.glob("new.sqlite.backup-*"))
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
