"""The hand state machine against the examples of the rule texts, for each
preset and option (sources named per test)."""

from __future__ import annotations

import pytest

from euchre_tourney.play import Hand, parse_action
from euchre_tourney.play.actions import action_text
from euchre_tourney.rules import (
    BRITISH,
    CANADIAN,
    CUSTOM,
    HOUSE_ELEVEN,
    NORTH_AMERICAN,
    PRESETS,
    WEB_GAME,
    AloneLead,
    DefendAlone,
    RuleViolation,
    Side,
    parse_card,
)
from euchre_tourney.rules.cards import BENNY, deck

N, E, S, W = 0, 1, 2, 3


def make(rules, dealer, hands_text, up):
    """A hand from text: ``hands_text`` = "N cards | E cards | S cards | W cards"."""
    hands = [h.split() for h in hands_text.split("|")]
    return Hand(rules, dealer, hands, up)


def texts(hand):
    return sorted(hand.legal_action_texts())


def run(hand, actions):
    for a in actions.split():
        hand.apply(a)
    return hand


# A deal used by many tests: dealer West, so North bids first and leads.
DEAL = "JH JD AH 9C 9S | AS KS QS TS 9D | KH QH TH AC KC | AD KD QD TD QC"
UP = "9H"  # remaining: JC JS 9H(up) TC


def test_deal_sizes_for_every_pack():
    # 000/001: five cards each, one turned up, the rest undealt under it.
    for key, rules in PRESETS.items():
        hand = Hand.deal(rules, dealer=2, rng=7)
        assert [len(h) for h in hand.hands] == [5, 5, 5, 5]
        assert len(hand.undealt) == rules.deck_size - 21
        everything = sorted([c for h in hand.hands for c in h] + [hand.turn_up] + list(hand.undealt))
        assert everything == sorted(deck(rules.deck_size)), key


def test_seeded_deal_is_reproducible():
    a = Hand.deal(NORTH_AMERICAN, 0, 42)
    b = Hand.deal(NORTH_AMERICAN, 0, 42)
    c = Hand.deal(NORTH_AMERICAN, 0, 43)
    assert a.deal_text() == b.deal_text() != c.deal_text()


@pytest.mark.parametrize(
    ("hands", "up", "message"),
    [
        ("JH JD AH 9C 9S | AS KS QS TS 9D | KH QH TH AC KC | AD KD QD TD QC", "JH", "dealt twice"),
        ("JH JD AH 9C 7S | AS KS QS TS 9D | KH QH TH AC KC | AD KD QD TD QC", "9H", "7S is not in the 24-card pack"),
        ("JH JD AH 9C | AS KS QS TS 9D | KH QH TH AC KC | AD KD QD TD QC", "9H", "exactly five cards"),
        ("JH JD AH 9C 9S | AS KS QS TS 9D | KH QH TH AC KC | AD KD QD TD QC", "JK", "JK is not in the 24-card"),
    ],
)
def test_impossible_deals_refused(hands, up, message):
    with pytest.raises(RuleViolation, match=message):
        make(NORTH_AMERICAN, W, hands, up)


def test_first_round_order_up_dealer_picks_up_and_discards():
    # 000 "Bidding" 1: left of the dealer speaks first; ordered up, the dealer
    # picks up the turn-up and discards one card.
    hand = make(NORTH_AMERICAN, W, DEAL, UP)
    assert hand.to_act == N and texts(hand) == ["order", "pass"]
    run(hand, "pass order")  # East orders up hearts
    assert hand.makers is Side.EW and hand.maker == E and hand.trump == parse_card("9H") >> 3
    assert hand.phase_name == "alone" and hand.to_act == E and texts(hand) == ["alone", "pass"]
    hand.apply("pass")
    assert hand.phase_name == "discard" and hand.to_act == W
    assert len(hand.hands[W]) == 6 and parse_card("9H") in hand.hands[W]
    hand.apply("discard:QC")
    assert len(hand.hands[W]) == 5 and parse_card("QC") not in hand.hands[W]
    assert hand.phase_name == "play" and hand.to_act == N  # 000: left of the dealer leads


def test_second_round_other_suits_only_and_throw_in():
    # 000 "Bidding" 2-3: any OTHER suit; all pass twice: thrown in.
    hand = make(NORTH_AMERICAN, W, DEAL, UP)
    run(hand, "pass pass pass pass")
    assert hand.phase_name == "bid2" and hand.to_act == N
    assert texts(hand) == ["name:C", "name:D", "name:S", "pass"]
    with pytest.raises(RuleViolation):
        hand.apply("name:H")
    run(hand, "pass pass pass pass")
    assert hand.done and hand.thrown_in and hand.score is None and hand.record is None


