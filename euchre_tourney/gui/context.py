"""What every page shares: the database, the current event, the undo stack."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack
from PySide6.QtWidgets import QMessageBox, QWidget

from euchre_tourney.tournament import Database, DatabaseError, TournamentError, UndoLog, explain_error


class AppContext(QObject):
    """Shared state. ``changed`` fires after any stored change (pages
    refresh); ``event_changed`` when the current event is switched."""

    changed = Signal()
    event_changed = Signal(object)
    operated = Signal(object)
    """An operation of the undo log ran, was undone or redone: its
    :class:`~euchre_tourney.tournament.Change` (event, tables changed);
    emitted just before ``changed``."""

    def __init__(self, db: Database, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.event_id: int | None = None
        self.undo_stack = QUndoStack(self)
        self.undo_log = UndoLog(db.session)
        """The operations' own record of what they changed (:mod:`euchre_tourney.tournament.undo`);
        the undo stack is its view."""

    def run(self, use_case: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return self._translated(lambda: self._in_session(use_case, *args, **kwargs), use_case)

    def _in_session(self, use_case: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        with self.db.session() as session:
            return use_case(session, *args, **kwargs)

    def _translated(self, call: Callable[[], Any], use_case: Any) -> Any:
        """Run one use case in its own session (it commits what it changes).

        A database or disk error (locked, read-only, full, not a database, a
        clash with another station) is raised as the
        :class:`~euchre_tourney.tournament.DatabaseError` that
        the store's session or :func:`~euchre_tourney.tournament.explain_error`
        makes of it, so every
        page's ``except TournamentError`` shows the director a sentence, never
        SQLAlchemy's text; the original, with its traceback, goes to the log
        (:mod:`.errors`) and stays as ``__cause__``.
        Anything else (a bug) propagates unchanged.
        """
        try:
            return call()
        except DatabaseError as exc:  # already in words (the store's session); the driver's text to the log
            logging.getLogger("euchre_tourney").warning(
                "%s failed: %s (%s)", getattr(use_case, "__name__", use_case), exc.message, exc.detail,
                exc_info=exc.__cause__,
            )
            raise
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

    def clear_undo(self) -> None:
        """Forget every change (the undo stack and the log)."""
        self.undo_stack.clear()
        self.undo_log.forget()

    def set_event(self, event_id: int | None) -> None:
        if event_id != self.event_id:
            self.event_id = event_id
            self.event_changed.emit(event_id)

    def operate(
        self, text: str, use_case: Callable[..., Any], *args: Any, event_id: int | None, scope: str | None = None, **kwargs: Any
    ) -> Any:
        """Run one operation through the undo log and put it on the undo stack.

        ``event_id``: the event it changes (None: the roster, or with
        ``scope="seasons"`` the seasons). The log
        snapshots that scope before and after, so undo brings back exactly
        what the operation changed or discarded (a rotation discarded by a
        check-in comes back seat for seat). Errors as :meth:`run`; nothing is
        put on the stack when the use case raised or changed nothing."""
        result, change = self._translated(
            lambda: self.undo_log.run(text, use_case, *args, event_id=event_id, scope=scope, **kwargs), use_case
        )
        if change.token:
            self.undo_stack.push(_LogCommand(self, text, change.token))
        self.operated.emit(change)
        self.changed.emit()
        return result


class _LogCommand(QUndoCommand):
    """The undo stack's view of one :class:`UndoLog` entry."""

    def __init__(self, ctx: AppContext, text: str, token: int) -> None:
        super().__init__(text)
        self._ctx, self._token, self._first = ctx, token, True

    def _move(self, step: Callable[[int], Any], verb: str) -> None:
        try:
            self._ctx.operated.emit(self._ctx._translated(lambda: step(self._token), step))
        except TournamentError as exc:
            show_error(None, f"Cannot {verb} “{self.text()}”", exc.message)
            self._ctx.undo_log.drop(self._token)
            self.setObsolete(True)  # the stack forgets it too
        self._ctx.changed.emit()

    def redo(self) -> None:
        if self._first:  # already done by AppContext.operate
            self._first = False
            return
        self._move(self._ctx.undo_log.redo, "redo")

    def undo(self) -> None:
        self._move(self._ctx.undo_log.undo, "undo")


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
