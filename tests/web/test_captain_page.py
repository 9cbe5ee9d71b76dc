"""A captain's phone page (issue 30 item 2): her PIN opens her sections
only; an action on another section is refused and changes nothing; a
withdrawn PIN stops at once; the audit trail names her."""

from __future__ import annotations

import datetime

import pytest

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Side

from tests.web.conftest import form_fields


@pytest.fixture
def sectioned(db):
    with db.session() as s:
        ids = [T.add_player(s, f"Player {i:02d}").id for i in range(36)]
        ev = T.create_event(s, "Charity night", datetime.date(2026, 12, 5), rounds=3, hands_per_round=2)
        T.set_checked_in(s, ev.id, ids)
        T.split_by_size(s, ev.id, 12)  # A, B, C
        T.generate_rotation(s, ev.id, seed=7)
        pin = T.add_captain(s, ev.id, "Ann", ["B"])
    return ev.id, pin


@pytest.fixture
def captain_client(db, sectioned):
    from starlette.testclient import TestClient

    from euchre_tourney.web import create_app

    with TestClient(create_app(db, sectioned[0]), base_url="http://testserver") as c:
        yield c


def _log_in(client, pin):
    page = client.get("/captain")
    assert page.status_code == 200 and 'name="pin"' in page.text
    return client.post("/captain", data=form_fields(page.text) | {"pin": pin})


def test_a_captains_pin_cannot_act_outside_her_sections(db, sectioned, captain_client):
    eid, pin = sectioned
    wrong = "000000" if pin != "000000" else "111111"
    assert _log_in(captain_client, wrong).status_code == 403
    r = _log_in(captain_client, pin)
    assert r.status_code == 200 and "Captain Ann" in r.text and "Section B" in r.text
    assert "Section A" not in r.text and "Section C" not in r.text and "Table B-1" in r.text
    fields = form_fields(r.text, 0)
    assert fields["section"] == "B"
    for other in ("A", "C", "a", "B ", ""):
        if other.strip().upper() == "B":
            continue
        refused = captain_client.post("/captain", data=fields | {"section": other, "action": "lock", "round": "1"})
        assert refused.status_code == 403 and "is not yours" in refused.text
        refused = captain_client.post("/captain", data=fields | {"section": other, "action": "call-time", "round": "1"})
        assert refused.status_code == 403
    with db.session() as s:
        assert T.section_locks(s, eid) == {}
        assert all(x.time_called_round is None for x in T.list_sections(s, eid))
        assert not [a for a in T.audit_trail(s, eid) if a.action == "lock"]
    ok = captain_client.post("/captain", data=fields | {"action": "lock", "round": "1"})
    assert ok.status_code == 200 and "Round 1 of section B is locked." in ok.text
    with db.session() as s:
        assert T.section_locks(s, eid) == {"B": frozenset({1})}
        lock = [a for a in T.audit_trail(s, eid) if a.action == "lock"]
        assert [(a.station, a.new) for a in lock] == [("captain Ann (phone)", "section B")]
    with pytest.raises(T.TournamentError, match="locked for section B"):  # her lock holds for every door
        T.operate(db, "Hand", T.record_hand, eid, 1, 101, 1, HandEntry(Side.NS, 3), event_id=eid)
    T.operate(db, "Hand", T.record_hand, eid, 1, 1, 1, HandEntry(Side.NS, 3), event_id=eid)  # section A is not hers


def test_a_withdrawn_pin_stops_at_once(db, sectioned, captain_client):
    eid, pin = sectioned
    r = _log_in(captain_client, pin)
    fields = form_fields(r.text, 0)
    with db.session() as s:
        T.revoke_captain(s, eid, "Ann")
    page = captain_client.get("/captain")
    assert 'name="pin"' in page.text and "Section B" not in page.text
    refused = captain_client.post("/captain", data=fields | {"action": "lock", "round": "1"})
    assert refused.status_code == 403
    with db.session() as s:
        assert T.section_locks(s, eid) == {}


