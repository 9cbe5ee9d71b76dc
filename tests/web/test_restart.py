"""Issue 29 item 2 (the restart half): a server stopped and started again
on the same port gets it back at once, connections still in TIME_WAIT or
not (address reuse); the pages' ``/stamp`` names the server's start, so a
page drawn before a restart knows it (``static/app.js`` reloads it)."""

from __future__ import annotations

import socket

import httpx
import pytest

from euchre_tourney.web import PhoneServer, create_app, free_port


def _time_wait_on(port: int) -> int:
    """How many TCP connections of local port ``port`` are in TIME_WAIT (Linux's /proc/net/tcp)."""
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = open(table, encoding="ascii").read().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == "06":  # 06: TIME_WAIT
                count += 1
    return count


@pytest.mark.parametrize("separate_process", [False, True], ids=["thread", "process"])
def test_a_restarted_server_gets_its_port_back_at_once(db, night, separate_process):
    port = free_port()
    first = PhoneServer(db, night[0], "127.0.0.1", port, separate_process=separate_process)
    first.start()
    try:
        with httpx.Client(base_url=first.url, timeout=30) as phone:
            for _ in range(3):
                assert phone.get("/stamp").status_code == 200
            first.stop()  # with the phone's connection open: the server closes it, its end waits in TIME_WAIT
    finally:
        first.stop()
    assert _time_wait_on(port) >= 1  # the case that refused a restart
    again = PhoneServer(db, night[0], "127.0.0.1", port, separate_process=separate_process)
    again.start()  # at once: no "Address already in use"
    try:
        assert again.running
        with httpx.Client(base_url=again.url, timeout=30) as phone:
            assert phone.get("/stamp").status_code == 200
    finally:
        again.stop()


def test_a_port_in_use_is_still_refused_in_words(db, night):
    """Address reuse does not let two servers share a port: the second is refused."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = PhoneServer(db, night[0], "127.0.0.1", port, separate_process=False)
        with pytest.raises(OSError, match=f"Cannot listen on 127.0.0.1 port {port}"):
            server.start()
        assert not server.running
