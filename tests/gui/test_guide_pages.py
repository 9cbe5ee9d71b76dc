"""The user guide names the window's pages as the window has them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from euchre_tourney.gui.main_window import MainWindow

GUIDE = Path(__file__).resolve().parents[2] / "resources" / "help" / "getting-started.html"
WORDS = {5: "five", 6: "six", 7: "seven"}


@pytest.mark.usefixtures("gui_env")
def test_the_guide_counts_the_pages_and_their_shortcuts_as_the_window_has_them(qtbot, db):
    window = MainWindow(db)
    qtbot.addWidget(window)
    count = window.tabs.count()
    text = GUIDE.read_text(encoding="utf-8")
    assert f"The window has {WORDS[count]} pages" in text
    assert f"<b>Alt+1</b> to <b>Alt+{count}</b>" in text
    for i in range(count):
        name = window.tabs.tabText(i).replace("&&", "&amp;")
        assert f"<b>{name}</b>" in text, name
    assert not re.search(r"\b(five|four) pages\b", text)
