"""The practice table's statistics: counters from the player's side, kept
by rule set and level (:class:`StatsBook`), saved as one small JSON file.
A missing or unreadable file starts from zero (a damaged statistics file
must never stop play). Standard library only: where the file lives is the
window's business."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path


@dataclass
class Stats:
    """Counters from the player's side (the player with the partner).

    ``games`` / ``games_won``; ``hands`` scored / ``hands_won`` (the
    player's side scored); ``points_for`` / ``points_against`` -- points
    scored by each side over those hands; ``makes`` -- the player's side
    made trump, ``made`` -- and took at least three tricks; ``euchres`` --
    the player's side euchred the makers; ``euchred`` -- the player's side
    was euchred; ``loners`` -- the player went alone, ``loners_won`` -- and
    the side scored."""

    games: int = 0
    games_won: int = 0
    hands: int = 0
    hands_won: int = 0
    euchres: int = 0
    euchred: int = 0
    loners: int = 0
    loners_won: int = 0
    points_for: int = 0
    points_against: int = 0
    makes: int = 0
    made: int = 0

    @classmethod
    def from_dict(cls, data: dict) -> Stats:
        """Counters from a dict (unknown keys ignored); ``ValueError`` /
        ``TypeError`` for a value that is not a whole number."""
        return cls(**{k: int(v) for k, v in data.items() if k in cls.__dataclass_fields__})

    @classmethod
    def load(cls, path: Path) -> Stats:
        """The counters in ``path`` (zeros if it is missing or unreadable)."""
        try:
            return cls.from_dict(json.loads(Path(path).read_text(encoding="utf-8")))
        except (OSError, ValueError, TypeError, AttributeError):
            return cls()

    def save(self, path: Path) -> None:
        """Write the counters (the folder is created); ``OSError`` if it cannot be written."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(asdict(self), indent=1), encoding="utf-8")

    def record_hand(
        self, *, our_side_scored: bool, euchre: bool, we_made: bool, i_went_alone: bool, points: int = 0
    ) -> None:
        """Count one scored hand (``euchre``: the makers were euchred;
        ``points``: what the side that scored got)."""
        self.hands += 1
        self.hands_won += our_side_scored
        if our_side_scored:
            self.points_for += points
        else:
            self.points_against += points
        if we_made:
            self.makes += 1
            self.made += not euchre
        if euchre:
            if we_made:
                self.euchred += 1
            else:
                self.euchres += 1
        if i_went_alone:
            self.loners += 1
            self.loners_won += our_side_scored

    def record_game(self, *, won: bool) -> None:
        """Count one finished game."""
        self.games += 1
        self.games_won += won

    def add(self, other: Stats) -> Stats:
        """The sum of two sets of counters (a new object)."""
        return Stats(**{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)})

    @property
    def points_per_hand(self) -> float:
        """Net points per hand for the player's side (0.0 before any hand)."""
        return (self.points_for - self.points_against) / self.hands if self.hands else 0.0

    def summary(self) -> str:
        """One line for the status bar."""
        return (
            f"Games {self.games_won}/{self.games} won · hands {self.hands_won}/{self.hands} won · "
            f"euchres {self.euchres} (euchred {self.euchred}) · loners {self.loners_won}/{self.loners} made"
        )


@dataclass
class StatsBook:
    """:class:`Stats` by what the games were played with: ``rows`` maps a
    ``(rule set, level)`` pair of names (e.g. ``("North American",
    "Medium")``) to its counters. The file keeps the rows as a list of
    objects beside the totals; a file of one flat set of counters (the
    earlier format) is read as one row of unknown rules and level."""

    rows: dict[tuple[str, str], Stats] = field(default_factory=dict)

    def row(self, rules: str, level: str) -> Stats:
        """The counters for ``(rules, level)`` (created at zero)."""
        return self.rows.setdefault((rules, level), Stats())

    def total(self) -> Stats:
        """Every row added up."""
        out = Stats()
        for s in self.rows.values():
            out = out.add(s)
        return out

    def reset(self) -> None:
        """Forget every counter."""
        self.rows.clear()

    def copy(self) -> StatsBook:
        return StatsBook({k: Stats(**asdict(v)) for k, v in self.rows.items()})

    @classmethod
    def load(cls, path: Path) -> StatsBook:
        """The book in ``path`` (empty if it is missing or unreadable)."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
            if isinstance(data, dict) and "rows" in data:
                rows = {}
                for row in data["rows"]:
                    key = (str(row.get("rules", "")), str(row.get("level", "")))
                    rows[key] = Stats.from_dict(row.get("counts", {}))
                return cls(rows)
            flat = Stats.from_dict(data)
            return cls({("Earlier games", "—"): flat} if flat != Stats() else {})
        except (OSError, ValueError, TypeError, AttributeError, KeyError):
            return cls()

    def save(self, path: Path) -> None:
        """Write the book (the folder is created); ``OSError`` if it cannot be written."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        rows = [{"rules": r, "level": lv, "counts": asdict(s)} for (r, lv), s in sorted(self.rows.items())]
        # the totals at the top level as well: a reader of the earlier flat format still reads them
        data = {**asdict(self.total()), "rows": rows}
        path.write_text(json.dumps(data, indent=1), encoding="utf-8")


__all__ = ["Stats", "StatsBook"]
