"""Exact (SAT) search for a column starter of Wh(8u) -- developer tool only
(the model of ``whist_col_search.c``; nothing in the app imports this
module). The design and its group G are described in
:mod:`euchre_tourney.rotation._columns`.

Needs ``pip install python-sat`` (NOT a dependency of the package).
``python3 -m euchre_tourney.rotation.tools.whist_col_sat U W [SOLVER [PI]]``
(PI e.g. ``10576243``) prints one ``(u, w, pi, developed, fixed)`` literal
for ``COLUMN_STARTERS`` in :mod:`euchre_tourney.rotation._starters`.

Encoding: each developed base round has one P and one O Boolean per pair of
players of different columns with the table rules of ``whist_sat`` (and no
two players of one column at a table); each fixed base round has P and O per
pair of levels (the same rules on 8 points) and a one-hot offset per level
(level 0 at offset 0), and its pair of levels j, j' stands for the pair
((0, j), (off_j' − off_j, j')). Every orbit of pairs under G needs exactly
one P and two O among its pairs in the base rounds (a pair whose stabilizer
had order s would count s times; with the groups of ``_columns`` s = 1).
``... whist_col_sat lns STATEFILE [N_FREE [SEED]]`` completes the last
near-solution in STATEFILE (see :func:`neighbourhood`).

Wh(104) (u = 13, w = 3, PI) took 7.5 minutes with CaDiCaL, the annealer
4–80 s, ``lns`` from a cost-4 state one attempt; Wh(56) a few seconds.
Wh(152) (u = 19, w = 7, PI; the target): about 40 minutes of annealing
reached cost 2 (one orbit off by one pair) a few times, and ``lns`` with
8–14 free tables found those states unsatisfiable or ran out of budget;
not found yet.
"""
import itertools
import sys
import time

from pysat.formula import IDPool
from pysat.solvers import Solver

from euchre_tourney.rotation._columns import LEVELS, group
from euchre_tourney.rotation.tools.whist_sat import _cards, _table_rules, _tables


