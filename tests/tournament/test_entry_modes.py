"""Entry modes and finished tables (issue 14, items 3 and 4): round totals
per table, validated against the rules; time called at a table; standings
the same whichever way the scores came in."""

from __future__ import annotations

import datetime

import pytest

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Seat, Side

HANDS = [HandEntry(Side.NS, 5, Seat.SOUTH), HandEntry(Side.EW, 1), HandEntry(Side.EW, 3, Seat.WEST), HandEntry(Side.NS, 3)]


def night(session, name, mode):
    ids = [T.add_player(session, f"{name} {i:02d}").id for i in range(9)]
    ev = T.create_event(session, name, datetime.date(2026, 3, 4), rounds=2, hands_per_round=4)
    T.set_checked_in(session, ev.id, ids)
    T.generate_rotation(session, ev.id, seed=7)
    if mode == "totals":
        T.update_event(session, ev.id, entry_mode="totals")
    return ev


def plain(view):
    return [(r.place, r.name.split()[-1], r.points, r.rounds_played, r.rounds_won, r.loners, r.sit_outs) for r in view.rows]


def test_standings_are_the_same_hand_by_hand_or_as_round_totals(session):
    by_hand, by_totals = night(session, "Hand", "hands"), night(session, "Totals", "totals")
    assert T.get_event(session, by_totals.id).entry_mode == "totals"
    for table in (1, 2):
        for n, entry in enumerate(HANDS, start=1):
            T.record_hand(session, by_hand.id, 1, table, n, entry)
        T.record_table_totals(session, by_totals.id, 1, table, 7, 1, {Seat.SOUTH: 1, Seat.WEST: 1})
    a, b = T.standings(session, by_hand.id), T.standings(session, by_totals.id)
    assert plain(a) == plain(b)
    assert a.status == b.status == "after round 1 — round 2: 0 of 2 tables in"
    assert b.entry_mode == "totals" and a.entry_mode == "hands"
    view = T.table_result(session, by_totals.id, 1, 1)
    assert view.finished and (view.ns_points, view.ew_points) == (7, 1) and view.loners == (0, 0, 1, 1)


@pytest.mark.parametrize(
    ("ns", "ew", "loners", "message"),
    [
        (17, 0, {}, "cannot score 17 points in 4 hands: at most 16"),
        (0, 0, {}, "No 4 hands under these rules"),
        (4, 4, {Seat.NORTH: 3, Seat.EAST: 2}, "5 loners cannot be made in 4 hands"),
        (-1, 4, {}, "whole number of 0 or more"),
        (4, 4, {Seat.NORTH: -1}, "North made a whole number of loners"),
    ],
)
def test_impossible_totals_are_refused_in_the_directors_words(session, ns, ew, loners, message):
    ev = night(session, "Bad", "totals")
    with pytest.raises(T.InvalidHand) as refused:
        T.record_table_totals(session, ev.id, 1, 1, ns, ew, loners)
    assert message in refused.value.message
    assert not T.table_result(session, ev.id, 1, 1).finished


def test_totals_need_the_totals_mode_and_the_mode_locks_once_scored(session):
    ev = night(session, "Mode", "hands")
    with pytest.raises(T.InvalidHand, match="scored hand by hand"):
        T.record_table_totals(session, ev.id, 1, 1, 4, 4)
    T.record_hand(session, ev.id, 1, 1, 1, HANDS[0])
    T.record_hand(session, ev.id, 2, 1, 1, HANDS[0])
    with pytest.raises(T.TournamentError, match="can no longer change"):
        T.update_event(session, ev.id, entry_mode="totals")
    with pytest.raises(T.TournamentError, match="hand by hand or as round totals"):
        T.update_event(session, ev.id, entry_mode="tally")


def test_the_mode_changes_for_rounds_with_no_hands_yet(session):
    """Issue 20: hands in round 1 do not stop round 2 from being entered as
    totals; round 1 stays hand by hand, and the standings add both."""
    ev = night(session, "Switch", "hands")
    for table in (1, 2):
        for n, entry in enumerate(HANDS, start=1):
            T.record_hand(session, ev.id, 1, table, n, entry)
    assert T.update_event(session, ev.id, entry_mode="totals").entry_mode == "totals"
    assert T.table_result(session, ev.id, 1, 1).entry_mode == "hands"  # what round 1 has
    assert T.table_result(session, ev.id, 2, 1).entry_mode == "totals"
    with pytest.raises(T.InvalidHand, match="Table 1 already has hands in round 1"):
        T.record_table_totals(session, ev.id, 1, 1, 7, 1)
    for table in (1, 2):
        T.record_table_totals(session, ev.id, 2, table, 7, 1, {Seat.SOUTH: 1, Seat.WEST: 1})
    view = T.standings(session, ev.id)
    assert sum(r.points - r.sit_out_credit for r in view.rows) == 2 * 2 * (7 + 7 + 1 + 1)  # 2 rounds × 2 tables
    with pytest.raises(T.TournamentError, match="can no longer change"):
        T.update_event(session, ev.id, entry_mode="hands")  # every round has scores now
    half = night(session, "Half", "hands")
    T.record_hand(session, half.id, 1, 1, 1, HANDS[0])
    T.update_event(session, half.id, entry_mode="totals")
    with pytest.raises(T.InvalidHand, match="Round 1 is entered hand by hand"):
        T.record_table_totals(session, half.id, 1, 2, 7, 1)  # one round is not entered two ways


def test_a_half_entered_table_counts_once_time_is_called(session):
    ev = night(session, "Time", "hands")
    for table in (1, 2):
        T.record_hand(session, ev.id, 1, table, 1, HANDS[0])
    view = T.standings(session, ev.id)
    assert all(r.rounds_played == 0 and r.points == 0 for r in view.rows)
    assert (view.current_round, view.tables_in, view.tables_total) == (1, 0, 2)
    T.finish_table(session, ev.id, 1, 1)
    view = T.standings(session, ev.id)
    assert view.status == "round 1: 1 of 2 tables in"
    assert sorted(r.points for r in view.rows if r.rounds_played) == [0, 0, 4, 4]
    assert all(r.sit_outs == 0 for r in view.rows)  # round 1 not finished: the sit-out waits
    T.finish_table(session, ev.id, 1, 2)
    view = T.standings(session, ev.id)
    assert view.status == "after round 1 — round 2: 0 of 2 tables in" and sum(r.sit_outs for r in view.rows) == 1
    T.finish_table(session, ev.id, 1, 2, finished=False)
    assert T.standings(session, ev.id).status == "round 1: 1 of 2 tables in"


def test_every_station_sees_totals_and_time_called_in_the_audit_trail(session):
    ev = night(session, "Audit", "totals")
    before = T.change_stamp(session, ev.id)
    T.record_table_totals(session, ev.id, 1, 1, 7, 1, {Seat.SOUTH: 1})
    T.finish_table(session, ev.id, 1, 2)
    T.clear_table_totals(session, ev.id, 1, 1)
    assert T.change_stamp(session, ev.id) > before
    lines = [a.text.split(": ", 1)[1] for a in T.audit_trail(session, ev.id)]
    assert "recorded round totals at table 1: North–South 7, East–West 1" in lines
    assert "recorded time called at table 2" in lines
    assert "deleted round totals at table 1: North–South 7, East–West 1" in lines
    assert not T.table_result(session, ev.id, 1, 1).finished
