"""Whist designs Wh(v) that no stored cyclic starter reaches, built from
resolvable transversal designs (constructions plus verified data).

**Mixed inflation** (:func:`whist_mixed`): Wh(m) with m ≡ 0 (mod 4), Wh(n)
with n ≡ 1 (mod 4) and an RTD(4, n) give Wh(m·n). Player (i, y) of group i
(i < m, y < n) is number i·n + y. Make one parallel class of the RTD the
*diagonal* {(y, y, y, y)} (:func:`rtd` returns it first). Then

* each outer round, inflated by each of the n − 1 other classes — game
  (a, b, c, d) and block (y0, y1, y2, y3) give the game
  ((a, y0), (b, y1), (c, y2), (d, y3)): (m − 1)(n − 1) rounds;
* n rounds in which every group plays one round of Wh(n) and the m players
  sitting out (one per group, all with the same y) play outer round 0 on the
  diagonal: games ((a, y), (b, y), (c, y), (d, y));
* outer rounds 1 … m − 2 on the whole diagonal: m − 2 rounds.

Two players of different groups i ≠ j meet once per outer game where i and
j meet, in the same relation (the block through them lies in exactly one
class, the diagonal included): partners once, opponents twice. Pairs inside
a group meet in Wh(n). (m − 1)(n − 1) + n + m − 2 = mn − 1 rounds, nobody
sits out. This reaches 60 = 12·5, 68 = 4·17, 72 = 8·9, 104 = 8·13,
108 = 12·9, 140 = 28·5, 164 = 4·41, 180 = 20·9, 200 = 8·25 — sizes with
v − 1 prime, where a 1-rotational starter needs a long unstructured search
(no multiplier symmetry exists) — and 84 = 4·21, 132 = 4·33, 168 = 8·21
from the stored difference matrices for RTD(4, 21) and RTD(4, 33).

**1-rotational Wh(v), v ≡ 1 (mod 4)** (:func:`whist_rot1`): players
Z_m ∪ {∞}, m = v − 1 = 4k. Round ∞ (∞ sits out) has the games
(x, x + k, x + 2k, x + 3k), x < k: the cosets of the subgroup of order 4,
partners x and x + 2k. The other m rounds develop a stored starter
(``STARTERS[("rot1", v)]`` in :mod:`._starters`: 0 sits out, −1 is ∞) by
adding g mod m. The fixed round covers each pair at difference 2k once as
partners and each pair at difference ±k once as opponents, so the starter
needs difference class k once as partners and once as opponents, the class
2k once as opponents (a pair at difference 2k develops into every such pair
twice) and every other class once as partners and twice as opponents. Unlike
Z_v for v = 3p, Z_{v−1} has units with many fixed points, so
``tools/whist_symsearch.c`` (kind ``rot1``) finds these starters with a
multiplier symmetry in seconds (Wh(57): Z_56, multiplier 9).

**RTD(4, n)** (:func:`rtd`): n parallel classes of n blocks (y0, y1, y2, y3)
on four positions of n points, every two points of different positions in
exactly one block. For a prime power n ≥ 4, class b holds the blocks
(a + b·e0, …, a + b·e3) over GF(n); products of those (MacNeish: pair the
blocks coordinatewise, 28 = 4·7, 45 = 5·9) cover every n whose prime-power
factors are all ≥ 4. For 3 | n (21, 33) an (n, 4, 1) difference matrix
over Z_n — four rows whose pairwise differences each run over Z_n once — is
stored in ``_DIFFERENCE_MATRICES``: column j developed by translation,
{(r0[j] + g, …, r3[j] + g) : g ∈ Z_n}, is parallel class j (a TD(4, n) that
is resolvable, i.e. a TD(5, n)); column 0 is all zeros, so class 0 is the
diagonal. The stored matrices (rows 0, j, b, c with b(−j) = −b(j), c(−j) =
−c(j)) were found by ``tools/dm4_sat.py`` in seconds; no row can be linear
(λ·j) when 3 | n (a sum-of-squares count mod 3, see that tool).
Every RTD is checked before use.

Nothing here is trusted by the caller: :func:`whist_mixed` verifies the
design it returns with :func:`designs.is_whist`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

Game = tuple[int, int, int, int]
DesignRound = tuple[list[Game], list[int]]
Block = tuple[int, int, int, int]

# (n, 4, 1) difference matrices over Z_n, rows 0…3 as lists of n entries
# (tools/dm4_sat.py, multiplier −1 symmetry); rows 0 and 1 are 0 and j.
_DIFFERENCE_MATRICES: dict[int, list[list[int]]] = {
    21: [
        [0] * 21,
        list(range(21)),
        [0, 4, 11, 9, 20, 7, 16, 3, 15, 8, 2, 19, 13, 6, 18, 5, 14, 1, 12, 10, 17],
        [0, 20, 18, 10, 5, 15, 19, 13, 17, 12, 14, 7, 9, 4, 8, 2, 6, 16, 11, 3, 1],
    ],
    33: [
        [0] * 33,
        list(range(33)),
        [0, 23, 5, 27, 2, 13, 11, 17, 12, 25, 29, 26, 19, 1, 15, 9, 3,
         30, 24, 18, 32, 14, 7, 4, 8, 21, 16, 22, 20, 31, 6, 28, 10],
        [0, 14, 16, 29, 32, 27, 21, 10, 18, 26, 11, 5, 3, 9, 2, 13, 8,
         25, 20, 31, 24, 30, 28, 22, 7, 15, 23, 12, 6, 1, 4, 17, 19],
    ],
}


def _is_rtd(n: int, classes: list[list[Block]]) -> bool:
    """n classes of n blocks, each class a partition of every position,
    every pair of positions' points in exactly one block."""
    if len(classes) != n or any(len(c) != n for c in classes):
        return False
    for cls in classes:
        for h in range(4):
            if sorted(b[h] for b in cls) != list(range(n)):
                return False
    for h in range(4):
        for k in range(h + 1, 4):
            seen = bytearray(n * n)
            for cls in classes:
                for b in cls:
                    i = b[h] * n + b[k]
                    if seen[i]:
                        return False
                    seen[i] = 1
    return True


