"""One guard under every write of a hand, a round or a result (issue 29,
item 1): once the director locks a round, no door changes it — the Scores
page's entry, correction and deletion, round totals, time called, Undo,
Redo, a phone's forms, Agree/Disagree, the director's phone. Each door is
tried on a locked round; the event's rows are compared before and after.
SQLite and PostgreSQL."""

from __future__ import annotations

import datetime

import pytest

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Seat, Side
from euchre_tourney.store import PhoneAction, PhoneSettings
from sqlmodel import select
from tests.snapshots import snapshot_event


def _night(db, *, totals: bool = False):
    with db.session() as s:
        ids = [T.add_player(s, f"Player {i:02d}").id for i in range(8)]
        ev = T.create_event(s, "Night", datetime.date(2026, 11, 29), rounds=3, hands_per_round=4)
        if totals:
            T.update_event(s, ev.id, entry_mode="totals")
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=5)
        secrets = T.table_secrets(s, ev.id)
    return ev.id, secrets


def _state(db, event_id):
    """Every row of the event, and the phones' actions and settings (not the audit trail)."""
    with db.session() as s:
        phones = tuple(
            (a.round_number, a.table_number, a.action, a.hand_number, a.hand_version)
            for a in s.exec(select(PhoneAction).where(PhoneAction.event_id == event_id).order_by(PhoneAction.id))
        )
        settings = tuple(
            (p.time_called_round, p.confirm_required)
            for p in s.exec(select(PhoneSettings).where(PhoneSettings.event_id == event_id))
        )
        return snapshot_event(s, event_id), phones, settings


def _lock(db, event_id, number=1):
    T.operate(db, f"Lock round {number}", T.lock_round, event_id, number, event_id=event_id)


def _key(i: int) -> str:
    return f"key-{i:04d}-abcdefghijklmnop"


def test_no_door_changes_a_locked_round(db):
    """Every door tried on a locked round: 0 changes (the figure quoted in the issue's note)."""
    event_id, secrets = _night(db)
    log = T.UndoLog(db)
    # before the lock: a hand recorded through the window (to undo), one recorded then undone (to redo),
    # a hand entered from table 2's phone waiting for Agree, table 1's hands 2-3
    log.run("Hand 3 at table 1", T.record_hand, event_id, 1, 1, 3, HandEntry(Side.NS, 3), event_id=event_id)
    log.run("Hand 4 at table 1", T.record_hand, event_id, 1, 1, 4, HandEntry(Side.EW, 3), event_id=event_id)
    log.undo()  # hand 4 undone: its redo is the newest step
    first, _ = T.operate(db, "Hand 1", T.record_hand, event_id, 1, 1, 1, HandEntry(Side.NS, 4), event_id=event_id)
    T.operate(db, "Hand 1 at table 2 (phone)", T.submit_hand, event_id, 2, secrets[2], _key(1), "NS", 1,
              HandEntry(Side.NS, 3), drawn_round=1, station=T.phone_station(2), event_id=event_id)
    with db.session() as s:
        phone_hand = T.table_score(s, event_id, 1, 2).hands[0]
    _lock(db, event_id)
    before = _state(db, event_id)

    doors = {
        "entry": lambda: T.operate(db, "Hand 2", T.record_hand, event_id, 1, 1, 2, HandEntry(Side.NS, 3)),
        "correction": lambda: T.operate(db, "Correct", T.correct_hand, first.id, HandEntry(Side.EW, 4),
                                        expected_version=first.version),
        "deletion": lambda: T.operate(db, "Delete", T.delete_hand, first.id, expected_version=first.version),
        "time called at a table": lambda: T.operate(db, "Time", T.finish_table, event_id, 1, 2, True),
        "time called in the round": lambda: T.operate(db, "Call time", T.set_phone_settings, event_id,
                                                      time_called_round=1),
        "undo": lambda: log.undo(),
        "redo": lambda: log.redo(),
        "phone entry": lambda: T.operate(db, "phone", T.submit_hand, event_id, 1, secrets[1], _key(2), "NS", 2,
                                         HandEntry(Side.NS, 3), drawn_round=1, station=T.phone_station(1)),
        "phone correction": lambda: T.operate(db, "phone", T.submit_hand, event_id, 1, secrets[1], _key(3), "NS", 1,
                                              HandEntry(Side.EW, 3), drawn_round=1, correcting_version=1,
                                              station=T.phone_station(1)),
        "phone agree": lambda: T.operate(db, "phone", T.confirm_hand, event_id, 2, secrets[2], _key(4), 1,
                                         phone_hand.version, True, drawn_round=1, station=T.phone_station(2)),
        "phone disagree": lambda: T.operate(db, "phone", T.confirm_hand, event_id, 2, secrets[2], _key(5), 1,
                                            phone_hand.version, False, drawn_round=1, station=T.phone_station(2)),
    }
    changed, reasons = [], {}
    for name, door in doors.items():
        with pytest.raises(T.TournamentError) as refused:
            door()
        reasons[name] = refused.value.message
        if _state(db, event_id) != before:
            changed.append(name)
    assert changed == []  # changes after a lock, by any door: 0 of len(doors)
    assert len(doors) == 11
    for name in ("entry", "correction", "deletion", "time called at a table", "time called in the round", "undo",
                 "redo", "phone entry", "phone correction", "phone agree", "phone disagree"):
        assert "Round 1 is locked" in reasons[name], (name, reasons[name])
    for name in ("undo", "redo"):
        assert "unlock" in reasons[name], reasons[name]


