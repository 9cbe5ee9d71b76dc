"""Benchmark: python3 tests/benchmarks/bench_late_arrivals.py [--quick]

One late arrival (or one departure) after round k at N players over R rounds:
how many of the original players' later player-rounds change keeping others'
seats (rotation.keep_seats) against re-balancing everything
(rotation.replan), the quality of each (partner repeats, most meetings, with
the least possible in brackets) and the time each takes.
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # measure this checkout, not an installed copy

from euchre_tourney.rotation import check, future_changes, keep_seats, progressive, replan


def moved(old, new, k):
    return sum(v for p, v in future_changes(old, new, k).items() if p in old.players)


def row(n, rounds, k, arrival):
    night = progressive(n, rounds, seed=0)
    now = list(night.players) + [10_000] if arrival else list(night.players)[1:]
    out = []
    for name, make in (
        ("keep", lambda: keep_seats(night, k, now, seed=k)),
        ("rebalance", lambda: replan(night.rounds[:k], now, rounds, seed=k)),
    ):
        t = time.perf_counter()
        new = make()
        dt = time.perf_counter() - t
        q = check(new)
        out.append(f"{name} {moved(night, new, k):>4}/{n * (rounds - k):<4} rep {q.partner_repeats}({q.bounds.partner_repeats}) "
                   f"meet {q.max_meetings}({q.bounds.max_meetings}) {dt:6.2f}s")
    kind = "arrive" if arrival else "leave "
    return f"{n:>3} {rounds:>3} {k:>2} {kind}  " + "   ".join(out)


def main():
    cases = [(40, 8, 1)] if "--quick" in sys.argv else [(n, r, k) for n, r in ((12, 6), (24, 8), (40, 8), (41, 8), (60, 10), (80, 12)) for k in (1, r // 2)]
    print("  N   R  k  change  player-rounds changed / later player-rounds, quality, time")
    for n, r, k in cases:
        for arrival in (True, False):
            print(row(n, r, k, arrival), flush=True)


if __name__ == "__main__":
    main()
