"""Offline search for the base pairs of :mod:`euchre_tourney.rotation.designs.resolvable`
-- developer tool only (nothing in the app imports this module).

``python3 -m euchre_tourney.rotation.designs.search.rbibd_search R [SEED]`` (R ≡ 1
mod 4, odd) prints one line ``R: [(x, y), ...],`` to paste into
the ``pm_pairs`` entries of ``../data/resolvable.json``.

``python3 -m euchre_tourney.rotation.designs.search.rbibd_search cyc R [SOLVER]``
runs an exact SAT search (needs ``pip install python-sat``, NOT a dependency
of the package) for a ``cyc`` base class over Z_{3R} (see ``designs/resolvable.py``):
t = (R − 1)/4 blocks, each nonzero residue c mod R in one block (B[c, j])
with one lift c + k·R (L[c, k]); for each pair of residues and lifts an
auxiliary A ⇔ same block ∧ both lifts; for every difference class of
Z_{3R} ∖ {0, ±R} exactly one A. Blocks are ordered by least residue and each
block's least residue has lift 0. The annealing in ``rbibd_search.c`` is
the faster first try.

``python3 -m euchre_tourney.rotation.designs.search.rbibd_search pm M1xM2x… [SOLVER]``:
the same problem as SAT (one Boolean per pair of ±classes; each class in
exactly one pair and exactly one ±(x ± y)) over the group Z_M1 × Z_M2 × ⋯ of
odd order (e.g. ``pm 3x3x5`` for ``pm_group 45``; ``pm 45`` is Z_45, where
it proves there is none).

The problem: split the 2t classes {±c} of Z_R ∖ {0} (R = 4t + 1) into t pairs
{x, y} so that the 4t elements ±(x + y), ±(x − y) are all the nonzero
elements of Z_R, each once. (Why that gives an RBIBD(3R + 1, 4, 1) is
explained in ``designs/resolvable.py``.)

Method: depth-first search that always fills the ±class with fewest remaining
candidates (classes to cover: a class is "used" once it is in a pair, "hit"
once it is some ±(x ± y)); candidates in random order, with a node budget and
restarts under new seeds. Every size up to R = 65 takes well under a second.
"""

from __future__ import annotations

import random
import sys


def search(r: int, seed: int = 1, budget: int = 200_000) -> list[tuple[int, int]] | None:
    if r % 4 != 1 or r < 5:
        raise ValueError("R must be ≡ 1 (mod 4) and at least 5")
    t = (r - 1) // 4
    half = 2 * t

    def cls(z: int) -> int:
        z %= r
        return min(z, r - z)  # 1 … 2t

    rng = random.Random(seed)
    while True:
        used = [False] * (half + 1)  # class already in a pair
        hit = [False] * (half + 1)  # class already a ±(x ± y)
        pairs: list[tuple[int, int]] = []
        nodes = 0

        def ok(x: int, y: int) -> tuple[int, int] | None:
            a, b = cls(x + y), cls(x - y)
            if a == b or hit[a] or hit[b]:
                return None
            return a, b

        def rec() -> bool:
            nonlocal nodes
            if len(pairs) == t:
                return True
            nodes += 1
            if nodes > budget:
                return False
            # the unused class with the fewest partners left
            best = None
            for x in range(1, half + 1):
                if used[x]:
                    continue
                cands = [y for y in range(1, half + 1) if y != x and not used[y] and ok(x, y)]
                if best is None or len(cands) < len(best[1]):
                    best = (x, cands)
                    if not cands:
                        return False
            x, cands = best
            rng.shuffle(cands)
            for y in cands:
                a, b = ok(x, y)
                used[x] = used[y] = hit[a] = hit[b] = True
                pairs.append((x, y))
                if rec():
                    return True
                pairs.pop()
                used[x] = used[y] = hit[a] = hit[b] = False
            return False

        sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * t + 100))
        if rec():
            return sorted(pairs)
        if nodes <= budget:
            return None  # search space exhausted: no solution
        seed += 1000
        rng = random.Random(seed)


