"""Sections and captains (issue 30 items 1 and 2), through the use cases:
splitting by size and by room, a rotation per section with tables "B-7",
the reports' section filter, standings per section and overall (honest
about sections at different rounds), prizes per section, late arrivals into
the section with room, a section's lock and time called under the one
guard, and captains' PINs."""

from __future__ import annotations

import datetime

import pytest

from euchre_tourney import rotation
from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Side
from euchre_tourney.tournament.schedule import load_schedule


def _night(session, players: int, rounds: int = 4, hands: int = 2):
    ids = [T.add_player(session, f"Player {i:03d}").id for i in range(players)]
    ev = T.create_event(session, "Charity night", datetime.date(2026, 12, 5), rounds=rounds, hands_per_round=hands)
    T.set_checked_in(session, ev.id, ids)
    return ev, ids


def _finish(session, event_id, round_number, tables, hands=2):
    for t in tables:
        for h in range(1, hands + 1):
            T.record_hand(session, event_id, round_number, t, h, HandEntry(Side.NS, 3))


def test_split_by_size_gives_each_section_its_own_fair_rotation(session):
    ev, _ids = _night(session, 62)
    secs = T.split_by_size(session, ev.id, 20)
    assert [(s.name, s.players, s.first_table) for s in secs] == [("A", 20, 0), ("B", 20, 100), ("C", 22, 200)]
    view = T.generate_rotation(session, ev.id, seed=5)
    assert [t.title for t in view.rounds[0].tables] == [f"{x}-{k}" for x in "ABC" for k in range(1, 6)]
    assert view.sections == ("A", "B", "C") and any(line.startswith("Sections A and B (20 players each)") for line in view.quality)
    schedule = load_schedule(session, ev.id).schedule
    for s in T.list_sections(session, ev.id):
        part = rotation.split_section(schedule, set(s.members), s.first_table)
        q = rotation.check(part)
        assert q.max_partnered <= 1 and q.sit_out_max - q.sit_out_min <= 1
        for r in schedule.rounds:
            for t in r.tables:
                if T.section_of_table(secs, t.number).id == s.id:
                    assert set(t.seats) <= s.members
    c = T.rotation_view(session, ev.id, section="c")
    assert c.section == "C" and {t.title for r in c.rounds for t in r.tables} == {f"C-{k}" for k in range(1, 6)}
    assert all(len(r.sit_out) == 2 for r in c.rounds)
    with pytest.raises(T.NotFound, match="no section 'D'"):
        T.rotation_view(session, ev.id, section="D")


def test_reports_take_a_section_filter(session):
    ev, _ids = _night(session, 40)
    T.split_by_size(session, ev.id, 20)
    T.generate_rotation(session, ev.id, seed=1)
    cards = T.scorecards(session, ev.id, section="B")
    assert len(cards) == 20 and {c.section for c in cards} == {"B"}
    assert all(r.table_text.startswith("B-") for c in cards for r in c.rounds if not r.sitting_out)
    sheets = T.tally_sheets(session, ev.id, section="B")
    assert len(sheets) == 5 * 4 and {s.section for s in sheets} == {"B"}
    assert sorted({s.table_text for s in sheets}) == [f"B-{k}" for k in range(1, 6)]
    whole = T.tally_sheets(session, ev.id)
    assert len(whole) == 10 * 4 and whole[0].table_text == "A-1"


def test_split_by_rooms_shares_players_by_seats(session):
    ev, _ids = _night(session, 50)
    secs = T.split_by_rooms(session, ev.id, [("Hall", 40), ("Annex", 20)])
    assert [(s.name, s.room, s.players) for s in secs] == [("A", "Hall", 34), ("B", "Annex", 16)]
    assert secs[1].title == "Section B (Annex)"
    with pytest.raises(T.TournamentError, match="seat 30 players but 50"):
        T.split_by_rooms(session, ev.id, [("Hall", 20), ("Annex", 10)])
    assert [s.players for s in T.list_sections(session, ev.id)] == [34, 16]  # the refused split changed nothing


def test_overall_standings_say_which_rounds_each_section_finished(session):
    ev, _ids = _night(session, 40)
    T.split_by_size(session, ev.id, 20)
    T.generate_rotation(session, ev.id, seed=2)
    _finish(session, ev.id, 1, range(1, 6))
    _finish(session, ev.id, 2, range(1, 6))
    _finish(session, ev.id, 1, range(101, 106))
    _finish(session, ev.id, 2, [101, 102])
    overall = T.standings(session, ev.id)
    assert overall.section_status == (
        ("A", 2, "after round 2 — round 3: 0 of 5 tables in"),
        ("B", 1, "after round 1 — round 2: 2 of 5 tables in"),
    )
    assert overall.status.startswith("Section A: after round 2") and "section B: after round 1" in overall.status
    assert overall.rounds_finished == 1
    assert len(overall.rows) == 40 and {r.section for r in overall.rows} == {"A", "B"}
    assert [name for name, _p in overall.section_prizes] == ["A", "B"]
    b = T.standings(session, ev.id, section="B")
    assert b.section == "B" and len(b.rows) == 20 and b.status.startswith("Section B: after round 1")
    assert b.rows[0].place == 1 and all(r.section == "B" for r in b.rows)
    assert max(r.rounds_played for r in b.rows) == 2 and min(r.rounds_played for r in b.rows) == 1


