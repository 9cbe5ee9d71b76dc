"""Scoring of one hand and of a game to the target score.

:func:`score_hand` is the one validation used both by score entry and by the
play engine (a hand the engine can produce is always accepted here).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from euchre_tourney.rules.ruleset import DefendAlone, RuleSet


class Side(StrEnum):
    """A partnership at a table: North–South or East–West."""

    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS


class RuleViolation(ValueError):
    """Something that cannot happen under the rule set or the game state.

    ``str(exc)`` (also ``exc.message``) is a sentence meant for the director.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a scorecard records of one hand.

    ``makers``: the side that made trump; ``maker_tricks``: tricks the makers
    took (0–5); ``maker_alone`` / ``defender_alone``: someone played alone.
    """

    makers: Side
    maker_tricks: int
    maker_alone: bool = False
    defender_alone: bool = False


@dataclass(frozen=True, slots=True)
class HandScore:
    """The outcome: ``side`` scores ``points`` (always > 0)."""

    side: Side
    points: int
    euchred: bool
    march: bool


def score_hand(rules: RuleSet, result: HandResult) -> HandScore:
    """Score one hand under ``rules``.

    Returns the side that scores and its points. Raises :class:`RuleViolation`
    with a director-readable reason when the result cannot happen (tricks
    outside 0–5, a lone defender the rules forbid). Source: 001 "Scoring" and
    "North American Euchre"; 000.
    """
    tricks = result.maker_tricks
    if not isinstance(tricks, int) or isinstance(tricks, bool) or not 0 <= tricks <= 5:
        raise RuleViolation(f"The makers cannot take {tricks} tricks: a hand has 5 tricks (0–5).")
    if result.defender_alone:
        if rules.defend_alone is DefendAlone.NEVER:
            raise RuleViolation("These rules do not allow a defender to play alone.")
        if rules.defend_alone is DefendAlone.AGAINST_LONER and not result.maker_alone:
            raise RuleViolation("A defender may play alone only against a lone maker under these rules.")
    if tricks < 3:
        points = rules.defender_alone_euchre_points if result.defender_alone else rules.euchre_points
        return HandScore(result.makers.other, points, euchred=True, march=False)
    if tricks == 5:
        points = rules.loner_march_points if result.maker_alone else rules.march_points
        return HandScore(result.makers, points, euchred=False, march=True)
    points = rules.loner_points if result.maker_alone else rules.makers_points
    return HandScore(result.makers, points, euchred=False, march=False)
