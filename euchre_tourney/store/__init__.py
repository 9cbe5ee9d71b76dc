"""Persistence: sqlmodel tables, engine/session factory, Alembic migrations.

Why sqlmodel + Alembic: typed tables that are plain SQLAlchemy underneath, so
the same code runs on the embedded SQLite file and on PostgreSQL; schema
changes are versioned migrations (batch mode on SQLite) run at start-up after
a backup copy of the file.
"""

from euchre_tourney.store.db import Database, database_url, default_database_path, default_station, open_database
from euchre_tourney.store.errors import (
    DatabaseError,
    DatabaseUnavailable,
    MigrationFailed,
    NewerDatabase,
    NotADatabase,
    NotADatabaseURL,
    TournamentError,
    describe,
    hide_password,
)
from euchre_tourney.store.rules_column import rules_of, set_rules, set_table_rules, table_rules_of
from euchre_tourney.store.models import (
    Bracket,
    BracketMatch,
    ClubSettings,
    Entrant,
    Event,
    EventConstraint,
    EventRound,
    Hand,
    HandAudit,
    MailRecord,
    PhoneAction,
    PhoneSettings,
    Player,
    RoundTimer,
    Season,
    SeasonEvent,
    Seating,
    SitOut,
    TableResult,
    TableSecret,
    Team,
    TeamGame,
)

__all__ = [
    "DatabaseError",
    "DatabaseUnavailable",
    "MigrationFailed",
    "NewerDatabase",
    "NotADatabase",
    "NotADatabaseURL",
    "TournamentError",
    "default_station",
    "describe",
    "hide_password",
    "Bracket",
    "BracketMatch",
    "ClubSettings",
    "MailRecord",
    "Season",
    "SeasonEvent",
    "Database",
    "Entrant",
    "Event",
    "EventConstraint",
    "EventRound",
    "Hand",
    "HandAudit",
    "PhoneAction",
    "PhoneSettings",
    "Player",
    "Seating",
    "SitOut",
    "RoundTimer",
    "TableResult",
    "TableSecret",
    "Team",
    "TeamGame",
    "database_url",
    "default_database_path",
    "open_database",
    "rules_of",
    "set_rules",
    "set_table_rules",
    "table_rules_of",
]
