"""Euchre at a table of 2 to 6 seats: two-handed, cutthroat, five-player
partner pick, bid euchre, six-player three against three (33 cards or the
double pack), Almonte's six- and four-hand games, and the four-seat games
with call for best, railroading or no-trump.

This is the general engine of the one game protocol
(:mod:`euchre_tourney.play.protocol`), over
:mod:`euchre_tourney.rules.tables`: it plays every N-seat preset and, through
:meth:`TableRules.from_ruleset`, every four-seat preset as well -- action for
action as the faster four-seat :class:`~euchre_tourney.play.hand.Hand`
(``tests/play/test_differential.py``) and OpenSpiel's euchre
(``tests/play/test_openspiel_engine.py``):

* :class:`TableHand` -- one hand as a state machine, exact
  :meth:`~TableHand.legal_actions`, a one-line text form, the protocol's
  :meth:`~TableHand.view` (:mod:`.view`) and :meth:`~TableHand.result`;
* :class:`TableGame` -- hands to the target;
* computer players (:mod:`.players`, made by the one factory
  :func:`euchre_tourney.play.players.make_player`): ``easy`` (random
  legal), ``medium`` (rules of thumb) and ``hard`` (sampled worlds played
  out by the medium player, within a budget), each seeing only its seat's
  view (:func:`seat_view`).
"""

from euchre_tourney.play.table.game import TableGame
from euchre_tourney.play.table.hand import (
    PHASE_NAMES,
    PLAY,
    Act,
    TableHand,
    act_text,
    parse_act,
    trump_word,
)
from euchre_tourney.play.table.players import (
    MediumPlayer,
    RandomTablePlayer,
    SampleSearchPlayer,
    SeatView,
    make_table_player,
    seat_view,
    table_hint,
)

__all__ = [
    "PHASE_NAMES",
    "PLAY",
    "Act",
    "MediumPlayer",
    "RandomTablePlayer",
    "SampleSearchPlayer",
    "SeatView",
    "TableGame",
    "TableHand",
    "act_text",
    "make_table_player",
    "parse_act",
    "seat_view",
    "table_hint",
    "trump_word",
]
