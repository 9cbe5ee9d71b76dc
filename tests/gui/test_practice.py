"""The practice table driven through its widgets (offscreen): whole games
under three presets, disabled cards, take-back, replaying and swapping a
deal, a slow computer player, hints, game files, statistics, the dialog,
the main window's entry and the command line."""

from __future__ import annotations

import json
import random
import threading

import pytest
from PySide6.QtCore import Qt, QTimer

from euchre_tourney import cli
from euchre_tourney.gui.practice import PracticeWindow, SettingsDialog, TableSettings
from euchre_tourney.gui.practice.table import HUMAN
from euchre_tourney.play import PASS, make_player
from euchre_tourney.play.actions import DISCARD
from euchre_tourney.play.hand import DISCARDING, PLAYING
from euchre_tourney.rules import PRESETS


@pytest.fixture
def table(qtbot, gui_env, tmp_path):
    windows = []

    def make(rules=PRESETS["north_american"], seed=1, **kwargs):
        # the easy level keeps a whole game fast once the searching players land (~1 s a decision)
        kwargs.setdefault("player_factory", lambda level, seed=None: make_player("easy", seed))
        w = PracticeWindow(TableSettings(rules=rules, pause_ms=0), seed=seed, stats_path=tmp_path / "stats.json", **kwargs)
        qtbot.addWidget(w)
        w.resize(1280, 720)
        w.show()
        windows.append(w)
        return w

    return make


def settle(qtbot, w):
    """Wait until the player must act, a hand summary shows, or the game is over."""
    qtbot.waitUntil(
        lambda: w.shown is not None or w.game.done or (w.game.to_act == HUMAN and not w.thinking), timeout=60000
    )


def controls(w):
    """The enabled controls with the action each one takes."""
    out = [(b, a) for a, b in w.bid_buttons.items() if b.isVisible() and b.isEnabled()]
    discarding = w.game.hand.phase == DISCARDING
    out += [(b, DISCARD + b.card if discarding else b.card) for b in w.cards if b.isEnabled()]
    return out


def play_whole_game(qtbot, w, rng):
    """Click random enabled controls to the end of the game; check each
    action against the engine and the score shown against the engine's."""
    g = w.game
    hands = 0
    while True:
        settle(qtbot, w)
        if w.shown is not None:
            hands += 1
            assert f"You &amp; North: {g.score.ns}" in w.score_label.text() or f"You & North: {g.score.ns}" in w.score_label.text()
            assert f"East &amp; West: {g.score.ew}" in w.score_label.text() or f"East & West: {g.score.ew}" in w.score_label.text()
            if g.done:
                return hands
            qtbot.mouseClick(w.next_button, Qt.LeftButton)
            continue
        hand = g.hand
        legal = set(hand.legal_actions())
        shown = controls(w)
        assert {a for _, a in shown} == legal  # exactly the legal actions are offered
        button, action = rng.choice(shown)
        n = len(hand.history)
        qtbot.mouseClick(button, Qt.LeftButton)
        assert hand.history[n] == action


@pytest.mark.parametrize(
    "rules",
    [PRESETS["north_american"].replace(stick_the_dealer=True), PRESETS["british"], PRESETS["thirty_two"]],
    ids=["north-american-stick-the-dealer", "british-benny", "thirty-two"],
)
def test_a_whole_game_through_the_widgets(qtbot, table, rules):
    w = table(rules=rules, seed=11)
    hands = play_whole_game(qtbot, w, random.Random(5))
    g = w.game
    assert g.done and hands == len(g.hands)
    assert max(g.score.ns, g.score.ew) >= rules.target
    assert "win" in w.prompt.text() and w.next_button.text() == "New game"
    stats = json.loads(w.stats_path.read_text())
    assert stats["games"] == 1 and stats["hands"] == sum(h.score is not None for h in g.hands)
    qtbot.mouseClick(w.next_button, Qt.LeftButton)  # a new game
    assert not w.game.done and w.game.score.ns == w.game.score.ew == 0


def _until_disabled_card(qtbot, w, rng):
    while True:
        settle(qtbot, w)
        if w.shown is not None:
            qtbot.mouseClick(w.next_button, Qt.LeftButton)
            continue
        if w.game.hand.phase == PLAYING and any(not b.isEnabled() for b in w.cards):
            return
        button, _ = rng.choice(controls(w))
        qtbot.mouseClick(button, Qt.LeftButton)


