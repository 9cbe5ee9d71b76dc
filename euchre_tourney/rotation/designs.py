"""Whist designs: full-length rotations in which every pair of players partners
exactly once and opposes exactly twice (whist tournaments Wh(n)).

Players here are indices 0 … n−1; a design is a list of rounds, a round is
``(games, sit_out)`` with ``games`` a list of ``(north, east, south, west)``.

Sources (see ``ROTATION-NOTES.md``):

* Field construction, prime powers q ≡ 1 (mod 4): games (x, t·x, −x, −t·x)
  for x = ω^i, i < (q−1)/4, t = ω^((q−1)/4), developed over GF(q).
* Ring construction, n = q_1 ⋯ q_r with every prime-power factor q_i ≡ 1
  (mod 4) (45, 65, 85, 117, 145, 153, 185, …): the same games over
  GF(q_1) × ⋯ × GF(q_r), see :func:`product_design`.
* Cyclic starters stored in :mod:`._starters` (found offline by the developer
  tools ``tools/whist_search.c``, ``tools/whist_symsearch.c`` — annealing,
  the latter with a multiplier symmetry — ``tools/starter_search.py`` and
  ``tools/whist_pm_search.py``): ``rot`` (Z_{n−1} ∪ {∞}, n ≡ 0 mod 4),
  ``cyc1`` (Z_n, n ≡ 1 mod 4), ``rot1`` (Z_{n−1} ∪ {∞}, n ≡ 1 mod 4, see
  :mod:`._rgdd`). Each stored starter is
  developed and re-checked by :func:`is_whist` when first used (O(n²), a few
  ms); a bad one is ignored.
* Resolvable (n, 4, 1) designs, n ≡ 4 (mod 12) (:mod:`._resolvable`), each
  parallel class played three times with the three partner splittings of its
  blocks (:func:`euchre_tourney.rotation.inflation.triplicate`).
* Inflation of smaller designs by a resolvable transversal design RTD(4, q)
  (Wh(mq), Wh(mq + 1): 48 = 12·4, 69 = 17·4 + 1, 92 = 13·7 + 1, 105 = 21·5,
  192 = 48·4, …), see :mod:`euchre_tourney.rotation.inflation`; Wh(4) is the
  one table with its three partner splittings.
* Holey column designs Wh(8u) (:mod:`._columns`, Wh(152)): u columns of
  eight levels, each column playing Wh(8) in its own rounds while the rest
  play across columns, developed by a group of order f·u·2 from a starter
  found by ``tools/whist_col_sat.py``.

Every design returned by :func:`whist_design` has been verified here (and the
public checker verifies the schedule built from it again).
"""

from __future__ import annotations

from functools import lru_cache

Game = tuple[int, int, int, int]
DesignRound = tuple[list[Game], list[int]]


def _prime_power(q: int) -> tuple[int, int] | None:
    for p in range(2, q + 1):
        if q % p == 0:
            e = 0
            while q % p == 0:
                q //= p
                e += 1
            return (p, e) if q == 1 else None
    return None


