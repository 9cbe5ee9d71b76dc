"""Undo owned by the use cases (issue 14, item 5): the Edit menu's Undo and Redo
put back exactly what an operation changed, including what it discarded."""

from __future__ import annotations

import datetime

import pytest

from euchre_tourney import tournament as T
from euchre_tourney.gui.main_window import MainWindow
from euchre_tourney.rules import HandEntry, Side
from tests.snapshots import snapshot_event


@pytest.fixture
def window(qtbot, gui_env, db):
    w = MainWindow(db)
    qtbot.addWidget(w)
    return w


@pytest.fixture
def night(window):
    """9 players on the roster, 8 checked in, a rotation made."""
    ctx = window.ctx
    ids = [ctx.run(T.add_player, f"P{i}").id for i in range(9)]
    view = window.create_event(name="Night", date=datetime.date(2026, 2, 3), rounds=3, hands_per_round=2)
    window.event_page.set_checked_in(ids[:8], True)
    window.tabs.setCurrentWidget(window.rotation_page)
    assert window.rotation_page.generate()
    return view.id, ids


def rotation_on_screen(window):
    """Every round's tables (table number, seated names) and sit-outs, as the Rotation page shows them."""
    view = window.rotation_page.view
    return [(tuple((t.number, tuple(t.names)) for t in r.tables), tuple(r.sit_out)) for r in view.rounds]


def stored(window, event_id):
    return window.ctx.run(snapshot_event, event_id)


def test_undo_of_a_check_in_brings_the_rotation_back_exactly(window, night, gui_env):
    event_id, ids = night
    before_screen, before_rows = rotation_on_screen(window), stored(window, event_id)
    assert before_screen and before_rows.tables["seat"]
    window.tabs.setCurrentWidget(window.event_page)
    assert window.event_page.set_checked_in([ids[8]], True)  # discards the rotation (the director agreed)
    assert "discards the rotation" in gui_env["questions"][-1][1]
    assert stored(window, event_id).tables["seat"] == ()
    reported = []
    window.ctx.operated.connect(reported.append)
    window.undo_action.trigger()
    assert reported[-1].event_id == event_id and {"rotation", "event"} <= reported[-1].kinds
    assert stored(window, event_id) == before_rows  # same rounds, tables, seats, sit-outs, same ids
    window.tabs.setCurrentWidget(window.rotation_page)
    assert rotation_on_screen(window) == before_screen
    checked = {e.player_id for e in window.ctx.run(T.entrants, event_id) if e.checked_in}
    assert ids[8] not in checked
    window.redo_action.trigger()
    assert stored(window, event_id).tables["seat"] == () and window.rotation_page.view.rounds == ()


def test_undo_of_a_late_arrival_after_scores_brings_the_old_plan_back(window, night, gui_env):
    event_id, ids = night
    window.ctx.operate("Hand 1", T.record_hand, event_id, 1, 1, 1, HandEntry(Side.NS, 3), event_id=event_id)
    before = stored(window, event_id)
    assert window.event_page.set_checked_in([ids[8]], True)  # re-planned from round 2
    assert stored(window, event_id) != before
    window.undo_action.trigger()
    assert stored(window, event_id) == before


def test_undo_of_making_the_rotation_again_brings_the_first_one_back(window, night):
    event_id, _ = night
    first = stored(window, event_id)
    assert window.rotation_page.generate(regenerate=True)
    assert stored(window, event_id).tables["seat"] != first.tables["seat"]
    assert window.ctx.undo_stack.undoText() == "Make the rotation again"
    window.undo_action.trigger()
    assert stored(window, event_id) == first


def test_roster_edit_undo_and_redo(window, qtbot):
    page = window.roster_page
    ann = page.add_player("Ann")
    window.ctx.operate("Edit Ann", T.update_player, ann.id, name="Ann Smith", event_id=None)
    window.undo_action.trigger()
    assert window.ctx.run(T.get_player, ann.id).name == "Ann"
    window.redo_action.trigger()
    assert window.ctx.run(T.get_player, ann.id).name == "Ann Smith"


