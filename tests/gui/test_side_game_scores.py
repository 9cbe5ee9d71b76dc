"""Issue 24 item 5 in the window: a six-player event and a bid euchre event
made in the New event dialog, their rotation, a round typed on the Scores
page (keyboard: keys, Enter) and the standings."""

from __future__ import annotations

import datetime
import os

import pytest
from PySide6.QtCore import Qt

from euchre_tourney import tournament as T
from euchre_tourney.gui.event_page import NewEventDialog
from euchre_tourney.gui.main_window import MainWindow
from euchre_tourney.rules import tables

SHOTS = os.environ.get("EUCHRE_TOURNEY_SHOTS", "")


def shot(widget, name):
    if SHOTS:
        widget.grab().save(os.path.join(SHOTS, name))


@pytest.fixture
def window(qtbot, gui_env, db):
    w = MainWindow(db)
    w.resize(1200, 800)
    qtbot.addWidget(w)
    return w


def test_new_event_dialog_offers_the_side_games(qtbot, gui_env):
    dlg = NewEventDialog()
    qtbot.addWidget(dlg)
    assert dlg.values().get("game") is None  # four-seat euchre: create_event as before
    dlg.game.setCurrentIndex(dlg.game.findData("six_player_33"))
    values = dlg.values()
    assert values["game"] == tables.SIX_PLAYER_33 and values["kind"] == "progressive" and values["entry_mode"] == "hands"
    # the twelve presets of the rule texts are listed; those whose sides change hand by hand are not offered
    keys = [dlg.game.itemData(i) for i in range(1, dlg.game.count())]
    assert keys == list(tables.TABLE_TITLES) and len(keys) == 12
    off = [k for i, k in enumerate(keys, start=1) if not dlg.game.model().item(i).isEnabled()]
    assert sorted(off) == ["bid_five", "cutthroat", "five_partner_pick", "two_handed"]
    # the practice table's options editor, set to the game; an option changed is what the event gets
    assert dlg.game_options.isVisibleTo(dlg) and dlg.game_options.target.value() == 11
    dlg.game_options.alone.setChecked(False)
    assert dlg.values()["game"] == tables.SIX_PLAYER_33.replace(may_go_alone=False)
    dlg.game_options.alone.setChecked(True)
    assert not dlg.kind.isEnabled() and not dlg.form.preset.isEnabled()
    assert "Tables of six, three against three" in dlg.game_summary.text()
    assert dlg.game.nextInFocusChain() is dlg.game_options.target or dlg.game.nextInFocusChain().parent() is dlg.game_options.target
    dlg.resize(640, dlg.sizeHint().height())
    shot(dlg, "new_event_six.png")
    dlg.game.setCurrentIndex(dlg.game.findData("bid_four"))
    assert "the bid (2–5), the bidder" in dlg.game_summary.text()
    assert dlg.game_options.exchange.currentData() == "none" and dlg.game_options.base == tables.BID_FOUR
    dlg.game.setCurrentIndex(0)
    assert dlg.kind.isEnabled() and dlg.form.preset.isEnabled() and "game" not in dlg.values()
    assert not dlg.game_options.isVisibleTo(dlg)


