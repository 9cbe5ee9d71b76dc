"""Moving a player between sections (issue 30 item 1): through the unit of
work (the one guard), the two sections concerned re-planned from the round
after the later of their played rounds and no other section touched, as few
seats moved as the balance allows, rounds played kept, what changed
reported, undone by Edit ▸ Undo, and refused in words (nothing changed)
when it cannot be done."""

from __future__ import annotations

import pytest

from euchre_tourney import rotation
from euchre_tourney import tournament as T
from euchre_tourney.tournament.schedule import load_schedule, section_part

from tests.split_nights import finish, split_night


def _seats(db, event_id):
    with db.session() as s:
        sched = load_schedule(s, event_id).schedule
    return {(r.number, t.number, t.seats) for r in sched.rounds for t in r.tables}, {
        (r.number, p) for r in sched.rounds for p in r.sit_out}


def _sections(db, event_id):
    with db.session() as s:
        return {x.name: x for x in T.list_sections(s, event_id)}


def _player_of(db, entrant_id):
    from euchre_tourney.store import Entrant

    with db.session() as s:
        return s.get(Entrant, entrant_id).player_id


def test_a_move_replans_only_the_two_sections_and_is_undone(db):
    with db.session() as s:
        eid = split_night(s, 63, 20, rounds=5)  # A 20, B 20, C 23 (3 sit out a round)
    secs = _sections(db, eid)
    with db.session() as s:
        finish(s, eid, 1, [t for x in secs.values() for t in range(x.first_table + 1, x.first_table + x.players // 4 + 1)])
        finish(s, eid, 2, range(secs["A"].first_table + 1, secs["A"].first_table + 6))  # A is a round ahead
    seats_before, sits_before = _seats(db, eid)
    mover = sorted(secs["A"].members)[3]
    log = T.UndoLog(db)
    moved, change = log.run("Move to section C", T.move_to_section, eid, _player_of(db, mover), "c", event_id=eid)
    assert isinstance(moved, T.SectionMove)
    assert (moved.from_section, moved.to_section, moved.from_round) == ("A", "C", 3)  # after A's round 2
    assert moved.replanned == ("A", "C")
    assert "moved from section A to section C from round 3" in moved.message and "the others untouched" in moved.message
    after = _sections(db, eid)
    assert mover in after["C"].members and mover not in after["A"].members
    seats_after, sits_after = _seats(db, eid)
    b_low, b_high = secs["B"].first_table, secs["C"].first_table
    in_b = lambda t: b_low < t <= b_high  # noqa: E731
    assert {x for x in seats_before if in_b(x[1])} == {x for x in seats_after if in_b(x[1])}  # B untouched
    assert {x for x in seats_before if x[0] <= 2} == {x for x in seats_after if x[0] <= 2}  # played rounds kept

    def card(seats, sits, p, r):
        return next(((t, ss.index(p)) for (n, t, ss) in seats if n == r and p in ss), "out" if (r, p) in sits else None)

    differ = {p for p in secs["A"].members | secs["C"].members for r in range(3, 6)
              if card(seats_before, sits_before, p, r) != card(seats_after, sits_after, p, r)}
    assert moved.changed == len(differ)  # the report says what changed
    assert mover in differ and moved.changed < (len(secs["A"].members) + len(secs["C"].members)) * 2 // 3  # kept seats
    with db.session() as s:
        sched = load_schedule(s, eid).schedule
        secs_now = T.list_sections(s, eid)
        for x in secs_now:  # each section's rotation still valid: partners never twice, sit-outs even
            part = section_part(sched, secs_now, x)
            q = rotation.check(part)
            assert q.max_partnered <= 1, x.name
        for r in sched.rounds[2:]:  # from round 3 he plays in C's tables, never in A's
            where = [t.number for t in r.tables if mover in t.seats]
            assert (where and secs["C"].first_table < where[0]) or mover in r.sit_out
        for r in sched.rounds:  # nobody twice in a round
            seen = [p for t in r.tables for p in t.seats] + list(r.sit_out)
            assert len(seen) == len(set(seen))
    log.undo()
    assert _seats(db, eid) == (seats_before, sits_before)
    assert mover in _sections(db, eid)["A"].members


def test_a_move_that_cannot_be_done_is_refused_in_words_and_changes_nothing(db):
    with db.session() as s:
        eid = split_night(s, 44, 20, rounds=4)  # A 24, B 20
    secs = _sections(db, eid)
    a, b = sorted(secs["A"].members), sorted(secs["B"].members)
    before = _seats(db, eid)

    def refused(entrant, section, match):
        with pytest.raises(T.TournamentError, match=match):
            T.operate(db, "Move", T.move_to_section, eid, _player_of(db, entrant), section, event_id=eid)
        assert _seats(db, eid) == before
        assert {k: v.members for k, v in _sections(db, eid).items()} == {k: v.members for k, v in secs.items()}

    refused(a[0], "A", "already plays in section A")
    refused(a[0], "Z", "There is no section 'Z'")
    with db.session() as s:
        T.lock_section_round(s, eid, "B", 1)
    refused(a[0], "B", "Round 1 is locked for section B: its seats stay as printed")
    with db.session() as s:
        T.lock_section_round(s, eid, "B", 1, False)
    # B takes 24 (its 5 tables and a spare one): four move in, the fifth is refused
    for k in range(4):
        T.operate(db, "Move", T.move_to_section, eid, _player_of(db, a[k]), "B", event_id=eid)
    before = _seats(db, eid)
    secs = _sections(db, eid)
    assert secs["B"].players == 24 and secs["A"].players == 20
    refused(a[5], "B", "Section B is full: 24 players")


def test_before_the_rotation_a_move_changes_only_the_section(db):
    import datetime

    with db.session() as s:
        ids = [T.add_player(s, f"P {i:02d}").id for i in range(24)]
        ev = T.create_event(s, "Night", datetime.date(2026, 12, 5), rounds=3, hands_per_round=2)
        T.set_checked_in(s, ev.id, ids)
        T.split_by_size(s, ev.id, 12)
        moved = T.move_to_section(s, ev.id, ids[0], "B")
        assert moved.from_round is None and moved.message.endswith("to section B.")
        secs = {x.name: x.players for x in T.list_sections(s, ev.id)}
        assert secs == {"A": 11, "B": 13}
        view = T.generate_rotation(s, ev.id, seed=1)
        assert len(view.rounds) == 3


def test_after_a_move_a_late_arrival_and_the_standings_still_add_up(db):
    """His rounds played in his old section stay there (its standings
    count them, its rotation's check sees them); a late arrival afterwards
    is re-planned as usual."""
    with db.session() as s:
        eid = split_night(s, 40, 20, rounds=4)  # A 20, B 20
    secs = _sections(db, eid)
    mover = sorted(secs["B"].members)[0]
    with db.session() as s:
        finish(s, eid, 1, [t for x in secs.values() for t in range(x.first_table + 1, x.first_table + 6)])
    T.operate(db, "Move", T.move_to_section, eid, _player_of(db, mover), "A", event_id=eid)
    with db.session() as s:
        late = T.add_player(s, "Late Larry")
        T.set_checked_in(s, eid, late.id)
        sched = load_schedule(s, eid).schedule
        secs_now = T.list_sections(s, eid)
        for x in secs_now:
            rotation.check(section_part(sched, secs_now, x))
        assert sum(x.players for x in secs_now) == 41
        overall = T.standings(s, eid)
        mine = next(r for r in overall.rows if r.number and r.section == "A" and r.points and r.name.startswith("Player"))
        assert mine is not None
        for r in sched.rounds:
            seen = [p for t in r.tables for p in t.seats] + list(r.sit_out)
            assert len(seen) == len(set(seen))
