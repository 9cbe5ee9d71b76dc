"""Issue 33 item 1: one seat model from the rules to the season. A seat is a
position at a table of 2 to 6 (North, East, South, West the names at a table
of four), a side the positions of one parity; the read models carry the
position and the table's size, and every page, report and standings take
them whatever the table's size."""

from __future__ import annotations

import datetime
import json

import pytest

from euchre_tourney import tournament as T
from euchre_tourney.rules import (
    Seat,
    position,
    seat_at,
    seat_key,
    seat_keys,
    seat_letter,
    seat_title,
    seat_titles,
    side_of_position,
    side_positions,
    side_title,
)
from euchre_tourney.rules.tables import TABLE_PRESETS, SideHandEntry
from euchre_tourney.store import open_database
from euchre_tourney.tournament import check
from euchre_tourney.tournament.readmodels import PlayerRoundView, TableView, TallySheetView
from euchre_tourney.tournament.schedule import SeatedRound, SeatedTable
from euchre_tourney.tournament.standings import HandFact, compute_standings


# ------------------------------------------------------------------ the model in the rules


def test_a_seat_is_a_position_whose_words_come_from_the_tables_size():
    assert seat_titles(4) == ("North", "East", "South", "West")
    assert seat_titles(6) == ("Seat 1", "Seat 2", "Seat 3", "Seat 4", "Seat 5", "Seat 6")
    assert seat_titles(2) == ("Seat 1", "Seat 2") and seat_titles(5)[4] == "Seat 5"
    assert seat_keys(4) == ("north", "east", "south", "west")
    assert seat_keys(6) == ("seat1", "seat2", "seat3", "seat4", "seat5", "seat6")
    assert [seat_letter(p, 4) for p in range(4)] == ["N", "E", "S", "W"]
    assert [seat_letter(p, 6) for p in range(6)] == ["s1", "s2", "s3", "s4", "s5", "s6"]
    for size in range(2, 7):  # every stored form reads back as its position
        assert [position(seat_key(p, size)) for p in range(size)] == list(range(size))
        assert [position(seat_title(p, size)) for p in range(size)] == list(range(size))
    assert seat_at(2, 4) is Seat.SOUTH and seat_at(2, 6) == 2 and not isinstance(seat_at(2, 6), Seat)


def test_a_side_is_the_positions_of_one_parity():
    assert side_positions(0, 4) == (Seat.NORTH, Seat.SOUTH) and side_positions(1, 4) == (Seat.EAST, Seat.WEST)
    assert side_positions(0, 6) == (0, 2, 4) and side_positions(1, 6) == (1, 3, 5)
    assert all(side_of_position(p) == s for s in (0, 1) for size in (4, 6) for p in side_positions(s, size))
    assert [side_title(s, 4) for s in (0, 1)] == [Seat.NORTH.side.title, Seat.EAST.side.title]
    assert [side_title(s, 6) for s in (0, 1)] == ["Seats 1, 3, 5", "Seats 2, 4, 6"]
    assert side_title(1, 2) == "Seat 2"


@pytest.mark.parametrize(
    "call",
    [
        lambda: seat_title(4, 4), lambda: seat_title(-1, 6), lambda: seat_title(6, 6), lambda: seat_title(0, 7),
        lambda: seat_title(0, 1), lambda: seat_key(True, 4), lambda: seat_letter("1", 6), lambda: seat_keys(4.0),
        lambda: side_positions(2, 4), lambda: side_positions(True, 4), lambda: seat_at(5, 4),
    ],
)
def test_a_seat_the_table_has_not_is_refused_by_name(call):
    with pytest.raises(ValueError, match="not a (seat|table size|side)"):
        call()


# ------------------------------------------------------------------ the read models


def test_a_scorecard_round_names_its_seat_from_the_tables_size():
    four = PlayerRoundView(1, 3, Seat.WEST, "Ann", ("Bob", "Cy"))
    six = PlayerRoundView(1, 2, 2, "Ann & Eve", ("Bob", "Dee", "Fay"), size=6)
    out = PlayerRoundView(2, None, None, "", (), sitting_out=True)
    assert (four.seat_text, four.seat_mark) == ("West", "W")
    assert (six.seat_text, six.seat_mark) == ("Seat 3", "s3")
    assert (out.seat_text, out.seat_mark) == ("", "?")


