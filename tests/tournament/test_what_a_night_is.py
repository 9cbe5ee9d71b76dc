"""What each kind of night is, read where the pages and printouts read it
(issue 29, "tried as a new user would"): a night played as an elimination
bracket stands by its bracket and prints no round-robin material; a night
at tables of six counts tables of six; a game the tables' phones cannot
enter prints no phone page."""

from __future__ import annotations

import datetime

import pytest

from euchre_tourney import tournament as T
from euchre_tourney.rules.tables import SideHandEntry


def _teams(s, n: int) -> int:
    ids = [T.add_player(s, f"P{i}").id for i in range(2 * n)]
    ev = T.create_event(s, "Cup night", datetime.date(2026, 11, 19), kind="team", round_scoring="game")
    for i in range(n):
        T.add_team(s, ev.id, ids[2 * i], ids[2 * i + 1])
    return ev.id


def _play(s, event_id: int, view, scores=(10, 7)):
    """Play every ready match, the upper team winning, until the bracket is over."""
    while view.ready():
        view = T.record_bracket_score(s, event_id, view.ready()[0].code, *scores)
    return view


def test_a_bracket_nights_standings_are_the_brackets_places(db):
    with db.session() as s:
        event_id = _teams(s, 5)
        view = T.draw_bracket(s, event_id, double=False, seeding="number")
        view = T.record_bracket_score(s, event_id, view.ready()[0].code, 10, 7)  # the quarter-final: 4 beats 5
        mid = T.team_standings(s, event_id)
        assert mid.bracket.startswith("Single elimination bracket of 5 teams, games to 10: 1 of 5 matches played.")
        assert [r.place for r in mid.rows] == [0] * 5, "no place before the final"
        results = {r.number: r.result for r in mid.rows}
        assert results[5] == "Out in Quarter-final" and results[4] == "Still in"
        assert mid.rows[-1].number == 5 and (mid.rows[-1].wins, mid.rows[-1].losses) == (0, 1)
        four = next(r for r in mid.rows if r.number == 4)
        assert four.round_results[0] == "W 10–7 v 5" and (four.points_for, four.points_against) == (10, 7)
        _play(s, event_id, view)
        done = T.team_standings(s, event_id)
    # the upper team wins each match: 1 and 2 their semi-finals, 1 the final, 4 (semi-final 1's loser) beats 3
    # for third place; 5 went out first
    assert [(r.number, r.place, r.result) for r in done.rows] == [
        (1, 1, "Winner"), (2, 2, "Runner-up"), (4, 3, "3rd place"), (3, 4, "4th place"), (5, 5, "5th place"),
    ]
    assert "Winner: P0 & P1." in done.bracket
    assert all("bye" not in x for r in done.rows for x in r.round_results)


def test_a_double_elimination_nights_standings(db):
    with db.session() as s:
        event_id = _teams(s, 4)
        view = T.draw_bracket(s, event_id, double=True, seeding="number")
        view = T.record_bracket_score(s, event_id, view.ready()[0].code, 10, 7)
        mid = T.team_standings(s, event_id)
        assert sorted(r.result for r in mid.rows).count("Still in (one loss)") == 1
        _play(s, event_id, view)
        done = T.team_standings(s, event_id)
    assert done.rows[0].result == "Winner" and done.rows[0].place == 1
    assert done.rows[1].result == "Runner-up"
    assert [r.place for r in done.rows] == sorted(r.place for r in done.rows)


def test_a_night_of_rounds_with_a_bracket_keeps_its_round_standings(db):
    """A night of team rounds that ends with a play-off bracket is still a night of rounds."""
    with db.session() as s:
        event_id = _teams(s, 4)
        T.make_team_rounds(s, event_id)
        T.record_game_score(s, event_id, 1, 1, 10, 6)
        T.draw_bracket(s, event_id, double=False, seeding="number")
        assert not T.is_bracket_night(s, event_id)
        assert T.team_standings(s, event_id).bracket == ""


