"""The one practice session at the tables of 2 to 6 seats, without a
window: every game of ``rules.tables`` plays to its end through the
session's choices, with take-back, replay and swap of a deal, hints, the
felt's description, statistics and game files."""

from __future__ import annotations

import json
import random

import pytest

from euchre_tourney.play.session import (
    CHOICE_KEYS,
    TABLE_HUMAN,
    PracticeEngine,
    PracticeSession,
    TableEngine,
    level_name,
    practice_games,
)
from euchre_tourney.play.egn import EgnError, game_to_egn, read_egn
from euchre_tourney.play.table import Act
from euchre_tourney.play.table.game import TableGame
from euchre_tourney.rules import PRESETS, tables

GAMES = sorted(tables.TABLE_PRESETS)


def _run_computers(s: PracticeSession) -> None:
    while (turn := s.computer_turn()) is not None:
        assert s.apply_computer(turn.generation, turn.choose())


def _play(s: PracticeSession, rng: random.Random, steps: int = 5000) -> None:
    for _ in range(steps):
        _run_computers(s)
        if s.over:
            return
        if s.shown is not None:
            assert s.next_hand()
            continue
        choices = s.choices()
        assert {c.action for c in choices} == set(s.engine.legal_actions())
        assert s.human_action(rng.choice(choices).action)


def test_engine_follows_the_practice_protocol():
    s = PracticeSession(tables.CUTTHROAT, seed=1)
    assert isinstance(s.engine, TableEngine) and isinstance(s.engine, PracticeEngine)
    assert s.engine.seats == 3 and s.engine.scores() == (0, 0, 0)
    assert s.human == TABLE_HUMAN and set(s.players) == {1, 2}


def test_every_game_is_one_of_the_sessions_games():
    games = practice_games()
    assert set(tables.TABLE_PRESETS) <= set(games) and set(PRESETS) <= set(games)
    for key in games:
        s = PracticeSession(key, seed=2)
        assert s.seats == (games[key][1].players if key in tables.TABLE_PRESETS else 4)
        assert len(s.players) == s.seats - 1


@pytest.mark.parametrize("key", GAMES)
def test_every_game_plays_to_its_end_through_the_choices(key):
    s = PracticeSession(tables.TABLE_PRESETS[key].replace(target=3), seed=5, levels=None)
    rng = random.Random(1)
    hinted: set[str] = set()
    seen: set[str] = set()
    for _ in range(5000):
        _run_computers(s)
        if s.over:
            break
        if s.shown is not None:
            assert s.banner() and s.hand_log().result
            assert s.next_hand()
            continue
        choices = s.choices()
        keyed = [c for c in choices if c.kind == "bid"]
        keys = [c.key for c in keyed]
        assert len(set(keys)) == len(keys) and set(keys) <= set(CHOICE_KEYS), keys
        assert all(c.card is not None for c in choices if c.kind != "bid")
        scene = s.scene()
        assert scene["players"] == s.seats and len(scene["names"]) == s.seats
        assert s.prompt()
        kind = "bid" if keyed else "card"
        seen.add(kind)
        if kind not in hinted:  # a hint (a search of ~0.1 s) once for a bid and once for a card
            job = s.hint_job()
            assert job is not None and job().action in {c.action for c in choices}
            hinted.add(kind)
        assert s.human_action(rng.choice(choices).action)
    assert s.over and max(s.engine.scores()) >= 3 and hinted == seen and "card" in seen
    assert "win" in s.winner_words()
    row = s.stats.row(*s.stats_key())
    assert row.games == 1


def test_a_whole_game_take_back_replay_and_statistics(tmp_path):
    path = tmp_path / "stats.json"
    s = PracticeSession(tables.SIX_PLAYER_33.replace(target=4), seed=3, stats_path=path)
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
        assert not s.apply_computer(stale.generation, stale.choose())
    for _ in range(2000):
        _run_computers(s)
        if s.game.over:  # (next_hand now would start the next game)
            break
        if s.shown is not None:
            assert s.next_hand()
        elif s.human_to_act():
            s.human_action(s.engine.legal_actions()[0])
    assert s.game.over
    row = s.stats.row(*s.stats_key())
    assert row.games == 1 and row.hands == len([h for h in s.game.hands if not h.thrown_in])
    assert path.exists()


