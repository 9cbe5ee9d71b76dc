"""Roster CSV import (strict, all or nothing) and the safe CSV writer.

A hypothesis corpus of malformed files (encodings, separators, quotes,
control characters, huge fields): the import never raises anything but
TournamentError, never writes part of a file, and names the line at fault.
"""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_tourney import tournament as T
from euchre_tourney.tournament.csvfiles import (
    MAX_LINE,
    csv_text,
    decode_text,
    refused_character,
    safe_cell,
    write_csv_file,
)

ROSTER = "Name,Email,Phone\nZoë Ångström,zoe@example.org,555-0100\n李小龍,,\nSeán O'Brien,,\n"
NAMES = ["Zoë Ångström", "李小龍", "Seán O'Brien"]


def names(data: bytes) -> list[str]:
    f = T.read_roster(data)
    assert f.problems == ()
    return [r.name for r in f.rows]


# encodings ------------------------------------------------------------------


@pytest.mark.parametrize(
    "codec, bom, title",
    [
        ("utf-8", b"", "UTF-8"),
        ("utf-8", b"\xef\xbb\xbf", "UTF-8"),
        ("utf-16-le", b"", "UTF-16 LE"),
        ("utf-16-le", b"\xff\xfe", "UTF-16 LE"),
        ("utf-16-be", b"", "UTF-16 BE"),
        ("utf-16-be", b"\xfe\xff", "UTF-16 BE"),
    ],
)
def test_every_unicode_encoding_with_and_without_bom_reads_the_same_names(codec, bom, title):
    data = bom + ROSTER.encode(codec)
    f = T.read_roster(data)
    assert f.encoding == title and f.encoding_note == ""
    assert names(data) == NAMES
    assert not any("\x00" in r.name for r in f.rows)


def test_windows_1252_is_read_with_a_note_asking_to_check_the_names():
    f = T.read_roster("Name\nZoë Ångström\nJosé “Pepe” Núñez\n".encode("cp1252"))
    assert f.encoding == "Windows-1252" and "check" in f.encoding_note.lower()
    assert [r.name for r in f.rows] == ["Zoë Ångström", "José “Pepe” Núñez"]


@pytest.mark.parametrize(
    "data, words",
    [
        (b"PK\x03\x04\x00\x00\x14\x00\x06\x00\x08\x00\x00\x00!\x00\x8d\x81", "not"),  # an .xlsx file
        (b"\xff\xfe\x00\x00N\x00\x00\x00", "UTF-32"),
        ("Name,Email\nAnn,a\n".encode("utf-16-le")[:-1], "UTF-16"),
        (b"", "empty"),
        (b"\n\n  \n", "empty"),
        (b"Name,Email\n", "no players"),
    ],
)
def test_unreadable_files_are_refused_whole(data, words):
    with pytest.raises(T.TournamentError, match=words):
        T.read_roster(data)


def test_decode_text_tells_utf16_byte_order_without_a_bom():
    assert decode_text("Name\nAnn\n".encode("utf-16-le"))[1] == "UTF-16 LE"
    assert decode_text("Name\nAnn\n".encode("utf-16-be"))[1] == "UTF-16 BE"


# separators and header -------------------------------------------------------


@pytest.mark.parametrize("sep", [",", ";", "\t"])
def test_separator_is_found_from_the_header(sep):
    data = f"Name{sep}Email\nSmith, Ann{sep}a@x\nBo{sep}b@x\n".replace(", Ann", " Ann" if sep == "," else ", Ann")
    f = T.read_roster(data.encode())
    assert f.separator == sep and f.problems == ()
    assert f.rows[1].email == "b@x"


@pytest.mark.parametrize("line", ["sep=;", '"sep=;"', "sep=;;", "SEP=;"])
def test_excels_sep_line_sets_the_separator_and_is_not_a_player(line):
    f = T.read_roster(f"{line}\r\nName;Email\r\nAnn;a@x\r\n".encode())
    assert f.separator == ";" and [r.name for r in f.rows] == ["Ann"] and f.rows[0].line == 3


