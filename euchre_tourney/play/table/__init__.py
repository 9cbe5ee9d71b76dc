"""Euchre at a table of 2 to 6 seats: two-handed, cutthroat, five-player
partner pick, bid euchre, six-player three against three (33 cards or the
double pack), Almonte's six- and four-hand games, and the four-seat games
with call for best, railroading or no-trump.

The four-seat game of :mod:`euchre_tourney.play.hand` is left as it is (its
OpenSpiel agreement and the recorded championship games depend on it); this
subpackage is a separate, simpler engine over
:mod:`euchre_tourney.rules.tables`:

* :class:`TableHand` -- one hand as a state machine, exact
  :meth:`~TableHand.legal_actions`, a one-line text form;
* :class:`TableGame` -- hands to the target;
* computer players (:mod:`.players`): ``easy`` (random legal), ``medium``
  (rules of thumb) and ``hard`` (sampling the hidden cards and playing the
  rest out with the medium player, within a deadline), each seeing only
  :func:`seat_view`.
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
