"""Issue 30 item 4 in a real browser (Debian's Chromium, phone-sized): the
pages follow the server's stream of stamps (server-sent events) and never
ask ``/stamp``; a table's phone enters a hand, the other side's phone
agrees, the entering phone redraws by itself through its stream; when the
table is in, so does a player's page at another phone."""

from __future__ import annotations

import pytest

from euchre_tourney import tournament as T
from tests.web.browser import phone_browser, require_chromium, tap, wait_for
from tests.web.conftest import enter

COUNT = """
window.__stamps = 0; window.__streams = 0; window.__opened = 0;
var realFetch = window.fetch;
window.fetch = function (url) {
  if (String(url).indexOf("/stamp") >= 0) window.__stamps += 1;
  return realFetch.apply(this, arguments);
};
var RealSource = window.EventSource;
window.EventSource = function (url) {
  window.__streams += 1;
  var s = new RealSource(url);
  s.addEventListener("open", function () { window.__opened += 1; });
  return s;
};
"""
"""Counts, in the page, its /stamp polls and its streams (before any script of the page runs)."""


@pytest.fixture
def phones(db, night, tmp_path):
    require_chromium()
    from euchre_tourney.web import PhoneServer, free_port

    server = PhoneServer(db, night[0], "127.0.0.1", free_port(), separate_process=False)
    server.start()
    opened = []

    def browser(name: str):
        b = phone_browser()
        b.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNT})
        opened.append(b)
        return b

    yield server, browser
    for b in opened:
        b.quit()
    server.stop()


def test_a_hand_and_its_agreement_reach_the_other_phones_through_their_streams(phones, night, db):
    from selenium.webdriver.common.by import By

    server, browser = phones
    event_id, secrets = night
    with db.session() as s:
        north = next(c for c in T.scorecards(s, event_id) if c.rounds[0].table == 1 and c.rounds[0].seat == 0)
    url = f"{server.url}/t/1?k={secrets[1]}"
    entering, confirming, player = browser("ns"), browser("ew"), browser("player")
    entering.get(url)
    confirming.get(url)
    player.get(f"{server.url}/player/{north.number}")
    assert "0 points" in player.find_element(By.ID, "main").text
    for phone in (entering, confirming, player):
        wait_for(phone, lambda d: d.execute_script("return window.__opened") >= 1)

    tap(entering, "input[name=side][value=NS] + span")
    tap(entering, "input[name=makers][value=NS] + span")
    tap(entering, "input[name=tricks][value='5'] + span")  # a march: 2 points to North and South
    tap(entering, "form.entry button.primary")
    wait_for(entering, lambda d: "Hand 1 saved" in d.find_element(By.ID, "main").text)
    # the other side's phone redraws by itself: the hand waits for its Agree
    wait_for(confirming, lambda d: d.find_elements(By.CSS_SELECTOR, "#hand1 button.agree"))
    tap(confirming, "#hand1 button.agree")
    wait_for(confirming, lambda d: "✓ Agreed" in d.find_element(By.ID, "hand1").text)
    wait_for(entering, lambda d: "✓ Agreed" in d.find_element(By.ID, "hand1").text)  # its stream, not a reload

    # the table's other hands from a third phone: a table counts in the standings once all its hands are in
    import httpx

    from tests.web.test_two_servers import _forms

    with httpx.Client(base_url=server.url, headers={"origin": server.url}, timeout=60) as third:
        for n in range(2, 5):
            r, _ = enter(third, 1, secrets[1], tricks=3)  # 1 point to North and South each time
            assert f"Hand {n} saved" in r.text
            assert "agreed to hand" in third.post("/t/1", data=_forms(r.text)[0]).text
    wait_for(entering, lambda d: "This table is in for round 1" in d.find_element(By.ID, "main").text)
    wait_for(player, lambda d: "5 points" in d.find_element(By.ID, "main").text)

    for phone in (entering, confirming, player):
        assert phone.execute_script("return window.__stamps") == 0  # never polled: the stream was enough
        assert phone.execute_script("return window.__streams") == 1  # one stream, kept across the redraws
    with db.session() as s:
        assert T.round_progress(s, event_id, 1)[1] == 4
