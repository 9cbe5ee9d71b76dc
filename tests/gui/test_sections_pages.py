"""Sections in the window (issue 30 items 1 and 2), driven through the
widgets: the Event page's Sections control splits the night by size and
by room and makes a captain; the Rotation, Scores and Standings pages get a
section selector; a window opened on one section (a captain's laptop)
shows that section alone."""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from euchre_tourney import tournament as T
from euchre_tourney.gui import context
from euchre_tourney.gui.main_window import MainWindow
from euchre_tourney.rules import HandEntry, Side

from tests.split_nights import split_night as made_split

SHOTS = os.environ.get("EUCHRE_TOURNEY_SHOTS")
"""A folder to save the pages' screenshots in (QWidget.grab); unset: none are saved."""


def _shot(widget, name: str) -> None:
    if SHOTS:
        from PySide6.QtWidgets import QApplication

        for _ in range(3):  # the layouts settle (wrapped labels get their height) before the grab
            QApplication.processEvents()
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        widget.grab().save(str(Path(SHOTS) / f"{name}.png"))


@pytest.fixture
def window(qtbot, gui_env, db):
    w = MainWindow(db)
    w.resize(1280, 820)
    qtbot.addWidget(w)
    return w


@pytest.fixture
def split_night(window, monkeypatch):
    ctx = window.ctx
    ids = [ctx.run(T.add_player, f"Member {i:02d}").id for i in range(44)]
    window.create_event(name="Charity night", date=datetime.date(2026, 12, 5), rounds=4, hands_per_round=2)
    window.event_page.set_checked_in(ids, True)
    monkeypatch.setattr(context, "ask", lambda *a, **k: True)
    return window


def test_the_event_page_splits_the_night_and_the_pages_choose_a_section(split_night, qtbot, monkeypatch):
    window = split_night
    window.show()
    box = window.event_page.sections_box
    assert box.isVisible() and "one room" in box.listing.text()
    box.size.setValue(20)
    box.split_size.click()
    assert "2 sections, each its own rotation" in box.listing.text() and "A 24, B 20 players." in box.listing.text()
    box.rooms.setText("Hall 28, Annex 16")
    box.split_rooms.click()
    assert "A 28 (Hall), B 16 (Annex)" in box.listing.text()
    said = []
    monkeypatch.setattr(context, "inform", lambda _p, _t, message: said.append(message))
    box.captain_name.setText("Ann")
    box.captain_sections.setText("b")
    box.make_captain.click()
    assert said and said[0].startswith("Ann's PIN is ") and "Ann: section B" in box.captains.text()
    window.tabs.setCurrentWidget(window.event_page)
    _shot(window, "event-page-sections")

    window.tabs.setCurrentWidget(window.rotation_page)
    assert window.rotation_page.generate()
    page = window.rotation_page
    assert page.section.isVisible() and page.section.count() == 3
    assert page.model.rowCount() == 11 and page.model.index(0, 0).data() == "A-1"
    page.section.setCurrentIndex(page.section.findData("B"))
    assert page.model.rowCount() == 4 and [page.model.index(r, 0).data() for r in range(4)] == ["B-1", "B-2", "B-3", "B-4"]
    assert "section B shown" in page.status.text() and "Section" not in page.quality.text().split("<br>")[1][:8]
    _shot(window, "rotation-page-section-B")

    eid = window.ctx.event_id
    for t in range(1, 8):
        for h in (1, 2):
            window.ctx.run(T.record_hand, eid, 1, t, h, HandEntry(Side.NS, 3))
    window.ctx.changed.emit()
    window.tabs.setCurrentWidget(window.scores_page)
    scores = window.scores_page
    scores.section.setCurrentIndex(scores.section.findData("B"))
    texts = [scores.tables.item(i).text() for i in range(scores.tables.count())]
    assert texts == [f"Table B-{k}   0/2" for k in range(1, 5)]
    assert "table B-1" in scores.heading.text()
    _shot(window, "scores-page-section-B")

    window.tabs.setCurrentWidget(window.standings_page)
    standings = window.standings_page
    standings.refresh()
    assert "Section A: after round 1" in standings.summary.text() and "section B: round 1: 0 of 4" in standings.summary.text()
    assert "Section A —" in standings.prizes.text() and "Overall prizes" in standings.prizes.text()
    last = standings.model.columnCount() - 1
    assert standings.model.headerData(last, Qt.Horizontal) == "Section"
    assert {standings.model.index(r, last).data() for r in range(standings.model.rowCount())} == {"A", "B"}
    _shot(window, "standings-page-overall")
    standings.section.setCurrentIndex(standings.section.findData("A"))
    assert standings.model.rowCount() == 28 and "Section A (Hall): after round 1" in standings.summary.text()
    _shot(window, "standings-page-section-A")
    # section A's own round clock: started here, saved with section A alone (the room's clock stays reset)
    standings.timer.set_minutes(15)
    standings.timer.start()
    with window.ctx.db.session() as s:
        clocks = {x.name: x.ends_at for x in T.list_sections(s, eid)}
        assert clocks["A"] is not None and clocks["B"] is None
        assert T.get_event(s, eid).timer_ends_at is None


