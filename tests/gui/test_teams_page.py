"""The Teams page: undo of what can be undone, CSV import, rename, final scores."""

from __future__ import annotations

import datetime

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QApplication

from euchre_tourney import tournament
from euchre_tourney.gui.main_window import MainWindow
from euchre_tourney.rules import HandEntry, Side
from euchre_tourney.store import open_database


@pytest.fixture
def team_window(qtbot, gui_env, db_path):
    db = open_database(db_path)
    with db.session() as s:
        players = [tournament.add_player(s, n) for n in ("Anna", "Bob", "Cy", "Di", "Ed", "Flo", "Anna")]
        e = tournament.create_event(s, "Pairs", datetime.date(2026, 11, 24), kind="team", rounds=2,
                                    team_format="swiss", round_scoring="game")
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.show()
    window.reload_events(select=e.id)
    window.tabs.setCurrentWidget(window.teams_page)
    yield window, players
    window.close()
    db.dispose()


def test_teams_page_make_undo_rename_and_pair(qtbot, team_window, gui_env, tmp_path):
    window, players = team_window
    page = window.teams_page
    labels = [page.player_a.itemText(i) for i in range(page.player_a.count())]
    assert f"Anna (#{players[0].id})" in labels and f"Anna (#{players[6].id})" in labels  # namesakes told apart
    team = page.add_team(players[0].id, players[1].id, "Aces")
    assert team.name == "Aces" and page.teams_model.rowCount() == 1
    window.undo_action.trigger()
    assert page.teams_model.rowCount() == 0
    window.redo_action.trigger()
    assert page.teams_model.rowCount() == 1
    csv_file = tmp_path / "teams.csv"
    csv_file.write_text("Player 1;Player 2;Team\nCy;Di;\nEd;Flo;Ducks\nCy;Zed;\n", encoding="utf-8")
    rep = page.import_csv(str(csv_file))
    assert [t.name for t in rep.added] == ["Cy & Di", "Ducks"] and "already on team 2" in rep.skipped[0][1]
    assert gui_env["info"][-1][0] == "Teams imported" and "Row 4 skipped" in gui_env["info"][-1][1]
    page.teams_table.selectRow(0)
    page.team_name.setText("The Aces")
    assert page.rename_selected()
    assert page.teams_model.rows[0].name == "The Aces"
    window.undo_action.trigger()
    assert page.teams_model.rows[0].name == "Aces"
    assert page.make_rounds()
    assert len(page.view.rounds) == 1 and page.make_button.text() == "Pair &round 2"
    window.undo_action.trigger()  # a round without results can be taken back
    assert page.view.rounds == () and page.make_button.text() == "Pair &round 1"
    window.redo_action.trigger()
    r1 = page.view.rounds[0]
    page.game_box.select(1, r1.tables[0].number)
    page.game_box.ns.setValue(10)
    page.game_box.ew.setValue(8)
    qtbot.mouseClick(page.game_box.save_button, Qt.LeftButton)
    assert page.view.rounds[0].tables[0].complete
    window.undo_action.trigger()
    assert not page.view.rounds[0].tables[0].complete
    # a team cannot be removed once the rounds are made: the reason is shown
    page.teams_table.selectRow(0)
    page.remove_selected()
    assert "withdraw the team" in gui_env["errors"][-1][1]


def test_a_late_team_in_a_round_robin_shows_the_count_first_and_the_bye_text_follows(qtbot, gui_env, db_path):
    """Issue 20: 8 teams, one withdraws after round 1 (its opponents get
    byes), a late team takes its place: the question names the count before
    the choice, and the page no longer says a team has the bye each round."""
    db = open_database(db_path)
    with db.session() as s:
        players = [tournament.add_player(s, f"P{i}") for i in range(18)]
        e = tournament.create_event(s, "Robin", datetime.date(2026, 11, 24), kind="team", rounds=7, hands_per_round=1)
        teams = [tournament.add_team(s, e.id, players[2 * i].id, players[2 * i + 1].id) for i in range(8)]
        view = tournament.make_team_rounds(s, e.id)
        for t in view.rounds[0].tables:
            tournament.record_hand(s, e.id, 1, t.number, 1, HandEntry(Side.EW, 3))
        tournament.withdraw_team(s, teams[0].id)
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.reload_events(select=e.id)
    window.tabs.setCurrentWidget(window.teams_page)
    page = window.teams_page
    assert page.count.text() == "8 teams, 7 playing: one team has the bye each round."
    late = page.add_team(players[16].id, players[17].id)
    assert late is not None and late.first_round == 2
    title, question = gui_env["questions"][-1]
    assert title == "Late team" and "the place of withdrawn team 1" in question
    assert "team-rounds change from round 2" in question
    changed = int(question.split(": ")[1].split()[0])
    assert changed <= 6  # the withdrawn team's opponents at most, never every team-round
    assert "bye each round" not in page.count.text()
    remaining = [r for r in page.view.rounds if r.number >= 2]
    assert all(r.byes == () for r in remaining)  # 8 teams again: nobody sits out
    window.close()
    db.dispose()


