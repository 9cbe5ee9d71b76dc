"""Issue 29 item 4: the phones' pages of a six-player night: a player's page
names the seat ("Seat 3", not Python's text of a method) and a table's page
says where its hands are entered instead of failing on seats 1..6."""

from __future__ import annotations

import datetime

from euchre_tourney import tournament as T


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
        assert table.status_code == 409
        assert "Six player, 33 cards" in table.text and "entered on the director&#39;s window" in table.text
