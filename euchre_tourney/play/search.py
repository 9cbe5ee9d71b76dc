"""The hard computer player: determinized search from what its seat can see.

For every decision :class:`SearchPlayer` draws ``samples`` complete deals
that agree with the seat's :class:`~euchre_tourney.play.view.SeatView`
(:func:`sample_deals`), scores every legal action on each of them, and picks
the action with the best average points for its side (Long et al. 2010 on
why this works in trick-taking games; Rebstock et al. 2019 on inference
from the bidding):

* **Sampling** -- the hidden cards (:meth:`SeatView.unseen`) are dealt to
  the other seats in the hand so that every seat keeps its count of cards,
  a seat that once failed to follow a suit holds none of it, and the
  dealer who took the turn-up still holds it until it is played. Three
  times as many deals as needed are drawn and then resampled by how likely
  the bidding was with them (each other seat's order up, naming, pass and
  loner judged by the soft version of the one bidding model the medium
  player bids by, :mod:`.bidding`: the same worth, the dealer's-left bonus,
  the dealer's partner's loner threshold, a forced loner telling nothing,
  a loner wanting at most one loser), so a seat that passed the turn-up
  rarely holds both bowers.
* **Card play** -- each sample is solved exactly (:mod:`.solver`: boolean
  alpha-beta with a transposition table), only as far as the points need:
  will the makers take 3 tricks, all 5 (and 1, where a sweep scores more).
  Points follow :func:`~euchre_tourney.rules.scoring.score_hand` for the
  rule set (1 / 2, a loner's 4, 2 for a euchre, the preset's variants).
* **Bidding, going alone, defending alone, the discard** -- the action is
  applied to the sampled deal in the engine, the rest of the bidding is
  finished by the medium player for every seat, and the deal is solved from
  the first lead; a hand thrown in or a misdeal is worth 0.

**Time cap** -- a decision is anytime: samples are solved one after
another, and at :data:`SEARCH_BUDGET` (0.6 s on the player's clock) the
search stops and answers from the samples solved so far (a sample cut
short is dropped; with none solved, the medium player's move). The clock is
read between the deals drawn, between samples and inside the solver every
:data:`~euchre_tourney.play.solver.CHECK_EVERY` positions, so a decision
stays under :data:`TIME_CAP` (1 s) whatever the load; the clock can be
injected (tests count its readings instead of timing anything).

Ties (cards that score alike on every sample, e.g. two low cards) go to the
medium player's choice, so the play looks natural. The per-decision random
generator is seeded from the player's seed and the view itself, so a choice
depends only on what the seat sees (and the seed) -- never on hidden cards
or on earlier calls.

Figures (this machine: 2 cores shared with other jobs, Python 3.11;
``tests/benchmarks/bench_arena.py``, North American rules, duplicate deals,
A minus B points per hand with the 95 % interval; games to 10):

* hard (32 / 24 samples) vs easy: +0.232 (+0.161 .. +0.303) over 500
  deals, +0.258 (+0.172 .. +0.345) over 300 more (seed 5001); both runs
  pooled, 800 deals: +0.242 (+0.187 .. +0.297). Games: 74 of 100 (74 %,
  ± 8.6 %), then 65 of 100 from seed 5001; pooled 139 of 200 (69.5 %,
  ± 6.4 %).
* hard vs medium: +0.128 (+0.061 .. +0.195) over 500 deals; games 37 of 60
  (61.7 %, ± 12.3 %), and 14 of 20 in the timing run below.
* hard vs hard (other seeds): +0.040 (-0.053 .. +0.133) over 200 deals.
* medium vs easy, 20,000 deals: +0.200 (+0.189 .. +0.210); 69.7 % of 4,000
  games (± 1.4 %). Easy and medium against themselves: exactly 0 on every
  deal (they are deterministic, so both plays of a deal are one game with
  the sides swapped: 50.0 % of 1,000 games).

Re-measured after the hard player's reading of the bidding became the one
bidding model (:mod:`.bidding`) and its decisions anytime under the time
cap (the cap active; load about 12 on the 2 cores, so some decisions were
cut short):

* hard vs easy: +0.266 (+0.182 .. +0.351) over 400 deals (seed 1); games
  23 of 30 (76.7 %, ± 15.1 %).
* hard vs medium: +0.096 (+0.016 .. +0.177) over 400 deals (seed 1),
  +0.080 (+0.008 .. +0.152) over 300 more (seed 5001); pooled, 700 deals:
  +0.089 (+0.034 .. +0.144); games 15 of 30 (50.0 %, ± 17.9 %).
* medium vs easy: unchanged -- the medium player bids by the same model,
  so its decisions are the same: 1,000 deals and 40 games identical deal
  by deal before and after.

Both hard-player figures lie within the earlier intervals (and the earlier
means within the new ones): the hard player still beats easy by about a
quarter of a point per hand and medium by about a tenth.

Decision time of the hard player, every decision with more than one legal
action over 20 whole games (``--a hard --b medium --deals 0 --games 10
--timing``, load about 3 on the 2 cores): median 17 ms, 95th percentile
102 ms, slowest 225 ms. With the machine overloaded (four arena runs and
other work, load 6-7) the same figures were 57 ms, 463 ms and 2.4 s; a
later run overlapping the full test suite saw one decision of 1.8 s. Alone
at load about 2, 120 hands from every seat: slowest 220 ms (a discard,
74,000 positions).
Medium and easy: median 0.01 ms (a few ms at worst, when preempted).

With the time cap (``tests/benchmarks/bench_hard_time_cap.py --decisions
1000 --busy 2``: the hard player at every seat, two busy CPU loops beside
it, the machine's other work besides): budget 0.6 s, load about 10 with the
full test suite running too: median 277 ms, 95th percentile 644 ms, slowest
886 ms, 354 of 1,000 decisions cut short. Budget 0.8 s: median 127 ms,
95th percentile 768 ms, slowest 954 ms (48 cut short), and in a second run
at load about 12 slowest 1,016 ms -- hence 0.6 s.

Where the time goes: about 90 % in the solver (cProfile). A full five-trick
solve for the points (two boolean searches, 3 and 5 tricks) takes a median
of about 450 positions, 0.6 ms (worst seen about 3,500 positions); at about
1.5 µs a position, a first lead costs 32 samples × 5 cards × that (up to
about 65,000 positions), a first-round bid 24 samples × 2 actions (median
28,000 positions, the rest of the bidding played by the medium player on
each sample), the dealer's discard 24 samples × 6 discards (median 63,000
positions), later tricks a few thousand. Tried and kept: searching only the
thresholds where the points change instead of exact trick counts; a bit mask
of the cards in play as the position key and precomputed masks for
equivalent cards (twice as fast as tuples of hands); one solver and table
for all six discards (slowest discard 376 → 171 ms). Not done: a compiled
solver, an offline bidding table, the game score in the evaluation.
"""

