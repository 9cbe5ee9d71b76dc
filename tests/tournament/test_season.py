"""Season standings (against an independent oracle), history, ratings,
brackets and their undo, on SQLite and PostgreSQL."""

from __future__ import annotations

import datetime
import itertools
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tourney import tournament
from euchre_tourney.rules import HandEntry, Seat, Side
from euchre_tourney.tournament import NightResult, SeasonRules, TournamentError, UndoLog, compute_season_standings

sys.path.insert(0, str(Path(__file__).parents[1] / "benchmarks"))
from season_world import make_world, play_progressive_night, play_team_night  # noqa: E402


# ---------------------------------------------------------------- the oracle


def oracle(results, rules):
    """Season score and place by brute force: the best N nights found by
    trying every subset of that size; places by counting who is ahead."""
    per = {}
    for r in results:
        per.setdefault(r.player_id, []).append(r)
    out = {}
    for pid, nights in per.items():
        def worth(r):
            if rules.basis == "placings":
                return rules.placing_points[r.place - 1] if r.place <= len(rules.placing_points) else 0
            return r.points
        size = min(rules.best_nights, len(nights)) if rules.best_nights else len(nights)
        best = max(sum(worth(r) for r in combo) for combo in itertools.combinations(nights, size))
        score = Fraction(best, size) if rules.aggregate == "average" else Fraction(best)
        out[pid] = (score, sum(r.rounds_won for r in nights), sum(r.loners for r in nights), len(nights))
    places = {}
    for pid, (score, won, loners, n) in out.items():
        if n < rules.min_nights:
            places[pid] = (None, False)
            continue
        q = [v for v in out.values() if v[3] >= rules.min_nights]
        ahead = sum((v[0], v[1], v[2]) > (score, won, loners) for v in q)
        equal = sum((v[0], v[1], v[2]) == (score, won, loners) for v in q)
        places[pid] = (ahead + 1, equal > 1)
    return out, places


night = st.tuples(
    st.integers(1, 10), st.integers(0, 90), st.integers(0, 8), st.integers(0, 3)
)


@st.composite
def seasons(draw):
    players = draw(st.integers(1, 7))
    events = draw(st.integers(1, 6))
    results = []
    for e in range(1, events + 1):
        for p in range(1, players + 1):
            if draw(st.booleans()):
                place, points, won, loners = draw(night)
                results.append(NightResult(e, p, place, points, won, loners, players))
    rules = SeasonRules(
        basis=draw(st.sampled_from(("points", "placings"))),
        aggregate=draw(st.sampled_from(("total", "average"))),
        best_nights=draw(st.integers(0, 4)),
        min_nights=draw(st.integers(0, 3)),
        placing_points=tuple(draw(st.lists(st.integers(0, 12), min_size=1, max_size=8))),
    )
    return results, rules


@settings(max_examples=300, deadline=None)
@given(seasons())
def test_season_standings_agree_with_the_oracle(case):
    results, rules = case
    rows = compute_season_standings({p: f"P{p}" for p in range(1, 10)}, results, rules)
    scores, places = oracle(results, rules)
    assert {r.player_id for r in rows} == set(scores)
    for r in rows:
        assert r.score == scores[r.player_id][0]
        assert (r.place, r.tied) == places[r.player_id]
        assert r.nights == scores[r.player_id][3]
    # qualified first, in place order; the others after
    qualified = [r.qualified for r in rows]
    assert qualified == sorted(qualified, reverse=True)
    shown = [r.place for r in rows if r.qualified]
    assert shown == sorted(shown)


