"""Self-play arena for the N-seat games: the hard player (sampled worlds,
medium rollouts, the last tricks solved exactly) against the medium one,
on the same deals.

For each deal, the hand is played once with medium players everywhere and
once for each place of the hard player (:func:`positions`: each seat, or
each side's seats under fixed partnerships) with medium players elsewhere.
A deal's figure is the hard place's points minus the same seat's points in
the all-medium hand (own side's points minus the opponents': the other
side's, or the others' mean), averaged over the places -- so every seat,
the dealer's included, is measured, and in the bid games the hard player
bids from every seat (the bidding decisions are counted in brackets). The
result is the mean over deals with a 95 % interval (mean ± 1.96 standard
errors of the deals' figures); decision times are the hard player's median
and maximum over its searched decisions (bidding, naming, discard, partner
card, play).

Run: ``python tests/benchmarks/bench_table_arena.py [deals] [game[:deals] ...]``
(not part of the default test run: it measures speed).

Measured 28 Nov 2026 on the final code, shipped settings (128 worlds or
0.12 s a decision), on the shared 2-core machine under ``nice -n 10`` while
another user's benchmarks ran (load average 1.7-3.2): hard minus medium,
points per hand, 95 % interval, deals, then median / max decision ms --

    cutthroat            +0.072 ± 0.035  400 deals   96 / 207
    five_partner_pick    +0.067 ± 0.034  400 deals   97 / 164
    bid_five             +0.331 ± 0.100  300 deals  117 / 250
    four_no_trump        +0.405 ± 0.140  100 deals  120 / 142
    bid_four             +0.630 ± 0.442  100 deals  120 / 146
    two_handed           +0.425 ± 0.127  100 deals  120 / 200
    almonte_four         +0.890 ± 0.225  100 deals  120 / 130
    almonte_six          +1.005 ± 0.190  100 deals   97 / 148
    four_call_for_best   +0.625 ± 0.140  100 deals  120 / 219
    four_railroad        +0.660 ± 0.161  100 deals  120 / 153
    six_player_33        +1.040 ± 0.183  100 deals   94 / 132
    six_player_double    +1.130 ± 0.208  100 deals   90 / 124

The hard player is ahead in every game (every interval above 0). Decision
times at normal priority (a separate run, 6 deals a game, 62-139 searched
decisions each, load average about 1): median 69-120 ms, largest 125 ms in
every game; the median is often the 0.12 s deadline itself (the 128 worlds
are not reached). Under load the deadline leaves fewer worlds a decision,
so the strength figures above are of a player with fewer worlds than on an
idle machine (the idle player's strength was not measured separately).
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
