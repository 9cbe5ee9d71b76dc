"""Near-whist designs NWh(n) for n ≡ 2 (mod 4) players.

No whist tournament exists for n ≡ 2 (mod 4) (C(n, 2) is odd). The best
full-length night is a *near-whist design* NWh(n):

* n rounds of (n − 2)/4 games, two players sitting out each round;
* the players are paired into n/2 *couples*; each couple sits out together in
  exactly two rounds (so everyone sits out exactly twice), and the two rounds
  of a couple are n/2 rounds apart in the order returned (nobody sits out in
  two consecutive rounds; everyone sits out once before anyone twice);
* the two players of a couple never meet; every other pair partners exactly
  once and opposes exactly twice.

A player plays n − 2 games, so partners n − 2 of the n − 1 others: one missing
partner each is forced, which makes this the optimum (no partner repeats, the
least possible opposition). :func:`is_near_whist` checks all of it
independently (counting pairs with the shared
:class:`.verify.PairCounts`, as ``is_whist`` does, plus the sit-out
counts and couples).

Players are 0 … n−1, a round is ``(games, sit_outs)``, a game
``(north, east, south, west)`` with partners {north, south} and
{east, west}, as in :mod:`euchre_tourney.rotation.shapes`.

Constructions (``h = n/2``, always odd):

**Cyclic (``cyc2`` in ``data/near_whist.json``).** Players Z_n; a starter round has sit-outs {0, h} and
tables on the other n − 2 elements; round g adds g to everything (sit-outs
{g, g + h}: the couples are {x, x + h}). The starter must contain every
difference class ±d (d = 1 … h − 1) once between partners and twice between
opponents. *This is impossible unless n ≡ 2 (mod 8)*: a partner pair with an
odd difference has one odd element, one with an even difference has zero or
two, and the starter's partner pairs cover the h − 1 odd elements of
Z_n ∖ {0, h}; the (h − 1)/2 odd classes ±d are each used once, so
h − 1 ≡ (h − 1)/2 (mod 2), i.e. (h − 1)/2 is even, n ≡ 2 (mod 8).
n = 10 has no cyclic design either (exhaustive search).

**Bi-cyclic (``bi``).** Players (y, e), y ∈ Z_h, e ∈ {0, 1}, numbered
e·h + y; two starter rounds, both with sit-outs {(0, 0), (0, 1)}, developed by
adding g ∈ Z_h to y only (couples {(y, 0), (y, 1)}). Difference classes: ±d
inside level 0, ±d inside level 1, and d = y₁ − y₀ ≠ 0 across the levels
(directed), each once as partners and twice as opponents in the two starters
together. The cyclic designs are the special case where the second starter
is the first with the levels swapped; there is no parity obstruction, and
NWh(10) is bi-cyclic. (Exhaustive search: no bi-cyclic NWh(14). NWh(6) does
not exist at all: the table of a round where one couple sits out holds both
other couples.)

**n ≡ 6 (mod 8)** (14, 22, 30, …). Besides the cyclic proof above, a
"2-rotational" design (players Z_{h−1} × {0, 1} ∪ {∞₁, ∞₂}, two developed
starters plus two rounds fixed by Z_{h−1}, ∞₁ and ∞₂ sitting out) is
impossible for h ≡ 3 (mod 4): every table of a fixed round is stabilised by
the half-turn y → y + (h−1)/2, so each pair {x, x + (h−1)/2} of a level meets
once in each fixed round, while the developed starters meet such a pair an
even number of times in each relation; partners once then forces opponents
odd. NWh(14) and NWh(22) exist all the same (``explicit``): found by an
exact SAT search (``search/nwh_sat.py``) for designs with couples
{c, c + h}, couple c sitting out in rounds 2c and 2c + 1, and an automorphism
fixing couple 0 and permuting the other couples in two cycles (of length 3
for 14, 5 for 22), rounds following their sit-out couple.

The starters were found offline by ``search/nwh_search.c`` (simulated
annealing, optionally with a multiplier symmetry y → w·y; 34 by the older
``search/whist_search.c``) and the explicit designs by ``search/nwh_sat.py``;
all are stored as data (``data/near_whist.json``), and each is developed and checked by
:func:`is_near_whist` before use (a bad entry yields ``None``).

**Inflation (:func:`_inflate`).** NWh(m), NWh(2k) and a resolvable
transversal design RTD(4, k) (k odd, see :func:`.transversal.rtd`) give NWh(m·k).
Player (i, y) of group i < m, y < k, is i·k + y. Each outer round is played k
times, once per parallel class of the RTD: outer game (a, b, c, d) and block
(y0, y1, y2, y3) give the game ((a, y0), (b, y1), (c, y2), (d, y3)). Two
players of different groups i ≠ j then meet once in each outer game where i
and j met, in the same relation (the RTD block through them is unique):
partners once, opponents twice — unless {i, j} is an outer couple. An outer
couple {s, s'} sits out together in two outer rounds, i.e. its 2k players are
idle in 2k inflated rounds; they play an NWh(2k) there (its first k rounds
during the couple's first outer round, the rest during the second). That
covers the pairs inside a group and between the groups of a couple, and the
inner couples become the couples of the result. mk rounds, two sit-outs each.
This is the usual weighting ("inflation") of design theory, as for whist
tournaments (:mod:`.inflation`).

Verified sizes are listed by :func:`known_sizes`: 10, 14, 18, 22, 26, 34,
50, 58, 70, 90, 98, 110, 126, 130, 154, 162, 170, 182, 198.
"""

