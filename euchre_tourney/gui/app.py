"""Start the desktop app.

What the first screen costs is kept small: this module and
:mod:`~euchre_tourney.gui.main_window` import only Qt at import time, so the
window is shown and painted ("Opening <file>…") before the database layer
(SQLAlchemy, SQLModel, pydantic, Alembic), reportlab and the rules are
imported; the file then opens in a background thread and the pages fill in
when it is ready (``tests/gui/test_startup.py``). Before that, on a SQLite
file of the newest schema, the Players and Event pages show the file's own
data read with ``sqlite3`` alone (:mod:`~euchre_tourney.gui.first_look`,
:mod:`euchre_tourney.glance`): the window is in use at once, and a click that
needs the database layer is done as soon as it is there
(``tests/gui/test_first_look.py``).
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

from PySide6.QtCore import QLibraryInfo, QTimer

from euchre_tourney import platform_check
from euchre_tourney.gui.opening import describe_target, open_or_explain  # noqa: F401 - describe_target: part of this face
from euchre_tourney.gui.settings import make_application


def warm_up_reports() -> threading.Thread:
    """Import reportlab and load the PDF fonts in a background thread, so the
    first *Save scorecards PDF* does not wait for them. Touches no Qt object."""

    def load() -> None:
        from euchre_tourney.reports import fonts  # deferred on purpose: start-up time

        fonts.register_fonts()

    thread = threading.Thread(target=load, name="warm-up-reports", daemon=True)
    thread.start()
    return thread


def run_app(database: str | None = None, self_test: bool = False, section: str | None = None) -> int:
    """Open the main window on ``database`` (path or URL; None = default). Returns the exit code.

    The window comes up at once saying "Opening <file>…"; the database
    opens in a background thread and the pages fill in when it is ready
    (:meth:`MainWindow.open_in_background`). If it cannot be opened the
    reason is shown in that window, and the exit code is 1.

    On Linux, when the system lacks libraries Qt needs for its window, prints
    which ones and how to install them (see :mod:`~euchre_tourney.platform_check`)
    and returns 1 instead of letting Qt abort.

    ``self_test``: add a player through the window and say what it showed
    (:mod:`~euchre_tourney.gui.selftest`, for the bundle's smoke test).
    ``section``: open the window on one section of a split night (a
    captain's laptop: the Rotation, Scores and Standings pages show it alone).
    """
    problem = platform_check.display_problem(Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)))
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    app = make_application()
    from euchre_tourney.gui.main_window import MainWindow  # Qt only at import (see above)

    window = MainWindow()
    window.section = section.strip().upper() if section else None
    if window.section:
        window.setWindowTitle(f"{window.windowTitle()} — section {window.section}")
    geometry = window.settings.value("geometry")
    if geometry is not None:
        window.restoreGeometry(geometry)
    window.show()
    if self_test:
        from euchre_tourney.gui import selftest

        selftest.attach(window)
    failed: list[str] = []
    window.open_failed.connect(failed.append)
    window.filling.connect(_open_log)  # before the pages fill in: what they cannot read is logged
    window.opened.connect(_after_open)
    window.open_failed.connect(lambda _message: _after_open())
    window.open_in_background(database)
    try:
        status = app.exec()
        return status if self_test else 1 if failed else status
    finally:
        if window.db is not None:
            window.db.dispose()


def _open_log() -> None:
    """The log file and the error dialogs (idempotent)."""
    from euchre_tourney.gui.errors import install as install_error_log  # deferred on purpose: start-up time

    install_error_log()


def _after_open() -> None:
    """Once the file is open (or refused): the log file and error dialogs
    (if the pages' filling in has not opened them already), then reportlab
    and the PDF fonts in the background."""
    _open_log()
    QTimer.singleShot(300, warm_up_reports)


def open_at_start(database: str | None):
    """Open the database, or say in one dialog why not and return None
    (:func:`open_or_explain`'s sentences)."""
    from euchre_tourney.gui import context

    db, message = open_or_explain(database)
    if db is None:
        context.show_error(None, "Cannot open the database", message)
    return db
