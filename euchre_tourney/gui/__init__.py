"""The desktop app (PySide6): a thin layer over the tournament use cases.

Windows call :mod:`euchre_tourney.tournament` functions through
:class:`~euchre_tourney.gui.context.AppContext` and redraw from the read
models they return; no ORM row ever reaches Qt.
"""

from euchre_tourney.gui.app import run_app

__all__ = ["run_app"]
