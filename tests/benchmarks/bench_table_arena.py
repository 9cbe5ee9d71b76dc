"""Self-play arena for every game of 2 to 6 seats (and, with ``--four``,
every four-seat preset): the hard player against the medium one, on the
same deals, with a fixed search budget so that the figures do not depend
on the machine's load.

For each deal, the hand is played once with medium players everywhere and
once for each place of the hard player (:func:`positions`: each seat, or
each side's seats under fixed partnerships) with medium players elsewhere.
A deal's figure is the hard place's points minus the same seat's points in
the all-medium hand (own side's points minus the opponents': the other
side's, or the others' mean), averaged over the places -- so every seat,
the dealer's included, is measured. Under fixed partnerships this is the
duplicate figure of ``bench_arena.py`` (the all-medium hand cancels). The
result is the mean over deals with a 95 % interval (mean ± 1.96 standard
errors of the deals' figures).

The players come from the one factory
(:func:`euchre_tourney.play.players.make_player`) and see only their seat's
view. Budget: ``--worlds`` sampled worlds (four seats: deals) per
decision, no clock (``--budget SECONDS`` puts the clock back: then the
figures depend on the load). Decision times are quoted from a separate
run (``bench_hard_time_cap.py``), not from this one.

Run: ``python tests/benchmarks/bench_table_arena.py --deals 200 [game[:deals] ...]``
(not part of the default test run).

Measured 29 Nov 2026 (issue 33), the shipped budget without the clock
(at most 128 worlds and 5,000 actions played out a decision), seed 1,
``nice -n 10`` on the shared 2-core machine; hard minus medium, points a
hand, 95 % interval:

    cutthroat            +0.112 ± 0.047  200 deals  (+0.065 .. +0.159)
                         +0.084 ± 0.026  600 deals  (+0.058 .. +0.110)
    five_partner_pick    +0.097 ± 0.046  200 deals  (+0.051 .. +0.142)
    two_handed           +0.485 ± 0.126  100 deals  (+0.359 .. +0.611)
    four_no_trump        +0.355 ± 0.154  100 deals  (+0.201 .. +0.509)
    bid_four             +0.595 ± 0.415  100 deals  (+0.180 .. +1.010)
    almonte_four         +0.875 ± 0.220  100 deals  (+0.655 .. +1.095)
    four_call_for_best   +0.630 ± 0.155  100 deals  (+0.475 .. +0.785)
    four_railroad        +0.655 ± 0.158  100 deals  (+0.497 .. +0.813)
    bid_five             +0.279 ± 0.163  100 deals  (+0.116 .. +0.442)
    almonte_six          +0.950 ± 0.179  100 deals  (+0.771 .. +1.129)
    six_player_33        +1.170 ± 0.215  100 deals  (+0.955 .. +1.385)
    six_player_double    +1.020 ± 0.208  100 deals  (+0.812 .. +1.228)

The four-seat presets: ``bench_arena.py`` (hard vs medium +0.119 ± 0.077,
400 deals, North American). Before (28 Nov, 128 worlds or 0.12 s, under
load): cutthroat +0.072 ± 0.035 (400 deals), five_partner_pick +0.067 ±
0.034 (400 deals). Cutthroat and five-player partner pick stay short of
the +0.15 the issue asks for; the other games are far above it, but with
100 deals, not 200 (time ran out on the shared machine).

The ceiling (``--oracle all``, 29 Nov 2026, issue 33): :class:`OracleHard`
is the hard player's own search with every world the true deal -- it sees
every card (benchmark only; the product's players see their seat's view).
``--oracle bid`` gives it the true deal only before the play (bids, going
alone, discards, partner card), ``--oracle play`` only in the play.
Checked on 4,662 states of the three games below (60 deals each, medium
play): at every searched decision the oracle's world holds the true
hands, and its medium playout ends as the true hand's does. Same deals
and seed as above; "paired" (``p``) is the per-deal difference with the
honest hard player's run on the same deals (``--save``/``--against``;
the honest runs reproduce the table above), honest / oracle with a
bootstrap 95 % interval over the deals. Points a hand, 95 % intervals.
Run: ``--oracle all cutthroat:600 --against honest.json`` (one world a
decision: cutthroat's 600 deals took 62 s, honest hard's 324 CPU-seconds).

    game               deals  honest hard   oracle (all)  oracle - honest   honest / oracle
    cutthroat            600  +0.084 ± .026  +0.365 ± .029  +0.281 ± .030 p   23 % (16 .. 30)
    five_partner_pick    200  +0.097 ± .046  +0.368 ± .050  +0.272 ± .046 p   26 % (16 .. 37)
    six_player_33        100  +1.170 ± .215  +1.340 ± .194  +0.170 ± .220 p   87 % (72 .. 103)
                         200                 +1.445 ± .141
    five_partner_pick    400                 +0.351 ± .036

Where the gap lies (paired against the honest hard player, same deals):

    cutthroat          200  honest +0.112; true deal in the play only
                            +0.183 (+0.072 ± .033 p), in the bidding only
                            +0.318 (+0.206 ± .048 p), in both +0.410
    five_partner_pick  200  honest +0.097; true deal in the play only
                            +0.179 (+0.082 ± .025 p), in both +0.368
                            (+0.190 ± .042 p over play-only); first 100
                            deals: honest +0.087, in the bidding only
                            +0.279 (+0.192 ± .068 p), in both +0.362

So +0.15 is far below the ceiling (+0.35 to +0.37 in both games), but
about seven tenths of the gap to it is the bidding knowing the other
hands, which no honest player can know; the honest player reaches a
quarter of the ceiling here against 87 % in six_player_33. Card
play on the true deal (the same search, medium rollouts; cutthroat solves
no tricks exactly, ``SOLVE_CARDS``) adds only +0.07 to +0.08 over the
honest card play: even card play seeing every card, after honest bidding,
stands at about +0.16 in cutthroat (+0.084 + 0.072 over the 600 deals)
and +0.18 ± 0.05 in five-player partner pick -- at +0.15, with intervals
reaching below +0.10. Honest card play gains less than that, so the
issue's mark needs gains in the bidding too, where
``bench_table_decisions.py`` found the hard player's estimates already
calibrated. The oracle is the ceiling of this search, not of every
player: a better rollout policy than the medium player's could raise
both.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from euchre_tourney.play import Hand  # noqa: E402
from euchre_tourney.play.players import game_rules, make_player  # noqa: E402
from euchre_tourney.play.table import TableHand, seat_view  # noqa: E402
from euchre_tourney.play.table.hand import PLAY  # noqa: E402
from euchre_tourney.play.table.players import (  # noqa: E402
    STEPS, WORLDS, SampleSearchPlayer, _points_value, world_of,
)
from euchre_tourney.rules import PRESETS, Side  # noqa: E402
from euchre_tourney.rules import tables  # noqa: E402


def positions(rules):
    """The hard player's places: each side under fixed partnerships, else each seat."""
    players = getattr(rules, "players", 4)
    if getattr(rules, "sides", "partners") == "partners":
        return [{s for s in range(players) if s % 2 == side} for side in (0, 1)]
    return [{s} for s in range(players)]


