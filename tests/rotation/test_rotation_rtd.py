"""Resolvable transversal designs RTD(4, n) for 3 | n (``rotation.designs.transversal``):
the stored (n, 4, 1) difference matrices over Z_n for n = 21, 33, the RTDs
they give (checked here independently of ``designs.transversal.is_rtd``), and the whist
designs 84 = 4·21, 132 = 4·33, 168 = 8·21 that the mixed inflation builds
from them."""

import itertools

import pytest

from euchre_tourney.rotation import whist_design
from euchre_tourney.rotation.testing import is_whist, rtd, rtd_known, stored


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
    pairs = set()
    for cls in classes:
        assert len(cls) == n
        for pos in range(4):
            assert sorted(blk[pos] for blk in cls) == list(range(n))
        for blk in cls:
            for i, j in itertools.combinations(range(4), 2):
                pairs.add((i, blk[i], j, blk[j]))
    # n² blocks with 6 pairs each, all distinct: every pair exactly once
    assert len(pairs) == 6 * n * n


def test_rtd_known_agrees_with_rtd():
    for n in range(1, 120):
        assert rtd_known(n) == (rtd(n) is not None), n
    assert rtd_known(21) and rtd_known(33) and rtd_known(84)


@pytest.mark.parametrize("v", [84, 132, 168])
def test_whist_designs_from_rtd(v):
    d = whist_design(v)
    assert d is not None and len(d) == v - 1
    assert is_whist(v, d)
