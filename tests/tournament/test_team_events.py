"""Team events through the use cases: teams, rounds, scores, standings."""

from __future__ import annotations

from datetime import date
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tourney import tournament
from euchre_tourney.rules import HandEntry, Side
from euchre_tourney.tournament import TournamentError


def _event(session, n_teams, **kw):
    kw.setdefault("rounds", n_teams - 1 + n_teams % 2)
    kw.setdefault("hands_per_round", 2)
    e = tournament.create_event(session, "Teams", date(2026, 11, 24), kind="team", **kw)
    players = [tournament.add_player(session, f"P{i}") for i in range(2 * n_teams)]
    teams = [tournament.add_team(session, e.id, players[2 * i].id, players[2 * i + 1].id) for i in range(n_teams)]
    return e, teams


def _pairs(view):
    return [frozenset((t.north_south.id, t.east_west.id)) for r in view.rounds for t in r.tables]


def test_team_rules_and_names(session):
    e, teams = _event(session, 3)
    assert teams[0].name == "P0 & P1" and teams[0].number == 1
    with pytest.raises(TournamentError, match="already on team 1"):
        tournament.add_team(session, e.id, teams[0].player_ids[0], teams[2].player_ids[1])
    with pytest.raises(TournamentError, match="two different"):
        tournament.add_team(session, e.id, teams[0].player_ids[0], teams[0].player_ids[0])
    twin = tournament.add_player(session, "P0")
    other = tournament.add_player(session, "Solo")
    t = tournament.add_team(session, e.id, twin.id, other.id, "  The  Twins ")
    assert t.name == "The Twins" and t.players == (f"P0 (#{twin.id})", "Solo")
    assert tournament.list_teams(session, e.id)[0].players[0] == f"P0 (#{teams[0].player_ids[0]})"
    prog = tournament.create_event(session, "Prog", date(2026, 11, 24))
    with pytest.raises(TournamentError, match="progressive"):
        tournament.add_team(session, prog.id, twin.id, other.id)
    with pytest.raises(TournamentError, match="Teams page"):
        tournament.set_checked_in(session, e.id, [other.id], False)


def test_import_teams_csv(session, tmp_path):
    e = tournament.create_event(session, "T", date(2026, 11, 24), kind="team")
    tournament.add_player(session, "Ann Lee")
    tournament.add_player(session, "Dup")
    tournament.add_player(session, "dup")
    f = tmp_path / "teams.csv"
    f.write_text("Player 1,Player 2,Team\nAnn Lee,Чжан Вэй,Aces\nDup,Bo,\nAnn Lee,Cy,\nX,,\n", encoding="utf-8")
    rep = tournament.import_teams_csv(session, e.id, f)
    assert [t.name for t in rep.added] == ["Aces"]
    assert rep.new_players == ("Чжан Вэй",)
    reasons = dict(rep.skipped)
    assert "two roster players are called Dup" in reasons[3]
    assert "already on team 1" in reasons[4] and "two player names" in reasons[5]


def test_round_robin_every_pair_once_and_results(session):
    e, teams = _event(session, 5, hands_per_round=1)
    view = tournament.make_team_rounds(session, e.id)
    assert len(view.rounds) == 5
    met = _pairs(view)
    assert len(met) == 10 and set(met) == {frozenset(p) for p in combinations([t.id for t in teams], 2)}
    assert all(len(r.byes) == 1 for r in view.rounds)
    with pytest.raises(TournamentError, match="already made|All 5"):
        tournament.make_team_rounds(session, e.id)
    t1 = view.rounds[0].tables[0]
    tournament.record_hand(session, e.id, 1, t1.number, 1, HandEntry(Side.NS, 5))
    st_ = tournament.team_standings(session, e.id)
    top = st_.rows[0]
    assert top.team_id == t1.north_south.id and top.wins == 1 and top.points_for == 2
    bye_team = view.rounds[0].byes[0].id
    row = next(r for r in st_.rows if r.team_id == bye_team)
    assert row.byes == 1 and row.score == 1 and row.round_results[0] == "bye"
    csv_text = tournament.team_standings_csv(st_)
    assert csv_text.splitlines()[0].startswith("place,team,name")


