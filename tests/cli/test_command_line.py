"""The headless command line: rotation JSON/text, PDFs and standings, usage errors."""

from __future__ import annotations

import datetime
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from euchre_tourney import cli
from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Side
from euchre_tourney.store import open_database


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = cli.main(list(argv), stdout=out)
    return code, out.getvalue()


def test_rotation_json_shape():
    code, text = run("rotation", "--players", "26", "--rounds", "8", "--seed", "3")
    assert code == 0
    data = json.loads(text)
    assert data["kind"] == "progressive" and data["players"] == 26 and len(data["rounds"]) == 8
    for number, rnd in enumerate(data["rounds"], start=1):
        assert rnd["round"] == number
        assert [t["table"] for t in rnd["tables"]] == list(range(1, 7))
        seated = [t[s] for t in rnd["tables"] for s in ("north", "east", "south", "west")] + rnd["sit_out"]
        assert sorted(seated) == list(range(1, 27))
        assert len(rnd["sit_out"]) == 2


def test_rotation_is_deterministic_per_seed():
    assert run("rotation", "--players", "12", "--rounds", "4", "--seed", "5") == run(
        "rotation", "--players", "12", "--rounds", "4", "--seed", "5"
    )


def test_rotation_text_ends_with_quality_report():
    code, text = run("rotation", "--players", "9", "--rounds", "3", "--format", "text")
    assert code == 0
    assert "Round 1" in text
    assert "partner" in text.lower().splitlines()[-1] or "partner" in text.lower()


def test_team_rotation_json():
    code, text = run("rotation", "--kind", "teams", "--teams", "5", "--rounds", "5", "--format", "json")
    assert code == 0
    data = json.loads(text)
    assert data["kind"] == "teams" and len(data["rounds"]) == 5
    for rnd in data["rounds"]:
        teams = [t["north_south"] for t in rnd["tables"]] + [t["east_west"] for t in rnd["tables"]] + rnd["bye"]
        assert sorted(teams) == [1, 2, 3, 4, 5]


@pytest.mark.parametrize(
    "argv",
    [
        ["rotation", "--players", "3", "--rounds", "2"],
        ["rotation", "--players", "x", "--rounds", "2"],
        ["rotation", "--rounds", "2"],
        ["rotation", "--players", "8", "--rounds", "0"],
        ["rotation", "--players", "8", "--rounds", "2", "--format", "xml"],
        ["no-such-command"],
    ],
)
def test_bad_arguments_exit_2_with_one_line(argv, capsys):
    out = io.StringIO()
    assert cli.main(argv, stdout=out) == 2
    err = capsys.readouterr().err
    assert err.startswith("euchre-tourney: error: ") and err.count("\n") == 1
    assert out.getvalue() == ""


@pytest.fixture
def stored_event(tmp_path):
    path = tmp_path / "club.sqlite"
    db = open_database(path)
    with db.session() as s:
        ids = [T.add_player(s, name).id for name in ["Zoë Ångström", "李小龍", "Ann", "Bob", "Cy"]]
        ev = T.create_event(s, "Club night", datetime.date(2026, 11, 20), rounds=2, hands_per_round=2)
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=4)
        T.record_hand(s, ev.id, 1, 1, 1, HandEntry(Side.NS, 5))
        T.finish_table(s, ev.id, 1, 1)  # time called after one hand: the table counts
    db.dispose()
    return path, ev.id


def test_pdfs_from_the_command_line(stored_event, tmp_path):
    path, event_id = stored_event
    out = tmp_path / "cards.pdf"
    code, text = run("--database", str(path), "scorecards", "Club night", "--out", str(out), "--page-size", "a4")
    assert code == 0 and out.exists()
    assert "李小龍" in "".join(p.extract_text() for p in PdfReader(out).pages)
    tally = tmp_path / "tally.pdf"
    assert run("--database", str(path), "tally-sheets", str(event_id), "--out", str(tally))[0] == 0
    assert len(PdfReader(tally).pages) >= 1
    chart = tmp_path / "chart.pdf"
    assert run("--database", str(path), "rotation-chart", str(event_id), "--out", str(chart))[0] == 0
    assert "Zoë Ångström" in "".join(p.extract_text() for p in PdfReader(chart).pages)