def test_replay_deal_deals_the_same_cards_and_score():
    s = PracticeSession(tables.FIVE_PARTNER_PICK, seed=8)
    deal = s.game.hand.order
    _run_computers(s)
    s.human_action(s.engine.legal_actions()[0])
    _run_computers(s)
    assert s.replay_deal()
    assert s.game.hand.order == deal and s.game.hand.history == [] and s.game.scores == [0] * 5


@pytest.mark.parametrize("key", ["two_handed", "cutthroat", "six_player_double"])
def test_swap_hands_gives_the_person_the_next_seats_cards(key):
    s = PracticeSession(key, seed=4)
    h = s.game.hand
    dealt, dealer = [list(x) for x in h.hands], h.dealer
    for k in range(1, s.seats + 1):
        assert s.swap_hands()
        g = s.game.hand
        assert g.order == h.order and g.history == []
        assert sorted(g.hands[TABLE_HUMAN]) == sorted(dealt[k % s.seats]) and g.dealer == (dealer - k) % s.seats
    assert s.swap == 0


def test_a_game_file_of_any_game_saves_opens_steps_and_leaves_the_game_untouched():
    s = PracticeSession(tables.ALMONTE_SIX.replace(target=3), seed=6)
    _play(s, random.Random(2), 40)
    text = s.egn_text(when="2026-11-29T10:00")
    record = read_egn(text)
    assert record.rules == s.rules and len(record.players) == 6 and record.players[0] == "You"
    played = [h.history for h in s.game.hands] + ([] if s.game.hand.done else [s.game.hand.history])
    s.open_egn(text)
    assert s.replay is not None and s.computer_turn() is None and not s.human_to_act()
    assert s.scene()["faces"][1] is not None  # every face while a file is stepped through
    s.step_replay(len(s.replay.steps))
    assert [h.history for h in s.replay.game.hands] == [h.history for h in s.game.hands]
    assert s.score_items() == list(zip(s.side_names(), s.engine.scores(), strict=True))
    assert s.leave_replay() and s.replay is None
    assert [h.history for h in s.game.hands] + ([] if s.game.hand.done else [s.game.hand.history]) == played
    hand_only = read_egn(s.egn_text(whole_game=False))
    assert len(hand_only.deals) == 1


def test_a_bad_table_file_is_refused_in_words():
    s = PracticeSession("cutthroat", seed=1)
    _play(s, random.Random(1), 3)
    text = s.egn_text()
    with pytest.raises(EgnError):
        s.open_egn(text.replace('"pass"', '"bid:9"', 1) if '"pass"' in text else text.replace("play:", "play:X", 1))
    assert s.replay is None


def test_a_partner_card_and_a_hint_read_in_words():
    s = PracticeSession("five_partner_pick", seed=4)
    rng = random.Random(4)
    for _ in range(3000):
        _run_computers(s)
        if s.shown is not None:
            s.next_hand()
            continue
        choices = s.choices()
        listed = [c for c in choices if c.kind == "list"]
        if listed:
            assert all(tables.text(c.card) not in c.words for c in listed)
            answer = s.hint_job()()
            assert answer.action in {c.action for c in choices} and tables.text(answer.action.arg) not in answer.reason
            s.human_action(listed[0].action)
            assert f"partner card {tables.name(listed[0].card)}" in s.scene()["centre"]
            return
        s.human_action(rng.choice(choices).action)
    pytest.skip("the person was never the maker")


def test_level_names_at_any_table():
    assert level_name({1: "hard", 2: "hard"}, 3) == "Hard"
    assert level_name({1: "hard", 2: "easy"}, 3) == "Alex Hard, Blair Easy"
    assert level_name({0: "hard", 1: "easy", 3: "easy"}) == "partner Hard, opponents Easy"


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


