"""A night split into sections prints per section (issue 30 item 1): the
section's scorecards, tally sheets ("Table B-1") and wall chart only, and
the overall standings sheet lists each section's prizes after the room's."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from euchre_tourney import tournament as T
from euchre_tourney.reports import report
from tests.split_nights import finish, split_night as night


@pytest.fixture
def split_night(session):
    event_id = night(session, 24, 12)
    finish(session, event_id, 1, (101, 102, 103), tricks=lambda t: 5 if t == 101 else 3)
    return event_id


def _text(path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def test_a_sections_printouts_hold_that_section_alone(session, split_night, tmp_path):
    for name in ("scorecards", "tally-sheets", "rotation-chart", "standings-sheet"):
        out = tmp_path / f"{name}.pdf"
        report(name).write(T.report_data(session, split_night, name, "B"), out)
        text = _text(out)
        assert "A-1" not in text, name
        if name == "tally-sheets":
            assert text.count("Table B-") == 3 * 3 and "Table B-1" in text
        if name == "rotation-chart":
            assert "Rotary night – section B – rotation" in text and "B-3" in text
        if name == "scorecards":
            assert text.count("Rotary night – section B") == 12
        if name == "standings-sheet":
            assert "Section B: after round 1" in text
    with pytest.raises(T.TournamentError, match="without a section"):
        T.report_data(session, split_night, "phone-howto", "B")


def test_the_overall_sheet_lists_each_sections_prizes(session, split_night, tmp_path):
    out = tmp_path / "standings.pdf"
    report("standings-sheet").write(T.report_data(session, split_night, "standings-sheet"), out)
    text = _text(out)
    assert "Section A: round 1: 0 of 3 tables in; section B: after round 1" in text
    assert "Section A: High score" in text and "Section B: High score" in text