def test_each_rule_on_a_hand_made_season():
    results = [
        NightResult(1, 1, 1, 60), NightResult(2, 1, 3, 40), NightResult(3, 1, 2, 50),
        NightResult(1, 2, 2, 55), NightResult(2, 2, 1, 70),
        NightResult(3, 3, 1, 80),
    ]
    names = {1: "Ann", 2: "Bea", 3: "Cy"}

    def table(**kw):
        return [(r.name, r.place, r.score_text) for r in compute_season_standings(names, results, SeasonRules(**kw))]

    assert table() == [("Ann", 1, "150"), ("Bea", 2, "125"), ("Cy", 3, "80")]
    assert table(aggregate="average") == [("Cy", 1, "80"), ("Bea", 2, "62.50"), ("Ann", 3, "50")]
    assert table(best_nights=2) == [("Bea", 1, "125"), ("Ann", 2, "110"), ("Cy", 3, "80")]
    assert table(basis="placings", placing_points=(10, 8, 6)) == [("Ann", 1, "24"), ("Bea", 2, "18"), ("Cy", 3, "10")]
    assert table(min_nights=2) == [("Ann", 1, "150"), ("Bea", 2, "125"), ("Cy", None, "80")]


def test_ties_broken_by_rounds_won_then_loners_then_shared():
    results = [NightResult(1, 1, 1, 50, 5, 0), NightResult(1, 2, 2, 50, 6, 0), NightResult(1, 3, 3, 50, 6, 0)]
    rows = compute_season_standings({1: "A", 2: "B", 3: "C"}, results, SeasonRules())
    assert [(r.name, r.place_text) for r in rows] == [("B", "=1"), ("C", "=1"), ("A", "3")]
    results.append(NightResult(2, 3, 1, 0, 0, 1))
    rows = compute_season_standings({1: "A", 2: "B", 3: "C"}, results, SeasonRules())
    assert [(r.name, r.place_text) for r in rows] == [("C", "1"), ("B", "2"), ("A", "3")]


# ---------------------------------------------------------------- ratings


def test_rating_update_on_hand_made_games():
    rater = tournament.Rater()
    rater.game((1, 2), (3, 4), 8, 4)
    a, b = rater.get(1), rater.get(3)
    assert rater.get(1) == rater.get(2) and rater.get(3) == rater.get(4)  # partners move together
    assert a.mu > 25 > b.mu and abs((a.mu - 25) - (25 - b.mu)) < 1e-9  # symmetric from equal ratings
    assert a.sigma < 25 / 3 and b.sigma < 25 / 3  # everyone who played is known better
    # beating stronger opponents is worth more than beating weaker ones
    strong, weak = tournament.Rater(), tournament.Rater()
    for r in (strong, weak):
        r.game((5, 6), (7, 8), 8, 2)  # 5 and 6 now rated above 7 and 8
    strong.game((1, 2), (5, 6), 8, 4)
    weak.game((1, 2), (7, 8), 8, 4)
    assert strong.get(1).mu > weak.get(1).mu
    # a draw between equals changes no mean
    d = tournament.Rater()
    d.game((1, 2), (3, 4), 5, 5)
    assert abs(d.get(1).mu - 25) < 1e-9 and d.get(1).sigma < 25 / 3
    # the prediction follows the ratings
    assert rater.win_probability((1, 2), (3, 4)) > 0.5 > rater.win_probability((3, 4), (1, 2))


def test_balanced_pairs_pair_strongest_with_weakest():
    assert tournament.balanced_pairs({1: 30, 2: 10, 3: 25, 4: 20}) == [(1, 2), (3, 4)]
    with pytest.raises(ValueError):
        tournament.balanced_pairs({1: 1.0, 2: 2.0, 3: 3.0})


# ---------------------------------------------------------------- stored seasons


def _world(db):
    w = make_world(db, 12, seed=3)
    ids = w.player_ids
    e1 = play_progressive_night(w, "Night 1", datetime.date(2026, 1, 5), ids[:8], rounds=3, hands=2, seed=1)
    e2 = play_progressive_night(w, "Night 2", datetime.date(2026, 1, 12), ids[4:12], rounds=3, hands=2, seed=2)
    e3 = play_team_night(w, "Team night", datetime.date(2026, 1, 19), [(ids[0], ids[1]), (ids[2], ids[3]), (ids[4], ids[5]), (ids[6], ids[7])], rounds=3)
    return w, (e1, e2, e3)


