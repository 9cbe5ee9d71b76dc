"""Exact (SAT) search for a near-whist design NWh(n), n ≡ 2 (mod 4), with no
symmetry assumed -- developer tool only (needs ``pip install python-sat``;
nothing in the app imports this module).

``python3 -m euchre_tourney.rotation.designs.search.nwh_sat N [SECONDS [CYCLES]]``
prints the rounds as a Python literal, ``UNSAT`` or ``UNKNOWN``. CYCLES (e.g.
``1,2,3:4,5,6``) imposes an automorphism: it permutes the couples in those
cycles (couple c = {c, c + n/2}; member c ↦ member σ(c)), and round 2c + i
goes to round 2σ(c) + i. (CaDiCaL ignores the time limit's interrupt; run
under the shell's ``timeout``.) Found this way: NWh(14) with cycles
``1,2,3:4,5,6`` (25 s), NWh(22) with ``1,2,3,4,5:6,7,8,9,10`` (3 min). Not
found: 30 with two 7-cycles (10 min), 30 and 42 bi-cyclic (one cycle of all
couples; 2–4 min).

Couples {i, i + n/2}; couple i sits out in rounds 2i and 2i + 1 (any NWh can
be relabelled so). Booleans P[r, x, y] / O[r, x, y]: x and y are partners /
opponents in round r. In each round every player who plays has exactly one
partner and two opponents, a partner's opponent is an opponent and two
opponents are partners (so the players form tables of four). Over all rounds
every non-couple pair partners once and opposes twice; couples never meet.
"""
import itertools
import sys
import threading

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver


def build(n, cycles=None):
    h = n // 2
    pool = IDPool()
    cl = []
    P, O = {}, {}
    out = {r: {r // 2, r // 2 + h} for r in range(n)}

    def card(lits, k):
        enc = EncType.pairwise if k == 1 and len(lits) <= 6 else EncType.seqcounter
        cl.extend(CardEnc.equals(lits=lits, bound=k, vpool=pool, encoding=enc).clauses)

    def couple(x, y):
        return abs(x - y) == h

    for r in range(n):
        play = [x for x in range(n) if x not in out[r]]
        for x, y in itertools.combinations(play, 2):
            if couple(x, y):
                continue
            P[r, x, y] = P[r, y, x] = pool.id(("P", r, x, y))
            O[r, x, y] = O[r, y, x] = pool.id(("O", r, x, y))
            cl.append([-P[r, x, y], -O[r, x, y]])
        for x in play:
            others = [y for y in play if y != x and not couple(x, y)]
            card([P[r, x, y] for y in others], 1)
            card([O[r, x, y] for y in others], 2)
            for y in others:
                for z in others:
                    if z == y or couple(y, z):
                        continue
                    cl.append([-P[r, x, y], -O[r, x, z], O[r, y, z]])
                    if y < z:
                        cl.append([-O[r, x, y], -O[r, x, z], P[r, y, z]])
            for y in others:
                for z in play:
                    if couple(y, z) and z != x and not couple(x, z):
                        # two table-mates of x are never a couple
                        cl.append([-P[r, x, y], -O[r, x, z]])
                        if y < z:
                            cl.append([-O[r, x, y], -O[r, x, z]])
    for x, y in itertools.combinations(range(n), 2):
        if couple(x, y):
            continue
        rs = [r for r in range(n) if (r, x, y) in P]
        card([P[r, x, y] for r in rs], 1)
        card([O[r, x, y] for r in rs], 2)
    if cycles:
        sc = list(range(h))
        for cyc in cycles:
            for i, c in enumerate(cyc):
                sc[c] = cyc[(i + 1) % len(cyc)]
        sp = [sc[x] if x < h else sc[x - h] + h for x in range(n)]
        for (r, x, y), v in P.items():
            r2 = 2 * sc[r // 2] + r % 2
            for M in (P, O):
                a, b = M[r, x, y], M[r2, sp[x], sp[y]]
                cl.extend([[-a, b], [a, -b]])
    else:
        # round 0: player 1 partners player 2 (relabelling)
        cl.append([P[0, 1, 2]])
    return cl, P, O


def decode(n, model, P, O):
    h = n // 2
    pos = {v for v in model if v > 0}
    rounds = []
    for r in range(n):
        out = [r // 2, r // 2 + h]
        play = [x for x in range(n) if x not in out]
        left, games = set(play), []
        while left:
            a = min(left)
            c = next(y for y in play if (r, a, y) in P and P[r, a, y] in pos)
            b, d = sorted(y for y in play if (r, a, y) in O and O[r, a, y] in pos)
            games.append((a, b, c, d))
            left -= {a, b, c, d}
        rounds.append((games, out))
    return rounds


def main():
    n = int(sys.argv[1])
    secs = float(sys.argv[2]) if len(sys.argv) > 2 else 600
    cycles = None
    if len(sys.argv) > 3:
        cycles = [[int(c) for c in part.split(",")] for part in sys.argv[3].split(":")]
    cl, P, O = build(n, cycles)
    with Solver(name="cadical153", bootstrap_with=cl) as s:
        timer = threading.Timer(secs, s.interrupt)
        timer.start()
        res = s.solve_limited(expect_interrupt=True)
        timer.cancel()
        if res is None:
            print("UNKNOWN")
        elif not res:
            print("UNSAT")
        else:
            print(repr(decode(n, s.get_model(), P, O)))


if __name__ == "__main__":
    main()
