"""Issue 29 item 7, keys that never surprise: on the Scores page, a fast
typist's keys after a table's (or a round's) last hand never change a
stored hand -- a correction is opened only by an explicit action (the
*Correct selected hand* button, a double click, F2) and saved only after a
question that shows the hand as stored and as corrected; the automatic
move to the next table never makes Alt+T, Down skip one; each Up or Down
in the Round box moves one round."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from euchre_tourney import tournament as T
from euchre_tourney.gui.main_window import MainWindow

from tests.gui.nights import night

TABLE = "e3 n4 e5 n0 e3 n5a e1 n3".split()
"""One table's hands as typed: the makers' side letter, the tricks, ``a``
when the maker went alone (the first of that side's seats)."""
OTHER = "n3 n1 e4 e0 n5 e3 n2 e5".split()
"""Another table's hands (different from :data:`TABLE` hand by hand)."""


def keys_for(hand: str, typo: bool = False) -> list:
    """The keys a director presses for one hand: the side letter in the
    Makers box, Tab, the tricks, (Tab, Down: who went alone), Enter;
    ``typo``: a wrong digit first, taken back with Backspace."""
    side, tricks, alone = hand[0], hand[1], hand[2:] == "a"
    keys = [getattr(Qt, f"Key_{side.upper()}"), Qt.Key_Tab, getattr(Qt, f"Key_{tricks}")]
    if typo:
        keys[2:2] = [Qt.Key_9, Qt.Key_Backspace]
    if alone:
        keys += [Qt.Key_Tab, Qt.Key_Down]
    return keys + [Qt.Key_Return]


def type_keys(qtbot, keys) -> None:
    """Each key to whatever has the focus then, as a typist's keys go."""
    for key in keys:
        qtbot.keyClick(QApplication.focusWidget() or QApplication.activeWindow(), key, delay=0)


def stored(db, event_id) -> dict:
    """Every stored hand of the event: (round, table, number) -> what it says and its version."""
    out = {}
    with db.session() as s:
        for rnd in (1, 2):
            for table in (1, 2):
                for h in T.table_score(s, event_id, rnd, table).hands:
                    out[rnd, table, h.number] = (h.makers, h.maker_tricks, h.alone_seat, h.version)
    return out


@pytest.fixture
def station(qtbot, gui_env, db):
    event_id = night(db, players=8, rounds=2, hands=8)  # two tables a round, eight hands a table
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.poll_timer.stop()
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    window.tabs.setCurrentWidget(window.scores_page)
    yield event_id, window
    window.close()


@pytest.mark.postgres  # SQLite and, with a server, PostgreSQL
def test_typing_on_after_a_rounds_last_hand_rewrites_no_stored_hand(qtbot, station, db, gui_env):
    event_id, window = station
    page = window.scores_page
    page.select(1, 1)
    page.makers.setFocus()
    QApplication.processEvents()
    type_keys(qtbot, [k for hand in TABLE + OTHER for k in keys_for(hand)])  # table 1, then on to table 2
    before = stored(db, event_id)
    assert len(before) == 16  # both tables of round 1 in: the round is complete
    # the typist goes on (the next round's hands, a typo taken back now and then)
    type_keys(qtbot, [Qt.Key_Backspace] + [k for i, hand in enumerate(OTHER + TABLE) for k in keys_for(hand, typo=i % 3 == 0)])
    after = stored(db, event_id)
    rewritten = [k for k in before if after.get(k) != before[k]]
    assert rewritten == [], f"{len(rewritten)} stored hands rewritten by typing on"
    assert set(after) == set(before)  # none deleted, none added to the finished round
    assert gui_env["questions"] == []  # no correction was even opened to ask about


@pytest.fixture
def three_tables(qtbot, gui_env, db):
    event_id = night(db, players=12, rounds=3, hands=4)  # three tables a round, four hands a table
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.poll_timer.stop()
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=60000)
    window.tabs.setCurrentWidget(window.scores_page)
    yield event_id, window
    window.close()


def hands_at(db, event_id, rnd, table) -> list:
    with db.session() as s:
        return [(h.makers, h.maker_tricks) for h in T.table_score(s, event_id, rnd, table).hands]


