"""Phone pages that outlive their round (issue 29): every form names the
round it was drawn in and the version of the row it saw; a stale one is
refused with a sentence saying what changed and writes nothing. A table's
page always shows the round the room is on, whatever happened in the round
before (a dispute the director settled on the window, a lock)."""

from __future__ import annotations

import datetime

import pytest

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Side
from tests.web.conftest import enter, form_fields

STALE = "Round 2 is being played at table 1 now; this page was for round 1: reload it"


def _record(db, event_id, rnd, tables=(1, 2), hands=range(1, 5), entry=HandEntry(Side.NS, 3)):
    for t in tables:
        for n in hands:
            T.operate(db, "Hand", T.record_hand, event_id, rnd, t, n, entry, event_id=event_id)


def _hands(db, event_id, rnd, table):
    with db.session() as s:
        return {h.number: (h.entry, h.version) for h in T.table_score(s, event_id, rnd, table).hands}


def _audit(db, event_id):
    with db.session() as s:
        return len(T.audit_trail(s, event_id))


@pytest.mark.parametrize("lock", [False, True])
def test_a_round_1_correction_sent_in_round_2_is_refused_and_rewrites_nothing(db, night, client, lock):
    event_id, secrets = night
    _record(db, event_id, 1, hands=range(1, 4))
    page = client.get(f"/t/1?k={secrets[1]}&fix=2")  # "Correct hand 2" of round 1, left open
    assert "Correct hand 2" in page.text and "Round 1" in page.text
    stale = form_fields(page.text) | {"side": "NS", "makers": "EW", "tricks": "5"}
    _record(db, event_id, 1, hands=[4])  # round 1 is in: the room moves to round 2
    _record(db, event_id, 2, tables=[1], hands=[1, 2], entry=HandEntry(Side.EW, 4))  # another group plays at table 1
    if lock:
        T.operate(db, "Lock", T.lock_round, event_id, 1, event_id=event_id)
    round1, round2, trail = _hands(db, event_id, 1, 1), _hands(db, event_id, 2, 1), _audit(db, event_id)
    r = client.post("/t/1", data=stale)
    # the sentence says what changed: the room moved on, or the director closed round 1
    assert r.status_code == 409 and ("Round 1 is locked: the director closed it" if lock else STALE) in r.text
    assert "Hand 2 corrected" not in r.text
    assert "Table 1 · Round 2" in r.text  # the page drawn again is round 2's: a way on
    assert (_hands(db, event_id, 1, 1), _hands(db, event_id, 2, 1), _audit(db, event_id)) == (round1, round2, trail)


def test_an_unused_round_1_agree_form_sent_in_round_2_is_refused(db, night, client):
    event_id, secrets = night
    _record(db, event_id, 1, tables=[2])
    _record(db, event_id, 1, tables=[1], hands=range(1, 4))
    enter(client, 1, secrets[1], extra={"number": "4"})  # round 1 hand 4 from table 1's phone: waits for East–West
    other_phone = client.get(f"/t/1?k={secrets[1]}")
    agree_round_1 = form_fields(other_phone.text, 0)  # an Agree form for round 1's hand 4, never sent
    assert agree_round_1["action"] == "agree" and agree_round_1["round"] == "1"
    first = client.post("/t/1", data=form_fields(client.get(f"/t/1?k={secrets[1]}").text, 0))  # the other phone agrees
    assert first.status_code == 200 and "Table 1 · Round 2" in first.text
    _record(db, event_id, 2, tables=[1], hands=[1, 2, 3])
    enter(client, 1, secrets[1], extra={"number": "4"})  # round 2's hand 4, version 1, waiting: like round 1's
    r = client.post("/t/1", data=agree_round_1 | {"key": "a-fresh-key-for-the-old-form"})
    assert r.status_code == 409 and STALE in r.text
    with db.session() as s:
        view = T.phone_table(s, event_id, 1, secrets[1])
    assert view.round == 2 and view.waiting is not None and view.waiting.hand.number == 4  # still waits: not agreed