def test_tally_sheets_and_tables_hold_names_by_position_at_any_size():
    four = TallySheetView("E", datetime.date(2026, 1, 1), 1, 1, "a", "b", "c", "d", 8)
    assert four.seats == ("a", "b", "c", "d") and four.size == 4
    assert four.side_names(0) == (("North", "a"), ("South", "c")) and four.side_names(1) == (("East", "b"), ("West", "d"))
    names = ("a", "b", "c", "d", "e", "f")
    six = TallySheetView("E", datetime.date(2026, 1, 1), 1, 1, *names[:4], 8, game="six", seats=names)
    assert six.size == 6 and six.side_names(1) == (("Seat 2", "b"), ("Seat 4", "d"), ("Seat 6", "f"))
    table = TableView(1, (1, 2, 3, 4, 5, 6), names)
    assert table.size == 6 and table.sides == (("a", "c", "e"), ("b", "d", "f"))
    from euchre_tourney.tournament.readmodels import RotationView, RoundView
    from euchre_tourney.tournament.side_games import SixRotationView, SixRoundView, SixTableView

    assert SixTableView is TableView and SixRoundView is RoundView and SixRotationView is RotationView


def test_the_rotation_pages_seat_columns_come_from_the_tables_size():
    pytest.importorskip("PySide6")
    from euchre_tourney.gui.models import SEAT_TITLES, SIX_SEAT_TITLES, TablesModel, seat_column_titles

    assert SEAT_TITLES == ("North", "East", "South", "West")
    assert SIX_SEAT_TITLES == tuple(f"Seat {i} ({'1, 3, 5' if i % 2 else '2, 4, 6'})" for i in range(1, 7))
    assert seat_column_titles(6) == SIX_SEAT_TITLES
    model = TablesModel()
    model.set_rows([TableView(1, (1, 2, 3, 4, 5, 6), tuple("abcdef"))])
    assert [c.title for c in model.columns] == ["Table", *SIX_SEAT_TITLES]
    model.set_rows([TableView(1, (1, 2, 3, 4), tuple("abcd"))])
    assert [c.title for c in model.columns] == ["Table", *SEAT_TITLES]


# ------------------------------------------------------------------ one standings for every size


def test_one_standings_for_tables_of_four_and_six():
    """compute_standings reads a table's seats by position, its size
    whatever it is: at six, seats 1, 3, 5 share side 0's points."""
    players = {e: (100 + e, f"P{e}", e) for e in range(1, 8)}
    rounds = [SeatedRound(1, (SeatedTable(1, (1, 2, 3, 4, 5, 6)),), (7,))]
    hands = [
        HandFact(1, 1, "NS", 6, 2, 5, "NS"),  # seat 3 alone, a march: side 0 +6, a loner made
        HandFact(1, 1, "EW", 2, None, 1, "NS"),  # side 0 euchred
        HandFact(1, 1, "EW", 1, 5, 3, "EW"),  # seat 6 alone, 3 tricks: made
    ]
    rows = {r.player_id: r for r in compute_standings(players, rounds, hands, sit_out_rule="average", hands_per_round=3)}
    assert [rows[100 + e].points for e in range(1, 7)] == [6, 3, 6, 3, 6, 3]
    assert [rows[100 + e].loners for e in range(1, 7)] == [0, 0, 1, 0, 0, 1]
    assert [rows[100 + e].rounds_won for e in range(1, 7)] == [1, 0, 1, 0, 1, 0]
    assert rows[107].sit_outs == 1 and rows[107].points == 0


def test_a_lone_maker_short_of_the_bid_made_no_loner():
    """A loner is made when the makers scored (the rules' word), not when
    they took three tricks: a lone bidder who bid 5 and took 3 lost the bid."""
    players = {e: (100 + e, f"P{e}", e) for e in range(1, 5)}
    rounds = [SeatedRound(1, (SeatedTable(1, (1, 2, 3, 4)),))]
    failed = [HandFact(1, 1, "NS", -5, Seat.NORTH, 3, "NS")]
    rows = {r.player_id: r for r in compute_standings(players, rounds, failed, hands_per_round=1)}
    assert rows[101].loners == 0 and rows[101].points == -5 and rows[102].rounds_won == 1
    made = [HandFact(1, 1, "NS", 4, Seat.NORTH, 5, "NS")]
    assert {r.player_id: r.loners for r in compute_standings(players, rounds, made, hands_per_round=1)}[101] == 1
    # without the makers (a hand told only by its tricks) three tricks make it, as before
    assert {r.player_id: r.loners for r in compute_standings(players, rounds, [HandFact(1, 1, "NS", 1, 0, 3)])}[101] == 1


