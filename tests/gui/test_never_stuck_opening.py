"""Issue 29 item 5: never stuck at "Opening …". Whatever a club file holds,
the window opens on it through the app's own path (the file opened in the
background), says in a sentence what cannot be read -- on the page that
cannot draw it and in the status bar's list of what the check found --, and
every page of every event and season can be shown. Closing the window
after a refused file or while a file opens raises nothing.

The hostile files are those of ``tests/cli/club_files.py`` (the same the
``check`` command's tests use)."""

from __future__ import annotations

import logging
import threading
from pathlib import Path

import pytest
from PySide6.QtWidgets import QPushButton

from euchre_tourney import tournament as T
from euchre_tourney.gui import errors, unreadable
from euchre_tourney.gui.main_window import MainWindow
from tests.cli.club_files import HOSTILE_CLUBS, club_template, hostile_club

SHOTS = Path("/tmp/shots/opening")


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    return club_template(tmp_path_factory.mktemp("club"))


def open_window(qtbot, path: Path) -> MainWindow:
    """The window as the app makes it: empty, then the file opened in the
    background; returns once the pages are filled in and the file checked."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignals([window.opened, window.checked], timeout=120000, order="strict"):
        window.open_in_background(str(path))
    return window


def said(window: MainWindow) -> list[str]:
    """Every sentence the window shows about what it cannot read: the status
    bar's list of problems and the pages' covers."""
    out = [p.sentence for p in getattr(window, "problems", [])]
    for i in range(window.tabs.count()):
        cover = unreadable.cover_of(window.tabs.widget(i))
        if cover is not None:
            out.append(cover.text())
    return out


def show_every_page(window: MainWindow) -> tuple[int, list[str]]:
    """Show each page of each event (and each season on the Season page):
    how many were drawn, and the sentences of those that could not be."""
    drawn, covers = 0, []
    for e in range(window.events.count()):
        window.events.setCurrentIndex(e)
        for t in range(window.tabs.count()):
            window.tabs.setCurrentIndex(t)
            page = window.tabs.widget(t)
            seasons = max(1, page.seasons.count()) if page is window.season_page else 1
            for s in range(seasons):
                if page is window.season_page and seasons > 1:
                    page.seasons.setCurrentIndex(s)
                cover = unreadable.cover_of(page)
                if cover is None:
                    drawn += 1
                else:
                    covers.append(cover.text())
    return drawn, covers


def is_sentence(text: str) -> bool:
    return bool(text.strip()) and text.strip()[0].isupper() and text.strip().endswith((".", "!"))


@pytest.mark.parametrize("kind", list(HOSTILE_CLUBS))
def test_the_window_opens_on_a_club_file_with(kind, qtbot, gui_env, template, tmp_path):
    path, _club = hostile_club(tmp_path, kind, template)
    hostile = HOSTILE_CLUBS[kind]
    with qtbot.capture_exceptions() as faults:  # a fault of the app's goes to the bug dialog too: counted below
        window = open_window(qtbot, path)
        # not stuck: the pages are there, the status bar no longer says "Opening …"
        assert window.centralWidget() is window.tabs
        assert not window.statusBar().currentMessage().startswith("Opening")
        drawn, covers = show_every_page(window)
        qtbot.wait(0)  # the bug dialog is called for after the page's turn of the event loop
    if hostile.words:  # impossible data is said on the page: never the bug dialog
        assert faults == []
    else:  # the six-player night: until the pages read tables of six, its seats are a fault of the app's
        assert all(isinstance(f[1], ValueError) and "is not a seat" in str(f[1]) for f in faults), faults
    assert window.events.count() >= 3 and drawn + len(covers) >= window.events.count() * window.tabs.count()
    assert all(is_sentence(c) for c in covers), covers
    sentences = said(window) + covers
    if hostile.words:  # impossible data: named in a sentence, with the part it is in
        assert any(hostile.where in s and hostile.words in s for s in sentences), sentences
        button = window.findChild(QPushButton, "file_problems")
        assert button is not None and button.isVisible() and "cannot be true" in button.text()
    else:  # a six-player night is no impossible data: drawn, or said (until the pages read tables of six)
        assert drawn > 0 and all(is_sentence(s) for s in sentences)
    assert gui_env["unexpected"] == []
    window.close()
    window.db.dispose()


def test_a_page_that_cannot_be_drawn_says_why_where_it_would_have_been_and_the_log_names_the_row(
    qtbot, gui_env, template, tmp_path
):
    path, club = hostile_club(tmp_path, "NaN hand points", template)
    errors.install(tmp_path / "logs")
    try:
        window = open_window(qtbot, path)
        window.resize(1200, 780)
        window.events.setCurrentIndex(window.events.findData(club.progressive))
        window.tabs.setCurrentWidget(window.standings_page)
        cover = unreadable.cover_of(window.standings_page)
        assert cover is not None and cover.isVisible() and cover.geometry() == window.standings_page.rect()
        text = cover.text()
        assert "The Standings page cannot be shown for the event “Progressive night" in text
        assert "hand 1 at table 1 in round 1 (hand row" in text and "its points “NaN” are not a number" in text
        assert "euchre-tourney check" in text and str(path) in text
        SHOTS.mkdir(parents=True, exist_ok=True)
        window.grab().save(str(SHOTS / "standings_page_with_nan_points.png"))
        # the rest works: another event's standings are drawn
        window.events.setCurrentIndex(window.events.findData(club.bid))
        assert unreadable.cover_of(window.standings_page) is None
        assert window.standings_page.model.rowCount() == 8
        log = (tmp_path / "logs" / errors.LOG_FILE).read_text(encoding="utf-8")
        assert "The Standings page cannot be shown for the event “Progressive night" in log
        assert "hand row" in log and "Traceback" in log
        window.close()
        window.db.dispose()
    finally:
        errors.uninstall()
        logging.getLogger("euchre_tourney").setLevel(logging.WARNING)


def test_the_problems_button_lists_every_problem(qtbot, gui_env, template, tmp_path):
    path, _club = hostile_club(tmp_path, "a season that ends before it starts", template)
    window = open_window(qtbot, path)
    button = window.findChild(QPushButton, "file_problems")
    assert button.text() == "This file holds 1 value that cannot be true…"
    dialog = unreadable.problems_dialog(window, window.problems)
    qtbot.addWidget(dialog)
    assert dialog.listing.toPlainText() == "Season “Autumn” (id 1): It ends (2026-01-01) before it starts (2026-10-06)."
    window.close()
    window.db.dispose()


def test_a_sound_file_says_nothing_is_wrong(qtbot, gui_env, template, tmp_path):
    import shutil

    path = tmp_path / "club.sqlite"
    shutil.copyfile(template, path)
    window = open_window(qtbot, path)
    assert window.problems == [] and window.findChild(QPushButton, "file_problems") is None
    drawn, covers = show_every_page(window)
    assert covers == [] and drawn >= window.events.count() * window.tabs.count()
    window.close()
    window.db.dispose()


# ---------------------------------------------------------------- closing


def test_closing_the_window_after_a_refused_file_raises_nothing(qtbot, gui_env, tmp_path):
    path = tmp_path / "notes.sqlite"
    path.write_bytes(b"not a database at all" * 100)
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.open_failed, timeout=60000):
        window.open_in_background(str(path))
    assert window.close() is True  # closeEvent ran to its end (no AttributeError: _phone_server)
    assert gui_env["unexpected"] == [] and window.closed


def test_closing_the_window_while_the_file_still_opens_raises_nothing_and_closes_the_file(
    qtbot, gui_env, tmp_path, monkeypatch
):
    path = tmp_path / "club.sqlite"
    T.open_database(path).dispose()
    release, started = threading.Event(), threading.Event()
    opened: list = []
    real = T.open_database

    def slow(database=None, **kwargs):
        started.set()
        assert release.wait(60), "the test never released the open"
        db = real(database, **kwargs)
        opened.append(db)
        return db

    monkeypatch.setattr(T, "open_database", slow)
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    disposed: list = []
    real_dispose = T.Database.dispose
    monkeypatch.setattr(T.Database, "dispose", lambda self: disposed.append(self) or real_dispose(self))
    window.open_in_background(str(path))
    qtbot.waitUntil(started.is_set, timeout=60000)
    assert window.close() is True  # while the file opens
    with qtbot.waitSignal(window._opener.done, timeout=60000):
        release.set()
    qtbot.waitUntil(lambda: disposed == opened, timeout=60000)  # the file opened after the close is closed again
    assert window.db is None and not hasattr(window, "tabs")  # and not shown in the closed window
    assert gui_env["unexpected"] == [] and gui_env["errors"] == []


@pytest.mark.parametrize("kind", ["NaN hand points", "rules JSON that is not JSON", "a lone seat that does not exist"])
def test_printing_an_event_with_impossible_data_says_why_in_a_sentence(kind, qtbot, gui_env, template, tmp_path):
    from euchre_tourney.reports import REPORTS

    path, club = hostile_club(tmp_path, kind, template)
    window = open_window(qtbot, path)
    window.events.setCurrentIndex(window.events.findData(club.progressive))
    refused = 0
    for rep in REPORTS:
        out = tmp_path / f"{rep.name}.pdf"
        if window.save_pdf(rep.name, str(out)):
            assert out.read_bytes().startswith(b"%PDF")
            continue
        refused += 1
        assert not out.exists()
        title, message = gui_env["errors"][-1]
        assert "cannot be true" in message and HOSTILE_CLUBS[kind].words in message and message.endswith("Nothing was written.")
    assert refused >= 1 and gui_env["unexpected"] == []
    window.close()
    window.db.dispose()


def test_a_page_stopped_by_another_events_row_names_that_row(qtbot, gui_env, template, tmp_path):
    """The Teams page lists the other events (a bracket may be seeded by one):
    an event whose date is no date stops it on a sound event too, and the
    sentence names the other event's row."""
    path, club = hostile_club(tmp_path, "an event whose date is no date", template)
    window = open_window(qtbot, path)
    assert window.events.itemText(window.events.findData(club.team)) == "Team night (date next Tuesday)"
    window.events.setCurrentIndex(window.events.findData(club.knockout))
    window.tabs.setCurrentWidget(window.teams_page)
    cover = unreadable.cover_of(window.teams_page)
    assert cover is not None
    assert "(elsewhere, but this page reads it too)" in cover.text()
    assert "Event “Team night” (id 3): Its date “next Tuesday” is not a date." in cover.text()
    window.tabs.setCurrentWidget(window.standings_page)  # the knockout's own pages draw
    assert unreadable.cover_of(window.standings_page) is None
    window.close()
    window.db.dispose()