def _night(window, game, players, rounds=2, hands=2):
    ctx = window.ctx
    ids = [ctx.run(T.add_player, name).id for name in
           ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou", "Max"][:players]]
    view = window.create_event(name="Side night", date=datetime.date(2026, 11, 25), rounds=rounds,
                               hands_per_round=hands, game=game)
    window.event_page.set_checked_in(ids, True)
    window.tabs.setCurrentWidget(window.rotation_page)
    assert window.rotation_page.generate()
    return view


def test_a_round_of_six_player_typed_on_the_scores_page(window, qtbot):
    _night(window, "six_player_33", 13)
    rot = window.rotation_page
    assert rot.model.columnCount() == 7 and rot.model.headerData(1, Qt.Horizontal).startswith("Seat 1")
    assert "partner" in rot.quality.text() and "seats 1, 3, 5 partner" in rot.sides_note.text()
    assert not rot.replan_button.isEnabled()
    shot(window, "rotation_six.png")
    scores = window.scores_page
    window.tabs.setCurrentWidget(scores)
    scores.select(1, 1)
    box = scores  # issue 33: the side game's entry is the Scores page's own entry row (it was side_box)
    assert scores.side_game is not None and scores.entry.isVisibleTo(window)
    assert box.makers.isVisibleTo(window) and not box.bid.isVisibleTo(window)
    # hand 1: the second side (key 2) marches alone
    qtbot.keyClick(box.makers, Qt.Key_2)
    box.alone.setCurrentIndex(1)  # (was a "went alone" tick box)
    qtbot.keyClicks(box.tricks, "5")
    assert box.preview.text().endswith("score 6.")
    qtbot.keyClick(box.tricks, Qt.Key_Return)
    assert [h.points for h in box.table_view.hands] == [6]
    # a hand that cannot be: the engine's sentence, nothing stored
    qtbot.keyClick(box.makers, Qt.Key_1)
    qtbot.keyClicks(box.tricks, "7")
    assert "must be a whole number from 0 to 5" in box.preview.text()
    qtbot.keyClick(box.tricks, Qt.Key_Return)
    assert "Not saved" in box.message.text() and len(box.table_view.hands) == 1
    box.tricks.clear()
    qtbot.keyClicks(box.tricks, "3")
    qtbot.keyClick(box.tricks, Qt.Key_Return)
    assert box.table_view is not None and scores.current_table() == 2  # table 1 complete: on to table 2
    shot(window, "scores_six.png")
    for _ in range(2):
        qtbot.keyClick(box.makers, Qt.Key_1)
        qtbot.keyClicks(box.tricks, "4")
        qtbot.keyClick(box.tricks, Qt.Key_Return)
    window.tabs.setCurrentWidget(window.standings_page)
    page = window.standings_page
    rows = {r.name: r for r in page.view.rows}
    assert sum(r.points for r in page.view.rows) == 3 * 6 + 3 * 1 + 3 * 2  # each side's points once a player
    assert all(r.rounds_played == 1 for r in rows.values() if r.points)
    shot(window, "standings_six.png")


def test_a_round_of_bid_euchre_typed_on_the_scores_page(window, qtbot):
    _night(window, "bid_four", 8, rounds=1, hands=2)
    scores = window.scores_page
    window.tabs.setCurrentWidget(scores)
    scores.select(1, 1)
    box = scores  # issue 33: the Scores page's own entry row (it was side_box)
    assert box.bid.isVisibleTo(window) and box.bidder.isVisibleTo(window) and not box.makers.isVisibleTo(window) and not box.alone.isVisibleTo(window)
    qtbot.keyClick(box.bidder, Qt.Key_2)  # East bids 3 and takes 2: East-West lose 3
    qtbot.keyClicks(box.bid, "3")
    qtbot.keyClicks(box.tricks, "2")
    assert box.preview.text().startswith("East–West") and box.preview.text().endswith("score -3.")
    qtbot.keyClick(box.tricks, Qt.Key_Return)
    qtbot.keyClick(box.bidder, Qt.Key_1)
    qtbot.keyClicks(box.bid, "6")
    qtbot.keyClicks(box.tricks, "5")
    assert "The bid must be a whole number from 2 to 5" in box.preview.text()
    box.bid.clear()
    qtbot.keyClicks(box.bid, "5")
    qtbot.keyClick(box.bid, Qt.Key_Return)
    assert scores.current_table() == 2
    shot(window, "scores_bid.png")
    window.tabs.setCurrentWidget(window.standings_page)
    view = window.standings_page.view
    # table 1 finished: North-South 5, East-West -3; table 2 has no hand yet and counts for nobody
    assert sorted(r.points for r in view.rows) == [-3, -3, 0, 0, 0, 0, 5, 5]
    assert sorted(r.rounds_played for r in view.rows) == [0, 0, 0, 0, 1, 1, 1, 1]