@pytest.mark.parametrize("key", ["north_american", "cutthroat"])
def test_a_game_saved_after_swapping_hands_opens_again(key):
    s = PracticeSession(key, seed=3)
    _play(s, random.Random(1), 30)  # a hand or more played as dealt
    while s.shown is None and not s.over:
        _play(s, random.Random(2), 1)
    assert s.next_hand() and s.swap_hands()
    _play(s, random.Random(3), 200)
    s.open_egn(s.egn_text(when="2026-11-29T11:00"))
    assert s.replay is not None


def _game_with_a_swapped_deal(key: str, at: int, swaps: int, seed: int = 5) -> PracticeSession:
    """A practice game played to its end whose deal ``at`` (0-based) was
    swapped ``swaps`` times (dealt from a chair ``swaps`` seats back)."""
    s = PracticeSession(key, seed=seed)
    rng = random.Random(seed)
    while len(s.game.hands) < at:
        _play(s, rng, 1)
        assert not s.over
    if s.shown is not None:
        assert s.next_hand()
    dealer = s.engine.hand().dealer
    for _ in range(swaps):
        assert s.swap_hands()
    assert s.engine.hand().dealer == (dealer - swaps) % s.seats
    assert s.game.moved == {at: swaps}
    _play(s, rng)
    assert s.over and len(s.game.hands) > at + 1
    return s


def _line_of_deal(text: str, i: int) -> int:
    """The line of deal ``i``'s ``initialState`` in the file."""
    return [n for n, line in enumerate(text.splitlines(), 1) if '"initialState"' in line][i]


def _deals(text: str) -> list[dict]:
    return json.loads(text)["deals"]


def _with_marks(text: str, marks: dict[int, object]) -> str:
    """The file with the deals' ``dealerMovedBack`` set (``None``: removed)."""
    data = json.loads(text)
    for i, k in marks.items():
        state = data["deals"][i]["initialState"]
        if k is None:
            state.pop("dealerMovedBack", None)
        else:
            state["dealerMovedBack"] = k
    return json.dumps(data, indent=2)


@pytest.mark.parametrize("key", ["north_american", "cutthroat", "six_player_33", "five_partner_pick"])
@pytest.mark.parametrize(("at", "swaps"), [(0, 1), (2, 1), (2, 2)])
def test_a_game_with_a_swapped_deal_saves_opens_and_steps_to_the_end_with_the_same_scores(key, at, swaps):
    s = _game_with_a_swapped_deal(key, at, swaps)
    live = s.game
    text = s.egn_text(when="2026-11-29T11:30")
    marks = {i: d["initialState"].get("dealerMovedBack") for i, d in enumerate(_deals(text))}
    assert marks == {i: (swaps if i == at else None) for i in range(len(live.hands))}
    assert read_egn(text).moved == {at: swaps}
    s.open_egn(text)
    s.step_replay(len(s.replay.steps))
    replayed = s.replay.game
    assert replayed.done and replayed.winning_unit() == live.winning_unit()
    assert tuple(replayed.scores) == tuple(live.scores)
    assert [h.dealer for h in replayed.hands] == [h.dealer for h in live.hands]
    assert replayed.moved == {at: swaps}
    # saved again from the file, the same text
    assert game_to_egn(read_egn(text).replay(), players=tuple(json.loads(text)["metadata"]["players"]),
                       title="Practice game", date="2026-11-29T11:30") == text


@pytest.mark.parametrize("key", ["north_american", "cutthroat"])
def test_a_file_whose_dealer_jumps_without_saying_so_is_refused_in_words(key):
    s = _game_with_a_swapped_deal(key, 2, 1)
    text = _with_marks(s.egn_text(), {2: None})
    with pytest.raises(EgnError, match="deal 3: The deal rotates clockwise: .* deals this hand, not ") as exc:
        s.open_egn(text)
    assert exc.value.line == _line_of_deal(text, 2) and s.replay is None