def _field_rtd(q: int) -> list[list[Block]]:
    """RTD(4, q), q a prime power ≥ 4: class b holds the blocks
    (a + b·e0, …, a + b·e3), a ∈ GF(q), e0…e3 the field elements coded 0…3;
    class 0 is the diagonal."""
    from euchre_tourney.rotation.designs import _Field, _prime_power

    F = _Field(*_prime_power(q))
    log = {x: i for i, x in enumerate(F.exp)}

    def mul(x: int, y: int) -> int:
        return 0 if x == 0 or y == 0 else F.exp[(log[x] + log[y]) % (q - 1)]

    return [[tuple(F.add[a][mul(b, e)] for e in range(4)) for a in range(q)] for b in range(q)]


def _dm_rtd(n: int, rows: list[list[int]]) -> list[list[Block]] | None:
    """RTD(4, n) from an (n, 4, 1) difference matrix over Z_n (``None`` if it
    is not one): class j holds the translates (r0[j] + g, …, r3[j] + g),
    g ∈ Z_n, of column j. Each row is first shifted so that column 0 is all
    zeros, which makes class 0 the diagonal."""
    if len(rows) != 4 or any(len(r) != n for r in rows):
        return None
    rows = [[(x - r[0]) % n for x in r] for r in rows]
    for h in range(4):
        for k in range(h + 1, 4):
            if len({(x - y) % n for x, y in zip(rows[h], rows[k])}) != n:
                return None
    return [[tuple((col[h] + g) % n for h in range(4)) for g in range(n)] for col in zip(*rows)]


def _product_rtd(a: list[list[Block]], b: list[list[Block]]) -> list[list[Block]]:
    """RTD(4, |a|·|b|): points y·|b| + z, class (i, j) ↦ i·|b| + j, blocks the
    coordinatewise pairs of a block of class i and one of class j (class 0
    stays the diagonal)."""
    nb = len(b)
    return [
        [tuple(x * nb + y for x, y in zip(B1, B2)) for B1 in ca for B2 in cb]
        for ca in a
        for cb in b
    ]


