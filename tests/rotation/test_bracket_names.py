"""The names of a bracket's matches (issue 29 item 8: the single-elimination
final is called "Final")."""

from __future__ import annotations

import pytest

from euchre_tourney.rotation.bracket import build, match_title


def titles(bracket) -> dict[str, str]:
    return {m.code: match_title(bracket, m) for m in bracket.matches}


def test_single_elimination_of_eight_ends_in_the_final():
    t = titles(build(8, consolation=True))
    assert t["W3-1"] == "Final"
    assert (t["W2-1"], t["W2-2"]) == ("Semi-final 1", "Semi-final 2")
    assert [t[f"W1-{i}"] for i in range(1, 5)] == [f"Quarter-final {i}" for i in range(1, 5)]
    assert t["3P"] == "Third place"
    assert not any("Winners'" in v or "Grand" in v for v in t.values())


def test_single_elimination_earlier_rounds_and_byes():
    t = titles(build(16))
    assert t["W4-1"] == "Final" and t["W1-8"] == "Round 1, match 8"
    t = titles(build(3))  # seed 1 has the bye: one semi-final, no number
    assert t == {"W1-2": "Semi-final", "W2-1": "Final"}
    assert titles(build(2)) == {"W1-1": "Final"}


def test_double_elimination_names_both_brackets_and_the_grand_final():
    t = titles(build(8, double=True))
    assert t["W1-1"] == "Winners' round 1, match 1" and t["W3-1"] == "Winners' final"
    assert t["L1-2"] == "Losers' round 1, match 2" and t["L4-1"] == "Losers' final"
    assert (t["GF"], t["GF2"]) == ("Grand final", "Grand final (reset)")
    assert "Final" not in t.values()


@pytest.mark.parametrize("size", range(2, 20))
@pytest.mark.parametrize("double", [False, True])
def test_every_match_has_its_own_name(size, double):
    t = titles(build(size, double=double, consolation=not double))
    assert len(set(t.values())) == len(t)
    assert list(t.values()).count("Final") == (0 if double else 1)
