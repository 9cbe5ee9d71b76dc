"""Cards as small integers, their text form, and the effective suit and rank
of every card once trump is known.

Encoding (stable: it appears in logs and replays only through the text form):

* suits ``CLUBS=0, DIAMONDS=1, HEARTS=2, SPADES=3``; text ``C D H S``.
* ranks ``0..7`` for ``7 8 9 T J Q K A``; text ``7 8 9 T J Q K A``
  (``10`` is accepted on input for the ten).
* a card is ``suit * 8 + rank`` (``0..31``); the Benny (joker) is ``32``,
  text ``JK`` (``2S`` when the rule set plays the two of spades as the Benny,
  001 "Rank of Cards": "If your pack of cards has no joker, the two of spades
  can be used as a substitute").

Why integers: the play engine looks up the effective suit and the trick
strength of a card in per-(rule set, trump) tables (:class:`TrumpTable`),
which is what makes tens of thousands of random hands per second possible in
pure Python (issue 3, benchmark). No card object is allocated on that path.

Sources for the ranks: 000 "Card Deck" (24 cards; Right Bower, Left Bower, A,
K, Q, 10, 9 in trump, the Left Bower a trump "for ALL purposes"), 001 "Rank of
Cards" (the Benny above the Right Bower; Benny and Left belong to the trump
suit) and "32 card Euchre" (7s and 8s the lowest cards of each suit).
"""

from __future__ import annotations

from functools import lru_cache

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUITS = (CLUBS, DIAMONDS, HEARTS, SPADES)
SUIT_LETTERS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"

SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)
RANK_LETTERS = "789TJQKA"
RANK_NAMES = ("7", "8", "9", "10", "Jack", "Queen", "King", "Ace")

BENNY = 32
"""The joker (or its substitute, the two of spades): the highest trump (001)."""

N_CARDS = 33
"""Card codes run ``0..32``; tables indexed by card have this length."""


def card(rank: int, suit: int) -> int:
    """The code of the card of ``rank`` (``SEVEN..ACE``) and ``suit``."""
    return suit * 8 + rank


def suit_of(c: int) -> int:
    """Printed suit of a card (``-1`` for the Benny)."""
    return -1 if c == BENNY else c >> 3


def rank_of(c: int) -> int:
    """Printed rank of a card (``-1`` for the Benny)."""
    return -1 if c == BENNY else c & 7


def same_colour(suit: int) -> int:
    """The other suit of the same colour (clubs/spades, diamonds/hearts)."""
    return 3 - suit


def right_bower(trump: int) -> int:
    """The jack of the trump suit."""
    return card(JACK, trump)


def left_bower(trump: int) -> int:
    """The jack of the other suit of the trump's colour (000, 001)."""
    return card(JACK, same_colour(trump))


def deck(deck_size: int) -> tuple[int, ...]:
    """The pack of ``deck_size`` cards (24, 25, 32 or 33), in code order.

    24: 9–A of each suit (000); 25: the same plus the Benny (001 "Rank of
    Cards"); 32: 7–A of each suit, 33: plus the Benny (001 "32 card Euchre",
    "Six Player Euchre", Guernsey's 33 cards). ``ValueError`` otherwise.
    """
    return _deck(deck_size)


@lru_cache(maxsize=None)
def _deck(deck_size: int) -> tuple[int, ...]:
    if deck_size not in (24, 25, 32, 33):
        raise ValueError(f"a euchre pack has 24, 25, 32 or 33 cards, not {deck_size}")
    low = NINE if deck_size in (24, 25) else SEVEN
    cards = [card(r, s) for s in SUITS for r in range(low, ACE + 1)]
    if deck_size in (25, 33):
        cards.append(BENNY)
    return tuple(cards)


def card_text(c: int, benny_text: str = "JK") -> str:
    """Compact text of a card: ``"9C"``, ``"TH"``, ``"JD"``, ``"AS"``; the
    Benny is ``benny_text`` (``"JK"``, or ``"2S"`` with the substitute)."""
    if c == BENNY:
        return benny_text
    if not 0 <= c < 32:
        raise ValueError(f"no card has code {c}")
    return RANK_LETTERS[c & 7] + SUIT_LETTERS[c >> 3]


def card_name(c: int) -> str:
    """Words for a card, e.g. ``"Jack of diamonds"``, ``"the Benny"``."""
    if c == BENNY:
        return "the Benny"
    return f"{RANK_NAMES[c & 7]} of {SUIT_NAMES[c >> 3]}"


