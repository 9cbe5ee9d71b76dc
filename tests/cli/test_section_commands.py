"""The command line on a night split into sections: one section's standings
and printouts (``--section B``), a section the night does not have refused
in one line."""

from __future__ import annotations

import io
import json

from pypdf import PdfReader

from euchre_tourney import cli
from euchre_tourney.store import open_database

from tests.split_nights import finish, split_night


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = cli.main(list(argv), stdout=out)
    return code, out.getvalue()


def test_a_sections_standings_and_sheets_from_the_command_line(db_path, tmp_path, capsys):
    db = open_database(db_path)
    with db.session() as s:
        event_id = split_night(s, 24, 12)
        finish(s, event_id, 1, (101, 102, 103))
    db.dispose()
    code, text = run("--database", str(db_path), "standings", "Rotary night", "--format", "json")
    data = json.loads(text)
    assert code == 0 and [x["rounds_finished"] for x in data["sections"]] == [0, 1]
    assert {r["section"] for r in data["standings"]} == {"A", "B"} and len(data["standings"]) == 24
    code, text = run("--database", str(db_path), "standings", str(event_id), "--section", "B", "--format", "json")
    data = json.loads(text)
    assert code == 0 and data["section"] == "B" and len(data["standings"]) == 12
    out = tmp_path / "tally.pdf"
    code, _ = run("--database", str(db_path), "tally-sheets", str(event_id), "--out", str(out), "--section", "A")
    text = "\n".join(p.extract_text() for p in PdfReader(out).pages)
    assert code == 0 and "Table A-1" in text and "Table B-" not in text
    code, _ = run("--database", str(db_path), "standings", str(event_id), "--section", "Q")
    err = capsys.readouterr().err
    assert code == 2 and "There is no section 'Q' (sections: A, B)." in err


def _seat_rows(conn, event_id, round_number):
    return conn.execute(
        "select seat.id, seat.table_number, seat.seat, seat.entrant_id from seat join event_round on "
        "seat.round_id = event_round.id where event_round.event_id = ? and event_round.number = ? "
        "order by seat.table_number, seat.seat", (event_id, round_number)).fetchall()


def _swap(conn, a, b):
    """Swap the players of two seat rows (through a free id: one seat a player a round)."""
    ea = conn.execute("select entrant_id from seat where id = ?", (a,)).fetchone()[0]
    eb = conn.execute("select entrant_id from seat where id = ?", (b,)).fetchone()[0]
    conn.execute("update seat set entrant_id = -1 where id = ?", (a,))
    conn.execute("update seat set entrant_id = ? where id = ?", (ea, b))
    conn.execute("update seat set entrant_id = ? where id = ?", (eb, a))


def test_check_finds_a_night_whose_sections_do_not_hold_together(db_path, capsys):
    """``check`` on a split night: clean after a late arrival and a move
    between sections; then, the file edited behind the app's back, each
    kind of broken section named in words: a player seated in another
    section's table, a section's tables not numbered from 1, a player in a
    section the event does not have, a partnership repeated in a section, a
    captain of a section that does not exist."""
    import sqlite3

    from euchre_tourney import tournament as T

    db = open_database(db_path)
    with db.session() as s:
        event_id = split_night(s, 40, 20, rounds=5)
        finish(s, event_id, 1, [t for base in (0, 100) for t in range(base + 1, base + 6)])
        late = T.add_player(s, "Late Larry")
        T.set_checked_in(s, event_id, late.id)
        mover = next(iter(sorted(T.player_sections(s, event_id))))
        T.move_to_section(s, event_id, mover, "B")
        T.add_captain(s, event_id, "Ann", ["B"])
    db.dispose()
    code, text = run("check", str(db_path))
    assert code == 0 and text.startswith("No problems found"), text

    conn = sqlite3.connect(db_path)
    with conn:
        r3 = _seat_rows(conn, event_id, 3)
        a_seat = next(r for r in r3 if r[1] == 1)  # a seat of A-1 in round 3
        b_seat = next(r for r in r3 if r[1] == 101)  # one of B-1
        _swap(conn, a_seat[0], b_seat[0])
        conn.execute("update seat set table_number = 109 where table_number = 103 and round_id = "
                     "(select id from event_round where event_id = ? and number = 4)", (event_id,))
        conn.execute("update entrant set section_id = 999 where id = (select max(id) from entrant where event_id = ?)",
                     (event_id,))
        conn.execute("update captain set sections = 'B,Z' where event_id = ?", (event_id,))
        # a partnership of round 1 again in round 5 (A's tables: nothing played there after round 1)
        r1, r5 = _seat_rows(conn, event_id, 1), _seat_rows(conn, event_id, 5)
        north, south = (next(r[3] for r in r1 if r[1] == 2 and r[2] == k) for k in ("north", "south"))
        at = next(r for r in r5 if r[3] == north)
        partner_seat = {"north": "south", "south": "north", "east": "west", "west": "east"}[at[2]]
        partner = next(r for r in r5 if r[1] == at[1] and r[2] == partner_seat)
        other = next(r for r in r5 if r[3] == south)
        if partner[3] != south:
            _swap(conn, partner[0], other[0])
    conn.close()
    code, text = run("check", str(db_path))
    lines = text.splitlines()
    assert code == 1, text
    assert any("round 3, table A-1" in x and "sits at section A's table but plays in section B" in x for x in lines), text
    assert any("round 3, table B-1" in x and "plays in section A" in x for x in lines), text
    assert any("round 4 of section B" in x and "not B-1 to B-5 (B-3," in x for x in lines), text
    assert any("is in a section (id 999) that this event does not have" in x for x in lines), text
    assert any("captain Ann" in x and "section Z, which the night does not have" in x for x in lines), text
    assert any("section A's rotation" in x and "are partners 2 times (rounds 1, 5)" in x for x in lines), text
    assert not any("plays in no section" in x for x in lines)  # his section's id is said once, not at every seat
    assert lines[-1].endswith("Nothing was changed.")
