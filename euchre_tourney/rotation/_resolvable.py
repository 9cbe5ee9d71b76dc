"""Resolvable (v, 4, 1) designs, v ≡ 4 (mod 12): v points, (v − 1)/3 parallel
classes, each a partition of the points into v/4 blocks of four, every pair
of points in exactly one block (RBIBD(v, 4, 1)). Such designs exist for every
v ≡ 4 (mod 12) (Hanani, Ray-Chaudhuri and Wilson, 1972); here they come from
small stored base classes.

All designs are *1-rotational*: r = (v − 1)/3 parallel classes are the
translates of one base class by a group of order r (or 3r) fixing a point ∞
(numbered ``v − 1``); the other points are numbered 0 … 3r − 1. Three kinds of
stored data (found offline by ``tools/rbibd_search.py`` and
``tools/rbibd_search.c``):

* ``_PM_PAIRS[r]`` (3 ∤ r), points Z_r × {0, 1, 2}, (x, i) numbered
  ``i·r + x``, class g = base class + (g, 0). The base class is
  {∞, (0,0), (0,1), (0,2)} and, for each stored pair {x, y}, the three blocks
  {(±x, i), (±y, i + 1)}, i = 0, 1, 2. The t = (r − 1)/4 pairs split the 2t
  classes {±c} of Z_r ∖ {0} so that the 4t elements ±(x + y), ±(x − y) are
  all of Z_r ∖ {0}: then each pure difference (both points in one copy) ±2x,
  ±2y occurs once per copy (2 is a unit) and each mixed difference b − a
  (a in copy i, b in copy i + 1) once, 0 coming from the ∞ block — exactly
  the condition for every pair to lie in one block of the development. This
  is the classical cyclotomic pattern (for prime r the pairs (x, εx), x over
  half the squares, ε a nonsquare with 1 − ε² a nonsquare, work). For 3 | r
  they need 9 | r (if a pairs have both classes prime to 3 and b pairs one
  of each, counting classes divisible by 3 gives a = b and 3a = r/3), and
  for r = 9 and 45 an exhaustive search finds none; so for 3 | r one of:
* ``_PM_GROUP[r]``: the same as ``_PM_PAIRS`` over the group
  Z_m1 × Z_m2 × ⋯ (order r) instead of Z_r, its elements numbered 0 … r − 1
  in mixed radix (first coordinate fastest). Used for r = 45 with
  Z_3 × Z_3 × Z_5, the additive group of GF(9) × GF(5), where such pairs exist
  (pair x with εx on the units, ε = (ε₉, ε₅) nonsquare in both fields, x over
  half the units that are squares in the GF(9) coordinate, with 1 − ε₉² a
  nonsquare; the two fields' own pairs on GF(9) × 0 and 0 × GF(5)); the
  stored pairs were found by SAT.
* ``_CYC[r]``: points Z_{3r}, numbered as themselves; the base class is
  {∞, 0, r, 2r} and the translates B, B + r, B + 2r of each stored block B
  (so it is fixed by +r), and class g = base class + g, g = 0 … r − 1. The t
  stored blocks have one point in each nonzero residue class mod r, and their
  6t differences ±(a − b) are all of Z_{3r} ∖ {0, ±r}, each once (the ∞
  block's translates cover the differences ±r). Found by annealing.
* ``_SIGMA[r]``: points as for ``_PM_PAIRS``; a base class fixed by the copy
  rotation (x, i) ↦ (x, i + 1): the stored t blocks (whose 4t points have the
  distinct first coordinates 1 … r − 1) and their images under the rotation.
  Found by annealing.
* ``_FULL[r]``: points as for ``_PM_PAIRS``; all 3t blocks of the base class
  other than the ∞ block, as ((x, copy), …) quadruples, found by annealing
  (used for r = 9, where the annealing found no ``_CYC`` base class).

Stored: every v ≡ 4 (mod 12) from 16 to 196 except 172 (r = 57: ± pairs
cannot exist and the annealing has not yet found a ``_CYC``/``_SIGMA`` base
class); see :func:`known_sizes`.

Every design is developed and checked (each class a partition of 0 … v − 1
into 4-sets; each pair of points in exactly one block) the first time it is
asked for; a bad entry only makes that size return ``None``.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

Block = tuple[int, int, int, int]

_PM_PAIRS: dict[int, list[tuple[int, int]]] = {
    5: [(1, 2)],
    13: [(1, 5), (2, 3), (4, 6)],
    17: [(1, 5), (2, 7), (3, 4), (6, 8)],
    25: [(1, 8), (2, 6), (3, 9), (4, 7), (5, 10), (11, 12)],
    29: [(1, 10), (2, 6), (3, 9), (4, 11), (5, 8), (7, 12), (13, 14)],
    37: [(1, 12), (2, 18), (3, 9), (6, 4), (7, 16), (8, 11), (10, 5), (13, 17), (14, 15)],
    41: [(1, 13), (2, 5), (3, 8), (4, 20), (6, 14), (9, 19), (10, 12), (11, 15), (16, 7), (18, 17)],
    49: [(1, 22), (2, 7), (3, 11), (5, 12), (6, 10), (8, 21), (9, 15), (13, 24), (14, 17), (16, 18), (19, 20), (23, 4)],
    53: [(1, 12), (2, 8), (3, 26), (4, 13), (6, 10), (11, 23), (14, 19), (15, 16), (17, 9), (18, 21), (20, 5), (22, 24), (25, 7)],
    61: [(1, 28), (2, 19), (4, 12), (5, 23), (7, 6), (8, 30), (9, 3), (10, 15), (13, 17), (14, 21), (18, 29), (20, 22), (24, 27), (25, 16), (26, 11)],
    65: [(1, 30), (2, 7), (3, 17), (6, 21), (8, 5), (9, 28), (10, 22), (13, 29), (14, 4), (15, 26), (18, 12), (19, 20), (24, 16), (25, 23), (27, 31), (32, 11)],
}

_CYC: dict[int, list[tuple[int, int, int, int]]] = {
    21: [(30, 20, 61, 57), (23, 7, 25, 53), (34, 29, 43, 5), (10, 60, 16, 17), (14, 54, 3, 6)],
}

_PM_GROUP: dict[int, tuple[tuple[int, ...], list[tuple[tuple[int, ...], tuple[int, ...]]]]] = {
    45: (
        (3, 3, 5),
        [((0, 0, 1), (0, 0, 2)), ((0, 1, 0), (1, 0, 0)), ((0, 1, 1), (1, 0, 2)), ((0, 1, 2), (1, 0, 4)), ((0, 1, 3), (1, 0, 1)), ((0, 1, 4), (1, 0, 3)), ((1, 1, 0), (1, 2, 0)), ((1, 1, 1), (1, 2, 2)), ((1, 1, 2), (1, 2, 4)), ((1, 1, 3), (1, 2, 1)), ((1, 1, 4), (1, 2, 3))],
    ),
}

_SIGMA: dict[int, list[tuple[tuple[int, int], ...]]] = {
    33: [((3, 2), (5, 0), (29, 1), (32, 2)), ((13, 1), (27, 2), (16, 1), (15, 1)), ((19, 2), (20, 1), (11, 1), (6, 2)), ((8, 2), (18, 0), (25, 2), (26, 0)), ((14, 0), (9, 0), (31, 1), (2, 0)), ((12, 0), (22, 0), (24, 2), (30, 2)), ((10, 0), (23, 2), (28, 0), (1, 2)), ((7, 2), (21, 2), (4, 0), (17, 1))],
}

_FULL: dict[int, list[tuple[tuple[int, int], ...]]] = {
    9: [((8, 2), (1, 2), (6, 0), (3, 0)), ((3, 1), (7, 0), (6, 1), (2, 0)), ((1, 1), (4, 2), (8, 1), (5, 2)), ((8, 0), (2, 2), (7, 2), (1, 0)), ((5, 1), (4, 1), (6, 2), (3, 2)), ((5, 0), (2, 1), (4, 0), (7, 1))],
}


def _base_class(r: int) -> list[tuple[tuple[int, int], ...]] | None:
    """The base class's blocks other than the ∞ block, as (x, copy) quadruples."""
    if r in _PM_PAIRS:
        out = []
        for x, y in _PM_PAIRS[r]:
            for i in range(3):
                j = (i + 1) % 3
                out.append(((x % r, i), (-x % r, i), (y % r, j), (-y % r, j)))
        return out
    if r in _SIGMA:
        return [tuple((x % r, (i + k) % 3) for x, i in b) for b in _SIGMA[r] for k in range(3)]
    if r in _FULL:
        return [tuple((x % r, i % 3) for x, i in b) for b in _FULL[r]]
    return None