def test_a_late_arrival_joins_the_section_with_room_and_no_other_section_moves(session):
    ev, _ids = _night(session, 43, rounds=5)
    T.split_by_size(session, ev.id, 20)  # A 20, B 23 (3 waiting at a sit-out)
    T.generate_rotation(session, ev.id, seed=4)
    _finish(session, ev.id, 1, range(1, 6))
    _finish(session, ev.id, 1, range(101, 106))
    before = T.rotation_view(session, ev.id)
    late = T.add_player(session, "Late Larry")
    T.set_checked_in(session, ev.id, late.id)
    secs = {s.name: s for s in T.list_sections(session, ev.id)}
    assert secs["B"].players == 24 and secs["A"].players == 20
    after = T.rotation_view(session, ev.id)
    assert after.rounds[0] == before.rounds[0]
    for r_before, r_after in zip(before.rounds[1:], after.rounds[1:]):
        a_before = [t for t in r_before.tables if t.title.startswith("A-")]
        assert [t for t in r_after.tables if t.title.startswith("A-")] == a_before  # section A untouched
        b_after = [t for t in r_after.tables if t.title.startswith("B-")]
        assert len(b_after) == 6 and "Late Larry" in [n for t in b_after for n in t.names]
        assert not r_after.sit_out
    q = rotation.check(rotation.split_section(load_schedule(session, ev.id).schedule, set(secs["B"].members), 100))
    assert q.max_partnered <= 1


def test_a_sections_lock_is_kept_by_the_one_guard(db):
    with db.session() as session:
        ev, _ids = _night(session, 40)
        T.split_by_size(session, ev.id, 20)
        T.generate_rotation(session, ev.id, seed=3)
    eid = ev.id
    T.operate(db, "Hand", T.record_hand, eid, 1, 101, 1, HandEntry(Side.NS, 3), event_id=eid)
    T.operate(db, "Lock", T.lock_section_round, eid, "B", 1, event_id=eid, station="captain Ann (phone)")
    with pytest.raises(T.TournamentError, match="Round 1 is locked for section B"):
        T.operate(db, "Hand", T.record_hand, eid, 1, 101, 2, HandEntry(Side.NS, 3), event_id=eid)
    with pytest.raises(T.TournamentError, match="locked for section B"):
        T.operate(db, "Time", T.call_section_time, eid, "B", 1, event_id=eid)
    T.operate(db, "Hand", T.record_hand, eid, 1, 1, 1, HandEntry(Side.EW, 3), event_id=eid)  # section A plays on
    with db.session() as session:
        assert T.section_locks(session, eid) == {"B": frozenset({1})}
        hands = T.round_progress  # noqa: F841  (the read side is untouched)
        trail = T.audit_trail(session, eid)
        lock = [a for a in trail if a.action == "lock"]
        assert len(lock) == 1 and lock[0].station == "captain Ann (phone)" and "section B" in lock[0].new
    T.operate(db, "Unlock", T.lock_section_round, eid, "B", 1, False, event_id=eid)
    T.operate(db, "Hand", T.record_hand, eid, 1, 101, 2, HandEntry(Side.NS, 3), event_id=eid)


def test_splitting_is_refused_once_scores_are_in(session):
    ev, _ids = _night(session, 24)
    T.split_by_size(session, ev.id, 12)
    T.generate_rotation(session, ev.id, seed=1)
    T.record_hand(session, ev.id, 1, 1, 1, HandEntry(Side.NS, 3))
    with pytest.raises(T.TournamentError, match="sections can no longer be changed"):
        T.split_by_size(session, ev.id, 8)
    assert [s.players for s in T.list_sections(session, ev.id)] == [12, 12]


def test_a_captains_pin_names_her_and_can_be_withdrawn(session):
    ev, _ids = _night(session, 40)
    T.split_by_size(session, ev.id, 10)
    pin = T.add_captain(session, ev.id, "Ann", ["b", "C"])
    assert len(pin) == 6 and pin.isdigit()
    ann = T.check_captain_pin(session, ev.id, pin)
    assert ann is not None and ann.sections == ("B", "C")
    assert T.captain_may(ann, "c") and not T.captain_may(ann, "A")
    assert T.check_captain_pin(session, ev.id, "000000" if pin != "000000" else "111111") is None
    assert T.revoke_captain(session, ev.id, "Ann") is True
    assert T.check_captain_pin(session, ev.id, pin) is None
    with pytest.raises(T.NotFound, match="no section 'E'"):
        T.add_captain(session, ev.id, "Bea", ["E"])


def test_splitting_undoes_and_redoes_exactly(db):
    """Split into sections (the rotation made for one room discarded), made
    per section; each step undone brings back the rows as they were."""
    from tests.snapshots import snapshot_event

    log = T.UndoLog(db)
    with db.session() as s:
        ev, _ids = _night(s, 24)
        T.generate_rotation(s, ev.id, seed=3)
        one_room = snapshot_event(s, ev.id)
    log.run("Split", T.split_by_size, ev.id, 12, event_id=ev.id)
    log.run("Rotation", T.generate_rotation, ev.id, seed=3, event_id=ev.id)
    log.run("Lock", T.lock_section_round, ev.id, "B", 1, event_id=ev.id)
    with db.session() as s:
        split = snapshot_event(s, ev.id)
        assert [x.players for x in T.list_sections(s, ev.id)] == [12, 12]
    log.undo()
    log.undo()
    log.undo()
    with db.session() as s:
        assert snapshot_event(s, ev.id) == one_room and T.list_sections(s, ev.id) == ()
    log.redo()
    log.redo()
    log.redo()
    with db.session() as s:
        assert snapshot_event(s, ev.id) == split and T.section_locks(s, ev.id) == {"B": frozenset({1})}
