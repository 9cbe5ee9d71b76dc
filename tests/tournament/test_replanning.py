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


@pytest.fixture
def club_night(session):
    """40 players, 8 rounds, round 1 scored."""
    ids = [T.add_player(session, f"Member {i:02d}").id for i in range(40)]
    ev = T.create_event(session, "Club", datetime.date(2026, 6, 7), rounds=8, hands_per_round=2)
    T.set_checked_in(session, ev.id, ids)
    T.generate_rotation(session, ev.id, seed=5)
    T.record_hand(session, ev.id, 1, 1, 1, HandEntry(Side.NS, 4))
    return ev, ids


def _later_player_rounds(before: list, after: list) -> int:
    old = {c.number: c for c in before}
    return sum(a != b for c in after if c.number in old for a, b in zip(old[c.number].rounds[1:], c.rounds[1:]))


@pytest.mark.parametrize("mode", T.REPLAN_MODES)
def test_preview_matches_the_cards_that_change(session, club_night, mode):
    ev, ids = club_night
    late = T.add_player(session, "Late Larry")
    preview = T.preview_check_in(session, ev.id, late.id)
    assert preview.from_round == 2 and preview.players == 41
    assert not next(e for e in T.entrants(session, ev.id) if e.player_id == late.id).checked_in  # nothing stored
    before = T.scorecards(session, ev.id)
    T.set_checked_in(session, ev.id, late.id, replan=mode)
    after = T.scorecards(session, ev.id)
    changed = T.changed_scorecards(before, after)
    assert len(changed) == (preview.keep_seats if mode == "keep" else preview.rebalance)
    assert "Late Larry" in [c.player_name for c in changed]
    moved = _later_player_rounds(before, after)
    if mode == "keep":  # the newcomer's seat and its three table-mates, at most, each later round
        assert moved <= 28 and preview.keep_seats <= 29
        q = rotation.check(load_schedule(session, ev.id).schedule)
        assert q.partner_repeats == 0 and q.max_meetings == q.bounds.max_meetings
    else:
        assert moved > 200


def test_departure_keeps_others_and_leaver_card_is_not_reprinted(session, club_night):
    ev, ids = club_night
    before = T.scorecards(session, ev.id)
    T.set_checked_in(session, ev.id, ids[0], False)
    after = T.scorecards(session, ev.id)
    changed = T.changed_scorecards(before, after)
    assert "Member 00" not in [c.player_name for c in changed]
    # each later round: the leaver's three table-mates sit out, and the last
    # table takes the dissolved table's number (tables stay numbered 1..9)
    assert 0 < _later_player_rounds(before, after) <= 7 * 7
    view = T.rotation_view(session, ev.id)
    assert all(len(r.sit_out) == 3 for r in view.rounds[1:])


def test_preview_before_any_score_is_refused(session):
    ids = [T.add_player(session, f"Q{i}").id for i in range(8)]
    ev = T.create_event(session, "Early", datetime.date(2026, 6, 7), rounds=3, hands_per_round=1)
    T.set_checked_in(session, ev.id, ids)
    T.generate_rotation(session, ev.id, seed=1)
    with pytest.raises(T.TournamentError, match="No round has scores"):
        T.preview_check_in(session, ev.id, ids[0], False)
