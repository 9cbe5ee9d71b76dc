"""The holey column construction of Wh(8u) (``rotation.designs.columns``): the level
group fixes every round of the stored Wh(8), the group has no element fixing
a pair of players of different columns, the stored Wh(152) and a small Wh(56)
starter build whist designs, a damaged starter is refused."""

import itertools

import pytest

from euchre_tourney.rotation import check, progressive, whist_design
from euchre_tourney.rotation.testing import LEVELS, develop_columns, is_whist, level_group, stored, whist_columns
from euchre_tourney.rotation.testing import column_group as group

SIGMA = [1, 0, 5, 7, 6, 2, 4, 3]
# Wh(56): u = 7, w = 2 (order 3), Λ = {id, σ}; designs/search/whist_col_sat.py
# ``7 2 10576243 -``, 4 s.
SAMPLE_56 = (
    7, 2, [SIGMA],
    [[[1, 13, 18, 19], [22, 30, 27, 45]], [[1, 5, 51, 52], [15, 32, 34, 40]],
     [[1, 23, 6, 33], [15, 41, 44, 52]], [[1, 10, 27, 47], [15, 25, 17, 44]],
     [[1, 16, 12, 38], [22, 48, 44, 54]], [[1, 3, 32, 48], [15, 19, 27, 53]],
     [[1, 46, 38, 47], [3, 23, 26, 36]]],
    [[[0, 25, 15, 55], [10, 41, 32, 43]]],
)


def _partner_sets(games):
    return frozenset(frozenset((frozenset((a, c)), frozenset((b, d)))) for a, b, c, d in games)


def test_the_level_group_fixes_every_round_of_the_stored_wh8_and_moves_every_level():
    wh8 = whist_design(8)
    # the eight level permutations fixing every round: (Z_2)^3, regular
    full = level_group([SIGMA, [2, 5, 0, 4, 3, 1, 7, 6], [3, 7, 4, 0, 2, 6, 5, 1]])
    assert len(full) == 8
    for lam in full:
        for games, _ in wh8:
            assert _partner_sets([tuple(lam[p] for p in g) for g in games]) == _partner_sets(games)
        assert lam == list(range(LEVELS)) or all(lam[j] != j for j in range(LEVELS))
    # a permutation that does not fix the rounds is not among them
    assert [1, 0, 2, 3, 4, 5, 6, 7] not in full


@pytest.mark.parametrize("u, w, size", [(7, 2, 42), (19, 4, 342)])
def test_no_group_element_but_the_identity_fixes_a_pair_of_two_columns(u, w, size):
    maps = group(u, w, [SIGMA])
    assert len(maps) == size
    assert len({tuple(g) for g in maps}) == len(maps)
    assert all(g[p] % u == p % u for g in maps[::u] for p in range(0, LEVELS * u, u))  # maps[::u] fix column 0
    players = range(LEVELS * u)
    for p, q in itertools.combinations(players, 2):
        if p % u == q % u:
            continue
        fixing = [g for g in maps if {g[p], g[q]} == {p, q}]
        assert len(fixing) == 1, (p, q)


def test_the_sample_starter_builds_wh56():
    u, w, levels, holey, complete = SAMPLE_56
    rounds = develop_columns(u, w, levels, holey, complete, whist_design(8))
    assert len(rounds) == 55
    assert is_whist(56, rounds)


def test_the_stored_starter_builds_wh152_and_the_full_night_is_perfect():
    u, w, levels, holey, complete = stored("column_starters")[152]
    assert (u, w, len(holey), len(complete)) == (19, 4, 7, 1)
    rounds = whist_columns(152, whist_design)
    assert rounds is not None and len(rounds) == 151 and is_whist(152, rounds)
    # every column sits out of the cross-column play in exactly 7 rounds
    own = [sum(1 for games, _ in rounds if any(len({p % u for p in g}) == 1 and g[0] % u == x for g in games))
           for x in range(u)]
    assert own == [7] * u
    q = check(progressive(152, 151, seed=3))
    assert q.perfect and q.partner_repeats == 0 and q.max_opposed == 2 and q.min_meetings == 3


def test_a_damaged_starter_is_refused(monkeypatch):
    u, w, levels, holey, complete = SAMPLE_56
    bad = [[t[:] for t in base] for base in holey]
    bad[0][0][1], bad[0][1][1] = bad[0][1][1], bad[0][0][1]
    monkeypatch.setitem(stored("column_starters"), 56, (u, w, levels, bad, complete))
    assert whist_columns(56, whist_design) is None
    monkeypatch.setitem(stored("column_starters"), 56, SAMPLE_56)
    assert is_whist(56, whist_columns(56, whist_design))
    assert whist_columns(64, whist_design) is None  # nothing stored


def _damaged(kind):
    u, w, levels, holey, complete = SAMPLE_56
    holey = [[t[:] for t in base] for base in holey]
    if kind == "number too big":
        holey[0][0][0] = 8 * u
    elif kind == "negative number":
        holey[0][0][0] = -holey[0][0][0]
    elif kind == "three seats":
        holey[0][0] = holey[0][0][:3]
    elif kind == "w no unit":
        w = 0
    elif kind == "even u":
        u = 8
    elif kind == "short level map":
        levels = [SIGMA[:7]]
    elif kind == "missing field":
        return (u, w, levels, holey)
    return (u, w, levels, holey, complete)


@pytest.mark.parametrize("kind", ["number too big", "negative number", "three seats", "w no unit", "even u",
                                  "short level map", "missing field"])
def test_a_malformed_starter_gives_none_and_never_raises(monkeypatch, kind):
    monkeypatch.setitem(stored("column_starters"), 56, _damaged(kind))
    assert whist_columns(56, whist_design) is None


def test_group_refuses_what_is_no_unit_or_no_permutation():
    with pytest.raises(ValueError):
        group(19, 19)
    with pytest.raises(ValueError):
        group(20, 3)
    with pytest.raises(ValueError):
        level_group([[0, 0, 1, 2, 3, 4, 5, 6]])