def _cut_cells(table, column):
    """The rows whose cell in ``column`` cannot show its whole text (wrapped at spaces)."""
    from PySide6.QtCore import Qt as _Qt

    model, fm, cut = table.model(), table.fontMetrics(), []
    for r in range(model.rowCount()):
        index = model.index(r, column)
        rect, text = table.visualRect(index), str(model.data(index))
        need = fm.boundingRect(rect.adjusted(3, 0, -3, 0), _Qt.TextWordWrap, text)
        if need.width() > rect.width() - 6 or need.height() > rect.height():
            cut.append(text)
    return cut


def test_team_names_are_never_cut_in_the_standings_at_the_end_of_the_night(qtbot, gui_env, db_path):
    """Issue 20: with every round's result in, the round columns squeezed
    the team column to "Alexan… Montgo…" and "(withdrawn aft…"; at the
    default window size every team's whole name shows (wrapped if need be)."""
    db = open_database(db_path)
    long = ["Alexandra Montgomery-Smythe", "Christopher Wellington", "Frances O'Donnell-Baptiste", "Dana Li"]
    with db.session() as s:
        players = [tournament.add_player(s, f"{long[i % 4]} {i}") for i in range(24)]
        e = tournament.create_event(s, "Pairs", datetime.date(2026, 11, 24), kind="team", rounds=11, hands_per_round=1)
        teams = [tournament.add_team(s, e.id, players[2 * i].id, players[2 * i + 1].id) for i in range(12)]
        view = tournament.make_team_rounds(s, e.id)
        for t in view.rounds[0].tables:
            tournament.record_hand(s, e.id, 1, t.number, 1, HandEntry(Side.EW, 3))
        tournament.withdraw_team(s, teams[2].id)
        for r in tournament.team_event(s, e.id).rounds[1:]:
            for t in r.tables:
                tournament.record_hand(s, e.id, r.number, t.number, 1, HandEntry(Side.NS, 3))
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.show()
    assert (window.width(), window.height()) == (1200, 780)  # the default size
    window.reload_events(select=e.id)
    window.tabs.setCurrentWidget(window.standings_page)
    table = window.standings_page.table
    assert any("(withdrawn after round 1)" in str(table.model().data(table.model().index(r, 2)))
               for r in range(table.model().rowCount()))
    assert _cut_cells(table, 2) == []
    window.close()
    db.dispose()
    # the same night on the Teams page: every name whole, in the team list and the round's tables
    window = MainWindow(open_database(db_path))
    qtbot.addWidget(window)
    window.show()
    window.reload_events(select=e.id)
    window.tabs.setCurrentWidget(window.teams_page)
    page = window.teams_page
    page.rounds_list.setCurrentRow(10)
    QApplication.processEvents()  # the rows are measured again once the columns have their widths
    assert _cut_cells(page.teams_table, 1) == []
    assert [_cut_cells(page.tables_table, c) for c in (1, 2, 4)] == [[], [], []]
    window.close()
    window.ctx.db.dispose()


# --- issue 29 item 8: a bracket event's Teams page ------------------------------------------

LONG_NAMES = [
    "Alexandra Montgomery-Smythe", "Christophe Vandenberghe", "Bartholomew Featherstonehaugh",
    "Maximiliana Oyelaran-Okafor", "Wilhelmina Castellanos", "Jean-Baptiste Lefebvre-Dupont",
    "Anastasia Papadopoulou", "Guinevere Ashworth-Blake", "Konstantinos Karamanlis", "Evangeline Rutherford",
    "Bo Li", "Ann Ode", "Sebastian Delacroix-Moreau", "Priyanka Venkataraman", "Oluwaseun Adebayo-Smith",
    "Marguerite Thibodeaux",
]