def test_stick_the_dealer():
    # 000/001 "Stick the Dealer": the dealer must name trump in round 2.
    hand = make(NORTH_AMERICAN.replace(stick_the_dealer=True), W, DEAL, UP)
    run(hand, "pass pass pass pass pass pass pass")
    assert hand.to_act == W and texts(hand) == ["name:C", "name:D", "name:S"]
    with pytest.raises(RuleViolation, match="cannot pass"):
        hand.apply("pass")
    run(hand, "name:S pass")
    # Named in round 2: nobody picks up, play starts.
    assert hand.phase_name == "play" and all(len(h) == 5 for h in hand.hands)


def test_left_bower_does_not_follow_its_printed_suit():
    # 000 "Following suit": hearts trump, a diamond led, the J♦ is a heart:
    # you do not have to (and may not, holding another diamond) play it.
    hand = make(NORTH_AMERICAN, W, "9C TC JD 9D AH | AS KS QS TS 9S | KH QH TH AC KC | AD KD QD TD QC", "9H")
    run(hand, "order pass discard:QC")
    hand.apply("play:9D")  # North leads a diamond... North is to act first
    assert hand.to_act == E
    hand2 = make(NORTH_AMERICAN, W, "AD 9C TC 9S AH | JD 9D AS KS QS | KH QH TH AC KC | KD QD TD QC TS", "9H")
    run(hand2, "order pass discard:QC play:AD")
    # East holds J♦ (a heart) and 9♦: must play the 9♦ only.
    assert texts(hand2) == ["play:9D"]
    with pytest.raises(RuleViolation, match="must follow suit"):
        hand2.apply("play:JD")
    hand3 = make(NORTH_AMERICAN, W, "AD 9C TC 9S AH | JD JS AS KS QS | KH QH TH AC KC | KD QD TD QC TS", "9H")
    run(hand3, "order pass discard:QC play:AD")
    # East holds the J♦ but no other diamond: any card may be played.
    assert texts(hand3) == ["play:AS", "play:JD", "play:JS", "play:KS", "play:QS"]


def test_left_bower_must_follow_a_trump_lead():
    # 001: "the jack of diamonds is a heart ... It can be played to a heart lead
    # and if it is led, hearts must be followed."
    hand = make(NORTH_AMERICAN, W, "AH 9C TC 9S AD | JD JS AS KS QS | KH QH TH AC KC | KD QD TD QC TS", "9H")
    run(hand, "order pass discard:QC play:AH")
    assert texts(hand) == ["play:JD"]
    hand = make(NORTH_AMERICAN, W, "JD 9C TC 9S AD | AH JS AS KS QS | KH QH TH AC KC | KD QD TD QC TS", "9H")
    run(hand, "order pass discard:QC play:JD")
    assert texts(hand) == ["play:AH"]  # the J♦ led calls for hearts


def test_trick_winners_bowers_and_queen_after_king():
    # 000 "Card Deck": J♥, J♦, A♥, K♥, Q♥, 10♥, 9♥ with hearts trump.
    hand = make(NORTH_AMERICAN, W, "AH 9C TC 9S AD | JD JS AS KS QS | KH QH TH AC KC | JH QD TD QC TS", "9H")
    run(hand, "pass pass pass order pass discard:QC")
    run(hand, "play:AH play:JD play:KH play:JH")
    assert hand.tricks[-1][2] == W  # right bower beats left bower beats A
    # Next trick, West leads; King beats Queen in trump.
    hand = make(NORTH_AMERICAN, W, "QH 9C TC 9S AD | KH JS AS KS QS | TH JH JD AC KC | 9H QD TD QC TS", "AH")
    run(hand, "order pass discard:QC play:QH play:KH play:TH play:9H")
    assert hand.tricks[-1][2] == E
    # No trump played: the highest card of the suit led wins; off-suit aces never win.
    hand = make(NORTH_AMERICAN, W, "9C AH TH 9S AD | AS JS KH KS QS | KC QH JH JD AC | QC QD TD 9H TS", "9D")
    run(hand, "pass pass pass pass name:H pass play:9C play:AS play:KC play:QC")
    assert hand.tricks[-1][2] == S


