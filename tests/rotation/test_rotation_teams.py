from itertools import combinations

import pytest

from euchre_tourney.rotation import king_of_the_hill, swiss_round, team_round_robin, team_rotation, teams_text


def test_round_robin_every_pair_once():
    for t in range(2, 15):
        s = team_round_robin(t)
        met = [frozenset((x.north_south, x.east_west)) for r in s.rounds for x in r.tables]
        assert len(met) == len(set(met)) == t * (t - 1) // 2
        for r in s.rounds:
            teams = [x for tb in r.tables for x in (tb.north_south, tb.east_west)] + list(r.bye)
            assert sorted(teams) == list(range(1, t + 1))
            assert len(r.bye) == t % 2


def test_round_robin_ns_balance_and_json():
    s = team_round_robin(8)
    ns = {t: 0 for t in range(1, 9)}
    for r in s.rounds:
        for x in r.tables:
            ns[x.north_south] += 1
            ns[x.east_west] -= 1
    assert max(abs(v) for v in ns.values()) <= 1
    j = team_rotation(8, 3).to_json()
    assert j["kind"] == "teams" and j["teams"] == 8 and len(j["rounds"]) == 3
    assert set(j["rounds"][0]["tables"][0]) == {"table", "north_south", "east_west"}
    assert "Table" in teams_text(s)


def test_swiss_no_rematch():
    history = [(1, 2), (3, 4), (5, 6), (1, 3), (2, 4)]
    pairs, bye = swiss_round([1, 2, 3, 4, 5, 6], history)
    assert bye is None
    assert not {frozenset(p) for p in pairs} & {frozenset(p) for p in history}
    assert sorted(x for p in pairs for x in p) == [1, 2, 3, 4, 5, 6]
    pairs, bye = swiss_round([1, 2, 3], [], byes=[3])
    assert bye == 2


def test_king_of_the_hill():
    s = team_round_robin(6)
    r1 = s.rounds[0]
    winners = {t.number: t.north_south for t in r1.tables}
    nxt = king_of_the_hill(r1, winners)
    assert nxt[0][0] == r1.tables[0].north_south
    assert sorted(x for p in nxt for x in p) == list(range(1, 7))


def _seat_and_table_counts(s):
    from collections import Counter, defaultdict

    bal = Counter()
    worst_prefix = 0
    at = defaultdict(Counter)
    for r in s.rounds:
        for x in r.tables:
            bal[x.north_south] += 1
            bal[x.east_west] -= 1
            at[x.north_south][x.number] += 1
            at[x.east_west][x.number] += 1
        worst_prefix = max(worst_prefix, max(abs(v) for v in bal.values()))
    return bal, worst_prefix, max(max(c.values()) for c in at.values())


@pytest.mark.parametrize("t", [3, 5, 7, 9, 11, 15, 21, 31])
def test_odd_round_robin_exact_seats_and_tables(t):
    bal, prefix, most = _seat_and_table_counts(team_round_robin(t, seed=t))
    assert all(v == 0 for v in bal.values())  # T−1 games each, half N–S
    assert prefix <= 2
    assert most == 2  # every team exactly twice at each table


@pytest.mark.parametrize("t", [6, 8, 10, 12, 16, 20, 30, 40])
def test_even_round_robin_seats_and_tables(t):
    bal, prefix, most = _seat_and_table_counts(team_round_robin(t, seed=1))
    assert all(abs(v) == 1 for v in bal.values())  # T−1 games, odd: one more one way
    assert prefix <= 2
    assert most <= 3  # the cap is 2; a few teams may sit three times at one table
    if t <= 8:
        assert most == 2


def test_second_pass_swaps_seats():
    s = team_round_robin(6, rounds=10)
    first, second = s.rounds[0].tables, s.rounds[5].tables
    assert {(x.north_south, x.east_west) for x in first} == {(x.east_west, x.north_south) for x in second}
