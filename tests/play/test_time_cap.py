"""The hard player's time cap and the one bidding model (issue 21 item 6,
issue 20 item 6).

The deadline runs on an injected clock (a counter, not the wall clock), so
these tests count clock readings and never depend on the machine's speed.
"""

from __future__ import annotations

import random

import pytest

from euchre_tourney.play import Hand
from euchre_tourney.play.actions import ALONE, ORDER, PASS
from euchre_tourney.play.bidding import BiddingModel, bid_worth
from euchre_tourney.play.hand import PLAYING
from euchre_tourney.play.heuristic import MediumPlayer
from euchre_tourney.play.search import SearchPlayer, bidding_likelihood
from euchre_tourney.play.solver import CHECK_EVERY, SearchTimeout, Solver
from euchre_tourney.rules import NORTH_AMERICAN, PRESETS
from euchre_tourney.rules.cards import parse_card


class TickClock:
    """A clock that moves one unit each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += 1.0
        return self.now


class StoppedClock:
    def __init__(self) -> None:
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        return 0.0


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def first_lead_view(seed: int = 3):
    """A hand after the bidding, the seat to lead's view (five cards: the
    biggest card-play decision)."""
    rng = random.Random(seed)
    while True:
        hand = Hand.deal(NORTH_AMERICAN, rng.randrange(4), rng)
        medium = MediumPlayer()
        while not hand.done and hand.phase != PLAYING:
            hand.apply(medium.choose(hand.view()))
        if hand.phase == PLAYING and len(hand.view().legal) == 5:
            return hand.view()


def bid_view(seed: int = 4):
    rng = random.Random(seed)
    hand = Hand.deal(NORTH_AMERICAN, 0, rng)
    return hand.view()


@pytest.mark.parametrize("make_view", [first_lead_view, bid_view])
def test_a_clock_that_never_reaches_the_deadline_changes_nothing(make_view):
    view = make_view()
    clock = StoppedClock()
    capped = SearchPlayer(7, samples=6, bid_samples=4, budget=1.0, clock=clock).rank(view)
    free = SearchPlayer(7, samples=6, bid_samples=4, budget=None).rank(view)
    assert capped == free
    assert clock.reads > 1  # the deadline was looked at


@pytest.mark.parametrize("make_view", [first_lead_view, bid_view])
def test_no_time_at_all_plays_the_medium_players_move(make_view):
    view = make_view()
    player = SearchPlayer(7, samples=6, bid_samples=4, budget=0.0, clock=StoppedClock())
    ranking = player.rank(view)
    assert ranking[0][0] == MediumPlayer().choose(view)
    assert {a for a, _ in ranking} == set(view.legal)
    assert all(points == 0.0 for _, points in ranking)
    assert player.last_samples == 0 and player.timed_out == 1


def test_the_search_stops_after_a_budget_of_clock_readings_with_its_best_so_far():
    view = first_lead_view()
    stopped = StoppedClock()
    full = SearchPlayer(7, samples=32, budget=1.0, clock=stopped)
    full.rank(view)
    assert full.last_samples == 32 and full.timed_out == 0
    # a budget a few clock readings short of what a whole search makes (the
    # last ones are taken between samples and inside the solver)
    budget = stopped.reads - 10
    clock = TickClock()
    cut = SearchPlayer(7, samples=32, budget=budget, clock=clock)
    action = cut.choose(view)
    assert action in view.legal
    assert 1 <= cut.last_samples < 32  # some samples answered, not all
    assert cut.timed_out == 1
    # the search ended at its deadline: one reading to start, then the reading that found it passed
    assert clock.reads == budget + 1


def test_the_solver_gives_up_at_its_deadline():
    # A full five-trick position: the solver reads the clock every CHECK_EVERY
    # positions and raises once the deadline has passed.
    view = first_lead_view()
    rng = random.Random(1)
    pool = list(view.unseen())
    rng.shuffle(pool)
    hands = [list(view.cards) if s == view.seat else [pool.pop() for _ in range(5)] for s in range(4)]
    clock = TickClock()
    solver = Solver(hands, view.trump, view.maker & 1, (), view.seat, (), deadline=0.5, clock=clock)
    free = Solver(hands, view.trump, view.maker & 1, (), view.seat, ())
    free.reached([3, 5])
    assert free.nodes > CHECK_EVERY  # a position big enough for the solver to look at the clock
    with pytest.raises(SearchTimeout):
        solver.reached([3, 5])
    assert clock.reads == 1


# ----------------------------------------------------------------- bidding


def test_medium_and_hard_read_the_bidding_with_one_model():
    assert isinstance(MediumPlayer().model, BiddingModel)
    from euchre_tourney.play import search

    assert search._POLICY.model == MediumPlayer().model


def test_the_seat_left_of_the_dealer_gains_the_opening_lead_in_the_likelihood():
    # West deals; North (the dealer's left) and South (across) are both
    # opponents of the dealer: the same cards are worth 0.3 more to North
    # (the opening lead), so North's pass is the less likely of the two.
    model = BiddingModel()
    hand = cards("JH AH 9C TC 9D")
    up = parse_card("KH")
    assert model.round1_worth(hand, up, 0, 3) - model.round1_worth(hand, up, 2, 3) == pytest.approx(0.3)
    assert model.round2_worth(hand, 0, 0, 3) - model.round2_worth(hand, 0, 2, 3) == pytest.approx(0.3)
    kw = dict(dealer=3, turn_up=up, me=1)
    north_passes = model.likelihood(NORTH_AMERICAN, [(0, PASS)], [hand, [], [], []], **kw)
    south_passes = model.likelihood(NORTH_AMERICAN, [(0, PASS), (1, PASS), (2, PASS)], [[], [], hand, []], **kw)
    assert north_passes < south_passes


def test_the_dealers_partner_who_must_go_alone_orders_only_a_lone_hand():
    # Canadian / British rules (001): the dealer's partner who orders up
    # plays alone, so the model wants a loner's worth from that seat.
    rules = next(p for p in PRESETS.values() if p.dealer_partner_orders_alone)
    model = BiddingModel()
    assert model.needed(rules, 2, 0, 1) == model.alone_at
    assert model.needed(rules, 1, 0, 1) == model.order_at
    assert model.needed(NORTH_AMERICAN, 2, 0, 1) == model.order_at
    # A fair partnership hand: its pass from the dealer's partner is more
    # likely under those rules than under North American ones.
    fair = cards("JS AS KS AD 9C")
    up = parse_card("QS")
    bids = [(1, PASS), (2, PASS)]
    hands = [[], [], fair, []]
    kw = dict(dealer=0, turn_up=up, me=0)
    assert model.likelihood(rules, bids, hands, **kw) > model.likelihood(NORTH_AMERICAN, bids, hands, **kw) * 2


def test_a_forced_loner_tells_nothing_and_a_two_loser_loner_is_unlikely():
    rules = next(p for p in PRESETS.values() if p.dealer_partner_orders_alone)
    model = BiddingModel()
    weak = cards("9S TS 9C TC 9D")
    up = parse_card("QS")
    # North (the dealer's partner, dealer South) orders up and is forced alone.
    bids = [(3, PASS), (0, ORDER), (0, ALONE)]
    forced = model.likelihood(rules, bids, [weak, [], [], []], dealer=2, turn_up=up, me=1, maker=0, trump=up >> 3, bid_round=1)
    ordered_only = model.likelihood(rules, bids[:2], [weak, [], [], []], dealer=2, turn_up=up, me=1)
    assert forced == pytest.approx(ordered_only)
    # North American: a strong hand with two losers going alone is far less
    # likely than the same worth with one loser.
    one_loser = cards("JS JC AS KS 9D")
    two_losers = cards("JS JC AS 9H 9D")
    bids = [(1, ORDER), (1, ALONE)]
    one = model.likelihood(NORTH_AMERICAN, bids, [[], one_loser, [], []], dealer=0, turn_up=up, me=0, maker=1, trump=up >> 3, bid_round=1)
    two = model.likelihood(NORTH_AMERICAN, bids, [[], two_losers, [], []], dealer=0, turn_up=up, me=0, maker=1, trump=up >> 3, bid_round=1)
    assert one > 3 * two


def test_the_hard_players_likelihood_is_the_models():
    deal = "AH KH QH AD KD | JC JS AC KC QC | 9H TH 9D TD 9S | AS KS QS TS JH".split("|")
    hand = Hand(NORTH_AMERICAN, 0, [d.split() for d in deal], "9C")
    hand.apply("pass")
    view = hand.view(2)
    hands = [[], cards("9D TD 9S AH KH"), list(hand.hands[2]), []]
    assert bidding_likelihood(view, hands) == BiddingModel().likelihood(
        NORTH_AMERICAN, view.bids, hands, dealer=0, turn_up=view.turn_up, me=2
    )


# ------------------------------------------- the hard player at a table of 2 to 6 (issue 33)


def table_play_view(game: str = "cutthroat", seed: int = 2):
    """A view of the play in ``game`` with a choice of cards, reached by
    medium players."""
    from euchre_tourney.play.table import TableHand
    from euchre_tourney.play.table.hand import PLAY
    from euchre_tourney.play.table.players import MediumPlayer as TableMedium
    from euchre_tourney.rules.tables import TABLE_PRESETS

    rules = TABLE_PRESETS[game]
    rng = random.Random(seed)
    medium = TableMedium()
    while True:
        hand = TableHand(rules, rng.randrange(rules.players), rng)
        while not hand.done:
            view = hand.view(hand.to_act)
            if hand.phase == PLAY and len(view.legal) >= 3:
                return view
            hand.apply(medium.choose(view))


def test_the_table_hard_player_stops_at_its_deadline_on_an_injected_clock():
    """Worlds are searched one after another; once the clock passes the
    deadline no new world is started (the clock is read between worlds and
    between the worlds drawn), and the answer comes from those searched."""
    from euchre_tourney.play.table.players import SampleSearchPlayer

    view = table_play_view()
    free = SampleSearchPlayer(samples=40, deadline_s=None, rng=3)
    free.rank(view)
    assert free.last_worlds == 40
    clock = TickClock()
    cut = SampleSearchPlayer(samples=40, deadline_s=25.0, rng=3, clock=clock)
    ranking = cut.rank(view)
    assert ranking[0][0] in view.legal
    assert 1 <= cut.last_worlds < 40
    assert clock.reads <= 40 + cut.last_worlds + 2


def test_a_clock_that_never_reaches_the_table_deadline_changes_nothing():
    from euchre_tourney.play.table.players import SampleSearchPlayer

    view = table_play_view("five_partner_pick")
    clock = StoppedClock()
    capped = SampleSearchPlayer(samples=12, deadline_s=1.0, rng=4, clock=clock).rank(view)
    free = SampleSearchPlayer(samples=12, deadline_s=None, rng=4).rank(view)
    assert capped == free and clock.reads > 1


def test_the_table_hard_player_plays_out_at_most_its_steps_and_a_world():
    """The budget that does not depend on the machine: actions played out
    in the worlds, counted; the search stops at the first world that
    reaches it."""
    from euchre_tourney.play.table.players import SampleSearchPlayer

    view = table_play_view("six_player_33")
    free = SampleSearchPlayer(samples=30, deadline_s=None, rng=5)
    free.rank(view)
    per_world = free.last_steps / free.last_worlds
    capped = SampleSearchPlayer(samples=30, deadline_s=None, rng=5, steps=int(per_world * 10))
    capped.rank(view)
    assert capped.last_worlds < 30
    assert capped.steps <= capped.last_steps < capped.steps + 3 * per_world


def test_the_factory_gives_the_arena_a_budget_without_a_clock():
    from euchre_tourney.play.players import make_player
    from euchre_tourney.play.table.players import DEADLINE, STEPS, WORLDS

    shipped = make_player("hard", "cutthroat", 1)
    assert (shipped.samples, shipped.steps, shipped.deadline_s) == (WORLDS, STEPS, DEADLINE)
    fixed = make_player("hard", "cutthroat", 1, budget=None)
    assert (fixed.samples, fixed.steps, fixed.deadline_s) == (WORLDS, STEPS, None)
    four = make_player("hard", "north_american", 1, budget=None)
    assert four.budget is None and (four.samples, four.bid_samples) == (32, 24)
