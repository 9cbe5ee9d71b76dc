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


# ------------------------------------------- what the window draws (issue 33 item 3)


def test_the_four_seat_choices_are_the_legal_set_with_one_key_each():
    from euchre_tourney.play.session import BID_KEYS

    s = session(seed=5)
    rng = random.Random(2)
    seen = set()
    for _ in range(300):
        run_computers(s)
        if s.game.done:
            break
        if s.shown is not None:
            assert s.banner() and s.hand_log().result and "Enter" in s.prompt()
            s.next_hand()
            continue
        choices = s.choices()
        assert {c.action for c in choices} == set(s.engine.legal_actions())
        bids = [c for c in choices if c.kind == "bid"]
        assert all(c.key == BID_KEYS[c.action] and f"&{c.key}".lower() in c.label.lower() or f"(&{c.key})" in c.label
                   for c in bids)
        assert all(c.card is not None and c.verb in ("play", "discard") for c in choices if c.kind == "card")
        scene = s.scene()
        assert scene["players"] == 4 and scene["human"] == HUMAN and scene["names"][HUMAN] == "You (South)"
        assert s.prompt()
        seen |= {c.kind for c in choices}
        assert s.human_action(rng.choice(choices).action)
    assert seen == {"bid", "card"}


def test_a_hint_job_reads_a_copy_and_names_a_legal_choice():
    s = session(seed=1)  # South bids first
    job = s.hint_job(lambda view: __import__("euchre_tourney.play", fromlist=["hint"]).hint(view, samples=4, bid_samples=4))
    before = s.game.hand.to_text()
    answer = job()
    assert answer.action in s.engine.legal_actions() and answer.words and answer.reason
    assert s.game.hand.to_text() == before
    run_computers(s)
    s.human_action(s.engine.legal_actions()[0])
    run_computers(s)
    if not s.human_to_act():
        assert s.hint_job() is None  # not the person's turn: no hint


def test_card_codes_in_a_reason_are_said_in_words():
    from euchre_tourney.play.session import _cards_in_words

    assert _cards_in_words("The 8C is the strongest card you do not hold.") == "The 8 of clubs is the strongest card you do not hold."
    assert _cards_in_words("Lead the JK, then AS' and 10D.") == "Lead the Benny, then the Ace of spades (second pack) and the 10 of diamonds."


def test_one_factory_makes_the_players_of_every_game():
    from euchre_tourney.play.session import computer_player, practice_games

    for key, (_title, rules) in practice_games().items():
        s = PracticeSession(rules, seed=3)
        turn = None
        while turn is None:
            turn = s.computer_turn()
            if turn is None:
                s.human_action(s.engine.legal_actions()[0])
        assert computer_player("easy", rules, 1) is not None
        assert s.apply_computer(turn.generation, turn.choose()), key
