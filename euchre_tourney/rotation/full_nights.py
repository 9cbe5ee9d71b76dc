"""Full-length nights for every number of players, built on the verified
designs of :mod:`euchre_tourney.rotation.designs`: what
:func:`euchre_tourney.rotation.whist_design` returns and
:func:`euchre_tourney.rotation.progressive` plays when the night is
:func:`full_length` rounds long.

* n ≡ 0, 1 (mod 4): a whist design Wh(n) (every pair partners once and
  opposes twice);
* n ≡ 2 (mod 4): a near-whist design NWh(n) where one is known, else Wh(n − 1)
  and one extra player with no partner repeats (:func:`_whist_plus_one`);
* n ≡ 3 (mod 4): Wh(n + 1) with one player as a ghost, whose three
  table-mates sit out (:func:`_ghost_cached`).

The rounds of the last two are put in a fair order by
:mod:`euchre_tourney.rotation.sit_out_order`. Deterministic (seeded with n);
memoized.
"""

from __future__ import annotations

import random
from functools import lru_cache

from euchre_tourney.rotation.designs import PairCounts, full_length, near_whist_design, seats_everyone, whist
from euchre_tourney.rotation.shapes import DesignRound
from euchre_tourney.rotation.sit_out_order import (
    back_to_back,
    bounded_order,
    fair_order,
    polish_order,
    prefix_spread,
    two_pass_order,
)

__all__ = ["full_length", "whist_design"]


def whist_design(n: int) -> list[DesignRound] | None:
    """A verified full-length design for n players, or ``None`` if none is known.

    n ≡ 0 (mod 4): n−1 rounds; n ≡ 1: n rounds, one sit-out each (both
    whist tournaments: every pair partners once and opposes twice); n ≡ 2: n
    rounds, two sit-outs each, everyone sits out twice, nobody partners anyone
    twice or opposes anyone more than twice (a near-whist design, see
    :mod:`.designs.near_whist`); n ≡ 3: n rounds from Wh(n+1) with one ghost
    player, whose three table-mates sit out.
    """
    if n % 4 == 3:
        d = _ghost_cached(n)
    elif n % 4 == 2:
        d = _two_sit_outs_cached(n)
    else:
        return whist(n)
    return None if d is None else [(list(g), list(o)) for g, o in d]


@lru_cache(maxsize=None)
def _two_sit_outs_cached(n: int) -> tuple | None:
    """NWh(n) (verified and fairly ordered in :mod:`.designs.near_whist`), or
    Wh(n − 1) plus one player (:func:`_whist_plus_one`), or ``None``."""
    rounds = near_whist_design(n)
    if rounds is None:
        rounds = _whist_plus_one(n)
    return None if rounds is None else tuple((tuple(g), tuple(o)) for g, o in rounds)


@lru_cache(maxsize=None)
def _ghost_cached(n: int) -> tuple | None:
    """Wh(n+1) with one player as a ghost (n ≡ 3 mod 4), rounds in a fair
    order. Any player may be the ghost (each other player shares its table in
    exactly three rounds, so sits out exactly three times); which one changes
    how evenly the sit-outs can be ordered, so a few are tried (∞ first, then
    seeded picks) and the best order is kept: smallest prefix spread, then
    fewest back-to-back sit-outs."""
    big = whist(n + 1)
    if big is None:
        return None
    rng = random.Random(n)
    best = None
    for ghost in [n] + rng.sample(range(n), min(n, 7)):
        out = []
        for games, _ in big:
            named = [tuple(n if x == ghost else ghost if x == n else x for x in g) for g in games]
            gt = next(g for g in named if n in g)
            out.append(([g for g in named if n not in g], sorted(x for x in gt if x != n)))
        order = fair_order(n, out, tries=4 if n <= 100 else 1, bounded=False)
        key = (prefix_spread(n, order), back_to_back(order))
        if best is None or key < best[0]:
            best = (key, order)
        if key == (1, 0):
            break
    order = best[1]
    if best[0][0] > 2 or best[0][1]:
        order = polish_order(n, order)
        best = ((prefix_spread(n, order), back_to_back(order)), order)
    if best[0][0] > 1 and n <= 100:  # a bounded search (best ghost only) may do better
        for bound in range(1, best[0][0]):
            found = bounded_order(n, order, bound, budget=30_000)
            if found is not None and back_to_back(found) <= best[0][1]:
                order = found
                break
    return tuple((tuple(g), tuple(o)) for g, o in order)