def test_a_window_that_cannot_build_a_page_still_opens_and_says_why(qtbot, gui_env, tmp_path, monkeypatch):
    """Not a page's drawing but its making fails (a fault of the app's): the
    window does not stay at "Opening …"; it says so and closes cleanly."""
    from euchre_tourney.gui import teams_page

    def broken(self, *_a, **_k):
        raise RuntimeError("the Teams page could not be made")

    monkeypatch.setattr(teams_page.TeamsPage, "__init__", broken)
    path = tmp_path / "club.sqlite"
    T.open_database(path).dispose()
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.opened, timeout=120000):
        window.open_in_background(str(path))
    assert window.statusBar().currentMessage() == "Part of the file could not be shown."
    assert "its pages could not be shown" in window.placeholder.text()
    title, message = gui_env["errors"][-1]
    assert title == "Part of the file cannot be shown" and "RuntimeError: the Teams page could not be made" in message
    assert window.close() is True and gui_env["unexpected"] == []
    window.db.dispose()


def test_what_else_cannot_read_an_event_says_so_in_the_status_bar(qtbot, gui_env, template, tmp_path, caplog):
    """The round timer (shown on every page) reads the event when it is
    picked: its failure is said in the status bar and logged with the row,
    not shown as a bug."""
    path, club = hostile_club(tmp_path, "a round timer that ends at no time", template)
    window = open_window(qtbot, path)
    window.events.setCurrentIndex(window.events.findData(club.bid))
    with caplog.at_level(logging.ERROR, logger="euchre_tourney"):
        window.events.setCurrentIndex(window.events.findData(club.progressive))
    message = window.statusBar().currentMessage()
    assert message.startswith("Part of this event cannot be read. Event “Progressive night” (id 1): Its round timer ends at “soon”")
    assert any("Part of the event Progressive night" in r.getMessage() and "round timer" in r.getMessage()
               for r in caplog.records)
    assert gui_env["unexpected"] == []
    window.close()
    window.db.dispose()


