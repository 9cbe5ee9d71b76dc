"""Steps of a hand that both engines take alike: a leaf module (no engine
imported), so that the four-seat :class:`~euchre_tourney.play.hand.Hand` and
the general :class:`~euchre_tourney.play.table.hand.TableHand` keep one copy.
"""

from __future__ import annotations


def declare_alone(hand, seat: int) -> None:
    """``seat`` says *alone* in the going-alone round of ``hand`` (000
    "Going alone", 001 "Going Alone" and "Defending Alone"): a seat of the
    makers' side plays alone (``hand.lone``); a defender defends alone
    (``hand.lone_defender``), after which no other defender is asked. Either
    way no one else of the queue is asked; the engine then moves on to its
    next going-alone decision. ``hand`` has ``maker``, ``lone``,
    ``lone_defender``, ``_defenders_asked`` and ``_alone_queue``."""
    if (seat - hand.maker) % 2:
        hand.lone_defender = seat
        hand._defenders_asked = True
    else:
        hand.lone = seat
    hand._alone_queue = []
