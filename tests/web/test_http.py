"""The phone pages over HTTP (Starlette's TestClient): hand entry, confirmation,
and every refusal the issue lists, each leaving nothing written."""

from __future__ import annotations

import pytest

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Side
from tests.web.conftest import enter, form_fields


def hands(db, event_id):
    with db.session() as s:
        return T.standings(s, event_id).hands_recorded, T.audit_trail(s, event_id)


def test_a_hand_entered_at_the_table_is_recorded_under_the_table_phone_station(db, night, client):
    event_id, secrets = night
    r, _ = enter(client, 1, secrets[1], tricks=5)
    assert r.status_code == 200
    assert "Hand 1 saved: NS 5 tricks." in r.text
    assert "Waiting for East–West to agree" in r.text
    count, trail = hands(db, event_id)
    assert count == 1 and trail[-1].station == "table 1 (phone)"


def test_resending_the_same_submission_records_once(db, night, client):
    event_id, secrets = night
    r, data = enter(client, 1, secrets[1])
    again = client.post("/t/1", data=data)
    assert again.status_code == 200 and "Hand 1 saved" in again.text
    assert hands(db, event_id)[0] == 1


def test_the_opponents_agree_and_the_next_hand_opens(db, night, client):
    event_id, secrets = night
    enter(client, 1, secrets[1])
    page = client.get(f"/t/1?k={secrets[1]}")
    assert "Hand 2" not in page.text.split("Waiting for")[1]  # no entry while hand 1 waits
    fields = form_fields(page.text, 0)
    r = client.post("/t/1", data=fields)
    assert r.status_code == 200 and "agreed to hand 1" in r.text and "✓ Agreed" in r.text
    assert "Save hand 2" in r.text


def test_disagree_flags_the_table_for_the_director(db, night, client):
    event_id, secrets = night
    enter(client, 1, secrets[1])
    fields = form_fields(client.get(f"/t/1?k={secrets[1]}").text, 0) | {"action": "disagree"}
    r = client.post("/t/1", data=fields)
    assert "flagged for the director" in r.text
    with db.session() as s:
        assert [(t, h.hand.number) for _r, t, h in T.disputed_hands(s, event_id)] == [(1, 1)]


def test_an_impossible_hand_is_refused_with_the_scores_page_sentence(db, night, client):
    event_id, secrets = night
    r, _ = enter(client, 1, secrets[1], alone="E")
    assert r.status_code == 409
    assert "East is a defender" in r.text
    assert hands(db, event_id)[0] == 0


@pytest.mark.parametrize("secret", ["", "wrong", "x" * 32])
def test_a_wrong_secret_is_refused(db, night, client, secret):
    event_id, secrets = night
    assert client.get(f"/t/1?k={secret}").status_code == 403
    page = client.get(f"/t/1?k={secrets[1]}")
    data = form_fields(page.text) | {"k": secret, "side": "NS", "makers": "NS", "tricks": "3"}
    r = client.post("/t/1", data=data)
    assert r.status_code == 403 and "table code is not valid" in r.text
    assert hands(db, event_id)[0] == 0


def test_another_tables_secret_is_refused(db, night, client):
    event_id, secrets = night
    assert client.get(f"/t/1?k={secrets[2]}").status_code == 403
    page = client.get(f"/t/2?k={secrets[2]}")
    data = form_fields(page.text) | {"side": "NS", "makers": "NS", "tricks": "3"}
    r = client.post("/t/1", data=data)  # table 2's form and secret sent to table 1
    assert r.status_code == 403
    assert hands(db, event_id)[0] == 0


def test_a_reissued_secret_stops_the_old_one(db, night, client):
    event_id, secrets = night
    with db.session() as s:
        new = T.reissue_secret(s, event_id, 1)
    assert client.get(f"/t/1?k={secrets[1]}").status_code == 403
    assert client.get(f"/t/1?k={new}").status_code == 200