from __future__ import annotations

import random
import time
import zlib
from collections.abc import Callable

from euchre_tourney.play.actions import DISCARD, MISDEAL
from euchre_tourney.play.hand import BENNY_UP, DISCARDING, DONE, PLAYING, Hand
from euchre_tourney.play.heuristic import MediumPlayer, blind_trump
from euchre_tourney.play.solver import SearchTimeout, Solver
from euchre_tourney.play.view import NEXT_ACTIVE, SeatView
from euchre_tourney.rules import TRUMP_TABLES, HandResult, Side, score_hand

_POLICY = MediumPlayer()

TIME_CAP = 1.0
"""Seconds: the longest a hard player's decision may take, whatever the load."""
SEARCH_BUDGET = 0.6
"""Seconds of search per decision by default: the cap less room for what
follows the last look at the clock (the medium player's tie-break, sorting)
on a machine so busy that the player waits tens of milliseconds for a core
(``tests/benchmarks/bench_hard_time_cap.py``: with 0.8 s, one decision of
1,000 took 1.016 s at load about 12 with two busy loops beside it)."""
_VALUES: dict = {}


def maker_values(rules, lone: bool, lone_defender: bool) -> tuple[int, ...]:
    """Points for the makers' side by the makers' tricks ``0..5`` (negative
    when the defenders score), by :func:`score_hand` under ``rules``."""
    key = (id(rules), lone, lone_defender)
    got = _VALUES.get(key)
    if got is None or got[0] is not rules:
        values = []
        for tricks in range(6):
            score = score_hand(rules, HandResult(Side.NS, tricks, lone, lone_defender))
            values.append(score.points if score.side is Side.NS else -score.points)
        got = _VALUES[key] = (rules, tuple(values))
    return got[1]


def _needs(values, won: int, left: int) -> list[int]:
    """The trick counts (of the ``left`` still to play) at which the makers'
    points change, ascending."""
    return [r for r in range(1, left + 1) if values[won + r] != values[won + r - 1]]


def _value(values, won: int, needs, reached: int) -> int:
    return values[won + (needs[reached - 1] if reached else 0)]


