"""Smoke test of the arena benchmark (tests/benchmarks/bench_arena.py): it
plays duplicate deals and games end to end on a few deals."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import pytest

ARENA = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_arena.py"


@pytest.fixture(scope="module")
def arena():
    spec = importlib.util.spec_from_file_location("bench_arena", ARENA)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_arena_plays_duplicate_deals_and_games(arena):
    out = arena.run("medium", "easy", deals=12, games=1)
    assert len(out["diffs"]) == 12
    # a deal's difference is half the sum of two hand scores (0, 1, 2 or 4 points each)
    assert all(abs(d) <= 4 and (2 * d) == int(2 * d) for d in out["diffs"])
    assert out["games_played"] == 2 and 0 <= out["wins"] <= 2
    assert out["times"]["medium"] and out["times"]["easy"]
    assert math.isfinite(out["mean"]) and out["half"] >= 0


def test_a_level_against_itself_scores_zero_on_every_deal(arena):
    # The players are deterministic: both plays of a deal are the same game
    # with the sides swapped, so the arena itself adds no bias.
    out = arena.run("easy", "easy", deals=20)
    assert out["diffs"] == [0.0] * 20


def test_the_arena_runs_the_hard_player(arena):
    out = arena.run("hard", "medium", deals=2, samples=3, bid_samples=2)
    assert len(out["diffs"]) == 2 and out["times"]["hard"]


def test_interval_is_mean_and_half_width(arena):
    mean, half = arena.interval([1.0, -1.0, 1.0, -1.0])
    assert mean == 0.0
    assert half == pytest.approx(1.96 * math.sqrt(4 / 3) / 2)
