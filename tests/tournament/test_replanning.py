"""Late arrivals and departures once scores exist: played rounds never change."""

from __future__ import annotations

import datetime

import pytest

from euchre_tourney import rotation
from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Side
from euchre_tourney.tournament.schedule import load_schedule


@pytest.fixture
def night(session):
    ids = [T.add_player(session, f"Player {i:02d}").id for i in range(12)]
    ev = T.create_event(session, "Night", datetime.date(2026, 6, 7), rounds=5, hands_per_round=2)
    T.set_checked_in(session, ev.id, ids)
    T.generate_rotation(session, ev.id, seed=11)
    T.record_hand(session, ev.id, 1, 1, 1, HandEntry(Side.NS, 4))
    return ev, ids


def test_late_arrival_joins_from_next_round(session, night):
    ev, ids = night
    before = T.rotation_view(session, ev.id)
    late = T.add_player(session, "Late Larry")
    T.set_checked_in(session, ev.id, late.id)
    after = T.rotation_view(session, ev.id)
    assert after.rounds[0] == before.rounds[0]
    names_round1 = [n for t in after.rounds[0].tables for n in t.names] + list(after.rounds[0].sit_out)
    assert "Late Larry" not in names_round1
    for r in after.rounds[1:]:
        seated = [n for t in r.tables for n in t.names] + list(r.sit_out)
        assert sorted(seated) == sorted([f"Player {i:02d}" for i in range(12)] + ["Late Larry"])
        assert len(r.sit_out) == 1
    schedule = load_schedule(session, ev.id).schedule
    assert rotation.check(schedule).max_partnered == 1
    row = next(r for r in T.standings(session, ev.id).rows if r.name == "Late Larry")
    assert (row.rounds_played, row.sit_outs, row.points) == (0, 0, 0)
    assert max(e.number for e in T.entrants(session, ev.id) if e.checked_in) == 13


def test_player_leaving_keeps_history_and_is_absent_later(session, night):
    ev, ids = night
    T.record_hand(session, ev.id, 2, 1, 1, HandEntry(Side.EW, 5))
    before = T.rotation_view(session, ev.id)
    leaver = T.get_player(session, ids[0]).name
    T.set_checked_in(session, ev.id, ids[0], False)
    after = T.rotation_view(session, ev.id)
    assert after.rounds[:2] == before.rounds[:2]
    for r in after.rounds[2:]:
        seated = [n for t in r.tables for n in t.names] + list(r.sit_out)
        assert leaver not in seated and len(seated) == 11
    assert leaver in [r.name for r in T.standings(session, ev.id).rows]


def test_too_few_players_left_is_refused_and_nothing_changes(session):
    ids = [T.add_player(session, f"Q{i}").id for i in range(4)]
    ev = T.create_event(session, "Tiny", datetime.date(2026, 6, 7), rounds=3, hands_per_round=1)
    T.set_checked_in(session, ev.id, ids)
    T.generate_rotation(session, ev.id, seed=1)
    T.record_hand(session, ev.id, 1, 1, 1, HandEntry(Side.NS, 3))
    before = T.rotation_view(session, ev.id)
    with pytest.raises(T.TournamentError, match="At least 4 players"):
        T.set_checked_in(session, ev.id, ids[0], False)
    assert T.rotation_view(session, ev.id).rounds == before.rounds
    assert all(e.checked_in for e in T.entrants(session, ev.id))
