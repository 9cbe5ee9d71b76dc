"""The whole club night through the desktop app, offscreen.

26 players imported from CSV → 8-round progressive event → rotation → both
PDFs (checked through pypdf text) → every hand of round 1 typed through the
score-entry widgets (one refused) → standings equal the sums → the app is
closed and reopened on the same file and everything is still there.
"""

from __future__ import annotations

import datetime
import re

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from euchre_tourney.gui.event_page import NewEventDialog
from euchre_tourney.gui.main_window import MainWindow
from euchre_tourney.store import open_database

LONG_NAME = "Maximilian Alexander Fitzgerald-Worthington van der Berghe"  # padded below to 60
SPECIAL = ["Zoë Ångström", "Seán O'Brien", "Łukasz Wróbel", "李小龍"]

# (makers, tricks, alone?) for hands 1..8 and the points North American rules give
HANDS = [
    ("NS", 3, False),
    ("EW", 5, False),
    ("NS", 1, False),
    ("EW", 4, True),
    ("NS", 5, True),
    ("EW", 0, False),
    ("NS", 4, False),
    ("EW", 2, False),
]
EXPECTED_NS, EXPECTED_EW = 1 + 4 + 2 + 1 + 2, 2 + 2 + 1  # NS: hands 1,5,6,7,8; EW: hands 2,3,4


def roster_names() -> list[str]:
    long_name = (LONG_NAME + " Jr" * 10)[:60]
    assert len(long_name) == 60
    return SPECIAL + [long_name] + [f"Member {i:02d}" for i in range(1, 22)]


@pytest.fixture
def roster_csv(tmp_path):
    path = tmp_path / "members.csv"
    lines = ["name,email,phone"] + [f'"{n}",,' for n in roster_names()]
    path.write_bytes(("\ufeff" + "\n".join(lines) + "\n").encode("utf-8"))
    return path


def parse_cards(pdf_path) -> dict[str, dict[int, tuple]]:
    """name -> {round: (table, seat, partner, (opp1, opp2)) or "sit"} from the PDF text."""
    cards: dict[str, dict[int, tuple]] = {}
    for page in PdfReader(pdf_path).pages:
        lines = [ln.strip() for ln in page.extract_text().splitlines()]
        current = None
        i = 0
        while i < len(lines):
            m = re.fullmatch(r"#(\d+) (.+?)(?: Scorecard)?", lines[i])
            if m:
                current = cards.setdefault(m.group(2), {})
                i += 1
                continue
            m = re.fullmatch(r"(\d+) (\d+) (North|East|South|West)", lines[i])
            if current is not None and m:
                # the partner's line(s), then "vs A · B" — a long name wraps onto a second line
                partner_lines, i = [], i + 1
                while not lines[i].startswith("vs "):
                    partner_lines.append(lines[i])
                    i += 1
                vs = lines[i]
                i += 1
                stop = r"\d+ \d+ (North|East|South|West)$|\d+ Sits out|#\d+ |Loners and final score|\u2702|.* (\d{4}|page \d+ of \d+)$"
                while i < len(lines) and not re.match(stop, lines[i]):  # the pair goes on on the next line
                    vs += " " + lines[i]
                    i += 1
                partner = " ".join(partner_lines)
                opponents = vs[3:].split(" · ")
                current[int(m.group(1))] = (int(m.group(2)), m.group(3).lower(), partner, tuple(opponents))
                continue
            m = re.match(r"(\d+) Sits out", lines[i])
            if current is not None and m:
                current[int(m.group(1))] = "sit"
            i += 1
    return cards


def standings_on_screen(window) -> dict[str, int]:
    model = window.standings_page.model
    cols = [model.headerData(c, Qt.Horizontal) for c in range(model.columnCount())]
    name_col, points_col = cols.index("Name"), cols.index("Points")
    return {
        model.data(model.index(r, name_col)): int(model.data(model.index(r, points_col)))
        for r in range(model.rowCount())
    }


def type_hand(qtbot, page, makers: str, tricks: int, alone: bool) -> None:
    page.makers.setFocus()
    qtbot.keyClick(page.makers, Qt.Key_N if makers == "NS" else Qt.Key_E)
    assert page.makers.currentData() == makers
    page.alone.setCurrentIndex(1 if alone else 0)
    page.tricks.clear()
    qtbot.keyClicks(page.tricks, str(tricks))
    qtbot.keyClick(page.tricks, Qt.Key_Return)


