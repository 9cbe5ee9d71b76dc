"""Standings arithmetic: credited points, sit-out rule, tie-breaks."""

from __future__ import annotations

import datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tourney import tournament as T
from euchre_tourney.rotation import Round, Table
from euchre_tourney.rules import HandEntry, Seat, Side
from euchre_tourney.tournament.standings import (
    HandFact,
    TableFact,
    compute_standings,
    finished_tables,
    round_half_up,
    round_status,
)

PLAYERS = {i: (100 + i, f"P{i}", i) for i in range(1, 6)}
# two rounds of five players: one table and a sit-out each
ROUNDS = (
    Round(1, (Table(1, 1, 2, 3, 4),), (5,)),
    Round(2, (Table(1, 5, 1, 2, 3),), (4,)),
)


def row(rows, entrant):
    return next(r for r in rows if r.player_id == 100 + entrant)


def test_each_player_gets_their_sides_points():
    hands = [HandFact(1, 1, "NS", 2, None, 5), HandFact(1, 1, "EW", 1, None, 3), HandFact(1, 1, "NS", 1, None, 4)]
    rows = compute_standings(PLAYERS, ROUNDS[:1], hands, sit_out_rule="none")
    assert [row(rows, e).points for e in (1, 2, 3, 4)] == [3, 1, 3, 1]
    assert row(rows, 1).rounds_won == 1 and row(rows, 2).rounds_won == 0
    assert row(rows, 5).points == 0 and row(rows, 5).sit_outs == 1


def test_sit_out_average_credit_rounds_half_up():
    hands = [
        HandFact(1, 1, "NS", 3, None, 5),  # round 1: N(1), S(3) get 3; E(2), W(4) 0
        HandFact(2, 1, "NS", 2, None, 5),  # round 2: N(5), S(2) get 2; E(1), W(3) 0
    ]
    rows = compute_standings(PLAYERS, ROUNDS, hands, sit_out_rule="average")
    # player 5 sat out round 1, played round 2 for 2 -> credited 2
    assert row(rows, 5).round_points == (2, 2)
    assert row(rows, 5).sit_out_credit == 2
    # player 4 sat out round 2, scored 0 in round 1 -> credited 0
    assert row(rows, 4).points == 0
    assert round_half_up(3, 2) == 2 and round_half_up(5, 4) == 1 and round_half_up(7, 2) == 4


def test_sit_out_credit_waits_for_the_round_to_start():
    hands = [HandFact(1, 1, "NS", 1, None, 3)]
    rows = compute_standings(PLAYERS, ROUNDS, hands, sit_out_rule="average")
    assert row(rows, 4).sit_outs == 0  # round 2 has no hand yet
    assert row(rows, 5).sit_outs == 1


def test_tie_breaks_points_then_rounds_won_then_loners():
    players = {i: (i, f"P{i}", i) for i in range(1, 9)}
    rounds = (Round(1, (Table(1, 1, 2, 3, 4), Table(2, 5, 6, 7, 8)), ()),)
    hands = [
        HandFact(1, 1, "NS", 1, Seat.NORTH, 3),
        HandFact(1, 1, "EW", 1, None, 3),  # table 1 tied 1-1
        HandFact(1, 2, "NS", 1, None, 3),  # table 2: NS 1, EW 0
    ]
    rows = compute_standings(players, rounds, hands, sit_out_rule="none")
    order = [r.player_id for r in rows]
    # 5 and 7 won their round; 1 made a loner; 3, 2, 4 tied on 1/0/0... 
    assert order[:2] == [5, 7] and rows[0].place == 1 and rows[0].tied and rows[1].place == 1
    assert order[2] == 1 and rows[2].place == 3 and not rows[2].tied and rows[2].loners == 1
    assert {r.player_id for r in rows[3:6]} == {2, 3, 4} and all(r.place == 4 and r.tied for r in rows[3:6])
    assert [r.place for r in rows[6:]] == [7, 7]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 2), st.integers(1, 2), st.sampled_from(["NS", "EW"]), st.integers(1, 4)), max_size=30))