def _six_night(session, players=13, hands=2):
    ids = [T.add_player(session, f"Player {i:02d}").id for i in range(players)]
    ev = T.create_event(session, "Six night", datetime.date(2026, 11, 25), rounds=2, hands_per_round=hands, game="six_player_33")
    T.set_checked_in(session, ev.id, ids)
    return ev, T.generate_rotation(session, ev.id, seed=5)


def test_a_six_player_nights_standings_are_the_one_standings(session):
    ev, view = _six_night(session)
    played = {
        1: [(SideHandEntry(0, 5, alone=True), 4), (SideHandEntry(1, 3), None)],  # seat 5 marches alone
        2: [(SideHandEntry(1, 5), None), (SideHandEntry(0, 2), None)],  # a march and a euchre for side 1
    }
    game = TABLE_PRESETS["six_player_33"]
    sums = {}
    for table, hands in played.items():
        sums[table] = [0, 0]
        for number, (entry, lone) in enumerate(hands, start=1):
            T.record_side_hand(session, ev.id, 1, table, number, entry, alone_seat=lone)
            side, points = entry.score(game)
            sums[table][side] += points
    standings = T.standings(session, ev.id)
    assert standings.tie_breaks == ("Total points", "Rounds won", "Loners made")
    rows = {r.name: r for r in standings.rows}
    for table in view.rounds[0].tables:
        mine = sums[table.number]
        assert [rows[n].points for n in table.names] == [mine[p % 2] for p in range(6)]
        assert [rows[n].rounds_won for n in table.names] == [int(mine[p % 2] > mine[1 - p % 2]) for p in range(6)]
    first = view.rounds[0].tables[0]
    assert [rows[n].loners for n in first.names] == [0, 0, 0, 0, 1, 0]
    out = rows[view.rounds[0].sit_out[0]]
    assert out.sit_outs == 1 and out.round_points[0] == 0  # "average" of no round played yet
    assert standings.status == "after round 1 — round 2: 0 of 2 tables in"
    cards = {c.player_name: c for c in T.scorecards(session, ev.id)}
    seat = cards[first.names[4]].rounds[0]
    assert (seat.seat, seat.size, seat.seat_text, seat.seat_mark) == (4, 6, "Seat 5", "s5")


# ------------------------------------------------------------------ the file check


def test_the_check_names_a_side_game_seat_the_table_has_not(db_url):
    db = open_database(db_url)
    try:
        with db.session() as s:
            ev, _ = _six_night(s, players=6, hands=2)
            lone = T.record_side_hand(s, ev.id, 1, 1, 1, SideHandEntry(0, 5, alone=True), alone_seat=2)
            other = T.record_side_hand(s, ev.id, 1, 1, 2, SideHandEntry(1, 4, alone=True), alone_seat=3)
            assert check.check_event(s, ev.id) == []
        with db.engine.begin() as conn:
            for hid, detail in ((lone.id, {"alone": True, "bid": 0, "alone_seat": 6}),
                                (other.id, {"alone": True, "bid": 0, "alone_seat": 2})):
                conn.exec_driver_sql(f"update hand set detail_json = '{json.dumps(detail)}' where id = {hid}")
        with db.session() as s:
            found = [p.sentence for p in check.check_event(s, ev.id)]
        assert any(f"hand row {lone.id}" in f and "the lone maker's seat 6 is no seat of a table of 6" in f for f in found)
        assert any(f"hand row {other.id}" in f and "the lone maker (Seat 3) does not sit on the makers' side" in f
                   for f in found)
    finally:
        db.dispose()


def test_ratings_rate_sides_of_any_size():
    from euchre_tourney.tournament.night_models import HandRecord, TableRound
    from euchre_tourney.tournament.ratings import Rater

    rater = Rater()
    assert rater.win_probability((1, 3, 5), (2, 4, 6)) == pytest.approx(0.5)
    six = TableRound(1, datetime.date(2026, 1, 1), 1, 1, {p: 10 + p for p in range(6)}, 6, 0,
                     (HandRecord("NS", 5, 2, "NS", 6),))
    rater.table(six)
    assert six.side_players("NS") == (10, 12, 14) and six.partners_of(12) == (10, 14)
    assert rater.win_probability((10, 12, 14), (11, 13, 15)) > 0.5
    assert {p: rater.get(p).mu > 25 for p in range(10, 16)} == {10: True, 11: False, 12: True, 13: False, 14: True, 15: False}


