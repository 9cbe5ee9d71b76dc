"""Exact search (SAT) for a meet-once night with a cyclic automorphism
(developer tool; nothing in the app imports this module).

Players are (x, c) with x in Z_m and c < C (the "columns"), plus F fixed
players ∞_f: n = m·C + F. The night is K base rounds, each developed by
x ↦ x + t (t in Z_m) into m rounds, plus I invariant rounds (only for F = 0,
C = 4, n mod 4 = 0): round i has the tables {(x, 0), (x + a1, 1),
(x + a2, 2), (x + a3, 3)}, x in Z_m, a fixed shift vector per i. Rounds:
R = m·K + I.

A pair in a base round's table stands for the m pairs of its class under
the group: (i, j, y − x) for (x, i), (y, j) with i < j, (i, ±(y − x)) inside
a column, (∞_f, c) for a fixed player and a column; nobody meets twice iff
every class is used at most once over the base rounds and the invariant
rounds (a pair inside a column at difference m/2, or two fixed players,
would meet twice: forbidden). Sit-outs: n mod 4 a base round; a sit-out
(x, c) develops to the whole column c, so at most one base sit-out per
column and none fixed — then nobody sits out twice, which keeps the sit-out
rules (counts within 1 at every prefix, never two rounds running).

Usage: python3 golfer_cyclic.py N R m [F] [I] > rounds.txt
Prints the rounds in the format of ``golfer_search.c`` (4T seated players
by table, then the sit-outs), or ``UNSAT``. Found this way: 44 × 12 (m = 11,
I = 1, seconds) and 42 × 12 (m = 6, about ten minutes); 25 × 8 has no
solution with m = 8, F = 1.
"""

from __future__ import annotations

import itertools
import sys

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

#: shift vectors (a1, a2, a3) of the invariant rounds: all six differences
#: a_j − a_i (a0 = 0) are distinct from round to round
SHIFTS = [(0, 0, 0), (1, 3, 7)]


def solve(n: int, R: int, m: int, F: int = 0, I: int = 0, solver: str = "cadical153"):
    T, s = n // 4, n % 4
    C = (n - F) // m
    if C * m + F != n or (R - I) % m or (I and (F or C != 4 or s or I > len(SHIFTS))):
        raise SystemExit("bad parameters")
    K = (R - I) // m
    pts = [(x, c) for c in range(C) for x in range(m)] + [(None, f) for f in range(F)]
    N = len(pts)
    pool = IDPool()
    cls: list[list[int]] = []

    def X(k, p, b):  # b == T: sitting out
        return pool.id(("x", k, p, b))

    def Z(k, p, q):
        return pool.id(("z", k, p, q))

    def card(lits, bound, exact=False):
        if not exact and bound >= len(lits):
            return
        enc = CardEnc.equals if exact else CardEnc.atmost
        cls.extend(enc(lits=lits, bound=bound, vpool=pool, encoding=EncType.seqcounter).clauses)

    for k in range(K):
        for p in range(N):
            card([X(k, p, b) for b in range(T + 1)], 1, True)
        for b in range(T):
            card([X(k, p, b) for p in range(N)], 4, True)
        card([X(k, p, T) for p in range(N)], s, True)
        for b in range(1, T):  # tables ordered by their smallest player
            for p in range(N):
                cls.append([-X(k, p, b)] + [X(k, q, b - 1) for q in range(p)])
    for c in range(C):
        card([X(k, p, T) for k in range(K) for p in range(m * c, m * c + m)], 1)
    for k in range(K):
        for p in range(m * C, N):
            if m > 1:
                cls.append([-X(k, p, T)])

    def key(p, q):
        (x, i), (y, j) = pts[p], pts[q]
        if x is None and y is None:
            return None if m > 1 else ("inf", i, j)
        if x is None or y is None:
            return ("inf", i, j) if x is None else ("inf", j, i)
        if i == j:
            d = (y - x) % m
            return None if 2 * d % m == 0 else (i, i, min(d, m - d))
        return (i, j, (y - x) % m)

    used = set()
    for a in SHIFTS[:I]:
        a = (0,) + a
        for i, j in itertools.combinations(range(4), 2):
            used.add((i, j, (a[j] - a[i]) % m))
    classes: dict = {}
    for p, q in itertools.combinations(range(N), 2):
        kk = key(p, q)
        for k in range(K):
            for b in range(T):
                cls.append([-X(k, p, b), -X(k, q, b)] + ([Z(k, p, q)] if kk is not None and kk not in used else []))
            if kk is not None and kk not in used:
                classes.setdefault(kk, []).append(Z(k, p, q))
    for lits in classes.values():
        card(lits, 1)
    with Solver(name=solver, bootstrap_with=cls) as S:
        if not S.solve():
            return None
        model = set(v for v in S.get_model() if v > 0)

    def img(p, t):
        x, c = pts[p]
        return p if x is None else m * c + (x + t) % m

    rows = []
    for a in SHIFTS[:I]:
        a = (0,) + a
        rows.append([m * c + (x + a[c]) % m for x in range(m) for c in range(4)])
    for t in range(m):
        for k in range(K):
            tables = [img(p, t) for b in range(T) for p in range(N) if X(k, p, b) in model]
            rows.append(tables + sorted(img(p, t) for p in range(N) if X(k, p, T) in model))
    # check: nobody meets twice, nobody sits out twice
    seen: set = set()
    outs = [0] * N
    for row in rows:
        assert sorted(row) == list(range(N))
        for b in range(T):
            for pair in itertools.combinations(sorted(row[4 * b: 4 * b + 4]), 2):
                assert pair not in seen
                seen.add(pair)
        for p in row[4 * T:]:
            outs[p] += 1
    assert max(outs) <= 1
    return rows


def main() -> None:
    args = list(map(int, sys.argv[1:]))
    rows = solve(*args[:3], *args[3:5])
    if rows is None:
        print("UNSAT")
        return
    for row in rows:
        print(" ".join(map(str, row)))


if __name__ == "__main__":
    main()
