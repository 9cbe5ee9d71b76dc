"""Tried as a new user would (issue 29): one club file with a night of each
kind (:mod:`every_kind`), opened in the real main window; the director moves
from night to night with the event picker and reads each page. Each test
is a defect that walk found, driven through the real widgets.

* Moving from a four-seat night to a six-player night on the Rotation page
  crashed the app (the tables model changed its columns outside a reset).
* A bracket night's Scores page kept the previous night's table, game and
  hands (greyed) and said "Generate the rotation first"; its Rotation page
  spoke of rounds and the director's requests.
* A bracket night's Event page showed rounds and hands per round and "Round
  robin"; a six-player night's counted tables of four and showed the
  four-seat scoring; a bid night's too.
* A bracket night's Standings page showed every team 0–0–0 under round-robin
  columns, and so did its standings PDF.
* A bracket night's printouts that do not apply said "Make the rounds first";
  the phone how-to printed a four-seat page for nights whose tables do not
  enter from phones (bracket, six-player, bid euchre)."""

from __future__ import annotations


import pytest
from PySide6.QtCore import QCoreApplication, Qt, QThreadPool

from euchre_tourney.store import open_database

from tests.gui import every_kind


@pytest.fixture(scope="module")
def club_file(tmp_path_factory, sqlite_template):
    return every_kind.club_file(tmp_path_factory.mktemp("walk"), sqlite_template)


@pytest.fixture
def window(qtbot, gui_env, club_file):
    from euchre_tourney.gui.main_window import MainWindow

    path, info = club_file
    db = open_database(path, station="walk")
    w = MainWindow(db)
    w.poll_timer.stop()
    qtbot.addWidget(w)
    w.show()
    w.info = info
    yield w
    w.close()
    _settle()
    db.dispose()


def _settle() -> None:
    for _ in range(3):
        QThreadPool.globalInstance().waitForDone()
        QCoreApplication.processEvents()


def _night(w, kind: str, page) -> None:
    """Pick the night of ``kind`` in the event picker and show ``page``."""
    w.events.setCurrentIndex(w.events.findData(w.info["events"][kind]))
    w.tabs.setCurrentWidget(page)
    page.refresh_if_stale()
    _settle()
    w.grab()


def test_a_six_player_nights_rotation_after_a_four_seat_nights(window):
    w = window
    _night(w, "progressive", w.rotation_page)
    assert w.rotation_page.model.columnCount() == 5
    _night(w, "six_player", w.rotation_page)  # crashed here (a segmentation fault)
    model = w.rotation_page.model
    assert model.columnCount() == 7 and model.headerData(1, Qt.Horizontal) == "Seat 1 (1, 3, 5)"
    assert all(len(t.names) == 6 for t in model.rows)
    _night(w, "bid_four", w.rotation_page)
    assert w.rotation_page.model.columnCount() == 5


def test_a_bracket_nights_scores_page_keeps_nothing_of_the_night_before(window):
    w = window
    page = w.scores_page
    _night(w, "bid_four", page)
    assert page.side_game is not None and page.bidder.isVisible()  # issue 33: the page's own entry row (was side_box)
    _night(w, "single_elimination", page)
    assert "elimination bracket" in page.hint.text() and "Bracket tab" in page.hint.text()
    assert "Generate the rotation" not in page.hint.text()
    assert not page.bidder.isVisible() and page.heading.text() == "" and page.totals.text() == ""
    assert page.tables.count() == 0 and page.model.rowCount() == 0


def test_a_bracket_nights_rotation_page_points_to_the_bracket(window):
    w = window
    _night(w, "double_elimination", w.rotation_page)
    assert "elimination bracket" in w.rotation_page.status.text()
    assert not w.rotation_page.requests.isVisible()
    _night(w, "progressive", w.rotation_page)
    assert w.rotation_page.requests.isVisible()


def test_a_bracket_nights_event_page_describes_its_bracket(window):
    w = window
    page = w.event_page
    _night(w, "single_elimination", page)
    form = page.form
    what = page.team_info.text()
    assert what.startswith("Team event played as a single-elimination bracket of 5 teams: 5 matches in 3 rounds")
    assert "Round robin" not in what and "hands" not in what
    assert not form.layout_form.isRowVisible(form.rounds) and not form.layout_form.isRowVisible(form.hands)
    for field in (form.sit_out, form.entry_mode):  # disabled, with the reason
        assert not field.isEnabled() and field.toolTip().endswith(".")
    _night(w, "team_swiss", page)  # a night of rounds, each a game to the target: no hands per round
    assert form.layout_form.isRowVisible(form.rounds) and not form.hands.isEnabled()
    assert "game to 10" in form.hands.toolTip()
    assert page.team_info.text().startswith("Team event. Swiss")