def test_a_disabled_card_cannot_be_played(qtbot, table):
    w = table(seed=3)
    _until_disabled_card(qtbot, w, random.Random(2))
    before = w.game.hand.to_text()
    blocked = next(i for i, b in enumerate(w.cards) if not b.isEnabled())
    card = w.cards[blocked].card
    assert card not in w.game.hand.legal_actions()
    qtbot.mouseClick(w.cards[blocked], Qt.LeftButton)
    qtbot.keyClick(w, str(blocked + 1))
    assert not w.human_action(card)
    assert w.game.hand.to_text() == before and w.game.to_act == HUMAN
    assert "cannot be played" in w.cards[blocked].accessibleName()
    w.activateWindow()
    qtbot.waitActive(w)
    playable = next(i for i, b in enumerate(w.cards) if b.isEnabled())
    card = w.cards[playable].card
    qtbot.keyClick(w, str(playable + 1))  # keyboard play: its number
    assert w.game.hand is not None and card in (w.game.hands[-1] if w.shown else w.game.hand).history


def test_take_back_restores_the_exact_state(qtbot, table):
    w = table(seed=8)
    rng = random.Random(4)
    for _ in range(6):  # take back at several moments of the game
        settle(qtbot, w)
        if w.shown is not None:
            qtbot.mouseClick(w.next_button, Qt.LeftButton)
            settle(qtbot, w)
        before = w.game.hand.to_text()
        score = w.game.score
        button, _ = rng.choice(controls(w))
        qtbot.mouseClick(button, Qt.LeftButton)
        settle(qtbot, w)  # the computer players act after the player
        qtbot.mouseClick(w.undo_button, Qt.LeftButton)
        settle(qtbot, w)
        assert w.game.hand.to_text() == before and w.game.score == score and w.shown is None
        button, _ = rng.choice(controls(w))
        qtbot.mouseClick(button, Qt.LeftButton)


def test_replay_this_deal_deals_the_same_cards_and_swap_hands_changes_seat(qtbot, table):
    w = table(seed=21)
    settle(qtbot, w)
    deal = w.deal_start.state.hand
    dealt, up, dealer = deal.dealt_hands(), deal.turn_up, deal.dealer
    rng = random.Random(9)
    for _ in range(4):
        settle(qtbot, w)
        if w.shown is not None:
            break
        qtbot.mouseClick(rng.choice(controls(w))[0], Qt.LeftButton)
    qtbot.mouseClick(w.replay_button, Qt.LeftButton)
    settle(qtbot, w)
    hand = w.game.hand
    assert hand.dealt_hands() == dealt and hand.turn_up == up and hand.dealer == dealer
    assert w.game.score.ns == w.game.score.ew == 0
    qtbot.mouseClick(w.swap_button, Qt.LeftButton)  # South now holds West's cards
    settle(qtbot, w)
    swapped = w.game.hand
    assert swapped.dealt_hands()[HUMAN] == dealt[3] and swapped.turn_up == up
    assert swapped.dealt_hands()[0] == dealt[1] and swapped.dealer == (dealer - 1) % 4


class _Gate:
    """A computer player that waits until the test opens the gate."""

    def __init__(self, gate: threading.Event) -> None:
        self.gate = gate
        self.inner = make_player("easy")
        self.started = threading.Event()

    def choose(self, view):
        self.started.set()
        self.gate.wait(10)
        return self.inner.choose(view)


def test_the_window_stays_responsive_while_a_computer_player_thinks(qtbot, table):
    gate = threading.Event()
    made = []

    def factory(level, seed=None):
        made.append(_Gate(gate))
        return made[-1]

    w = table(seed=2, player_factory=factory)
    if w.game.to_act == HUMAN:
        qtbot.mouseClick(controls(w)[0][0], Qt.LeftButton)
    qtbot.waitUntil(lambda: any(p.started.is_set() for p in made), timeout=60000)
    ticked = []
    QTimer.singleShot(0, lambda: ticked.append(True))
    qtbot.waitUntil(lambda: ticked == [True], timeout=60000)  # the event loop ran a timer
    assert w.thinking and "thinking" in w.prompt.text()
    w.repaint()  # and the window can paint
    gate.set()
    settle(qtbot, w)
    assert not w.thinking


