"""Several scoring stations on one event (issue 15, item 6), two Database
handles on one database standing for two stations; run on SQLite and on
PostgreSQL."""

from __future__ import annotations

import datetime

import pytest

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Seat, Side
from euchre_tourney.store import open_database


@pytest.fixture
def stations(db_url, db):
    """(event id, station "Table 1 tablet" handle, station "Director" handle)."""
    with db.session() as s:
        ids = [T.add_player(s, f"Player {i:02d}").id for i in range(8)]
        ev = T.create_event(s, "Night", datetime.date(2026, 11, 24), rounds=3, hands_per_round=4)
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=2)
    a = open_database(db_url, station="Table 1 tablet")
    b = open_database(db_url, station="Director")
    yield ev.id, a, b
    a.dispose()
    b.dispose()


def run(db, use_case, *args, **kwargs):
    with db.session() as s:
        return use_case(s, *args, **kwargs)


def test_a_hand_remembers_its_station(stations):
    ev, a, _b = stations
    h = run(a, T.record_hand, ev, 1, 1, 1, HandEntry(Side.NS, 3))
    assert (h.station, h.version) == ("Table 1 tablet", 1)
    assert run(a, T.table_score, ev, 1, 1).hands[0].station == "Table 1 tablet"


def test_the_second_station_to_save_a_hand_is_told_who_saved_it_and_what(stations):
    ev, a, b = stations
    run(a, T.record_hand, ev, 1, 2, 3, HandEntry(Side.EW, 5, Seat.EAST))
    with pytest.raises(T.AlreadyRecorded) as refused:
        run(b, T.record_hand, ev, 1, 2, 3, HandEntry(Side.NS, 3))
    assert refused.value.message.startswith(
        "Hand 3 at table 2 is already recorded at station Table 1 tablet: EW 5 tricks, East alone: EW score 4."
    )
    assert refused.value.stored.entry == HandEntry(Side.EW, 5, Seat.EAST)
    assert [h.entry for h in run(b, T.table_score, ev, 1, 2).hands] == [HandEntry(Side.EW, 5, Seat.EAST)]


def test_a_correction_made_on_a_stale_view_is_refused_with_both_values(stations):
    ev, a, b = stations
    seen = run(a, T.record_hand, ev, 1, 1, 1, HandEntry(Side.NS, 3))
    fixed = run(b, T.correct_hand, seen.id, HandEntry(Side.NS, 5), expected_version=seen.version)
    assert fixed.version == 2
    with pytest.raises(T.StaleHand) as refused:
        run(a, T.correct_hand, seen.id, HandEntry(Side.EW, 4), expected_version=seen.version)
    message = refused.value.message
    assert message.startswith("Hand 1 at table 1 was changed at station Director after you looked at it")
    assert "it now says NS 5 tricks: NS score 2" in message and "your correction says EW 4 tricks" in message
    assert "Nothing was changed" in message
    with pytest.raises(T.StaleHand):
        run(a, T.delete_hand, seen.id, expected_version=seen.version)
    stored = run(a, T.table_score, ev, 1, 1).hands
    assert [(h.entry, h.version) for h in stored] == [(HandEntry(Side.NS, 5), 2)]
    again = run(a, T.correct_hand, seen.id, HandEntry(Side.EW, 4), expected_version=2)
    assert again.version == 3


def test_every_change_leaves_an_audit_row_shown_per_hand(stations):
    ev, a, b = stations
    h = run(a, T.record_hand, ev, 2, 1, 2, HandEntry(Side.NS, 3))
    run(b, T.correct_hand, h.id, HandEntry(Side.NS, 4), expected_version=1)
    run(b, T.delete_hand, h.id, expected_version=2)
    history = run(a, T.hand_history, ev, 2, 1, 2)
    assert [(x.action, x.station, x.old, x.new) for x in history] == [
        ("record", "Table 1 tablet", "", "NS 3 tricks: NS score 1"),
        ("correct", "Director", "NS 3 tricks: NS score 1", "NS 4 tricks: NS score 1"),
        ("delete", "Director", "NS 4 tricks: NS score 1", ""),
    ]
    assert history[1].text.endswith("at Director: corrected NS 3 tricks: NS score 1 → NS 4 tricks: NS score 1")
    assert run(a, T.hand_history, ev, 2, 1, 1) == ()


def test_the_director_locks_a_finished_round(stations):
    ev, a, b = stations
    h = run(a, T.record_hand, ev, 1, 1, 1, HandEntry(Side.NS, 3))
    assert run(b, T.lock_round, ev, 1) is True
    assert run(a, T.locked_rounds, ev) == {1}
    for attempt in (
        lambda: run(a, T.record_hand, ev, 1, 1, 2, HandEntry(Side.NS, 3)),
        lambda: run(a, T.correct_hand, h.id, HandEntry(Side.NS, 4)),
        lambda: run(a, T.delete_hand, h.id),
    ):
        with pytest.raises(T.RoundLocked, match="Round 1 is locked: the director closed it. Nothing was changed"):
            attempt()
    run(a, T.record_hand, ev, 2, 1, 1, HandEntry(Side.NS, 3))  # other rounds go on
    assert run(b, T.lock_round, ev, 1, False) is True
    run(a, T.correct_hand, h.id, HandEntry(Side.NS, 4))
    assert [x.action for x in run(a, T.audit_trail, ev, 1)] == ["record", "lock", "unlock", "correct"]
    with pytest.raises(T.NotFound):
        run(b, T.lock_round, ev, 9)
    with pytest.raises(T.TournamentError):
        run(b, T.lock_round, ev, 1, "no")


def test_the_change_stamp_moves_exactly_when_another_station_changes_something(stations):
    ev, a, b = stations
    start = run(b, T.change_stamp, ev)
    run(b, T.standings, ev)
    assert run(b, T.change_stamp, ev) == start
    h = run(a, T.record_hand, ev, 1, 1, 1, HandEntry(Side.NS, 3))
    after_record = run(b, T.change_stamp, ev)
    assert after_record > start
    run(a, T.correct_hand, h.id, HandEntry(Side.NS, 5))
    assert run(b, T.change_stamp, ev) > after_record
    with pytest.raises(T.InvalidHand):
        run(a, T.record_hand, ev, 1, 1, 1, HandEntry(Side.NS, 3))
    assert run(b, T.change_stamp, ev) == run(a, T.change_stamp, ev)
