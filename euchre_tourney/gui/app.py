"""Start the desktop app."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication

from euchre_tourney import __version__
from euchre_tourney.gui import context
from euchre_tourney.tournament import DatabaseError, open_database


def make_application(argv: list[str] | None = None) -> QApplication:
    """The QApplication with the names QSettings uses (or the running one)."""
    app = QApplication.instance() or QApplication(argv or sys.argv[:1])
    app.setOrganizationName("euchre-tourney")
    app.setApplicationName("Euchre Tourney")
    app.setApplicationVersion(__version__)
    return app


def run_app(database: str | None = None) -> int:
    """Open the main window on ``database`` (path or URL; None = default). Returns the exit code."""
    app = make_application()
    db = open_at_start(database)
    if db is None:
        return 1
    from euchre_tourney.gui.main_window import MainWindow

    window = MainWindow(db)
    geometry = window.settings.value("geometry")
    if geometry is not None:
        window.restoreGeometry(geometry)
    window.show()
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
    except DatabaseError as exc:
        context.show_error(None, "Cannot open the database", exc.message)
    except ValueError as exc:  # a malformed URL
        context.show_error(None, "Cannot open the database", f"{exc}. Check the --database value.")
    except Exception as exc:  # unforeseen: still a sentence, not a traceback
        context.show_error(
            None, "Cannot open the database", f"The database could not be opened ({type(exc).__name__}: {exc})."
        )
    return None