def test_hint_runs_off_the_gui_thread_and_names_a_legal_action(qtbot, table):
    seen = {}

    def slow_hint(view):
        from euchre_tourney.play import hint

        seen["thread"] = threading.current_thread() is threading.main_thread()
        return hint(view)

    w = table(seed=6, hint_fn=slow_hint)
    settle(qtbot, w)
    qtbot.mouseClick(w.hint_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: w.hint_label.text().startswith("Hint:"), timeout=60000)
    assert seen["thread"] is False


def test_save_and_open_a_game_file(qtbot, table, tmp_path, gui_env):
    w = table(seed=12)
    rng = random.Random(3)
    for _ in range(40):
        settle(qtbot, w)
        if w.shown is not None:
            qtbot.mouseClick(w.next_button, Qt.LeftButton)
            continue
        qtbot.mouseClick(rng.choice(controls(w))[0], Qt.LeftButton)
    settle(qtbot, w)
    path = tmp_path / "game.egn"
    assert w.save_egn(str(path))
    played = [h.history for h in w.game.hands] + [w.game.hand.history]
    assert w.open_egn(str(path))
    steps = w.replay.steps
    assert len(steps) == sum(len(h) for h in played if h)
    w.activateWindow()
    qtbot.waitActive(w)
    qtbot.keyClick(w, Qt.Key_Right)  # keyboard: → steps forward
    assert w.replay.pos == 1
    w.step_replay(len(steps))
    replayed = w.replay.game
    assert (replayed.score.ns, replayed.score.ew) == (w.game.score.ns, w.game.score.ew)
    assert [h.history for h in replayed.hands] == [h.history for h in w.game.hands]
    assert "Trick" in w.table.accessibleDescription() or "deals" in w.table.accessibleDescription()
    qtbot.mouseClick(w.leave_button, Qt.LeftButton)  # back to the game in progress, untouched
    assert w.replay is None and [h.history for h in w.game.hands] + [w.game.hand.history] == played
    bad = tmp_path / "bad.egn"
    bad.write_text(path.read_text().replace('"upCard": "', '"upCard": "Z', 1))
    assert not w.open_egn(str(bad))
    title, message = gui_env["errors"][-1]
    assert "line" in message and "is not a card" in message and "Traceback" not in message


def test_settings_dialog_offers_every_option_with_the_preset_defaults(qtbot, gui_env):
    dlg = SettingsDialog(TableSettings())
    qtbot.addWidget(dlg)
    dlg.preset.setCurrentIndex(dlg.preset.findData("british"))
    assert "25 cards with the Benny" in dlg.fixed.text()
    assert dlg.rules() == PRESETS["british"]
    dlg.checks["stick_the_dealer"].setChecked(True)
    dlg.target.setValue(15)
    dlg.levels["partner"].setCurrentIndex(dlg.levels["partner"].findData("hard"))
    chosen = dlg.settings()
    assert chosen.rules == PRESETS["british"].replace(stick_the_dealer=True, target=15)
    assert chosen.partner == "hard" and chosen.level(0) == "hard"
    dlg.super_euchre.setValue(1)  # not more than a euchre: refused in words
    dlg.accept()
    assert "do not go together" in dlg.error.text() and dlg.result() == 0


def test_main_window_opens_the_practice_table(qtbot, gui_env, db, tmp_path, monkeypatch):
    from euchre_tourney.gui.main_window import MainWindow
    from euchre_tourney.gui.practice import stats

    monkeypatch.setattr(stats, "default_path", lambda: tmp_path / "stats.json")

    main = MainWindow(db)
    qtbot.addWidget(main)
    assert main.practice_action.shortcut().toString() == "Ctrl+T"
    file_menu = main.menuBar().actions()[0].menu()
    assert main.practice_action in file_menu.actions()
    letters = [a.text().split("&")[1][0].lower() for a in file_menu.actions() if "&" in a.text()]
    assert len(letters) == len(set(letters))  # no two items share a mnemonic
    main.practice_action.trigger()
    window = main.practice_window
    qtbot.addWidget(window)
    assert window.isVisible() and window.parent() is None and window.stats_path == tmp_path / "stats.json"


