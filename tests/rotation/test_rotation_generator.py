"""Generator guarantees, checked from the schedule alone, over many sizes and seeds."""

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tourney.rotation import (
    Cancelled,
    Constraints,
    InvalidSchedule,
    Round,
    Schedule,
    Table,
    check,
    constraint_warnings,
    describe,
    lower_bounds,
    progressive,
    replan,
    schedule_text,
)
import pytest


@settings(max_examples=15, deadline=None)
@given(st.integers(4, 44), st.integers(1, 8), st.integers(0, 10_000))
def test_every_round_is_a_partition_and_guarantees_hold(n, rounds, seed):
    s = progressive(n, rounds, seed)
    q = check(s)  # raises if a round is not a partition
    assert len(s.rounds) == rounds
    for r in s.rounds:
        assert len(r.sit_out) == n % 4
        assert len(r.tables) == n // 4
    b = lower_bounds(n, rounds)
    assert q.sit_out_spread <= 1
    assert q.sit_out_prefix_spread <= 1
    if 2 * (n // 4) * rounds <= n * (n - 1) // 2 and rounds <= (n - 1) // 3:
        assert q.partner_repeats == 0
    assert q.max_meetings >= b.max_meetings


def test_deterministic_per_seed_and_arbitrary_ids():
    ids = [101, 7, 55, 9000, 3, 42, 18, 77, 64, 12, 5, 999, 31]
    a = progressive(ids, 6, seed=5)
    b = progressive(ids, 6, seed=5)
    assert a == b
    assert set(a.players) == set(ids)
    check(a)


def test_social_golfer_regime_large():
    q = check(progressive(100, 8, seed=0))
    assert q.max_meetings == 1 and q.partner_repeats == 0


def test_no_consecutive_sit_outs_when_avoidable():
    q = check(progressive(27, 12, seed=2))
    assert q.consecutive_sit_outs == 0 and q.sit_out_prefix_spread <= 1


def test_checker_rejects_bad_rounds():
    t = Table(1, 1, 2, 3, 4)
    bad = Schedule(players=(1, 2, 3, 4, 5), rounds=(Round(1, (t,), ()),))
    with pytest.raises(InvalidSchedule):
        check(bad)
    dup = Schedule(players=(1, 2, 3, 4), rounds=(Round(1, (Table(1, 1, 2, 3, 3),), (4,)),))
    with pytest.raises(InvalidSchedule):
        check(dup)


def test_constraints_honoured():
    c = Constraints(pinned={5: 2}, apart=[(1, 2), (3, 4)], sit_out={3: [7]})
    s = progressive(24, 8, seed=1, constraints=c)
    q = check(s, c)
    assert q.constraint_violations == ()
    for r in s.rounds:
        assert next(t for t in r.tables if 5 in t.seats).number == 2
    assert 7 in s.rounds[2].sit_out
    assert any("pinned" in w for w in constraint_warnings(24, 8, c))


def test_forced_extra_sit_outs_keep_multiple_of_four():
    c = Constraints(sit_out={1: [1, 2]})
    s = progressive(16, 3, seed=0, constraints=c)
    assert set(s.rounds[0].sit_out) >= {1, 2} and len(s.rounds[0].sit_out) == 4
    assert constraint_warnings(16, 3, c)


def test_couples_warning_full_length():
    assert constraint_warnings(16, 15, Constraints(apart=[(1, 2)]))


@settings(max_examples=6, deadline=None)
@given(st.integers(8, 30), st.integers(1, 4), st.integers(0, 99))
def test_replan_keeps_played_rounds(n, k, seed):
    s = progressive(n, 8, seed)
    played = s.rounds[:k]
    now = [p for p in s.players if p != s.players[0]] + [1000, 1001]
    r = replan(played, now, 8, seed=seed)
    check(r)
    assert len(r.rounds) == 8
    for old, new in zip(played, r.rounds):
        assert old.tables == new.tables and old.sit_out == new.sit_out
    for rnd in r.rounds[k:]:
        seated = set(rnd.players())
        assert 1000 in seated and s.players[0] not in seated
    for rnd in r.rounds[:k]:
        assert 1000 in rnd.absent


def test_progress_and_cancel():
    seen = []
    progressive(20, 6, progress=seen.append)
    assert seen and seen[-1] == 1.0 and all(0 <= f <= 1 for f in seen)
    with pytest.raises(Cancelled):
        progressive(20, 6, cancel=lambda: True)


def test_text_ends_with_quality_report():
    s = progressive(13, 4, seed=0)
    text = schedule_text(s)
    lines = describe(check(s))
    assert text.rstrip().endswith(lines[-1])
    assert "Round 4" in text and "Quality:" in text
    assert "No one partners anyone twice." in lines