def test_lone_maker_partner_sits_out_and_left_of_loner_leads():
    # 000 "Going Alone" and "Leading": the partner sits out; left of the loner leads.
    hand = make(NORTH_AMERICAN, W, DEAL, UP)
    run(hand, "pass pass order alone")  # South alone; North sits out
    assert hand.lone == S and hand.sitting_out == (N,)
    hand.apply(hand.legal_actions()[0])  # dealer discards
    assert hand.to_act == W  # left of South
    while not hand.done:
        assert hand.to_act != N
        hand.apply(hand.legal_actions()[0])
    assert all(len(cards) == 3 for _, cards, _ in hand.tricks)
    assert hand.record.maker_alone and hand.record.makers is Side.NS


def test_dealer_left_leads_when_the_option_says_so():
    # 004: the player left of the dealer leads, the next one in the hand if out.
    rules = NORTH_AMERICAN.replace(alone_lead=AloneLead.DEALER_LEFT)
    hand = make(rules, W, DEAL, UP)
    run(hand, "pass pass order alone discard:QC")
    assert hand.to_act == E  # North (dealer's left) sits out
    hand = make(rules, W, DEAL, UP)
    run(hand, "pass pass pass order alone discard:QC")  # the dealer alone
    assert hand.to_act == N


def test_both_alone_defender_leads_and_scores_four():
    # 001: "If two players are playing alone, the defender leads"; a lone
    # defender who euchres scores 4.
    hand = make(BRITISH, W, DEAL, UP)
    run(hand, "pass order alone")
    assert hand.to_act == S and texts(hand) == ["alone", "pass"]  # first defender asked
    hand.apply("alone")
    assert hand.sitting_out == (W, N)
    assert hand.to_act == S and hand.phase_name == "play"  # dealer out: no pick-up
    while not hand.done:
        hand.apply(hand.legal_actions()[0])
    assert all(len(cards) == 2 for _, cards, _ in hand.tricks)
    assert hand.record.defender_alone and hand.record.maker_alone


def test_defend_alone_options():
    # 001 "North American Euchre": never / only against a lone maker / (British) any time.
    for rules, maker_alone, asked in [
        (NORTH_AMERICAN, True, False),
        (NORTH_AMERICAN.replace(defend_alone=DefendAlone.AGAINST_LONER), True, True),
        (NORTH_AMERICAN.replace(defend_alone=DefendAlone.AGAINST_LONER), False, False),
        (NORTH_AMERICAN.replace(defend_alone=DefendAlone.ANY), False, True),
    ]:
        hand = make(rules, W, DEAL, UP)
        run(hand, "pass order " + ("alone" if maker_alone else "pass"))
        assert (hand.phase_name == "alone") == asked, rules.defend_alone
        if asked:
            assert hand.to_act == S
            run(hand, "pass")
            assert hand.to_act == N and texts(hand) == ["alone", "pass"]


def test_passer_may_not_go_alone_option():
    # 001: "a player who has passed in the round in which trumps were made is
    # not allowed to play alone".
    rules = BRITISH.replace(passer_may_go_alone=False)
    hand = make(rules, W, DEAL, UP)
    run(hand, "pass pass order pass")  # North, East pass; South orders, declines
    # South's partner North passed: not asked. Defenders: West asked, East (passed) not.
    assert hand.to_act == W
    run(hand, "pass")
    assert hand.phase_name == "discard"
    # Without the option North and East are asked too.
    hand = make(BRITISH, W, DEAL, UP)
    run(hand, "pass pass order pass")
    assert hand.to_act == N
    run(hand, "pass pass")
    assert hand.to_act == E
    # In round 2, first-round passes do not count.
    hand = make(rules, W, DEAL, UP)
    run(hand, "pass pass pass pass pass pass name:S pass")  # South names spades, declines
    assert hand.to_act == W  # North and East passed in round 2: not asked; West (round 1 only) is


def test_canadian_dealer_partner_orders_alone():
    # 001: in Canada "if the dealer's partner orders the card up, he/she must
    # play alone; therefore the dealer's cards are laid face-down".
    hand = make(CANADIAN, W, DEAL, UP)
    run(hand, "pass order")  # East is the dealer's partner
    assert texts(hand) == ["alone"]
    hand.apply("alone")
    assert hand.sitting_out == (W,) and hand.phase_name == "play"
    assert len(hand.hands[W]) == 5  # the dealer does not pick up
    # Anyone else orders up as usual.
    hand = make(CANADIAN, W, DEAL, UP)
    run(hand, "order")
    assert texts(hand) == ["alone", "pass"]
    # North America: the dealer's partner may order up with a partner.
    hand = make(NORTH_AMERICAN, W, DEAL, UP)
    run(hand, "pass order")
    assert texts(hand) == ["alone", "pass"]


