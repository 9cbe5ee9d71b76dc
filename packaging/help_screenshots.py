#!/usr/bin/env python3
"""Take the user guide's screenshots from the real pages (offscreen Qt).

    PYTHONPATH=. python3 packaging/help_screenshots.py [OUT_DIR]   (default resources/help/images)

Builds a sample club in a temporary database (16 members, a Friday night of
4 rounds with 14 checked in, round 1 scored, and a Swiss team night with
round 2 paired), opens the main window at
1000 x 640 and saves each page, the projector, the practice table (1280 x
720), the re-plan choice after a late arrival and a scorecards page as PNG.
Run it again after a page changes and commit the pictures; nothing else
writes them.
"""

from __future__ import annotations

import datetime
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MEMBERS = [
    "Ann Avery", "Bob Bauer", "Chloé Côté", "Dave Dunn", "Edna Ellis", "Frank Fox", "Gus Gale", "Hana Holt",
    "Ida Irwin", "Jon Jones", "Kim Kerr", "Lou Lane", "Mia Moss", "Ned Noble", "Olga Orr", "Pat Price",
]
SIZE = (1000, 640)


def seed(db) -> int:
    from euchre_tourney import tournament
    from euchre_tourney.rules import HandEntry, Seat, Side

    rng = random.Random(7)
    with db.session() as s:
        ids = [tournament.add_player(s, name, email=f"{name.split()[0].lower()}@example.org").id for name in MEMBERS]
        ev = tournament.create_event(s, "Friday club night", datetime.date(2026, 11, 27), rounds=4, hands_per_round=4)
        tournament.set_checked_in(s, ev.id, ids[:14])
        tournament.generate_rotation(s, ev.id, seed=3)
        view = tournament.rotation_view(s, ev.id)
        for table in view.rounds[0].tables:
            for hand in range(1, 5):
                makers = rng.choice([Side.NS, Side.EW])
                alone = rng.random() < 0.15
                tricks = 5 if alone else rng.choice([1, 3, 3, 4, 5])
                lone = (Seat.NORTH if makers == Side.NS else Seat.EAST) if alone else None
                tournament.record_hand(s, ev.id, 1, table.number, hand, HandEntry(makers, tricks, lone))
    return ev.id


def seed_teams(db) -> int:
    """A Swiss team night (game to 10) with round 1 played and round 2 paired."""
    from euchre_tourney import tournament

    with db.session() as s:
        ids = [p.id for p in tournament.list_players(s)]
        ev = tournament.create_event(s, "Pairs night", datetime.date(2026, 11, 20), kind="team", rounds=4,
                                     team_format="swiss", round_scoring="game")
        for i in range(7):
            tournament.add_team(s, ev.id, ids[2 * i], ids[2 * i + 1], "The Aces" if i == 0 else "")
        for table in tournament.make_team_rounds(s, ev.id).rounds[0].tables:
            tournament.record_game_score(s, ev.id, 1, table.number, 10, 3 + table.number)
        tournament.make_team_rounds(s, ev.id)
    return ev.id


def shoot_practice(app, tmp: Path, shoot) -> None:
    """The practice table at the player's first card of a hand (computer
    players at the easy level, so the picture is quick to reach)."""
    from euchre_tourney.gui.practice import PracticeWindow, TableSettings
    from euchre_tourney.gui.practice.table import HUMAN
    from euchre_tourney.play import PASS, PLAYING, make_player

    window = PracticeWindow(
        TableSettings(pause_ms=0),
        seed=4,
        player_factory=lambda level, seed=None: make_player("easy", seed),
        stats_path=tmp / "stats.json",
    )
    window.resize(1080, 720)  # the size the table is designed for
    window.show()
    for _ in range(2000):
        app.processEvents()
        if window.thinking or window.game.to_act != HUMAN:
            continue
        hand = window.game.hand
        if hand.phase == PLAYING and hand.trick:
            break
        legal = hand.legal_actions()
        window.human_action(PASS if PASS in legal else legal[0])
    shoot(window, "practice.png")
    window.close()


def shoot_replan(window, shoot) -> None:
    """A late arrival after round 1: the re-plan choice with its counts."""
    from euchre_tourney import tournament
    from euchre_tourney.gui import replan

    late = next(e for e in window.ctx.run(tournament.entrants, window.ctx.event_id) if not e.checked_in)
    seen = []

    def show(dialog) -> bool:
        if not seen:
            dialog.show()
            shoot(dialog, "replan.png")
        seen.append(dialog)
        return False  # shown, not done: the night stays as it was

    real, replan.run_dialog = replan.run_dialog, show
    try:
        window.event_page.set_checked_in([late.player_id], True)
    finally:
        replan.run_dialog = real
    seen[0].close()


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "resources" / "help" / "images"
    out.mkdir(parents=True, exist_ok=True)
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from euchre_tourney.gui.app import make_application
    from euchre_tourney.gui.main_window import MainWindow
    from euchre_tourney.store import open_database

    with tempfile.TemporaryDirectory() as tmp:
        app = make_application(["help-screenshots"])
        QSettings.setDefaultFormat(QSettings.IniFormat)
        QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, tmp)
        db = open_database(Path(tmp) / "club.sqlite")
        seed(db)
        team_event = seed_teams(db)
        window = MainWindow(db)
        window.resize(*SIZE)
        window.show()
        shots = []

        def shoot(widget, name: str) -> None:
            app.processEvents()
            path = out / name
            if not widget.grab().save(str(path), "PNG"):
                raise SystemExit(f"cannot write {path}")
            shots.append(path)

        pages = [
            (window.roster_page, "players.png"),
            (window.event_page, "event.png"),
            (window.rotation_page, "rotation.png"),
            (window.scores_page, "scores.png"),
            (window.standings_page, "standings.png"),
        ]
        for page, name in pages:
            window.tabs.setCurrentWidget(page)
            if page is window.scores_page:
                page.select(1, 2)
            shoot(window, name)
        window.standings_page.show_projector()
        projector = window.standings_page.projector
        projector.showNormal()
        projector.resize(*SIZE)
        shoot(projector, "projector.png")
        projector.close()

        shoot_replan(window, shoot)

        window.reload_events(select=team_event)
        window.tabs.setCurrentWidget(window.teams_page)
        shoot(window, "teams.png")

        shoot_practice(app, Path(tmp), shoot)

        window.reload_events()  # back to the progressive night (the newest) for its scorecards
        cards = Path(tmp) / "cards.pdf"
        if not window.save_pdf("scorecards", str(cards), "letter"):
            raise SystemExit("the scorecards PDF failed")
        subprocess.run(["pdftoppm", "-png", "-r", "50", "-f", "1", "-l", "1", "-singlefile", str(cards),
                        str(out / "scorecards")], check=True)
        shots.append(out / "scorecards.png")
        window.close()
        db.dispose()
    for path in shots:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