def test_a_sep_line_asking_for_another_separator_is_refused():
    with pytest.raises(T.TournamentError, match="Line 1 asks for the separator '|'"):
        T.read_roster(b"sep=|\nName|Email\nAnn|a\n")


def test_no_name_column_is_refused_never_guessed_from_emails():
    with pytest.raises(T.TournamentError, match="Line 1 .*no name column.*e-mail") as info:
        T.read_roster(b"Email,Phone\nann@example.org,555\n")
    assert "Nothing was imported" in info.value.message


def test_a_headerless_list_of_names_is_refused_with_the_first_line_shown():
    with pytest.raises(T.TournamentError, match="'Ann Lee'"):
        T.read_roster(b"Ann Lee\nBo Li\n")


def test_first_and_last_name_columns_and_other_columns_ignored():
    f = T.read_roster(b"Member no,First_Name,Last Name,Mobile\n7,Ann,Lee,555\n")
    assert f.rows[0] == T.RosterRow(2, "Ann Lee", "", "555")


# quotes, characters, sizes ------------------------------------------------------


def test_an_unclosed_quote_is_flagged_on_its_line_and_merges_nobody():
    f = T.read_roster(b'Name,Email\nAnn,a\n"Bo,b\nCy,c\nDi,d\n')
    assert [(p.line, "not closed" in p.message) for p in f.problems] == [(3, True)]
    assert [r.name for r in f.rows] == ["Ann", "Cy", "Di"]
    assert not f.ok


def test_a_quote_closed_mid_field_is_flagged():
    f = T.read_roster(b'Name,Email\n"Bo" Li,b\n')
    assert f.problems[0].line == 2 and "middle of a field" in f.problems[0].message


def test_quoted_fields_with_commas_and_doubled_quotes_are_fine():
    f = T.read_roster(b'Name,Email\n"Smith, Ann",a\n"Bo ""Bear"" Li",b\n')
    assert [r.name for r in f.rows] == ["Smith, Ann", 'Bo "Bear" Li']


def test_an_unquoted_separator_in_a_name_is_flagged_not_shifted():
    f = T.read_roster(b"Name,Email\nSmith, Ann,a@x\n")
    assert f.problems[0].line == 2 and "in quotes" in f.problems[0].message


@pytest.mark.parametrize(
    "name, code",
    [
        ("A\u200bnn", "U+200B"),
        ("Ann\x00", "U+0000"),
        ("An\x07n", "U+0007"),
        ("\u202eAnn", "U+202E"),
        ("Ann\u00ad", "U+00AD"),
        ("\u3164", "U+3164"),
        ("Ann\ufeff", "U+FEFF"),
    ],
)
def test_invisible_and_control_characters_in_names_are_refused(session, name, code):
    f = T.read_roster(f"Name\nBo\n{name}\n".encode())
    assert [p.line for p in f.problems] == [3]
    assert code in f.problems[0].message and "retype" in f.problems[0].message
    with pytest.raises(T.TournamentError, match="invisible or control"):  # typed in by hand: the same rule
        T.add_player(session, name)
    assert T.list_players(session) == []


def test_joiners_between_letters_are_kept():
    persian = "محمد\u200cرضا"
    assert names(f"Name\n{persian}\n".encode()) == [persian]


def test_huge_fields_and_lines_are_refused_with_their_size_not_a_csv_error():
    f = T.read_roster(b"Name,Email\n" + b"x" * 10_000_000 + b",a\nBo,b\n")
    assert f.problems[0].line == 2 and "10,000,002 characters" in f.problems[0].message
    f = T.read_roster(b"Name\n" + b"y" * 250 + b"\n")
    assert "250 characters" in f.problems[0].message and "at most 200" in f.problems[0].message


