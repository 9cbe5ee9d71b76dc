"""Pages and models in isolation: undo, corrections, keyboard, refusals."""

from __future__ import annotations

import datetime

import pytest
from PySide6.QtCore import Qt

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Seat, Side
from euchre_tourney.gui.main_window import MainWindow
from euchre_tourney.gui.models import CheckInModel, HandsModel, StandingsModel
from euchre_tourney.tournament.readmodels import EntrantView, HandView, StandingRow


@pytest.fixture
def window(qtbot, gui_env, db):
    w = MainWindow(db)
    qtbot.addWidget(w)
    return w


@pytest.fixture
def night(window):
    """An event with 8 players checked in and a rotation."""
    ctx = window.ctx
    ids = [ctx.run(T.add_player, f"P{i}").id for i in range(8)]
    view = window.create_event(name="Night", date=datetime.date(2026, 2, 3), rounds=3, hands_per_round=4)
    window.event_page.set_checked_in(ids, True)
    window.tabs.setCurrentWidget(window.rotation_page)
    assert window.rotation_page.generate()
    return view


def test_checkin_model_emits_toggle_and_shows_checkbox(qtbot):
    model = CheckInModel()
    model.set_rows([EntrantView(7, "Ann", True, 3), EntrantView(8, "Bo", False, None)])
    assert model.data(model.index(0, 0), Qt.CheckStateRole) == Qt.Checked
    assert model.data(model.index(1, 2)) == ""
    with qtbot.waitSignal(model.toggled, timeout=60000) as blocker:
        model.setData(model.index(1, 0), Qt.Checked.value, Qt.CheckStateRole)
    assert blocker.args == [8, True]


def test_hands_and_standings_models_format_rows():
    hands = HandsModel()
    hands.set_rows([HandView(1, 1, 2, 3, HandEntry(Side.EW, 5, Seat.WEST, False), Side.EW, 4)])
    assert [hands.data(hands.index(0, c)) for c in range(7)] == ["3", "East–West", "5", "West", "", "", "4"]
    standings = StandingsModel()
    row = StandingRow(1, True, 9, 4, "Zoë", 12, 3, 2, 1, 1, 4, (4, None, 8))
    standings.set_standings([row], 3)
    assert standings.columnCount() == 8 + 3
    assert standings.data(standings.index(0, 0)) == "=1"
    assert standings.data(standings.index(0, 7)) == "1 (+4)"
    assert standings.data(standings.index(0, 9)) == ""


def test_add_player_can_be_undone_and_redone(window):
    page = window.roster_page
    window.tabs.setCurrentWidget(page)
    assert page.add_player("Undo Me") is not None
    assert [p.name for p in page.model.rows] == ["Undo Me"]
    window.undo_action.trigger()
    assert page.model.rows == ()
    window.redo_action.trigger()
    assert [p.name for p in page.model.rows] == ["Undo Me"]


def test_blank_player_name_is_refused_with_a_message(window, gui_env):
    assert window.roster_page.add_player("   ") is None
    assert gui_env["errors"] == [("Cannot add player", "A player needs a name.")]


def test_correct_and_delete_a_hand_with_the_keyboard(qtbot, window, night):
    page = window.scores_page
    window.tabs.setCurrentWidget(page)
    page.select(1, 1)
    page.makers.setFocus()
    qtbot.keyClick(page.makers, Qt.Key_E)
    qtbot.keyClicks(page.tricks, "3")
    assert "East–West score 1" in page.preview.text()
    qtbot.keyClick(page.tricks, Qt.Key_Return)
    assert len(page.table_view.hands) == 1 and page.table_view.ew_total == 1

    page.hands.selectRow(0)
    qtbot.keyClick(page.hands, Qt.Key_F2)  # correct it (on purpose: Enter never opens a correction, issue 29)
    assert page.editing_id == page.table_view.hands[0].id
    page.tricks.clear()
    qtbot.keyClicks(page.tricks, "5")
    qtbot.keyClick(page.tricks, Qt.Key_Return)
    assert page.table_view.ew_total == 2 and len(page.table_view.hands) == 1

    page.hands.selectRow(0)
    qtbot.keyClick(page.hands, Qt.Key_Delete)
    assert page.table_view.hands == ()
    window.undo_action.trigger()  # the deleted hand comes back
    assert page.table_view.ew_total == 2
    window.undo_action.trigger()  # the correction is undone
    assert page.table_view.ew_total == 1