def test_club_night_end_to_end(qtbot, gui_env, db_path, roster_csv, tmp_path, monkeypatch):
    db = open_database(db_path)
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.show()

    # 1. roster from CSV
    job = window.roster_page.import_csv(str(roster_csv))
    with qtbot.waitSignal(job.preview_shown, timeout=60000):
        pass
    assert job.dialog.import_button.isEnabled()
    with qtbot.waitSignal(job.finished, timeout=60000) as done:
        job.dialog.import_button.click()
    report = done.args[0]
    assert len(report.added) == 26 and not report.duplicates
    assert window.roster_page.model.rowCount() == 26
    assert set(roster_names()) == {p.name for p in window.roster_page.model.rows}

    # 2. event through the New event dialog (Ctrl+N action)
    def fill_and_accept(dialog: NewEventDialog) -> int:
        dialog.form.name.setText("Friday club night")
        dialog.form.rounds.setValue(8)
        dialog.form.hands.setValue(8)
        return QDialog.Accepted

    monkeypatch.setattr(NewEventDialog, "exec", fill_and_accept)
    window.new_event_action.trigger()
    assert window.ctx.event_id is not None
    assert window.events.currentText().startswith("Friday club night")

    qtbot.mouseClick(window.event_page.all_button, Qt.LeftButton)
    assert sum(1 for r in window.event_page.model.rows if r.checked_in) == 26

    # 3. rotation
    window.tabs.setCurrentWidget(window.rotation_page)
    assert window.rotation_page.generate() is True
    rot = window.rotation_page.view
    assert len(rot.rounds) == 8
    for r in rot.rounds:
        assert len(r.tables) == 6 and len(r.sit_out) == 2
        seated = [n for t in r.tables for n in t.names] + list(r.sit_out)
        assert sorted(seated) == sorted(roster_names())
    assert window.rotation_page.rounds.count() == 8
    assert any("partner" in line.lower() for line in rot.quality)

    # 4. PDFs: every player's card names the right partner and opponents
    cards_pdf, tally_pdf = tmp_path / "cards.pdf", tmp_path / "tally.pdf"
    assert window.save_pdf("scorecards", str(cards_pdf), "letter")
    assert window.save_pdf("tally-sheets", str(tally_pdf), "a4")
    cards = parse_cards(cards_pdf)
    assert set(cards) == set(roster_names())
    for r in rot.rounds:
        for t in r.tables:
            n, e, s, w = t.names
            expect = {
                n: ("north", s, (e, w)),
                e: ("east", w, (s, n)),
                s: ("south", n, (w, e)),
                w: ("west", e, (n, s)),
            }
            for name, (seat, partner, opponents) in expect.items():
                table, got_seat, got_partner, got_opponents = cards[name][r.number]
                assert (table, got_seat, got_partner) == (t.number, seat, partner), (name, r.number)
                assert set(got_opponents) == set(opponents), (name, r.number)
        for name in r.sit_out:
            assert cards[name][r.number] == "sit"
    chart_pdf = tmp_path / "chart.pdf"
    assert window.save_pdf("rotation-chart", str(chart_pdf))
    chart_text = "\n".join(p.extract_text() for p in PdfReader(chart_pdf).pages)
    assert all(name in chart_text for name in roster_names())
    tally_text = "\n".join(p.extract_text() for p in PdfReader(tally_pdf).pages)
    for t in rot.rounds[0].tables:
        for name in t.names:
            assert name in tally_text

    # 5. score entry for every table of round 1, through the widgets
    window.tabs.setCurrentWidget(window.scores_page)
    page = window.scores_page
    for t in rot.rounds[0].tables:
        page.select(1, t.number)
        assert page.current_table() == t.number
        for number, (makers, tricks, alone) in enumerate(HANDS, start=1):
            if t.number == 2 and number == 3:  # one impossible hand, refused
                type_hand(qtbot, page, "NS", 6, False)
                assert "cannot take 6 tricks" in page.message.text()
                assert len(page.table_view.hands) == 2
            assert page.hand_number.value() == number
            type_hand(qtbot, page, makers, tricks, alone)
            assert "saved" in page.message.text().lower() or "complete" in page.message.text().lower(), page.message.text()
        view = window.ctx.run(__import__("euchre_tourney.tournament", fromlist=["x"]).table_score, window.ctx.event_id, 1, t.number)
        assert (view.ns_total, view.ew_total, len(view.hands)) == (EXPECTED_NS, EXPECTED_EW, 8)

    # 6. standings shown equal the sums
    expected = {name: 0 for name in roster_names()}
    for t in rot.rounds[0].tables:
        n, e, s, w = t.names
        expected[n] = expected[s] = EXPECTED_NS
        expected[e] = expected[w] = EXPECTED_EW
    window.tabs.setCurrentWidget(window.standings_page)
    assert standings_on_screen(window) == expected
    top = window.standings_page.model.rows[0]
    assert top.points == EXPECTED_NS and top.loners == 1 and top.rounds_won == 1

    # undo the last hand, then redo it: standings follow
    last_ns_table = rot.rounds[0].tables[-1]
    window.undo_action.trigger()
    after_undo = standings_on_screen(window)
    # hand 8 undone: that table has 7 of 8 hands, so it no longer counts (issue 14: honest standings)
    assert after_undo[last_ns_table.names[0]] == 0
    tables = len(rot.rounds[0].tables)
    assert f"round 1: {tables - 1} of {tables} tables in" in window.standings_page.summary.text()
    window.redo_action.trigger()
    assert standings_on_screen(window) == expected

    # 7. close and reopen on the same file: everything is where it was
    event_id = window.ctx.event_id
    window.close()
    db.dispose()
    db2 = open_database(db_path)
    window2 = MainWindow(db2)
    qtbot.addWidget(window2)
    assert window2.ctx.event_id == event_id
    assert window2.tabs.currentWidget() is window2.standings_page  # where the director left it
    assert standings_on_screen(window2) == expected
    window2.tabs.setCurrentWidget(window2.rotation_page)
    assert window2.rotation_page.view.rounds == rot.rounds
    window2.tabs.setCurrentWidget(window2.scores_page)
    window2.scores_page.select(1, 2)
    assert len(window2.scores_page.table_view.hands) == 8
    assert window2.scores_page.table_view.ns_total == EXPECTED_NS
    window2.close()
    db2.dispose()
