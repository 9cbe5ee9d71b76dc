"""The one practice window at the tables of 2 to 6 players: every game
opens and plays to the end of a game against computer players, driven
through the real widgets; the New game dialog chooses the game."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from euchre_tourney.gui.practice import PracticeWindow, SettingsDialog, TableSettings
from euchre_tourney.rules import tables

GAMES = sorted(tables.TABLE_PRESETS)


def games_for(players: int) -> list[str]:
    """Preset keys of the games for ``players`` players."""
    return [k for k, r in tables.TABLE_PRESETS.items() if r.players == players]


def table_window(qtbot, tmp_path, game: str, seed: int = 1, *, target: int | None = None, others: str = "medium",
                 **kwargs) -> PracticeWindow:
    """The practice window dealt ``game`` (no pause before computer actions)."""
    rules = tables.TABLE_PRESETS[game]
    if target is not None:
        rules = rules.replace(target=target)
    w = PracticeWindow(TableSettings(rules=rules, pause_ms=0, others=others), seed=seed,
                       stats_path=tmp_path / "s.json", **kwargs)
    qtbot.addWidget(w)
    return w


def action_buttons(w):
    """The choices' buttons shown now."""
    return [b for b in w.bid_buttons.values() if b.isVisibleTo(w) and b.isEnabled()]


def _click_something(qtbot, w: PracticeWindow) -> None:
    """The player's move: the first enabled choice button, else the
    partner card, else the first playable card."""
    buttons = action_buttons(w)
    if buttons:
        qtbot.mouseClick(buttons[0], Qt.LeftButton)
        return
    if w.partner_widget.isVisibleTo(w):
        qtbot.mouseClick(w.partner_button, Qt.LeftButton)
        return
    cards = [b for b in w.cards if b.isEnabled()]
    assert cards, "the player's turn offers no control"
    qtbot.mouseClick(cards[0], Qt.LeftButton)


def wait(qtbot, w) -> None:
    qtbot.waitUntil(lambda: w.human_turn() or w.showing_result() or w.game.over, timeout=60000)


def play_to_the_end(qtbot, w: PracticeWindow, max_steps: int = 3000) -> None:
    for _ in range(max_steps):
        wait(qtbot, w)
        if w.game.over:
            return
        if w.showing_result():
            qtbot.mouseClick(w.next_button, Qt.LeftButton)
            continue
        _click_something(qtbot, w)
    pytest.fail("the game did not end")


@pytest.mark.parametrize("key", GAMES)
def test_every_game_plays_to_the_end_at_the_practice_table(qtbot, tmp_path, key):
    rules = tables.TABLE_PRESETS[key]
    w = table_window(qtbot, tmp_path, key, seed=5, target=3)
    assert w.game.rules.preset == key and w.game.rules.players == rules.players
    assert w.scene()["players"] == rules.players
    play_to_the_end(qtbot, w)
    assert max(w.game.scores) >= 3
    assert "Enter: new game" in w.prompt.text() and " to " in w.banner.text()
    stats = w.session.stats.row(*w.session.stats_key())
    assert stats.games == 1 and stats.hands >= 1
    assert w.session.stats_path.exists()
    assert w.next_button.text() == "New game"


def test_the_new_game_dialog_offers_every_game_of_every_size_and_deals_one_of_3_and_of_6(qtbot, tmp_path):
    from euchre_tourney.rules import PRESETS

    w = PracticeWindow(TableSettings(rules=PRESETS["north_american"], pause_ms=0), seed=1, stats_path=tmp_path / "p.json")
    qtbot.addWidget(w)
    offered = set()
    for key in ("cutthroat", "six_player_double"):
        dlg = w.settings_dialog()
        qtbot.addWidget(dlg)
        offered = {dlg.preset.itemData(i) for i in range(dlg.preset.count())}
        for n in range(2, 7):
            assert set(games_for(n)) <= offered
        assert set(PRESETS) <= offered
        dlg.preset.setCurrentIndex(dlg.preset.findData(key))
        assert not dlg.four_seat and dlg.stack.currentWidget() is dlg.options
        assert dlg.options.isVisibleTo(dlg) and not dlg.levels["partner"].isVisibleTo(dlg)
        dlg.options.target.setValue(4)
        dlg.others.setCurrentIndex(dlg.others.findData("easy"))
        dlg.accept()
        assert dlg.result() == 1
        w.new_game(dlg.settings())
        n = tables.TABLE_PRESETS[key].players
        assert w.session.seats == n and w.game.rules.preset == key and w.game.rules.target == 4
        assert set(w.session.players) == set(range(1, n)) and set(w.session.levels.values()) == {"easy"}
        assert w.scene()["players"] == n and len(w.session.score_items()) == (2 if n == 6 else n)
        play_to_the_end(qtbot, w)
        assert max(w.game.scores) >= 4
    assert games_for(3) == ["cutthroat"] and "six_player_double" in games_for(6)


