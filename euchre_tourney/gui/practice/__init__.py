"""The practice table: play euchre against three computer players
(issue 12). :class:`PracticeWindow` is the window (:mod:`.table`), drawn
with the app's own card faces (:mod:`.cards`); :mod:`.settings` is the new
game dialog, :mod:`.stats` the statistics file. The rules, the computer
players and the game files (EGN) live in :mod:`euchre_tourney.play`."""

from euchre_tourney.gui.practice.settings import SettingsDialog, TableSettings
from euchre_tourney.gui.practice.table import PracticeWindow, open_practice, run_practice

__all__ = ["PracticeWindow", "SettingsDialog", "TableSettings", "open_practice", "run_practice"]