def sat_cyc(r: int, solver: str = "cadical153") -> list[tuple[int, ...]] | None:
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool
    from pysat.solvers import Solver

    m, t = 3 * r, (r - 1) // 4
    res = range(1, r)
    pool = IDPool()
    cl: list[list[int]] = []
    B = {(c, j): pool.id(("B", c, j)) for c in res for j in range(t)}
    L = {(c, k): pool.id(("L", c, k)) for c in res for k in range(3)}

    def card(lits: list[int], k: int) -> None:
        enc = CardEnc.equals(lits=lits, bound=k, vpool=pool, encoding=EncType.seqcounter if len(lits) > 6 else EncType.pairwise)
        cl.extend(enc.clauses)

    for c in res:
        card([B[c, j] for j in range(t)], 1)
        card([L[c, k] for k in range(3)], 1)
        for j in range(c, t):  # block j's least residue is at least j + 1
            cl.append([-B[c, j]])
    for j in range(t):
        card([B[c, j] for c in res], 4)
    S = {}
    for c in res:
        for e in range(c + 1, r):
            s_ = S[c, e] = pool.id(("S", c, e))
            ps = []
            for j in range(t):
                p = pool.id(("P", c, e, j))
                ps.append(p)
                cl += [[-p, B[c, j]], [-p, B[e, j]], [p, -B[c, j], -B[e, j]], [-p, s_]]
            cl.append([-s_] + ps)
    # least residue of each block has lift 0; block j's least residue is j + 1
    for e in res:
        cl.append([L[e, 0]] + [S[c, e] for c in range(1, e)])
    classes: dict[int, list[int]] = {}
    for c in res:
        for e in range(c + 1, r):
            for k in range(3):
                for h in range(3):
                    a = pool.id(("A", c, e, k, h))
                    cl += [[-a, S[c, e]], [-a, L[c, k]], [-a, L[e, h]], [a, -S[c, e], -L[c, k], -L[e, h]]]
                    d = (c + k * r - e - h * r) % m
                    classes.setdefault(min(d, m - d), []).append(a)
    for d, lits in classes.items():
        card(lits, 1)
    with Solver(name=solver, bootstrap_with=cl) as sv:
        if not sv.solve():
            return None
        model = set(x for x in sv.get_model() if x > 0)
    blocks = [[] for _ in range(t)]
    for c in res:
        j = next(j for j in range(t) if B[c, j] in model)
        k = next(k for k in range(3) if L[c, k] in model)
        blocks[j].append(c + k * r)
    return [tuple(b) for b in blocks]


def sat_pm(moduli: tuple[int, ...], solver: str = "cadical153") -> list[tuple[tuple[int, ...], tuple[int, ...]]] | None:
    from itertools import product

    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool
    from pysat.solvers import Solver

    def neg(x):
        return tuple(-a % m for a, m in zip(x, moduli))

    def add(x, y):
        return tuple((a + b) % m for a, b, m in zip(x, y, moduli))

    zero = tuple(0 for _ in moduli)
    reps = sorted({min(x, neg(x)) for x in product(*(range(m) for m in moduli)) if x != zero})

    def cls(z):
        return min(z, neg(z))

    pool = IDPool()
    X = {(x, y): pool.id((x, y)) for i, x in enumerate(reps) for y in reps[i + 1 :]}
    inpair: dict = {c: [] for c in reps}
    hits: dict = {c: [] for c in reps}
    for (x, y), v in X.items():
        a, b = cls(add(x, y)), cls(add(x, neg(y)))
        if a == b:
            continue
        inpair[x].append(v)
        inpair[y].append(v)
        hits[a].append(v)
        hits[b].append(v)
    cl: list[list[int]] = []
    for group in (inpair, hits):
        for lits in group.values():
            cl.extend(CardEnc.equals(lits=lits, bound=1, vpool=pool, encoding=EncType.seqcounter).clauses)
    with Solver(name=solver, bootstrap_with=cl) as sv:
        if not sv.solve():
            return None
        model = set(sv.get_model())
    return sorted(k for k, v in X.items() if v in model)


def main() -> None:
    if sys.argv[1] == "pm":
        moduli = tuple(int(m) for m in sys.argv[2].split("x"))
        pairs = sat_pm(moduli, *sys.argv[3:4])
        if pairs is not None and len(moduli) == 1:
            pairs = [(x[0], y[0]) for x, y in pairs]
        print(f"{sys.argv[2]}: {pairs},")
        return
    if sys.argv[1] == "cyc":
        r = int(sys.argv[2])
        print(f"{r}: {sat_cyc(r, *sys.argv[3:4])},")
        return
    r = int(sys.argv[1])
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    pairs = search(r, seed)
    print(f"{r}: {pairs},")


if __name__ == "__main__":
    main()
