"""The hard player's time cap under load (issue 20 item 6, issue 33 item 4):
decision times in every game, with two busy CPU loops running beside it.

Starts ``--busy`` processes that spin (``while 1: pass``), plays whole hands
with the hard player (from the one factory,
:func:`euchre_tourney.play.players.make_player`, its default time budget)
at every seat of every game -- each four-seat preset and each game of
:mod:`euchre_tourney.rules.tables` -- until ``--decisions`` decisions with
more than one legal action have been timed in that game, kills the loops,
and prints per game and over all games the median, 95th percentile and
slowest decision (wall time, ms) against the cap
(:data:`euchre_tourney.play.search.TIME_CAP`, 1 s).

Run::

    python3 tests/benchmarks/bench_hard_time_cap.py --decisions 100 --busy 2
    python3 tests/benchmarks/bench_hard_time_cap.py --busy 0     # the same at normal load

Measured 29 Nov 2026 (issue 33), 25 decisions a game, 20 games (8
four-seat presets, 12 games of 2 to 6 seats), on the shared 2-core machine
(other helpers' jobs and this branch's arena beside it, load 3 to 6):

* no busy loop (normal priority): median 121.6 ms, 95th percentile
  179.4 ms, slowest 351.6 ms; the median of every game 37-129 ms (the
  N-seat games at their 0.12 s deadline, four seats 37-82 ms);
* two busy loops: median 128.0 ms, 95th percentile 353.1 ms, slowest
  604.4 ms (thirty_three); the slowest of every game under 1 s.

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
from euchre_tourney.play.players import game_rules, make_player  # noqa: E402
from euchre_tourney.play.search import TIME_CAP  # noqa: E402
from euchre_tourney.play.table import TableHand, seat_view  # noqa: E402
from euchre_tourney.rules import PRESETS  # noqa: E402
from euchre_tourney.rules.tables import TABLE_PRESETS, TableRules  # noqa: E402

EVERY_GAME = sorted(PRESETS) + sorted(TABLE_PRESETS)


def measure(game: str, decisions: int, seed: int = 1) -> list[float]:
    """Wall times (s) of ``decisions`` hard decisions with a choice in ``game``."""
    rules = game_rules(game)
    table = isinstance(rules, TableRules)
    seats = rules.players if table else 4
    players = [make_player("hard", game, seed + s) for s in range(seats)]
    times: list[float] = []
    i = 0
    while len(times) < decisions:
        hand = TableHand(rules, i % seats, random.Random(seed + i)) if table else Hand.deal(rules, i % 4, random.Random(seed + i))
        i += 1
        while not hand.done and len(times) < decisions:
            view = seat_view(hand, hand.to_act) if table else hand.view()
            if len(view.legal) > 1:
                start = time.perf_counter()
                action = players[hand.to_act].choose(view)
                times.append(time.perf_counter() - start)
            else:
                action = view.legal[0]
            hand.apply(action)
    return times


def line(name: str, ts: list[float]) -> str:
    ts = sorted(ts)
    return (f"{name:20} {len(ts):5} decisions: median {statistics.median(ts) * 1000:6.1f} ms, "
            f"95th percentile {ts[int(0.95 * (len(ts) - 1))] * 1000:6.1f} ms, slowest {ts[-1] * 1000:7.1f} ms")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game keys (default: every game)")
    parser.add_argument("--decisions", type=int, default=100, help="timed decisions per game")
    parser.add_argument("--busy", type=int, default=2, help="busy CPU loops started beside it")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    loops = [subprocess.Popen([sys.executable, "-c", "while 1: pass"]) for _ in range(args.busy)]
    every: list[float] = []
    try:
        start = time.perf_counter()
        for game in args.games or EVERY_GAME:
            ts = measure(game, args.decisions, args.seed)
            every += ts
            print(line(game, ts), flush=True)
        took = time.perf_counter() - start
    finally:
        for p in loops:
            p.kill()
            p.wait()
    print(line("every game", every) + f" (cap {TIME_CAP * 1000:.0f} ms; {args.busy} busy loops; {took:.0f} s)")


if __name__ == "__main__":
    main()
