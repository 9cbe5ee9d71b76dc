"""The N-seat engine (play/table): random legal hands with invariants,
properties, the rule texts' own examples, and pinned perft counts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tourney.play.table import MediumPlayer, TableGame, TableHand, act_text, parse_act, seat_view
from euchre_tourney.play.table.hand import DONE, GIVE, LONE_DISCARD, PARTNER, PLAY, RAIL, Act
from euchre_tourney.rules import RuleViolation
from euchre_tourney.rules.tables import (
    COPY,
    JOKER2,
    JOKER3,
    JOKER4,
    NO_TRUMP,
    TABLE_PRESETS,
    TableRules,
    pack,
    parse,
    score_table_hand,
    trick_winner,
)

KEYS = sorted(TABLE_PRESETS)
C, D, H, S = range(4)


def random_hand(rules: TableRules, rng: random.Random, dealer: int = 0) -> TableHand:
    h = TableHand(rules, dealer, rng)
    while not h.done:
        h.apply(rng.choice(h.legal_actions()))
    return h


def _oracle_winner(cards, trump, double):
    """Independent oracle: rank lists written out by hand."""
    from euchre_tourney.rules.cards import card

    def order(trump):
        if trump == NO_TRUMP:
            return []
        left = card(4, 3 - trump)
        return [JOKER4, JOKER3, JOKER2, 32, card(4, trump), left] + [card(r, trump) for r in (7, 6, 5, 3, 2, 1, 0)]

    top = order(trump)

    def suit(c):
        b = c % COPY
        return trump if b in top else (b >> 3)

    led = suit(cards[0])

    def key(c):
        b = c % COPY
        if b in top:
            return (2, -top.index(b))
        if suit(c) == led:
            return (1, b & 7 if trump != NO_TRUMP or True else 0)
        return (0, 0)

    best = 0
    for i in range(1, len(cards)):
        k, kb = key(cards[i]), key(cards[best])
        if k > kb or (double and k == kb and k[0] > 0):
            best = i
    return best


@pytest.mark.parametrize("key", KEYS)
def test_random_legal_hands_keep_the_invariants(key):
    rules = TABLE_PRESETS[key]
    rng = random.Random(key)
    for i in range(1000):
        h = random_hand(rules, rng, i % rules.players)
        cards = pack(rules.pack)
        dealt = [c for hh in h.order for c in [hh]]
        assert sorted(dealt) == sorted(cards)
        if h.thrown_in:
            assert h.points == {} and not h.tricks
            continue
        assert len(h.tricks) == rules.hand_size
        played = [c for _, plays, _ in h.tricks for _, c in plays]
        assert len(played) == len(set(played))
        assert all(not h.hands[s] for s in h.active)
        for leader, plays, winner in h.tricks:
            assert plays[0][0] == leader
            assert [s for s, _ in plays] == sorted(h.active, key=lambda s: (s - leader) % rules.players)
            cs = [c for _, c in plays]
            assert plays[_oracle_winner(cs, h.trump, rules.double)][0] == winner if not rules.bennies_by_colour else True
        assert sum(h.won) == rules.hand_size
        # the scores come from the text's table
        taken = h.maker_tricks
        expect = score_table_hand(rules, h.makers(), h.alone or h.forced_alone, taken, h.bid)
        assert h.points == expect
        if i % 20 == 0:
            assert TableHand.from_text(h.to_text()).points == h.points


@settings(max_examples=60, deadline=None)
@given(key=st.sampled_from(KEYS), seed=st.integers(0, 10**6), steps=st.integers(0, 40))
def test_legal_actions_are_exact(key, seed, steps):
    """Every action that legal_actions leaves out is refused, every one it
    lists is accepted; the text form round-trips at any point."""
    rules = TABLE_PRESETS[key]
    rng = random.Random(seed)
    h = TableHand(rules, seed % rules.players, rng)
    for _ in range(steps):
        if h.done:
            break
        h.apply(rng.choice(h.legal_actions()))
    again = TableHand.from_text(h.to_text())
    assert again.to_text() == h.to_text()
    if h.done:
        assert h.legal_actions() == []
        return
    legal = set(h.legal_actions())
    universe = {Act(k) for k in ("pass", "order", "order!", "alone", "noask", "keep", "take", "refuse")}
    universe |= {Act(k, s) for k in ("name", "name!") for s in (-1, 0, 1, 2, 3)}
    universe |= {Act("bid", b) for b in range(0, 11)} | {Act("ask", s) for s in range(6)}
    universe |= {Act(k, c) for k in ("partner", "discard", "give", "play") for c in pack(rules.pack)}
    for a in universe:
        trial = h.copy()
        if a in legal:
            trial.apply(a)
        else:
            with pytest.raises(RuleViolation):
                trial.apply(a)
        assert parse_act(act_text(a)) == a


def test_double_pack_second_equal_card_wins():
    # 001 line 97: "the second to be played beats the first"
    ace, ace2 = parse("AS"), parse("AS'")
    assert trick_winner([ace, parse("KS"), ace2], H, double=True) == 2
    assert trick_winner([ace, ace2], H, double=False) == 0


def test_bennies_of_the_trumps_colour_wins():
    black, red = parse("JK"), parse("JK'")
    assert trick_winner([red, black], S, double=True, bennies_by_colour=True) == 1
    assert trick_winner([black, red], H, double=True, bennies_by_colour=True) == 1
    assert trick_winner([red, black], H, double=True, bennies_by_colour=True) == 0
    # both alike: the second played
    assert trick_winner([red, black], H, double=True, bennies_by_colour=False) == 1


def test_almonte_jokers_rank_above_the_bowers():
    # 001 line 139: spade4 > spade3 > spade2 > right > left > A
    order = [parse(w) for w in ("4S", "3S", "2S", "JH", "JD", "AH")]
    for hi, lo in zip(order, order[1:]):
        assert trick_winner([lo, hi], H) == 1
        assert trick_winner([hi, lo], H) == 0
    assert len(pack("almonte31")) == 31 and len(pack("almonte21")) == 21


def test_no_trump_has_no_bowers():
    # 000 line 107: "the highest card of the suit led wins every trick with no bowers"
    assert trick_winner([parse("9H"), parse("JH"), parse("AS")], NO_TRUMP) == 1
    assert trick_winner([parse("JD"), parse("QD")], NO_TRUMP) == 1


def test_six_player_scores():
    # 001 line 101: 3 for a march or a euchre, 6 alone
    r = TABLE_PRESETS["six_player_33"]
    makers = frozenset({0, 2, 4})
    assert score_table_hand(r, makers, False, 3) == {0: 1, 2: 1, 4: 1}
    assert score_table_hand(r, makers, False, 5) == {0: 3, 2: 3, 4: 3}
    assert score_table_hand(r, makers, True, 5) == {0: 6, 2: 6, 4: 6}
    assert score_table_hand(r, makers, False, 2) == {1: 3, 3: 3, 5: 3}
    # the 6 is the lone winner's: defenders who euchre a lone maker score 3,
    # a lone defender who euchres scores 6 (issue 29)
    assert score_table_hand(r, makers, True, 2) == {1: 3, 3: 3, 5: 3}
    assert score_table_hand(r, makers, False, 2, defender_alone=True) == {1: 6, 3: 6, 5: 6}


def test_partner_pick_scores():
    # 003 line 96: attackers 1 and 2, defenders 2 and 4 for all five
    r = TABLE_PRESETS["five_partner_pick"]
    m = frozenset({0, 3})
    assert score_table_hand(r, m, False, 4) == {0: 1, 3: 1}
    assert score_table_hand(r, m, False, 5) == {0: 2, 3: 2}
    assert score_table_hand(r, m, False, 1) == {1: 2, 2: 2, 4: 2}
    assert score_table_hand(r, m, False, 0) == {1: 4, 2: 4, 4: 4}
    assert score_table_hand(r, frozenset({0}), True, 5) == {0: 4}


def _deal_for(rules, dealer, hands, rest):
    """The pack order that deals ``hands`` (by seat) and leaves ``rest``."""
    n = rules.players
    order = []
    for i in range(n):
        order += [parse(w) for w in hands[(dealer + 1 + i) % n].split()]
    order += [parse(w) for w in rest.split()]
    return order


def test_partner_card_buried_forces_the_maker_alone():
    # 003 line 102: "forced to play alone if the playing card selected ... is buried"
    r = TABLE_PRESETS["five_partner_pick"]
    hands = ["JH JD AH KH QH", "9C TC JC QC KC", "9D TD QD KD AD", "9S TS JS QS KS", "8C 8D 8S AC AS"]
    order = _deal_for(r, 4, hands, "TH 9H 8H")
    h = TableHand(r, 4, order=order)
    assert h.turn_up == parse("TH")
    h.apply("order")  # seat 0 orders hearts; the dealer (4) picks up
    h.apply("discard:8C")
    assert h.phase == PARTNER and h.to_act == 0
    h.apply("partner:9H")  # buried
    assert h.partner is None and h.forced_alone and not h.alone
    while not h.done:
        h.apply(MediumPlayer().choose(seat_view(h, h.to_act)))
    assert h.makers() == {0}


def test_hidden_partner_is_shown_only_when_its_card_is_played():
    r = TABLE_PRESETS["five_partner_pick"]
    hands = ["JH JD AH KH QH", "9C TC JC QC KC", "9D TD QD KD AD", "9S TS JS QS KS", "8C 8D 8S AC AS"]
    h = TableHand(r, 4, order=_deal_for(r, 4, hands, "TH 9H 8H"))
    h.apply("order")
    h.apply("discard:8C")
    h.apply("partner:AS")  # seat 4 holds it
    assert h.partner == 4 and not h.partner_revealed
    assert seat_view(h, 1).partner is None and seat_view(h, 0).partner is None
    assert seat_view(h, 4).partner == 4
    while not h.partner_revealed:
        h.apply(MediumPlayer().choose(seat_view(h, h.to_act)))
    assert any(c == parse("AS") for _, c in (h.trick or h.tricks[-1][1]))
    assert seat_view(h, 1).partner == 4


def test_six_player_lone_player_asks_a_partner_for_a_card():
    # 001 line 99
    r = TABLE_PRESETS["six_player_33"]
    h = TableHand(r, 5, rng=3)
    while h.phase not in (DONE,) and h.maker is None:
        h.apply("order!" if h.phase == 0 else h.legal_actions()[0])
    if h.phase == 5:  # the dealer's discard
        h.apply(h.legal_actions()[0])
    assert h.alone and h.active == [s for s in range(6) if s % 2 == h.maker % 2 and s == h.maker or s % 2 != h.maker % 2]
    asks = [a for a in h.legal_actions() if a.kind == "ask"]
    assert {a.arg for a in asks} == {s for s in range(6) if s % 2 == h.maker % 2 and s != h.maker}
    h.apply(asks[0])
    assert h.phase == GIVE and h.to_act == asks[0].arg
    given_card = h.hands[h.to_act][0]
    h.apply(Act("give", given_card))
    assert h.phase == LONE_DISCARD and given_card in h.hands[h.maker] and len(h.hands[h.maker]) == 6
    h.apply(h.legal_actions()[0])
    assert h.phase == PLAY and len(h.hands[h.maker]) == 5


@pytest.mark.parametrize("take", [True, False])
def test_railroading(take):
    # 001 line 120: take (discard first, then the card) or refuse (discard the offered card)
    r = TABLE_PRESETS["four_railroad"]
    h = TableHand(r, 3, rng=11)
    h.apply("order!")  # seat 0 alone; seat 2 railroads
    if h.phase == 5:
        h.apply(h.legal_actions()[0])
    assert h.phase == GIVE and h.to_act == 2
    offered = h.hands[2][0]
    h.apply(Act("give", offered))
    assert h.phase == RAIL and h.to_act == 0
    before = list(h.hands[0])
    if take:
        h.apply("take")
        assert all(a.arg in before for a in h.legal_actions())  # discards before looking
        h.apply(Act("discard", before[0]))
        assert offered in h.hands[0] and before[0] not in h.hands[0]
    else:
        h.apply("refuse")
        assert h.hands[0] == before and offered in h.discards
    assert h.phase == PLAY and h.to_act == 1


def test_auction_bids_rise_and_the_dealer_is_stuck():
    r = TABLE_PRESETS["bid_five"]
    h = TableHand(r, 0, rng=2)
    for _ in range(4):
        h.apply("pass")
    assert Act("pass") not in h.legal_actions()
    assert h.legal_actions()[0] == Act("bid", 2)
    h.apply("bid:3")
    assert h.maker == 0 and h.bid == 3
    assert Act("name", NO_TRUMP) in h.legal_actions()


def test_games_end_at_the_target_with_medium_players():
    for key in KEYS:
        rules = TABLE_PRESETS[key].replace(target=5)
        g = TableGame(rules, 0, 7)
        p = MediumPlayer()
        for _ in range(5000):
            if g.over:
                break
            g.apply(p.choose(seat_view(g.hand, g.hand.to_act)))
        assert g.over, key
        assert max(g.scores) >= 5 and g.scores[g.winner] >= 5


def _perft(h: TableHand, depth: int) -> int:
    if depth == 0 or h.done:
        return 1
    total = 0
    for a in h.legal_actions():
        c = h.copy() if depth > 1 else None
        if c is None:
            total += 1
            continue
        c.apply(a)
        total += _perft(c, depth - 1)
    return total


PERFT = {
    ("almonte_four", 9): None,
    ("cutthroat", 8): None,
    ("five_partner_pick", 7): None,
    ("bid_four", 7): None,
}


@pytest.mark.parametrize("key,depth", sorted(PERFT))
def test_perft_counts_are_pinned(key, depth):
    """Exact counts of legal action sequences from a fixed deal, so that a
    change of the rules cannot pass unnoticed."""
    h = TableHand(TABLE_PRESETS[key], 0, rng=2026)
    assert _perft(h, depth) == PERFT_PINNED[(key, depth)]


PERFT_PINNED: dict[tuple[str, int], int] = {
    ("almonte_four", 9): 12436,
    ("bid_four", 7): 11352,
    ("cutthroat", 8): 11470,
    ("five_partner_pick", 7): 16492,
}


def test_the_left_bower_follows_trump_not_its_printed_suit():
    # 000 line 83: "hearts trump, diamond is led, and you hold (Left Bower) -- you do NOT have to play the J♦"
    # 001 line 32: "if hearts are trumps, the jack of diamonds is a heart not a diamond"
    r = TABLE_PRESETS["cutthroat"]
    hands = ["9D TD QD KD AD", "JD 9S 9C TC JC", "AH KH QH TS QS"]
    order = _deal_for(r, 2, hands, "TH 9H AC KC QC JS KS AS JH")
    h = TableHand(r, 2, order=order)
    h.apply("pass")
    h.apply("pass")
    h.apply("order")  # the dealer (2) orders hearts up and picks up the ten
    h.apply("discard:TS")
    h.apply("play:9D")  # seat 0 leads a diamond
    # no diamond but the left bower, which is a heart: seat 1 may play anything
    assert {a.arg for a in h.legal_actions()} == {parse(w) for w in ("JD", "9S", "9C", "TC", "JC")}
    h2 = TableHand(r, 2, order=order)
    for w in ("pass", "pass", "order", "discard:TS"):
        h2.apply(w)
    h2.apply("play:9D")
    h2.apply("play:9S")
    h2.apply("play:TH")
    assert h2.tricks[-1][2] == 2  # the trump wins
    h3 = TableHand(r, 2, order=order)
    for w in ("pass", "pass", "order", "discard:TS", "play:9D", "play:9C", "play:TH"):
        h3.apply(w)
    # seat 2 won and leads trump: seat 0 has none; seat 1 must follow with the left bower
    h3.apply("play:AH")
    h3.apply("play:AD")
    assert h3.legal_actions() == [Act("play", parse("JD"))]


@settings(max_examples=30, deadline=None)
@given(key=st.sampled_from(KEYS), seed=st.integers(0, 10**6))
def test_game_scores_are_the_sum_of_the_hands(key, seed):
    rules = TABLE_PRESETS[key].replace(target=6)
    g = TableGame(rules, seed % rules.players, seed)
    rng = random.Random(seed)
    while not g.over and len(g.hands) < 60:
        g.apply(rng.choice(g.legal_actions()))
    totals = [0] * g.units
    for h in g.hands:
        by_unit = {}
        for s, p in h.points.items():
            by_unit.setdefault(g.unit(s), []).append(p)
        for u, ps in by_unit.items():
            totals[u] += ps[0] if rules.sides == "partners" else sum(ps)
    assert totals == g.scores
    if g.over:
        assert g.scores[g.winner] >= 6
