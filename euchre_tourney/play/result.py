"""The protocol's result of a hand (:class:`HandResult`), the same shape for
every game; a leaf module so that every engine can build it
(:mod:`euchre_tourney.play.protocol` re-exports it)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a played-out hand scored, in the same shape for every game.

    * ``points`` -- points per seat, a tuple of ``players`` ints: every seat
      of the side that scores carries the side's points (a side scores once:
      count a side by one of its seats, see :meth:`EuchreGame.unit`); a
      maker who fell short of a bid has a negative number (bid euchre).
    * ``makers`` -- the seats of the making side, ascending (the maker, the
      maker's partners; under a partner card its holder).
    * ``maker_tricks`` -- tricks the makers took (of ``hand_size``).
    * ``alone`` -- a maker played alone (a partner card that was not dealt
      counts, 003 line 102); ``defender_alone`` -- a defender played alone.
    * ``euchred`` -- the makers took fewer than they needed (a majority, or
      in an auction their bid); ``march`` -- the makers took every trick.
    * ``bid`` -- the winning bid in an auction game, else 0.
    """

    points: tuple[int, ...]
    makers: tuple[int, ...]
    maker_tricks: int
    alone: bool
    euchred: bool
    march: bool
    bid: int = 0
    defender_alone: bool = False


__all__ = ["HandResult"]
