"""Issue 29 item 4: the season, the ratings and the member pages read every
kind of night -- six-player tables (seats 1..6) and bid euchre (a failed bid
is a loss) -- and count loners at every kind."""

from __future__ import annotations

import datetime

import pytest

from euchre_tourney import tournament as T
from euchre_tourney.rules import Seat
from euchre_tourney.rules.seats import position, side_of_position
from euchre_tourney.rules.tables import SideHandEntry


def _night(session, game, players, rounds=1, hands=2, first=0):
    ids = [T.add_player(session, f"Player {i:02d}").id for i in range(first, first + players)]
    ev = T.create_event(session, f"{game} night", datetime.date(2026, 11, 25), rounds=rounds, hands_per_round=hands, game=game)
    T.set_checked_in(session, ev.id, ids)
    view = T.generate_rotation(session, ev.id, seed=5)
    return ev, view


def _id(session, name):
    return next(p.id for p in T.list_players(session) if p.name == name)


def test_a_seat_is_a_position_at_a_table_of_two_to_six():
    assert [position(s) for s in ("north", "E", "South", Seat.WEST)] == [0, 1, 2, 3]
    assert [position(f"seat{i}") for i in range(1, 7)] == [0, 1, 2, 3, 4, 5]
    assert position("Seat 3") == 2 and position(5) == 5
    assert [side_of_position(p) for p in range(6)] == [0, 1, 0, 1, 0, 1]
    for bad in ("seat7", "seat0", 6, -1, True, "", "middle", None):
        with pytest.raises(ValueError, match="is not a seat"):
            position(bad)


def test_a_six_player_night_is_read_by_ratings_season_and_member_pages(session):
    ev, view = _night(session, "six_player_33", 6)
    T.record_side_hand(session, ev.id, 1, 1, 1, SideHandEntry(0, 5, alone=True), alone_seat=2)  # seat 3 marches alone: 6
    T.record_side_hand(session, ev.id, 1, 1, 2, SideHandEntry(1, 2))  # the second side euchred: 3 to the first
    names = view.rounds[0].tables[0].names
    first, second = names[0::2], names[1::2]
    season = T.create_season(session, "Winter", start_date=datetime.date(2026, 1, 1), end_date=datetime.date(2026, 12, 31))

    rows = {r.name: r for r in T.season_standings(session, season.id).rows}
    assert [rows[n].points for n in first] == [9, 9, 9] and [rows[n].points for n in second] == [0, 0, 0]
    assert [rows[n].rounds_won for n in first] == [1, 1, 1]
    assert [rows[n].loners for n in names] == [0, 0, 1, 0, 0, 0]  # seat 3 went alone and made it

    rated = {r.name: r for r in T.ratings(session)}
    assert set(rated) == set(names) and all(r.rounds == 1 for r in rated.values())
    assert min(rated[n].rating.mu for n in first) > max(rated[n].rating.mu for n in second)

    lone = T.player_history(session, _id(session, names[2]))
    assert lone.loners_made == 1 and lone.rounds_won == 1 and lone.total_points == 9 and lone.hands == 2
    assert lone.euchres_made == 1 and lone.euchred == 0
    assert set(lone.nights[0].partners) == {names[0], names[4]} and set(lone.nights[0].opponents) == set(second)
    assert {p.name for p in lone.partners} == {names[0], names[4]}
    loser = T.player_history(session, _id(session, names[1]))
    assert loser.euchred == 1 and loser.rounds_won == 0 and loser.loners_made == 0
    h2h = T.head_to_head(session, _id(session, names[0]), _id(session, names[1]))
    assert (h2h.rounds_against, h2h.a_won, h2h.a_points, h2h.b_points) == (1, 1, 9, 0)
    assert T.head_to_head(session, _id(session, names[0]), _id(session, names[2])).rounds_together == 1
    board = T.season_board(session, season.id)
    assert len(board.ratings) == 6 and board.standings is not None


