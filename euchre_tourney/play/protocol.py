"""The one game protocol: every euchre this project plays -- the four-seat
presets of :mod:`euchre_tourney.rules.ruleset` and the games for 2 to 6
seats of :mod:`euchre_tourney.rules.tables` -- is a hand and a game with the
same members, as every python-chess variant is a ``Board`` and every
OpenSpiel game one ``State``. Session, players, game files and pages work on
:class:`EuchreHand` / :class:`EuchreGame` and never ask which engine it is.

Two engines implement it (:data:`ENGINES`):

* the fast four-seat :class:`~euchre_tourney.play.hand.Hand` /
  :class:`~euchre_tourney.play.game.Game` (int actions; agrees with
  OpenSpiel and the recorded championship games), for a
  :class:`~euchre_tourney.rules.RuleSet`;
* the general :class:`~euchre_tourney.play.table.hand.TableHand` /
  :class:`~euchre_tourney.play.table.game.TableGame` (:class:`Act` actions)
  for a :class:`~euchre_tourney.rules.tables.TableRules` -- every game of 2
  to 6 seats, and every four-seat preset too
  (:meth:`TableRules.from_ruleset`), which
  ``tests/play/test_differential.py`` plays against :class:`Hand`, deal by
  deal and action by action.

Why two and not one: a searching computer player plays tens of thousands of
random four-seat hands a second; the four-seat hand keeps its int tables
for that (``tests/benchmarks/bench_play.py``), behind this protocol, with the
general engine as its referee.

Use::

    from euchre_tourney.play.protocol import GAMES, new_hand, new_game
    hand = new_hand(GAMES["cutthroat"], dealer=0, rng=7)
    while not hand.done:
        hand.apply(hand.legal_actions()[0])    # or its text: hand.apply("pass")
    hand.result()                              # HandResult, None if thrown in

Seats are ints ``0 .. players-1`` clockwise (a four-seat table's 0..3 are
North, East, South, West, :class:`~euchre_tourney.rules.Seat`). An action is
an engine's own hashable value; its text form (:meth:`EuchreHand.action_text`,
:meth:`EuchreHand.parse_action`) is the same words in every engine:
``pass``, ``order``, ``name:H``, ``alone``, ``misdeal``, ``discard:9C``,
``play:JH`` (and for the N-seat games ``order!``, ``name:NT``, ``bid:3``,
``partner:AS``, ``ask:2``, ``noask``, ``give:AS``, ``keep``, ``take``,
``refuse``).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any, Protocol, runtime_checkable

from euchre_tourney.play.game import Game
from euchre_tourney.play.result import HandResult
from euchre_tourney.play.hand import Hand
from euchre_tourney.play.table.game import TableGame
from euchre_tourney.play.table.hand import TableHand
from euchre_tourney.rules import PRESET_TITLES, PRESETS, RuleSet, tables

TableRules = tables.TableRules

Rules = RuleSet | TableRules
"""The rules of any game: a four-seat :class:`RuleSet` or a :class:`TableRules`."""


@runtime_checkable
class EuchreHand(Protocol):
    """One hand of any euchre (see the module docstring).

    * ``rules`` -- a :class:`RuleSet` or :class:`TableRules`; ``players`` --
      seats at the table (2..6); ``dealer`` -- a seat; ``to_act`` -- the
      seat to act, ``-1`` when done; ``done`` -- played out, thrown in or a
      misdeal.
    * :meth:`legal_actions` -- the exact legal set of ``to_act`` (empty when
      done), in the engine's action type.
    * :meth:`apply` -- an action or its text; ``RuleViolation`` (a sentence)
      for anything not legal, text that is no action included; the state is
      then unchanged.
    * :meth:`view` -- what ``seat`` (default: the seat to act) may see: the
      only input of a computer player; its ``legal`` is filled for the seat
      to act. (``SeatView`` of :mod:`.view` for the four-seat hand, of
      :mod:`.table.players` for the general one.)
    * :meth:`result` -- :class:`HandResult` once played out, ``None`` before
      and when thrown in or misdealt.
    * :meth:`to_text` / ``from_text(rules, text)`` (a classmethod) -- one
      line that rebuilds the same state; :meth:`action_text` /
      :meth:`parse_action` -- an action's words (``ValueError`` for text
      that is no action); :meth:`copy` -- an independent copy.
    """

    rules: Any
    players: int
    dealer: int

    @property
    def to_act(self) -> int: ...

    @property
    def done(self) -> bool: ...

    def legal_actions(self) -> Sequence[Hashable]: ...

    def apply(self, action: Any) -> None: ...

    def view(self, seat: int | None = None) -> Any: ...

    def result(self) -> HandResult | None: ...

    def to_text(self) -> str: ...

    def action_text(self, action: Any) -> str: ...

    def parse_action(self, text: str) -> Any: ...

    def copy(self) -> EuchreHand: ...


@runtime_checkable
class EuchreGame(Protocol):
    """Hands of any euchre dealt in turn to the target.

    * ``rules``, ``players``; ``hand`` -- the hand in progress (``None``
      once the game is over); ``hands`` -- the finished hands, in order.
    * ``to_act`` (``-1`` when over), ``done``, :meth:`legal_actions`,
      :meth:`apply` (the hand's; a finished hand is scored and the next one
      dealt, dealer one seat clockwise, the same dealer after a misdeal),
      :meth:`view` (the hand in progress, with the game score).
    * ``scores`` -- points per scoring unit (a side under fixed
      partnerships, else a seat); :meth:`unit` -- the unit of a seat;
      ``winner`` -- the winning unit or ``None``.
    * :meth:`to_text` -- one line per hand.
    """

    rules: Any
    players: int
    hands: list

    @property
    def to_act(self) -> int: ...

    @property
    def done(self) -> bool: ...

    def legal_actions(self) -> Sequence[Hashable]: ...

    def apply(self, action: Any) -> None: ...

    def view(self, seat: int | None = None) -> Any: ...

    def unit(self, seat: int) -> int: ...

    def to_text(self) -> str: ...


ENGINES: tuple[type, ...] = (Hand, Game, TableHand, TableGame)
"""Every class that plays euchre. ``tests/test_one_engine.py`` refuses any
other class with ``legal_actions`` and ``apply`` that is not a wrapper of
one of these."""


def players_of(rules: Rules) -> int:
    """Seats at the table of ``rules`` (4 for a :class:`RuleSet`)."""
    return 4 if isinstance(rules, RuleSet) else rules.players


def new_hand(rules: Rules, dealer: int = 0, rng: random.Random | int | None = None, *, general: bool = False) -> EuchreHand:
    """A freshly dealt hand of ``rules``: a four-seat :class:`RuleSet` gives
    the fast :class:`Hand` (``Hand.deal``) -- or with ``general`` the general
    :class:`TableHand` over :meth:`TableRules.from_ruleset` -- and a
    :class:`TableRules` a :class:`TableHand`. ``rng`` a ``random.Random`` or
    a seed. ``RuleViolation`` for a dealer who is not a seat; ``TypeError``
    for anything that is not rules."""
    if isinstance(rules, RuleSet):
        if general:
            return TableHand(TableRules.from_ruleset(rules), dealer, rng)
        return Hand.deal(rules, dealer, rng)
    if isinstance(rules, TableRules):
        return TableHand(rules, dealer, rng)
    raise TypeError(f"{rules!r} is not the rules of a game (a RuleSet or a TableRules)")


def new_game(rules: Rules, first_dealer: int = 0, rng: random.Random | int | None = None, *, general: bool = False) -> EuchreGame:
    """A new game of ``rules`` to its target, dispatching as :func:`new_hand`:
    :class:`Game` for a :class:`RuleSet` (:class:`TableGame` over
    :meth:`TableRules.from_ruleset` with ``general``), :class:`TableGame`
    for a :class:`TableRules`."""
    if isinstance(rules, RuleSet):
        if general:
            return TableGame(TableRules.from_ruleset(rules), first_dealer, rng)
        return Game(rules, first_dealer, rng)
    if isinstance(rules, TableRules):
        return TableGame(rules, first_dealer, rng)
    raise TypeError(f"{rules!r} is not the rules of a game (a RuleSet or a TableRules)")


def hand_from_text(rules: Rules, text: str) -> EuchreHand:
    """The hand of ``rules`` that :meth:`EuchreHand.to_text` wrote
    (``ValueError``/``RuleViolation`` if it does not replay)."""
    cls = Hand if isinstance(rules, RuleSet) else TableHand
    return cls.from_text(rules, text)


GAMES: dict[str, Rules] = {
    **{key: rules for key, rules in PRESETS.items()},
    **dict(tables.TABLE_PRESETS),
}
"""Every game by its key: the four-seat presets (``"north_american"``,
``"british"`` ...: :data:`~euchre_tourney.rules.PRESETS`) and the N-seat
ones (``"cutthroat"``, ``"six_player_33"`` ...:
:data:`~euchre_tourney.rules.tables.TABLE_PRESETS`); the keys do not
overlap. ``GAMES[key].title`` and :data:`GAME_TITLES` name it."""

GAME_TITLES: dict[str, str] = {
    **{key: f"{PRESET_TITLES[key]} (4 players)" for key in PRESETS},
    **dict(tables.TABLE_TITLES),
}
"""A plain-words title of every game of :data:`GAMES`, with its number of
players, e.g. ``"Canadian (4 players)"``, ``"Cutthroat (3 players)"``."""


def game_key(rules: Rules) -> str:
    """The :data:`GAMES` key of ``rules`` (its preset; ``"custom"`` for a
    four-seat rule set that is no preset)."""
    return rules.preset


__all__ = [
    "ENGINES",
    "GAMES",
    "GAME_TITLES",
    "EuchreGame",
    "EuchreHand",
    "HandResult",
    "Rules",
    "game_key",
    "hand_from_text",
    "new_game",
    "new_hand",
    "players_of",
]
