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


def cheaper_feature_scan() -> bool:
    """PySide6 asks of every module imported after it whether the module
    uses PySide6 (for its ``from __feature__ import`` switches), by reading
    the module's source through ``inspect.getsource`` (tokenizing it): about
    0.1 s of CPU over the ~400 modules the database layer brings at start-up.
    Ask the same question (the text "PySide6" in the file) by reading the
    file's bytes instead. True when installed; False (nothing changed) on a
    PySide6 without that hook. Idempotent."""
    feature = sys.modules.get("shibokensupport.feature")
    asked = getattr(feature, "_mod_uses_pyside", None)
    if asked is None:
        return False
    if getattr(asked, "reads_bytes", False):
        return True

    def uses_pyside(module) -> bool:
        path = getattr(module, "__file__", None)
        if not isinstance(path, str) or not path.endswith(".py"):
            return asked(module)  # a frozen or compiled module: PySide6's own way
        try:
            with open(path, "rb") as source:
                return b"PySide6" in source.read()
        except OSError:
            return asked(module)

    uses_pyside.reads_bytes = True
    feature._mod_uses_pyside = uses_pyside
    return True


def make_application(argv: list[str] | None = None) -> QApplication:
    """The QApplication with the names QSettings uses (or the running one)."""
    cheaper_feature_scan()  # before the database layer is imported (start-up time)
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