def test_six_player_standings_count_loners_made(session):
    ev, view = _night(session, "six_player_33", 6)
    T.record_side_hand(session, ev.id, 1, 1, 1, SideHandEntry(1, 4, alone=True), alone_seat=5)
    T.record_side_hand(session, ev.id, 1, 1, 2, SideHandEntry(0, 1, alone=True), alone_seat=0)  # euchred alone: no loner made
    names = view.rounds[0].tables[0].names
    rows = {r.name: r for r in T.standings(session, ev.id).rows}
    assert [rows[n].loners for n in names] == [0, 0, 0, 0, 0, 1]


def test_a_bid_euchre_failed_bid_is_a_loss_in_ratings_and_member_pages(session):
    ev, view = _night(session, "bid_four", 4, hands=1)
    # East bids 5 and takes 2: East-West lose 5 (-5 to 0)
    T.record_side_hand(session, ev.id, 1, 1, 1, SideHandEntry(1, 2, bid=5), bidder=1)
    n, e, s, w = view.rounds[0].tables[0].names
    rated = {r.name: r.rating.mu for r in T.ratings(session)}
    assert rated[n] > rated[e] and rated[s] > rated[w]
    east = T.player_history(session, _id(session, e))
    assert east.rounds_won == 0 and east.total_points == -5 and east.euchred == 1
    north = T.player_history(session, _id(session, n))
    assert north.rounds_won == 1 and north.euchres_made == 1 and north.euchred == 0
    season = T.create_season(session, "Bids", start_date=datetime.date(2026, 1, 1))
    rows = {r.name: r for r in T.season_standings(session, season.id).rows}
    assert rows[n].place == 1 and rows[e].place == 3 and rows[n].rounds_won == 1 and rows[e].rounds_won == 0


def test_a_bid_made_is_a_win_whatever_the_tricks(session):
    ev, view = _night(session, "bid_four", 4, hands=1)
    T.record_side_hand(session, ev.id, 1, 1, 1, SideHandEntry(0, 2, bid=2), bidder=0)  # made a bid of 2 with 2 tricks
    n, e, *_ = view.rounds[0].tables[0].names
    north = T.player_history(session, _id(session, n))
    assert north.rounds_won == 1 and north.euchred == 0
    rated = {r.name: r.rating.mu for r in T.ratings(session)}
    assert rated[n] > rated[e]


def test_six_player_hand_lists_name_the_players(session):
    ev, view = _night(session, "six_player_33", 6)
    T.record_side_hand(session, ev.id, 1, 1, 1, SideHandEntry(0, 5, alone=True), alone_seat=2)
    names = view.rounds[0].tables[0].names
    table = T.side_table_score(session, ev.id, 1, 1)
    text = table.hands[0].text
    assert names[2] in text and "alone" in text and "second side" not in text and "first side" not in text
    bid, bview = _night(session, "bid_four", 4, hands=1, first=10)
    T.record_side_hand(session, bid.id, 1, 1, 1, SideHandEntry(1, 2, bid=3), bidder=3)
    t = T.side_table_score(session, bid.id, 1, 1)
    words = t.hands[0].text
    n, e, s, w = bview.rounds[0].tables[0].names
    assert f"{w} bid 3" in words and e in words and "-3" in words and "seat" not in words.lower()


def test_a_lone_seat_must_be_a_maker(session):
    ev, _ = _night(session, "six_player_33", 6)
    with pytest.raises(T.InvalidHand, match="lone maker sits on the makers' side"):
        T.record_side_hand(session, ev.id, 1, 1, 1, SideHandEntry(0, 5, alone=True), alone_seat=1)
    with pytest.raises(T.InvalidHand, match="Nobody went alone"):
        T.record_side_hand(session, ev.id, 1, 1, 1, SideHandEntry(0, 5), alone_seat=0)
    assert T.standings(session, ev.id).hands_recorded == 0


def test_a_lone_maker_at_a_side_game_of_four_counts_as_a_loner(session):
    ev, view = _night(session, "almonte_four", 4, hands=1)
    T.record_side_hand(session, ev.id, 1, 1, 1, SideHandEntry(1, 5, alone=True), alone_seat=3)  # West marches alone
    n, e, s, w = view.rounds[0].tables[0].names
    rows = {r.name: r for r in T.standings(session, ev.id).rows}
    assert [rows[x].loners for x in (n, e, s, w)] == [0, 0, 0, 1]
    assert T.player_history(session, _id(session, w)).loners_made == 1
