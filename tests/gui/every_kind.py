"""One club file holding a night of every kind of event, each with its
rotation (or teams, rounds, bracket) and hands or results entered, and a
season counting them all: what the every-kind matrix
(``tests/gui/test_every_kind.py``) opens, shows and prints.

Built through the use cases only, as a director would make it."""

from __future__ import annotations

import datetime
import shutil
from pathlib import Path

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Seat, Side
from euchre_tourney.rules.tables import SideHandEntry
from euchre_tourney.store import open_database

KINDS = (
    "progressive",
    "six_player",
    "bid_four",
    "bid_five_players",
    "team_round_robin",
    "team_swiss",
    "team_king",
    "single_elimination",
    "double_elimination",
    "round_totals",
    "sectioned",
)
"""Every kind of event, by the name the matrix's ids use ("bid_five_players":
bid euchre with five checked in, one sitting out a round -- five-handed bid
euchre itself changes sides hand by hand and is not an event's game;
"sectioned": a progressive night split into two sections of 8, each its
own rotation and tables A-1, B-1 …, section A a round ahead of section B,
with a captain for section B)."""

BRACKETS = ("single_elimination", "double_elimination")
TEAMS = ("team_round_robin", "team_swiss", "team_king") + BRACKETS

NAMES = [
    "Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou", "Max",
    "Ned", "Ona", "Pat",
]


def build(db) -> dict:
    """Fill ``db`` (an empty club file) with a night of each of :data:`KINDS`
    and a season over them. Returns {"events": kind → event id, "season":
    season id, "players": kind → a player id who played that night,
    "secrets": kind → {table: secret} for the phones}."""
    out: dict = {"events": {}, "players": {}, "secrets": {}}
    with db.session() as s:
        ids = [T.add_player(s, n).id for n in NAMES]
        day = iter(datetime.date(2026, 10, 1) + datetime.timedelta(days=7 * i) for i in range(len(KINDS)))

        def event(name, players, **kw):
            ev = T.create_event(s, name.replace("_", " ").capitalize() + " night", next(day), **kw)
            out["events"][name] = ev.id
            if players:
                T.set_checked_in(s, ev.id, ids[:players])
            out["players"][name] = ids[0]
            return ev

        # progressive four, hand by hand: round 1 all in (a loner), round 2 one hand
        ev = event("progressive", 9, rounds=2, hands_per_round=2)
        T.generate_rotation(s, ev.id, seed=3)
        for table in (1, 2):
            T.record_hand(s, ev.id, 1, table, 1, HandEntry(Side.NS, 5, Seat.NORTH))
            T.record_hand(s, ev.id, 1, table, 2, HandEntry(Side.EW, 2))
        T.record_hand(s, ev.id, 2, 1, 1, HandEntry(Side.EW, 3))

        # six-player at tables of six: one sits out; a lone march by seat 3
        ev = event("six_player", 13, rounds=2, hands_per_round=2, game="six_player_33")
        T.generate_rotation(s, ev.id, seed=3)
        for table in (1, 2):
            T.record_side_hand(s, ev.id, 1, table, 1, SideHandEntry(0, 5, alone=True), alone_seat=2)
            T.record_side_hand(s, ev.id, 1, table, 2, SideHandEntry(1, 2))
        T.record_side_hand(s, ev.id, 2, 1, 1, SideHandEntry(1, 4))

        # bid euchre for four: a bid made and a failed bid at every table
        for kind, players in (("bid_four", 8), ("bid_five_players", 5)):
            ev = event(kind, players, rounds=2, hands_per_round=2, game="bid_four")
            T.generate_rotation(s, ev.id, seed=3)
            for table in range(1, players // 4 + 1):
                T.record_side_hand(s, ev.id, 1, table, 1, SideHandEntry(0, 4, bid=3), bidder=0)
                T.record_side_hand(s, ev.id, 1, table, 2, SideHandEntry(1, 2, bid=5), bidder=1)
            T.record_side_hand(s, ev.id, 2, 1, 1, SideHandEntry(1, 5, bid=5), bidder=3)

        # team events: teams of two, then rounds with results
        def teams(ev, n):
            for i in range(n):
                T.add_team(s, ev.id, ids[2 * i], ids[2 * i + 1])

        ev = event("team_round_robin", 0, kind="team", rounds=3, hands_per_round=2, team_format="round_robin")
        teams(ev, 5)  # a bye a round
        T.make_team_rounds(s, ev.id)
        T.record_hand(s, ev.id, 1, 1, 1, HandEntry(Side.NS, 5, Seat.SOUTH))
        T.record_hand(s, ev.id, 1, 1, 2, HandEntry(Side.EW, 1))
        T.record_hand(s, ev.id, 1, 2, 1, HandEntry(Side.NS, 3))
        for kind, fmt in (("team_swiss", "swiss"), ("team_king", "king")):
            ev = event(kind, 0, kind="team", rounds=3, team_format=fmt, round_scoring="game")
            teams(ev, 4)
            T.make_team_rounds(s, ev.id)
            T.record_game_score(s, ev.id, 1, 1, 10, 6)
            T.record_game_score(s, ev.id, 1, 2, 4, 10)
            T.make_team_rounds(s, ev.id)
            T.record_game_score(s, ev.id, 2, 1, 10, 8)

        for kind, double in (("single_elimination", False), ("double_elimination", True)):
            ev = event(kind, 0, kind="team", round_scoring="game")
            teams(ev, 5)
            view = T.draw_bracket(s, ev.id, double=double, seeding="number")
            for _ in range(2):
                match = view.ready()[0]
                view = T.record_bracket_score(s, ev.id, match.code, 10, 7)

        # round totals: each table's totals and loners by seat
        ev = event("round_totals", 8, rounds=2, hands_per_round=4, entry_mode="totals")
        T.generate_rotation(s, ev.id, seed=3)
        T.record_table_totals(s, ev.id, 1, 1, 4, 5, {Seat.EAST: 1})
        T.record_table_totals(s, ev.id, 1, 2, 3, 4)
        T.record_table_totals(s, ev.id, 2, 1, 5, 1)

        # a big night in small: split into sections of 8, a rotation per section, A a round ahead of B
        ev = event("sectioned", 16, rounds=2, hands_per_round=2)
        T.split_by_size(s, ev.id, 8)
        T.generate_rotation(s, ev.id, seed=3)
        for table in (1, 2):  # section A's tables
            T.record_hand(s, ev.id, 1, table, 1, HandEntry(Side.NS, 5, Seat.NORTH))
            T.record_hand(s, ev.id, 1, table, 2, HandEntry(Side.EW, 2))
        T.record_hand(s, ev.id, 1, 101, 1, HandEntry(Side.EW, 3))  # section B's B-1: one hand in
        T.add_captain(s, ev.id, "Ann", ["B"])

        for kind, eid in out["events"].items():
            out["secrets"][kind] = T.table_secrets(s, eid) if kind not in BRACKETS else {}
        out["season"] = T.create_season(s, "Autumn", start_date=datetime.date(2026, 9, 1),
                                        end_date=datetime.date(2026, 12, 31)).id
    return out


def club_file(folder: Path, template: Path) -> tuple[Path, dict]:
    """The club file in ``folder`` (a copy of the migrated ``template``) with
    a night of every kind: (its path, what :func:`build` returns)."""
    path = Path(folder) / "club.sqlite"
    shutil.copyfile(template, path)
    db = open_database(path, station="builder")
    try:
        info = build(db)
    finally:
        db.dispose()
    return path, info
