"""Benchmark: python3 tests/benchmarks/bench_teams.py

Team events at 200 teams (issue #11; target: each under 100 ms):

* Swiss pairing of round r (r = 2 … 10) for 200 teams, the history of the
  rounds before played Swiss too (``rotation.swiss_round``), worst and mean;
  the same for 199 teams (a bye each round);
* team standings for 200 teams × 10 rounds (``tournament.compute_team_standings``,
  the pure arithmetic), and through the database (``tournament.team_standings``
  on a SQLite file: 1,000 final scores), median of 5.
"""

import random
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # measure this checkout, not an installed copy

from euchre_tourney import tournament
from euchre_tourney.rotation import swiss_round
from euchre_tourney.store import open_database


def swiss(n_teams: int, rounds: int = 10, seed: int = 1) -> list[float]:
    rng = random.Random(seed)
    teams = list(range(1, n_teams + 1))
    history, byes, wins = [], [], {t: 0 for t in teams}
    times = []
    for _r in range(rounds):
        order = sorted(teams, key=lambda t: (-wins[t], t))
        t0 = time.perf_counter()
        pairs, bye = swiss_round(order, history, byes)
        times.append(time.perf_counter() - t0)
        assert not {frozenset(p) for p in pairs} & {frozenset(p) for p in history}
        history += pairs
        if bye is not None:
            byes.append(bye)
            wins[bye] += 1
        for a, b in pairs:
            wins[a if rng.random() < 0.5 else b] += 1
    return times[1:]  # round 1 has no history


def standings_pure(n_teams: int = 200, rounds: int = 10) -> float:
    rng = random.Random(2)
    teams = [(i, i, f"Team {i}", ("a", "b"), "playing") for i in range(1, n_teams + 1)]
    results = []
    for r in range(1, rounds + 1):
        order = list(range(1, n_teams + 1))
        rng.shuffle(order)
        for i in range(0, n_teams, 2):
            w = rng.randrange(0, 10)
            results.append(tournament.TeamResult(r, order[i], order[i + 1], 10, w))
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        tournament.compute_team_standings(teams, results, {}, rounds=rounds)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def standings_db(n_teams: int = 200, rounds: int = 10) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        db = open_database(Path(tmp) / "bench.sqlite")
        with db.session() as s:
            e = tournament.create_event(s, "Bench", date(2026, 11, 24), kind="team", rounds=rounds,
                                        team_format="swiss", round_scoring="game")
            players = [tournament.add_player(s, f"P{i}") for i in range(2 * n_teams)]
            for i in range(n_teams):
                tournament.add_team(s, e.id, players[2 * i].id, players[2 * i + 1].id)
            for r in range(1, rounds + 1):
                view = tournament.make_team_rounds(s, e.id)
                for t in view.rounds[-1].tables:
                    tournament.record_game_score(s, e.id, r, t.number, 10, (t.number * 7) % 9)
        times = []
        for _ in range(5):
            with db.session() as s:
                t0 = time.perf_counter()
                view = tournament.team_standings(s, e.id)
                times.append(time.perf_counter() - t0)
        assert len(view.rows) == n_teams and view.results_recorded == n_teams // 2 * rounds
        db.dispose()
    return statistics.median(times)


def main() -> None:
    for n in (200, 199):
        t = swiss(n)
        print(f"Swiss pairing, {n} teams, rounds 2-10: worst {max(t) * 1000:.1f} ms, mean {statistics.mean(t) * 1000:.1f} ms")
    print(f"Team standings, 200 teams x 10 rounds (arithmetic): {standings_pure() * 1000:.1f} ms")
    print(f"Team standings, 200 teams x 10 rounds (through the database): {standings_db() * 1000:.1f} ms")


if __name__ == "__main__":
    main()
