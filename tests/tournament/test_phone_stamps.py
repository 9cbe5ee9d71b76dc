"""``phone_stamps`` (issue 30 item 4): one read of what the phone servers
push. A table's stamp moves with its own table only (a hand, a lock for
all); the event's with anything; the rotation's with a re-plan (a late
arrival), and every stamp with it. Runs on SQLite and PostgreSQL."""

from __future__ import annotations

import datetime

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Side


def _night(db) -> int:
    with db.session() as s:
        ids = [T.add_player(s, f"Player {i}").id for i in range(12)]
        ev = T.create_event(s, "Stamps night", datetime.date(2026, 3, 4), rounds=3, hands_per_round=4)
        T.set_checked_in(s, ev.id, ids[:8])
        T.generate_rotation(s, ev.id, seed=2)
    return ev.id


def _stamps(db, event_id: int) -> T.PhoneStamps:
    with db.session() as s:
        return T.phone_stamps(s, event_id)


def test_a_tables_stamp_moves_with_its_own_table_and_the_events_with_any(db):
    event_id = _night(db)
    before = _stamps(db, event_id)
    T.operate(db, "Hand 1", T.record_hand, event_id, 1, 1, 1, HandEntry(Side.NS, 3), event_id=event_id)
    after = _stamps(db, event_id)
    assert after.room != before.room
    assert after.table(1) != before.table(1)
    assert after.table(2) == before.table(2)
    T.operate(db, "Lock", T.lock_round, event_id, 1, True, event_id=event_id)
    locked = _stamps(db, event_id)
    assert locked.table(1) != after.table(1) and locked.table(2) != after.table(2)  # a lock concerns every table


def test_a_replan_moves_the_rotation_and_every_stamp(db):
    event_id = _night(db)
    before = _stamps(db, event_id)
    with db.session() as s:
        late = [e.player_id for e in T.entrants(s, event_id) if not e.checked_in][:4]
        T.set_checked_in(s, event_id, late)
        T.replan_rotation(s, event_id)
    after = _stamps(db, event_id)
    assert after.rotation != before.rotation
    assert after.room != before.room and after.table(1) != before.table(1)


def test_stamps_read_since_the_last_are_the_same_until_a_change(db):
    event_id = _night(db)
    first = _stamps(db, event_id)
    with db.session() as s:
        assert T.phone_stamps(s, event_id, since=first) is first  # nothing changed: the small read only
    T.operate(db, "Hand 1", T.record_hand, event_id, 1, 2, 1, HandEntry(Side.EW, 4), event_id=event_id)
    with db.session() as s:
        again = T.phone_stamps(s, event_id, since=first)
    assert again is not first and again == _stamps(db, event_id) and again.table(2) != first.table(2)