def test_progress_and_cancel():
    data = ("Name\n" + "".join(f"P{i}\n" for i in range(10_000))).encode()
    seen: list[float] = []
    T.read_roster(data, progress=seen.append)
    assert seen[-1] == 1.0 and seen == sorted(seen) and len(seen) > 3
    with pytest.raises(T.Cancelled):
        T.read_roster(data, cancel=lambda: True)


# all or nothing against the database -------------------------------------------------


def test_a_file_with_one_bad_line_writes_nothing(session, tmp_path):
    T.add_player(session, "Existing")
    path = tmp_path / "r.csv"
    path.write_text("Name\nAnn\nBo\u200b\nCy\n", encoding="utf-8")
    preview = T.preview_import(session, T.read_roster_file(path), str(path))
    assert len(preview.rows) == 2 and [p.line for p in preview.problems] == [3]
    with pytest.raises(T.TournamentError, match="Line 3"):
        T.import_players(session, preview)
    assert [p.name for p in T.list_players(session)] == ["Existing"]


def test_preview_flags_duplicates_against_roster_and_within_file(session):
    T.add_player(session, "Ann Lee")
    preview = T.preview_import(session, T.read_roster(b"Name\nann  lee\nBo\nBO\n"))
    assert preview.duplicates == ((2, "ann lee", "already on the roster"), (4, "BO", "also on line 3"))
    assert "3 players ready" in preview.summary() and "2 share" in preview.summary()
    report = T.import_players(session, preview)
    assert len(report.added) == 3 and report.duplicates == ("ann lee", "BO")
    assert {p.name for p in T.list_players(session)} == {"Ann Lee", "ann lee", "Bo", "BO"}


def test_missing_file_and_folder_are_refused_in_words(tmp_path):
    with pytest.raises(T.TournamentError, match="Cannot read"):
        T.read_roster_file(tmp_path / "nope.csv")
    with pytest.raises(T.TournamentError, match="folder"):
        T.read_roster_file(tmp_path)


# the hypothesis corpus ------------------------------------------------------------------

CLEAN_NAME = st.text(
    st.characters(whitelist_categories=("Lu", "Ll", "Lo", "Nd"), max_codepoint=0x9FFF), min_size=1, max_size=12
)
NASTY = st.sampled_from(
    ['"', '""', "\x00", "\x07", "\u200b", "\u202e", "\ufeff", "\r", ",", ";", "\t", "=HYPERLINK(\"x\")", "x" * 5000]
)


@st.composite
def malformed_file(draw):
    """A roster with a few lines spoilt, then encoded; returns (bytes, spoilt line numbers)."""
    sep = draw(st.sampled_from([",", ";", "\t"]))
    header = draw(st.sampled_from([["Name", "Email"], ["name"], ["First name", "Last name"], ["Email", "Phone"]]))
    rows = draw(st.lists(st.lists(CLEAN_NAME, min_size=len(header), max_size=len(header)), min_size=1, max_size=8))
    lines = [sep.join(header)] + [sep.join(r) for r in rows]
    spoilt = set()
    for _ in range(draw(st.integers(0, 3))):
        i = draw(st.integers(1, len(lines) - 1)) if len(lines) > 1 else 0
        pos = draw(st.integers(0, len(lines[i])))
        lines[i] = lines[i][:pos] + draw(NASTY) + lines[i][pos:]
        spoilt.add(i + 1)
    excel = draw(st.booleans())
    text = (f"sep={sep}\n" if excel else "") + "\n".join(lines) + draw(st.sampled_from(["", "\n", "\r\n"]))
    codec = draw(st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "cp1252"]))
    try:
        data = text.encode(codec)
    except UnicodeEncodeError:
        data = text.encode("utf-8")
    if draw(st.booleans()):  # cut short or with a stray byte
        data = data[: draw(st.integers(0, len(data)))] + draw(st.sampled_from([b"", b"\x00", b"\xff", b"\x81"]))
    return data, spoilt, int(excel)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(case=malformed_file())