from __future__ import annotations

from functools import lru_cache

from euchre_tourney.rotation.designs import data
from euchre_tourney.rotation.designs.inflation import inflated
from euchre_tourney.rotation.designs.transversal import rtd
from euchre_tourney.rotation.designs.verify import PairCounts, seats_everyone
from euchre_tourney.rotation.shapes import DesignRound, Game
from euchre_tourney.rotation.shapes import freeze_rounds as _freeze
from euchre_tourney.rotation.shapes import thaw_rounds as _thaw

def _quads(text: str) -> list[Game]:
    xs = [int(t) for t in text.split()]
    return [tuple(xs[i : i + 4]) for i in range(0, len(xs), 4)]  # type: ignore[misc]


def is_near_whist(n: int, rounds: list[DesignRound]) -> bool:
    """True if ``rounds`` is an NWh(n) (module doc): n rounds, each seating
    0 … n−1 once with exactly two sit-outs; everyone sits out exactly twice,
    both times with the same companion; companions never meet; every other
    pair partners exactly once and opposes exactly twice."""
    if n % 4 != 2 or n < 6 or len(rounds) != n:
        return False
    counts = PairCounts(n)
    out_count = [0] * n
    companion = [-1] * n
    for games, out in rounds:
        if len(out) != 2 or len(games) != (n - 2) // 4 or not seats_everyone(n, games, out):
            return False
        a, b = out
        for x, y in ((a, b), (b, a)):
            out_count[x] += 1
            if companion[x] not in (-1, y):
                return False
            companion[x] = y
        for g in games:
            if len(g) != 4:
                return False
            counts.add_game(g)
    if any(c != 2 for c in out_count):
        return False
    for x, y in counts.pairs():
        if companion[x] == y:
            if counts.meetings(x, y):
                return False
        elif counts.partners(x, y) != 1 or counts.meetings(x, y) != 3:
            return False
    return True


def _couples_order(n: int, rounds: list[DesignRound]) -> list[DesignRound]:
    """Each couple's first round (in order of first appearance), then each
    couple's second round in the same order: a player's two sit-outs are n/2
    rounds apart."""
    first: list[DesignRound] = []
    second: dict[frozenset, DesignRound] = {}
    seen: set[frozenset] = set()
    for r in rounds:
        key = frozenset(r[1])
        if key in seen:
            second[key] = r
        else:
            seen.add(key)
            first.append(r)
    return first + [second[frozenset(r[1])] for r in first]


def _explicit(lines: tuple[str, ...]) -> list[DesignRound]:
    rounds = []
    for line in lines:
        games, out = line.split("/")
        rounds.append((_quads(games), [int(x) for x in out.split()]))
    return rounds


