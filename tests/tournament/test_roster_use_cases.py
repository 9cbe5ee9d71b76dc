"""Roster use cases: add, edit, remove (history kept), CSV import."""

from __future__ import annotations

import datetime

import pytest

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Side


def test_add_and_list_sorted_by_name(session):
    T.add_player(session, "  bob   smith ")
    T.add_player(session, "Alice")
    names = [p.name for p in T.list_players(session)]
    assert names == ["Alice", "bob smith"]


@pytest.mark.parametrize("name", ["", "   "])
def test_empty_name_is_refused(session, name):
    with pytest.raises(T.TournamentError, match="needs a name"):
        T.add_player(session, name)
    assert T.list_players(session) == []


def test_duplicate_names_are_flagged_not_merged(session):
    a = T.add_player(session, "Pat Lee")
    b = T.add_player(session, "pat  lee")
    players = {p.id: p for p in T.list_players(session)}
    assert len(players) == 2
    assert players[a.id].duplicate_of == (b.id,)
    assert players[b.id].duplicate_of == (a.id,)


def test_remove_never_played_deletes(session):
    p = T.add_player(session, "Temp")
    assert T.remove_player(session, p.id) == "deleted"
    assert T.list_players(session, include_removed=True) == []


def test_remove_after_playing_keeps_history(session):
    ids = [T.add_player(session, f"P{i}").id for i in range(4)]
    ev = T.create_event(session, "Night", datetime.date(2026, 1, 2), rounds=1, hands_per_round=1)
    T.set_checked_in(session, ev.id, ids)
    T.generate_rotation(session, ev.id, seed=1)
    T.record_hand(session, ev.id, 1, 1, 1, HandEntry(Side.NS, 3))
    assert T.remove_player(session, ids[0]) == "retired"
    assert ids[0] not in [p.id for p in T.list_players(session)]
    assert ids[0] in [p.id for p in T.list_players(session, include_removed=True)]
    rows = T.standings(session, ev.id).rows
    assert sorted(r.player_id for r in rows) == sorted(ids)
    assert sum(r.points for r in rows) == 2


def test_import_csv_with_bom_header_and_optional_columns(session, tmp_path):
    path = tmp_path / "roster.csv"
    path.write_bytes(
        "\ufeffName,Email,Phone\nZoë Ångström,zoe@example.org,555-0100\n李小龍,,\n\nSeán O'Brien,,\n,,\n".encode("utf-8")
    )
    report = T.import_players_csv(session, path)
    assert [p.name for p in report.added] == ["Zoë Ångström", "李小龍", "Seán O'Brien"]
    assert report.added[0].email == "zoe@example.org" and report.added[0].phone == "555-0100"
    assert report.notes == ()


def test_a_line_without_a_name_refuses_the_whole_file(session, tmp_path):
    path = tmp_path / "roster.csv"
    path.write_text("Name,Email\nAnn,a@example.org\n,nobody@example.org\n", encoding="utf-8")
    with pytest.raises(T.TournamentError, match="Line 3: no name"):
        T.import_players_csv(session, path)
    assert T.list_players(session) == []


def test_import_csv_first_and_last_name_columns_and_duplicates(session, tmp_path):
    T.add_player(session, "Ann Jones")
    path = tmp_path / "r.csv"
    path.write_text("first name;last name\nAnn;Jones\nBo;Li\nbo;li\n", encoding="utf-8")
    report = T.import_players_csv(session, path)
    assert [p.name for p in report.added] == ["Ann Jones", "Bo Li", "bo li"]
    assert report.duplicates == ("Ann Jones", "bo li")
    assert len(T.list_players(session)) == 4


def test_import_reads_windows_1252_with_a_note(session, tmp_path):
    path = tmp_path / "latin1.csv"
    path.write_bytes("name\nZo\xeb\n".encode("cp1252"))
    report = T.import_players_csv(session, path)
    assert [p.name for p in T.list_players(session)] == ["Zoë"]
    assert "Windows-1252" in report.notes[0]
