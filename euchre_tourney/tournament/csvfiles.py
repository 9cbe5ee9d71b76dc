"""CSV files in and out: the strict roster and team readers and the safe CSV writer.

Pure Python (no database, no Qt), so the GUI can run :func:`read_roster`
on a worker thread and the command line can use the same rules.

**Reading a roster** is all or nothing. :func:`read_roster` decodes the
bytes (:func:`decode_text`), finds the separator and the columns from the
header line, and checks every line; it returns every good row *and* every
problem with its line number, and the import use case
(:func:`euchre_tourney.tournament.import_players`) writes nothing while any
problem is left. Why not ``csv.Sniffer`` and ``charset-normalizer``: both
guess, and a guess that is wrong stores a wrong roster without a word (321 of
1,000 malformed files did, issue 15). The files a club has are few kinds
(Excel's "CSV", "CSV UTF-8" and "Unicode text", Google Sheets, LibreOffice),
so every rule here is exact and says what it decided:

* encoding: a byte-order mark (UTF-8, UTF-16 LE/BE) decides; without one,
  NUL bytes on every other byte mean UTF-16 (LE or BE by their side); then
  strict UTF-8; then Windows-1252 (older Excel), with a note asking the
  director to check accented names in the preview;
* separator: Excel's ``sep=;`` first line decides; otherwise the one of
  comma, semicolon and tab that splits the header line into a recognised
  name column;
* each physical line is one record: a field may not run over a line break,
  so an unclosed quote is reported on its own line and never merges the
  players below it into one;
* names (and e-mails and phones) with NULs, control characters or invisible
  characters (zero-width space, bidirectional controls, soft hyphen, …) are
  refused; a zero-width joiner / non-joiner between two letters is kept
  (Persian and Indic names need them);
* a file without a name column is refused: a name is never guessed from an
  e-mail address;
* a line that another of those separators splits into more fields than the
  header's separator does (a comma header over semicolon rows: "Alex
  Brown;x@e.org" would be one name) is a problem on its line, unless the
  separator is inside quotes;
* a line longer than :data:`MAX_LINE` characters, a name longer than
  ``MAX_NAME``, and a file larger than :data:`MAX_FILE_BYTES` are refused
  with their exact sizes (no ``field larger than field limit`` from the csv module).

**Writing CSV** (:func:`csv_text`, :func:`write_csv_file`): a cell that
starts with ``= + - @``, a tab or a carriage return is prefixed with an
apostrophe (OWASP's advice against CSV injection: a spreadsheet would run
``=HYPERLINK(...)`` as a formula). Numbers are written as numbers, so a
negative score stays a number. Files get a UTF-8 byte-order mark and CRLF line
ends (what Excel needs to read UTF-8 names right); text meant for standard
output (the command line's ``--format csv``) has no byte-order mark, since
programs reading a pipe do not expect one.
"""

from __future__ import annotations

import csv
import os
import re
import tempfile
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from euchre_tourney.rotation import Cancelled
from euchre_tourney.tournament.errors import TournamentError

MAX_NAME = 200
"""Longest player name, in characters (the ``player.name`` column)."""
MAX_EMAIL = 200
MAX_PHONE = 60
MAX_LINE = 4096
"""Longest line of a roster file, in characters; far above any real roster
line, far below the csv module's field limit (131,072)."""
MAX_FILE_BYTES = 64 * 1024 * 1024
"""Largest roster file read (64 MiB: about a million players)."""
PROGRESS_EVERY = 2000
"""Lines between two progress reports (and Cancel checks)."""

NAME_COLUMNS = ("name", "player", "player name", "full name", "players")
FIRST_COLUMNS = ("first name", "first", "given name", "firstname", "forename")
LAST_COLUMNS = ("last name", "last", "surname", "family name", "lastname")
EMAIL_COLUMNS = ("email", "e-mail", "email address", "e-mail address", "mail")
PHONE_COLUMNS = ("phone", "telephone", "phone number", "mobile", "cell", "tel")

SEPARATORS = {",": "comma", ";": "semicolon", "\t": "tab"}

