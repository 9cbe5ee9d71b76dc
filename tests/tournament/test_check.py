"""The check of a club file (issue 29 item 5) on both databases: a sound
file has no problem; impossible values written past the use cases are each
named with their part and row, by the whole-file check and by the part's."""

from __future__ import annotations

import json

from euchre_tourney.store import open_database
from euchre_tourney.tournament import check
from tests.cli.club_files import make_club


def test_the_check_names_each_impossible_value_with_its_part_and_row(db_url):
    club = make_club(db_url)
    db = open_database(db_url)
    try:
        with db.session() as s:
            assert check.check_database(s) == []
            assert check.part_counts(s) == (4, 1)
        with db.engine.begin() as conn:
            hand = conn.exec_driver_sql(
                "select min(hand.id) from hand join event_round on hand.round_id = event_round.id "
                f"where event_round.event_id = {club.progressive}"
            ).scalar()
            conn.exec_driver_sql(f"update hand set points = 40 where id = {hand}")
            conn.exec_driver_sql(f"update season set end_date = '2026-01-01' where id = {club.season}")
            seeds = json.loads(conn.exec_driver_sql(f"select seeds_json from bracket where event_id = {club.knockout}").scalar())
            conn.exec_driver_sql(f"update bracket set seeds_json = '{json.dumps([seeds[0], *seeds[:-1]])}' "
                                 f"where event_id = {club.knockout}")
        with db.session() as s:
            found = [p.sentence for p in check.check_database(s)]
            assert found == [
                f"Event “Progressive night” (id {club.progressive}), hand 1 at table 1 in round 1 (hand row {hand}): "
                "it is stored as 40 points to NS, but the rules give 1 to NS for what it says was played.",
                f"The bracket of “Knockout” (id {club.knockout}): Team 1 is seeded twice.",
                f"Season “Autumn” (id {club.season}): It ends (2026-01-01) before it starts (2026-10-06).",
            ]
            assert [p.event_id for p in check.check_event(s, club.progressive)] == [club.progressive]
            assert check.check_event(s, club.bid) == []
            assert [p.season_id for p in check.explain_part(s, season=True) if p.season_id] == [club.season]
    finally:
        db.dispose()
