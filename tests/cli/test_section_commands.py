"""The command line on a night split into sections: one section's standings
and printouts (``--section B``), a section the night does not have refused
in one line."""

from __future__ import annotations

import datetime
import io
import json

from pypdf import PdfReader

from euchre_tourney import cli
from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Side
from euchre_tourney.store import open_database


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = cli.main(list(argv), stdout=out)
    return code, out.getvalue()


def test_a_sections_standings_and_sheets_from_the_command_line(db_path, tmp_path, capsys):
    db = open_database(db_path)
    with db.session() as s:
        ids = [T.add_player(s, f"Player {i:02d}").id for i in range(24)]
        ev = T.create_event(s, "Rotary night", datetime.date(2026, 12, 5), rounds=3, hands_per_round=2)
        T.set_checked_in(s, ev.id, ids)
        T.split_by_size(s, ev.id, 12)
        T.generate_rotation(s, ev.id, seed=2)
        for t in (101, 102, 103):
            for h in (1, 2):
                T.record_hand(s, ev.id, 1, t, h, HandEntry(Side.NS, 3))
    db.dispose()
    code, text = run("--database", str(db_path), "standings", "Rotary night", "--format", "json")
    data = json.loads(text)
    assert code == 0 and [x["rounds_finished"] for x in data["sections"]] == [0, 1]
    assert {r["section"] for r in data["standings"]} == {"A", "B"} and len(data["standings"]) == 24
    code, text = run("--database", str(db_path), "standings", str(ev.id), "--section", "B", "--format", "json")
    data = json.loads(text)
    assert code == 0 and data["section"] == "B" and len(data["standings"]) == 12
    out = tmp_path / "tally.pdf"
    code, _ = run("--database", str(db_path), "tally-sheets", str(ev.id), "--out", str(out), "--section", "A")
    text = "\n".join(p.extract_text() for p in PdfReader(out).pages)
    assert code == 0 and "Table A-1" in text and "Table B-" not in text
    code, _ = run("--database", str(db_path), "standings", str(ev.id), "--section", "Q")
    err = capsys.readouterr().err
    assert code == 2 and "There is no section 'Q' (sections: A, B)." in err