def test_points_credited_are_twice_the_hand_points(raw):
    players = {i: (i, f"P{i}", i) for i in range(1, 9)}
    rounds = (
        Round(1, (Table(1, 1, 2, 3, 4), Table(2, 5, 6, 7, 8)), ()),
        Round(2, (Table(1, 1, 5, 2, 6), Table(2, 3, 7, 4, 8)), ()),
    )
    hands = [HandFact(r, t, side, pts, None, 3) for r, t, side, pts in raw]
    rows = compute_standings(players, rounds, hands, sit_out_rule="average")
    assert sum(r.points for r in rows) == 2 * sum(h.points for h in hands)
    assert [r.place for r in rows] == sorted(r.place for r in rows)
    keys = [(r.points, r.rounds_won, r.loners) for r in rows]
    assert keys == sorted(keys, reverse=True)


def test_standings_use_case_reads_stored_hands(session):
    ids = [T.add_player(session, f"S{i}").id for i in range(5)]
    ev = T.create_event(session, "Five", datetime.date(2026, 5, 6), rounds=2, hands_per_round=2)
    T.set_checked_in(session, ev.id, ids)
    rot = T.generate_rotation(session, ev.id, seed=2)
    T.record_hand(session, ev.id, 1, 1, 1, HandEntry(Side.NS, 5))
    half = T.standings(session, ev.id)  # 1 of 2 hands: the table does not count yet
    assert all(r.points == 0 and r.rounds_played == 0 and r.sit_outs == 0 for r in half.rows)
    assert half.status == "round 1: 0 of 1 tables in"
    T.record_hand(session, ev.id, 1, 1, 2, HandEntry(Side.EW, 3))
    view = T.standings(session, ev.id)
    assert view.status == "after round 1 — round 2: 0 of 1 tables in"
    table = rot.rounds[0].tables[0]
    by_name = {r.name: r for r in view.rows}
    assert by_name[table.north].points == 2 and by_name[table.east].points == 1
    assert by_name[table.north].rounds_played == 1 and by_name[table.north].rounds_won == 1
    assert by_name[rot.rounds[0].sit_out[0]].sit_outs == 1
    assert view.hands_recorded == 2 and view.tie_breaks == ("Total points", "Rounds won", "Loners made")


def test_half_entered_tables_do_not_count_and_the_status_says_so():
    players = {i: (i, f"P{i}", i) for i in range(1, 10)}
    rounds = (Round(1, (Table(1, 1, 2, 3, 4), Table(2, 5, 6, 7, 8)), (9,)),)
    full = [HandFact(1, 1, "NS", 1, None, 3)] * 4
    half = [HandFact(1, 2, "EW", 2, None, 5)] * 2
    rows = compute_standings(players, rounds, full + half, hands_per_round=4)
    assert row_of(rows, 1).points == 4 and row_of(rows, 1).rounds_played == 1
    assert row_of(rows, 6).points == 0 and row_of(rows, 6).rounds_played == 0 and row_of(rows, 6).rounds_won == 0
    assert row_of(rows, 9).sit_outs == 0  # the round is not finished: no sit-out credit yet
    finished = finished_tables(rounds, full + half, (), 4)
    assert round_status(rounds, finished)[4] == "round 1: 1 of 2 tables in"
    early = (TableFact(1, 2, finished_early=True),)  # time called at table 2
    rows = compute_standings(players, rounds, full + half, hands_per_round=4, tables=early)
    assert row_of(rows, 6).points == 4 and row_of(rows, 6).rounds_won == 1
    assert row_of(rows, 9).sit_outs == 1 and row_of(rows, 9).points == 0  # no played round yet: credit 0
    status = round_status(rounds, finished_tables(rounds, full + half, early, 4))
    assert status == (1, None, 0, 0, "after round 1 — all tables in")


def test_round_totals_give_the_same_standings_as_the_hands():
    players = {i: (i, f"P{i}", i) for i in range(1, 5)}
    rounds = (Round(1, (Table(1, 1, 2, 3, 4),), ()),)
    hands = [HandFact(1, 1, "NS", 4, Seat.SOUTH, 5), HandFact(1, 1, "EW", 2, None, 1), HandFact(1, 1, "EW", 1, Seat.WEST, 3)]
    by_hand = compute_standings(players, rounds, hands, hands_per_round=3)
    totals = (TableFact(1, 1, totals=(4, 3), loners=((Seat.SOUTH, 1), (Seat.WEST, 1))),)
    by_totals = compute_standings(players, rounds, [], hands_per_round=3, tables=totals)
    assert by_hand == by_totals


def row_of(rows, player_id):
    return next(r for r in rows if r.player_id == player_id)