def test_a_locked_round_refuses_the_phone(db, night, client):
    event_id, secrets = night
    page = client.get(f"/t/1?k={secrets[1]}")
    with db.session() as s:
        T.lock_round(s, event_id, 1)
    data = form_fields(page.text) | {"side": "NS", "makers": "NS", "tricks": "3"}
    r = client.post("/t/1", data=data)
    assert r.status_code == 409 and "Round 1 is locked" in r.text
    assert hands(db, event_id)[0] == 0


def test_an_earlier_round_is_out_of_reach(db, night, client):
    event_id, secrets = night
    with db.session() as s:  # round 1 is in at both tables: round 2 is being played
        for t in (1, 2):
            for n in range(1, 5):
                T.record_hand(s, event_id, 1, t, n, HandEntry(Side.NS, 3))
    page = client.get(f"/t/1?k={secrets[1]}")
    assert "Round 2" in page.text and "Save hand 1" in page.text
    fields = form_fields(page.text) | {"action": "correct", "number": "1", "version": "1", "side": "NS", "makers": "EW",
                                       "tricks": "3"}
    r = client.post("/t/1", data=fields)  # hand 1 of round 2 is not recorded: round 1's hand 1 is not reachable
    assert r.status_code == 409 and "not recorded at table 1 in round 2" in r.text
    with db.session() as s:
        assert T.table_score(s, event_id, 1, 1).hands[0].entry == HandEntry(Side.NS, 3)


@pytest.mark.parametrize(
    "change",
    [{"tricks": "six"}, {"makers": "XY"}, {"number": "-1"}, {"side": ""}, {"action": "drop"}, {"key": "short"},
     {"tricks": "9" * 300}],
)
def test_malformed_forms_are_refused_without_a_write(db, night, client, change):
    event_id, secrets = night
    page = client.get(f"/t/1?k={secrets[1]}")
    data = form_fields(page.text) | {"side": "NS", "makers": "NS", "tricks": "3"} | change
    r = client.post("/t/1", data=data)
    assert r.status_code in (400, 403, 409)
    assert "Traceback" not in r.text and "sqlalchemy" not in r.text.lower() and "/work" not in r.text
    assert hands(db, event_id)[0] == 0