def _seat_plays(view: SeatView) -> tuple[list[list[int]], list[set[int]]]:
    """Cards each seat has played, and the effective suits each seat has
    shown out of (failed to follow)."""
    played: list[list[int]] = [[], [], [], []]
    void: list[set[int]] = [set(), set(), set(), set()]
    if view.trump < 0:
        return played, void
    suit = TRUMP_TABLES[view.trump].suit
    nxt = NEXT_ACTIVE[tuple(view.sitting_out)]

    def walk(leader, cards):
        seat = leader
        led = suit[cards[0]] if cards else -1
        for c in cards:
            played[seat].append(c)
            if suit[c] != led:
                void[seat].add(led)
            seat = nxt[seat]

    for leader, cards, _ in view.tricks:
        walk(leader, cards)
    if view.trick:
        walk(view.trick_leader, view.trick)
    return played, void


def bidding_likelihood(view: SeatView, hands) -> float:
    """How likely the other seats' bids in ``view.bids`` were if they held
    ``hands`` (each seat's cards as dealt, by seat), under the soft version
    of the medium player's bidding model
    (:meth:`~euchre_tourney.play.bidding.BiddingModel.likelihood`)."""
    return _POLICY.model.likelihood(
        view.rules, view.bids, hands, dealer=view.dealer, turn_up=view.turn_up, me=view.seat,
        maker=view.maker, trump=view.trump, bid_round=view.bid_round,
    )


def sample_deals(
    view: SeatView, rng: random.Random, n: int, weigh: bool = True, stop: Callable[[], bool] | None = None
) -> list[tuple[list[list[int]], list[int]]]:
    """``n`` deals of the hidden cards consistent with ``view``: each a pair
    ``(hands, rest)`` with ``hands`` the four seats' cards now (the seat's
    own cards as they are; an empty list for a seat that sits out) and
    ``rest`` the hidden cards nobody in the hand holds (the undealt cards,
    a sitting-out seat's cards, an opponent's discard). With ``weigh``, the
    deals are drawn three times over and resampled by
    :func:`bidding_likelihood`. ``stop()`` (optional), asked after each
    draw and each weighing, ends the drawing (or the weighing) early: the
    deals come from those drawn (weighed) so far, at least one. See the
    module docstring."""
    me = view.seat
    played, void = _seat_plays(view)
    out = view.sitting_out
    dealer = view.dealer
    fixed: list[list[int]] = [[], [], [], []]
    if view.picked_up and dealer != me and dealer not in out and view.turn_up not in played[dealer]:
        fixed[dealer].append(view.turn_up)
    need = [0, 0, 0, 0]
    for s in range(4):
        if s == me or s in out:
            continue
        need[s] = 5 - len(played[s]) - len(fixed[s])
    pool = list(view.unseen())
    suit = TRUMP_TABLES[view.trump].suit if view.trump >= 0 else None
    order = sorted((s for s in range(4) if need[s]), key=lambda s: -len(void[s]))
    informative = weigh and any(seat != me for seat, _ in view.bids)
    draws = 3 * n if informative else n
    deals = []
    for _ in range(draws):
        deal = _deal_once(pool, need, void, fixed, order, suit, rng)
        hands = [list(view.cards) if s == me else deal[s] for s in range(4)]
        deals.append((hands, deal[4]))
        if stop is not None and stop():
            break
    if not informative:
        return deals
    # each seat's cards as dealt: its cards now and those it played (only
    # the other seats' bids are weighed, so the seat's own discard is moot)
    weights = []
    for h, _ in deals:
        weights.append(bidding_likelihood(view, [h[s] + played[s] for s in range(4)]) + 1e-12)
        if stop is not None and len(weights) < len(deals) and stop():
            deals = deals[: len(weights)]  # out of time: resample from the deals weighed so far
            break
    # systematic resampling: n picks spaced evenly through the cumulative weights
    step = sum(weights) / n
    u = rng.random() * step
    picks: list[int] = []
    acc = 0.0
    for k, w in enumerate(weights):
        acc += w
        while u < acc and len(picks) < n:
            picks.append(k)
            u += step
    picks += [len(deals) - 1] * (n - len(picks))  # rounding at the very end
    return [deals[k] for k in picks]