def test_member_pages_say_which_game_each_night_was(session):
    ev, view = _six_night(session, players=6, hands=1)
    T.record_side_hand(session, ev.id, 1, 1, 1, SideHandEntry(0, 3))
    ann = next(p.id for p in T.list_players(session) if p.name == view.rounds[0].tables[0].names[0])
    history = T.player_history(session, ann)
    night = history.nights[0]
    assert night.game == TABLE_PRESETS["six_player_33"].title and night.game_text == night.game
    assert night.partners and len(night.opponents) == 3
    rows = T.player_history_rows(history)
    assert rows[0][-1] == "game" and rows[1][-1] == night.game


def test_one_scorecard_builder_names_partners_and_opponents_at_four_and_six(session):
    """Partners sit on the same parity, opponents are read clockwise from
    the player's left, whatever the table's size."""
    ev, view = _six_night(session, players=6, hands=1)
    names = view.rounds[0].tables[0].names
    cards = {c.player_name: c.rounds[0] for c in T.scorecards(session, ev.id)}
    third = cards[names[2]]  # seat 3
    assert third.partner == f"{names[0]} & {names[4]}" and third.opponents == (names[3], names[5], names[1])
    ids = [T.add_player(session, f"Four {i}").id for i in range(4)]
    four = T.create_event(session, "Four night", datetime.date(2026, 11, 26), rounds=1, hands_per_round=1)
    T.set_checked_in(session, four.id, ids)
    n, e, s, w = T.generate_rotation(session, four.id, seed=1).rounds[0].tables[0].names
    cards = {c.player_name: c.rounds[0] for c in T.scorecards(session, four.id)}
    assert (cards[n].seat, cards[n].partner, cards[n].opponents) == (Seat.NORTH, s, (e, w))
    assert (cards[s].seat, cards[s].partner, cards[s].opponents) == (Seat.SOUTH, n, (w, e))
    sheets = T.tally_sheets(session, four.id)
    assert sheets[0].seats == (n, e, s, w) and sheets[0].game == ""
    six_sheet = T.tally_sheets(session, ev.id)[0]
    assert six_sheet.seats == names and six_sheet.game == "six" and six_sheet.size == 6


# ------------------------------------------------------------------ one place spells the stored seats

PACKAGE = __import__("pathlib").Path(T.__file__).resolve().parent.parent
STORED_SEATS = frozenset(seat_keys(4)) | frozenset(seat_keys(6))


def _stored_seat_spellings(source: str) -> list[int]:
    """Lines of ``source`` that spell a stored seat ("north", "seat3") or
    build one (f"seat{i}") instead of asking :func:`~euchre_tourney.rules.seat_key`."""
    import ast

    tree = ast.parse(source)
    docs = {
        id(node.value) for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
    }
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            if node.value in STORED_SEATS:
                out.append(node.lineno)
        elif isinstance(node, ast.JoinedStr) and node.values:
            head = node.values[0]
            if isinstance(head, ast.Constant) and str(head.value).lower() == "seat":
                out.append(node.lineno)
    return out


def test_only_the_seat_model_spells_a_stored_seat():
    """Above the store, a stored seat is made by ``rules.seat_key`` /
    ``seat_keys`` and read by ``rules.position``: no module of the use
    cases, reports, windows or pages spells "north" or "seat3" itself."""
    found = []
    for layer in ("tournament", "reports", "gui", "web"):
        for path in sorted((PACKAGE / layer).rglob("*.py")):
            for line in _stored_seat_spellings(path.read_text(encoding="utf-8")):
                found.append(f"{path.relative_to(PACKAGE)}:{line}")
    assert found == []


def test_the_spelling_check_catches_a_planted_seat():
    assert _stored_seat_spellings('seats = {"north": 1}\n') == [1]
    assert _stored_seat_spellings('x = 1\nname = f"seat{x + 1}"\n') == [2]
    assert _stored_seat_spellings('"""A docstring naming "north" is words."""\nt = f"Seat {3}"\n') == []


