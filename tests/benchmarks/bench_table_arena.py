"""Self-play arena for the N-seat games: the hard player (sampling and
rollouts) against the medium one, on the same deals.

For each deal, the hand is played twice from the same shuffle: once with
the hard player in the measured seats (seat 0, or side A's seats under
fixed partnerships) and the medium player elsewhere, once with medium
players everywhere. The figure is the difference in the measured seats'
points per hand (own points minus the opponents' average), with a 95 %
interval (mean ± 1.96 standard errors); decision times of the hard player
are its median and maximum per decision in the play.

Run: ``python tests/benchmarks/bench_table_arena.py [hands] [game ...]``
(not part of the default test run: it measures speed).

Measured 25 Nov 2026, 100 deals per game, on the shared 2-core machine
(load average about 14; the first eight under ``nice``, so their times are
high): hard minus medium, points per hand, 95 % interval --
almonte_four +0.56 ± 0.29, almonte_six +0.61 ± 0.31, four_call_for_best
+0.38 ± 0.27, four_railroad +0.27 ± 0.26, six_player_33 +1.07 ± 0.35,
six_player_double +1.05 ± 0.40, two_handed +0.49 ± 0.22 (hard ahead);
four_no_trump +0.13 ± 0.21, bid_four +0.01 ± 0.79, cutthroat +0.06 ± 0.15,
five_partner_pick +0.05 ± 0.13, bid_five -0.04 ± 0.36 (no difference
shown: the hard player alone at a table of medium players changes few
decisions there). Median decision 46-140 ms, the largest 967 ms (under
``nice`` on the loaded machine; at normal priority 152-406 ms).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from euchre_tourney.play.table import MediumPlayer, SampleSearchPlayer, TableHand, seat_view
from euchre_tourney.play.table.players import _value
from euchre_tourney.rules import tables


def play(rules, dealer, order, hard_seats, hard, times):
    h = TableHand(rules, dealer, order=order)
    medium = MediumPlayer()
    while not h.done:
        seat = h.to_act
        view = seat_view(h, seat)
        if seat in hard_seats:
            t = time.perf_counter()
            a = hard.choose(view, h)
            if view.phase == 11 and len(view.legal) > 1:
                times.append(time.perf_counter() - t)
        else:
            a = medium.choose(view)
        h.apply(a)
    return h


def arena(key: str, hands: int, seed: int = 1):
    rules = tables.TABLE_PRESETS[key]
    rng = random.Random(seed)
    hard = SampleSearchPlayer(samples=16, deadline_s=0.12, rng=seed)
    seats = {s for s in range(rules.players) if s % 2 == 0} if rules.sides == "partners" else {0}
    diffs, times = [], []
    for i in range(hands):
        dealer = i % rules.players
        order = list(tables.pack(rules.pack))
        rng.shuffle(order)
        a = play(rules, dealer, order, seats, hard, times)
        b = play(rules, dealer, order, set(), hard, [])
        diffs.append(_value(a, 0) - _value(b, 0))
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    med = statistics.median(times) if times else 0.0
    return mean, half, med, max(times, default=0.0), len(times)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    keys = sys.argv[2:] or sorted(tables.TABLE_PRESETS)
    print(f"{'game':22} {'hard - medium, points per hand':>32} {'median ms':>10} {'max ms':>8} decisions")
    for key in keys:
        mean, half, med, mx, k = arena(key, n)
        print(f"{key:22} {mean:+8.3f} ± {half:.3f} (95 %) {'':>12} {med * 1000:10.1f} {mx * 1000:8.1f} {k}")
