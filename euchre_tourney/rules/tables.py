"""Rules of the euchres for other tables than four players in two fixed
partnerships (and of the four-seat games that need a card passed between
partners, a bid by number of tricks or no-trump): the packs, the ranking of
the cards in them, the sides, and the scores.

A joker turned up makes the dealer the maker, who names trump before looking
(001 line 141: "If the card turned up is a joker, then dealer calls the
trump before looking in his or her hand"; the Benny likewise, 001 line 59:
"The dealer must choose a trump suit without looking at her cards").

The four-seat rule sets of :mod:`.ruleset` are :class:`TableRules` too
(:meth:`TableRules.from_ruleset`: four seats in two partnerships with the
four-seat options -- going and defending alone after trump is made,
misdeals, the dealer's take-up and discard rules, the Benny's ``2S``, loner
points, win by two, the lead against a loner), so that the general engine
(:mod:`euchre_tourney.play.table`) plays every game; the fast four-seat
engine keeps its :class:`RuleSet`. Stdlib only.

Cards: the codes of :mod:`.cards` (``suit * 8 + rank`` for 0..31, the Benny
32) plus the three Almonte jokers ``33, 34, 35`` (text ``2S 3S 4S``), and, in
the double pack, the second copy of a card is its code plus :data:`COPY`
(text with a ``'``: ``AS'``).

Sources (``shared/rules/``, cited by number and line as in :mod:`.ruleset`):
000 lines 106-110 (call for best, no-trump, two-handed, cutthroat, bid
euchre), 001 lines 93-101 (six player), 120 (railroading), 133-147 (Almonte
six-hand and its four-hand variation), 003 lines 59-102 (five player euchre,
partner pick). Where a text leaves a rule out (two-handed, cutthroat and bid
euchre have no scoring in any text) the choice made is said at the preset,
as a choice.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from euchre_tourney.rules.scoring import RuleViolation
from euchre_tourney.rules.cards import (
    ACE,
    BENNY,
    EIGHT,
    JACK,
    KING,
    NINE,
    QUEEN,
    RANK_LETTERS,
    SEVEN,
    SUIT_LETTERS,
    SUITS,
    TEN,
    card,
    card_name,
    left_bower,
    right_bower,
)

JOKER2, JOKER3, JOKER4 = 33, 34, 35
"""The Almonte jokers: "represented by the 2,3,and 4 of spades" (001 line 139)."""
COPY = 64
"""Added to a card's code for its second copy in the double pack."""
NO_TRUMP = -1
"""The trump of a no-trump hand (000 line 107)."""

_JOKER_TEXT = {BENNY: "JK", JOKER2: "2S", JOKER3: "3S", JOKER4: "4S"}


def base(c: int) -> int:
    """The card's code without the copy mark."""
    return c & (COPY - 1)


def is_joker(c: int) -> bool:
    """The Benny or an Almonte joker."""
    return base(c) >= BENNY


def printed_suit(c: int) -> int:
    """Printed suit (``-1`` for a joker)."""
    b = base(c)
    return -1 if b >= BENNY else b >> 3


def text(c: int) -> str:
    """Compact text: ``9C``, ``JK``, ``4S`` (Almonte joker), ``AS'`` (second copy)."""
    b = base(c)
    word = _JOKER_TEXT.get(b) or (RANK_LETTERS[b & 7] + SUIT_LETTERS[b >> 3])
    return word + ("'" if c & COPY else "")


def name(c: int) -> str:
    """Words for a card, e.g. ``"Ace of spades"``, ``"the 4 of spades (joker)"``."""
    b = base(c)
    if b == BENNY:
        words = "the Benny"
    elif b > BENNY:
        words = f"the {text(b)[0]} of spades (joker)"
    else:
        words = card_name(b)
    return words + (" (second pack)" if c & COPY else "")


def parse(word: str) -> int:
    """Inverse of :func:`text` (``ValueError`` for anything else)."""
    t = word.strip().upper()
    copy = 0
    if t.endswith("'"):
        copy, t = COPY, t[:-1]
    for code, w in _JOKER_TEXT.items():
        if t == w:
            return code + copy
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANK_LETTERS or t[1] not in SUIT_LETTERS:
        raise ValueError(f"{word!r} is not a card (write e.g. 9C, TH, JD, AS, JK or 4S)")
    return card(RANK_LETTERS.index(t[0]), SUIT_LETTERS.index(t[1])) + copy