def test_defender_alone_refused_under_north_american_rules(qtbot, window, night):
    page = window.scores_page
    window.tabs.setCurrentWidget(page)
    page.select(2, 1)
    qtbot.keyClicks(page.tricks, "1")
    page.defender_alone.setChecked(True)
    assert page.save() is False
    assert "do not allow a defender to play alone" in page.message.text()
    assert page.table_view.hands == ()


def test_settings_lock_after_scores(window, night, gui_env):
    window.ctx.run(T.record_hand, night.id, 1, 1, 1, HandEntry(Side.NS, 3))
    window.tabs.setCurrentWidget(window.event_page)
    window.event_page.refresh()
    window.event_page.form.hands.setValue(10)
    window.event_page.save_settings()
    assert gui_env["errors"] and "can no longer change" in gui_env["errors"][-1][1]
    assert window.ctx.run(T.get_event, night.id).hands_per_round == 4


def test_new_check_in_discards_unscored_rotation_after_asking(window, night, gui_env):
    late = window.ctx.run(T.add_player, "Late")
    assert window.event_page.set_checked_in([late.id], True)
    assert gui_env["questions"] and "discards the rotation" in gui_env["questions"][-1][1]
    assert not window.ctx.run(T.get_event, night.id).has_rotation
    window.tabs.setCurrentWidget(window.rotation_page)
    assert "Press Generate" in window.rotation_page.status.text()


def test_projector_shows_standings(window, night):
    window.ctx.run(T.record_hand, night.id, 1, 1, 1, HandEntry(Side.NS, 5))
    window.ctx.run(T.finish_table, night.id, 1, 1)  # time called: the table counts with its one hand
    window.ctx.changed.emit()  # what every page action does after a change
    window.standings_page.show_projector()
    projector = window.standings_page.projector
    assert projector.title.text() == "Night"
    assert projector.model.rowCount() == 8
    assert projector.model.rows[0].points == 2


def test_event_form_shows_the_scoring_of_the_chosen_rules(window, night):
    window.tabs.setCurrentWidget(window.event_page)
    form = window.event_page.form
    assert "march 2" in form.scoring.text() and "lone defender" not in form.scoring.text()
    form.preset.setCurrentIndex(form.preset.findData("house_eleven"))
    assert "alone 3–4 tricks 2" in form.scoring.text() and "4 if the defenders take all five" in form.scoring.text()
    form.defend.setCurrentIndex(form.defend.findData("any"))
    assert "a lone defender's euchre 4" in form.scoring.text()


def test_requests_box_adds_removes_and_undoes(window, night):
    window.tabs.setCurrentWidget(window.rotation_page)
    box = window.rotation_page.requests
    players = window.ctx.run(T.entrants, night.id)
    assert box.add(kind="no_partner", player_id=players[0].player_id, other_player_id=players[1].player_id)
    assert box.list.count() == 1 and "never partner" in box.list.item(0).text()
    assert not box.add(kind="sit_out", player_id=players[0].player_id, round_number=9)
    box.list.setCurrentRow(0)
    box.remove_selected()
    assert box.list.count() == 0
    window.undo_action.trigger()
    assert box.list.count() == 1


def test_late_arrival_after_scores_is_replanned_from_next_round(window, night, gui_env):
    window.ctx.run(T.record_hand, night.id, 1, 1, 1, HandEntry(Side.NS, 3))
    window.ctx.changed.emit()
    window.tabs.setCurrentWidget(window.rotation_page)
    before = window.rotation_page.view.rounds[0]
    late = window.ctx.run(T.add_player, "Latecomer")
    assert window.event_page.set_checked_in([late.id], True)
    assert "takes effect from round 2" in gui_env["dialogs"][-2].intro.text()
    view = window.rotation_page.view
    assert view.rounds[0] == before
    assert "Latecomer" in [n for t in view.rounds[1].tables for n in t.names] + list(view.rounds[1].sit_out)


