"""Shared set-up for the Scores page and worker tests: a progressive night
made through the use cases, and a main window on it with the station poll
stopped (tests fire it themselves)."""

from __future__ import annotations

import datetime

from euchre_tourney import tournament as T
from euchre_tourney.gui.main_window import MainWindow


def night(db, players: int = 8, rounds: int = 2, hands: int = 2, rotation: bool = True, name: str = "Night") -> int:
    """A night of ``players`` checked in (with its rotation when ``rotation``); its id."""
    with db.session() as s:
        ids = [T.add_player(s, f"{name} player {i:02d}").id for i in range(players)]
        ev = T.create_event(s, name, datetime.date(2026, 11, 24), rounds=rounds, hands_per_round=hands)
        T.set_checked_in(s, ev.id, ids)
        if rotation:
            T.generate_rotation(s, ev.id, seed=3)
    return ev.id


def window_on(qtbot, db, page: str = "scores_page") -> MainWindow:
    """A main window on ``db``, the poll stopped, showing ``page``."""
    w = MainWindow(db)
    qtbot.addWidget(w)
    w.poll_timer.stop()
    w.tabs.setCurrentWidget(getattr(w, page))
    return w
