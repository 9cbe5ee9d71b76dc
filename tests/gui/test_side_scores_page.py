"""Issue 33 item 5: at a six-player (and a bid euchre) event the Scores page
is the four-seat page: the same entry row typed from the keyboard, the same
hands table, F2 corrects a stored hand in place (its row and id kept, version
+1, a line in its history) after a question showing it as stored and as
corrected, a stale or locked correction is refused in words with nothing
written, and a hand a table disputed from its phone is marked until the
director corrects it. Screenshots of the page at a six-player and a bid night
go to /tmp/shots/sidepages/."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from euchre_tourney import tournament as T
from euchre_tourney.gui.main_window import MainWindow
from euchre_tourney.rules.tables import SideHandEntry
from tests.snapshots import snapshot_event

SHOTS = Path("/tmp/shots/sidepages")
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou"]


def _window(qtbot, db, game: str, players: int, hands: int = 3):
    with db.session() as s:
        ids = [T.add_player(s, n).id for n in NAMES[:players]]
        ev = T.create_event(s, "Side night", datetime.date(2026, 11, 29), rounds=2, hands_per_round=hands, game=game)
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=3)
        secrets = T.table_secrets(s, ev.id)
    w = MainWindow(db)
    qtbot.addWidget(w)
    w.poll_timer.stop()  # the test polls itself
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    w.reload_events(select=ev.id)
    w.tabs.setCurrentWidget(w.scores_page)
    page = w.scores_page
    page.select(1, 1)
    w.poll_other_stations()  # the poll's first look: what it compares with from now on
    return w, page, ev.id, secrets


def _type(qtbot, keys) -> None:
    """Each key to whatever has the focus then, as a typist's keys go."""
    QApplication.processEvents()
    assert QApplication.focusWidget() is not None
    for key in keys:
        if isinstance(key, str):
            for ch in key:
                qtbot.keyClicks(QApplication.focusWidget(), ch)
        else:
            qtbot.keyClick(QApplication.focusWidget() or QApplication.activeWindow(), key, delay=0)


def _stored(db, event_id, table=1):
    with db.session() as s:
        return [(h.id, h.number, h.version, h.side, h.points, h.alone_seat)
                for h in T.side_table_score(s, event_id, 1, table).hands]


