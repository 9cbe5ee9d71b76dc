"""Which of the hard player's decisions gain over the medium player's, by
phase, in a game of 2 to 6 seats: a finer and much cheaper look than the
arena (``bench_table_arena.py``), for choosing what to improve.

The deals, the dealer and the hard player's places are the arena's
(:func:`bench_table_arena.positions`): the hard player at one place, medium
players elsewhere. At each of the hard player's decisions with a choice
outside the play (the bidding, naming, the discard, the partner card, ...)
every legal action is given its *value in hindsight*: the real hand (every
card where it lies) after that action, played out by medium players at
every seat, scored as the arena scores it (the seat's points minus its
opponents'). Per phase the script prints how often the hard player's choice
differs from the medium player's, the hard choice's value minus the medium
choice's (summed per deal, then divided by the places: the per-hand figure
the arena would see from that phase alone, had the rest of the hand been
the same), and each one's regret against the best action in hindsight
(what a player that saw every card would gain: mostly out of reach).

On the path the hard player chooses at its non-play decisions and the
medium player plays the cards (``--hard-play``: the hard player plays them
too; slower, and the play is not measured either way).
``--save FILE`` keeps the decisions (view, values, both choices) in a
pickle, to try a changed player on the same decisions without playing the
deals again.

Run: ``python tests/benchmarks/bench_table_decisions.py cutthroat --deals 300``
(not part of the default test run).

Measured 29 Nov 2026 (issue 33), the shipped budget without the clock,
seed 1, ``nice -n 10`` on the shared machine (load 15 to 30); per hand,
hard minus medium from each phase alone:

    cutthroat, 300 deals (hard play on the path):
      bid, first round   828 decisions, 6 % differ   +0.032 a hand  (regret: hard 0.130, medium 0.162)
      bid, second round  370 decisions, 14 % differ  +0.031 a hand  (regret: hard 0.131, medium 0.162)
      discard            160 decisions, 23 % differ  +0.006 a hand
    five_partner_pick, 100 deals (medium play on the path):
      bid, first round   280 decisions, 26 % differ  +0.041 a hand
      bid, second round   13 decisions               +0.001 a hand
      discard             95 decisions, 47 % differ  -0.003 a hand
      partner card       102 decisions, 21 % differ  +0.007 a hand  (regret: hard 0.095, medium 0.101)

What the figures say: in cutthroat the hard player's whole gain is in the
bidding (its card play, replaced by the medium player's, changed no hand's
points in 25 deals of the arena: +0.000), and its bidding is calibrated --
on 536 first-round bids the search's estimate of ordering minus passing and
the value in hindsight agree bin by bin (e.g. estimated -1.75: -1.85 in
hindsight, 119 bids; +1.00: +1.46, 11 bids). Four times the worlds (20,000
actions played out, 512 worlds) changed, on the first 60 deals' decisions,
2 of 169 first-round bids, 3 of 87 second-round ones and 3 of 27 discards,
for +0.003 a hand; for the partner card in five player partner pick (the
first 40 choices) it changed 4, for -0.013 a hand. A sharper reading of the
bidding (the soft bidding model's ``SOFTNESS`` 0.2 instead of 0.5) did not
help either: cutthroat, the 1,358 decisions of 300 deals, +0.067 a hand
against +0.069. In five player partner pick the rest of the hard
player's gain is in its card play, and there too the budget is not what is
short: the arena's first 60 deals, hard variants against the same medium
players on the same deals (paired with the shipped hard player), twice the
actions played out at every card (10,000) -0.010 ± 0.024 a hand, playing
the last two tricks out instead of solving them -0.028 ± 0.052. The
search's choices are not short of samples: what it lacks is knowledge of
the hidden cards, which more worlds do not give.

Cutthroat, a second look (29 Nov 2026, issue 33, seed 1, shipped budget,
no clock; "paired": the arena's figures of a changed hard player minus the
shipped one's on the same deals, ``bench_table_arena.py --against``):

* the arena over 600 deals: +0.084 ± 0.026 a hand (the first 200, the
  table's +0.112 ± 0.047, flatter it);
* the card play search is worth +0.025 ± 0.018 a hand (600 deals, paired:
  the hard player with the medium player's card play, searching only
  outside the play, -0.025). ``--value-play`` (150 deals, hard play on the
  path): the hard player's cards +0.037 a hand over the medium player's
  at one step in hindsight, and a player choosing every card in hindsight
  would add only 0.077 a hand more (the medium player's regret 0.113): the
  card play has little left to win;
* the bidding is calibrated at every seat (deals 150-449, 841 first-round
  bids, the search's order-minus-pass against hindsight, estimated /
  hindsight: dealer -0.03 / +0.15 (26 bids near 0), +1.07 / +1.00 (106
  above +0.25), -0.68 / -0.84 (47 from -1 to -0.25); first seat -1.78 /
  -1.79 (261 below -1); second seat -1.72 / -1.74 (251)); hard - medium
  from the bidding +0.071 a hand, the discard -0.002;
* tried, paired, none a gain: the seat's own later decision chosen on its
  information set in the rollouts (the worlds grouped by what the seat
  will see then, every choice played out, each half of a group taking the
  choice best on the other half): for the bidding +0.000 ± 0.013 (74
  deals), for the next card too +0.008 ± 0.033 (161 deals); a sharper
  reading of the other seats (``SOFTNESS`` 0.25 and ``play_agreement``'s
  miss 0.02) +0.006 ± 0.034 (144 deals), the miss alone -0.006 ± 0.013 (78
  deals); four times the worlds and actions changed no hand in 13 deals
  (stopped: the machine's load was 20).

The rollouts model the medium opponents exactly and the bidding is
calibrated, so in cutthroat the determinised search is near its limit:
+0.15 a hand needs another kind of card player or bidder, not a bigger
budget nor a sharper reading.
"""

