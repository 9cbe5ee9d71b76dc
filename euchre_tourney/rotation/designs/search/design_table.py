"""Timing table for full-length perfect schedules (developer tool).

``python3 -m euchre_tourney.rotation.designs.search.design_table [MAX] [--design-only]``

For every N ≡ 0, 1 (mod 4) from 8 to MAX (default 200): how the whist design is
obtained, the time to build and verify it (cold cache), the time of
``progressive(N, full_length(N))`` and whether the checker calls it perfect.
"""

from __future__ import annotations

import sys
import time

from euchre_tourney.rotation import check, full_length, progressive, whist_design
from euchre_tourney.rotation.designs import data
from euchre_tourney.rotation.designs.fields import prime_power, prime_power_factors
from euchre_tourney.rotation.testing import forget_designs


def source(n: int) -> str:
    if n % 4 == 1 and prime_power(n):
        return "field GF(q)"
    if n % 4 == 1 and all(p**e % 4 == 1 for p, e in prime_power_factors(n)):
        return "ring GF(q1)x...xGF(qr)"
    kind = "rot" if n % 4 == 0 else "cyc1"
    if (kind, n) in data.table("whist_starters"):
        return f"stored {kind} starter"
    return "stored column starter" if n in data.table("column_starters") else "other construction"


def main(argv: list[str]) -> int:
    top = int(argv[0]) if argv and argv[0].isdigit() else 200
    design_only = "--design-only" in argv
    print(f"{'N':>4} {'source':<24} {'design s':>9} {'progressive s':>14} perfect")
    missing = []
    for n in range(8, top + 1):
        if n % 4 not in (0, 1):
            continue
        forget_designs()
        t = time.perf_counter()
        d = whist_design(n)
        td = time.perf_counter() - t
        if d is None:
            missing.append(n)
            print(f"{n:>4} {source(n):<24} {'-':>9} {'-':>14} no design")
            continue
        if design_only:
            print(f"{n:>4} {source(n):<24} {td:>9.3f} {'':>14}", flush=True)
            continue
        t = time.perf_counter()
        s = progressive(n, full_length(n), seed=3)
        tp = time.perf_counter() - t
        print(f"{n:>4} {source(n):<24} {td:>9.3f} {tp:>14.2f} {check(s).perfect}", flush=True)
    print("missing:", missing)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