def test_a_six_player_nights_ties_break_on_loners_made_as_at_four(session):
    """One tie-break order for every table's size (the season's too): total
    points, rounds won, then loners made -- at six as at four."""
    from euchre_tourney.tournament.season import SEASON_TIE_BREAKS
    from euchre_tourney.tournament.standings import TIE_BREAKS

    ev, view = _six_night(session, players=6, hands=1)
    T.record_side_hand(session, ev.id, 1, 1, 1, SideHandEntry(0, 5, alone=True), alone_seat=4)  # seat 5 marches alone
    standings = T.standings(session, ev.id)
    assert standings.tie_breaks == TIE_BREAKS and TIE_BREAKS[1:] == SEASON_TIE_BREAKS[1:]
    names = view.rounds[0].tables[0].names
    rows = {r.name: r for r in standings.rows}
    assert (rows[names[4]].place, rows[names[4]].tied, rows[names[4]].loners) == (1, False, 1)
    assert {(rows[names[p]].place, rows[names[p]].tied) for p in (0, 2)} == {(2, True)}


# ------------------------------------------------------------------ one place words the seats

SEAT_WORDS = __import__("re").compile(r"\b(?:" + "|".join(seat_titles(4)) + r")\b|NESW")
"""A four-seat table's seat titles as words ("North", "North–South"), or the letters run together."""
WHOLE_TITLES = frozenset(
    {seat_title(p, n) for n in range(2, 7) for p in range(n)} | {side_title(s, n) for n in range(2, 7) for s in (0, 1)}
)
"""Every seat and side title of every table's size ("Seat 3", "Seats 1, 3, 5")."""
SEAT_LETTERS = frozenset(seat_letter(p, 4) for p in range(4))
NOT_YET: tuple[str, ...] = ()
"""Places not yet under the check (none)."""


def _seat_titles_spelled(source: str) -> list[int]:
    """Lines of ``source`` that word a seat or side themselves instead of
    asking the seat model (``seat_title``, ``seat_letter``, ``side_title``):
    a string (docstrings aside) naming North, East, South or West, or
    "NESW"; a whole seat or side title of any table ("Seat 3", "Seats 1, 3,
    5"); a collection of the four seat letters; an f-string building "Seat
    {n}" or "Seats {...}"."""
    import ast
    import re

    tree = ast.parse(source)
    docs = {
        id(node.value) for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
    }
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            if SEAT_WORDS.search(node.value) or node.value in WHOLE_TITLES:
                out.add(node.lineno)
        elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            if SEAT_LETTERS <= {e.value for e in node.elts if isinstance(e, ast.Constant)}:
                out.add(node.lineno)
        elif isinstance(node, ast.JoinedStr):
            for part, after in zip(node.values, node.values[1:]):
                if (isinstance(part, ast.Constant) and isinstance(after, ast.FormattedValue)
                        and re.search(r"\bSeats? $", str(part.value))):
                    out.add(node.lineno)
    return sorted(out)


def test_only_the_seat_model_words_a_seat():
    """Above the rules, a seat's or a side's words come from the seat model:
    no module of the use cases, reports, windows or pages spells "North",
    "North–South", "Seat 3" or ("N", "E", "S", "W") itself, nor do the phone
    pages' templates."""
    import re

    found = []
    for layer in ("tournament", "reports", "gui", "web"):
        for path in sorted((PACKAGE / layer).rglob("*.py")):
            where = str(path.relative_to(PACKAGE))
            if any(where.startswith(p) for p in NOT_YET):
                continue
            for line in _seat_titles_spelled(path.read_text(encoding="utf-8")):
                found.append(f"{where}:{line}")
    for path in sorted((PACKAGE / "web" / "templates").rglob("*.html")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if SEAT_WORDS.search(line) or re.search(r"""["']N["'],\s*["']E["']""", line):
                found.append(f"{path.relative_to(PACKAGE)}:{number}")
    assert found == []


def test_the_wording_check_catches_planted_titles():
    assert _seat_titles_spelled('x = "North"\ny = 2\n') == [1]
    assert _seat_titles_spelled('t = f"Totals: North–South {3}"\n') == [1]
    assert _seat_titles_spelled('t = ("N", "E", "S", "W")\n') == [1]
    assert _seat_titles_spelled('t = "Seats 1, 3, 5"\n') == [1]
    assert _seat_titles_spelled('i = 2\nt = f"Seat {i + 1}"\n') == [2]
    assert _seat_titles_spelled('for s in "NESW":\n    pass\n') == [1]
    assert _seat_titles_spelled('"""North and South partner."""\nn = f"N{3}"\nw = "W"\n') == []
    assert _seat_titles_spelled('s = 1\nt = f"the seat {s} is not one"\n') == []  # a stored value shown, not a title
