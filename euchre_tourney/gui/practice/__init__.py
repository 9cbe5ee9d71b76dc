"""The practice table: play euchre against computer players -- every
four-seat preset and every game for 2 to 6 players at one table (issues 12
and 33). :class:`PracticeWindow` is the one window (:mod:`.table`), drawn
with the app's own card faces for every pack (:mod:`.cards`); :mod:`.settings`
is the New game dialog (any game, its options, the levels), :mod:`.stats`
the statistics file. The game, take-back, replays, files and statistics
live in :class:`~euchre_tourney.play.PracticeSession`; the rules, the
computer players and the game files (EGN) in :mod:`euchre_tourney.play`."""

from euchre_tourney.gui.practice.settings import SettingsDialog, TableSettings
from euchre_tourney.gui.practice.table import PracticeWindow, open_practice, run_practice

__all__ = ["PracticeWindow", "SettingsDialog", "TableSettings", "open_practice", "run_practice"]