PACKS: dict[str, str] = {
    "24": "24 cards: 9 to ace of each suit (000)",
    "25": "25 cards: 9 to ace and the Benny (001)",
    "28": "28 cards: 8 to ace of each suit (003)",
    "32": "32 cards: 7 to ace of each suit (001)",
    "33": "33 cards: 7 to ace and the Benny (001)",
    "double50": "50 cards: two 25-card packs (001)",
    "almonte31": "Almonte: 8, 9, 10, J, Q, K, A of each suit and three jokers (001)",
    "almonte21": "Almonte four-hand: 21 cards with three jokers (001)",
}
"""The packs and their description.

The Almonte six-hand pack: 001 line 139 says "a 30 card deck consisting of
8-9-10-Q-K-A-J in each suit, plus three jokers" -- the list is 31 cards, and
line 141 deals "5 cards to each of the 6 players and then turns over the last
one (i.e. no hidden cards)": 30 dealt and the 31st turned up, so the list is
followed. The four-hand pack is 001 line 147: "the Q-K-A-J of clubs and
diamonds, the 10-Q-K-A-J of hearts and spades, plus the 3 jokers"."""


@lru_cache(maxsize=None)
def pack(key: str) -> tuple[int, ...]:
    """The cards of pack ``key`` (:data:`PACKS`), in code order (``ValueError`` if unknown)."""
    def ranks(low: int) -> list[int]:
        return [card(r, s) for s in SUITS for r in range(low, ACE + 1)]

    if key == "24":
        return tuple(ranks(NINE))
    if key == "25":
        return tuple(ranks(NINE) + [BENNY])
    if key == "28":
        return tuple(ranks(EIGHT))
    if key == "32":
        return tuple(ranks(SEVEN))
    if key == "33":
        return tuple(ranks(SEVEN) + [BENNY])
    if key == "double50":
        one = ranks(NINE) + [BENNY]
        return tuple(one + [c + COPY for c in one])
    if key == "almonte31":
        return tuple([card(r, s) for s in SUITS for r in (EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE)] + [JOKER2, JOKER3, JOKER4])
    if key == "almonte21":
        low = [card(r, s) for s in (0, 1) for r in (JACK, QUEEN, KING, ACE)]
        high = [card(r, s) for s in (2, 3) for r in (TEN, JACK, QUEEN, KING, ACE)]
        return tuple(low + high + [JOKER2, JOKER3, JOKER4])
    raise ValueError(f"unknown pack {key!r}: the packs are {', '.join(PACKS)}")


def is_red(suit: int) -> bool:
    """Diamonds and hearts."""
    return suit in (1, 2)


