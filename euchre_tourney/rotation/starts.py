"""Starts for short nights (the usual 6–12 rounds, a social-golfer-type
problem): verified rounds in which nobody meets anyone twice, for
:func:`euchre_tourney.rotation.progressive` to rename, split and seat before
its local search (:mod:`.engine`) continues past their length.

Prefixes of cyclic whist designs are bad for short nights (any two rounds
share a pair), so these come from *packings* — resolvable designs and
transversal designs (:mod:`.designs`), with the n mod 4 extra players taking
the sit-outs' places — and from nights found offline and stored with their
sit-outs (``designs/data/short_nights.json``).

Players are indices 0 … n−1; a round is ``(games, sit_out)`` with games
``[north, east, south, west]`` (:data:`.shapes.ERound`).
"""

from __future__ import annotations

import random
from functools import lru_cache

from euchre_tourney.rotation.designs import PairCounts, data, resolvable_design, rtd, seats_everyone
from euchre_tourney.rotation.shapes import ERound


# -- designs for short nights (social-golfer regime) --------------------------
#
# A resolvable packing of 4-sets on m = 4T points gives rounds in which no two
# players meet twice. Two sources, both checked before use:
#
# * the transversal design TD(4, q) over GF(q), q a prime power ≥ 4: points
#   (i, j), i < 4, j ∈ GF(q); round r ∈ GF(q) has the tables
#   {(i, k + r·a_i)} for k ∈ GF(q) (a_i four distinct field elements), so
#   (i, j) and (i', j') meet only in the round r = (j − j')/(a_i − a_i');
#   for q = 4 the four columns make a fifth round (the affine plane AG(2, 4));
# * a resolvable design RBIBD(28, 4, 1), 9 rounds, found for this module as
#   1-rotational over Z_3³ ∪ {∞}: tables {∞} ∪ (H + g), B1 + g, B2 + g with
#   H = ⟨(0,0,1)⟩; the round of g is the coset g + H;
# * nights stored with their sit-outs (``designs/data/short_nights.json``,
#   found offline by designs/search/golfer_search.c, golfer_cyclic.py,
#   golfer_derive.py), for sizes no design here reaches (42 × 12, 43–45 × 13,
#   46–49 × 12); checked by :func:`verify_night`.


def _is_packing(m: int, rounds: list[list[list[int]]]) -> bool:
    counts = PairCounts(m)
    for tables in rounds:
        if not seats_everyone(m, tables):
            return False
        for t in tables:
            counts.add_table(t)
    return counts.most_meetings() <= 1


@lru_cache(maxsize=64)
def _packing(tables: int) -> tuple | None:
    """The longest verified packing known on 4·tables points: a resolvable
    (v, 4, 1) design when v ≡ 4 (mod 12) ((v − 1)/3 rounds, every pair meets
    exactly once; :mod:`.designs.resolvable`), or a resolvable transversal design
    RTD(4, q) with q = tables (q rounds, plus the four groups as one more
    round when q = 4; :func:`.designs.transversal.rtd`)."""
    v = 4 * tables
    options = []
    if v % 12 == 4:
        rb = resolvable_design(v)
        if rb is not None:
            options.append([[list(b) for b in cls] for cls in rb])
    td = rtd(tables)
    if td is not None:
        rounds = [[[i * tables + blk[i] for i in range(4)] for blk in cls] for cls in td]
        if tables == 4:
            rounds.append([[i * 4 + j for j in range(4)] for i in range(4)])
        options.append(rounds)
    options = [o for o in options if _is_packing(v, o)]
    if not options:
        return None
    base = max(options, key=len)
    return tuple(tuple(tuple(t) for t in r) for r in base)


def packing(tables: int, rounds: int) -> list[list[list[int]]] | None:
    """``rounds`` rounds of ``tables`` tables on 4·tables points in which no two
    points share a table twice, from a known design (verified), or None."""
    if tables < 4 or tables > 64:
        return None
    base = _packing(tables)
    if base is None or len(base) < rounds:
        return None
    return [[list(t) for t in r] for r in base[:rounds]]


def _stored(n: int, lam: int) -> list[ERound] | None:
    """The verified stored night for n players (:func:`stored_night`) if its
    pairs meet at most ``lam`` times, else None."""
    got = stored_night(n)
    return got[1] if got is not None and got[0] <= lam else None


def _renamed(n: int, rounds: list[ERound], rng: random.Random) -> list[ERound]:
    perm = list(range(n))
    rng.shuffle(perm)
    return [([[perm[p] for p in g] for g in games], sorted(perm[p] for p in sit)) for games, sit in rounds]


def stored_start(n: int, rounds: int, lam: int, rng: random.Random) -> list[ERound] | None:
    """The first ``rounds`` rounds of the stored night for n players in which
    no pair meets more than ``lam`` times and none partners twice, players
    renamed at random; None if none is stored or it is shorter. Games come
    split (the partnerships are part of what was searched for)."""
    base = _stored(n, lam)
    if base is None or len(base) < rounds:
        return None
    return _renamed(n, base[:rounds], rng)


def golfer_rounds(n: int) -> int:
    """How many rounds :func:`golfer_start` can give n players (0 if none)."""
    T, s = n // 4, n % 4
    sizes = [T] + ([T + 1] if s == 3 else [])
    stored = _stored(n, 1)
    return max(
        [len(p) for p in (_packing(t) if 4 <= t <= 64 else None for t in sizes) if p is not None]
        + [len(stored) if stored else 0]
    )


