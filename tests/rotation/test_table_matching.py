"""The table matching made faster for big rooms (issue 30: 2,000 players in
three rooms under 5 s) gives the textbook's matching, table for table: the
iterative search with its "next unvisited table" forest against Kuhn's
recursive one, and the sparse counts of the greedy start against the dense
maxima, on random rounds (with pinned games and some tables forbidden)."""

from __future__ import annotations

import random

from euchre_tourney.rotation import seating


def _textbook(T, ok, fixed):
    owner, match = [-1] * T, [-1] * T
    for g, t in fixed.items():
        owner[t], match[g] = g, t

    def augment(g, seen):
        for t in range(T):
            if ok[g][t] and not seen[t] and (owner[t] == -1 or owner[t] not in fixed):
                seen[t] = True
                if owner[t] == -1 or augment(owner[t], seen):
                    owner[t], match[g] = g, t
                    return True
        return False

    for g in range(T):
        if g not in fixed and not augment(g, [False] * T):
            return None
    return match


def _dense_orders(at, rounds, fixed):
    cnt = [row[:] for row in at]
    orders = []
    for r, games in enumerate(rounds):
        T = len(games)
        top = [[max(cnt[p][t] for p in g) for t in range(T)] for g in games]
        cap = min(min(row) for row in top) + 1 if T else 1
        match = None
        while match is None and T:
            match = _textbook(T, [[v < cap for v in row] for row in top], fixed[r])
            cap += 1
        order = [0] * T
        for gi in range(T):
            order[match[gi]] = gi
        for t, gi in enumerate(order):
            for p in games[gi]:
                cnt[p][t] += 1
        orders.append(order)
    return orders


def test_the_matching_is_the_textbooks_table_for_table():
    rng = random.Random(30)
    for _ in range(300):
        T = rng.randint(1, 40)
        density = rng.choice((0.3, 0.7, 0.95, 1.0))
        ok = [[rng.random() < density for _ in range(T)] for _ in range(T)]
        fixed = {}
        for g in rng.sample(range(T), rng.randint(0, min(3, T))):
            t = rng.randrange(T)
            if t not in fixed.values():
                fixed[g] = t
                ok[g][t] = True
        assert seating._match(T, ok, fixed) == _textbook(T, ok, fixed)


def test_the_greedy_start_from_sparse_counts_is_the_dense_ones():
    rng = random.Random(7)
    for _ in range(40):
        tables = rng.randint(2, 30)
        n = 4 * tables
        history = rng.randint(0, 3)
        at = [[0] * tables for _ in range(n)]
        for _ in range(history):
            people = list(range(n))
            rng.shuffle(people)
            for t in range(tables):
                for p in people[4 * t: 4 * t + 4]:
                    at[p][t] += 1
        rounds = []
        for _ in range(rng.randint(1, 6)):
            people = list(range(n))
            rng.shuffle(people)
            rounds.append([tuple(people[4 * t: 4 * t + 4]) for t in range(tables)])
        fixed = [({0: rng.randrange(tables)} if rng.random() < 0.3 else {}) for _ in rounds]
        assert seating._greedy_orders(at, rounds, fixed) == _dense_orders(at, rounds, fixed)
