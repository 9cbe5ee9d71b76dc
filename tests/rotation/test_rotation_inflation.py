"""Inflation and triplication constructions for whist designs (``rotation.designs.inflation``),
each result checked by the designs module's ``is_whist`` and, for the sizes in
the app, by the public checker through ``progressive``."""

import itertools

import pytest

from euchre_tourney.rotation import check, full_length, progressive, whist_design
from euchre_tourney.rotation.testing import inflate, inflation_plans, is_whist, triplicate
from euchre_tourney.rotation.testing import rtd as resolvable_td


@pytest.mark.parametrize(
    "m,n,with_inf",
    [(12, 4, False), (5, 5, False), (5, 7, True), (9, 4, True), (13, 7, True), (8, 4, False)],
)
def test_inflate_gives_whist(m, n, with_inf):
    outer = whist_design(m)
    inner = whist_design(n + 1 if with_inf else n)
    v = m * n + (1 if with_inf else 0)
    rounds = inflate(outer, m, inner, n, with_inf)
    assert rounds is not None
    assert len(rounds) == full_length(v)
    assert is_whist(v, rounds)


def test_inflate_refuses_residues_that_do_not_combine():
    # outer Wh(5) (one sit-out a round) with an inner Wh(4) and no ∞ would idle
    # a whole group for a round
    assert inflate(whist_design(5), 5, whist_design(4), 4, False) is None
    assert inflate(whist_design(8), 8, whist_design(5), 5, False) is None
    assert inflate(whist_design(5), 5, whist_design(6 + 1) or [], 6, True) is None  # no RTD(4, 6)


def test_plans_use_only_combining_residues():
    for v in range(8, 201):
        for m, n, inf in inflation_plans(v):
            assert v == m * n + inf
            assert (m % 4, n % 4, inf) in {(0, 0, False), (1, 1, False), (1, 3, True), (1, 0, True)}


def test_triplicate_of_affine_plane_is_whist():
    # the affine plane of order 4 (a resolvable (16, 4, 1) design) from GF(4)
    rtd = resolvable_td(4)
    # point y of position i is 4i + y; the RTD's four classes and the four
    # positions as a fifth class are the five parallel classes of lines
    lines = [[tuple(4 * i + blk[i] for i in range(4)) for blk in cls] for cls in rtd]
    lines.append([tuple(4 * i + y for y in range(4)) for i in range(4)])
    rounds = triplicate(lines)
    assert len(rounds) == 15
    assert is_whist(16, rounds)
    # the first pass is a schedule in which nobody meets twice
    met = set()
    for games, _ in rounds[:5]:
        for g in games:
            for a, b in itertools.combinations(g, 2):
                assert frozenset((a, b)) not in met
                met.add(frozenset((a, b)))


@pytest.mark.parametrize("n", [69, 92, 105])
def test_inflated_full_length_schedule_is_perfect(n):
    q = check(progressive(n, full_length(n), seed=0))
    assert q.perfect