def test_season_counts_progressive_and_team_nights(db):
    w, (e1, e2, e3) = _world(db)
    with db.session() as s:
        season = tournament.create_season(s, "Winter", start_date=datetime.date(2026, 1, 1), end_date=datetime.date(2026, 1, 31))
        assert [e[0] for e in season.events] == [e1, e2, e3]
        view = tournament.season_standings(s, season.id)
        by_id = {r.player_id: r for r in view.rows}
        team = tournament.team_standings(s, e3)
        nights = {eid: {r.player_id: r for r in tournament.night_results(s, eid)} for eid in (e1, e2, e3)}
        for pid in w.player_ids:
            expected = sum(nights[e][pid].points for e in nights if pid in nights[e])
            assert by_id[pid].points == expected
        # a team's points go to both partners
        first = team.rows[0]
        teams = {t.id: t.player_ids for t in tournament.team_event(s, e3).teams}
        a, b = teams[first.team_id]
        assert nights[e3][a].points == nights[e3][b].points == first.points_for
        assert nights[e3][a].place == 1
        # picked events replace the date range
        picked = tournament.update_season(s, season.id, event_ids=[e2])
        assert [e[0] for e in picked.events] == [e2]
        assert {r.player_id for r in tournament.season_standings(s, season.id).rows} == set(w.player_ids[4:12])
        assert tournament.nights_played(s, season.id).rows[0][1] == 1
        with pytest.raises(TournamentError):
            tournament.update_season(s, season.id, best_nights=-1)


def test_season_standings_follow_a_hand_entered(db):
    w, (e1, _, _) = _world(db)
    with db.session() as s:
        season = tournament.create_season(s, "Winter", event_ids=[e1])
        ev = tournament.create_event(s, "Night 4", datetime.date(2026, 1, 26), rounds=1, hands_per_round=1)
        tournament.set_checked_in(s, ev.id, w.player_ids[:4])
        tournament.generate_rotation(s, ev.id, seed=1)
        tournament.update_season(s, season.id, event_ids=[e1, ev.id])
        before = {r.player_id: (r.points, r.nights) for r in tournament.season_standings(s, season.id).rows}
        hand = tournament.record_hand(s, ev.id, 1, 1, 1, HandEntry(Side.NS, 5))
        after = {r.player_id: (r.points, r.nights) for r in tournament.season_standings(s, season.id).rows}
        moved = sorted((after[p][0] - before[p][0], after[p][1] - before[p][1]) for p in after if after[p] != before[p])
        assert moved == [(0, 1), (0, 1), (2, 1), (2, 1)]  # the march: 2 for each maker, a night more for all four
        makers = {p for p in after if after[p][0] - before[p][0] == 2}
        tournament.correct_hand(s, hand.id, HandEntry(Side.EW, 3), expected_version=hand.version)  # the night is kept: it must not be stale
        corrected = {r.player_id: (r.points, r.nights) for r in tournament.season_standings(s, season.id).rows}
        assert {p for p in corrected if corrected[p][0] - before[p][0] == 1} == set(moved_players(before, after)) - makers


def test_history_and_head_to_head(db):
    w, (e1, e2, e3) = _world(db)
    a, b = w.player_ids[0], w.player_ids[1]
    with db.session() as s:
        h = tournament.player_history(s, a)
        assert [n.event_id for n in h.nights] == [e1, e3]
        assert h.rounds_played == 6 and h.hands == 3 * 2 + 3 * 8  # 2 hands a round, then games counted as 8 hands
        assert sum(p.rounds for p in h.partners) == h.rounds_played
        assert h.nights[1].partners == (tournament.get_player(s, b).name,)
        hh = tournament.head_to_head(s, a, b)
        assert hh.rounds_together >= 3  # the whole team night together
        assert hh.a_won + hh.b_won <= hh.rounds_against
        rows = tournament.player_history_rows(h)
        assert rows[0][0] == "date" and len(rows) > 4