def _value(hand, seat: int) -> float:
    """Points of ``seat``'s side minus its opponents' at the end of ``hand``."""
    if isinstance(hand, TableHand):
        return _points_value(hand.rules, hand.points, seat)
    score = hand.score
    if score is None:
        return 0.0
    ns = score.points if score.side is Side.NS else -score.points
    return ns if seat % 2 == 0 else -ns


class OracleHard(SampleSearchPlayer):
    """The ceiling of the hard player's method, for this benchmark only
    (never in the product: it reads the whole hand). The same search as
    :class:`~euchre_tourney.play.table.players.SampleSearchPlayer` -- the
    same candidates, the same rollouts and exact solver, the same points
    measure -- but every world it searches is the true deal: the hidden
    cards each seat really holds (built by ``world_of`` from the view, as
    the honest player's sampled worlds are), so its bids, discards, partner
    calls and card play decide on the true cards. One world a decision: the
    rollouts are deterministic, so more copies of the same world add
    nothing. Call :meth:`choose` with the hand (``play`` does).

    ``phases``: ``"all"``; ``"bid"`` -- the true deal before the play
    (bids, going alone, discards, partner card), the honest sampled worlds
    in the play; ``"play"`` -- the other way round."""

    oracle = True

    def __init__(self, *args, phases: str = "all", **kw):
        super().__init__(*args, **kw)
        if phases not in ("all", "bid", "play"):
            raise ValueError(f"phases: all, bid or play, not {phases!r}")
        self.phases = phases

    def choose(self, view, hand=None):
        if hand is None:
            raise ValueError("OracleHard needs the true hand")
        self._true = hand
        try:
            return self.rank(view)[0][0]
        finally:
            self._true = None

    def worlds(self, view, n, rng, stop=None):
        if self.phases != "all" and (view.phase == PLAY) != (self.phases == "play"):
            return super().worlds(view, n, rng, stop)
        hands = [list(view.hand) if s == view.seat else sorted(h) for s, h in enumerate(self._true.hands)]
        return [world_of(view, hands)]


