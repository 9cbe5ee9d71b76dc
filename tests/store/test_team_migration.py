"""Migration 0004 (teams) on a database written by the schema before it."""

from __future__ import annotations

import sqlite3

from sqlalchemy import inspect

from euchre_tourney import tournament
from euchre_tourney.store import Database, database_url, open_database
from euchre_tourney.store.safety import backup_name


def _old_database(db_path) -> None:
    """A file at revision 0002 (before team events) holding one progressive
    event: 4 players, one round, one table, two hands."""
    from alembic import command

    from euchre_tourney.store.db import _alembic_config

    old = Database(database_url(db_path))
    config = _alembic_config(old.url)
    with old.engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0002")
    with old.engine.begin() as conn:
        sql = conn.exec_driver_sql
        for i, name in enumerate(["Anna", "Bob", "Чжан Вэй", "Dora"], 1):
            sql(f"insert into player (id, name, email, phone, active, created_at) values ({i}, '{name}', '', '', 1, '2025-01-01')")
        sql(
            "insert into event (id, name, date, kind, rounds, hands_per_round, rules_json, sit_out_rule, seed, created_at)"
            " values (1, 'Old night', '2025-01-02', 'progressive', 1, 2, '{}', 'average', 7, '2025-01-01')"
        )
        for i in range(1, 5):
            sql(f"insert into entrant (id, event_id, player_id, checked_in, number) values ({i}, 1, {i}, 1, {i})")
        sql("insert into event_round (id, event_id, number) values (1, 1, 1)")
        for i, seat in enumerate(["north", "east", "south", "west"], 1):
            sql(f"insert into seat (round_id, table_number, seat, entrant_id) values (1, 1, '{seat}', {i})")
        sql(
            "insert into hand (round_id, table_number, number, makers, maker_tricks, alone_seat, defender_alone,"
            " scoring_side, points, entered_at) values (1, 1, 1, 'NS', 5, NULL, 0, 'NS', 2, '2025-01-02')"
        )
        sql(
            "insert into hand (round_id, table_number, number, makers, maker_tricks, alone_seat, defender_alone,"
            " scoring_side, points, entered_at) values (1, 1, 2, 'EW', 2, NULL, 0, 'NS', 2, '2025-01-02')"
        )
    old.dispose()


def test_team_migration_keeps_progressive_events(db_path):
    _old_database(db_path)
    db = open_database(db_path)
    try:
        assert db.current_revision() == "0013"  # 0005: entry modes, timer, prizes, table results; 0006: timer saved; 0008: phones; 0009: seasons, brackets; 0010: tables of six; 0011: bracket match versions; 0012: club settings, mail records; 0013: sections and captains
        assert {"team", "team_game", "table_result", "table_secret", "phone_settings", "phone_action", "season", "season_event", "bracket", "bracket_match"} <= set(
            inspect(db.engine).get_table_names()
        )
        backups = [p for p in db_path.parent.iterdir() if "backup" in p.name]
        assert backups == [backup_name(db_path, "0002")]
        with sqlite3.connect(backups[0]) as conn:
            assert conn.execute("select version_num from alembic_version").fetchall() == [("0002",)]
            assert conn.execute("select count(*) from hand").fetchone() == (2,)
        with db.session() as s:
            e = tournament.get_event(s, 1)
            assert (e.name, e.kind, e.rounds, e.hands_per_round, e.entrant_count) == ("Old night", "progressive", 1, 2, 4)
            assert e.last_scored_round == 1
            view = tournament.standings(s, 1)
            points = {r.name: r.points for r in view.rows}
            assert points == {"Anna": 4, "Чжан Вэй": 4, "Bob": 0, "Dora": 0}
            assert [t.names for t in tournament.rotation_view(s, 1).rounds[0].tables] == [
                ("Anna", "Bob", "Чжан Вэй", "Dora")
            ]
            assert tournament.list_teams(s, 1) == []
    finally:
        db.dispose()
