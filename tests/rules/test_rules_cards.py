"""Cards, decks and the per-trump tables, against the rule texts' examples."""

from __future__ import annotations

import pytest

from euchre_tourney.rules.cards import (
    BENNY,
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    TRUMP_TABLES,
    card_name,
    card_text,
    deck,
    left_bower,
    parse_card,
    parse_suit,
    right_bower,
)


def c(text: str) -> int:
    return parse_card(text)


@pytest.mark.parametrize(("size", "lowest"), [(24, "9"), (25, "9"), (32, "7"), (33, "7")])
def test_decks(size, lowest):
    cards = deck(size)
    assert len(cards) == len(set(cards)) == size
    assert (BENNY in cards) == (size in (25, 33))
    assert min(card_text(x)[0] for x in cards if x != BENNY and card_text(x)[0].isdigit()) == lowest


def test_bad_deck_size():
    with pytest.raises(ValueError):
        deck(28)


def test_text_round_trip_and_aliases():
    for x in deck(33):
        assert parse_card(card_text(x)) == x
    assert parse_card("10h") == c("TH")
    assert parse_card("joker") == parse_card("2S") == parse_card("benny") == BENNY
    assert card_text(BENNY, "2S") == "2S"
    assert card_name(c("JD")) == "Jack of diamonds"
    assert parse_suit("♥") == parse_suit("hearts") == parse_suit("H") == HEARTS
    for bad in ("1H", "JX", "", "AAA"):
        with pytest.raises(ValueError):
            parse_card(bad)
    with pytest.raises(ValueError):
        parse_suit("X")


def test_bowers():
    assert right_bower(HEARTS) == c("JH") and left_bower(HEARTS) == c("JD")
    assert right_bower(SPADES) == c("JS") and left_bower(SPADES) == c("JC")


def test_left_bower_belongs_to_trump():
    # 000: hearts trump -> the J♦ counts as a heart.
    t = TRUMP_TABLES[HEARTS]
    assert t.suit[c("JD")] == HEARTS
    assert t.suit[c("QD")] == DIAMONDS
    assert t.suit[BENNY] == HEARTS
    # 004: spades trump -> Jack of clubs is the Left Bower.
    assert TRUMP_TABLES[SPADES].suit[c("JC")] == SPADES
    assert TRUMP_TABLES[SPADES].suit[c("JH")] == HEARTS


def test_trump_order_hearts_example():
    # 000: hearts trump -> J♥, J♦, A♥, K♥, Q♥, 10♥, 9♥; 001: the Benny above all.
    t = TRUMP_TABLES[HEARTS]
    order = [BENNY] + [c(x) for x in ("JH", "JD", "AH", "KH", "QH", "TH", "9H", "8H", "7H")]
    strengths = [t.strength[CLUBS][x] for x in order]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == len(order)
    assert [t.trump_order[x] for x in order] == list(range(10))
    # Queen after King (and the Queen before the 10) in trump.
    assert t.strength[HEARTS][c("KH")] > t.strength[HEARTS][c("QH")] > t.strength[HEARTS][c("TH")]
    assert t.trump_order[c("AS")] == -1


def test_plain_suit_order_and_off_suit_cards_never_win():
    t = TRUMP_TABLES[HEARTS]
    led = CLUBS
    order = [c(x) for x in ("AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C")]
    s = [t.strength[led][x] for x in order]
    assert s == sorted(s, reverse=True) and len(set(s)) == 8
    assert t.strength[led][c("AS")] == 0  # neither trump nor the suit led
    assert t.strength[led][c("9H")] > t.strength[led][c("AC")]  # any trump beats the suit led
    # The Left Bower is not a diamond: it cannot win a diamond trick as a diamond, only as trump.
    assert t.strength[DIAMONDS][c("JD")] > t.strength[DIAMONDS][c("AD")]