def test_round_robin_withdrawal_gives_byes_and_late_team_is_paired(session):
    e, teams = _event(session, 6, hands_per_round=1)
    view = tournament.make_team_rounds(session, e.id)
    for t in view.rounds[0].tables:
        tournament.record_hand(session, e.id, 1, t.number, 1, HandEntry(Side.EW, 3))
    gone = teams[0]
    tournament.withdraw_team(session, gone.id)
    after = tournament.team_event(session, e.id)
    assert after.rounds[0] == tournament.team_event(session, e.id).rounds[0]
    assert [t.number for t in after.rounds[0].tables] == [t.number for t in view.rounds[0].tables]
    for r in after.rounds[1:]:
        assert gone.id not in {x.id for t in r.tables for x in (t.north_south, t.east_west)}
        assert len(r.byes) == 1 and r.byes[0].id != gone.id
    p = [tournament.add_player(session, n) for n in ("Late A", "Late B")]
    late = tournament.add_team(session, e.id, p[0].id, p[1].id)
    assert late.first_round == 2 and late.status == "joins in round 2"
    again = tournament.team_event(session, e.id)
    assert again.rounds[0] == after.rounds[0]  # played rounds never change
    r2 = again.rounds[1]
    assert late.id in {x.id for t in r2.tables for x in (t.north_south, t.east_west)}
    met = _pairs(again)
    assert len(met) == len(set(met))  # no rematch was needed


def test_swiss_refuses_next_round_until_results_and_never_rematches(session):
    e, teams = _event(session, 7, rounds=4, team_format="swiss", round_scoring="game")
    for rnd in range(1, 5):
        view = tournament.make_team_rounds(session, e.id)
        r = view.rounds[-1]
        assert r.number == rnd and len(r.byes) == 1
        if rnd < 4:
            first, *rest = r.tables
            for t in rest:
                tournament.record_game_score(session, e.id, rnd, t.number, 10, 4)
            with pytest.raises(TournamentError, match=f"table {first.number} has no result"):
                tournament.make_team_rounds(session, e.id)
            tournament.record_game_score(session, e.id, rnd, first.number, 3, 11)
    met = _pairs(tournament.team_event(session, e.id))
    assert len(met) == len(set(met))
    byes = [r.byes[0].id for r in tournament.team_event(session, e.id).rounds]
    assert len(set(byes)) == 4  # nobody a second bye


def test_final_scores_are_validated(session):
    e, teams = _event(session, 2, rounds=1, team_format="swiss", round_scoring="game")
    tournament.make_team_rounds(session, e.id)
    for ns, ew, msg in ((9, 4, "not a finished game"), (15, 3, "cannot happen"), (-1, 10, "0 or more")):
        with pytest.raises(TournamentError, match=msg):
            tournament.record_game_score(session, e.id, 1, 1, ns, ew)
    t = tournament.record_game_score(session, e.id, 1, 1, 13, 9)  # a loner from 9
    assert t.complete and t.final_only and t.winner is not None
    with pytest.raises(tournament.InvalidHand, match="final score is entered"):
        tournament.record_hand(session, e.id, 1, 1, 1, HandEntry(Side.NS, 3))
    tournament.clear_game_score(session, e.id, 1, 1)
    for n in range(1, 6):
        tournament.record_hand(session, e.id, 1, 1, n, HandEntry(Side.NS, 5))  # 2 a hand: 10 after 5
    with pytest.raises(tournament.InvalidHand, match="already over"):
        tournament.record_hand(session, e.id, 1, 1, 6, HandEntry(Side.NS, 3))
    with pytest.raises(TournamentError, match="Hands are entered"):
        tournament.record_game_score(session, e.id, 1, 1, 10, 2)
    assert tournament.team_event(session, e.id).rounds[0].tables[0].complete


def test_king_of_the_hill_moves_winners_up(session):
    e, teams = _event(session, 6, rounds=3, team_format="king", round_scoring="game")
    r1 = tournament.make_team_rounds(session, e.id).rounds[0]
    for t in r1.tables:
        tournament.record_game_score(session, e.id, 1, t.number, 10, 2)  # North–South wins everywhere
    r2 = tournament.make_team_rounds(session, e.id).rounds[1]
    at = {x.id: t.number for t in r2.tables for x in (t.north_south, t.east_west)}
    for t in r1.tables:
        assert at[t.north_south.id] == max(1, t.number - 1)
        assert at[t.east_west.id] == min(3, t.number + 1)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(0, 20), st.integers(0, 20)), max_size=30))
def test_team_standings_arithmetic(games):
    teams = [(i, i, f"T{i}", ("a", "b"), "playing") for i in range(6)]
    results = [
        tournament.TeamResult(1 + k % 4, a, b, x, y) for k, (a, b, x, y) in enumerate(games) if a != b
    ]
    rows = tournament.compute_team_standings(teams, results, {}, rounds=4)
    assert sum(r.wins for r in rows) == sum(r.losses for r in rows)
    assert sum(r.points_for for r in rows) == sum(r.points_against for r in rows) == sum(
        g.ns_points + g.ew_points for g in results
    )
    for r in rows:
        mine = [g for g in results if r.team_id in (g.ns_team, g.ew_team)]
        assert r.played == len(mine) == r.wins + r.losses + r.ties
        assert r.points_for == sum(g.ns_points if g.ns_team == r.team_id else g.ew_points for g in mine)
    keys = [(r.score, r.difference) for r in rows]
    assert keys == sorted(keys, reverse=True)
    assert [r.place for r in rows] == sorted(r.place for r in rows)


