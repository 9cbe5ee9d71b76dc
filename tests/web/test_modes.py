"""Round totals and team games to the target, entered from the phone."""

from __future__ import annotations

import datetime
import re

from euchre_tourney import tournament as T
from tests.web.conftest import enter, form_fields


def _client(db, event_id):
    from starlette.testclient import TestClient

    from euchre_tourney.web import create_app

    return TestClient(create_app(db, event_id), base_url="http://testserver")


def test_round_totals_from_the_phone_are_checked_like_the_scores_page(db):
    with db.session() as s:
        ids = [T.add_player(s, f"P{i}").id for i in range(8)]
        ev = T.create_event(s, "Totals night", datetime.date(2026, 3, 4), rounds=2, hands_per_round=4)
        T.update_event(s, ev.id, entry_mode="totals")
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=1)
        secrets = T.table_secrets(s, ev.id)
    with _client(db, ev.id) as c:
        page = c.get(f"/t/1?k={secrets[1]}")
        assert "Save round totals" in page.text
        fields = form_fields(page.text) | {"side": "NS", "ns": "40", "ew": "0"}
        r = c.post("/t/1", data=fields)
        assert r.status_code == 409 and 'role="alert"' in r.text  # refused in the engine's words
        with db.session() as s:
            assert T.table_result(s, ev.id, 1, 1).ns_points is None
        fields = form_fields(c.get(f"/t/1?k={secrets[1]}").text) | {"side": "NS", "ns": "4", "ew": "3"}
        r = c.post("/t/1", data=fields)
        assert r.status_code == 200 and "totals saved" in r.text
    with db.session() as s:
        result = T.table_result(s, ev.id, 1, 1)
        assert (result.ns_points, result.ew_points) == (4, 3)
        assert T.audit_trail(s, ev.id)[-1].station == "table 1 (phone)"


def test_a_team_game_to_the_target_stops_when_a_side_has_won(db):
    with db.session() as s:
        ev = T.create_event(s, "Teams", datetime.date(2026, 3, 4), kind="team", rounds=1, hands_per_round=2,
                            team_format="swiss", round_scoring="game")
        players = [T.add_player(s, f"P{i}") for i in range(4)]
        T.add_team(s, ev.id, players[0].id, players[1].id, "Aces")
        T.add_team(s, ev.id, players[2].id, players[3].id, "Bowers")
        T.make_team_rounds(s, ev.id)
        secrets = T.table_secrets(s, ev.id)
        T.set_phone_settings(s, ev.id, confirm_required=False)
    with _client(db, ev.id) as c:
        page = c.get(f"/t/1?k={secrets[1]}")
        assert "Game to 10" in page.text and "Aces" in page.text
        for _ in range(3):  # three loners of 4 points: 12, the game is won
            r, _data = enter(c, 1, secrets[1], makers="NS", tricks=5, alone="N")
            assert r.status_code == 200, re.findall(r"role=\"alert\">([^<]*)", r.text)
        assert "won" in r.text and "Save hand" not in r.text