def test_alt_t_down_after_the_automatic_move_never_skips_a_table(qtbot, three_tables, db):
    event_id, window = three_tables
    page = window.scores_page
    page.select(1, 1)
    page.makers.setFocus()
    QApplication.processEvents()
    first, second = TABLE[:4], OTHER[:4]
    type_keys(qtbot, [k for hand in first for k in keys_for(hand)])
    assert page.current_table() == 2  # the automatic move
    # the typist, used to moving on herself: Alt+T, Down, then the next table's hands
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_T, Qt.AltModifier)
    assert QApplication.focusWidget() is page.tables
    type_keys(qtbot, [Qt.Key_Down, Qt.Key_Tab])
    page.makers.setFocus()
    QApplication.processEvents()
    type_keys(qtbot, [k for hand in second for k in keys_for(hand)])
    got = {t: len(hands_at(db, event_id, 1, t)) for t in (1, 2, 3)}
    assert got == {1: 4, 2: 4, 3: 0}, f"hands per table: {got}"


@pytest.mark.parametrize("key, start, want", [(Qt.Key_Up, 1, [2, 3]), (Qt.Key_Down, 3, [2, 1])])
def test_up_and_down_in_the_round_box_move_one_round_each(qtbot, three_tables, key, start, want):
    _event_id, window = three_tables
    page = window.scores_page
    page.select(start, 1)
    page.round.setFocus()
    QApplication.processEvents()
    seen = []
    for _ in want:
        qtbot.keyClick(QApplication.focusWidget(), key)
        seen.append(page.round.value())
    assert seen == want
    assert QApplication.focusWidget() is page.round  # the next Up or Down is the Round box's too


def test_enter_in_the_hand_list_opens_no_correction_and_says_how(qtbot, station):
    _event_id, window = station
    page = window.scores_page
    page.select(1, 1)
    page.makers.setFocus()
    type_keys(qtbot, [k for hand in TABLE[:2] for k in keys_for(hand)])
    page.hands.setFocus()
    page.hands.selectRow(1)
    qtbot.keyClick(page.hands, Qt.Key_Return)
    assert page.editing_id is None
    assert page.message.text() == "To correct hand 2: Correct selected hand (Alt+C), F2 or a double click."
    qtbot.keyClick(page.hands, Qt.Key_Backspace)  # never a deletion
    assert len(page.table_view.hands) == 2
    qtbot.keyClick(page.hands, Qt.Key_1)  # no type-ahead: hand 1 is not selected by its number
    assert page.selected_hand().number == 2
    qtbot.keyClick(page.hands, Qt.Key_F2)  # on purpose
    assert page.editing_id == page.table_view.hands[1].id and page.entry.title() == "Correct hand 2"


def _correct_hand_2_to(qtbot, page, side_key, tricks):
    page.hands.selectRow(1)
    qtbot.mouseClick(page.edit_button, Qt.LeftButton)  # the explicit action
    assert page.entry.title() == "Correct hand 2"
    qtbot.keyClick(page.makers, side_key)
    page.tricks.clear()
    qtbot.keyClicks(page.tricks, str(tricks))
    qtbot.keyClick(page.tricks, Qt.Key_Return)


def test_a_correction_is_saved_only_after_a_question_showing_old_and_new(qtbot, station, db, gui_env, monkeypatch):
    from euchre_tourney.gui import context

    event_id, window = station
    page = window.scores_page
    page.select(1, 1)
    page.makers.setFocus()
    type_keys(qtbot, [k for hand in TABLE[:2] for k in keys_for(hand)])  # hand 2: North–South took 4
    before = stored(db, event_id)
    answers = []
    monkeypatch.setattr(context, "ask", lambda _p, title, q: gui_env["questions"].append((title, q)) or answers.pop(0))

    answers.append(False)
    _correct_hand_2_to(qtbot, page, Qt.Key_E, 3)
    title, question = gui_env["questions"][-1]
    assert title == "Correct hand 2"
    assert question == (
        "Hand 2 at table 1, round 1\n\n"
        "Stored: North–South made trump, took 4 tricks: North–South score 1.\n"
        "Corrected: East–West made trump, took 3 tricks: East–West score 1.\n\n"
        "Save the correction?"
    )
    assert stored(db, event_id) == before  # No: nothing written
    assert page.editing_id is not None and page.tricks.text() == "3"  # the correction stays open as typed
    assert "not corrected" in page.message.text()
    qtbot.keyClick(page.tricks, Qt.Key_Escape)

    answers.append(True)
    _correct_hand_2_to(qtbot, page, Qt.Key_E, 3)
    assert page.message.text() == "Hand 2 corrected."
    after = stored(db, event_id)
    assert after[1, 1, 2][:3] == ("EW", 3, None) and [k for k in before if after[k] != before[k]] == [(1, 1, 2)]

    asked = len(gui_env["questions"])
    _correct_hand_2_to(qtbot, page, Qt.Key_E, 3)  # the same again: nothing to correct, nothing asked
    assert len(gui_env["questions"]) == asked and page.editing_id is None
    assert page.message.text() == "Hand 2 already says that: nothing to correct."
    assert stored(db, event_id) == after