def test_table_score_of_a_game(session):
    e, teams = _event(session, 2, rounds=1, team_format="swiss", round_scoring="game")
    tournament.make_team_rounds(session, e.id)
    for n in range(1, 5):
        tournament.record_hand(session, e.id, 1, 1, n, HandEntry(Side.EW, 5))
    v = tournament.table_score(session, e.id, 1, 1)
    assert (v.game_target, v.game_winner, v.next_hand, v.ew_total) == (10, None, 5, 8)
    tournament.record_hand(session, e.id, 1, 1, 5, HandEntry(Side.EW, 3))
    tournament.record_hand(session, e.id, 1, 1, 6, HandEntry(Side.EW, 4))
    v = tournament.table_score(session, e.id, 1, 1)
    assert (v.game_winner, v.next_hand, v.ew_total) == (Side.EW, None, 10)
    table = tournament.team_event(session, e.id).rounds[0].tables[0]
    assert table.east_west.id == teams[1].id and table.complete and table.winner == teams[1].id


def test_swiss_withdrawal_and_late_team_re_pair_the_round_not_started(session):
    e, teams = _event(session, 6, rounds=4, team_format="swiss", round_scoring="game")
    r1 = tournament.make_team_rounds(session, e.id).rounds[0]
    for t in r1.tables:
        tournament.record_game_score(session, e.id, 1, t.number, 10, 3)
    tournament.make_team_rounds(session, e.id)  # round 2 paired, not started
    gone = teams[2]
    tournament.withdraw_team(session, gone.id)
    v = tournament.team_event(session, e.id)
    assert v.rounds[0] == tournament.team_event(session, e.id).rounds[0]
    r2 = v.rounds[1]
    ids = {x.id for t in r2.tables for x in (t.north_south, t.east_west)}
    assert gone.id not in ids and len(ids) == 4 and len(r2.byes) == 1
    p = [tournament.add_player(session, n) for n in ("Late 1", "Late 2")]
    late = tournament.add_team(session, e.id, p[0].id, p[1].id)
    r2 = tournament.team_event(session, e.id).rounds[1]
    ids = {x.id for t in r2.tables for x in (t.north_south, t.east_west)}
    assert late.id in ids and not r2.byes and len(ids) == 6
    met = _pairs(tournament.team_event(session, e.id))
    assert len(met) == len(set(met))
    # a made round with no result can be taken back; a played one cannot
    tournament.clear_team_rounds(session, e.id, 2)
    assert len(tournament.team_event(session, e.id).rounds) == 1
    with pytest.raises(TournamentError, match="played rounds never change"):
        tournament.clear_team_rounds(session, e.id, 1)


def test_rotation_view_of_a_team_event_after_a_withdrawal(session):
    e, teams = _event(session, 6, hands_per_round=1)
    view = tournament.make_team_rounds(session, e.id)
    for t in view.rounds[0].tables:
        tournament.record_hand(session, e.id, 1, t.number, 1, HandEntry(Side.NS, 3))
    tournament.withdraw_team(session, teams[0].id)
    rv = tournament.rotation_view(session, e.id)  # the Rotation page shows the seats
    assert [len(r.tables) for r in rv.rounds] == [3, 2, 2, 2, 2] and rv.quality == ()
    assert all(len(r.sit_out) == 2 for r in rv.rounds[1:])  # the opponent pair has the bye


def test_team_use_cases_refuse_values_of_the_wrong_type(session):
    e, teams = _event(session, 2, rounds=1, team_format="swiss", round_scoring="game")
    p = [tournament.add_player(session, n) for n in ("X", "Y")]
    for call, msg in (
        (lambda: tournament.add_team(session, e.id, str(p[0].id), p[1].id), "whole number"),
        (lambda: tournament.add_team(session, e.id, p[0].id, p[1].id, 5), "must be text"),
        (lambda: tournament.set_team_checked_in(session, teams[0].id, "no"), "yes or no"),
        (lambda: tournament.withdraw_team(session, "1"), "whole number"),
    ):
        with pytest.raises(TournamentError, match=msg):
            call()
    tournament.make_team_rounds(session, e.id)
    with pytest.raises(TournamentError, match="whole number"):
        tournament.record_game_score(session, e.id, "1", 1, 10, 2)
    with pytest.raises(TournamentError, match="whole number of points"):
        tournament.record_game_score(session, e.id, 1, 1, 10.0, 2)


