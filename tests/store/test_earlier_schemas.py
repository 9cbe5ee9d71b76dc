"""Files made by every earlier schema keep their hands (issue 33 item 1):
a club file at each revision before the head -- a four-seat night with a
loner and a sit-out, and from revision 0010 on a six-player night (seats
``seat1`` .. ``seat6``, the lone maker's seat in ``hand.detail_json``) and a
bid euchre night (a failed bid) -- is upgraded at opening, and the standings,
the scorecards, the season, the ratings and the member pages read the same
hands through the one seat model (a seat is its position at its table).

The stored seat forms are those each schema wrote ("north" .. "west";
"seat1" .. "seat6"; a side game's seats as 0-based positions): the seat
model reads every one of them (:func:`euchre_tourney.rules.position`), so
no migration rewrites them and the rows are compared as they were written."""

from __future__ import annotations

import datetime
import json
import shutil
from pathlib import Path

import pytest

from euchre_tourney import tournament as T
from euchre_tourney.rules import NORTH_AMERICAN, HandEntry, Seat, Side
from euchre_tourney.rules.tables import TABLE_PRESETS, SideHandEntry
from euchre_tourney.store import Database, database_url, open_database
from euchre_tourney.store import db as store_db

VERSIONS = Path(store_db.__file__).parent / "migrations" / "versions"
REVISIONS = sorted(p.name.split("_", 1)[0] for p in VERSIONS.glob("[0-9]*_*.py"))
EARLIER = REVISIONS[:-1]
"""Every revision before the head (0001 .. 0010 today)."""

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
FOUR_HANDS = [HandEntry(Side.NS, 5, Seat.NORTH), HandEntry(Side.EW, 2)]  # North marches alone; East-West euchred
SIX = TABLE_PRESETS["six_player_33"]
SIX_HANDS = [(SideHandEntry(0, 5, alone=True), 2), (SideHandEntry(1, 3), None)]  # seat 3 marches alone
BID = TABLE_PRESETS["bid_four"]
BID_HANDS = [(SideHandEntry(1, 2, bid=4), 1)]  # East bids 4 and takes 2: East-West -4


def _upgrade_to(url: str, revision: str) -> None:
    """Alembic's ``upgrade`` of the database at ``url`` to ``revision`` (an
    empty database: from nothing), as the app of that schema ran it."""
    from alembic import command

    old = Database(url)
    config = store_db._alembic_config(old.url)
    with old.engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, revision)
    old.dispose()


@pytest.fixture(scope="module")
def sqlite_schema(tmp_path_factory):
    """``copy(revision, into)``: a SQLite file at ``into`` with the empty
    schema of ``revision`` (the same as ``_upgrade_to`` makes on a new file);
    returns its URL. Each revision's file is made once a test process and
    copied: revision r is made from the nearest earlier one made, upgraded
    step by step, so the run applies each migration about once (making
    0001 .. r afresh for every r applied 78 migrations for 12 revisions).
    Not on PostgreSQL: there a ``CREATE DATABASE … TEMPLATE`` of each kept
    schema cost the server more than the migrations it saved."""
    folder = tmp_path_factory.mktemp("schemas")
    made: list[str] = []

    def copy(revision: str, into: Path) -> str:
        kept = folder / f"{revision}.sqlite"
        if revision not in made:
            start = max((r for r in made if r < revision), default="")
            if start:
                shutil.copyfile(folder / f"{start}.sqlite", kept)
            for step in [r for r in REVISIONS if start < r <= revision]:
                _upgrade_to(database_url(kept), step)
            made.append(revision)
        shutil.copyfile(kept, into)
        return database_url(into)

    return copy


