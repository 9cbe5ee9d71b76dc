"""Benchmark: complete random hands per second on one core.

Each hand is dealt from a seeded shuffle, bid, played to the end and scored,
every decision a uniform random pick among the legal actions
(``legal[int(random() * len(legal))]``). North American preset by default.
Thrown-in hands (all pass twice) are played but not counted. Issue 3 target:
at least 20,000 hands per second.

Two ways of driving the engine are measured, both through public API:

* ``steps`` -- a player outside the engine asks ``Hand.legal_actions()`` and
  calls ``Hand.apply()`` for every decision (what the practice table does);
* ``rollout`` -- ``Hand.play_random(rng)``, the random playout a searching
  computer player runs; it makes the same decisions as ``steps`` for the
  same draws (tests/play/test_engine_properties.py checks that).

OpenSpiel (``--openspiel``, needs ``pip install open_spiel==2.0.2``): the
same complete random hands through ``pyspiel.load_game("euchre")`` --
``state.legal_actions()`` / ``state.apply_action()`` from the first chance
node (the dealer, then the cards one by one) to the terminal state, the same
``legal[int(random() * len(legal))]`` draw. OpenSpiel's euchre sticks the
dealer and has no lone defender, so ours plays the same game: the preset
with ``stick_the_dealer=True`` (every hand is played out and counted on both
sides). The two are measured alternately, run by run, in the same process,
and the best of each is quoted with their ratio.

Run: ``python3 tests/benchmarks/bench_play.py [--hands N] [--repeat R] [--preset KEY] [--openspiel]``
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
    """Play ``n_hands`` scored random hands step by step; return (seconds,
    points total)."""
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


def random_rollouts(rules, n_hands: int, seed: int = 1) -> tuple[float, int]:
    """Play ``n_hands`` scored random hands with ``Hand.play_random``."""
    rng = random.Random(seed)
    deal = Hand.deal
    scored = 0
    points = 0
    dealer = 0
    start = time.perf_counter()
    while scored < n_hands:
        hand = deal(rules, dealer, rng)
        dealer = (dealer + 1) & 3
        score = hand.play_random(rng).score
        if score is not None:
            scored += 1
            points += score.points
    return time.perf_counter() - start, points


def openspiel_hands(n_hands: int, seed: int = 1) -> tuple[float, int]:
    """Play ``n_hands`` complete random hands of OpenSpiel's euchre (chance
    nodes included: the deal is part of the hand); return (seconds, the
    points the makers' side won in total)."""
    import pyspiel

    game = pyspiel.load_game("euchre")
    new = game.new_initial_state
    rng = random.Random(seed)
    rnd = rng.random
    points = 0
    start = time.perf_counter()
    for _ in range(n_hands):
        state = new()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(rnd() * len(legal))])
        points += int(max(state.returns()))
    return time.perf_counter() - start, points


def against_openspiel(rules, n_hands: int, repeat: int) -> dict[str, float]:
    """Ours (``steps`` and ``rollout``, ``rules`` with stick the dealer) and
    OpenSpiel's, measured alternately; best of ``repeat`` each."""
    rules = rules.replace(stick_the_dealer=True)
    runners = (("ours steps", random_hands), ("openspiel", openspiel_hands), ("ours rollout", random_rollouts))
    for _, runner in runners:
        runner(rules, 2_000) if runner is not openspiel_hands else runner(2_000)
    rates: dict[str, list[float]] = {label: [] for label, _ in runners}
    for i in range(repeat):
        for label, runner in runners:
            seconds, _ = runner(rules, n_hands, seed=i + 1) if runner is not openspiel_hands else runner(n_hands, seed=i + 1)
            rates[label].append(n_hands / seconds)
            print(f"run {i + 1} {label:>12}: {n_hands / seconds:,.0f} hands/s")
    best = {label: max(r) for label, r in rates.items()}
    for label, rate in best.items():
        print(f"{label:>12}: {rate:,.0f} complete random hands per second (best of {repeat})")
    print(f"ours / OpenSpiel: steps {best['ours steps'] / best['openspiel']:.2f}x, "
          f"rollout {best['ours rollout'] / best['openspiel']:.2f}x")
    return best


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--preset", default="north_american", choices=sorted(PRESETS))
    parser.add_argument("--openspiel", action="store_true", help="compare with OpenSpiel's euchre, alternately")
    args = parser.parse_args(argv)
    rules = PRESETS[args.preset]
    if args.openspiel:
        return against_openspiel(rules, args.hands, args.repeat)
    best = {}
    for label, runner in (("steps", random_hands), ("rollout", random_rollouts)):
        runner(rules, 2_000)  # warm up
        rates = []
        for i in range(args.repeat):
            seconds, points = runner(rules, args.hands, seed=i + 1)
            rates.append(args.hands / seconds)
            print(f"{label} run {i + 1}: {args.hands} hands in {seconds:.3f} s = {rates[-1]:,.0f} hands/s ({points} points)")
        best[label] = max(rates)
    for label, rate in best.items():
        print(f"{args.preset} {label:>7}: {rate:,.0f} complete random hands per second (best of {args.repeat})")
    return best


if __name__ == "__main__":
    main()
