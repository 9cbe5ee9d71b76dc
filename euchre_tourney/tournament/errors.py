"""The one exception the use cases raise for anything the director can fix,
and :func:`explain_error`, which turns a database or disk error into one.

:class:`TournamentError` is defined in :mod:`euchre_tourney.store.errors`
(the lowest layer that raises it) so that database failures
(:class:`DatabaseError` and its kinds) are ``TournamentError`` too and are
shown wherever a refusal is.
"""

import logging
from dataclasses import dataclass

from euchre_tourney.store import (
    DatabaseError,
    describe,
    hide_password,
    DatabaseUnavailable,
    MigrationFailed,
    NewerDatabase,
    NotADatabase,
    NotADatabaseURL,
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
    "Failure",
    "LogFormatter",
    "failure",
    "EXIT_USAGE",
    "EXIT_ENVIRONMENT",
]

EXIT_USAGE = 2
"""Exit status when the user named something unusable (a bad argument, a path that is not a database)."""
EXIT_ENVIRONMENT = 1
"""Exit status when the machine or the server is in the way, or for a bug."""


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


@dataclass(frozen=True)
class Failure:
    """What to do with an exception that ends an action (:func:`failure`).

    ``message``: for a person (one or more sentences, no traceback, no SQL,
    no password); ``level``: the :mod:`logging` level it is logged at
    (``INFO`` for a refusal the director can fix, ``WARNING`` for a database
    or disk problem, ``ERROR`` for a bug); ``exit_code``: the command line's
    status (:data:`EXIT_USAGE` or :data:`EXIT_ENVIRONMENT`); ``kind``:
    ``"refused"`` (a :class:`TournamentError`), a
    :class:`DatabaseError`'s own kind (``"unknown-database"``, ``"locked"``…),
    ``"malformed-url"``, ``"interrupted"`` or ``"bug"``; ``detail``: the
    driver's text for the log (password hidden), "" if none."""

    message: str
    level: int
    exit_code: int
    kind: str
    detail: str = ""

    @property
    def unexpected(self) -> bool:
        return self.kind == "bug"

    def log(self, exc: BaseException, doing: str = "", logger: logging.Logger | None = None) -> None:
        """Write it to the app's log (``euchre_tourney``): the message, the
        driver's detail and, for a database problem or a bug, the traceback
        (the log file's :class:`LogFormatter` hides passwords in it)."""
        logger = logger or logging.getLogger("euchre_tourney")
        where = f"{doing}: " if doing else ""
        detail = f" ({self.detail})" if self.detail else ""
        trace = exc if self.level >= logging.WARNING else None
        if trace is not None and trace.__cause__ is not None and isinstance(exc, DatabaseError):
            trace = trace.__cause__
        logger.log(
            self.level,
            "%s%s%s",
            where,
            hide_password(self.message),
            hide_password(detail),
            exc_info=(type(trace), trace, trace.__traceback__) if trace is not None else None,
        )


def failure(exc: BaseException) -> Failure:
    """The one translation of any exception into what a person is told, the
    log level, the exit status and the kind (see :class:`Failure`). Used by
    the GUI's dialogs (``gui/errors.py``), ``AppContext.run`` and the
    command line's ``_fail``.

    A refusal (:class:`TournamentError`) keeps its sentence; a database or
    disk error becomes the store's :class:`DatabaseError` sentence
    (:func:`explain_error`); a malformed database URL (the ``ValueError``
    of :func:`~euchre_tourney.store.database_url`) says so with its password
    hidden; anything else is a bug: its type and text (passwords hidden),
    logged with its traceback."""
    if isinstance(exc, KeyboardInterrupt):
        return Failure("interrupted", logging.INFO, EXIT_ENVIRONMENT, "interrupted")
    explained = explain_error(exc)
    if isinstance(explained, DatabaseError):
        return Failure(
            hide_password(explained.message), logging.WARNING, explained.exit_code, explained.kind,
            hide_password(explained.detail),
        )
    if explained is not None:
        return Failure(hide_password(explained.message), logging.INFO, EXIT_USAGE, "refused")
    if isinstance(exc, NotADatabaseURL):
        return Failure(
            f"{hide_password(str(exc))}. Check the --database value.", logging.WARNING, EXIT_USAGE, "malformed-url"
        )
    return Failure(
        f"unexpected {type(exc).__name__}: {hide_password(str(exc))}", logging.ERROR, EXIT_ENVIRONMENT, "bug"
    )


class LogFormatter(logging.Formatter):
    """The log's format, with every password hidden (:func:`hide_password`)
    in the whole record: message, arguments and traceback."""

    def format(self, record: logging.LogRecord) -> str:
        return hide_password(super().format(record))