def play(base, hard_seats, hard, medium):
    """``base`` (a fresh copy) played out, ``hard`` at ``hard_seats`` (an
    :class:`OracleHard` is shown the hand; every other player only the
    seat's view)."""
    h = base
    table = isinstance(h, TableHand)
    while not h.done:
        seat = h.to_act
        view = seat_view(h, seat) if table else h.view(seat)
        player = hard if seat in hard_seats else medium
        h.apply(player.choose(view, h) if getattr(player, "oracle", False) else player.choose(view))
    return h


def arena(game: str, deals: int, seed: int = 1, worlds: int | None = None, budget=None, progress: bool = False,
          oracle: str | None = None):
    """Hard minus medium per deal, averaged over the hard player's places
    (:func:`positions`); returns ``(mean, 95 % half-width, diffs)``.
    ``oracle``: the hard player sees every card (:class:`OracleHard`, N
    seats only), in ``"all"`` its decisions, or only ``"bid"`` or ``"play"``."""
    rules = game_rules(game)
    table = isinstance(rules, tables.TableRules)
    kw = {"budget": budget}
    if worlds is not None:
        kw["samples"] = worlds
        kw["bid_samples"] = worlds if table else max(1, worlds * 3 // 4)
    hard = make_player("hard", game, seed, **kw)
    if oracle:
        if not table:
            raise ValueError("--oracle: games of 2 to 6 seats only")
        hard = OracleHard(samples=WORLDS, steps=STEPS, deadline_s=None, rng=seed, phases=oracle)
    medium = make_player("medium", game)
    rng = random.Random(seed)
    diffs = []
    for i in range(deals):
        if table:
            dealer = i % rules.players
            order = list(tables.pack(rules.pack))
            rng.shuffle(order)
            fresh = lambda: TableHand(rules, dealer, order=order)  # noqa: E731
        else:
            base = Hand.deal(rules, i % 4, random.Random(seed + i))
            fresh = base.copy
        all_medium = play(fresh(), set(), hard, medium)
        per = []
        for seats in positions(rules):
            h = play(fresh(), seats, hard, medium)
            s = min(seats)
            per.append(_value(h, s) - _value(all_medium, s))
        diffs.append(statistics.fmean(per))
        if progress and (i + 1) % 50 == 0:
            m, hw = interval(diffs)
            print(f"    {game} {i + 1}: {m:+.3f} ± {hw:.3f}", flush=True)
    mean, half = interval(diffs)
    return mean, half, diffs


def interval(values):
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("inf")
    return mean, half


def paired(diffs, other):
    """This run's figures minus another run's on the same deals (the common
    first deals): ``(mean, 95 % half-width)``. The all-medium hands are the
    same in both, so only the hard hands' difference is left: a much
    narrower interval than either run's when two hard players are compared."""
    n = min(len(diffs), len(other))
    return interval([a - b for a, b in zip(diffs[:n], other[:n])])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game keys, each optionally game:deals (default: every N-seat game)")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=None, help=f"worlds per decision (N seats default {WORLDS})")
    parser.add_argument("--budget", type=float, default=None, help="seconds per decision (default: no clock)")
    parser.add_argument("--four", action="store_true", help="also every four-seat preset")
    parser.add_argument("--progress", action="store_true")
    parser.add_argument("--oracle", default=None, choices=("all", "bid", "play"),
                        help="the hard player sees every card (OracleHard: the ceiling of its search) "
                             "in all its decisions, or only in the bidding or only in the play")
    parser.add_argument("--save", default=None, help="JSON file: each game's per-deal figures")
    parser.add_argument("--against", default=None,
                        help="a --save file of another run (same deals): also print the paired difference")
    args = parser.parse_args(argv)
    saved = {}
    before = json.loads(Path(args.against).read_text()) if args.against else {}
    keys = args.games or sorted(tables.TABLE_PRESETS) + (sorted(PRESETS) if args.four else [])
    print(f"{'game':20} {'deals':>5} {'hard - medium (95 %)':>21}", flush=True)
    for word in keys:
        key, _, count = word.partition(":")
        deals = int(count or args.deals)
        t0 = time.time()
        mean, half, diffs = arena(key, deals, args.seed, args.worlds, args.budget, args.progress, args.oracle)
        print(f"{key:20} {deals:5} {mean:+10.3f} ± {half:.3f}   ({mean - half:+.3f} .. {mean + half:+.3f})"
              f"  [{time.time() - t0:.0f} s]", flush=True)
        if key in before:
            m, h = paired(diffs, before[key])
            print(f"{'':20} {min(deals, len(before[key])):5} {m:+10.3f} ± {h:.3f}   against {args.against} (paired)")
        saved[key] = diffs
        if args.save:
            Path(args.save).write_text(json.dumps(saved))


if __name__ == "__main__":
    main()
