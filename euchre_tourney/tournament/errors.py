"""The one exception the use cases raise for anything the director can fix.

:class:`TournamentError` is defined in :mod:`euchre_tourney.store.errors`
(the lowest layer that raises it) so that database failures
(:class:`DatabaseError` and its kinds) are ``TournamentError`` too and are
shown wherever a refusal is.
"""

from euchre_tourney.store import (
    DatabaseError,
    DatabaseUnavailable,
    MigrationFailed,
    NewerDatabase,
    NotADatabase,
    TournamentError,
)

__all__ = [
    "DatabaseError",
    "DatabaseUnavailable",
    "InvalidHand",
    "MigrationFailed",
    "NewerDatabase",
    "NotADatabase",
    "NotFound",
    "TournamentError",
]


class NotFound(TournamentError):
    """The player, event, round, table or hand asked for does not exist."""


class InvalidHand(TournamentError):
    """A hand that cannot be recorded, corrected or deleted; the message says why."""
