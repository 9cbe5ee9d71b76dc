"""The printed standings and prize sheet, through the report registry
(issue 14, item 7)."""

from __future__ import annotations

import datetime
import random

from pypdf import PdfReader

from euchre_tourney import tournament as T
from euchre_tourney.reports import REPORTS
from euchre_tourney.rules import HandEntry, Side


def scored_night(session, players=40, rounds=3, hands=2, seed=3):
    ids = [T.add_player(session, f"Player {i:02d}").id for i in range(players)]
    ev = T.create_event(session, "Prize night", datetime.date(2026, 11, 24), rounds=rounds, hands_per_round=hands)
    T.set_checked_in(session, ev.id, ids)
    rot = T.generate_rotation(session, ev.id, seed=seed)
    T.set_prize_categories(session, ev.id, [("high", None), ("second", None), ("third", None), ("low", None),
                                            ("loners", None), ("closest", 6)])
    rng = random.Random(seed)
    for rnd in rot.rounds[:2]:
        for t in rnd.tables:
            for n in range(1, hands + 1):
                T.record_hand(session, ev.id, rnd.number, t.number, n, HandEntry(rng.choice(list(Side)), rng.choice([1, 3, 5])))
    return ev


def test_the_standings_sheet_prints_the_prizes_and_the_round_status(session, tmp_path):
    ev = scored_night(session)
    report = next(r for r in REPORTS if r.name == "standings-sheet")
    assert report.title == "Standings and prizes"
    out = tmp_path / "standings.pdf"
    report.write(T.report_data(session, ev.id, report.name), out)  # (Report.build, with a live session, moved to tournament)
    text = "\n".join(p.extract_text() for p in PdfReader(out).pages)
    view = T.standings(session, ev.id)
    assert "after round 2 — round 3: 0 of 10 tables in" in text.replace("\n", " ")
    assert "Prizes" in text and "Closest to 6" in text and "Most loners" in text
    high = view.prizes[0]
    assert high.winners and all(w in text for w in high.winners)
    assert sum(len(p.winners) for p in view.prizes) >= 5


def test_every_report_has_its_gatherer_in_tournament_and_no_session_reaches_reports():
    """One registry: the report names the CLI and the File menu offer are
    exactly the names tournament gathers data for; the registry imports no
    module by name and its reports draw only (no ``gather``/``build``)."""
    import ast
    from pathlib import Path

    import euchre_tourney.reports as reports_package

    assert [r.name for r in REPORTS] == list(T.REPORT_DATA)
    for r in REPORTS:
        assert callable(r.writer) and not hasattr(r, "gather") and not hasattr(r, "build")
    folder = Path(reports_package.__file__).parent
    for path in folder.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | {
            a.name for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom)) for a in n.names
        }
        assert "importlib" not in names, path.name
        assert "session" not in {a.arg for n in ast.walk(tree) if isinstance(n, ast.arguments) for a in n.args}, path.name