def test_take_back_and_replay(qtbot, tmp_path):
    w = table_window(qtbot, tmp_path, "cutthroat", seed=2)
    wait(qtbot, w)
    before = w.game.hand.to_text()
    _click_something(qtbot, w)
    assert w.game.hand.to_text() != before
    qtbot.mouseClick(w.undo_button, Qt.LeftButton)
    assert w.game.hand.to_text() == before
    start = w.session.deal_start.state.hand.to_text()
    wait(qtbot, w)
    _click_something(qtbot, w)
    qtbot.mouseClick(w.replay_button, Qt.LeftButton)
    assert w.game.hand.to_text().startswith(start.split("|")[0])


def test_swap_hands_and_the_last_trick_at_a_table_of_five(qtbot, tmp_path):
    w = table_window(qtbot, tmp_path, "bid_five", seed=3)
    wait(qtbot, w)
    dealt = [list(h) for h in w.session.original_start.state.hand.hands]
    qtbot.mouseClick(w.swap_button, Qt.LeftButton)
    wait(qtbot, w)
    assert sorted(b.card for b in w.cards) == sorted(dealt[1]) or w.game.hand.history  # the left seat's cards
    assert sorted(w.game.hand.order) == sorted(w.session.original_start.state.hand.order)
    for _ in range(400):
        wait(qtbot, w)
        if w.showing_result():
            qtbot.mouseClick(w.next_button, Qt.LeftButton)
            continue
        h = w.game.hand
        if h.tricks and h.trick and w.human_turn():
            break
        _click_something(qtbot, w)
    else:
        pytest.fail("no mid-trick moment with a trick taken")
    qtbot.mouseClick(w.last_button, Qt.LeftButton)
    s = w.scene()
    assert [c for _, c in s["trick"]] == [c for _, c in w.game.hand.tricks[-1][1]] and s["trick_done"]
    assert s["centre_text"].startswith("Last trick: won by")


def test_hint_names_a_legal_action(qtbot, tmp_path):
    w = table_window(qtbot, tmp_path, "five_partner_pick", seed=3)
    wait(qtbot, w)
    qtbot.mouseClick(w.hint_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: w.hint_label.text().startswith("Hint:"), timeout=60000)
    assert "—" in w.hint_label.text()  # with its reason


def test_secret_partner_is_not_shown_before_its_card(qtbot, tmp_path):
    w = table_window(qtbot, tmp_path, "five_partner_pick", seed=4)
    for _ in range(400):
        wait(qtbot, w)
        h = w.game.hand
        if h.partner is not None and h.partner != 0 and not h.partner_revealed:
            tags = w.scene()["tags"]
            assert not any("partner" in t for t in tags[h.partner])
            return
        if w.showing_result():
            qtbot.mouseClick(w.next_button, Qt.LeftButton)
        elif not w.game.over:
            _click_something(qtbot, w)
    pytest.skip("no hand with a hidden partner came up")


def test_refused_options_leave_the_game(qtbot, tmp_path):
    w = table_window(qtbot, tmp_path, "four_railroad", seed=3)
    game = w.game
    dlg = w.settings_dialog()
    qtbot.addWidget(dlg)
    assert dlg.preset.currentData() == "four_railroad"
    dlg.options.alone.setChecked(True)
    dlg.options.exchange.setCurrentIndex(dlg.options.exchange.findData("railroad"))
    dlg.options.base = tables.TABLE_PRESETS["cutthroat"]  # a game without partners cannot railroad
    dlg.accept()
    assert dlg.result() == 0 and "do not go together" in dlg.error.text()
    assert w.game is game


def test_main_window_opens_the_table_for_2_to_6_players(qtbot, gui_env, db, tmp_path, monkeypatch):
    from euchre_tourney.gui.main_window import MainWindow
    from euchre_tourney.gui.practice import stats

    monkeypatch.setattr(stats, "default_path", lambda: tmp_path / "stats.json")
    main = MainWindow(db)
    qtbot.addWidget(main)
    file_menu = main.menuBar().actions()[0].menu()
    assert main.table_games_action in file_menu.actions()
    main.table_games_action.trigger()
    window = main.table_games_window
    qtbot.addWidget(window)
    window.session.generation += 1  # stop the computer players
    assert isinstance(window, PracticeWindow) and window.session.seats == 3
    assert window.isVisible() and window.stats_path == tmp_path / "stats.json"


