"""Rule sets: the presets of the rule sources and their options.

A :class:`RuleSet` is a frozen value; every preset names the source file in
``../shared/rules/`` it follows. Options that another source plays differently
are fields here, never a fork of the engine (DESIGN.md, "Rules").

Source files (``shared/rules/``), cited below by their number (and line):

* ``000_97ebbbce988d32d6.txt`` -- "How to Play Euchre" (North American summary).
* ``001_688f579a72ad153d.txt`` -- "Columbus book of Euchre": British/Cornish
  game with the Benny, North American, Canadian, 32/33-card variants, options.
* ``002_f063af9ccbf0fe91.txt`` -- house rules (to 11).
* ``003_fbe02a109bcf7c2e.txt`` -- four- and five-player euchre.
* ``004_b6cdd40bd7c0dc62.txt`` -- a web game's rules.

What is deliberately not a rule set here, and why:

* games for other than four players in two partnerships -- two-handed and
  cut-throat/Buck (000 lines 108-109, 001 "Buck Euchre"), 003's five-player
  partner pick, 001's six-player and six-hand Almonte games: a four-seat
  scorecard cannot record them;
* bid euchre (000 line 110, 001) -- an auction of trick counts, and no-trump
  (000 line 107) -- no source gives its scoring: both need another kind of
  bidding and score entry, not an option;
* railroading (001 "Railroading") -- a card passes between partners;
* call for best (000 line 106: "Call for Best: a lone maker may replace
  their weakest card with the dealer's turn-up card's equivalent") -- not
  for its players or a card passed between partners, but because the only
  source never says which card "the dealer's turn-up card's equivalent" is,
  nor what happens when the dealer has taken the turn-up or it was turned
  down, so no rule can be written from it faithfully;
* 001's four-hand Almonte game (line 147: "A four-hand variation is played
  with 21 cards: the Q-K-A-J of clubs and diamonds, the 10-Q-K-A-J of hearts
  and spades, plus the 3 jokers; scoring is the same as in six-hand") --
  four players in two partnerships, so not excluded for its players but for
  its pack: three ranked jokers (the 4, 3 and 2 of spades above the Right
  Bower, line 139), an uneven pack without 9s, all 21 cards in play (20 dealt
  and the last turned up, line 141) and the six-hand scores (3 for a march or
  a euchre, 6 alone, line 101) need a new card model (more than one Benny,
  new card codes and per-trump tables on the engine's hot path), and the
  source gives the game in one sentence by reference to six-hand rules (no
  target of its own; line 143 plays to fifteen or by league rounds). The
  scores alone could be an option; the pack cannot, so it is left out.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class DefendAlone(StrEnum):
    """Whether a defender may play alone (001 "North American Euchre": "Some
    people do not allow a defender to play alone ... Some only allow a
    defender to play alone against a lone maker"; 001 "Going Alone" and 004
    "Going alone" allow it at any time; 000 "Defending Alone" against a loner).
    """

    NEVER = "never"
    AGAINST_LONER = "against_loner"
    ANY = "any"


class AloneLead(StrEnum):
    """Who leads the first trick when someone plays alone.

    * ``LONER_LEFT``: the player to the lone player's left (000 line 82
      "Leading": "if someone is a loner, it is the player to the loner's
      LEFT"; 001 line 69 "The Play": "If one player is playing alone, the
      person to that player's left leads first"); when a maker and a defender
      are both alone, the lone defender leads (001 line 69: "If two players
      are playing alone, the defender leads").
    * ``DEALER_LEFT``: the player to the dealer's left as always, or the next
      player clockwise who is in the hand (003 line 40 "Game Play": "The
      player left of the dealer plays the first card", and 003 line 53 on
      playing alone: "The game play is similar to the above description
      except with only three players playing"; 002 line 36: "Once a team has
      declared trump, the player to the left of the dealer plays the first
      card"; 004 says it only in a release note, line 107: "First player to
      play is now the one to the left of the dealer").
    * ``LONER_RIGHT``: the lone player never leads the first trick: the
      player to the lone player's right leads (001 line 190, "Lay-down
      loner": "In some places, a variation is played in which if you play a
      loner you never get the lead. If the player to your right leads
      first ..."). When a maker and a defender are both alone they are the
      only two in the hand, and the lone defender leads (the lone maker
      never does), as under ``LONER_LEFT``. A lone defender against a full
      side is a loner too: the player to that defender's right leads.
    """

    LONER_LEFT = "loner_left"
    DEALER_LEFT = "dealer_left"
    LONER_RIGHT = "loner_right"


CUSTOM = "custom"
"""The ``preset`` of a rule set that changes what a preset stands for (its
pack, its points or the dealer's partner rule, see :data:`PRESET_FIXED`)."""

PRESET_FIXED = (
    "deck_size",
    "makers_points",
    "march_points",
    "loner_points",
    "loner_march_points",
    "euchre_points",
    "defender_alone_euchre_points",
    "dealer_partner_orders_alone",
)
"""The fields a rule set keeps from its preset while it carries the preset's
name: the pack and the points a hand scores (what a scorecard with the
preset's title promises), and whether the dealer's partner must go alone
(the rule that makes Canadian differ from North American, 001 line 108).
Everything else is an option of any preset, as the sources list them: the
target (001 line 88: "Sometimes people play to 15 points ... or to 10
points"), win by two, stick the dealer, the super-euchre (001 line 118, a
variation of the North American game), going and defending alone, the
lead, misdeals. A rule set that changes a fixed field must say
``preset="custom"``."""

_INT_FIELDS = (
    "deck_size",
    "target",
    "makers_points",
    "march_points",
    "loner_points",
    "loner_march_points",
    "euchre_points",
    "defender_alone_euchre_points",
    "super_euchre_points",
)
_BOOL_FIELDS = (
    "win_by_two",
    "stick_the_dealer",
    "dealer_partner_orders_alone",
    "maker_partner_may_go_alone",
    "passer_may_go_alone",
    "dealer_may_discard_turn_up",
    "farmers_hand",
    "dealer_needs_trump_to_take_up",
    "joker_substitute",
    "dealer_partner_alone_any_round",
    "ace_no_face",
)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The rules of one event or practice game (four players, two
    partnerships, partners opposite).

    Points are whole game points; ``target`` is the score that wins a game.
    Invalid values raise ``ValueError`` from the constructor (and so from
    :meth:`replace` and :meth:`from_dict`). Each field's docstring names the
    source file it follows.
    """

    preset: str = "north_american"
    """Key in :data:`PRESETS` of the preset this rule set started from, or
    ``"custom"`` (:data:`CUSTOM`). A rule set named after a preset keeps the
    preset's :data:`PRESET_FIXED` fields (``ValueError`` otherwise)."""
    deck_size: int = 24
    """24 (9–A, 000), 25 (plus the Benny, 001 "Rank of Cards"), 32 (7–A,
    001 "32 card Euchre") or 33 (32 plus the Benny, 001 Guernsey). Every
    pack deals five cards each; one card is turned up and the rest stay
    undealt under it (000 "Setup and Deal", 001 "The Deal")."""
    target: int = 10
    """Points that win a game: 10 (000, 001 North American, 004) or 11
    (001 British, 002)."""
    win_by_two: bool = False
    """The game goes on until a side has ``target`` and leads by two (004
    "Winning")."""
    makers_points: int = 1
    """Makers take 3 or 4 tricks (000 "Scoring", 001 "Scoring")."""
    march_points: int = 2
    """Makers take all 5 tricks with a partner (000, 001)."""
    loner_points: int = 1
    """A lone maker takes 3 or 4 tricks: 1 (001, 004), 2 (002 "Bidder goes
    alone and wins three or four tricks = 2 points")."""
    loner_march_points: int = 4
    """A lone maker takes all 5 tricks (000, 001, 002, 004)."""
    euchre_points: int = 2
    """Defenders score when the makers take fewer than 3 tricks (000, 001)."""
    defender_alone_euchre_points: int = 4
    """A lone defender euchres the makers (001: "the defenders score 4 points
    instead of 2"; 000 "Defending alone"; 004)."""
    defend_alone: DefendAlone = DefendAlone.NEVER
    """Whether a defender may play alone (:class:`DefendAlone`; 000, 001, 004)."""
    stick_the_dealer: bool = False
    """If the first three players pass in the second round the dealer must
    name trump (000 line 76 "Stick the Dealer": "the dealer MUST name trump in
    round 2 rather than pass"; 001 line 116 "Stick the Dealer": "if the first
    three players pass, the dealer must name a suit"; 003 line 36: "The
    dealer must choose a trump suit if no other player decides one").
    Otherwise a hand where all four pass twice is thrown in and the next
    player deals (000 line 76: "the hand is thrown in and the next dealer
    deals"; 001 line 55: "the cards are thrown in and the next player
    deals"; 004 line 35: "the deal is ruined and a new hand is dealt" -- 004
    does not say by whom; the deal rotates as after any hand)."""
    super_euchre_points: int = 0
    """Points to the defenders when the makers take no trick at all; 0 means
    no such rule (a plain euchre), otherwise more than ``euchre_points``.
    001 line 118 "The Super-Euchre": "Some play that the defending team then
    scores 4 points"; 002 line 48: "Defending team wins all five tricks = 4
    points" (the defenders' sweep); 003 line 49: "If the defenders win all
    five tricks, they are awarded four points." A lone defender scores the
    larger of this and ``defender_alone_euchre_points``."""
    alone_lead: AloneLead = AloneLead.LONER_LEFT
    """Who leads when someone plays alone (:class:`AloneLead`; 000, 001,
    002, 003, 004)."""
    dealer_partner_orders_alone: bool = False
    """The dealer's partner may accept the turn-up only by going alone (001
    line 53, British "Making trump": "The dealer's partner can only make the
    turned up suit trumps by playing alone"; 001 line 108, "North American
    Euchre": "In other places - Australia, England and Canada - if the
    dealer's partner orders the card up, he/she must play alone"). Whether
    this also holds when the partner names trump in the second round is
    ``dealer_partner_alone_any_round``."""
    maker_partner_may_go_alone: bool = False
    """After trump is made, the maker's partner, not only the maker, may
    announce playing alone (the maker then sits out). 001 "Going Alone":
    "any player may announce that they are playing alone"; 004 "every player
    has the opportunity". Without it only the player who made trump may go
    alone (000 "Going Alone")."""
    passer_may_go_alone: bool = True
    """False: a player who passed in the round in which trump was made may
    not play alone (001: "Some play that a player who has passed in the round
    in which trumps were made is not allowed to play alone")."""
    dealer_may_discard_turn_up: bool = True
    """The dealer who picks up may discard the turn-up itself: the sources
    say only that the dealer discards a card (000 line 74: "the dealer PICKS
    UP the turn-up card into their hand and discards one card face-down";
    001 line 53: "the dealer adds the up-card to her hand and discards a
    card face-down"; 002 line 30; 004 line 33). False is a house variant
    (no source requires it): the turn-up must stay and the dealer's discard
    is another card, as a strict reading of 003 line 32 ("the dealer gets to
    switch a card in his/her hand with the flipped up card") would have it --
    003's wording permits the switch, it does not forbid discarding the
    turn-up, so 003's preset keeps True."""
    farmers_hand: bool = False
    """A player dealt only 9s and 10s (and 7s and 8s in the 32/33-card packs)
    may call a misdeal at their turn in the first round; the same dealer
    deals again (000 line 105 "Farmer's Hand / Misdeal": "a player dealt only
    9s and 10s may declare a misdeal and reshuffle")."""
    dealer_needs_trump_to_take_up: bool = False
    """When the first three pass, the dealer may take up the turn-up only if
    already holding a card of its suit (the Left Bower does not count, the
    Benny does). 001: "the dealer is only allowed to take up the turned trump
    if already holding at least one trump in hand. For this purpose, the left
    bower is not counted as a trump"."""
    joker_substitute: bool = False
    """The two of spades plays as the Benny (text ``2S``); only with a 25 or
    33-card pack (001 "Rank of Cards")."""
    dealer_partner_alone_any_round: bool = False
    """With ``dealer_partner_orders_alone``: the dealer's partner must play
    alone whenever making trump -- naming a suit in the second round too --
    not only when ordering up the turn-up (False). 001 line 53 (British):
    "the dealer's partner cannot make trumps and play with a partner" (any
    round: True for the British and 33-card presets); 004 line 37: "In some
    variations of Euchre the dealer's partner can't name trump and play with
    a partner, he must play alone" (004 itself does not use the rule). 001
    line 108 speaks of the turn-up only -- "if the dealer's partner orders
    the card up, he/she must play alone" -- so the Canadian preset keeps
    False."""
    ace_no_face: bool = False
    """A player dealt no face card (no Jack, Queen or King: only aces, 10s
    and 9s, and 7s and 8s in the 32/33-card packs; the Benny counts as a
    face) may call a misdeal at their turn in the first round; the same
    dealer deals again, as with ``farmers_hand``. 000 line 111: "Ace-no-face,
    Farmer's Hand, and Railroad Euchre: regional rule packs used around the
    US Midwest; most add rules allowing hands without face cards to be
    redealt"."""

    def __post_init__(self) -> None:
        for name in _INT_FIELDS:
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"{name.replace('_', ' ')} must be a whole number, not {value!r}")
        for name in _BOOL_FIELDS:
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise ValueError(f"{name.replace('_', ' ')} must be true or false, not {value!r}")
        if not isinstance(self.preset, str) or not self.preset:
            raise ValueError("the preset must be a non-empty key")
        if self.deck_size not in (24, 25, 32, 33):
            raise ValueError(f"deck size must be 24, 25, 32 or 33 cards, not {self.deck_size}")
        if self.target < 1:
            raise ValueError("the target score must be at least 1")
        for name in _INT_FIELDS[2:]:
            if name == "super_euchre_points":
                if self.super_euchre_points < 0:
                    raise ValueError("super-euchre points must be 0 (no super-euchre) or more")
            elif getattr(self, name) < 1:
                raise ValueError(f"{name.replace('_', ' ')} must be at least 1")
        if self.joker_substitute and not self.has_benny:
            raise ValueError("the two of spades can stand in for the Benny only in a 25 or 33-card pack")
        for name, enum in (("defend_alone", DefendAlone), ("alone_lead", AloneLead)):
            value = getattr(self, name)
            if not isinstance(value, enum):
                try:
                    object.__setattr__(self, name, enum(value))
                except ValueError:
                    choices = ", ".join(m.value for m in enum)
                    raise ValueError(f"{name.replace('_', ' ')} must be one of {choices}, not {value!r}") from None
        self._refuse_contradictions()
        self._check_preset()

    def _refuse_contradictions(self) -> None:
        """Settings that contradict each other (``ValueError``)."""
        e = self.euchre_points
        for smaller, larger, what in (
            ("makers_points", "march_points", "a march (all five tricks) cannot score less than three or four tricks"),
            ("makers_points", "loner_points", "a lone maker's three or four tricks cannot score less than a side's"),
            ("march_points", "loner_march_points", "a lone march cannot score less than a march with a partner"),
            ("loner_points", "loner_march_points", "a lone march cannot score less than three or four tricks alone"),
            ("euchre_points", "defender_alone_euchre_points", "a lone defender's euchre cannot score less than a euchre"),
        ):
            low, high = getattr(self, smaller), getattr(self, larger)
            if high < low:
                raise ValueError(
                    f"{larger.replace('_', ' ')} ({high}) is below {smaller.replace('_', ' ')} ({low}): {what}"
                )
        if 0 < self.super_euchre_points <= e:
            raise ValueError(
                f"super-euchre points must be 0 (no super-euchre) or more than the euchre points ({e}), "
                f"not {self.super_euchre_points}: a super-euchre scores more than a euchre"
            )
        if self.dealer_partner_alone_any_round and not self.dealer_partner_orders_alone:
            raise ValueError(
                "the dealer's partner can be made to play alone in every round only where the dealer's "
                "partner must play alone at all (dealer partner orders alone)"
            )

    def _check_preset(self) -> None:
        """``preset`` names a known preset (or ``"custom"``) whose fixed
        fields this rule set keeps (:data:`PRESET_FIXED`)."""
        if self.preset == CUSTOM:
            return
        presets = globals().get("PRESETS")
        if presets is None:
            return  # the presets themselves, while this module loads
        base = presets.get(self.preset)
        if base is None:
            raise ValueError(_unknown_preset(self.preset))
        for name in PRESET_FIXED:
            mine, theirs = getattr(self, name), getattr(base, name)
            if mine != theirs:
                raise ValueError(
                    f"the {PRESET_TITLES[self.preset]} preset ({self.preset!r}) has "
                    f"{name.replace('_', ' ')} {theirs}, not {mine}: a rule set that changes the "
                    f"pack, the points or the dealer's partner rule of a preset is preset {CUSTOM!r}"
                )

    @property
    def has_benny(self) -> bool:
        """The pack has the Benny (25 or 33 cards)."""
        return self.deck_size in (25, 33)

    @property
    def title(self) -> str:
        """Human title of the preset this rule set started from."""
        if self.preset == CUSTOM:
            return "Custom rules"
        return PRESET_TITLES.get(self.preset, self.preset)

    def replace(self, **changes: Any) -> RuleSet:
        """Return a copy with some options changed (``ValueError`` if invalid)."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready dict of every field (enums as their string values)."""
        out = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            out[f.name] = value.value if isinstance(value, StrEnum) else value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        """Inverse of :meth:`to_dict`. Missing keys take the preset's default
        (the North American one for ``"custom"``); unknown keys and an
        unknown preset raise ``ValueError`` (a rule we do not know must not
        be silently dropped)."""
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown rule options: {', '.join(sorted(unknown))}")
        key = data.get("preset", "north_american")
        if key == CUSTOM:
            base = NORTH_AMERICAN
        elif isinstance(key, str) and key in PRESETS:
            base = PRESETS[key]
        else:
            raise ValueError(_unknown_preset(key))
        return base.replace(**data)


def _unknown_preset(key: object) -> str:
    known = ", ".join(repr(k) for k in PRESETS)
    return f"unknown preset {key!r}: the presets are {known}, or {CUSTOM!r}"


NORTH_AMERICAN = RuleSet()
"""North American euchre: 24 cards, to 10; makers 1, march 2, loner march 4;
euchre 2 to the defenders; only the maker may go alone, no defending alone;
the player to the loner's left leads; all pass twice: thrown in; any player,
the dealer's partner included, may order up with a partner (001 line 108:
"In the USA any player, including the dealer's partner, is allowed to order
up the up-card and play with a partner"). Sources: 000 and 001 ("North
American Euchre")."""

BRITISH = RuleSet(
    preset="british",
    deck_size=25,
    target=11,
    defend_alone=DefendAlone.ANY,
    dealer_partner_orders_alone=True,
    maker_partner_may_go_alone=True,
    dealer_partner_alone_any_round=True,
)
"""British (Cornish) euchre with the Benny, 001 "British Euchre": 25 cards,
to 11; the Benny turned up makes the dealer's side the makers and the dealer
names trump before looking; the dealer's partner makes trump only by going
alone, in either round (001 line 53: "the dealer's partner cannot make
trumps and play with a partner" -- said of making trumps, not only of the
turn-up); any player may go alone after trump is made, a lone defender who
euchres scores 4; left of the loner leads, the defender when both are
alone."""

CANADIAN = RuleSet(preset="canadian", dealer_partner_orders_alone=True)
"""Canadian: the North American game, but the dealer's partner who orders up
the turn-up must go alone (001 line 108, "North American Euchre": "In other
places - Australia, England and Canada - if the dealer's partner orders the
card up, he/she must play alone"; a suit named in the second round is not
restricted, since 001 line 108 speaks only of ordering the card up).

The pack: 24 cards, following 001 line 105 ("In Canada and the USA, Euchre
is played without a joker, so that there are just 24 cards in the deck"),
the source of this preset's defining rule. 000 line 104 disagrees ("Canadian
Euchre (25-card deck with Benny)"); that game is the British preset's pack
(or a custom rule set: Canadian with ``deck_size=25``)."""

THIRTY_TWO = RuleSet(preset="thirty_two", deck_size=32)
"""32-card euchre: the North American game with the 7s and 8s added as the
lowest cards of each suit (001 "32 card Euchre")."""

THIRTY_THREE = BRITISH.replace(preset="thirty_three", deck_size=33)
"""33-card euchre with the Benny: the British game with 7s and 8s (001 "32
card Euchre": "making a pack of 32 or 33 cards"; Guernsey's "33 cards
including a joker")."""

HOUSE_ELEVEN = RuleSet(
    preset="house_eleven",
    target=11,
    loner_points=2,
    super_euchre_points=4,
    alone_lead=AloneLead.DEALER_LEFT,
)
"""House rules to 11 with the defenders' sweep (002): makers 1 for 3–4
tricks, 2 for all five; defenders 2 for 3–4 tricks and 4 for all five; a
maker alone scores 2 for 3–4 tricks and 4 for all five; "Once a team has
declared trump, the player to the left of the dealer plays the first card"
(with a loner too: the next player clockwise in the hand)."""

FOUR_PLAYER = RuleSet(
    preset="four_player",
    target=10,
    stick_the_dealer=True,
    super_euchre_points=4,
    alone_lead=AloneLead.DEALER_LEFT,
)
"""003's four-player euchre ("Four Player Euchre Tutorial"): 24 cards
(line 11: "24 card deck (9s up to the aces in each suit)"), to ten (line
22: "be the first team to ten points"); stick the dealer (line 36: "The
dealer must choose a trump suit if no other player decides one"); makers 1
for three or four tricks, 2 for all five; defenders 2 for three or four and
4 for all five (line 49: "If the defenders win all five tricks, they are
awarded four points"); only the maker may go alone and scores 4 for all five
tricks, otherwise as above (line 53); no defending alone (003 offers going
alone only to "The player that determines the trump suit"); the player
left of the dealer leads (line 40), with a loner the next one in the hand
(line 53: "similar to the above description except with only three players
playing"). The dealer may discard the turn-up: line 32's "gets to switch"
permits the exchange, it does not forbid discarding it."""

WEB_GAME = RuleSet(
    preset="web_game",
    target=10,
    win_by_two=True,
    defend_alone=DefendAlone.ANY,
    maker_partner_may_go_alone=True,
    alone_lead=AloneLead.DEALER_LEFT,
)
"""The web game's rules (004): 24 cards, to 10 and win by two; after trump
is named every player may go alone, both sides at once included; a lone
defender who euchres scores 4; the player left of the dealer leads (004
says so only in a release note, line 107: "First player to play is now the
one to the left of the dealer"); all pass twice: "the deal is ruined and a
new hand is dealt" (line 35); the dealer's partner may make trump with a
partner (line 37: "We don't use that rule in this version")."""

PRESETS: dict[str, RuleSet] = {
    "north_american": NORTH_AMERICAN,
    "british": BRITISH,
    "canadian": CANADIAN,
    "thirty_two": THIRTY_TWO,
    "thirty_three": THIRTY_THREE,
    "house_eleven": HOUSE_ELEVEN,
    "four_player": FOUR_PLAYER,
    "web_game": WEB_GAME,
}
"""Every preset by its key (``"north_american"`` is the default)."""

PRESET_TITLES: dict[str, str] = {
    "north_american": "North American",
    "british": "British (Cornish) with the Benny",
    "canadian": "Canadian",
    "thirty_two": "32-card (7s and 8s)",
    "thirty_three": "33-card with the Benny",
    "house_eleven": "House rules to 11 (defenders' sweep)",
    "four_player": "Stick the dealer to 10 (defenders' sweep)",
    "web_game": "Web game (to 10, win by two)",
}
"""Short human title of each preset, for the rule-set combo box."""

PRESET_SOURCES: dict[str, str] = {
    "north_american": "000, 001",
    "british": "001",
    "canadian": "001",
    "thirty_two": "001",
    "thirty_three": "001",
    "house_eleven": "002",
    "four_player": "003",
    "web_game": "004",
}
"""The source file numbers (``shared/rules/NNN_*.txt``) each preset follows."""

SOURCE_TITLES: dict[str, str] = {
    "000": "How to Play Euchre",
    "001": "Columbus book of Euchre",
    "002": "Euchre to 11",
    "003": "Play Euchre",
    "004": "Euchre Rules",
}
"""Each rule text's title, by its file number: the text's own heading (000
line 4, 001 line 1, 003 line 1, 004 line 19); 002 has none (its first line
is "Players: 4 (2 teams of 2)"), so it is named by its goal (line 3: "The
team that reaches 11 points first wins")."""


def source_titles(sources: str) -> str:
    """The titles of ``sources`` (file numbers as in :data:`PRESET_SOURCES`,
    ``"000, 003"``) in quotes, for a player to read: ``“How to Play Euchre”
    and “Play Euchre”``. An unknown number stays as it is."""
    names = [f"“{SOURCE_TITLES[n]}”" if n in SOURCE_TITLES else n for n in (x.strip() for x in sources.split(","))]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
