"""A change that was committed is never reported as "Nothing was saved".

Found on the first bundle: the collation table of ``pyuca`` was missing, so
redrawing the roster after *Add player* failed with an ``OSError`` that the
error translation turned into "The database reported a problem … Nothing was
saved." although the player had been saved (and Edit ▸ Undo offered to take
it back)."""

from __future__ import annotations

import pytest

from euchre_tourney import tournament as T
from euchre_tourney.gui.main_window import MainWindow
from euchre_tourney.tournament import identity

pytestmark = pytest.mark.usefixtures("gui_env")


@pytest.fixture
def window(qtbot, db):
    w = MainWindow(db)
    qtbot.addWidget(w)
    w.show()
    w.tabs.setCurrentWidget(w.roster_page)
    return w


def _collation_table_missing(monkeypatch):
    def missing():
        raise FileNotFoundError(2, "No such file or directory", "/bundle/_internal/pyuca/allkeys-9.0.0.txt")

    identity._collator.cache_clear()
    identity.collation_key.cache_clear()  # a name collated by an earlier test in this process needs no table
    monkeypatch.setattr(identity, "_collator", missing)


def test_a_player_saved_before_the_redraw_failed_is_said_to_be_saved(window, monkeypatch, gui_env):
    _collation_table_missing(monkeypatch)
    window.roster_page.add_player("Ann Avery")
    monkeypatch.undo()  # the table is back: read what was stored
    identity._collator.cache_clear()
    assert [p.name for p in window.ctx.run(T.list_players)] == ["Ann Avery"]
    messages = [message for _title, message in gui_env["errors"]]
    assert messages, "the failure to show the change was not reported at all"
    assert not any("Nothing was saved" in m for m in messages), messages
    assert any("was saved" in m and "Add Ann Avery" in m for m in messages), messages
    assert window.undo_action.isEnabled()  # and it can be taken back


def test_a_change_refused_before_the_commit_still_says_nothing_was_saved(window, gui_env):
    assert window.roster_page.add_player("   ") is None  # an empty name: refused, nothing stored
    assert gui_env["errors"] and gui_env["errors"][0][0] == "Cannot add player"
    assert window.ctx.run(T.list_players) == []
