"""A lock is a lock: a station that has checked the round is unlocked and is
then slowed down cannot write after the director locked the round (issue
20, item 2). Deterministic: the station stops right after its check (a
patched check and a threading.Event, no sleep), the director tries to lock
meanwhile without waiting (SQLite: busy timeout 0; PostgreSQL: a lock
timeout), then the station goes on."""

from __future__ import annotations

import datetime
import threading

import pytest
from sqlalchemy import create_engine, event

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Side
from euchre_tourney.store import Database
from euchre_tourney.tournament import scoring, tables


def _night(db):
    with db.session() as s:
        ids = [T.add_player(s, f"Player {i:02d}").id for i in range(8)]
        ev = T.create_event(s, "Night", datetime.date(2026, 6, 7), rounds=3, hands_per_round=2)
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=3)
    return ev.id


def _impatient(db: Database, backend: str) -> Database:
    """The director's station, which does not wait for a lock: it is
    refused at once (as "busy") while another station holds the round."""
    director = Database(db.url, station="director")
    director.engine.dispose()
    if backend == "sqlite":
        director.engine = create_engine(db.url, connect_args={"timeout": 0})
        event.listen(director.engine, "connect", lambda c, _r: c.execute("PRAGMA foreign_keys=ON"))
    else:
        director.engine = create_engine(db.url, connect_args={"options": "-c lock_timeout=1"})
    return director


def _race(db, backend, monkeypatch, module, station_write):
    """Run ``station_write`` (a use case through the entry point) on a
    thread that stops after its lock check; lock the round meanwhile; let
    the station go on. Returns (the station's error or None, whether the
    director's lock got in during the station's write)."""
    checked, go = threading.Event(), threading.Event()
    real = module.check_unlocked

    def slowed(r):
        real(r)
        if threading.current_thread().name == "station":
            checked.set()
            assert go.wait(60), "the test never let the station go on"

    monkeypatch.setattr(module, "check_unlocked", slowed)
    outcome: dict[str, object] = {}

    def station():
        try:
            station_write()
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            outcome["error"] = exc

    thread = threading.Thread(target=station, name="station")
    thread.start()
    try:
        assert checked.wait(60), f"the station never reached its check: {outcome}"
        director = _impatient(db, backend)
        try:
            T.operate(director, "Lock round 1", T.lock_round, event_id_of(db), 1)
            locked_meanwhile = True
        except T.DatabaseError as exc:
            assert exc.kind == "locked", exc.message  # busy: the station holds the round
            locked_meanwhile = False
        finally:
            director.dispose()
    finally:
        go.set()
        thread.join(60)
    monkeypatch.undo()
    if not locked_meanwhile:
        T.operate(db, "Lock round 1", T.lock_round, event_id_of(db), 1)
    return outcome.get("error"), locked_meanwhile


_EVENT: dict[str, int] = {}


def event_id_of(db) -> int:
    return _EVENT[db.url]


def _nothing_after_the_lock(db, event_id):
    """The audit trail: no hand (or table result) line after round 1's lock."""
    with db.session() as s:
        trail = [a for a in T.audit_trail(s, event_id, 1) if a.action != "unlock"]
    actions = [a.action for a in trail]
    assert "lock" in actions
    after = actions[actions.index("lock") + 1 :]
    assert after == [], f"written after the round was locked: {[a.text for a in trail[actions.index('lock') + 1:]]}"


def test_a_hand_past_its_check_cannot_land_after_the_lock(db, backend, monkeypatch):
    event_id = _EVENT[db.url] = _night(db)
    error, locked_meanwhile = _race(
        db, backend, monkeypatch, scoring,
        lambda: T.operate(db, "Hand 1", T.record_hand, event_id, 1, 1, 1, HandEntry(Side.NS, 4)),
    )
    _nothing_after_the_lock(db, event_id)
    if locked_meanwhile:
        assert isinstance(error, T.RoundLocked)
    else:
        assert error is None  # saved before the lock, which waited for it


def test_a_correction_past_its_check_cannot_land_after_the_lock(db, backend, monkeypatch):
    event_id = _EVENT[db.url] = _night(db)
    with db.session() as s:
        hand = T.record_hand(s, event_id, 1, 1, 1, HandEntry(Side.NS, 4))
    error, locked_meanwhile = _race(
        db, backend, monkeypatch, scoring,
        lambda: T.operate(db, "Correct", T.correct_hand, hand.id, HandEntry(Side.EW, 5)),
    )
    _nothing_after_the_lock(db, event_id)
    with db.session() as s:
        stored = T.table_score(s, event_id, 1, 1).hands[0]
    if locked_meanwhile:
        assert isinstance(error, T.RoundLocked) and stored.entry == HandEntry(Side.NS, 4)
    else:
        assert error is None and stored.entry == HandEntry(Side.EW, 5)


@pytest.mark.parametrize("write", ["finish", "totals"])
def test_time_called_and_round_totals_past_their_check_cannot_land_after_the_lock(db, backend, monkeypatch, write):
    event_id = _EVENT[db.url] = _night(db)
    use_case = {
        "finish": lambda: T.operate(db, "Time", T.finish_table, event_id, 1, 1),
        "totals": lambda: T.operate(db, "Totals", T.record_table_totals, event_id, 1, 2, 2, 2),
    }[write]
    if write == "totals":
        with db.session() as s:
            T.update_event(s, event_id, entry_mode="totals")
    error, locked_meanwhile = _race(db, backend, monkeypatch, tables, use_case)
    _nothing_after_the_lock(db, event_id)
    assert isinstance(error, T.RoundLocked) if locked_meanwhile else error is None

