"""What the window, its pages and the practice window share, at the bottom
of the GUI's imports (they import it; it imports none of them): the
application's names (:func:`make_application`, the names ``QSettings``
files itself under) and the paper PDFs are made on."""

from __future__ import annotations

import sys

from PySide6.QtCore import QLocale
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from euchre_tourney import __version__
from euchre_tourney.desktop import APP_ID
from euchre_tourney.resources import resource_path


def make_application(argv: list[str] | None = None) -> QApplication:
    """The QApplication with the names QSettings uses (or the running one)."""
    app = QApplication.instance() or QApplication(argv or sys.argv[:1])
    app.setOrganizationName("euchre-tourney")
    app.setApplicationName("Euchre Tourney")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(APP_ID)  # Wayland/X11 match the window to the menu entry and its icon
    if sys.platform == "win32":  # the taskbar groups the windows under the installer's shortcut
        import ctypes

        ctypes.windll.shell32.SetCurrentProcessExplicitAppUserModelID(APP_ID)
    app.setWindowIcon(QIcon(str(resource_path("icons", f"{APP_ID}.svg"))))
    from euchre_tourney.gui.worker import collect_garbage_on_the_gui_thread

    collect_garbage_on_the_gui_thread()  # no collection in a worker thread (gui/worker.py)
    return app


def default_page_size() -> str:
    """Letter in the United States and Canada, A4 elsewhere."""
    territory = QLocale().territory()
    return "letter" if territory in (QLocale.UnitedStates, QLocale.Canada) else "a4"


PAPER_SIZES = {"letter": "&Letter (8.5 × 11 in)", "a4": "&A4 (210 × 297 mm)"}
"""File ▸ Paper size: the choices, by the writers' ``page_size`` value."""
