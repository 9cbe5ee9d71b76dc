"""Issue 21 item 4: nothing slow on the GUI thread. Rotation searches and
PDFs run as worker jobs (``gui/worker.py``) with progress and Cancel; the
window refuses a second operation while one runs and says so. Driven by
signals (``waitSignal``), never by timing."""

from __future__ import annotations

import ast
import threading
from pathlib import Path

import pytest
from PySide6.QtWidgets import QPushButton

from euchre_tourney import tournament as T
from euchre_tourney.gui import worker
from euchre_tourney.reports import Cancelled

from tests.gui.nights import night, window_on

GUI = Path(__file__).resolve().parents[2] / "euchre_tourney" / "gui"


@pytest.fixture
def window(qtbot, gui_env, db):
    night(db, players=16, rounds=3, hands=4, rotation=False)
    w = window_on(qtbot, db)
    yield w
    w.close()


def test_a_job_runs_off_the_gui_thread(qtbot):
    main = threading.get_ident()
    job = worker.start("Count", lambda _job: threading.get_ident())
    with qtbot.waitSignal(job.finished, timeout=60000):
        pass
    assert job.result != main and job.error is None
    failing = worker.start("Fail", lambda _job: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        worker.wait(failing)  # the worker's exception, raised in the GUI thread


def test_the_rotation_is_made_in_a_worker_and_can_be_undone(qtbot, window):
    page = window.rotation_page
    window.tabs.setCurrentWidget(page)
    job = page.start_making("Make the rotation")
    assert window.ctx.busy == "Make the rotation"
    with qtbot.waitSignal(job.finished, timeout=60000):
        pass
    assert not window.ctx.busy and job.error is None
    assert len(page.view.rounds) == 3  # the page redrew from the operation's change
    assert window.ctx.undo_stack.undoText() == "Make the rotation" and window.undo_action.isEnabled()


def test_cancel_stops_the_search_and_keeps_what_was_there(qtbot, window):
    gate = threading.Event()

    def search(session, event_id, progress, cancel):
        progress(0.5)
        gate.wait()
        if cancel():
            raise T.Cancelled()
        return T.generate_rotation(session, event_id)

    page = window.rotation_page
    window.tabs.setCurrentWidget(page)
    job = page.start_making("Re-plan the rotation", use_case=search)
    with qtbot.waitSignal(job.progress, timeout=60000) as reported:
        pass
    assert reported.args == [0.5]
    page.progress_dialog.findChild(QPushButton).click()  # the dialog's Cancel button
    gate.set()
    with qtbot.waitSignal(job.finished, timeout=60000):
        pass
    assert isinstance(job.error, T.Cancelled)
    assert window.ctx.run(T.rotation_view, window.ctx.event_id).rounds == ()
    assert window.ctx.undo_stack.count() == 0


def test_a_second_operation_is_refused_while_one_runs(qtbot, window):
    gate = threading.Event()

    def slow(session, event_id, progress, cancel):
        gate.wait()
        return T.generate_rotation(session, event_id)

    ctx = window.ctx
    job = window.rotation_page.start_making("Re-plan the rotation", use_case=slow)
    assert not window.undo_action.isEnabled()
    assert "Re-plan the rotation" in window.statusBar().currentMessage()
    with pytest.raises(T.TournamentError, match="still running"):
        ctx.operate("Add", T.add_player, "Late Comer", event_id=None)
    assert window.statusBar().currentMessage() == "Please wait: “Re-plan the rotation” is still running."
    with pytest.raises(T.TournamentError, match="still running"):
        window.start_pdf("scorecards", "/nonexistent/x.pdf")
    assert ctx.run(T.list_players).__len__() == 16  # nothing else was written
    gate.set()
    with qtbot.waitSignal(job.finished, timeout=60000):
        pass
    assert ctx.busy == "" and len(ctx.run(T.rotation_view, ctx.event_id).rounds) == 3


def test_a_pdf_is_made_in_a_worker(qtbot, window, tmp_path):
    window.rotation_page.generate()  # waits for its worker, the window live meanwhile
    path = tmp_path / "cards.pdf"
    job = window.start_pdf("scorecards", str(path))
    assert window.ctx.busy
    with qtbot.waitSignal(job.finished, timeout=60000):
        pass
    assert job.error is None and path.read_bytes().startswith(b"%PDF")
    assert window.save_pdf("tally-sheets", str(tmp_path / "tally.pdf"))  # the synchronous face still works


def test_no_event_pumping_anywhere_in_the_gui():
    """No ``processEvents`` call in gui/: slow work goes to a worker."""
    calls = [
        f"{path.relative_to(GUI)}:{node.lineno}"
        for path in GUI.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr == "processEvents"
    ]
    assert calls == []


def _big_window(qtbot, db):
    """A night of 48 players and 8 rounds: scorecards over 24 pages, tally sheets over 48."""
    night(db, players=48, rounds=8, hands=4, rotation=True)
    return window_on(qtbot, db)


@pytest.mark.usefixtures("gui_env")
def test_a_pdf_reports_its_progress_page_by_page_to_the_end(qtbot, db, tmp_path):
    window = _big_window(qtbot, db)
    path = tmp_path / "tally.pdf"
    job = window.start_pdf("tally-sheets", str(path))
    fractions = []
    job.progress.connect(fractions.append)
    assert window.pdf_progress is not None and window.pdf_progress.maximum() == 100
    assert window.pdf_progress.labelText() == "Making tally.pdf…"  # until the first page is drawn
    with qtbot.waitSignal(job.finished, timeout=60000):
        pass
    assert job.error is None and path.read_bytes().startswith(b"%PDF")
    # one step a page (96 sheets, two a page) up to the end; the order seen here may differ from the order
    # sent, since the modal dialog's setValue runs the event loop inside the slot connected before this list
    assert max(fractions) == 1.0 and all(0 < f <= 1 for f in fractions)
    assert len(set(fractions)) >= 48
    assert job.counts == (96, 96)  # the dialog's label said "Table tally sheets: n of 96 drawn" on the way
    window.close()


@pytest.mark.usefixtures("gui_env")
def test_cancel_stops_a_pdf_and_leaves_no_file(qtbot, db, tmp_path):
    window = _big_window(qtbot, db)
    fresh, old = tmp_path / "cards.pdf", tmp_path / "old-cards.pdf"
    old.write_bytes(b"%PDF last week's")
    for path in (fresh, old):
        job = window.start_pdf("scorecards", str(path))
        window.pdf_progress.findChild(QPushButton).click()  # the dialog's Cancel button
        with qtbot.waitSignal(job.finished, timeout=60000):
            pass
        assert isinstance(job.error, Cancelled)
        assert window.ctx.busy == ""
    assert not fresh.exists() and old.read_bytes() == b"%PDF last week's"
    assert sorted(p.name for p in tmp_path.iterdir() if "cards" in p.name) == ["old-cards.pdf"]  # no part file left


@pytest.mark.usefixtures("gui_env")
def test_save_pdf_says_a_cancelled_pdf_was_not_written(qtbot, db, tmp_path, monkeypatch):
    window = _big_window(qtbot, db)
    real = window.start_pdf

    def cancelled_at_once(*args, **kwargs):
        job = real(*args, **kwargs)
        job.cancel()
        return job

    monkeypatch.setattr(window, "start_pdf", cancelled_at_once)
    path = tmp_path / "chart.pdf"
    assert not window.save_pdf("rotation-chart", str(path))
    assert not path.exists()
    assert window.statusBar().currentMessage() == "Cancelled: chart.pdf was not written."
    window.close()


def test_the_collector_freezes_at_its_first_tick_and_walks_everything_every_tenth(qapp, monkeypatch):
    calls = []

    class Gc:
        def disable(self):
            calls.append("disable")

        def freeze(self):
            calls.append("freeze")

        def unfreeze(self):
            calls.append("unfreeze")

        def collect(self, generation=2):
            calls.append(f"collect{generation}")

    monkeypatch.setattr(worker, "gc", Gc())
    monkeypatch.setattr(worker, "_collector", None)
    worker.collect_garbage_on_the_gui_thread()
    timer = worker._collector
    try:
        timer.stop()  # ticked by hand below: no timing
        assert calls == ["disable", "freeze"]
        calls.clear()
        timer.timeout.emit()  # the first tick, during the window's start: no walk of everything
        assert calls == ["freeze"]
        calls.clear()
        for _ in range(worker.FULL_EVERY - 1):
            timer.timeout.emit()
        assert calls == ["collect1"] * (worker.FULL_EVERY - 2) + ["collect2", "freeze"]
    finally:
        timer.deleteLater()
