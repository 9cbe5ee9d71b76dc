"""Progressive rotation with tables of six (rotation/sixes.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tourney.rotation import SixRound, SixSchedule, describe_six, six_bounds, six_quality, six_rotation


@settings(max_examples=25, deadline=None)
@given(n=st.integers(6, 26), rounds=st.integers(0, 6), seed=st.integers(0, 1000))
def test_every_round_seats_everyone_once_and_sit_outs_are_fair(n, rounds, seed):
    s = six_rotation(n, rounds, seed=seed)
    q = six_quality(s)  # validates
    assert len(s.rounds) == rounds
    for r in s.rounds:
        assert len(r.tables) == n // 6 and len(r.sit_outs) == n % 6
    assert q.sit_out_prefix_spread <= 1
    assert q.partner_repeats >= q.bounds.partner_repeats
    assert q.max_partnered >= q.bounds.max_partnered


def test_same_seed_same_rotation():
    assert six_rotation(14, 4, seed=3) == six_rotation(14, 4, seed=3)
    assert six_rotation(range(100, 112), 2, seed=1).players == tuple(range(100, 112))


@pytest.mark.parametrize(
    "n,rounds,repeats,most_partnered,most_opposed",
    [(12, 11, 66, 3, 4), (18, 5, 0, 1, 3), (24, 4, 0, 1, 2), (30, 8, 0, 1, 2)],
)
def test_partner_and_opponent_balance_is_measured_and_near_the_bounds(n, rounds, repeats, most_partnered, most_opposed):
    q = six_quality(six_rotation(n, rounds, seed=1))
    assert q.partner_repeats <= repeats
    assert q.max_partnered <= most_partnered
    assert q.max_opposed <= most_opposed
    assert any("Partner repeats" in line for line in describe_six(q))


def test_bounds_count_six_partnerships_and_nine_oppositions_a_table():
    b = six_bounds(12, 11)
    assert b.tables == 2 and b.partner_repeats == 6 * 2 * 11 - 66 and b.max_partnered == 2 and b.max_opposed == 3


def test_a_broken_schedule_is_refused():
    bad = SixSchedule((0, 1, 2, 3, 4, 5, 6), (SixRound(((0, 1, 2, 3, 4, 5),), ()),))
    with pytest.raises(ValueError, match="exactly once"):
        six_quality(bad)
    with pytest.raises(ValueError):
        six_rotation(5, 1)
