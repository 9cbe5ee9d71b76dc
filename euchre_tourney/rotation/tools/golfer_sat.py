"""Exact search (SAT) for a short night with sit-outs (developer tool; nothing
in the app imports this module).

The problem is that of ``golfer_search.c``: N players, R rounds, T = N div 4
tables, s = N mod 4 sit-outs a round in cyclic order (round r: players
s·r … s·r+s−1 mod N); find tables such that no pair meets more than LAM times
and no pair partners more than PI times. Encoding: x[r,p,t] (p at table t in
round r, exactly one table, four players a table); m[r,p,q] forced true when
p and q share a table, at most LAM of them per pair; y[r,p,q] (partners in
round r) implies the same table, exactly one partner a player and round
(so each table splits into two partnerships), at most PI per pair. Tables of
a round are ordered by their smallest player (symmetry breaking).

Usage: python3 golfer_sat.py N R LAM PI [SOLVER]
Prints the rounds in the C tool's format (4T seated players N E S W by
table, partners seats 0–2 and 1–3, then the sit-outs) or ``UNSAT``.
"""

from __future__ import annotations

import itertools
import sys

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver


def sit_outs(n: int, rounds: int) -> list[list[int]]:
    s = n % 4
    return [sorted({(s * r + i) % n for i in range(s)}) for r in range(rounds)]


def solve(n: int, rounds: int, lam: int, pi: int, solver: str = "cadical153"):
    T = n // 4
    outs = sit_outs(n, rounds)
    plays = [[p for p in range(n) if p not in set(o)] for o in outs]
    pool = IDPool()
    cls: list[list[int]] = []

    def card(lits, k, kind):
        enc = {"le": CardEnc.atmost, "eq": CardEnc.equals}[kind]
        cnf = enc(lits=lits, bound=k, vpool=pool, encoding=EncType.seqcounter)
        cls.extend(cnf.clauses)

    x = lambda r, p, t: pool.id(("x", r, p, t))  # noqa: E731
    m = lambda r, p, q: pool.id(("m", r, min(p, q), max(p, q)))  # noqa: E731
    y = lambda r, p, q: pool.id(("y", r, min(p, q), max(p, q)))  # noqa: E731
    for r in range(rounds):
        P = plays[r]
        for p in P:
            card([x(r, p, t) for t in range(T)], 1, "eq")
            card([y(r, p, q) for q in P if q != p], 1, "eq")
        for t in range(T):
            card([x(r, p, t) for p in P], 4, "eq")
        for p, q in itertools.combinations(P, 2):
            for t in range(T):
                cls.append([-x(r, p, t), -x(r, q, t), m(r, p, q)])
                cls.append([-y(r, p, q), -x(r, p, t), x(r, q, t)])
        # tables ordered by their smallest player
        for t in range(1, T):
            for i, p in enumerate(P):
                cls.append([-x(r, p, t)] + [x(r, q, t - 1) for q in P[:i]])
    for p, q in itertools.combinations(range(n), 2):
        both = [r for r in range(rounds) if p in plays[r] and q in plays[r]]
        if len(both) > lam:
            card([m(r, p, q) for r in both], lam, "le")
        if len(both) > pi:
            card([y(r, p, q) for r in both], pi, "le")
    with Solver(name=solver, bootstrap_with=cls) as s:
        if not s.solve():
            return None
        model = set(v for v in s.get_model() if v > 0)
    result = []
    for r in range(rounds):
        seats = []
        for t in range(T):
            members = [p for p in plays[r] if x(r, p, t) in model]
            a = members[0]
            c = next(q for q in members if q != a and y(r, a, q) in model)
            b, d = [q for q in members if q not in (a, c)]
            seats += [a, b, c, d]
        result.append(seats + outs[r])
    return result


def main() -> None:
    n, rounds, lam, pi = map(int, sys.argv[1:5])
    res = solve(n, rounds, lam, pi, *(sys.argv[5:6]))
    if res is None:
        print("UNSAT")
        return
    for row in res:
        print(" ".join(map(str, row)))


if __name__ == "__main__":
    main()
