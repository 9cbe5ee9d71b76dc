"""EGN game files (play/egn.py): round trips, recorded games, malformed files."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tourney.play import ALONE, MISDEAL, Game, Hand, RandomPlayer, make_player
from euchre_tourney.play.egn import EgnError, game_to_egn, read_egn, write_egn
from euchre_tourney.rules import PRESETS
from euchre_tourney.rules.cards import BENNY

DATA = Path(__file__).resolve().parent.parent / "data" / "egn"


def _key(hand: Hand):
    """Everything a hand is, but the order of the undealt cards (EGN has no kitty)."""
    return (hand.dealer, hand.dealt_hands(), hand.turn_up, sorted(hand.undealt), hand.history)


def _random_game(i: int) -> Game:
    key = list(PRESETS)[i % len(PRESETS)]
    rules = PRESETS[key]
    if i % 3 == 0:
        rules = rules.replace(stick_the_dealer=True, farmers_hand=True)
    game = Game(rules, i % 4, random.Random(i))
    players = [RandomPlayer(i * 4 + s) if i % 2 else make_player("easy") for s in range(4)]
    game.play_out(players)
    return game


def test_two_hundred_random_games_round_trip_action_for_action():
    for i in range(200):
        game = _random_game(i)
        back = read_egn(game_to_egn(game)).replay()
        assert [_key(h) for h in back.hands] == [_key(h) for h in game.hands], i
        assert (back.score, back.winner, back.rules) == (game.score, game.winner, game.rules)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(sorted(PRESETS)), cut=st.integers(0, 60))
def test_a_game_in_progress_round_trips(seed, preset, cut):
    game = Game(PRESETS[preset], seed % 4, random.Random(seed))
    rng = random.Random(seed)
    for _ in range(cut):
        if game.done:
            break
        game.apply(rng.choice(list(game.legal_actions())))
    hands = list(game.hands) + ([game.hand] if game.hand is not None and game.hand.history else [])
    back = read_egn(write_egn(hands, game.rules)).hands()
    from euchre_tourney.play.hand import ALONE_ROUND

    for a, b in zip(hands, back, strict=True):
        if a.phase == ALONE_ROUND:  # an unfinished going-alone round is written up to trump
            assert b.history == a.history[: len(b.history)]
        else:
            assert _key(a) == _key(b)


def test_vwec_finals_replays_to_the_recorded_result():
    record = read_egn((DATA / "VWEC Finals.egn").read_text(encoding="utf-8"))
    assert record.players == ("WWMM", "Llama", "Euchrazy1", "LeftyKnavey")
    assert record.rules.stick_the_dealer
    game = record.replay()
    assert len(game.hands) == 13 and game.done
    assert (game.score.ns, game.score.ew) == (8, 10)
    assert game.winner.value == "EW"
    loner = game.hands[7]  # East took up the ten of spades alone; West sat out
    assert loner.lone == 1 and loner.sitting_out == (3,)
    assert all(len(cards) == 3 for _, cards, _ in loner.tricks)


def test_six_points_in_two_hands():
    record = read_egn((DATA / "Six Points in Two Hands.egn").read_text(encoding="utf-8"))
    assert record.initial_score == (4, 9)
    game = record.replay()
    first, second = game.hands
    assert first.lone == 2 and first.score.points == 4  # South's lone march in hearts
    assert second.score.points == 2
    assert (game.score.ns, game.score.ew) == (10, 9) and game.done


def test_recorded_games_round_trip_through_the_writer():
    for path in DATA.glob("*.egn"):
        record = read_egn(path.read_text(encoding="utf-8"))
        again = read_egn(write_egn(record.hands(), record.rules, initial_score=record.initial_score))
        assert [_key(h) for h in again.hands()] == [_key(h) for h in record.hands()]


def _file(deals, ruleset=None, **meta):
    return json.dumps(
        {
            "fileType": "Euchre Game Notation",
            "version": "1.6",
            "metadata": {"players": ["a", "b", "c", "d"], "initialScore": [0, 0], "ruleset": ruleset or {}, **meta},
            "deals": deals,
        },
        indent=2,
    )


SIX = json.loads((DATA / "Six Points in Two Hands.egn").read_text(encoding="utf-8"))


def test_bowers_and_nine_written_as_r_l_n_read_as_cards():
    deal = json.loads(json.dumps(SIX["deals"][0]))
    tricks = deal["phases"][1]["tricks"]
    tricks[1] = ["R", "Ah", "Nh"]  # Jh is the right bower in hearts, 9h as N
    tricks[2] = ["L", "Kh", "Qh"]  # Jd the left
    hands = read_egn(_file([deal])).hands()
    assert hands[0].score.points == 4


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["deals"][0]["phases"][1]["tricks"][0].__setitem__(0, "Zz"), "is not a card"),
        (lambda d: d["deals"][0]["phases"][0]["calls"].__setitem__(5, "Bid"), "is not a call"),
        (lambda d: d["deals"][0]["initialState"].__setitem__("dealer", 7), "dealer must be a seat"),
        (lambda d: d["metadata"]["ruleset"].__setitem__("allow_no_trump", True), "no trump"),
        (lambda d: d.__setitem__("fileType", "PGN"), "not an EGN file"),
    ],
)
def test_malformed_files_name_the_line_and_the_problem(change, words):
    data = json.loads(json.dumps(SIX))
    change(data)
    text = json.dumps(data, indent=2)
    with pytest.raises(EgnError) as info:
        read_egn(text).replay()
    assert words in str(info.value)
    assert info.value.line is not None and str(info.value).startswith(f"line {info.value.line}:")
    if "deal" in info.value.problem:
        assert text.splitlines()[info.value.line - 1].strip().startswith('"initialState"')


def test_a_card_the_player_does_not_hold_is_refused_with_its_line():
    game = _random_game(4)
    data = json.loads(game_to_egn(game))
    deal = next(d for d in data["deals"] if len(d["phases"]) == 2 and len(d["phases"][1]["tricks"]) == 5)
    trick = deal["phases"][1]["tricks"][1]
    trick[1], trick[2] = trick[2], trick[1]  # two players' cards swapped
    text = json.dumps(data, indent=2)
    with pytest.raises(EgnError) as info:
        read_egn(text)
    assert "does not hold" in info.value.problem or "must follow suit" in info.value.problem
    assert text.splitlines()[info.value.line - 1].strip().startswith('"initialState"')


def test_a_deal_after_an_unfinished_one_is_refused():
    data = json.loads(json.dumps(SIX))
    del data["deals"][0]["phases"][1]  # the first deal stops after the bidding
    text = json.dumps(data, indent=2)
    with pytest.raises(EgnError) as info:
        read_egn(text).replay()
    assert "not played to its end" in info.value.problem and info.value.line == _line_of_deal(text, 1)


def _line_of_deal(text: str, index: int) -> int:
    lines = [n for n, line in enumerate(text.splitlines(), 1) if '"initialState"' in line]
    return lines[index]


def test_broken_json_names_its_line():
    with pytest.raises(EgnError) as info:
        read_egn('{\n  "fileType": "Euchre Game Notation",\n  "version": 1.6,,\n}')
    assert info.value.line == 3 and "not a JSON EGN file" in str(info.value)


def test_benny_turn_up_misdeal_and_partner_alone_round_trip():
    british = PRESETS["british"]
    # The Benny turned up: the dealer names trump before looking (001).
    deal = [[r + s for r in ("9", "T", "J", "Q", "K")] for s in "CDHS"]
    benny = Hand(british, 1, [[f"{r}{s}" for r, s in zip("9TJQK", "CCCCC")], ["9D", "TD", "JD", "QD", "KD"], ["9H", "TH", "JH", "QH", "KH"], ["9S", "TS", "JS", "QS", "KS"]], BENNY)
    benny.apply("name:S")
    rng = random.Random(1)
    while not benny.done:
        benny.apply(rng.choice(list(benny.legal_actions())))
    # The maker's partner goes alone (British: any player may, 001).
    partner = Hand(british, 0, deal, "AC")
    partner.apply("order")
    assert partner.legal_actions() == (128, ALONE) and partner.to_act == 1
    partner.apply("pass")
    partner.apply("alone")
    while not partner.done:
        partner.apply(rng.choice(list(partner.legal_actions())))
    assert partner.lone == 3
    # A farmer's hand misdeal: the same dealer deals again.
    farm_rules = PRESETS["thirty_two"].replace(farmers_hand=True)
    farm = Hand(farm_rules, 3, [["7C", "8C", "9C", "TC", "7D"], ["JC", "QC", "KC", "AC", "8D"], ["9D", "TD", "JD", "QD", "KD"], ["AD", "7H", "8H", "9H", "TH"]], "JH")
    assert MISDEAL in farm.legal_actions()
    farm.apply("pass")
    nxt = Hand.deal(farm_rules, 3, random.Random(3))
    for hands, rules in (([benny], british), ([partner], british), ([farm, nxt], farm_rules)):
        back = read_egn(write_egn(hands, rules)).hands()
        assert [_key(h) for h in back] == [_key(h) for h in hands]


def test_an_illegal_card_is_named_in_words_a_person_reads():
    # issue 20: "legal: play:JS, play:KS" was the engine's notation
    game = _random_game(4)
    data = json.loads(game_to_egn(game))
    deal = next(d for d in data["deals"] if len(d["phases"]) == 2 and len(d["phases"][1]["tricks"]) == 5)
    trick = deal["phases"][1]["tricks"][1]
    trick[1], trick[2] = trick[2], trick[1]
    with pytest.raises(EgnError) as info:
        read_egn(json.dumps(data, indent=2))
    message = info.value.problem
    assert "play:" not in message and "discard:" not in message
    assert re.search(r"the (9|10|jack|queen|king|ace) of (clubs|diamonds|hearts|spades)|the Benny", message)
    assert " may play " in message


def _match_text() -> str:
    games = [json.loads((DATA / name).read_text(encoding="utf-8")) for name in ("Six Points in Two Hands.egn", "VWEC Finals.egn")]
    return json.dumps(
        {
            "fileType": "Euchre Match Notation",
            "version": "1.2",
            "metadata": {
                "title": "Club final",
                "players": [{"id": f"p-{i}", "name": name} for i, name in enumerate(["Ann", "Bo", "Cy", "Di"])],
            },
            "games": [
                {"gameIndex": 0, "playersOverride": ["p-0", "p-1", "p-2", "p-3"], "gameData": games[0]},
                {"gameIndex": 1, "gameData": games[1]},
            ],
        },
        indent=2,
    )


def test_a_match_file_lists_its_games_and_opens_each():
    from euchre_tourney.play.egn import read_emn

    match = read_emn(_match_text())
    assert match.title == "Club final" and [g.number for g in match.games] == [1, 2]
    assert match.games[0].players == ("Ann", "Bo", "Cy", "Di")
    first = match.games[0].read()
    assert first.players == ("Ann", "Bo", "Cy", "Di") and first.deals
    second = match.games[1].read()
    assert len(second.deals) == len(read_egn((DATA / "VWEC Finals.egn").read_text(encoding="utf-8")).deals)
    with pytest.raises(EgnError) as info:
        read_emn((DATA / "VWEC Finals.egn").read_text(encoding="utf-8"))
    assert "not a match file" in str(info.value)


# --- games of 2 to 6 seats (and any game of the general engine) ------------------------

from euchre_tourney.play.table.game import TableGame  # noqa: E402
from euchre_tourney.play.table.hand import TableHand  # noqa: E402
from euchre_tourney.play.table.players import MediumPlayer  # noqa: E402
from euchre_tourney.rules import tables  # noqa: E402


def _table_game(rules, seed: int, max_actions: int = 4000) -> TableGame:
    """A game of ``rules`` played by the medium player at every seat (random
    choices one time in five, so games differ), to its end when it ends."""
    game = TableGame(rules, seed % rules.players, seed)
    rng = random.Random(seed)
    medium = MediumPlayer()
    for _ in range(max_actions):
        if game.done:
            break
        legal = list(game.legal_actions())
        game.apply(rng.choice(legal) if rng.random() < 0.2 else medium.choose(game.view()))
    return game


@pytest.mark.parametrize("key", sorted(tables.TABLE_PRESETS))
def test_a_game_of_every_table_preset_writes_reads_and_replays(key):
    rules = tables.TABLE_PRESETS[key]
    for seed in (1, 2):
        game = _table_game(rules, seed)
        assert game.done and game.winner is not None
        text = game_to_egn(game, title=f"{key} {seed}")
        data = json.loads(text)
        assert data["fileType"] == "Euchre Game Notation"
        assert data["metadata"]["ruleset"]["num_players"] == rules.players
        assert len(data["metadata"]["players"]) == rules.players
        assert len(data["deals"]) == len(game.hands)
        record = read_egn(text)
        assert record.rules == rules and record.final_score == tuple(game.scores)
        again = record.replay()
        assert isinstance(again, TableGame)
        assert again.scores == game.scores and again.winner == game.winner
        assert again.to_text() == game.to_text()
        assert [h.result() for h in again.hands] == [h.result() for h in game.hands]
        assert game_to_egn(again, title=f"{key} {seed}") == text


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_a_four_seat_game_of_the_general_engine_writes_reads_and_replays(key):
    rules = tables.TableRules.from_ruleset(PRESETS[key].replace(farmers_hand=True))
    game = _table_game(rules, 5)
    record = read_egn(game_to_egn(game))
    assert record.rules == rules
    again = record.replay()
    assert again.scores == game.scores and again.winner == game.winner and again.to_text() == game.to_text()


def test_a_table_game_in_progress_round_trips():
    game = TableGame(tables.FIVE_PARTNER_PICK, 2, 9)
    rng = random.Random(9)
    for _ in range(57):
        game.apply(rng.choice(list(game.legal_actions())))
    record = read_egn(game_to_egn(game))
    hands = record.hands()
    assert [h.to_text() for h in hands] == game.to_text().splitlines()
    assert hands[-1].to_text() == game.hand.to_text() and not hands[-1].done


def test_table_files_refuse_what_does_not_replay():
    game = _table_game(tables.CUTTHROAT, 3)
    data = json.loads(game_to_egn(game))
    bad = json.loads(json.dumps(data))
    bad["deals"][0]["phases"][0]["actions"][0] = "play:AS"
    with pytest.raises(EgnError, match=r"deal 1, action 1 \(play:AS\)") as exc:
        read_egn(json.dumps(bad, indent=2))
    assert exc.value.line is not None
    bad = json.loads(json.dumps(data))
    bad["deals"][0]["initialState"]["packOrder"][0] = "ZZ"
    with pytest.raises(EgnError, match="no card"):
        read_egn(json.dumps(bad))
    bad = json.loads(json.dumps(data))
    del bad["deals"][0]["phases"]
    with pytest.raises(EgnError, match="ACTIONS"):
        read_egn(json.dumps(bad))
    bad = json.loads(json.dumps(data))
    bad["metadata"]["initialScore"] = [0, 0]
    with pytest.raises(EgnError, match="3 whole numbers"):
        read_egn(json.dumps(bad))
    # a deal whose dealer does not rotate
    bad = json.loads(json.dumps(data))
    bad["deals"][1]["initialState"]["dealer"] = bad["deals"][0]["initialState"]["dealer"]
    with pytest.raises(EgnError, match="rotates"):
        read_egn(json.dumps(bad)).replay()


def test_a_table_deal_without_its_pack_order_is_rebuilt_from_the_cards():
    game = _table_game(tables.SIX_PLAYER_33, 4)
    data = json.loads(game_to_egn(game))
    for deal in data["deals"]:
        del deal["initialState"]["packOrder"]
    again = read_egn(json.dumps(data)).replay()
    assert again.scores == game.scores and [h.history for h in again.hands] == [h.history for h in game.hands]