_BENNY_WORDS = {"JK", "JOKER", "BENNY", "BN", "2S"}


def parse_card(text: str) -> int:
    """Inverse of :func:`card_text` (case-insensitive; ``10H`` for ``TH``;
    ``JK``, ``JOKER``, ``BENNY`` and ``2S`` all mean the Benny).

    Raises ``ValueError`` for text that names no euchre card.
    """
    t = text.strip().upper()
    if t in _BENNY_WORDS:
        return BENNY
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANK_LETTERS or t[1] not in SUIT_LETTERS:
        raise ValueError(f"{text!r} is not a euchre card (write e.g. 9C, TH, JD, AS or JK)")
    return card(RANK_LETTERS.index(t[0]), SUIT_LETTERS.index(t[1]))


def parse_suit(text: str) -> int:
    """``"C"``/``"clubs"``/``"♣"`` etc. to a suit number (``ValueError`` if not a suit)."""
    t = text.strip()
    for s in SUITS:
        if t.upper() in (SUIT_LETTERS[s], SUIT_NAMES[s].upper()) or t == SUIT_SYMBOLS[s]:
            return s
    raise ValueError(f"{text!r} is not a suit (C, D, H or S)")


class TrumpTable:
    """Everything the engine needs to know about the cards once ``trump`` is
    fixed, as lists indexed by card code (length :data:`N_CARDS`).

    * ``suit[c]``: the effective suit -- the trump suit for the Left Bower and
      the Benny (000 "Left Bower behaviour"; 001 "Benny and Left count for all
      purposes as belonging to the trump suit").
    * ``strength[led][c]``: for a trick whose lead has effective suit ``led``,
      a number that is larger for the card that beats: trumps ``100 + order``
      (Benny > Right > Left > A > K > Q > 10 > 9 > 8 > 7), cards of the suit
      led ``10 + order`` (A > K > Q > J > 10 > 9 > 8 > 7), other cards ``0``
      (they never win). 000 "Winning the trick"; 001 "The Play".
    * ``trump_order[c]``: position in the trump order, 0 for the highest
      trump; ``-1`` for a card that is not trump.
    * ``follows[led]``: a function ``card -> bool``, true for the cards that
      follow a lead of effective suit ``led`` (a bound ``list.__getitem__``,
      so that ``filter(follows[led], hand)`` runs in C).
    """

    __slots__ = ("trump", "suit", "strength", "trump_order", "follows")

    def __init__(self, trump: int) -> None:
        self.trump = trump
        left = left_bower(trump)
        right = right_bower(trump)
        suit = [0] * N_CARDS
        for c in range(32):
            suit[c] = c >> 3
        suit[left] = trump
        suit[BENNY] = trump
        self.suit = suit
        # Trump order, highest first.
        order = [BENNY, right, left] + [card(r, trump) for r in (ACE, KING, QUEEN, TEN, NINE, EIGHT, SEVEN)]
        self.trump_order = [-1] * N_CARDS
        for i, c in enumerate(order):
            self.trump_order[c] = i
        self.strength = []
        for led in SUITS:
            row = [0] * N_CARDS
            for c in range(N_CARDS):
                if suit[c] == trump:
                    row[c] = 100 + (len(order) - self.trump_order[c])
                elif suit[c] == led:
                    row[c] = 10 + (c & 7)
            self.strength.append(row)
        self.follows = [[suit[c] == led for c in range(N_CARDS)].__getitem__ for led in SUITS]


TRUMP_TABLES: tuple[TrumpTable, ...] = tuple(TrumpTable(s) for s in SUITS)
"""One :class:`TrumpTable` per trump suit (they do not depend on the rule
set: cards absent from a smaller pack simply never occur)."""

__all__ = [
    "ACE",
    "BENNY",
    "CLUBS",
    "DIAMONDS",
    "EIGHT",
    "HEARTS",
    "JACK",
    "KING",
    "NINE",
    "N_CARDS",
    "QUEEN",
    "RANK_LETTERS",
    "RANK_NAMES",
    "SEVEN",
    "SPADES",
    "SUITS",
    "SUIT_LETTERS",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "TEN",
    "TRUMP_TABLES",
    "TrumpTable",
    "card",
    "card_name",
    "card_text",
    "deck",
    "left_bower",
    "parse_card",
    "parse_suit",
    "rank_of",
    "right_bower",
    "same_colour",
    "suit_of",
]