@lru_cache(maxsize=None)
def ranking(trump: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """``(suit, strength)`` for ``trump`` (a suit or :data:`NO_TRUMP`), both
    indexed by base card code (0..35).

    ``suit[c]`` is the effective suit: the Left Bower and every joker belong
    to the trump suit (001 line 32: "Benny and Left count for all purposes as
    belonging to the trump suit"); in no-trump every card keeps its printed
    suit and there are no bowers (000 line 107: "the highest card of the suit
    led wins every trick with no bowers"). ``strength[led][c]`` is larger for
    the card that beats: the trump order is the 4, 3 and 2 of spades (001
    line 139: "spade4 is the highest trump, followed by spade3, spade2, right
    bower, left bower, A, K, Q, 10, 9"), the Benny, the Right and Left
    Bowers, A K Q 10 9 8 7; cards of the suit led ``A K Q J 10 9 8 7``; other
    cards 0. Strengths are even, so that a Benny can be made one stronger
    (:func:`strength`).
    """
    suit = [-1] * 36
    for c in range(32):
        suit[c] = c >> 3
    order: list[int] = []
    if trump != NO_TRUMP:
        for c in (JOKER4, JOKER3, JOKER2, BENNY):
            suit[c] = trump
        suit[left_bower(trump)] = trump
        order = [JOKER4, JOKER3, JOKER2, BENNY, right_bower(trump), left_bower(trump)]
        order += [card(r, trump) for r in (ACE, KING, QUEEN, TEN, NINE, EIGHT, SEVEN)]
    strength = []
    for led in SUITS:
        row = [0] * 36
        for c in range(36):
            if trump != NO_TRUMP and suit[c] == trump:
                row[c] = 200 + 2 * (len(order) - order.index(c))
            elif suit[c] == led and c < 32:
                row[c] = 20 + 2 * (c & 7)
        strength.append(tuple(row))
    return tuple(suit), tuple(strength)


def effective_suit(c: int, trump: int) -> int:
    """The suit a card follows and leads as (see :func:`ranking`)."""
    return ranking(trump)[0][base(c)]


def strength(c: int, led: int, trump: int, bennies_by_colour: bool = False) -> int:
    """Trick strength of ``c`` in a trick led in effective suit ``led``.

    With ``bennies_by_colour`` (a double pack whose two Bennies are red and
    black) the Benny of the trump's colour is one stronger (001 line 97: "If
    the two Bennies are red and black, the one which is the same colour as
    the trump suit beats the other one"); the second copy is the red one.
    """
    s = ranking(trump)[1][led][base(c)]
    if bennies_by_colour and base(c) == BENNY and trump != NO_TRUMP:
        if bool(c & COPY) == is_red(trump):
            s += 1
    return s


def trick_winner(cards: list[int], trump: int, double: bool = False, bennies_by_colour: bool = False) -> int:
    """Index in ``cards`` (in the order played) of the card that wins.

    The highest trump, else the highest card of the suit led (000 line 85,
    "Winning the trick"). In a double pack, 001 line 97: "if two equally
    high cards are played to a trick, the second to be played beats the
    first": with ``double`` an equal later card wins.
    """
    led = effective_suit(cards[0], trump)
    best, best_s = 0, strength(cards[0], led, trump, bennies_by_colour)
    for i in range(1, len(cards)):
        s = strength(cards[i], led, trump, bennies_by_colour)
        if s > best_s or (double and s == best_s and s > 0):
            best, best_s = i, s
    return best


DEFEND_ALONE = ("never", "against_loner", "any")
"""The values of :attr:`TableRules.defend_alone` (:class:`~euchre_tourney.rules.DefendAlone`)."""
ALONE_LEADS = ("loner_left", "dealer_left", "loner_right")
"""The values of :attr:`TableRules.alone_lead` (:class:`~euchre_tourney.rules.AloneLead`)."""

SIDES = ("partners", "maker_alone", "partner_card")
"""How the sides are made: ``partners`` -- fixed partnerships, partners
sitting alternately (two of two opposite as in 000; or, 001 line 95, "two
teams of three, sitting alternately"); ``maker_alone`` -- the maker against
everyone else (000 line 109: "one player makes trump and plays solo; the
other 2 partner temporarily for this hand", and two-handed, line 108: "play
is solo"); ``partner_card`` -- the maker names a card and its holder is a
secret partner (003 line 87)."""

BIDDINGS = ("turn_up", "auction")
"""``turn_up``: the two rounds of the turn-up (000 "Bidding"); ``auction``:
bids by number of tricks, the highest bidder names trump (000 line 110:
"each player bids a number of tricks (2-5); higher bid wins")."""

EXCHANGES = ("none", "ask_partner", "call_for_best", "railroad")
"""What a lone maker's partners may pass: ``ask_partner`` -- the six-player
lone player asks one partner for a card (001 line 99: "the lone player can
ask one of them for a card. The partner asked gives a card of his choice");
``call_for_best`` -- the four-seat lone maker takes the partner's best card
and discards one (000 line 106, "Call for Best", read as the exchange with
the partner the issue describes; the text's "dealer's turn-up card's
equivalent" names no card); ``railroad`` -- 001 line 120: "you may pass your
partner a card (your best card) face down. Before looking at this card
partner must choose whether to discard a card from hand and take the card
offered in exchange, or to discard the offered card"."""


@dataclass(frozen=True, slots=True)
class TableRules:
    """The rules of one N-seat game. Invalid values raise ``ValueError``.

    Points are per player (``maker_alone``, ``partner_card``: each maker,
    each defender) or per side (``partners``). With ``hand_size`` cards the
    makers need a majority of the tricks (three of five, six of ten).
    """

    preset: str = "cutthroat"
    players: int = 3
    pack: str = "24"
    hand_size: int = 5
    sides: str = "maker_alone"
    bidding: str = "turn_up"
    target: int = 10
    stick_the_dealer: bool = False
    """The dealer must name trump (or, in an auction, bid) when everyone else passed."""
    may_go_alone: bool = True
    """The maker may play alone (partnerships: the partners sit out; partner
    card: no partner is named, 003 line 102)."""
    no_trump: bool = False
    """No-trump may be named instead of a suit (000 line 107)."""
    exchange: str = "none"
    """:data:`EXCHANGES`."""
    bennies_by_colour: bool = False
    """Double pack: the Bennies are red and black (001 line 97)."""
    makers_points: int = 1
    march_points: int = 2
    loner_march_points: int = 4
    euchre_points: int = 2
    defenders_march_points: int = 0
    """Defenders who take every trick (0: a plain euchre). 003 line 96-98: "If
    the defenders win all five tricks, they are awarded four points"."""
    defender_alone_euchre_points: int = 0
    """A lone defender who euchres the makers (0: no defender plays alone in
    this game). The six-player games follow 001's British game, where
    "Either a member of the makers side or a defender may play alone" (001
    line 65) and "the defenders score 4 points instead of 2" (line 86); six
    player: "If the winner is playing alone the score is 6 points instead of
    4" (line 101). Only the scoring knows it: neither the practice table nor
    the tally card offers a defender going alone."""
    min_bid: int = 2
    max_bid: int = 5
    # --- the four-seat options (rules/ruleset.py), for TableRules.from_ruleset ----------
    loner_points: int = 0
    """A lone maker's majority short of a march (0: as ``makers_points``;
    002: 2, see :attr:`RuleSet.loner_points`)."""
    win_by_two: bool = False
    """The game goes on until a unit has ``target`` and leads by two (004 "Winning")."""
    alone_round: bool = False
    """Going alone is a decision of its own after trump is made, as in the
    four-seat game (001 "Going Alone", 000 "Going Alone"): the maker says
    ``alone`` or ``pass``, then (with the options below) the maker's partner
    and the defenders; the makers' ``order!``/``name!`` are not offered.
    Fixed partnerships of four in a turn-up game only."""
    defend_alone: str = "never"
    """``never``, ``against_loner`` or ``any`` (:class:`DefendAlone`; 000,
    001, 004): with :attr:`alone_round`, whether a defender may play alone."""
    maker_partner_may_go_alone: bool = False
    """The maker's partner may go alone instead of the maker (001 "Going Alone", 004)."""
    passer_may_go_alone: bool = True
    """False: a player who passed in the round trump was made may not play alone (001)."""
    dealer_partner_orders_alone: bool = False
    """The dealer's partner who orders up must play alone (001 lines 53 and 108)."""
    dealer_partner_alone_any_round: bool = False
    """... naming trump in the second round too (001 line 53; :class:`RuleSet`)."""
    dealer_may_discard_turn_up: bool = True
    """The dealer who picks up may discard the turn-up itself (000 line 74, 001 line 53)."""
    dealer_needs_trump_to_take_up: bool = False
    """The dealer may take up only when already holding its suit, the Left Bower not counted (001)."""
    farmers_hand: bool = False
    """A player dealt only 9s and 10s (7s and 8s too) may call a misdeal in the first round (000 line 105)."""
    ace_no_face: bool = False
    """A player dealt no Jack, Queen or King (the Benny counts as a face) may call a misdeal (000 line 111)."""
    joker_substitute: bool = False
    """The two of spades plays as the Benny and is written ``2S`` (001 "Rank of Cards"; 25 or 33 cards)."""
    alone_lead: str = "loner_left"
    """Who leads when someone plays alone in a partnership: ``loner_left``,
    ``dealer_left`` or ``loner_right`` (:class:`AloneLead`; 000 line 82,
    001 lines 69 and 190, 002, 003, 004)."""

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 6:
            raise ValueError(f"a euchre table has 2 to 6 players, not {self.players}")
        cards = pack(self.pack)
        if self.sides not in SIDES:
            raise ValueError(f"sides must be one of {', '.join(SIDES)}")
        if self.bidding not in BIDDINGS:
            raise ValueError(f"bidding must be one of {', '.join(BIDDINGS)}")
        if self.exchange not in EXCHANGES:
            raise ValueError(f"exchange must be one of {', '.join(EXCHANGES)}")
        if self.hand_size < 1 or self.players * self.hand_size > len(cards) - (self.bidding == "turn_up"):
            raise ValueError(
                f"a {len(cards)}-card pack cannot deal {self.hand_size} cards to {self.players} players"
                + (" and turn one up" if self.bidding == "turn_up" else "")
            )
        if self.sides == "partners" and self.players not in (4, 6):
            raise ValueError("fixed partnerships need four or six players")
        if self.target < 1:
            raise ValueError("the target score must be at least 1")
        if self.no_trump and any(is_joker(c) for c in cards):
            raise ValueError("no-trump cannot be played with a pack that has jokers (no text ranks them)")
        if self.exchange != "none" and self.sides != "partners":
            raise ValueError("a card passes to a lone player only between fixed partners")
        if self.bidding == "auction" and not 1 <= self.min_bid <= self.max_bid <= self.hand_size:
            raise ValueError("bids run from the least to the most tricks a hand has")
        if self.bennies_by_colour and self.pack != "double50":
            raise ValueError("red and black Bennies need the double pack")
        if self.defender_alone_euchre_points and (self.sides != "partners" or self.bidding != "turn_up"):
            raise ValueError("a defender plays alone only against fixed partners in a turn-up game")
        if self.defender_alone_euchre_points and self.defender_alone_euchre_points < self.euchre_points:
            raise ValueError("a lone defender's euchre cannot score less than a euchre")
        self._check_four_seat_options()

    def _check_four_seat_options(self) -> None:
        if self.loner_points < 0:
            raise ValueError("loner points must be 0 (as the makers' points) or more")
        if self.defend_alone not in DEFEND_ALONE:
            raise ValueError(f"defend alone must be one of {', '.join(DEFEND_ALONE)}")
        if self.alone_lead not in ALONE_LEADS:
            raise ValueError(f"the lead against a loner must be one of {', '.join(ALONE_LEADS)}")
        if self.alone_round and (self.sides != "partners" or self.players != 4 or self.bidding != "turn_up" or self.exchange != "none"):
            raise ValueError("going alone after trump is made is a four-seat partnership game's rule (turn-up, no card passed)")
        if not self.alone_round and (
            self.defend_alone != "never"
            or self.maker_partner_may_go_alone
            or not self.passer_may_go_alone
            or self.dealer_partner_orders_alone
        ):
            raise ValueError("defending alone, a partner or passer going alone and the dealer's partner's rule need alone_round")
        if self.defend_alone != "never" and not self.defender_alone_euchre_points:
            raise ValueError("a defender who may play alone needs defender_alone_euchre_points")
        if self.dealer_partner_alone_any_round and not self.dealer_partner_orders_alone:
            raise ValueError("dealer_partner_alone_any_round needs dealer_partner_orders_alone")
        if (self.farmers_hand or self.ace_no_face or self.dealer_needs_trump_to_take_up) and self.bidding != "turn_up":
            raise ValueError("misdeals and the dealer's take-up rule belong to a turn-up game")
        if self.joker_substitute and self.pack not in ("25", "33"):
            raise ValueError("the two of spades can stand in for the Benny only in a 25 or 33-card pack")

    @classmethod
    def from_ruleset(cls, rules: Any) -> TableRules:
        """The four-seat :class:`~euchre_tourney.rules.RuleSet` ``rules`` as
        a :class:`TableRules`, so that the general engine
        (:class:`~euchre_tourney.play.table.TableHand`) plays it exactly as
        the four-seat :class:`~euchre_tourney.play.hand.Hand` does
        (``tests/play/test_differential.py``): four seats in two
        partnerships, the turn-up, going and defending alone after trump is
        made (:attr:`alone_round`), every option of the rule set (sources:
        the :class:`RuleSet` fields' docstrings). The preset key stays the
        rule set's (``"north_american"`` ... or ``"custom"``). ``TypeError``
        for anything that is not a :class:`RuleSet`."""
        from euchre_tourney.rules.ruleset import DefendAlone, RuleSet

        if not isinstance(rules, RuleSet):
            raise TypeError(f"{rules!r} is not a four-seat RuleSet")
        return cls(
            preset=rules.preset,
            players=4,
            pack=str(rules.deck_size),
            hand_size=5,
            sides="partners",
            bidding="turn_up",
            target=rules.target,
            win_by_two=rules.win_by_two,
            stick_the_dealer=rules.stick_the_dealer,
            may_go_alone=True,
            makers_points=rules.makers_points,
            loner_points=rules.loner_points,
            march_points=rules.march_points,
            loner_march_points=rules.loner_march_points,
            euchre_points=rules.euchre_points,
            defenders_march_points=rules.super_euchre_points,
            defender_alone_euchre_points=(
                0 if rules.defend_alone is DefendAlone.NEVER else rules.defender_alone_euchre_points
            ),
            alone_round=True,
            defend_alone=rules.defend_alone.value,
            maker_partner_may_go_alone=rules.maker_partner_may_go_alone,
            passer_may_go_alone=rules.passer_may_go_alone,
            dealer_partner_orders_alone=rules.dealer_partner_orders_alone,
            dealer_partner_alone_any_round=rules.dealer_partner_alone_any_round,
            dealer_may_discard_turn_up=rules.dealer_may_discard_turn_up,
            dealer_needs_trump_to_take_up=rules.dealer_needs_trump_to_take_up,
            farmers_hand=rules.farmers_hand,
            ace_no_face=rules.ace_no_face,
            joker_substitute=rules.joker_substitute,
            alone_lead=rules.alone_lead.value,
        )

    @property
    def benny_text(self) -> str:
        """How the Benny is written: ``2S`` where the two of spades stands in for it, else ``JK``."""
        return "2S" if self.joker_substitute else "JK"

    def card_text(self, c: int) -> str:
        """:func:`text` under these rules (the Benny ``2S`` with :attr:`joker_substitute`)."""
        if self.joker_substitute and base(c) == BENNY:
            return "2S" + ("'" if c & COPY else "")
        return text(c)

    def parse_card(self, word: str) -> int:
        """Inverse of :meth:`card_text` (``ValueError`` for no card)."""
        c = parse(word)
        if self.joker_substitute and base(c) == JOKER2:
            return BENNY + (c & COPY)
        return c

    @property
    def double(self) -> bool:
        """Two copies of every card (001 line 95)."""
        return self.pack == "double50"

    @property
    def need(self) -> int:
        """Tricks the makers need: a majority of the hand."""
        return self.hand_size // 2 + 1

    @property
    def title(self) -> str:
        if self.preset in TABLE_TITLES:
            return TABLE_TITLES[self.preset]
        from euchre_tourney.rules.ruleset import PRESET_TITLES

        if self.preset in PRESET_TITLES:
            return PRESET_TITLES[self.preset]
        return "Custom rules" if self.preset == "custom" else self.preset

    def replace(self, **changes: Any) -> TableRules:
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableRules:
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown rule options: {', '.join(sorted(unknown))}")
        key = data.get("preset")
        base_rules = cls()
        if isinstance(key, str):
            from euchre_tourney.rules.ruleset import PRESETS

            if key in TABLE_PRESETS:
                base_rules = TABLE_PRESETS[key]
            elif key in PRESETS:
                base_rules = cls.from_ruleset(PRESETS[key])
        return base_rules.replace(**data)


def score_table_hand(
    rules: TableRules,
    makers: frozenset[int],
    alone: bool,
    maker_tricks: int,
    bid: int = 0,
    *,
    defender_alone: bool = False,
) -> dict[int, int]:
    """Points each seat scores for a hand (seats not in the dict score 0;
    under ``partners`` the points go to every seat of the side, which scores
    once). ``makers`` are the seats of the making side; ``alone`` a lone maker
    (not the maker who is alone by the rules of ``maker_alone``; under
    ``partner_card`` also the maker whose partner card was not dealt);
    ``defender_alone`` a defender who played alone (only where
    ``rules.defender_alone_euchre_points`` says one may, ``RuleViolation``
    otherwise).

    Turn-up games: the makers' majority scores ``makers_points``, every trick
    ``march_points`` (``loner_march_points`` alone); fewer than a majority is
    a euchre, ``euchre_points`` to every defender (``defenders_march_points``
    when they took every trick, 003 line 96-98), ``defender_alone_euchre_points``
    when a defender played alone. 001 line 101, six player: "The score for
    winning all the tricks or euchring the makers is 3 points instead of 2.
    If the winner is playing alone the score is 6 points instead of 4" --
    the winner of a euchre is the defending side, so the 6 is a lone
    defender's (001 line 86: "If a member of the defenders' team is playing
    alone and succeeds in winning at least 3 tricks, thereby euchring the
    makers, the defenders score 4 points instead of 2"); defenders who are
    not alone score 3 against a lone maker as against any.

    Auction games (no text gives their score; the choice made): makers who
    take at least their bid score the tricks they took, each; makers who
    fall short lose the bid, each; defenders score nothing.
    """
    if defender_alone and not rules.defender_alone_euchre_points:
        raise RuleViolation(f"No defender plays alone in {rules.title}.")
    if alone and not rules.may_go_alone and rules.sides != "partner_card":
        raise RuleViolation(f"Nobody plays alone in {rules.title}.")
    everyone = range(rules.players)
    defenders = [s for s in everyone if s not in makers]
    out: dict[int, int] = {}
    if rules.bidding == "auction":
        points = maker_tricks if maker_tricks >= bid else -bid
        for s in makers:
            out[s] = points
        return out
    if maker_tricks >= rules.need:
        if maker_tricks == rules.hand_size:
            points = rules.loner_march_points if alone else rules.march_points
        else:
            points = (rules.loner_points or rules.makers_points) if alone else rules.makers_points
        for s in makers:
            out[s] = points
    else:
        points = rules.euchre_points
        if maker_tricks == 0 and rules.defenders_march_points:
            points = max(points, rules.defenders_march_points)
        if defender_alone:
            points = max(points, rules.defender_alone_euchre_points)
        for s in defenders:
            out[s] = points
    return out


TWO_HANDED = TableRules(
    preset="two_handed", players=2, pack="24", hand_size=10, sides="maker_alone", may_go_alone=False
)
"""Two-handed euchre, 000 line 108: "each player receives 10 cards instead of
5; suits below 10 are omitted and play is solo". The 24-card pack deals ten
each and turns up the 21st (the text's "suits below 10 are omitted" would
leave 20 cards and no turn-up; the choice made keeps the turn-up). The maker
needs six of the ten tricks; points as in 000's four-seat game (1, 2 for all
ten, 2 to the other player for a euchre), to 10 -- no text scores it."""

CUTTHROAT = TableRules(preset="cutthroat", players=3, pack="24", sides="maker_alone", may_go_alone=False)
"""Three-handed cutthroat, 000 line 109: "one player makes trump and plays
solo; the other 2 partner temporarily for this hand". 24 cards, five each,
the turn-up; the maker scores 1 for three or four tricks and 2 for five, a
euchre scores 2 to each of the other two; to 10 (no text scores it; 000's
four-seat points, per player)."""

FIVE_PARTNER_PICK = TableRules(
    preset="five_partner_pick",
    players=5,
    pack="28",
    sides="partner_card",
    stick_the_dealer=True,
    defenders_march_points=4,
)
"""Five player euchre, 003: "28 card deck (8s up to the aces in each suit);
five players" (line 61), "be the first player to ten points" (line 67);
stick the dealer (line 83: "The dealer must choose a trump suit if no other
player decides one"); "The player that determines the trump will pick
his/her partner by stating a playing card" (line 87); "forced to play alone
if the playing card selected for determining a partner is buried in the
remaining deck" (line 102); the attackers score 1 for three or four tricks,
2 for five, the defenders 2 and 4 for five (line 96); alone, 4 for five."""

BID_FIVE = TableRules(
    preset="bid_five",
    players=5,
    pack="28",
    sides="partner_card",
    bidding="auction",
    stick_the_dealer=True,
    no_trump=True,
    may_go_alone=False,
    min_bid=2,
    max_bid=5,
)
"""Five-handed bid euchre, 000 line 110: "each player bids a number of
tricks (2-5); higher bid wins; partner is drafted based on a called card".
The text says "24-card", which cannot deal five cards to five players: the
five-player pack of 003 (28 cards) is used. The high bidder names trump or
no-trump (000 line 107) and a partner card. No text scores it: the makers
score the tricks they took if they made the bid, each, or lose the bid; to
10."""

BID_FOUR = TableRules(
    preset="bid_four",
    players=4,
    pack="24",
    sides="partners",
    bidding="auction",
    stick_the_dealer=True,
    no_trump=True,
    may_go_alone=False,
    min_bid=2,
    max_bid=5,
)
"""Bid euchre for four in two partnerships (003 line 19: "Bid Euchre is a
fun alternative way to play. Four players typically play in teams of two"):
the 24-card pack, five cards each, one auction round of bids 2 to 5 (000
line 110), the high bidder names trump or no-trump; the same scores as the
five-handed game, per side, to 10."""

SIX_PLAYER_33 = TableRules(
    preset="six_player_33",
    players=6,
    pack="33",
    sides="partners",
    exchange="ask_partner",
    target=11,
    march_points=3,
    euchre_points=3,
    loner_march_points=6,
    defender_alone_euchre_points=6,
)
"""Six player euchre (001 lines 93-101): "two teams of three, sitting
alternately", the 33-card pack (line 95: "adds the sevens and eights to the
pack, making 33 cards"); the lone player asks a partner for a card (line
99); 3 for a march or a euchre, and 6 when the winner is alone -- a lone
maker's march or a lone defender's euchre; defenders who are not alone
score 3 against a lone maker (line 101); to 11 as the British game (line
88)."""

SIX_PLAYER_DOUBLE = SIX_PLAYER_33.replace(preset="six_player_double", pack="double50", bennies_by_colour=True)
"""Six player euchre with the double pack, 001 line 95-97: "a double 25
card pack - 50 cards in all"; "if two equally high cards are played to a trick, the second to
be played beats the first. If the two Bennies are red and black, the one
which is the same colour as the trump suit beats the other one" (line 97;
the option ``bennies_by_colour`` off: the second Benny played wins)."""

ALMONTE_SIX = SIX_PLAYER_33.replace(preset="almonte_six", pack="almonte31", target=15)
"""Six hand Almonte euchre (001 lines 133-145): three jokers above the
bowers (line 139), all cards dealt and the last turned up (line 141),
"Scoring is the same as for British six player Euchre described above, but
play is up to fifteen" (line 143)."""

ALMONTE_FOUR = TableRules(
    preset="almonte_four",
    players=4,
    pack="almonte21",
    sides="partners",
    target=15,
    march_points=3,
    euchre_points=3,
    loner_march_points=6,
    defender_alone_euchre_points=6,
)
"""Almonte's four-hand variation (001 line 147): "A four-hand variation is
played with 21 cards ... scoring is the same as in six-hand" (3 and 6, to
15)."""

FOUR_CALL_FOR_BEST = TableRules(
    preset="four_call_for_best", players=4, pack="24", sides="partners", exchange="call_for_best"
)
"""The North American four-seat game with call for best (000 line 106): a
lone maker takes the partner's best card and discards one."""

FOUR_RAILROAD = TableRules(preset="four_railroad", players=4, pack="24", sides="partners", exchange="railroad")
"""The four-seat game with railroading (001 line 120)."""

FOUR_NO_TRUMP = TableRules(preset="four_no_trump", players=4, pack="24", sides="partners", no_trump=True)
"""The four-seat game where no-trump may be named in the second round (000
line 107: "some groups allow a player to declare 'no trump' as an
alternative")."""

TABLE_PRESETS: dict[str, TableRules] = {
    r.preset: r
    for r in (
        TWO_HANDED,
        CUTTHROAT,
        BID_FOUR,
        ALMONTE_FOUR,
        FOUR_CALL_FOR_BEST,
        FOUR_RAILROAD,
        FOUR_NO_TRUMP,
        FIVE_PARTNER_PICK,
        BID_FIVE,
        SIX_PLAYER_33,
        SIX_PLAYER_DOUBLE,
        ALMONTE_SIX,
    )
}
"""Every N-seat preset by its key."""

TABLE_TITLES: dict[str, str] = {
    "two_handed": "Two-handed (2 players)",
    "cutthroat": "Cutthroat (3 players)",
    "bid_four": "Bid euchre (4 players, partners)",
    "almonte_four": "Almonte four-hand, 21 cards (4 players)",
    "four_call_for_best": "Call for best (4 players)",
    "four_railroad": "Railroading (4 players)",
    "four_no_trump": "No-trump allowed (4 players)",
    "five_partner_pick": "Partner pick (5 players)",
    "bid_five": "Bid euchre (5 players)",
    "six_player_33": "Six player, 33 cards (3 against 3)",
    "six_player_double": "Six player, double pack (3 against 3)",
    "almonte_six": "Six hand Almonte (3 against 3)",
}

TABLE_SOURCES: dict[str, str] = {
    "two_handed": "000",
    "cutthroat": "000",
    "bid_four": "000, 003",
    "almonte_four": "001",
    "four_call_for_best": "000",
    "four_railroad": "001",
    "four_no_trump": "000",
    "five_partner_pick": "003",
    "bid_five": "000, 003",
    "six_player_33": "001",
    "six_player_double": "001",
    "almonte_six": "001",
}


# --- a hand as a scorer enters it (tables of six, bid euchre) ------------------------------


def _whole(value: object, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise RuleViolation(f"{what} must be a whole number from {low} to {high}, not {value!r}.")
    return value


@dataclass(frozen=True, slots=True)
class SideHandEntry:
    """A hand of a partnership game at a table of four or six (six-player
    three against three, Almonte, bid euchre for four) as a tally card
    records it: the making side (0: seats 1, 3, 5; 1: seats 2, 4, 6 -- the
    sides sit alternately), the tricks the makers took, whether the maker
    played alone, and, in bid euchre, the bid.

    :meth:`score` validates and returns ``(side, points)``: the side that
    scores and its points (negative for makers who fell short of a bid),
    with :func:`score_table_hand` -- the one scoring the practice table
    uses too. ``RuleViolation`` with a sentence for anything the rules do
    not allow."""

    makers: int
    maker_tricks: int
    alone: bool = False
    bid: int = 0

    def score(self, rules: TableRules) -> tuple[int, int]:
        if rules.sides != "partners":
            raise RuleViolation(f"{rules.title} is not played in fixed partnerships: a tally card records its sides per hand.")
        if self.makers not in (0, 1) or isinstance(self.makers, bool):
            raise RuleViolation("Say which side made trump: the first side (seats 1, 3, 5) or the second (2, 4, 6).")
        tricks = _whole(self.maker_tricks, "The makers' tricks", 0, rules.hand_size)
        if not isinstance(self.alone, bool):
            raise RuleViolation(f"Playing alone is yes or no, not {self.alone!r}.")
        if self.alone and not rules.may_go_alone:
            raise RuleViolation(f"Nobody plays alone in {rules.title}.")
        if rules.bidding == "auction":
            bid = _whole(self.bid, "The bid", rules.min_bid, rules.max_bid)
        elif self.bid:
            raise RuleViolation(f"{rules.title} has no bids: leave the bid empty.")
        else:
            bid = 0
        seat = self.makers
        makers = frozenset(s for s in range(rules.players) if s % 2 == seat)
        by_side = {s % 2: p for s, p in score_table_hand(rules, makers, self.alone, tricks, bid).items()}
        side = next(iter(by_side))  # every hand scores for exactly one side
        return side, by_side[side]
