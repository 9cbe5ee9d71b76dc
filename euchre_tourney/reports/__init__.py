"""PDF reports for club night, drawn with reportlab.

* :func:`write_scorecards` – one scorecard per player (several per sheet);
* :func:`write_tally_sheets` – one tally sheet per round and table;
* :func:`write_rotation_chart` – the wall chart: every player's table and
  seat for every round (takes the same scorecard read models);
* :func:`write_team_cards`, :func:`write_team_tally_sheets`,
  :func:`write_team_chart` – the same three for a team event
  (:mod:`.team_cards`; the registry picks them for team events);
* :func:`write_standings` – the printed standings, players or teams
  (:mod:`.standings_sheet`).

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

Every report is listed once in :data:`REPORTS` (:mod:`.registry`): name,
title, default file name, the use case that gathers its data and its
writer. The command line and the main window both offer exactly those.

The writers are loaded on first use (``reports.write_scorecards`` works as
an attribute all the same): importing reportlab and the fonts is slow, and
the first screen needs none of it.
"""

from __future__ import annotations

import importlib

from euchre_tourney.reports.registry import REPORTS, SEASON_REPORTS, Report, report

_LAZY = {
    "write_scorecards": "euchre_tourney.reports.scorecards",
    "write_tally_sheets": "euchre_tourney.reports.tally",
    "write_rotation_chart": "euchre_tourney.reports.rotation_chart",
    "write_team_cards": "euchre_tourney.reports.team_cards",
    "write_team_chart": "euchre_tourney.reports.team_cards",
    "write_team_tally_sheets": "euchre_tourney.reports.team_cards",
    "write_standings": "euchre_tourney.reports.standings_sheet",
    "write_season_sheets": "euchre_tourney.reports.season_sheets",
    "write_player_page": "euchre_tourney.reports.season_sheets",
    "write_bracket": "euchre_tourney.reports.season_sheets",
    "layout_bracket": "euchre_tourney.reports.bracket_layout",
}


def __getattr__(name: str):
    # deferred on purpose: start-up time (reportlab is imported on first use)
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


__all__ = [
    "REPORTS",
    "SEASON_REPORTS",
    "Report",
    "report",
    "layout_bracket",
    "write_bracket",
    "write_player_page",
    "write_season_sheets",
    "write_rotation_chart",
    "write_scorecards",
    "write_standings",
    "write_tally_sheets",
    "write_team_cards",
    "write_team_chart",
    "write_team_tally_sheets",
]
