"""Whist designs built from smaller ones: inflation by a resolvable transversal
design (also mixed), and triplication of resolvable designs.

Pure functions on design rounds (``(games, sit_outs)`` with games
``(north, east, south, west)`` on players 0 … v−1, see
:mod:`euchre_tourney.rotation.shapes`). :func:`inflate` does not verify its
result: the lookup (:mod:`euchre_tourney.rotation.designs`) checks every
result with ``is_whist``; :func:`whist_mixed` checks its own.

**Inflation.** Replace each player i of a Wh(m) by a *group* of n players
(i, 0) … (i, n−1), player (i, x) being number i·n + x. A resolvable
transversal design RTD(4, n) — n parallel classes of n blocks (y0, y1, y2, y3),
every pair from two different positions in exactly one block — turns each
game (a, b, c, d) of the outer design into n rounds of games
((a, y0), (b, y1), (c, y2), (d, y3)). Two players of different groups i ≠ j
then meet exactly once in each of the three games where i and j met, seated
as i and j were: partners once, opponents twice. Pairs inside a group are
covered by an inner whist design on the group, played where the group is
idle:

* Wh(m), Wh(n), m ≡ n ≡ 0 (mod 4) → Wh(mn): the n − 1 rounds of Wh(n) run on
  every group at once after the (m − 1)·n inflated rounds.
* Wh(m), Wh(n), m ≡ n ≡ 1 (mod 4) → Wh(mn): in outer round r the sit-out
  group s_r plays Wh(n) during the n inflated rounds (one sit-out each).
* Wh(m), Wh(n + 1), m ≡ 1 (mod 4), n ≡ 3 (mod 4) → Wh(mn + 1): as before,
  with an extra player ∞ joining the idle group, whose n + 1 players play the
  n rounds of Wh(n + 1).
* Wh(m), Wh(n + 1), m ≡ 1, n ≡ 0 (mod 4) → Wh(mn + 1): the idle group and ∞
  play the n rounds of Wh(n + 1) in which ∞ plays; the rounds in which ∞ sits
  out are played by all groups at once in one last round.

This is the standard "inflation" (weighting) of design theory; the products
for whist tournaments go back to Baker (1975) and Anderson's *Combinatorial
Designs and Tournaments* (1997), ch. 9 (see ``ROTATION-NOTES.md``).
RTD(4, n) comes from :func:`.transversal.rtd` (TD(5, n) over GF(n) for a
prime power n ≥ 4, the fifth group indexing the parallel classes; MacNeish
products; stored difference matrices).

**Mixed inflation** (:func:`whist_mixed`): Wh(m) with m ≡ 0 (mod 4), Wh(n)
with n ≡ 1 (mod 4) and an RTD(4, n) give Wh(m·n), for sizes no stored cyclic
starter reaches. Player (i, y) of group i (i < m, y < n) is number i·n + y.
Make one parallel class of the RTD the *diagonal* {(y, y, y, y)}
(:func:`.transversal.rtd` returns it first). Then

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

**Triplication.** A resolvable (v, 4, 1) design (every pair in exactly one
block) gives Wh(v): each parallel class is played three times, each block
split into partner pairs in each of its three possible ways. The first pass
through the classes is itself a schedule in which nobody meets twice.
"""

from __future__ import annotations

from collections.abc import Callable

from euchre_tourney.rotation.designs.transversal import rtd, rtd_known
from euchre_tourney.rotation.designs.verify import is_whist
from euchre_tourney.rotation.shapes import Block, DesignRound, Game


def inflated(games: list[Game], cls, n: int) -> list[Game]:
    """The games of one outer round inflated by one RTD class: outer game
    (a, b, c, d) and block (y0, y1, y2, y3) give the game
    (a·n + y0, b·n + y1, c·n + y2, d·n + y3), seated as the outer game."""
    return [tuple(p * n + y for p, y in zip(g, blk)) for g in games for blk in cls]


def _on_group(rnd: DesignRound, base: int, size: int, infinity: int) -> DesignRound:
    """A design round on players 0 … size−1 moved to base … base+size−1, with
    player ``size`` (the inner design's last player) becoming ``infinity``."""
    def f(x: int) -> int:
        return infinity if x == size else base + x

    games, out = rnd
    return [tuple(f(x) for x in g) for g in games], [f(x) for x in out]