def _is_rbibd(v: int, classes: list[list[Block]]) -> bool:
    """Each class a partition of 0 … v − 1 into 4-sets, each pair in exactly one block."""
    if v % 12 != 4 or len(classes) != (v - 1) // 3:
        return False
    seen = bytearray(v * v)
    for cls in classes:
        pts = [p for b in cls for p in b]
        if any(len(b) != 4 for b in cls) or sorted(pts) != list(range(v)):
            return False
        for blk in cls:
            a, b, c, d = sorted(blk)
            for i in (a * v + b, a * v + c, a * v + d, b * v + c, b * v + d, c * v + d):
                if seen[i]:
                    return False
                seen[i] = 1
    # no unordered pair twice, and C(v, 2) pairs in all: every pair exactly once
    return sum(len(cls) for cls in classes) * 6 == v * (v - 1) // 2


def _group(moduli: tuple[int, ...]) -> tuple[list[tuple[int, ...]], dict[tuple[int, ...], int]]:
    """Z_m1 × Z_m2 × ⋯: its elements in mixed-radix order (first coordinate
    fastest) and their codes 0 … r − 1."""
    elems = [tuple(reversed(e)) for e in product(*(range(m) for m in reversed(moduli)))]
    return elems, {e: k for k, e in enumerate(elems)}


