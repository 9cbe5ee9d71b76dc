"""Issue 33 item 5 in a real browser (Debian's Chromium, 390×844): a table of
six enters its hands from the QR code's page (Seats 1..6, the sides "Seats 1,
3, 5" and "Seats 2, 4, 6", who went alone by seat), the other side agrees
from a second phone, the table corrects a hand, and the director's Scores page
shows them. Screenshots: /tmp/shots/sidepages/phone_six*.png."""

from __future__ import annotations

import base64
import datetime
from pathlib import Path

import pytest

from euchre_tourney import tournament as T
from tests.web.browser import phone_browser, require_chromium, serve_event, tap, wait_for

SHOTS = Path("/tmp/shots/sidepages")


@pytest.fixture
def six_night(db):
    with db.session() as s:
        ids = [T.add_player(s, n).id for n in ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]]
        ev = T.create_event(s, "Six night", datetime.date(2026, 11, 29), rounds=2, hands_per_round=3,
                            game="six_player_33")
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=2)
        secrets = T.table_secrets(s, ev.id)
        names = T.side_table_score(s, ev.id, 1, 1).names
    return ev.id, secrets, names


@pytest.fixture
def served(gui_env, db, six_night, qtbot, tmp_path):
    yield from serve_event(db, six_night[0], qtbot, tmp_path)


def _shot(phone, name: str) -> None:
    """The whole page, as tall as it is (Chromium's own capture)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    png = phone.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
    (SHOTS / name).write_bytes(base64.b64decode(png["data"]))


def _main(d) -> str:
    from selenium.webdriver.common.by import By

    return d.find_element(By.ID, "main").text


def test_a_table_of_six_enters_confirms_and_corrects_from_two_phones(served, six_night, db, qtbot):
    from selenium.webdriver.common.by import By

    window, server, browser = served
    event_id, secrets, names = six_night
    url = f"{server.url}/t/1?k={secrets[1]}"
    odd, even = browser("odd"), browser("even")
    odd.get(url)
    assert "Table 1 · Round 1" in odd.find_element(By.TAG_NAME, "h1").text
    text = _main(odd)
    assert "Six player, 33 cards" in text and "Seats 1, 3, 5" in text and "Seats 2, 4, 6" in text
    assert all(name in text for name in names)
    _shot(odd, "phone_six_empty.png")
    # hand 1: seats 1, 3, 5 enter that seat 4 went alone and took all 5
    tap(odd, "input[name=side][value=NS] + span")
    tap(odd, "input[name=makers][value=EW] + span")
    tap(odd, "input[name=tricks][value='5'] + span")
    tap(odd, "input[name=alone][value='3'] + span")
    tap(odd, "form.entry button.primary")
    wait_for(odd, lambda d: "Hand 1 saved" in _main(d))
    assert f"{names[3]} alone took 5 tricks" in _main(odd) and "Waiting for Seats 2, 4, 6 to agree" in _main(odd)
    even.get(url)
    tap(even, "#hand1 button.agree")
    wait_for(even, lambda d: "✓ Agreed" in d.find_element(By.ID, "hand1").text)
    wait_for(odd, lambda d: "✓ Agreed" in d.find_element(By.ID, "hand1").text)  # it polls /stamp
    # hand 2 from the odd seats' phone, agreed; then the table corrects it (the same row, version 2)
    tap(odd, "input[name=makers][value=NS] + span")
    tap(odd, "input[name=tricks][value='3'] + span")
    tap(odd, "form.entry button.primary")
    wait_for(odd, lambda d: "Hand 2 saved" in _main(d))
    even.get(url)
    tap(even, "#hand2 button.agree")
    wait_for(even, lambda d: "✓ Agreed" in d.find_element(By.ID, "hand2").text)
    even.get(url)
    tap(even, "#hand2 a.small")
    wait_for(even, lambda d: "Correct hand 2" in _main(d))
    _shot(even, "phone_six_correcting.png")
    tap(even, "input[name=side][value=EW] + span")
    tap(even, "input[name=tricks][value='4'] + span")
    tap(even, "form.entry button.primary")
    wait_for(even, lambda d: "Hand 2 corrected" in _main(d))
    assert "Waiting for Seats 1, 3, 5 to agree" in _main(even)
    odd.get(url)
    wait_for(odd, lambda d: "Agree (Seats 1, 3, 5)" in _main(d))
    _shot(odd, "phone_six.png")
    with db.session() as s:
        hands = T.side_table_score(s, event_id, 1, 1).hands
        history = T.hand_history(s, event_id, 1, 1, 2)
    assert [(h.number, h.version, h.side, h.points) for h in hands] == [(1, 1, 1, 6), (2, 2, 0, 1)]
    assert [(a.action, a.station) for a in history] == [("record", "table 1 (phone)"), ("correct", "table 1 (phone)")]
    # the director's window: the station poll sees the phones' hands in the Scores page's hands table
    scores = window.scores_page
    window.tabs.setCurrentWidget(scores)
    scores.select(1, 1)
    qtbot.waitUntil(lambda: window.poll_other_stations() or scores.model.rowCount() == 2, timeout=60000)
    scores.select(1, 1)
    assert scores.model.rowCount() == 2 and scores.model.data(scores.model.index(1, 1)).startswith(
        f"{names[0]}, {names[2]} & {names[4]} took 4 tricks")


def test_a_bid_euchre_table_enters_a_failed_bid_from_the_phone(gui_env, db, tmp_path):
    """Bid euchre at four: the high bidder by seat (North · Ann ...), the bid, the tricks; a failed bid goes back."""
    require_chromium()
    from selenium.webdriver.common.by import By

    from euchre_tourney.web import PhoneServer, free_port

    with db.session() as s:
        ids = [T.add_player(s, n).id for n in ["Ann", "Bob", "Cy", "Dee"]]
        ev = T.create_event(s, "Bid night", datetime.date(2026, 11, 29), rounds=1, hands_per_round=2, game="bid_four")
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=2)
        secret = T.table_secrets(s, ev.id)[1]
        names = T.side_table_score(s, ev.id, 1, 1).names
    server = PhoneServer(db, ev.id, "127.0.0.1", free_port())
    server.start()
    phone = phone_browser()
    try:
        phone.get(f"{server.url}/t/1?k={secret}")
        assert f"East\n{names[1]}" in _main(phone) and "Tricks the bidders took" in _main(phone)
        _shot(phone, "phone_bid_empty.png")
        tap(phone, "input[name=side][value=NS] + span")
        tap(phone, "input[name=bidder][value='1'] + span")
        tap(phone, "input[name=bid][value='4'] + span")
        tap(phone, "input[name=tricks][value='3'] + span")
        tap(phone, "form.entry button.primary")
        wait_for(phone, lambda d: "Hand 1 saved" in _main(d))
        assert f"{names[1]} bid 4; {names[1]} & {names[3]} took 3 tricks: {names[1]} & {names[3]} -4" in _main(phone)
        assert "Waiting for East–West to agree" in _main(phone)
        _shot(phone, "phone_bid.png")
    finally:
        phone.quit()
        server.stop()
    with db.session() as s:
        assert [(h.bidder, h.points) for h in T.side_table_score(s, ev.id, 1, 1).hands] == [(1, -4)]
