"""Issue 24 item 5: a whole six-player night at tables of six and a whole bid
euchre night, run through the use cases; their refusals; undo of the game."""

from __future__ import annotations

import datetime
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Side, tables
from euchre_tourney.rules.tables import SideHandEntry


def _night(session, game, players, rounds=3, hands=2):
    ids = [T.add_player(session, f"Player {i:02d}").id for i in range(players)]
    ev = T.create_event(session, "Side night", datetime.date(2026, 11, 25), rounds=rounds, hands_per_round=hands, game=game)
    T.set_checked_in(session, ev.id, ids)
    view = T.generate_rotation(session, ev.id, seed=5)
    return ev, view


def test_six_player_night_seats_six_a_table_and_reports_its_balance(session):
    ev, view = _night(session, "six_player_33", 14)
    assert T.event_game_of(session, ev.id) == tables.SIX_PLAYER_33
    assert len(view.rounds) == 3
    for r in view.rounds:
        assert [len(t.names) for t in r.tables] == [6, 6] and len(r.sit_out) == 2
        seated = [n for t in r.tables for n in t.names] + list(r.sit_out)
        assert len(set(seated)) == 14
    assert any("partner" in line for line in view.quality)  # the balance figures in words
    assert T.rotation_view(session, ev.id) == view


def test_whole_six_player_night_scores_each_player_as_their_side(session):
    ev, view = _night(session, "six_player_33", 12, rounds=2, hands=2)
    # round 1, table 1: first side marches alone (6), second side makes 3 (1)
    h = T.record_side_hand(session, ev.id, 1, 1, 1, SideHandEntry(0, 5, alone=True))
    assert (h.side, h.points) == (0, 6)
    T.record_side_hand(session, ev.id, 1, 1, 2, SideHandEntry(1, 3))
    # table 1 finished, table 2 not: only table 1 counts
    mid = T.standings(session, ev.id)
    t1 = view.rounds[0].tables[0].names
    by_name = {r.name: r for r in mid.rows}
    assert [by_name[n].points for n in t1] == [6, 1, 6, 1, 6, 1]
    assert all(by_name[n].round_points == (None, None) for n in view.rounds[0].tables[1].names)
    assert mid.status == "round 1: 1 of 2 tables in"
    # a euchre of the second side: 3 to the first side; then the rest of the night
    T.record_side_hand(session, ev.id, 1, 2, 1, SideHandEntry(1, 2))
    T.record_side_hand(session, ev.id, 1, 2, 2, SideHandEntry(0, 4))
    for table in (1, 2):
        for number in (1, 2):
            T.record_side_hand(session, ev.id, 2, table, number, SideHandEntry(table % 2, 3))
    final = T.standings(session, ev.id)
    assert final.status == "after round 2 — all tables in" and final.hands_recorded == 8
    t2 = view.rounds[0].tables[1].names
    by_name = {r.name: r for r in final.rows}
    assert [by_name[n].round_points[0] for n in t2] == [4, 0, 4, 0, 4, 0]
    # each player's total is the sum of what their side scored at their finished tables
    for r in final.rows:
        assert r.points == sum(p for p in r.round_points if p is not None)
    assert final.rows[0].place == 1 and final.tie_breaks == ("Total points", "Rounds won", "Loners made")  # as at four (issue 33 item 5)
    table = T.side_table_score(session, ev.id, 1, 1)
    assert table.totals == (6, 1) and table.next_hand is None and len(table.names) == 6


@pytest.mark.parametrize(
    ("entry", "bidder", "message"),
    [
        (SideHandEntry(0, 6), None, "The makers' tricks must be a whole number from 0 to 5"),
        (SideHandEntry(2, 3), None, "Say which side made trump"),
        (SideHandEntry(0, 3, bid=3), None, "has no bids: leave the bid empty"),
        (SideHandEntry(0, 3), 1, "has no bids: leave the bidder empty"),
    ],
)
def test_six_player_refusals_are_the_engines_sentences(session, entry, bidder, message):
    ev, _ = _night(session, "six_player_33", 6, rounds=1)
    with pytest.raises(T.InvalidHand, match=message):
        T.record_side_hand(session, ev.id, 1, 1, 1, entry, bidder)
    assert T.standings(session, ev.id).hands_recorded == 0


