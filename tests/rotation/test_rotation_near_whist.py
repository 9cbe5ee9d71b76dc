"""Near-whist designs NWh(n), n ≡ 2 (mod 4): checked here with a counter
independent of the module's own verifier."""

from collections import Counter

import pytest

from euchre_tourney.rotation.testing import forget_designs, is_near_whist, near_whist_design, stored
from euchre_tourney.rotation.testing import near_whist_sizes as known_sizes

CLAIMED = [10, 14, 18, 22, 26, 34, 50, 58, 70, 90, 98, 110, 126, 130, 154, 162, 170, 182, 198]


def _check(n, rounds):
    assert len(rounds) == n
    outs = Counter()
    partners = Counter()
    opponents = Counter()
    out_rounds = {x: [] for x in range(n)}
    sat_with = {}
    for r, (games, out) in enumerate(rounds):
        assert len(out) == 2
        everyone = sorted([p for g in games for p in g] + list(out))
        assert everyone == list(range(n)), f"round {r} is not a partition"
        assert all(len(g) == 4 for g in games)
        a, b = out
        sat_with.setdefault(frozenset((a, b)), 0)
        sat_with[frozenset((a, b))] += 1
        for x in out:
            outs[x] += 1
            out_rounds[x].append(r)
        for north, east, south, west in games:
            partners[frozenset((north, south))] += 1
            partners[frozenset((east, west))] += 1
            for p in (north, south):
                for q in (east, west):
                    opponents[frozenset((p, q))] += 1
    assert all(outs[x] == 2 for x in range(n))
    # never two sit-outs in a row; everyone once before anyone twice
    for x, rs in out_rounds.items():
        assert rs[1] - rs[0] > 1
        assert rs[0] < n // 2 <= rs[1]
    couples = set(sat_with)
    assert len(couples) == n // 2 and all(v == 2 for v in sat_with.values())
    assert len({p for c in couples for p in c}) == n
    assert max(partners.values()) == 1
    assert max(opponents.values()) == 2
    for x in range(n):
        for y in range(x + 1, n):
            pair = frozenset((x, y))
            if pair in couples:
                assert partners[pair] == 0 and opponents[pair] == 0
            else:
                assert partners[pair] == 1 and opponents[pair] == 2


@pytest.mark.parametrize("n", CLAIMED)
def test_claimed_sizes(n):
    rounds = near_whist_design(n)
    assert rounds is not None
    _check(n, rounds)
    assert is_near_whist(n, rounds)


def test_known_sizes_cover_claims():
    assert set(CLAIMED) <= set(known_sizes())


@pytest.mark.parametrize("n", [4, 5, 7, 8, 9, 12, 6])
def test_no_design_for_other_sizes(n):
    assert near_whist_design(n) is None


def test_fresh_copy_each_call():
    a = near_whist_design(10)
    a[0][0].clear()
    assert near_whist_design(10)[0][0]


def test_verifier_rejects_damage():
    rounds = near_whist_design(18)
    games, out = rounds[0]
    g = games[0]
    bad = [([(g[0], g[2], g[1], g[3])] + games[1:], out)] + rounds[1:]
    assert not is_near_whist(18, bad)
    assert not is_near_whist(18, rounds[:-1])


def test_bad_stored_starter_gives_none(monkeypatch):
    cyc2 = stored("near_whist", "cyc2")
    forget_designs()
    monkeypatch.setitem(cyc2, 18, cyc2[18].replace("5 12", "12 5", 1))
    try:
        assert near_whist_design(18) is None
        assert near_whist_design(10) is not None
    finally:
        forget_designs()