def test_a_bracket_night_prints_no_round_robin_material(db):
    with db.session() as s:
        event_id = _teams(s, 5)
        T.draw_bracket(s, event_id, double=False, seeding="number")
        for name in ("scorecards", "tally-sheets", "rotation-chart", "phone-howto"):
            with pytest.raises(T.TournamentError) as caught:
                T.report_data(s, event_id, name)
            said = caught.value.message
            assert said.startswith("The night “Cup night” is played as a single-elimination bracket.") and said.endswith("."), said
            assert "Make the rounds" not in said
            if name == "phone-howto":  # no tally sheets exist on a bracket night
                assert "tally" not in said and "Bracket tab" in said
            else:
                assert "Bracket PDF" in said
        standings = T.report_data(s, event_id, "standings-sheet")
        assert standings.bracket and standings.rows


def test_a_side_games_phone_page_is_its_tables_steps(db):
    """Issue 33 item 5: the tables' phones enter six-player and bid euchre
    hands, so their nights print the phone page, in their game's words."""
    with db.session() as s:
        ids = [T.add_player(s, f"P{i}").id for i in range(12)]
        for game, seats, auction in (("six_player_33", 6, False), ("bid_four", 4, True)):
            ev = T.create_event(s, f"{game} night", datetime.date(2026, 10, 8), rounds=1, hands_per_round=1, game=game)
            T.set_checked_in(s, ev.id, ids)
            view = T.report_data(s, ev.id, "phone-howto")
            assert (view.seats, view.auction, view.entry_mode, view.defender_alone) == (seats, auction, "hands", False)
            assert view.game_title and view.side_titles[0] == ("Seats 1, 3, 5" if seats == 6 else "North–South")


def test_the_event_board_counts_tables_of_six(db):
    with db.session() as s:
        ids = [T.add_player(s, f"P{i}").id for i in range(13)]
        ev = T.create_event(s, "Six night", datetime.date(2026, 10, 8), rounds=2, hands_per_round=2, game="six_player_33")
        T.set_checked_in(s, ev.id, ids)
        board = T.event_board(s, ev.id)
        assert board.seats == 6 and board.seating == "13 players checked in: 2 tables of six, 1 sitting out each round."
        assert "rules" in board.not_for and "rounds" not in board.not_for
        T.generate_rotation(s, ev.id, seed=3)
        T.record_side_hand(s, ev.id, 1, 1, 1, SideHandEntry(0, 3))
        board = T.event_board(s, ev.id)
        assert "nobody can join or leave" in board.seating and "re-planned." not in board.seating.replace("be re-planned", "")


def test_the_event_board_of_a_bracket_night(db):
    with db.session() as s:
        event_id = _teams(s, 5)
        before = T.event_board(s, event_id)
        assert before.bracket is None and before.what.startswith("Team event. Round robin")
        T.draw_bracket(s, event_id, double=False, seeding="number")
        board = T.event_board(s, event_id)
    assert board.bracket is not None
    assert board.what.startswith("Team event played as a single-elimination bracket of 5 teams: 5 matches in 3 rounds")
    assert "Round robin" not in board.what and "hands" not in board.what
    assert set(board.not_for) >= {"rounds", "hands", "sit_out", "entry_mode"}
    assert all(why.endswith(".") for why in board.not_for.values())


@pytest.mark.parametrize("checked_in, seats, said", [
    (8, 4, "8 players checked in: 2 tables."),
    (9, 4, "9 players checked in: 2 tables, 1 sitting out each round."),
    (13, 6, "13 players checked in: 2 tables of six, 1 sitting out each round."),
    (12, 6, "12 players checked in: 2 tables of six."),
    (5, 6, "5 players checked in: not enough for a table of six yet."),
    (1, 4, "1 player checked in: not enough for a table of four yet."),
])
def test_seating_line(checked_in, seats, said):
    from euchre_tourney.tournament.boards import seating_line

    assert seating_line(checked_in, seats) == said
