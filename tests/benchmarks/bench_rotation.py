"""Benchmark: python3 tests/benchmarks/bench_rotation.py [--quick]

Time and quality of progressive() for N = 8 … 200 and R = 8, 12 and full length.
Columns: time in seconds, partner repeats (best), most meetings (best),
sit-outs min–max, prefix spread, N–S/E–W spread, most rounds at one table, perfect.
"""

import sys
import time

from euchre_tourney.rotation import check, full_length, progressive


def row(n, r):
    t = time.perf_counter()
    s = progressive(n, r, seed=0)
    dt = time.perf_counter() - t
    q = check(s)
    b = q.bounds
    return (f"{n:>4} {r:>4} {dt:7.2f}s  rep {q.partner_repeats:>4}({b.partner_repeats})  "
            f"meet {q.max_meetings}({b.max_meetings})  sit {q.sit_out_min}-{q.sit_out_max} pre {q.sit_out_prefix_spread}  "
            f"nsew {q.ns_ew_spread}  table {q.max_at_one_table}({b.max_at_one_table})  {'PERFECT' if q.perfect else ''}")


def main():
    quick = "--quick" in sys.argv
    sizes = [26, 100, 200] if quick else list(range(8, 201, 4 if "--all" not in sys.argv else 1))
    if not quick:
        sizes = sorted(set(sizes) | {26, 100, 200, 9, 13, 25, 49, 97, 101, 197})
    print("   N    R     time  quality")
    for n in sizes:
        for r in (8, 12, full_length(n)):
            if r == full_length(n) and r <= 12 and r in (8, 12):
                continue
            print(row(n, r), flush=True)


if __name__ == "__main__":
    main()
