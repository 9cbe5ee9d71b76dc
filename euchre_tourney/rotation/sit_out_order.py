"""The order of a full-length night's rounds: sit-outs fair at every prefix.

The rounds of a design may be played in any order; this module picks one in
which the sit-outs stay even (the *prefix spread* — most sit-outs so far
minus fewest — stays at 1 where it can), nobody sits out two rounds running,
and, for nights where everyone sits out exactly twice, everyone sits out
once before anyone twice (:func:`two_pass_order`). Used by the full-length
nights of :mod:`euchre_tourney.rotation.full_nights` (ghost nights,
Wh(n − 1) plus one player). Rounds are ``(games, sit_outs)``
(:mod:`euchre_tourney.rotation.shapes`); players 0 … n − 1. Everything is
deterministic (seeded with n).
"""

from __future__ import annotations

import random
import sys

from euchre_tourney.rotation.shapes import DesignRound


class SitOutLevels:
    """Sit-outs so far per player, with the spread (most − fewest) kept in
    O(1) per change from counts of players per level."""

    def __init__(self, n: int) -> None:
        self.sat = [0] * n
        self.level = {0: n}  # sit-outs so far → players with that many
        self.lo = self.hi = 0

    def move(self, players, d: int = 1) -> None:
        for p in players:
            v = self.sat[p]
            self.level[v] -= 1
            self.sat[p] = v + d
            self.level[v + d] = self.level.get(v + d, 0) + 1
        while self.level.get(self.lo, 0) == 0:
            self.lo += 1
        while self.lo > 0 and self.level.get(self.lo - 1, 0):
            self.lo -= 1
        while self.level.get(self.hi + 1, 0):
            self.hi += 1
        while self.hi > self.lo and self.level.get(self.hi, 0) == 0:
            self.hi -= 1

    @property
    def spread(self) -> int:
        return self.hi - self.lo

    def copy(self) -> SitOutLevels:
        other = SitOutLevels.__new__(SitOutLevels)
        other.sat = list(self.sat)
        other.level = dict(self.level)
        other.lo, other.hi = self.lo, self.hi
        return other


def prefix_spread(n: int, rounds: list[DesignRound]) -> int:
    levels = SitOutLevels(n)
    worst = 0
    for _, out in rounds:
        levels.move(out)
        worst = max(worst, levels.spread)
    return worst


def back_to_back(rounds: list[DesignRound]) -> int:
    return sum(len(set(a[1]) & set(b[1])) for a, b in zip(rounds, rounds[1:]))


def order_cost(n: int, rounds: list[DesignRound]) -> int:
    """10 per unit of prefix spread above 1, summed over prefixes, plus 5 per
    player sitting out two rounds running."""
    levels = SitOutLevels(n)
    cost = 0
    prev: set[int] = set()
    for _, out in rounds:
        levels.move(out)
        cost += 10 * max(0, levels.spread - 1)
        now = set(out)
        cost += 5 * len(now & prev)
        prev = now
    return cost