def _bracket_window(qtbot, db_path, *, double: bool, teams: int, played: int = 0):
    """A team event of ``teams`` teams of long names played as a bracket
    (``played`` matches entered), open on the Teams page at the default size."""
    db = open_database(db_path)
    with db.session() as s:
        ids = [tournament.add_player(s, n).id for n in LONG_NAMES[: 2 * teams]]
        e = tournament.create_event(s, "Knockout", datetime.date(2026, 11, 28), kind="team", rounds=1, round_scoring="game")
        for i in range(teams):
            tournament.add_team(s, e.id, ids[2 * i], ids[2 * i + 1])
        tournament.draw_bracket(s, e.id, double=double, consolation=not double, seeding="number")
        for _ in range(played):
            m = tournament.bracket_view(s, e.id).ready()[0]
            tournament.record_bracket_score(s, e.id, m.code, 10, 6)
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.show()
    window.reload_events(select=e.id)
    window.tabs.setCurrentWidget(window.teams_page)
    QApplication.processEvents()
    return window


@pytest.mark.parametrize("double", [False, True], ids=["single", "double"])
def test_a_bracket_events_teams_page_speaks_of_its_bracket(qtbot, gui_env, db_path, double):
    """Not "Round robin, 1 rounds": the kind of bracket, its teams and
    games, the matches to play now -- and the page opens on the bracket."""
    window = _bracket_window(qtbot, db_path, double=double, teams=6, played=2)
    page = window.teams_page
    text = page.status.text()
    assert "Round robin" not in text and "rounds" not in text
    kind = "Double elimination" if double else "Single elimination"
    assert text.startswith(f"<b>{kind}</b> bracket of 6 teams, seeded by team number; each match a game to 10")
    ready = [m.title for m in page.bracket.view.ready()]
    assert ready and f"To play now: {', '.join(ready)}." in text
    assert page.right_tabs.currentWidget() is page.bracket
    window.close()
    window.ctx.db.dispose()


def test_a_team_event_of_one_round_says_round(qtbot, gui_env, db_path):
    db = open_database(db_path)
    with db.session() as s:
        e = tournament.create_event(s, "One", datetime.date(2026, 11, 28), kind="team", rounds=1, round_scoring="game")
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.reload_events(select=e.id)
    window.tabs.setCurrentWidget(window.teams_page)
    text = window.teams_page.status.text()
    assert text.startswith("<b>Round robin</b>, 1 round, a game to 10 each round.")
    assert "draw a bracket on the Bracket tab" in text  # a knockout is drawn there
    assert window.teams_page.right_tabs.currentIndex() == 0  # no bracket: the rounds
    window.close()
    db.dispose()


def test_the_single_elimination_final_is_called_final(qtbot, gui_env, db_path, tmp_path):
    """The last match of a single-elimination bracket is the "Final" in the
    match list, the drawing, the page's line and the wall PDF (not
    "Winners' round 2, match 1"); the semi-finals and the third-place match
    by their names."""
    from euchre_tourney.gui.bracket_view import short_title

    window = _bracket_window(qtbot, db_path, double=False, teams=4, played=2)
    page, panel = window.teams_page, window.teams_page.bracket
    items = [panel.match.itemText(i) for i in range(panel.match.count())]
    assert items == ["✓ Semi-final 1", "✓ Semi-final 2", "▶ Final", "▶ Third place"]
    final = next(m for m in panel.view.matches if m.code == "W2-1")
    assert (final.title, short_title(final)) == ("Final", "Final")
    assert "To play now: Final, Third place." in page.status.text()
    panel.save_pdf(str(tmp_path / "bracket.pdf"), large=False)
    pdf = (tmp_path / "bracket.pdf").read_bytes()
    assert b"Final" in pdf and b"Semi-final 1" in pdf and b"Winners" not in pdf
    for item in ("▶ Final", "▶ Third place"):
        panel.match.setCurrentIndex(panel.match.findText(item))
        panel.score_a.setValue(10)
        panel.score_b.setValue(4)
        assert panel.save_result()
    assert panel.match.findText("✓ Final") >= 0
    assert "Champion: <b>Alexandra Montgomery-Smythe &amp; Christophe Vandenberghe</b>" in page.status.text()
    window.close()
    window.ctx.db.dispose()


