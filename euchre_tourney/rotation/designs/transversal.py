"""Resolvable transversal designs RTD(4, n), the tool every inflation here
uses (:mod:`.inflation`, :mod:`.near_whist`) and a source of short-night
packings (:mod:`euchre_tourney.rotation.starts`).

**RTD(4, n)** (:func:`rtd`): n parallel classes of n blocks (y0, y1, y2, y3)
on four positions of n points, every two points of different positions in
exactly one block. For a prime power n ≥ 4, class b holds the blocks
(a + b·e0, …, a + b·e3) over GF(n) (a TD(5, n) over GF(n), the fifth group
indexing the parallel classes); products of those (MacNeish: pair the
blocks coordinatewise, 28 = 4·7, 45 = 5·9) cover every n whose prime-power
factors are all ≥ 4. For 3 | n (21, 33) an (n, 4, 1) difference matrix
over Z_n — four rows whose pairwise differences each run over Z_n once — is
stored in ``data/difference_matrices.json``: column j developed by
translation, {(r0[j] + g, …, r3[j] + g) : g ∈ Z_n}, is parallel class j (a
TD(4, n) that is resolvable, i.e. a TD(5, n)); column 0 is all zeros, so
class 0 is the diagonal. The stored matrices (rows 0, j, b, c with
b(−j) = −b(j), c(−j) = −c(j)) were found by ``search/dm4_sat.py`` in
seconds; no row can be linear (λ·j) when 3 | n (a sum-of-squares count
mod 3, see that tool). Every RTD is checked (:func:`is_rtd`) before use.
"""

from __future__ import annotations

from functools import lru_cache

from euchre_tourney.rotation.designs import data
from euchre_tourney.rotation.designs.fields import Field, prime_power, prime_power_factors
from euchre_tourney.rotation.designs.verify import PairCounts
from euchre_tourney.rotation.shapes import Block


def is_rtd(n: int, classes: list[list[Block]]) -> bool:
    """n classes of n blocks, each class a partition of every position,
    every pair of positions' points in exactly one block (counted by
    :class:`.verify.PairCounts` on the points h·n + y of position h)."""
    if len(classes) != n or any(len(c) != n for c in classes):
        return False
    for cls in classes:
        for h in range(4):
            if sorted(b[h] for b in cls) != list(range(n)):
                return False
    counts = PairCounts(4 * n)
    for cls in classes:
        for b in cls:
            counts.add_table([h * n + y for h, y in enumerate(b)])
    # n² blocks of six cross pairs, 6n² cross pairs in all: at most once is exactly once
    return counts.most_meetings() <= 1


def _field_rtd(q: int) -> list[list[Block]]:
    """RTD(4, q), q a prime power ≥ 4: class b holds the blocks
    (a + b·e0, …, a + b·e3), a ∈ GF(q), e0…e3 the field elements coded 0…3;
    class 0 is the diagonal."""
    F = Field(*prime_power(q))
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
    design is built (the stored matrices' orders are read)."""
    if n < 4:
        return None
    if n in data.table("difference_matrices") or prime_power(n):
        return [n]
    p, e = prime_power_factors(n)[0]
    a, b = rtd_parts(p**e), rtd_parts(n // p**e)
    return None if a is None or b is None else a + b


def rtd_known(n: int) -> bool:
    """Cheap test whether :func:`rtd` has an RTD(4, n) (nothing is built)."""
    return rtd_parts(n) is not None


def _raw_rtd(n: int) -> list[list[Block]] | None:
    parts = rtd_parts(n)
    if parts is None:
        return None
    matrices = data.table("difference_matrices")
    out = None
    for q in parts:
        one = _dm_rtd(q, matrices[q]) if q in matrices else _field_rtd(q)
        if one is None:
            return None
        out = one if out is None else _product_rtd(out, one)
    return out


@lru_cache(maxsize=None)
def rtd(n: int) -> tuple[tuple[Block, ...], ...] | None:
    """A verified RTD(4, n) whose class 0 is the diagonal {(y, y, y, y)}, or
    ``None`` when none is known here: n a prime power ≥ 4, a product of such
    (MacNeish), a stored difference matrix, or products with those.

    Returns n parallel classes, each n blocks (y0, y1, y2, y3) with y_i in
    0 … n−1 the point of position i; every two points of different positions
    lie in exactly one block."""
    if n < 4:
        return None
    out = _raw_rtd(n)
    if out is None or not is_rtd(n, out) or any(len(set(b)) != 1 for b in out[0]):
        return None
    return tuple(tuple(c) for c in out)