def _deal_once(pool, need, void, fixed, order, suit, rng):
    """One random deal of ``pool``: ``need[s]`` cards to each seat (plus its
    ``fixed`` cards), none of a suit the seat is void in; the rest last."""
    for _ in range(30):
        cards = pool[:]
        rng.shuffle(cards)
        hands: list = [fixed[s][:] for s in range(4)]
        ok = True
        for s in order:
            k = need[s]
            if void[s] and suit is not None:
                vs = void[s]
                mine = [c for c in cards if suit[c] not in vs][:k]
            else:
                mine = cards[:k]
            if len(mine) < k:
                ok = False
                break
            hands[s].extend(mine)
            taken = set(mine)
            cards = [c for c in cards if c not in taken]
        if ok:
            return hands + [cards]
    # Constraints could not be met by chance (should not happen): ignore voids.
    cards = pool[:]
    rng.shuffle(cards)
    hands = [fixed[s][:] for s in range(4)]
    for s in order:
        hands[s].extend(cards[: need[s]])
        cards = cards[need[s]:]
    return hands + [cards]


def view_key(view: SeatView) -> int:
    """A stable 32-bit digest of everything ``view`` shows (for seeding)."""
    text = repr(
        (
            view.seat,
            view.dealer,
            view.phase,
            view.turn_up,
            view.cards,
            view.bids,
            view.picked_up,
            view.discarded,
            view.tricks,
            view.trick,
            view.legal,
            view.rules.preset,
        )
    )
    return zlib.crc32(text.encode())