def test_malformed_corpus_never_crashes_never_imports_part_and_names_the_line(db, tmp_path, case):
    data, _spoilt, _offset = case
    path = tmp_path / "corpus.csv"
    path.write_bytes(data)
    with db.session() as session:
        before = sorted((p.id, p.name) for p in T.list_players(session, include_removed=True))
        try:
            file = T.read_roster_file(path)
        except T.TournamentError as exc:  # the whole file refused: a sentence, nothing written
            assert exc.message and "Traceback" not in exc.message
            file = None
        if file is not None:
            for p in file.problems:
                assert 1 <= p.line <= file.lines and str(p).startswith(f"Line {p.line}: ")
            for r in file.rows:
                assert r.name and refused_character(r.name) is None
            preview = T.preview_import(session, file, str(path))
            try:
                report = T.import_players(session, preview)
            except T.TournamentError as exc:
                assert not preview.ok
                if preview.problems:
                    assert f"Line {preview.problems[0].line}:" in exc.message
            else:
                assert preview.ok and len(report.added) == len(file.rows)
                session.expire_all()
                after = T.list_players(session, include_removed=True)
                assert len(after) == len(before) + len(file.rows)
                for p in report.added:
                    T.remove_player(session, p.id)
        after = sorted((p.id, p.name) for p in T.list_players(session, include_removed=True))
        assert after == before


# writing ---------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["=HYPERLINK(\"http://x\")", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"])
def test_formula_starts_are_escaped(value):
    assert safe_cell(value) == "'" + value
    assert next(csv.reader(io.StringIO(csv_text([[value]]), newline="")))[0].startswith("'")


def test_numbers_stay_numbers_and_plain_text_is_untouched():
    assert safe_cell(-3) == -3 and safe_cell(2.5) == 2.5 and safe_cell("Ann") == "Ann" and safe_cell(None) == ""
    assert safe_cell(True) == "True"


@given(st.text(max_size=30))
def test_no_written_cell_starts_a_formula(text):
    cell = next(csv.reader(io.StringIO(csv_text([[text, "x"]]), newline="")))[0]
    assert cell[:1] not in ("=", "+", "-", "@", "\t", "\r")


def test_csv_file_is_excel_clean_and_atomic(tmp_path):
    path = tmp_path / "out.csv"
    write_csv_file(path, [["name", "points"], ["Zoë", -2], ["=1+1", 3]])
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and b"\r\n" in data
    assert data.decode("utf-8-sig").splitlines() == ["name,points", "Zoë,-2", "'=1+1,3"]
    assert [p.name for p in tmp_path.iterdir()] == ["out.csv"]
    with pytest.raises(T.TournamentError, match="Cannot write"):
        write_csv_file(tmp_path / "missing" / "out.csv", [["x"]])


def test_line_cap_is_below_the_csv_modules_field_limit():
    assert MAX_LINE < csv.field_size_limit()


# the standings CSV ------------------------------------------------------------------------


@pytest.fixture
def hostile_night(db):
    import datetime

    from euchre_tourney.rules import HandEntry, Side

    with db.session() as session:
        ids = [T.add_player(session, n).id for n in ("=HYPERLINK(\"http://evil\",\"x\")", "+Bo", "-Cy", "@Di", "Ed")]
        ev = T.create_event(session, "Night", datetime.date(2026, 3, 1), rounds=2, hands_per_round=1)
        T.set_checked_in(session, ev.id, ids)
        T.generate_rotation(session, ev.id, seed=3)
        T.record_hand(session, ev.id, 1, 1, 1, HandEntry(Side.NS, 3))
        return ev.id


