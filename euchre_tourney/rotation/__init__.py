"""Rotations: who sits where, with whom, each round. No Qt, no database.

Why this algorithm. A full-length night can be *perfect* (every pair
partners once and opposes twice: a whist tournament Wh(n), n ≡ 0, 1 mod 4),
and no search finds those quickly in pure Python, so they come from
mathematics (:mod:`.designs`): the field construction over GF(q) for prime
powers q ≡ 1 (mod 4) and its ring version for products; cyclic starters
found offline (``designs/search/``) and stored as data (``designs/data/``);
resolvable (n, 4, 1) designs played three times (n ≡ 4 mod 12); and
inflation of smaller designs by resolvable transversal designs
(:mod:`.designs.inflation`, :mod:`.designs.transversal`). Every design is
re-verified before use and the checker verifies the schedule again. A ghost
player extends Wh(n+1) to n ≡ 3 (mod 4); near-whist designs
(:mod:`.designs.near_whist`) give n ≡ 2 (mod 4) nights with no partner
repeats (:mod:`.full_nights`, rounds ordered by :mod:`.sit_out_order`).
Short nights (the usual 6–12 rounds) are a social-golfer-type problem, and
prefixes of cyclic designs are bad for them (any two rounds share a pair), so
they start from a verified *packing* in which nobody meets twice (resolvable
designs and transversal designs, with the n mod 4 extra players taking the
sit-outs' places; :mod:`.starts`), renamed and re-split to honour director
requests; past its length a seeded tabu search (:mod:`.engine`) with the
conflict-directed swap neighbourhood known from social-golfer work
continues, on a convex cost of meetings and partnerships with a steep step
above the least possible maximum. Sit-outs are chosen before the search
(fewest possible, fair at every prefix); seats and table numbers after it
(:mod:`.seating`: exact N–S/E–W where no meeting repeats, walks elsewhere,
table matching). Everything is deterministic per seed and stdlib-only;
:func:`check` trusts nothing the generator says.

Tables of six (six-player euchre, three against three): :func:`six_rotation`,
its quality :func:`six_quality` against :func:`six_bounds` (:mod:`.sixes`).

Internal shapes are in :mod:`.shapes`; tests reach internals only through
:mod:`.testing`.
"""

import importlib
import sys
import types

from euchre_tourney.rotation import bracket
from euchre_tourney.rotation.engine import Cancelled

# Start-up time (issue 30 item 5): the rest is imported at its first use (PEP 562). The
# window's start needs Cancelled and the bracket shapes only; the designs, the search and
# the seating (~0.1 s of imports) wait for the first rotation.
_LAZY = {
    **dict.fromkeys(('Constraints', 'constraint_warnings'), 'constraints'),
    **dict.fromkeys(('full_length', 'whist_design'), 'full_nights'),
    **dict.fromkeys(('future_changes', 'keep_seats'), 'late'),
    **dict.fromkeys(('Round', 'Schedule', 'Table'), 'model'),
    **dict.fromkeys(('progressive', 'replan'), 'progressive'),
    **dict.fromkeys(('Bounds', 'InvalidSchedule', 'Quality', 'check', 'describe', 'lower_bounds'), 'quality'),
    **dict.fromkeys(('TeamRound', 'TeamSchedule', 'TeamTable', 'king_of_the_hill', 'king_round', 'rematch_free_rounds', 'swiss_round', 'team_round_robin', 'team_rotation', 'teams_text'), 'teams'),
    **dict.fromkeys(('SixQuality', 'SixRound', 'SixSchedule', 'describe_six', 'six_bounds', 'six_quality', 'six_rotation'), 'sixes'),
    **dict.fromkeys(('schedule_text',), 'text'),
    **dict.fromkeys(('constraints_within', 'merge_sections', 'offset_tables', 'section_sizes', 'sectioned', 'split_section'), 'sections'),
}


def __getattr__(name: str):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


class _Package(types.ModuleType):
    """This package: importing a submodule (``.progressive``, by another
    submodule) never hides the function of the same name it hands out."""

    def __setattr__(self, name: str, value) -> None:
        if name in _LAZY and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

__all__ = [
    "bracket",
    "constraints_within",
    "merge_sections",
    "offset_tables",
    "section_sizes",
    "sectioned",
    "split_section",
    "SixQuality",
    "SixRound",
    "SixSchedule",
    "describe_six",
    "six_bounds",
    "six_quality",
    "six_rotation",
    "Bounds",
    "Cancelled",
    "Constraints",
    "InvalidSchedule",
    "Quality",
    "Round",
    "Schedule",
    "Table",
    "TeamRound",
    "TeamSchedule",
    "TeamTable",
    "king_of_the_hill",
    "king_round",
    "rematch_free_rounds",
    "schedule_text",
    "swiss_round",
    "team_round_robin",
    "team_rotation",
    "teams_text",
    "check",
    "constraint_warnings",
    "describe",
    "full_length",
    "future_changes",
    "keep_seats",
    "lower_bounds",
    "progressive",
    "replan",
    "whist_design",
]
