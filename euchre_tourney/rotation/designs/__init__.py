"""Whist designs: full-length rotations in which every pair of players partners
exactly once and opposes exactly twice (whist tournaments Wh(n)), and the
near-whist designs for n ≡ 2 (mod 4); this face is the lookup.

Players here are indices 0 … n−1; a design is a list of rounds, a round is
``(games, sit_out)`` with ``games`` a list of ``(north, east, south, west)``
(:mod:`euchre_tourney.rotation.shapes`).

Sources (see ``ROTATION-NOTES.md``), each in a module of its own; the
modules import downward only (``fields`` ← ``verify`` ← ``transversal`` ←
``cyclic``, ``inflation`` ← ``near_whist``, ``columns``, ``resolvable`` ←
this face), and every stored starter is data (``data/``, read the first
time a size asks for it):

* Field construction, prime powers q ≡ 1 (mod 4): games (x, t·x, −x, −t·x)
  for x = ω^i, i < (q−1)/4, t = ω^((q−1)/4), developed over GF(q)
  (:mod:`.cyclic`, on the arithmetic of :mod:`.fields`).
* Ring construction, n = q_1 ⋯ q_r with every prime-power factor q_i ≡ 1
  (mod 4) (45, 65, 85, 117, 145, 153, 185, …): the same games over
  GF(q_1) × ⋯ × GF(q_r), see :func:`.cyclic.product_design`.
* Cyclic starters stored in ``data/whist_starters.json`` (found offline by
  the developer tools ``search/whist_search.c``, ``search/whist_symsearch.c``
  — annealing, the latter with a multiplier symmetry —
  ``search/starter_search.py`` and ``search/whist_pm_search.py``): ``rot``
  (Z_{n−1} ∪ {∞}, n ≡ 0 mod 4), ``cyc1`` (Z_n, n ≡ 1 mod 4), ``rot1``
  (Z_{n−1} ∪ {∞}, n ≡ 1 mod 4), see :mod:`.cyclic`. Each stored starter is
  developed and re-checked by :func:`.verify.is_whist` when first used
  (O(n²), a few ms); a bad one is ignored.
* Resolvable (n, 4, 1) designs, n ≡ 4 (mod 12) (:mod:`.resolvable`), each
  parallel class played three times with the three partner splittings of its
  blocks (:func:`.inflation.triplicate`).
* Inflation of smaller designs by a resolvable transversal design RTD(4, q)
  (Wh(mq), Wh(mq + 1): 48 = 12·4, 69 = 17·4 + 1, 92 = 13·7 + 1, 105 = 21·5,
  192 = 48·4, …), see :mod:`.inflation` (with the RTDs of
  :mod:`.transversal`); Wh(4) is the one table with its three partner
  splittings. Mixed inflation Wh(m) × Wh(n), m ≡ 0, n ≡ 1 (mod 4), for sizes
  no starter reaches (60, 68, 72, 84, …), in the same module.
* Holey column designs Wh(8u) (:mod:`.columns`, Wh(152)): u columns of
  eight levels, each column playing Wh(8) in its own rounds while the rest
  play across columns, developed by a group of order f·u·2 from a starter
  found by ``search/whist_col_sat.py``.
* Near-whist designs NWh(n), n ≡ 2 (mod 4) (:mod:`.near_whist`).

Every design returned here has been verified (and the public checker
verifies the schedule built from it again). Full-length *nights* for every
n — a ghost player for n ≡ 3 (mod 4), Wh(n − 1) plus one player where no
near-whist design is known — and the fair order of their sit-outs are built
on this lookup in :mod:`euchre_tourney.rotation.full_nights` and
:mod:`euchre_tourney.rotation.sit_out_order`. The offline search tools live
in ``search/`` (not shipped, see its README).
"""

from __future__ import annotations

from functools import lru_cache

from euchre_tourney.rotation.designs import data
from euchre_tourney.rotation.designs.columns import whist_columns
from euchre_tourney.rotation.designs.cyclic import develop, field_design, product_design, stored_starter, whist_rot1
from euchre_tourney.rotation.designs.fields import prime_power, prime_power_factors
from euchre_tourney.rotation.designs.inflation import inflate, inflation_plans, triplicate, whist_mixed
from euchre_tourney.rotation.designs.near_whist import near_whist_design
from euchre_tourney.rotation.designs.resolvable import resolvable_design
from euchre_tourney.rotation.designs.transversal import rtd
from euchre_tourney.rotation.designs.verify import PairCounts, full_length, is_whist, seats_everyone
from euchre_tourney.rotation.shapes import DesignRound
from euchre_tourney.rotation.shapes import freeze_rounds as _freeze
from euchre_tourney.rotation.shapes import thaw_rounds as _thaw

__all__ = [
    "PairCounts",
    "data",
    "full_length",
    "is_whist",
    "near_whist_design",
    "resolvable_design",
    "rtd",
    "seats_everyone",
    "whist",
]


@lru_cache(maxsize=None)
def _whist_cached(n: int) -> tuple | None:
    rounds = None
    if n == 4:  # one table, its three partner splittings
        rounds = [([(0, 2, 1, 3)], []), ([(0, 1, 2, 3)], []), ([(0, 1, 3, 2)], [])]
    elif n % 4 == 1 and prime_power(n):
        rounds = field_design(n)
    elif n % 4 == 1 and n > 1 and all(p**e % 4 == 1 for p, e in prime_power_factors(n)):
        rounds = product_design(n)
    else:
        kind = {0: "rot", 1: "cyc1"}.get(n % 4)
        starter = None if kind is None else stored_starter(kind, n)
        if starter is not None:
            rounds = develop(kind, n, starter)
    if rounds is not None and is_whist(n, rounds):
        return _freeze(rounds)
    if n % 12 == 4:
        classes = resolvable_design(n)
        rounds = triplicate(classes) if classes is not None else None
        if rounds is not None and is_whist(n, rounds):
            return _freeze(rounds)
    if n % 4 in (0, 1):
        found = _recursive(n)
        if found is not None:
            return found

        def smaller(m: int) -> list[DesignRound] | None:
            d = _whist_cached(m) if m < n else None
            return None if d is None else _thaw(d)

        # a 1-rotational starter (n ≡ 1), mixed inflation (n ≡ 0), column designs (8 | n)
        rounds = whist_rot1(n) if n % 4 == 1 else whist_mixed(n, smaller)
        if rounds is None and n % 8 == 0:
            rounds = whist_columns(n, smaller)
        if rounds is not None and is_whist(n, rounds):
            return _freeze(rounds)
    return None


def _recursive(n: int) -> tuple | None:
    """Wh(n) by inflation of smaller verified designs (see
    :mod:`.inflation`), or ``None``."""
    for m, q, with_inf in inflation_plans(n):
        outer = _whist_cached(m)
        inner = _whist_cached(q + 1 if with_inf else q)
        if outer is None or inner is None:
            continue
        rounds = inflate(_thaw(outer), m, _thaw(inner), q, with_inf)
        if rounds is not None and is_whist(n, rounds):
            return _freeze(rounds)
    return None


def whist(n: int) -> list[DesignRound] | None:
    """A verified whist design Wh(n) on players 0 … n − 1, or ``None`` if
    none is known here (always ``None`` unless n ≡ 0, 1 (mod 4)).

    n ≡ 0 (mod 4): n − 1 rounds, nobody sits out; n ≡ 1: n rounds, one
    sit-out each; every pair partners once and opposes twice. Memoized; a
    fresh list is returned each call."""
    d = _whist_cached(n) if n % 4 in (0, 1) else None
    return None if d is None else _thaw(d)
