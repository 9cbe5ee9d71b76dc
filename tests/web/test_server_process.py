"""The server in a process of its own: a phone's hand reaches the window by
the server's word (not the window's station poll), the timer and the
connected phones cross between the processes, and the process ends with
the server."""

from __future__ import annotations

import os

import httpx
import pytest

from tests.web.conftest import enter


@pytest.fixture
def served(gui_env, db, night, qtbot):
    from euchre_tourney.gui.main_window import MainWindow
    from euchre_tourney.web import PhoneServer, free_port

    window = MainWindow(db)
    qtbot.addWidget(window)
    window.reload_events(select=night[0])
    window.poll_timer.stop()  # only the server's word can redraw the window
    server = PhoneServer(db, night[0], "127.0.0.1", free_port())
    server.start()
    window.phone_server = server
    with httpx.Client(base_url=server.url, headers={"origin": server.url}, timeout=30) as phone:
        yield window, server, phone
    server.stop()


def test_the_server_runs_in_its_own_process(served):
    _window, server, _phone = served
    assert server.separate_process and server.running
    assert server._process.pid != os.getpid()  # noqa: SLF001


def test_a_phone_hand_redraws_the_window_without_its_poll(served, night, qtbot, monkeypatch):
    window, server, phone = served
    looks: list[bool] = []
    real = window._take_look  # noqa: SLF001
    monkeypatch.setattr(window, "_take_look", lambda *args: looks.append(real(*args)) or looks[-1])
    scores = window.scores_page
    window.tabs.setCurrentWidget(scores)
    scores.select(1, 1)
    assert scores.model.rowCount() == 0
    window.poll_other_stations()  # the window's first look notes the stamp
    response, _ = enter(phone, 1, night[1][1], makers="EW", tricks=5)
    assert "Hand 1 saved" in response.text
    qtbot.waitUntil(lambda: scores.model.rowCount() == 1, timeout=60000)
    assert True in looks  # the redraw came from a look the server's word started
    assert not window.poll_timer.isActive()


def test_the_timer_and_the_connected_phones_cross_between_the_processes(served, night, qtbot):
    window, server, phone = served
    server.state.timer_text = "12:34"
    qtbot.waitUntil(lambda: "12:34" in phone.get("/projector").text, timeout=60000)
    assert phone.get(f"/t/2?k={night[1][2]}").status_code == 200
    qtbot.waitUntil(lambda: 2 in server.state.connected(), timeout=60000)


def test_the_process_ends_with_the_server(served):
    _window, server, _phone = served
    process = server._process  # noqa: SLF001
    server.stop()
    assert not process.is_alive() and not server.running
