"""Arena: duplicate matches between computer player levels (issue 13).

Every deal is played twice with the same cards, level A sitting North-South
the first time and East-West the second, so the luck of the cards cancels.
For each deal the arena records A's points minus B's points, averaged over
the two plays (a thrown-in hand or a misdeal counts 0); the figure quoted is
the mean per hand with a 95 % confidence interval (mean ± 1.96 standard
errors over the deals). Deals rotate the dealer and come from
``random.Random(seed + i)``.

Games to the rule set's target are played in duplicate pairs as well (game
``g`` from the same seed with the sides swapped); the win rate of A is
quoted with its 95 % interval (normal approximation).

``--timing`` prints, per level, the decision times (median, 95th percentile,
slowest, in ms) over every decision with more than one legal action, and
the hard player's solver positions per decision.

Run, e.g.::

    python3 tests/benchmarks/bench_arena.py --a medium --b easy --deals 20000
    python3 tests/benchmarks/bench_arena.py --a hard --b easy --deals 400 --games 40 --timing
    python3 tests/benchmarks/bench_arena.py --a hard --b hard --deals 200

The hard player searches a fixed budget by default -- its 32 / 24 deals
per card-play / bidding decision, no clock (``--budget SECONDS`` puts the
clock back) -- so that a run on a loaded machine measures the same player
as on an idle one.

Issue 33, before the one family (main at b1aaf4e, the same fixed budget,
seed 1, ``nice -n 10`` on the shared 2-core machine):

* hard vs easy: +0.253 ± 0.081 (+0.171 .. +0.334) over 400 deals;
* hard vs medium: +0.119 ± 0.077 (+0.042 .. +0.196) over 400 deals.

After (the one factory, ``make_player(level, "north_american", seed)``,
the same budget and deals): hard vs easy +0.253 ± 0.081 (+0.171 .. +0.334),
hard vs medium +0.119 ± 0.077 (+0.042 .. +0.196), 400 deals each -- the
same figures: the four-seat players behind the factory are unchanged, and
deterministic.

Not collected by the default pytest run; ``tests/play/test_arena.py`` runs
:func:`run` on a few deals as a smoke test.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from euchre_tourney.play import LEVELS, Game, Hand, make_player  # noqa: E402
from euchre_tourney.rules import PRESETS, Side  # noqa: E402


class _Timed:
    """Wraps a player: records the time of each decision with a choice."""

    def __init__(self, player, times: list[float]) -> None:
        self.player = player
        self.times = times

    def choose(self, view):
        if len(view.legal) == 1:
            return self.player.choose(view)
        start = time.perf_counter()
        action = self.player.choose(view)
        self.times.append(time.perf_counter() - start)
        return action


def _players(level_a, level_b, a_side: int, options, times, preset: str = "north_american"):
    """Four players by seat: A on seats of parity ``a_side``."""
    seats = []
    for seat in range(4):
        is_a = (seat & 1) == a_side
        level = level_a if is_a else level_b
        opts = options if level == "hard" else {}
        # A and B get different seeds, so a level against itself is two players
        player = make_player(level, preset, seat + (0 if is_a else 1000), **opts)
        seats.append(_Timed(player, times[level]))
    return seats


def _hand_points(hand: Hand, players) -> int:
    """North-South points minus East-West points of one hand played out."""
    while not hand.done:
        hand.apply(players[hand.to_act].choose(hand.view()))
    score = hand.score
    if score is None:
        return 0
    return score.points if score.side is Side.NS else -score.points


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95 % confidence interval."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("inf")
    sd = statistics.stdev(values)
    return mean, 1.96 * sd / math.sqrt(n)


def run(level_a: str, level_b: str, deals: int, games: int = 0, preset: str = "north_american", seed: int = 1,
        samples: int | None = None, bid_samples: int | None = None, progress: bool = False,
        budget: float | None = None) -> dict:
    """Play ``deals`` duplicate deals and ``games`` duplicate game pairs;
    return ``diffs`` (A minus B per deal), ``mean``, ``half`` (95 %
    half-width), ``wins`` / ``games_played`` for A, and ``times`` (seconds per
    decision, by level)."""
    rules = PRESETS[preset]
    options: dict = {"budget": budget}
    if samples is not None:
        options["samples"] = samples
    if bid_samples is not None:
        options["bid_samples"] = bid_samples
    times: dict[str, list[float]] = {level: [] for level in LEVELS}
    diffs = []
    start = time.perf_counter()
    for i in range(deals):
        dealer = i % 4
        base = Hand.deal(rules, dealer, random.Random(seed + i))
        first = _hand_points(base.copy(), _players(level_a, level_b, 0, options, times, preset))
        second = _hand_points(base.copy(), _players(level_a, level_b, 1, options, times, preset))
        diffs.append((first - second) / 2)
        if progress and (i + 1) % max(1, deals // 20) == 0:
            mean, half = interval(diffs)
            print(f"  {i + 1} deals: {mean:+.3f} ± {half:.3f} ({time.perf_counter() - start:.0f} s)", flush=True)
    wins = 0
    for g in range(games):
        for a_side in (0, 1):
            game = Game(rules, g % 4, rng=seed * 7919 + g)
            winner = game.play_out(_players(level_a, level_b, a_side, options, times, preset))
            wins += winner is not None and (winner is Side.NS) == (a_side == 0)
    mean, half = interval(diffs) if diffs else (0.0, float("inf"))
    return {
        "diffs": diffs,
        "mean": mean,
        "half": half,
        "wins": wins,
        "games_played": 2 * games,
        "times": times,
        "seconds": time.perf_counter() - start,
    }


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="medium", choices=LEVELS, help="level measured (A)")
    parser.add_argument("--b", default="easy", choices=LEVELS, help="level it plays against (B)")
    parser.add_argument("--deals", type=int, default=2000, help="duplicate deals (each played twice)")
    parser.add_argument("--games", type=int, default=0, help="duplicate pairs of games to the target")
    parser.add_argument("--preset", default="north_american", choices=sorted(PRESETS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=None, help="hard player: deals per card-play decision")
    parser.add_argument("--bid-samples", type=int, default=None, help="hard player: deals per bidding decision")
    parser.add_argument("--budget", type=float, default=None, help="hard player: seconds per decision (default: no clock)")
    parser.add_argument("--timing", action="store_true", help="print decision times per level")
    args = parser.parse_args(argv)
    out = run(args.a, args.b, args.deals, args.games, args.preset, args.seed, args.samples, args.bid_samples,
              progress=True, budget=args.budget)
    print(
        f"{args.preset}: {args.a} vs {args.b}, {args.deals} duplicate deals: "
        f"{out['mean']:+.3f} points per hand (95 % interval {out['mean'] - out['half']:+.3f} .. "
        f"{out['mean'] + out['half']:+.3f}) in {out['seconds']:.0f} s"
    )
    if args.games:
        n = out["games_played"]
        rate = out["wins"] / n
        half = 1.96 * math.sqrt(rate * (1 - rate) / n)
        print(f"games to {PRESETS[args.preset].target}: {args.a} won {out['wins']} of {n} = {rate:.1%} (± {half:.1%})")
    if args.timing:
        for level, ts in out["times"].items():
            if ts:
                ts = sorted(ts)
                print(
                    f"{level}: {len(ts)} decisions with a choice: median {statistics.median(ts) * 1000:.2f} ms, "
                    f"95th percentile {ts[int(0.95 * (len(ts) - 1))] * 1000:.2f} ms, slowest {ts[-1] * 1000:.2f} ms"
                )
    return out


if __name__ == "__main__":
    main()
