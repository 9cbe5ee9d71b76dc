"""Issue 29 item 4: the phones' pages of a six-player night: a player's page
names the seat ("Seat 3", not Python's text of a method).

Issue 33 item 5: the tables of a side game (six-player at tables of six, bid
euchre at four) enter, confirm and correct their hands from the phone as the
four-seat tables do: the same engine validates (its sentences), the other side
agrees or disagrees, a correction keeps the row and names the version it was
made on, and the one guard refuses a stale or locked write with a sentence,
writing nothing."""

from __future__ import annotations

import datetime
import re

import pytest

from euchre_tourney import tournament as T
from tests.snapshots import snapshot_event
from tests.web.conftest import form_fields


def _side_night(db, game: str, players: int, hands: int = 3):
    with db.session() as s:
        ids = [T.add_player(s, n).id for n in ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"][:players]]
        ev = T.create_event(s, "Side night", datetime.date(2026, 11, 25), rounds=2, hands_per_round=hands, game=game)
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=1)
        secret = T.table_secrets(s, ev.id)[1]
    return ev.id, secret


@pytest.fixture
def six(db):
    from starlette.testclient import TestClient

    from euchre_tourney.web import create_app

    event_id, secret = _side_night(db, "six_player_33", 6)
    with TestClient(create_app(db, event_id), raise_server_exceptions=True) as c:
        yield c, event_id, secret


@pytest.fixture
def bid(db):
    from starlette.testclient import TestClient

    from euchre_tourney.web import create_app

    event_id, secret = _side_night(db, "bid_four", 4)
    with TestClient(create_app(db, event_id), raise_server_exceptions=True) as c:
        yield c, event_id, secret


def _send(c, secret, fields: dict, index: int = -1, page: str = ""):
    html = c.get(page or f"/t/1?k={secret}").text
    data = form_fields(html, index) | fields
    return c.post("/t/1", data=data)


def _banner(html: str) -> str:
    found = re.search(r'<p class="banner[^"]*"[^>]*>(.*?)</p>', html, re.S)
    return found.group(1).replace("&#39;", "'").replace("&amp;", "&") if found else ""


def _hands(db, event_id):
    with db.session() as s:
        return [(h.id, h.number, h.version, h.side, h.points) for h in T.side_table_score(s, event_id, 1, 1).hands]


def test_phone_pages_of_a_six_player_night(db):
    from starlette.testclient import TestClient

    from euchre_tourney.web import create_app

    with db.session() as s:
        ids = [T.add_player(s, n).id for n in ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]]
        ev = T.create_event(s, "Six", datetime.date(2026, 11, 25), rounds=1, hands_per_round=2, game="six_player_33")
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=1)
        secret = T.table_secrets(s, ev.id)[1]
        seat = T.scorecards(s, ev.id)[0].rounds[0].seat_text
    with TestClient(create_app(db, ev.id), raise_server_exceptions=True) as c:
        me = c.get("/player/1")
        assert me.status_code == 200 and f"Table 1 · {seat}" in me.text and "built-in" not in me.text
        table = c.get(f"/t/1?k={secret}")
        assert table.status_code == 200  # issue 33: the phones take side games (they refused them: 409)
        assert "Six player, 33 cards" in table.text and "Seat 6" in table.text


