"""Smoke test of the arena benchmark (tests/benchmarks/bench_arena.py): it
plays duplicate deals and games end to end on a few deals."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import pytest

ARENA = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_arena.py"


def _load(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def arena():
    return _load(ARENA)


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


TABLE_ARENA = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_table_arena.py"


@pytest.fixture(scope="module")
def table_arena():
    return _load(TABLE_ARENA)


@pytest.mark.parametrize("game", ["cutthroat", "five_partner_pick", "four_no_trump", "north_american"])
def test_the_table_arena_plays_every_kind_of_game_on_a_fixed_budget(table_arena, game):
    """The arena of every game (N seats and four-seat presets) through the
    one factory; with a fixed number of worlds and no clock the figures are
    the same on any machine, run after run."""
    first = table_arena.arena(game, 2, seed=3, worlds=3)
    again = table_arena.arena(game, 2, seed=3, worlds=3)
    assert first[2] == again[2] and len(first[2]) == 2
    assert all(math.isfinite(d) for d in first[2])


def test_the_table_arenas_places_are_sides_or_seats(table_arena):
    from euchre_tourney.play.players import game_rules

    assert table_arena.positions(game_rules("six_player_33")) == [{0, 2, 4}, {1, 3, 5}]
    assert table_arena.positions(game_rules("cutthroat")) == [{0}, {1}, {2}]
    assert table_arena.positions(game_rules("north_american")) == [{0, 2}, {1, 3}]
