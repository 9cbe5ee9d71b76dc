"""Elimination brackets (rotation.bracket): every size 2–64, single and
double, played to the end with random winners."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from euchre_tourney.rotation.bracket import build, progress, seed_positions


def _play(n: int, double: bool, consolation: bool, rng: random.Random):
    bracket = build(n, double=double, consolation=consolation)
    winners: dict[str, int] = {}
    played: list = []
    for _ in range(4 * n + 4):
        state = progress(bracket, winners)
        if state.champion is not None:
            return bracket, state, played
        ready = state.ready
        assert ready, "a bracket with no champion always has a match to play"
        for m in ready:
            winners[m.match.code] = rng.choice(m.teams)
            played.append(m)
    raise AssertionError("the bracket never finished")


@pytest.mark.parametrize("double", [False, True], ids=["single", "double"])
@pytest.mark.parametrize("n", range(2, 65))
def test_bracket_played_to_the_end(n, double):
    rng = random.Random(n * 7 + double)
    for trial in range(3):
        bracket, state, played = _play(n, double, consolation=not double, rng=rng)
        final = progress(bracket, {m.match.code: m.winner for m in state.matches if m.winner is not None})
        by_round: dict[int, list[int]] = defaultdict(list)
        losses: dict[int, int] = defaultdict(int)
        rounds_of: dict[int, list[int]] = defaultdict(list)
        out: dict[int, int] = {}
        for m in final.matches:
            if m.winner is None:
                assert m.match.code == "GF2" and not m.needed
                continue
            a, b = m.teams
            assert a is not None and b is not None and a != b
            for t in (a, b):
                # no team plays after it is out (the third-place match follows the semi-finals)
                assert t not in out or m.match.part == "3P", (t, m.match.code)
                by_round[m.match.round].append(t)
                rounds_of[t].append(m.match.round)
            if m.match.part != "3P":
                losses[m.loser] += 1
                if losses[m.loser] == (2 if double else 1):
                    out[m.loser] = m.match.round
        # no team twice in one round
        for rnd, teams in by_round.items():
            assert len(teams) == len(set(teams)), rnd
        # everyone plays until eliminated: each but the champion lost out, the champion did not
        champion = final.champion
        assert champion is not None and champion not in out
        assert set(out) == set(range(1, n + 1)) - {champion}
        assert losses[champion] <= (1 if double else 0)
        # byes only in the first round, for the top seeds
        p = 1 << (n - 1).bit_length()
        idle = {t for t in range(1, n + 1) if 1 not in rounds_of[t]}
        assert idle == set(range(1, p - n + 1))
        assert set(bracket.first_round_byes) == idle
        for t in idle:
            assert min(rounds_of[t]) == 2
        # match counts
        if double:
            gf = final.state("GF")
            reset = gf.winner == gf.teams[1]
            assert final.state("GF2").needed == reset
            assert sum(m.winner is not None for m in final.matches) == 2 * n - 2 + reset
        else:
            assert sum(m.winner is not None for m in final.matches) == n - 1 + bracket.consolation
            assert bracket.consolation == (n >= 4)
        assert final.places[champion] == 1
        assert sorted(final.places) == list(range(1, n + 1))


def test_grand_final_reset():
    bracket = build(4, double=True)
    wins: dict[str, int] = {}
    while True:
        state = progress(bracket, wins)
        ready = [m for m in state.ready if m.match.code != "GF"]
        if not ready:
            break
        for m in ready:
            wins[m.match.code] = min(m.teams)  # the better seed wins
    gf = progress(bracket, wins).state("GF")
    assert gf.teams == (1, 2)
    wins["GF"] = 2  # the losers' champion wins: reset
    state = progress(bracket, wins)
    assert state.champion is None and state.state("GF2").ready and set(state.state("GF2").teams) == {1, 2}
    wins["GF2"] = 2
    assert progress(bracket, wins).champion == 2
    wins2 = {k: v for k, v in wins.items() if k != "GF2"}
    wins2["GF"] = 1  # the winners' champion wins: no reset, and a reset result is refused
    state = progress(bracket, wins2)
    assert state.champion == 1 and not state.state("GF2").needed
    with pytest.raises(ValueError):
        progress(bracket, {**wins2, "GF2": 2})


def test_results_refused_for_the_wrong_team_or_too_early():
    bracket = build(8)
    with pytest.raises(ValueError):
        progress(bracket, {"W1-1": 5})
    with pytest.raises(ValueError):
        progress(bracket, {"W2-1": 1})


def test_seed_order_and_byes():
    assert seed_positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert build(12).first_round_byes == (1, 2, 3, 4)
    assert build(5, double=True).first_round_byes == (1, 2, 3)
    # seeds 1 and 2 can only meet in the final
    b = build(16)
    state = progress(b, {})
    assert state.bracket.match("W4-1").sources == (("W", "W3-1"), ("W", "W3-2"))