def test_a_phone_correction_made_on_an_older_version_is_refused_with_what_it_says_now(db, night, client):
    event_id, secrets = night
    enter(client, 1, secrets[1], tricks=3)
    page = client.get(f"/t/1?k={secrets[1]}&fix=1")
    stale = form_fields(page.text) | {"side": "NS", "makers": "NS", "tricks": "5"}
    with db.session() as s:
        hand = T.table_score(s, event_id, 1, 1).hands[0]
    T.operate(db, "Correct", T.correct_hand, hand.id, HandEntry(Side.EW, 4), expected_version=1, event_id=event_id)
    r = client.post("/t/1", data=stale)
    assert r.status_code == 409 and "was changed" in r.text and "EW 4 tricks" in r.text
    assert _hands(db, event_id, 1, 1)[1] == (HandEntry(Side.EW, 4), 2)


def test_a_form_without_its_round_is_refused(db, night, client):
    event_id, secrets = night
    page = client.get(f"/t/1?k={secrets[1]}")
    data = form_fields(page.text) | {"side": "NS", "makers": "NS", "tricks": "3"}
    del data["round"]
    r = client.post("/t/1", data=data)
    assert r.status_code == 400 and "reload it" in r.text
    assert _hands(db, event_id, 1, 1) == {}


def test_a_dispute_the_director_settles_on_the_window_lets_the_table_play_round_2(db, night, client):
    event_id, secrets = night
    _record(db, event_id, 1, tables=[2])
    _record(db, event_id, 1, tables=[1], hands=range(1, 4))
    enter(client, 1, secrets[1], extra={"number": "4"})
    disagree = form_fields(client.get(f"/t/1?k={secrets[1]}").text, 0) | {"action": "disagree"}
    r = client.post("/t/1", data=disagree)
    assert "flagged for the director" in r.text
    with db.session() as s:
        assert 4 in T.disputed_at(s, event_id, 1, 1)
        assert T.entry_board(s, event_id, 1, 1).disputed == frozenset({4})  # the Scores page marks it
        hand = T.table_score(s, event_id, 1, 1).hands[3]
    T.operate(db, "Correct hand 4", T.correct_hand, hand.id, HandEntry(Side.EW, 3), expected_version=hand.version,
              event_id=event_id)  # the director settles it on the Scores page
    with db.session() as s:
        assert T.disputed_at(s, event_id, 1, 1) == frozenset() and T.disputed_hands(s, event_id) == ()
        assert T.playing_round(s, event_id) == 2
    page = client.get(f"/t/1?k={secrets[1]}")
    assert "Table 1 · Round 2" in page.text and "Save hand 1" in page.text
    assert "This table is in for round 1" not in page.text
    r, _ = enter(client, 1, secrets[1])
    assert r.status_code == 200 and "Hand 1 saved" in r.text
    assert 1 in _hands(db, event_id, 2, 1)


def test_the_page_follows_the_room_after_a_lock(db, night, client):
    event_id, secrets = night
    _record(db, event_id, 1)
    T.operate(db, "Lock", T.lock_round, event_id, 1, event_id=event_id)
    page = client.get(f"/t/1?k={secrets[1]}")
    assert "Table 1 · Round 2" in page.text and "Save hand 1" in page.text and "is locked" not in page.text


@pytest.fixture
def totals_night(db):
    with db.session() as s:
        ids = [T.add_player(s, f"P{i}").id for i in range(8)]
        ev = T.create_event(s, "Totals night", datetime.date(2026, 3, 4), rounds=3, hands_per_round=4)
        T.update_event(s, ev.id, entry_mode="totals")
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=7)
        secrets = T.table_secrets(s, ev.id)
    return ev.id, secrets


def test_totals_entered_after_the_page_was_drawn_are_not_replaced(db, totals_night):
    from starlette.testclient import TestClient

    from euchre_tourney.web import create_app

    event_id, secrets = totals_night
    with TestClient(create_app(db, event_id), base_url="http://testserver") as client:
        page = client.get(f"/t/1?k={secrets[1]}")
        data = form_fields(page.text) | {"side": "NS", "ns": "5", "ew": "3"}
        T.operate(db, "Totals", T.record_table_totals, event_id, 1, 1, 6, 2, {}, event_id=event_id)
        r = client.post("/t/1", data=data)
    assert r.status_code == 409 and "were changed after this page was drawn" in r.text and "North–South 6" in r.text
    with db.session() as s:
        res = T.table_result(s, event_id, 1, 1)
    assert (res.ns_points, res.ew_points) == (6, 2)