def _write_old_file(url: str, revision: str, *, schema_made: bool = False) -> None:
    """The file an app of schema ``revision`` left, written row by row with
    that schema's columns and seat forms (``schema_made``: ``url`` already
    holds that schema, with no rows: see :func:`sqlite_schema`)."""
    if not schema_made:
        _upgrade_to(url, revision)
    old = Database(url)
    six_era = revision >= "0010"
    with old.engine.begin() as conn:
        sql = conn.exec_driver_sql
        for i, name in enumerate(NAMES, 1):
            sql(f"insert into player (id, name, email, phone, active, created_at) values ({i}, '{name}', '', '', true, '2025-01-01')")

        def event(eid, name, day, players, hands_per_round, rules):
            sql(
                "insert into event (id, name, date, kind, rounds, hands_per_round, rules_json, sit_out_rule, seed, created_at)"
                f" values ({eid}, '{name}', '2025-01-{day:02d}', 'progressive', 1, {hands_per_round}, '{json.dumps(rules)}',"
                " 'average', 7, '2025-01-01')"
            )
            for p in range(1, players + 1):
                sql(f"insert into entrant (id, event_id, player_id, checked_in, number) values ({eid * 10 + p}, {eid}, {p}, true, {p})")
            sql(f"insert into event_round (id, event_id, number) values ({eid}, {eid}, 1)")

        def seat(eid, seats, sit_out=()):
            for p, name in enumerate(seats, 1):
                sql(f"insert into seat (round_id, table_number, seat, entrant_id) values ({eid}, 1, '{name}', {eid * 10 + p})")
            for p in sit_out:
                sql(f"insert into sit_out (round_id, entrant_id) values ({eid}, {eid * 10 + p})")

        def hand(eid, number, makers, tricks, alone, side, points, detail=None):
            columns = "round_id, table_number, number, makers, maker_tricks, alone_seat, defender_alone, scoring_side, points, entered_at"
            values = f"{eid}, 1, {number}, '{makers}', {tricks}, {alone}, false, '{side}', {points}, '2025-01-02'"
            if detail is not None:
                columns, values = columns + ", detail_json", values + f", '{json.dumps(detail, sort_keys=True)}'"
            sql(f"insert into hand ({columns}) values ({values})")

        # a four-seat night: five checked in, Gus (5) sits out
        event(1, "Old night", 2, 5, len(FOUR_HANDS), NORTH_AMERICAN.to_dict())
        seat(1, ["north", "east", "south", "west"], sit_out=(5,))
        for n, e in enumerate(FOUR_HANDS, 1):
            s = e.score(NORTH_AMERICAN)
            alone = f"'{e.alone_seat.key}'" if e.alone_seat is not None else "NULL"
            hand(1, n, e.makers.value, e.maker_tricks, alone, s.side.value, s.points)
        if not six_era:
            return
        # a six-player night: seats 1..6, the lone maker's seat in the hand's detail
        event(2, "Six night", 9, 6, len(SIX_HANDS), {**NORTH_AMERICAN.to_dict(), "table": SIX.to_dict()})
        seat(2, [f"seat{i}" for i in range(1, 7)])
        for n, (e, lone) in enumerate(SIX_HANDS, 1):
            side, points = e.score(SIX)
            detail = {"alone": e.alone, "bid": e.bid} | ({} if lone is None else {"alone_seat": lone})
            hand(2, n, ("NS", "EW")[e.makers], e.maker_tricks, "NULL", ("NS", "EW")[side], points, detail)
        # bid euchre for four: a failed bid
        event(3, "Bid night", 16, 4, len(BID_HANDS), {**NORTH_AMERICAN.to_dict(), "table": BID.to_dict()})
        seat(3, ["north", "east", "south", "west"])
        for n, (e, bidder) in enumerate(BID_HANDS, 1):
            side, points = e.score(BID)
            hand(3, n, ("NS", "EW")[e.makers], e.maker_tricks, "NULL", ("NS", "EW")[side], points,
                 {"alone": False, "bid": e.bid, "bidder": bidder})
    old.dispose()


def _rows(db) -> list[tuple]:
    with db.engine.connect() as conn:
        hands = conn.exec_driver_sql(
            "select round_id, table_number, number, makers, maker_tricks, alone_seat, scoring_side, points from hand order by id"
        ).fetchall()
        seats = conn.exec_driver_sql("select round_id, table_number, seat, entrant_id from seat order by id").fetchall()
    return [tuple(r) for r in hands] + [tuple(r) for r in seats]


