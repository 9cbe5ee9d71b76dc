"""The practice table for 2 to 6 players: every game opens and plays to the
end of a game against computer players, driven through the real widgets."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from euchre_tourney.gui.practice.table_games import TableCardButton, TableGamesWindow, games_for
from euchre_tourney.rules import tables

GAMES = sorted(tables.TABLE_PRESETS)


def _widgets(layout, kind):
    return [layout.itemAt(i).widget() for i in range(layout.count()) if isinstance(layout.itemAt(i).widget(), kind)]


def _click_something(qtbot, w: TableGamesWindow) -> None:
    """The player's move: the first enabled action button, else the
    partner card, else the first playable card."""
    buttons = [b for b in _widgets(w.actions_row, QPushButton) if b.isEnabled()]
    if buttons:
        qtbot.mouseClick(buttons[0], Qt.LeftButton)
        return
    if w.partner_widget.isVisibleTo(w):
        qtbot.mouseClick(w.partner_button, Qt.LeftButton)
        return
    cards = [b for b in _widgets(w.cards_row, TableCardButton) if b.isEnabled()]
    assert cards, "the player's turn offers no control"
    qtbot.mouseClick(cards[0], Qt.LeftButton)


def play_to_the_end(qtbot, w: TableGamesWindow, max_steps: int = 3000) -> None:
    for _ in range(max_steps):
        qtbot.waitUntil(lambda: w.human_turn() or w.showing_result() or w.game.over, timeout=60000)
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
    w = TableGamesWindow(players=rules.players, game=key, seed=5, stats_path=tmp_path / "s.json", delay_ms=0)
    qtbot.addWidget(w)
    assert w.game.rules.preset == key and w.game.rules.players == rules.players
    w.options.target.setValue(3)  # a short game
    assert w.new_game()
    play_to_the_end(qtbot, w)
    assert max(w.game.scores) >= 3
    assert "won the game" in w.log.toPlainText()
    assert w.stats.games == 1 and w.stats.hands >= 1
    assert w.session.stats_path.exists()
    assert "Game over" in w.prompt.text()


def test_players_choose_the_games(qtbot, tmp_path):
    w = TableGamesWindow(players=2, seed=1, stats_path=tmp_path / "s.json", delay_ms=0)
    qtbot.addWidget(w)
    for n in range(2, 7):
        w.players_box.setCurrentIndex(w.players_box.findData(n))
        keys = [w.game_box.itemData(i) for i in range(w.game_box.count())]
        assert keys == games_for(n)
    assert games_for(3) == ["cutthroat"] and "six_player_double" in games_for(6)


def test_take_back_and_replay(qtbot, tmp_path):
    w = TableGamesWindow(players=3, game="cutthroat", seed=2, stats_path=tmp_path / "s.json", delay_ms=0)
    qtbot.addWidget(w)
    qtbot.waitUntil(lambda: w.human_turn(), timeout=60000)
    before = w.game.hand.to_text()
    _click_something(qtbot, w)
    assert w.game.hand.to_text() != before
    qtbot.mouseClick(w.back_button, Qt.LeftButton)
    assert w.game.hand.to_text() == before
    start = w.session.deal_start.game.hand.to_text()
    qtbot.waitUntil(lambda: w.human_turn(), timeout=60000)
    _click_something(qtbot, w)
    qtbot.mouseClick(w.replay_button, Qt.LeftButton)
    assert w.game.hand.to_text().startswith(start.split("|")[0])


def test_hint_names_a_legal_action(qtbot, tmp_path):
    w = TableGamesWindow(players=5, game="five_partner_pick", seed=3, stats_path=tmp_path / "s.json", delay_ms=0)
    qtbot.addWidget(w)
    qtbot.waitUntil(lambda: w.human_turn(), timeout=60000)
    qtbot.mouseClick(w.hint_button, Qt.LeftButton)
    assert "Hint:" in w.prompt.text()


def test_secret_partner_is_not_shown_before_its_card(qtbot, tmp_path):
    w = TableGamesWindow(players=5, game="five_partner_pick", seed=4, stats_path=tmp_path / "s.json", delay_ms=0)
    qtbot.addWidget(w)
    for _ in range(400):
        qtbot.waitUntil(lambda: w.human_turn() or w.showing_result() or w.game.over, timeout=60000)
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


def test_refused_options_leave_the_game(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    said = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: said.append(a[2]))
    w = TableGamesWindow(players=4, game="four_railroad", seed=3, stats_path=tmp_path / "s.json", delay_ms=0)
    qtbot.addWidget(w)
    game = w.game
    w.options.alone.setChecked(True)
    w.options.exchange.setCurrentIndex(w.options.exchange.findData("railroad"))
    w.options.base = tables.TABLE_PRESETS["cutthroat"]  # a game without partners cannot railroad
    assert not w.new_game()
    assert w.game is game and said and "cannot be played" in said[0]


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
    assert window.isVisible() and window.stats_path == tmp_path / "practice-table-stats.json"


def test_practice_window_opens_the_games_for_2_to_6_players(qtbot, tmp_path, monkeypatch):
    from euchre_tourney.gui.practice import stats
    from euchre_tourney.gui.practice.table import PracticeWindow

    monkeypatch.setattr(stats, "default_path", lambda: tmp_path / "stats.json")
    w = PracticeWindow(seed=1, stats_path=tmp_path / "p.json")
    qtbot.addWidget(w)
    items = [a for m in w.menuBar().actions() for a in m.menu().actions() if "2 to 6" in a.text()]
    assert len(items) == 1
    items[0].trigger()
    other = w.table_games_window
    qtbot.addWidget(other)
    other.session.generation += 1
    assert other.isVisible() and other.players_box.count() == 5


def test_hard_players_think_off_the_gui_thread_and_the_game_ends(qtbot, tmp_path):
    from euchre_tourney.play.table import SampleSearchPlayer, make_table_player

    def factory(level, seed):
        # a fixed number of samples and no deadline: the same game on any machine
        return SampleSearchPlayer(samples=3, deadline_s=None, rng=seed) if level == "hard" else make_table_player(level, seed)

    w = TableGamesWindow(players=4, game="almonte_four", level="hard", seed=9, stats_path=tmp_path / "s.json",
                         delay_ms=0, player_factory=factory)
    qtbot.addWidget(w)
    w.options.target.setValue(3)
    assert w.new_game()
    assert all(isinstance(p, SampleSearchPlayer) for p in w.session.players.values())
    play_to_the_end(qtbot, w)
    assert max(w.game.scores) >= 3


def test_number_keys_play_the_cards(qtbot, tmp_path):
    w = TableGamesWindow(players=3, game="cutthroat", seed=4, stats_path=tmp_path / "s.json", delay_ms=0)
    qtbot.addWidget(w)
    w.show()
    for _ in range(200):
        qtbot.waitUntil(lambda: w.human_turn() or w.showing_result() or w.game.over, timeout=60000)
        if w.human_turn() and w.game.hand.phase == 11:
            break
        if w.showing_result():
            qtbot.mouseClick(w.next_button, Qt.LeftButton)
        else:
            _click_something(qtbot, w)
    cards = _widgets(w.cards_row, TableCardButton)
    i = next(k for k, b in enumerate(cards) if b.isEnabled())
    card = cards[i].card
    qtbot.keyClick(w, str(i + 1))
    played = [c for s, c in w.game.hand.trick + [p for t in w.game.hand.tricks for p in t[1]] if s == 0]
    assert card in played


def test_new_game_dialog_leads_to_the_games_for_2_to_6_players(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QDialogButtonBox

    from euchre_tourney.gui.practice import stats
    from euchre_tourney.gui.practice.table import PracticeWindow

    monkeypatch.setattr(stats, "default_path", lambda: tmp_path / "stats.json")
    w = PracticeWindow(seed=1, stats_path=tmp_path / "p.json")
    qtbot.addWidget(w)
    dlg = w.settings_dialog()
    qtbot.addWidget(dlg)
    button = next(b for b in dlg.findChild(QDialogButtonBox).buttons() if "2 to" in b.text())
    qtbot.mouseClick(button, Qt.LeftButton)
    other = w.table_games_window
    qtbot.addWidget(other)
    other.session.generation += 1
    assert dlg.result() == 0 and other.isVisible()