def test_a_window_opened_on_one_section_shows_it_alone(qtbot, gui_env, db):
    with db.session() as s:
        event_id = made_split(s, 40, 20, seed=3, name="Charity night", prefix="Member")
    MainWindow.section = "B"
    try:
        w = MainWindow(db)
    finally:
        MainWindow.section = None
    qtbot.addWidget(w)
    w.resize(1280, 820)
    w.ctx.set_event(event_id)
    w.tabs.setCurrentWidget(w.rotation_page)
    w.rotation_page.refresh()
    chooser = w.rotation_page.section
    assert chooser.count() == 1 and not chooser.isEnabled() and chooser.currentText() == "Section B"
    rows = [w.rotation_page.model.index(r, 0).data() for r in range(w.rotation_page.model.rowCount())]
    assert rows == [f"B-{k}" for k in range(1, 6)]
    w.tabs.setCurrentWidget(w.scores_page)
    w.scores_page.refresh()
    assert [w.scores_page.tables.item(i).text().split()[1] for i in range(w.scores_page.tables.count())] == [
        f"B-{k}" for k in range(1, 6)
    ]
    _shot(w, "captain-laptop-scores-section-B")
    w.scores_page.lock.click()  # her laptop locks her section's round, not the room's
    with db.session() as s:
        assert T.section_locks(s, event_id) == {"B": frozenset({1})} and not T.locked_rounds(s, event_id)
    assert w.scores_page.lock.isChecked() and "Round 1 of section B locked." in w.scores_page.message.text()
    assert QMessageBox  # (modal boxes are silenced by gui_env)


def _section_window(qtbot, db, section):
    MainWindow.section = section
    try:
        w = MainWindow(db)
    finally:
        MainWindow.section = None
    qtbot.addWidget(w)
    w.resize(1280, 820)
    return w


def test_a_sections_clock_is_in_the_status_bar_and_on_the_projector(qtbot, gui_env, db):
    """Each section's own round clock (saved with the section) is the one the
    status bar and the projector show: on a window opened on section B from
    the start (whatever page is open), and on the director's window when she
    chooses a section on the Standings page; the room's clock otherwise."""
    now = datetime.datetime.now(datetime.timezone.utc)
    with db.session() as s:
        event_id = made_split(s, 40, 20, seed=3, name="Charity night", prefix="Member")
        T.update_event(s, event_id, minutes_per_round=20)
    with db.session() as s:
        T.save_section_timer(s, event_id, "B", left_seconds=7 * 60 + 5)  # B paused at 7:05
        T.save_section_timer(s, event_id, "A", ends_at=now + datetime.timedelta(minutes=12, seconds=30))

    w = _section_window(qtbot, db, "B")
    w.ctx.set_event(event_id)
    w.tabs.setCurrentWidget(w.rotation_page)  # the Standings page never shown: the status bar still has B's clock
    label = w.clock_label
    assert label.text() == "Section B · round timer 7:05 (paused)", label.text()
    assert label.isVisibleTo(w)
    w.standings_page.show_projector()
    proj = w.standings_page.projector
    assert proj.clock.text() == "Section B · time left 7:05 (paused)"
    assert proj.title.text() == "Charity night — Section B"
    proj.close()

    director = _section_window(qtbot, db, None)
    director.ctx.set_event(event_id)
    director.tabs.setCurrentWidget(director.standings_page)
    page = director.standings_page
    page.refresh()
    assert director.clock_label.text() == "" or "Section" not in director.clock_label.text()  # the room's clock: reset
    page.section.setCurrentIndex(page.section.findData("A"))
    assert director.clock_label.text().startswith("Section A · round timer 12:"), director.clock_label.text()
    page.show_projector()
    assert page.projector.clock.text().startswith("Section A · time left 12:")
    assert page.projector.title.text() == "Charity night — Section A"
    page.section.setCurrentIndex(page.section.findData("B"))
    assert director.clock_label.text() == "Section B · round timer 7:05 (paused)"
    assert page.projector.clock.text() == "Section B · time left 7:05 (paused)"
    page.section.setCurrentIndex(0)  # every section: the room's clock, named by no section
    assert "Section" not in director.clock_label.text() and "Section" not in page.projector.clock.text()
    page.projector.close()


