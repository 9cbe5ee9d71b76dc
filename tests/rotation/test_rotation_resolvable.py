"""Resolvable (v, 4, 1) designs from ``rotation.designs.resolvable``: every size the
module claims is checked here independently (partitions, pair counts); bad
stored data and sizes ≢ 4 (mod 12) give ``None``."""

from itertools import combinations

import pytest

from euchre_tourney.rotation import testing as R

REQUIRED = [52, 76, 124, 196]
# what is stored today (v ≡ 4 mod 12 up to 196 except 172); a size may be
# added, none may silently disappear
STORED = [16, 28, 40, 52, 64, 76, 88, 100, 112, 124, 136, 148, 160, 184, 196]


def assert_rbibd(v, classes):
    assert len(classes) == (v - 1) // 3
    meets = {}
    for cls in classes:
        assert len(cls) == v // 4
        assert all(len(b) == 4 for b in cls)
        assert sorted(p for b in cls for p in b) == list(range(v))
        for b in cls:
            for p, q in combinations(b, 2):
                key = (min(p, q), max(p, q))
                meets[key] = meets.get(key, 0) + 1
    assert len(meets) == v * (v - 1) // 2
    assert set(meets.values()) == {1}


@pytest.mark.parametrize("v", REQUIRED)
def test_required_sizes_present(v):
    assert R.resolvable_design(v) is not None
    assert v in R.resolvable_sizes()


def test_stored_sizes_present():
    assert set(STORED) <= set(R.resolvable_sizes())


@pytest.mark.parametrize("v", sorted(set(STORED) | set(R.resolvable_sizes())))
def test_claimed_sizes_are_rbibds(v):
    d = R.resolvable_design(v)
    assert d is not None
    assert_rbibd(v, d)
    assert all(isinstance(b, tuple) for cls in d for b in cls)


def test_other_sizes_none():
    for v in list(range(0, 200)) + [-8, 208, 1000]:
        if v % 12 != 4 or v < 16:
            assert R.resolvable_design(v) is None, v


def test_fresh_lists_returned():
    a = R.resolvable_design(52)
    a[0].clear()
    a.clear()
    assert_rbibd(52, R.resolvable_design(52))


def _with_data(monkeypatch, table, r, value):
    monkeypatch.setitem(table, r, value)
    R.forget_designs()


@pytest.fixture(autouse=True)
def _clear_cache():
    R.forget_designs()
    yield
    R.forget_designs()


@pytest.mark.parametrize(
    "bad",
    [
        [(1, 30), (2, 7), (3, 17), (6, 21), (8, 5), (9, 28), (10, 22), (13, 29), (14, 4), (15, 26), (18, 12), (19, 20), (24, 16), (25, 23), (27, 31), (32, 12)],
        [(1, 30), (2, 7)],
        [],
        [(1, "x")],
    ],
)
def test_corrupt_pm_pairs_rejected(monkeypatch, bad):
    assert R.resolvable_design(196) is not None
    _with_data(monkeypatch, R.stored("resolvable", "pm_pairs"), 65, bad)
    assert R.resolvable_design(196) is None
    assert R.resolvable_design(52) is not None  # other sizes unaffected


def test_corrupt_full_base_class_rejected(monkeypatch):
    good = R.stored("resolvable", "full")[9]
    assert R.resolvable_design(28) is not None
    bad = [list(b) for b in good]
    bad[0][0], bad[1][0] = bad[1][0], bad[0][0]  # swap two points between blocks
    _with_data(monkeypatch, R.stored("resolvable", "full"), 9, [tuple(b) for b in bad])
    assert R.resolvable_design(28) is None
    _with_data(monkeypatch, R.stored("resolvable", "full"), 9, good[:-1])
    assert R.resolvable_design(28) is None


def test_corrupt_cyc_base_class_rejected(monkeypatch):
    good = R.stored("resolvable", "cyc")[21]
    assert R.resolvable_design(64) is not None
    bad = [list(b) for b in good]
    bad[0][0] += 1
    _with_data(monkeypatch, R.stored("resolvable", "cyc"), 21, [tuple(b) for b in bad])
    assert R.resolvable_design(64) is None
    bad[0][0] = bad[0][1]  # a repeated point
    _with_data(monkeypatch, R.stored("resolvable", "cyc"), 21, [tuple(b) for b in bad])
    assert R.resolvable_design(64) is None
    _with_data(monkeypatch, R.stored("resolvable", "cyc"), 21, [b[:3] for b in good])
    assert R.resolvable_design(64) is None


def test_corrupt_sigma_base_class_rejected(monkeypatch):
    good = R.stored("resolvable", "sigma")[33]
    assert R.resolvable_design(100) is not None
    bad = [list(b) for b in good]
    x, i = bad[0][0]
    bad[0][0] = (x, (i + 1) % 3)  # same point, other copy
    _with_data(monkeypatch, R.stored("resolvable", "sigma"), 33, [tuple(b) for b in bad])
    assert R.resolvable_design(100) is None
    _with_data(monkeypatch, R.stored("resolvable", "sigma"), 33, good[1:] + [((0, 0), (1, 0), (2, 0), (3, 0))])
    assert R.resolvable_design(100) is None


def test_corrupt_group_pairs_rejected(monkeypatch):
    moduli, pairs = R.stored("resolvable", "pm_group")[45]
    assert R.resolvable_design(136) is not None
    _with_data(monkeypatch, R.stored("resolvable", "pm_group"), 45, ((5, 3, 3), pairs))  # other group
    assert R.resolvable_design(136) is None
    _with_data(monkeypatch, R.stored("resolvable", "pm_group"), 45, ((3, 3, 5), [((0, 0, 1), (0, 0, 2))] + pairs[2:]))
    assert R.resolvable_design(136) is None
    _with_data(monkeypatch, R.stored("resolvable", "pm_group"), 45, ((45,), pairs))  # coordinates don't fit
    assert R.resolvable_design(136) is None


def test_missing_entry_is_none(monkeypatch):
    monkeypatch.delitem(R.stored("resolvable", "pm_pairs"), 41)
    R.forget_designs()
    assert R.resolvable_design(124) is None
