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
from tests.web.browser import phone_browser, require_chromium, tap, wait_for

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
    require_chromium()
    from euchre_tourney.gui.main_window import MainWindow
    from euchre_tourney.web import PhoneServer, free_port

    window = MainWindow(db)
    qtbot.addWidget(window)
    window.reload_events(select=six_night[0])
    server = PhoneServer(db, six_night[0], "127.0.0.1", free_port())
    server.start()
    window.phone_server = server
    browsers = []

    def browser(name: str):
        b = phone_browser(tmp_path / f"profile-{name}")
        browsers.append(b)
        return b

    yield window, server, browser
    for b in browsers:
        b.quit()
    server.stop()


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