def test_undo_and_redo_of_a_step_in_a_locked_round_work_again_once_it_is_unlocked(db):
    event_id, _ = _night(db)
    log = T.UndoLog(db)
    log.run("Hand 1", T.record_hand, event_id, 1, 1, 1, HandEntry(Side.NS, 4), event_id=event_id)
    _lock(db, event_id)
    with pytest.raises(T.UndoRefused, match="Round 1 is locked"):
        log.undo()
    assert log.can_undo  # kept: the director may unlock and undo it then
    T.operate(db, "Unlock", T.lock_round, event_id, 1, False, event_id=event_id)
    log.undo()
    with db.session() as s:
        assert T.table_score(s, event_id, 1, 1).hands == ()
    _lock(db, event_id)
    with pytest.raises(T.UndoRefused, match="Round 1 is locked"):
        log.redo()
    assert log.can_redo
    with db.session() as s:
        assert T.table_score(s, event_id, 1, 1).hands == ()


def test_round_totals_and_their_clearing_refused_in_a_locked_round(db):
    event_id, secrets = _night(db, totals=True)
    T.operate(db, "Totals", T.record_table_totals, event_id, 1, 2, 6, 2, {}, event_id=event_id)
    _lock(db, event_id)
    before = _state(db, event_id)
    doors = [
        lambda: T.operate(db, "Totals", T.record_table_totals, event_id, 1, 1, 5, 3, {}),
        lambda: T.operate(db, "Clear", T.clear_table_totals, event_id, 1, 2),
        lambda: T.operate(db, "phone", T.submit_totals, event_id, 1, secrets[1], _key(7), "NS", 5, 3,
                          {Seat.NORTH: 0}, drawn_round=1, station=T.phone_station(1)),
    ]
    for door in doors:
        with pytest.raises(T.TournamentError, match="Round 1 is locked"):
            door()
    assert _state(db, event_id) == before


def test_the_guard_refuses_a_write_that_slips_past_its_use_case(db):
    """A use case that forgets the check (or a future door) still cannot change a locked round:
    the unit of work refuses what it wrote, and nothing is kept."""
    from euchre_tourney.store import Hand

    event_id, _ = _night(db)
    first, _ = T.operate(db, "Hand 1", T.record_hand, event_id, 1, 1, 1, HandEntry(Side.NS, 4), event_id=event_id)
    _lock(db, event_id)
    before = _state(db, event_id)

    def careless(session, hand_id):
        h = session.get(Hand, hand_id)
        h.points = 9
        session.add(h)
        session.commit()

    with pytest.raises(T.RoundLocked, match="Round 1 is locked"):
        T.operate(db, "Careless", careless, first.id)
    assert _state(db, event_id) == before