def _whist_plus_one(n: int, tries: int = 100) -> list[DesignRound] | None:
    """A full-length night for n ≡ 2 (mod 4) with no partner repeats, from
    Wh(n − 1) and one extra player X (= n − 1), when no near-whist design is
    known; ``None`` when Wh(n − 1) is unknown or the seeded tries fail.

    One round of Wh(n − 1) is kept as it is, with X sitting out beside its
    sit-out. In each other round r, X takes the seat of a player p_r, who sits
    out too; the p_r are distinct and X's partners a_r (p_r's partner there)
    are distinct, so X partners nobody twice. The pairs {p_r, a_r} lost their
    one partnership; as p ↦ a is injective they form paths and cycles, and
    one last round partners a matching of them (the player q never replaced
    and X sit out), so nobody partners twice. Everyone sits out exactly
    twice. Checked here (partition, sit-outs, partner counts) and put in a
    fair order: the first of the seeded tries whose sit-outs allow
    everyone-once-before-anyone-twice (:func:`two_pass_order`), else the
    first night found in the greedy order of :func:`fair_order`. X may face
    some players more than twice."""
    if n % 4 != 2 or n < 10:
        return None
    rounds = whist(n - 1)
    if rounds is None:
        return None
    X = n - 1
    rng = random.Random(n)
    fallback = None  # the first night found, when none allows a two-pass order
    for _ in range(tries):
        order = list(range(len(rounds)))
        rng.shuffle(order)
        keep, rest = order[0], order[1:]
        choice = _distinct_stand_ins(rounds, rest, rng)
        if choice is None:
            continue
        used_p = {rounds[r][0][gi][seat] for r, (gi, seat, _a) in choice.items()}
        left = [p for p in range(n - 1) if p not in used_p]
        if len(left) != 1:
            continue
        (q,) = left
        # lost partnerships p → a (injective): paths and cycles; match each
        # exactly along its edges (q, never replaced, ends a path and sits out)
        nxt = {rounds[r][0][gi][seat]: a for r, (gi, seat, a) in choice.items()}
        pairs = _match_chains(nxt, q)
        if pairs is None or 2 * len(pairs) != n - 2:
            continue
        out: list[DesignRound] = []
        for r in range(len(rounds)):
            games, sit = rounds[r]
            if r == keep:
                out.append(([tuple(g) for g in games], sorted(sit + [X])))
                continue
            gi, seat, _a = choice[r]
            p = games[gi][seat]
            new = [tuple(X if (i == gi and j == seat) else x for j, x in enumerate(g)) for i, g in enumerate(games)]
            out.append((new, sorted(sit + [p])))
        rng.shuffle(pairs)
        last = [(pairs[i][0], pairs[i + 1][0], pairs[i][1], pairs[i + 1][1]) for i in range(0, len(pairs), 2)]
        out.append((last, sorted([q, X])))
        if _no_partner_repeats(n, out):
            fair = two_pass_order(out)
            if fair is not None:
                return fair
            if fallback is None:
                fallback = out
    return None if fallback is None else fair_order(n, fallback, tries=8)


def _match_chains(nxt: dict[int, int], q: int) -> list[tuple[int, int]] | None:
    """A perfect matching along the edges p → nxt[p] (an injective map: its
    graph is paths and cycles) of every vertex but ``q``; ``None`` when a
    path or cycle has an odd number of them."""
    prv = {a: p for p, a in nxt.items()}
    seen: set[int] = set()
    chains = []
    for start in [p for p in nxt if p not in prv] + list(nxt):
        if start in seen:
            continue
        chain = []
        v = start
        while v is not None and v not in seen:
            seen.add(v)
            chain.append(v)
            v = nxt.get(v)
        chains.append([x for x in chain if x != q])
    pairs = []
    for chain in chains:
        if len(chain) % 2:
            return None
        pairs += [(chain[i], chain[i + 1]) for i in range(0, len(chain), 2)]
    return pairs


def _distinct_stand_ins(rounds: list[DesignRound], rest: list[int], rng, steps: int = 20_000):
    """For each round r in ``rest`` a player p_r (who sits out while X takes
    the seat) and p_r's partner a_r there, all p_r distinct and all a_r
    distinct. A min-conflicts walk over the choices (partnership and which of
    the two stands down) that stops as soon as both hold. X's opponents are
    not balanced: X may face a player more than twice. Returns {round: (game,
    seat of p_r, a_r)} or ``None`` after ``steps`` moves."""
    opts = {}
    for r in rest:
        o = []
        for gi, (a, b, c, d) in enumerate(rounds[r][0]):
            o += [(gi, 0, c), (gi, 2, a), (gi, 1, d), (gi, 3, b)]
        opts[r] = o

    def who(r, o):
        return rounds[r][0][o[0]][o[1]], o[2]

    pick = {r: rng.choice(opts[r]) for r in rest}
    by_p: dict[int, set[int]] = {}  # stand-in → rounds choosing it (likewise partners)
    by_a: dict[int, set[int]] = {}

    def add(r, o, d):
        p, a = who(r, o)
        for by, x in ((by_p, p), (by_a, a)):
            if d > 0:
                by.setdefault(x, set()).add(r)
            else:
                by[x].discard(r)

    def clash(r) -> bool:
        p, a = who(r, pick[r])
        return len(by_p[p]) > 1 or len(by_a[a]) > 1

    for r in rest:
        add(r, pick[r], 1)
    hard = {r for r in rest if clash(r)}  # after a move only rounds sharing its old or new p or a are rechecked
    for _ in range(steps):
        if not hard:
            return pick
        ordered = sorted(hard)
        r = ordered[int(rng.random() * len(ordered))]
        p0, a0 = who(r, pick[r])
        add(r, pick[r], -1)
        scored = []
        for o in opts[r]:
            p, a = who(r, o)
            cost = len(by_p.get(p, ())) + len(by_a.get(a, ()))
            scored.append((cost, rng.random(), o))
        pick[r] = min(scored)[2]
        add(r, pick[r], 1)
        p1, a1 = who(r, pick[r])
        for x in by_p.get(p0, set()) | by_p[p1] | by_a.get(a0, set()) | by_a[a1] | {r}:
            if clash(x):
                hard.add(x)
            else:
                hard.discard(x)
    return None


def _no_partner_repeats(n: int, rounds: list[DesignRound]) -> bool:
    """Every round seats everyone once; everyone sits out equally often;
    nobody partners anyone twice."""
    counts = PairCounts(n)
    sat = [0] * n
    for games, out in rounds:
        if not seats_everyone(n, games, out):
            return False
        for p in out:
            sat[p] += 1
        for g in games:
            counts.add_game(g)
    return counts.most_partnered() <= 1 and min(sat) == max(sat)