def test_final_scores_respect_a_locked_round_and_reach_other_stations(session):
    """A team game's final score is refused in a locked round, and saving or
    clearing it moves the change stamp other stations poll."""
    e, _ = _event(session, 2, rounds=1, team_format="swiss", round_scoring="game")
    tournament.make_team_rounds(session, e.id)
    stamp = tournament.change_stamp(session, e.id)
    tournament.record_game_score(session, e.id, 1, 1, 10, 4)
    assert tournament.change_stamp(session, e.id) != stamp
    stamp = tournament.change_stamp(session, e.id)
    tournament.clear_game_score(session, e.id, 1, 1)
    assert tournament.change_stamp(session, e.id) != stamp
    tournament.lock_round(session, e.id, 1, True)
    with pytest.raises(TournamentError, match="locked"):
        tournament.record_game_score(session, e.id, 1, 1, 10, 4)
    assert tournament.game_score_of(session, e.id, 1, 1) is None


def test_team_csv_reads_a_quoted_line_break_and_applies_the_roster_name_checks():
    """Issue 21: the team import uses the strict reader (tournament/csvfiles):
    a team name typed on two lines of a spreadsheet cell is one record; a
    name with an invisible character is refused, with its line."""
    text = (
        'Player 1;Player 2;Team\r\n'
        'Ann Lee;Bo Ray;"The\r\nWinners"\r\n'
        'Cy\u200bDee;Dan;\r\n'
        '"Eve;Fay;\r\n'
    )
    rows, skipped = tournament.parse_teams_csv(text)
    assert rows == [(2, "Ann Lee", "Bo Ray", "The Winners")]
    reasons = dict(skipped)
    assert "U+200B" in reasons[4] and "quote" in reasons[5]
    # a comma-separated file without a header: the first two columns are the players
    rows, skipped = tournament.parse_teams_csv('Ann,Bob\n"Cat, Jr",Dan,Dogs\n')
    assert rows == [(1, "Ann", "Bob", ""), (2, "Cat, Jr", "Dan", "Dogs")] and skipped == []


def _opponents(view, first):
    """{(round, team id): opponent id, or None for a bye} from round ``first`` on."""
    out = {}
    for r in view.rounds:
        if r.number < first:
            continue
        for t in r.tables:
            out[r.number, t.north_south.id] = t.east_west.id
            out[r.number, t.east_west.id] = t.north_south.id
        for b in r.byes:
            out[r.number, b.id] = None
    return out


def test_a_late_team_takes_a_withdrawn_teams_place_in_a_round_robin(session):
    """Issue 20: 8 teams, one withdraws after round 1, a late team joins: it
    plays the withdrawn team's opponents; every other team-round stays, and
    the preview said so before."""
    e, teams = _event(session, 8, hands_per_round=1)
    view = tournament.make_team_rounds(session, e.id)
    for t in view.rounds[0].tables:
        tournament.record_hand(session, e.id, 1, t.number, 1, HandEntry(Side.EW, 3))
    gone = teams[3]
    tournament.withdraw_team(session, gone.id)
    before = _opponents(tournament.team_event(session, e.id), 2)
    preview = tournament.late_team_preview(session, e.id)
    assert (preview.from_round, preview.total) == (2, 6 * 7)
    assert preview.changed == 6 and "withdrawn team 4" in preview.text  # the six opponents of the withdrawn team
    p = [tournament.add_player(session, n) for n in ("Late A", "Late B")]
    late = tournament.add_team(session, e.id, p[0].id, p[1].id)
    after_view = tournament.team_event(session, e.id)
    after = _opponents(after_view, 2)
    changed = {k for k, v in before.items() if after.get(k) != v}
    assert len(changed) == preview.changed
    opponents = [after[r, late.id] for r in range(2, 8)]
    assert None not in opponents and len(set(opponents)) == 6  # it plays every round, a new team each time
    assert all(before[r, o] is None for r, o in zip(range(2, 8), opponents))  # each had the withdrawal's bye
    assert all(len(r.byes) == 0 for r in after_view.rounds[1:])  # the byes the withdrawal made are gone
    met = _pairs(after_view)
    assert len(met) == len(set(met))  # no rematch


def test_a_late_team_without_a_place_re_pairs_and_the_preview_counts_it(session):
    e, teams = _event(session, 6, hands_per_round=1)
    view = tournament.make_team_rounds(session, e.id)
    for t in view.rounds[0].tables:
        tournament.record_hand(session, e.id, 1, t.number, 1, HandEntry(Side.EW, 3))
    before = _opponents(tournament.team_event(session, e.id), 2)
    preview = tournament.late_team_preview(session, e.id)
    p = [tournament.add_player(session, n) for n in ("Late A", "Late B")]
    tournament.add_team(session, e.id, p[0].id, p[1].id)
    after = _opponents(tournament.team_event(session, e.id), 2)
    assert preview.changed == len({k for k, v in before.items() if after.get(k) != v}) > 0
    assert preview.total == len(before) and "paired again" in preview.text