BENNY_DEAL = "JH JD AH 9C 9S | AS KS QS TS 9D | KH QH TH AC KC | AD KD QD TD QC"


def test_benny_turned_up_dealer_names_trump():
    # 001: "If the Benny is turned up then the dealer's team are automatically
    # the makers ... The dealer must choose a trump suit without looking".
    hand = make(BRITISH, W, BENNY_DEAL, "JK")
    assert hand.phase_name == "benny" and hand.to_act == W
    assert texts(hand) == ["name:C", "name:D", "name:H", "name:S"]
    run(hand, "name:C")
    assert hand.makers is Side.EW and hand.trump == 0
    run(hand, "pass pass pass pass")  # alone round: W, E, then N, S
    assert hand.phase_name == "discard" and BENNY in hand.hands[W]
    assert "discard:JK" in texts(hand)
    hand.apply("discard:TD")
    assert hand.to_act == N


def test_benny_is_highest_trump_and_belongs_to_trump():
    hand = make(BRITISH, W, "JK 9C TC 9S AD | JH JS AS KS QS | KH QH TH AC KC | JD QD TD QC TS", "9H")
    run(hand, "order pass pass pass pass discard:QC")
    run(hand, "play:JK")
    assert texts(hand) == ["play:JH"]  # the Benny led calls for trump
    run(hand, "play:JH play:KH play:JD")
    assert hand.tricks[-1][2] == N  # Benny > Right > Left


def test_joker_substitute_text():
    # 001: the two of spades can be used as a substitute for the joker.
    rules = BRITISH.replace(joker_substitute=True)
    hand = make(rules, W, BENNY_DEAL, "2S")
    assert hand.turn_up == BENNY and "up=2S" in hand.deal_text()


def test_dealer_may_not_discard_turn_up_option():
    # 003: the dealer may "switch a card in his/her hand with the flipped up card".
    hand = make(NORTH_AMERICAN.replace(dealer_may_discard_turn_up=False), W, DEAL, UP)
    run(hand, "order pass")
    assert "discard:9H" not in texts(hand) and len(texts(hand)) == 5
    hand = make(NORTH_AMERICAN, W, DEAL, UP)
    run(hand, "order pass")
    assert "discard:9H" in texts(hand) and len(texts(hand)) == 6


def test_dealer_needs_trump_to_take_up():
    # 001: dealer may take up only holding a trump; the left bower does not count.
    rules = NORTH_AMERICAN.replace(dealer_needs_trump_to_take_up=True)
    no_trump = "JH AH 9C 9S TS | AS KS QS 9D JS | KH QH TH AC KC | AD KD JD TD QC"
    hand = make(rules, W, no_trump, "9H")  # West holds only the J♦ (left bower)
    run(hand, "pass pass pass")
    assert texts(hand) == ["pass"]
    with_trump = "JD AD 9C 9S TS | AS KS QS 9D JS | KH QH TH AC KC | AH KD JH TD QC"
    hand = make(rules, W, with_trump, "9H")
    run(hand, "pass pass pass")
    assert texts(hand) == ["order", "pass"]
    # Other players may still order up without holding trump.
    hand = make(rules, W, no_trump, "9H")
    assert texts(hand) == ["order", "pass"]


def test_farmers_hand_misdeal():
    # 000 "Farmer's Hand / Misdeal": a player dealt only 9s and 10s may call a misdeal.
    farmer = "9C TC 9S TS 9D | AS KS QS JS JD | KH QH TH AC KC | AD KD QD TD QC"
    rules = NORTH_AMERICAN.replace(farmers_hand=True)
    hand = make(rules, W, farmer, "AH")
    assert texts(hand) == ["misdeal", "order", "pass"]
    hand.apply("misdeal")
    assert hand.done and hand.misdeal and hand.score is None
    hand = make(rules, W, farmer, "AH")
    hand.apply("pass")
    assert texts(hand) == ["order", "pass"]  # East's hand has faces
    assert texts(make(NORTH_AMERICAN, W, farmer, "AH")) == ["order", "pass"]


def test_maker_partner_may_go_alone():
    # 001 "Going Alone"/004: any player may play alone -- the maker's partner too.
    hand = make(WEB_GAME, W, DEAL, UP)
    run(hand, "order pass alone pass pass discard:QC")  # North orders, declines; South alone
    assert hand.lone == S and hand.sitting_out == (N,)
    assert hand.to_act == E  # 004: dealer's left (North) is out, East leads
    hand = make(NORTH_AMERICAN, W, DEAL, UP)
    run(hand, "order pass")
    assert hand.phase_name == "discard"  # only the maker may go alone here


