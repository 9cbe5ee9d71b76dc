"""The roster import (worker thread, progress, Cancel, preview) and the error
paths of the GUI (database errors in words, unexpected ones in a dialog with
Copy details, a rotating log file)."""

from __future__ import annotations

import sqlite3
import sys

import pytest
from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QApplication, QPushButton
from sqlalchemy.exc import OperationalError
from sqlmodel import Session

from euchre_tourney import tournament as T
from euchre_tourney.gui import errors
from euchre_tourney.gui.main_window import MainWindow

pytestmark = pytest.mark.usefixtures("gui_env")


@pytest.fixture
def window(qtbot, db):
    w = MainWindow(db)
    qtbot.addWidget(w)
    w.tabs.setCurrentWidget(w.roster_page)
    return w


def start_import(qtbot, page, path):
    job = page.import_csv(str(path))
    with qtbot.waitSignal(job.preview_shown, timeout=60000):
        pass
    return job


def test_preview_lists_players_duplicates_and_import_writes_them(qtbot, window, tmp_path, gui_env):
    window.ctx.run(T.add_player, "Ann Lee")
    path = tmp_path / "roster.csv"
    path.write_bytes("Name;Email\r\nann lee;a@x\r\nBo;b@x\r\nCy;\r\n".encode("utf-16"))
    job = start_import(qtbot, window.roster_page, path)
    dialog = job.dialog
    assert dialog.isVisible() and dialog.import_button.isEnabled()
    assert dialog.import_button.text() == "&Import 3 players"
    assert "UTF-16 LE, semicolon-separated" in dialog.summary.text()
    model = dialog.rows_model
    assert [model.data(model.index(r, 1)) for r in range(3)] == ["ann lee", "Bo", "Cy"]
    assert model.data(model.index(0, 4)) == "Same name already on the roster"
    assert window.ctx.run(T.list_players)[0].name == "Ann Lee" and len(window.ctx.run(T.list_players)) == 1
    with qtbot.waitSignal(job.finished, timeout=60000) as done:
        dialog.import_button.click()
    assert len(done.args[0].added) == 3
    assert window.roster_page.model.rowCount() == 4
    assert gui_env["info"][-1][1].startswith("Imported 3 players.")


