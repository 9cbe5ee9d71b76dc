"""The rules of euchre: cards, rule sets (presets and options), hand scoring.

Pure Python, no Qt, no database. Every preset and option names the source
file in ``shared/rules/`` it follows (see :mod:`euchre_tourney.rules.ruleset`).

* :mod:`.cards` -- cards as small ints, text form, per-trump tables of the
  effective suit (Left Bower and Benny belong to trump) and trick strength.
* :mod:`.ruleset` -- :class:`RuleSet`, :data:`PRESETS`, :data:`PRESET_TITLES`,
  :data:`PRESET_SOURCES`, :data:`PRESET_FIXED` and ``CUSTOM``.
* :mod:`.scoring` -- :func:`score_hand` (the one validation shared by score
  entry and the play engine), :class:`GameScore`, :func:`game_winner`.
* :mod:`.seats` -- the one seat model: a seat is a position at a table of
  2-6 (:func:`position` reads any stored form: North is 0, "seat3" is 2),
  a side the positions of one parity (:func:`side_of_position`,
  :func:`side_positions`), its words from the table's size
  (:func:`seat_title`, :func:`seat_letter`, :func:`seat_key`,
  :func:`side_title`); :class:`Seat` names the positions of a table of four
  (North, East, South, West: side, partner, next, text forms).
* :mod:`.entry` -- :class:`HandEntry`, a hand as the director enters it;
  its :meth:`~HandEntry.score` is the preview and the saved score alike.
* :mod:`.tables` -- the games for 2 to 6 seats (packs, ranking, sides,
  scores, presets), reached as ``rules.tables``.
* :mod:`.totals` -- :func:`check_round_totals`: can a table's round totals
  (each side's points and loners) come from that many hands?

Why cards are ints and not objects: the play engine (``euchre_tourney.play``)
must play tens of thousands of random hands a second for a searching computer
player; per-trump lookup tables of ints make every card decision one list
index, and options of the rule set cost nothing on the common path.
"""

from euchre_tourney.rules.cards import (
    ACE,
    BENNY,
    CLUBS,
    DIAMONDS,
    EIGHT,
    HEARTS,
    JACK,
    KING,
    NINE,
    N_CARDS,
    QUEEN,
    RANK_LETTERS,
    RANK_NAMES,
    SEVEN,
    SPADES,
    SUITS,
    SUIT_LETTERS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    TEN,
    TRUMP_TABLES,
    TrumpTable,
    card,
    card_name,
    card_text,
    deck,
    left_bower,
    parse_card,
    parse_suit,
    rank_of,
    right_bower,
    same_colour,
    suit_of,
)
from euchre_tourney.rules.entry import HandEntry
from euchre_tourney.rules.ruleset import (
    BRITISH,
    CANADIAN,
    CUSTOM,
    FOUR_PLAYER,
    HOUSE_ELEVEN,
    NORTH_AMERICAN,
    PRESET_FIXED,
    PRESET_SOURCES,
    PRESET_TITLES,
    PRESETS,
    SOURCE_TITLES,
    THIRTY_THREE,
    THIRTY_TWO,
    WEB_GAME,
    AloneLead,
    DefendAlone,
    RuleSet,
    source_titles,
)
from euchre_tourney.rules.scoring import (
    GameScore,
    HandResult,
    HandScore,
    RuleViolation,
    Side,
    all_hand_results,
    game_winner,
    possible_points,
    score_hand,
)
from euchre_tourney.rules.seats import (
    SEATS,
    SIDE_SEATS,
    Seat,
    position,
    position_title,
    seat_at,
    seat_key,
    seat_keys,
    seat_letter,
    seat_title,
    seat_titles,
    side_of_position,
    side_positions,
    side_title,
)
from euchre_tourney.rules.totals import check_round_totals, hand_outcomes

from euchre_tourney.rules import tables  # noqa: E402  (the N-seat games, used as rules.tables)

__all__ = [
    "tables",
    "position",
    "position_title",
    "seat_at",
    "seat_key",
    "seat_keys",
    "seat_letter",
    "seat_title",
    "seat_titles",
    "side_positions",
    "side_title",
    "side_of_position",
    "check_round_totals",
    "hand_outcomes",
    "ACE",
    "AloneLead",
    "BENNY",
    "BRITISH",
    "CANADIAN",
    "CLUBS",
    "CUSTOM",
    "DIAMONDS",
    "DefendAlone",
    "EIGHT",
    "FOUR_PLAYER",
    "GameScore",
    "HEARTS",
    "HOUSE_ELEVEN",
    "HandEntry",
    "HandResult",
    "HandScore",
    "JACK",
    "KING",
    "NINE",
    "NORTH_AMERICAN",
    "N_CARDS",
    "PRESETS",
    "PRESET_FIXED",
    "PRESET_SOURCES",
    "PRESET_TITLES",
    "SOURCE_TITLES",
    "source_titles",
    "QUEEN",
    "RANK_LETTERS",
    "RANK_NAMES",
    "RuleSet",
    "RuleViolation",
    "SEATS",
    "SEVEN",
    "SIDE_SEATS",
    "SPADES",
    "SUITS",
    "SUIT_LETTERS",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "Seat",
    "Side",
    "TEN",
    "THIRTY_THREE",
    "THIRTY_TWO",
    "TRUMP_TABLES",
    "TrumpTable",
    "WEB_GAME",
    "all_hand_results",
    "card",
    "card_name",
    "card_text",
    "deck",
    "game_winner",
    "left_bower",
    "parse_card",
    "parse_suit",
    "possible_points",
    "rank_of",
    "right_bower",
    "same_colour",
    "score_hand",
    "suit_of",
]
