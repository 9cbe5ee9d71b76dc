"""Issue 29 item 7 at the practice tables: Enter starts the next game
after a game ends (both tables); at the table for 2 to 6 players every bid
and choice has one key, shown on its button, and pressing it takes that
choice; its buttons show a focus ring; a partner card reads "8 of clubs";
the rules line names its source by the text's title."""

from __future__ import annotations

import random
import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton

from euchre_tourney.play.session import TableEngine
from euchre_tourney.rules import tables

from tests.gui.test_table_games import table_window

act_key = TableEngine.act_key

GAMES = sorted(tables.TABLE_PRESETS)


def action_buttons(w):
    QApplication.processEvents()  # a button added to a shown window shows on the next turn of the event loop
    return [b for b in w.bid_buttons.values() if isinstance(b, QPushButton) and b.isVisible() and b.isEnabled()]


def shown_key(text: str) -> str | None:
    """The key a button's text shows: the letter after "&", else "(Shift+C)"."""
    m = re.search(r"&([^&])", text.replace("&&", ""))
    if m:
        return m.group(1).upper()
    m = re.search(r"\(([^()]+)\)$", text)
    return m.group(1) if m else None


def press(qtbot, w, key: str) -> None:
    if key.startswith("Shift+"):
        qtbot.keyClick(w, key[-1].lower(), Qt.ShiftModifier)
    else:
        qtbot.keyClick(w, key.lower())


def show_focused(qtbot, w):
    """``w`` shown, raised and active (keys typed reach it); returns it."""
    w.show()
    w.raise_()
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow, timeout=60000)
    return w


@pytest.fixture
def focused(qtbot):
    return lambda w: show_focused(qtbot, w)


@pytest.mark.parametrize("game", GAMES)
def test_every_choice_has_one_key_shown_on_its_button_and_the_key_takes_it(qtbot, tmp_path, focused, game):
    w = table_window(qtbot, tmp_path, game, seed=7)
    focused(w)
    rng = random.Random(3)
    kinds = set()
    for _ in range(120):
        qtbot.waitUntil(lambda: w.human_turn() or w.showing_result() or w.game.over, timeout=60000)
        if w.game.over:
            break
        if w.showing_result():
            qtbot.keyClick(w, Qt.Key_Return)  # Enter: the next hand
            continue
        buttons = action_buttons(w)
        keys = [shown_key(b.text()) for b in buttons]
        assert None not in keys, [b.text() for b in buttons]
        assert len(set(keys)) == len(keys), [b.text() for b in buttons]
        legal = [a for a in w.game.legal_actions() if a.kind not in ("play", "discard", "give", "partner")]
        assert sorted(keys) == sorted(act_key(a) for a in legal)
        if w.partner_widget.isVisibleTo(w):
            assert shown_key(w.partner_button.text()) == "P" and "P" not in keys
        hand = w.game.hand
        n = len(hand.history)
        cards = list(w.cards)
        playable = [k for k, b in enumerate(cards) if b.isEnabled()]
        partner = w.partner_widget.isVisibleTo(w)
        choice = rng.choice(["button"] * len(buttons) + ["partner"] * partner + ["card"] * len(playable))
        if choice == "button":
            i = rng.randrange(len(buttons))
            press(qtbot, w, keys[i])
            assert hand.history[n] == (0, legal[[act_key(a) for a in legal].index(keys[i])])
            kinds.add(hand.history[n][1].kind)
        elif choice == "partner":
            card = w.partner_box.currentData()
            press(qtbot, w, "P")
            assert hand.history[n] == (0, ("partner", card))
            kinds.add("partner")
        else:
            i = rng.choice(playable)
            press(qtbot, w, "-" if i == 10 else str((i + 1) % 10))  # two-handed: eleven cards at the discard
            assert hand.history[n][0] == 0 and hand.history[n][1].arg == cards[i].card
    assert kinds  # at least one choice was made by its key


def test_enter_starts_the_next_game_after_a_game_ends_at_the_table_for_2_to_6(qtbot, tmp_path, focused):
    from tests.gui.test_table_games import play_to_the_end

    w = table_window(qtbot, tmp_path, "cutthroat", seed=5, target=2)
    focused(w)
    play_to_the_end(qtbot, w)
    over = w.game
    assert over.over and "Enter" in w.prompt.text()
    qtbot.keyClick(w, Qt.Key_Return)
    assert w.game is not over or not w.game.over
    assert not w.game.over and max(w.game.scores) == 0


