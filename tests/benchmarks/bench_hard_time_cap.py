"""The hard player's time cap under load (issue 20 item 6): the slowest of
1,000 decisions with two busy CPU loops running beside it.

Starts ``--busy`` processes that spin (``while 1: pass``), plays whole hands
with the hard player at every seat (North American rules, deals from
``random.Random(seed + i)``) until ``--decisions`` decisions with more than
one legal action have been timed, kills the loops, and prints the median,
95th percentile and slowest decision (wall time, ms), the number of
decisions the budget cut short, and the cap
(:data:`euchre_tourney.play.search.TIME_CAP`).

Run::

    python3 tests/benchmarks/bench_hard_time_cap.py --decisions 1000 --busy 2

Not collected by pytest.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from euchre_tourney.play import Hand  # noqa: E402
from euchre_tourney.play.search import TIME_CAP, SearchPlayer  # noqa: E402
from euchre_tourney.rules import PRESETS  # noqa: E402


def measure(decisions: int, seed: int = 1, preset: str = "north_american") -> tuple[list[float], int]:
    """Wall times (s) of ``decisions`` hard-player decisions, and how many
    were cut short by the budget."""
    rules = PRESETS[preset]
    players = [SearchPlayer(seed + s) for s in range(4)]
    times: list[float] = []
    i = 0
    while len(times) < decisions:
        hand = Hand.deal(rules, i % 4, random.Random(seed + i))
        i += 1
        while not hand.done and len(times) < decisions:
            view = hand.view()
            player = players[hand.to_act]
            if len(view.legal) > 1:
                start = time.perf_counter()
                action = player.choose(view)
                times.append(time.perf_counter() - start)
            else:
                action = view.legal[0]
            hand.apply(action)
    return times, sum(p.timed_out for p in players)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=1000)
    parser.add_argument("--busy", type=int, default=2, help="busy CPU loops started beside it")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    loops = [subprocess.Popen([sys.executable, "-c", "while 1: pass"]) for _ in range(args.busy)]
    try:
        start = time.perf_counter()
        times, cut = measure(args.decisions, args.seed)
        took = time.perf_counter() - start
    finally:
        for p in loops:
            p.kill()
            p.wait()
    ts = sorted(times)
    print(
        f"hard player, {len(ts)} decisions with a choice, {args.busy} busy loops beside it "
        f"({took:.0f} s): median {statistics.median(ts) * 1000:.1f} ms, "
        f"95th percentile {ts[int(0.95 * (len(ts) - 1))] * 1000:.1f} ms, slowest {ts[-1] * 1000:.1f} ms "
        f"(cap {TIME_CAP * 1000:.0f} ms); {cut} decisions cut short by the budget"
    )


if __name__ == "__main__":
    main()