def test_a_file_refused_after_the_window_was_closed_shows_no_box(qtbot, gui_env, tmp_path, monkeypatch):
    path = tmp_path / "notes.sqlite"
    path.write_bytes(b"not a database at all" * 100)
    release, started = threading.Event(), threading.Event()
    real = T.open_database

    def slow(database=None, **kwargs):
        started.set()
        assert release.wait(60), "the test never released the open"
        return real(database, **kwargs)

    monkeypatch.setattr(T, "open_database", slow)
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    window.open_in_background(str(path))
    qtbot.waitUntil(started.is_set, timeout=60000)
    assert window.close() is True
    with qtbot.waitSignal(window.open_failed, timeout=60000):
        release.set()
    assert gui_env["errors"] == [] and gui_env["unexpected"] == []


def test_a_fault_while_opening_the_file_is_said_not_stuck(qtbot, gui_env, tmp_path, monkeypatch):
    from euchre_tourney.gui import opening

    def broken(_database):
        raise RuntimeError("a module is missing from the bundle")

    monkeypatch.setattr(opening, "open_or_explain", broken)
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.open_failed, timeout=60000) as failed:
        window.open_in_background(str(tmp_path / "club.sqlite"))
    assert failed.args[0] == ("Euchre Tourney could not open its window on the file (RuntimeError: a module is "
                              "missing from the bundle). Nothing was changed; please report it.")
    assert failed.args[0] in window.placeholder.text() and window.db is None
    assert not (tmp_path / "club.sqlite").exists()
    assert window.close() is True
