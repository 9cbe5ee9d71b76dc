"""The shapes of rounds and tables inside :mod:`euchre_tourney.rotation`
(type aliases only; the public shapes are :mod:`.model`'s ``Schedule``,
``Round`` and ``Table``).

Players inside the package are indices 0 … n−1. A table is seated North,
East, South, West: partners North–South and East–West, the four other pairs
opponents.

* Design side (:mod:`.designs`, :mod:`.sit_out_order`, :mod:`.full_nights`):
  a :data:`Game` is a tuple ``(north, east, south, west)``; a
  :data:`DesignRound` is ``(games, sit_outs)``; a :data:`Block` is four
  points with no seating (a block of a transversal or resolvable design).
* Search side (:mod:`.engine`, :mod:`.starts`, :mod:`.seating`,
  :mod:`.progressive`): a :data:`SearchGame` is a mutable list
  ``[north, east, south, west]`` and an :data:`ERound` is
  ``(games, sit_outs)`` of those.
* Brackets (:mod:`.bracket`): a :data:`BracketSource` says where a match's
  team comes from: ``("seed", i)``, ``("W", code)`` (a match's winner) or
  ``("L", code)`` (its loser).
"""

from __future__ import annotations

Game = tuple[int, int, int, int]
DesignRound = tuple[list[Game], list[int]]


def freeze_rounds(rounds: list[DesignRound]) -> tuple:
    """Design rounds as nested tuples (hashable: for caches), ``thaw_rounds`` undoes it."""
    return tuple((tuple(g), tuple(o)) for g, o in rounds)


def thaw_rounds(rounds: tuple) -> list[DesignRound]:
    """Frozen design rounds (:func:`freeze_rounds`) as lists again, a fresh copy."""
    return [(list(g), list(o)) for g, o in rounds]
Block = tuple[int, int, int, int]

SearchGame = list[int]
ERound = tuple[list[SearchGame], list[int]]

BracketSource = tuple[str, object]