def test_the_buttons_show_a_focus_ring(qtbot, tmp_path, focused):
    w = table_window(qtbot, tmp_path, "bid_four", seed=2)
    focused(w)
    qtbot.waitUntil(lambda: w.human_turn(), timeout=60000)
    buttons = action_buttons(w)
    assert len(buttons) >= 2
    sheet = w.styleSheet()
    assert "QPushButton:focus" in sheet
    buttons[0].setFocus(Qt.TabFocusReason)
    qtbot.waitUntil(buttons[0].hasFocus, timeout=60000)

    def edge(b):
        img = b.grab().toImage()
        return img.pixelColor(1, img.height() // 2).name()

    assert edge(buttons[0]) == "#0b3d91" and edge(buttons[1]) != "#0b3d91"
    for b in (w.stats_button, w.hint_button):  # the window's other buttons too
        b.setFocus(Qt.TabFocusReason)
        qtbot.waitUntil(b.hasFocus, timeout=60000)
        assert edge(b) == "#0b3d91"


def test_a_partner_card_reads_in_words(qtbot, tmp_path):
    w = table_window(qtbot, tmp_path, "five_partner_pick", seed=4)
    for _ in range(400):
        qtbot.waitUntil(lambda: w.human_turn() or w.showing_result() or w.game.over, timeout=60000)
        if w.game.hand.partner_card is not None:
            break
        if w.showing_result():
            w.next_hand()
        else:
            from tests.gui.test_table_games import _click_something

            _click_something(qtbot, w)
    card = w.game.hand.partner_card
    assert card is not None
    centre = w.scene()["centre"]
    assert f"partner card {tables.name(card)}" in centre and tables.text(card) not in centre.split("·")[-1]
    assert re.search(r"partner card (\d+|Ace|King|Queen|Jack|the) ", centre)


@pytest.mark.parametrize("game, title", [
    ("six_player_33", "Columbus book of Euchre"),
    ("cutthroat", "How to Play Euchre"),
    ("five_partner_pick", "Play Euchre"),
])
def test_the_rules_line_names_the_source_by_its_title(qtbot, tmp_path, game, title):
    from euchre_tourney.gui.practice import SettingsDialog, TableSettings

    w = SettingsDialog(TableSettings(rules=tables.TABLE_PRESETS[game]))
    qtbot.addWidget(w)
    text = w.options.source.text()
    assert f"“{title}”" in text and not re.search(r"\b00\d\b", text)


def test_enter_goes_on_to_the_next_hand_and_the_next_game_at_the_four_seat_table(qtbot, gui_env, tmp_path, focused):
    from euchre_tourney.gui.practice import PracticeWindow, TableSettings
    from euchre_tourney.play import make_player
    from euchre_tourney.rules import PRESETS

    from tests.gui.test_practice import controls, settle

    w = PracticeWindow(TableSettings(rules=PRESETS["north_american"].replace(target=3), pause_ms=0), seed=2,
                       stats_path=tmp_path / "stats.json", player_factory=lambda level, seed=None: make_player("easy", seed))
    qtbot.addWidget(w)
    w.resize(1280, 720)
    focused(w)
    rng = random.Random(1)
    hands = 0
    for _ in range(2000):
        settle(qtbot, w)
        if w.shown is not None:
            if w.game.done:
                break
            done = w.shown
            qtbot.keyClick(w, Qt.Key_Return)  # Enter: the next hand
            assert w.shown is None and w.game.hand is not done and not w.game.hand.done
            hands += 1
            continue
        qtbot.mouseClick(rng.choice(controls(w))[0], Qt.LeftButton)
    assert w.game.done and hands >= 1 and "Enter: new game" in w.prompt.text()
    over = w.game
    qtbot.keyClick(w, Qt.Key_Return)  # Enter: a new game
    assert w.game is not over and not w.game.done and w.game.score.ns == w.game.score.ew == 0


def test_shift_and_a_suits_letter_names_it_alone(qtbot, tmp_path, focused):
    w = table_window(qtbot, tmp_path, "four_no_trump", seed=8)
    focused(w)
    for _ in range(300):
        qtbot.waitUntil(lambda: w.human_turn() or w.showing_result() or w.game.over, timeout=60000)
        if w.showing_result() or w.game.over:
            qtbot.keyClick(w, Qt.Key_Return)
            continue
        legal = w.game.legal_actions()
        alone = [a for a in legal if a.kind == "name!"]
        if alone:
            break
        buttons = action_buttons(w)
        if any(a.kind == "pass" for a in legal):
            press(qtbot, w, "P")  # on to the second round
        elif buttons:
            press(qtbot, w, shown_key(buttons[0].text()))
        else:
            cards = w.cards
            press(qtbot, w, str(next(k for k, b in enumerate(cards) if b.isEnabled()) + 1))
    else:
        pytest.fail("never offered to name trump alone")
    a = alone[-1]
    assert act_key(a).startswith("Shift+")
    assert any(b.text().endswith(f"({act_key(a)})") for b in action_buttons(w))
    hand, n = w.game.hand, len(w.game.hand.history)
    press(qtbot, w, act_key(a))
    assert hand.history[n] == (0, a)


def test_the_partner_card_is_chosen_and_named_from_the_keyboard(qtbot, tmp_path, focused):
    w = table_window(qtbot, tmp_path, "five_partner_pick", seed=4)
    focused(w)
    for _ in range(400):
        qtbot.waitUntil(lambda: w.human_turn() or w.showing_result() or w.game.over, timeout=60000)
        if w.human_turn() and any(a.kind == "partner" for a in w.game.legal_actions()):
            break
        if w.showing_result() or w.game.over:
            qtbot.keyClick(w, Qt.Key_Return)
            continue
        legal = w.game.legal_actions()
        w.human_action(next((a for a in legal if a.kind == "order"), legal[0]))  # order up: a partner to name
    else:
        pytest.fail("never had a partner card to name")
    QApplication.processEvents()
    qtbot.keyClick(w, "c", Qt.AltModifier)  # Alt+C: the list of cards
    assert QApplication.focusWidget() is w.partner_box
    qtbot.keyClick(w.partner_box, Qt.Key_Down)
    card = w.partner_box.currentData()
    assert w.partner_box.currentIndex() == 1
    hand, n = w.game.hand, len(w.game.hand.history)
    qtbot.keyClick(w.partner_box, "p")  # P names it, from the list too
    assert hand.history[n] == (0, ("partner", card))
