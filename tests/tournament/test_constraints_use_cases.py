"""Director's requests: stored, described, validated, removed."""

from __future__ import annotations

import datetime

import pytest

from euchre_tourney import tournament as T
from euchre_tourney.tournament.constraints import add_constraint, list_constraints, remove_constraint


@pytest.fixture
def setup(session):
    ids = [T.add_player(session, name).id for name in ["Ann", "Bo", "Cy", "Di", "Ed"]]
    ev = T.create_event(session, "Night", datetime.date(2026, 4, 5), rounds=4)
    return ev, ids


def test_requests_are_described_in_words(session, setup):
    ev, (ann, bo, cy, *_rest) = setup
    add_constraint(session, ev.id, "pin_table", ann, table=2)
    add_constraint(session, ev.id, "no_partner", bo, other_player_id=cy)
    add_constraint(session, ev.id, "sit_out", cy, round_number=3)
    assert [c.text for c in list_constraints(session, ev.id)] == [
        "Ann stays at table 2 all night.",
        "Bo and Cy never partner.",
        "Cy sits out round 3.",
    ]


@pytest.mark.parametrize(
    ("kind", "kwargs", "message"),
    [
        ("pin_table", {}, "which table"),
        ("no_partner", {}, "which two players"),
        ("no_partner", {"other_player_id": "self"}, "two different players"),
        ("sit_out", {"round_number": 5}, "round from 1 to 4"),
        ("teleport", {}, "Unknown request"),
    ],
)
def test_incomplete_requests_are_refused(session, setup, kind, kwargs, message):
    ev, ids = setup
    if kwargs.get("other_player_id") == "self":
        kwargs["other_player_id"] = ids[0]
    with pytest.raises(T.TournamentError, match=message):
        add_constraint(session, ev.id, kind, ids[0], **kwargs)
    assert list_constraints(session, ev.id) == []


def test_remove_request(session, setup):
    ev, ids = setup
    c = add_constraint(session, ev.id, "sit_out", ids[1], round_number=1)
    assert remove_constraint(session, c.id).text == "Bo sits out round 1."
    assert list_constraints(session, ev.id) == []


def test_rotation_view_warns_in_players_names(session, setup):
    ev, ids = setup
    extra = [T.add_player(session, f"Extra {i}").id for i in range(3)]
    T.set_checked_in(session, ev.id, ids + extra)
    add_constraint(session, ev.id, "pin_table", ids[0], table=1)
    add_constraint(session, ev.id, "pin_table", ids[1], table=1)
    T.generate_rotation(session, ev.id, seed=3)
    view = T.rotation_view(session, ev.id)
    assert any("Ann" in w and "Bo" in w and "table 1" in w for w in view.warnings), view.warnings
    for r in view.rounds:
        tables = {name: t.number for t in r.tables for name in t.names}
        assert tables.get("Ann", 1) == 1 and tables.get("Bo", 1) == 1