def rtd_parts(n: int) -> list[int] | None:
    """The orders whose RTDs :func:`rtd` multiplies together (MacNeish) to make
    an RTD(4, n): each a stored difference-matrix order or a prime power ≥ 4;
    ``None`` when n has no such split (a factor 2 or 3 on its own). Cheap: no
    design is built."""
    from euchre_tourney.rotation.designs import _prime_power, _prime_power_factors

    if n < 4:
        return None
    if n in _DIFFERENCE_MATRICES or _prime_power(n):
        return [n]
    p, e = _prime_power_factors(n)[0]
    a, b = rtd_parts(p**e), rtd_parts(n // p**e)
    return None if a is None or b is None else a + b


def _raw_rtd(n: int) -> list[list[Block]] | None:
    parts = rtd_parts(n)
    if parts is None:
        return None
    out = None
    for q in parts:
        one = _dm_rtd(q, _DIFFERENCE_MATRICES[q]) if q in _DIFFERENCE_MATRICES else _field_rtd(q)
        if one is None:
            return None
        out = one if out is None else _product_rtd(out, one)
    return out


@lru_cache(maxsize=None)
def rtd(n: int) -> tuple[tuple[Block, ...], ...] | None:
    """A verified RTD(4, n) whose class 0 is the diagonal {(y, y, y, y)}, or
    ``None`` when none is known here: n a prime power ≥ 4, a product of such
    (MacNeish), a stored difference matrix, or products with those."""
    if n < 4:
        return None
    out = _raw_rtd(n)
    if out is None or not _is_rtd(n, out) or any(len(set(b)) != 1 for b in out[0]):
        return None
    return tuple(tuple(c) for c in out)




def mixed_plans(v: int) -> list[tuple[int, int]]:
    """Factorisations v = m·n, m ≡ 0, n ≡ 1 (mod 4), m ≥ 4, n ≥ 5, larger n
    first."""
    return [(v // n, n) for n in range(v // 4, 4, -1) if n % 4 == 1 and v % n == 0 and (v // n) % 4 == 0]


def whist_mixed(v: int, design: Callable[[int], list[DesignRound] | None]) -> list[DesignRound] | None:
    """Verified Wh(v) by mixed inflation (module doc), or ``None``.

    ``design(k)`` supplies smaller whist designs (for example
    ``designs.whist_design``, which has Wh(4)). The inner Wh(n) must have one
    sit-out per round, each player once (every n ≡ 1 (mod 4) design does)."""
    from euchre_tourney.rotation.designs import is_whist
    from euchre_tourney.rotation.inflation import inflated

    for m, n in mixed_plans(v):
        classes = rtd(n)
        if classes is None:
            continue
        outer = design(m)
        inner = design(n)
        if outer is None or inner is None or len(outer) != m - 1 or len(inner) != n:
            continue
        outs = [o[0] for _, o in inner if len(o) == 1]
        if sorted(outs) != list(range(n)):
            continue
        rounds: list[DesignRound] = []
        for games, _ in outer:
            for cls in classes[1:]:
                rounds.append((inflated(games, cls, n), []))
        for games, (y,) in inner:
            own = [tuple(i * n + x for x in g) for i in range(m) for g in games]
            rounds.append((own + [tuple(p * n + y for p in g) for g in outer[0][0]], []))
        for games, _ in outer[1:]:
            rounds.append(([tuple(p * n + y for p in g) for g in games for y in range(n)], []))
        if is_whist(v, rounds):
            return rounds
    return None


def develop_rot1(v: int, starter: list[list[int]]) -> list[DesignRound]:
    """The v rounds of a ``rot1`` starter (module doc); ∞ is player v − 1,
    which sits out the first round; player g sits out round g + 1."""
    m = v - 1
    k = m // 4
    rounds: list[DesignRound] = [([(x, x + k, x + 2 * k, x + 3 * k) for x in range(k)], [m])]
    for g in range(m):
        rounds.append(([tuple(m if x == -1 else (x + g) % m for x in t) for t in starter], [g]))
    return rounds


def whist_rot1(v: int) -> list[DesignRound] | None:
    """Verified 1-rotational Wh(v), v ≡ 1 (mod 4), from a stored starter, or
    ``None``."""
    from euchre_tourney.rotation._starters import STARTERS
    from euchre_tourney.rotation.designs import is_whist

    starter = STARTERS.get(("rot1", v))
    if starter is None or v % 4 != 1:
        return None
    rounds = develop_rot1(v, starter)
    return rounds if is_whist(v, rounds) else None


def whist(v: int, design: Callable[[int], list[DesignRound] | None]) -> list[DesignRound] | None:
    """A verified Wh(v) from this module (1-rotational starter, then mixed
    inflation), or ``None``; ``design`` supplies smaller designs."""
    if v % 4 == 1:
        return whist_rot1(v)
    if v % 4 == 0:
        return whist_mixed(v, design)
    return None