@pytest.mark.parametrize(("double", "teams"), [(False, 8), (True, 6)], ids=["single-8", "double-6"])
def test_the_bracket_shows_whole_team_names_at_1200_px(qtbot, gui_env, db_path, double, teams):
    """At the default 1200-px window every team name in the drawing is
    drawn whole (wrapped in its box, never "Alexandra Montg…"), the window
    stays 1200 px wide, and the teams of the match to enter show whole."""
    from PySide6.QtCore import Qt as _Qt
    from PySide6.QtGui import QFontMetricsF

    window = _bracket_window(qtbot, db_path, double=double, teams=teams, played=3)
    assert window.width() == 1200
    panel = window.teams_page.bracket
    cells = panel.canvas.name_cells()
    names = {n for n, _r, _f in cells if n != "–"}
    assert len(names) >= teams - 1
    cut = []
    for name, rect, font in cells:
        need = QFontMetricsF(font).boundingRect(rect, _Qt.AlignLeft | _Qt.AlignVCenter | _Qt.TextWordWrap, name)
        if need.width() > rect.width() + 0.5 or need.height() > rect.height() + 0.5:
            cut.append(name)
    assert cut == []
    # the drawing scrolls rather than squeeze: its boxes are inside it
    boxes = [r for _m, r in panel.canvas._boxes()]
    assert all(panel.canvas.rect().contains(r.toRect()) for r in boxes)
    title_h = panel.canvas._box(panel.canvas.width())[2]
    with_titles = [r.adjusted(0, -title_h, 0, 0) for r in boxes]
    assert not [(a, b) for i, a in enumerate(with_titles) for b in with_titles[i + 1:] if a.intersects(b)]
    for label in (panel.team_a, panel.team_b):
        assert label.text() and label.heightForWidth(label.width()) <= label.height()
    window.close()
    window.ctx.db.dispose()


def test_the_projector_shrinks_the_bracket_to_the_screen_with_every_name_whole(qtbot, gui_env, db_path):
    """The projector does not scroll: a bracket whose names need more room
    than the screen is drawn smaller, every box inside and apart, and a
    click on a box still picks its match."""
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QFontMetricsF

    from euchre_tourney.gui.bracket_view import BracketCanvas

    window = _bracket_window(qtbot, db_path, double=True, teams=8, played=3)
    canvas = BracketCanvas(dark=True)
    qtbot.addWidget(canvas)
    canvas.resize(800, 450)
    canvas.set_view(window.teams_page.bracket.view)
    s = canvas.scale()
    assert 0.1 < s < 1
    boxes = canvas._boxes()
    assert all(QRectF(0, 0, 800 / s, 450 / s).contains(r) for _m, r in boxes)
    for name, rect, font in canvas.name_cells():
        need = QFontMetricsF(font).boundingRect(rect, Qt.AlignLeft | Qt.AlignVCenter | Qt.TextWordWrap, name)
        assert need.height() <= rect.height() + 0.5 and need.width() <= rect.width() + 0.5, name
    picked = []
    canvas.picked.connect(picked.append)
    m, r = boxes[-1]
    qtbot.mouseClick(canvas, Qt.LeftButton, pos=QPoint(int(r.center().x() * s), int(r.center().y() * s)))
    assert picked == [m.code]
    canvas.grab()  # draws without error
    window.close()
    window.ctx.db.dispose()


def test_a_finished_bracket_opens_on_its_final(qtbot, gui_env, db_path):
    window = _bracket_window(qtbot, db_path, double=False, teams=4, played=4)
    panel = window.teams_page.bracket
    assert panel.view.champion is not None
    assert panel.match.currentText() == "✓ Final" and panel.canvas.selected == "W2-1"
    window.close()
    window.ctx.db.dispose()


def test_a_final_score_entered_at_another_station_is_not_replaced_from_a_stale_page(qtbot, team_window):
    """The page shows table 1 with no score; another station enters 10–4; this page's 10–6 is refused with
    what the table has now, and the other station's score stays (issue 29: one guard, staleness)."""
    window, players = team_window
    page = window.teams_page
    for i in range(0, 6, 2):
        page.add_team(players[i].id, players[i + 1].id)
    assert page.make_rounds()
    table = page.view.rounds[0].tables[0].number
    event_id = window.ctx.event_id
    page.game_box.select(1, table)
    assert not page.game_box.current().final_only  # the page shows no score
    tournament.operate(window.ctx.db, "Other station", tournament.record_game_score, event_id, 1, table, 10, 4,
                       station="Table 2 laptop")
    page.game_box.ns.setValue(10)
    page.game_box.ew.setValue(6)
    assert page.game_box.save() is False
    assert "it now has North–South 10, East–West 4" in page.game_box.message.text()
    assert window.ctx.run(tournament.game_score_of, event_id, 1, table) == (10, 4)
