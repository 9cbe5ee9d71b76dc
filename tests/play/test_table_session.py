"""TableSession: the 2-6 seat practice game without a window."""

from __future__ import annotations

from euchre_tourney.play.session import PracticeEngine
from euchre_tourney.play.table import Act, TableEngine, TableSession
from euchre_tourney.rules import tables


def _run_computers(s: TableSession) -> None:
    while (turn := s.computer_turn()) is not None:
        assert s.apply_computer(turn.generation, turn.player.choose(turn.view))


def test_engine_follows_the_practice_protocol():
    s = TableSession(tables.CUTTHROAT, seed=1)
    assert isinstance(s.engine, TableEngine) and isinstance(s.engine, PracticeEngine)
    assert s.engine.seats == 3 and s.engine.scores() == (0, 0, 0)


def test_a_whole_game_take_back_replay_and_statistics(tmp_path):
    path = tmp_path / "stats.json"
    s = TableSession(tables.SIX_PLAYER_33.replace(target=4), seed=3, stats_path=path)
    _run_computers(s)
    assert s.human_to_act()
    assert not s.human_action(Act("bid", 9))  # not legal: ignored
    before = s.engine.to_text()
    first = s.engine.legal_actions()[0]
    assert s.human_action(first)
    assert s.can_take_back
    stale = s.computer_turn()
    assert s.take_back() and s.engine.to_text() == before
    if stale is not None:  # an answer asked before the take-back is dropped
        assert not s.apply_computer(stale.generation, stale.player.choose(stale.view))
    for _ in range(2000):
        if s.game.over:
            break
        _run_computers(s)
        if s.showing_result:
            assert s.next_hand()
        elif s.human_to_act():
            s.human_action(s.engine.legal_actions()[0])
    assert s.game.over
    row = s.stats.row(*s.stats_key())
    assert row.games == 1 and row.hands == len([h for h in s.game.hands if not h.thrown_in])
    assert path.exists()


def test_replay_deal_deals_the_same_cards_and_score():
    s = TableSession(tables.FIVE_PARTNER_PICK, seed=8)
    deal = s.hand.order
    _run_computers(s)
    s.human_action(s.engine.legal_actions()[0])
    _run_computers(s)
    assert s.replay_deal()
    assert s.hand.order == deal and s.hand.history == [] and s.game.scores == [0] * 5
