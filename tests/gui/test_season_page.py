"""The Season page (standings live as hands are entered, settings, player
page, CSV and PDFs, undo) and a bracket entered to its final on the Teams page."""

from __future__ import annotations

import datetime
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from euchre_tourney import tournament
from euchre_tourney.gui.main_window import MainWindow
from euchre_tourney.rules import HandEntry, Side
from euchre_tourney.store import open_database

sys.path.insert(0, str(Path(__file__).parents[1] / "benchmarks"))
from season_world import make_world, play_progressive_night, play_team_night  # noqa: E402


@pytest.fixture
def season_window(qtbot, gui_env, db_path):
    db = open_database(db_path)
    w = make_world(db, 12, seed=2)
    ids = w.player_ids
    e1 = play_progressive_night(w, "Night 1", datetime.date(2026, 9, 1), ids[:8], rounds=3, hands=2, seed=1)
    e2 = play_team_night(w, "Team night", datetime.date(2026, 9, 8), [(ids[2 * i], ids[2 * i + 1]) for i in range(4)], rounds=3)
    with db.session() as s:
        live = tournament.create_event(s, "Night 3", datetime.date(2026, 9, 15), rounds=1, hands_per_round=1)
        tournament.set_checked_in(s, live.id, ids[8:12])
        tournament.generate_rotation(s, live.id, seed=1)
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.show()
    window.reload_events(select=live.id)
    window.tabs.setCurrentWidget(window.season_page)
    yield window, w, (e1, e2, live.id)
    window.close()
    db.dispose()


def test_season_page_lives_through_a_season(qtbot, season_window, gui_env, tmp_path):
    window, w, (e1, e2, live) = season_window
    page = window.season_page
    assert page.model.rowCount() == 0 and "No season yet" in page.summary.text()
    sid = page.create_season(name="Autumn", start_date=datetime.date(2026, 9, 1), end_date=datetime.date(2026, 9, 30),
                             basis="points", aggregate="total", best_nights=0, min_nights=0, placing_points="10-8-6", event_ids=[])
    assert sid is not None and page.seasons.currentData() == sid
    assert page.model.rowCount() == 8  # members 9-12 have no finished table yet
    assert page.ratings_model.rowCount() == 8
    # a hand entered at the live night moves the season standings at once
    window.scores_page  # the hand is recorded through the same undo log as the Scores page uses
    window.ctx.operate("Save hand", tournament.record_hand, live, 1, 1, 1, HandEntry(Side.NS, 5), event_id=live)
    assert page.model.rowCount() == 12
    by_name = {r.name: r for r in page.model.rows}
    assert sorted(by_name[n].points for n in by_name if by_name[n].nights == 1 and by_name[n].player_id in w.player_ids[8:]) == [0, 0, 2, 2]
    window.undo_action.trigger()
    assert page.model.rowCount() == 8
    # settings: best night only, placings; the change is undoable
    assert page.update_season(basis="placings", best_nights=1, placing_points="10-8-6")
    assert page.view.season.rules.best_nights == 1
    top = page.model.rows[0]
    assert top.score == 10 and "placing points 10-8-6" in page.summary.text()
    window.undo_action.trigger()
    assert page.view.season.rules.best_nights == 0
    assert page.update_season(name="  ")  is False and gui_env["errors"][-1][0] == "Cannot change the season"
    # player page: nights, partners, head to head, CSV and PDF
    page.table.selectRow(0)
    dialog = page.player_dialog(page.selected_player())
    qtbot.addWidget(dialog)
    assert dialog.nights_model.rowCount() == dialog.view.nights.__len__() >= 1
    assert dialog.partners_model.rowCount() >= 1
    dialog.rival.setCurrentIndex(1)
    assert "against" in dialog.h2h.text()
    dialog.export_csv(str(tmp_path / "p.csv"))
    assert (tmp_path / "p.csv").read_text(encoding="utf-8-sig").startswith("date,event")
    dialog.save_pdf(str(tmp_path / "p.pdf"))
    assert (tmp_path / "p.pdf").read_bytes().startswith(b"%PDF")
    # season CSV and sheets
    page.export_csv(str(tmp_path / "s.csv"))
    assert (tmp_path / "s.csv").read_text(encoding="utf-8-sig").splitlines()[0].startswith("place,name,score")
    page.save_pdf(str(tmp_path / "s.pdf"))
    assert (tmp_path / "s.pdf").read_bytes().count(b"/Type /Page\n") + (tmp_path / "s.pdf").read_bytes().count(b"/Type /Page ") >= 3
    # the projector shows the season
    page.show_projector()
    assert page.projector.title.text().startswith("Autumn") and page.projector.table.model().rowCount() > 0
    page.projector.close()
    page.delete_season()
    assert page.seasons.count() == 0
    window.undo_action.trigger()
    assert page.seasons.count() == 1