def test_hard_players_think_off_the_gui_thread_and_the_game_ends(qtbot, tmp_path):
    import threading

    from euchre_tourney.play.table import SampleSearchPlayer, make_table_player

    threads = []

    class Recording(SampleSearchPlayer):
        def choose(self, view, hand=None):
            threads.append(threading.current_thread() is threading.main_thread())
            return super().choose(view, hand)

    def factory(level, seed):
        # a fixed number of samples and no deadline: the same game on any machine
        return Recording(samples=3, deadline_s=None, rng=seed) if level == "hard" else make_table_player(level, seed)

    w = table_window(qtbot, tmp_path, "almonte_four", seed=9, target=3, others="hard", table_player_factory=factory)
    assert all(isinstance(p, SampleSearchPlayer) for p in w.session.players.values())
    play_to_the_end(qtbot, w)
    assert max(w.game.scores) >= 3
    assert threads and not any(threads)


def test_number_keys_play_the_cards(qtbot, tmp_path):
    w = table_window(qtbot, tmp_path, "cutthroat", seed=4)
    w.show()
    for _ in range(200):
        wait(qtbot, w)
        if w.human_turn() and w.game.hand.phase == 11:
            break
        if w.showing_result():
            qtbot.mouseClick(w.next_button, Qt.LeftButton)
        else:
            _click_something(qtbot, w)
    i = next(k for k, b in enumerate(w.cards) if b.isEnabled())
    card = w.cards[i].card
    qtbot.keyClick(w, str(i + 1))
    played = [c for s, c in w.game.hand.trick + [p for t in w.game.hand.tricks for p in t[1]] if s == 0]
    assert card in played


def test_the_cards_are_faces_never_codes(qtbot, tmp_path):
    """Issue 33: no "8C" anywhere the player reads -- buttons, the list of
    partner cards, the log, the prompt."""
    import re

    w = table_window(qtbot, tmp_path, "almonte_six", seed=2, target=3)
    code = re.compile(r"\b(?:[2-9TJQKA]|10)[CDHS]'?\b|\bJK\b")
    for _ in range(300):
        wait(qtbot, w)
        if w.game.over:
            break
        texts = [w.prompt.text(), w.log.toPlainText(), w.info_label.text(), w.hint_label.text(), w.banner.text()]
        texts += [b.text() for b in action_buttons(w)] + [w.partner_box.itemText(i) for i in range(w.partner_box.count())]
        texts += [b.accessibleName() for b in w.cards]
        assert not [t for t in texts if code.search(t)], texts
        if w.showing_result():
            qtbot.mouseClick(w.next_button, Qt.LeftButton)
        else:
            _click_something(qtbot, w)


def test_save_and_open_a_game_of_six(qtbot, tmp_path, gui_env):
    w = table_window(qtbot, tmp_path, "six_player_double", seed=6)
    for _ in range(30):
        wait(qtbot, w)
        if w.showing_result():
            qtbot.mouseClick(w.next_button, Qt.LeftButton)
            continue
        _click_something(qtbot, w)
    wait(qtbot, w)
    path = tmp_path / "six.egn"
    assert w.save_egn(str(path))
    assert w.open_egn(str(path))
    assert w.replay is not None and len(w.replay.steps) >= 1
    w.step_replay(len(w.replay.steps))
    assert all(f is not None for f in w.scene()["faces"])  # every face while stepping through
    qtbot.mouseClick(w.leave_button, Qt.LeftButton)
    assert w.replay is None
    bad = tmp_path / "bad.egn"
    bad.write_text(path.read_text().replace('"play:', '"play:ZZ', 1))
    assert not w.open_egn(str(bad))
    assert "Traceback" not in gui_env["errors"][-1][1]


def test_the_dialog_names_each_games_source_by_its_title(qtbot, gui_env):
    import re

    for game, title in (("six_player_33", "Columbus book of Euchre"), ("cutthroat", "How to Play Euchre"),
                        ("five_partner_pick", "Play Euchre")):
        dlg = SettingsDialog(TableSettings(rules=tables.TABLE_PRESETS[game]))
        qtbot.addWidget(dlg)
        text = dlg.options.source.text()
        assert f"“{title}”" in text and not re.search(r"\b00\d\b", text)
        buttons = dlg.findChild(QDialogButtonBox)
        assert buttons is not None
