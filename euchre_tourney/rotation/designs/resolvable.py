"""Resolvable (v, 4, 1) designs, v ≡ 4 (mod 12): v points, (v − 1)/3 parallel
classes, each a partition of the points into v/4 blocks of four, every pair
of points in exactly one block (RBIBD(v, 4, 1)). Such designs exist for every
v ≡ 4 (mod 12) (Hanani, Ray-Chaudhuri and Wilson, 1972); here they come from
small stored base classes.

All designs are *1-rotational*: r = (v − 1)/3 parallel classes are the
translates of one base class by a group of order r (or 3r) fixing a point ∞
(numbered ``v − 1``); the other points are numbered 0 … 3r − 1. Kinds of
stored data (``data/resolvable.json``, keyed ``"KIND r"``; found offline by
``search/rbibd_search.py`` and ``search/rbibd_search.c``):

* ``pm_pairs`` r (3 ∤ r), points Z_r × {0, 1, 2}, (x, i) numbered
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
* ``pm_group`` r: the same as ``pm_pairs`` over the group
  Z_m1 × Z_m2 × ⋯ (order r) instead of Z_r, its elements numbered 0 … r − 1
  in mixed radix (first coordinate fastest). Used for r = 45 with
  Z_3 × Z_3 × Z_5, the additive group of GF(9) × GF(5), where such pairs exist
  (pair x with εx on the units, ε = (ε₉, ε₅) nonsquare in both fields, x over
  half the units that are squares in the GF(9) coordinate, with 1 − ε₉² a
  nonsquare; the two fields' own pairs on GF(9) × 0 and 0 × GF(5)); the
  stored pairs were found by SAT.
* ``cyc`` r: points Z_{3r}, numbered as themselves; the base class is
  {∞, 0, r, 2r} and the translates B, B + r, B + 2r of each stored block B
  (so it is fixed by +r), and class g = base class + g, g = 0 … r − 1. The t
  stored blocks have one point in each nonzero residue class mod r, and their
  6t differences ±(a − b) are all of Z_{3r} ∖ {0, ±r}, each once (the ∞
  block's translates cover the differences ±r). Found by annealing.
* ``sigma`` r: points as for ``pm_pairs``; a base class fixed by the copy
  rotation (x, i) ↦ (x, i + 1): the stored t blocks (whose 4t points have the
  distinct first coordinates 1 … r − 1) and their images under the rotation.
  Found by annealing.
* ``full`` r: points as for ``pm_pairs``; all 3t blocks of the base class
  other than the ∞ block, as ((x, copy), …) quadruples, found by annealing
  (used for r = 9, where the annealing found no ``cyc`` base class).

Stored: every v ≡ 4 (mod 12) from 16 to 196 except 172 (r = 57: ± pairs
cannot exist and the annealing has not yet found a ``cyc``/``sigma`` base
class); see :func:`known_sizes`.

Every design is developed and checked (each class a partition of 0 … v − 1
into 4-sets; each pair of points in exactly one block) the first time it is
asked for; a bad entry only makes that size return ``None``.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from euchre_tourney.rotation.designs import data
from euchre_tourney.rotation.designs.verify import PairCounts
from euchre_tourney.rotation.shapes import Block


def _stored(kind: str) -> dict:
    """The stored base data of one kind (``pm_pairs``, ``cyc``, ``pm_group``,
    ``sigma``, ``full``; module doc), keyed by r."""
    return data.table("resolvable", kind)

def _base_class(r: int) -> list[tuple[tuple[int, int], ...]] | None:
    """The base class's blocks other than the ∞ block, as (x, copy) quadruples."""
    pm_pairs, sigma, full = _stored("pm_pairs"), _stored("sigma"), _stored("full")
    if r in pm_pairs:
        out = []
        for x, y in pm_pairs[r]:
            for i in range(3):
                j = (i + 1) % 3
                out.append(((x % r, i), (-x % r, i), (y % r, j), (-y % r, j)))
        return out
    if r in sigma:
        return [tuple((x % r, (i + k) % 3) for x, i in b) for b in sigma[r] for k in range(3)]
    if r in full:
        return [tuple((x % r, i % 3) for x, i in b) for b in full[r]]
    return None


def is_rbibd(v: int, classes: list[list[Block]]) -> bool:
    """Each class a partition of 0 … v − 1 into 4-sets, each pair in exactly one block."""
    if v % 12 != 4 or len(classes) != (v - 1) // 3:
        return False
    counts = PairCounts(v)
    for cls in classes:
        pts = [p for b in cls for p in b]
        if any(len(b) != 4 for b in cls) or sorted(pts) != list(range(v)):
            return False
        for blk in cls:
            counts.add_table(blk)
    # no unordered pair twice, and C(v, 2) pairs in all: every pair exactly once
    return counts.most_meetings() <= 1 and sum(len(cls) for cls in classes) * 6 == v * (v - 1) // 2


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
    cyc, pm_group = _stored("cyc"), _stored("pm_group")
    if r in cyc:
        m = 3 * r
        reps = [tuple(z % m for z in b) for b in cyc[r]]
        return [
            [(inf, g, g + r, g + 2 * r)] + [tuple((z + k * r + g) % m for z in b) for b in reps for k in range(3)]
            for g in range(r)
        ]
    if r in pm_group:
        moduli, pairs = pm_group[r]
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
        ok = classes is not None and is_rbibd(v, classes)
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