_BOMS = (
    (b"\xef\xbb\xbf", "utf-8", "UTF-8"),
    (b"\xff\xfe", "utf-16-le", "UTF-16 LE"),
    (b"\xfe\xff", "utf-16-be", "UTF-16 BE"),
)
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_ASCII_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_INVISIBLE_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u034f\u2800")  # fillers, grapheme joiner, blank braille
_JOINERS = frozenset("\u200c\u200d")  # ZWNJ, ZWJ: allowed between two letters
_SEP_LINE = re.compile(r'^"?sep=(.)"?[,;\t]*$', re.IGNORECASE)  # Excel may pad it with separators


# ---------------------------------------------------------------------------
# decoding


def decode_text(data: bytes) -> tuple[str, str, str]:
    """Decode a text file's bytes: ``(text, encoding title, note)``.

    ``note`` is ``""`` except for the Windows-1252 fallback, which asks the
    director to check the names. Raises :class:`TournamentError` for bytes
    that are text in none of the encodings above (a spreadsheet saved as
    .xlsx, a picture, UTF-16 cut in the middle of a character).
    """
    for bom, codec, title in _BOMS:
        if data.startswith(bom):
            if codec == "utf-16-le" and data.startswith(b"\xff\xfe\x00\x00"):
                raise TournamentError(
                    "The file is in UTF-32, which this import does not read: save it as 'CSV UTF-8' and try again."
                )
            return _decode(data[len(bom):], codec, title), title, ""
    has_nul = b"\x00" in data
    if has_nul and (utf16 := _utf16_without_bom(data)) is not None:
        codec, title = utf16
        return _decode(data, codec, title), title, ""
    try:
        return data.decode("utf-8"), "UTF-8", ""  # a stray NUL is then refused on its line
    except UnicodeDecodeError:
        if has_nul:
            raise TournamentError(
                "The file contains NUL bytes and is neither UTF-16 nor UTF-8 text: it is probably not a CSV file "
                "(a spreadsheet or a picture?). Nothing was imported. Save the roster from your spreadsheet as "
                "'CSV UTF-8'."
            ) from None
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError as exc:
        raise TournamentError(
            f"The file is not text this import can read (byte {exc.start + 1} is neither UTF-8 nor Windows-1252). "
            "Nothing was imported. Save it from your spreadsheet as 'CSV UTF-8' and try again."
        ) from None
    return (
        text,
        "Windows-1252",
        "The file is not UTF-8: it was read as Windows-1252 (older Excel 'CSV'). Check that accented names look "
        "right below; if not, save it as 'CSV UTF-8' and import it again.",
    )


