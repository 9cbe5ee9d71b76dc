"""Verification: one pair counter (:class:`PairCounts`) that every checker of
the package counts with, and the whist check :func:`is_whist`.

Nothing a construction returns is trusted: each design, stored starter and
stored night is developed and checked before use (:func:`is_whist` here;
``is_near_whist`` in :mod:`.near_whist`, ``is_rtd`` in :mod:`.transversal`,
``is_rbibd`` in :mod:`.resolvable`, the packing and short-night checks in
:mod:`euchre_tourney.rotation.starts`, the partner check of
:mod:`euchre_tourney.rotation.full_nights`), and the public checker
:func:`euchre_tourney.rotation.check` verifies the finished schedule again —
all of them counting pairs with :class:`PairCounts`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from euchre_tourney.rotation.shapes import DesignRound


def full_length(n: int) -> int:
    """Rounds of a full rotation: n − 1 when 4 divides n, else n."""
    return n - 1 if n % 4 == 0 else n


def seats_everyone(n: int, games: Iterable[Sequence[int]], sit_outs: Iterable[int] = ()) -> bool:
    """True if ``games`` and ``sit_outs`` together hold each of 0 … n − 1
    exactly once."""
    seen = [x for g in games for x in g] + list(sit_outs)
    return len(seen) == n and sorted(seen) == list(range(n))


class PairCounts:
    """How often each pair of players 0 … n − 1 has shared a table and how
    often as partners, counted table by table.

    :meth:`add_game` counts a seated game ``(north, east, south, west)``
    (partners north–south and east–west, the other four pairs opponents);
    :meth:`add_table` counts four players at a table with no seating (a block
    of a design: every pair meets, nobody partners). Counts are symmetric;
    ``meetings(x, y) − partners(x, y)`` is how often x and y opposed."""

    __slots__ = ("n", "met", "partner")

    def __init__(self, n: int) -> None:
        self.n = n
        self.met = [0] * (n * n)
        self.partner = [0] * (n * n)

    def add_table(self, table: Sequence[int]) -> None:
        """Count every pair of the (four) players at ``table`` as meeting once."""
        n, met = self.n, self.met
        for i in range(len(table)):
            x = table[i]
            for j in range(i + 1, len(table)):
                y = table[j]
                met[x * n + y] += 1
                met[y * n + x] += 1

    def add_game(self, game: Sequence[int]) -> None:
        """Count a seated game: all six pairs meet, north–south and east–west
        partner. Raises ``ValueError`` unless the game has four seats."""
        a, b, c, d = game
        n, part = self.n, self.partner
        self.add_table(game)
        part[a * n + c] += 1
        part[c * n + a] += 1
        part[b * n + d] += 1
        part[d * n + b] += 1

    def meetings(self, x: int, y: int) -> int:
        return self.met[x * self.n + y]

    def partners(self, x: int, y: int) -> int:
        return self.partner[x * self.n + y]

    def opponents(self, x: int, y: int) -> int:
        i = x * self.n + y
        return self.met[i] - self.partner[i]

    def most_meetings(self) -> int:
        return max(self.met, default=0)

    def most_partnered(self) -> int:
        return max(self.partner, default=0)

    def pairs(self) -> Iterable[tuple[int, int]]:
        """Every pair x < y of 0 … n − 1."""
        n = self.n
        return ((x, y) for x in range(n) for y in range(x + 1, n))


def is_whist(n: int, rounds: list[DesignRound]) -> bool:
    """True if ``rounds`` is a whist tournament Wh(n): n ≡ 0 (mod 4) with n − 1
    rounds and nobody sitting out, or n ≡ 1 with n rounds and one sit-out
    each; every round seats 0 … n−1 once each; every pair partners exactly
    once and opposes exactly twice. O(n²)."""
    if n % 4 not in (0, 1) or len(rounds) != full_length(n):
        return False
    counts = PairCounts(n)
    for games, out in rounds:
        if len(out) != n % 4 or not seats_everyone(n, games, out):
            return False
        for g in games:
            counts.add_game(g)
    return all(counts.partners(x, y) == 1 and counts.meetings(x, y) == 3 for x, y in counts.pairs())