def test_a_six_player_table_enters_confirms_and_corrects_its_hands_from_the_phone(db, six):
    c, event_id, secret = six
    with db.session() as s:
        names = T.side_table_score(s, event_id, 1, 1).names
    page = c.get(f"/t/1?k={secret}").text
    for i, name in enumerate(names):
        assert f'<span class="seat">Seat {i + 1}</span> <span dir="auto">{name}</span>' in page
    assert "Seats 1, 3, 5" in page and "Seats 2, 4, 6" in page and 'name="form" value="side"' in page
    assert 'name="defender_alone"' not in page  # the four-seat tally card's question is not asked
    # hand 1: seats 1, 3, 5 enter; seat 4 (second side) went alone and marched
    r = _send(c, secret, {"side": "NS", "makers": "EW", "tricks": "5", "alone": "3"})
    assert r.status_code == 200
    assert _banner(r.text) == f"Hand 1 saved: {names[3]} alone took 5 tricks: {names[1]}, {names[3]} & {names[5]} +6."
    assert "Waiting for Seats 2, 4, 6 to agree" in r.text and 'id="entry"' not in r.text  # they agree first
    r = _send(c, secret, {}, index=0)  # the Agree form of hand 1
    assert _banner(r.text) == "Seats 2, 4, 6 agreed to hand 1."
    # a lone maker on the defenders' side: the engine's (the Scores page's) sentence, nothing written
    with db.session() as s:
        before = snapshot_event(s, event_id)
    r = _send(c, secret, {"side": "EW", "makers": "NS", "tricks": "3", "alone": "1"})
    assert r.status_code == 409 and _banner(r.text) == "The lone maker sits on the makers' side."
    with db.session() as s:
        assert snapshot_event(s, event_id) == before
    # hand 2 entered by seats 2, 4, 6; the first side disagrees: the director's list and the Scores page mark it
    r = _send(c, secret, {"side": "EW", "makers": "NS", "tricks": "3", "alone": ""})
    assert _banner(r.text).startswith("Hand 2 saved:") and "Waiting for Seats 1, 3, 5 to agree" in r.text
    html = c.get(f"/t/1?k={secret}").text
    agree = form_fields(html, 0)  # hand 2's Agree/Disagree form (the only form while it waits)
    r = c.post("/t/1", data=agree | {"action": "disagree"})
    assert _banner(r.text) == "Hand 2 is flagged for the director: Seats 1, 3, 5 disagrees."
    with db.session() as s:
        disputed = T.disputed_hands(s, event_id)
        board = T.entry_board(s, event_id, 1, 1)
    assert [(rnd, t, h.hand.number) for rnd, t, h in disputed] == [(1, 1, 2)] and board.disputed == frozenset({2})
    # the table corrects hand 2 from the phone: the same row, version 2, an audit row
    (first_id, _, _, _, _), (second_id, _, _, _, _) = _hands(db, event_id)
    fix = f"/t/1?k={secret}&fix=2"
    form = c.get(fix).text
    assert "Correct hand 2" in form and 'name="version" value="1"' in form
    r = _send(c, secret, {"side": "NS", "makers": "NS", "tricks": "4", "alone": ""}, page=fix)
    assert _banner(r.text) == f"Hand 2 corrected: {names[0]}, {names[2]} & {names[4]} took 4 tricks: {names[0]}, {names[2]} & {names[4]} +1."
    assert _hands(db, event_id) == [(first_id, 1, 1, 1, 6), (second_id, 2, 2, 0, 1)]
    with db.session() as s:
        trail = [(a.action, a.station) for a in T.hand_history(s, event_id, 1, 1, 2)]
    assert trail[-1] == ("correct", "table 1 (phone)")
    # a correction made on the page drawn before (version 1) is refused with what the hand says now
    stale = form_fields(form)
    with db.session() as s:
        before = snapshot_event(s, event_id)
    r = c.post("/t/1", data=stale | {"side": "NS", "makers": "EW", "tricks": "3", "alone": "", "key": "k" * 20})
    assert r.status_code == 409
    said = _banner(r.text)
    assert said.startswith("Hand 2 at table 1 was changed at station table 1 (phone) after you looked at it: it now says")
    assert "took 4 tricks" in said and "Nothing was changed" in said
    with db.session() as s:
        assert snapshot_event(s, event_id) == before
    # the director locks round 1: a correction from the phone is refused by the one guard, nothing written
    T.operate(db, "Lock", T.lock_round, event_id, 1, True, event_id=event_id)
    with db.session() as s:
        before = snapshot_event(s, event_id)
    # (the phones have moved on to round 2; the form drawn in round 1 names hand 2's version now)
    r = c.post("/t/1", data=stale | {"side": "NS", "makers": "EW", "tricks": "3", "alone": "", "key": "m" * 20,
                                     "version": "2"})
    assert r.status_code == 409 and "Round 1 is locked" in _banner(r.text)
    with db.session() as s:
        assert snapshot_event(s, event_id) == before


def test_a_bid_euchre_table_enters_and_corrects_a_bid_from_the_phone(db, bid):
    c, event_id, secret = bid
    with db.session() as s:
        names = T.side_table_score(s, event_id, 1, 1).names
    page = c.get(f"/t/1?k={secret}").text
    assert "High bidder" in page and f"East · {names[1]}" in page and "Tricks the bidders took" in page
    assert 'name="makers"' not in page  # the bidder's seat says who made trump
    # East bids 3, East-West take 2: they go back 3 (a failed bid)
    r = _send(c, secret, {"side": "NS", "bidder": "1", "bid": "3", "tricks": "2"})
    assert _banner(r.text) == f"Hand 1 saved: {names[1]} bid 3; {names[1]} & {names[3]} took 2 tricks: {names[1]} & {names[3]} -3."
    r = _send(c, secret, {}, index=0)
    assert _banner(r.text) == "East–West agreed to hand 1."
    # a bid the game does not allow: the engine's sentence
    r = _send(c, secret, {"side": "NS", "bidder": "0", "bid": "9", "tricks": "5"})
    assert r.status_code == 409 and "The bid must be a whole number from 2 to 5" in _banner(r.text)
    # corrected: East took 3, the bid is made
    hand_id = _hands(db, event_id)[0][0]
    fix = f"/t/1?k={secret}&fix=1"
    form = c.get(fix).text
    assert 'value="1" checked' in form  # the stored bidder is picked
    r = _send(c, secret, {"side": "EW", "bidder": "1", "bid": "3", "tricks": "3"}, page=fix)
    assert _banner(r.text).startswith("Hand 1 corrected:") and r.text.count("+3") >= 1
    assert _hands(db, event_id) == [(hand_id, 1, 2, 1, 3)]
