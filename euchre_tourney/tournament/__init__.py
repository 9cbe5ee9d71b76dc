"""The event's use cases, as functions over a session returning read models.

Each mutating function is one user action and commits before returning, so
nothing is lost if the laptop dies right after the screen says "saved".
Errors the director can fix raise :class:`TournamentError` with a sentence
saying why.

This package is the windows' only way to the data: it also hands out the
read models (:mod:`.readmodels`), the database handle (``Database``,
``open_database``, from :mod:`euchre_tourney.store`) and ``Cancelled``
(raised when the director cancels a rotation search).
"""

from euchre_tourney.rotation import Cancelled
from euchre_tourney.store import Database, open_database
from euchre_tourney.tournament.constraints import add_constraint, list_constraints, remove_constraint
from euchre_tourney.tournament.errors import (
    DatabaseError,
    DatabaseUnavailable,
    MigrationFailed,
    NewerDatabase,
    NotADatabase,
    NotFound,
    TournamentError,
)
from euchre_tourney.tournament.events import (
    SIT_OUT_RULES,
    create_event,
    delete_event,
    entrants,
    event_rules,
    find_event,
    get_event,
    list_events,
    set_checked_in,
    update_event,
)
from euchre_tourney.tournament.roster import (
    ImportReport,
    add_player,
    get_player,
    import_players_csv,
    list_players,
    parse_roster_csv,
    remove_player,
    restore_player,
    update_player,
)
from euchre_tourney.tournament.schedule import (
    generate_rotation,
    regenerate_rotation,
    replan_rotation,
    rotation_view,
    scorecards,
    tally_sheets,
)
from euchre_tourney.tournament.readmodels import (
    ConstraintView,
    EntrantView,
    EventView,
    HandView,
    PlayerRoundView,
    PlayerView,
    RotationView,
    RoundView,
    ScorecardView,
    StandingRow,
    StandingsView,
    TableScoreView,
    TableView,
    TallySheetView,
)
from euchre_tourney.tournament.scoring import (
    InvalidHand,
    correct_hand,
    delete_hand,
    record_hand,
    round_progress,
    table_score,
)
from euchre_tourney.tournament.standings import TIE_BREAKS, compute_standings, standings, standings_csv

__all__ = [
    "DatabaseError",
    "DatabaseUnavailable",
    "MigrationFailed",
    "NewerDatabase",
    "NotADatabase",
    "Cancelled",
    "ConstraintView",
    "Database",
    "EntrantView",
    "EventView",
    "HandView",
    "PlayerRoundView",
    "PlayerView",
    "RotationView",
    "RoundView",
    "ScorecardView",
    "StandingRow",
    "StandingsView",
    "TableScoreView",
    "TableView",
    "TallySheetView",
    "open_database",
    "SIT_OUT_RULES",
    "TIE_BREAKS",
    "ImportReport",
    "InvalidHand",
    "NotFound",
    "TournamentError",
    "add_constraint",
    "add_player",
    "compute_standings",
    "correct_hand",
    "create_event",
    "delete_event",
    "delete_hand",
    "entrants",
    "event_rules",
    "find_event",
    "generate_rotation",
    "get_event",
    "get_player",
    "import_players_csv",
    "list_constraints",
    "list_events",
    "list_players",
    "parse_roster_csv",
    "record_hand",
    "regenerate_rotation",
    "remove_constraint",
    "replan_rotation",
    "remove_player",
    "restore_player",
    "rotation_view",
    "round_progress",
    "scorecards",
    "set_checked_in",
    "standings",
    "standings_csv",
    "table_score",
    "tally_sheets",
    "update_event",
    "update_player",
]