def test_undo_refused_when_another_station_changed_that_hand_meanwhile(window, night, gui_env):
    event_id, _ = night
    window.tabs.setCurrentWidget(window.scores_page)
    page = window.scores_page
    page.select(1, 1)
    page.tricks.setText("3")
    assert page.save()
    hand = page.table_view.hands[0]
    window.ctx.run(T.correct_hand, hand.id, HandEntry(Side.EW, 4))  # another station corrects it meanwhile
    meanwhile = stored(window, event_id)
    count = window.ctx.undo_stack.count()
    window.undo_action.trigger()
    title, message = gui_env["errors"][-1]
    assert title.startswith("Cannot undo") and "changed since" in message
    assert stored(window, event_id) == meanwhile  # nothing moved
    assert window.ctx.undo_stack.count() == count - 1  # the stale step is forgotten, not left to fail again


def test_the_edit_menu_says_undo_lasts_while_the_app_is_open(window):
    for action in (window.undo_action, window.redo_action):
        assert "as long as the app stays open" in action.toolTip()
    edit = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Edit")
    assert edit.toolTipsVisible() and "as long as the app stays open" in edit.toolTip()


def test_undo_of_a_team_withdrawal_brings_back_the_later_rounds(qtbot, gui_env, db):
    with db.session() as s:
        players = [T.add_player(s, f"P{i}") for i in range(8)]
        e = T.create_event(s, "Pairs", datetime.date(2026, 11, 24), kind="team", rounds=3, team_format="round_robin")
        teams = [T.add_team(s, e.id, players[i].id, players[i + 1].id) for i in range(0, 8, 2)]
        T.make_team_rounds(s, e.id)
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.reload_events(select=e.id)
    window.tabs.setCurrentWidget(window.teams_page)
    before = stored(window, e.id)
    assert window.teams_page.withdraw(teams[0].id)
    assert stored(window, e.id) != before
    window.undo_action.trigger()
    assert stored(window, e.id) == before


def test_undo_survives_switching_events_and_shows_the_event_it_changes(window, night, gui_env):
    """Undo lasts as long as the app stays open (the Edit menu says so): a
    step made at one event is undone after the director switched to another,
    and the window shows the event that changed."""
    event_id, ids = night
    # (creating an event is itself an undoable step now: the other event is made beforehand)
    other = window.ctx.run(T.create_event, "Other night", datetime.date(2026, 2, 10), rounds=2, hands_per_round=2)
    window.reload_events(select=event_id)
    before = stored(window, event_id)
    window.tabs.setCurrentWidget(window.event_page)
    assert window.event_page.set_checked_in([ids[8]], True)  # discards the rotation
    window.events.setCurrentIndex(window.events.findData(other.id))
    assert window.ctx.event_id == other.id
    assert window.ctx.undo_stack.canUndo()
    window.undo_action.trigger()
    assert window.ctx.event_id == event_id and window.events.currentData() == event_id
    assert stored(window, event_id) == before


def test_a_team_import_is_undoable_and_keeps_every_other_step(window, night, gui_env, tmp_path):
    """The team import used to clear the undo history of every event; now it
    is one more step: undone, its teams go and the earlier steps stay."""
    steps = window.ctx.undo_stack.count()
    assert steps >= 2  # the night's check-ins and rotation
    view = window.create_event(name="Teams", date=datetime.date(2026, 2, 4), kind="team", rounds=3, hands_per_round=4)
    path = tmp_path / "teams.csv"
    path.write_text("player a,player b\nAnn Lee,Bob Ray\nCat Fox,Dan Poe\n", encoding="utf-8")
    window.tabs.setCurrentWidget(window.teams_page)
    rep = window.teams_page.import_csv(str(path))
    assert rep is not None and len(rep.added) == 2
    assert window.ctx.undo_stack.count() == steps + 2  # the new event, the import
    window.undo_action.trigger()
    assert window.ctx.run(T.list_teams, view.id) == []
    assert window.ctx.undo_stack.canUndo() and window.ctx.undo_stack.index() == steps + 1


