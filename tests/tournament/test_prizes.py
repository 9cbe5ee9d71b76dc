"""Prize categories computed from the standings, ties shown (issue 14, item 7)."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Seat, Side
from euchre_tourney.rotation import Round, Table
from euchre_tourney.tournament.standings import HandFact, compute_standings

ALL = (("high", None), ("second", None), ("third", None), ("low", None), ("loners", None), ("closest", 3))


def standings_of(points_by_table):
    """One round, tables of four: each table's (NS, EW) points, with a loner at table 1 North."""
    players = {i: (i, f"P{i}", i) for i in range(1, 4 * len(points_by_table) + 1)}
    tables = tuple(Table(t + 1, 4 * t + 1, 4 * t + 2, 4 * t + 3, 4 * t + 4) for t in range(len(points_by_table)))
    hands = []
    for t, (ns, ew) in enumerate(points_by_table, start=1):
        hands += [HandFact(1, t, "NS", ns, Seat.NORTH if t == 1 else None, 5)] if ns else []
        hands += [HandFact(1, t, "EW", ew, None, 3)] if ew else []
    return compute_standings(players, (Round(1, tables, ()),), hands, sit_out_rule="none")


def test_prizes_follow_the_standings_and_show_ties():
    rows = standings_of([(4, 1), (2, 2)])  # P1, P3: 4 (P1 made the loner); P2, P4: 1; table 2 all 2
    prizes = {p.kind: p for p in T.compute_prizes(rows, ALL)}
    assert prizes["high"].winners == ("P1 (1)",) and not prizes["high"].shared  # the loner breaks the tie
    assert prizes["high"].text == "High score: P1 (1) — 4 points"
    assert prizes["second"].winners == ("P3 (3)",)
    third = prizes["third"]  # four players level on every tie-break share third
    assert set(third.winners) == {"P5 (5)", "P6 (6)", "P7 (7)", "P8 (8)"} and third.shared
    assert third.text.endswith("— 2 points (shared by 4)")
    assert prizes["low"].winners == ("P2 (2)", "P4 (4)")
    assert prizes["loners"].winners == ("P1 (1)",) and prizes["loners"].detail == "1 loner" and not prizes["loners"].shared
    # closest to 3: 2 and 4 are both 1 away
    assert set(prizes["closest"].winners) == {"P1 (1)", "P3 (3)", "P5 (5)", "P6 (6)", "P7 (7)", "P8 (8)"}
    assert prizes["closest"].title == "Closest to 3" and prizes["closest"].detail == "2 points / 4 points"


def test_no_prize_before_any_table_is_in():
    prizes = T.compute_prizes(standings_of([(0, 0)]), ALL)
    assert all(p.winners == () and p.text.endswith("not yet won") for p in prizes)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12)), min_size=1, max_size=6), st.integers(0, 15))
def test_prize_winners_are_exactly_the_best_for_each_category(tables, target):
    rows = standings_of(tables)
    prizes = {p.kind: p for p in T.compute_prizes(rows, ALL[:-1] + (("closest", target),))}
    if not any(r.rounds_played for r in rows):  # no table in: no prize yet
        assert all(not p.winners for p in prizes.values())
        return
    names = {f"{r.name} ({r.number})": r for r in rows if r.rounds_played}
    top = max(r.points for r in rows)
    assert all(names[w].points == top for w in prizes["high"].winners)
    assert {w for w in names if names[w].place == 1} == set(prizes["high"].winners)
    gap = min(abs(r.points - target) for r in names.values())  # among players who played (a table in)
    assert {w for w, r in names.items() if abs(r.points - target) == gap} == set(prizes["closest"].winners)
    low = min(r.points for r in names.values())
    assert set(prizes["low"].winners) == {w for w, r in names.items() if r.points == low}


def test_the_director_chooses_the_categories(session):
    ids = [T.add_player(session, f"Q{i}").id for i in range(4)]
    ev = T.create_event(session, "Prizes", datetime.date(2026, 3, 4), rounds=1, hands_per_round=1)
    T.set_checked_in(session, ev.id, ids)
    T.generate_rotation(session, ev.id, seed=1)
    assert T.prize_categories(session, ev.id) == T.DEFAULT_PRIZES
    T.set_prize_categories(session, ev.id, [("high", None), ("closest", 2)])
    T.record_hand(session, ev.id, 1, 1, 1, HandEntry(Side.NS, 5))
    prizes = T.standings(session, ev.id).prizes
    assert [p.title for p in prizes] == ["High score", "Closest to 2"]
    assert len(prizes[0].winners) == 2 and prizes[0].detail == "2 points"
    with pytest.raises(T.TournamentError, match="needs a number of points"):
        T.set_prize_categories(session, ev.id, [("closest", None)])
    with pytest.raises(T.TournamentError, match="no prize called"):
        T.set_prize_categories(session, ev.id, [("booby", None)])


def test_low_score_waits_for_a_players_table_to_be_in():
    """Issue 20: mid-round, a player whose table is not in yet has fewer
    points only because that round is missing: the low-score prize names
    players whose tables are all in (as the standings count only finished tables)."""
    players = {i: (i, f"P{i}", i) for i in range(1, 9)}
    tables = (Table(1, 1, 2, 3, 4), Table(2, 5, 6, 7, 8))
    rounds = (Round(1, tables, ()), Round(2, tables, ()))
    hands = [HandFact(1, 1, "NS", 4, None, 5), HandFact(1, 2, "NS", 4, None, 5), HandFact(1, 1, "EW", 1, None, 3),
             HandFact(1, 2, "EW", 1, None, 3), HandFact(2, 1, "NS", 2, None, 5)]  # round 2: table 2 not in
    rows = compute_standings(players, rounds, hands, sit_out_rule="none")
    assert {r.name: r.points for r in rows}["P6"] == 1  # at table 2, waiting for round 2
    low = {p.kind: p for p in T.compute_prizes(rows, ALL)}["low"]
    assert low.winners == ("P2 (2)", "P4 (4)") and low.detail == "1 point"
