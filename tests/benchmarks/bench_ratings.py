"""Does the rating predict the next round's winner better than points per hand?

Simulated seasons (no database: the same :class:`tournament.Rater` the app
uses): 40 members with a hidden skill (normal, sd 1), 10 nights of 8 rounds,
32 to 40 of them each night at random tables of four (partners change every
round, as at a progressive night), 8 hands a round, each hand won by
North–South with probability logistic(K · skill difference)
(:mod:`season_world`). Before each round is played, two predictors give the
chance that North–South wins it (more points than East–West):

* **rating** -- openskill's ``predict_win`` on the members' ratings so far
  (no tuning);
* **points per hand** -- each side's partners' points per hand so far added,
  turned into a probability by a logistic whose scale is fitted on other
  simulated seasons (and, printed too, the most favourable fit it can get:
  on the scored rounds themselves).

The rating is updated hand by hand as the app does (``Rater.table``); its
one setting chosen by simulation (``BETA``) was chosen on seasons other than
the ones scored here (seeds 1000–1007; scored: 2000 on).

Both see the same history; rounds of the first night are not scored (no
history yet), nor tied rounds. Reported: log loss and accuracy with the
number of rounds predicted, per predictor, and a bootstrap interval of the
log-loss difference.

    python tests/benchmarks/bench_ratings.py [SEASONS]
"""

from __future__ import annotations

import math
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from season_world import K, hand_for  # noqa: E402

import datetime  # noqa: E402

from euchre_tourney.rules import Seat  # noqa: E402
from euchre_tourney.tournament import Rater  # noqa: E402
from euchre_tourney.tournament.season import HandRecord, TableRound  # noqa: E402

MEMBERS, NIGHTS, ROUNDS, HANDS = 40, 10, 8, 8


def season(seed: int):
    """Yield (p_rating, pph_difference, ns_won) for every scored round."""
    rng = random.Random(seed)
    skill = {p: rng.gauss(0, 1) for p in range(MEMBERS)}
    rater = Rater()
    points = {p: 0 for p in skill}
    hands = {p: 0 for p in skill}
    out = []
    for night in range(NIGHTS):
        came = rng.sample(range(MEMBERS), rng.choice((32, 36, 40)))
        for _ in range(ROUNDS):
            rng.shuffle(came)
            for t in range(0, len(came), 4):
                n, e, s, w = came[t : t + 4]
                p_true = 1 / (1 + math.exp(-K * (skill[n] + skill[s] - skill[e] - skill[w])))
                ns = ew = 0
                played = []
                for _h in range(HANDS):
                    makers, tricks, _alone, side, pts = hand_for(rng, rng.random() < p_true)
                    played.append(HandRecord(makers, tricks, None, side, pts))
                    if side == "NS":
                        ns += pts
                    else:
                        ew += pts
                if night > 0 and ns != ew:
                    def pph(p):
                        return points[p] / hands[p] if hands[p] else 0.0
                    out.append((rater.win_probability((n, s), (e, w)), pph(n) + pph(s) - pph(e) - pph(w), ns > ew))
                seats = {Seat.NORTH: n, Seat.EAST: e, Seat.SOUTH: s, Seat.WEST: w}
                rater.table(TableRound(0, datetime.date(2026, 1, 1), 1, 1, seats, ns, ew, tuple(played)))  # as the app rates
                for p, mine in ((n, ns), (s, ns), (e, ew), (w, ew)):
                    points[p] += mine
                    hands[p] += HANDS
    return out


def log_loss(ps, ys) -> float:
    eps = 1e-12
    return -sum(math.log(max(eps, p if y else 1 - p)) for p, y in zip(ps, ys)) / len(ys)


def accuracy(ps, ys) -> float:
    return sum((1.0 if (p > 0.5) == y else 0.0) if p != 0.5 else 0.5 for p, y in zip(ps, ys)) / len(ys)


def sigmoid(z: float) -> float:
    z = max(-40.0, min(40.0, z))
    return 1 / (1 + math.exp(-z))


def fit_scale(ds, ys) -> float:
    """The logistic scale c (probability sigmoid(c · d)) with the least log
    loss: a geometric grid from 0.001 to 30, then a finer one around the best."""
    grid = [0.001 * 1.15**i for i in range(0, 73)]
    c0 = min(grid, key=lambda c: log_loss([sigmoid(c * d) for d in ds], ys))
    fine = [c0 * (0.9 + 0.01 * i) for i in range(0, 21)]
    return min(fine, key=lambda c: log_loss([sigmoid(c * d) for d in ds], ys))


def main(seasons: int = 20) -> int:
    calibration = [r for s in range(5) for r in season(500 + s)]
    c = fit_scale([r[1] for r in calibration], [r[2] for r in calibration])
    rows = [r for s in range(seasons) for r in season(2000 + s)]
    pr = [r[0] for r in rows]
    ds = [r[1] for r in rows]
    ys = [r[2] for r in rows]
    pp = [sigmoid(c * d) for d in ds]
    c_in = fit_scale(ds, ys)
    pp_in = [sigmoid(c_in * d) for d in ds]
    n = len(ys)
    print(f"{seasons} simulated seasons, {MEMBERS} members, {NIGHTS} nights x {ROUNDS} rounds, {HANDS} hands a round, K={K}")
    print(f"rounds predicted (nights 2-{NIGHTS}, ties left out): n = {n}; base rate NS wins {sum(ys) / n:.3f}")
    print(f"  rating (openskill):        log loss {log_loss(pr, ys):.4f}   accuracy {accuracy(pr, ys):.4f}")
    print(f"  points per hand (c={c:.2f}): log loss {log_loss(pp, ys):.4f}   accuracy {accuracy(pp, ys):.4f}")
    print(f"  … fitted in sample (c={c_in:.2f}): log loss {log_loss(pp_in, ys):.4f}   accuracy {accuracy(pp_in, ys):.4f}")
    print(f"  coin (0.5):                log loss {math.log(2):.4f}   accuracy 0.5000")
    # bootstrap over seasons' rounds: the difference in log loss (baseline − rating)
    rng = random.Random(7)
    per = [(-math.log(max(1e-12, a if y else 1 - a)) + math.log(max(1e-12, b if y else 1 - b))) for a, b, y in zip(pr, pp, ys)]
    boots = sorted(statistics.fmean(rng.choices(per, k=n)) for _ in range(400))
    print(f"  log loss, rating minus points per hand: {statistics.fmean(per):+.4f} (95% bootstrap {boots[10]:+.4f} .. {boots[389]:+.4f})")
    hits = [((a > 0.5) == y) - ((b > 0.5) == y) for a, b, y in zip(pr, pp, ys)]
    boots = sorted(statistics.fmean(rng.choices(hits, k=n)) for _ in range(400))
    print(f"  accuracy, rating minus points per hand: {statistics.fmean(hits):+.4f} (95% bootstrap {boots[10]:+.4f} .. {boots[389]:+.4f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 20))