def polish_order(n: int, rounds: list[DesignRound], iters: int = 3_000) -> list[DesignRound]:
    """Hill-climb on :func:`order_cost` by swapping two rounds (seeded,
    deterministic); removes back-to-back sit-outs that the greedy order
    leaves and lowers the prefix spread where it can.

    A swap of the rounds at a < b changes only the prefix spreads at
    positions a … b − 1 (the prefix through b holds the same rounds) and the
    back-to-back terms next to a and b, so each try re-counts just those,
    from the sit-out levels kept before every position: the same costs as
    :func:`order_cost` of the whole order (and so the same moves), in
    O(b − a) rather than O(rounds) per try (test_rotation_designs: Wh(200)'s
    ghost nights took seconds)."""
    rng = random.Random(n)
    cur = list(rounds)
    m = len(cur)
    outs = [set(out) for _, out in cur]
    before: list[SitOutLevels] = []  # sit-out levels before each position
    spread_cost: list[int] = []  # 10 per unit of prefix spread above 1, per position
    levels = SitOutLevels(n)
    for _, out in cur:
        before.append(levels.copy())
        levels.move(out)
        spread_cost.append(10 * max(0, levels.spread - 1))

    def pair_cost(k: int, sets: list[set[int]]) -> int:  # 5 per player out at positions k − 1 and k
        return 5 * len(sets[k] & sets[k - 1]) if 0 < k < m else 0

    cost = sum(spread_cost) + sum(pair_cost(k, outs) for k in range(1, m))
    for _ in range(iters):
        if cost == 0:
            break
        i, j = rng.randrange(m), rng.randrange(m)
        if i == j:
            continue
        a, b = min(i, j), max(i, j)
        cur[i], cur[j] = cur[j], cur[i]
        outs[i], outs[j] = outs[j], outs[i]
        pairs = {a, a + 1, b, b + 1}
        new_pairs = sum(pair_cost(k, outs) for k in pairs)
        outs[i], outs[j] = outs[j], outs[i]
        old_pairs = sum(pair_cost(k, outs) for k in pairs)
        # the swap is kept when the new costs at a … b − 1 add up to at most
        # ``allowed``; they only grow, so counting stops once they pass it
        allowed = sum(spread_cost[a:b]) + old_pairs - new_pairs
        start = before[a]  # SitOutLevels.move inlined: sit-outs only grow, so lo only rises, hi only by a move
        sat, level, lo, hi = list(start.sat), dict(start.level), start.lo, start.hi
        new_spread = []
        added = 0
        for k in range(a, b):
            for p in cur[k][1]:
                v = sat[p]
                level[v] -= 1
                sat[p] = v + 1
                level[v + 1] = level.get(v + 1, 0) + 1
                if v + 1 > hi:
                    hi = v + 1
            while level.get(lo, 0) == 0:
                lo += 1
            c = 10 * (hi - lo - 1) if hi - lo > 1 else 0
            added += c
            if added > allowed:
                break
            new_spread.append(c)
        if added <= allowed:
            cost += added - allowed
            outs[i], outs[j] = outs[j], outs[i]
            spread_cost[a:b] = new_spread
            levels = before[a].copy()
            for k in range(a + 1, b + 1):
                levels.move(cur[k - 1][1])
                before[k] = levels.copy()
        else:
            cur[i], cur[j] = cur[j], cur[i]
    return cur


def fair_order(n: int, rounds: list[DesignRound], tries: int = 40, bounded: bool = True) -> list[DesignRound]:
    """Reorder rounds so sit-outs stay even at every prefix and avoid
    back-to-back sit-outs (rounds of a design may come in any order): a greedy
    pass, repeated with seeded random tie-breaks until the largest prefix spread
    is at most 1 (or ``tries`` passes), keeping the best order; with
    ``bounded``, for up to 100 players, a bounded depth-first search when the
    best spread is above 2. Deterministic."""
    rng = random.Random(n)
    best = None
    for attempt in range(tries):
        order, spread = greedy_order(n, rounds, rng if attempt else None)
        if best is None or spread < best[1]:
            best = (order, spread)
        if spread <= 1:
            break
    if bounded and best[1] > 2 and n <= 100:
        found = bounded_order(n, rounds, 2, budget=30_000)
        if found is not None:
            return found
    return best[0]


