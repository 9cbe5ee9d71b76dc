"""``euchre-tourney check FILE`` (issue 29 item 5): every value in a club
file that cannot be true, one sentence a line naming the event, season or
bracket and the row; nothing changed (the file's bytes and its folder stay
as they were); exit status 1 when it finds some, 0 when none. And the other
commands, stopped by such a value, say so in a sentence, never
"unexpected ValueError …"."""

from __future__ import annotations

import io
import shutil
import sqlite3
from pathlib import Path

import pytest

from euchre_tourney import cli
from tests.cli.club_files import HOSTILE_CLUBS, club_template, hostile_club, make_club
from tests.cli.test_hostile_files import fingerprint


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    return club_template(tmp_path_factory.mktemp("club"))


def run(*argv: str, capsys) -> tuple[int, str, str]:
    out = io.StringIO()
    code = cli.main(list(argv), stdout=out)
    return code, out.getvalue(), capsys.readouterr().err


def rows(path: Path) -> dict[str, list]:
    """Every row of every table, to compare before and after."""
    conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)  # leaves no -wal or -shm file
    try:
        names = [n for (n,) in conn.execute("select name from sqlite_master where type = 'table' order by name")]
        return {n: conn.execute(f'select * from "{n}" order by rowid').fetchall() for n in names}
    finally:
        conn.close()


def is_sentence(line: str) -> bool:
    return (line[:1].isupper() or line[:1].isdigit()) and line.endswith(".") and "Traceback" not in line


@pytest.mark.parametrize("kind", list(HOSTILE_CLUBS))
def test_check_names_each_kind_of_impossible_data_and_changes_nothing(kind, template, tmp_path, capsys):
    path, _club = hostile_club(tmp_path, kind, template)
    hostile = HOSTILE_CLUBS[kind]
    before, stored = fingerprint(path), rows(path)
    code, out, err = run("check", str(path), capsys=capsys)
    lines = out.splitlines()
    assert err == "" and lines and all(is_sentence(line) for line in lines), out
    if hostile.words:
        assert code == 1
        assert any(hostile.where in line and hostile.words in line for line in lines[:-1]), out
        assert lines[-1] == f"{len(lines) - 1} problem{'s' if len(lines) > 2 else ''} found in {path}. Nothing was changed."
    else:  # the six-player night: no impossible row (until the pages read tables of six, a fault is named)
        assert code in (0, 1) and not any("hand row" in line or "seat row" in line for line in lines)
    assert fingerprint(path) == before and rows(path) == stored
    # the same through --database (and the environment's default)
    assert run("check", "--database", str(path), capsys=capsys)[:2] == (code, out)


def test_a_sound_file_is_clean(template, tmp_path, capsys):
    path = tmp_path / "club.sqlite"
    shutil.copyfile(template, path)
    before = fingerprint(path)
    code, out, err = run("check", str(path), capsys=capsys)
    assert (code, err) == (0, "")
    assert out == f"No problems found in {path} (4 events and 1 season checked). Nothing was changed.\n"
    assert fingerprint(path) == before


def test_check_lists_every_problem_not_only_the_first(template, tmp_path, capsys):
    path, club = hostile_club(tmp_path, "NaN hand points", template)
    kinds = ("a season that ends before it starts", "a team seeded twice in a bracket", "an event whose date is no date",
             "a seat that does not exist for the game", "rules JSON of the wrong shape")
    for kind in kinds:
        HOSTILE_CLUBS[kind].spoil(path, club)
    code, out, _err = run("check", str(path), capsys=capsys)
    assert code == 1
    for kind in ("NaN hand points", *kinds):
        hostile = HOSTILE_CLUBS[kind]
        assert any(hostile.where in line and hostile.words in line for line in out.splitlines()), (kind, out)
    assert out.splitlines()[-1].startswith("6 problems found in")