def test_super_euchre_in_play():
    # 001 "Super-Euchre" / 002 defenders' sweep: makers take no trick -> 4.
    # North orders clubs holding none; East holds five trumps: NS cannot take a trick.
    deal = "9S TS 9D TD 9H | JC JS AC KC QC | QS KS QD KD QH | AS AD AH KH TC"
    for rules, points in ((HOUSE_ELEVEN, 4), (NORTH_AMERICAN, 2), (BRITISH, 2)):
        hand = make(rules, W, deal, "9C")
        run(hand, "order" + " pass" * (4 if rules is BRITISH else 1) + " discard:KH")
        while not hand.done:
            hand.apply(hand.legal_actions()[0])
        assert hand.record.maker_tricks == 0
        assert (hand.score.side, hand.score.points) == (Side.EW, points)


def test_illegal_actions_raise_and_leave_state_unchanged():
    hand = make(NORTH_AMERICAN, W, DEAL, UP)
    before = hand.to_text()
    for bad in ("discard:9C", "play:JH", "name:S", "alone", "misdeal", 999):
        with pytest.raises((RuleViolation, ValueError)):
            hand.apply(bad)
    assert hand.to_text() == before
    run(hand, "order pass discard:QC")
    with pytest.raises(RuleViolation, match="does not hold"):
        hand.apply("play:AS")
    with pytest.raises(ValueError):
        hand.apply("play:XX")
    while not hand.done:
        hand.apply(hand.legal_actions()[-1])
    with pytest.raises(RuleViolation, match="over"):
        hand.apply("pass")
    assert hand.legal_actions() == ()


def test_action_text_round_trip():
    for word in ("pass", "order", "alone", "misdeal", "name:H", "discard:9C", "play:JH", "play:JK"):
        assert action_text(parse_action(word)) == word
    assert parse_action("PLAY:10h") == parse_card("TH")
    for bad in ("bid", "name:X", "play:", "discard"):
        with pytest.raises(ValueError):
            parse_action(bad)


def test_text_form_replays_identically():
    hand = make(BRITISH, W, DEAL, UP)
    run(hand, "order pass pass pass pass discard:QC play:JH")
    text = hand.to_text()
    again = Hand.from_text(BRITISH, text)
    assert again.to_text() == text and again.to_act == hand.to_act
    assert again.legal_actions() == hand.legal_actions()
    with pytest.raises(ValueError):
        Hand.from_text(BRITISH, "dealer=W up=9H ; pass")


def test_copy_is_independent():
    hand = make(NORTH_AMERICAN, W, DEAL, UP)
    run(hand, "order pass discard:QC")
    other = hand.copy()
    other.apply(other.legal_actions()[0])
    assert len(hand.history) + 1 == len(other.history)
    assert len(hand.hands[N]) == 5 and len(other.hands[N]) == 4


def test_two_neighbours_sitting_out_are_both_skipped():
    # Dealer North; East orders, West (East's partner) goes alone, North defends
    # alone: East and South sit out, only West and North play.
    british_any_partner = BRITISH.replace(
        preset=CUSTOM, dealer_partner_orders_alone=False, dealer_partner_alone_any_round=False
    )
    for rules, leader in ((WEB_GAME, W), (british_any_partner, N)):
        hand = make(rules, N, DEAL, UP)
        run(hand, "order pass alone pass alone")
        assert hand.sitting_out == (E, S)
        if hand.phase_name == "discard":
            hand.apply(hand.legal_actions()[0])
        assert hand.to_act == leader  # 004: next in from dealer's left; 001: the defender leads
        hand.apply(hand.legal_actions()[0])
        assert hand.to_act == (N if leader == W else W)
        while not hand.done:
            assert hand.to_act in (N, W)
            hand.apply(hand.legal_actions()[0])
        assert all(len(cards) == 2 for _, cards, _ in hand.tricks)


def test_thirty_two_card_sevens_and_eights_are_lowest():
    # 001 "32 card Euchre": the 8s and 7s are the lowest cards of each suit.
    rules = PRESETS["thirty_two"]
    hand = make(rules, W, "8C 9S TS QS KS | 7C 9D TD QD KD | 9C 9H TH QH KH | AC AS AD AH 8D", "7S")
    run(hand, "order pass discard:8D play:8C play:7C play:9C play:AC")
    assert hand.tricks[-1][2] == W
    assert len(hand.undealt) == 11  # 32 cards: 20 dealt, the turn-up, 11 undealt
    # With spades trump, the 8♠ beats the 7♠ and loses to the 9♠.
    hand = make(rules, W, "8S 9C TC QC KC | 7S 9D TD QD KD | 9S 9H TH QH KH | AC AD AH 8C 8D", "7C")
    run(hand, "pass pass pass pass name:S pass play:8S play:7S")
    assert texts(hand) == ["play:9S"]
    run(hand, "play:9S play:AC")
    assert hand.tricks[-1][2] == S


