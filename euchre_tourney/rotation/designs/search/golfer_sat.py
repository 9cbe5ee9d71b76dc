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

``--involution`` (N ≡ 0, 1 mod 4, R even): rounds 2i and 2i + 1 are mirror
images under σ: p ↦ −p mod N (N odd; player 0 never sits out, round 2i sits
out i + 1 and round 2i + 1 its mirror) or p ↦ p xor 1 (N ≡ 0): the same
tables and partnerships with every player replaced by σ of it. For odd N
any choice of sit-out pairs {s, −s} is the same up to relabelling, so UNSAT
rules out every night with an involution that fixes one player and pairs up
the rounds: 13 × 8 at most twice is UNSAT this way (in 5–8 minutes).

Usage: python3 golfer_sat.py N R LAM PI [SOLVER] [--free] [--tables] [--involution]
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


def solve(n: int, rounds: int, lam: int, pi: int, solver: str = "cadical153", free: bool = False, tables: bool = False,
          involution: bool = False):
    """``free``: the sit-outs are variables too (any choice keeping the rules:
    counts within 1 after every round, never two rounds running; round 0 sits
    out players 0…s−1, which loses nothing), so UNSAT is a proof. ``tables``:
    also nobody at one table more than ⌈most games / T⌉ times."""
    T = n // 4
    s_ = n % 4
    outs = sit_outs(n, rounds)
    # --involution: rounds 2i and 2i + 1 swapped by σ: p ↦ −p (n ≡ 1 mod 4,
    # fixing player 0, who never sits out) or p ↦ p xor 1 (n ≡ 0 mod 4)
    sigma = (lambda p: (-p) % n) if n % 2 else (lambda p: p ^ 1)
    if involution:
        if n % 4 not in (0, 1) or rounds % 2 or free or rounds > n - 1:
            raise SystemExit("--involution: n ≡ 0, 1 (mod 4), an even number of rounds up to n − 1, not --free")
        if n % 4 == 1:
            outs = [[(1 + r // 2) * (-1) ** r % n] for r in range(rounds)]
    plays = [list(range(n)) if free else [p for p in range(n) if p not in set(o)] for o in outs]
    pool = IDPool()
    cls: list[list[int]] = []

    def card(lits, k, kind):
        enc = {"le": CardEnc.atmost, "eq": CardEnc.equals}[kind]
        cnf = enc(lits=lits, bound=k, vpool=pool, encoding=EncType.seqcounter)
        cls.extend(cnf.clauses)

    x = lambda r, p, t: pool.id(("x", r, p, t))  # noqa: E731
    m = lambda r, p, q: pool.id(("m", r, min(p, q), max(p, q)))  # noqa: E731
    y = lambda r, p, q: pool.id(("y", r, min(p, q), max(p, q)))  # noqa: E731
    def card2(lits, k, kind):
        enc = {"ge": CardEnc.atleast, "le": CardEnc.atmost}[kind]
        cls.extend(enc(lits=lits, bound=k, vpool=pool, encoding=EncType.seqcounter).clauses)

    S = T + 1 if free else T  # slot T: sitting out
    for r in range(rounds):
        P = plays[r]
        for p in P:
            card([x(r, p, t) for t in range(S)], 1, "eq")
            if free:
                card2([y(r, p, q) for q in P if q != p], 1, "le")
                cls.append([x(r, p, T)] + [y(r, p, q) for q in P if q != p])
            else:
                card([y(r, p, q) for q in P if q != p], 1, "eq")
        for t in range(T):
            card([x(r, p, t) for p in P], 4, "eq")
        if free:
            card([x(r, p, T) for p in P], s_, "eq")
        for p, q in itertools.combinations(P, 2):
            for t in range(T):
                cls.append([-x(r, p, t), -x(r, q, t), m(r, p, q)])
                cls.append([-y(r, p, q), -x(r, p, t), x(r, q, t)])
            if free:
                cls.append([-y(r, p, q), -x(r, p, T)])
    if tables:  # nobody at one table more than ⌈most games / T⌉ times
        cap = -(-(rounds - s_ * rounds // n) // T)
        for p in range(n):
            for t in range(T):
                card2([x(r, p, t) for r in range(rounds) if p in plays[r]], cap, "le")
    if free:
        for p in range(n):
            if rounds:
                cls.append([x(0, p, T) if p < s_ else -x(0, p, T)])
            for r in range(rounds - 1):
                cls.append([-x(r, p, T), -x(r + 1, p, T)])
            for k in range(1, rounds + 1):
                lo, hi = s_ * k // n, -(-s_ * k // n)
                lits = [x(r, p, T) for r in range(k)]
                if lo > 0:
                    card2(lits, lo, "ge")
                if hi < k:
                    card2(lits, hi, "le")
        # tables ordered by their smallest player (not with ``tables``: then
        # the tables are told apart)
        for t in range(1, T if not tables else 1):
            for i, p in enumerate(P):
                cls.append([-x(r, p, t)] + [x(r, q, t - 1) for q in P[:i]])
    if involution:  # m exact (same table), then m and y of round 2i + 1 mirror round 2i
        for r in range(rounds):
            for p, q in itertools.combinations(plays[r], 2):
                for t in range(T):
                    cls.append([-m(r, p, q), -x(r, p, t), x(r, q, t)])
        for r in range(0, rounds, 2):
            for p, q in itertools.combinations(plays[r], 2):
                for v in (m, y):
                    a_, b_ = v(r, p, q), v(r + 1, sigma(p), sigma(q))
                    cls.extend([[-a_, b_], [a_, -b_]])
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
        out = [p for p in range(n) if free and x(r, p, T) in model] if free else outs[r]
        result.append(seats + out)
    return result


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n, rounds, lam, pi = map(int, args[:4])
    res = solve(n, rounds, lam, pi, *(args[4:5]), free="--free" in sys.argv, tables="--tables" in sys.argv,
                involution="--involution" in sys.argv)
    if res is None:
        print("UNSAT")
        return
    for row in res:
        print(" ".join(map(str, row)))


if __name__ == "__main__":
    main()
