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


# ------------------------------------------------------------------ the stamp
def _boot(html: str) -> str:
    import re

    return re.search(r'data-boot="([0-9a-f]+)"', html).group(1)


def test_the_stamp_names_the_server_start_and_another_start_another(db, night):
    """``/stamp`` begins with the start id that every page carries as
    ``data-boot``; two starts (two app instances) have two ids, and the
    stamp of each changes with the data after it as before."""
    from starlette.testclient import TestClient

    from tests.web.conftest import enter

    event_id, secrets = night
    seen = []
    for _ in range(2):
        with TestClient(create_app(db, event_id), base_url="http://testserver") as c:
            stamp = c.get("/stamp").text
            table_stamp = c.get("/stamp?t=1").text
            page = c.get(f"/t/1?k={secrets[1]}").text
            boot = _boot(page)
            assert stamp.startswith(boot + ":") and table_stamp.startswith(boot + ":")
            # a table's page follows its own table's stamp (issue 30 item 4), id and all
            assert f'data-stamp="{table_stamp}"' in page
            assert f'data-stamp="{stamp}"' in c.get("/standings").text
            assert _boot(c.get("/standings").text) == boot == _boot(c.get("/").text)
            seen.append(boot)
    assert seen[0] != seen[1]
    with TestClient(create_app(db, event_id), base_url="http://testserver") as c:
        before = c.get("/stamp?all=1").text
        enter(c, 1, secrets[1])
        after = c.get("/stamp?all=1").text
        assert after != before and after.split(":")[0] == before.split(":")[0]  # the data moved, not the start


def test_a_form_drawn_before_a_restart_is_refused_with_a_way_on(db, night):
    """The page's token is per start: a form sent after a restart is
    refused (nothing saved), and the answer says so with a Reload link back
    to the table's page, which then works."""
    from starlette.testclient import TestClient

    from tests.web.conftest import form_fields

    event_id, secrets = night
    url = f"/t/1?k={secrets[1]}"
    with TestClient(create_app(db, event_id), base_url="http://testserver") as before:
        fields = form_fields(before.get(url).text)
    with TestClient(create_app(db, event_id), base_url="http://testserver") as after:
        r = after.post(url, data=fields | {"side": "NS", "makers": "NS", "tricks": "3", "alone": ""})
        assert r.status_code == 403 and "the server restarted" in r.text
        assert f'<a class="button primary again" href="{url.replace("&", "&amp;")}">Reload</a>' in r.text
        fresh = after.get(url)
        assert fresh.status_code == 200 and 'name="csrf"' in fresh.text
    with db.session() as s:
        from euchre_tourney import tournament as T

        assert T.phone_table(s, event_id, 1, secrets[1]).hands == ()  # nothing was saved


def test_a_database_gone_at_a_form_is_a_sentence_with_a_way_on(db, night, monkeypatch):
    from starlette.testclient import TestClient

    from euchre_tourney import tournament as T
    from euchre_tourney.web import app as web_app
    from tests.web.conftest import form_fields

    event_id, secrets = night
    url = f"/t/1?k={secrets[1]}"
    with TestClient(create_app(db, event_id), base_url="http://testserver") as c:
        fields = form_fields(c.get(url).text) | {"side": "NS", "makers": "NS", "tricks": "3", "alone": ""}

        def gone(*_a, **_k):
            raise T.DatabaseError("The database at 127.0.0.1:5432 is not answering.", kind="unreachable")

        monkeypatch.setattr(web_app, "run_write", gone)
        r = c.post(url, data=fields)
        assert r.status_code == 503 and "Nothing was saved" in r.text
        assert 'class="button primary again"' in r.text and "Reload" in r.text
        monkeypatch.undo()
        assert "Hand 1 saved" in c.post(url, data=fields).text  # the same form, sent again, once it is back