def test_seasons_are_undoable(db):
    log = UndoLog(db)
    _, change = log.run("New season", tournament.create_season, "Autumn")
    assert change.token and change.kinds == {"seasons"} and change.event_id is None
    with db.session() as s:
        sid = tournament.list_seasons(s)[0].id
    log.run("Season rules", tournament.update_season, sid, best_nights=3)
    log.undo()
    with db.session() as s:
        assert tournament.get_season(s, sid).rules.best_nights == 0
    log.undo()
    with db.session() as s:
        assert tournament.list_seasons(s) == []
    log.redo()
    with db.session() as s:
        assert [x.name for x in tournament.list_seasons(s)] == ["Autumn"]



def test_a_deleted_season_comes_back_with_its_picked_events(db):
    """Undo of a deletion puts the season back before its picks (children
    after parents), redo takes the picks with it again; the Change is a
    season change of no event."""
    w, (e1, e2, e3) = _world(db)
    log = UndoLog(db)
    view, _ = log.run("New season", tournament.create_season, "Picked", event_ids=[e1, e3])
    _, change = log.run("Delete the season", tournament.delete_season, view.id)
    assert change.kinds == {"seasons"} and change.event_id is None
    assert change.concerns(e2, {"seasons"}) and not change.concerns(e2, {"hands", "teams"})
    with db.session() as s:
        assert tournament.list_seasons(s) == []
    undone = log.undo()
    assert undone.kinds == {"seasons"}
    with db.session() as s:
        back = tournament.get_season(s, view.id)
        assert back.picked and [e[0] for e in back.events] == [e1, e3]
    log.redo()
    with db.session() as s:
        assert tournament.list_seasons(s) == []


# ---------------------------------------------------------------- brackets


def _bracket_event(db, teams: int):
    w = make_world(db, 2 * teams, seed=5)
    ids = w.player_ids
    with db.session() as s:
        ev = tournament.create_event(s, "Knockout", datetime.date(2026, 2, 1), kind="team", round_scoring="game")
        for i in range(teams):
            tournament.add_team(s, ev.id, ids[2 * i], ids[2 * i + 1])
    return w, ev.id


def test_bracket_played_to_its_final_and_undone(db):
    w, eid = _bracket_event(db, 5)
    log = UndoLog(db)
    view, change = log.run("Draw bracket", tournament.draw_bracket, eid, double=True, seeding="number", event_id=eid)
    assert "bracket" in change.kinds and change.event_id == eid
    with db.session() as s:
        assert tournament.ratings(s) == []  # no result yet (and the ratings must not stay so once results come)
        with pytest.raises(TournamentError):  # not a game's final score
            tournament.record_bracket_score(s, eid, view.ready()[0].code, 5, 4)
        with pytest.raises(TournamentError):  # teams not known yet
            tournament.record_bracket_score(s, eid, "GF", 10, 4)
    played = 0
    while True:
        with db.session() as s:
            view = tournament.bracket_view(s, eid)
        if view.champion is not None:
            break
        m = view.ready()[0]
        log.run(f"Match {m.code}", tournament.record_bracket_score, eid, m.code, 10, 6, event_id=eid)  # the upper team wins
        played += 1
    assert view.champion == view.seeds[0] and played == 2 * 5 - 2
    assert view.places[0] == (1, view.seeds[0])
    with db.session() as s:
        with pytest.raises(TournamentError):  # a later match depends on it
            tournament.clear_bracket_score(s, eid, view.matches[0].code)
        # the knockout night counts in a season: places from the bracket, both partners
        results = {r.player_id: r for r in tournament.night_results(s, eid)}
        champions = next(t for t in tournament.list_teams(s, eid) if t.name == view.seeds[0])
        assert {results[p].place for p in champions.player_ids} == {1} and len(results) == 10
        assert sorted({r.place for r in results.values()}) == sorted({p for p, _ in view.places})
        season = tournament.create_season(s, "Cup", event_ids=[eid], basis="placings")
        assert tournament.season_standings(s, season.id).rows[0].player_id in champions.player_ids
        h = tournament.player_history(s, champions.player_ids[0])
        assert h.rounds_played == sum(1 for m in view.matches if m.winner and view.seeds[0] in (m.a[4:], m.b[4:]))
        assert h.rounds_won == h.rounds_played  # the top seed won every match
        assert {r.player_id for r in tournament.ratings(s)} == set(w.player_ids)
    log.undo()
    with db.session() as s:
        assert tournament.bracket_view(s, eid).champion is None
    # the whole bracket removed, then brought back with its results (bracket before its matches)
    _, change = log.run("Remove the bracket", tournament.delete_bracket, eid, event_id=eid)
    assert change.kinds == {"bracket"}
    with db.session() as s:
        assert tournament.bracket_view(s, eid) is None
    log.undo()
    with db.session() as s:
        back = tournament.bracket_view(s, eid)
        assert back is not None and back.champion is None
        assert sum(m.winner is not None for m in back.matches) == played - 1
    log.redo()
    with db.session() as s:
        assert tournament.bracket_view(s, eid) is None