@pytest.mark.parametrize(
    ("rules", "any_round"), [(BRITISH, True), (PRESETS["thirty_three"], True), (CANADIAN, False)]
)
def test_dealer_partner_must_go_alone_in_british_and_canadian_rules(rules, any_round):
    # 001 line 53: "The dealer's partner can only make the turned up suit trumps by playing alone."
    hand = make(rules, W, DEAL, UP)
    run(hand, "pass order")
    assert texts(hand) == ["alone"]
    # Round 2: British (001 line 53, "the dealer's partner cannot make trumps
    # and play with a partner") forces it too; Canadian (001 line 108, "if the
    # dealer's partner orders the card up") only restricts the turn-up.
    assert rules.dealer_partner_alone_any_round is any_round
    hand = make(rules, W, DEAL, UP)
    run(hand, "pass pass pass pass pass name:S")  # East, the dealer's partner, names spades
    assert texts(hand) == (["alone"] if any_round else ["alone", "pass"])
    # Nobody else is restricted in round 2.
    hand = make(rules, W, DEAL, UP)
    run(hand, "pass pass pass pass name:S")
    assert texts(hand) == ["alone", "pass"]


def test_dealer_partner_alone_any_round_option():
    # The option on the Canadian game (still "canadian": not a fixed field).
    rules = CANADIAN.replace(dealer_partner_alone_any_round=True)
    assert rules.preset == "canadian"
    hand = make(rules, W, DEAL, UP)
    run(hand, "pass pass pass pass pass name:S")
    assert texts(hand) == ["alone"]
    with pytest.raises(RuleViolation, match="the dealer's partner who named trump must play alone"):
        hand.apply("pass")
    hand.apply("alone")
    assert hand.sitting_out == (W,) and hand.to_act == S  # no pick-up in round 2; left of East leads
    # The dealer himself is never forced (stick the dealer names as usual).
    hand = make(rules.replace(stick_the_dealer=True), W, DEAL, UP)
    run(hand, "pass pass pass pass pass pass pass name:S")
    assert texts(hand) == ["alone", "pass"]


# --- ace-no-face, the loner-right lead, the 003 preset ---------------------------


def test_ace_no_face_misdeal():
    # 000 line 111: "most add rules allowing hands without face cards to be redealt".
    no_face = "AC TC 9S AS 9D | KS QS JS JD TS | KH QH TH KC QC | AD KD QD TD 9C"
    rules = NORTH_AMERICAN.replace(ace_no_face=True)
    hand = make(rules, W, no_face, "AH")
    assert texts(hand) == ["misdeal", "order", "pass"]  # aces, 10s and 9s: no face
    hand.apply("misdeal")
    assert hand.done and hand.misdeal and hand.score is None
    # Not a farmer's hand (it has aces): only the ace-no-face option offers it.
    assert texts(make(NORTH_AMERICAN.replace(farmers_hand=True), W, no_face, "AH")) == ["order", "pass"]
    assert texts(make(NORTH_AMERICAN, W, no_face, "AH")) == ["order", "pass"]
    # A Jack is a face card; so is the Benny.
    hand = make(rules, W, no_face, "AH")
    hand.apply("pass")
    assert texts(hand) == ["order", "pass"]
    with pytest.raises(RuleViolation, match="no Jack, Queen or King"):
        hand.apply("misdeal")
    benny = make(BRITISH.replace(ace_no_face=True), W, "AC TC 9S AS JK | " + no_face.split("|", 1)[1], "AH")
    assert "misdeal" not in texts(benny)


def test_ace_no_face_misdeal_is_dealt_again_by_the_same_dealer():
    from euchre_tourney.play import Game

    rules = NORTH_AMERICAN.replace(ace_no_face=True)
    game = Game(rules, first_dealer=2, rng=3)
    for _ in range(200):
        if "misdeal" in game.hand.legal_action_texts():
            dealer = game.hand.dealer
            game.apply("misdeal")
            assert game.hands[-1].misdeal and game.hand.dealer == dealer
            return
        game.apply(game.legal_actions()[0] if game.hand.phase_name != "bid1" else "pass")
    raise AssertionError("no ace-no-face hand in 200 actions")


