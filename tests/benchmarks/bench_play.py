"""Benchmark: complete random hands per second on one core.

Each hand is dealt from a seeded shuffle, bid, played to the end and scored
through the public state machine (``Hand.legal_actions`` / ``Hand.apply``),
every decision a uniform random pick among the legal actions. North American
preset by default. Thrown-in hands (all pass twice) are played but not
counted. Issue 3 target: at least 20,000 hands per second.

Run: ``python3 tests/benchmarks/bench_play.py [--hands N] [--repeat R] [--preset KEY]``
(the figure printed is the best of the repeats, wall-clock, one process).
Not collected by the default pytest run (``addopts`` ignores tests/benchmarks).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from euchre_tourney.play import Hand  # noqa: E402
from euchre_tourney.play.hand import DONE  # noqa: E402
from euchre_tourney.rules import PRESETS  # noqa: E402


def random_hands(rules, n_hands: int, seed: int = 1) -> tuple[float, int]:
    """Play ``n_hands`` scored random hands; return (seconds, points total)."""
    rng = random.Random(seed)
    rnd = rng.random
    deal = Hand.deal
    scored = 0
    points = 0
    dealer = 0
    start = time.perf_counter()
    while scored < n_hands:
        hand = deal(rules, dealer, rng)
        dealer = (dealer + 1) & 3
        while hand.phase != DONE:
            legal = hand.legal_actions()
            hand.apply(legal[int(rnd() * len(legal))])
        score = hand.score
        if score is not None:
            scored += 1
            points += score.points
    return time.perf_counter() - start, points


def main(argv: list[str] | None = None) -> float:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--preset", default="north_american", choices=sorted(PRESETS))
    args = parser.parse_args(argv)
    rules = PRESETS[args.preset]
    random_hands(rules, 2_000)  # warm up
    rates = []
    for i in range(args.repeat):
        seconds, points = random_hands(rules, args.hands, seed=i + 1)
        rates.append(args.hands / seconds)
        print(f"run {i + 1}: {args.hands} hands in {seconds:.3f} s = {rates[-1]:,.0f} hands/s ({points} points)")
    best = max(rates)
    print(f"{args.preset}: {best:,.0f} complete random hands per second (best of {args.repeat})")
    return best


if __name__ == "__main__":
    main()