def test_bracket_seeding_by_rating_and_balanced_draw(db):
    w, (e1, _, _) = _world(db)
    with db.session() as s:
        ev = tournament.create_event(s, "Draw", datetime.date(2026, 3, 1), kind="team", round_scoring="game")
        made = tournament.draw_balanced_teams(s, ev.id, w.player_ids[:8])
        assert len(made) == 4
        rater = tournament.ratings(s)
        mu = {r.player_id: r.rating.mu for r in rater}
        teams = tournament.list_teams(s, ev.id)
        sums = sorted(sum(mu.get(p, 25) for p in t.player_ids) for t in teams)
        singles = sorted(mu.get(p, 25) for p in w.player_ids[:8])
        assert sums[-1] - sums[0] <= singles[-1] + singles[-2] - singles[0] - singles[1]
        view = tournament.draw_bracket(s, ev.id, seeding="rating")
        strength = {t.name: sum(mu.get(p, 25) for p in t.player_ids) for t in teams}
        assert [strength[n] for n in view.seeds] == sorted(strength.values(), reverse=True)
        tournament.seed_teams_by_rating(s, ev.id)
        numbers = sorted(tournament.list_teams(s, ev.id), key=lambda t: t.number)
        assert [t.name for t in numbers] == list(view.seeds)
        with pytest.raises(TournamentError):
            tournament.draw_balanced_teams(s, ev.id, w.player_ids[8:11])


def test_ratings_follow_a_corrected_hand(db):
    with db.session() as s:
        ids = [tournament.add_player(s, n).id for n in ("Ann", "Bo", "Cy", "Di")]
        ev = tournament.create_event(s, "One table", datetime.date(2026, 4, 1), rounds=1, hands_per_round=2)
        tournament.set_checked_in(s, ev.id, ids)
        tournament.generate_rotation(s, ev.id, seed=1)
        tournament.record_hand(s, ev.id, 1, 1, 1, HandEntry(Side.NS, 5))
        assert tournament.ratings(s) == []  # the table is not finished: nothing rated
        hand = tournament.record_hand(s, ev.id, 1, 1, 2, HandEntry(Side.NS, 3))
        first = {r.player_id: r.rating.mu for r in tournament.ratings(s)}
        table = tournament.rotation_view(s, ev.id).rounds[0].tables[0]
        ns = {p for p in ids if first[p] > 25}
        assert len(ns) == 2 and all(first[p] < 25 for p in set(ids) - ns)  # two hands won by North–South
        tournament.correct_hand(s, hand.id, HandEntry(Side.EW, 3), expected_version=hand.version)
        again = {r.player_id: r.rating.mu for r in tournament.ratings(s)}
        # one hand each way now: North–South lower than before, East–West higher, both near even
        assert all(again[p] < first[p] for p in ns) and all(again[p] > first[p] for p in set(ids) - ns)
        assert all(abs(again[p] - 25) < abs(first[p] - 25) for p in ids)
        history = tournament.player_rating(s, ids[0]).history
        assert len(history) == 1 and history[0][1] == "One table"
        del table


def moved_players(before, after):
    return [p for p in after if after[p] != before[p]]
