"""Issue 29 item 4 in the window: at a six-player night the Scores page asks
who went alone, the Loners column counts it, and the hand list names the
players instead of "second side"."""

from __future__ import annotations

import datetime

import pytest
from PySide6.QtCore import Qt

from euchre_tourney import tournament as T
from euchre_tourney.gui.main_window import MainWindow


@pytest.fixture
def window(qtbot, gui_env, db):
    w = MainWindow(db)
    w.resize(1200, 800)
    qtbot.addWidget(w)
    return w


def test_a_lone_maker_picked_on_the_scores_page_counts_in_the_loners_column(window, qtbot):
    ctx = window.ctx
    ids = [ctx.run(T.add_player, name).id for name in ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]]
    window.create_event(name="Six", date=datetime.date(2026, 11, 25), rounds=1, hands_per_round=2, game="six_player_33")
    window.event_page.set_checked_in(ids, True)
    window.tabs.setCurrentWidget(window.rotation_page)
    assert window.rotation_page.generate()
    scores = window.scores_page
    window.tabs.setCurrentWidget(scores)
    scores.select(1, 1)
    box = scores  # issue 33: the Scores page's own entry row (it was side_box; "lone" is its Alone box)
    names = box.table_view.names
    assert box.alone.isVisibleTo(window)
    qtbot.keyClick(box.makers, Qt.Key_2)
    # only the makers' seats (2, 4, 6) are offered, after "Nobody"
    assert [box.alone.itemData(i) for i in range(box.alone.count())] == [None, 1, 3, 5]
    box.alone.setCurrentIndex(2)  # seat 4
    qtbot.keyClicks(box.tricks, "5")
    qtbot.keyClick(box.tricks, Qt.Key_Return)
    item = box.model.display_texts()[0][1]
    assert f"{names[3]} alone took 5" in item and "side" not in item, item
    assert names[3] in box.message.text()
    qtbot.keyClick(box.makers, Qt.Key_1)
    qtbot.keyClicks(box.tricks, "3")
    qtbot.keyClick(box.tricks, Qt.Key_Return)
    window.tabs.setCurrentWidget(window.standings_page)
    rows = {r.name: r for r in window.standings_page.view.rows}
    assert [rows[n].loners for n in names] == [0, 0, 0, 1, 0, 0]


def test_bid_euchre_played_with_going_alone_counts_the_bidders_loner(window, qtbot):
    """Bid euchre with the option "may go alone" on: the box was shown but a
    ticked "went alone" was dropped; now the bidder's loner is counted."""
    from euchre_tourney.rules import tables

    ctx = window.ctx
    ids = [ctx.run(T.add_player, name).id for name in ["Ann", "Bob", "Cy", "Dee"]]
    window.create_event(name="Bids", date=datetime.date(2026, 11, 25), rounds=1, hands_per_round=1,
                        game=tables.BID_FOUR.replace(may_go_alone=True))
    window.event_page.set_checked_in(ids, True)
    window.tabs.setCurrentWidget(window.rotation_page)
    assert window.rotation_page.generate()
    scores = window.scores_page
    window.tabs.setCurrentWidget(scores)
    scores.select(1, 1)
    box = scores  # issue 33: the Scores page's own entry row (it was side_box)
    names = box.table_view.names
    assert box.alone.isVisibleTo(window)  # the bidder is the one alone
    qtbot.keyClick(box.bidder, Qt.Key_3)  # South bids 5 and goes alone
    qtbot.keyClicks(box.bid, "5")
    assert [box.alone.itemData(i) for i in range(box.alone.count())] == [None, 2]
    box.alone.setCurrentIndex(1)
    qtbot.keyClicks(box.tricks, "5")
    qtbot.keyClick(box.tricks, Qt.Key_Return)
    assert f"{names[2]} bid 5" in box.model.display_texts()[0][1]
    window.tabs.setCurrentWidget(window.standings_page)
    rows = {r.name: r for r in window.standings_page.view.rows}
    assert [rows[n].loners for n in names] == [0, 0, 1, 0]
