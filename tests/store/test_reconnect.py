"""A database server that dropped its connections (a restart, a network
blip, an administrator) costs nothing: the pool checks a connection before
handing it out and replaces a dead one (issue 29, item 3)."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from euchre_tourney import tournament as T


def drop_connections(url: str) -> int:
    admin = create_engine(url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            return conn.exec_driver_sql(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            ).scalar()
    finally:
        admin.dispose()


@pytest.mark.postgres_only
def test_reads_and_writes_go_on_after_the_server_dropped_every_connection(db, backend):
    assert backend == "postgresql"
    with db.session() as s:
        T.add_player(s, "Ann")
    with db.session() as s, db.session() as s2:  # two connections in the pool
        s.exec(text("SELECT 1"))
        s2.exec(text("SELECT 1"))
    assert drop_connections(db.url) >= 2
    with db.session() as s:
        assert [p.name for p in T.list_players(s)] == ["Ann"]
    with db.session() as s:
        T.add_player(s, "Bob")
    with db.write_session() as s:
        s.exec(text("SELECT 1"))
    with db.session() as s:
        assert sorted(p.name for p in T.list_players(s)) == ["Ann", "Bob"]
