"""Nights for n − 1 and n + 1 players from a meet-once night for n = 4T
players with no sit-outs (developer tool; nothing in the app imports this
module).

* n − 1 (one ghost): the ghost's table-mates sit out. The ghost meets each
  player at most once, so nobody sits out twice (the sit-out rules hold) and
  nobody meets twice.
* n + 1 (a newcomer): in round r the newcomer takes the seat of a player
  Y_r, who sits out. Nobody meets twice iff the Y_r are distinct and the
  newcomer's table-mates (Y_r's) are distinct over the rounds; the Y_r are
  found by backtracking.

Usage: python3 golfer_derive.py FILE OUT_MINUS OUT_PLUS, FILE in the format of
``golfer_search.c`` (one line a round, 4T players by table); the outputs in the
same format (the ghost is player n − 1, the newcomer player n).
"""

from __future__ import annotations

import random
import sys


def tables(row: list[int], T: int) -> list[list[int]]:
    return [row[4 * t: 4 * t + 4] for t in range(T)]


def minus_one(rows: list[list[int]], n: int) -> list[list[int]]:
    g = n - 1
    out = []
    for row in rows:
        tbs = tables(row, n // 4)
        mine = next(t for t in tbs if g in t)
        out.append([p for t in tbs if t is not mine for p in t] + sorted(p for p in mine if p != g))
    return out


def plus_one(rows: list[list[int]], n: int, seed: int = 1) -> list[list[int]] | None:
    rng = random.Random(seed)
    T = n // 4
    mates = [{p: [q for q in t if q != p] for t in tables(row, T) for p in t} for row in rows]

    def bt(r, ys, met):
        if r == len(rows):
            return ys
        cands = [y for y in range(n) if y not in ys and not met & set(mates[r][y])]
        rng.shuffle(cands)
        for y in cands:
            got = bt(r + 1, ys + [y], met | set(mates[r][y]))
            if got:
                return got
        return None

    ys = bt(0, [], set())
    if ys is None:
        return None
    return [[n if p == y else p for p in row] + [y] for row, y in zip(rows, ys)]


def main() -> None:
    src, out_minus, out_plus = sys.argv[1:4]
    rows = [list(map(int, line.split())) for line in open(src) if line.strip()]
    n = len(rows[0])
    assert n % 4 == 0 and all(sorted(r) == list(range(n)) for r in rows)
    with open(out_minus, "w") as f:
        f.writelines(" ".join(map(str, r)) + "\n" for r in minus_one(rows, n))
    plus = plus_one(rows, n)
    if plus is None:
        print("no newcomer placement", file=sys.stderr)
        return
    with open(out_plus, "w") as f:
        f.writelines(" ".join(map(str, r)) + "\n" for r in plus)


if __name__ == "__main__":
    main()
