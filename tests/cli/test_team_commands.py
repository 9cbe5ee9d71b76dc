"""The command line on team events: standings, the PDF commands, team pairings."""

from __future__ import annotations

import datetime
import io
import json

from pypdf import PdfReader

from euchre_tourney import cli
from euchre_tourney import tournament as T
from euchre_tourney.store import open_database


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = cli.main(list(argv), stdout=out)
    return code, out.getvalue()


def test_team_event_standings_and_pdfs(db_path, tmp_path):
    db = open_database(db_path)
    with db.session() as s:
        e = T.create_event(s, "Pairs night", datetime.date(2026, 11, 24), kind="team", rounds=3,
                           team_format="swiss", round_scoring="game")
        ps = [T.add_player(s, n) for n in ("Anna", "Bob", "Zoë Ångström", "Чжан Вэй", "Eve", "Finn")]
        for i in range(3):
            T.add_team(s, e.id, ps[2 * i].id, ps[2 * i + 1].id, "Aces" if i == 0 else "")
        view = T.make_team_rounds(s, e.id)
        table = view.rounds[0].tables[0]
        T.record_game_score(s, e.id, 1, table.number, 10, 7)
    db.dispose()
    code, text = run("--database", str(db_path), "standings", "Pairs night")
    assert code == 0 and text.startswith("Team standings: Pairs night")
    first = text.splitlines()[3]
    assert table.north_south.name in first and "1-0-0" in first
    code, text = run("--database", str(db_path), "standings", str(e.id), "--format", "json")
    data = json.loads(text)
    assert data["bye_rule"] == "win" and len(data["standings"]) == 3
    assert {r["name"] for r in data["standings"]} == {"Aces", "Zoë Ångström & Чжан Вэй", "Eve & Finn"}
    code, text = run("--database", str(db_path), "standings", str(e.id), "--format", "csv")
    assert text.splitlines()[0].startswith("place,team,name,player_1,player_2,wins")
    for name in ("scorecards", "tally-sheets", "rotation-chart", "standings-sheet"):
        out = tmp_path / f"{name}.pdf"
        code, _ = run("--database", str(db_path), name, str(e.id), "--out", str(out))
        assert code == 0
        text = "\n".join(p.extract_text() for p in PdfReader(out).pages)
        assert "Чжан Вэй" in text and "Aces" in text
    assert "W 10–7 v" in text and "A bye counts as a win" in text  # the printed standings


def test_team_rotation_pairings():
    code, text = run("rotation", "--kind", "teams", "--teams", "5", "--rounds", "3", "--pairing", "swiss")
    data = json.loads(text)
    assert code == 0 and len(data["rounds"]) == 1 and data["rounds"][0]["bye"] == [5]
    assert [(t["north_south"], t["east_west"]) for t in data["rounds"][0]["tables"]] == [(1, 2), (3, 4)]
    code, text = run("rotation", "--kind", "teams", "--teams", "6", "--rounds", "5", "--pairing", "king", "--format", "text")
    assert "Rounds 2–5: paired from the results" in text
    code, text = run("rotation", "--kind", "teams", "--teams", "6", "--rounds", "5")
    assert len(json.loads(text)["rounds"]) == 5
