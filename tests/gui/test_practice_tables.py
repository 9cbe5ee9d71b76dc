"""The one practice window at every table size (issue 33 item 3), driven as
a player would: for 2, 3, 4, 5 and 6 players a choice taken by its key, a
hint, a take-back, a whole hand to its end against computer players, the
Tab order through the choices, no clashing mnemonics, and a window that
fits 1,100 pixels."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from euchre_tourney.gui.practice import PracticeWindow, TableSettings
from euchre_tourney.play import make_player
from euchre_tourney.rules import PRESETS, tables

from tests.gui.test_mnemonics import assert_no_clash
from tests.gui.test_practice_keys import press, show_focused, shown_key

GAMES = {2: "two_handed", 3: "cutthroat", 4: "north_american", 5: "bid_five", 6: "six_player_33"}


@pytest.fixture
def window(qtbot, tmp_path):
    def make(n: int, seed: int = 3) -> PracticeWindow:
        key = GAMES[n]
        rules = tables.TABLE_PRESETS[key] if key in tables.TABLE_PRESETS else PRESETS[key]
        w = PracticeWindow(TableSettings(rules=rules, pause_ms=0), seed=seed, stats_path=tmp_path / "s.json",
                           player_factory=lambda level, seed=None: make_player("easy", seed))
        qtbot.addWidget(w)
        return show_focused(qtbot, w)

    return make


def wait(qtbot, w) -> None:
    qtbot.waitUntil(lambda: w.human_turn() or w.showing_result() or w.session.over, timeout=60000)


def choice_buttons(w):
    QApplication.processEvents()
    return [b for b in w.bid_buttons.values() if b.isVisible() and b.isEnabled()]


def to_a_bidding_choice(qtbot, w, rng) -> None:
    """On to a moment where the player chooses between two or more buttons."""
    for _ in range(600):
        wait(qtbot, w)
        if w.showing_result():
            qtbot.keyClick(w, Qt.Key_Return)
            continue
        if len(choice_buttons(w)) >= 2:
            return
        w.human_action(rng.choice(w.session.choices()).action)
    pytest.fail("no choice between buttons came up")


@pytest.mark.parametrize("n", sorted(GAMES))
def test_keys_hint_take_back_and_a_whole_hand_at_every_table_size(qtbot, window, n):
    w = window(n)
    assert w.session.seats == n and w.scene()["players"] == n
    assert w.width() <= 1100 and w.minimumSizeHint().width() <= 1100
    rng = random.Random(n)
    to_a_bidding_choice(qtbot, w, rng)
    # a choice by its key: the key shown on the button takes exactly that action
    buttons = choice_buttons(w)
    keys = [shown_key(b.text()) for b in buttons]
    assert None not in keys and len(set(keys)) == len(keys), [b.text() for b in buttons]
    assert_no_clash(w, f"{n} players, bidding")
    before = w.session.engine.to_text()
    hand = w.session.engine.hand()
    done = len(hand.history)
    i = rng.randrange(len(buttons))
    action = next(a for a, b in w.bid_buttons.items() if b is buttons[i])
    press(qtbot, w, keys[i])
    assert hand.history[done] in (action, (w.session.human, action))
    # take-back: the state before the choice, exactly
    qtbot.mouseClick(w.undo_button, Qt.LeftButton)
    wait(qtbot, w)
    assert w.session.engine.to_text() == before
    # a hint, off the GUI thread, naming a choice of this moment
    qtbot.mouseClick(w.hint_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: w.hint_label.text().startswith("Hint:"), timeout=60000)
    words = w.hint_label.text().split("<b>", 1)[1].split("</b>", 1)[0]
    assert words.lower() in {b.accessibleName().lower() for b in choice_buttons(w)} | {
        c.words.lower() for c in w.session.choices()}
    # the whole hand to its end against the computer players, by keys and clicks
    hands = len(w.game.hands)
    for _ in range(400):
        wait(qtbot, w)
        if len(w.game.hands) > hands:
            break
        cards = [k for k, b in enumerate(w.cards) if b.isEnabled()]
        if cards:
            press(qtbot, w, str((rng.choice(cards) + 1) % 10))
        elif w.partner_widget.isVisibleTo(w):
            press(qtbot, w, "P")
        else:
            press(qtbot, w, shown_key(rng.choice(choice_buttons(w)).text()))
    else:
        pytest.fail("the hand did not end")
    assert w.showing_result() and w.banner.text() and w.next_button.isVisible()
    assert "Tricks" in w.log.toPlainText() or "thrown in" in w.log.toPlainText() or "Misdeal" in w.log.toPlainText()
    qtbot.keyClick(w, Qt.Key_Return)  # Enter: the next hand
    assert not w.showing_result()


@pytest.mark.parametrize("n", sorted(GAMES))
def test_tab_goes_through_the_choices_then_the_tools(qtbot, window, n):
    w = window(n, seed=5)
    to_a_bidding_choice(qtbot, w, random.Random(1))
    buttons = [b for row in w.bid_rows for i in range(row.count()) if (b := row.itemAt(i).widget()) in choice_buttons(w)]
    buttons[0].setFocus(Qt.TabFocusReason)
    qtbot.waitUntil(buttons[0].hasFocus, timeout=60000)
    for b in buttons[1:]:
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Tab)
        assert QApplication.focusWidget() is b
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Tab)
    assert QApplication.focusWidget() is w.hint_button  # the player's cards cannot be played now: on to the tools


def test_the_cards_of_every_game_fit_the_hand_row(qtbot, window):
    w = window(2)  # ten cards each
    wait(qtbot, w)
    assert len(w.cards) >= 10
    right = max(b.geometry().right() for b in w.cards)
    assert right <= w.hand_row.width() and min(b.geometry().left() for b in w.cards) >= 0


@pytest.mark.parametrize("game", ["north_american", "two_handed", "cutthroat", "bid_five", "six_player_double"])
def test_the_new_game_dialog_has_no_clashing_mnemonics_for_any_game(qtbot, gui_env, game):
    from euchre_tourney.gui.practice import SettingsDialog

    from tests.gui.test_mnemonics import clashes, window_mnemonics

    dlg = SettingsDialog(TableSettings())
    qtbot.addWidget(dlg)
    dlg.show()
    dlg.preset.setCurrentIndex(dlg.preset.findData(game))
    QApplication.processEvents()
    found = window_mnemonics(dlg)
    assert len(found) >= 6 and clashes(found) == {}, found
    assert dlg.width() <= 1100


def test_the_old_table_statistics_are_kept_in_the_one_file(qtbot, tmp_path, monkeypatch):
    from euchre_tourney.gui.practice import stats
    from euchre_tourney.play import StatsBook

    monkeypatch.setattr(stats, "default_path", lambda: tmp_path / "practice-stats.json")
    old = StatsBook()
    old.row("Cutthroat (3 players)", "Medium").record_game(won=True)
    old.save(tmp_path / "practice-table-stats.json")
    w = PracticeWindow(TableSettings(pause_ms=0), seed=1,
                       player_factory=lambda level, seed=None: make_player("easy", seed))
    qtbot.addWidget(w)
    w.session.generation += 1  # stop the computer players
    book = StatsBook.load(tmp_path / "practice-stats.json")
    assert book.rows[("Cutthroat (3 players)", "Medium")].games_won == 1
    assert not (tmp_path / "practice-table-stats.json").exists()
    assert (tmp_path / "practice-table-stats.json.merged").exists()


def test_the_command_line_opens_any_game(monkeypatch):
    import euchre_tourney.gui.practice as practice
    from euchre_tourney import cli

    calls = []
    monkeypatch.setattr(practice, "run_practice", lambda preset, seed: calls.append((preset, seed)) or 0)
    assert cli.main(["practice", "--rules", "cutthroat", "--seed", "2"]) == 0
    assert cli.main(["practice", "--rules", "six_player_double"]) == 0
    assert calls == [("cutthroat", 2), ("six_player_double", None)]
