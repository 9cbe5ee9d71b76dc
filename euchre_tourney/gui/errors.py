"""No silent failure: every error that reaches the GUI is shown and logged.

Every exception goes through the one failure path,
:func:`euchre_tourney.tournament.failure` (shared with the command line and
``AppContext``), which says it for a person, with the log level:

* A refusal the director can act on (:class:`~euchre_tourney.tournament.TournamentError`,
  including a database or disk problem turned into words) is shown as a plain
  message box (``context.show_error``): what happened, whether anything was
  saved, what to do. Database and disk problems are also written to the log.
* Anything else is a bug: it is written, with its traceback, to a rotating log
  file in the user's log directory (``platformdirs.user_log_dir``, 1 MB × 5
  files), and shown in :class:`ErrorDialog`, which says what to do and has a
  *Copy details* button (traceback, versions, the log's path) for a bug report.

:func:`install` is called once at start-up (``gui/app.py``): it opens the log
and routes uncaught exceptions (a slot that raised, for example) through
:func:`report`. The background workers and ``AppContext`` call :func:`report`
themselves.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import platform
import sys
import traceback
from pathlib import Path

import platformdirs
from PySide6.QtCore import Qt, qVersion
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from euchre_tourney import __version__, tournament
from euchre_tourney.gui import context

log = logging.getLogger("euchre_tourney")
LOG_FILE = "euchre-tourney.log"
_state: dict = {"path": None, "previous_hook": None}


def log_directory() -> Path:
    """Where the log lives: ``platformdirs.user_log_dir("euchre-tourney")``."""
    return Path(platformdirs.user_log_dir("euchre-tourney", appauthor=False))


def install(directory: str | Path | None = None) -> Path | None:
    """Open the rotating log file and route uncaught exceptions to :func:`report`.

    Idempotent (a second call changes nothing and returns the same path).
    Returns the log file's path, or ``None`` if the folder cannot be written
    (the app still runs; errors are still shown).
    """
    if _state["previous_hook"] is not None:
        return _state["path"]
    folder = Path(directory) if directory is not None else log_directory()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = _PrivateLog(folder / LOG_FILE, maxBytes=1_000_000, backupCount=5, encoding="utf-8")
    except OSError:
        _state["path"] = None
    else:
        handler.setFormatter(tournament.LogFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.INFO)
        _state["path"] = folder / LOG_FILE
    _state["previous_hook"] = sys.excepthook
    sys.excepthook = _excepthook
    log.info("Euchre Tourney %s started", __version__)
    return _state["path"]


def _owner_only(path: str, flags: int) -> int:
    return os.open(path, flags, 0o600)


class _PrivateLog(logging.handlers.RotatingFileHandler):
    """The rotating log, each file readable and writable by its owner only
    (0600): it names the club's files and servers. A log an older version
    left readable by others is made so too."""

    def _open(self):
        stream = open(self.baseFilename, self.mode, encoding=self.encoding, errors=self.errors, opener=_owner_only)
        try:
            os.chmod(self.baseFilename, 0o600)
        except OSError:
            pass
        return stream


def uninstall() -> None:
    """Undo :func:`install` (for tests): the previous hook, no log handler."""
    if _state["previous_hook"] is None:
        return
    sys.excepthook = _state["previous_hook"]
    _state["previous_hook"] = None
    for h in list(log.handlers):
        if isinstance(h, logging.handlers.RotatingFileHandler):
            log.removeHandler(h)
            h.close()
    _state["path"] = None


def log_path() -> Path | None:
    """The log file in use (``None`` before :func:`install` or without one)."""
    return _state["path"]


def _excepthook(kind, value, tb) -> None:
    if issubclass(kind, KeyboardInterrupt):
        _state["previous_hook"](kind, value, tb)
        return
    report(QApplication.activeWindow(), "Something went wrong", value)


def details(exc: BaseException) -> str:
    """The text *Copy details* puts on the clipboard: versions, log path, traceback."""
    lines = [
        f"Euchre Tourney {__version__}",
        f"Python {platform.python_version()}, Qt {qVersion()}, {platform.platform()}",
        f"Log file: {log_path() or 'none'}",
        "",
        "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).rstrip(),
    ]
    return tournament.hide_password("\n".join(lines))


def report(parent: QWidget | None, title: str, exc: BaseException) -> None:
    """Show ``exc`` to the director and log it, through the one failure
    path (:func:`euchre_tourney.tournament.failure`; see the module's rules)."""
    found = tournament.failure(exc)
    if found.unexpected:
        found.log(exc, f"Unexpected error: {title}")
        show_unexpected(parent, title, exc)
        return
    if found.level >= logging.WARNING:  # a database or disk problem: its own text and traceback to the log
        found.log(exc, title)
    context.show_error(parent, title, found.message)


def unexpected_message(exc: BaseException) -> str:
    where = log_path()
    return (
        f"Euchre Tourney ran into a problem it did not expect ({type(exc).__name__}).\n\n"
        "What you were doing may not have been saved: look at the page again before going on. "
        "Everything saved before is safe.\n\n"
        "Press Copy details and send them to whoever looks after Euchre Tourney"
        + (f"; they are also in the log file {where}." if where else ".")
    )


def show_unexpected(parent: QWidget | None, title: str, exc: BaseException) -> None:
    """Show :class:`ErrorDialog` for an unexpected exception (tests replace this)."""
    ErrorDialog(parent, title, unexpected_message(exc), details(exc)).exec()


class ErrorDialog(QDialog):
    """What went wrong in words, the details folded away, *Copy details* and *Close*."""

    def __init__(self, parent: QWidget | None, title: str, message: str, detail_text: str) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.message = QLabel(message)
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.details = QPlainTextEdit(detail_text)
        self.details.setReadOnly(True)
        self.details.setVisible(False)
        self.details.setMinimumHeight(180)
        self.copy_button = QPushButton("&Copy details")
        self.copy_button.clicked.connect(self.copy_details)
        self.show_button = QPushButton("Show &details")
        self.show_button.setCheckable(True)
        self.show_button.toggled.connect(self._toggle)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.addButton(self.copy_button, QDialogButtonBox.ActionRole)
        buttons.addButton(self.show_button, QDialogButtonBox.ActionRole)
        buttons.rejected.connect(self.reject)
        self.close_button = buttons.button(QDialogButtonBox.Close)
        icon = QLabel()
        icon.setPixmap(self.style().standardIcon(QStyle.SP_MessageBoxCritical).pixmap(40, 40))
        icon.setAlignment(Qt.AlignTop)
        top = QHBoxLayout()
        top.addWidget(icon)
        top.addWidget(self.message, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.details, 1)
        layout.addWidget(buttons)
        self.setMinimumWidth(560)

    def _toggle(self, shown: bool) -> None:
        self.details.setVisible(shown)
        self.show_button.setText("Hide &details" if shown else "Show &details")
        self.resize(self.width(), self.sizeHint().height())

    def copy_details(self) -> None:
        QApplication.clipboard().setText(self.details.toPlainText())
        self.copy_button.setText("Copied")
