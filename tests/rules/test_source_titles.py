"""Issue 29 item 7: the rule texts are named by their titles (a player reads
"“Columbus book of Euchre”", not "source 001")."""

from __future__ import annotations

import os

import pytest

from euchre_tourney.rules import PRESET_SOURCES, SOURCE_TITLES, source_titles, tables

from tests.rules.test_rules_presets import RULES_DIR


def test_every_source_cited_by_a_preset_has_a_title():
    cited = {n.strip() for sources in (*PRESET_SOURCES.values(), *tables.TABLE_SOURCES.values()) for n in sources.split(",")}
    assert cited <= set(SOURCE_TITLES)


def test_titles_read_as_words():
    assert source_titles("001") == "“Columbus book of Euchre”"
    assert source_titles("000, 003") == "“How to Play Euchre” and “Play Euchre”"
    assert source_titles("000, 001, 003") == "“How to Play Euchre”, “Columbus book of Euchre” and “Play Euchre”"


def test_each_title_is_its_texts_heading():
    """The title is a line near the top of the text (002 has none: it is named by its goal, line 3)."""
    files = {p.name[:3]: p.read_text(encoding="utf-8").splitlines() for p in RULES_DIR.glob("00?_*.txt")}
    if not files:
        if os.environ.get("CI"):
            pytest.fail(f"the rule texts are missing: expected them in {RULES_DIR}")
        pytest.skip(f"the rule texts are not in {RULES_DIR} (../shared/rules beside the repository)")
    for number, title in SOURCE_TITLES.items():
        head = [line.strip() for line in files[number][:25]]
        if number == "002":
            assert "11 points" in files[number][2]
        else:
            assert title in head, (number, title)
