"""Seats and tables (euchre_tourney.rotation.seating): N–S / E–W at the lower
bound where it is guaranteed, pins kept, determinism. No timing assertions."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tourney.rotation import Constraints, check, progressive
from euchre_tourney.rotation.testing import orient, seat_and_number, split_free


def _per_player(schedule):
    bal, games = {}, {}
    for rnd in schedule.rounds:
        for t in rnd.tables:
            for i, p in enumerate(t.seats):
                bal[p] = bal.get(p, 0) + (1 if i % 2 == 0 else -1)
                games[p] = games.get(p, 0) + 1
    return bal, games


def _random_free_rounds(n, rounds, rng):
    """Rounds in which no two players meet twice (greedy, retried)."""
    out, met = [], set()
    for _ in range(rounds):
        for _try in range(200):
            ps = list(range(n))
            rng.shuffle(ps)
            games = [ps[i : i + 4] for i in range(0, n - n % 4, 4)]
            pairs = {frozenset((a, b)) for g in games for a in g for b in g if a != b}
            if not pairs & met:
                met |= pairs
                out.append((games, sorted(ps[n - n % 4 :])))
                break
        else:
            break
    return out


@settings(max_examples=25, deadline=None)
@given(st.integers(28, 120), st.integers(1, 8), st.integers(0, 10_000))
def test_ns_ew_exact_when_nobody_meets_twice(n, rounds, seed):
    """Meet-once nights: every player's |N–S − E–W| equals games mod 2."""
    s = progressive(n, rounds, seed)
    q = check(s)
    assert q.max_meetings == 1  # 28+ players over ≤ 8 rounds: the meet-once regime
    bal, games = _per_player(s)
    assert all(abs(bal[p]) == games[p] % 2 for p in bal)
    assert q.ns_ew_spread == q.bounds.ns_ew_spread


@settings(max_examples=30, deadline=None)
@given(st.integers(8, 60), st.integers(1, 6), st.integers(0, 10_000))
def test_split_free_is_exact_from_zero(n, rounds, seed):
    rng = random.Random(seed)
    new = _random_free_rounds(n, rounds, rng)
    games = [g[:] for gs, _ in new for g in gs]
    count = [0] * n
    for g in games:
        for p in g:
            count[p] += 1
    bal = split_free([0] * n, [c % 2 for c in count], games)
    assert all(abs(b) == c % 2 for b, c in zip(bal, count))
    for g, g0 in zip(games, [g for gs, _ in new for g in gs]):
        assert sorted(g) == sorted(g0)


@settings(max_examples=30, deadline=None)
@given(st.integers(8, 60), st.integers(1, 6), st.integers(0, 10_000))
def test_seat_and_number_meet_once_rounds(n, rounds, seed):
    rng = random.Random(seed)
    new = _random_free_rounds(n, rounds, rng)
    out = seat_and_number(n, [], [([g[:] for g in gs], o) for gs, o in new], random.Random(seed))
    bal = [0] * n
    count = [0] * n
    for (games, sit), (games0, sit0) in zip(out, new):
        assert sit == sit0
        assert sorted(map(sorted, games)) == sorted(map(sorted, games0))
        for a, b, c, d in games:
            bal[a] += 1
            bal[c] += 1
            bal[b] -= 1
            bal[d] -= 1
            for p in (a, b, c, d):
                count[p] += 1
    assert all(abs(b) == c % 2 for b, c in zip(bal, count))


@pytest.mark.parametrize("n", [13, 17, 29, 37])
def test_field_designs_reach_both_bounds(n):
    q = check(progressive(n, n, seed=1))
    assert q.perfect
    assert q.ns_ew_spread == q.bounds.ns_ew_spread == 0
    assert q.max_at_one_table == q.bounds.max_at_one_table


@pytest.mark.parametrize("n,rounds", [(40, 6), (40, 10), (36, 12), (100, 8), (200, 8), (200, 12)])
def test_ns_ew_at_the_bound_on_known_nights(n, rounds):
    q = check(progressive(n, rounds, seed=0))
    assert q.ns_ew_spread == q.bounds.ns_ew_spread


def test_orient_unreachable_bound_falls_back():
    """Four players, {0,2 | 1,3} then {0,1 | 2,3}: everyone plays 2 games but
    players 0 and 1 cannot both be even — the walk keeps the best it finds."""
    games = [[0, 1, 2, 3], [0, 2, 1, 3]]
    bal = orient([0] * 4, [0] * 4, games, random.Random(0), 100)
    assert sum(abs(b) for b in bal) == 4  # the best possible here
    assert sorted(map(sorted, games)) == [[0, 1, 2, 3], [0, 1, 2, 3]]


@settings(max_examples=15, deadline=None)
@given(st.integers(12, 60), st.integers(1, 10), st.integers(0, 10_000), st.data())
def test_pinned_player_keeps_table(n, rounds, seed, data):
    player = data.draw(st.integers(1, n))
    table = data.draw(st.integers(1, n // 4))
    c = Constraints(pinned={player: table})
    s = progressive(n, rounds, seed, constraints=c)
    for rnd in s.rounds:
        for t in rnd.tables:
            if player in t.seats:
                assert t.number == table


@settings(max_examples=20, deadline=None)
@given(st.integers(8, 60), st.integers(1, 6), st.integers(0, 10_000), st.data())
def test_seat_and_number_pins_direct(n, rounds, seed, data):
    rng = random.Random(seed)
    new = _random_free_rounds(n, rounds, rng)
    T = n // 4
    a, b = data.draw(st.permutations(range(n)))[:2]
    pins = {a: data.draw(st.integers(1, T)), b: data.draw(st.integers(1, T))}
    out = seat_and_number(n, [], [([g[:] for g in gs], o) for gs, o in new], random.Random(seed), pins)
    for games, _ in out:
        where = {p: t for t, g in enumerate(games) for p in g}
        clash = a in where and b in where and (where[a] == where[b] or pins[a] == pins[b])
        for p in (a, b):
            if p in where and not clash:
                assert where[p] == pins[p] - 1


@pytest.mark.parametrize("n,rounds", [(26, 8), (33, 33), (40, 10), (64, 5)])
def test_deterministic(n, rounds):
    assert progressive(n, rounds, seed=7) == progressive(n, rounds, seed=7)
    rng1, rng2 = random.Random(3), random.Random(3)
    new = _random_free_rounds(n, min(rounds, 4), random.Random(1))
    one = seat_and_number(n, [], [([g[:] for g in gs], o) for gs, o in new], rng1)
    two = seat_and_number(n, [], [([g[:] for g in gs], o) for gs, o in new], rng2)
    assert one == two