def _prod(ms: tuple[int, ...]) -> int:
    out = 1
    for m in ms:
        out *= m
    return out


def _classes(v: int) -> list[list[Block]] | None:
    """The developed (unchecked) classes for v from the stored data, or ``None``."""
    r = (v - 1) // 3
    inf = v - 1
    if r in _CYC:
        m = 3 * r
        reps = [tuple(z % m for z in b) for b in _CYC[r]]
        return [
            [(inf, g, g + r, g + 2 * r)] + [tuple((z + k * r + g) % m for z in b) for b in reps for k in range(3)]
            for g in range(r)
        ]
    if r in _PM_GROUP:
        moduli, pairs = _PM_GROUP[r]
        if _prod(moduli) != r:
            return None
        elems, code = _group(moduli)
        neg = [code[tuple(-a % m for a, m in zip(e, moduli))] for e in elems]
        # addt[g][x]: the code of elems[x] + elems[g]
        addt = [[code[tuple((a + b) % m for a, b, m in zip(e, f, moduli))] for e in elems] for f in elems]
        base = []
        for x, y in pairs:
            if len(x) != len(moduli) or len(y) != len(moduli):
                return None
            cx, cy = code[tuple(a % m for a, m in zip(x, moduli))], code[tuple(a % m for a, m in zip(y, moduli))]
            for i in range(3):
                j = (i + 1) % 3
                base.append(((cx, i), (neg[cx], i), (cy, j), (neg[cy], j)))
        return [
            [(inf, g, r + g, 2 * r + g)] + [tuple(i * r + ad[x] for x, i in b) for b in base]
            for g, ad in enumerate(addt)
        ]
    base = _base_class(r)
    if base is None:
        return None
    return [[(inf, g, r + g, 2 * r + g)] + [tuple(i * r + (x + g) % r for x, i in b) for b in base] for g in range(r)]


@lru_cache(maxsize=None)
def _cached(v: int) -> tuple[tuple[Block, ...], ...] | None:
    if v < 16 or v % 12 != 4:
        return None
    try:
        classes = _classes(v)
        ok = classes is not None and _is_rbibd(v, classes)
    except (TypeError, ValueError, IndexError, KeyError):
        ok = False
    if not ok:
        return None
    return tuple(tuple(cls) for cls in classes)


def resolvable_design(v: int) -> list[list[tuple[int, int, int, int]]] | None:
    """A verified resolvable (v, 4, 1) design on the points 0 … v − 1, or ``None``.

    Shape: a list of (v − 1)/3 parallel classes, each a list of v/4 blocks
    (4-tuples of points); every class is a partition of the points and every
    pair of points lies in exactly one block. ``None`` when v ≢ 4 (mod 12) or
    no base class is stored for v (see the module docstring for the
    construction). Memoized; a fresh list is returned on each call.
    """
    d = _cached(v)
    return None if d is None else [list(cls) for cls in d]


def known_sizes(limit: int = 200) -> list[int]:
    """The v ≤ ``limit`` for which :func:`resolvable_design` has a design."""
    return [v for v in range(16, limit + 1, 12) if _cached(v) is not None]
