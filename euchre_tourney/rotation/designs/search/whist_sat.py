"""Exact (SAT) search for one cyclic whist starter -- developer tool only.

Needs ``pip install python-sat`` (NOT a dependency of the package; nothing in
the app imports this module). Found starters are pasted into
``../data/whist_starters.json``, where :mod:`euchre_tourney.rotation.designs`
re-verifies them.

``python3 -m euchre_tourney.rotation.designs.search.whist_sat KIND N [SOLVER] [W] [ap|partialK [ap]]``
(KIND ``rot`` or ``cyc1``; prints one ``(kind, n, starter)`` literal).

``partial`` or ``partialK`` (kind ``rot``, K special orbits, default 2): see
:func:`build_partial`; a following ``ap`` fixes ∞'s table as below.

``ap`` (kind ``rot``, W = 1) fixes the ∞ table to (∞, 1, 0, 2), whose ghost
night can be dealt fairly (see ``designs.cyclic.ap_order``).

With a multiplier W (a unit of Z_m of odd order, so that no difference class
is mapped to its negative) the starter is required to be invariant under
x ↦ W·x (∞ fixed): one P and one O variable per orbit of pairs, constraints
only for orbit representatives of points and of difference classes. This cuts
the formula by the order of W. Only orders ≤ 3 can work for ``rot``: ∞'s table
is then invariant, so its other three players form one orbit. For ``cyc1`` over
Z_93 or Z_129 the pairs at difference n/3 force W ≡ ±1 (mod n/3); W = 61 or
85 (≡ 1 mod 3, ≡ −1 mod 31 or 43) are the candidates.

Encoding: a Boolean P[x,y] (partners) and O[x,y] (opponents) per pair of
starter points; each point has exactly one partner and two opponents; a
partner's opponent is an opponent, two opponents are partners (so each table
is a K4 with two partner pairs); for every difference class exactly one
partner pair and two opponent pairs (sequential-counter cardinality
encodings). For ``rot`` without a multiplier the partner of ∞ is fixed to 0. Wh(33) (cyc1) took
about 50 s with CaDiCaL; Wh(48) did not finish in 7 minutes.
"""
import sys, time, itertools
from pysat.formula import IDPool, CNF
from pysat.card import CardEnc, EncType
from pysat.solvers import Solver

def _cards(pool, cl):
    """``card(lits, k)``: clauses for "exactly k of lits" added to ``cl``; a
    literal listed twice (a pair orbit meeting the same point or class
    twice) counts twice, each repeat getting a fresh alias."""
    def card(lits, k):
        seen = set(); out = []
        for l in lits:
            if l in seen:
                a = pool.id(('alias', len(cl), len(out)))
                cl.extend([[-a, l], [a, -l]]); l = a
            seen.add(l); out.append(l)
        enc = CardEnc.equals(lits=out, bound=k, vpool=pool, encoding=EncType.seqcounter if len(out) > 8 or k > 1 else EncType.pairwise)
        cl.extend(enc.clauses)
    return card


def _table_rules(points, xs, P, O, key, card, cl, apart=None):
    """For each x in ``xs`` (orbit representatives of ``points``): one
    partner and two opponents among ``points``; and the table rules from x
    (a partner's opponent is an opponent, two opponents are partners).
    ``apart(y, z)``, if given, says that y and z may never share a table
    (their pair then has no variables): x gets no P/O with such a y, and
    never two table-mates that are apart."""
    apart = apart or (lambda y, z: False)
    tri = set()
    for x in xs:
        mates = [y for y in points if y != x and not apart(x, y)]
        card([P[key(x, y)] for y in mates], 1)
        card([O[key(x, y)] for y in mates], 2)
        for y in mates:
            for z in mates:
                if z == y:
                    continue
                if apart(y, z):
                    if y < z:
                        tri.update({(-P[key(x, y)], -O[key(x, z)]), (-O[key(x, y)], -P[key(x, z)]), (-O[key(x, y)], -O[key(x, z)])})
                    continue
                # P_xy & O_xz -> O_yz
                tri.add((-P[key(x, y)], -O[key(x, z)], O[key(y, z)]))
                if y < z:
                    tri.add((-O[key(x, y)], -O[key(x, z)], P[key(y, z)]))
    cl.extend(list(c) for c in tri)