@pytest.mark.parametrize("key", ["north_american", "cutthroat"])
def test_a_marked_dealer_jump_that_is_not_the_one_said_is_refused_in_words(key):
    s = _game_with_a_swapped_deal(key, 2, 1)
    text = s.egn_text()
    # the swapped deal said to be moved two seats back: its dealer is one back
    with pytest.raises(EgnError, match="deal 3: This deal was dealt from a chair moved 2 seats back: .* had the turn, so .* deals it, not "):
        s.open_egn(_with_marks(text, {2: 2}))
    # a deal dealt in turn said to be moved
    with pytest.raises(EgnError, match="deal 2: This deal was dealt from a chair moved 1 seat back"):
        s.open_egn(_with_marks(text, {1: 1}))
    assert s.replay is None


@pytest.mark.parametrize("key", ["north_american", "cutthroat"])
@pytest.mark.parametrize("bad", [-1, "one", True, 1.0, "seats"])
def test_a_mark_that_is_not_a_rotation_of_the_table_is_refused_in_words(key, bad):
    s = _game_with_a_swapped_deal(key, 2, 1)
    n = s.seats
    bad = n if bad == "seats" else bad  # a whole turn of the table is no moved chair
    text = _with_marks(s.egn_text(), {2: bad})
    with pytest.raises(EgnError, match=f"deal 3: dealerMovedBack .* must be a whole number 1 to {n - 1}, not ") as exc:
        read_egn(text)
    assert exc.value.line == _line_of_deal(text, 2)


@pytest.mark.parametrize("key", ["north_american", "cutthroat"])
def test_swapping_round_to_the_persons_own_cards_unmarks_the_deal_and_take_back_keeps_the_mark(key):
    s = PracticeSession(key, seed=7)
    _play(s, random.Random(7), 1)
    while s.shown is None and not s.over:
        _play(s, random.Random(8), 1)
    assert s.next_hand()
    at = len(s.game.hands)
    assert s.swap_hands() and s.game.moved == {at: 1}
    _run_computers(s)
    assert s.human_to_act() and s.human_action(s.choices()[0].action) and s.take_back()
    assert s.game.moved == {at: 1}
    assert s.replay_deal() and s.game.moved == {at: 1}
    for _ in range(s.seats - 1):
        assert s.swap_hands()
    assert s.game.moved == {}


def _state(game) -> str:
    """Everything a game holds, as text (the rng by its state)."""
    def dump(v, seen):
        if isinstance(v, random.Random):
            return repr(v.getstate())
        if hasattr(v, "__dict__") and not isinstance(v, type):
            if id(v) in seen:
                return "<seen>"
            seen = seen | {id(v)}
            return type(v).__name__ + "{" + ",".join(f"{k}:{dump(x, seen)}" for k, x in sorted(vars(v).items())) + "}"
        if isinstance(v, dict):
            return "{" + ",".join(f"{dump(k, seen)}:{dump(x, seen)}" for k, x in v.items()) + "}"
        if isinstance(v, (list, tuple, set)):
            return type(v).__name__ + "[" + ",".join(dump(x, seen) for x in v) + "]"
        return repr(v)
    return dump(game, frozenset())


@pytest.mark.parametrize("game", GAMES)
def test_a_snapshot_stays_as_it_was_taken_while_the_game_plays_on_and_restores_it(game):
    """A take-back snapshot shares the finished hands with the game (they
    never change again): played on to the end, every snapshot still reads as
    it did when taken, and restoring one gives that state back."""
    engine = TableEngine(TableGame(tables.TABLE_PRESETS[game], rng=4))
    rng = random.Random(9)
    taken = []
    for _ in range(400):
        if engine.done:
            break
        if engine.game.hand.done:
            engine.deal_next()
            continue
        if rng.random() < 0.1:
            taken.append((engine.snapshot(), _state(engine.game)))
        engine.apply(rng.choice(engine.legal_actions()))
    assert len({id(h) for snap, _ in taken for h in snap.hands}) >= 2
    for snap, text in taken:
        assert _state(snap) == text
    snap, text = taken[len(taken) // 2]
    engine.restore(snap)
    assert _state(engine.game) == text
    engine.apply(engine.legal_actions()[0])
    assert _state(snap) == text  # the restored game is a copy, not the snapshot
