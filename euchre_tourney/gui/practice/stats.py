"""The practice table's statistics: a small JSON file in the user's data
folder (platformdirs), one object of counters. A missing or unreadable file
starts from zero (a damaged statistics file must never stop play)."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

import platformdirs

FILE_NAME = "practice-stats.json"


def default_path() -> Path:
    """``<user data dir>/practice-stats.json``: the folder of the app's
    database file (``store.default_database_path``)."""
    return Path(platformdirs.user_data_dir("euchre-tourney", appauthor=False)) / FILE_NAME


@dataclass
class Stats:
    """Counters from the player's side (South, with North as partner).

    ``games`` / ``games_won``; ``hands`` scored / ``hands_won`` (the
    player's side scored); ``euchres`` -- the player's side euchred the
    makers; ``euchred`` -- the player's side was euchred; ``loners`` -- the
    player went alone, ``loners_won`` -- and the side scored."""

    games: int = 0
    games_won: int = 0
    hands: int = 0
    hands_won: int = 0
    euchres: int = 0
    euchred: int = 0
    loners: int = 0
    loners_won: int = 0

    @classmethod
    def load(cls, path: Path) -> Stats:
        """The counters in ``path`` (zeros if it is missing or unreadable)."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
            known = {k: int(v) for k, v in data.items() if k in cls.__dataclass_fields__}
            return cls(**known)
        except (OSError, ValueError, TypeError, AttributeError):
            return cls()

    def save(self, path: Path) -> None:
        """Write the counters (the folder is created); ``OSError`` if it cannot be written."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(asdict(self), indent=1), encoding="utf-8")

    def record_hand(self, *, our_side_scored: bool, euchre: bool, we_made: bool, i_went_alone: bool) -> None:
        """Count one scored hand (``euchre``: the makers were euchred)."""
        self.hands += 1
        self.hands_won += our_side_scored
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

    def summary(self) -> str:
        """One line for the status bar."""
        return (
            f"Games {self.games_won}/{self.games} won · hands {self.hands_won}/{self.hands} won · "
            f"euchres {self.euchres} (euchred {self.euchred}) · loners {self.loners_won}/{self.loners} made"
        )
