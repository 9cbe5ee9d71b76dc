"""What every page shares: the database, the current event, the undo stack."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack
from PySide6.QtWidgets import QMessageBox, QWidget

from euchre_tourney.tournament import Database, TournamentError, explain_error


class AppContext(QObject):
    """Shared state. ``changed`` fires after any stored change (pages
    refresh); ``event_changed`` when the current event is switched."""

    changed = Signal()
    event_changed = Signal(object)

    def __init__(self, db: Database, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.event_id: int | None = None
        self.undo_stack = QUndoStack(self)

    def run(self, use_case: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run one use case in its own session (it commits what it changes).

        A database or disk error (locked, read-only, full, not a database, a
        clash with another station) is raised as the
        :class:`~euchre_tourney.tournament.StorageError` that
        :func:`~euchre_tourney.tournament.explain_error` makes of it, so every
        page's ``except TournamentError`` shows the director a sentence, never
        SQLAlchemy's text; the original, with its traceback, goes to the log
        (:mod:`.errors`) and stays as ``__cause__``.
        Anything else (a bug) propagates unchanged.
        """
        try:
            with self.db.session() as session:
                return use_case(session, *args, **kwargs)
        except TournamentError:
            raise
        except Exception as exc:
            explained = explain_error(exc)
            if explained is None:
                raise
            logging.getLogger("euchre_tourney").warning(
                "%s failed: %s", getattr(use_case, "__name__", use_case), explained.message, exc_info=exc
            )
            raise explained from exc

    def set_event(self, event_id: int | None) -> None:
        if event_id != self.event_id:
            self.event_id = event_id
            self.event_changed.emit(event_id)

    def push(
        self, text: str, do: Callable[[], Any], undo: Callable[[], Any], redo: Callable[[], Any] | None = None
    ) -> Any:
        """Run ``do`` now and put it on the undo stack (only if it did not
        raise). ``redo`` (default ``do``) repeats it after an undo.

        ``do`` returns only after its use case committed, so a caller that
        says "saved" after ``push`` returns says it after the commit. Pages
        redraw on ``changed``; an error while redrawing is reported (Qt hands
        a slot's exception to ``sys.excepthook``: :mod:`.errors`) but never
        turns a stored change into "not saved"."""
        result = do()
        self.undo_stack.push(_Command(self, text, redo or do, undo))
        self.changed.emit()
        return result


class _Command(QUndoCommand):
    def __init__(self, ctx: AppContext, text: str, do, undo) -> None:
        super().__init__(text)
        self._ctx, self._do, self._undo, self._first = ctx, do, undo, True

    def redo(self) -> None:
        if self._first:  # already done by AppContext.push
            self._first = False
            return
        try:
            self._do()
        except TournamentError as exc:
            show_error(None, f"Cannot redo “{self.text()}”", exc.message)
        self._ctx.changed.emit()

    def undo(self) -> None:
        try:
            self._undo()
        except TournamentError as exc:
            show_error(None, f"Cannot undo “{self.text()}”", exc.message)
        self._ctx.changed.emit()


def show_error(parent: QWidget | None, title: str, message: str) -> None:
    """A modal error box (tests replace this module attribute to silence it)."""
    QMessageBox.warning(parent, title, message)


def ask(parent: QWidget | None, title: str, question: str) -> bool:
    """A Yes/No question (tests replace this to answer)."""
    answer = QMessageBox.question(parent, title, question, QMessageBox.Yes | QMessageBox.No, QMessageBox.No)
    return answer == QMessageBox.Yes


def inform(parent: QWidget | None, title: str, message: str) -> None:
    """An information box (tests replace this to silence it)."""
    QMessageBox.information(parent, title, message)