def test_four_seat_entry_is_refused_for_a_side_game(session):
    ev, _ = _night(session, "six_player_33", 6, rounds=1)
    with pytest.raises(T.InvalidHand, match="This event is Six player, 33 cards"):
        T.record_hand(session, ev.id, 1, 1, 1, HandEntry(Side.NS, 3))


def test_whole_bid_euchre_night(session):
    ev, view = _night(session, "bid_four", 8, rounds=2, hands=2)
    assert all(len(t.names) == 4 for r in view.rounds for t in r.tables)
    # North bids 4 and takes 4: North-South score 4; East bids 3 and takes 2: East-West lose 3
    h = T.record_side_hand(session, ev.id, 1, 1, 1, SideHandEntry(0, 4, bid=4), bidder=0)
    assert (h.side, h.points, h.bidder) == (0, 4, 0)
    h = T.record_side_hand(session, ev.id, 1, 1, 2, SideHandEntry(1, 2, bid=3), bidder=1)
    assert (h.side, h.points) == (1, -3)
    for rnd, table in ((1, 2), (2, 1), (2, 2)):
        for number in (1, 2):
            T.record_side_hand(session, ev.id, rnd, table, number, SideHandEntry(0, 5, bid=5), bidder=2)
    st_ = T.standings(session, ev.id)
    t1 = view.rounds[0].tables[0]
    by_name = {r.name: r for r in st_.rows}
    assert [by_name[n].round_points[0] for n in t1.names] == [4, -3, 4, -3]  # N, E, S, W
    for r in st_.rows:
        assert r.points == sum(p for p in r.round_points if p is not None)
    assert T.side_table_score(session, ev.id, 1, 1).totals == (4, -3)


@pytest.mark.parametrize(
    ("entry", "bidder", "message"),
    [
        (SideHandEntry(0, 3, bid=1), 0, "The bid must be a whole number from 2 to 5"),
        (SideHandEntry(0, 3, bid=6), 0, "The bid must be a whole number from 2 to 5"),
        (SideHandEntry(0, 3, alone=True, bid=3), 0, "Nobody plays alone in Bid euchre"),
        (SideHandEntry(0, 3, bid=3), None, "Say who bid"),
        (SideHandEntry(0, 3, bid=3), 1, "the bidder sits on the makers' side"),
        (SideHandEntry(0, 3, bid=3), 4, "The bidder is one of the 4 seats"),
    ],
)
def test_bid_euchre_refusals(session, entry, bidder, message):
    ev, _ = _night(session, "bid_four", 4, rounds=1)
    with pytest.raises(T.InvalidHand, match=message):
        T.record_side_hand(session, ev.id, 1, 1, 1, entry, bidder)
    assert T.standings(session, ev.id).hands_recorded == 0


def test_unknown_game_and_team_side_game_are_refused(session):
    with pytest.raises(T.TournamentError, match="cannot be of the game 'cutthroat'"):
        T.create_event(session, "X", datetime.date(2026, 1, 1), game="cutthroat")
    with pytest.raises(T.TournamentError, match="progressive event entered hand by hand"):
        T.create_event(session, "X", datetime.date(2026, 1, 1), kind="team", game="bid_four")


def test_the_game_is_set_and_undone_through_the_unit_of_work(db):
    log = T.UndoLog(db)
    with db.session() as s:
        ev = T.create_event(s, "Night", datetime.date(2026, 1, 1))
    title, change = log.run("Game", T.set_event_game, ev.id, "almonte_six", event_id=ev.id)
    assert title == "Six hand Almonte (3 against 3)" and "settings" in change.kinds
    with db.session() as s:
        assert T.event_game_of(s, ev.id) == tables.ALMONTE_SIX
        assert T.get_event(s, ev.id).rules.preset == "north_american"  # the four-seat rule set is untouched
    log.undo()
    with db.session() as s:
        assert T.event_game_of(s, ev.id) is None