def test_loner_right_lead():
    # 001 line 190: "if you play a loner you never get the lead ... the player
    # to your right leads first".
    rules = NORTH_AMERICAN.replace(alone_lead=AloneLead.LONER_RIGHT)
    hand = make(rules, W, DEAL, UP)
    run(hand, "pass pass order alone discard:QC")  # South alone
    assert hand.to_act == E  # South's right
    hand = make(rules, W, DEAL, UP)
    run(hand, "order alone discard:QC")  # North alone
    assert hand.to_act == W
    # Both alone: the loner never leads, the lone defender does.
    rules = rules.replace(defend_alone=DefendAlone.ANY)
    hand = make(rules, W, DEAL, UP)
    run(hand, "pass pass order alone alone")  # South alone, West defends alone
    assert hand.sitting_out == (N, E) and hand.to_act == W
    # A lone defender against a full side: the player to that defender's right.
    hand = make(rules, W, DEAL, UP)
    run(hand, "pass pass order pass pass alone")  # South orders, East defends alone
    assert hand.sitting_out == (W,) and hand.to_act == N
    # The other choices for the same deal, unchanged.
    hand = make(NORTH_AMERICAN, W, DEAL, UP)
    run(hand, "pass pass order alone discard:QC")
    assert hand.to_act == W


def test_four_player_preset_in_play():
    # 003: stick the dealer (line 36), left of the dealer leads (line 40),
    # defenders 4 for all five tricks (line 49).
    rules = PRESETS["four_player"]
    hand = make(rules, W, DEAL, UP)
    run(hand, "pass pass pass pass pass pass pass")
    assert texts(hand) == ["name:C", "name:D", "name:S"]
    hand = make(rules, W, DEAL, UP)
    run(hand, "pass pass order alone discard:QC")
    assert hand.to_act == E  # North (dealer's left) sits out: the next in the hand
    deal = "9S TS 9D TD 9H | JC JS AC KC QC | QS KS QD KD QH | AS AD AH KH TC"
    hand = make(rules, W, deal, "9C")
    run(hand, "order pass discard:KH")
    while not hand.done:
        hand.apply(hand.legal_actions()[0])
    assert (hand.record.maker_tricks, hand.score.side, hand.score.points) == (0, Side.EW, 4)


# --- refusals name the rule (issue 5) -----------------------------------------------


def test_refusals_name_the_rule():
    hand = make(NORTH_AMERICAN.replace(stick_the_dealer=True), W, DEAL, UP)
    run(hand, "pass pass pass pass pass pass pass")
    with pytest.raises(RuleViolation, match=r"the dealer must name trump \(stick the dealer\)"):
        hand.apply("pass")
    with pytest.raises(RuleViolation, match="the turned-down suit cannot be named in the second round"):
        hand.apply("name:H")
    rules = NORTH_AMERICAN.replace(dealer_needs_trump_to_take_up=True)
    hand = make(rules, W, "JH AH 9C 9S TS | AS KS QS 9D JS | KH QH TH AC KC | AD KD JD TD QC", "9H")
    run(hand, "pass pass pass")
    with pytest.raises(RuleViolation, match="the dealer may take up the turn-up only when already holding a trump"):
        hand.apply("order")
    hand = make(CANADIAN, W, DEAL, UP)
    run(hand, "pass order")
    with pytest.raises(RuleViolation, match="the dealer's partner who ordered up must play alone"):
        hand.apply("pass")
    hand = make(NORTH_AMERICAN.replace(dealer_may_discard_turn_up=False), W, DEAL, UP)
    run(hand, "order pass")
    with pytest.raises(RuleViolation, match="may not discard the turn-up"):
        hand.apply("discard:9H")
    with pytest.raises(RuleViolation, match="these rules have no misdeal"):
        make(NORTH_AMERICAN, W, DEAL, UP).apply("misdeal")