def inflate(
    outer: list[DesignRound], m: int, inner: list[DesignRound], n: int, with_infinity: bool
) -> list[DesignRound] | None:
    """Wh(m·n) (``with_infinity`` false) or Wh(m·n + 1) (true) from an outer
    Wh(m) and an inner Wh(n) or Wh(n + 1) on one group (see the module doc
    for which residues combine); ``None`` when n has no RTD(4, n) or the
    residues do not combine. ∞ is player m·n. The result is not verified
    here."""
    classes = rtd(n)
    if classes is None:
        return None
    inf = m * n
    size = n + 1 if with_infinity else n
    if m % 4 == 0 and not with_infinity and n % 4 == 0:
        rounds: list[DesignRound] = []
        for games, _ in outer:
            for cls in classes:
                rounds.append((inflated(games, cls, n), []))
        for games, _ in inner:
            rounds.append(([tuple(i * n + x for x in g) for i in range(m) for g in games], []))
        return rounds
    if m % 4 != 1 or not ((not with_infinity and n % 4 == 1) or (with_infinity and n % 4 in (0, 3))):
        return None
    rounds = []
    last: list[Game] = []
    for games, out in outer:
        (s,) = out
        fill = [_on_group(r, s * n, n, inf) for r in inner]
        if with_infinity and size % 4 == 1:
            last += next(g for g, o in fill if o == [inf])
            fill = [r for r in fill if r[1] != [inf]]
        if len(fill) != n:
            return None
        for cls, (fg, fo) in zip(classes, fill):
            games_r = inflated(games, cls, n)
            rounds.append((games_r + fg, fo))
    if last:
        rounds.append((last, [inf]))
    return rounds


def inflation_plans(v: int) -> list[tuple[int, int, bool]]:
    """Ways to build Wh(v) by :func:`inflate`: ``(m, n, with_infinity)`` with
    v = m·n (+ 1), an RTD(4, n) known (:func:`.transversal.rtd_known`), m ≥ 4,
    residues as in the module doc; larger n first (fewer, bigger inflations;
    the recursion stays shallow)."""
    plans = []
    for n in range(v - 1, 3, -1):
        if not rtd_known(n):
            continue
        if v % n == 0 and v // n >= 4:
            m = v // n
            if (m % 4, n % 4) in ((0, 0), (1, 1)) and v % 4 in (0, 1):
                plans.append((m, n, False))
        if (v - 1) % n == 0 and (v - 1) // n >= 5:
            m = (v - 1) // n
            if m % 4 == 1 and ((n % 4 == 3 and v % 4 == 0) or (n % 4 == 0 and v % 4 == 1)):
                plans.append((m, n, True))
    return plans


def mixed_plans(v: int) -> list[tuple[int, int]]:
    """Factorisations v = m·n, m ≡ 0, n ≡ 1 (mod 4), m ≥ 4, n ≥ 5, larger n
    first."""
    return [(v // n, n) for n in range(v // 4, 4, -1) if n % 4 == 1 and v % n == 0 and (v // n) % 4 == 0]


def whist_mixed(v: int, design: Callable[[int], list[DesignRound] | None]) -> list[DesignRound] | None:
    """Verified Wh(v) by mixed inflation (module doc), or ``None``.

    ``design(k)`` supplies smaller whist designs (for example the lookup of
    :mod:`euchre_tourney.rotation.designs`, which has Wh(4)). The inner Wh(n)
    must have one sit-out per round, each player once (every n ≡ 1 (mod 4)
    design does)."""
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


def triplicate(classes: list[list[Block]]) -> list[DesignRound]:
    """Wh(v) from a resolvable (v, 4, 1) design: three passes through the
    parallel classes; in pass k each block {p, q, r, s} is seated with
    partners split the k-th way ({p,q}|{r,s}, {p,r}|{q,s}, {p,s}|{q,r}), so
    each pair of a block partners once and opposes twice. 3·|classes| rounds,
    no sit-outs."""
    seatings = (
        lambda p, q, r, s: (p, r, q, s),
        lambda p, q, r, s: (p, q, r, s),
        lambda p, q, r, s: (p, q, s, r),
    )
    return [([seat(*blk) for blk in cls], []) for seat in seatings for cls in classes]