def test_delete_asks_first(qtbot, station, db, gui_env, monkeypatch):
    from euchre_tourney.gui import context

    event_id, window = station
    page = window.scores_page
    page.select(1, 1)
    page.makers.setFocus()
    type_keys(qtbot, keys_for("e3"))
    monkeypatch.setattr(context, "ask", lambda _p, title, q: gui_env["questions"].append((title, q)) and False)
    page.hands.selectRow(0)
    qtbot.keyClick(page.hands, Qt.Key_Delete)
    assert gui_env["questions"][-1] == (
        "Delete hand 1",
        "Delete hand 1 at table 1, round 1?\n\n"
        "Stored: East–West made trump, took 3 tricks: East–West score 1.\n\n"
        "Edit ▸ Undo (Ctrl+Z) brings it back.",
    )
    assert len(stored(db, event_id)) == 1


def test_typing_on_after_a_side_games_last_hand_deletes_no_stored_hand(qtbot, gui_env, db):
    """Bid euchre at two tables: the hands typed (bidder, Tab, bid, Tab,
    tricks, Enter), then typing on with a Backspace now and then."""
    import datetime

    window = MainWindow(db)
    qtbot.addWidget(window)
    window.poll_timer.stop()
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    ids = [window.ctx.run(T.add_player, f"Bidder {i}").id for i in range(8)]
    window.create_event(name="Bid night", date=datetime.date(2026, 11, 25), rounds=1, hands_per_round=3, game="bid_four")
    window.event_page.set_checked_in(ids, True)
    window.tabs.setCurrentWidget(window.rotation_page)
    assert window.rotation_page.generate()
    window.tabs.setCurrentWidget(window.scores_page)
    page = window.scores_page
    page.select(1, 1)
    box = page  # issue 33: the Scores page's own entry row (it was side_box)
    box.first_field().setFocus()
    QApplication.processEvents()
    hand = [Qt.Key_2, Qt.Key_Tab, Qt.Key_3, Qt.Key_Tab, Qt.Key_4, Qt.Key_Return]
    type_keys(qtbot, hand * 6)  # both tables, three hands each

    def side_hands():
        with db.session() as s:
            return {(t, h.number): (h.id, h.text) for t in (1, 2)
                    for h in T.side_table_score(s, window.ctx.event_id, 1, t).hands}

    before = side_hands()
    assert len(before) == 6
    typo = [Qt.Key_2, Qt.Key_Tab, Qt.Key_3, Qt.Key_Tab, Qt.Key_9, Qt.Key_Backspace, Qt.Key_4, Qt.Key_Return]
    type_keys(qtbot, [Qt.Key_Backspace] + typo * 4)  # a Backspace first: the last Enter was typed too soon
    assert side_hands() == before
    window.close()


def test_a_stored_final_score_is_replaced_only_after_a_question(qtbot, gui_env, db, monkeypatch):
    import datetime

    from euchre_tourney.gui import context

    with db.session() as s:
        ids = [T.add_player(s, f"Player {i:02d}").id for i in range(8)]
        ev = T.create_event(s, "Swiss", datetime.date(2026, 11, 24), rounds=2, kind="team",
                            team_format="swiss", round_scoring="game")
        for a, b in zip(ids[0::2], ids[1::2]):
            T.add_team(s, ev.id, a, b)
        T.make_team_rounds(s, ev.id)
    w = MainWindow(db)
    qtbot.addWidget(w)
    w.poll_timer.stop()
    w.reload_events(select=ev.id)
    w.tabs.setCurrentWidget(w.teams_page)
    box = w.teams_page.game_box
    box.select(1, 1)
    box.ns.setValue(10)
    box.ew.setValue(4)
    assert box.save() and gui_env["questions"] == []  # nothing stored yet: nothing to ask
    answers = [False]
    monkeypatch.setattr(context, "ask", lambda _p, title, q: gui_env["questions"].append((title, q)) or answers.pop(0))
    box.ew.setValue(6)
    assert not box.save()
    assert gui_env["questions"][-1] == (
        "Replace the final score at table 1",
        "Round 1, table 1 has a final score stored:\n    North–South 10, East–West 4.\n\n"
        "Replace it with:\n    North–South 10, East–West 6?",
    )
    assert w.ctx.run(T.game_score_of, ev.id, 1, 1) == (10, 4)
    answers.append(True)
    assert box.save() and w.ctx.run(T.game_score_of, ev.id, 1, 1) == (10, 6)
    w.close()


