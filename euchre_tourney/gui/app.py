"""Start the desktop app."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication, QMessageBox

from euchre_tourney import __version__
from euchre_tourney.tournament import open_database


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
    from euchre_tourney.gui.errors import install as install_error_log  # the log file and error dialogs

    install_error_log()
    try:
        db = open_database(database)
    except Exception as exc:  # show any start-up failure to the director, not a traceback
        QMessageBox.critical(None, "Cannot open the database", f"The database could not be opened:\n\n{exc}")
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
