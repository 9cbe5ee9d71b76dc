"""How a report tells how far it is, and how it is stopped (no reportlab
here: the window imports it at start-up)."""

from __future__ import annotations

from collections.abc import Callable

Progress = Callable[[int, int], None]
"""``progress(done, total)``: how many of a report's items (cards, sheets,
chart rows) are drawn so far; it may raise :class:`Cancelled` to stop."""


class Cancelled(Exception):
    """Raised by a :data:`Progress` callback to stop a report being drawn
    (the person pressed Cancel); :meth:`~euchre_tourney.reports.Report.write`
    then leaves no file."""


__all__ = ["Cancelled", "Progress"]
