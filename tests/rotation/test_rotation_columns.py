"""The column construction of Wh(8u) (``rotation._columns``): the group has
no element fixing a pair of players of different columns, σ permutes the
stored Wh(8), a small starter builds a whist design, a damaged one is
refused."""

import itertools

import pytest

from euchre_tourney.rotation import _columns
from euchre_tourney.rotation._columns import LEVELS, develop_columns, group, whist_columns
from euchre_tourney.rotation.designs import is_whist, whist_design

PI = [1, 0, 5, 7, 6, 2, 4, 3]
# Wh(56): u = 7, w = 2 (order 3), found by tools/whist_col_search.c in 12 s.
SAMPLE_56 = (
    7, 2, PI,
    [[[36, 38, 33, 46], [39, 1, 19, 45], [11, 7, 43, 6], [4, 44, 0, 27], [25, 31, 50, 28],
      [51, 3, 41, 54], [52, 26, 13, 2], [20, 18, 22, 49], [29, 14, 12, 9], [47, 21, 30, 34],
      [35, 55, 10, 53], [42, 48, 16, 8], [32, 40, 24, 23], [15, 37, 17, 5]]],
    [[[34, 54, 15, 0], [11, 43, 35, 27]]],
)


def _partner_sets(rounds):
    return {frozenset(frozenset((frozenset((a, c)), frozenset((b, d)))) for a, b, c, d in games) for games, _ in rounds}


def test_sigma_permutes_the_rounds_of_the_stored_wh8():
    wh8 = whist_design(8)
    image = [([tuple(PI[p] for p in g) for g in games], out) for games, out in wh8]
    assert _partner_sets(image) == _partner_sets(wh8)


@pytest.mark.parametrize("u, w", [(7, 2), (19, 7)])
def test_no_group_element_but_the_identity_fixes_a_pair_of_two_columns(u, w):
    maps = group(u, w, PI)
    assert len(maps) == 2 * 3 * u
    assert len({tuple(g) for g in maps}) == len(maps)
    players = range(LEVELS * u)
    for p, q in itertools.combinations(players, 2):
        if p % u == q % u:
            continue
        fixing = [g for g in maps if {g[p], g[q]} == {p, q}]
        assert len(fixing) == 1, (p, q)


def test_the_sample_starter_builds_wh56():
    u, w, pi, developed, fixed = SAMPLE_56
    rounds = develop_columns(u, w, pi, developed, fixed, whist_design(8))
    assert len(rounds) == 55
    assert is_whist(56, rounds)


def test_a_damaged_starter_is_refused(monkeypatch):
    u, w, pi, developed, fixed = SAMPLE_56
    bad = [[t[:] for t in developed[0]]]
    bad[0][0][0], bad[0][1][0] = bad[0][1][0], bad[0][0][0]
    monkeypatch.setattr("euchre_tourney.rotation._starters.COLUMN_STARTERS", {56: (u, w, pi, bad, fixed)})
    assert whist_columns(56, whist_design) is None
    monkeypatch.setattr("euchre_tourney.rotation._starters.COLUMN_STARTERS", {56: SAMPLE_56})
    assert is_whist(56, whist_columns(56, whist_design))
    assert _columns.whist_columns(64, whist_design) is None  # nothing stored