def test_each_sections_tables_play_at_their_own_pace(db, sectioned, captain_client):
    """Section A finished round 1: its phones are on round 2 while section
    B's are still on round 1; a table's page names it as the room does."""
    eid, _pin = sectioned
    with db.session() as s:
        for t in range(1, 4):  # section A's three tables
            for h in (1, 2):
                T.record_hand(s, eid, 1, t, h, HandEntry(Side.NS, 3))
        secrets = T.table_secrets(s, eid)
        assert T.playing_round(s, eid, 1) == 2 and T.playing_round(s, eid, 101) == 1
        assert T.playing_round(s, eid) == 1  # the room as a whole is on round 1
    a = captain_client.get(f"/t/1?k={secrets[1]}")
    b = captain_client.get(f"/t/101?k={secrets[101]}")
    assert a.status_code == b.status_code == 200
    assert "Table A-1 · Round 2" in a.text and "Table B-1 · Round 1" in b.text
    with db.session() as s:
        T.lock_section_round(s, eid, "B", 1)
        assert T.playing_round(s, eid, 101) == 2  # a round locked for the section is closed for it


def test_a_captain_locks_her_section_from_her_phone_in_a_browser(gui_env, db, sectioned, qtbot, tmp_path):
    """Chromium at a phone's size: the PIN page, her sections only, her lock."""
    import os

    from selenium.webdriver.common.by import By

    from tests.web.browser import serve_event, tap, wait_for

    eid, pin = sectioned
    served = serve_event(db, eid, qtbot, tmp_path)
    _window, server, browser = next(served)
    try:
        phone = browser("captain")
        phone.get(f"{server.url}/captain")
        phone.find_element(By.ID, "pin").send_keys(pin)
        tap(phone, "button[type=submit]")
        wait_for(phone, lambda d: "Lock round 1 of section B" in d.find_element(By.ID, "main").text)
        assert "Section A" not in phone.find_element(By.ID, "main").text
        tap(phone, "button[value=lock]")
        wait_for(phone, lambda d: "Round 1 of section B is locked." in d.find_element(By.ID, "main").text)
        if os.environ.get("EUCHRE_TOURNEY_SHOTS"):
            phone.save_screenshot(os.path.join(os.environ["EUCHRE_TOURNEY_SHOTS"], "captain-phone.png"))
        with db.session() as s:
            assert T.section_locks(s, eid) == {"B": frozenset({1})}
            assert [a.station for a in T.audit_trail(s, eid) if a.action == "lock"] == ["captain Ann (phone)"]
    finally:
        next(served, None)  # the browsers quit, the server stops


def test_a_sections_standings_and_projector_pages_show_its_own_clock(db, sectioned, captain_client):
    """``/projector?section=B`` and ``/standings?section=B``: that section's
    standings alone, titled with it, and its own round clock (running: the
    time left and its end for the page to count down; paused; reset), the
    other sections' clocks apart; an unknown section is refused in words."""
    eid, _pin = sectioned
    with db.session() as s:
        T.update_event(s, eid, minutes_per_round=20)
        T.save_section_timer(s, eid, "B", ends_at=datetime.datetime.now(datetime.timezone.utc)
                             + datetime.timedelta(minutes=9, seconds=30))
        T.save_section_timer(s, eid, "C", left_seconds=125)
        T.record_hand(s, eid, 1, 101, 1, HandEntry(Side.NS, 3))
        b_members = {p for x in T.list_sections(s, eid) if x.name == "B" for p in x.members}
        names_b = {r.name for r in T.standings(s, eid, section="B").rows}
        names_all = {r.name for r in T.standings(s, eid).rows}
    assert len(b_members) == 12 and len(names_b) == 12
    proj = captain_client.get("/projector?section=b")
    assert proj.status_code == 200
    assert "Charity night — Section B" in proj.text
    assert "Section B: " in proj.text and "Time left 9:" in proj.text and 'data-ends="' in proj.text and "/static/clock.js" in proj.text
    shown = {n for n in names_all if f">{n} <" in proj.text or f">{n}<" in proj.text}
    assert shown == names_b
    assert captain_client.get("/static/clock.js").status_code == 200
    c = captain_client.get("/standings?section=C")
    assert c.status_code == 200 and "Time left 2:05 (paused)" in c.text and "data-ends" not in c.text
    a = captain_client.get("/standings?section=A")
    assert "Round clock 20:00" in a.text  # A's clock was never started: reset
    room = captain_client.get("/projector")
    assert "Time left" not in room.text and "— Section" not in room.text  # the room's projector: every section
    missing = captain_client.get("/projector?section=Q")
    assert missing.status_code == 404 and "There is no section" in missing.text
    assert captain_client.get("/standings?section=<b>").status_code == 404