def _check_upgraded(url: str, revision: str, *, schema_made: bool = False) -> None:
    _write_old_file(url, revision, schema_made=schema_made)
    old = Database(url)
    before = _rows(old)
    old.dispose()
    db = open_database(url)
    try:
        assert db.current_revision() == REVISIONS[-1]
        assert _rows(db) == before  # every hand and seat as it was written
        six_era = revision >= "0010"
        with db.session() as s:
            ids = {p.name: p.id for p in T.list_players(s)}
            # the four-seat night: North's loner, East-West euchred, Gus credited his average
            four = {r.name: r for r in T.standings(s, 1).rows}
            assert [four[n].points for n in ("Ann", "Bob", "Cy", "Dee")] == [6, 0, 6, 0]
            assert [four[n].loners for n in ("Ann", "Bob", "Cy", "Dee")] == [1, 0, 0, 0]
            assert four["Eve"].sit_outs == 1
            cards = {c.player_name: c for c in T.scorecards(s, 1)}
            assert [cards[n].rounds[0].seat_text for n in ("Ann", "Bob", "Cy", "Dee")] == ["North", "East", "South", "West"]
            season = T.create_season(s, "Old season", start_date=datetime.date(2025, 1, 1))
            rows = {r.name: r for r in T.season_standings(s, season.id).rows}
            rated = {r.name: r for r in T.ratings(s)}
            ann = T.player_history(s, ids["Ann"])
            if not six_era:
                assert rows["Ann"].points == 6 and rows["Ann"].loners == 1 and rows["Bob"].points == 0
                assert set(rated) == {"Ann", "Bob", "Cy", "Dee"} and rated["Ann"].rating.mu > rated["Bob"].rating.mu
                assert (ann.loners_made, ann.total_points, len(ann.nights)) == (1, 6, 1)
                return
            # the six-player night: seats 1, 3, 5 against 2, 4, 6; seat 3 (Cy) went alone and made it
            six_sides = [0, 0]
            for e, _ in SIX_HANDS:
                side, points = e.score(SIX)
                six_sides[side] += points
            six = {r.name: r for r in T.standings(s, 2).rows}
            assert [six[n].points for n in NAMES[:6]] == [six_sides[p % 2] for p in range(6)]
            assert [six[n].loners for n in NAMES[:6]] == [0, 0, 1, 0, 0, 0]
            assert [r.seat_text for r in (c.rounds[0] for c in T.scorecards(s, 2))] == [f"Seat {i}" for i in range(1, 7)]
            # bid euchre: East bid 4 and took 2, a loss for East-West in the standings, season, ratings and history
            bid = {r.name: r for r in T.standings(s, 3).rows}
            assert bid["Bob"].points == -4 and bid["Bob"].rounds_won == 0 and bid["Ann"].rounds_won == 1
            assert rows["Ann"].points == 6 + six_sides[0] + 0
            assert rows["Ann"].loners == 1 and rows["Cy"].loners == 1  # North at four; seat 3 at six
            assert rows["Bob"].points == 0 + six_sides[1] - 4
            assert rated["Ann"].rating.mu > rated["Bob"].rating.mu and rated["Fay"].rounds == 1
            bob = T.player_history(s, ids["Bob"])
            assert len(bob.nights) == 3 and bob.euchred >= 1
            assert {p.name for p in T.player_history(s, ids["Fay"]).partners} == {"Bob", "Dee"}
    finally:
        db.dispose()


@pytest.mark.parametrize("revision", EARLIER)
def test_a_file_of_every_earlier_schema_keeps_its_hands(tmp_path, revision, sqlite_schema):
    _check_upgraded(sqlite_schema(revision, tmp_path / "club.sqlite"), revision, schema_made=True)


@pytest.mark.parametrize("revision", EARLIER)
def test_a_postgresql_database_of_every_earlier_schema_keeps_its_hands(postgres_server, revision):
    name = postgres_server.create()
    try:
        # made whole each time: a CREATE DATABASE … TEMPLATE of a kept schema cost the server more
        _check_upgraded(postgres_server.url_of(name), revision)
    finally:
        postgres_server.drop(name)
