"""Each printable report's data, gathered here (reports only draw).

:func:`report_data` returns the read model one report draws, by the
report's name in :data:`euchre_tourney.reports.REPORTS`; a team event gets
its team form. The GUI and the command line gather through this in a
session of their own, then hand the read model to the report's writer: no
session ever reaches :mod:`euchre_tourney.reports`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlmodel import Session

from euchre_tourney.tournament.brackets import bracket_printout
from euchre_tourney.tournament.common import load_event
from euchre_tourney.tournament.errors import TournamentError
from euchre_tourney.tournament.phones import phone_sheet
from euchre_tourney.tournament.schedule import scorecards, tally_sheets
from euchre_tourney.tournament.ratings import player_page
from euchre_tourney.tournament.season import season_sheets
from euchre_tourney.tournament.standings import standings
from euchre_tourney.tournament.teams import team_printout, team_standings

__all__ = ["REPORT_DATA", "SEASON_REPORT_DATA", "report_data", "season_report_data"]


def _either(progressive: Callable[..., Any], team: Callable[[Session, int], Any]):
    def gather(session: Session, event_id: int, section: str | None = None) -> Any:
        kind = load_event(session, event_id).kind
        if kind == "team":
            if section is not None:
                raise TournamentError("A team event is not split into sections: print it whole.")
            return team(session, event_id)
        return progressive(session, event_id, section=section)

    gather.__doc__ = f"{progressive.__name__} (a team event: {team.__name__})"
    return gather


REPORT_DATA: dict[str, Callable[[Session, int], Any]] = {
    "scorecards": _either(scorecards, team_printout),
    "tally-sheets": _either(tally_sheets, team_printout),
    "rotation-chart": _either(scorecards, team_printout),
    "standings-sheet": _either(standings, team_standings),
    "phone-howto": phone_sheet,
}
"""Report name → its gatherer ``(session, event_id) -> read model``:
scorecards → :class:`ScorecardView` per player (team event:
:class:`TeamEventView`); tally sheets → :class:`TallySheetView` per table
and round (team: :class:`TeamEventView`); rotation chart → the scorecards;
standings sheet → :class:`StandingsView` (team: :class:`TeamStandingsView`);
how to enter hands from phones → :class:`PhoneSheetView` (either kind)."""


def report_data(session: Session, event_id: int, report: str, section: str | None = None) -> Any:
    """The read model the report called ``report`` draws, for the event;
    ``section`` ("B"): that section's scorecards, tally sheets, wall chart
    or standings alone (a night split into sections). :class:`TournamentError`
    when there is nothing to print yet (no rotation, no teams…), for an
    unknown report name, or a section filter on a report that has none."""
    gather = REPORT_DATA.get(report)
    if gather is None:
        raise TournamentError(f"There is no report called {report!r}: choose one of {', '.join(REPORT_DATA)}.")
    if section is None:
        return gather(session, event_id)
    if gather is phone_sheet:
        raise TournamentError("The phones' how-to sheet is the room's: print it without a section.")
    return gather(session, event_id, section)


SEASON_REPORT_DATA: dict[str, Callable[[Session, int], Any]] = {
    "season-sheets": season_sheets,
    "player-page": player_page,
    "bracket": bracket_printout,
    "bracket-large": bracket_printout,
}
"""The reports of :data:`euchre_tourney.reports.SEASON_REPORTS` → their
gatherer ``(session, id) -> read model``: season sheets → (standings,
nights played) of the season id; player page → (history, rating) of the
member id; bracket (either size) → :class:`BracketView` of the team event id."""


def season_report_data(session: Session, of: int, report: str) -> Any:
    """The read model the season report called ``report`` draws for ``of``
    (a season id, a member id or a team event id, as :data:`SEASON_REPORT_DATA`
    says). :class:`TournamentError` when there is nothing to print yet or
    for an unknown report name."""
    gather = SEASON_REPORT_DATA.get(report)
    if gather is None:
        raise TournamentError(f"There is no report called {report!r}: choose one of {', '.join(SEASON_REPORT_DATA)}.")
    return gather(session, of)