def test_check_refuses_what_is_no_club_file_in_one_line(tmp_path, capsys):
    notes = tmp_path / "notes.sqlite"
    notes.write_text("name,email\n", encoding="utf-8")
    code, out, err = run("check", str(notes), capsys=capsys)
    assert code == 2 and out == "" and err.count("\n") == 1 and "not a database file" in err
    code, _out, err = run("check", str(tmp_path / "missing.sqlite"), capsys=capsys)
    assert code == 2 and not (tmp_path / "missing.sqlite").exists()


@pytest.mark.parametrize("kind", [k for k, h in HOSTILE_CLUBS.items() if h.words])
def test_commands_stopped_by_impossible_data_say_a_sentence(kind, template, tmp_path, capsys):
    """Issue 29: "The command line says 'unexpected ValueError …' instead of a sentence"."""
    (tmp_path / "club").mkdir()
    path, _club = hostile_club(tmp_path / "club", kind, template)
    hostile = HOSTILE_CLUBS[kind]
    before = fingerprint(path)
    event = hostile.where if hostile.where in ("Progressive night", "Bid night", "Team night", "Knockout") else "Knockout"
    (tmp_path / "out").mkdir()  # the PDF's folder: the file's folder must stay as it was
    for argv in (("standings", event), ("scorecards", event, "--out", str(tmp_path / "out" / "cards.pdf"))):
        code, _out, err = run(*argv, "--database", str(path), capsys=capsys)
        assert "unexpected" not in err and "Traceback" not in err, err
        if code != 0:
            assert err.startswith("euchre-tourney: error: ") and err.count("\n") == 1, err
            message = err.removeprefix("euchre-tourney: error: ").strip()
            assert is_sentence(message), message
            if code == 2 and "holds data that cannot be true" in message:
                assert hostile.where in message or "euchre-tourney check" in message
    assert fingerprint(path) == before


def test_a_bug_outside_any_file_is_said_in_a_sentence(monkeypatch, capsys):
    from euchre_tourney import rotation

    def broken(*_a, **_k):
        raise ValueError("the search lost its way")

    monkeypatch.setattr(rotation, "progressive", broken)
    code, _out, err = run("rotation", "--players", "8", "--rounds", "2", capsys=capsys)
    assert code == 1 and err.count("\n") == 1 and "unexpected ValueError" not in err
    assert err == ("euchre-tourney: error: Euchre Tourney ran into a problem it did not expect while running “rotation” "
                   "(ValueError: the search lost its way). Nothing was changed; please report it.\n")


@pytest.mark.postgres
def test_check_on_a_server_database(postgres_server, capsys):
    """The check reads a PostgreSQL database the same way (plain SQL) and
    names a hand whose points the rules cannot give."""
    from sqlalchemy import create_engine

    name = postgres_server.create()
    try:
        url = postgres_server.url_of(name)
        club = make_club(url)
        code, out, _err = run("check", url, capsys=capsys)
        assert code == 0 and out.startswith("No problems found in ") and "4 events and 1 season" in out
        engine = create_engine(url)
        with engine.begin() as conn:
            conn.exec_driver_sql(
                "update hand set points = 40 where id = (select min(hand.id) from hand join event_round "
                f"on hand.round_id = event_round.id where event_round.event_id = {club.progressive})"
            )
            before = conn.exec_driver_sql("select id, points from hand order by id").fetchall()
        code, out, _err = run("check", url, capsys=capsys)
        assert code == 1 and "Progressive night" in out and "stored as 40 points" in out
        with engine.begin() as conn:
            assert conn.exec_driver_sql("select id, points from hand order by id").fetchall() == before
        engine.dispose()
    finally:
        postgres_server.drop(name)


def test_the_sentence_cites_the_named_events_problem_first(template, tmp_path, capsys):
    path, club = hostile_club(tmp_path, "seven tricks in a hand", template)  # in the progressive night (id 1)
    HOSTILE_CLUBS["an event whose date is no date"].spoil(path, club)  # the team night (id 3)
    code, _out, err = run("standings", "Team night", "--database", str(path), capsys=capsys)
    assert code == 2
    assert (f"so “standings” cannot go on: Event “Team night” (id {club.team}): Its date “next Tuesday” is not a date. "
            f"“euchre-tourney check {path}” lists it and 1 more problem. Nothing was changed.") in err
