"""The one pair counter every checker of the rotation package counts with
(``PairCounts``), against a plain count of the same games, and the checks
built on it against what they must accept and refuse."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tourney.rotation import whist_design
from euchre_tourney.rotation.testing import PairCounts, is_near_whist, is_whist, near_whist_design


@st.composite
def games_on(draw):
    """n players and a list of games, each four distinct players."""
    n = draw(st.integers(4, 13))
    games = draw(st.lists(st.permutations(range(n)).map(lambda p: tuple(p[:4])), max_size=25))
    return n, games


@settings(max_examples=150, deadline=None)
@given(games_on())
def test_pair_counts_agree_with_a_plain_count(case):
    n, games = case
    partners, met = Counter(), Counter()
    for a, b, c, d in games:
        partners.update([frozenset((a, c)), frozenset((b, d))])
        met.update(frozenset(p) for p in combinations((a, b, c, d), 2))
    counts = PairCounts(n)
    for g in games:
        counts.add_game(g)
    for x, y in combinations(range(n), 2):
        key = frozenset((x, y))
        for u, v in ((x, y), (y, x)):
            assert counts.partners(u, v) == partners[key]
            assert counts.meetings(u, v) == met[key]
            assert counts.opponents(u, v) == met[key] - partners[key]
    assert counts.most_partnered() == max(partners.values(), default=0)
    assert counts.most_meetings() == max(met.values(), default=0)
    assert list(counts.pairs()) == list(combinations(range(n), 2))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([8, 9, 12, 13, 16, 17]), st.data())
def test_is_whist_refuses_a_swap_that_changes_who_partners_whom(n, data):
    rounds = whist_design(n)
    assert is_whist(n, rounds)
    r = data.draw(st.integers(0, len(rounds) - 1))
    games, out = rounds[r]
    seats = [(g, s) for g in range(len(games)) for s in range(4)]
    (g1, s1), (g2, s2) = data.draw(st.lists(st.sampled_from(seats), min_size=2, max_size=2, unique=True))
    changed = [list(g) for g in games]
    changed[g1][s1], changed[g2][s2] = changed[g2][s2], changed[g1][s1]
    swapped = rounds[:r] + [([tuple(g) for g in changed], out)] + rounds[r + 1 :]
    if g1 == g2 and {s1, s2} in ({0, 2}, {1, 3}):
        assert is_whist(n, swapped)  # partners swapped seats: the same pairs, the same relations
    else:
        # a new partnership (across tables, or another split of the table):
        # that pair partnered once elsewhere already, so now twice
        assert not is_whist(n, swapped)


def test_is_near_whist_uses_the_same_counts():
    rounds = near_whist_design(10)
    assert is_near_whist(10, rounds)
    games, out = rounds[0]
    a, b, c, d = games[0]
    assert not is_near_whist(10, [([(a, c, b, d)] + games[1:], out)] + rounds[1:])
