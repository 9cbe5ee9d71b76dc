"""The window comes up before the database layer is imported, and fills in
from a database opened in a background thread (no timing: signals only)."""

from __future__ import annotations

import re
import subprocess
import sys
import threading

import pytest

from euchre_tourney import tournament as T
from euchre_tourney.gui import app as gui_app
from euchre_tourney.gui.main_window import MainWindow

HEAVY = ("sqlalchemy", "sqlmodel", "pydantic", "alembic", "reportlab", "euchre_tourney.rules",
         "euchre_tourney.store", "euchre_tourney.tournament")


def test_the_modules_that_show_the_first_window_import_no_database_pdf_or_rules():
    code = (
        "import sys\n"
        "import euchre_tourney.__main__, euchre_tourney.cli, euchre_tourney.gui.app, euchre_tourney.gui.main_window\n"
        "from euchre_tourney import cli\n"
        "cli.build_parser().parse_args([])\n"
        f"heavy = {HEAVY!r}\n"
        "print(sorted(m for m in sys.modules if any(m == h or m.startswith(h + '.') for h in heavy)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]", out


class _SlowOpen:
    """open_database held until the test lets it go (a slow disk or server)."""

    def __init__(self, monkeypatch):
        self.release = threading.Event()
        self.started = threading.Event()
        real = T.open_database

        def slow(database=None, **kwargs):
            self.started.set()
            assert self.release.wait(60), "the test never released the open"
            return real(database, **kwargs)

        monkeypatch.setattr(T, "open_database", slow)


@pytest.mark.usefixtures("gui_env")
def test_the_window_is_up_while_the_file_opens_and_fills_in_when_it_is_ready(qtbot, tmp_path, monkeypatch):
    path = tmp_path / "club.sqlite"
    db = T.open_database(path)
    with db.session() as s:
        T.add_player(s, "Ann Avery")
    db.dispose()
    slow = _SlowOpen(monkeypatch)
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    window.open_in_background(str(path))
    assert window.statusBar().currentMessage() == f"Opening {path}…"
    assert window.isVisible() and window.db is None
    qtbot.waitUntil(slow.started.is_set, timeout=60000)  # the open runs in its thread, the window stays responsive
    qtbot.wait(0)  # no timing: just one turn of the event loop while the open waits
    assert window.db is None and window.isVisible()
    with qtbot.waitSignal(window.opened, timeout=60000):
        slow.release.set()
    assert window.db is not None
    assert window.roster_page.count.text() == "1 player on the roster."
    assert window.statusBar().currentMessage().startswith(f"Opened {path}")
    window.db.dispose()


def test_an_error_found_while_opening_is_shown_in_the_window_already_there(qtbot, tmp_path, gui_env):
    path = tmp_path / "notes.sqlite"
    path.write_bytes(b"not a database at all, just some text" * 50)
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.open_failed, timeout=60000) as failed:
        window.open_in_background(str(path))
    message = failed.args[0]
    assert "not a Euchre Tourney database" in message or "damaged" in message
    assert window.isVisible() and window.db is None
    assert message in window.placeholder.text()
    assert gui_env["errors"] == [("Cannot open the database", message)]


def test_the_status_bar_names_a_server_without_its_password():
    assert gui_app.describe_target("postgresql://club:secret@server/euchre") == "postgresql://club@server/euchre"
    assert gui_app.describe_target("/data/club.sqlite") == "/data/club.sqlite"


def test_the_self_test_adds_a_player_through_the_window_and_says_what_it_showed(tmp_path):
    """The bundle's smoke test runs this (``--self-test``): the real start-up
    path, then *Add player…* through the real dialog, then the phone server
    in its own process."""
    import os

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"))
    env.pop("EUCHRE_TOURNEY_DATABASE", None)
    path = tmp_path / "club.sqlite"
    result = subprocess.run([sys.executable, "-m", "euchre_tourney", "--database", str(path), "--self-test"],
                            capture_output=True, text=True, env=env, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "the status bar says 'Saved.'" in result.stdout and "'1 player on the roster.'" in result.stdout
    assert re.search(r"the phone server \(process \d+\) answered 200", result.stdout), result.stdout
    db = T.open_database(path, read_only=True)
    with db.session() as s:
        assert [p.name for p in T.list_players(s)] == ["Smoke Tester"]
    db.dispose()


@pytest.mark.usefixtures("gui_env")
def test_only_the_page_shown_fills_in_at_start_and_each_other_page_when_first_shown(qtbot, db, monkeypatch):
    from tests.gui.nights import night

    night(db, players=8, rounds=2, hands=2)
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.show()
    window.tabs.setCurrentWidget(window.roster_page)
    assert window.roster_page.count.text() == "8 players on the roster."
    others = [window.tabs.widget(i) for i in range(window.tabs.count()) if window.tabs.widget(i) is not window.roster_page]
    lazy = [p for p in others if p.FILL_WHEN_SHOWN]
    assert lazy and all(p._stale for p in lazy)  # built, not filled: nothing read for them yet
    window.tabs.setCurrentWidget(window.standings_page)  # a click on its tab
    assert not window.standings_page._stale
    assert window.standings_page.model.rowCount() == 8  # really filled: the page shown is never an empty promise
    window.tabs.setCurrentWidget(window.event_page)
    assert not window.event_page._stale and window.event_page.model.rowCount() == 8


def test_pyside_learns_which_modules_use_it_from_their_bytes_with_the_same_answers(tmp_path):
    code = (
        "import sys, importlib\n"
        "import PySide6.QtCore\n"
        "from euchre_tourney.gui import settings\n"
        "feature = sys.modules['shibokensupport.feature']\n"
        "before = feature._mod_uses_pyside\n"
        "assert settings.cheaper_feature_scan() and settings.cheaper_feature_scan()\n"
        "after = feature._mod_uses_pyside\n"
        "assert after is not before and after.reads_bytes\n"
        "names = ['euchre_tourney.gui.widgets', 'euchre_tourney.gui.models', 'json', 'euchre_tourney.rules', 'sys', 'csv']\n"
        "mods = [importlib.import_module(n) for n in names]\n"
        "print([(before(m), after(m)) for m in mods])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    answers = eval(out)  # noqa: S307 - our own subprocess's list of pairs
    assert all(a == b for a, b in answers), answers
    assert answers[0] == (True, True) and answers[2] == (False, False)
