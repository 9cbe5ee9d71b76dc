"""Short nights: the social-golfer regime, stopping at the lower bounds, names in messages."""


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tourney.rotation import Constraints, check, constraint_warnings, lower_bounds, progressive
from euchre_tourney.rotation.engine import packing


def _sit_out_rules(q):
    assert q.sit_out_spread <= 1
    assert q.sit_out_prefix_spread <= 1
    assert q.consecutive_sit_outs == 0


@pytest.mark.parametrize("n", range(27, 41))
def test_nobody_meets_twice_over_eight_rounds(n):
    q = check(progressive(n, 8, seed=n))
    assert q.bounds.max_meetings == 1
    assert q.max_meetings == 1 and q.partner_repeats == 0
    _sit_out_rules(q)


@settings(max_examples=10, deadline=None)
@given(st.integers(28, 40), st.integers(1, 8), st.integers(0, 10_000))
def test_golfer_regime_any_seed(n, rounds, seed):
    s = progressive(n, rounds, seed)
    q = check(s)
    for r in s.rounds:
        assert len(r.sit_out) == n % 4 and len(r.tables) == n // 4
    assert q.max_meetings == lower_bounds(n, rounds).max_meetings == 1
    assert q.partner_repeats == 0
    _sit_out_rules(q)


@pytest.mark.parametrize("tables,rounds", [(4, 5), (5, 5), (7, 9), (8, 8), (9, 9), (11, 11), (13, 13)])
def test_packings_are_verified(tables, rounds):
    base = packing(tables, rounds)
    assert base is not None and len(base) == rounds
    seen = set()
    for tbls in base:
        assert sorted(p for t in tbls for p in t) == list(range(4 * tables))
        for t in tbls:
            for i in range(4):
                for j in range(i + 1, 4):
                    pair = frozenset((t[i], t[j]))
                    assert pair not in seen
                    seen.add(pair)


@pytest.mark.parametrize("n,rounds", [(5, 2), (8, 3), (12, 4), (16, 5), (20, 5)])
def test_small_nights_reach_the_bounds(n, rounds):
    # speed is measured by tests/benchmarks/bench_rotation.py, never by a test
    q = check(progressive(n, rounds, seed=0))
    assert q.max_meetings == q.bounds.max_meetings
    assert q.partner_repeats == 0


def test_large_nights_reach_the_bounds():
    for n, rounds in ((200, 12), (150, 8)):
        q = check(progressive(n, rounds, seed=0))
        assert q.max_meetings == q.bounds.max_meetings and q.partner_repeats == 0


def test_names_in_warnings_and_violations():
    names = {17: "Ann Lee", 3: "Bob Ray"}
    c = Constraints(pinned={17: 9})
    assert "Ann Lee is pinned to table 9, but there are only 5 tables." in constraint_warnings(
        20, 4, c, name=names.get
    )
    assert "Player 17 is pinned to table 9, but there are only 5 tables." in constraint_warnings(20, 4, c)
    s = progressive(20, 2, seed=0)
    assert all(v.startswith("Ann Lee is at table") for v in c.violations(s, name=names.get))
    assert all(v.startswith("player 17 is at table") for v in c.violations(s))
    apart = Constraints(apart=[(s.rounds[0].tables[0].north, s.rounds[0].tables[0].south)])
    msg = apart.violations(s, name=lambda p: f"P{p}")
    assert msg and msg[0].startswith("P") and " and P" in msg[0]