def build(kind, n, w=1, ap=False):
    m = n - 1 if kind == "rot" else n
    V = (list(range(m)) + [-1]) if kind == "rot" else list(range(1, n))
    pool = IDPool(); cl = []
    mul = lambda x, i: x if x < 0 else x * pow(w, i, m) % m
    f = 1
    while pow(w, f, m) != 1:
        f += 1

    def key(x, y):  # canonical pair of the orbit of {x, y} under W
        return min((min(mul(x, i), mul(y, i)), max(mul(x, i), mul(y, i))) for i in range(f))

    def reps(items, img):  # one representative per orbit
        seen, out = set(), []
        for it in items:
            if it not in seen:
                out.append(it)
                seen.update(img(it, i) for i in range(f))
        return out

    P = {}; O = {}
    for x, y in itertools.combinations(V, 2):
        k = key(x, y)
        if k not in P:
            P[k] = pool.id(('P',) + k); O[k] = pool.id(('O',) + k)
            cl.append([-P[k], -O[k]])
    card = _cards(pool, cl)
    _table_rules(V, reps(V, mul), P, O, key, card, cl)
    cls = lambda d, i: min(d * pow(w, i, m) % m, -d * pow(w, i, m) % m)
    for d in reps(range(1, (m - 1) // 2 + 1), cls):
        prs = [key(x, (x + d) % m) for x in range(m) if x in V and (x + d) % m in V]
        card([P[k] for k in prs], 1)
        card([O[k] for k in prs], 2)
    if kind == "rot" and f == 1:
        cl.append([P[key(-1, 0)]])  # with a multiplier ∞'s table is W-invariant: no room for 0
        if ap:  # ∞ table (∞, 1, 0, 2): its ghost night is dealt fairly (designs._ap_order)
            cl.extend([[O[key(-1, 1)]], [O[key(-1, 2)]]])
    full = lambda D: {(x, y): D[key(x, y)] for x, y in itertools.combinations(V, 2)}
    return V, full(P), full(O), cl, m

def build_partial(n, w, n_special=2, ap=False):
    """``rot`` with partial multiplier symmetry: ∞, 0 and ``n_special`` orbits
    of x ↦ W·x form "special" tables searched freely; every other table is
    one of W·T, W²·T, … for a base table T on the remaining orbits (the layout
    of ``whist_symsearch.c``, as an exact model; needed for rot because a
    fully W-invariant starter is impossible there). ``ap``: ∞'s table is
    (∞, 1, 0, 2) as in :func:`build` (1 and 2 are special when
    ``n_special`` ≥ 2)."""
    m = n - 1
    f = 1
    while pow(w, f, m) != 1:
        f += 1
    orbit = lambda x: {x * pow(w, i, m) % m for i in range(f)}
    S = {-1, 0}
    x = 1
    for _ in range(n_special):
        while x in S:
            x += 1
        S |= orbit(x)
    B = [y for y in range(m) if y not in S]
    Bset = set(B)
    pool = IDPool(); cl = []
    mul = lambda y, i: y * pow(w, i, m) % m

    def key(y, z):
        if y in Bset and z in Bset:
            return min((min(mul(y, i), mul(z, i)), max(mul(y, i), mul(z, i))) for i in range(f))
        return (min(y, z), max(y, z))

    Sl = sorted(S)
    P = {}; O = {}
    for part in (Sl, B):
        for y, z in itertools.combinations(part, 2):
            k = key(y, z)
            if k not in P:
                P[k] = pool.id(('P',) + k); O[k] = pool.id(('O',) + k)
                cl.append([-P[k], -O[k]])

    card = _cards(pool, cl)

    seen = set(); reps = []
    for y in B:
        if y not in seen:
            reps.append(y); seen |= orbit(y)
    for part, xs in ((Sl, Sl), (B, reps)):
        _table_rules(part, xs, P, O, key, card, cl)
    for d in range(1, (m - 1) // 2 + 1):
        prs = [key(y, (y + d) % m) for y in range(m) if (y in Bset) == ((y + d) % m in Bset)]
        card([P[k] for k in prs], 1)
        card([O[k] for k in prs], 2)
    if ap:
        cl.extend([[P[key(-1, 0)]], [O[key(-1, 1)]], [O[key(-1, 2)]]])
    V = [-1] + list(range(m))
    Pf = {}; Of = {}
    for part in (Sl, B):
        for y, z in itertools.combinations(part, 2):
            Pf[(min(y, z), max(y, z))] = P[key(y, z)]; Of[(min(y, z), max(y, z))] = O[key(y, z)]
    return V, Pf, Of, cl, m


def _tables(order, P, O, on):
    """Tables [x, opponent, partner, opponent] read off the true P and O
    variables (``on``: the set of true literals), one per player in
    ``order`` that is not yet seated."""
    partner, opp = {}, {x: [] for x in order}
    for (x, y), v in P.items():
        if v in on: partner[x] = y; partner[y] = x
    for (x, y), v in O.items():
        if v in on: opp[x].append(y); opp[y].append(x)
    tables = []; done = set()
    for x in order:
        if x in done: continue
        y = partner[x]; z, w = opp[x]
        tables.append([x, z, y, w]); done |= {x, y, z, w}
    return tables


def decode(kind, n, V, P, O, model):
    order = ([-1] if kind == "rot" else []) + [x for x in V if x != -1]
    return _tables(order, P, O, set(l for l in model if l > 0))

if __name__ == "__main__":
    kind, n = sys.argv[1], int(sys.argv[2])
    t = time.time()
    w = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    if len(sys.argv) > 5 and sys.argv[5].startswith("partial"):
        V, P, O, cl, m = build_partial(n, w, int(sys.argv[5][7:] or 2), ap=sys.argv[6:7] == ["ap"])
    else:
        V, P, O, cl, m = build(kind, n, w, ap=len(sys.argv) > 5 and sys.argv[5] == "ap")
    print(f"# {kind} {n}: {len(cl)} clauses, built {time.time()-t:.1f}s", file=sys.stderr, flush=True)
    with Solver(name=sys.argv[3] if len(sys.argv) > 3 else "cadical153", bootstrap_with=cl) as S:
        ok = S.solve()
        print(f"# solved {ok} {time.time()-t:.1f}s", file=sys.stderr, flush=True)
        if ok:
            print(repr((kind, n, decode(kind, n, V, P, O, S.get_model()))), flush=True)