def test_the_game_cannot_change_under_a_rotation(session):
    ev, _ = _night(session, "six_player_33", 6, rounds=1)
    with pytest.raises(T.TournamentError, match="clear it before changing the game"):
        T.set_event_game(session, ev.id, "bid_four")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    hands=st.lists(
        st.tuples(st.integers(0, 1), st.integers(0, 5), st.booleans()), min_size=4, max_size=4
    ),
    finished=st.booleans(),
)
def test_six_standings_are_the_sides_sums_of_finished_tables(db, hands, finished):
    """Hypothesis: for any hands at one table of six, each player's points are
    their side's points from the engine -- or nothing while the table is
    unfinished."""
    with db.session() as s:
        ids = [T.add_player(s, f"P{i}").id for i in range(6)]
        ev = T.create_event(s, "Prop", datetime.date(2026, 1, 1), rounds=1, hands_per_round=4, game="six_player_33")
        T.set_checked_in(s, ev.id, ids)
        view = T.generate_rotation(s, ev.id, seed=1)
        expected = [0, 0]
        entered = hands if finished else hands[:3]
        for number, (side, tricks, alone) in enumerate(entered, start=1):
            entry = SideHandEntry(side, tricks, alone)
            scored_side, points = entry.score(tables.SIX_PLAYER_33)
            expected[scored_side] += points
            T.record_side_hand(s, ev.id, 1, 1, number, entry)
        names = view.rounds[0].tables[0].names
        rows = {r.name: r for r in T.standings(s, ev.id).rows}
        for seat, name in enumerate(names):
            assert rows[name].points == (expected[seat % 2] if finished else 0)
            assert rows[name].rounds_played == (1 if finished else 0)


@pytest.mark.parametrize(
    ("game", "entry", "scored"),
    [
        ("four_call_for_best", SideHandEntry(0, 5, alone=True), (0, 4)),
        ("almonte_four", SideHandEntry(1, 2), (0, 3)),  # a euchre scores 3 in Almonte (001 line 147)
        ("four_no_trump", SideHandEntry(1, 4), (1, 1)),
    ],
)
def test_the_other_partnership_games_at_tables_of_four(session, game, entry, scored):
    ev, view = _night(session, game, 4, rounds=1, hands=1)
    h = T.record_side_hand(session, ev.id, 1, 1, 1, entry)
    assert (h.side, h.points) == scored
    names = view.rounds[0].tables[0].names
    rows = {r.name: r.points for r in T.standings(session, ev.id).rows}
    assert [rows[n] for n in names] == [scored[1] if s % 2 == scored[0] else 0 for s in range(4)]
    assert T.tally_sheets(session, ev.id)[0].game == ""


def test_a_changed_option_is_the_events_game_but_not_its_table(session):
    ev = T.create_event(session, "Opt", datetime.date(2026, 1, 1), game=tables.SIX_PLAYER_33.replace(may_go_alone=False))
    assert T.event_game_of(session, ev.id).may_go_alone is False
    with pytest.raises(T.TournamentError, match="keeps its table, pack, sides and bidding"):
        T.create_event(session, "Opt", datetime.date(2026, 1, 1), game=tables.SIX_PLAYER_33.replace(pack="double50"))
    with pytest.raises(T.TournamentError, match="cannot be of the game 'cutthroat'"):
        T.create_event(session, "Opt", datetime.date(2026, 1, 1), game=tables.CUTTHROAT)


@pytest.mark.parametrize("game", ["six_player_33", "almonte_six"])
def test_defenders_who_euchre_a_lone_maker_score_3_at_the_night(session, game):
    """Issue 29 item 6: the event scores a lone maker's euchre as the text
    does (001 line 101: the 6 is a lone winner's) -- the stored hand, the
    table's totals and the standings."""
    ev, view = _night(session, game, 12, rounds=1, hands=2)
    h = T.record_side_hand(session, ev.id, 1, 1, 1, SideHandEntry(0, 2, alone=True))
    assert (h.side, h.points) == (1, 3)
    T.record_side_hand(session, ev.id, 1, 1, 2, SideHandEntry(0, 5, alone=True))
    assert T.side_table_score(session, ev.id, 1, 1).totals == (6, 3)
    by_name = {r.name: r.points for r in T.standings(session, ev.id).rows}
    assert [by_name[n] for n in view.rounds[0].tables[0].names] == [6, 3, 6, 3, 6, 3]