def test_a_six_player_nights_event_page_counts_tables_of_six(window):
    w = window
    page = w.event_page
    _night(w, "six_player", page)
    assert page.count.text().startswith("13 players checked in: 2 tables of six, 1 sitting out each round.")
    assert "re-planned." not in page.count.text()  # a night at tables of six cannot be re-planned
    form = page.form
    assert form.layout_form.isRowVisible(form.game_line) and "Six player" in form.game_line.text()
    assert "alone march 6" in form.game_line.text()
    assert not form.layout_form.isRowVisible(form.preset) and not form.layout_form.isRowVisible(form.scoring)
    _night(w, "bid_four", page)
    assert page.count.text().startswith("8 players checked in: 2 tables.")
    assert "Bid euchre" in form.game_line.text() and "they lose the bid" in form.game_line.text()
    _night(w, "progressive", page)  # the four-seat night: its rules and scoring again, no game line
    assert form.layout_form.isRowVisible(form.preset) and not form.layout_form.isRowVisible(form.game_line)
    assert form.scoring.text().startswith("Scoring: makers")


def test_a_bracket_nights_standings_page_shows_the_bracket(window):
    w = window
    page = w.standings_page
    _night(w, "single_elimination", page)
    model = page.table.model()
    titles = [model.headerData(c, Qt.Horizontal) for c in range(model.columnCount())]
    assert "Result" in titles and "W–L–T" not in titles and "Byes" not in titles
    assert titles[-3:] == ["R1", "R2", "R3"]  # the bracket's rounds, not the event's eight
    texts = {model.rows[r].number: model.display_texts()[r] for r in range(model.rowCount())}
    assert texts[5][titles.index("Result")] == "Out in Quarter-final"
    assert texts[1][titles.index("Result")] == "Still in" and texts[1][0] == ""
    assert "0–0–0" not in str(texts)
    assert "Single elimination bracket of 5 teams" in page.summary.text()
    assert "Bracket tab" in page.rules_text.text() and "bye" not in page.rules_text.text().lower()
    _night(w, "team_round_robin", page)  # a night of rounds: its round-robin columns again
    model = page.table.model()
    assert "W–L–T" in [model.headerData(c, Qt.Horizontal) for c in range(model.columnCount())]


def test_a_bracket_nights_standings_pdf(window, tmp_path):
    from pypdf import PdfReader

    w = window
    _night(w, "double_elimination", w.standings_page)
    out = tmp_path / "standings.pdf"
    assert w.save_pdf("standings-sheet", str(out))
    text = PdfReader(out).pages[0].extract_text()
    assert "Double elimination bracket of 5 teams" in text and "Still in (one loss)" in text
    assert "W–L–T" not in text and "0–0–0" not in text


@pytest.mark.parametrize("kind, name", [
    ("single_elimination", "scorecards"), ("single_elimination", "tally-sheets"),
    ("double_elimination", "rotation-chart"), ("double_elimination", "phone-howto"),
])
def test_printouts_that_do_not_apply_say_why(window, gui_env, tmp_path, kind, name):
    w = window
    _night(w, kind, w.event_page)
    out = tmp_path / "out.pdf"
    assert not w.save_pdf(name, str(out))
    assert not out.exists()
    (title, said), = gui_env["errors"]
    assert title == "Nothing to print" and said.endswith(".")
    assert "Make the rounds" not in said
    if name == "phone-howto":
        assert "tally" not in said and "no phone page to print" in said
    else:
        assert "bracket" in said and "Bracket PDF" in said


@pytest.mark.parametrize("kind, words", [
    ("six_player", ("six players by seat", "Seats 1, 3, 5 or Seats 2, 4, 6", "which seat went alone")),
    ("bid_four", ("four players by seat", "North–South or East–West", "the high bidder's seat, the bid (2 to 5)")),
])
def test_a_side_nights_phone_page_prints_in_its_games_words(window, gui_env, tmp_path, kind, words):
    """Issue 33: the phones enter a six-player or bid night's hands, so the
    window prints its "how to enter your table's hands" page, in its game's words."""
    from pypdf import PdfReader

    w = window
    _night(w, kind, w.event_page)
    out = tmp_path / "howto.pdf"
    assert w.save_pdf("phone-howto", str(out)) and gui_env["errors"] == []
    text = " ".join(PdfReader(out).pages[0].extract_text().split())
    assert "Tonight's game: " in text and all(word in text for word in words), text
    assert "defender" not in text