def test_enter_at_a_complete_table_says_nothing_was_changed(qtbot, station):
    _event_id, window = station
    page = window.scores_page
    page.station_tables.setText("1")  # this station enters table 1 only
    page.choose_tables()
    page.select(1, 1)
    page.makers.setFocus()
    type_keys(qtbot, [k for hand in TABLE for k in keys_for(hand)])
    assert QApplication.focusWidget() is page.hands  # this station's round is done: the focus rests on the list
    assert "complete" in page.message.text()
    type_keys(qtbot, keys_for("n3"))
    assert page.message.text().startswith("Table 1 is complete: nothing was changed. To correct hand")


def test_a_correction_of_a_hand_deleted_elsewhere_says_so(qtbot, station, db):
    event_id, window = station
    page = window.scores_page
    page.select(1, 1)
    page.makers.setFocus()
    type_keys(qtbot, [k for hand in TABLE[:2] for k in keys_for(hand)])
    page.hands.selectRow(1)
    qtbot.keyClick(page.hands, Qt.Key_F2)
    with db.session() as s:  # another station deletes hand 2 meanwhile
        T.delete_hand(s, T.table_score(s, event_id, 1, 1).hands[1].id)
    page.data_changed()  # a redraw (the poll's) under the correction in progress
    assert page.editing_id is not None
    page.tricks.setText("")
    qtbot.keyClicks(page.tricks, "5")
    qtbot.keyClick(page.tricks, Qt.Key_Return)
    assert page.message.text().startswith("Not saved: this hand is no longer stored")
    assert page.editing_id is None and len(stored(db, event_id)) == 1


def test_the_last_table_complete_names_the_tables_still_open(qtbot, three_tables):
    _event_id, window = three_tables
    page = window.scores_page
    page.select(1, 3)
    page.makers.setFocus()
    QApplication.processEvents()
    type_keys(qtbot, [k for hand in TABLE[:4] for k in keys_for(hand)])
    assert page.current_table() == 3  # nothing after table 3: it stays
    assert page.message.text() == "Table 3 is complete. Still open in round 1: tables 1, 2."


def test_stored_round_totals_are_replaced_only_after_a_question(qtbot, gui_env, db, monkeypatch):
    from euchre_tourney.gui import context

    import datetime

    with db.session() as s:
        ids = [T.add_player(s, f"Totals player {i}").id for i in range(8)]
        ev = T.create_event(s, "Totals", datetime.date(2026, 11, 24), rounds=1, hands_per_round=4, entry_mode="totals")
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=3)
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.poll_timer.stop()
    window.tabs.setCurrentWidget(window.scores_page)
    page = window.scores_page
    page.select(1, 1)
    box = page.round_box
    box.ns_points.setValue(6)
    box.ew_points.setValue(1)
    box.save_totals()
    assert gui_env["questions"] == [] and "Totals in: North–South 6, East–West 1" in box.status.text()
    answers = [False]
    monkeypatch.setattr(context, "ask", lambda _p, title, q: gui_env["questions"].append((title, q)) or answers.pop(0))
    box.ew_points.setValue(2)
    box.save_totals()
    assert gui_env["questions"][-1] == (
        "Replace the totals at table 1",
        "Round 1, table 1 has totals stored:\n    North–South 6, East–West 1.\n\n"
        "Replace them with:\n    North–South 6, East–West 2?",
    )
    result = window.ctx.run(T.table_result, ev.id, 1, 1)
    assert (result.ns_points, result.ew_points) == (6, 1) and "Not changed" in box.status.text()
    answers.append(True)
    box.save_totals()
    result = window.ctx.run(T.table_result, ev.id, 1, 1)
    assert (result.ns_points, result.ew_points) == (6, 2)
    window.close()