def test_follow_suit_refusal_explains_the_left_bower():
    # 001 line 32: "if hearts are trumps, the jack of diamonds is a heart not a diamond".
    hand = make(NORTH_AMERICAN, W, "AD 9C TC 9S AH | JD 9D AS KS QS | KH QH TH AC KC | KD QD TD QC TS", "9H")
    run(hand, "order pass discard:QC play:AD")
    with pytest.raises(RuleViolation) as exc:
        hand.apply("play:JD")
    message = exc.value.message
    assert "East must follow suit" in message and "a diamond was led and East holds one" in message
    assert "the Jack of diamonds is a heart this hand (left bower)" in message and "play:9D" in message
    with pytest.raises(RuleViolation, match="the Ace of spades is not a diamond"):
        hand.apply("play:AS")
    # A trump lead, and the Benny.
    hand = make(BRITISH, W, "AD 9C TC 9S AH | JK 9D AS KS QS | KH QH TH AC KC | KD QD TD QC TS", "9H")
    run(hand, "order pass pass pass pass discard:QC play:AD")
    with pytest.raises(RuleViolation, match="a diamond was led and East holds one; the Benny is a trump"):
        hand.apply("play:JK")
    hand = make(NORTH_AMERICAN, W, "AH 9C TC 9S AD | JH AS KS QS JC | KH QH TH AC KC | KD QD TD QC TS", "9H")
    run(hand, "order pass discard:QC play:AH")
    with pytest.raises(RuleViolation, match="a trump was led and East holds one; the Ace of spades is not a trump"):
        hand.apply("play:AS")


def test_messages_are_not_built_for_legal_actions(monkeypatch):
    """The refusal texts cost nothing on the path of legal play."""

    def boom(*args):
        raise AssertionError("message built for a legal action")

    monkeypatch.setattr(Hand, "_why_illegal", boom)
    import random

    rng = random.Random(5)
    for key in sorted(PRESETS):
        for i in range(20):
            hand = Hand.deal(PRESETS[key], i % 4, rng)
            while not hand.done:
                legal = hand.legal_actions()
                hand.apply(legal[int(rng.random() * len(legal))])


# --- deal and argument errors (issue 6) ---------------------------------------------


def test_deal_errors_name_the_card_as_given():
    with pytest.raises(RuleViolation, match=r"JH \(the Jack of hearts\) was dealt twice"):
        make(NORTH_AMERICAN, W, DEAL, "JH")
    with pytest.raises(RuleViolation, match=r"^2S is not in the 24-card pack"):
        make(NORTH_AMERICAN, W, DEAL.replace("9S", "2S"), UP)
    with pytest.raises(RuleViolation, match=r"^JK is not in the 24-card pack"):
        make(NORTH_AMERICAN, W, DEAL, "JK")
    with pytest.raises(RuleViolation, match=r"7S, 8S are not in the 24-card pack"):
        make(NORTH_AMERICAN, W, DEAL.replace("9S", "7S").replace("9D", "8S"), UP)
    with pytest.raises(RuleViolation, match="'XX' is not a card"):
        make(NORTH_AMERICAN, W, DEAL.replace("9S", "XX"), UP)
    with pytest.raises(RuleViolation, match="'ZZ' is not a card"):
        make(NORTH_AMERICAN, W, DEAL, "ZZ")
    with pytest.raises(RuleViolation, match="'1X' is not a card"):
        Hand(NORTH_AMERICAN, W, [h.split() for h in DEAL.split("|")], UP, ["JC", "1X", "TC"])
    hands = [[parse_card(c) for c in h.split()] for h in DEAL.split("|")]
    hands[0][0] = True  # a bool is not a card code
    with pytest.raises(RuleViolation, match="True is not in the 24-card pack"):
        Hand(NORTH_AMERICAN, W, hands, UP)


@pytest.mark.parametrize("dealer", [7, -1, 4, True, "N", 1.0])
def test_dealer_outside_the_four_seats_refused(dealer):
    with pytest.raises(RuleViolation, match="one of the four seats"):
        Hand.deal(NORTH_AMERICAN, dealer, 1)
    with pytest.raises(RuleViolation, match="one of the four seats"):
        make(NORTH_AMERICAN, dealer, DEAL, UP)


def test_bools_and_floats_are_not_actions():
    # In the 32-card pack the 8♣ is card 1 == True: apply(True) must not play it.
    rules = PRESETS["thirty_two"]
    hand = make(rules, W, "8C 9S TS QS KS | 7C 9D TD QD KD | 9C 9H TH QH KH | AC AS AD AH 8D", "7S")
    run(hand, "order pass discard:8D")
    assert parse_card("8C") == 1 and 1 in hand.legal_actions()
    before = hand.to_text()
    for bad in (True, 1.0, None):
        with pytest.raises(RuleViolation, match="is not an action"):
            hand.apply(bad)
    assert hand.to_text() == before
    with pytest.raises(RuleViolation, match="is not an action"):
        make(NORTH_AMERICAN, W, DEAL, UP).apply(False)
    with pytest.raises(RuleViolation, match="'XX' is not a euchre card"):
        hand.apply("play:XX")
    hand.apply(1)
    assert hand.trick == [1]