def greedy_order(n: int, rounds: list[DesignRound], rng) -> tuple[list[DesignRound], int]:
    """One greedy order: repeatedly take the round that keeps the sit-out
    spread smallest, then shares fewest sit-outs with the previous round, then
    sits out the least-rested players (ties: input order, shuffled when
    ``rng`` is given). Returns the order and its largest prefix spread.
    O(rounds² · sit-outs): the spread after a round is found from counts of
    players per sit-out level, not by rescanning everyone."""
    left = list(rounds)
    if rng is not None:
        rng.shuffle(left)
    levels = SitOutLevels(n)
    sat, level = levels.sat, levels.level
    last: set[int] = set()
    out = []
    worst = 0
    while left:
        lo, hi = levels.lo, levels.hi
        best_i, best_key = 0, None
        at_level = level.get(lo, 0)
        for i, (_, sit) in enumerate(left):
            new_hi = hi
            at_lo = 0
            top = 0
            shared = 0
            for p in sit:
                v = sat[p]
                if v + 1 > new_hi:
                    new_hi = v + 1
                if v == lo:
                    at_lo += 1
                if v > top:
                    top = v
                if p in last:
                    shared += 1
            new_lo = lo + 1 if at_lo and at_lo == at_level else lo
            key = (new_hi - new_lo, shared, top)
            if best_key is None or key < best_key:
                best_i, best_key = i, key
        chosen = left.pop(best_i)
        levels.move(chosen[1])
        worst = max(worst, levels.spread)
        last = set(chosen[1])
        out.append(chosen)
    return out, worst


def bounded_order(n: int, rounds: list[DesignRound], bound: int, budget: int = 200_000) -> list[DesignRound] | None:
    """Depth-first search for an order whose sit-out spread stays ≤ ``bound``
    at every prefix (rounds tried least-used sit-outs first); ``None`` when
    ``budget`` nodes run out."""
    levels = SitOutLevels(n)
    sat = levels.sat
    order: list[int] = []
    used = [False] * len(rounds)
    nodes = 0

    def rec() -> bool:
        nonlocal nodes
        if len(order) == len(rounds):
            return True
        cands = sorted((i for i in range(len(rounds)) if not used[i]), key=lambda i: (sum(sat[p] for p in rounds[i][1]), i))
        for i in cands:
            nodes += 1
            if nodes > budget:
                return False
            levels.move(rounds[i][1])
            if levels.spread <= bound:
                used[i] = True
                order.append(i)
                if rec():
                    return True
                order.pop()
                used[i] = False
            levels.move(rounds[i][1], -1)
        return False

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, len(rounds) + 100))
    try:
        return [rounds[i] for i in order] if rec() else None
    finally:
        sys.setrecursionlimit(limit)


def two_pass_order(rounds: list[DesignRound]) -> list[DesignRound] | None:
    """``rounds`` (two sit-outs each, everyone sitting out exactly twice) in
    an order where everyone sits out once before anyone twice and never two
    rounds running, or ``None`` when there is none of that kind.

    The sit-out pairs are the edges of a 2-regular multigraph, a union of
    cycles. Such an order exists exactly when every cycle is even: the first
    n/2 rounds must then be a perfect matching (every other edge of each
    cycle) and the rest the other one; within a pass the sit-outs are
    disjoint, and the second pass opens with a round disjoint from the last
    of the first (of its n/2 rounds at most two meet that one, so with six
    or more players there always is one)."""
    adj: dict[int, list[tuple[int, int]]] = {}
    for i, (_, out) in enumerate(rounds):
        if len(out) != 2 or out[0] == out[1]:
            return None
        a, b = out
        adj.setdefault(a, []).append((b, i))
        adj.setdefault(b, []).append((a, i))
    if any(len(v) != 2 for v in adj.values()):
        return None
    first: list[int] = []
    second: list[int] = []
    used = [False] * len(rounds)
    for start in adj:
        if any(used[i] for _, i in adj[start]):
            continue
        cycle, v = [], start
        while True:
            nxt = [(w, i) for w, i in adj[v] if not used[i]]
            if not nxt:
                break
            w, i = nxt[0]
            used[i] = True
            cycle.append(i)
            v = w
        if len(cycle) % 2:
            return None
        first += cycle[0::2]
        second += cycle[1::2]
    sets = [set(out) for _, out in rounds]
    for k, j in enumerate(second):  # open the second pass with a round disjoint from the first's end
        if not sets[j] & sets[first[-1]]:
            second[0], second[k] = second[k], second[0]
            return [rounds[i] for i in first + second]
    for k, j in enumerate(first):  # or close the first pass differently
        if not sets[j] & sets[second[0]]:
            first[-1], first[k] = first[k], first[-1]
            return [rounds[i] for i in first + second]
    return None
