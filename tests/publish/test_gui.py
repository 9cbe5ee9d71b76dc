"""The window's doors (issue 31): File ▸ Club settings, File ▸ Publish
results… and Event ▸ E-mail the results…, driven through their widgets
offscreen (pytest-qt) against a local SMTP server."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from euchre_tourney import publish as P
from euchre_tourney import tournament as T
from euchre_tourney.gui import worker
from euchre_tourney.gui.main_window import MainWindow
from tests.publish.conftest import Inbox


@pytest.fixture
def window(qtbot, gui_env, db, scored_night):
    w = MainWindow(db)
    qtbot.addWidget(w)
    w.reload_events(select=scored_night[0])
    return w


def _menu_texts(w):
    return [a.text() for m in w.menuBar().actions() for a in m.menu().actions()]


def test_the_club_settings_are_saved_and_the_password_goes_to_the_keyring(window, qtbot, db, memory_keyring):
    assert "C&lub settings…" in _menu_texts(window) and "Pu&blish results…" in _menu_texts(window)
    assert "E-mail the &results…" in _menu_texts(window)
    from euchre_tourney.gui.publishing import ClubSettingsDialog

    dialog = ClubSettingsDialog(window.ctx, window)
    qtbot.addWidget(dialog)
    dialog.name.setText("Maple Club")
    dialog.sender.setText("not an address")
    assert not dialog.save() and "not an e-mail address" in dialog.error.text()
    with db.session() as s:
        assert T.club_settings(s).club_name == ""  # nothing saved
    dialog.sender.setText("club@example.org")
    dialog.host.setText("127.0.0.1")
    dialog.security.setCurrentIndex(dialog.security.findData("starttls"))
    assert dialog.port.value() == 587
    dialog.user.setText("director")
    dialog.password.setText("pw-in-keyring")
    assert dialog.save()
    with db.session() as s:
        club = T.club_settings(s)
    assert (club.club_name, club.smtp_security, club.smtp_port) == ("Maple Club", "starttls", 587)
    assert P.smtp_password(club) == "pw-in-keyring"
    assert "Change the club's settings" in window.ctx.undo_stack.undoText()


def test_publish_from_the_window(window, qtbot, tmp_path, scored_night):
    dialog = window.open_publish()
    dialog.folder.setText(str(tmp_path / "site"))
    assert dialog.night.isChecked()
    job = dialog.publish()
    worker.wait(job)
    qtbot.waitUntil(lambda: dialog.last_report is not None)
    assert (tmp_path / "site" / f"night-{scored_night[0]}.html").exists() and (tmp_path / "site.zip").exists()
    assert "new or changed" in dialog.result.text() and dialog.open_button.isEnabled()
    images = dialog.save_images(str(tmp_path))
    assert len(images) == 4 and all(p.stat().st_size > 1000 for p in images)
    # a folder that is a file: said in the dialog
    (tmp_path / "afile").write_text("x")
    dialog.folder.setText(str(tmp_path / "afile"))
    job = dialog.publish()
    with pytest.raises(OSError):
        worker.wait(job)
    qtbot.waitUntil(lambda: "could not be written" in dialog.result.text())


def test_email_the_results_from_the_window(window, qtbot, db, smtp_server, memory_keyring, gui_env):
    inbox = Inbox()
    host, port = smtp_server(inbox)
    T.operate(db, "club", T.set_club_settings, club_name="Maple Club", smtp_host=host, smtp_port=port,
              smtp_security="none", smtp_from="club@example.org")
    dialog = window.open_mail()
    qtbot.addWidget(dialog)
    assert "<b>6</b> members to mail" in dialog.summary.text() and "王小明" in dialog.summary.text()
    assert dialog.member.count() == 8 and "Hello" in dialog.html_view.toPlainText()
    worker.wait(dialog.send_test())
    qtbot.waitUntil(lambda: "A test message went to club@example.org" in dialog.outcome.text())
    job = dialog.send()
    assert gui_env["questions"] and "Send 6 e-mails" in gui_env["questions"][-1][1]
    assert dialog.progress.isVisible()
    worker.wait(job)
    qtbot.waitUntil(lambda: "Sent 5 e-mails." in dialog.outcome.text())
    assert dialog.progress.value() == 1000 and "Dee" in dialog.outcome.text()
    assert len(inbox.messages) == 6 and not dialog.send_button.isEnabled()  # nobody left to mail
    assert "5 already mailed" in dialog.summary.text()


def test_a_keyring_that_cannot_keep_the_password_changes_nothing(window, qtbot, db, monkeypatch):
    import keyring
    from keyring.errors import NoKeyringError

    from euchre_tourney.gui.publishing import ClubSettingsDialog

    def refuse(*_args):
        raise NoKeyringError("No recommended backend was available.")

    monkeypatch.setattr(keyring, "get_password", refuse)
    monkeypatch.setattr(keyring, "set_password", refuse)
    dialog = ClubSettingsDialog(window.ctx, window)
    qtbot.addWidget(dialog)
    dialog.host.setText("smtp.example.org")
    dialog.sender.setText("club@example.org")
    dialog.user.setText("director")
    dialog.password.setText("secret")
    assert not dialog.save() and "keyring" in dialog.error.text()
    with db.session() as s:
        assert T.club_settings(s) == T.ClubSettingsView()  # nothing saved
