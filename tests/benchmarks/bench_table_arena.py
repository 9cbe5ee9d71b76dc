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

from euchre_tourney.play.table import PLAY, MediumPlayer, SampleSearchPlayer, TableHand, seat_view
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
            if hard.candidates(view):
                times.append((time.perf_counter() - t, view.phase == PLAY))
        else:
            a = medium.choose(view)
        h.apply(a)
    return h


def positions(rules):
    """The hard player's places: each side under fixed partnerships, else each seat."""
    if rules.sides == "partners":
        return [{s for s in range(rules.players) if s % 2 == side} for side in (0, 1)]
    return [{s} for s in range(rules.players)]


def arena(key: str, hands: int, seed: int = 1, samples: int | None = None, deadline_s: float | None = 0.12):
    """Hard minus medium per deal, averaged over the hard player's places
    (:func:`positions`); returns (mean, 95 % half-width, median s, max s,
    searched decisions, of which in the bidding and before the play)."""
    rules = tables.TABLE_PRESETS[key]
    rng = random.Random(seed)
    kw = {} if samples is None else {"samples": samples}
    hard = SampleSearchPlayer(deadline_s=deadline_s, rng=seed, **kw)
    diffs, times = [], []
    for i in range(hands):
        dealer = i % rules.players
        order = list(tables.pack(rules.pack))
        rng.shuffle(order)
        base = play(rules, dealer, order, set(), hard, [])
        per = []
        for seats in positions(rules):
            a = play(rules, dealer, order, seats, hard, times)
            s = min(seats)
            per.append(_value(a, s) - _value(base, s))
        diffs.append(statistics.fmean(per))
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    secs = [t for t, _ in times]
    med = statistics.median(secs) if secs else 0.0
    return mean, half, med, max(secs, default=0.0), len(secs), sum(1 for _, p in times if not p)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    keys = sys.argv[2:] or sorted(tables.TABLE_PRESETS)
    print(f"{'game':20} {'deals':>5} {'hard - medium (95 %)':>21} {'median ms':>9} {'max ms':>7} decisions (bidding)", flush=True)
    for word in keys:
        key, _, count = word.partition(":")  # game:deals overrides the number of deals
        t0 = time.time()
        deals = int(count or n)
        mean, half, med, mx, k, bids = arena(key, deals)
        print(f"{key:20} {deals:5} {mean:+10.3f} ± {half:.3f} {med * 1000:9.1f} {mx * 1000:7.1f} {k} ({bids})"
              f"  [{time.time() - t0:.0f} s]", flush=True)