def test_an_oversized_body_is_refused(db, night, client):
    event_id, secrets = night
    r = client.post("/t/1", content=b"a=" + b"x" * 10000, headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 413
    assert hands(db, event_id)[0] == 0


def test_a_cross_site_post_is_refused(db, night, client):
    event_id, secrets = night
    page = client.get(f"/t/1?k={secrets[1]}")
    data = form_fields(page.text) | {"side": "NS", "makers": "NS", "tricks": "3"}
    r = client.post("/t/1", data=data, headers={"origin": "http://evil.example"})
    assert r.status_code == 403 and "another site" in r.text
    r = client.post("/t/1", data=data | {"csrf": "0" * 32})
    assert r.status_code == 403
    assert hands(db, event_id)[0] == 0


def test_a_table_that_sends_too_fast_is_slowed(db, night):
    """Counted in requests, not in time: the rates' clock stands still (on a
    busy machine 30 posts could otherwise take long enough to refill the
    bucket), so the default burst of writes passes and every one after it
    is slowed."""
    from starlette.testclient import TestClient

    from euchre_tourney.web import create_app
    from euchre_tourney.web.app import Limits, RoomState

    event_id, secrets = night
    burst = int(Limits().table_post[1])
    app = create_app(db, event_id, state=RoomState(clock=lambda: 1000.0))
    with TestClient(app, base_url="http://testserver") as client:
        page = client.get(f"/t/1?k={secrets[1]}")
        data = form_fields(page.text) | {"side": "NS", "makers": "NS", "tricks": "9"}  # refused hand: no write
        codes = [client.post("/t/1", data=data).status_code for _ in range(burst + 10)]
    assert 429 not in codes[:burst] and codes[burst:] == [429] * 10


def test_names_are_escaped_everywhere(db, night, client):
    event_id, secrets = night
    for url in ["/standings", "/projector", "/?q=Ann", "/player/1", f"/t/1?k={secrets[1]}", f"/t/2?k={secrets[2]}"]:
        text = client.get(url).text
        assert "<script>alert" not in text, url
    text = client.get("/standings").text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "עברית שם" in text and "王小明" in text


def test_no_page_loads_anything_from_elsewhere(client):
    text = client.get("/standings").text
    assert "http://" not in text.replace('http://testserver', '') and "https://" not in text
    assert client.get("/static/app.js").status_code == 200


def test_unknown_pages_and_errors_say_nothing_of_the_server(client):
    r = client.get("/../../etc/passwd")
    assert r.status_code == 404 and "passwd" not in r.text


def test_the_director_page_needs_the_pin(db, night, client):
    event_id, _ = night
    page = client.get("/director")
    assert "PIN" in page.text
    fields = form_fields(page.text)
    assert client.post("/director", data=fields | {"pin": "1111"}).status_code == 403
    r = client.post("/director", data=fields | {"pin": "2468"})
    assert r.status_code == 200 and "Lock round 1" in r.text
    fields = form_fields(r.text, 0)
    r = client.post("/director", data=fields | {"action": "lock"})
    assert "Round 1 is locked." in r.text
    with db.session() as s:
        assert T.locked_rounds(s, event_id) == {1}


def test_players_find_themselves_by_name_or_number(client):
    assert "/player/2" in client.get("/?q=bob").text
    page = client.get("/player/2")
    assert "Table" in page.text and "Partner" in page.text


def test_the_stamp_moves_when_a_hand_is_saved(db, night, client):
    event_id, secrets = night
    before = client.get("/stamp?all=1").text  # the event's stamp (the director's page follows it)
    enter(client, 1, secrets[1])
    assert client.get("/stamp?all=1").text != before


def test_a_fault_in_the_server_shows_a_sentence_not_its_internals(db, night, monkeypatch):
    from starlette.testclient import TestClient

    from euchre_tourney.web import create_app

    event_id, secrets = night

    def broken(*_a, **_k):
        raise RuntimeError("SELECT * FROM hand WHERE /home/director/club.sqlite")

    monkeypatch.setattr(T, "phone_table", broken)
    with TestClient(create_app(db, event_id), raise_server_exceptions=False) as c:
        r = c.get(f"/t/1?k={secrets[1]}")
    assert r.status_code == 500
    assert "could not answer" in r.text
    assert "SELECT" not in r.text and "/home" not in r.text and "Traceback" not in r.text


def test_a_correction_form_shows_who_went_alone_by_the_seat_models_words(db, night, client):
    """The four-seat table's page takes its seat and side words from the seat
    model (``rules.seat_letter``, ``side_title``), as a side game's does; a
    correction opens with the stored hand's lone maker chosen."""
    import re

    from euchre_tourney.rules import seat_letter, side_title

    event_id, secrets = night
    r, _ = enter(client, 1, secrets[1], tricks=5, alone="S")
    assert r.status_code == 200 and "Hand 1 saved" in r.text
    page = client.get(f"/t/1?k={secrets[1]}&fix=1").text
    form = page.split('id="entry"')[1]
    checked = re.findall(r'<input type="radio" name="alone" value="([^"]*)"[^>]* checked', form)
    assert checked == [seat_letter(2, 4)]
    assert re.findall(r'name="alone" value="([^"]+)"', form) == [seat_letter(p, 4) for p in range(4)]
    seats = re.findall(r'<span class="seat">([^<]+)</span>', page)
    assert seats == [seat_letter(p, 4) for p in (0, 2, 1, 3)]
    assert [side_title(s, 4) in page.split('class="seats"')[1].split("</section>")[0] for s in (0, 1)] == [True, True]
