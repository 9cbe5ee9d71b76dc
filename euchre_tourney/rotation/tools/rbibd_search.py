"""Offline search for the base pairs of :mod:`euchre_tourney.rotation._resolvable`
-- developer tool only (nothing in the app imports this module).

``python3 -m euchre_tourney.rotation.tools.rbibd_search R [SEED]`` (R ≡ 1
mod 4, odd) prints one line ``R: [(x, y), ...],`` to paste into
``_BASE_PAIRS``.

The problem: split the 2t classes {±c} of Z_R ∖ {0} (R = 4t + 1) into t pairs
{x, y} so that the 4t elements ±(x + y), ±(x − y) are all the nonzero
elements of Z_R, each once. (Why that gives an RBIBD(3R + 1, 4, 1) is
explained in ``_resolvable``.)

Method: depth-first search that always fills the ±class with fewest remaining
candidates (classes to cover: a class is "used" once it is in a pair, "hit"
once it is some ±(x ± y)); candidates in random order, with a node budget and
restarts under new seeds. Every size up to R = 65 takes well under a second.
"""

from __future__ import annotations

import random
import sys


def search(r: int, seed: int = 1, budget: int = 200_000) -> list[tuple[int, int]] | None:
    if r % 4 != 1 or r < 5:
        raise ValueError("R must be ≡ 1 (mod 4) and at least 5")
    t = (r - 1) // 4
    half = 2 * t

    def cls(z: int) -> int:
        z %= r
        return min(z, r - z)  # 1 … 2t

    rng = random.Random(seed)
    while True:
        used = [False] * (half + 1)  # class already in a pair
        hit = [False] * (half + 1)  # class already a ±(x ± y)
        pairs: list[tuple[int, int]] = []
        nodes = 0

        def ok(x: int, y: int) -> tuple[int, int] | None:
            a, b = cls(x + y), cls(x - y)
            if a == b or hit[a] or hit[b]:
                return None
            return a, b

        def rec() -> bool:
            nonlocal nodes
            if len(pairs) == t:
                return True
            nodes += 1
            if nodes > budget:
                return False
            # the unused class with the fewest partners left
            best = None
            for x in range(1, half + 1):
                if used[x]:
                    continue
                cands = [y for y in range(1, half + 1) if y != x and not used[y] and ok(x, y)]
                if best is None or len(cands) < len(best[1]):
                    best = (x, cands)
                    if not cands:
                        return False
            x, cands = best
            rng.shuffle(cands)
            for y in cands:
                a, b = ok(x, y)
                used[x] = used[y] = hit[a] = hit[b] = True
                pairs.append((x, y))
                if rec():
                    return True
                pairs.pop()
                used[x] = used[y] = hit[a] = hit[b] = False
            return False

        sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * t + 100))
        if rec():
            return sorted(pairs)
        if nodes <= budget:
            return None  # search space exhausted: no solution
        seed += 1000
        rng = random.Random(seed)


def main() -> None:
    r = int(sys.argv[1])
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    pairs = search(r, seed)
    print(f"{r}: {pairs},")


if __name__ == "__main__":
    main()