def golfer_start(n: int, rounds: int, rng: random.Random, tries: int = 60) -> list[ERound] | None:
    """Rounds for n players with nobody meeting anyone twice, from a packing on
    4·(n div 4) points: the n mod 4 extra players take the places of the
    players sitting out, chosen fairly (nobody twice before everyone once,
    never two rounds running) so that no meeting repeats. None if no packing is
    known or the choice fails. Games come unsplit (partners settled later).

    A meet-once night stored for n players (:func:`stored_night`, found
    offline with its sit-outs) is used first when it is long enough."""
    start = stored_start(n, rounds, 1, rng)
    if start is not None:
        return start
    T = n // 4
    s = n % 4
    if s == 3:
        # a ghost on 4(T+1) points: the ghost's three table-mates sit out
        big = packing(T + 1, rounds)
        if big is not None:
            perm = list(range(n + 1))
            rng.shuffle(perm)  # player n is the ghost
            out = []
            for tables in big:
                games = [[perm[pt] for pt in t] for t in tables]
                gt = next(g for g in games if n in g)
                out.append(([g for g in games if n not in g], sorted(p for p in gt if p != n)))
            return out
    base = packing(T, rounds)
    if base is None:
        return None
    m = 4 * T
    for _ in range(tries):
        perm = list(range(n))
        rng.shuffle(perm)  # perm[point] = player; players perm[m:] are the extras
        extras = perm[m:]
        seen = [[False] * n for _ in range(n)]
        out_count = [0] * n
        last: set[int] = set()
        result: list[ERound] = []
        ok = True
        for tables in base:
            placed = None
            for _attempt in range(100 if s else 1):
                low = min(out_count)
                pool = [p for p in range(n) if out_count[p] == low and p not in last]
                if len(pool) < s:
                    pool = [p for p in range(n) if out_count[p] == low]
                if len(pool) < s:
                    nxt = [p for p in range(n) if out_count[p] == low + 1 and p not in last]
                    sit = pool + rng.sample(nxt, s - len(pool)) if len(nxt) >= s - len(pool) else None
                else:
                    sit = rng.sample(pool, s)
                if sit is None:
                    break
                sit_set = set(sit)
                free_points = [pt for pt in range(m) if perm[pt] in sit_set]
                coming = [x for x in extras if x not in sit_set]
                rng.shuffle(coming)
                sub = dict(zip(free_points, coming))
                games = [[sub.get(pt, perm[pt]) for pt in t] for t in tables]
                if all(not seen[a][b] for g in games for a in g for b in g if a != b):
                    placed = (games, sorted(sit))
                    break
            if placed is None:
                ok = False
                break
            games, sit = placed
            for g in games:
                for a in g:
                    for b in g:
                        if a != b:
                            seen[a][b] = True
            for p in sit:
                out_count[p] += 1
            last = set(sit)
            result.append(placed)
        if ok:
            return result
    return None


def verify_night(n: int, lam: int, rows: tuple[str, ...]) -> list[tuple[list[list[int]], list[int]]] | None:
    """The decoded rounds ``(games, sit_out)`` (games ``[N, E, S, W]``) if
    ``rows`` (one string a round, ``data.ALPHABET`` encoding, see
    :mod:`.designs.data`) is a valid night for ``n`` players with every pair
    meeting at most ``lam`` times, never partnering twice, sit-outs n mod 4 a
    round, counts within 1 of each other after every round and nobody sitting
    out two rounds running; otherwise None."""
    T, s = n // 4, n % 4
    if T < 2 or n > len(data.ALPHABET):
        return None
    counts = PairCounts(n)
    outs = [0] * n
    last: set[int] = set()
    rounds = []
    for row in rows:
        try:
            order = [data.ALPHABET.index(ch) for ch in row]
        except ValueError:
            return None
        if sorted(order) != list(range(n)):
            return None
        games = [order[4 * t: 4 * t + 4] for t in range(T)]
        sit = sorted(order[4 * T:])
        if len(sit) != s or set(sit) & last:
            return None
        for g in games:
            counts.add_game(g)
        if counts.most_meetings() > lam or counts.most_partnered() > 1:
            return None
        for p in sit:
            outs[p] += 1
        if max(outs) - min(outs) > 1:
            return None
        last = set(sit)
        rounds.append((games, sit))
    return rounds


@lru_cache(maxsize=None)
def _checked(n: int):
    entry = data.table("short_nights").get(n)
    if entry is None:
        return None
    lam, rows = entry["lam"], tuple(entry["rounds"])
    rounds = verify_night(n, lam, rows)
    return None if rounds is None else (lam, tuple((tuple(map(tuple, g)), tuple(s)) for g, s in rounds))


def stored_night(n: int) -> tuple[int, list[tuple[list[list[int]], list[int]]]] | None:
    """``(lam, rounds)`` for ``n`` players if a verified night is stored
    (``data/short_nights.json``), else None. ``rounds``: ``(games, sit_out)``
    per round, fresh lists."""
    got = _checked(n)
    if got is None:
        return None
    lam, rounds = got
    return lam, [([list(g) for g in games], list(sit)) for games, sit in rounds]