@pytest.mark.sqlite_only
def test_standings_csv_escapes_formulas_on_stdout_without_bom(db, db_path, hostile_night):
    from euchre_tourney import cli

    out = io.StringIO()
    assert cli.main(["--database", str(db_path), "standings", str(hostile_night), "--format", "csv"], stdout=out) == 0
    text = out.getvalue()
    assert not text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[0][:4] == ["place", "number", "name", "points"] and rows[0][9] == "tied"
    names = {r[2] for r in rows[1:]}
    assert "'=HYPERLINK(\"http://evil\",\"x\")" in names and {"'+Bo", "'-Cy", "'@Di", "Ed"} <= names
    assert all(r[0].isdigit() for r in rows[1:])  # places are numbers; a shared place is marked in "tied"


def test_standings_file_export_has_bom_and_crlf(db, hostile_night, tmp_path):
    with db.session() as session:
        view = T.standings(session, hostile_night)
    path = tmp_path / "standings.csv"
    T.write_standings_csv(view, path)
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and data.count(b"\r\n") == len(view.rows) + 1
    assert data.decode("utf-8-sig") == T.standings_csv(view).replace("\n", "\r\n")


# issue 20: a separator that changes below the header; sizes said exactly --------------------


def test_rows_split_by_another_separator_than_the_header_are_flagged_by_line():
    f = T.read_roster(b"Name,Email\nAnn Lee,ann@e.org\nAlex Brown;x@e.org\nBo\n")
    assert [p.line for p in f.problems] == [3]
    assert "semicolon" in f.problems[0].message and "comma" in f.problems[0].message
    assert [r.name for r in f.rows] == ["Ann Lee", "Bo"]
    f = T.read_roster(b'Name,Email\n"Brown; Alex",x@e.org\n')  # a quoted separator belongs to the name
    assert f.problems == () and f.rows[0].name == "Brown; Alex"


SEP_WORDS = {",": "comma", ";": "semicolon", "\t": "tab"}
PLAIN_CELL = st.text(st.characters(whitelist_categories=("Lu", "Ll", "Nd")), min_size=1, max_size=10)


@settings(max_examples=150)
@given(
    seps=st.permutations([",", ";", "\t"]).map(lambda p: p[:2]),
    header=st.sampled_from([["Name", "Email"], ["Name", "Email", "Phone"], ["First name", "Last name"], ["Name"]]),
    rows=st.lists(st.tuples(st.booleans(), st.lists(PLAIN_CELL, min_size=2, max_size=3)), min_size=1, max_size=8),
)
def test_a_separator_mismatch_is_flagged_on_every_line_and_imports_no_joined_name(seps, header, rows):
    head_sep, other = seps
    lines = [head_sep.join(header)]
    mismatched = set()
    for i, (wrong, cells) in enumerate(rows, start=2):
        cells = cells[: max(2, len(header))]
        if wrong:
            mismatched.add(i)
            lines.append(other.join(cells))
        else:
            lines.append(head_sep.join(cells[: len(header)]))
    f = T.read_roster(("\n".join(lines) + "\n").encode())
    assert {p.line for p in f.problems} == mismatched
    for p in f.problems if len(header) > 1 else ():  # one column: the header does not show its separator
        assert SEP_WORDS[other] in p.message and SEP_WORDS[head_sep] in p.message
    assert not any(other in r.name or other in r.email for r in f.rows)


def test_a_file_over_the_limit_is_refused_with_its_real_size(tmp_path):
    from euchre_tourney.tournament.csvfiles import MAX_FILE_BYTES

    path = tmp_path / "huge.csv"
    with open(path, "wb") as fh:
        fh.write(b"Name\n")
        fh.truncate(72 * 1024 * 1024)
    with pytest.raises(T.TournamentError) as info:
        T.read_roster_file(path)
    assert "72.0 MB (75,497,472 bytes)" in info.value.message
    assert "64 MB (67,108,864 bytes)" in info.value.message
    with pytest.raises(T.TournamentError) as info:
        T.read_roster(b"Name\n" + b"x" * (MAX_FILE_BYTES - 4))
    assert "64.0 MB (67,108,865 bytes)" in info.value.message  # one byte over, and it says so