def test_a_roster_import_is_undoable(window, gui_env, tmp_path, qtbot):
    path = tmp_path / "club.csv"
    path.write_text("name,email\nAnn Lee,ann@example.org\nBob Ray,\n", encoding="utf-8")
    steps = window.ctx.undo_stack.count()
    job = window.roster_page.import_csv(str(path))
    with qtbot.waitSignal(job.preview_shown, timeout=60000):
        pass
    with qtbot.waitSignal(job.finished, timeout=60000):
        job.dialog.import_button.click()
    assert window.ctx.undo_stack.count() == steps + 1
    assert window.ctx.undo_stack.undoText() == "Import players"
    assert window.roster_page.model.rowCount() == 2
    window.undo_action.trigger()
    assert window.ctx.run(T.list_players) == []
    assert window.roster_page.model.rowCount() == 0


def test_undoing_a_new_event_takes_it_off_the_list_and_redo_brings_it_back(window, gui_env):
    first = window.create_event(name="First", date=datetime.date(2026, 2, 1), rounds=2, hands_per_round=2)
    second = window.create_event(name="Second", date=datetime.date(2026, 2, 2), rounds=2, hands_per_round=2)
    assert window.ctx.event_id == second.id
    window.undo_action.trigger()
    listed = [window.events.itemData(i) for i in range(window.events.count())]
    assert listed == [first.id] and window.ctx.event_id == first.id
    assert gui_env["errors"] == [] and gui_env["unexpected"] == []
    window.redo_action.trigger()
    assert window.ctx.event_id == second.id and window.events.count() == 2



def test_undo_and_redo_in_a_locked_round_are_refused_with_the_reason_and_kept_for_after_the_unlock(window, night, gui_env, qtbot, db):
    """Issue 29: Edit ▸ Undo and Redo no longer add, remove or change hands in a round the director
    locked (here from the director's phone, so the lock is not a step of this window's stack)."""
    event_id, _ = night
    window.tabs.setCurrentWidget(window.scores_page)
    page = window.scores_page
    page.select(1, 1)
    page.tricks.setText("3")
    assert page.save()
    stack = window.ctx.undo_stack
    index, count = stack.index(), stack.count()

    def lock(locked):
        T.operate(db, "Lock", T.lock_round, event_id, 1, locked, station="director (phone)", event_id=event_id)

    lock(True)
    locked = stored(window, event_id)
    window.undo_action.trigger()
    title, message = gui_env["errors"][-1]
    assert title.startswith("Cannot undo") and "Round 1 is locked" in message and "unlock round 1" in message
    assert stored(window, event_id) == locked  # the hand is still there
    qtbot.waitUntil(lambda: stack.index() == index, timeout=60000)  # the step stays where it was, to undo after the unlock
    assert stack.count() == count and window.undo_action.isEnabled()
    lock(False)
    window.undo_action.trigger()
    assert window.ctx.run(T.table_score, event_id, 1, 1).hands == ()
    assert stack.index() == index - 1
    lock(True)
    errors = len(gui_env["errors"])
    window.redo_action.trigger()
    assert len(gui_env["errors"]) == errors + 1 and gui_env["errors"][-1][0].startswith("Cannot redo")
    assert "Round 1 is locked" in gui_env["errors"][-1][1]
    qtbot.waitUntil(lambda: stack.index() == index - 1, timeout=60000)
    assert window.ctx.run(T.table_score, event_id, 1, 1).hands == () and window.redo_action.isEnabled()
    lock(False)
    window.redo_action.trigger()
    assert len(window.ctx.run(T.table_score, event_id, 1, 1).hands) == 1 and stack.index() == index
