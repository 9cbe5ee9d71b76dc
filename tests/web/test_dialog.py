"""Event ▸ Scoring from phones…: start, see the address and QR code, the
connected phones, the PIN, re-issue a code, stop."""

from __future__ import annotations

import urllib.request

import pytest

from euchre_tourney import tournament as T


@pytest.fixture
def window(gui_env, db, night, qtbot):
    from euchre_tourney.gui.main_window import MainWindow

    w = MainWindow(db)
    qtbot.addWidget(w)
    w.reload_events(select=night[0])
    yield w
    if w.phone_server is not None:
        w.phone_server.stop()


def test_the_dialog_serves_the_event_on_loopback_and_stops(window, night, qtbot, monkeypatch):
    from euchre_tourney.web import free_port

    window.phones_action.trigger()
    dialog = window.phones_dialog
    dialog.address.setCurrentIndex(dialog.address.findData("127.0.0.1"))
    dialog.port.setValue(free_port())
    assert dialog.start()
    qtbot.waitUntil(lambda: window.phone_server is not None, timeout=60000)  # started off the GUI thread
    assert window.phone_server.running
    assert "http://127.0.0.1:" in dialog.url.text() and not dialog.qr.pixmap().isNull()
    event_id, secrets = night
    with urllib.request.urlopen(f"{window.phone_server.url}/t/1?k={secrets[1]}", timeout=60) as r:
        assert r.status == 200
    # the server's process reports the phones it saw (within a second)
    qtbot.waitUntil(lambda: (dialog.show_connected(), dialog.connected.item(0).text().startswith("Table 1:"))[1],
                    timeout=60000)
    server = window.phone_server
    dialog.stop()
    assert window.phone_server is None
    qtbot.waitUntil(lambda: not server.running, timeout=60000)


def test_the_dialog_never_offers_every_network_silently(window):
    window.phones_action.trigger()
    dialog = window.phones_dialog
    texts = [dialog.address.itemText(i) for i in range(dialog.address.count())]
    assert dialog.address.currentData() != "0.0.0.0"
    assert any("0.0.0.0" in t and "anyone" in t for t in texts)


def test_new_pin_and_reissue_run_off_the_gui_thread(window, night, db, qtbot):
    event_id, secrets = night
    window.phones_action.trigger()
    dialog = window.phones_dialog
    dialog.new_pin()
    qtbot.waitUntil(lambda: dialog.pin.text().isdigit(), timeout=60000)
    with db.session() as s:
        assert T.check_director_pin(s, event_id, dialog.pin.text())
    dialog.reissue_table.setValue(2)
    dialog.reissue()
    qtbot.waitUntil(lambda: "Table 2 has a new code" in dialog.status.text(), timeout=60000)
    with db.session() as s:
        assert T.table_secrets(s, event_id)[2] != secrets[2]


def test_a_disputed_hand_shows_in_the_dialog(window, night, db, qtbot):
    from euchre_tourney.rules import HandEntry, Side
    from euchre_tourney.web import free_port

    event_id, secrets = night
    with db.session() as s:
        T.submit_hand(s, event_id, 1, secrets[1], "k" * 20, "NS", 1, HandEntry(Side.NS, 3), drawn_round=1)
        T.confirm_hand(s, event_id, 1, secrets[1], "d" * 20, 1, 1, False, drawn_round=1)
    window.phones_action.trigger()
    dialog = window.phones_dialog
    dialog.address.setCurrentIndex(dialog.address.findData("127.0.0.1"))
    dialog.port.setValue(free_port())
    assert dialog.start()
    qtbot.waitUntil(lambda: window.phone_server is not None, timeout=60000)
    dialog.show_connected()
    qtbot.waitUntil(lambda: "table 1, hand 1" in dialog.disputed.text(), timeout=60000)
    dialog.stop()


def test_a_taken_port_is_refused_in_words(window, qtbot, gui_env):
    import socket

    window.phones_action.trigger()
    dialog = window.phones_dialog
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        dialog.address.setCurrentIndex(dialog.address.findData("127.0.0.1"))
        dialog.port.setValue(taken.getsockname()[1])
        dialog.start()
        qtbot.waitUntil(lambda: bool(gui_env["errors"]), timeout=60000)
    title, message = gui_env["errors"][0]
    assert title == "Cannot start" and "Choose another port" in message
    assert window.phone_server is None


def _settings_read_held(monkeypatch):
    """The dialog's read of the phone settings done, its answer held until the gate opens."""
    import threading

    from euchre_tourney.gui import phones

    entered, gate = threading.Event(), threading.Event()
    real = phones.director_call

    def held(db, use_case, *args, **kwargs):
        answer = real(db, use_case, *args, **kwargs)  # read (and its transaction over) ...
        if use_case is T.phone_settings:
            entered.set()
            assert gate.wait(60)  # ... but its answer held back (a hang guard only)
        return answer

    monkeypatch.setattr(phones, "director_call", held)
    return entered, gate


def test_a_confirm_box_ticked_is_not_unticked_by_a_read_that_ends_after_it(window, night, db, qtbot, monkeypatch):
    from PySide6.QtCore import QCoreApplication, QThreadPool

    with db.session() as s:
        T.set_phone_settings(s, night[0], confirm_required=False)
    entered, gate = _settings_read_held(monkeypatch)
    window.phones_action.trigger()
    assert entered.wait(60)  # the read has "not required"; its answer is held
    dialog = window.phones_dialog
    dialog.confirm.setChecked(True)  # saved in the background
    assert dialog.confirm.isChecked()
    gate.set()
    QThreadPool.globalInstance().waitForDone()
    QCoreApplication.processEvents()
    QThreadPool.globalInstance().waitForDone()
    QCoreApplication.processEvents()
    assert dialog.confirm.isChecked()  # as ticked
    with db.session() as s:
        assert T.phone_settings(s, night[0]).confirm_required  # and as saved


def test_a_new_pin_is_not_hidden_by_a_read_that_ends_after_it(window, night, db, qtbot, monkeypatch):
    """The new PIN is shown only once: the dialog's first read of the
    settings ("set (press New director PIN …)"), when it ends after the new
    PIN was saved, must not write over it. Ordered by a gate, not by time."""
    from PySide6.QtCore import QCoreApplication, QThreadPool

    entered, gate = _settings_read_held(monkeypatch)
    window.phones_action.trigger()  # the dialog reads the settings: held
    assert entered.wait(60)
    dialog = window.phones_dialog
    dialog.new_pin()
    qtbot.waitUntil(lambda: dialog.pin.text().isdigit(), timeout=60000)
    pin = dialog.pin.text()
    gate.set()
    QThreadPool.globalInstance().waitForDone()
    QCoreApplication.processEvents()
    assert dialog.pin.text() == pin  # still the new PIN
    with db.session() as s:
        assert T.check_director_pin(s, night[0], pin)
