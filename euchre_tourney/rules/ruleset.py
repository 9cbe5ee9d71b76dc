"""Rule sets: the presets of the rule sources and their options.

A :class:`RuleSet` is a frozen value; every preset names the source file in
``../shared/rules/`` it follows. Options that another source plays differently
are fields here, never a fork of the engine (DESIGN.md, "Rules").

Source files (``shared/rules/``), cited below by their number:

* ``000_97ebbbce988d32d6.txt`` -- "How to Play Euchre" (North American summary).
* ``001_688f579a72ad153d.txt`` -- "Columbus book of Euchre": British/Cornish
  game with the Benny, North American, Canadian, 32/33-card variants, options.
* ``002_f063af9ccbf0fe91.txt`` -- house rules (to 11).
* ``003_fbe02a109bcf7c2e.txt`` -- four- and five-player euchre.
* ``004_b6cdd40bd7c0dc62.txt`` -- a web game's rules.

What is deliberately not a rule set here: games for other than four players
in two partnerships (two-handed, cut-throat/Buck, five-player partner pick of
003, six-player and Almonte of 001), bid euchre, no-trump, "call for best"
(000) and railroading (001) -- they change the number of players or pass cards
between partners, which a four-seat scorecard cannot record.
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

    * ``LONER_LEFT``: the player to the lone player's left (000 "Leading";
      001 "The Play"); when a maker and a defender are both alone, the lone
      defender leads (001: "If two players are playing alone, the defender
      leads").
    * ``DEALER_LEFT``: the player to the dealer's left as always, or the
      next player clockwise who is in the hand (004 "Playing": "The player
      left of the dealer plays the first card"; 002 likewise).
    """

    LONER_LEFT = "loner_left"
    DEALER_LEFT = "dealer_left"


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
    """Key in :data:`PRESETS` of the preset this rule set started from."""
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
    name trump (000 "Stick the Dealer", 001 "Stick the Dealer"). Otherwise a
    hand where all four pass twice is thrown in and the next player deals
    (000, 001 "Making trump", 004)."""
    super_euchre_points: int = 0
    """Points to the defenders when the makers take no trick at all; 0 means
    no such rule (a plain euchre). 001 "The Super-Euchre": "Some play that the
    defending team then scores 4 points"; 002 "Defending team wins all five
    tricks = 4 points" (the defenders' sweep). A lone defender scores the
    larger of this and ``defender_alone_euchre_points``."""
    alone_lead: AloneLead = AloneLead.LONER_LEFT
    """Who leads when someone plays alone (:class:`AloneLead`; 000, 001, 004)."""
    dealer_partner_orders_alone: bool = False
    """The dealer's partner may accept the turn-up only by going alone (001
    British "Making trump": "The dealer's partner can only make the turned up
    suit trumps by playing alone"; 001 "North American Euchre": "In other
    places - Australia, England and Canada - if the dealer's partner orders
    the card up, he/she must play alone")."""
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
    """The dealer who picks up may discard the turn-up itself (000: "discards
    one card face-down"). False follows 003: the dealer may "switch a card in
    his/her hand with the flipped up card"."""
    farmers_hand: bool = False
    """A player dealt only 9s and 10s (and 7s and 8s in the 32/33-card packs)
    may call a misdeal when first to speak in the first round; the same
    dealer deals again (000 "Farmer's Hand / Misdeal")."""
    dealer_needs_trump_to_take_up: bool = False
    """When the first three pass, the dealer may take up the turn-up only if
    already holding a card of its suit (the Left Bower does not count, the
    Benny does). 001: "the dealer is only allowed to take up the turned trump
    if already holding at least one trump in hand. For this purpose, the left
    bower is not counted as a trump"."""
    joker_substitute: bool = False
    """The two of spades plays as the Benny (text ``2S``); only with a 25 or
    33-card pack (001 "Rank of Cards")."""

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

    @property
    def has_benny(self) -> bool:
        """The pack has the Benny (25 or 33 cards)."""
        return self.deck_size in (25, 33)

    @property
    def title(self) -> str:
        """Human title of the preset this rule set started from."""
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
        """Inverse of :meth:`to_dict`. Missing keys take the preset's default;
        unknown keys raise ``ValueError`` (a rule we do not know must not be
        silently dropped)."""
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown rule options: {', '.join(sorted(unknown))}")
        base = PRESETS.get(data.get("preset", "north_american"), NORTH_AMERICAN)
        return base.replace(**data)


NORTH_AMERICAN = RuleSet()
"""North American euchre: 24 cards, to 10; makers 1, march 2, loner march 4;
euchre 2 to the defenders; only the maker may go alone, no defending alone;
the player to the loner's left leads; all pass twice: thrown in. Sources: 000
and 001 ("North American Euchre")."""

BRITISH = RuleSet(
    preset="british",
    deck_size=25,
    target=11,
    defend_alone=DefendAlone.ANY,
    dealer_partner_orders_alone=True,
    maker_partner_may_go_alone=True,
)
"""British (Cornish) euchre with the Benny, 001 "British Euchre": 25 cards,
to 11; the Benny turned up makes the dealer's side the makers and the dealer
names trump before looking; the dealer's partner accepts the turn-up only by
going alone; any player may go alone after trump is made, a lone defender who
euchres scores 4; left of the loner leads, the defender when both are alone."""

CANADIAN = RuleSet(preset="canadian", dealer_partner_orders_alone=True)
"""Canadian: the North American game, but the dealer's partner who orders up
must go alone (001 "North American Euchre": "In other places - Australia,
England and Canada ...")."""

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
defender who euchres scores 4; the player left of the dealer leads; all pass
twice: the deal is thrown in and dealt anew."""

PRESETS: dict[str, RuleSet] = {
    "north_american": NORTH_AMERICAN,
    "british": BRITISH,
    "canadian": CANADIAN,
    "thirty_two": THIRTY_TWO,
    "thirty_three": THIRTY_THREE,
    "house_eleven": HOUSE_ELEVEN,
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
    "web_game": "004",
}
"""The source file numbers (``shared/rules/NNN_*.txt``) each preset follows."""
