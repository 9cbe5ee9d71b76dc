"""The practice session outside any window (issue 21 item 6): the game,
take-back, replaying and swapping a deal, the generator's state, game files
and the statistics."""

from __future__ import annotations

import random

from euchre_tourney.play import make_player
from euchre_tourney.play.egn import read_egn
from euchre_tourney.play.session import HUMAN, FourSeatEngine, PracticeEngine, PracticeSession, level_name
from euchre_tourney.play.stats import Stats, StatsBook
from euchre_tourney.rules import PRESETS

NA = PRESETS["north_american"]


def session(seed=1, **kw) -> PracticeSession:
    kw.setdefault("player_factory", lambda level, seed=None: make_player("easy", seed))
    return PracticeSession(NA, seed=seed, **kw)


def run_computers(s: PracticeSession) -> None:
    while (turn := s.computer_turn()) is not None:
        assert s.apply_computer(turn.generation, turn.player.choose(turn.view))


def play(s: PracticeSession, rng: random.Random, actions: int) -> None:
    """The person picks random legal actions; computers answer at once."""
    for _ in range(actions):
        run_computers(s)
        if s.game.done:
            return
        if s.shown is not None:
            s.next_hand()
            continue
        assert s.human_action(rng.choice(list(s.engine.legal_actions())))


def test_the_four_seat_game_is_a_practice_engine():
    s = session()
    assert isinstance(s.engine, PracticeEngine) and isinstance(s.engine, FourSeatEngine)
    assert s.engine.seats == 4 and s.engine.scores() == (0, 0)


def test_a_whole_game_with_statistics_by_rules_and_level(tmp_path):
    path = tmp_path / "stats.json"
    s = session(seed=4, stats_path=path, levels={0: "hard", 1: "medium", 3: "medium"})
    play(s, random.Random(1), 10_000)
    g = s.game
    assert g.done
    row = s.stats.rows[("North American", "partner Hard, opponents Medium")]
    assert row.games == 1 and row.games_won == (g.winner.value == "NS")
    assert row.hands == sum(h.score is not None for h in g.hands)
    assert row.points_for == sum(h.score.points for h in g.hands if h.score and h.score.side.value == "NS")
    assert row.points_for - row.points_against == g.score.ns - g.score.ew
    assert StatsBook.load(path).rows == s.stats.rows
    assert Stats.load(path).hands == row.hands  # the totals stay readable as the earlier flat file
    s.reset_stats()
    assert StatsBook.load(path).rows == {} and s.stats.total() == Stats()


def test_take_back_restores_the_game_the_generator_and_the_statistics():
    s = session(seed=8)
    rng = random.Random(3)
    for _ in range(25):
        play(s, rng, 1)
        run_computers(s)
        if s.game.done:
            break
        if s.shown is not None:
            s.next_hand()
            run_computers(s)
        before = (s.game.hand.to_text(), s.game.score, s.game.rng.getstate(), s.stats.copy().rows)
        assert s.human_action(rng.choice(list(s.engine.legal_actions())))
        run_computers(s)
        assert s.take_back()
        assert (s.game.hand.to_text(), s.game.score, s.game.rng.getstate(), s.stats.rows) == before
        assert s.shown is None


def test_an_answer_from_before_a_take_back_is_dropped():
    s = session(seed=1)  # East deals: South bids first
    assert s.human_to_act()
    s.human_action(s.engine.legal_actions()[0])
    turn = s.computer_turn()
    assert turn is not None
    s.take_back()
    before = s.game.hand.to_text()
    assert not s.apply_computer(turn.generation, turn.player.choose(turn.view))
    assert s.game.hand.to_text() == before


def test_replay_this_deal_and_swap_hands():
    s = session(seed=21)
    run_computers(s)
    deal = s.deal_start.state.hand
    dealt, up, dealer = deal.dealt_hands(), deal.turn_up, deal.dealer
    play(s, random.Random(9), 3)
    assert s.replay_deal()
    hand = s.game.hand
    assert hand.dealt_hands() == dealt and hand.turn_up == up and hand.dealer == dealer
    assert s.swap_hands()  # the person now holds West's cards
    swapped = s.game.hand
    assert swapped.dealt_hands()[HUMAN] == dealt[3] and swapped.dealer == (dealer - 1) % 4


def test_a_game_file_opens_steps_and_leaves_the_game_untouched():
    s = session(seed=12)
    play(s, random.Random(3), 30)
    text = s.egn_text()
    played = [h.history for h in s.game.hands] + ([s.game.hand.history] if s.game.hand else [])
    s.open_egn(text)
    assert s.replay is not None and s.computer_turn() is None and not s.human_to_act()
    s.step_replay(len(s.replay.steps))
    assert [h.history for h in s.replay.game.hands] == [h.history for h in s.game.hands]
    assert s.leave_replay() and s.replay is None
    assert [h.history for h in s.game.hands] + ([s.game.hand.history] if s.game.hand else []) == played


def test_a_replay_speaks_from_the_recorded_players_point_of_view():
    s = session(seed=12)
    play(s, random.Random(3), 60)
    record = read_egn(s.egn_text())
    record.players = ("Ann", "Bo", "Cy", "Di")
    s.open_record(record)
    s.step_replay(len(s.replay.steps))
    assert s.who(HUMAN) == "Cy" and s.side_names() == ("Ann & Cy", "Bo & Di")
    finished = s.replay.game.hands[0]
    words = s.result_words(finished)
    assert "You" not in words
    if finished.score is not None:
        assert words.startswith("Ann and Cy") or words.startswith("Bo and Di")


def test_level_names():
    assert level_name({0: "easy", 1: "easy", 3: "easy"}) == "Easy"
    assert level_name({0: "hard", 1: "easy", 3: "medium"}) == "partner Hard, opponents Easy / Medium"
