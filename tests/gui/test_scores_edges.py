"""Issue 20 item 5, the Scores page's edges: a message belongs to the event,
table and mode it was made for; a complete table offers no new hand 1; a
correction stays on its table with the corrected row selected; an undo says
what it undid, where."""

from __future__ import annotations

import datetime

import pytest
from PySide6.QtCore import Qt

from euchre_tourney import tournament as T
from euchre_tourney.gui.main_window import MainWindow

from tests.gui.nights import night, window_on


@pytest.fixture
def window(qtbot, gui_env, db):
    night(db)
    w = window_on(qtbot, db)
    yield w
    w.close()


def type_hand(qtbot, page, side, tricks):
    page.makers.setCurrentIndex(page.makers.findData(side))
    page.tricks.setText("")
    qtbot.keyClicks(page.tricks, str(tricks))
    qtbot.keyClick(page.tricks, Qt.Key_Return)


def test_a_complete_table_offers_no_new_hand_1(qtbot, window):
    page = window.scores_page
    page.select(1, 1)
    type_hand(qtbot, page, "NS", 3)
    type_hand(qtbot, page, "EW", 4)  # table 1 complete: on to table 2
    assert page.current_table() == 2
    page.select(1, 1)  # back to the complete table
    assert "complete" in page.entry.title()
    assert not page.save_button.isEnabled() and not page.tricks.isEnabled()
    assert page.hand_number.value() != 1 or not page.hand_number.isEnabled()
    page.save()  # Enter on the empty, disabled entry row stores nothing
    assert len(page.table_view.hands) == 2
    page.hands.selectRow(0)  # correcting a hand is still offered
    page.edit_selected()
    assert page.tricks.isEnabled() and page.entry.title() == "Correct hand 1"


def test_a_correction_stays_on_its_table_with_the_row_selected(qtbot, window):
    page = window.scores_page
    page.select(1, 1)
    type_hand(qtbot, page, "NS", 3)
    type_hand(qtbot, page, "EW", 4)
    page.select(1, 1)
    page.hands.selectRow(1)
    qtbot.keyClick(page.hands, Qt.Key_F2)  # on purpose: Enter never opens a correction (issue 29)
    page.tricks.setText("")
    qtbot.keyClicks(page.tricks, "5")
    qtbot.keyClick(page.tricks, Qt.Key_Return)
    assert page.message.text() == "Hand 2 corrected."
    assert page.current_table() == 1  # not moved on to the next table
    assert page.selected_hand().number == 2 and page.selected_hand().maker_tricks == 5


def test_not_saved_is_not_shown_in_correction_mode(qtbot, window):
    page = window.scores_page
    page.select(1, 1)
    type_hand(qtbot, page, "NS", 3)
    type_hand(qtbot, page, "NS", 9)  # refused
    assert page.message.text().startswith("Not saved")
    page.hands.selectRow(0)
    qtbot.keyClick(page.hands, Qt.Key_F2)  # on purpose: Enter never opens a correction (issue 29)
    assert page.editing_id is not None
    assert "Not saved" not in page.message.text()
    type_hand(qtbot, page, "NS", 9)  # a refused correction...
    assert page.message.text().startswith("Not saved")
    qtbot.keyClick(page.tricks, Qt.Key_Escape)  # ...is not the new-hand entry's message
    assert page.editing_id is None and "Not saved" not in page.message.text()


def test_undo_at_another_table_says_what_and_where(qtbot, window):
    page = window.scores_page
    page.select(1, 1)
    type_hand(qtbot, page, "NS", 3)
    page.select(1, 2)
    window.ctx.undo_stack.undo()
    assert page.current_table() == 2
    assert page.message.text() == "Undone: Hand 1 at table 1, round 1."
    assert window.statusBar().currentMessage() == "Undone: Hand 1 at table 1, round 1."
    window.ctx.undo_stack.redo()
    assert page.message.text() == "Redone: Hand 1 at table 1, round 1."


def test_a_message_belongs_to_its_event(qtbot, window, db):
    page = window.scores_page
    page.select(1, 1)
    type_hand(qtbot, page, "NS", 3)
    assert "saved" in page.message.text()
    with db.session() as s:  # a second event, without a rotation yet
        other = T.create_event(s, "Other night", datetime.date(2026, 11, 25), rounds=1, hands_per_round=2)
    window.reload_events(select=other.id)
    assert window.ctx.event_id == other.id
    assert page.message.text() == ""


def test_a_final_score_message_belongs_to_its_event(qtbot, gui_env, db):
    with db.session() as s:
        ids = [T.add_player(s, f"Player {i:02d}").id for i in range(8)]
        events = []
        for name in ("Swiss A", "Swiss B"):
            ev = T.create_event(s, name, datetime.date(2026, 11, 24), rounds=2, kind="team",
                                team_format="swiss", round_scoring="game")
            for a, b in zip(ids[0::2], ids[1::2]):
                T.add_team(s, ev.id, a, b)
            T.make_team_rounds(s, ev.id)
            events.append(ev.id)
    w = MainWindow(db)
    qtbot.addWidget(w)
    w.poll_timer.stop()
    w.reload_events(select=events[0])
    w.tabs.setCurrentWidget(w.teams_page)
    box = w.teams_page.game_box
    box.select(1, 1)
    box.ns.setValue(10)
    box.ew.setValue(4)
    assert box.save()
    assert box.message.text().startswith("Saved: round 1, table 1")
    w.reload_events(select=events[1])
    assert box.message.text() == ""
    w.close()
