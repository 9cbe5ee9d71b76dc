"""PDF reports for club night, drawn with reportlab.

* :func:`write_scorecards` – one scorecard per player (several per sheet);
* :func:`write_tally_sheets` – one tally sheet per round and table;
* :func:`write_rotation_chart` – the wall chart: every player's table and
  seat for every round (takes the same scorecard read models);
* :func:`write_team_cards`, :func:`write_team_tally_sheets`,
  :func:`write_team_chart` – the same three for a team event
  (:mod:`.team_cards`; the registry picks them for team events);
* :func:`write_standings` – the printed standings, players or teams
  (:mod:`.standings_sheet`);
* :func:`write_season_sheets`, :func:`write_player_page`,
  :func:`write_bracket`, :func:`write_bracket_large` – a season's sheets, a
  member's page and an elimination bracket (:mod:`.season_sheets`,
  :data:`SEASON_REPORTS`).

Inputs are the plain read models of :mod:`euchre_tourney.tournament.readmodels`;
nothing here touches Qt or the database.

Why reportlab's canvas rather than platypus (Paragraphs, Tables): the cards
are fixed forms with boxes to write in, so absolute positions are the natural
description, and drawing them directly is an order of magnitude faster than
laying out a Paragraph per cell (200 scorecards of 8 rounds take well under a
second). Text goes through :mod:`euchre_tourney.reports.fonts`, which picks a
font per run of characters (DejaVu Sans, with Droid Sans Fallback for CJK), so
names in any script print and extract from the PDF as typed.

Layout is declarative: each report lists its card sizes (cards per page and
the row heights they allow) in a table, densest first, and the shared
template in :mod:`euchre_tourney.reports.sheet` picks the first that gives
every row enough room to write in. Text that does not fit shrinks; only below
a legible minimum is it cut short with an ellipsis.

The tables' QR codes are encoded by segno (the phone pages' encoder) and
drawn as one filled path per code, kept as a PDF form per table and placed
on each of its sheets: reportlab's QR widget took 35 ms a code and drew
every module as its own shape (500 tables' sheets for one round: 18 s, now
the encoding's 9 ms each). A big report calls ``progress(done, total)``
after each page and stops when it raises :class:`Cancelled`; a report
written to a path appears whole or not at all (:meth:`Report.write`).

Every report is listed once in :data:`REPORTS` (:mod:`.registry`): name,
title, default file name and its writers; ``tournament.report_data`` gathers
each report's data under the same name (no session reaches this package). The command line and the main window both offer exactly those.

The writers are loaded on first use (``reports.write_scorecards`` works as
an attribute all the same): importing reportlab and the fonts is slow, and
the first screen needs none of it.
"""

from __future__ import annotations

from euchre_tourney.reports.registry import REPORTS, SEASON_REPORTS, Cancelled, Progress, Report, report


def __getattr__(name: str):
    # deferred on purpose: start-up time (reportlab is imported on first use)
    if name == "write_scorecards":
        from euchre_tourney.reports.scorecards import write_scorecards

        return write_scorecards
    if name == "write_tally_sheets":
        from euchre_tourney.reports.tally import write_tally_sheets

        return write_tally_sheets
    if name == "write_rotation_chart":
        from euchre_tourney.reports.rotation_chart import write_rotation_chart

        return write_rotation_chart
    if name in ("write_team_cards", "write_team_chart", "write_team_tally_sheets"):
        from euchre_tourney.reports import team_cards

        return getattr(team_cards, name)
    if name == "write_standings":
        from euchre_tourney.reports.standings_sheet import write_standings

        return write_standings
    if name in ("write_season_sheets", "write_player_page", "write_bracket", "write_bracket_large"):
        from euchre_tourney.reports import season_sheets

        return getattr(season_sheets, name)
    if name == "visual_order":
        from euchre_tourney.reports.fonts import visual_order

        return visual_order
    if name in ("layout_bracket", "bracket_columns", "bracket_height"):
        from euchre_tourney.reports import bracket_layout

        return getattr(bracket_layout, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "REPORTS",
    "SEASON_REPORTS",
    "Cancelled",
    "Progress",
    "Report",
    "report",
    "write_rotation_chart",
    "write_scorecards",
    "layout_bracket",
    "bracket_columns",
    "bracket_height",
    "write_bracket",
    "write_bracket_large",
    "write_player_page",
    "write_season_sheets",
    "write_standings",
    "write_tally_sheets",
    "write_team_cards",
    "write_team_chart",
    "write_team_tally_sheets",
]
