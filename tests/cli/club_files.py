"""Club files with impossible data in them (issue 29 item 5): a club file
made through the use cases (a progressive night, a bid euchre night, a team
night, a knockout with its bracket, a season), then one part of it spoiled
the way a disk, an old version, another program or a hand at the SQL prompt
could spoil it: each kind in :data:`HOSTILE_CLUBS`.

Used by ``tests/cli/test_check_command.py`` (``euchre-tourney check``
names each problem and changes nothing) and
``tests/gui/test_never_stuck_opening.py`` (the window opens on each file,
shows a sentence and every page).
"""

from __future__ import annotations

import datetime
import json
import shutil
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Seat, Side
from euchre_tourney.rules.tables import SideHandEntry
from euchre_tourney.store import open_database

DAY = datetime.date(2026, 10, 6)


@dataclass(frozen=True)
class Club:
    """The ids of what :func:`make_club` made."""

    progressive: int
    bid: int
    team: int
    knockout: int
    season: int
    players: tuple[int, ...]


def make_club(path: Path | str) -> Club:
    """A sound club file at ``path`` (or a database URL) with a night of each kind (rotation
    and hands in), a bracket with a result, and a season over them all."""
    db = open_database(path)
    try:
        with db.session() as s:
            ids = [T.add_player(s, f"Member {i:02d}").id for i in range(16)]
            prog = T.create_event(s, "Progressive night", DAY, rounds=2, hands_per_round=2)
            T.set_checked_in(s, prog.id, ids[:8])
            T.generate_rotation(s, prog.id, seed=3)
            for table in (1, 2):
                T.record_hand(s, prog.id, 1, table, 1, HandEntry(Side.NS, 3))
                T.record_hand(s, prog.id, 1, table, 2, HandEntry(Side.EW, 5, alone_seat=Seat.EAST))
            bid = T.create_event(s, "Bid night", DAY + datetime.timedelta(days=7), rounds=1, hands_per_round=2,
                                 game="bid_four")
            T.set_checked_in(s, bid.id, ids[8:16])
            T.generate_rotation(s, bid.id, seed=3)
            T.record_side_hand(s, bid.id, 1, 1, 1, SideHandEntry(0, 4, bid=4), bidder=0)
            T.record_side_hand(s, bid.id, 1, 1, 2, SideHandEntry(1, 2, bid=3), bidder=1)
            team = T.create_event(s, "Team night", DAY + datetime.timedelta(days=14), kind="team", rounds=1,
                                  round_scoring="game")
            for i in range(4):
                T.add_team(s, team.id, ids[2 * i], ids[2 * i + 1])
            T.make_team_rounds(s, team.id)
            T.record_game_score(s, team.id, 1, 1, 10, 6)
            T.record_game_score(s, team.id, 1, 2, 4, 10)
            knockout = T.create_event(s, "Knockout", DAY + datetime.timedelta(days=21), kind="team",
                                      round_scoring="game")
            for i in range(4):
                T.add_team(s, knockout.id, ids[8 + 2 * i], ids[9 + 2 * i])
            view = T.draw_bracket(s, knockout.id, seeding="number", consolation=False)
            first = view.ready()[0]
            T.record_bracket_score(s, knockout.id, first.code, 10, 7)
            season = T.create_season(s, "Autumn", start_date=DAY, end_date=DAY + datetime.timedelta(days=60))
        return Club(prog.id, bid.id, team.id, knockout.id, season.id, tuple(ids))
    finally:
        db.dispose()


def add_six_player_night(path: Path) -> int:
    """A six-player night with its rotation and a hand (issue 29: the
    ratings, the season board and the player pages raised
    ``'seat1' is not a seat`` on it); its id."""
    db = open_database(path)
    try:
        with db.session() as s:
            ids = [T.add_player(s, f"Six {i:02d}").id for i in range(12)]
            ev = T.create_event(s, "Six night", DAY + datetime.timedelta(days=28), rounds=1, hands_per_round=2,
                                game="six_player_33")
            T.set_checked_in(s, ev.id, ids)
            T.generate_rotation(s, ev.id, seed=5)
            T.record_side_hand(s, ev.id, 1, 1, 1, SideHandEntry(0, 5, alone=True))
            T.record_side_hand(s, ev.id, 1, 2, 1, SideHandEntry(1, 3))
        return ev.id
    finally:
        db.dispose()


