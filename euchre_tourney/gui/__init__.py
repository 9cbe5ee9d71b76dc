"""The desktop app (PySide6): a thin layer over the tournament use cases.

Windows call :mod:`euchre_tourney.tournament` functions through
:class:`~euchre_tourney.gui.context.AppContext` and redraw from the read
models they return; no ORM row ever reaches Qt.
"""

from euchre_tourney.gui.app import run_app


def run_practice(preset: str = "north_american", seed: int | None = None) -> int:
    """``euchre-tourney practice``: the practice table on its own; returns
    the exit status (:func:`euchre_tourney.gui.practice.run_practice`)."""
    # deferred on purpose: start-up time (the practice table loads on first use)
    from euchre_tourney.gui.practice import run_practice as run

    return run(preset, seed)


__all__ = ["run_app", "run_practice"]
