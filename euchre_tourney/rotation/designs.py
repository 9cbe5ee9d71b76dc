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
  the latter with a multiplier symmetry — and ``_starter_search.py``):
  ``rot`` (Z_{n−1} ∪ {∞}, n ≡ 0 mod 4), ``cyc1`` (Z_n, n ≡ 1 mod 4),
  ``cyc2`` (Z_n, n ≡ 2 mod 4, two sit-outs a round). Each stored starter is
  developed and re-checked by :func:`is_whist` when first used (O(n²), a few
  ms); a bad one is ignored.
* Resolvable (n, 4, 1) designs, n ≡ 4 (mod 12) (:mod:`._resolvable`), each
  parallel class played three times with the three partner splittings of its
  blocks (:func:`euchre_tourney.rotation.inflation.triplicate`).
* Inflation of smaller designs by a resolvable transversal design RTD(4, q)
  (Wh(mq), Wh(mq + 1): 48 = 12·4, 69 = 17·4 + 1, 92 = 13·7 + 1, 105 = 21·5,
  192 = 48·4, …), see :mod:`euchre_tourney.rotation.inflation`; Wh(4) is the
  one table with its three partner splittings.

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


def develop(kind: str, n: int, starter: list[list[int]]) -> list[DesignRound]:
    """Rounds of a cyclic starter (see module doc). ∞ (−1 in the starter) is
    player ``n − 1``. Round order: for ``rot`` the sit-outs of the ghost
    version (player n−1 removed) run through the players in order when the ∞
    table is (∞, 1, 0, 2); for ``cyc2`` everyone sits out once before anyone
    twice."""
    if kind == "rot":
        m = n - 1
        inf_t = next(t for t in starter if -1 in t)
        rest = sorted(x for x in inf_t if x != -1)
        if rest == [0, 1, 2] and m % 3:
            order = [(3 * j) % m for j in range(m)]
        elif rest == [0, 1, 2]:
            order = [(3 * j) % m + (3 * j) // m for j in range(m)]
        else:
            order = list(range(m))
        return [
            ([tuple(n - 1 if x == -1 else (x + g) % m for x in t) for t in starter], [])
            for g in order
        ]
    if kind == "cyc1":
        return [([tuple((x + g) % n for x in t) for t in starter], [g]) for g in range(n)]
    if kind == "rot1":
        from euchre_tourney.rotation._rgdd import develop_rot1

        return develop_rot1(n, starter)
    if kind == "cyc2":
        h = n // 2
        return [
            ([tuple((x + g) % n for x in t) for t in starter], [g, (g + h) % n])
            for g in list(range(h)) + list(range(h, n))
        ]
    raise ValueError(kind)


def is_whist(n: int, rounds: list[DesignRound], *, skip_matching: bool = False) -> bool:
    """True if ``rounds`` seat 0…n−1 once each per round and every pair partners
    once and opposes twice. With ``skip_matching`` (n ≡ 2 mod 4) the pairs that
    sit out together never meet and are excused."""
    part = bytearray(n * n)
    opp = bytearray(n * n)
    excused: set[int] = set()
    for games, out in rounds:
        seen = [x for g in games for x in g] + list(out)
        if len(seen) != n or len(set(seen)) != n or min(seen) < 0 or max(seen) >= n:
            return False
        if skip_matching:
            if len(out) != 2:
                return False
            a, b = out
            excused.add(a * n + b)
            excused.add(b * n + a)
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
            if i in excused:
                if part[i] or opp[i]:
                    return False
            elif part[i] != 1 or opp[i] != 2:
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

        kind = {0: "rot", 1: "cyc1", 2: "cyc2"}.get(n % 4)
        starter = STARTERS.get((kind, n))
        if starter is not None:
            rounds = develop(kind, n, starter)
    if rounds is not None and is_whist(n, rounds, skip_matching=n % 4 == 2):
        return tuple((tuple(g), tuple(o)) for g, o in rounds)
    if n % 12 == 4:
        from euchre_tourney.rotation._resolvable import resolvable_design
        from euchre_tourney.rotation.inflation import triplicate

        classes = resolvable_design(n)
        rounds = triplicate(classes) if classes is not None else None
        if rounds is not None and is_whist(n, rounds):
            return tuple((tuple(g), tuple(o)) for g, o in rounds)
    if n % 4 in (0, 1):
        found = _recursive(n)
        if found is not None:
            return found
        from euchre_tourney.rotation._rgdd import whist as rgdd_whist

        def smaller(m: int) -> list[DesignRound] | None:
            d = _whist_cached(m) if m < n else None
            return None if d is None else [(list(g), list(o)) for g, o in d]

        rounds = rgdd_whist(n, smaller)
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

    n ≡ 0 (mod 4): n−1 rounds; n ≡ 1: n rounds, one sit-out each; n ≡ 2: n
    rounds, two sit-outs each (pairs sitting out together never meet, every
    other pair partners once and opposes twice); n ≡ 3: n rounds from Wh(n+1)
    with one ghost player, whose three table-mates sit out.
    """
    if n % 4 == 3:
        big = _whist_cached(n + 1)
        if big is None:
            return None
        ghost = n
        out = []
        for games, _ in big:
            keep = [g for g in games if ghost not in g]
            gt = next(g for g in games if ghost in g)
            out.append((keep, sorted(x for x in gt if x != ghost)))
        return _fair_order(n, out)
    d = _whist_cached(n)
    return None if d is None else [(list(g), list(o)) for g, o in d]


def full_length(n: int) -> int:
    """Rounds of a full rotation: n − 1 when 4 divides n, else n."""
    return n - 1 if n % 4 == 0 else n


def _fair_order(n: int, rounds: list[DesignRound]) -> list[DesignRound]:
    """Reorder rounds so sit-outs stay even at every prefix and avoid
    back-to-back sit-outs (rounds of a design may come in any order): a greedy
    pass, repeated with seeded random tie-breaks until the largest prefix spread
    is at most 1 (or 40 tries), keeping the best order. Deterministic."""
    import random

    rng = random.Random(n)
    best = None
    for attempt in range(40):
        order, spread = _greedy_order(n, rounds, rng if attempt else None)
        if best is None or spread < best[1]:
            best = (order, spread)
        if spread <= 1:
            break
    if best[1] > 2:
        found = _bounded_order(n, rounds, 2)
        if found is not None:
            return found
    return best[0]


def _bounded_order(n: int, rounds: list[DesignRound], bound: int, budget: int = 200_000) -> list[DesignRound] | None:
    """Depth-first search for an order whose sit-out spread stays ≤ ``bound``
    at every prefix (rounds tried least-used sit-outs first); ``None`` when
    ``budget`` nodes run out."""
    sat = [0] * n
    order: list[int] = []
    used = [False] * len(rounds)
    nodes = 0

    def ok() -> bool:
        return max(sat) - min(sat) <= bound

    def rec() -> bool:
        nonlocal nodes
        if len(order) == len(rounds):
            return True
        cands = sorted((i for i in range(len(rounds)) if not used[i]), key=lambda i: (sum(sat[p] for p in rounds[i][1]), i))
        for i in cands:
            nodes += 1
            if nodes > budget:
                return False
            for p in rounds[i][1]:
                sat[p] += 1
            if ok():
                used[i] = True
                order.append(i)
                if rec():
                    return True
                order.pop()
                used[i] = False
            for p in rounds[i][1]:
                sat[p] -= 1
        return False

    import sys

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, len(rounds) + 100))
    try:
        return [rounds[i] for i in order] if rec() else None
    finally:
        sys.setrecursionlimit(limit)


def _greedy_order(n: int, rounds: list[DesignRound], rng) -> tuple[list[DesignRound], int]:
    left = list(rounds)
    if rng is not None:
        rng.shuffle(left)
    sat = [0] * n
    last: set[int] = set()
    out = []
    worst = 0
    while left:
        def key(r):
            after = sat[:]
            for p in r[1]:
                after[p] += 1
            return (max(after) - min(after), len(last & set(r[1])), max(sat[p] for p in r[1]))
        best = min(left, key=key)
        left.remove(best)
        for p in best[1]:
            sat[p] += 1
        worst = max(worst, max(sat) - min(sat))
        last = set(best[1])
        out.append(best)
    return out, worst
