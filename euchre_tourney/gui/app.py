"""Start the desktop app."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

from PySide6.QtCore import QLibraryInfo, QTimer

from euchre_tourney.gui import context, platform_check
from euchre_tourney.gui.settings import make_application
from euchre_tourney.tournament import failure, open_database


def warm_up_reports() -> threading.Thread:
    """Import reportlab and load the PDF fonts in a background thread, so the
    first *Save scorecards PDF* does not wait for them. Touches no Qt object."""

    def load() -> None:
        from euchre_tourney.reports import fonts  # deferred on purpose: start-up time

        fonts.register_fonts()

    thread = threading.Thread(target=load, name="warm-up-reports", daemon=True)
    thread.start()
    return thread


def run_app(database: str | None = None) -> int:
    """Open the main window on ``database`` (path or URL; None = default). Returns the exit code.

    On Linux, when the system lacks libraries Qt needs for its window, prints
    which ones and how to install them (see :mod:`~euchre_tourney.gui.platform_check`)
    and returns 1 instead of letting Qt abort.
    """
    problem = platform_check.display_problem(Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)))
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    app = make_application()
    from euchre_tourney.gui.errors import install as install_error_log  # the log file and error dialogs

    install_error_log()
    db = open_at_start(database)
    if db is None:
        return 1
    from euchre_tourney.gui.main_window import MainWindow

    window = MainWindow(db)
    geometry = window.settings.value("geometry")
    if geometry is not None:
        window.restoreGeometry(geometry)
    window.show()
    QTimer.singleShot(300, warm_up_reports)  # after the first paint
    try:
        return app.exec()
    finally:
        db.dispose()


def open_at_start(database: str | None):
    """Open the database for the window, or say in one dialog why not and
    return None: the same checks and sentences as the command line (a
    folder, a missing folder, an empty, random, truncated, locked or
    read-only file, another program's or a newer version's database), the
    file left untouched."""
    try:
        return open_database(database)
    except Exception as exc:  # noqa: BLE001 - every failure in words (the one failure path), never a traceback
        found = failure(exc)
        found.log(exc, "opening the database")
        message = found.message
        if found.unexpected:
            message = f"The database could not be opened ({message.removeprefix('unexpected ')})."
        context.show_error(None, "Cannot open the database", message)
    return None
