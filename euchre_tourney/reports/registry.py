"""Every printable report, listed once: its name, title, default file name
and how it is built.

The command line (one subcommand per report, named :attr:`Report.name`) and
the main window (one *File* menu action per report) both read
:data:`REPORTS`, so they offer the same reports under the same names.

Why the use cases and writers are named instead of imported: importing
reportlab, the fonts and the database layer costs a noticeable part of a
second, and neither the first screen nor ``euchre-tourney --help`` needs
them; they are imported the first time a report is built.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, BinaryIO


@dataclass(frozen=True, slots=True)
class Report:
    """One printable report.

    * ``name`` -- its command-line subcommand and key (``"tally-sheets"``);
    * ``title`` -- what a person calls it (``"Table tally sheets"``);
    * ``menu_text`` -- the *File* menu entry, with its mnemonic;
    * ``help`` -- one line for ``--help`` and the status bar;
    * ``default_file`` -- the file name offered when saving;
    * ``use_case`` -- the name of the :mod:`~euchre_tourney.tournament` use
      case that returns the report's read models (see :meth:`gather`);
    * ``writer`` -- ``"module:function"`` of the reportlab writer,
      ``function(data, out, page_size=...)``;
    * ``team_writer`` -- the writer for a team event, whose data is
      ``tournament.team_printout`` (one
      :class:`~euchre_tourney.tournament.TeamEventView` for all team
      reports, unless ``team_use_case`` names another); "" when the report
      has no team form.
    """

    name: str
    title: str
    menu_text: str
    help: str
    default_file: str
    use_case: str
    writer: str
    team_writer: str = ""
    team_use_case: str = "team_printout"

    def gather(self, session: Any, event_id: int) -> Any:
        """The report's read models for the event: ``tournament.<use_case>(session,
        event_id)``, or ``tournament.team_printout`` for a team event. Raises
        :class:`~euchre_tourney.tournament.TournamentError` when there is
        nothing to print yet."""
        # deferred on purpose: start-up time (the database layer loads on first use)
        tournament = importlib.import_module("euchre_tourney.tournament")
        if self.team_writer and tournament.get_event(session, event_id).kind == "team":
            return getattr(tournament, self.team_use_case)(session, event_id)
        return getattr(tournament, self.use_case)(session, event_id)

    def write(self, data: Any, out: str | BinaryIO, *, page_size: str = "letter") -> None:
        """Write the PDF of ``data`` (what :attr:`gather` returned) to ``out``
        (a path or a binary file) on ``page_size`` (``"letter"`` or
        ``"a4"``). ``OSError`` if the file cannot be written."""
        team = self.team_writer and (getattr(data, "is_team", False) or type(data).__name__ == "TeamStandingsView")
        module, _, function = (self.team_writer if team else self.writer).partition(":")
        getattr(importlib.import_module(module), function)(data, out, page_size=page_size)

    def build(self, session: Any, event_id: int, out: str | BinaryIO, *, page_size: str = "letter") -> None:
        """Gather the event's data and write the PDF (:meth:`write`).
        ``TournamentError`` when there is nothing to print; ``OSError``."""
        self.write(self.gather(session, event_id), out, page_size=page_size)


REPORTS: tuple[Report, ...] = (
    Report(
        "scorecards",
        "Player scorecards",
        "Save &scorecards PDF…",
        "write the player scorecards PDF",
        "scorecards.pdf",
        "scorecards",
        "euchre_tourney.reports.scorecards:write_scorecards",
        "euchre_tourney.reports.team_cards:write_team_cards",
    ),
    Report(
        "tally-sheets",
        "Table tally sheets",
        "Save &tally sheets PDF…",
        "write the table tally sheets PDF",
        "tally-sheets.pdf",
        "tally_sheets",
        "euchre_tourney.reports.tally:write_tally_sheets",
        "euchre_tourney.reports.team_cards:write_team_tally_sheets",
    ),
    Report(
        "rotation-chart",
        "Rotation chart",
        "Save rotation &chart PDF…",
        "write the rotation chart PDF for the wall",
        "rotation-chart.pdf",
        "scorecards",
        "euchre_tourney.reports.rotation_chart:write_rotation_chart",
        "euchre_tourney.reports.team_cards:write_team_chart",
    ),
    Report(
        "standings-sheet",
        "Standings and prizes",
        "Save standin&gs and prizes PDF…",
        "write the standings and prize sheet PDF (players with the prizes, or teams at a team event)",
        "standings.pdf",
        "standings",
        "euchre_tourney.reports.standings_sheet:write_standings",
        "euchre_tourney.reports.standings_sheet:write_standings",
        "team_standings",
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
        "season_sheets",
        "euchre_tourney.reports.season_sheets:write_season_sheets",
    ),
    Report(
        "player-page",
        "Player page",
        "Save &PDF…",
        "write one member's history on one page",
        "player.pdf",
        "player_page",
        "euchre_tourney.reports.season_sheets:write_player_page",
    ),
    Report(
        "bracket",
        "Elimination bracket",
        "Bracket &PDF…",
        "write a team event's elimination bracket for the wall",
        "bracket.pdf",
        "bracket_printout",
        "euchre_tourney.reports.season_sheets:write_bracket",
    ),
    Report(
        "bracket-large",
        "Elimination bracket, large format",
        "Bracket &PDF…",
        "write the bracket on Tabloid (11 × 17 in) or A3",
        "bracket-large.pdf",
        "bracket_printout",
        "euchre_tourney.reports.season_sheets:write_bracket_large",
    ),
)
"""Reports of a season, a member or a bracket: :meth:`Report.gather` takes
the season id, the player id or the event id in place of the event id.
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


__all__ = ["REPORTS", "SEASON_REPORTS", "Report", "report"]
