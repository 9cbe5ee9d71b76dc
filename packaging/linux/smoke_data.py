#!/usr/bin/env python3
"""Sample club files for the smoke test, made with this checkout's code.

    PYTHONPATH=. python3 packaging/linux/smoke_data.py FOLDER

Writes FOLDER/club.sqlite: 16 players (names in several scripts), a
progressive night of 3 rounds with every hand recorded and every round
locked (finished), and a round-robin team night with every game's score;
and FOLDER/old.sqlite, a file of the first release (schema revision 0001)
with one player, for the bundle to upgrade. Prints the two events' ids and
the report names (``euchre_tourney.reports.REPORTS``), one line each.
"""

from __future__ import annotations

import datetime
import random
import sys
from pathlib import Path

NAMES = ["Ann Avery", "Bob Bauer", "Chloé Côté", "Dmitri Волков", "Emiko 山田", "Frank Fox", "Łukasz Lis",
         "Hana Holt", "Ida Irwin", "Jon Jones", "Kim Kerr", "Lou Lane", "Mia Moss", "נעמה כהן", "Olga Orr", "Pat Price"]


def main(folder: Path) -> int:
    from euchre_tourney import tournament
    from euchre_tourney.reports import REPORTS
    from euchre_tourney.rules import HandEntry, Side
    from euchre_tourney.store import open_database

    rng = random.Random(5)
    db = open_database(folder / "club.sqlite")
    with db.session() as s:
        ids = [tournament.add_player(s, name).id for name in NAMES]
        ev = tournament.create_event(s, "Smoke night", datetime.date(2026, 11, 24), rounds=3, hands_per_round=2)
        tournament.set_checked_in(s, ev.id, ids)
        tournament.generate_rotation(s, ev.id, seed=1)
        for rnd in tournament.rotation_view(s, ev.id).rounds:
            for table in rnd.tables:
                for hand in (1, 2):
                    tournament.record_hand(s, ev.id, rnd.number, table.number, hand,
                                           HandEntry(rng.choice([Side.NS, Side.EW]), rng.choice([3, 4, 5])))
            tournament.lock_round(s, ev.id, rnd.number)
        team = tournament.create_event(s, "Pairs night", datetime.date(2026, 11, 25), kind="team", rounds=3,
                                       team_format="round_robin", round_scoring="game")
        for i in range(4):
            tournament.add_team(s, team.id, ids[2 * i], ids[2 * i + 1], "The Aces" if i == 0 else "")
        for rnd in tournament.make_team_rounds(s, team.id).rounds:
            for table in rnd.tables:
                tournament.record_game_score(s, team.id, rnd.number, table.number, 10, rng.randrange(10))
    db.dispose()

    from alembic import command

    from euchre_tourney.store import Database, database_url
    from euchre_tourney.store.db import _alembic_config

    old = Database(database_url(folder / "old.sqlite"))
    config = _alembic_config(old.url)
    with old.engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
    with old.engine.begin() as conn:
        conn.exec_driver_sql("insert into player (name, email, phone, active, created_at) "
                             "values ('Old Timer', '', '', 1, '2020-01-01')")
    old.dispose()
    print(ev.id)
    print(team.id)
    print(" ".join(rep.name for rep in REPORTS))
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
