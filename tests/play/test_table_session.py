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


def test_hard_player_never_looks_at_a_railroaded_card(monkeypatch):
    """Before looking at the offered card the lone player decides as the
    medium player would: the search (which would deal the real card into
    its samples) is not used."""
    from euchre_tourney.play.table import SampleSearchPlayer, TableHand, seat_view
    from euchre_tourney.play.table import players as P
    from euchre_tourney.play.table.hand import GIVE, RAIL

    h = TableHand(tables.FOUR_RAILROAD, 3, rng=11)
    h.apply("order!")
    if h.phase == 5:
        h.apply(h.legal_actions()[0])
    assert h.phase == GIVE
    h.apply(Act("give", h.hands[2][0]))
    assert h.phase == RAIL
    monkeypatch.setattr(P, "_sample_world", lambda *a: (_ for _ in ()).throw(AssertionError("searched")))
    hard = SampleSearchPlayer(samples=2, deadline_s=None, rng=1)
    assert hard.choose(seat_view(h, 0), h) == Act("take")
    h.apply("take")
    hard.choose(seat_view(h, 0), h)  # the discard before looking: not searched either