def layout(u, w, pi=None):
    """(|G|, ND, NF): 7 + NF·|G|/u + ND·|G| = 8u − 1."""
    n = len(group(u, w, pi))
    rest = LEVELS * u - 8
    nd = rest // n
    nf, r = divmod(rest - nd * n, n // u)
    if r:
        raise SystemExit("no layout")
    return n, nd, nf


def pair_orbits(u, G):
    """{(p, q): (orbit id, |stabilizer|)} for players p < q of different
    columns."""
    n = LEVELS * u
    seen = {}
    nid = 0
    for p in range(n):
        for q in range(p + 1, n):
            if p % u == q % u or (p, q) in seen:
                continue
            imgs = {(min(g[p], g[q]), max(g[p], g[q])) for g in G}
            for pq in imgs:
                seen[pq] = (nid, len(G) // len(imgs))
            nid += 1
    return seen


def build(u, w, pi=None):
    G = group(u, w, pi)
    shape = layout(u, w, pi)
    _, nd, nf = shape
    orb = pair_orbits(u, G)
    pool = IDPool(); cl = []
    card = _cards(pool, cl)
    cover_p, cover_o = {}, {}

    def cover(pq, a, b):
        o, stab = orb[pq]
        cover_p.setdefault(o, []).extend([a] * stab)
        cover_o.setdefault(o, []).extend([b] * stab)

    pts = list(range(LEVELS * u))
    col = lambda p: p % u
    key = lambda x, y: (min(x, y), max(x, y))
    dev = []
    for r in range(nd):
        Pr, Or = {}, {}
        for p, q in itertools.combinations(pts, 2):
            if col(p) == col(q):
                continue
            Pr[p, q] = a = pool.id(('P', r, p, q)); Or[p, q] = b = pool.id(('O', r, p, q))
            cl.append([-a, -b])
            cover((p, q), a, b)
        # table rules; two players of one column never share a table
        _table_rules(pts, pts, Pr, Or, key, card, cl, apart=lambda y, z: col(y) == col(z))
        dev.append((Pr, Or))
    fixed = []
    lv = list(range(LEVELS))
    for k in range(nf):
        Pk, Ok = {}, {}
        for j, jj in itertools.combinations(lv, 2):
            Pk[j, jj] = a = pool.id(('Pf', k, j, jj)); Ok[j, jj] = b = pool.id(('Of', k, j, jj))
            cl.append([-a, -b])
        _table_rules(lv, lv, Pk, Ok, key, card, cl)
        Z = {(j, x): pool.id(('Z', k, j, x)) for j in lv for x in range(u)}
        for j in lv:
            card([Z[j, x] for x in range(u)], 1)
        cl.append([Z[0, 0]])
        for j, jj in itertools.combinations(lv, 2):
            for d in range(u):
                D = pool.id(('D', k, j, jj, d))
                for x in range(u):
                    cl.append([-Z[j, x], -Z[jj, (x + d) % u], D])
                    cl.append([-D, -Z[j, x], Z[jj, (x + d) % u]])
                if d == 0:
                    cl.extend([[-D, -Pk[j, jj]], [-D, -Ok[j, jj]]])
                    continue
                # the round's images cover the orbit of ((0, j), (d, jj))
                cp = pool.id(('cp', k, j, jj, d)); co = pool.id(('co', k, j, jj, d))
                cl.extend([[-cp, D], [-cp, Pk[j, jj]], [cp, -D, -Pk[j, jj]]])
                cl.extend([[-co, D], [-co, Ok[j, jj]], [co, -D, -Ok[j, jj]]])
                cover(key(j * u, jj * u + d), cp, co)
        fixed.append((Pk, Ok, Z))
    for o in cover_p:
        card(cover_p[o], 1)
        card(cover_o[o], 2)
    return shape, dev, fixed, cl


def decode(u, shape, dev, fixed, model):
    on = {l for l in model if l > 0}
    developed = [_tables(list(range(LEVELS * u)), Pr, Or, on) for Pr, Or in dev]
    fixed_out = []
    for Pk, Ok, Z in fixed:
        off = {j: next(x for x in range(u) if Z[j, x] in on) for j in range(LEVELS)}
        fixed_out.append([[j * u + off[j] for j in t] for t in _tables(list(range(LEVELS)), Pk, Ok, on)])
    return developed, fixed_out


def neighbourhood(u, w, pi, state, n_free=12, tries=300, solver="cadical153", seed=0, budget=20_000):
    """Large-neighbourhood search from a near-solution ``state`` (a
    ``(u, w, pi, developed, fixed)`` literal, e.g. a ``# best`` dump of
    ``whist_col_search``): keep all but ``n_free`` tables of each developed
    round (tables holding a pair of an over-full orbit are always freed, the
    rest picked at random), free each fixed round with probability 1/4, and ask the solver
    (incrementally, under assumptions, at most ``budget`` conflicts per
    attempt) to complete it. Returns
    ``(developed, fixed)`` or ``None``."""
    import random

    rng = random.Random(seed)
    shape, dev, fixed, cl = build(u, w, pi)
    orb = pair_orbits(u, group(u, w, pi))
    key = lambda x, y: (min(x, y), max(x, y))
    seats = lambda t: ((t[0], t[2], 'P'), (t[1], t[3], 'P'), (t[0], t[1], 'O'), (t[0], t[3], 'O'), (t[2], t[1], 'O'), (t[2], t[3], 'O'))
    count = {}
    for base in state[3] + state[4]:  # developed and fixed base rounds alike
        for t in base:
            for a, b, kind in seats(t):
                if a % u != b % u:
                    o = orb[key(a, b)][0]
                    count[o, kind] = count.get((o, kind), 0) + 1
    over = {o for (o, kind), c in count.items() if c > (1 if kind == 'P' else 2)}
    with Solver(name=solver, bootstrap_with=cl) as sat:
        for attempt in range(tries):
            assume = []
            for (Pr, Or), base in zip(dev, state[3]):
                bad = [i for i, t in enumerate(base) if any(a % u == b % u or orb[key(a, b)][0] in over for a, b, _ in seats(t))]
                rest = [i for i in range(len(base)) if i not in bad]
                free = set(bad) | set(rng.sample(rest, max(0, n_free - len(bad))))
                for i, t in enumerate(base):
                    if i not in free:
                        assume += [(Pr if kind == 'P' else Or)[key(a, b)] for a, b, kind in seats(t)]
            for (Pk, Ok, Z), base in zip(fixed, state[4]):  # keep most fixed rounds as they are
                if rng.random() < 0.25:
                    continue
                off = {p // u: p % u for t in base for p in t}
                for t in base:
                    lv = [p // u for p in t]
                    assume += [(Pk if kind == 'P' else Ok)[key(a, b)] for a, b, kind in seats(lv)]
                assume += [Z[j, (off[j] - off[0]) % u] for j in range(LEVELS)]
            sat.conf_budget(budget)
            ok = sat.solve_limited(assumptions=assume)
            print(f"# attempt {attempt}: {ok}", file=sys.stderr, flush=True)
            if ok:
                return decode(u, shape, dev, fixed, sat.get_model())
    return None


if __name__ == "__main__":
    if sys.argv[1] == "lns":  # lns STATEFILE [N_FREE [SEED]]
        import ast
        lines = [ln for ln in open(sys.argv[2]) if ln.startswith("(")]
        st = ast.literal_eval(lines[-1])
        found = neighbourhood(st[0], st[1], st[2], st, int(sys.argv[3]) if len(sys.argv) > 3 else 12,
                              seed=int(sys.argv[4]) if len(sys.argv) > 4 else 0)
        if found:
            print(repr((st[0], st[1], st[2], found[0], found[1])), flush=True)
        raise SystemExit(0 if found else 1)
    u, w = int(sys.argv[1]), int(sys.argv[2])
    solver = sys.argv[3] if len(sys.argv) > 3 else "cadical153"
    pi = [int(c) for c in sys.argv[4]] if len(sys.argv) > 4 else None
    t = time.time()
    shape, dev, fixed, cl = build(u, w, pi)
    print(f"# Wh({8 * u}) over Z_{u}, w = {w}: |G|, ND, NF = {shape}; {len(cl)} clauses, built {time.time() - t:.1f}s", file=sys.stderr, flush=True)
    with Solver(name=solver, bootstrap_with=cl) as sat:
        ok = sat.solve()
        print(f"# solved {ok} {time.time() - t:.1f}s", file=sys.stderr, flush=True)
        if ok:
            d, fx = decode(u, shape, dev, fixed, sat.get_model())
            print(repr((u, w, pi, d, fx)), flush=True)
