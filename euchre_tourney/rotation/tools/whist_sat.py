"""Exact (SAT) search for one cyclic whist starter -- developer tool only.

Needs ``pip install python-sat`` (NOT a dependency of the package; nothing in
the app imports this module). Found starters are pasted into
``../_starters.py`` where :mod:`euchre_tourney.rotation.designs` re-verifies them.

``python3 -m euchre_tourney.rotation.tools.whist_sat KIND N [SOLVER]``
(KIND ``rot`` or ``cyc1``; prints one ``(kind, n, starter)`` literal).

Encoding: a Boolean P[x,y] (partners) and O[x,y] (opponents) per pair of
starter points; each point has exactly one partner and two opponents; a
partner's opponent is an opponent, two opponents are partners (so each table
is a K4 with two partner pairs); for every difference class exactly one
partner pair and two opponent pairs (sequential-counter cardinality
encodings). For ``rot`` the partner of ∞ is fixed to 0. Wh(33) (cyc1) took
about 50 s with CaDiCaL; Wh(48) did not finish in 7 minutes.
"""
import sys, time, itertools
from pysat.formula import IDPool, CNF
from pysat.card import CardEnc, EncType
from pysat.solvers import Solver

def build(kind, n):
    m = n - 1 if kind == "rot" else n
    V = (list(range(m)) + [-1]) if kind == "rot" else list(range(1, n))
    pool = IDPool(); cl = []
    key = lambda x, y: (min(x, y), max(x, y))
    P = {}; O = {}
    for x, y in itertools.combinations(V, 2):
        k = key(x, y); P[k] = pool.id(('P',) + k); O[k] = pool.id(('O',) + k)
        cl.append([-P[k], -O[k]])
    def card(lits, k):
        enc = CardEnc.equals(lits=lits, bound=k, vpool=pool, encoding=EncType.seqcounter if len(lits) > 8 else EncType.pairwise)
        cl.extend(enc.clauses)
    for x in V:
        card([P[key(x, y)] for y in V if y != x], 1)
        card([O[key(x, y)] for y in V if y != x], 2)
    for x in V:
        for y in V:
            if y == x: continue
            for z in V:
                if z == x or z == y: continue
                # P_xy & O_xz -> O_yz
                cl.append([-P[key(x, y)], -O[key(x, z)], O[key(y, z)]])
                if y < z:
                    cl.append([-O[key(x, y)], -O[key(x, z)], P[key(y, z)]])
    for d in range(1, (m - 1) // 2 + 1):
        prs = [key(x, (x + d) % m) for x in range(m) if x in V and (x + d) % m in V]
        card([P[k] for k in prs], 1)
        card([O[k] for k in prs], 2)
    if kind == "rot":
        cl.append([P[key(-1, 0)]])
    return V, P, O, cl, m

def decode(kind, n, V, P, O, model):
    s = set(l for l in model if l > 0)
    partner = {}
    for (x, y), v in P.items():
        if v in s: partner[x] = y; partner[y] = x
    opp = {x: [] for x in V}
    for (x, y), v in O.items():
        if v in s: opp[x].append(y); opp[y].append(x)
    tables = []; done = set()
    order = ([-1] if kind == "rot" else []) + [x for x in V if x != -1]
    for x in order:
        if x in done: continue
        y = partner[x]; z, w = opp[x]
        tables.append([x, z, y, w]); done |= {x, y, z, w}
    return tables

if __name__ == "__main__":
    kind, n = sys.argv[1], int(sys.argv[2])
    t = time.time()
    V, P, O, cl, m = build(kind, n)
    print(f"# {kind} {n}: {len(cl)} clauses, built {time.time()-t:.1f}s", file=sys.stderr, flush=True)
    with Solver(name=sys.argv[3] if len(sys.argv) > 3 else "cadical153", bootstrap_with=cl) as S:
        ok = S.solve()
        print(f"# solved {ok} {time.time()-t:.1f}s", file=sys.stderr, flush=True)
        if ok:
            print(repr((kind, n, decode(kind, n, V, P, O, S.get_model()))), flush=True)
