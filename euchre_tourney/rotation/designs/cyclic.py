"""Whist designs developed from one round: the field and ring constructions
and the stored cyclic and 1-rotational starters.

* Field construction, prime powers q ≡ 1 (mod 4) (:func:`field_design`):
  games (x, t·x, −x, −t·x) for x = ω^i, i < (q−1)/4, t = ω^((q−1)/4),
  developed over GF(q).
* Ring construction, n = q_1 ⋯ q_r with every prime-power factor q_i ≡ 1
  (mod 4) (45, 65, 85, 117, 145, 153, 185, …): the same games over
  GF(q_1) × ⋯ × GF(q_r), see :func:`product_design`.
* Cyclic starters (``data/whist_starters.json``, found offline by
  ``search/whist_search.c``, ``search/whist_symsearch.c`` — annealing, the
  latter with a multiplier symmetry — ``search/starter_search.py`` and
  ``search/whist_pm_search.py``): ``rot`` (Z_{n−1} ∪ {∞}, n ≡ 0 mod 4),
  ``cyc1`` (Z_n, n ≡ 1 mod 4), ``rot1`` (Z_{n−1} ∪ {∞}, n ≡ 1 mod 4, below).
  Each stored starter is developed (:func:`develop`) and re-checked by
  :func:`.verify.is_whist` when first used (O(n²), a few ms); a bad one is
  ignored.

**1-rotational Wh(v), v ≡ 1 (mod 4)** (:func:`whist_rot1`): players
Z_m ∪ {∞}, m = v − 1 = 4k. Round ∞ (∞ sits out) has the games
(x, x + k, x + 2k, x + 3k), x < k: the cosets of the subgroup of order 4,
partners x and x + 2k. The other m rounds develop a stored starter
(kind ``rot1``: 0 sits out, −1 is ∞) by adding g mod m. The fixed round
covers each pair at difference 2k once as partners and each pair at
difference ±k once as opponents, so the starter needs difference class k
once as partners and once as opponents, the class 2k once as opponents (a
pair at difference 2k develops into every such pair twice) and every other
class once as partners and twice as opponents. Unlike Z_v for v = 3p,
Z_{v−1} has units with many fixed points, so ``search/whist_symsearch.c``
(kind ``rot1``) finds these starters with a multiplier symmetry in seconds
(Wh(57): Z_56, multiplier 9).
"""

from __future__ import annotations

from math import gcd

from euchre_tourney.rotation.designs import data
from euchre_tourney.rotation.designs.fields import Field, prime_power, prime_power_factors
from euchre_tourney.rotation.designs.verify import is_whist
from euchre_tourney.rotation.shapes import DesignRound


def field_design(q: int) -> list[DesignRound]:
    """Wh(q) for a prime power q ≡ 1 (mod 4): q rounds, element g sits out round g.
    Raises ``ValueError`` for any other q."""
    pe = prime_power(q)
    if pe is None or q % 4 != 1:
        raise ValueError(f"{q} is not a prime power ≡ 1 (mod 4)")
    F = Field(*pe)
    k = (q - 1) // 4
    ex = F.exp
    base = [(ex[i], ex[i + k], ex[i + 2 * k], ex[i + 3 * k]) for i in range(k)]
    rounds = []
    for g in range(q):
        add = F.add[g]
        rounds.append(([tuple(add[x] for x in t) for t in base], [g]))
    return rounds


def product_design(n: int) -> list[DesignRound]:
    """Wh(n) for n = q_1 ⋯ q_r, each prime-power factor q_i ≡ 1 (mod 4), over
    the ring R = GF(q_1) × ⋯ × GF(q_r).

    With t = (t_1, …, t_r), t_i a square root of −1 in GF(q_i), multiplication
    by t has orbits of size 4 on R ∖ {0} (t − 1 and 2 act injectively). Round 0
    (0 sits out) has the games (x, t·x, −x, −t·x), one per orbit; round g adds
    g. Partner differences 2x·⟨t⟩ cover each nonzero element of R once and
    opponent differences (1 − t)x·⟨t⟩ twice, because multiplication by 2 and
    by 1 − t permutes each set of elements with a given support. Raises
    ``ValueError`` when a prime-power factor is ≢ 1 (mod 4)."""
    factors = prime_power_factors(n)
    qs = [p**e for p, e in factors]
    if any(q % 4 != 1 for q in qs):
        raise ValueError(f"{n} has a prime-power factor ≢ 1 (mod 4)")
    fields = [Field(p, e) for p, e in factors]
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


def ap_order(m: int, mates: list[int]) -> list[int]:
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


def develop_rot1(v: int, starter: list[list[int]]) -> list[DesignRound]:
    """The v rounds of a ``rot1`` starter (module doc); ∞ is player v − 1,
    which sits out the first round; player g sits out round g + 1."""
    m = v - 1
    k = m // 4
    rounds: list[DesignRound] = [([(x, x + k, x + 2 * k, x + 3 * k) for x in range(k)], [m])]
    for g in range(m):
        rounds.append(([tuple(m if x == -1 else (x + g) % m for x in t) for t in starter], [g]))
    return rounds


def develop(kind: str, n: int, starter: list[list[int]]) -> list[DesignRound]:
    """Rounds of a cyclic starter (see module doc). ∞ (−1 in the starter) is
    player ``n − 1``. Round order for ``rot``: when the other three players
    of the ∞ table form an arithmetic progression {c − x, c, c + x} (mod m =
    n − 1) the rounds are ordered so that, with ∞ as a ghost, these three sit
    out in a perfectly fair order (see :func:`ap_order`); else 0, 1, 2, …
    Raises ``ValueError`` for an unknown kind."""
    if kind == "rot":
        m = n - 1
        inf_t = next(t for t in starter if -1 in t)
        order = ap_order(m, [x for x in inf_t if x != -1])
        return [
            ([tuple(n - 1 if x == -1 else (x + g) % m for x in t) for t in starter], [])
            for g in order
        ]
    if kind == "cyc1":
        return [([tuple((x + g) % n for x in t) for t in starter], [g]) for g in range(n)]
    if kind == "rot1":
        return develop_rot1(n, starter)
    raise ValueError(kind)


def stored_starter(kind: str, n: int) -> list[list[int]] | None:
    """The stored starter of ``kind`` (``rot``, ``cyc1``, ``rot1``) for n
    players (unchecked), or ``None``."""
    return data.table("whist_starters").get((kind, n))


def whist_rot1(v: int) -> list[DesignRound] | None:
    """Verified 1-rotational Wh(v), v ≡ 1 (mod 4), from a stored starter, or
    ``None``."""
    starter = stored_starter("rot1", v)
    if starter is None or v % 4 != 1:
        return None
    rounds = develop_rot1(v, starter)
    return rounds if is_whist(v, rounds) else None