def test_a_round_locked_before_every_table_was_in_lets_the_room_move_on(db, night, client):
    event_id, secrets = night
    _record(db, event_id, 1, tables=[1])
    _record(db, event_id, 1, tables=[2], hands=[1, 2])  # table 2 stopped at 2 hands; the director closes the round
    assert "Table 2 · Round 1" in client.get(f"/t/2?k={secrets[2]}").text
    T.operate(db, "Lock", T.lock_round, event_id, 1, event_id=event_id)
    for t in (1, 2):
        page = client.get(f"/t/{t}?k={secrets[t]}")
        assert f"Table {t} · Round 2" in page.text and "Save hand 1" in page.text


def _director(client):
    page = client.get("/director")
    r = client.post("/director", data=form_fields(page.text) | {"pin": "2468"})
    assert r.status_code == 200
    return r


def test_the_directors_call_time_form_of_an_earlier_round_is_refused(db, night, client):
    event_id, _ = night
    page = _director(client)
    call = next(form_fields(page.text, i) for i in range(3) if "call-time" in page.text.split("<form")[i + 1])
    assert call["round"] == "1"
    _record(db, event_id, 1)  # round 1 is in: the room is on round 2
    r = client.post("/director", data=call | {"action": "call-time"})
    assert r.status_code == 409 and "Round 2 is being played now; this page was for round 1: reload it" in r.text
    with db.session() as s:
        assert T.phone_settings(s, event_id).time_called_round is None
    r = client.post("/director", data=call | {"round": "2", "action": "call-time"})
    assert r.status_code == 200 and "Time is called in round 2" in r.text
    with db.session() as s:
        assert T.phone_settings(s, event_id).time_called_round == 2


def test_an_agree_form_for_a_hand_deleted_and_entered_again_is_refused(db, night, client):
    event_id, secrets = night
    enter(client, 1, secrets[1], tricks=3)
    agree = form_fields(client.get(f"/t/1?k={secrets[1]}").text, 0)  # for hand 1 (row, version 1), never sent
    assert agree["action"] == "agree" and agree["entry"]
    with db.session() as s:
        hand = T.table_score(s, event_id, 1, 1).hands[0]
    T.operate(db, "Delete", T.delete_hand, hand.id, expected_version=1, event_id=event_id)
    enter(client, 1, secrets[1], side="EW", makers="EW", tricks=4, extra={"number": "1"})  # hand 1 again: version 1
    r = client.post("/t/1", data=agree | {"key": "another-key-for-the-old-form"})
    assert r.status_code == 409 and "deleted and entered again after you looked at it" in r.text
    with db.session() as s:
        view = T.phone_table(s, event_id, 1, secrets[1])
    assert view.waiting is not None and view.waiting.hand.entry == HandEntry(Side.EW, 4)  # still waits for North–South


def test_a_correction_form_for_a_hand_deleted_and_entered_again_is_refused(db, night, client):
    event_id, secrets = night
    _record(db, event_id, 1, tables=[1], hands=[1])
    fix = form_fields(client.get(f"/t/1?k={secrets[1]}&fix=1").text) | {"side": "NS", "makers": "NS", "tricks": "5"}
    with db.session() as s:
        hand = T.table_score(s, event_id, 1, 1).hands[0]
    T.operate(db, "Delete", T.delete_hand, hand.id, expected_version=1, event_id=event_id)
    T.operate(db, "Hand 1", T.record_hand, event_id, 1, 1, 1, HandEntry(Side.EW, 4), event_id=event_id)  # version 1 again
    r = client.post("/t/1", data=fix)
    assert r.status_code == 409 and "deleted and entered again" in r.text and "EW 4 tricks" in r.text
    assert _hands(db, event_id, 1, 1) == {1: (HandEntry(Side.EW, 4), 1)}
