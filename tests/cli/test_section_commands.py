"""The command line on a night split into sections: one section's standings
and printouts (``--section B``), a section the night does not have refused
in one line."""

from __future__ import annotations

import io
import json

from pypdf import PdfReader

from euchre_tourney import cli
from euchre_tourney.store import open_database

from tests.split_nights import finish, split_night


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = cli.main(list(argv), stdout=out)
    return code, out.getvalue()


def test_a_sections_standings_and_sheets_from_the_command_line(db_path, tmp_path, capsys):
    db = open_database(db_path)
    with db.session() as s:
        event_id = split_night(s, 24, 12)
        finish(s, event_id, 1, (101, 102, 103))
    db.dispose()
    code, text = run("--database", str(db_path), "standings", "Rotary night", "--format", "json")
    data = json.loads(text)
    assert code == 0 and [x["rounds_finished"] for x in data["sections"]] == [0, 1]
    assert {r["section"] for r in data["standings"]} == {"A", "B"} and len(data["standings"]) == 24
    code, text = run("--database", str(db_path), "standings", str(event_id), "--section", "B", "--format", "json")
    data = json.loads(text)
    assert code == 0 and data["section"] == "B" and len(data["standings"]) == 12
    out = tmp_path / "tally.pdf"
    code, _ = run("--database", str(db_path), "tally-sheets", str(event_id), "--out", str(out), "--section", "A")
    text = "\n".join(p.extract_text() for p in PdfReader(out).pages)
    assert code == 0 and "Table A-1" in text and "Table B-" not in text
    code, _ = run("--database", str(db_path), "standings", str(event_id), "--section", "Q")
    err = capsys.readouterr().err
    assert code == 2 and "There is no section 'Q' (sections: A, B)." in err