def test_bracket_entered_to_its_final(qtbot, gui_env, db_path, tmp_path):
    db = open_database(db_path)
    w = make_world(db, 10, seed=4)
    with db.session() as s:
        ev = tournament.create_event(s, "Knockout", datetime.date(2026, 10, 1), kind="team", round_scoring="game")
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.show()
    window.reload_events(select=ev.id)
    window.tabs.setCurrentWidget(window.teams_page)
    page = window.teams_page
    assert bracket_ok(page, w.player_ids)
    panel = page.bracket
    panel.kind.setCurrentIndex(panel.kind.findData(True))
    panel.seeding.setCurrentIndex(panel.seeding.findData("number"))
    assert panel.draw()
    assert panel.view.double and len(panel.view.seeds) == 5
    # a score no game ends with is refused in words
    panel.score_a.setValue(5)
    panel.score_b.setValue(4)
    assert not panel.save_result() and gui_env["errors"][-1][0] == "Cannot save the result"
    saved = 0
    while panel.view.champion is None:
        ready = panel.view.ready()
        assert ready and panel.match.currentData() == ready[0].code  # the next match to play is offered
        # the lower seed wins the losers' bracket final to force the reset
        panel.score_a.setValue(10)
        panel.score_b.setValue(7)
        if ready[0].code == "GF":
            panel.score_a.setValue(6)
            panel.score_b.setValue(10)
        assert panel.save_result()
        saved += 1
    assert saved == 2 * 5 - 1  # the grand final was reset
    assert panel.view.champion and "Champion" in panel.status.text()
    window.undo_action.trigger()  # the reset taken back
    assert panel.view.champion is None and panel.view.ready()[0].code == "GF2"
    window.redo_action.trigger()
    assert panel.view.champion is not None
    panel.save_pdf(str(tmp_path / "b.pdf"), large=False)
    panel.save_pdf(str(tmp_path / "bl.pdf"), large=True)
    assert (tmp_path / "b.pdf").read_bytes().startswith(b"%PDF") and (tmp_path / "bl.pdf").stat().st_size > 0
    panel.canvas.grab()  # draws without error
    panel.show_projector()
    assert "champion" in panel.projector.title.text()
    panel.projector.close()
    window.close()
    db.dispose()


def bracket_ok(page, ids) -> bool:
    """Make 5 teams through the balanced draw."""
    from euchre_tourney.gui import bracket_view

    return bracket_view.balanced_draw(page.ctx, page, page.ctx.event_id, ids)


def test_season_page_redraws_for_changes_at_any_event_that_move_a_season(season_window, monkeypatch):
    """The Season page spans events: a hand saved at another event (the
    station poll's Change) redraws it; a round lock or the timer does not;
    a season change concerns it but not the Teams page."""
    window, _w, (e1, _e2, live) = season_window
    page = window.season_page
    drawn = []
    monkeypatch.setattr(page, "refresh", lambda: drawn.append(1))
    assert window.ctx.event_id == live
    page.take(tournament.Change("Changed at another station", e1, {"hands"}, rounds={1}, tables={2}))
    assert drawn == [1]
    page.take(tournament.Change("Lock round 1", e1, {"locks"}))
    page.take(tournament.Change("Timer", live, {"timer"}))
    assert drawn == [1]
    season_change = tournament.Change("New season", None, {"seasons"})
    page.take(season_change)
    assert drawn == [1, 1]
    assert not window.teams_page.concerned(season_change)
    assert window.teams_page.concerned(tournament.Change("Bracket: final", live, {"bracket"}))


def test_choosing_another_event_does_not_redraw_the_season_page(season_window, monkeypatch):
    """The Season page spans the events: choosing another event while it is
    shown reads nothing (it read every night of the season again), while the
    pages of one event redraw for the event chosen."""
    window, _w, (e1, e2, live) = season_window
    page = window.season_page
    boards = []
    real = tournament.season_board
    monkeypatch.setattr(tournament, "season_board", lambda *a, **k: boards.append(a) or real(*a, **k))
    assert page.on_screen()
    shown = page.table.model().rowCount()
    for event_id in (e1, e2, live):
        window.ctx.set_event(event_id)
    assert boards == []
    assert page.table.model().rowCount() == shown  # still the season's standings
    window.tabs.setCurrentWidget(window.standings_page)
    window.ctx.set_event(e1)
    assert window.standings_page.view is not None and window.standings_page.view.event_id == e1
