"""What every page shares: the database, the current event, the undo stack."""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack
from PySide6.QtWidgets import QMessageBox, QSizePolicy, QSpacerItem, QWidget

from euchre_tourney.gui import worker
from euchre_tourney.tournament import Database, DatabaseError, TournamentError, UndoLocked, UndoLog, explain_error, failure


class Busy(TournamentError):
    """Refused: another operation is still running (one at a time)."""


class AppContext(QObject):
    """Shared state. ``changed`` fires after any stored change (pages
    refresh); ``event_changed`` when the current event is switched."""

    changed = Signal()
    event_changed = Signal(object)
    stepped = Signal(str)
    """An undo or redo happened: what, where ("Undone: Hand 4 at table 1,
    round 1."); emitted just after ``changed``."""
    busy_changed = Signal(str)
    """A background operation started (its label) or ended ("")."""
    refused = Signal(str)
    """An operation was refused because another one is running: the sentence to show (status bar)."""
    operated = Signal(object)
    """An operation of the undo log ran, was undone or redone: its
    :class:`~euchre_tourney.tournament.Change` (event, kinds, rounds and tables changed);
    emitted just before ``changed``."""

    def __init__(self, db: Database, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.event_id: int | None = None
        self.section: str | None = None
        """The section this window is opened on (a captain's laptop: ``open FILE --section B``); None: every section."""
        self.undo_stack = QUndoStack(self)
        self.busy = ""
        """The label of the operation running in the background ("" when none): the window refuses another."""
        self.filling_later = False
        """True while the main window builds its pages (:meth:`MainWindow.attach`): a page
        that is not on screen then is only marked stale, and fills in when first shown."""
        self.last_step = ""
        """The last undo or redo in words ("Undone: Hand 4 at table 1, round 1."); "" after any other change."""
        self.undo_log = UndoLog(db)
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
        through the one failure path (:func:`~euchre_tourney.tournament.failure`)
        and stays as ``__cause__``.
        Anything else (a bug) propagates unchanged.
        """
        try:
            return call()
        except TournamentError as exc:
            if isinstance(exc, DatabaseError):  # already in words (the store's session); the driver's text to the log
                failure(exc).log(exc, f"{getattr(use_case, '__name__', use_case)} failed")
            raise
        except Exception as exc:
            found = failure(exc)
            if found.unexpected:
                raise
            found.log(exc, f"{getattr(use_case, '__name__', use_case)} failed")
            raise (explain_error(exc) or TournamentError(found.message)) from exc

    def set_event(self, event_id: int | None) -> None:
        if event_id != self.event_id:
            self.event_id = event_id
            self.event_changed.emit(event_id)

    def check_idle(self) -> None:
        """Raise :class:`Busy` (and emit ``refused``) while a background operation runs."""
        if self.busy:
            message = f"Please wait: “{self.busy}” is still running."
            self.refused.emit(message)
            raise Busy(message)

    def background(self, label: str, work: Callable[[worker.Job], Any]) -> worker.Job:
        """Start ``work(job)`` in a worker thread as the one operation
        running (``busy``: others are refused meanwhile) and return its
        :class:`~euchre_tourney.gui.worker.Job`. ``work`` touches no widget."""
        self.check_idle()
        self.busy = label
        self.busy_changed.emit(label)
        job = worker.start(label, work, self)

        def idle() -> None:
            self.busy = ""
            self.busy_changed.emit("")

        worker.deliver(job, self, finished=idle)  # not on a context deleted with its closed window
        return job

    def start_operation(
        self, text: str, use_case: Callable[..., Any], *args: Any, event_id: int | None, **kwargs: Any
    ) -> worker.Job:
        """:meth:`operate` in a worker thread (:meth:`perform` there,
        :meth:`announce` back in the GUI thread): returns the running
        :class:`~euchre_tourney.gui.worker.Job` at once. With
        ``progress=True`` the use case gets ``progress`` (a fraction,
        delivered as the job's ``progress`` signal) and ``cancel`` (true once
        :meth:`Job.cancel` was called). Refused (:class:`Busy`, ``refused``
        emitted) while another operation runs."""
        with_progress = kwargs.pop("progress", False)

        def work(job: worker.Job) -> Any:
            extra = {"progress": job.report, "cancel": job.cancelled} if with_progress else {}
            return self.perform(text, use_case, *args, event_id=event_id, **kwargs, **extra)

        job = self.background(text, work)
        worker.deliver(job, self, lambda outcome: self.announce(text, outcome[1]))
        return job

    def operate(self, text: str, use_case: Callable[..., Any], *args: Any, event_id: int | None, **kwargs: Any) -> Any:
        """Run one write operation through the unit of work and put it on the undo stack.

        ``event_id``: the event it changes (None: the roster). The unit of
        work (:func:`~euchre_tourney.tournament.operate`) records exactly the
        rows the operation wrote, so undo brings back exactly what it changed
        or discarded (a rotation discarded by a check-in comes back seat for
        seat) and nothing another station saved meanwhile. Errors as
        :meth:`run`; nothing is put on the stack when the use case raised or
        changed nothing. Refused (:class:`Busy`) while a background operation runs."""
        self.check_idle()
        result, change = self.perform(text, use_case, *args, event_id=event_id, **kwargs)
        self.announce(text, change)
        return result

    def perform(
        self, text: str, use_case: Callable[..., Any], *args: Any, event_id: int | None, **kwargs: Any
    ) -> tuple[Any, Any]:
        """The part of :meth:`operate` that may run on a worker thread (no
        signal, no undo stack): returns ``(result, change)``; call
        :meth:`announce` with the change on the GUI thread afterwards."""
        return self._translated(
            lambda: self.undo_log.run(text, use_case, *args, event_id=event_id, **kwargs), use_case
        )

    def announce(self, text: str, change: Any) -> None:
        """On the GUI thread, after :meth:`perform`: the undo stack gets the
        step, ``operated`` and ``changed`` fire."""
        self.last_step = ""
        if change.token:
            self.undo_stack.push(_LogCommand(self, text, change.token))
        # Committed already: a page that fails to redraw now must not have its error
        # shown as if the change had failed ("… Nothing was saved."). Qt hands a slot's
        # exception to sys.excepthook, not to the emitter, so it is caught there.
        failures: list[tuple] = []
        previous_hook = sys.excepthook
        sys.excepthook = lambda *info: failures.append(info)
        try:
            self.operated.emit(change)
            self.changed.emit()
        finally:
            sys.excepthook = previous_hook
        for kind, exc, tb in failures:
            explained = explain_error(exc)
            if explained is None:  # a bug: the usual unexpected-error dialog
                previous_hook(kind, exc, tb)
                continue
            logging.getLogger("euchre_tourney").warning(
                "%s was saved; redrawing failed: %s", text, explained.message, exc_info=(kind, exc, tb)
            )
            show_error(None, "Saved, but not shown", saved_but_not_shown(text, explained.message))


class _LogCommand(QUndoCommand):
    """The undo stack's view of one :class:`UndoLog` entry."""

    def __init__(self, ctx: AppContext, text: str, token: int) -> None:
        super().__init__(text)
        self._ctx, self._token, self._first = ctx, token, True
        self._stay = False  # a refused move in a locked round: the stack's next move back only restores its index

    def _move(self, step: Callable[[int], Any], verb: str) -> None:
        if self._stay:  # the stack moving back to where it was (see below): nothing to do
            self._stay = False
            return
        try:
            self._ctx.operated.emit(self._ctx._translated(lambda: step(self._token), step))
        except UndoLocked as exc:  # a locked round: refused with the reason, kept for after the unlock
            self._ctx.last_step = ""
            show_error(None, f"Cannot {verb} “{self.text()}”", exc.message)
            # QUndoStack has already counted the step as moved: move it back, without running it
            self._stay = True
            stack = self._ctx.undo_stack
            QTimer.singleShot(0, stack.redo if verb == "undo" else stack.undo)
            return
        except TournamentError as exc:
            self._ctx.last_step = ""
            show_error(None, f"Cannot {verb} “{self.text()}”", exc.message)
            self._ctx.undo_log.drop(self._token)
            self.setObsolete(True)  # the stack forgets it too
            self._ctx.changed.emit()
            return
        self._ctx.last_step = f"{'Undone' if verb == 'undo' else 'Redone'}: {self.text()}."
        self._ctx.changed.emit()
        self._ctx.stepped.emit(self._ctx.last_step)

    def redo(self) -> None:
        if self._first:  # already done by AppContext.operate
            self._first = False
            return
        self._move(self._ctx.undo_log.redo, "redo")

    def undo(self) -> None:
        self._move(self._ctx.undo_log.undo, "undo")


def message_box(parent: QWidget | None, icon, title: str, message: str, buttons=QMessageBox.Ok) -> QMessageBox:
    """A message box wide enough for its whole title: a window manager
    cuts a short box's title in the middle ("Team…orted" for "Teams imported")."""
    box = QMessageBox(icon, title, message, buttons, parent)
    width = box.fontMetrics().horizontalAdvance(title) + 180  # the title bar's icon and buttons
    layout = box.layout()
    layout.addItem(QSpacerItem(width, 0, QSizePolicy.Minimum, QSizePolicy.Fixed), layout.rowCount(), 0, 1, layout.columnCount())
    return box


def saved_but_not_shown(what: str, problem: str) -> str:
    """The sentence for a change that was committed but could not be shown
    afterwards (a page's redraw failed): it says the change *was* saved, and
    drops the "Nothing was saved." of ``problem``, which was written for a
    failure before the commit."""
    problem = " ".join(problem.replace("Nothing was saved.", "").split())
    return (f"“{what}” was saved (Edit ▸ Undo takes it back), but the window could not show it: {problem} "
            "Restart Euchre Tourney to see it.")


def show_error(parent: QWidget | None, title: str, message: str) -> None:
    """A modal error box (tests replace this module attribute to silence it)."""
    message_box(parent, QMessageBox.Warning, title, message).exec()


def ask(parent: QWidget | None, title: str, question: str) -> bool:
    """A Yes/No question (tests replace this to answer)."""
    box = message_box(parent, QMessageBox.Question, title, question, QMessageBox.Yes | QMessageBox.No)
    box.setDefaultButton(QMessageBox.No)
    return box.exec() == QMessageBox.Yes


def inform(parent: QWidget | None, title: str, message: str) -> None:
    """An information box (tests replace this to silence it)."""
    message_box(parent, QMessageBox.Information, title, message).exec()
