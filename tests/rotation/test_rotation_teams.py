from itertools import combinations

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
