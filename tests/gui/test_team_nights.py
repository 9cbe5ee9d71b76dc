"""Team nights through the desktop app, offscreen (issue #11).

1. A 10-team round robin (9 rounds, hands per round): a 20-player roster in
   several scripts imported, teams made on the Teams page, the rounds made,
   team scorecards and tally sheets printed and read back with pypdf (every
   team's card names the right opponent for every round), every hand of two
   rounds typed through the Scores page (one impossible hand refused), the
   team standings on screen equal the sums, closed and reopened.
2. A 12-team, 4-round Swiss night scored as games to 10 entered as final
   scores only: no rematch, round 3 refused while a round-2 result is
   missing, a team withdraws after round 2 and rounds 3–4 stay valid.
"""

from __future__ import annotations

import re
from collections import defaultdict

from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from euchre_tourney import tournament
from euchre_tourney.gui.event_page import NewEventDialog
from euchre_tourney.gui.main_window import MainWindow
from euchre_tourney.store import open_database

from tests.gui.test_club_night import type_hand

NAMES = [
    "Anna Smith", "Bob Jones", "Zoë Ångström", "李小龍", "Łukasz Wróbel", "Seán O'Brien", "Чжан Вэй",
    "Μαρία Παπαδοπούλου", "Ngô Bảo Châu", "佐藤 花子", "Eve Park", "Finn Moss", "Gia Ruiz", "Hal Cole",
    "Ivy Chen", "Jon Bell", "Kim Ode", "Lou Mey", "Max Orr", "Ned Pike",
]
# (makers, tricks, alone) for the two hands of a round; North American points
HANDS = [("NS", 3, False), ("EW", 5, False)]  # NS 1, EW 2


def _roster(qtbot, window, tmp_path, names):
    """Import the roster through the Players page (preview, then Import)."""
    path = tmp_path / "members.csv"
    path.write_bytes(("\ufeffname\n" + "\n".join(f'"{n}"' for n in names) + "\n").encode("utf-8"))
    job = window.roster_page.import_csv(str(path))
    with qtbot.waitSignal(job.preview_shown, timeout=60000):
        pass
    with qtbot.waitSignal(job.finished, timeout=60000) as done:
        job.dialog.import_button.click()
    assert len(done.args[0].added) == len(names)
    return {p.name: p.id for p in window.ctx.run(tournament.list_players)}


def _new_team_event(window, monkeypatch, name, rounds, hands=2, **team):
    def fill(dialog: NewEventDialog) -> int:
        dialog.set_kind("team")
        dialog.form.name.setText(name)
        dialog.form.rounds.setValue(rounds)
        dialog.form.hands.setValue(hands)
        dialog.team.choose(**team)
        return QDialog.Accepted

    monkeypatch.setattr(NewEventDialog, "exec", fill)
    window.new_event_action.trigger()
    assert window.tabs.currentWidget() is window.teams_page
    event = window.ctx.run(tournament.get_event, window.ctx.event_id)
    assert event.kind == "team" and event.name == name
    return event


def _make_teams(qtbot, page, ids, pairs):
    for a, b in pairs:
        page.player_a.setCurrentIndex(page.player_a.findData(ids[a]))
        page.player_b.setCurrentIndex(page.player_b.findData(ids[b]))
        qtbot.mouseClick(page.add_button, Qt.LeftButton)
    assert page.teams_model.rowCount() == len(pairs)


def _parse_team_cards(pdf) -> dict[int, dict[int, object]]:
    """team number → {round: (table, "N–S"/"E–W", opponent number) or "bye"}."""
    cards: dict[int, dict[int, object]] = {}
    current = None
    for page in PdfReader(pdf).pages:
        for line in page.extract_text().splitlines():
            line = line.strip()
            m = re.match(r"Team (\d+) ", line)
            if m and "scorecards" not in line:
                current = cards.setdefault(int(m.group(1)), {})
                continue
            m = re.match(r"(\d+) (\d+) (N–S|E–W) (\d+) ", line)
            if current is not None and m:
                current[int(m.group(1))] = (int(m.group(2)), m.group(3), int(m.group(4)))
                continue
            m = re.fullmatch(r"(\d+) Bye", line)
            if current is not None and m:
                current[int(m.group(1))] = "bye"
    return cards


