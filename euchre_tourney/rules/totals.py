"""Round totals: which (points, loners) a table can report after N hands.

A club that collects tally totals enters, per table and round, each side's
points and loners made instead of every hand. Whether the figures can
happen is a question of the rule set alone: each hand has a small set of
outcomes (who scores, how many points, whether a lone maker took 3 or more
tricks) given by :func:`~euchre_tourney.rules.score_hand`, and a round is
``hands`` of them. :func:`check_round_totals` asks whether the reported
totals are a sum of ``hands`` outcomes (a memoised search over what is
left to explain, so it only visits totals below the reported ones).
Sources: the points are the rule set's (000 "Scoring", 001, 002, 004);
"loner made" is as in the standings (a maker alone taking 3+ tricks).
"""

from __future__ import annotations

from functools import lru_cache

from euchre_tourney.rules.ruleset import RuleSet
from euchre_tourney.rules.scoring import HandResult, RuleViolation, Side, score_hand

Outcome = tuple[int, int, int, int]
"""(North–South points, East–West points, NS loners made, EW loners made)."""


def hand_outcomes(rules: RuleSet) -> frozenset[Outcome]:
    """Every outcome one hand can have under ``rules`` (both sides making)."""
    out: set[Outcome] = set()
    for makers in (Side.NS, Side.EW):
        for tricks in range(6):
            for alone in (False, True):
                for defender in (False, True):
                    try:
                        s = score_hand(rules, HandResult(makers, tricks, alone, defender))
                    except RuleViolation:
                        continue
                    made = int(alone and tricks >= 3)
                    ns = s.points if s.side is Side.NS else 0
                    ew = s.points if s.side is Side.EW else 0
                    out.add((ns, ew, made if makers is Side.NS else 0, made if makers is Side.EW else 0))
    return frozenset(out)


def check_round_totals(
    rules: RuleSet, hands: int, ns_points: int, ew_points: int, ns_loners: int = 0, ew_loners: int = 0
) -> str | None:
    """None when ``hands`` hands under ``rules`` can end with these totals,
    else a sentence for the director saying why not (e.g. "North–South
    cannot score 40 points in 8 hands: at most 32"). All figures are whole
    numbers ≥ 0; ``hands`` ≥ 1."""
    figures = {"North–South points": ns_points, "East–West points": ew_points,
               "North–South loners": ns_loners, "East–West loners": ew_loners}
    for what, value in figures.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return f"{what} must be a whole number of 0 or more, not {value!r}."
    outcomes = hand_outcomes(rules)
    most = max(max(o[0], o[1]) for o in outcomes)
    for side, points in (("North–South", ns_points), ("East–West", ew_points)):
        if points > most * hands:
            return f"{side} cannot score {points} points in {hands} hands: at most {most * hands} ({most} a hand)."
    if ns_loners + ew_loners > hands:
        return f"{ns_loners + ew_loners} loners cannot be made in {hands} hands: at most one a hand."
    if _reachable(outcomes, hands, (ns_points, ew_points, ns_loners, ew_loners)):
        return None
    return (
        f"No {hands} hands under these rules end North–South {ns_points} ({ns_loners} loners), "
        f"East–West {ew_points} ({ew_loners} loners): check the tally totals."
    )


def _reachable(outcomes: frozenset[Outcome], hands: int, target: Outcome) -> bool:
    ordered = tuple(sorted(outcomes, reverse=True))
    most = max(max(o[0], o[1]) for o in outcomes)

    @lru_cache(maxsize=None)
    def can(left: int, a: int, b: int, c: int, d: int) -> bool:
        if left == 0:
            return a == b == c == d == 0
        if a + b < left or a > most * left or b > most * left or c + d > left:
            return False  # every hand scores at least a point; at most one loner a hand
        for oa, ob, oc, od in ordered:
            if oa <= a and ob <= b and oc <= c and od <= d and can(left - 1, a - oa, b - ob, c - oc, d - od):
                return True
        return False

    return can(hands, *target)
