"""Issue 29 item 9: a background read's answer that comes after its page
is gone is dropped, never drawn on a deleted widget (``QLabel already
deleted`` under load: the Standings page's read outlived the page).

Each test holds the worker at a gate (a ``threading.Event``), deletes the
window, opens the gate and lets the thread pool and the event loop finish:
counted by calls and exceptions, never by a time."""

from __future__ import annotations

import threading

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QThreadPool

from euchre_tourney import tournament as T
from euchre_tourney.gui import phones, worker
from euchre_tourney.gui.main_window import MainWindow

from tests.gui.nights import night


def _window(db, page: str) -> MainWindow:
    w = MainWindow(db)
    w.poll_timer.stop()
    w.tabs.setCurrentWidget(getattr(w, page))
    return w


def _gone(window) -> None:
    """Close the window and delete its C++ objects now (as a closed window's deleteLater does later)."""
    window.close()
    shiboken6.delete(window)


def _finish() -> None:
    """Let the pool's work end and its answers reach the GUI thread."""
    QThreadPool.globalInstance().waitForDone()
    QCoreApplication.processEvents()
    QCoreApplication.processEvents()


class _Gate:
    """A use case held in the worker thread until :meth:`open`."""

    def __init__(self, real) -> None:
        self.real, self.entered, self.gate = real, threading.Event(), threading.Event()

    def __call__(self, *args, **kwargs):
        self.entered.set()
        assert self.gate.wait(30), "the gate was never opened"  # a hang guard only
        return self.real(*args, **kwargs)

    def open(self) -> None:
        self.gate.set()


def test_a_standings_read_that_ends_after_the_window_is_gone_draws_nothing(qtbot, gui_env, db, monkeypatch):
    event_id = night(db)
    w = _window(db, "standings_page")
    page = w.standings_page
    drawn: list[bool] = []
    real_show = page.show_board
    monkeypatch.setattr(page, "show_board", lambda board: drawn.append(shiboken6.isValid(page)) or real_show(board))
    held = _Gate(T.standings_board)
    monkeypatch.setattr(T, "standings_board", held)
    page.take(T.Change("Hand 1 at table 1 (phone)", event_id, {"hands"}))
    assert held.entered.wait(30)
    _gone(w)
    assert not shiboken6.isValid(page)
    with qtbot.captureExceptions() as exceptions:
        held.open()
        _finish()
    assert exceptions == []
    assert drawn == []  # the answer was dropped: nothing reached the dead page


def test_a_standings_read_asked_again_meanwhile_is_not_started_for_a_dead_page(qtbot, gui_env, db, monkeypatch):
    """A change that came while a read ran asks for one more read when it is
    over; the page gone by then, no second read starts."""
    event_id = night(db)
    w = _window(db, "standings_page")
    page = w.standings_page
    held = _Gate(T.standings_board)
    monkeypatch.setattr(T, "standings_board", held)
    change = T.Change("Hand 1 at table 1 (phone)", event_id, {"hands"})
    page.take(change)
    assert held.entered.wait(30)
    page.take(change)  # while the first runs: asked again once it is over
    takes: list[int] = []
    # counted for this page only: another test's window still alive in this process may read too
    monkeypatch.setattr(type(page), "take", lambda self, c: takes.append(1) if self is page else None)
    _gone(w)
    with qtbot.captureExceptions() as exceptions:
        held.open()
        _finish()
    assert exceptions == [] and takes == []


def test_the_standings_reads_die_with_their_page(qtbot, gui_env, db):
    """The page's one-at-a-time runner is its Qt child: deleted with it."""
    night(db)
    w = _window(db, "standings_page")
    reads = w.standings_page._reads
    assert isinstance(reads, QObject) and reads.parent() is w.standings_page
    _gone(w)
    assert not shiboken6.isValid(reads)


def test_the_station_poll_answer_after_the_window_is_gone_is_dropped(qtbot, gui_env, db, monkeypatch):
    event_id = night(db)
    w = _window(db, "scores_page")
    w._stamp = (event_id, 0)
    held = _Gate(T.changes_since)
    monkeypatch.setattr(T, "changes_since", held)
    looked: list[int] = []
    # counted for this window only: another test's window still alive in this process may poll too
    # (it reached the held use case first, and its answer was drawn on it: 1 of 3 runs beside two busy loops)
    monkeypatch.setattr(MainWindow, "_take_look", lambda self, *a: looked.append(1) if self is w else None)
    w.poll_in_background()
    assert held.entered.wait(30)
    _gone(w)
    with qtbot.captureExceptions() as exceptions:
        held.open()
        _finish()
    assert exceptions == [] and looked == []


def test_a_job_delivers_to_a_live_owner_and_drops_for_a_dead_one(qtbot):
    """:func:`worker.deliver`: the succeeded and failed callbacks run only
    while their owner's C++ object lives."""
    alive, dead = QObject(), QObject()
    got: list[tuple] = []
    for owner in (alive, dead):
        gate = threading.Event()
        job = worker.start("Read", lambda _job, gate=gate: gate.wait(30) and "board")
        worker.deliver(job, owner, lambda r, owner=owner: got.append((owner, r)))
        failing = worker.start("Fail", lambda _job, gate=gate: gate.wait(30) and 1 / 0)
        worker.deliver(failing, owner, failed=lambda e, owner=owner: got.append((owner, type(e))))
        if owner is dead:
            shiboken6.delete(dead)
        gate.set()
    _finish()
    assert sorted(got, key=str) == sorted([(alive, "board"), (alive, ZeroDivisionError)], key=str)  # any order


def test_a_phone_dialog_call_that_ends_after_its_owner_is_gone_calls_nothing(qtbot):
    owner = QObject()
    gate = threading.Event()
    called: list[tuple] = []
    phones.in_background(owner, lambda: gate.wait(30) and "started", lambda r, e: called.append((r, e)))
    shiboken6.delete(owner)
    gate.set()
    _finish()
    assert called == []
    live = QObject()
    phones.in_background(live, lambda: "started", lambda r, e: called.append((r, e)))
    _finish()
    assert called == [("started", None)]


def test_a_background_operation_that_ends_after_the_window_is_gone_raises_nothing(qtbot, gui_env, db, monkeypatch):
    """The rotation search (ctx.start_operation, its progress dialog) ends
    after the window was deleted: the announce, the busy flag and the
    dialog's reset are not delivered to dead objects."""
    night(db, rotation=False)
    w = _window(db, "rotation_page")
    gate = threading.Event()

    def slow(session, event_id, progress, cancel):
        progress(0.5)
        assert gate.wait(30)
        return T.generate_rotation(session, event_id)

    job = w.rotation_page.start_making("Make the rotation", use_case=slow)
    _gone(w)
    with qtbot.captureExceptions() as exceptions:
        gate.set()
        _finish()
    assert exceptions == [] and job.done and job.error is None


@pytest.mark.parametrize("then_raises", [False, True])
def test_a_phone_dialog_callback_error_on_a_live_owner_is_not_swallowed(qtbot, then_raises):
    """Only a dead owner's callback is dropped: a live owner's error is a real error."""
    owner = QObject()

    def then(_r, _e):
        if then_raises:
            raise RuntimeError("a real bug")

    with qtbot.captureExceptions() as exceptions:
        phones.in_background(owner, lambda: 1, then)
        _finish()
    assert [str(e[1]) for e in exceptions] == (["a real bug"] if then_raises else [])