class SearchPlayer:
    """Determinized search (the module docstring). ``seed`` makes it
    deterministic; ``samples`` -- deals per card-play decision; ``bid_samples``
    -- deals per bidding, going-alone or discard decision (fewer is faster
    and weaker; tests use a handful).

    Anytime: a decision stops searching at ``budget`` seconds on ``clock``
    (default :data:`SEARCH_BUDGET` of ``time.monotonic``) and answers from
    the samples solved so far; a sample cut short is dropped, and with no
    sample solved the medium player's move is played. The clock is read
    between samples, between the deals drawn and inside the solver (every
    :data:`~euchre_tourney.play.solver.CHECK_EVERY` positions), so a
    decision ends within about :data:`TIME_CAP` (1 s) whatever the load.
    ``budget=None``: no limit (every sample solved). Below the budget the
    choice depends only on the view and the seed; a decision cut short
    depends on how far the search got.

    ``choose(view)`` returns one of ``view.legal``; :meth:`rank` gives every
    legal action with its expected points for the seat's side.
    ``last_samples`` is the number of samples the last decision solved."""

    def __init__(
        self,
        seed: int | None = None,
        samples: int = 32,
        bid_samples: int = 24,
        *,
        budget: float | None = SEARCH_BUDGET,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.seed = 0 if seed is None else seed
        self.samples = samples
        self.bid_samples = bid_samples
        self.budget = budget
        self.clock = clock
        self.policy = _POLICY
        self.nodes = 0  # solver positions searched, for the benchmark
        self.last_samples = 0
        self.timed_out = 0  # decisions cut short by the budget, for the benchmark
        self._deadline: float | None = None

    def choose(self, view: SeatView) -> int:
        """The best action for ``view.seat`` (one of ``view.legal``)."""
        if len(view.legal) == 1:
            return view.legal[0]
        return self.rank(view)[0][0]

    def _out_of_time(self) -> bool:
        return self._deadline is not None and self.clock() >= self._deadline

    def _solver(self, *args) -> Solver:
        return Solver(*args, deadline=self._deadline, clock=self.clock)

    def rank(self, view: SeatView) -> list[tuple[int, float]]:
        """Every legal action with its expected points for the seat's side,
        best first (ties: the medium player's choice first, then the order
        of ``view.legal``). A forced action (the only legal one) and the
        Benny's blind naming are not searched: their points read 0.0; nor is
        a decision whose budget ran out before one sample was solved (the
        medium player's move first, every action at 0.0).
        ``ValueError`` when the seat is not to act."""
        legal = view.legal
        if view.seat != view.to_act or not legal:
            raise ValueError("no decision: it is not this seat's turn")
        if len(legal) == 1:
            return [(legal[0], 0.0)]
        if view.phase == BENNY_UP:
            # 001: the dealer names trump without looking at the cards: every
            # suit is worth the same before looking.
            pick = blind_trump(view, self.seed)
            return [(pick, 0.0)] + [(a, 0.0) for a in legal if a != pick]
        self._deadline = None if self.budget is None else self.clock() + self.budget
        try:
            rng = random.Random((self.seed * 1_000_003) ^ view_key(view))
            if view.phase == PLAYING:
                totals = self._rank_play(view, rng)
            else:
                totals = self._rank_bid(view, rng)
        finally:
            self._deadline = None
        preferred = self.policy.choose(view)
        index = {a: i for i, a in enumerate(legal)}
        return sorted(
            totals.items(), key=lambda av: (-round(av[1], 9), av[0] != preferred, index[av[0]])
        )

    def _average(self, totals: dict[int, float], count: int, cut: bool) -> dict[int, float]:
        self.last_samples = count
        self.timed_out += cut
        if not count:
            return dict.fromkeys(totals, 0.0)
        return {a: t / count for a, t in totals.items()}

    def _rank_play(self, view: SeatView, rng) -> dict[int, float]:
        me = view.seat
        trump = view.trump
        maker = view.maker
        values = maker_values(view.rules, view.lone >= 0, view.lone_defender >= 0)
        won = view.tricks_won[maker] + view.tricks_won[(maker + 2) & 3]
        left = 5 - len(view.tricks)
        needs = _needs(values, won, left)
        sign = 1 if (me ^ maker) & 1 == 0 else -1
        totals = dict.fromkeys(view.legal, 0.0)
        deals = sample_deals(view, rng, self.samples, stop=self._out_of_time)
        leader = view.trick_leader if view.trick else me
        count = 0
        cut = len(deals) < self.samples
        for hands, _ in deals:
            if self._out_of_time():
                cut = True
                break
            solver = self._solver(hands, trump, maker & 1, view.trick, leader, view.sitting_out)
            try:
                got = [(c, solver.reached_after(me, c, needs)) for c in view.legal]
            except SearchTimeout:
                cut = True
                break
            finally:
                self.nodes += solver.nodes
            for c, reached in got:
                totals[c] += sign * _value(values, won, needs, reached)
            count += 1
        return self._average(totals, count, cut)

    def _rank_bid(self, view: SeatView, rng) -> dict[int, float]:
        me = view.seat
        rules = view.rules
        totals = dict.fromkeys(view.legal, 0.0)
        count = 0
        deals = sample_deals(view, rng, self.bid_samples, stop=self._out_of_time)
        cut = len(deals) < self.bid_samples
        for hands, rest in deals:
            if self._out_of_time():
                cut = True
                break
            dealt = [h[:] for h in hands]
            if view.phase == DISCARDING:
                dealt[me] = [c for c in dealt[me] if c != view.turn_up]
            spare = list(rest)
            for s in view.sitting_out:  # a lone hand's partner was dealt cards too
                dealt[s], spare = spare[:5], spare[5:]
            try:
                base = Hand(rules, view.dealer, dealt, view.turn_up)
                for _, action in view.bids:
                    base.apply(action)
            except ValueError:
                continue  # the bidding is impossible with this deal
            if base.to_act != me:
                continue
            try:
                if view.phase == DISCARDING:
                    got = self._discards(base, view.legal, me)
                else:
                    got = [(action, self._outcome(base, action, me)) for action in view.legal]
            except SearchTimeout:
                cut = True
                break
            for action, points in got:
                totals[action] += points
            count += 1
        return self._average(totals, count, cut)

    def _discards(self, base: Hand, legal, me: int):
        """``(discard, points for me)`` for every legal discard on one
        sampled deal, solved by one solver holding the dealer's six cards."""
        first = base.copy()
        first.apply(legal[0])
        maker = first.maker
        values = maker_values(first.rules, first.lone >= 0, first.lone_defender >= 0)
        needs = _needs(values, 0, 5)
        solver = self._solver(base.hands, first.trump, maker & 1, (), first.to_act, first.sitting_out)
        sign = 1 if (me ^ maker) & 1 == 0 else -1
        try:
            return [(a, sign * _value(values, 0, needs, solver.reached_without(me, a - DISCARD, needs))) for a in legal]
        finally:
            self.nodes += solver.nodes

    def _outcome(self, base: Hand, action: int, me: int) -> float:
        """Points for ``me``'s side after ``action`` on a sampled deal: the
        bidding finished by the medium player, then solved exactly."""
        if action == MISDEAL:
            return 0.0
        hand = base.copy()
        hand.apply(action)
        policy = self.policy
        while hand.phase != PLAYING:
            if hand.phase == DONE:
                return 0.0
            hand.apply(policy.choose(hand.view()))
        maker = hand.maker
        values = maker_values(hand.rules, hand.lone >= 0, hand.lone_defender >= 0)
        needs = _needs(values, 0, 5)
        solver = self._solver(hand.hands, hand.trump, maker & 1, (), hand.to_act, hand.sitting_out)
        try:
            got = solver.reached(needs)
        finally:
            self.nodes += solver.nodes
        sign = 1 if (me ^ maker) & 1 == 0 else -1
        return sign * _value(values, 0, needs, got)


__all__ = ["SEARCH_BUDGET", "TIME_CAP", "SearchPlayer", "bidding_likelihood", "maker_values", "sample_deals", "view_key"]
