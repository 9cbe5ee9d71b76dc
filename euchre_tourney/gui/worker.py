"""Work off the GUI thread: a rotation search, a big PDF, anything that can
take longer than ~100 ms runs as a :class:`Job` on Qt's thread pool while
the window keeps drawing.

A job's function runs in a worker thread and must not touch a widget; it
reports through the job's signals, which are emitted in the GUI thread
(from its event loop, so a slot connected right after :func:`start` never
misses one): ``progress(fraction)`` (0–1), then ``succeeded(result)`` or
``failed(exception)``, then ``finished()``. :meth:`Job.cancel` asks the
function to stop: it polls :meth:`Job.cancelled` (a rotation search's
``cancel`` argument).

:func:`wait` runs the GUI's event loop until a job is over and returns its
result (or raises its exception), so a caller written as one call -- "make
the rotation, then say so" -- keeps its shape while the window stays live
(a nested event loop, as a modal dialog's ``exec``: nothing is pumped from inside the work).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QEventLoop, QObject, QRunnable, Qt, QThreadPool, QTimer, Signal


class Job(QObject):
    """One piece of work on the thread pool (see the module)."""

    progress = Signal(float)
    succeeded = Signal(object)
    failed = Signal(object)
    finished = Signal()
    _reported = Signal(float)  # from the worker thread; re-emitted as progress in the GUI thread
    _over = Signal()  # from the worker thread; the public signals follow in the GUI thread

    def __init__(self, label: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.label = label
        self.result: Any = None
        self.error: BaseException | None = None
        self.done = False
        self._cancel = threading.Event()
        self._reported.connect(self.progress.emit, Qt.QueuedConnection)
        self._over.connect(self._complete, Qt.QueuedConnection)

    def report(self, fraction: float) -> None:
        """Say how far the work is (0–1); callable from the worker thread."""
        self._reported.emit(fraction)

    def cancel(self) -> None:
        """Ask the work to stop (it stops at its next :meth:`cancelled` check)."""
        self._cancel.set()

    def cancelled(self) -> bool:
        """True once :meth:`cancel` was called (safe from any thread)."""
        return self._cancel.is_set()

    def _complete(self) -> None:  # in the GUI thread
        self.done = True
        if self.error is not None:
            self.failed.emit(self.error)
        else:
            self.succeeded.emit(self.result)
        self.finished.emit()


class _Runnable(QRunnable):
    def __init__(self, job: Job, work: Callable[[Job], Any]) -> None:
        super().__init__()
        self.job, self.work = job, work
        self.setAutoDelete(True)

    def run(self) -> None:  # in a worker thread: signals only, no widget
        job = self.job
        try:
            job.result = self.work(job)
        except BaseException as exc:  # noqa: BLE001 - handed to the GUI thread, raised there by wait()
            job.error = exc
        try:
            job._over.emit()
        except RuntimeError:  # "Signal source has been deleted": the application ended while this ran
            pass


_collector: QTimer | None = None


FULL_EVERY = 10
"""A full collection every this many ticks (of a second)."""
THAW_EVERY = 600
"""Every this many ticks the frozen objects are collected too (see below)."""


def collect_garbage_on_the_gui_thread() -> None:
    """Python's cycle collector runs in whichever thread happens to allocate
    when a threshold is passed: in a worker thread it may delete a Qt object
    (a closed window's) outside the GUI thread, which crashes the process.
    So, as Anki does, automatic collection is switched off once the
    application exists, and the GUI thread collects on a timer instead
    (young objects every second, everything every :data:`FULL_EVERY`).

    A full collection walks every object: 230,000 once the window is open
    (the modules, Qt's wrappers), about 75 ms, a visible stall. So what
    survives a full collection is frozen (``gc.freeze``: set aside, not
    walked again) and the next one walks only what was made since; every
    :data:`THAW_EVERY` ticks (ten minutes) the frozen objects are thawed
    and walked once, so a cycle that died among them is still freed.
    The first tick only freezes (what start-up imported is the modules, not
    garbage: a full walk of it then cost 75 ms of the window's start), and
    the first full collection comes with the tenth tick. Idempotent."""
    global _collector
    app = QCoreApplication.instance()
    if _collector is not None or app is None:
        return
    gc.disable()
    gc.freeze()  # what is here already (the modules, mostly) is not walked again until the first thaw
    ticks = [0]

    def collect() -> None:
        ticks[0] += 1
        if ticks[0] % THAW_EVERY == 0:
            gc.unfreeze()
        if ticks[0] == 1:  # a second after start-up: set aside what the window and the file's opening imported
            gc.freeze()
        elif ticks[0] % FULL_EVERY == 0:
            gc.collect(2)
            gc.freeze()
        else:
            gc.collect(1)

    _collector = QTimer(app)
    _collector.setInterval(1000)
    _collector.timeout.connect(collect)
    _collector.start()


_RUNNING: set[Job] = set()
"""Jobs not over yet. A job has no Qt parent and is kept here until its
``finished`` was emitted: a window (its would-be parent) closed while the
work runs must not delete the object the worker thread emits on (a signal
emitted on a deleted object from another thread crashes the process)."""


def start(label: str, work: Callable[[Job], Any], parent: QObject | None = None) -> Job:
    """Run ``work(job)`` on the thread pool and return the :class:`Job` at
    once. ``parent`` is accepted for the callers' sake but not made the
    job's Qt parent (see :data:`_RUNNING`)."""
    collect_garbage_on_the_gui_thread()
    job = Job(label)
    _RUNNING.add(job)
    job.finished.connect(lambda: _RUNNING.discard(job))
    QThreadPool.globalInstance().start(_Runnable(job, work))
    return job


class _Delivery(QObject):
    """A job's answers for one owner (:func:`deliver`): a Qt child of the
    owner, so deleted with it, and Qt drops the connections of a deleted
    receiver: an answer that comes later reaches nothing. Deleted itself
    once the job is over."""

    def __init__(self, owner: QObject, job: Job, callbacks: dict[str, Callable[..., Any]]) -> None:
        super().__init__(owner)
        self.callbacks = callbacks
        job.progress.connect(self._progress)
        job.succeeded.connect(self._succeeded)
        job.failed.connect(self._failed)
        job.finished.connect(self._finished)

    def _call(self, name: str, *args: Any) -> None:
        call = self.callbacks.get(name)
        if call is not None:
            call(*args)

    def _progress(self, fraction: float) -> None:
        self._call("progress", fraction)

    def _succeeded(self, result: Any) -> None:
        self._call("succeeded", result)

    def _failed(self, error: BaseException) -> None:
        self._call("failed", error)

    def _finished(self) -> None:
        try:
            self._call("finished")
        finally:
            self.deleteLater()


def deliver(
    job: Job,
    owner: QObject,
    succeeded: Callable[[Any], Any] | None = None,
    failed: Callable[[BaseException], Any] | None = None,
    *,
    finished: Callable[[], Any] | None = None,
    progress: Callable[[float], Any] | None = None,
) -> Job:
    """Connect ``job``'s signals to callbacks that run only while ``owner``
    (a page, a dialog, the window, the context) lives: the answer of a job
    may come after the window that asked was closed and deleted, and a
    callback drawing then would touch deleted widgets (``QLabel already
    deleted``). Each callback runs in the GUI thread; returns ``job``."""
    callbacks = {"succeeded": succeeded, "failed": failed, "finished": finished, "progress": progress}
    _Delivery(owner, job, {k: v for k, v in callbacks.items() if v is not None})
    return job


class OneAtATime(QObject):
    """Background reads of which one at a time is enough (a redraw after
    another station's change): asked while one runs, the asker is called
    again once it is over, so a burst of changes is read once more, not
    once each.

    ``owner``: the page or window the reads draw on, made this object's Qt
    parent so it is deleted with it; once it is gone, a read that ends
    delivers nothing and asks for no other (:meth:`start`)."""

    def __init__(self, owner: QObject) -> None:
        super().__init__(owner)
        self.owner = owner
        self.running = False
        self._again: Callable[[], None] | None = None

    def busy(self, again: Callable[[], None]) -> bool:
        """True while one runs; then ``again()`` is called (once) when it is over."""
        if self.running:
            self._again = again
        return self.running

    def start(
        self,
        label: str,
        work: Callable[[Job], Any],
        succeeded: Callable[[Any], Any] | None = None,
        failed: Callable[[BaseException], Any] | None = None,
    ) -> Job:
        """:func:`start` ``work``, marked running until it is over;
        ``succeeded(result)`` or ``failed(exception)`` is called in the GUI
        thread if the owner still lives then (:func:`deliver`)."""
        self.running = True
        job = deliver(start(label, work), self.owner, succeeded, failed)
        job.finished.connect(self._over)  # a method of this Qt object: dropped by Qt once it is deleted
        return job

    def _over(self) -> None:
        self.running = False
        again, self._again = self._again, None
        if again is not None:
            again()


def wait(job: Job) -> Any:
    """Run the event loop until ``job`` is over; its result, or its exception raised here."""
    if not job.done:  # finished is emitted from the event loop: never before this loop runs
        loop = QEventLoop()
        job.finished.connect(loop.quit)
        loop.exec()
    if job.error is not None:
        raise job.error
    return job.result