def test_the_lock_itself_and_other_rounds_stay_open(db):
    event_id, _ = _night(db)
    _lock(db, event_id)
    T.operate(db, "Hand 1", T.record_hand, event_id, 2, 1, 1, HandEntry(Side.NS, 4), event_id=event_id)
    T.operate(db, "Unlock", T.lock_round, event_id, 1, False, event_id=event_id)
    T.operate(db, "Hand 1", T.record_hand, event_id, 1, 1, 1, HandEntry(Side.NS, 4), event_id=event_id)
    with db.session() as s:
        assert len(T.table_score(s, event_id, 1, 1).hands) == 1 and len(T.table_score(s, event_id, 2, 1).hands) == 1


def test_a_locked_round_does_not_go_with_what_was_played_in_it(db):
    """Deleting a locked round takes its hands with it (ON DELETE CASCADE): refused through its hands."""
    from euchre_tourney.store import EventRound

    event_id, _ = _night(db)
    T.operate(db, "Hand 1", T.record_hand, event_id, 1, 1, 1, HandEntry(Side.NS, 4), event_id=event_id)
    _lock(db, event_id)
    before = _state(db, event_id)

    def drop_round(session):
        r = session.exec(select(EventRound).where(EventRound.event_id == event_id, EventRound.number == 1)).one()
        session.delete(r)
        session.commit()

    with pytest.raises(T.RoundLocked, match="Round 1 is locked"):
        T.operate(db, "Drop round 1", drop_round)
    assert _state(db, event_id) == before


def test_totals_name_what_their_page_showed(db):
    event_id, _ = _night(db, totals=True)
    T.operate(db, "Totals", T.record_table_totals, event_id, 1, 1, 6, 2, {}, expected=None, event_id=event_id)
    with pytest.raises(T.StalePage, match="it now has North–South 6, East–West 2"):
        T.operate(db, "Totals", T.record_table_totals, event_id, 1, 1, 4, 4, {}, expected=None)
    with pytest.raises(T.StalePage, match="it now has North–South 6, East–West 2"):
        T.operate(db, "Clear", T.clear_table_totals, event_id, 1, 1, expected=(4, 4))
    T.operate(db, "Totals", T.record_table_totals, event_id, 1, 1, 4, 4, {}, expected=(6, 2))
    with db.session() as s:
        res = T.table_result(s, event_id, 1, 1)
    assert (res.ns_points, res.ew_points) == (4, 4)


def test_team_games_and_side_game_hands_in_a_locked_round(db):
    """The other kinds of result: a team game's final score (entered, cleared) and a side game's hand."""
    from euchre_tourney.rules.tables import SideHandEntry

    with db.session() as s:
        players = [T.add_player(s, f"Team player {i}").id for i in range(8)]
        teams_ev = T.create_event(s, "Teams", datetime.date(2026, 11, 29), kind="team", rounds=3, round_scoring="game")
        for i in range(4):
            T.add_team(s, teams_ev.id, players[2 * i], players[2 * i + 1])
        T.make_team_rounds(s, teams_ev.id)
        ids = [T.add_player(s, f"Six player {i}").id for i in range(12)]
        six = T.create_event(s, "Six", datetime.date(2026, 11, 29), rounds=2, hands_per_round=2, game="six_player_33")
        T.set_checked_in(s, six.id, ids)
        T.generate_rotation(s, six.id, seed=5)
    T.operate(db, "Game", T.record_game_score, teams_ev.id, 1, 1, 10, 4, event_id=teams_ev.id)
    T.operate(db, "Side hand", T.record_side_hand, six.id, 1, 1, 1, SideHandEntry(0, 3), event_id=six.id)
    log = T.UndoLog(db)
    log.run("Side hand 2", T.record_side_hand, six.id, 1, 1, 2, SideHandEntry(1, 3), event_id=six.id)
    for ev in (teams_ev.id, six.id):
        _lock(db, ev)
    before = (_state(db, teams_ev.id), _state(db, six.id))
    doors = [
        lambda: T.operate(db, "Game", T.record_game_score, teams_ev.id, 1, 2, 10, 6),
        lambda: T.operate(db, "Clear game", T.clear_game_score, teams_ev.id, 1, 1),
        lambda: T.operate(db, "Side hand", T.record_side_hand, six.id, 1, 2, 1, SideHandEntry(0, 4)),
        lambda: log.undo(),
    ]
    for door in doors:
        with pytest.raises(T.TournamentError, match="Round 1 is locked"):
            door()
    assert (_state(db, teams_ev.id), _state(db, six.id)) == before