def test_command_line_practice(monkeypatch):
    import euchre_tourney.gui.practice as practice

    calls = []
    monkeypatch.setattr(practice, "run_practice", lambda preset, seed: calls.append((preset, seed)) or 0)
    assert cli.main(["practice", "--rules", "british", "--seed", "7"]) == 0
    assert calls == [("british", 7)]
    assert cli.main(["practice", "--rules", "nonsense"]) == cli.EXIT_USAGE and len(calls) == 1


def test_a_take_back_while_a_player_thinks_waits_for_it_and_never_runs_two_at_once(qtbot, table):
    gate = threading.Event()
    busy = []
    overlap = []

    class Counting(_Gate):
        def choose(self, view):
            busy.append(1)
            overlap.append(len(busy) > 1)
            try:
                return super().choose(view)
            finally:
                busy.pop()

    w = table(seed=1, player_factory=lambda level, seed=None: Counting(gate))  # East deals: South bids first
    assert w.game.to_act == HUMAN and not w.thinking
    before = w.game.hand.to_text()
    qtbot.mouseClick(w.bid_buttons[PASS], Qt.LeftButton)
    qtbot.waitUntil(lambda: w.running == 1, timeout=60000)  # West is blocked in its decision
    qtbot.mouseClick(w.undo_button, Qt.LeftButton)  # take back meanwhile
    assert w.game.hand.to_text() == before and w.game.to_act == HUMAN
    qtbot.mouseClick(w.bid_buttons[PASS], Qt.LeftButton)  # pass again: West must wait for its old decision
    gate.set()
    settle(qtbot, w)
    assert not any(overlap) and w.running == 0


def test_statistics_file_counts_and_survives_damage(tmp_path):
    from euchre_tourney.gui.practice.stats import Stats

    path = tmp_path / "sub" / "stats.json"
    stats = Stats.load(path)  # missing: zeros
    stats.record_hand(our_side_scored=True, euchre=True, we_made=False, i_went_alone=False)
    stats.record_hand(our_side_scored=False, euchre=False, we_made=False, i_went_alone=True)
    stats.record_game(won=True)
    stats.save(path)
    again = Stats.load(path)
    assert (again.hands, again.hands_won, again.euchres, again.euchred, again.loners, again.loners_won) == (2, 1, 1, 0, 1, 0)
    assert again.games == again.games_won == 1
    path.write_text("{not json")
    assert Stats.load(path) == Stats()


def test_the_dealer_names_trump_blind_on_a_turned_up_benny(qtbot, table):
    from euchre_tourney.play import Hand
    from euchre_tourney.rules.cards import BENNY

    w = table(rules=PRESETS["british"], seed=1)
    hands = [[r + s for r in ("9", "T", "J", "Q", "K")] for s in "CDHS"]
    w.game.hand = Hand(PRESETS["british"], HUMAN, hands, BENNY)  # South deals and turns up the Benny
    w.generation += 1
    w.thinking = False
    w.advance()
    assert all(b.face_down and not b.isEnabled() for b in w.cards)
    assert all(b.accessibleName().startswith("a card face down") for b in w.cards)
    assert not w.hint_button.isEnabled() and "without looking" in w.prompt.text()
    named = [a for a, b in w.bid_buttons.items() if b.isVisible()]
    assert sorted(named) == sorted(w.game.legal_actions())  # the four suits, no pass
    qtbot.mouseClick(w.bid_buttons[named[3]], Qt.LeftButton)
    assert w.game.hand.trump == 3 and w.game.hand.maker == HUMAN


# --------------------------------------------------- the table's edges (issue 20)

from euchre_tourney.gui.practice.table import BID_KEYS  # noqa: E402
from euchre_tourney.play import ALONE, MISDEAL, NAME, ORDER  # noqa: E402
from euchre_tourney.play.hand import ALONE_ROUND, BID1, BID2  # noqa: E402


def _focus(qtbot, w):
    w.raise_()
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow, timeout=60000)


def _to_human_phase(qtbot, w, phase, rng, limit=400):
    """Play on (random legal controls, next hand) until South must act in ``phase``."""
    for _ in range(limit):
        settle(qtbot, w)
        if w.shown is not None:
            if w.game.done:
                qtbot.mouseClick(w.next_button, Qt.LeftButton)
            else:
                qtbot.mouseClick(w.next_button, Qt.LeftButton)
            continue
        if w.game.hand.phase == phase:
            return True
        qtbot.mouseClick(rng.choice(controls(w))[0], Qt.LeftButton)
    return False


