"""The rules of euchre: cards, rule sets (presets and options), hand scoring.

Pure Python, no Qt, no database. Every preset and option names the source
file in ``shared/rules/`` it follows (see :mod:`euchre_tourney.rules.ruleset`).
"""

from euchre_tourney.rules.ruleset import NORTH_AMERICAN, PRESETS, DefendAlone, RuleSet
from euchre_tourney.rules.scoring import HandResult, HandScore, RuleViolation, Side, score_hand

__all__ = [
    "NORTH_AMERICAN",
    "PRESETS",
    "DefendAlone",
    "HandResult",
    "HandScore",
    "RuleSet",
    "RuleViolation",
    "Side",
    "score_hand",
]