def _utf16_without_bom(data: bytes) -> tuple[str, str] | None:
    sample = data[:4096]
    half = max(1, len(sample) // 2)
    even, odd = sample[0::2].count(0), sample[1::2].count(0)
    if half and odd >= 0.3 * half and even <= 0.05 * half:
        return "utf-16-le", "UTF-16 LE"
    if half and even >= 0.3 * half and odd <= 0.05 * half:
        return "utf-16-be", "UTF-16 BE"
    return None


def _decode(data: bytes, codec: str, title: str) -> str:
    try:
        return data.decode(codec)
    except UnicodeDecodeError as exc:
        raise TournamentError(
            f"The file looks like {title} but byte {exc.start + 1} is not valid {title} (is the file cut short?). "
            "Nothing was imported. Save it again from your spreadsheet as 'CSV UTF-8'."
        ) from None


# ---------------------------------------------------------------------------
# reading a roster


@dataclass(frozen=True, slots=True)
class CsvProblem:
    """Why line ``line`` (1 = the file's first line) cannot be imported."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"Line {self.line}: {self.message}"


@dataclass(frozen=True, slots=True)
class RosterRow:
    """One player read from line ``line``: name (spaces collapsed), e-mail, phone."""

    line: int
    name: str
    email: str
    phone: str


@dataclass(frozen=True, slots=True)
class RosterFile:
    """A roster file as read: what was decided, the good rows and the problems.

    ``separator`` is ``","``, ``";"`` or ``"\\t"``; ``columns`` the header
    cells as written; ``problems`` sorted by line. Importable only when
    ``problems`` is empty (:attr:`ok`).
    """

    encoding: str
    encoding_note: str
    separator: str
    columns: tuple[str, ...]
    rows: tuple[RosterRow, ...]
    problems: tuple[CsvProblem, ...]
    lines: int

    @property
    def ok(self) -> bool:
        return not self.problems and bool(self.rows)

    @property
    def separator_name(self) -> str:
        return SEPARATORS[self.separator]

    def problem_text(self, limit: int = 5) -> str:
        """The first ``limit`` problems as sentences, and how many more."""
        shown = [str(p) for p in self.problems[:limit]]
        more = len(self.problems) - len(shown)
        if more:
            shown.append(f"… and {more} more problem{'s' if more > 1 else ''}.")
        return "\n".join(shown)


class _OneLine:
    """An iterator the csv reader pulls exactly one line from per record."""

    __slots__ = ("line",)

    def __init__(self) -> None:
        self.line: str | None = None

    def __iter__(self):
        return self

    def __next__(self) -> str:
        line, self.line = self.line, None
        if line is None:
            raise StopIteration
        return line


def _header_key(cell: str) -> str:
    return " ".join(cell.replace("\ufeff", "").replace("_", " ").split()).casefold()


def _find(keys: Sequence[str], names: tuple[str, ...]) -> int | None:
    for i, key in enumerate(keys):
        if key in names:
            return i
    return None


@dataclass(frozen=True, slots=True)
class _Columns:
    name: int | None
    first: int | None
    last: int | None
    email: int | None
    phone: int | None

    @classmethod
    def of(cls, header: Sequence[str]) -> _Columns:
        keys = [_header_key(h) for h in header]
        return cls(
            _find(keys, NAME_COLUMNS),
            _find(keys, FIRST_COLUMNS),
            _find(keys, LAST_COLUMNS),
            _find(keys, EMAIL_COLUMNS),
            _find(keys, PHONE_COLUMNS),
        )

    @property
    def has_name(self) -> bool:
        return self.name is not None or self.first is not None or self.last is not None


def _split(line: str, separator: str) -> list[str] | None:
    feed = _OneLine()
    feed.line = line
    try:
        return next(csv.reader(feed, delimiter=separator, strict=True), [])
    except csv.Error:
        return None


def _choose_separator(header_line: str, excel_sep: str | None, line_no: int) -> tuple[str, list[str], _Columns]:
    candidates = [excel_sep] if excel_sep else list(SEPARATORS)
    parsed = []
    for sep in candidates:
        cells = _split(header_line, sep)
        if cells is None:
            continue
        parsed.append((sep, cells, _Columns.of(cells)))
    named = [p for p in parsed if p[2].has_name]
    if named:
        return max(named, key=lambda p: len(p[1]))
    if not parsed:
        raise TournamentError(
            f"Line {line_no} (the header) has a quote mark that is not closed. Nothing was imported."
        )
    _, cells, columns = max(parsed, key=lambda p: len(p[1]))
    found = ", ".join(repr(_shown(c.strip())) for c in cells if c.strip()) or "nothing"
    also = " (it has an e-mail column, but a name is never taken from an e-mail address)" if columns.email is not None else ""
    raise TournamentError(
        f"Line {line_no} (the header) has no name column{also}: it has {_shorten(found, 120)}. "
        "Nothing was imported. Head the column of names 'Name' (or use 'First name' and 'Last name') and try again."
    )


def _shorten(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _shown(text: str) -> str:
    """``text`` with every refused character written as ⟨U+XXXX⟩, shortened."""
    return _shorten("".join(f"⟨U+{ord(c):04X}⟩" if _bad_char(text, i) else c for i, c in enumerate(text)))


def _bad_char(text: str, i: int) -> bool:
    c = text[i]
    if c < " " or c == "\x7f":
        return True
    if c < "\x80":
        return False
    if c in _INVISIBLE_LETTERS:
        return True
    if unicodedata.category(c) not in _REFUSED_CATEGORIES:
        return False
    if c in _JOINERS and 0 < i < len(text) - 1:
        return not (unicodedata.category(text[i - 1])[0] in "LM" and unicodedata.category(text[i + 1])[0] in "LM")
    return True


def refused_character(text: str) -> str | None:
    """A description of the first NUL, control or invisible character in
    ``text`` (``"U+200B ZERO WIDTH SPACE"``), or ``None`` if there is none."""
    if text.isascii():
        m = _ASCII_CONTROL.search(text)
        if m is None:
            return None
        indices: Iterable[int] = (m.start(),)
    else:
        indices = range(len(text))
    for i in indices:
        if _bad_char(text, i):
            c = text[i]
            name = unicodedata.name(c, "NUL" if c == "\x00" else "a control character")
            return f"U+{ord(c):04X} {name}"
    return None


def _check_field(what: str, value: str, limit: int, problems: list[CsvProblem], line: int, plain: bool) -> None:
    bad = None if plain else refused_character(value)
    if bad is not None:
        kind = "a NUL" if bad.startswith("U+0000") else "an invisible or control character"
        problems.append(CsvProblem(line, f"the {what} {_shown(value)!r} contains {kind} ({bad}); retype it."))
    elif len(value) > limit:
        problems.append(
            CsvProblem(line, f"the {what} is {len(value):,} characters long; at most {limit} are allowed.")
        )


def _size_text(size: int) -> str:
    """A file size said exactly: "72.0 MB (75,497,472 bytes)"."""
    return f"{size:,} bytes" if size < 1048576 else f"{size / 1048576:.1f} MB ({size:,} bytes)"


def _too_big(size: int) -> TournamentError:
    return TournamentError(
        f"The file is {_size_text(size)}; a roster file can be at most {MAX_FILE_BYTES // 1048576} MB "
        f"({MAX_FILE_BYTES:,} bytes). Is it the right file? Nothing was imported."
    )


def _other_separator(line: str, separator: str, fields: int, width: int) -> str | None:
    """The separator other than the header's that splits ``line`` (``fields``
    fields by the header's) into more fields, when the line is short of the
    header's ``width`` (or the header has one column); else None."""
    if fields >= max(width, 2):
        return None
    for other in SEPARATORS:
        if other != separator and other in line:
            cells = _split(line, other)
            if cells is not None and sum(1 for c in cells if c.strip()) > fields:
                return other
    return None


def read_roster(
    data: bytes,
    *,
    progress: Callable[[float], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> RosterFile:
    """Read a roster CSV file's bytes (see the module's rules).

    The header line names the columns: ``Name`` (or ``Player``, ``Full
    name``), or ``First name`` and/or ``Last name``; ``Email`` and ``Phone``
    are optional; other columns are ignored. Blank lines are skipped. A
    line with no name is a problem unless it is entirely empty.

    ``progress(fraction)`` is called every :data:`PROGRESS_EVERY` lines and
    ``cancel()`` checked as often (:class:`~euchre_tourney.tournament.Cancelled`
    when it turns true). Raises :class:`TournamentError` (with the line where
    it applies) when the whole file is unusable: not text, too big, empty,
    no header, no name column. Line-by-line problems are returned in
    :attr:`RosterFile.problems`, never raised.
    """
    if len(data) > MAX_FILE_BYTES:
        raise _too_big(len(data))
    text, encoding, note = decode_text(data)
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    total = len(lines)
    index = 0
    excel_sep = None
    while index < total and not lines[index].strip():
        index += 1
    if index < total and len(lines[index]) <= 64 and (m := _SEP_LINE.match(lines[index].strip())):
        excel_sep = m.group(1)
        if excel_sep not in SEPARATORS:
            raise TournamentError(
                f"Line {index + 1} asks for the separator {excel_sep!r}; use a comma, semicolon or tab. "
                "Nothing was imported."
            )
        index += 1
        while index < total and not lines[index].strip():
            index += 1
    if index >= total:
        raise TournamentError(
            "The file is empty: expected a header line (e.g. Name,Email,Phone) and one player per line. "
            "Nothing was imported."
        )
    header_no = index + 1
    if len(lines[index]) > MAX_LINE:
        raise TournamentError(
            f"Line {header_no} (the header) is {len(lines[index]):,} characters long; is this a roster file? "
            "Nothing was imported."
        )
    separator, header, cols = _choose_separator(lines[index], excel_sep, header_no)
    width = len(header)
    rows: list[RosterRow] = []
    problems: list[CsvProblem] = []
    feed = _OneLine()
    reader = csv.reader(feed, delimiter=separator, strict=True)

    def cell(row: list[str], i: int | None) -> str:
        return row[i].strip() if i is not None and i < len(row) else ""

    for index in range(index + 1, total):
        line_no = index + 1
        if line_no % PROGRESS_EVERY == 0:
            if cancel is not None and cancel():
                raise Cancelled()
            if progress is not None:
                progress(index / total)
        line = lines[index]
        if len(line) > MAX_LINE:
            problems.append(
                CsvProblem(line_no, f"the line is {len(line):,} characters long; a roster line can be at most {MAX_LINE:,}.")
            )
            continue
        if not line.strip():
            continue
        feed.line = line
        try:
            row = next(reader)
        except StopIteration:  # pragma: no cover - a non-empty line always gives a record
            continue
        except csv.Error as exc:
            if str(exc).startswith("unexpected end of data"):
                why = "a quote mark is opened but not closed on this line"
            else:
                why = "a quote mark is closed in the middle of a field"
            problems.append(CsvProblem(line_no, f"{why} (quotes must go round a whole field, in pairs)."))
            continue
        if not any(c.strip() for c in row):
            continue
        if (other := _other_separator(line, separator, len(row), width)) is not None:
            problems.append(
                CsvProblem(
                    line_no,
                    f"the line is split by {SEPARATORS[other]}s but the header by {SEPARATORS[separator]}s: "
                    f"use one separator throughout (a {SEPARATORS[other]} that belongs to a name must be in quotes).",
                )
            )
            continue
        if len(row) > width and any(c.strip() for c in row[width:]):
            problems.append(
                CsvProblem(
                    line_no,
                    f"the line has {len(row)} fields but the header has {width}: a name containing a "
                    f"{SEPARATORS[separator]} must be in quotes.",
                )
            )
            continue
        if cols.name is not None:
            name = cell(row, cols.name)
        else:
            name = " ".join(x for x in (cell(row, cols.first), cell(row, cols.last)) if x)
        name = " ".join(name.split())
        email, phone = cell(row, cols.email), cell(row, cols.phone)
        before = len(problems)
        plain = line.isascii() and _ASCII_CONTROL.search(line) is None  # most lines: nothing to look for
        if not name:
            problems.append(CsvProblem(line_no, "no name (fill it in, or delete the line)."))
        else:
            _check_field("name", name, MAX_NAME, problems, line_no, plain)
        _check_field("e-mail", email, MAX_EMAIL, problems, line_no, plain)
        _check_field("phone", phone, MAX_PHONE, problems, line_no, plain)
        if len(problems) == before:
            rows.append(RosterRow(line_no, name, email, phone))
    if progress is not None:
        progress(1.0)
    if not rows and not problems:
        raise TournamentError(
            f"The file has a header (line {header_no}) but no players below it. Nothing was imported."
        )
    return RosterFile(encoding, note, separator, tuple(header), tuple(rows), tuple(problems), total)


def read_roster_file(
    path: str | os.PathLike,
    *,
    progress: Callable[[float], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> RosterFile:
    """:func:`read_roster` on a file; :class:`TournamentError` if it cannot be read."""
    try:
        with open(path, "rb") as fh:
            size = os.fstat(fh.fileno()).st_size
            if size > MAX_FILE_BYTES:
                raise _too_big(size)
            data = fh.read(MAX_FILE_BYTES + 1)
    except IsADirectoryError:
        raise TournamentError(f"{path} is a folder, not a file. Nothing was imported.") from None
    except OSError as exc:
        raise TournamentError(f"Cannot read {path}: {exc.strerror or exc}. Nothing was imported.") from None
    return read_roster(data, progress=progress, cancel=cancel)


# ---------------------------------------------------------------------------
# reading teams

TEAM_FIRST_COLUMNS = ("player 1", "player1", "player a", "player", "name 1", "first player")
TEAM_SECOND_COLUMNS = ("player 2", "player2", "player b", "partner", "name 2", "second player")
TEAM_NAME_COLUMNS = ("team", "team name", "name")


@dataclass(frozen=True, slots=True)
class TeamRow:
    """One team read from the record that starts on line ``line``: its two
    players' names and the team's name ("" when none), spaces collapsed."""

    line: int
    first: str
    second: str
    name: str


def read_teams(data: bytes | str) -> tuple[tuple[TeamRow, ...], tuple[CsvProblem, ...]]:
    """Read a team CSV file (its bytes, or text already decoded) with the
    roster's rules: the encoding (:func:`decode_text`), Excel's ``sep=``
    line, the size limit, and the name checks (no control or invisible
    character, at most :data:`MAX_NAME` characters). Returns the good rows
    and the problems (a team without two names, a refused name, a broken
    quote), each with the line its record starts on.

    Columns: a header naming "player 1"/"player 2" (or "player a"/"player
    b", "partner") and optionally "team"/"team name"; without such a header
    the first two columns are the players and a third the team name, and
    the separator is the first of comma, semicolon and tab that splits the
    first line in two. Unlike a roster line, a quoted field may run over a
    line break (a team name typed on two lines in a spreadsheet cell): the
    record is read whole and its spaces collapsed.
    :class:`TournamentError` for a file that is empty or too big."""
    if isinstance(data, bytes):
        if len(data) > MAX_FILE_BYTES:
            raise TournamentError(
                f"The file is {len(data):,} bytes; a team file can be at most {MAX_FILE_BYTES:,}. Nothing was imported."
            )
        data = decode_text(data)[0]
    lines = _LINE_BREAK.split(data.lstrip("\ufeff"))
    index = 0
    while index < len(lines) and not lines[index].strip():
        index += 1
    excel_sep = None
    if index < len(lines) and len(lines[index]) <= 64 and (m := _SEP_LINE.match(lines[index].strip())):
        excel_sep = m.group(1) if m.group(1) in SEPARATORS else None
        index += 1
        while index < len(lines) and not lines[index].strip():
            index += 1
    if index >= len(lines):
        raise TournamentError("The file is empty: expected one team per line (two player names).")
    first_line = lines[index]
    columns = None
    separator = excel_sep
    for sep in [excel_sep] if excel_sep else list(SEPARATORS):
        cells = _split(first_line, sep) or []
        keys = [_header_key(c) for c in cells]
        a, b = _find(keys, TEAM_FIRST_COLUMNS), _find(keys, TEAM_SECOND_COLUMNS)
        if a is not None and b is not None:
            t = next((i for i, k in enumerate(keys) if k in TEAM_NAME_COLUMNS and i not in (a, b)), None)
            columns, separator = (a, b, t), sep
            break
    body_start = index + 1 if columns is not None else index
    if separator is None:
        separator = next((c for c in SEPARATORS if len(_split(first_line, c) or []) >= 2), ",")
    a, b, t = columns or (0, 1, 2)
    rows: list[TeamRow] = []
    problems: list[CsvProblem] = []
    reader = csv.reader((line + "\n" for line in lines[body_start:]), delimiter=separator, strict=True)
    consumed = 0

    def cell(row: list[str], i: int | None) -> str:
        return " ".join(row[i].split()) if i is not None and i < len(row) else ""

    while True:
        start = body_start + consumed + 1  # the line (1 = the first) this record starts on
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error:
            problems.append(CsvProblem(start, "a quote mark is not closed, or closed in the middle of a field."))
            consumed = reader.line_num
            continue
        consumed = reader.line_num
        if not any(c.strip() for c in row):
            continue
        p1, p2, name = cell(row, a), cell(row, b), cell(row, t)
        if not p1 or not p2:
            problems.append(CsvProblem(start, "a team needs two player names"))
            continue
        before = len(problems)
        for what, value in (("player's name", p1), ("player's name", p2), ("team name", name)):
            _check_field(what, value, MAX_NAME, problems, start, False)
            if len(problems) > before:
                break
        if len(problems) == before:
            rows.append(TeamRow(start, p1, p2, name))
    return tuple(rows), tuple(problems)


# ---------------------------------------------------------------------------
# writing


def safe_cell(value: object) -> object:
    """A CSV cell that no spreadsheet runs as a formula.

    Text starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
    return gets a leading apostrophe (OWASP "CSV Injection"); ints and
    floats (not bools) are returned unchanged, so ``-3`` stays a number;
    ``None`` becomes ``""``.
    """
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    text = str(value)
    if text[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + text
    return text


def csv_text(rows: Iterable[Sequence[object]], *, line_end: str = "\n") -> str:
    """Rows as CSV text, every cell through :func:`safe_cell` (no byte-order mark)."""
    import io

    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator=line_end)
    for row in rows:
        writer.writerow([safe_cell(v) for v in row])
    return buf.getvalue()


def write_csv_file(path: str | os.PathLike, rows: Iterable[Sequence[object]]) -> None:
    """Write rows as an Excel-clean CSV file: UTF-8 with a byte-order mark,
    CRLF line ends, cells through :func:`safe_cell`. The file appears whole
    or not at all (written beside it, then renamed). Raises
    :class:`TournamentError` if it cannot be written."""
    target = Path(path)
    data = ("\ufeff" + csv_text(rows, line_end="\r\n")).encode("utf-8")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise TournamentError(f"Cannot write {target}: {exc.strerror or exc}. Nothing was saved.") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise TournamentError(f"Cannot write {target}: {exc.strerror or exc}. Nothing was saved.") from None