def test_the_move_to_section_dialog_moves_a_player_and_says_why_not(qtbot, gui_env, db):
    """Event page ▸ Sections ▸ Move to section…: the player and the section
    chosen, Move re-plans the two sections and says what changed; Edit ▸
    Undo takes it back; a refusal (a locked round) is said in the dialog,
    which stays open, and nothing changes."""
    with db.session() as s:
        event_id = made_split(s, 40, 20, seed=3, name="Charity night", prefix="Member")
    w = _section_window(qtbot, db, None)
    w.ctx.set_event(event_id)
    w.tabs.setCurrentWidget(w.event_page)
    w.event_page.refresh()
    box = w.event_page.sections_box
    assert box.move_player.isEnabled()
    with db.session() as s:
        secs = {x.name: x for x in T.list_sections(s, event_id)}
        where = T.player_sections(s, event_id)
    player = next(p for p, sec in sorted(where.items()) if sec == "A")
    dialog = box.move_dialog()
    assert dialog.section.count() == 2 and "Section B: 20 players (24 seats)" == dialog.section.itemText(1)
    assert " — section A" in dialog.player.itemText(dialog.player.findData(player))
    with db.session() as s:
        T.lock_section_round(s, event_id, "B", 1)
    dialog.choose(player, "B")
    assert not dialog.move()
    assert "Round 1 is locked for section B" in dialog.message.text() and dialog.isVisible()
    with db.session() as s:
        assert T.player_sections(s, event_id)[player] == "A"
        T.lock_section_round(s, event_id, "B", 1, False)
    assert dialog.move() and not dialog.isVisible()
    assert "moved from section A to section B from round 1" in box.moved.text()
    with db.session() as s:
        assert T.player_sections(s, event_id)[player] == "B"
        assert {x.name: x.players for x in T.list_sections(s, event_id)} == {"A": 19, "B": 21}
    _shot(w, "event-page-moved")
    w.ctx.undo_log.undo()
    with db.session() as s:
        assert T.player_sections(s, event_id)[player] == "A"
    assert secs["A"].players == 20


def test_the_event_pages_scoring_line_is_whole_at_the_windows_smallest(qtbot, gui_env, db):
    """At the window's smallest size, on a split night's Event page (its
    tallest: settings, sections, captains), the scoring line under the rules
    shows every line of its text for every preset (it was cut in half: a
    wrapped label in a form is not given its height)."""
    from euchre_tourney.rules import PRESETS

    with db.session() as s:
        event_id = made_split(s, 40, 20, seed=3, name="Charity night", prefix="Member")
    w = MainWindow(db)
    qtbot.addWidget(w)
    w.ctx.set_event(event_id)
    w.show()
    w.tabs.setCurrentWidget(w.event_page)
    smallest = w.minimumSizeHint()
    assert smallest.height() <= 780  # the default size still holds it
    w.resize(smallest)
    label = w.event_page.form.scoring
    for index in range(w.event_page.form.preset.count()):
        w.event_page.form.preset.setCurrentIndex(index)
        qtbot.waitUntil(lambda: label.width() > 0)
        w.layout().activate()
        needed = label.heightForWidth(label.width())
        assert label.height() >= needed, (w.event_page.form.preset.currentData(), label.height(), needed, label.text())
    assert w.event_page.form.preset.count() == len(PRESETS)
