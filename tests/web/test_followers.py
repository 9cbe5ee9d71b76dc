"""Issue 30 item 4: followers that cost nothing. Every page carries an
ETag and an unchanged page is answered 304 with no body; a table's page
follows its own table's stamp only; the pages follow a stream of stamps
(server-sent events) instead of asking every second; the room's read model
(standings, scorecards) is made once per change, not once per request; a
server full for the room answers at once with a page that tries again by
itself, and never refuses a table's request for the room's load; the
limits come from the room's size."""

from __future__ import annotations

import httpx
import pytest
from starlette.testclient import TestClient

from euchre_tourney import tournament as T
from euchre_tourney.web import create_app
from euchre_tourney.web.follow import Capacity
from tests.web.conftest import enter

PUBLIC = ["/", "/?q=bob", "/player/2", "/standings", "/projector", "/stamp", "/stamp?t=1", "/director"]


@pytest.mark.parametrize("path", PUBLIC)
def test_an_unchanged_page_is_answered_304_without_a_body(client, path):
    first = client.get(path)
    assert first.status_code == 200 and first.headers["etag"].startswith('W/"')
    again = client.get(path, headers={"if-none-match": first.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["etag"] == first.headers["etag"]


def table_in(client, table: int, secret: str, hands: int = 4) -> None:
    """Table ``table`` enters and agrees to its round's hands (it counts in the standings once all are in)."""
    from tests.web.test_two_servers import _forms

    for n in range(1, hands + 1):
        r, _ = enter(client, table, secret, makers="NS" if n % 2 else "EW")
        assert f"Hand {n} saved" in r.text
        assert "agreed to hand" in client.post(f"/t/{table}", data=_forms(r.text)[0]).text


@pytest.mark.parametrize("path", ["/player/2", "/standings", "/stamp", "/stamp?t=1", "/stamp?all=1"])
def test_a_changed_page_is_sent_again_with_another_etag(db, night, client, path, monkeypatch):
    from euchre_tourney.web import app as web_app

    monkeypatch.setattr(web_app, "SHARED_EVERY_S", 0.0)  # (the standings' pace limit is not what is tested)
    event_id, secrets = night
    tag = client.get(path).headers["etag"]
    table_in(client, 1, secrets[1])
    after = client.get(path, headers={"if-none-match": tag})
    assert after.status_code == 200 and after.content and after.headers["etag"] != tag


def test_a_hand_the_players_pages_do_not_show_wakes_none_of_them(db, night, client, monkeypatch):
    """A table counts in the standings once all its hands are in: its
    first hands change no players' page, so the players' stamp stays (no
    phone following it is woken) and their pages answer 304; the event's
    stamp (the director's page) moves."""
    from euchre_tourney.web import app as web_app

    monkeypatch.setattr(web_app, "SHARED_EVERY_S", 0.0)
    _event_id, secrets = night
    players, event = client.get("/stamp").text, client.get("/stamp?all=1").text
    tags = {p: client.get(p).headers["etag"] for p in ("/player/2", "/standings")}
    for n in range(1, 4):
        enter(client, 1, secrets[1], makers="NS" if n % 2 else "EW")
    assert client.get("/stamp").text == players and client.get("/stamp?all=1").text != event
    assert all(client.get(p, headers={"if-none-match": t}).status_code == 304 for p, t in tags.items())


def test_the_room_may_keep_its_pages_a_table_may_not(client, night):
    _event_id, secrets = night
    assert client.get("/standings").headers["cache-control"] == "no-cache"  # kept, asked again (304)
    table = client.get(f"/t/1?k={secrets[1]}")
    assert table.headers["cache-control"] == "no-store" and table.headers["etag"]  # its code and key never kept


def test_a_tables_stamp_moves_with_its_own_table_only(db, night, client):
    _event_id, secrets = night
    room, one, two = (client.get(p).text for p in ("/stamp?all=1", "/stamp?t=1", "/stamp?t=2"))
    page = client.get(f"/t/2?k={secrets[2]}").text
    assert f'data-stamp="{two}"' in page and 'data-events="/events?t=2"' in page
    enter(client, 1, secrets[1])
    assert client.get("/stamp?all=1").text != room
    assert client.get("/stamp?t=1").text != one
    assert client.get("/stamp?t=2").text == two  # table 2's phones are not woken by table 1's hand


@pytest.mark.parametrize("kept", [False, True], ids=["still-being-read", "kept-after-the-write"])
def test_a_hands_answer_carries_a_stamp_read_after_the_hand(db, night, monkeypatch, kept):
    """A read of the stamps begun before a hand was saved (the streams'
    watcher reads every quarter second) and ending after it: the hand's
    answer was drawn with that older stamp ("the last one" while the read
    was on its way, or that read kept as fresh once it ended), so the
    hand's own stream line then differed from the page's stamp, the page
    drew itself again, and "Hand 1 saved" was gone (the browser test of
    "Send again" failed about 1 run in 10). The order is made here, not
    timed: the read is held until the hand's write has been committed
    (``kept``: and until that read has been put away)."""
    import math
    import re
    import threading
    import time

    from euchre_tourney.web import RoomState
    from euchre_tourney.web import app as web_app
    from euchre_tourney.web.follow import Hub
    from tests.web.conftest import form_fields

    event_id, secrets = night
    monkeypatch.setattr(web_app, "STAMP_CACHE_S", 3600.0)  # a read kept as fresh stays so: no clock in the test
    state = RoomState()
    real_read, real_changed = web_app.run_read, Hub.changed
    armed, inside, release = threading.Event(), threading.Event(), threading.Event()

    def held(db, use_case, *args, **kwargs):  # the armed read of the stamps: made before the hand, given back after it
        value = real_read(db, use_case, *args, **kwargs)
        if use_case is T.phone_stamps and armed.is_set():  # (its session closed: the hand's write is not held up)
            armed.clear()
            inside.set()
            assert release.wait(60)
        return value

    def changed(hub):  # the hand's write committed (the answer is drawn next, on the event loop)
        real_changed(hub)
        if inside.is_set() and not release.is_set():
            release.set()
            deadline = time.monotonic() + 60  # (a hang guard: waits for the read being put away, not for a time)
            while kept and state.stamp[1] is None:
                assert time.monotonic() < deadline
                time.sleep(0.001)

    monkeypatch.setattr(web_app, "run_read", held)
    monkeypatch.setattr(Hub, "changed", changed)
    with TestClient(create_app(db, event_id, state=state), base_url="http://testserver") as c:
        before = c.get("/stamp?t=1").text
        page = c.get(f"/t/1?k={secrets[1]}")
        data = form_fields(page.text) | {"side": "NS", "makers": "NS", "tricks": "3", "alone": ""}
        with state.lock:  # the next stamps are read again (``kept``: and the read's end can be seen)
            state.stamp = (-math.inf, None if kept else state.stamp[1])
        armed.set()
        watcher = threading.Thread(target=lambda: c.get("/stamp?t=1"))
        watcher.start()
        assert inside.wait(60)  # that read has been made: the hand is not in it
        answer = c.post("/t/1", data=data)
        watcher.join(60)
        assert release.is_set() and not watcher.is_alive()
        assert answer.status_code == 200 and "Hand 1 saved" in answer.text
        drawn = re.search(r'data-stamp="([^"]*)"', answer.text).group(1)
        assert drawn != before  # the answer's stamp is newer than its hand
        assert c.get("/stamp?t=1").text == drawn  # and is what the table's stream says: not drawn again over it


def test_the_room_read_model_is_made_once_per_change_not_per_request(db, night, client, monkeypatch):
    from euchre_tourney.web import app as web_app

    _event_id, secrets = night
    monkeypatch.setattr(web_app, "SHARED_EVERY_S", 0.0)  # (the pace limit is not what is tested)
    made = []
    real = T.room_standings  # (the overall standings and every section's, in one pass)
    monkeypatch.setattr(T, "room_standings", lambda *a, **k: made.append(1) or real(*a, **k))
    for _ in range(3):
        for path in ("/player/1", "/player/2", "/standings", "/projector", "/?q=bob"):
            assert client.get(path).status_code == 200
    assert len(made) == 1
    enter(client, 1, secrets[1])
    for path in ("/player/1", "/player/2", "/standings", "/projector"):
        assert client.get(path).status_code == 200
    assert len(made) == 2


def test_a_full_server_says_so_and_tries_again_by_itself_but_serves_the_tables(db, night):
    event_id, secrets = night
    with TestClient(create_app(db, event_id, capacity=Capacity(streams=0, busy=0))) as c:
        for path in ("/", "/standings", "/player/1", "/projector"):
            r = c.get(path)
            assert r.status_code == 503 and 2 <= int(r.headers["retry-after"]) <= 6
            wait = r.headers["retry-after"]
            assert f'<meta http-equiv="refresh" content="{wait}">' in r.text  # no script needed
            assert f"tries again by itself in {wait} seconds" in r.text
        assert c.get("/stamp").status_code == 503
        assert c.get("/events").status_code == 503  # the stream refused: the page polls, slowly
        r, _ = enter(c, 1, secrets[1])  # a table is never refused for the room's load
        assert r.status_code == 200 and "Hand 1 saved" in r.text
        assert c.get("/static/app.js").status_code == 200


def test_the_limits_come_from_the_room():
    small, night = Capacity.for_room(40), Capacity.for_room(2000)
    assert night.streams >= 2000 + 2 * 500  # every player and both phones of every table, on this server
    assert night.connections >= 2 * night.streams + night.busy  # uvicorn never refuses before the app does
    assert night.backlog >= night.connections and small.streams < night.streams
    from euchre_tourney.web.server import _uvicorn_server

    server = _uvicorn_server(lambda *a: None, "127.0.0.1", 0, night)
    assert server.config.limit_concurrency == night.connections and server.config.backlog == night.backlog


def test_open_files_are_raised_for_the_room():
    resource = pytest.importorskip("resource")
    from euchre_tourney.web.follow import raise_open_files

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = Capacity.for_room(2000).files
    got = raise_open_files(wanted)
    assert got == resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    assert got >= min(wanted, hard) or got == soft == resource.RLIM_INFINITY


def test_the_pages_follow_a_stream_of_their_stamps(db, night):
    """A real server (the test client cannot stream): a table's stream and
    the room's carry the stamps their pages are drawn with; table 2's
    stream says nothing of table 1's hand (its next line is its own)."""
    from euchre_tourney.web import PhoneServer, free_port

    event_id, secrets = night
    server = PhoneServer(db, event_id, "127.0.0.1", free_port(), separate_process=False)
    server.start()
    try:
        with httpx.Client(base_url=server.url, headers={"origin": server.url}, timeout=60) as phone:
            held = {name: phone.stream("GET", url)
                    for name, url in (("room", "/events"), ("t1", "/events?t=1"), ("t2", "/events?t=2"))}
            streams = {name: cm.__enter__() for name, cm in held.items()}
            lines = {name: _data(s.iter_lines()) for name, s in streams.items()}
            assert all(s.headers["content-type"].startswith("text/event-stream") for s in streams.values())
            assert next(lines["t2"]) == phone.get("/stamp?t=2").text
            first = {name: next(lines[name]) for name in ("room", "t1")}
            enter(phone, 1, secrets[1])
            assert next(lines["t1"]) == phone.get("/stamp?t=1").text != first["t1"]
            from tests.web.test_two_servers import _forms

            page = phone.get(f"/t/1?k={secrets[1]}").text
            phone.post("/t/1", data=_forms(page)[0])  # agreed: then the table's other hands, and it is in
            for n in range(2, 5):
                r, _ = enter(phone, 1, secrets[1], makers="NS" if n % 2 else "EW")
                phone.post("/t/1", data=_forms(r.text)[0])
            assert next(lines["room"]) == phone.get("/stamp").text != first["room"]
            enter(phone, 2, secrets[2])
            assert next(lines["t2"]) == phone.get("/stamp?t=2").text  # the first line since: its own hand
            for cm in held.values():
                cm.__exit__(None, None, None)
    finally:
        server.stop()


def _data(lines, within: float = 60.0):
    """The stream's data lines; a hang guard (the heartbeats would keep it open for ever)."""
    import time

    deadline = time.monotonic() + within
    for line in lines:
        if line.startswith("data: "):
            yield line[6:]
            deadline = time.monotonic() + within
        elif time.monotonic() > deadline:
            raise AssertionError(f"no stamp on the stream for {within} s")


@pytest.fixture
def sectioned(db):
    """16 players in two sections of 8 (two tables each), 2 rounds of 4 hands."""
    from tests.split_nights import split_night

    with db.session() as s:
        event_id = split_night(s, 16, 8, rounds=2, hands=4, seed=5, name="Section night")
        secrets = T.table_secrets(s, event_id)
        tables = {sec.name: sorted(T.section_tables(s, event_id, sec.name)) for sec in T.list_sections(s, event_id)}
    return event_id, secrets, tables


def test_every_sections_standings_are_made_in_one_pass_as_each_alone(db, sectioned):
    event_id, secrets, tables = sectioned
    from starlette.testclient import TestClient as Client

    with Client(create_app(db, event_id), base_url="http://testserver") as c:
        table_in(c, tables["A"][0], secrets[tables["A"][0]])
    with db.session() as s:
        every = T.section_standings(s, event_id)
        alone = {name: T.standings(s, event_id, section=name) for name in tables}
        assert T.section_standings(s, event_id) == every and set(every) == {"A", "B"}
    assert every == alone  # the same views, rows, places and statuses as one section's own
    assert any(r.points for r in every["A"].rows) and not any(r.points for r in every["B"].rows)


@pytest.mark.parametrize("prizes", [False, True])
def test_the_rooms_standings_in_one_pass_are_the_overall_and_each_sections(db, sectioned, prizes):
    event_id, secrets, tables = sectioned
    from starlette.testclient import TestClient as Client

    if not prizes:  # (the default categories otherwise)
        with db.session() as s:
            T.set_prize_categories(s, event_id, [])
    with Client(create_app(db, event_id), base_url="http://testserver") as c:
        table_in(c, tables["A"][0], secrets[tables["A"][0]])
    with db.session() as s:
        overall, every = T.room_standings(s, event_id)
        assert overall == T.standings(s, event_id) and every == T.section_standings(s, event_id)
    assert set(every) == {"A", "B"} and any(r.points for r in overall.rows)
    assert bool(overall.prizes) == prizes and bool(every["A"].prizes) == prizes


def test_a_night_in_one_room_has_its_standings_and_no_sections_in_one_pass(db, night, client):
    event_id, secrets = night
    table_in(client, 1, secrets[1])
    with db.session() as s:
        overall, every = T.room_standings(s, event_id)
        assert overall == T.standings(s, event_id) and every == {} and any(r.points for r in overall.rows)


def test_a_sections_standings_page_shows_its_own_players_and_follows_the_board(db, sectioned):
    event_id, secrets, tables = sectioned
    with db.session() as s:
        views = T.section_standings(s, event_id)
    with TestClient(create_app(db, event_id), base_url="http://testserver") as c:
        page = c.get("/standings?section=b")
        assert page.status_code == 200 and "Section B" in page.text
        assert 'data-events="/events?board=1"' in page.text  # woken at the standings' pace, not a player's
        shown = {r.name for r in views["B"].rows}
        assert all(name in page.text for name in shown)
        assert not any(r.name in page.text for r in views["A"].rows)
        again = c.get("/standings?section=B", headers={"if-none-match": page.headers["etag"]})
        assert again.status_code == 304 and again.content == b""
        assert c.get("/standings?section=Z").status_code == 404
        me = views["A"].rows[0].number
        assert '/standings?section=A"' in c.get(f"/player/{me}").text  # a player finds their section's list


def test_the_overall_standings_of_a_split_night_say_each_players_section_and_link_every_section(db, sectioned):
    """On a night split into sections the overall list names each player's
    section (a column, linked to that section's standings) and links every
    section's list; a night in one room shows no such column."""
    import re

    event_id, secrets, tables = sectioned
    with db.session() as s:
        overall = T.standings(s, event_id)
    with TestClient(create_app(db, event_id), base_url="http://testserver") as c:
        page = c.get("/standings").text
        section = c.get("/standings?section=A").text
    assert '<a class="button" href="/standings">Overall standings</a>' in section and "<th>Section</th>" not in section
    assert "<th>Section</th>" in page
    for name in ("A", "B"):
        assert f'<a class="button" href="/standings?section={name}">Section {name}</a>' in page
    cells = re.findall(r'<td><a href="/standings\?section=(\w+)">\1</a></td><td dir="auto">([^<]+?)(?: <span|</td>)',
                       page)
    assert len(cells) == len(overall.rows)
    assert {(sec, name.strip()) for sec, name in cells} == {(r.section, r.name) for r in overall.rows}


def test_the_standings_of_a_night_in_one_room_have_no_section_column(db, night, client):
    page = client.get("/standings").text
    assert "<th>Section</th>" not in page and "?section=" not in page
