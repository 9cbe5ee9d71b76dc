"""The phone servers' room standings made with a memo (issue 30 item 4:
the standings of 2,000 players after every change): each section's
standings and the night's seats kept from one change to the next, made
again only when what they are made from changed. At every step of a night
split into sections -- hands in one section, a rename, a late arrival
re-planned into a section, a move between sections, a table finished early,
the prize settings -- the memo's answer is the answer made from nothing.
Runs on SQLite and PostgreSQL."""

from __future__ import annotations

from sqlalchemy import event as sa_event

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Side
from tests.split_nights import finish, split_night


def _same(db, event_id: int, memo: dict) -> None:
    with db.session() as s:
        kept = T.room_standings(s, event_id, memo)
    with db.session() as s:
        fresh = T.room_standings(s, event_id)
    assert kept == fresh


def test_the_memos_standings_are_the_fresh_ones_at_every_step(db):
    with db.session() as s:
        eid = split_night(s, 40, 20, rounds=4, hands=2)  # A 20, B 20
        secs = {x.name: x for x in T.list_sections(s, eid)}
    a_tables = range(secs["A"].first_table + 1, secs["A"].first_table + 6)
    b_tables = range(secs["B"].first_table + 1, secs["B"].first_table + 6)
    memo: dict = {}
    _same(db, eid, memo)
    with db.session() as s:
        finish(s, eid, 1, list(a_tables)[:2])  # hands in section A only
    _same(db, eid, memo)
    with db.session() as s:
        finish(s, eid, 1, list(a_tables)[2:] + list(b_tables), tricks=lambda t: 3 + t % 3)
    _same(db, eid, memo)
    with db.session() as s:  # a rename: the seats did not change, the names did
        someone = next(e for e in T.entrants(s, eid) if e.number == 3)
        T.update_player(s, someone.player_id, name="Renamed Rita")
    _same(db, eid, memo)
    with db.session() as s:
        T.record_hand(s, eid, 2, list(a_tables)[0], 1, HandEntry(Side.EW, 5))
    _same(db, eid, memo)
    with db.session() as s:  # a late arrival, re-planned into a section: new seats
        late = T.add_player(s, "Late Larry")
        T.set_checked_in(s, eid, late.id)
    _same(db, eid, memo)
    mover = sorted(secs["B"].members)[0]
    with db.session() as s:
        from euchre_tourney.store import Entrant

        player = s.get(Entrant, mover).player_id
    T.operate(db, "Move", T.move_to_section, eid, player, "A", event_id=eid)  # a move between sections
    _same(db, eid, memo)
    with db.session() as s:  # the prizes: every section's own change
        T.set_prize_categories(s, eid, [("high", None), ("closest", 40)])
    _same(db, eid, memo)
    with db.session() as s:
        assert any(p.title == "Closest to 40" for p in T.room_standings(s, eid, memo)[1]["A"].prizes)
    with db.session() as s:
        view, sections = T.room_standings(s, eid, memo)
    assert view.rows and set(sections) == {"A", "B"}
    assert any(r.name.startswith("Renamed Rita") for r in view.rows)
    assert any(r.name.startswith("Late Larry") for r in view.rows)


def test_a_hand_in_one_section_scores_that_section_alone(db, monkeypatch):
    """With the memo, a hand at one table scores its own section's players
    and the overall list (two scorings), not every section's; the seats
    are not read again either."""
    import importlib

    S = importlib.import_module("euchre_tourney.tournament.standings")  # (the package names a function so)

    with db.session() as s:
        eid = split_night(s, 60, 20, rounds=3, hands=2)  # A, B, C
        secs = {x.name: x for x in T.list_sections(s, eid)}
    memo: dict = {}
    with db.session() as s:
        T.room_standings(s, eid, memo)
    scored: list[int] = []
    real = S.compute_standings
    monkeypatch.setattr(S, "compute_standings", lambda players, *a, **k: scored.append(len(players)) or
                        real(players, *a, **k))
    said: list[str] = []

    def on_sql(conn, cursor, statement, *args):
        said.append(statement)

    with db.session() as s:
        T.record_hand(s, eid, 1, secs["B"].first_table + 1, 1, HandEntry(Side.NS, 3))
    sa_event.listen(db.engine, "before_cursor_execute", on_sql)
    try:
        with db.session() as s:
            T.room_standings(s, eid, memo)
    finally:
        sa_event.remove(db.engine, "before_cursor_execute", on_sql)
    assert sorted(scored) == [20, 60]  # section B's players, then everyone
    assert not any("FROM seat" in q and "seat.entrant_id" in q and "sit_out" not in q for q in said), said


def test_a_rotation_made_again_is_seen_though_its_rows_take_the_same_ids(db):
    """Made again with another seed before a hand is in, a rotation has as
    many rounds, seats and sit-outs as before, and SQLite gives the new rows
    the ids the deleted ones had (the highest id plus one): the memo must
    still see the new seats, or the standings credit the old ones."""
    with db.session() as s:
        eid = split_night(s, 18, 9, rounds=3, hands=2, seed=2)  # two sections; sit-outs in each
    memo: dict = {}
    _same(db, eid, memo)
    with db.session() as s:
        T.generate_rotation(s, eid, seed=7)
    with db.session() as s:
        finish(s, eid, 1, [1, 2])
    _same(db, eid, memo)
