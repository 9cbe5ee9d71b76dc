"""Several scoring stations on one event (issue 15, item 6), two Database
handles on one database standing for two stations; run on SQLite and on
PostgreSQL."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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


SLOTS = [(1, 1, 1), (1, 1, 2), (1, 2, 1), (2, 1, 1)]
operation = st.tuples(
    st.sampled_from([0, 1]),  # which station
    st.sampled_from(["record", "correct", "delete"]),
    st.sampled_from(range(len(SLOTS))),
    st.integers(0, 5),  # tricks
    st.booleans(),  # made on a stale view (when there is an older version to have seen)
)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops=st.lists(operation, min_size=1, max_size=12))
def test_station_operations_match_a_model(sqlite_template, tmp_path_factory, ops):
    """Any interleaving of two stations' records, corrections and deletions
    (some on stale views) leaves exactly what a simple model says, refuses
    exactly the conflicting ones, and audits exactly the accepted ones."""
    import shutil

    path = tmp_path_factory.mktemp("model") / "club.sqlite"
    shutil.copyfile(sqlite_template, path)
    first = open_database(path, station="S0")
    with first.session() as s:
        ids = [T.add_player(s, f"P{i}").id for i in range(8)]
        ev = T.create_event(s, "Model", datetime.date(2026, 11, 24), rounds=2, hands_per_round=2).id
        T.set_checked_in(s, ev, ids)
        T.generate_rotation(s, ev, seed=1)
    handles = [first, open_database(path, station="S1")]
    model: dict[tuple, dict] = {}  # slot -> {"id", "tricks", "version", "by"}
    accepted = {"record": 0, "correct": 0, "delete": 0}
    try:
        for who, kind, slot_index, tricks, stale in ops:
            slot, station = SLOTS[slot_index], handles[who]
            entry = HandEntry(Side.NS, tricks)
            held = model.get(slot)
            if kind == "record":
                if held is None:
                    h = run(station, T.record_hand, ev, *slot, entry)
                    model[slot] = {"id": h.id, "tricks": tricks, "version": 1, "by": f"S{who}"}
                    accepted["record"] += 1
                else:
                    with pytest.raises(T.AlreadyRecorded, match=f"already recorded at station {held['by']}: "):
                        run(station, T.record_hand, ev, *slot, entry)
                continue
            if held is None:
                continue
            seen = held["version"] - 1 if stale and held["version"] > 1 else held["version"]
            if seen != held["version"]:
                with pytest.raises(T.StaleHand, match=f"it now says NS {held['tricks']} tricks"):
                    if kind == "correct":
                        run(station, T.correct_hand, held["id"], entry, expected_version=seen)
                    else:
                        run(station, T.delete_hand, held["id"], expected_version=seen)
            elif kind == "correct":
                h = run(station, T.correct_hand, held["id"], entry, expected_version=seen)
                held.update(tricks=tricks, version=h.version)
                accepted["correct"] += 1
            else:
                run(station, T.delete_hand, held["id"], expected_version=seen)
                del model[slot]
                accepted["delete"] += 1
        stored = {
            (r, t, h.number): (h.maker_tricks, h.version, h.station)
            for r in (1, 2)
            for t in run(first, T.round_progress, ev, r)
            for h in run(first, T.table_score, ev, r, t).hands
        }
        assert stored == {slot: (m["tricks"], m["version"], m["by"]) for slot, m in model.items()}
        trail = run(first, T.audit_trail, ev)
        assert {k: sum(x.action == k for x in trail) for k in accepted} == accepted
    finally:
        for handle in handles:
            handle.dispose()


@pytest.mark.parametrize(
    ("text", "tables"),
    [("", set()), ("3", {3}), ("1-4, 7", {1, 2, 3, 4, 7}), (" 2 ; 5-6 ,", {2, 5, 6})],
)
def test_a_station_names_its_tables(text, tables):
    assert T.parse_tables(text) == tables


@pytest.mark.parametrize("text", ["one", "4-2", "0", "1-x", "-3"])
def test_a_station_is_told_how_to_type_its_tables(text):
    with pytest.raises(T.TournamentError, match="type tables like 1-4, 7"):
        T.parse_tables(text)