from __future__ import annotations

import argparse
import collections
import pickle
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_table_arena import positions  # noqa: E402

from euchre_tourney.play.players import game_rules, make_player  # noqa: E402
from euchre_tourney.play.table import TableHand, seat_view  # noqa: E402
from euchre_tourney.play.table.hand import PLAY  # noqa: E402
from euchre_tourney.play.table.players import _points_value  # noqa: E402
from euchre_tourney.rules import tables  # noqa: E402

PHASES = {0: "bid, first round", 1: "bid, second round", 2: "joker turned up", 3: "auction", 4: "trump",
          5: "discard", 6: "partner card", 7: "ask", 8: "give", 9: "railroad", 10: "lone discard", 11: "card play",
          13: "alone"}


def hindsight(hand: TableHand, action, medium, seat: int) -> float:
    """``seat``'s value (points minus its opponents') when the real ``hand``
    goes on with ``action`` and medium players everywhere."""
    h = hand.copy()
    h.apply(action)
    while not h.done:
        h.apply(medium.choose(seat_view(h, h.to_act)))
    return _points_value(h.rules, h.points, seat)


def collect(game: str, deals: int, seed: int = 1, hard_play: bool = False, progress: bool = False,
            value_play: bool = False):
    """The decisions: ``(deal, view, {action: value}, hard's choice, medium's choice)``;
    ``value_play``: the hard player's cards played are valued too (implies ``hard_play``)."""
    hard_play = hard_play or value_play
    rules = game_rules(game)
    hard = make_player("hard", game, seed, budget=None)
    medium = make_player("medium", game)
    rng = random.Random(seed)  # the arena's deals
    out = []
    start = time.time()
    for i in range(deals):
        dealer = i % rules.players
        order = list(tables.pack(rules.pack))
        rng.shuffle(order)
        for seats in positions(rules):
            h = TableHand(rules, dealer, order=order)
            while not h.done:
                v = seat_view(h, h.to_act)
                if h.to_act in seats and (v.phase != PLAY or hard_play):
                    a = hard.choose(v)
                    if (v.phase != PLAY or value_play) and len(v.legal) > 1:
                        values = {b: hindsight(h, b, medium, h.to_act) for b in v.legal}
                        out.append((i, v, values, a, medium.choose(v)))
                else:
                    a = medium.choose(v)
                h.apply(a)
        if progress and (i + 1) % 20 == 0:
            print(f"    {i + 1} deals, {len(out)} decisions [{time.time() - start:.0f} s]", flush=True)
    return out


def table(decisions, places: int, deals: int) -> list[str]:
    """Per phase: decisions, how often hard differs, hard - medium a hand, regrets a hand."""
    by = collections.defaultdict(list)
    for _, v, values, a, m in decisions:
        best = max(values.values())
        by[v.phase].append((a != m, values[a] - values[m], best - values[a], best - values[m]))
    lines = []
    for phase, rows in sorted(by.items()):
        per = deals * places
        lines.append(
            f"{PHASES.get(phase, phase):18} {len(rows):5} decisions, {100 * sum(r[0] for r in rows) / len(rows):3.0f} % differ, "
            f"hard - medium {sum(r[1] for r in rows) / per:+.3f} a hand, regret: hard {sum(r[2] for r in rows) / per:.3f}, "
            f"medium {sum(r[3] for r in rows) / per:.3f}"
        )
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hard-play", action="store_true")
    parser.add_argument("--value-play", action="store_true", help="value the hard player's cards played too")
    parser.add_argument("--save", default=None)
    parser.add_argument("--progress", action="store_true")
    args = parser.parse_args(argv)
    decisions = collect(args.game, args.deals, args.seed, args.hard_play, args.progress, args.value_play)
    if args.save:
        with open(args.save, "wb") as f:
            pickle.dump(decisions, f)
    places = len(positions(game_rules(args.game)))
    print(f"{args.game}, {args.deals} deals:")
    for line in table(decisions, places, args.deals):
        print("  " + line)


if __name__ == "__main__":
    main()
