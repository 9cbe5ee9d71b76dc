"""Issue 30 item 4: a player's own page costs nothing while what it shows
stays the same. Its stamp is a digest of what it shows (not the room's),
so a change elsewhere in the room wakes it not, its ETag stays and a phone
asking again is answered 304; on a night split into sections it shows the
player's section (its status and the player's place in it), so a table of
another section finishing changes nothing there. The pages kept for the
room are sent compressed to a browser that takes gzip."""

from __future__ import annotations

import gzip
import re

import httpx
import pytest
from starlette.testclient import TestClient

from euchre_tourney import tournament as T
from euchre_tourney.web import create_app
from tests.web.test_followers import _data, sectioned, table_in  # noqa: F401 - (the fixture)


def _stamp_of(html: str) -> str:
    return re.search(r'data-stamp="([^"]*)"', html).group(1)


@pytest.fixture
def split(db, sectioned):  # noqa: F811 - (the fixture imported above)
    event_id, secrets, tables = sectioned
    with db.session() as s:
        views = T.section_standings(s, event_id)
        me = views["B"].rows[0].number  # a player of section B
        mine = next(c for c in T.scorecards(s, event_id) if c.number == me).rounds[0].table
    assert mine in tables["B"]
    return event_id, secrets, tables, me, mine


def test_a_players_page_follows_its_own_stamp(db, split):
    event_id, _secrets, _tables, me, _mine = split
    with TestClient(create_app(db, event_id), base_url="http://testserver") as c:
        page = c.get(f"/player/{me}")
        assert page.status_code == 200
        assert f'data-events="/events?p={me}"' in page.text and f'data-stamp-url="/stamp?p={me}"' in page.text
        assert _stamp_of(page.text) == c.get(f"/stamp?p={me}").text != c.get("/stamp").text
        assert c.get("/stamp?p=9999").status_code == 404


def test_another_sections_table_changes_nothing_on_a_players_page(db, split, monkeypatch):
    """A table of section A comes in: the room's standings change (the
    overall list, section A's), section B's player's page does not: same
    stamp, 304 to its ETag. Then B's tables come in: it changes."""
    from euchre_tourney.web import app as web_app

    monkeypatch.setattr(web_app, "SHARED_EVERY_S", 0.0)  # (the standings' pace limit is not what is tested)
    event_id, secrets, tables, me, _mine = split
    with TestClient(create_app(db, event_id), base_url="http://testserver") as c:
        page = c.get(f"/player/{me}")
        stamp, tag = c.get(f"/stamp?p={me}").text, page.headers["etag"]
        room, board = c.get("/stamp").text, c.get("/standings").headers["etag"]
        assert "in Section B" in page.text  # the player's place in their own section
        table_in(c, tables["A"][0], secrets[tables["A"][0]])
        assert c.get("/stamp").text != room  # the room changed ...
        assert c.get("/standings", headers={"if-none-match": board}).status_code == 200
        assert c.get(f"/stamp?p={me}").text == stamp  # ... and nothing the player's page shows
        again = c.get(f"/player/{me}", headers={"if-none-match": tag})
        assert again.status_code == 304 and again.content == b""
        for t in tables["B"]:
            table_in(c, t, secrets[t])
        after = c.get(f"/player/{me}", headers={"if-none-match": tag})
        assert after.status_code == 200 and after.headers["etag"] != tag
        assert _stamp_of(after.text) == c.get(f"/stamp?p={me}").text != stamp


def test_a_players_stream_says_only_what_changes_their_page(db, split, monkeypatch):
    """A real server: the player's stream (``/events?p=N``) has no line for
    section A's table; its next line is the one their own table brings,
    and it is the stamp the page is drawn with."""
    from euchre_tourney.web import PhoneServer, free_port
    from euchre_tourney.web import app as web_app

    monkeypatch.setattr(web_app, "SHARED_EVERY_S", 0.0)  # (/stamp answers from the model as it is now)
    event_id, secrets, tables, me, mine = split
    server = PhoneServer(db, event_id, "127.0.0.1", free_port(), separate_process=False)
    server.start()
    try:
        with httpx.Client(base_url=server.url, headers={"origin": server.url}, timeout=60) as phone:
            held = phone.stream("GET", f"/events?p={me}")
            stream = held.__enter__()
            lines = _data(stream.iter_lines())
            first = next(lines)
            assert first == phone.get(f"/stamp?p={me}").text == _stamp_of(phone.get(f"/player/{me}").text)
            table_in(phone, tables["A"][0], secrets[tables["A"][0]])
            assert phone.get(f"/stamp?p={me}").text == first
            table_in(phone, mine, secrets[mine])  # the player's own table: their page changes once
            line = next(lines)  # the first line since: their table's, none for A's
            now = phone.get(f"/stamp?p={me}").text
            assert line == now != first
            assert _stamp_of(phone.get(f"/player/{me}").text) == now
            held.__exit__(None, None, None)
    finally:
        server.stop()


def test_the_home_page_follows_only_what_it_shows(db, night, client, monkeypatch):
    from euchre_tourney.web import app as web_app

    monkeypatch.setattr(web_app, "SHARED_EVERY_S", 0.0)
    _event_id, secrets = night
    home = client.get("/")
    assert 'data-events="/events?home=1"' in home.text
    assert _stamp_of(home.text) == client.get("/stamp?home=1").text
    table_in(client, 1, secrets[1])
    assert client.get("/", headers={"if-none-match": home.headers["etag"]}).status_code == 304
    assert client.get("/stamp?home=1").text == _stamp_of(home.text)


@pytest.mark.parametrize("path", ["/player/2", "/standings"])
def test_the_rooms_pages_are_sent_compressed_to_a_browser_that_takes_gzip(client, path):
    plain = client.get(path, headers={"accept-encoding": "identity"})
    assert plain.status_code == 200 and "content-encoding" not in plain.headers
    packed = client.get(path, headers={"accept-encoding": "gzip, deflate, br"})
    assert packed.headers["content-encoding"] == "gzip" and "accept-encoding" in packed.headers["vary"].lower()
    assert packed.text == plain.text  # (the client unpacks it) the same page
    assert packed.headers["etag"] == plain.headers["etag"]  # a weak validator: the same page either way
    with client.stream("GET", path, headers={"accept-encoding": "gzip"}) as r:
        raw = b"".join(r.iter_raw())
    assert len(raw) == int(r.headers["content-length"]) < len(plain.content)
    assert gzip.decompress(raw) == plain.content
    again = client.get(path, headers={"accept-encoding": "gzip", "if-none-match": packed.headers["etag"]})
    assert again.status_code == 304 and again.content == b""

