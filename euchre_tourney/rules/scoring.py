"""Scoring of one hand and of a game to the target score.

:func:`score_hand` is the one validation used both by score entry and by the
play engine (a hand the engine can produce is always accepted here, and every
result accepted here can come out of the engine -- both are property-tested).
:class:`GameScore` adds hand scores up to the target (and win-by-two).
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
        """The opposing partnership."""
        return Side.EW if self is Side.NS else Side.NS

    @property
    def title(self) -> str:
        """``"North–South"`` or ``"East–West"`` (with an en dash)."""
        return "North\u2013South" if self is Side.NS else "East\u2013West"


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
    took (a whole number 0–5); ``maker_alone``: a member of the makers played
    alone (the loner); ``defender_alone``: a defender played alone -- both
    ``bool`` (:func:`score_hand` refuses anything else).
    """

    makers: Side
    maker_tricks: int
    maker_alone: bool = False
    defender_alone: bool = False


@dataclass(frozen=True, slots=True)
class HandScore:
    """The outcome: ``side`` scores ``points`` (always > 0).

    ``euchred``: the makers took fewer than 3 tricks (the defenders score);
    ``march``: the makers took all 5 tricks.
    """

    side: Side
    points: int
    euchred: bool
    march: bool


def score_hand(rules: RuleSet, result: HandResult) -> HandScore:
    """Score one hand under ``rules``.

    Returns the side that scores and its points. Raises :class:`RuleViolation`
    with a director-readable reason when the result cannot happen (tricks
    not a whole number from 0 to 5, a lone defender the rules forbid) or is
    malformed: ``maker_alone`` and ``defender_alone`` must be real bools
    (``True``/``False``; ``0``/``1`` and strings such as ``"no"`` are refused,
    since ``"no"`` would otherwise count as true).

    Points, by source:

    * makers 3–4 tricks: ``makers_points`` (1), alone ``loner_points`` (1;
      2 in 002); makers all 5 (march): ``march_points`` (2), alone
      ``loner_march_points`` (4) -- 000 "Scoring", 001 "Scoring", 002, 004;
    * makers fewer than 3 (euchre): ``euchre_points`` (2) to the defenders,
      ``defender_alone_euchre_points`` (4) when a defender played alone (001,
      000 "Defending alone", 004); makers no trick at all:
      ``super_euchre_points`` when that rule is on (001 "The Super-Euchre",
      002 "Defending team wins all five tricks"), or the lone defender's
      points if larger.

    Defending alone is refused unless ``rules.defend_alone`` allows it
    (001 "North American Euchre"; :class:`~euchre_tourney.rules.DefendAlone`).
    """
    tricks = result.maker_tricks
    if not isinstance(tricks, int) or isinstance(tricks, bool):
        raise RuleViolation(f"The makers' tricks must be a whole number from 0 to 5, not {tricks!r}.")
    if not 0 <= tricks <= 5:
        raise RuleViolation(f"The makers cannot take {tricks} tricks: a hand has 5 tricks (0–5).")
    for flag, what in ((result.maker_alone, "maker alone"), (result.defender_alone, "defender alone")):
        if flag is not True and flag is not False:
            raise RuleViolation(f"{what.capitalize()} must be true or false, not {flag!r}.")
    makers = result.makers
    if makers is not Side.NS and makers is not Side.EW:
        try:
            makers = Side(makers)
        except ValueError:
            raise RuleViolation(f"The makers must be North–South or East–West, not {makers!r}.") from None
    if result.defender_alone:
        if rules.defend_alone is DefendAlone.NEVER:
            raise RuleViolation("These rules do not allow a defender to play alone.")
        if rules.defend_alone is DefendAlone.AGAINST_LONER and not result.maker_alone:
            raise RuleViolation("A defender may play alone only against a lone maker under these rules.")
    if tricks < 3:
        points = rules.defender_alone_euchre_points if result.defender_alone else rules.euchre_points
        if tricks == 0 and rules.super_euchre_points > points:
            points = rules.super_euchre_points
        return HandScore(makers.other, points, True, False)
    if tricks == 5:
        points = rules.loner_march_points if result.maker_alone else rules.march_points
        return HandScore(makers, points, False, True)
    points = rules.loner_points if result.maker_alone else rules.makers_points
    return HandScore(makers, points, False, False)


def all_hand_results(rules: RuleSet) -> list[HandResult]:
    """Every :class:`HandResult` that :func:`score_hand` accepts under ``rules``
    (both sides as makers, 0–5 tricks, every permitted alone combination)."""
    out = []
    for makers in (Side.NS, Side.EW):
        for tricks in range(6):
            for maker_alone in (False, True):
                for defender_alone in (False, True):
                    result = HandResult(makers, tricks, maker_alone, defender_alone)
                    try:
                        score_hand(rules, result)
                    except RuleViolation:
                        continue
                    out.append(result)
    return out


def possible_points(rules: RuleSet) -> frozenset[int]:
    """The set of points one hand can score under ``rules`` (e.g. ``{1, 2, 4}``
    for the North American game)."""
    return frozenset(score_hand(rules, r).points for r in all_hand_results(rules))


def game_winner(rules: RuleSet, ns: int, ew: int) -> Side | None:
    """The side that has won a game standing ``ns`` to ``ew``, or ``None`` if
    it goes on: a side wins on reaching ``rules.target`` (000 "Winning",
    001), and with ``win_by_two`` only when also two points ahead (004
    "Winning"). Since only one side scores in a hand, both can never reach
    the target together."""
    target = rules.target
    if rules.win_by_two:
        if ns >= target and ns - ew >= 2:
            return Side.NS
        if ew >= target and ew - ns >= 2:
            return Side.EW
        return None
    if ns >= target and ns > ew:
        return Side.NS
    if ew >= target and ew > ns:
        return Side.EW
    return None


@dataclass(frozen=True, slots=True)
class GameScore:
    """The running score of one game: ``ns`` and ``ew`` points.

    :meth:`add` returns the score after one more hand; it raises
    :class:`RuleViolation` once the game is over (a hand cannot be scored
    after a side has won). ``winner(rules)`` is :func:`game_winner`.
    """

    ns: int = 0
    ew: int = 0

    def points(self, side: Side) -> int:
        """Points of ``side``."""
        return self.ns if side is Side.NS else self.ew

    def winner(self, rules: RuleSet) -> Side | None:
        """The side that has won, or ``None`` while the game goes on."""
        return game_winner(rules, self.ns, self.ew)

    def add(self, rules: RuleSet, score: HandScore) -> GameScore:
        """The score after ``score`` is added (``RuleViolation`` if the game
        was already over)."""
        done = self.winner(rules)
        if done is not None:
            raise RuleViolation(
                f"The game is already over: {done.value} won {self.points(done)} to "
                f"{self.points(done.other)}, so no further hand can be scored."
            )
        if score.side is Side.NS:
            return GameScore(self.ns + score.points, self.ew)
        return GameScore(self.ns, self.ew + score.points)
