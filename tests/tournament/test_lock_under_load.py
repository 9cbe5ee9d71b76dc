"""Four stations entering, correcting, deleting, undoing and redoing hands
of one round at once while the director locks it (issue 29: "64 changes
after the lock in a two-minute run of four stations"). Each station is a
thread with its own database handle and undo log; the director locks the
round once the stations have made a set number of attempts (counted, not
timed). After the lock nothing of the round changes: its hands are as
they were when the lock committed, and the audit trail has no line after
the lock. SQLite and PostgreSQL."""

from __future__ import annotations

import datetime
import random
import threading

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Side
from euchre_tourney.store import open_database

STATIONS = 4
ATTEMPTS = 40  # per station
LOCK_AFTER = 60  # attempts, all stations together


def _hands(db, event_id):
    with db.session() as s:
        return sorted(
            (h.table, h.number, h.entry, h.version) for t in (1, 2) for h in T.table_score(s, event_id, 1, t).hands
        )


def test_no_station_changes_a_round_after_the_director_locked_it(db, db_url):
    with db.session() as s:
        ids = [T.add_player(s, f"Player {i:02d}").id for i in range(8)]
        ev = T.create_event(s, "Busy night", datetime.date(2026, 11, 29), rounds=3, hands_per_round=8)
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=5)
    event_id = ev.id
    made = 0
    counted = threading.Condition()
    locked = threading.Event()
    after_lock: list[tuple[str, str]] = []  # (station, what) writes that succeeded after the lock: must stay empty
    tried_after = [0]

    def station(name: str, seed: int) -> None:
        nonlocal made
        db_s = open_database(db_url, station=name)
        log = T.UndoLog(db_s)
        rng = random.Random(seed)
        try:
            for _ in range(ATTEMPTS):
                if not locked.is_set():
                    with counted:  # a few attempts race the lock; then the station waits for it, so that
                        ahead = made >= LOCK_AFTER + 2 * STATIONS  # attempts after it are certain, however fast
                    if ahead:
                        assert locked.wait(600), "the director never locked the round"
                late = locked.is_set()
                op = rng.choice(["record", "record", "correct", "delete", "undo", "redo"])
                try:
                    if op == "record":
                        log.run("Hand", T.record_hand, event_id, 1, rng.choice((1, 2)), rng.randint(1, 8),
                                HandEntry(rng.choice((Side.NS, Side.EW)), rng.randint(0, 5)), event_id=event_id)
                    elif op in ("correct", "delete"):
                        with db_s.session() as s:
                            hands = T.table_score(s, event_id, 1, rng.choice((1, 2))).hands
                        if not hands:
                            continue  # nothing at that table to correct or delete: no write was tried
                        h = rng.choice(hands)
                        if op == "correct":
                            log.run("Correct", T.correct_hand, h.id, HandEntry(Side.EW, rng.randint(0, 5)),
                                    expected_version=h.version, event_id=event_id)
                        else:
                            log.run("Delete", T.delete_hand, h.id, expected_version=h.version, event_id=event_id)
                    elif op == "undo" and log.can_undo:
                        log.undo()
                    elif op == "redo" and log.can_redo:
                        log.redo()
                    else:
                        continue
                    if late:
                        after_lock.append((name, op))
                except T.TournamentError:
                    pass  # refused: another station got there first, a stale view, a locked round, busy
                finally:
                    with counted:
                        made += 1
                        tried_after[0] += late
                        counted.notify_all()
        finally:
            db_s.dispose()

    threads = [threading.Thread(target=station, args=(f"Station {i}", i), name=f"station{i}") for i in range(STATIONS)]
    for t in threads:
        t.start()
    with counted:
        assert counted.wait_for(lambda: made >= LOCK_AFTER, timeout=600)
    director = open_database(db_url, station="Director")
    try:
        T.operate(director, "Lock round 1", T.lock_round, event_id, 1, event_id=event_id)
        at_lock = _hands(db, event_id)
        locked.set()
    finally:
        director.dispose()
    for t in threads:
        t.join(600)
    assert made == STATIONS * ATTEMPTS
    assert tried_after[0] > 0  # the stations went on trying after the lock
    assert after_lock == []  # changes after the lock, by any station: 0
    assert _hands(db, event_id) == at_lock
    with db.session() as s:
        trail = [a.action for a in T.audit_trail(s, event_id, 1)]
    assert trail.count("lock") == 1 and trail[-1] == "lock"