def test_ten_team_round_robin_night(qtbot, gui_env, db_path, tmp_path, monkeypatch):
    db = open_database(db_path)
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.show()
    ids = _roster(qtbot, window, tmp_path, NAMES)
    _new_team_event(window, monkeypatch, "Team night", rounds=9, hands=2)
    page = window.teams_page
    _make_teams(qtbot, page, ids, [(NAMES[2 * i], NAMES[2 * i + 1]) for i in range(10)])
    assert page.teams_model.rows[1].name == "Zoë Ångström & 李小龍"
    # a player on a team is no longer offered: typing the name is refused with the reason
    assert page.player_a.findData(ids[NAMES[0]]) == -1
    page.player_a.setEditText(NAMES[0])
    page.player_b.setCurrentIndex(0)
    qtbot.mouseClick(page.add_button, Qt.LeftButton)
    assert gui_env["errors"][-1][1] == "Pick two players from the roster for the team."
    assert page.teams_model.rowCount() == 10

    qtbot.mouseClick(page.make_button, Qt.LeftButton)
    view = page.view
    assert len(view.rounds) == 9 and all(len(r.tables) == 5 and not r.byes for r in view.rounds)
    met = [frozenset((t.north_south.id, t.east_west.id)) for r in view.rounds for t in r.tables]
    assert len(met) == len(set(met)) == 45
    assert page.rounds_list.count() == 9 and page.tables_model.rowCount() == 5

    # printing: every team's card names the right opponent in every round
    cards_pdf, tally_pdf = tmp_path / "cards.pdf", tmp_path / "tally.pdf"
    assert window.save_pdf("scorecards", str(cards_pdf), "letter")
    assert window.save_pdf("tally-sheets", str(tally_pdf), "a4")
    cards = _parse_team_cards(cards_pdf)
    assert set(cards) == set(range(1, 11))
    for r in view.rounds:
        for t in r.tables:
            ns, ew = t.north_south.number, t.east_west.number
            assert cards[ns][r.number] == (t.number, "N–S", ew)
            assert cards[ew][r.number] == (t.number, "E–W", ns)
    tally_text = "\n".join(p.extract_text() for p in PdfReader(tally_pdf).pages)
    for t in view.rounds[0].tables:
        for team in (t.north_south, t.east_west):
            assert f"Team {team.number} {team.name}" in tally_text
            assert all(name in tally_text for name in team.players)

    # every hand of rounds 1 and 2, through the Scores page
    window.tabs.setCurrentWidget(window.scores_page)
    scores = window.scores_page
    for rnd in (1, 2):
        for t in view.rounds[rnd - 1].tables:
            scores.select(rnd, t.number)
            assert f"(Team {t.north_south.number})" in scores.heading.text()
            for number, (makers, tricks, alone) in enumerate(HANDS, start=1):
                if rnd == 1 and t.number == 3 and number == 2:  # an impossible hand, refused
                    type_hand(qtbot, scores, "EW", 6, False)
                    assert "cannot take 6 tricks" in scores.message.text()
                    assert len(scores.table_view.hands) == 1
                type_hand(qtbot, scores, makers, tricks, alone)
            saved = window.ctx.run(tournament.table_score, window.ctx.event_id, rnd, t.number)
            assert (saved.ns_total, saved.ew_total, len(saved.hands)) == (1, 2, 2)
            assert saved.teams == (f"Team {t.north_south.number}", f"Team {t.east_west.number}")

    # standings on screen = the sums: East–West won both its rounds' tables
    expected = defaultdict(lambda: [0, 0, 0])  # wins, for, against
    for r in view.rounds[:2]:
        for t in r.tables:
            expected[t.east_west.number][0] += 1
            for team, got, lost in ((t.north_south, 1, 2), (t.east_west, 2, 1)):
                expected[team.number][1] += got
                expected[team.number][2] += lost
    window.tabs.setCurrentWidget(window.standings_page)

    def on_screen(w):
        model = w.standings_page.table.model()
        cols = [model.headerData(c, Qt.Horizontal) for c in range(model.columnCount())]
        get = lambda r, title: model.data(model.index(r, cols.index(title)))  # noqa: E731
        return {
            int(get(r, "No.")): [int(float(get(r, "Wins"))), int(get(r, "For")), int(get(r, "Against"))]
            for r in range(model.rowCount())
        }

    shown = on_screen(window)
    assert shown == {n: v for n, v in expected.items()}
    assert [r.score for r in window.standings_page.view.rows] == sorted(
        (r.score for r in window.standings_page.view.rows), reverse=True
    )

    # close and reopen on the same file
    event_id = window.ctx.event_id
    window.close()
    db.dispose()
    db2 = open_database(db_path)
    window2 = MainWindow(db2)
    qtbot.addWidget(window2)
    assert window2.ctx.event_id == event_id
    assert on_screen(window2) == shown
    window2.tabs.setCurrentWidget(window2.teams_page)
    assert window2.teams_page.view.rounds == window2.ctx.run(tournament.team_event, event_id).rounds
    assert [r.number for r in window2.teams_page.view.rounds if r.complete] == [1, 2]
    window2.close()
    db2.dispose()