def test_every_bidding_decision_has_one_key_underlined_on_its_button(qtbot, table):
    # P O A M and C D H S; a key works after the button's text changed
    # (setText resets a button's own shortcut), and only for a legal action.
    assert sorted(BID_KEYS.values()) == sorted("POAMCDHS")
    w = table(seed=1)  # East deals: South bids first, in the first round
    _focus(qtbot, w)
    settle(qtbot, w)
    assert w.game.hand.phase == BID1 and w.game.to_act == HUMAN
    for action in (PASS, ORDER):
        text = w.bid_buttons[action].text()
        assert f"&{BID_KEYS[action]}".lower() in text.lower()  # the key is the underlined letter
    before = len(w.game.hand.history)
    qtbot.keyClick(w, "h")  # naming a suit is not legal in the first round: nothing happens
    assert len(w.game.hand.history) == before
    qtbot.keyClick(w, "p")
    assert w.game.hand.history[before] == PASS
    rng = random.Random(4)
    # the second round: suits by their letter, after the buttons' texts changed
    assert _to_human_phase(qtbot, w, BID2, rng)
    legal = [a for a in w.game.legal_actions() if NAME <= a < NAME + 4]
    suit = legal[0]
    assert f"&{BID_KEYS[suit]}" in w.bid_buttons[suit].text()
    n = len(w.game.hand.history)
    qtbot.keyClick(w, BID_KEYS[suit].lower())
    assert w.game.hands[-1].history[n] == suit if w.game.hand is None or len(w.game.hand.history) <= n else w.game.hand.history[n] == suit
    # going alone: A, after the buttons' texts changed again
    settle(qtbot, w)
    if w.game.hand is not None and w.game.hand.phase == ALONE_ROUND and w.game.to_act == HUMAN:
        assert "&a" in w.bid_buttons[ALONE].text().lower()
        n = len(w.game.hand.history)
        qtbot.keyClick(w, "a")
        assert w.game.hand.history[n] == ALONE


def test_the_guide_lists_every_bidding_key(qtbot):
    from euchre_tourney.resources import resource_path

    for page in ("practice-table.html", "shortcuts.html"):
        text = resource_path("help", page).read_text(encoding="utf-8")
        for key, words in (("P", "pass"), ("O", "order up"), ("A", "alone"), ("M", "misdeal"), ("C", "clubs"), ("S", "spades")):
            assert f"<kbd>{key}</kbd>" in text and words in text.lower(), (page, key)


