"""Shared fixtures: offscreen Qt, a fresh database and settings per test,
modal dialogs silenced (novelWriter / Vorta style)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

from euchre_tourney.store import Database, open_database


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "club.sqlite"


@pytest.fixture
def db(db_path) -> Database:
    database = open_database(db_path)
    yield database
    database.dispose()


@pytest.fixture
def session(db):
    with db.session() as s:
        yield s


@pytest.fixture
def gui_env(qapp, tmp_path, monkeypatch):
    """Qt app names set, QSettings in a temp folder, dialogs recorded not shown."""
    from PySide6.QtCore import QSettings

    from euchre_tourney.gui import context
    from euchre_tourney.gui.app import make_application

    make_application()
    QSettings.setDefaultFormat(QSettings.IniFormat)
    QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, str(tmp_path / "settings"))
    from euchre_tourney.gui import errors

    shown: dict[str, list] = {"errors": [], "questions": [], "info": [], "unexpected": []}
    monkeypatch.setattr(errors, "show_unexpected", lambda _p, title, exc: shown["unexpected"].append((title, exc)))
    monkeypatch.setattr(context, "show_error", lambda _p, title, msg: shown["errors"].append((title, msg)))
    monkeypatch.setattr(context, "ask", lambda _p, title, q: shown["questions"].append((title, q)) or True)
    monkeypatch.setattr(context, "inform", lambda _p, title, msg: shown["info"].append((title, msg)))
    return shown
