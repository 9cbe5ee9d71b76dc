"""The phone pages in a real browser (Debian's Chromium, 390×844): open the
table's page as its QR code would, enter a round's hands, confirm each from
a second browser, see them on the director's Scores and Standings pages."""

from __future__ import annotations

import pytest

from euchre_tourney import tournament as T
from tests.web.browser import serve_event, tap, wait_for


@pytest.fixture
def served(gui_env, db, night, qtbot, tmp_path):
    yield from serve_event(db, night[0], qtbot, tmp_path)


def _enter(phone, side: str, makers: str, tricks: int) -> None:
    from selenium.webdriver.common.by import By

    tap(phone, f"input[name=side][value={side}] + span")
    tap(phone, f"input[name=makers][value={makers}] + span")
    tap(phone, f"input[name=tricks][value='{tricks}'] + span")
    before = phone.find_element(By.CSS_SELECTOR, "form.entry input[name=number]").get_attribute("value")
    tap(phone, "form.entry button.primary")
    wait_for(phone, lambda d: f"Hand {before} saved" in d.find_element(By.ID, "main").text)


def test_a_round_entered_and_confirmed_from_two_phones_reaches_the_director(served, night, db, qtbot):
    from selenium.webdriver.common.by import By

    window, server, browser = served
    event_id, secrets = night
    url = f"{server.url}/t/1?k={secrets[1]}"
    entering, confirming = browser("ns"), browser("ew")
    entering.get(url)
    assert "Table 1 · Round 1" in entering.find_element(By.TAG_NAME, "h1").text
    assert entering.execute_script("return window.innerWidth") == 390
    confirming.get(url)
    results = [("NS", 3), ("EW", 5), ("NS", 4), ("EW", 2)]
    for number, (makers, tricks) in enumerate(results, start=1):
        _enter(entering, "NS", makers, tricks)
        confirming.get(url)  # the other side's phone: the hand waits for them
        tap(confirming, f"#hand{number} button.agree")
        wait_for(confirming, lambda d: "✓ Agreed" in d.find_element(By.ID, f"hand{number}").text)
        # the entering phone redraws by itself (it polls /stamp)
        wait_for(entering, lambda d: "✓ Agreed" in d.find_element(By.ID, f"hand{number}").text)
    assert "This table is in for round 1" in entering.find_element(By.ID, "main").text

    # the director's window: the station poll sees the phone's hands
    scores = window.scores_page
    window.tabs.setCurrentWidget(scores)
    scores.select(1, 1)
    qtbot.waitUntil(lambda: window.poll_other_stations() or scores.model.rowCount() == 4, timeout=60000)
    scores.select(1, 1)
    assert scores.model.rowCount() == 4
    with db.session() as s:
        stations = {a.station for a in T.audit_trail(s, event_id)}
    assert stations == {"table 1 (phone)"}

    standings = browser("standings")
    standings.get(f"{server.url}/standings")
    text = standings.find_element(By.ID, "main").text
    assert "round 1: 1 of 2 tables in" in text


def test_a_correction_from_the_phone_is_kept_in_the_hands_history(served, night, db):
    from selenium.webdriver.common.by import By

    window, server, browser = served
    event_id, secrets = night
    phone = browser("fix")
    phone.get(f"{server.url}/t/2?k={secrets[2]}")
    _enter(phone, "EW", "EW", 3)
    tap(phone, "#hand1 a.small")
    wait_for(phone, lambda d: "Correct hand 1" in d.find_element(By.ID, "main").text)
    tap(phone, "input[name=tricks][value='5'] + span")
    tap(phone, "form.entry button.primary")
    wait_for(phone, lambda d: "Hand 1 corrected" in d.find_element(By.ID, "main").text)
    with db.session() as s:
        history = T.hand_history(s, event_id, 1, 2, 1)
    assert [(a.action, a.station) for a in history] == [("record", "table 2 (phone)"), ("correct", "table 2 (phone)")]


def test_the_director_opens_the_phone_page_with_the_pin_and_locks_the_round(served, night, db):
    """Found in the browser only: with ``Referrer-Policy: no-referrer`` the
    browser sends ``Origin: null`` on the page's own form, and the PIN was refused."""
    from selenium.webdriver.common.by import By

    window, server, browser = served
    event_id, _ = night
    phone = browser("director", dark=True)
    phone.get(f"{server.url}/director")
    phone.find_element(By.ID, "pin").send_keys("2468")
    tap(phone, "button[type=submit]")
    wait_for(phone, lambda d: "Lock round 1" in d.find_element(By.ID, "main").text)
    tap(phone, "button[value=lock]")
    wait_for(phone, lambda d: "Round 1 is locked." in d.find_element(By.ID, "main").text)
    with db.session() as s:
        assert T.locked_rounds(s, event_id) == {1}
