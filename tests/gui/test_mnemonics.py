"""No two Alt+letter mnemonics in one window (issue 14, item 6).

Walks every window as the director sees it: the main window on each page (a
progressive night and a team night), the practice table, the projector, the
user guide and the dialogs; collects what Alt+letter reaches there — the menu
bar's menus, visible buttons, labels with a buddy, group boxes, tab titles —
and each menu's own items, and asserts no letter is used twice."""

from __future__ import annotations

import datetime
import re

import pytest
from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QMainWindow, QMenu, QTabWidget, QToolButton, QWidget

from euchre_tourney import tournament as T
from euchre_tourney.gui.main_window import MainWindow


def mnemonic(text: str | None) -> str | None:
    """The letter after a single "&" ("Check o&ut" → "u"); None if none."""
    m = re.search(r"&([^&])", (text or "").replace("&&", ""))
    return m.group(1).casefold() if m else None


def window_mnemonics(win: QWidget) -> list[tuple[str, str]]:
    """(letter, what) for every Alt+letter ``win`` answers to as shown now."""
    found = []

    def mine(w: QWidget) -> bool:
        return w.window() is win and w.isVisibleTo(win)

    if isinstance(win, QMainWindow):
        found += [(mnemonic(a.text()), f"menu {a.text()}") for a in win.menuBar().actions() if a.isVisible()]
    for w in win.findChildren(QAbstractButton):
        if mine(w) and not (isinstance(w, QToolButton) and w.defaultAction() is not None):
            found.append((mnemonic(w.text()), f"button {w.text()}"))
    found += [(mnemonic(w.text()), f"label {w.text()}") for w in win.findChildren(QLabel) if w.buddy() and mine(w)]
    found += [(mnemonic(w.title()), f"group {w.title()}") for w in win.findChildren(QGroupBox) if mine(w)]
    for tabs in win.findChildren(QTabWidget):
        if mine(tabs):
            found += [(mnemonic(tabs.tabText(i)), f"tab {tabs.tabText(i)}") for i in range(tabs.count())]
    return [(letter, what) for letter, what in found if letter]


def clashes(found: list[tuple[str, str]]) -> dict[str, list[str]]:
    by_letter: dict[str, list[str]] = {}
    for letter, what in found:
        by_letter.setdefault(letter, []).append(what)
    return {letter: whats for letter, whats in by_letter.items() if len(whats) > 1}


def menu_clashes(win: QMainWindow) -> dict[str, dict[str, list[str]]]:
    """Within each menu of the menu bar (and its submenus)."""
    out = {}
    menus = [a.menu() for a in win.menuBar().actions() if a.menu()]
    while menus:
        menu: QMenu = menus.pop()
        menus += [a.menu() for a in menu.actions() if a.menu()]
        found = [(mnemonic(a.text()), a.text()) for a in menu.actions() if a.isVisible() and not a.isSeparator()]
        bad = clashes([(letter, what) for letter, what in found if letter])
        if bad:
            out[menu.title()] = bad
    return out


def assert_no_clash(win: QWidget, where: str) -> None:
    found = window_mnemonics(win)
    assert found, f"{where}: no mnemonics found at all (the walk is broken)"
    assert clashes(found) == {}, where
    if isinstance(win, QMainWindow):
        assert menu_clashes(win) == {}, where


@pytest.fixture
def window(qtbot, gui_env, db):
    w = MainWindow(db)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_the_walk_sees_a_clash(qtbot):
    """The check itself: two buttons with Alt+E in one window are caught."""
    from PySide6.QtWidgets import QHBoxLayout, QPushButton

    win = QWidget()
    qtbot.addWidget(win)
    row = QHBoxLayout(win)
    for text in ("&Edit", "&Everyone", "Sa&ve"):
        row.addWidget(QPushButton(text))
    assert clashes(window_mnemonics(win)) == {"e": ["button &Edit", "button &Everyone"]}


