"""Playing euchre: a complete hand as a state machine, full games to the
target, and computer players. Imports :mod:`euchre_tourney.rules` and the
standard library only.

One game, any number of seats (:mod:`.protocol`): every game -- the
four-seat presets and the games for 2 to 6 seats -- is an
:class:`EuchreHand` / :class:`EuchreGame` (deal, legal actions, apply, a
seat's view, the :class:`HandResult`, the text form), made by
:func:`new_hand` / :func:`new_game` from its rules (:data:`GAMES` by key,
:data:`GAME_TITLES`). Two engines implement it: the fast four-seat
:class:`Hand` below and the general :class:`~.table.TableHand`, which plays
the four-seat presets too and referees the fast one
(``tests/play/test_differential.py``).

* :class:`Hand` -- one hand: deal (seeded shuffle or a given deal), both
  bidding rounds, going alone / defending alone, the dealer's pick-up and
  discard, five tricks, the scored result. :meth:`Hand.legal_actions` is the
  exact legal set at every decision; :meth:`Hand.apply` raises
  :class:`~euchre_tourney.rules.RuleViolation` for anything else.
* :class:`Game` -- hands to the target score (and win by two), the deal
  rotating clockwise.
* actions (:mod:`.actions`) are small ints with a compact text form
  (``pass``, ``order``, ``name:H``, ``alone``, ``misdeal``, ``discard:9C``,
  ``play:JH``); a hand's whole state has a one-line text form
  (:meth:`Hand.to_text` / :meth:`Hand.from_text`).
* game files (:mod:`.egn`): :func:`read_egn` / :func:`write_egn` for EGN,
  the NextSuit-Labs Euchre Game Notation;
* computer players, one family for every game (:mod:`.players`):
  :func:`make_player` ``(level, game, seed)`` -- easy, medium or hard for
  any game of :data:`GAMES` (its key or its rules) -- and :func:`hint`
  ``(view)`` -- the hard player's choice, a reason in words and the
  actions ranked, ``action, reason = hint(view)``. A player gets only its
  seat's view (``hand.view(seat)``: :mod:`.view`, :mod:`.table.view`) and
  answers the same view with the same action whatever the hidden cards
  (``tests/play/test_computer_players.py``, every game and level). Behind
  the factory, each engine's own players: four seats -- :class:`SimplePlayer`,
  :mod:`.heuristic`, :mod:`.search` over the exact trick solver
  :mod:`.solver`, one bidding model :mod:`.bidding`, reasons
  :mod:`.reasons`; 2 to 6 seats -- :mod:`.table.players` (sampled worlds
  read in the light of the bidding and the play, played out by the medium
  player). :class:`RandomPlayer` -- uniformly among the legal actions
  (tests, rollouts);
* the practice session (:mod:`.session`): the practice table's game outside
  any window -- computer turns, take-back, replaying and swapping a deal,
  game files, statistics (:mod:`.stats`) -- over a small engine protocol
  and its two adapters (:mod:`.practice_engines`);
  actions and cards in words a person reads (:mod:`.words`).

Why ints everywhere: the practice table's computer player searches by playing
many random hands; per-trump tables (:mod:`euchre_tourney.rules.cards`) keep a
random hand in the tens of microseconds (``tests/benchmarks/bench_play.py``).
"""

from euchre_tourney.play.actions import (
    ALONE,
    DISCARD,
    MISDEAL,
    NAME,
    ORDER,
    PASS,
    action_text,
    parse_action,
)
from euchre_tourney.play.game import Game
from euchre_tourney.play.egn import EgnError, EmnGame, EmnMatch, game_to_egn, read_egn, read_emn, write_egn
from euchre_tourney.play.hand import (
    ALONE_ROUND,
    BENNY_UP,
    BID1,
    BID2,
    DISCARDING,
    DONE,
    PLAYING,
    EAST,
    NORTH,
    PHASE_NAMES,
    SEAT_LETTERS,
    SEAT_NAMES,
    SEAT_SIDE,
    SOUTH,
    WEST,
    Hand,
    parse_seat,
    seat_text,
)
from euchre_tourney.play.players import LEVELS, Hint, RandomPlayer, SimplePlayer, hint, make_player, play_random_hand
from euchre_tourney.play.view import SeatView
from euchre_tourney.play.session import BID_KEYS, CHOICE_KEYS, HUMAN, LEVEL_TITLES, PracticeEngine, PracticeSession, practice_games
from euchre_tourney.play.stats import Stats, StatsBook
from euchre_tourney.play.words import action_words, bid_words, card_words

from euchre_tourney.play import table  # noqa: E402  (the games for 2 to 6 seats, as play.table)
from euchre_tourney.play import protocol  # noqa: E402
from euchre_tourney.play.protocol import *  # noqa: E402,F403  (the protocol's names: protocol.__all__)

__all__ = [
    "table",
    "protocol",
    *protocol.__all__,
    "ALONE",
    "BID_KEYS",
    "CHOICE_KEYS",
    "HUMAN",
    "ALONE_ROUND",
    "BENNY_UP",
    "BID1",
    "BID2",
    "DISCARD",
    "DISCARDING",
    "DONE",
    "EAST",
    "EgnError",
    "EmnGame",
    "EmnMatch",
    "Game",
    "Hand",
    "Hint",
    "LEVELS",
    "LEVEL_TITLES",
    "MISDEAL",
    "NAME",
    "NORTH",
    "ORDER",
    "PASS",
    "PHASE_NAMES",
    "PLAYING",
    "PracticeEngine",
    "PracticeSession",
    "RandomPlayer",
    "SEAT_LETTERS",
    "SEAT_NAMES",
    "SEAT_SIDE",
    "SOUTH",
    "SeatView",
    "SimplePlayer",
    "Stats",
    "StatsBook",
    "WEST",
    "action_text",
    "action_words",
    "bid_words",
    "card_words",
    "game_to_egn",
    "hint",
    "make_player",
    "parse_action",
    "parse_seat",
    "play_random_hand",
    "practice_games",
    "read_egn",
    "read_emn",
    "seat_text",
    "write_egn",
]
