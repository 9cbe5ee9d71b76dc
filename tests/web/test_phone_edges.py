"""The phones' remaining edges (issue 29, item 3): rates counted by who
holds a table's code, a director's PIN that cannot be found by trying, the
same-origin check without trusting the Host header, fields refused outside
their set, numbers that are ASCII digits or a sentence, the same headers on
every answer, and a lost database said without its address.

No test waits for time to pass: the PIN's delay runs on a clock the test
moves (``RoomState(clock=...)``); rates are counted in requests."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient

from euchre_tourney import tournament as T
from euchre_tourney.web import Limits, RoomState, create_app
from tests.web.conftest import enter, form_fields

SLOW = 1e-6  # a rate that refills nothing during a test


def hands_recorded(db, event_id) -> int:
    with db.session() as s:
        return T.standings(s, event_id).hands_recorded


def app_with(db, event_id, **kwargs):
    clock = kwargs.pop("clock", None)
    state = RoomState(limits=Limits(**kwargs), **({"clock": clock} if clock else {}))
    return create_app(db, event_id, state=state)


def phone(app, address: str = "testclient") -> TestClient:
    return TestClient(app, base_url="http://testserver", client=(address, 50000))


# ------------------------------------------------------------------ table rates
def test_forged_page_loads_never_lock_a_real_table_out(db, night):
    event_id, secrets = night
    app = app_with(db, event_id, table_get=(SLOW, 3.0), forged=(SLOW, 5.0))
    with phone(app, "10.0.0.66") as forger, phone(app, "10.0.0.7") as table:
        codes = [forger.get("/t/1?k=" + "x" * 32).status_code for _ in range(20)]
        assert codes.count(403) == 5 and codes.count(429) == 15  # limited per address
        assert table.get(f"/t/1?k={secrets[1]}").status_code == 200


def test_forged_hands_never_lock_a_real_table_out(db, night):
    event_id, secrets = night
    app = app_with(db, event_id, table_post=(SLOW, 3.0), forged=(SLOW, 5.0))
    with phone(app, "10.0.0.66") as forger, phone(app, "10.0.0.7") as table:
        fields = form_fields(table.get(f"/t/1?k={secrets[1]}").text)
        forged = fields | {"k": "x" * 32, "side": "NS", "makers": "NS", "tricks": "3", "alone": ""}
        codes = [forger.post("/t/1", data=forged).status_code for _ in range(20)]
        assert codes.count(403) == 5 and codes.count(429) == 15
        r, _ = enter(table, 1, secrets[1])
        assert r.status_code == 200 and "Hand 1 saved" in r.text
    assert hands_recorded(db, event_id) == 1


def test_a_real_table_is_still_slowed_by_its_own_requests(db, night):
    event_id, secrets = night
    app = app_with(db, event_id, table_get=(SLOW, 3.0))
    with phone(app) as table:
        codes = [table.get(f"/t/1?k={secrets[1]}").status_code for _ in range(5)]
    assert codes == [200, 200, 200, 429, 429]


# ------------------------------------------------------------------------ PIN
class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def try_pin(app, pin: str, address: str):
    with phone(app, address) as c:
        fields = form_fields(c.get("/director").text)
        return c.post("/director", data=fields | {"pin": pin}, follow_redirects=False)


def wait_of(text: str) -> float:
    found = re.search(r"in (\d+) (second|minute)s?", text)
    assert found, text
    return int(found[1]) * (60 if found[2] == "minute" else 1)


def test_wrong_pins_from_every_address_count_for_the_event_with_a_growing_delay(db, night):
    event_id, _ = night
    clock = Clock()
    app = app_with(db, event_id, clock=clock)
    answers = [try_pin(app, "1111", f"10.0.0.{i}").status_code for i in range(5)]
    assert answers == [403] * 5  # five free tries for the whole event
    refused = try_pin(app, "2468", "10.0.0.99")  # even the right PIN, from a new address, waits
    assert refused.status_code == 429 and "Too many wrong PINs" in refused.text
    first = wait_of(refused.text)
    clock.now += first
    assert try_pin(app, "1111", "10.0.0.100").status_code == 403
    second = wait_of(try_pin(app, "2468", "10.0.0.101").text)
    assert second > first  # the delay grows
    clock.now += second
    ok = try_pin(app, "2468", "10.0.0.102")
    assert ok.status_code == 303


def test_a_day_of_guessing_checks_too_few_pins_to_find_one(db, night, monkeypatch):
    event_id, _ = night
    clock = Clock()
    app = app_with(db, event_id, clock=clock)
    checked = []
    real = T.check_director_pin
    monkeypatch.setattr(T, "check_director_pin", lambda *a: checked.append(1) or real(*a))
    start, i = clock.now, 0
    while clock.now - start < 24 * 3600:
        i += 1
        r = try_pin(app, f"{i:04d}"[-4:] if f"{i:04d}"[-4:] != "2468" else "0000", f"10.{i % 250}.0.1")
        if r.status_code == 429:
            clock.now += wait_of(r.text)
        else:
            assert r.status_code == 403
    assert len(checked) <= 50, len(checked)  # of 10,000 four-digit PINs: under 0.5 % found in a day


# --------------------------------------------------------------------- origin
def test_a_form_whose_origin_only_matches_the_host_header_is_refused(db, night, client):
    event_id, secrets = night
    page = client.get(f"/t/1?k={secrets[1]}")
    data = form_fields(page.text) | {"side": "NS", "makers": "NS", "tricks": "3", "alone": ""}
    for header in ("origin", "referer"):  # a rebound name: the evil page's host points at the server
        r = client.post("/t/1", data=data, headers={header: "http://evil.example:8765/x", "host": "evil.example:8765"})
        assert r.status_code == 403 and "another site" in r.text
    assert hands_recorded(db, event_id) == 0
    r = client.post("/t/1", data=data, headers={"origin": "http://testserver"})
    assert r.status_code == 200 and "Hand 1 saved" in r.text


def test_the_phones_address_is_an_origin_of_its_own(db, night):
    event_id, secrets = night
    app = create_app(db, event_id, base_url="http://192.168.1.5:8765")
    with TestClient(app, base_url="http://testserver") as c:
        page = c.get(f"/t/1?k={secrets[1]}")
        data = form_fields(page.text) | {"side": "NS", "makers": "NS", "tricks": "3", "alone": ""}
        r = c.post("/t/1", data=data, headers={"origin": "http://192.168.1.5:8765", "host": "192.168.1.5:8765"})
    assert r.status_code == 200 and "Hand 1 saved" in r.text


# --------------------------------------------------------------------- fields
@pytest.mark.parametrize(
    "change, words",
    [
        ({"alone": "X"}, "went alone"),
        ({"alone": "North"}, "went alone"),
        ({"defender_alone": "yes"}, "defender"),
        ({"tricks": "٣"}, "how many tricks"),  # Arabic-Indic three: int() takes it
        ({"tricks": " 3 "}, "how many tricks"),  # int() takes the spaces
        ({"tricks": "³"}, "how many tricks"),  # isdigit() but int() raises with Python's text
        ({"number": "١"}, "which hand"),
        ({"number": "¹"}, "which hand"),
        ({"action": "totals", "ns": "١٢", "ew": "3"}, "Type North–South"),
        ({"action": "totals", "ns": "12", "ew": "3", "loners_N": "²"}, "whole numbers"),
    ],
)
def test_a_field_outside_its_set_is_refused_with_a_sentence(db, night, client, change, words):
    event_id, secrets = night
    page = client.get(f"/t/1?k={secrets[1]}")
    data = form_fields(page.text) | {"side": "NS", "makers": "NS", "tricks": "3", "alone": ""} | change
    r = client.post("/t/1", data=data)
    assert r.status_code == 400, r.text
    assert words in r.text
    assert "invalid literal" not in r.text and "base 10" not in r.text
    assert hands_recorded(db, event_id) == 0


@pytest.mark.parametrize("path", ["/t/³", "/t/١", "/player/٣", "/player/³", "/player/%203"])
def test_a_page_number_that_is_not_ascii_digits_is_no_page(client, path):
    r = client.get(path)
    assert r.status_code == 404 and "no such" in r.text.lower()


@pytest.mark.parametrize("q", ["³", "٢"])
def test_a_search_for_a_number_in_other_digits_finds_no_number(client, q):
    r = client.get("/", params={"q": q})
    assert r.status_code == 200 and "/player/2" not in r.text


def test_a_correction_link_with_a_strange_number_shows_the_page(night, client):
    _event_id, secrets = night
    enter(client, 1, secrets[1])
    for fix in ("³", "١", " 1"):
        r = client.get(f"/t/1?k={secrets[1]}&fix={fix}")
        assert r.status_code == 200 and "Table 1" in r.text and "<h2>Correct hand" not in r.text


@pytest.mark.parametrize("change", [{"action": "lock", "round": "١"}, {"action": "lock", "round": " 1"},
                                    {"action": "prizes", "show": "yes"}])
def test_the_directors_fields_outside_their_set_are_refused(db, night, client, change):
    event_id, _ = night
    fields = form_fields(client.get("/director").text)
    page = client.post("/director", data=fields | {"pin": "2468"})
    r = client.post("/director", data=form_fields(page.text, 0) | change)
    assert r.status_code == 400 and ("Choose a round." in r.text or "show or hide" in r.text)
    with db.session() as s:
        assert T.locked_rounds(s, event_id) == set()
        assert not T.phone_settings(s, event_id).prizes_shown


# -------------------------------------------------------------------- headers
def test_static_files_carry_the_pages_security_headers(client):
    page = client.get("/standings")
    script = client.get("/static/app.js")
    assert script.status_code == 200
    for name in ("content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy"):
        assert script.headers.get(name) == page.headers.get(name) and page.headers.get(name), name
    assert script.headers.get("cache-control") == "no-cache" and script.headers.get("etag")
    assert client.get("/static/app.js", headers={"if-none-match": script.headers["etag"]}).status_code == 304
    missing = client.get("/static/nothing.js")
    assert missing.status_code == 404 and missing.headers.get("x-content-type-options") == "nosniff"


def test_the_server_does_not_name_itself_nor_trust_forwarded_addresses(db, night):
    import httpx

    from euchre_tourney.web import PhoneServer, free_port

    event_id, _ = night
    server = PhoneServer(db, event_id, "127.0.0.1", free_port(), separate_process=False,
                         limits=Limits(forged=(SLOW, 3.0)))
    server.start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as c:
            r = c.get("/")
            assert r.status_code == 200 and "server" not in r.headers
            codes = [c.get("/t/1?k=" + "x" * 32, headers={"x-forwarded-for": f"10.1.{i}.1"}).status_code
                     for i in range(8)]
    finally:
        server.stop()
    assert codes == [403] * 3 + [429] * 5  # one address, whatever the header says


# ------------------------------------------------------------------- database
@pytest.mark.parametrize("url", ["postgresql+psycopg://director:pw@127.0.0.1:9/clubnight",
                                 "sqlite:////no/such/folder/clubnight.sqlite"])
def test_a_database_that_does_not_answer_is_a_sentence_without_its_address(url):
    from euchre_tourney.store import Database

    db = Database(url)
    try:
        with TestClient(create_app(db, 1), raise_server_exceptions=False) as c:
            answers = [c.get("/t/1?k=" + "x" * 32), c.get("/stamp"), c.get("/standings"), c.get("/player/1"),
                       c.get("/")]
    finally:
        db.dispose()
    for r in answers:
        assert r.status_code == 503, (r.request.url, r.status_code, r.text)
        assert "Nothing was saved" in r.text or r.request.url.path == "/stamp"
        for leak in ("127.0.0.1", ":9", "postgresql", "clubnight", "/no/such", "director:", "SELECT", "sqlite"):
            assert leak not in r.text, (leak, r.text)


@pytest.mark.postgres_only
def test_a_phone_page_works_after_the_database_dropped_its_connections(db, night, client, backend):
    assert backend == "postgresql"
    from sqlalchemy import create_engine
    from sqlalchemy.pool import NullPool

    _event_id, secrets = night
    assert client.get(f"/t/1?k={secrets[1]}").status_code == 200  # the pool now holds a connection
    admin = create_engine(db.url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        dropped = conn.exec_driver_sql(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).scalar()
    admin.dispose()
    assert dropped >= 1
    r = client.get(f"/t/1?k={secrets[1]}")
    assert r.status_code == 200 and "Table 1" in r.text
    r, _ = enter(client, 1, secrets[1])
    assert r.status_code == 200 and "Hand 1 saved" in r.text
