"""Score entry: validation against the game state and the rules, corrections."""

from __future__ import annotations

import datetime

import pytest

from euchre_tourney import tournament as T
from euchre_tourney.rules import NORTH_AMERICAN, DefendAlone, HandEntry, Seat, Side


@pytest.fixture
def event(session):
    ids = [T.add_player(session, f"Player {i:02d}").id for i in range(9)]
    ev = T.create_event(session, "Night", datetime.date(2026, 3, 4), rounds=3, hands_per_round=4)
    T.set_checked_in(session, ev.id, ids)
    T.generate_rotation(session, ev.id, seed=7)
    return ev


def test_record_hand_scores_with_engine(session, event):
    h = T.record_hand(session, event.id, 1, 1, 1, HandEntry(Side.EW, 5, Seat.WEST))
    assert (h.scoring_side, h.points) == ("EW", 4)
    h2 = T.record_hand(session, event.id, 1, 1, 2, HandEntry(Side.NS, 2))
    assert (h2.scoring_side, h2.points) == ("EW", 2)
    score = T.table_score(session, event.id, 1, 1)
    assert (score.ns_total, score.ew_total, score.next_hand) == (0, 6, 3)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"round_number": 4}, "Round 4 does not exist: this event has 3 rounds"),
        ({"table": 3}, "Table 3 does not play in round 1"),
        ({"number": 5}, "Hand 5 is beyond this round: each round has 4 hands"),
        ({"maker_tricks": 6}, "cannot take 6 tricks"),
        ({"defender_alone": True}, "do not allow a defender to play alone"),
        ({"alone_seat": Seat.EAST}, "East is a defender"),
        ({"makers": "XY"}, "Say which side made trump"),
    ],
)
def test_impossible_hands_are_refused_and_not_stored(session, event, kwargs, message):
    args = {"round_number": 1, "table": 1, "number": 1, "makers": Side.NS, "maker_tricks": 3} | kwargs
    where = args.pop("round_number"), args.pop("table"), args.pop("number")
    with pytest.raises(T.InvalidHand, match=message):
        T.record_hand(session, event.id, *where, HandEntry(**args))
    assert T.standings(session, event.id).hands_recorded == 0


@pytest.mark.parametrize(
    ("where", "entry", "message"),
    [
        # issue 15: the strings and ints a careless caller might pass
        ((1, 1, 1), HandEntry(Side.NS, 3, None, "False"), "Defender alone must be true or false"),
        ((True, 1, 1), HandEntry(Side.NS, 3), "round must be a whole number"),
        ((1, 1, 1), HandEntry(Side.NS, 3, 1), "1 is not a seat"),
        ((1, 1, 1), HandEntry(Side.NS, 3, "north"), "'north' is not a seat"),
        ((1, 1, 1), HandEntry("NS", 3), "Say which side made trump"),
        ((1, 1, 1), {"makers": "NS", "maker_tricks": 3}, "must be given as a HandEntry"),
    ],
)
def test_only_the_documented_types_are_accepted(session, event, where, entry, message):
    with pytest.raises(T.InvalidHand, match=message):
        T.record_hand(session, event.id, *where, entry)
    assert T.standings(session, event.id).hands_recorded == 0


def test_same_hand_twice_is_refused(session, event):
    T.record_hand(session, event.id, 1, 2, 1, HandEntry(Side.NS, 3))
    with pytest.raises(T.InvalidHand, match="already recorded"):
        T.record_hand(session, event.id, 1, 2, 1, HandEntry(Side.EW, 3))


def test_defender_alone_allowed_when_rules_say_so(session):
    ids = [T.add_player(session, f"Q{i}").id for i in range(4)]
    rules = NORTH_AMERICAN.replace(defend_alone=DefendAlone.AGAINST_LONER)
    ev = T.create_event(session, "Loners", datetime.date(2026, 3, 4), rules=rules, rounds=1, hands_per_round=2)
    T.set_checked_in(session, ev.id, ids)
    T.generate_rotation(session, ev.id, seed=1)
    with pytest.raises(T.InvalidHand, match="only against a lone maker"):
        T.record_hand(session, ev.id, 1, 1, 1, HandEntry(Side.NS, 1, None, True))
    h = T.record_hand(session, ev.id, 1, 1, 1, HandEntry(Side.NS, 1, Seat.NORTH, True))
    assert (h.scoring_side, h.points) == ("EW", 4)


def test_correct_and_delete_hand_update_totals(session, event):
    h = T.record_hand(session, event.id, 2, 1, 1, HandEntry(Side.NS, 3))
    fixed = T.correct_hand(session, h.id, HandEntry(Side.NS, 5))
    assert fixed.points == 2
    assert T.table_score(session, event.id, 2, 1).ns_total == 2
    with pytest.raises(T.InvalidHand, match="cannot take 7 tricks"):
        T.correct_hand(session, h.id, HandEntry(Side.NS, 7))
    assert T.table_score(session, event.id, 2, 1).ns_total == 2
    T.delete_hand(session, h.id)
    score = T.table_score(session, event.id, 2, 1)
    assert (score.ns_total, score.hands, score.next_hand) == (0, (), 1)


def test_scores_lock_the_rotation_against_regeneration(session, event):
    T.record_hand(session, event.id, 1, 1, 1, HandEntry(Side.NS, 3))
    before = T.rotation_view(session, event.id)
    with pytest.raises(T.TournamentError, match="can no longer be regenerated"):
        T.regenerate_rotation(session, event.id)
    assert T.rotation_view(session, event.id).rounds == before.rounds


def test_round_progress_counts_hands_per_table(session, event):
    T.record_hand(session, event.id, 1, 2, 1, HandEntry(Side.NS, 3))
    T.record_hand(session, event.id, 1, 2, 2, HandEntry(Side.NS, 3))
    assert T.round_progress(session, event.id, 1) == {1: 0, 2: 2}
