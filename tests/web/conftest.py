"""Fixtures for the phone pages: an event with a rotation, its app, a client."""

from __future__ import annotations

import datetime
import re

import pytest

from euchre_tourney import tournament as T


@pytest.fixture
def night(db):
    """8 players, 3 rounds of 4 hands, rotation made; table secrets issued."""
    with db.session() as s:
        ids = [T.add_player(s, name).id for name in
               ["Ann <script>alert(1)</script>", "Bob", "עברית שם", "王小明", "Dee", "Eve", "Fay", "Gus"]]
        ev = T.create_event(s, "Club night", datetime.date(2026, 3, 4), rounds=3, hands_per_round=4)
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=7)
        secrets = T.table_secrets(s, ev.id)
        T.set_director_pin(s, ev.id, "2468")
    return ev.id, secrets


@pytest.fixture
def client(db, night):
    from starlette.testclient import TestClient

    from euchre_tourney.web import create_app

    app = create_app(db, night[0])
    with TestClient(app, base_url="http://testserver") as c:
        yield c


def form_fields(html: str, form_index: int = -1) -> dict[str, str]:
    """The hidden fields of a page's form (the last one by default)."""
    forms = re.findall(r"<form[^>]*method=\"post\".*?</form>", html, re.S)
    form = forms[form_index]
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))


def enter(client, table: int, secret: str, *, side="NS", makers="NS", tricks=3, alone="", defender="", extra=None):
    page = client.get(f"/t/{table}?k={secret}")
    assert page.status_code == 200, page.text
    fields = form_fields(page.text)
    data = fields | {"side": side, "makers": makers, "tricks": str(tricks), "alone": alone}
    if defender:
        data["defender_alone"] = "1"
    data |= extra or {}
    return client.post(f"/t/{table}", data=data), data
