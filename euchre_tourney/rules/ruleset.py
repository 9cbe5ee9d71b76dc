"""Rule sets: the presets of the rule sources and their options.

A :class:`RuleSet` is a frozen value; every preset names the source file in
``../shared/rules/`` it follows. Options that another source plays differently
are fields here, never a fork of the engine (DESIGN.md, "Rules").

Source files (``shared/rules/``):

* ``000_97ebbbce988d32d6.txt`` -- "How to Play Euchre" (North American summary).
* ``001_688f579a72ad153d.txt`` -- "Columbus book of Euchre": British/Cornish
  game with the Benny, North American, Canadian, 32/33-card variants, options.
* ``002_f063af9ccbf0fe91.txt`` -- house rules (to 11).
* ``003_fbe02a109bcf7c2e.txt`` -- four- and five-player euchre.
* ``004_b6cdd40bd7c0dc62.txt`` -- a web game's rules.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class DefendAlone(StrEnum):
    """Whether a defender may play alone (001: "Some people do not allow a
    defender to play alone ... Some only allow a defender to play alone against
    a lone maker")."""

    NEVER = "never"
    AGAINST_LONER = "against_loner"
    ANY = "any"


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The rules of one event or practice game.

    Points are whole game points; ``target`` is the score that wins a game.
    Validation of values happens in ``__post_init__`` and raises
    ``ValueError``.
    """

    preset: str = "north_american"
    deck_size: int = 24
    target: int = 10
    win_by_two: bool = False
    makers_points: int = 1
    """Makers take 3 or 4 tricks (001 "North American Euchre", 000)."""
    march_points: int = 2
    """Makers take all 5 tricks with a partner."""
    loner_points: int = 1
    """A lone maker takes 3 or 4 tricks."""
    loner_march_points: int = 4
    """A lone maker takes all 5 tricks."""
    euchre_points: int = 2
    """Defenders score when the makers take fewer than 3 tricks."""
    defender_alone_euchre_points: int = 4
    """A lone defender euchres the makers (001: "the defenders score 4 points
    instead of 2")."""
    defend_alone: DefendAlone = DefendAlone.NEVER
    stick_the_dealer: bool = False

    def __post_init__(self) -> None:
        if self.deck_size not in (24, 25, 32, 33):
            raise ValueError(f"deck size must be 24, 25, 32 or 33 cards, not {self.deck_size}")
        if self.target < 1:
            raise ValueError("the target score must be at least 1")
        if not isinstance(self.defend_alone, DefendAlone):
            object.__setattr__(self, "defend_alone", DefendAlone(self.defend_alone))

    def replace(self, **changes: Any) -> RuleSet:
        """Return a copy with some options changed (``ValueError`` if invalid)."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready dict of every field (enums as their string values)."""
        out = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            out[f.name] = value.value if isinstance(value, StrEnum) else value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        """Inverse of :meth:`to_dict`. Missing keys take the preset's default;
        unknown keys raise ``ValueError`` (a rule we do not know must not be
        silently dropped)."""
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown rule options: {', '.join(sorted(unknown))}")
        base = PRESETS.get(data.get("preset", "north_american"), NORTH_AMERICAN)
        return base.replace(**data)


NORTH_AMERICAN = RuleSet()
"""North American euchre: 24 cards, to 10; makers 1, march 2, loner march 4;
euchre 2 to the defenders. Sources: 000 and 001 ("North American Euchre")."""

PRESETS: dict[str, RuleSet] = {"north_american": NORTH_AMERICAN}
"""Every preset by its key."""
