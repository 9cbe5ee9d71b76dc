"""A progressive rotation with tables of six: six-player euchre, "two teams
of three, sitting alternately" (001 "Six Player Euchre"), partners changing
every round as in a progressive night of fours.

A table seats six players in seats 0..5 clockwise; seats 0, 2, 4 are one
side and 1, 3, 5 the other. At a table three pairs partner on each side (six
partnerships) and nine pairs oppose; n players fill ``n // 6`` tables and
``n % 6`` sit out each round.

Why a local search and not a design: the designs of :mod:`.designs` are for
four; resolvable designs for sides of three exist only for special sizes.
Each round is built greedily against the pairs' history: the sit-outs are
the players who sat out least (ties by a seeded draw), then the players are
seated at random and improved by swapping two seats while the cost falls --
the cost of a pair partnering again is ``2P + 1`` (P: times partnered so
far: so spreading partnerships evenly is what the cost rewards), of opposing
again ``2O + 1`` at a lower weight, with several seeded restarts. The
quality is measured from the schedule alone, as for fours
(:func:`six_quality`: partner repeats, most partnered, most opposed, most and
fewest meetings, sit-out spread), against the best values the counting
allows (:func:`six_bounds`). Stdlib only.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from math import ceil, comb

SEATS = 6


@dataclass(frozen=True, slots=True)
class SixRound:
    """One round: ``tables`` (each six player ids, seats 0..5 clockwise) and ``sit_outs``."""

    tables: tuple[tuple[int, ...], ...]
    sit_outs: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SixSchedule:
    players: tuple[int, ...]
    rounds: tuple[SixRound, ...]


def pairs_of_table(table: tuple[int, ...]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """``(partners, opponents)`` pairs of a table (each pair sorted)."""
    partners, opponents = [], []
    for i, j in combinations(range(SEATS), 2):
        pair = tuple(sorted((table[i], table[j])))
        (partners if i % 2 == j % 2 else opponents).append(pair)
    return partners, opponents


def _round_cost(tables, pc: Counter, oc: Counter, w_opp: float) -> float:
    cost = 0.0
    for t in tables:
        p, o = pairs_of_table(t)
        cost += sum(2 * pc[x] + 1 for x in p) + w_opp * sum(2 * oc[x] + 1 for x in o)
    return cost


def six_rotation(players, rounds: int, seed: int = 0, restarts: int | None = None, w_opp: float = 0.35) -> SixSchedule:
    """A rotation of ``rounds`` rounds for ``players`` (a count, ids 0..n-1,
    or a sequence of ids; at least six); ``restarts`` seeded restarts of
    each round's search (default: more for fewer tables). ``ValueError`` for fewer than six
    players or a negative number of rounds."""
    ids = tuple(range(players)) if isinstance(players, int) else tuple(players)
    n = len(ids)
    if n < SEATS:
        raise ValueError(f"tables of six need at least six players, not {n}")
    if len(set(ids)) != n:
        raise ValueError("every player appears once")
    if rounds < 0:
        raise ValueError("the number of rounds cannot be negative")
    rng = random.Random(seed)
    t = n // SEATS
    if restarts is None:
        restarts = max(2, 12 // t)
    s = n - t * SEATS
    pc: Counter = Counter()
    oc: Counter = Counter()
    sat: Counter = Counter({p: 0 for p in ids})
    out: list[SixRound] = []
    for _ in range(rounds):
        order = sorted(ids, key=lambda p: (sat[p], rng.random()))
        sit = tuple(sorted(order[:s]))
        playing = [p for p in ids if p not in sit]
        best, best_cost = None, float("inf")
        for _restart in range(restarts):
            rng.shuffle(playing)
            seats = list(playing)

            def table_cost(i: int) -> float:
                return _round_cost([tuple(seats[i * SEATS : (i + 1) * SEATS])], pc, oc, w_opp)

            costs = [table_cost(i) for i in range(t)]
            improved = True
            while improved:
                improved = False
                for a in range(len(seats)):
                    for b in range(a + 1, len(seats)):
                        ta, tb = a // SEATS, b // SEATS
                        if ta == tb and a % 2 == b % 2:
                            continue  # same table, same side: nothing changes
                        seats[a], seats[b] = seats[b], seats[a]
                        na = table_cost(ta)
                        nb = table_cost(tb) if tb != ta else 0.0
                        before = costs[ta] + (costs[tb] if tb != ta else 0.0)
                        if na + nb < before - 1e-9:
                            costs[ta] = na
                            if tb != ta:
                                costs[tb] = nb
                            improved = True
                        else:
                            seats[a], seats[b] = seats[b], seats[a]
            tables = [tuple(seats[i * SEATS : (i + 1) * SEATS]) for i in range(t)]
            cost = sum(costs)
            if cost < best_cost:
                best, best_cost = tables, cost
        for tb in best:
            p, o = pairs_of_table(tb)
            pc.update(p)
            oc.update(o)
        for p in sit:
            sat[p] += 1
        out.append(SixRound(tuple(best), sit))
    return SixSchedule(ids, tuple(out))


@dataclass(frozen=True, slots=True)
class SixBounds:
    """Best possible values for ``players`` over ``rounds`` (counting
    arguments as in ROTATION-NOTES "Lower bounds", with six partnerships
    and nine oppositions a table)."""

    tables: int
    partner_repeats: int
    max_partnered: int
    max_opposed: int
    max_meetings: int
    sit_out_spread: int


def six_bounds(n: int, rounds: int) -> SixBounds:
    t = n // SEATS
    pairs = comb(n, 2)
    part, opp = 6 * t * rounds, 9 * t * rounds
    return SixBounds(
        tables=t,
        partner_repeats=max(0, part - pairs),
        max_partnered=ceil(part / pairs) if rounds else 0,
        max_opposed=ceil(opp / pairs) if rounds else 0,
        max_meetings=ceil((part + opp) / pairs) if rounds else 0,
        sit_out_spread=0 if ((n % SEATS) * rounds) % n == 0 else 1,
    )


@dataclass(frozen=True, slots=True)
class SixQuality:
    """Counted from the schedule alone: Σ max(0, P−1) over pairs, the most a
    pair partnered / opposed / met, the fewest meetings, the sit-out spread
    (largest max−min over every prefix of rounds) and the bounds."""

    partner_repeats: int
    max_partnered: int
    max_opposed: int
    max_meetings: int
    min_meetings: int
    sit_out_prefix_spread: int
    bounds: SixBounds


def six_quality(schedule: SixSchedule) -> SixQuality:
    """Validate ``schedule`` (``ValueError`` if a round does not seat each
    player exactly once, or a table does not have six seats) and count."""
    ids = set(schedule.players)
    pc: Counter = Counter()
    oc: Counter = Counter()
    sat: Counter = Counter({p: 0 for p in ids})
    spread = 0
    for k, r in enumerate(schedule.rounds, 1):
        seated = [p for tb in r.tables for p in tb] + list(r.sit_outs)
        if any(len(tb) != SEATS for tb in r.tables):
            raise ValueError(f"round {k}: a table of six has six seats")
        if sorted(seated) != sorted(ids):
            raise ValueError(f"round {k} does not seat every player exactly once")
        for tb in r.tables:
            p, o = pairs_of_table(tb)
            pc.update(p)
            oc.update(o)
        for p in r.sit_outs:
            sat[p] += 1
        spread = max(spread, max(sat.values()) - min(sat.values()))
    every = [tuple(sorted(x)) for x in combinations(sorted(ids), 2)]
    meet = [pc[x] + oc[x] for x in every]
    return SixQuality(
        partner_repeats=sum(max(0, v - 1) for v in pc.values()),
        max_partnered=max(pc.values(), default=0),
        max_opposed=max(oc.values(), default=0),
        max_meetings=max(meet, default=0),
        min_meetings=min(meet, default=0),
        sit_out_prefix_spread=spread,
        bounds=six_bounds(len(ids), len(schedule.rounds)),
    )


def describe_six(q: SixQuality) -> list[str]:
    """The quality in sentences for the director."""
    b = q.bounds
    return [
        f"Partner repeats: {q.partner_repeats} (best possible {b.partner_repeats}).",
        f"Most times two players were partners: {q.max_partnered} (best possible {b.max_partnered}).",
        f"Most times two players were opponents: {q.max_opposed} (best possible {b.max_opposed}).",
        f"Meetings of a pair: {q.min_meetings} to {q.max_meetings} (best possible most {b.max_meetings}).",
        f"Sit-outs: nobody sat out twice before everyone once" if q.sit_out_prefix_spread <= 1
        else f"Sit-outs: a spread of {q.sit_out_prefix_spread}.",
    ]