def test_a_file_with_problems_cannot_be_imported_and_writes_nothing(qtbot, window, tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text('Name,Email\nAnn,a\n"Bo,b\nC\u200by,c\n', encoding="utf-8")
    job = start_import(qtbot, window.roster_page, path)
    dialog = job.dialog
    assert not dialog.import_button.isEnabled()
    assert dialog.tabs.currentWidget() is dialog.problems_view
    problems = dialog.problems_model
    assert [problems.data(problems.index(r, 0)) for r in range(2)] == ["3", "4"]
    assert "U+200B" in problems.data(problems.index(1, 1))
    with qtbot.waitSignal(job.stopped, timeout=60000) as stopped:
        dialog.reject()
    assert stopped.args == ["refused"]
    assert window.ctx.run(T.list_players) == []
    assert "Nothing was imported" in window.roster_page.import_status.text()


def test_a_refused_file_is_said_in_words(qtbot, window, tmp_path, gui_env):
    path = tmp_path / "emails.csv"
    path.write_text("Email\nann@example.org\n", encoding="utf-8")
    job = window.roster_page.import_csv(str(path))
    with qtbot.waitSignal(job.stopped, timeout=60000):
        pass
    title, message = gui_env["errors"][-1]
    assert title == "Cannot import" and "no name column" in message
    assert job.dialog is None and window.ctx.run(T.list_players) == []


def test_a_bug_in_the_reading_worker_is_shown_with_details_not_lost(qtbot, window, tmp_path, gui_env, monkeypatch):
    def broken(*_a, **_k):
        raise RuntimeError("worker bug")

    monkeypatch.setattr(T, "read_roster_file", broken)
    path = tmp_path / "r.csv"
    path.write_text("Name\nAnn\n", encoding="utf-8")
    job = window.roster_page.import_csv(str(path))
    with qtbot.waitSignal(job.stopped, timeout=60000) as stopped:
        pass
    assert stopped.args == ["failed"]
    title, exc = gui_env["unexpected"][-1]
    assert title == "Cannot import" and str(exc) == "worker bug" and exc.__traceback__ is not None
    assert window.ctx.run(T.list_players) == []


@pytest.fixture
def big_csv(tmp_path):
    path = tmp_path / "big.csv"
    path.write_text("Name,Email\n" + "".join(f"Player {i},p{i}@example.org\n" for i in range(100_000)), encoding="utf-8")
    return path


def test_cancel_stops_a_large_import_and_writes_nothing(qtbot, window, big_csv):
    job = window.roster_page.import_csv(str(big_csv))
    assert job.progress.labelText().startswith("Reading big.csv")
    cancel = job.progress.findChild(QPushButton)
    assert cancel.text() == "Cancel"
    with qtbot.waitSignal(job.stopped, timeout=60000) as stopped:
        cancel.click()
    assert stopped.args == ["cancelled"]
    QThreadPool.globalInstance().waitForDone()
    QApplication.processEvents()  # whatever the worker still sent is ignored
    assert job.dialog is None
    assert window.ctx.run(T.list_players) == []
    assert window.roster_page.import_status.text() == "Import cancelled: nothing was imported."


def test_a_large_file_is_read_off_the_gui_thread_with_progress(qtbot, window, big_csv):
    job = window.roster_page.import_csv(str(big_csv))
    seen: list[int] = []
    job.reader.signals.progress.connect(seen.append)
    with qtbot.waitSignal(job.preview_shown, timeout=120000):
        pass
    assert seen == sorted(seen) and seen[-1] == 100 and len(seen) >= 10
    assert job.dialog.import_button.text() == "&Import 100,000 players"
    job.dialog.reject()


# errors --------------------------------------------------------------------------------------


def locked(*_a, **_k):
    raise OperationalError("INSERT INTO hand ...", {}, sqlite3.OperationalError("database is locked"))


def test_a_database_error_reaches_the_director_as_a_sentence(window, caplog):
    with pytest.raises(T.StorageError) as info:
        window.ctx.run(lambda _s: locked())
    assert "database is locked" in caplog.text  # the driver's own words go to the log, not the screen
    assert info.value.kind == "locked" and "Nothing was saved" in info.value.message
    shown = info.value.message.lower()  # no driver text (the file's own path may be named)
    assert "sqlite3" not in shown and "operationalerror" not in shown and "background" not in shown
    assert isinstance(info.value.__cause__, OperationalError)


def test_a_hand_is_reported_saved_only_after_its_commit(qtbot, db, gui_env, monkeypatch):
    import datetime

    w = MainWindow(db)
    qtbot.addWidget(w)
    ids = [w.ctx.run(T.add_player, f"P{i}").id for i in range(4)]
    w.create_event(name="Night", date=datetime.date(2026, 2, 3), rounds=1, hands_per_round=4)
    w.event_page.set_checked_in(ids, True)
    w.tabs.setCurrentWidget(w.rotation_page)
    assert w.rotation_page.generate()
    page = w.scores_page
    w.tabs.setCurrentWidget(page)
    page.select(1, 1)
    page.tricks.setText("3")
    on_stack = w.ctx.undo_stack.count()  # the check-in and the rotation (undoable since issue 14, item 5)
    monkeypatch.setattr(Session, "commit", locked)
    assert page.save() is False
    assert page.message.text().startswith("Not saved: The database ") and " is busy: " in page.message.text()
    assert "Hand 1 saved" not in page.message.text() and w.ctx.undo_stack.count() == on_stack
    monkeypatch.undo()
    assert w.ctx.run(T.table_score, w.ctx.event_id, 1, 1).hands == ()
    page.tricks.setText("3")
    assert page.save() is True
    assert page.message.text().startswith("Hand 1 saved")
    assert len(w.ctx.run(T.table_score, w.ctx.event_id, 1, 1).hands) == 1


def test_report_shows_database_errors_in_words_and_bugs_in_the_dialog(tmp_path, gui_env):
    errors.install(tmp_path / "logs")
    try:
        try:
            locked()
        except OperationalError as exc:
            errors.report(None, "Cannot save", exc)
        assert gui_env["errors"][-1][0] == "Cannot save" and "busy" in gui_env["errors"][-1][1]
        try:
            1 / 0
        except ZeroDivisionError as exc:
            errors._excepthook(type(exc), exc, exc.__traceback__)  # what Qt does with a slot's exception
        title, exc = gui_env["unexpected"][-1]
        assert title == "Something went wrong" and isinstance(exc, ZeroDivisionError)
        log = (tmp_path / "logs" / errors.LOG_FILE).read_text(encoding="utf-8")
        assert "ZeroDivisionError" in log and "Traceback" in log and "database is locked" in log
        assert sys.excepthook is errors._excepthook
        assert errors.install(tmp_path / "elsewhere") == tmp_path / "logs" / errors.LOG_FILE  # once only
    finally:
        errors.uninstall()
    assert sys.excepthook is not errors._excepthook


def test_error_dialog_copy_details_puts_the_traceback_on_the_clipboard(qtbot):
    try:
        {}["missing"]
    except KeyError as exc:
        dialog = errors.ErrorDialog(None, "Something went wrong", errors.unexpected_message(exc), errors.details(exc))
    qtbot.addWidget(dialog)
    assert "KeyError" in dialog.message.text() and "may not have been saved" in dialog.message.text()
    assert not dialog.details.isVisibleTo(dialog)
    dialog.copy_button.click()
    text = QApplication.clipboard().text()
    assert text == dialog.details.toPlainText()
    assert "Traceback" in text and "KeyError: 'missing'" in text and text.startswith("Euchre Tourney ")
    assert dialog.copy_button.text() == "Copied"
    dialog.show_button.click()
    assert dialog.details.isVisibleTo(dialog)


def test_standings_export_writes_an_excel_clean_file_or_says_why(qtbot, window, tmp_path, gui_env, monkeypatch):
    import datetime

    from PySide6.QtWidgets import QFileDialog

    ids = [window.ctx.run(T.add_player, n).id for n in ("=cmd|' /C calc'!A0", "Bo", "Cy", "Di")]
    window.create_event(name="Night", date=datetime.date(2026, 2, 3), rounds=1, hands_per_round=1)
    window.event_page.set_checked_in(ids, True)
    window.tabs.setCurrentWidget(window.rotation_page)
    assert window.rotation_page.generate()
    page = window.standings_page
    window.tabs.setCurrentWidget(page)
    path = tmp_path / "standings.csv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    page.export_button.click()
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and b"\r\n" in data and b"'=cmd|" in data
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "no" / "s.csv"), ""))
    page.export_button.click()
    assert gui_env["errors"][-1][0] == "Cannot save" and "Nothing was saved" in gui_env["errors"][-1][1]