def _sql(path: Path, *statements: str, params: tuple = ()) -> None:
    """Run ``statements`` on the file as another program would: no foreign
    keys, no CHECK constraints (SQLite lets a program turn both off)."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA foreign_keys=OFF")
        conn.execute("PRAGMA ignore_check_constraints=ON")
        for statement in statements:
            conn.execute(statement, params if "?" in statement else ())
    finally:
        conn.close()


@dataclass(frozen=True)
class Hostile:
    """One kind of impossible data: ``spoil(path, club)`` writes it into a
    file made by :func:`make_club`; ``words``: what the check's sentence
    about it must contain (besides naming the event, season or bracket:
    ``where``)."""

    spoil: Callable[[Path, Club], object]
    where: str
    words: str


def _hand_row(path: Path, event_id: int) -> int:
    conn = sqlite3.connect(path)
    try:
        (hand_id,) = conn.execute(
            "select hand.id from hand join event_round on hand.round_id = event_round.id "
            "where event_round.event_id = ? order by hand.id limit 1", (event_id,)
        ).fetchone()
    finally:
        conn.close()
    return hand_id


def _spoil_hand(column_sql: str, event: str = "progressive"):
    def spoil(path: Path, club: Club) -> None:
        _sql(path, f"update hand set {column_sql} where id = {_hand_row(path, getattr(club, event))}")

    return spoil


HOSTILE_CLUBS: dict[str, Hostile] = {
    "six-player night with its rotation": Hostile(lambda p, c: add_six_player_night(p), "", ""),
    "rules JSON that is not JSON": Hostile(
        lambda p, c: _sql(p, f"update event set rules_json = '{{\"target\": 10,' where id = {c.progressive}"),
        "Progressive night", "rules"),
    "rules JSON of the wrong shape": Hostile(
        lambda p, c: _sql(p, f"update event set rules_json = '[\"north\", 7]' where id = {c.bid}"),
        "Bid night", "rules"),
    "rules naming an unknown game": Hostile(
        lambda p, c: _sql(p, f"update event set rules_json = '{{\"table\": {{\"preset\": \"chess\", \"seats\": \"x\"}}}}' "
                             f"where id = {c.bid}"),
        "Bid night", "game"),
    "a team seeded twice in a bracket": Hostile(
        lambda p, c: _sql(p, "update bracket set seeds_json = (select json_array(json_extract(seeds_json, '$[0]'), "
                             "json_extract(seeds_json, '$[0]'), json_extract(seeds_json, '$[2]'), "
                             f"json_extract(seeds_json, '$[3]'))) where event_id = {c.knockout}"),
        "Knockout", "twice"),
    "a bracket seeding a team that does not exist": Hostile(
        lambda p, c: _sql(p, f"update bracket set seeds_json = json_set(seeds_json, '$[1]', 9999) where event_id = {c.knockout}"),
        "Knockout", "team"),
    "bracket seeds that are not JSON": Hostile(
        lambda p, c: _sql(p, f"update bracket set seeds_json = 'first, second' where event_id = {c.knockout}"),
        "Knockout", "seeds"),
    "a bracket result for a match that does not exist": Hostile(
        lambda p, c: _sql(p, f"insert into bracket_match (event_id, code, score_a, score_b, entered_at) "
                             f"values ({c.knockout}, 'W9-9', 10, 2, '2026-10-27 20:00:00')"),
        "Knockout", "W9-9"),
    "a bracket result that is a tie": Hostile(
        lambda p, c: _sql(p, f"update bracket_match set score_b = score_a where event_id = {c.knockout}"),
        "Knockout", "tie"),
    "a season that ends before it starts": Hostile(
        lambda p, c: _sql(p, f"update season set end_date = '2026-01-01' where id = {c.season}"),
        "Autumn", "ends"),
    "placing points that are not numbers": Hostile(
        lambda p, c: _sql(p, f"update season set basis = 'placings', placing_points = 'ten,eight,six' where id = {c.season}"),
        "Autumn", "placing points"),
    "a season counted in an unknown way": Hostile(
        lambda p, c: _sql(p, f"update season set basis = 'goals', aggregate = 'median' where id = {c.season}"),
        "Autumn", "counted"),
    "a season with a date that is no date": Hostile(
        lambda p, c: _sql(p, f"update season set start_date = '2026-13-45' where id = {c.season}"),
        "Autumn", "date"),
    "NaN hand points": Hostile(_spoil_hand("points = 'NaN'"), "Progressive night", "points"),
    "infinite hand points": Hostile(_spoil_hand("points = 9e999"), "Progressive night", "points"),
    "hand points that are not a whole number": Hostile(_spoil_hand("points = 2.5"), "Progressive night", "points"),
    "hand points the tricks cannot score": Hostile(_spoil_hand("points = 40"), "Progressive night", "points"),
    "seven tricks in a hand": Hostile(_spoil_hand("maker_tricks = 7"), "Progressive night", "tricks"),
    "makers that are no side": Hostile(_spoil_hand("makers = 'NW', scoring_side = 'NW'"), "Progressive night", "side"),
    "a lone seat that does not exist": Hostile(_spoil_hand("alone_seat = 'seat5'"), "Progressive night", "seat"),
    "a side hand's detail that is not JSON": Hostile(
        _spoil_hand("detail_json = '{bid: 4'", event="bid"), "Bid night", "hand"),
    "a hand at a table nobody sits at": Hostile(_spoil_hand("table_number = 9"), "Progressive night", "table 9"),
    "a seat that does not exist for the game": Hostile(
        lambda p, c: _sql(p, "update seat set seat = 'seat5' where id = (select seat.id from seat join event_round "
                             f"on seat.round_id = event_round.id where event_round.event_id = {c.progressive} limit 1)"),
        "Progressive night", "seat"),
    "a seat held by a player who is not in the event": Hostile(
        lambda p, c: _sql(p, "update seat set entrant_id = 99999 where id = (select seat.id from seat join event_round "
                             f"on seat.round_id = event_round.id where event_round.event_id = {c.progressive} limit 1)"),
        "Progressive night", "not in the event"),
    "an entrant who is no player": Hostile(
        lambda p, c: _sql(p, f"update entrant set player_id = 99999 where id = (select min(id) from entrant "
                             f"where event_id = {c.progressive})"),
        "Progressive night", "player"),
    "a team of one player twice": Hostile(
        lambda p, c: _sql(p, f"update team set player_b_id = player_a_id where id = (select min(id) from team "
                             f"where event_id = {c.team})"),
        "Team night", "twice"),
    "a negative game score": Hostile(
        lambda p, c: _sql(p, "update team_game set ns_score = -4 where id = (select min(id) from team_game)"),
        "Team night", "score"),
    "an event of an unknown kind": Hostile(
        lambda p, c: _sql(p, f"update event set kind = 'bridge' where id = {c.progressive}"),
        "Progressive night", "kind"),
    "an event with no rounds": Hostile(
        lambda p, c: _sql(p, f"update event set rounds = 0, hands_per_round = -2 where id = {c.progressive}"),
        "Progressive night", "rounds"),
    "an event whose date is no date": Hostile(
        lambda p, c: _sql(p, f"update event set date = 'next Tuesday' where id = {c.team}"),
        "Team night", "date"),
    "an event made at no time": Hostile(
        lambda p, c: _sql(p, f"update event set created_at = 'yesterday-ish' where id = {c.progressive}"),
        "Progressive night", "made"),
    "a round timer that ends at no time": Hostile(
        lambda p, c: _sql(p, "insert into round_timer (event_id, ends_at, left_seconds) "
                             f"values ({c.progressive}, 'soon', 'lots')"),
        "Progressive night", "timer"),
    "a hand entered at no time": Hostile(_spoil_hand("entered_at = '2026-02-30 25:61:00'"), "Progressive night", "entered"),
    "a player whose name is bytes, not text": Hostile(
        lambda p, c: _sql(p, f"update player set name = x'c328ff' where id = {c.players[0]}"), "Player", "name"),
    "a player with no name": Hostile(
        lambda p, c: _sql(p, f"update player set name = '   ' where id = {c.players[1]}"), "Player", "name"),
    "rounds of an event that is gone": Hostile(
        lambda p, c: _sql(p, f"delete from event where id = {c.bid}"), "The file's", "does not exist"),
    "a hand in a round that is gone": Hostile(
        lambda p, c: _sql(p, "delete from event_round where id = (select min(event_round.id) from event_round "
                             f"where event_id = {c.progressive})"), "The file's", "does not exist"),
    "a bid euchre hand with a bid of nine": Hostile(
        _spoil_hand("detail_json = '{\"alone\": false, \"bid\": 9, \"bidder\": 0}'", event="bid"), "Bid night", "bid"),
    "negative loners in round totals": Hostile(
        lambda p, c: _sql(p, "insert into table_result (round_id, table_number, finished_early, ns_points, ew_points, "
                             "ns_loners_n, ns_loners_s, ew_loners_e, ew_loners_w, entered_at) select id, 1, 0, 'many', 3, "
                             f"-3, 0, 0, 0, '2026-10-06 20:00:00' from event_round where event_id = {c.progressive} "
                             "and number = 2"),
        "Progressive night", "loners"),
    "a season counting minus one best nights": Hostile(
        lambda p, c: _sql(p, f"update season set best_nights = -1, min_nights = 'two' where id = {c.season}"),
        "Autumn", "nights"),
    "prizes that are not JSON": Hostile(
        lambda p, c: _sql(p, f"update event set prizes_json = '[{{\"kind\": ' where id = {c.progressive}"),
        "Progressive night", "prizes"),
}
"""Every kind of impossible data a test makes, by name (see :class:`Hostile`).
The six-player night is not impossible: the window and the check must take
it as it is (issue 29: it once stopped the window opening)."""


def hostile_club(folder: Path, kind: str, template: Path | None = None) -> tuple[Path, Club]:
    """A club file in ``folder`` spoilt with ``kind`` (a key of
    :data:`HOSTILE_CLUBS`): its path and the ids of what it holds.
    ``template``: a file made by :func:`make_club` to copy (faster)."""
    path = folder / "club.sqlite"
    if template is not None:
        shutil.copyfile(template, path)
        club = json.loads(template.with_suffix(".json").read_text(encoding="utf-8"))
        club = Club(**{k: tuple(v) if isinstance(v, list) else v for k, v in club.items()})
    else:
        club = make_club(path)
    HOSTILE_CLUBS[kind].spoil(path, club)
    return path, club


def club_template(folder: Path) -> Path:
    """A sound club file to copy (:func:`hostile_club`'s ``template``), with
    its ids beside it."""
    path = folder / "club.sqlite"
    club = make_club(path)
    path.with_suffix(".json").write_text(json.dumps(club.__dict__), encoding="utf-8")
    return path
