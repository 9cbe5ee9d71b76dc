"""Every printable report, listed once: its name, title, default file name
and its writers.

The command line (one subcommand per report, named :attr:`Report.name`) and
the main window (one *File* menu action per report) both read
:data:`REPORTS`, so they offer the same reports under the same names. Each
report's data is gathered by ``tournament`` under the same name
(``tournament.report_data(session, event_id, report.name)``, its
``REPORT_DATA``): this package only draws, and no database session reaches it.

The writers are named here directly, each a small function that imports its
drawing module when it is first called: importing reportlab and the fonts
costs a noticeable part of a second, and neither the first screen nor
``euchre-tourney --help`` needs them. (Naming ``tournament``'s gatherers
here would import the database layer at start-up too, which is why they
are listed there, under the same names.)
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from euchre_tourney.reports.progress import Cancelled, Progress

Writer = Callable[..., None]
"""``writer(data, out, *, page_size="letter", progress=None)``: draws
``data`` into ``out`` (a path or binary file); the big ones (scorecards,
tally sheets, chart) call ``progress`` (:data:`Progress`) after each page,
the small ones ignore it."""


def _scorecards(data: Any, out: Any, *, page_size: str = "letter", progress: Progress | None = None) -> None:
    from euchre_tourney.reports.scorecards import write_scorecards  # deferred on purpose: start-up time

    write_scorecards(data, out, page_size=page_size, progress=progress)


def _tally_sheets(data: Any, out: Any, *, page_size: str = "letter", progress: Progress | None = None) -> None:
    from euchre_tourney.reports.tally import write_tally_sheets  # deferred on purpose: start-up time

    write_tally_sheets(data, out, page_size=page_size, progress=progress)


def _rotation_chart(data: Any, out: Any, *, page_size: str = "letter", progress: Progress | None = None) -> None:
    from euchre_tourney.reports.rotation_chart import write_rotation_chart  # deferred on purpose: start-up time

    write_rotation_chart(data, out, page_size=page_size, progress=progress)


def _standings(data: Any, out: Any, *, page_size: str = "letter", progress: Progress | None = None) -> None:
    from euchre_tourney.reports.standings_sheet import write_standings  # deferred on purpose: start-up time

    write_standings(data, out, page_size=page_size)


def _team_cards(data: Any, out: Any, *, page_size: str = "letter", progress: Progress | None = None) -> None:
    from euchre_tourney.reports.team_cards import write_team_cards  # deferred on purpose: start-up time

    write_team_cards(data, out, page_size=page_size, progress=progress)


def _phone_howto(data: Any, out: Any, *, page_size: str = "letter", progress: Progress | None = None) -> None:
    from euchre_tourney.reports.phone_howto import write_phone_howto  # deferred on purpose: start-up time

    write_phone_howto(data, out, page_size=page_size)


def _team_tally_sheets(data: Any, out: Any, *, page_size: str = "letter", progress: Progress | None = None) -> None:
    from euchre_tourney.reports.team_cards import write_team_tally_sheets  # deferred on purpose: start-up time

    write_team_tally_sheets(data, out, page_size=page_size, progress=progress)


def _team_chart(data: Any, out: Any, *, page_size: str = "letter", progress: Progress | None = None) -> None:
    from euchre_tourney.reports.team_cards import write_team_chart  # deferred on purpose: start-up time

    write_team_chart(data, out, page_size=page_size)


def _season_sheets(data: Any, out: Any, *, page_size: str = "letter", progress: Progress | None = None) -> None:
    from euchre_tourney.reports.season_sheets import write_season_sheets  # deferred on purpose: start-up time

    write_season_sheets(data, out, page_size=page_size)


def _player_page(data: Any, out: Any, *, page_size: str = "letter", progress: Progress | None = None) -> None:
    from euchre_tourney.reports.season_sheets import write_player_page  # deferred on purpose: start-up time

    write_player_page(data, out, page_size=page_size)


def _bracket(data: Any, out: Any, *, page_size: str = "letter", progress: Progress | None = None) -> None:
    from euchre_tourney.reports.season_sheets import write_bracket  # deferred on purpose: start-up time

    write_bracket(data, out, page_size=page_size)


def _bracket_large(data: Any, out: Any, *, page_size: str = "letter", progress: Progress | None = None) -> None:
    from euchre_tourney.reports.season_sheets import write_bracket_large  # deferred on purpose: start-up time

    write_bracket_large(data, out, page_size=page_size)


@dataclass(frozen=True, slots=True)
class Report:
    """One printable report.

    * ``name`` -- its command-line subcommand and key (``"tally-sheets"``),
      also the name ``tournament.report_data`` gathers its data by;
    * ``title`` -- what a person calls it (``"Table tally sheets"``);
    * ``menu_text`` -- the *File* menu entry, with its mnemonic;
    * ``help`` -- one line for ``--help`` and the status bar;
    * ``default_file`` -- the file name offered when saving;
    * ``writer`` -- draws the progressive event's data (:data:`Writer`);
    * ``team_writer`` -- draws a team event's data (whose read model has
      ``is_team``); None when the report has no team form.
    """

    name: str
    title: str
    menu_text: str
    help: str
    default_file: str
    writer: Writer
    team_writer: Writer | None = None

    def write(self, data: Any, out: str | os.PathLike | BinaryIO, *, page_size: str = "letter",
              progress: Progress | None = None) -> None:
        """Write the PDF of ``data`` (what ``tournament.report_data`` gathered
        for this report) to ``out`` (a path or a binary file) on
        ``page_size`` (``"letter"`` or ``"a4"``); ``progress(done, total)``
        after each page of the big reports (:data:`Progress`).

        A path is written whole or not at all: the PDF is drawn into a
        temporary file beside it and renamed over ``path`` at the end, so a
        report stopped half-way (:class:`Cancelled`, a full disk, a bug)
        leaves neither half a file nor a changed old one. ``OSError`` if the
        file cannot be written; whatever ``progress`` raises comes out as is."""
        team = self.team_writer is not None and getattr(data, "is_team", False)
        writer = self.team_writer if team else self.writer
        if not isinstance(out, (str, os.PathLike)):
            writer(data, out, page_size=page_size, progress=progress)
            return
        path = Path(out)
        temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}.part")  # opened by the writer: the umask's mode
        try:
            writer(data, temporary, page_size=page_size, progress=progress)
            os.replace(temporary, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise


REPORTS: tuple[Report, ...] = (
    Report(
        "scorecards",
        "Player scorecards",
        "Save &scorecards PDF…",
        "write the player scorecards PDF",
        "scorecards.pdf",
        _scorecards,
        _team_cards,
    ),
    Report(
        "tally-sheets",
        "Table tally sheets",
        "Save &tally sheets PDF…",
        "write the table tally sheets PDF",
        "tally-sheets.pdf",
        _tally_sheets,
        _team_tally_sheets,
    ),
    Report(
        "rotation-chart",
        "Rotation chart",
        "Save rotation &chart PDF…",
        "write the rotation chart PDF for the wall",
        "rotation-chart.pdf",
        _rotation_chart,
        _team_chart,
    ),
    Report(
        "standings-sheet",
        "Standings and prizes",
        "Save standin&gs and prizes PDF…",
        "write the standings and prize sheet PDF (players with the prizes, or teams at a team event)",
        "standings.pdf",
        _standings,
        _standings,
    ),
    Report(
        "phone-howto",
        "How to enter your table's hands",
        "Save &how to enter hands from phones PDF…",
        "write the one page for the tables: how to enter the table's hands from a phone",
        "phone-howto.pdf",
        _phone_howto,
        _phone_howto,
    ),
)
"""The reports, in menu order."""


SEASON_REPORTS: tuple[Report, ...] = (
    Report(
        "season-sheets",
        "Season sheets",
        "Season &sheets PDF…",
        "write a season's standings, the members' nights played and the winners' certificates",
        "season.pdf",
        _season_sheets,
    ),
    Report(
        "player-page",
        "Player page",
        "Save &PDF…",
        "write one member's history on one page",
        "player.pdf",
        _player_page,
    ),
    Report(
        "bracket",
        "Elimination bracket",
        "Bracket &PDF…",
        "write a team event's elimination bracket for the wall",
        "bracket.pdf",
        _bracket,
    ),
    Report(
        "bracket-large",
        "Elimination bracket, large format",
        "Bracket &PDF…",
        "write the bracket on Tabloid (11 × 17 in) or A3",
        "bracket-large.pdf",
        _bracket_large,
    ),
)
"""Reports of a season, a member or a bracket: their data is gathered by
``tournament.season_report_data(session, id, report.name)`` (its
``SEASON_REPORT_DATA``), the id being the season's, the member's or the
team event's.
Offered by the Season page, the player page and the Teams page's Bracket
tab, not the *File* menu (which prints the current event)."""


def report(name: str) -> Report:
    """The report called ``name`` (:attr:`Report.name`, in :data:`REPORTS`
    or :data:`SEASON_REPORTS`). ``KeyError`` naming the known reports for
    any other name."""
    for r in REPORTS + SEASON_REPORTS:
        if r.name == name:
            return r
    raise KeyError(f"no report called {name!r}: choose one of {', '.join(r.name for r in REPORTS)}")


__all__ = ["REPORTS", "SEASON_REPORTS", "Cancelled", "Progress", "Report", "report"]
