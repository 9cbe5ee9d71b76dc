"""Progressive (individual) rotations: partners change every round.

First version: a seeded greedy builder with restarts. Sit-outs go to the
players who have sat out least (never twice before everyone once, avoiding
consecutive sit-outs); tables are built so that partners repeat only when
unavoidable and pairs meet as evenly as possible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from euchre_tourney.rotation.model import Round, Schedule, Table


def progressive(players: Sequence[int] | int, rounds: int, seed: int = 0, tries: int = 24) -> Schedule:
    """Generate a progressive rotation.

    ``players``: the player ids (or a count N, meaning 1..N), at least 4.
    ``rounds``: at least 1. Deterministic for a given ``seed``. Raises
    ``ValueError`` for fewer than 4 players or fewer than 1 round.
    """
    ids = tuple(range(1, players + 1)) if isinstance(players, int) else tuple(players)
    if len(ids) < 4:
        raise ValueError("a progressive rotation needs at least 4 players")
    if len(set(ids)) != len(ids):
        raise ValueError("player ids must be distinct")
    if rounds < 1:
        raise ValueError("a rotation needs at least 1 round")
    rng = random.Random(seed)
    n = len(ids)
    partner = [[0] * n for _ in range(n)]
    met = [[0] * n for _ in range(n)]
    sat = [0] * n
    last_sat: set[int] = set()
    out_rounds = []
    sit_count = n % 4
    for r in range(1, rounds + 1):
        order = list(range(n))
        rng.shuffle(order)
        order.sort(key=lambda p: (sat[p], p in last_sat))
        sitting = sorted(order[:sit_count])
        playing = order[sit_count:]
        best = None
        for _ in range(tries):
            tables, cost = _build_round(playing, partner, met, rng)
            if best is None or cost < best[1]:
                best = (tables, cost)
        assert best is not None
        tables = best[0]
        for p in sitting:
            sat[p] += 1
        last_sat = set(sitting)
        for a, b, c, d in tables:
            partner[a][c] += 1
            partner[c][a] += 1
            partner[b][d] += 1
            partner[d][b] += 1
            for x, y in combinations((a, b, c, d), 2):
                met[x][y] += 1
                met[y][x] += 1
        out_rounds.append(
            Round(
                number=r,
                tables=tuple(
                    Table(i + 1, ids[a], ids[b], ids[c], ids[d]) for i, (a, b, c, d) in enumerate(tables)
                ),
                sit_out=tuple(ids[p] for p in sitting),
            )
        )
    return Schedule(players=ids, rounds=tuple(out_rounds), seed=seed)


def _build_round(playing, partner, met, rng):
    pool = list(playing)
    rng.shuffle(pool)
    tables = []
    cost = 0
    while pool:
        a = pool.pop()
        c = min(pool, key=lambda x: (partner[a][x], met[a][x], rng.random()))
        pool.remove(c)
        def opp_cost(x):
            return met[a][x] + met[c][x]
        b = min(pool, key=lambda x: (opp_cost(x), rng.random()))
        pool.remove(b)
        d = min(pool, key=lambda x: (partner[b][x] * 10 + opp_cost(x) + met[b][x], rng.random()))
        pool.remove(d)
        cost += 100 * (partner[a][c] + partner[b][d])
        for x, y in combinations((a, b, c, d), 2):
            cost += met[x][y] ** 2
        tables.append((a, b, c, d))
    return tables, cost