def test_twelve_team_swiss_night_with_final_scores(qtbot, gui_env, db_path, tmp_path, monkeypatch):
    db = open_database(db_path)
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.show()
    names = [f"Player {i:02d}" for i in range(24)]
    ids = _roster(qtbot, window, tmp_path, names)
    _new_team_event(window, monkeypatch, "Swiss night", rounds=4, team_format="swiss", round_scoring="game")
    page = window.teams_page
    _make_teams(qtbot, page, ids, [(names[2 * i], names[2 * i + 1]) for i in range(12)])
    assert page.game_box.isVisible()
    box = page.game_box

    def enter(rnd, table, ns, ew):
        box.select(rnd, table)
        box.ns.setValue(ns)
        box.ew.setValue(ew)
        qtbot.mouseClick(box.save_button, Qt.LeftButton)

    gone = None
    for rnd in range(1, 5):
        qtbot.mouseClick(page.make_button, Qt.LeftButton)
        r = page.view.rounds[-1]
        assert r.number == rnd
        playing = [t.id for t in page.view.teams if t.status == "playing"]
        seated = [x.id for t in r.tables for x in (t.north_south, t.east_west)] + [b.id for b in r.byes]
        assert sorted(seated) == sorted(playing)
        if rnd == 1:  # an impossible final score is refused with the reason
            enter(1, 1, 14, 2)
            assert "cannot happen" in box.message.text()
            enter(1, 1, 8, 6)
            assert "not a finished game" in box.message.text()
        for i, t in enumerate(r.tables):
            if rnd == 2 and i == len(r.tables) - 1:
                break  # the last table of round 2 stays open for now
            enter(rnd, t.number, 10, 2 + i % 7)
            assert "Saved" in box.message.text()
        if rnd == 2:
            missing = r.tables[-1].number
            qtbot.mouseClick(page.make_button, Qt.LeftButton)
            title, message = gui_env["errors"][-1]
            assert title == "Cannot make the round" and f"table {missing} has no result yet" in message
            assert len(page.view.rounds) == 2
            assert f"tables {missing} have no result yet" in page.status.text()
            enter(2, missing, 4, 11)  # then the score comes in
            # a team withdraws after round 2
            gone = page.view.teams[5]
            assert page.withdraw(gone.id)
            assert window.ctx.run(tournament.list_teams, window.ctx.event_id)[5].status == "withdrawn after round 2"
    rounds = window.ctx.run(tournament.team_event, window.ctx.event_id).rounds
    met = [frozenset((t.north_south.id, t.east_west.id)) for r in rounds for t in r.tables]
    assert len(met) == len(set(met))  # no rematch
    for r in rounds[2:]:
        ids_in = {x.id for t in r.tables for x in (t.north_south, t.east_west)} | {b.id for b in r.byes}
        assert gone.id not in ids_in and len(ids_in) == 11 and len(r.byes) == 1
    assert rounds[2].byes[0].id != rounds[3].byes[0].id
    assert page.make_button.isEnabled() is False
    window.tabs.setCurrentWidget(window.rotation_page)  # seats of every round, the withdrawal included
    assert window.rotation_page.rounds.count() == 4 and not window.rotation_page.generate_button.isEnabled()
    # standings: wins add up; the projector shows the same rows
    window.tabs.setCurrentWidget(window.standings_page)
    st = window.standings_page.view
    assert sum(r.wins for r in st.rows) == sum(r.losses for r in st.rows) == sum(len(r.tables) for r in rounds)
    window.standings_page.show_projector()
    projector = window.standings_page.projector  # pages through the teams (issue 14: the room)
    shown = []
    for _ in range(projector.pages()):
        shown += projector.shown_rows()
        projector.next_page()
    assert [r.number for r in shown] == [r.number for r in st.rows] and len(shown) == 12
    window.standings_page.projector.close()
    window.close()
    db.dispose()
