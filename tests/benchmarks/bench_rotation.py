"""Benchmark: python3 tests/benchmarks/bench_rotation.py [--quick | --all | --big]

Time and quality of progressive() for N = 8 … 200 and R = 8, 12 and full length.
Columns: time in seconds, partner repeats (best), most meetings (best),
sit-outs min–max, prefix spread, consecutive sit-outs, N–S/E–W spread (best),
most rounds at one table (best), perfect.

``--big`` (issue 30 item 5, goal: 2,000 players in under 5 s): one room of
2,000 for 8 and 12 rounds, and 2,000 in sections of 20 and 40 (one
``progressive`` per section, each with its own seed, as a sectioned event
would make them), with the worst partner repeats and meetings over the
sections.
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # measure this checkout, not an installed copy

from euchre_tourney.rotation import check, full_length, progressive

REPRESENTATIVE = [8, 12, 13, 16, 26, 28, 30, 32, 36, 40, 64, 100, 150, 200]


def row(n, r):
    t = time.perf_counter()
    s = progressive(n, r, seed=0)
    dt = time.perf_counter() - t
    q = check(s)
    b = q.bounds
    return (f"{n:>4} {r:>4} {dt:7.2f}s  rep {q.partner_repeats:>4}({b.partner_repeats})  "
            f"meet {q.max_meetings}({b.max_meetings})  sit {q.sit_out_min}-{q.sit_out_max} pre {q.sit_out_prefix_spread} "
            f"cons {q.consecutive_sit_outs}  nsew {q.ns_ew_spread}({b.ns_ew_spread})  "
            f"table {q.max_at_one_table}({b.max_at_one_table})  {'PERFECT' if q.perfect else ''}")


def big():
    print("2,000 players             rounds     time  worst repeats  worst meetings")
    for r in (8, 12):
        t = time.perf_counter()
        q = check(progressive(2000, r, seed=0))
        print(f"  one room                  {r:>4} {time.perf_counter() - t:7.2f}s  {q.partner_repeats:>13}  {q.max_meetings:>14}",
              flush=True)
    for size in (20, 40):
        for r in (8, 12):
            t = time.perf_counter()
            schedules = [progressive(size, r, seed=section) for section in range(2000 // size)]
            took = time.perf_counter() - t
            qs = [check(s) for s in schedules]
            print(f"  {2000 // size} sections of {size:<10} {r:>4} {took:7.2f}s  {max(q.partner_repeats for q in qs):>13}  "
                  f"{max(q.max_meetings for q in qs):>14}", flush=True)


def main():
    if "--big" in sys.argv:
        big()
        return
    if "--quick" in sys.argv:
        sizes, lengths = [26, 100, 200], (8, 12)
    elif "--all" in sys.argv:
        sizes, lengths = list(range(8, 201)), (8, 12, None)
    else:
        sizes = sorted(set(REPRESENTATIVE) | set(range(8, 201, 4)) | {9, 25, 29, 31, 33, 35, 49, 97, 101, 197})
        lengths = (8, 12, None)
    print("   N    R     time  quality")
    for n in sizes:
        for r in lengths:
            r = full_length(n) if r is None else r
            if r == full_length(n) and r in (8, 12) and None in lengths and r != lengths[0]:
                pass
            print(row(n, r), flush=True)


if __name__ == "__main__":
    main()