def _cyclic(n: int, starter: list[Game]) -> list[DesignRound]:
    h = n // 2
    return [
        ([tuple((x + g) % n for x in t) for t in starter], [g, g + h] if g < h else [g, g - h])  # type: ignore[misc]
        for g in range(n)
    ]


def _bicyclic(n: int, starters: tuple[list[Game], list[Game]]) -> list[DesignRound]:
    h = n // 2

    def move(x: int, g: int) -> int:
        return (x // h) * h + (x % h + g) % h

    return [
        ([tuple(move(x, g) for x in t) for t in st], [g, g + h])  # type: ignore[misc]
        for st in starters
        for g in range(h)
    ]


def _inflate(outer: list[DesignRound], m: int, inner: list[DesignRound], k: int) -> list[DesignRound] | None:
    """NWh(m·k) from NWh(m) ``outer``, NWh(2k) ``inner`` and RTD(4, k) (module
    doc); ``None`` without an RTD(4, k). Not verified here."""
    classes = rtd(k)
    if classes is None or len(inner) != 2 * k:
        return None
    used: dict[frozenset, int] = {}
    rounds: list[DesignRound] = []
    for games, out in outer:
        s, t = sorted(out)
        key = frozenset(out)
        half = used.get(key, 0)
        used[key] = half + 1
        if half > 1:
            return None

        def place(x: int) -> int:
            return s * k + x if x < k else t * k + x - k

        for cls, (ig, io) in zip(classes, inner[half * k : (half + 1) * k]):
            gs = inflated(games, cls, k)
            gs += [tuple(place(x) for x in g) for g in ig]
            rounds.append((gs, [place(x) for x in io]))  # type: ignore[arg-type]
    return rounds


def _plans(n: int) -> list[tuple[int, int]]:
    """(m, k) with n = m·k, k odd ≥ 5, m ≡ 2 (mod 4), m ≥ 10; larger k first."""
    return [(n // k, k) for k in range(n // 10, 4, -1) if k % 2 and n % k == 0 and n // k >= 10]


@lru_cache(maxsize=None)
def _design(n: int) -> tuple | None:
    cyc2, bi, explicit = (data.table("near_whist", kind) for kind in ("cyc2", "bi", "explicit"))
    candidates = []
    if n in cyc2:
        candidates.append(lambda: _cyclic(n, _quads(cyc2[n])))
    if n in bi:
        candidates.append(lambda: _bicyclic(n, (_quads(bi[n][0]), _quads(bi[n][1]))))
    if n in explicit:
        candidates.append(lambda: _explicit(explicit[n]))
    for cand in candidates:
        try:
            rounds = cand()
        except (ValueError, IndexError, TypeError):  # malformed data
            continue
        if is_near_whist(n, rounds):
            return _freeze(_couples_order(n, rounds))
    for m, k in _plans(n):
        outer, inner = _design(m), _design(2 * k)
        if outer is None or inner is None:
            continue
        rounds = _inflate(_thaw(outer), m, _thaw(inner), k)
        if rounds is not None and is_near_whist(n, rounds):
            return _freeze(_couples_order(n, rounds))
    return None


def near_whist_design(n: int) -> list[DesignRound] | None:
    """A verified NWh(n) (module doc) on players 0 … n−1, or ``None`` when
    none is known here (always ``None`` unless n ≡ 2 (mod 4)).

    n rounds ``(games, sit_outs)``, (n − 2)/4 games ``(north, east, south,
    west)`` and two sit-outs each; everyone sits out exactly twice, with the
    same companion, n/2 rounds apart; companions never meet; every other pair
    partners exactly once and opposes exactly twice. Memoized; a fresh list
    is returned each call."""
    if n % 4 != 2 or n < 6:
        return None
    d = _design(n)
    return None if d is None else _thaw(d)


def known_sizes(limit: int = 198) -> list[int]:
    """Sizes n ≤ ``limit`` for which :func:`near_whist_design` gives a design."""
    return [n for n in range(6, limit + 1, 4) if _design(n) is not None]
