"""The first look at a file (euchre_tourney.glance): the same rows as the
tournament's read models, read-only, and nothing at all when it cannot be
sure (another schema, not a database, a server)."""

from __future__ import annotations

import datetime
import sqlite3
from contextlib import closing

from euchre_tourney import glance
from euchre_tourney import tournament as T
from euchre_tourney.store.db import schema_head


def test_the_first_look_reads_the_newest_schema():
    assert glance.SCHEMA_HEAD == schema_head()  # a new migration: update glance (and what it reads) with it


def _club(path):
    db = T.open_database(path)
    with db.session() as s:
        ids = [T.add_player(s, n, f"{n[:3].lower()}@club.org").id for n in ("Ann Avery", "Bob Baker", "Cy Cole", "Di Dale", "Ed Egan")]
        T.add_player(s, "BOB baker")
        gone = T.add_player(s, "Gus Gray").id
        old = T.create_event(s, "Thursday", datetime.date(2026, 4, 30))
        T.set_checked_in(s, old.id, [*ids[:3], gone])
        T.generate_rotation(s, old.id, seed=1)
        T.remove_player(s, gone)  # retired: kept in Thursday's list, gone from the roster
        ev = T.create_event(s, "Friday", datetime.date(2026, 5, 1))
        T.set_checked_in(s, ev.id, ids[:4])
    return db, old.id, ev.id


def test_it_shows_the_rows_the_read_models_give(tmp_path):
    path = tmp_path / "club.sqlite"
    db, old_id, event_id = _club(path)
    with db.session() as s:
        players = T.list_players(s)
        events = T.list_events(s)
        entrants = {eid: T.entrants(s, eid) for eid in (old_id, event_id)}
    db.dispose()
    before = path.read_bytes()
    look = glance.take(str(path))
    assert look is not None and not look.new
    assert sorted((p.id, p.label, p.email, p.phone, p.duplicate_of) for p in look.players) == sorted(
        (p.id, p.label, p.email, p.phone, p.duplicate_of) for p in players)
    assert [(e.id, e.title) for e in look.events] == [(e.id, f"{e.name} ({e.date:%Y-%m-%d})") for e in events]
    for eid, rows in entrants.items():
        assert sorted((e.player_id, e.label or e.name, e.checked_in, e.number, e.active) for e in look.entrants(eid)) == sorted(
            (e.player_id, e.label or e.name, e.checked_in, e.number, e.active) for e in rows)
    assert any(not e.active for e in look.entrants(old_id))  # Gus, retired, still in Thursday's list
    assert path.read_bytes() == before  # read-only


def test_it_says_nothing_when_it_cannot_be_sure(tmp_path):
    path = tmp_path / "club.sqlite"
    db, _old, _event = _club(path)
    db.dispose()
    for version in ("0012", "9999"):  # older: Alembic's upgrade (and backup) first; newer: refused in words
        with closing(sqlite3.connect(path)) as conn, conn:
            conn.execute("UPDATE alembic_version SET version_num = ?", (version,))
        assert glance.take(str(path)) is None
    text = tmp_path / "notes.sqlite"
    text.write_bytes(b"not a database at all" * 100)
    assert glance.take(str(text)) is None
    assert glance.take(str(tmp_path)) is None  # a folder
    assert glance.take(str(tmp_path / "no such folder" / "club.sqlite")) is None  # the database layer says why
    assert glance.take("postgresql://club@server/euchre") is None  # a server: the usual path
    new = glance.take(str(tmp_path / "new.sqlite"))  # a new file: nothing in it yet, and not created here
    assert new is not None and new.new and new.players == () and new.events == ()
    assert not (tmp_path / "new.sqlite").exists()