def test_replan_button_keeps_played_rounds(window, night):
    window.tabs.setCurrentWidget(window.rotation_page)
    assert not window.rotation_page.replan_button.isEnabled()
    window.ctx.run(T.record_hand, night.id, 1, 1, 1, HandEntry(Side.NS, 3))
    window.ctx.changed.emit()
    page = window.rotation_page
    assert page.replan_button.isEnabled() and not page.regenerate_button.isEnabled()
    before = page.view.rounds[0]
    assert page.replan()
    assert page.view.rounds[0] == before and len(page.view.rounds) == 3


def test_hidden_pages_redraw_when_shown(window, night):
    window.tabs.setCurrentWidget(window.roster_page)
    window.ctx.run(T.record_hand, night.id, 1, 1, 1, HandEntry(Side.NS, 5))
    window.ctx.changed.emit()
    assert window.standings_page._stale  # not redrawn while hidden
    window.tabs.setCurrentWidget(window.standings_page)
    assert not window.standings_page._stale
    assert window.standings_page.view.hands_recorded == 1


def test_renaming_the_event_updates_the_picker_and_title(window, night):
    window.tabs.setCurrentWidget(window.event_page)
    window.event_page.form.name.setText("Renamed night")
    window.event_page.save_settings()
    assert window.events.currentText() == "Renamed night (2026-02-03)"
    assert window.windowTitle().startswith("Renamed night")


def test_menu_and_command_line_offer_the_same_reports(window, night, tmp_path):
    """One registry (issue 17): every report is a File menu action and a
    subcommand under the same name, and the menu action writes that report."""
    from euchre_tourney import cli
    from euchre_tourney.reports import REPORTS

    names = [r.name for r in REPORTS]
    assert list(window.report_actions) == names
    file_menu = window.menuBar().actions()[0].menu()
    assert [a.text() for a in file_menu.actions() if a in window.report_actions.values()] == [r.menu_text for r in REPORTS]
    subcommands = next(a for a in cli.build_parser()._actions if a.dest == "command").choices
    assert set(names) <= set(subcommands)
    for rep in REPORTS:
        out = tmp_path / rep.default_file
        assert window.save_pdf(rep.name, str(out), "a4")
        assert out.read_bytes().startswith(b"%PDF")


def test_namesakes_are_told_apart_on_the_players_page_and_the_check_in_list(window, night):
    """Issue 20: two "Bob Miller"s show their numbers wherever their names
    are: the roster number on the Players page, the night's number (as on
    the cards) on the check-in list once they play, else the roster number."""
    ctx = window.ctx
    bobs = [ctx.run(T.add_player, "Bob Miller").id for _ in range(2)]
    solo = ctx.run(T.add_player, "Ann Lee").id
    window.tabs.setCurrentWidget(window.roster_page)
    model = window.roster_page.model
    shown = {model.rows[i].id: model.data(model.index(i, 0)) for i in range(model.rowCount())}
    assert shown[bobs[0]] == f"Bob Miller (#{bobs[0]})" and shown[bobs[1]] == f"Bob Miller (#{bobs[1]})"
    assert shown[solo] == "Ann Lee"
    ctx.run(T.set_checked_in, night.id, [bobs[0]], True)
    ctx.run(T.generate_rotation, night.id, seed=2)  # the night's numbers are given with the rotation
    ctx.changed.emit()
    window.tabs.setCurrentWidget(window.event_page)
    check_in = window.event_page.model
    names = {check_in.rows[i].player_id: check_in.data(check_in.index(i, 1)) for i in range(check_in.rowCount())}
    assert names[bobs[1]] == f"Bob Miller (#{bobs[1]})"
    number = next(e.number for e in ctx.run(T.entrants, night.id) if e.player_id == bobs[0])
    assert number and names[bobs[0]] == f"Bob Miller #{number}"
    assert names[solo] == "Ann Lee"


def test_message_boxes_are_wide_enough_for_their_titles(qtbot):
    """Issue 20: "Teams imported" over one short line was cut to "Team…orted"
    in the title bar; every box the app shows is at least as wide as its title."""
    from PySide6.QtWidgets import QMessageBox

    from euchre_tourney.gui import context

    box = context.message_box(None, QMessageBox.Information, "Teams imported", "2 teams added.")
    qtbot.addWidget(box)
    box.show()
    assert box.width() >= box.fontMetrics().horizontalAdvance("Teams imported") + 180
