"""Whist designs built from smaller ones: inflation by a resolvable transversal
design, and triplication of resolvable designs.

Pure functions on design rounds (``(games, sit_outs)`` with games
``(north, east, south, west)`` on players 0 … v−1, as in
:mod:`euchre_tourney.rotation.designs`). Nothing here is trusted:
:func:`designs.whist_design` verifies every result with ``is_whist``.

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
RTD(4, n) comes from :func:`euchre_tourney.rotation._rgdd.rtd` (TD(5, n) over
GF(n) for a prime power n ≥ 4, the fifth group indexing the parallel classes;
MacNeish products; stored difference matrices).

**Triplication.** A resolvable (v, 4, 1) design (every pair in exactly one
block) gives Wh(v): each parallel class is played three times, each block
split into partner pairs in each of its three possible ways. The first pass
through the classes is itself a schedule in which nobody meets twice.
"""

from __future__ import annotations

Game = tuple[int, int, int, int]
DesignRound = tuple[list[Game], list[int]]


def resolvable_td(n: int) -> tuple[tuple[tuple[int, int, int, int], ...], ...] | None:
    """A verified RTD(4, n), or ``None`` (see :func:`._rgdd.rtd`: prime powers
    ≥ 4 over GF(n), MacNeish products of those, stored difference matrices).

    Returns n parallel classes, each n blocks (y0, y1, y2, y3) with y_i in
    0 … n−1 the point of position i; every two points of different positions
    lie in exactly one block."""
    from euchre_tourney.rotation._rgdd import rtd

    return rtd(n)


def rtd_known(n: int) -> bool:
    """Cheap test whether :func:`resolvable_td` has an RTD(4, n) (see
    :func:`._rgdd.rtd_parts`; nothing is built)."""
    from euchre_tourney.rotation._rgdd import rtd_parts

    return rtd_parts(n) is not None


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
    rtd = resolvable_td(n)
    if rtd is None:
        return None
    inf = m * n
    size = n + 1 if with_infinity else n
    if m % 4 == 0 and not with_infinity and n % 4 == 0:
        rounds: list[DesignRound] = []
        for games, _ in outer:
            for cls in rtd:
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
        for cls, (fg, fo) in zip(rtd, fill):
            games_r = inflated(games, cls, n)
            rounds.append((games_r + fg, fo))
    if last:
        rounds.append((last, [inf]))
    return rounds


def inflation_plans(v: int) -> list[tuple[int, int, bool]]:
    """Ways to build Wh(v) by :func:`inflate`: ``(m, n, with_infinity)`` with
    v = m·n (+ 1), an RTD(4, n) known (:func:`rtd_known`), m ≥ 4, residues as
    in the module doc; larger n first (fewer, bigger inflations; the recursion
    stays shallow)."""
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


def triplicate(classes: list[list[tuple[int, int, int, int]]]) -> list[DesignRound]:
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