class _Field:
    """GF(p^e) with elements encoded as ints (base-p digits of the polynomial)."""

    def __init__(self, p: int, e: int) -> None:
        self.p, self.e, self.q = p, e, p**e
        q = self.q
        self.add = [[self._add(a, b) for b in range(q)] for a in range(q)]
        self.neg = [self._neg(a) for a in range(q)]
        self.exp = self._primitive_powers()

    def _digits(self, a: int) -> list[int]:
        return [(a // self.p**i) % self.p for i in range(self.e)]

    def _undigits(self, d: list[int]) -> int:
        return sum(x * self.p**i for i, x in enumerate(d))

    def _add(self, a: int, b: int) -> int:
        return self._undigits([(x + y) % self.p for x, y in zip(self._digits(a), self._digits(b))])

    def _neg(self, a: int) -> int:
        return self._undigits([(-x) % self.p for x in self._digits(a)])

    def _primitive_powers(self) -> list[int]:
        p, e, q = self.p, self.e, self.q
        if e == 1:
            for g in range(2, p):
                pw = [1]
                while len(pw) < q - 1:
                    pw.append(pw[-1] * g % p)
                if len(set(pw)) == q - 1:
                    return pw
            return [1]
        # monic f = x^e + sum c_i x^i; x primitive in GF(p)[x]/f iff its order is q−1
        for code in range(p**e):
            c = [(code // p**i) % p for i in range(e)]
            if c[0] == 0:
                continue
            pw = [1]
            cur = [1] + [0] * (e - 1)
            ok = True
            for _ in range(q - 2):
                top = cur[-1]
                cur = [0] + cur[:-1]
                cur = [(x - top * ci) % p for x, ci in zip(cur, c)]
                v = self._undigits(cur)
                if v == 1:
                    ok = False
                    break
                pw.append(v)
            if ok and len(set(pw)) == q - 1:
                return pw
        raise AssertionError("no primitive polynomial")  # pragma: no cover


def field_design(q: int) -> list[DesignRound]:
    """Wh(q) for a prime power q ≡ 1 (mod 4): q rounds, element g sits out round g."""
    pe = _prime_power(q)
    if pe is None or q % 4 != 1:
        raise ValueError(f"{q} is not a prime power ≡ 1 (mod 4)")
    F = _Field(*pe)
    k = (q - 1) // 4
    ex = F.exp
    base = [(ex[i], ex[i + k], ex[i + 2 * k], ex[i + 3 * k]) for i in range(k)]
    rounds = []
    for g in range(q):
        add = F.add[g]
        rounds.append(([tuple(add[x] for x in t) for t in base], [g]))
    return rounds


def _prime_power_factors(n: int) -> list[tuple[int, int]]:
    out = []
    p = 2
    while p * p <= n:
        if n % p == 0:
            e = 0
            while n % p == 0:
                n //= p
                e += 1
            out.append((p, e))
        p += 1
    if n > 1:
        out.append((n, 1))
    return out


def product_design(n: int) -> list[DesignRound]:
    """Wh(n) for n = q_1 ⋯ q_r, each prime-power factor q_i ≡ 1 (mod 4), over
    the ring R = GF(q_1) × ⋯ × GF(q_r).

    With t = (t_1, …, t_r), t_i a square root of −1 in GF(q_i), multiplication
    by t has orbits of size 4 on R ∖ {0} (t − 1 and 2 act injectively). Round 0
    (0 sits out) has the games (x, t·x, −x, −t·x), one per orbit; round g adds
    g. Partner differences 2x·⟨t⟩ cover each nonzero element of R once and
    opponent differences (1 − t)x·⟨t⟩ twice, because multiplication by 2 and
    by 1 − t permutes each set of elements with a given support."""
    factors = _prime_power_factors(n)
    qs = [p**e for p, e in factors]
    if any(q % 4 != 1 for q in qs):
        raise ValueError(f"{n} has a prime-power factor ≢ 1 (mod 4)")
    fields = [_Field(p, e) for p, e in factors]
    strides = []
    s = 1
    for q in qs:
        strides.append(s)
        s *= q
    # multiplication by t on each coordinate, as a table
    tmul = []
    for F in fields:
        k = (F.q - 1) // 4
        log = {v: i for i, v in enumerate(F.exp)}
        tmul.append([0] + [F.exp[(log[c] + k) % (F.q - 1)] for c in range(1, F.q)])

    def coords(x: int) -> list[int]:
        return [(x // st) % q for st, q in zip(strides, qs)]

    def enc(cs: list[int]) -> int:
        return sum(c * st for c, st in zip(cs, strides))

    def times_t(x: int) -> int:
        return enc([tm[c] for tm, c in zip(tmul, coords(x))])

    seen = bytearray(n)
    seen[0] = 1
    base = []
    for x in range(1, n):
        if seen[x]:
            continue
        orbit = [x]
        for _ in range(3):
            orbit.append(times_t(orbit[-1]))
        for y in orbit:
            seen[y] = 1
        base.append(tuple(orbit))
    cbase = [[coords(x) for x in g] for g in base]
    rounds = []
    for g in range(n):
        cg = coords(g)
        adds = [F.add[c] for F, c in zip(fields, cg)]
        games = [tuple(enc([ad[c] for ad, c in zip(adds, cx)]) for cx in game) for game in cbase]
        rounds.append((games, [g]))
    return rounds


def _ap_order(m: int, mates: list[int]) -> list[int]:
    """Translates g = 0 … m−1 ordered so that the triples mates + g, dealt in
    that order, give everyone a first turn before anyone a second (and a
    second before a third): the prefix spread of the sit-outs of a 1-rotational
    design with ∞ as the ghost is 1, and no one sits out twice running.

    Works when ``mates`` is an arithmetic progression {c − x, c, c + x} mod m
    with d = gcd(x, m) equal to 1 or with m/d ≡ 0 (mod 3). The triples then
    lie on the d cycles r + x·Z_m (r < d) of length L = m/d; round
    g = x·(k + 1) − c + r holds r + x·{k, k+1, k+2}, k runs 0, 3, 6, … round
    each cycle as when dealing cards (then 1, 4, … and 2, 5, … when 3 | L),
    and the cycles take turns. Otherwise returns 0, 1, …, m − 1."""
    from math import gcd

    a, b, c3 = mates
    for lo, mid, hi in ((a, b, c3), (b, a, c3), (a, c3, b)):
        if (lo + hi - 2 * mid) % m:
            continue
        x = (mid - lo) % m
        d = gcd(x, m)
        L = m // d
        if d > 1 and L % 3:
            continue
        ks = [(3 * j) % L + ((3 * j) // L if L % 3 == 0 else 0) for j in range(L)]
        return [(x * (k + 1) - mid + r) % m for k in ks for r in range(d)]
    return list(range(m))


def develop(kind: str, n: int, starter: list[list[int]]) -> list[DesignRound]:
    """Rounds of a cyclic starter (see module doc). ∞ (−1 in the starter) is
    player ``n − 1``. Round order for ``rot``: when the other three players
    of the ∞ table form an arithmetic progression {c − x, c, c + x} (mod m =
    n − 1) the rounds are ordered so that, with ∞ as a ghost, these three sit
    out in a perfectly fair order (see :func:`_ap_order`); else 0, 1, 2, …"""
    if kind == "rot":
        m = n - 1
        inf_t = next(t for t in starter if -1 in t)
        order = _ap_order(m, [x for x in inf_t if x != -1])
        return [
            ([tuple(n - 1 if x == -1 else (x + g) % m for x in t) for t in starter], [])
            for g in order
        ]
    if kind == "cyc1":
        return [([tuple((x + g) % n for x in t) for t in starter], [g]) for g in range(n)]
    if kind == "rot1":
        from euchre_tourney.rotation._rgdd import develop_rot1

        return develop_rot1(n, starter)
    raise ValueError(kind)


def is_whist(n: int, rounds: list[DesignRound]) -> bool:
    """True if ``rounds`` is a whist tournament Wh(n): n ≡ 0 (mod 4) with n − 1
    rounds and nobody sitting out, or n ≡ 1 with n rounds and one sit-out
    each; every round seats 0 … n−1 once each; every pair partners exactly
    once and opposes exactly twice. O(n²)."""
    if n % 4 not in (0, 1) or len(rounds) != full_length(n):
        return False
    part = bytearray(n * n)
    opp = bytearray(n * n)
    for games, out in rounds:
        if len(out) != n % 4:
            return False
        seen = [x for g in games for x in g] + list(out)
        if len(seen) != n or len(set(seen)) != n or min(seen) < 0 or max(seen) >= n:
            return False
        for a, b, c, d in games:
            for x, y in ((a, c), (b, d)):
                part[x * n + y] += 1
                part[y * n + x] += 1
            for x, y in ((a, b), (a, d), (c, b), (c, d)):
                opp[x * n + y] += 1
                opp[y * n + x] += 1
    for x in range(n):
        for y in range(x + 1, n):
            i = x * n + y
            if part[i] != 1 or opp[i] != 2:
                return False
    return True


@lru_cache(maxsize=None)
def _whist_cached(n: int) -> tuple | None:
    rounds = None
    if n == 4:  # one table, its three partner splittings
        rounds = [([(0, 2, 1, 3)], []), ([(0, 1, 2, 3)], []), ([(0, 1, 3, 2)], [])]
    elif n % 4 == 1 and _prime_power(n):
        rounds = field_design(n)
    elif n % 4 == 1 and n > 1 and all(p**e % 4 == 1 for p, e in _prime_power_factors(n)):
        rounds = product_design(n)
    else:
        from euchre_tourney.rotation._starters import STARTERS

        kind = {0: "rot", 1: "cyc1"}.get(n % 4)
        starter = STARTERS.get((kind, n))
        if starter is not None:
            rounds = develop(kind, n, starter)
    if rounds is not None and is_whist(n, rounds):
        return tuple((tuple(g), tuple(o)) for g, o in rounds)
    if n % 12 == 4:
        from euchre_tourney.rotation._resolvable import resolvable_design
        from euchre_tourney.rotation.inflation import triplicate

        classes = resolvable_design(n)
        rounds = triplicate(classes) if classes is not None else None
        if rounds is not None and is_whist(n, rounds):
            return tuple((tuple(g), tuple(o)) for g, o in rounds)
    if n % 4 == 2:
        from euchre_tourney.rotation._near_whist import near_whist_design

        rounds = near_whist_design(n)  # verified and fairly ordered there
        if rounds is None:
            rounds = _whist_plus_one(n)
        return None if rounds is None else tuple((tuple(g), tuple(o)) for g, o in rounds)
    if n % 4 in (0, 1):
        found = _recursive(n)
        if found is not None:
            return found
        from euchre_tourney.rotation._rgdd import whist as rgdd_whist

        def smaller(m: int) -> list[DesignRound] | None:
            d = _whist_cached(m) if m < n else None
            return None if d is None else [(list(g), list(o)) for g, o in d]

        rounds = rgdd_whist(n, smaller)
        if rounds is None and n % 8 == 0:
            from euchre_tourney.rotation._columns import whist_columns

            rounds = whist_columns(n, smaller)
        if rounds is not None and is_whist(n, rounds):
            return tuple((tuple(g), tuple(o)) for g, o in rounds)
    return None


def _recursive(n: int) -> tuple | None:
    """Wh(n) by inflation of smaller verified designs (see
    :mod:`euchre_tourney.rotation.inflation`), or ``None``."""
    from euchre_tourney.rotation.inflation import inflate, inflation_plans

    for m, q, with_inf in inflation_plans(n):
        outer = _whist_cached(m)
        inner = _whist_cached(q + 1 if with_inf else q)
        if outer is None or inner is None:
            continue
        rounds = inflate([(list(g), list(o)) for g, o in outer], m, [(list(g), list(o)) for g, o in inner], q, with_inf)
        if rounds is not None and is_whist(n, rounds):
            return tuple((tuple(g), tuple(o)) for g, o in rounds)
    return None


def whist_design(n: int) -> list[DesignRound] | None:
    """A verified full-length design for n players, or ``None`` if none is known.

    n ≡ 0 (mod 4): n−1 rounds; n ≡ 1: n rounds, one sit-out each (both
    whist tournaments: every pair partners once and opposes twice); n ≡ 2: n
    rounds, two sit-outs each, everyone sits out twice, nobody partners anyone
    twice or opposes anyone more than twice (a near-whist design, see
    :mod:`._near_whist`); n ≡ 3: n rounds from Wh(n+1) with one ghost player,
    whose three table-mates sit out.
    """
    if n % 4 == 3:
        d = _ghost_cached(n)
    else:
        d = _whist_cached(n)
    return None if d is None else [(list(g), list(o)) for g, o in d]


@lru_cache(maxsize=None)
def _ghost_cached(n: int) -> tuple | None:
    """Wh(n+1) with one player as a ghost (n ≡ 3 mod 4), rounds in a fair
    order. Any player may be the ghost (each other player shares its table in
    exactly three rounds, so sits out exactly three times); which one changes
    how evenly the sit-outs can be ordered, so a few are tried (∞ first, then
    seeded picks) and the best order is kept: smallest prefix spread, then
    fewest back-to-back sit-outs."""
    import random

    big = _whist_cached(n + 1)
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
        order = _fair_order(n, out, tries=4 if n <= 100 else 1, bounded=False)
        key = (_prefix_spread(n, order), _back_to_back(order))
        if best is None or key < best[0]:
            best = (key, order)
        if key == (1, 0):
            break
    order = best[1]
    if best[0][0] > 2 or best[0][1]:
        order = _polish_order(n, order)
        best = ((_prefix_spread(n, order), _back_to_back(order)), order)
    if best[0][0] > 1 and n <= 100:  # a bounded search (best ghost only) may do better
        for bound in range(1, best[0][0]):
            found = _bounded_order(n, order, bound, budget=30_000)
            if found is not None and _back_to_back(found) <= best[0][1]:
                order = found
                break
    return tuple((tuple(g), tuple(o)) for g, o in order)


class _SitOutLevels:
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


def _order_cost(n: int, rounds: list[DesignRound]) -> int:
    """10 per unit of prefix spread above 1, summed over prefixes, plus 5 per
    player sitting out two rounds running."""
    levels = _SitOutLevels(n)
    cost = 0
    prev: set[int] = set()
    for _, out in rounds:
        levels.move(out)
        cost += 10 * max(0, levels.spread - 1)
        now = set(out)
        cost += 5 * len(now & prev)
        prev = now
    return cost


def _polish_order(n: int, rounds: list[DesignRound], iters: int = 3_000) -> list[DesignRound]:
    """Hill-climb on :func:`_order_cost` by swapping two rounds (seeded,
    deterministic); removes back-to-back sit-outs that the greedy order
    leaves and lowers the prefix spread where it can."""
    import random

    rng = random.Random(n)
    cur = list(rounds)
    cost = _order_cost(n, cur)
    for _ in range(iters):
        if cost == 0:
            break
        i, j = rng.randrange(len(cur)), rng.randrange(len(cur))
        if i == j:
            continue
        cur[i], cur[j] = cur[j], cur[i]
        c2 = _order_cost(n, cur)
        if c2 <= cost:
            cost = c2
        else:
            cur[i], cur[j] = cur[j], cur[i]
    return cur


def _prefix_spread(n: int, rounds: list[DesignRound]) -> int:
    levels = _SitOutLevels(n)
    worst = 0
    for _, out in rounds:
        levels.move(out)
        worst = max(worst, levels.spread)
    return worst


def _back_to_back(rounds: list[DesignRound]) -> int:
    return sum(len(set(a[1]) & set(b[1])) for a, b in zip(rounds, rounds[1:]))


def full_length(n: int) -> int:
    """Rounds of a full rotation: n − 1 when 4 divides n, else n."""
    return n - 1 if n % 4 == 0 else n


def _fair_order(n: int, rounds: list[DesignRound], tries: int = 40, bounded: bool = True) -> list[DesignRound]:
    """Reorder rounds so sit-outs stay even at every prefix and avoid
    back-to-back sit-outs (rounds of a design may come in any order): a greedy
    pass, repeated with seeded random tie-breaks until the largest prefix spread
    is at most 1 (or ``tries`` passes), keeping the best order; with
    ``bounded``, for up to 100 players, a bounded depth-first search when the
    best spread is above 2. Deterministic."""
    import random

    rng = random.Random(n)
    best = None
    for attempt in range(tries):
        order, spread = _greedy_order(n, rounds, rng if attempt else None)
        if best is None or spread < best[1]:
            best = (order, spread)
        if spread <= 1:
            break
    if bounded and best[1] > 2 and n <= 100:
        found = _bounded_order(n, rounds, 2, budget=30_000)
        if found is not None:
            return found
    return best[0]


def _bounded_order(n: int, rounds: list[DesignRound], bound: int, budget: int = 200_000) -> list[DesignRound] | None:
    """Depth-first search for an order whose sit-out spread stays ≤ ``bound``
    at every prefix (rounds tried least-used sit-outs first); ``None`` when
    ``budget`` nodes run out."""
    levels = _SitOutLevels(n)
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

    import sys

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, len(rounds) + 100))
    try:
        return [rounds[i] for i in order] if rec() else None
    finally:
        sys.setrecursionlimit(limit)


def _greedy_order(n: int, rounds: list[DesignRound], rng) -> tuple[list[DesignRound], int]:
    """One greedy order: repeatedly take the round that keeps the sit-out
    spread smallest, then shares fewest sit-outs with the previous round, then
    sits out the least-rested players (ties: input order, shuffled when
    ``rng`` is given). Returns the order and its largest prefix spread.
    O(rounds² · sit-outs): the spread after a round is found from counts of
    players per sit-out level, not by rescanning everyone."""
    left = list(rounds)
    if rng is not None:
        rng.shuffle(left)
    levels = _SitOutLevels(n)
    sat, level = levels.sat, levels.level
    last: set[int] = set()
    out = []
    worst = 0
    while left:
        lo, hi = levels.lo, levels.hi
        best_i, best_key = 0, None
        for i, (_, sit) in enumerate(left):
            new_hi = hi
            at_lo = 0
            top = 0
            for p in sit:
                v = sat[p]
                if v + 1 > new_hi:
                    new_hi = v + 1
                if v == lo:
                    at_lo += 1
                if v > top:
                    top = v
            new_lo = lo + 1 if at_lo and at_lo == level.get(lo, 0) else lo
            key = (new_hi - new_lo, sum(1 for p in sit if p in last), top)
            if best_key is None or key < best_key:
                best_i, best_key = i, key
        chosen = left.pop(best_i)
        levels.move(chosen[1])
        worst = max(worst, levels.spread)
        last = set(chosen[1])
        out.append(chosen)
    return out, worst


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
    everyone-once-before-anyone-twice (:func:`_two_pass_order`), else the
    first night found in the greedy order of :func:`_fair_order`. X may face
    some players more than twice."""
    import random

    if n % 4 != 2 or n < 10:
        return None
    base = _whist_cached(n - 1)
    if base is None:
        return None
    X = n - 1
    rng = random.Random(n)
    rounds = [(list(g), list(o)) for g, o in base]
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
            fair = _two_pass_order(out)
            if fair is not None:
                return fair
            if fallback is None:
                fallback = out
    return None if fallback is None else _fair_order(n, fallback, tries=8)


def _two_pass_order(rounds: list[DesignRound]) -> list[DesignRound] | None:
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
    seen: set[tuple[int, int]] = set()
    sat = [0] * n
    for games, out in rounds:
        everyone = [x for g in games for x in g] + list(out)
        if sorted(everyone) != list(range(n)):
            return False
        for p in out:
            sat[p] += 1
        for a, b, c, d in games:
            for x, y in ((a, c), (b, d)):
                k = (min(x, y), max(x, y))
                if k in seen:
                    return False
                seen.add(k)
    return min(sat) == max(sat)
