"""The one exception the use cases raise for anything the director can fix,
and :func:`explain_error`, which turns a database or disk error into one.

:class:`TournamentError` is defined in :mod:`euchre_tourney.store.errors`
(the lowest layer that raises it) so that database failures
(:class:`DatabaseError` and its kinds) are ``TournamentError`` too and are
shown wherever a refusal is.
"""

from euchre_tourney.store import (
    DatabaseError,
    describe,
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
    "StorageError",
    "TournamentError",
    "explain_error",
]


class NotFound(TournamentError):
    """The player, event, round, table or hand asked for does not exist."""


StorageError = DatabaseError
"""A database or disk problem told in the director's words (the store's
:class:`~euchre_tourney.store.DatabaseError`, with its ``kind``)."""


def explain_error(exc: BaseException) -> TournamentError | None:
    """The director's sentence for an exception, or ``None`` if it is
    unexpected (a bug, for the error dialog and the log).

    A :class:`TournamentError` is returned as it is. A database error
    (SQLAlchemy's, or the drivers' own ``sqlite3`` / ``psycopg`` errors) and an
    ``OSError`` of the disk become the store's :class:`DatabaseError`
    (``euchre_tourney.store.describe``: what happened, that nothing was saved,
    what to do); the database's own text stays in ``detail`` and on the
    exception's ``__cause__`` for the log. Used by the GUI's ``AppContext.run``
    and the error dialog."""
    if isinstance(exc, TournamentError):
        return exc
    modules = {cls.__module__.split(".")[0] for cls in type(exc).__mro__}
    if isinstance(exc, OSError) or modules & {"sqlalchemy", "sqlite3", "psycopg", "psycopg2"}:
        return describe(exc)
    return None


class InvalidHand(TournamentError):
    """A hand that cannot be recorded, corrected or deleted; the message says why."""