def test_every_page_of_a_progressive_night(qtbot, window):
    ids = [window.ctx.run(T.add_player, f"P{i}").id for i in range(9)]
    window.create_event(name="Night", date=datetime.date(2026, 2, 3), rounds=3, hands_per_round=4)
    window.event_page.set_checked_in(ids, True)
    window.tabs.setCurrentWidget(window.rotation_page)
    assert window.rotation_page.generate()
    for i in range(window.tabs.count()):
        if window.tabs.isTabVisible(i):
            window.tabs.setCurrentIndex(i)
            assert_no_clash(window, window.tabs.tabText(i))
    window.event_page.search.setText("P1")  # the buttons' "these" wording
    window.tabs.setCurrentWidget(window.event_page)
    assert_no_clash(window, "check-in, filtered")


def test_every_page_of_a_team_night(qtbot, window):
    for i in range(8):
        window.ctx.run(T.add_player, f"P{i}")
    window.create_event(name="Pairs", date=datetime.date(2026, 2, 3), kind="team", rounds=3, hands_per_round=4,
                        team_format="round_robin", round_scoring="hands")
    assert window.tabs.currentWidget() is window.teams_page
    for i in range(window.tabs.count()):
        if window.tabs.isTabVisible(i):
            window.tabs.setCurrentIndex(i)
            assert_no_clash(window, "team night: " + window.tabs.tabText(i))


def test_practice_table_projector_guide_and_dialogs(qtbot, window, db):
    from euchre_tourney.gui.event_page import NewEventDialog
    from euchre_tourney.gui.help import AboutDialog, HelpWindow
    from euchre_tourney.gui.requests import RequestDialog
    from euchre_tourney.gui.roster_page import PlayerDialog

    practice = window.open_practice()
    qtbot.addWidget(practice)
    assert_no_clash(practice, "practice table")
    window.standings_page.show_projector()
    qtbot.addWidget(window.standings_page.projector)
    found = window_mnemonics(window.standings_page.projector)
    assert clashes(found) == {}
    guide = HelpWindow()
    qtbot.addWidget(guide)
    guide.show()
    assert clashes(window_mnemonics(guide)) == {}
    players = [window.ctx.run(T.add_player, f"P{i}") for i in range(4)]
    entrants = [T.readmodels.EntrantView(p.id, p.name, True, i + 1) for i, p in enumerate(players)]
    team_dialog = NewEventDialog(window)
    team_dialog.set_kind("team")
    for dialog, where in (
        (PlayerDialog(window), "Add player"),
        (NewEventDialog(window), "New event"),
        (team_dialog, "New event (team)"),
        (RequestDialog(entrants, 5, window), "Add a request"),
        (AboutDialog(window), "About"),
    ):
        dialog.show()
        assert clashes(window_mnemonics(dialog)) == {}, where
        dialog.close()


@pytest.mark.parametrize("game", ["bid_four", "five_partner_pick", "four_railroad", "six_player_33", "four_no_trump"])
def test_practice_table_for_2_to_6_players(qtbot, tmp_path, game):
    """Issue 29 item 7: the choices' keys (underlined on their buttons, or
    in brackets) never clash with the window's mnemonics (the options, the
    tools), at every moment of a game as the player sees it."""
    import random

    from PySide6.QtWidgets import QApplication

    from euchre_tourney.play.session import CHOICE_KEYS

    from tests.gui.test_table_games import table_window

    w = table_window(qtbot, tmp_path, game, seed=4)
    w.show()
    # the window's own mnemonics use no choice's letter
    w.session.generation += 1  # stop the computer players
    w.refresh()
    QApplication.processEvents()
    fixed = {letter for letter, what in window_mnemonics(w) if "partner" not in what}
    assert fixed and not fixed & {k.casefold() for k in CHOICE_KEYS if len(k) == 1}, sorted(fixed)
    assert_no_clash(w, f"{game}: before the first choice")
    w.new_game()
    w.refresh()
    rng = random.Random(1)
    seen = 0
    for _ in range(150):
        qtbot.waitUntil(lambda: w.human_turn() or w.showing_result() or w.game.over, timeout=60000)
        if w.game.over:
            break
        if w.showing_result():
            w.next_hand()
            continue
        QApplication.processEvents()
        assert_no_clash(w, f"{game}: {w.prompt.text()}")
        seen += 1
        legal = w.game.legal_actions()
        w.human_action(rng.choice(legal))
    assert seen
