"""Offline search for cyclic whist starters (developer tool, not imported by the app).

Run ``python3 -m euchre_tourney.rotation.designs.search.starter_search KIND N [seed]``
to search one starter, or ``... all`` to print a table for
``../data/whist_starters.json``. The found
starters are stored as data in ``designs/data/whist_starters.json`` and
re-checked by :mod:`euchre_tourney.rotation.designs` (and the checker) before use,
so nothing here has to be trusted.

Kinds (m is the order of the cyclic group Z_m the starter is developed over):

``rot``  N ≡ 0 (mod 4), m = N − 1: players Z_m ∪ {∞}; the table holding ∞ is
         fixed as (∞, 0, 1, 2) (North ∞, East 0, South 1, West 2) so that, with
         ∞ as a ghost, the sit-outs of Wh(N) − ∞ run 0, 1, 2, 3, … in order.
``cyc1`` N ≡ 1 (mod 4), m = N: 0 sits out in the starting round.
``cyc2`` N ≡ 2 (mod 4), m = N: 0 and m/2 sit out; pairs {x, x + m/2} never
         partner nor meet, every other pair partners once and opposes twice.

A starter is a list of tables (N, E, S, W) of group elements (∞ written as -1);
its translates by g = 0 … m−1 are the rounds. The whist condition is a
condition on differences: every difference class ±δ must come up exactly once
among partner pairs and exactly twice among opponent pairs (none for δ = m/2
in ``cyc2``). The search is simulated annealing on the count of violated
difference slots, swapping elements between seats.
"""

from __future__ import annotations

import math
import random
import sys

INF = -1


def layout(kind: str, n: int) -> tuple[int, list[list[int]], list[int], list[int]]:
    """(m, fixed_tables, free_elements, sit_out) for a kind and player count."""
    if kind == "rot":
        m = n - 1
        return m, [[INF, 1, 0, 2]], list(range(3, m)), []
    if kind == "cyc1":
        return n, [], list(range(1, n)), [0]
    if kind == "cyc2":
        return n, [], [x for x in range(1, n) if x != n // 2], [0, n // 2]
    raise ValueError(kind)


def targets(kind: str, m: int) -> tuple[list[int], list[int], list[int]]:
    """(class_of_difference, partner_target, opponent_target) indexed by class."""
    cls = [min(d, m - d) for d in range(m)]
    half = m // 2
    tp = [1] * (half + 1)
    to = [2] * (half + 1)
    tp[0] = to[0] = 0
    if kind == "cyc2":
        tp[half] = to[half] = 0
    return cls, tp, to


def pairs_of(t: list[int]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    a, b, c, d = t
    part = [(a, c), (b, d)]
    opp = [(a, b), (a, d), (c, b), (c, d)]
    return ([p for p in part if INF not in p], [p for p in opp if INF not in p])


def violations(kind: str, n: int, tables: list[list[int]]) -> int:
    m = layout(kind, n)[0]
    cls, tp, to = targets(kind, m)
    pc = [0] * len(tp)
    oc = [0] * len(to)
    for t in tables:
        part, opp = pairs_of(t)
        for x, y in part:
            pc[cls[(x - y) % m]] += 1
        for x, y in opp:
            oc[cls[(x - y) % m]] += 1
    return sum(abs(a - b) for a, b in zip(pc, tp)) + sum(abs(a - b) for a, b in zip(oc, to))


def search(kind: str, n: int, seed: int = 0, max_steps: int = 50_000_000, log=None, temp0: float = 0.6, free_inf: bool = False) -> list[list[int]] | None:
    """Simulated annealing for one starter; ``None`` if ``max_steps`` run out."""
    rng = random.Random(seed)
    m, fixed, free, _ = layout(kind, n)
    if free_inf and kind == "rot":
        fixed, free = [], list(range(m)) + [INF]
    cls, tp, to = targets(kind, m)
    rng.shuffle(free)
    tables = [list(t) for t in fixed] + [free[i : i + 4] for i in range(0, len(free), 4)]
    nfixed = len(fixed)
    pc = [0] * len(tp)
    oc = [0] * len(to)
    # pair lists as flat index quadruples: (seat_i, seat_j, is_partner)
    PAIRS = ((0, 2, 1), (1, 3, 1), (0, 1, 0), (0, 3, 0), (2, 1, 0), (2, 3, 0))

    def apply(t: list[int], sign: int) -> int:
        delta = 0
        for i, j, is_p in PAIRS:
            x = t[i]
            y = t[j]
            if x < 0 or y < 0:
                continue
            c = cls[(x - y) % m]
            if is_p:
                v = pc[c]
                pc[c] = v + sign
                tv = tp[c]
            else:
                v = oc[c]
                oc[c] = v + sign
                tv = to[c]
            delta += abs(v + sign - tv) - abs(v - tv)
        return delta

    cost = sum(tp) + sum(to)
    for t in tables:
        cost += apply(t, 1)
    if free_inf and kind == "rot":
        # keep ∞ at a North seat: move it there once, then never swap it
        ti = next(i for i, t in enumerate(tables) if INF in t)
        t = tables[ti]
        cost += apply(t, -1)
        j = t.index(INF)
        t[0], t[j] = t[j], t[0]
        cost += apply(t, 1)
    slots = [(ti, si) for ti in range(nfixed, len(tables)) for si in range(4) if tables[ti][si] != INF]
    temp = temp0
    best = cost
    step = 0
    ns = len(slots)
    while cost > 0 and step < max_steps:
        step += 1
        t1, s1 = slots[rng.randrange(ns)]
        t2, s2 = slots[rng.randrange(ns)]
        if t1 == t2 and s1 == s2:
            continue
        T1 = tables[t1]
        T2 = tables[t2]
        if t1 == t2:
            d = apply(T1, -1)
            T1[s1], T1[s2] = T1[s2], T1[s1]
            d += apply(T1, 1)
        else:
            d = apply(T1, -1) + apply(T2, -1)
            T1[s1], T2[s2] = T2[s2], T1[s1]
            d += apply(T1, 1) + apply(T2, 1)
        if d <= 0 or rng.random() < math.exp(-d / temp):
            cost += d
            if cost < best:
                best = cost
        else:
            if t1 == t2:
                apply(T1, -1)
                T1[s1], T1[s2] = T1[s2], T1[s1]
                apply(T1, 1)
            else:
                apply(T1, -1)
                apply(T2, -1)
                T1[s1], T2[s2] = T2[s2], T1[s1]
                apply(T1, 1)
                apply(T2, 1)
        if step % 20000 == 0:
            if log and step % 1_000_000 == 0:
                log(f"{kind} {n}: step {step} cost {cost} best {best} temp {temp:.2f}")
    if cost == 0:
        assert violations(kind, n, tables) == 0
        return tables
    return None


def main(argv: list[str]) -> None:
    kind, n = argv[0], int(argv[1])
    seed = int(argv[2]) if len(argv) > 2 else 0
    import time

    t0 = time.time()
    res = search(kind, n, seed, log=lambda s: print(s, file=sys.stderr, flush=True))
    print(f"# {kind} {n} seed {seed} {time.time() - t0:.1f}s", file=sys.stderr)
    print(repr((kind, n, res)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
