"""The season walk for the note (issue 25): a 10-night season of 40 members
built from generated events (8 progressive nights and 2 team nights), its
standings, three members' pages, and a 12-team double-elimination bracket
played to its final; screenshots of the Season page, a player page and the
bracket, and the PDFs.

    QT_QPA_PLATFORM=offscreen python tests/benchmarks/walk_season.py [OUT_DIR]

Prints the figures quoted in the note. Not run by the test suite.
"""

from __future__ import annotations

import datetime
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).parent))

from season_world import make_world, play_progressive_night, play_team_night, team_game_winner  # noqa: E402

from euchre_tourney import tournament  # noqa: E402
from euchre_tourney.store import open_database  # noqa: E402


def build(db, rng_seed: int = 25):
    w = make_world(db, 40, seed=rng_seed)
    ids = w.player_ids
    events = []
    start = datetime.date(2026, 9, 3)
    for night in range(10):
        day = start + datetime.timedelta(days=7 * night)
        if night in (4, 8):  # two team nights: 12 teams of the members who came
            came = w.rng.sample(ids, 24)
            pairs = [(came[2 * i], came[2 * i + 1]) for i in range(12)]
            events.append(play_team_night(w, f"Team night {night + 1}", day, pairs, rounds=5))
        else:
            came = w.rng.sample(ids, w.rng.choice((30, 33, 36, 40)))  # 30 and 33: sit-outs
            events.append(play_progressive_night(w, f"Club night {night + 1}", day, came, rounds=8, hands=8, seed=night))
    return w, events


def play_bracket(w, db, day: datetime.date):
    """A 12-team double elimination seeded by rating, played to its final."""
    ids = w.player_ids
    with db.session() as s:
        ev = tournament.create_event(s, "Autumn knockout", day, kind="team", round_scoring="game")
        tournament.draw_balanced_teams(s, ev.id, ids[:24])
        tournament.draw_bracket(s, ev.id, double=True, seeding="rating")
        teams = {t.name: t.player_ids for t in tournament.list_teams(s, ev.id)}
        played = 0
        while True:
            view = tournament.bracket_view(s, ev.id)
            if view.champion is not None:
                break
            for m in view.ready():
                a = teams[m.a.split(") ", 1)[1]]
                b = teams[m.b.split(") ", 1)[1]]
                sa, sb = team_game_winner(w, tuple(a), tuple(b))
                tournament.record_bracket_score(s, ev.id, m.code, sa, sb)
                played += 1
    return ev.id, played


def main(out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp())
    db = open_database(folder / "walk.db")
    t0 = time.perf_counter()
    w, events = build(db)
    built = time.perf_counter() - t0
    with db.session() as s:
        season = tournament.create_season(s, "Autumn league 2026", start_date=datetime.date(2026, 9, 1),
                                          end_date=datetime.date(2026, 11, 30), best_nights=6, min_nights=8)
        t0 = time.perf_counter()
        view = tournament.season_standings(s, season.id)
        standings_s = time.perf_counter() - t0
        print(f"built 10 nights in {built:.1f} s; season standings in {standings_s:.2f} s; {season.events.__len__()} nights")
        print(view.season.rules_text)
        for r in view.rows[:10]:
            print(f"  {r.place_text:>3} {r.name:<16} {r.score_text:>5}  nights {r.nights:>2}  won {r.rounds_won:>3}  loners {r.loners}")
        unq = [r for r in view.rows if not r.qualified]
        print(f"  … {len(view.rows)} members, {len(unq)} not qualified (fewer than 8 nights)")
        pages = [view.rows[0].player_id, view.rows[len(view.rows) // 2].player_id, view.rows[-1].player_id]
        for pid in pages:
            h = tournament.player_history(s, pid, season.id)
            rt = tournament.player_rating(s, pid)
            best = h.best_partners[0] if h.partners else None
            print(f"  page {h.name}: {len(h.nights)} nights, {h.total_points} pts ({h.average_per_night:.1f}/night, "
                  f"{h.points_per_hand:.2f}/hand), loners {h.loners_made} made / {h.loners_euchred} euchred, "
                  f"sat out {h.sit_outs}; best partner {best.name if best else '-'} "
                  f"{best.points_per_hand if best else 0:.2f}/hand over {best.hands if best else 0} hands; rating {rt.rating.text}"
                  f" (hidden skill {w.skill[pid]:+.2f})")
        rows = tournament.ratings(s)
        print("  top ratings:", ", ".join(f"{r.name} {r.rating.text}" for r in rows[:3]))
    eid, played = play_bracket(w, db, datetime.date(2026, 12, 3))
    with db.session() as s:
        bv = tournament.bracket_view(s, eid)
        print(f"bracket: 12 teams, double elimination, {played} matches, reset "
              f"{'played' if any(m.code == 'GF2' and m.winner for m in bv.matches) else 'not needed'}; "
              f"champion {bv.champion}; places {bv.places[:4]}")
        hist = tournament.player_history(s, pages[0], season.id)
        played_list = tournament.nights_played(s, season.id)
        rating = tournament.player_rating(s, pages[0])
    from euchre_tourney.reports.season_sheets import write_bracket, write_player_page, write_season_sheets

    write_season_sheets((view, played_list), out / "season.pdf", page_size="letter")
    write_player_page((hist, rating), out / "player.pdf", page_size="letter")
    write_bracket(bv, out / "bracket.pdf", page_size="letter")
    write_bracket(bv, out / "bracket-large.pdf", page_size="a4", large=True)
    screenshots(db, season.id, pages[0], eid, out)
    return 0


def screenshots(db, season_id: int, player_id: int, bracket_event: int, out: Path) -> None:
    from PySide6.QtWidgets import QApplication

    from euchre_tourney.gui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    win = MainWindow(db)
    win.resize(1400, 860)
    win.show()
    win.tabs.setCurrentWidget(win.season_page)
    win.season_page.reload(select=season_id)
    win.season_page.refresh()
    app.processEvents()
    win.grab().save(str(out / "season-page.png"))
    dialog = win.season_page.player_dialog(player_id)
    dialog.show()
    app.processEvents()
    dialog.grab().save(str(out / "player-page.png"))
    dialog.tabs.setCurrentIndex(2)
    app.processEvents()
    dialog.grab().save(str(out / "player-rating.png"))
    dialog.close()
    win.reload_events(select=bracket_event)
    win.tabs.setCurrentWidget(win.teams_page)
    win.teams_page.refresh()
    win.teams_page.right_tabs.setCurrentWidget(win.teams_page.bracket)
    app.processEvents()
    win.grab().save(str(out / "bracket-page.png"))
    win.close()


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "/work/shots/season")))
