"""Resolvable transversal designs RTD(4, n) (``rotation.designs.transversal``):
the prime-power and MacNeish ones, the stored (n, 4, 1) difference matrices
over Z_n for n = 21, 33 and the RTDs they give (all checked here
independently of ``designs.transversal.is_rtd``), and the whist designs
84 = 4·21, 132 = 4·33, 168 = 8·21 that the mixed inflation builds from
them."""

import itertools

import pytest

from euchre_tourney.rotation import whist_design
from euchre_tourney.rotation.testing import is_whist, rtd, rtd_known, stored


def assert_resolvable_td(n, classes):
    """n classes of n blocks, each class a partition of every position, and
    every pair of points from two positions in exactly one block (checked
    here independently of the package's checker)."""
    seen = set()
    for cls in classes:
        assert len(cls) == n
        for pos in range(4):
            assert sorted(blk[pos] for blk in cls) == list(range(n))
        for blk in cls:
            for i, j in itertools.combinations(range(4), 2):
                key = (i, blk[i], j, blk[j])
                assert key not in seen
                seen.add(key)
    # n² blocks with 6 pairs each, all distinct: every pair exactly once
    assert len(seen) == 6 * n * n


@pytest.mark.parametrize("n", [4, 5, 7, 8, 9, 11, 13, 16, 19, 23, 27])
def test_resolvable_td_is_resolvable_transversal_design(n):
    classes = rtd(n)
    assert classes is not None and len(classes) == n
    assert_resolvable_td(n, classes)


@pytest.mark.parametrize("n", [1, 2, 3, 6, 10, 12, 15])
def test_no_rtd_without_a_prime_power_of_at_least_four(n):
    assert rtd(n) is None


@pytest.mark.parametrize("n", [21, 33])
def test_stored_difference_matrix(n):
    rows = stored("difference_matrices")[n]
    assert len(rows) == 4 and all(len(r) == n for r in rows)
    for a, b in itertools.combinations(rows, 2):
        assert sorted((x - y) % n for x, y in zip(a, b)) == list(range(n))


@pytest.mark.parametrize("n", [21, 33])
def test_rtd_is_resolvable_with_diagonal_class(n):
    classes = rtd(n)
    assert classes is not None and len(classes) == n
    assert sorted(classes[0]) == [(y, y, y, y) for y in range(n)]
    assert_resolvable_td(n, classes)


def test_rtd_known_agrees_with_rtd():
    for n in range(1, 120):
        assert rtd_known(n) == (rtd(n) is not None), n
    assert rtd_known(21) and rtd_known(33) and rtd_known(84)


@pytest.mark.parametrize("v", [84, 132, 168])
def test_whist_designs_from_rtd(v):
    d = whist_design(v)
    assert d is not None and len(d) == v - 1
    assert is_whist(v, d)