def test_the_table_buttons_have_a_clear_focus_ring(qtbot, table):
    w = table(seed=1)
    settle(qtbot, w)
    sheet = w.styleSheet()
    assert "QPushButton:focus" in sheet and "3px solid" in sheet.split("QPushButton:focus", 1)[1]
    b = w.bid_buttons[PASS]
    _focus(qtbot, w)
    b.setFocus(Qt.TabFocusReason)
    qtbot.waitUntil(b.hasFocus, timeout=60000)
    plain = w.bid_buttons[ORDER].grab().toImage()
    ringed = b.grab().toImage()
    # the focused button's edge is the ring's dark blue; the other's is not
    def edge(img):
        return img.pixelColor(1, img.height() // 2).name()

    assert edge(ringed) == "#0b3d91" and edge(plain) != "#0b3d91"


def test_last_trick_shows_at_any_moment_also_mid_trick(qtbot, table):
    w = table(seed=5)
    rng = random.Random(2)
    for _ in range(400):
        settle(qtbot, w)
        if w.shown is not None:
            qtbot.mouseClick(w.next_button, Qt.LeftButton)
            continue
        view = w.game.view(HUMAN)
        if view.phase == PLAYING and view.tricks and view.trick:
            break
        qtbot.mouseClick(rng.choice(controls(w))[0], Qt.LeftButton)
    else:
        pytest.fail("no mid-trick moment with a trick taken")
    _focus(qtbot, w)
    assert [c for _, c in w.scene()["trick"]] == list(view.trick)
    qtbot.keyClick(w, "l")  # L: the last trick at once
    s = w.scene()
    assert [c for _, c in s["trick"]] == list(view.tricks[-1][1]) and s["trick_done"]
    assert s["centre_text"].startswith("Last trick: won by")
    qtbot.keyClick(w, "l")  # and back to the trick under way
    assert [c for _, c in w.scene()["trick"]] == list(view.trick)


def test_the_turn_up_stays_on_the_felt_until_the_discard(qtbot, table):
    from euchre_tourney.play import Hand

    w = table(seed=1)
    # South deals; West, North and East pass, South picks it up: the go-alone
    # question, then the discard, with the turn-up on the felt until then.
    hands = [["9C", "TC", "QD", "KD", "9H"], ["9S", "TS", "QS", "KS", "TH"], ["JC", "JS", "AC", "KC", "AD"], ["AS", "TD", "9D", "QH", "KH"]]
    w.game.hand = Hand(PRESETS["north_american"], HUMAN, hands, "QC")
    w.generation += 1
    w.thinking = False
    w.advance()
    settle(qtbot, w)  # West, North, East bid (computer players)
    assert w.game.to_act == HUMAN and w.game.hand.phase == BID1
    up = w.game.hand.turn_up
    qtbot.mouseClick(w.bid_buttons[ORDER], Qt.LeftButton)  # South picks it up
    settle(qtbot, w)
    assert w.game.hand.phase == ALONE_ROUND
    s = w.scene()
    assert s["turn_up"] == up and s["turn_up_face_up"] and "you pick it up" in s["turn_up_text"].lower()
    qtbot.mouseClick(w.bid_buttons[PASS], Qt.LeftButton)  # play with partner
    assert w.game.hand.phase == DISCARDING and w.scene()["turn_up"] == up
    qtbot.mouseClick(next(b for b in w.cards if b.isEnabled() and b.card != up), Qt.LeftButton)
    assert w.game.hand.phase == PLAYING and w.scene()["turn_up"] == -1


def test_rule_names_are_plain_words_with_the_source_in_a_tooltip(qtbot, gui_env):
    import re

    dlg = SettingsDialog(TableSettings())
    qtbot.addWidget(dlg)
    numbers = re.compile(r"\b00[0-4]\b")
    shown = [dlg.preset.itemText(i) for i in range(dlg.preset.count())]
    shown += [dlg.defend.itemText(i) for i in range(dlg.defend.count())] + [dlg.lead.itemText(i) for i in range(dlg.lead.count())]
    shown += [box.text() for box in dlg.checks.values()]
    from PySide6.QtWidgets import QLabel

    shown += [label.text() for label in dlg.findChildren(QLabel)]
    assert "North American" in shown and dlg.checks["win_by_two"].text() == "Win by two"
    assert not [t for t in shown if numbers.search(t)]
    assert "004" in dlg.checks["win_by_two"].toolTip()
    assert "000" in dlg.preset.itemData(dlg.preset.findData("north_american"), Qt.ToolTipRole)


def _saved_game(qtbot, table, tmp_path):
    """A window after some 60 clicks of a game, the game saved in EGN."""
    w = table(seed=12)
    rng = random.Random(3)
    for _ in range(60):
        settle(qtbot, w)
        if w.shown is not None:
            qtbot.mouseClick(w.next_button, Qt.LeftButton)
            continue
        qtbot.mouseClick(rng.choice(controls(w))[0], Qt.LeftButton)
    path = tmp_path / "g.egn"
    assert w.save_egn(str(path))
    return w, path


def test_a_replay_speaks_from_the_recorded_players_point_of_view(qtbot, table, tmp_path):
    w, path = _saved_game(qtbot, table, tmp_path)
    data = json.loads(path.read_text())
    data["metadata"]["players"] = ["Ann", "Bo", "Cy", "Di"]
    path.write_text(json.dumps(data))
    assert w.open_egn(str(path))
    for pos in range(len(w.replay.steps) + 1):
        w.step_replay(1)
        text = w.info_label.text() + w.score_label.text() + w.log.toPlainText() + w.prompt.text()
        assert "You" not in text and "you" not in text.replace("your", ""), text
    assert "Ann & Cy" in w.score_label.text()
    made = [h for h in w.replay.game.hands if h.maker >= 0]
    assert made  # a hand was made, and its maker named by the recorded name
    w.step_replay(-len(w.replay.steps))
    while w.replay.game.hand is not None and w.replay.game.hand.maker < 0 and w.replay.pos < len(w.replay.steps):
        w.step_replay(1)
    if w.replay.game.hand is not None and w.replay.game.hand.maker >= 0:
        assert f"made by {('Ann', 'Bo', 'Cy', 'Di')[w.replay.game.hand.maker]}" in w.info_label.text()


def test_an_egn_error_names_cards_in_words(qtbot, table, tmp_path, gui_env):
    w, path = _saved_game(qtbot, table, tmp_path)
    data = json.loads(path.read_text())
    deal = next(d for d in data["deals"] if len(d["phases"]) == 2 and len(d["phases"][1]["tricks"]) == 5)
    trick = deal["phases"][1]["tricks"][1]
    trick[1], trick[2] = trick[2], trick[1]
    path.write_text(json.dumps(data, indent=2))
    assert not w.open_egn(str(path))
    _title, message = gui_env["errors"][-1]
    assert "play:" not in message and " of " in message and "line" in message


def test_a_match_file_opens_as_a_list_of_its_games(qtbot, table, tmp_path, gui_env):
    from pathlib import Path

    from euchre_tourney.gui.practice.table import MatchDialog

    data_dir = Path(__file__).resolve().parents[1] / "data" / "egn"
    games = [json.loads((data_dir / n).read_text(encoding="utf-8")) for n in ("Six Points in Two Hands.egn", "VWEC Finals.egn")]
    match = {
        "fileType": "Euchre Match Notation",
        "version": "1.2",
        "metadata": {"title": "Club final", "players": [{"id": f"p{i}", "name": n} for i, n in enumerate("Ann Bo Cy Di".split())]},
        "games": [{"gameIndex": i, "playersOverride": ["p0", "p1", "p2", "p3"], "gameData": g} for i, g in enumerate(games)],
    }
    path = tmp_path / "final.emn"
    path.write_text(json.dumps(match, indent=1))
    w = table(seed=1)
    seen = []

    def choose_second():
        dlg = w.findChild(MatchDialog)
        seen.append([dlg.list.item(i).text() for i in range(dlg.list.count())])
        dlg.list.setCurrentRow(1)
        dlg.accept()

    QTimer.singleShot(0, choose_second)
    assert w.open_egn(str(path))
    assert len(seen[0]) == 2 and "Ann · Bo · Cy · Di" in seen[0][0]
    assert w.replay is not None and w.replay.record.players == ("Ann", "Bo", "Cy", "Di")
    vwec = read_egn_file(data_dir / "VWEC Finals.egn")
    assert len(w.replay.record.deals) == len(vwec.deals)


def read_egn_file(path):
    from euchre_tourney.play import read_egn

    return read_egn(path.read_text(encoding="utf-8"))


def test_the_statistics_view_by_rules_and_level_with_a_reset(qtbot, table, gui_env):
    w = table(rules=PRESETS["north_american"], seed=11)
    play_whole_game(qtbot, w, random.Random(5))
    dlg = w.show_stats()
    qtbot.addWidget(dlg)
    t = dlg.table
    headers = [t.horizontalHeaderItem(i).text() for i in range(t.columnCount())]
    for word in ("Games won", "Hands won", "Points per hand", "Makes", "Euchres", "Loners", "Rules", "Computer players"):
        assert word in headers
    assert t.rowCount() == 1
    row = [t.item(0, i).text() for i in range(t.columnCount())]
    g = w.game
    hands = sum(h.score is not None for h in g.hands)
    assert row[0] == "North American" and row[1] == "Medium"
    assert row[headers.index("Hands won")].endswith(f"of {hands}")
    assert row[headers.index("Games won")] in ("0 of 1", "1 of 1")
    net = (g.score.ns - g.score.ew) / hands
    assert row[headers.index("Points per hand")] == f"{net:+.2f}"
    qtbot.mouseClick(dlg.reset_button, Qt.LeftButton)  # asks first (answered yes here)
    assert gui_env["questions"] and t.rowCount() == 1 and t.item(0, 0).text() == "All games"
    assert json.loads(w.stats_path.read_text())["hands"] == 0
    assert not hasattr(w, "stats_label")  # the one status line gave way to the view