def _save(w, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    QApplication.processEvents()
    assert w.grab().save(str(SHOTS / name))


def test_a_six_player_table_is_typed_and_corrected_on_the_scores_page(qtbot, gui_env, db):
    w, page, event_id, _ = _window(qtbot, db, "six_player_33", 12)
    names = page.table_view.names
    assert page.side_game is not None and page.side_game.players == 6 and page.entry.isVisible()
    assert page.makers.itemText(1) == f"Seats 2, 4, 6: {names[1]}, {names[3]}, {names[5]}"
    assert not page.defender_alone.isVisible() and not page.bidder.isVisible()
    assert page.model.headerData(2, Qt.Horizontal) == "Seats 1, 3, 5 points"
    page.first_field().setFocus()
    # hand 1 from the keyboard: the second side (2), Tab, 5 tricks, Tab, seat 4 alone (Down twice), Enter
    _type(qtbot, [Qt.Key_2, Qt.Key_Tab, "5", Qt.Key_Tab, Qt.Key_Down, Qt.Key_Down, Qt.Key_Return])
    assert _stored(db, event_id)[0][1:] == (1, 1, 1, 6, 3)
    assert page.message.text() == f"Hand 1 saved: {names[3]} alone took 5 tricks: {names[1]}, {names[3]} & {names[5]} +6."
    assert QApplication.focusWidget() is page.makers  # the next hand starts where the first did
    # hand 2: the first side makes 3; a hand the game does not allow is refused as typed, nothing stored
    _type(qtbot, [Qt.Key_1, Qt.Key_Tab, "7"])
    assert "must be a whole number from 0 to 5" in page.preview.text()
    _type(qtbot, [Qt.Key_Return])
    assert page.message.text().startswith("Not saved") and len(_stored(db, event_id)) == 1
    _type(qtbot, [Qt.Key_Backspace, "3", Qt.Key_Return])
    assert [h[1:5] for h in _stored(db, event_id)] == [(1, 1, 1, 6), (2, 1, 0, 1)]
    assert page.model.rowCount() == 2 and page.totals.text().startswith("Totals: Seats 1, 3, 5 <b>1</b>, Seats 2, 4, 6 <b>6</b>")
    _save(w, "scores_six.png")
    # hand 1 corrected: F2 on it, the first side (1) took 4 (nobody alone), Enter: a question, then saved in place
    first_id = _stored(db, event_id)[0][0]
    page.hands.selectRow(0)
    page.hands.setFocus()
    qtbot.keyClick(page.hands, Qt.Key_F2)
    assert page.entry.title() == "Correct hand 1" and page.tricks.text() == "5" and page.alone.currentData() == 3
    _save(w, "scores_six_correcting.png")
    _type(qtbot, [Qt.Key_1, Qt.Key_Tab, Qt.Key_Backspace, "4", Qt.Key_Return])
    title, question = gui_env["questions"][-1]
    assert title == "Correct hand 1"
    assert f"Stored: {names[3]} alone took 5 tricks" in question
    assert f"Corrected: {names[0]}, {names[2]} & {names[4]} took 4 tricks: {names[0]}, {names[2]} & {names[4]} +1." in question
    assert page.message.text() == "Hand 1 corrected."
    assert _stored(db, event_id)[0] == (first_id, 1, 2, 0, 1, None)  # the same row, version 2
    page.hands.selectRow(0)
    page.show_history()
    assert "corrected" in page.history.text().lower() or "correct" in page.history.text().lower()
    # Ctrl+Z (Edit ▸ Undo) puts the hand back as it was, in the same row
    w.ctx.undo_stack.undo()
    assert _stored(db, event_id)[0] == (first_id, 1, 1, 1, 6, 3)
    with db.session() as s:  # the undo's line in the hand's history names the players too
        last = T.hand_history(s, event_id, 1, 1, 1)[-1].text
    assert f"{names[3]} alone took 5 tricks" in last and "NS" not in last, last


def test_a_stale_or_locked_side_correction_is_refused_in_words(qtbot, gui_env, db):
    w, page, event_id, _ = _window(qtbot, db, "six_player_33", 6)
    first, _ = T.operate(db, "Hand 1", T.record_side_hand, event_id, 1, 1, 1, SideHandEntry(0, 3), station="A",
                         event_id=event_id)
    assert w.poll_other_stations() is True and page.model.rowCount() == 1
    page.hands.selectRow(0)
    page.edit_selected()
    # meanwhile station B corrects the same hand
    T.operate(db, "B", T.correct_side_hand, first.id, SideHandEntry(0, 4), expected_version=1, station="B",
              event_id=event_id)
    with db.session() as s:
        before = snapshot_event(s, event_id)
    page.tricks.setText("5")
    assert not page.save()
    said = page.message.text()
    assert said.startswith("Not saved: Hand 1 at table 1 was changed at station B after you looked at it: it now says")
    assert "took 4 tricks" in said and "Nothing was changed" in said
    with db.session() as s:
        assert snapshot_event(s, event_id) == before
    # the director locks round 1: a correction is refused by the one guard
    page.cancel_edit()
    T.operate(db, "Lock", T.lock_round, event_id, 1, True, station="A", event_id=event_id)
    w.poll_other_stations()
    page.select(1, 1)
    page.hands.selectRow(0)
    page.edit_selected()
    page.tricks.setText("2")
    with db.session() as s:
        before = snapshot_event(s, event_id)
    assert not page.save()
    assert page.message.text().startswith("Not saved: Round 1 is locked: the director closed it. Nothing was changed")
    with db.session() as s:
        assert snapshot_event(s, event_id) == before


def test_a_hand_a_table_of_six_disputed_is_marked_until_the_director_corrects_it(qtbot, gui_env, db):
    w, page, event_id, secrets = _window(qtbot, db, "six_player_33", 6)
    phone = T.phone_station(1)
    T.operate(db, "phone", T.submit_hand, event_id, 1, secrets[1], "enter-key-0123456789", "NS", 1,
              SideHandEntry(1, 3), drawn_round=1, station=phone, event_id=event_id)
    w.poll_other_stations()
    assert page.model.data(page.model.index(0, 0)) == "1"
    T.operate(db, "phone", T.confirm_hand, event_id, 1, secrets[1], "disagree-key-0123456", 1, 1, False,
              drawn_round=1, station=phone, event_id=event_id)
    assert w.poll_other_stations() is True
    assert page.model.data(page.model.index(0, 0)) == "1 ⚑ disputed"
    page.hands.selectRow(0)
    page.show_history()
    assert "disputed" in page.history.text()
    _save(w, "scores_six_disputed.png")
    # the director settles it from the Scores page: a correction, the mark goes, the phone's page clears
    page.edit_selected()
    page.makers.setCurrentIndex(0)
    assert page.save()
    assert page.model.data(page.model.index(0, 0)) == "1"
    with db.session() as s:
        table = T.phone_table(s, event_id, 1, secrets[1])
    assert table.disputed is False and table.hands[0].hand.version == 2


def test_a_bid_euchre_table_is_typed_and_corrected_on_the_scores_page(qtbot, gui_env, db):
    w, page, event_id, _ = _window(qtbot, db, "bid_four", 8, hands=2)
    names = page.table_view.names
    assert page.bidder.isVisible() and page.bid.isVisible() and not page.makers.isVisible()
    assert [page.bidder.itemText(i) for i in range(4)] == [f"{t}: {n}" for t, n in zip(("North", "East", "South", "West"), names)]
    page.first_field().setFocus()
    _type(qtbot, [Qt.Key_2, Qt.Key_Tab, "3", Qt.Key_Tab, "2", Qt.Key_Return])  # East bids 3, takes 2: -3
    assert _stored(db, event_id)[0][1:5] == (1, 1, 1, -3)
    assert page.message.text().endswith(f"{names[1]} & {names[3]} -3.")
    _save(w, "scores_bid.png")
    page.hands.selectRow(0)
    qtbot.keyClick(page.hands, Qt.Key_F2)
    assert page.bidder.currentData() == 1 and page.bid.text() == "3"
    page.tricks.setText("4")
    assert page.preview.text() == f"East–West: {names[1]} & {names[3]} score 4."
    assert page.save() and _stored(db, event_id)[0][1:5] == (1, 2, 1, 4)


def test_the_directors_requests_shape_a_six_player_night(qtbot, gui_env, db):
    """The Rotation page's requests at tables of six: kept by the rotation,
    and one that cannot be kept is said under them (they were ignored)."""
    with db.session() as s:
        ids = [T.add_player(s, n).id for n in NAMES]
        ev = T.create_event(s, "Six night", datetime.date(2026, 11, 29), rounds=2, hands_per_round=2,
                            game="six_player_33")
        T.set_checked_in(s, ev.id, ids)
    w = MainWindow(db)
    qtbot.addWidget(w)
    w.poll_timer.stop()
    w.reload_events(select=ev.id)
    page = w.rotation_page
    w.tabs.setCurrentWidget(page)
    assert page.requests.isVisibleTo(w)
    assert page.requests.add(kind="no_partner", player_id=ids[0], other_player_id=ids[1])
    assert page.requests.add(kind="pin_table", player_id=ids[2], table=2)
    assert page.requests.add(kind="sit_out", player_id=ids[3], round_number=1)  # 12 players: nobody sits out
    assert page.generate()
    view = page.view
    for r in view.rounds:
        t2 = r.tables[1].names
        assert NAMES[2] in t2
        for t in r.tables:
            if NAMES[0] in t.names and NAMES[1] in t.names:
                assert t.names.index(NAMES[0]) % 2 != t.names.index(NAMES[1]) % 2
    note = page.requests.note.text()
    assert note == f"⚠ {NAMES[3]} asked to sit out round 1, but plays in it: nobody sits out at tables of six with this many players."
    w.resize(1280, 800)
    _save(w, "rotation_six_requests.png")


@pytest.mark.parametrize("game, players", [("six_player_33", 12), ("bid_four", 8)])
def test_time_is_called_at_a_side_game_table_as_at_four(qtbot, gui_env, db, game, players):
    """Issue 33: the Scores page's "This table's round" box at a side game's
    table: ticking *Time called* finishes the half-played table through
    ``finish_table`` (the same operation and guard as at four); the table
    list marks it, the standings count it, Ctrl+Z takes it back, and a
    locked round refuses it in words."""
    from PySide6.QtCore import QPoint

    w, page, event_id, _ = _window(qtbot, db, game, players, hands=3)
    entry = SideHandEntry(0, 3) if game == "six_player_33" else SideHandEntry(0, 3, bid=3)
    T.operate(db, "Hand 1", T.record_side_hand, event_id, 1, 1, 1, entry, *(() if game == "six_player_33" else (0,)),
              station="A", event_id=event_id)
    w.poll_other_stations()
    page.select(1, 1)
    box = page.round_box
    assert box.isVisibleTo(page) and box.time_called.isVisibleTo(page) and not box.totals.isVisibleTo(page)
    assert box.status.text() == "1 of 3 hands in: this table does not count in the standings yet."
    check = box.time_called
    qtbot.mouseClick(check, Qt.LeftButton, pos=QPoint(8, check.height() // 2))
    assert check.isChecked() and "time called, 1 of 3 hands" in box.status.text()
    assert page.tables.item(0).text() == "✓ Table 1   1/3, time"
    with db.session() as s:
        assert T.table_result(s, event_id, 1, 1).finished_early
        counted = [r for r in T.standings(s, event_id).rows if r.rounds_played]
    assert len(counted) == len(page.table_view.names) and sorted({r.points for r in counted}) == [0, entry.score(
        page.side_game)[1]]
    Path("/tmp/shots/seatsfinish").mkdir(parents=True, exist_ok=True)
    QApplication.processEvents()
    assert w.grab().save(f"/tmp/shots/seatsfinish/scores_{game}_time_called.png")
    w.ctx.undo_stack.undo()
    with db.session() as s:
        assert not T.table_result(s, event_id, 1, 1).finished_early
    page.select(1, 1)
    assert not box.time_called.isChecked()
    T.operate(db, "Lock", T.lock_round, event_id, 1, True, station="B", event_id=event_id)
    w.poll_other_stations()
    page.select(1, 1)
    qtbot.mouseClick(check, Qt.LeftButton, pos=QPoint(8, check.height() // 2))
    assert not check.isChecked() and box.status.text().startswith("Not changed: Round 1 is locked")
    with db.session() as s:
        assert not T.table_result(s, event_id, 1, 1).finished_early
