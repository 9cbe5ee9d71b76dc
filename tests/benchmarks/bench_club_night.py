"""Club-night benchmarks (not part of the test run).

    python3 tests/benchmarks/bench_club_night.py

Prints the best of three wall-clock timings for: progressive rotations of
26, 100 and 200 players over 8 rounds; standings of a 200-player event with
12 rounds of 8 hands all recorded (loaded from a SQLite file); the scorecards
PDF for 200 players. Target: each under 1 second.
"""

from __future__ import annotations

import dataclasses
import datetime
import io
import random
import sys
import tempfile
import time
from pathlib import Path

from sqlmodel import Session, select

from euchre_tourney import reports, rotation, tournament
from euchre_tourney.rules import NORTH_AMERICAN, HandResult, Side, score_hand
from euchre_tourney.store import EventRound, Hand, open_database


def best_of(n: int, fn) -> float:
    times = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def build_event(db, players: int, rounds: int, hands: int) -> int:
    rng = random.Random(1)
    with db.session() as s:
        ids = [tournament.add_player(s, f"Player {i:03d}").id for i in range(players)]
        ev = tournament.create_event(s, "Bench", datetime.date(2026, 1, 1), rounds=rounds, hands_per_round=hands)
        tournament.set_checked_in(s, ev.id, ids)
        tournament.generate_rotation(s, ev.id, seed=1)
        view = tournament.rotation_view(s, ev.id)
    with Session(db.engine) as s:  # bulk insert the hands directly: this measures standings, not entry
        round_ids = {r.number: r.id for r in s.exec(select(EventRound).where(EventRound.event_id == ev.id))}
        for r in view.rounds:
            for t in r.tables:
                for h in range(1, hands + 1):
                    side = rng.choice([Side.NS, Side.EW])
                    tricks = rng.randint(0, 5)
                    score = score_hand(NORTH_AMERICAN, HandResult(side, tricks))
                    s.add(Hand(round_id=round_ids[r.number], table_number=t.number, number=h, makers=side.value,
                               maker_tricks=tricks, scoring_side=score.side.value, points=score.points))
        s.commit()
    return ev.id


def main() -> int:
    results = []
    for n in (26, 100, 200):
        t = best_of(3, lambda n=n: rotation.progressive(n, 8, 1))
        results.append((f"rotation {n} players x 8 rounds", t))
    with tempfile.TemporaryDirectory() as tmp:
        db = open_database(Path(tmp) / "bench.sqlite")
        event_id = build_event(db, 200, 12, 8)

        def standings():
            with db.session() as s:
                view = tournament.standings(s, event_id)
            assert len(view.rows) == 200 and view.hands_recorded == 50 * 12 * 8

        results.append(("standings 200 players x 12 rounds x 8 hands", best_of(3, standings)))
        with db.session() as s:
            cards = tournament.scorecards(s, event_id)
        cards8 = [dataclasses.replace(c, rounds=c.rounds[:8]) for c in cards]
        results.append(("scorecards PDF 200 players x 8 rounds", best_of(3, lambda: reports.write_scorecards(cards8, io.BytesIO()))))
        results.append(("scorecards PDF 200 players x 12 rounds", best_of(3, lambda: reports.write_scorecards(cards, io.BytesIO()))))
        db.dispose()
    worst = 0.0
    for label, seconds in results:
        worst = max(worst, seconds)
        print(f"{label:<48} {seconds * 1000:8.1f} ms {'ok' if seconds < 1 else 'OVER 1 s'}")
    return 0 if worst < 1 else 1


if __name__ == "__main__":
    sys.exit(main())