def test_unknown_event_and_missing_folder_write_nothing(stored_event, tmp_path, capsys):
    path, _ = stored_event
    out = tmp_path / "x.pdf"
    assert run("--database", str(path), "scorecards", "Nope", "--out", str(out))[0] == 2
    assert "Nope" in capsys.readouterr().err and not out.exists()
    assert run("--database", str(path), "scorecards", "1", "--out", str(tmp_path / "no" / "x.pdf"))[0] == 2
    assert list(tmp_path.glob("*.pdf")) == []
    assert run("--database", str(tmp_path / "missing.sqlite"), "standings", "1")[0] == 2
    assert not (tmp_path / "missing.sqlite").exists()


def test_standings_formats(stored_event):
    path, event_id = stored_event
    code, text = run("--database", str(path), "standings", str(event_id), "--format", "json")
    data = json.loads(text)
    assert code == 0 and sum(r["points"] for r in data["standings"]) == 4
    code, csv_text = run("--database", str(path), "standings", "Club night", "--format", "csv")
    assert csv_text.splitlines()[0].startswith("place,number,name,points")
    assert len(csv_text.splitlines()) == 6
    code, plain = run("--database", str(path), "standings", str(event_id))
    assert "Ties are broken by: total points, then rounds won, then loners made." in plain


def test_python_dash_m_version():
    result = subprocess.run([sys.executable, "-m", "euchre_tourney", "--version"], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.startswith("euchre-tourney ")


def test_standings_text_aligns_wide_names(tmp_path):
    """CJK names take two terminal columns each: the Points column still lines
    up (issue 14, item 8), and Ł sorts beside L among equal scores."""
    from wcwidth import wcswidth

    db = open_database(tmp_path / "wide.db")
    with db.session() as s:
        names = ["王伟", "Łukasz Nowak", "Zed", "Lucy", "山田太郎さん"]
        ids = [T.add_player(s, n).id for n in names]
        ev = T.create_event(s, "Wide", datetime.date(2026, 6, 7), rounds=2, hands_per_round=1)
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=1)
        text = cli.standings_text(T.standings(s, ev.id))
    db.dispose()
    rows = [line for line in text.splitlines()[3:] if line.strip() and not line.startswith("Ties")]
    assert len(rows) == 5
    header = text.splitlines()[2]
    points_end = wcswidth(header[: header.index("Points") + len("Points")])
    for line in rows:  # every row's points figure ends in the header's column
        cut = next(i for i in range(len(line) + 1) if wcswidth(line[:i]) >= points_end)
        assert wcswidth(line[:cut]) == points_end and line[cut - 1].isdigit() and line[cut] == " ", line
    order = [n for line in rows for n in names if n in line]
    assert order.index("Lucy") + 1 == order.index("Łukasz Nowak") and order[-1] != "Łukasz Nowak"


def test_read_only_commands_leave_no_file_beside_the_database(stored_event, tmp_path, monkeypatch):
    """Issue 20: standings and the PDFs read the file without its -wal/-shm
    companions appearing, not even while they run (on a read-only file they
    stay behind: the read-only connection cannot remove them; the test runs
    as any user, so it looks at the folder while the event is read)."""
    path, event_id = stored_event
    seen = []
    real_find = T.find_event

    def find_and_look(session, text):
        found = real_find(session, text)
        seen.append(sorted(p.name for p in folder.iterdir()))
        return found

    monkeypatch.setattr(T, "find_event", find_and_look)
    folder = path.parent / "data"
    folder.mkdir()
    path = Path(shutil.move(path, folder / path.name))
    before = (path.read_bytes(), sorted(p.name for p in folder.iterdir()))
    assert before[1] == ["club.sqlite"]
    assert run("--database", str(path), "standings", str(event_id), "--format", "json")[0] == 0
    assert run("--database", str(path), "scorecards", str(event_id), "--out", str(tmp_path / "c.pdf"))[0] == 0
    assert (path.read_bytes(), sorted(p.name for p in folder.iterdir())) == before
    assert seen == [["club.sqlite"]] * 2
