"""The one exception the use cases raise for anything the director can fix,
and :func:`explain_error`, which turns a database or disk error into one."""


class TournamentError(ValueError):
    """A refused action. ``str(exc)`` / ``exc.message`` is a sentence for the
    director saying why (e.g. "Round 9 does not exist: this event has 8 rounds.")."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(TournamentError):
    """The player, event, round, table or hand asked for does not exist."""


class StorageError(TournamentError):
    """A database or disk problem, told in the director's words by
    :func:`explain_error`: what happened, whether anything was saved, what to
    do. ``kind`` names the case for programs (``"locked"``, ``"read-only"``,
    ``"disk-full"``, ``"not-a-database"``, ``"cannot-open"``,
    ``"already-recorded"``, ``"conflict"``, ``"io"``, ``"database"``)."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message)
        self.kind = kind


_NOTHING_SAVED = "Nothing was saved."

_OPERATIONAL = (
    # (words in the driver's message, kind, what happened, what to do)
    (
        ("database is locked", "database table is locked", "lock timeout", "could not obtain lock", "deadlock"),
        "locked",
        "The database is busy: another program, or another copy of Euchre Tourney, is writing to it.",
        "Wait a moment and try again; if it keeps happening, close the other program.",
    ),
    (
        ("readonly database", "read-only", "read only", "permission denied"),
        "read-only",
        "The database file cannot be written: it, or its folder or disk, is read-only.",
        "Copy the file to a folder you can write to (e.g. Documents) and open that copy, "
        "or ask whoever set up this computer.",
    ),
    (
        ("database or disk is full", "disk is full", "no space left", "disk full", "could not extend file"),
        "disk-full",
        "The disk is full.",
        "Free some space (empty the recycle bin, delete old files) and try again.",
    ),
    (
        ("file is not a database", "file is encrypted", "database disk image is malformed", "not a database"),
        "not-a-database",
        "The database file is damaged or is not a Euchre Tourney database.",
        "Open another database file; if Euchre Tourney made a backup copy beside it, you can open that.",
    ),
    (
        ("unable to open database file", "could not connect", "connection refused", "server closed the connection",
         "connection to server", "terminating connection"),
        "cannot-open",
        "The database cannot be reached (the file's folder is missing or the database server is not answering).",
        "Check that the disk or network is there and try again.",
    ),
    (
        ("disk i/o error", "input/output error"),
        "io",
        "The disk reported an error while writing.",
        "Try again; if it keeps happening, copy the database file to another disk.",
    ),
)


def explain_error(exc: BaseException) -> TournamentError | None:
    """The director's sentence for an exception, or ``None`` if it is unexpected (a bug).

    A :class:`TournamentError` is returned as it is. SQLAlchemy's
    ``OperationalError`` / ``IntegrityError`` / ``DatabaseError`` (and the
    drivers' own ``sqlite3`` / ``psycopg`` errors), and ``OSError`` for a full
    or read-only disk, become a :class:`StorageError` saying what happened,
    that nothing was saved (each use case commits once, at its end, so a
    failure means its transaction was rolled back) and what to do. The
    database's own text never reaches the director; it stays on the
    exception's ``__cause__`` for the log. Used by the GUI's
    ``AppContext.run`` and by the command line.
    """
    if isinstance(exc, TournamentError):
        return exc
    text = " ".join(str(getattr(exc, "orig", None) or exc).split()).casefold()
    names = {cls.__name__ for cls in type(exc).__mro__}
    if "IntegrityError" in names:
        if "hand" in text and ("unique" in text or "duplicate" in text):
            return StorageError(
                "This hand was recorded a moment ago from another window or station. "
                f"{_NOTHING_SAVED} Look at the table's hands again and correct that hand if it is wrong.",
                "already-recorded",
            )
        return StorageError(
            "This change clashes with something stored a moment ago (from another window or station). "
            f"{_NOTHING_SAVED} Look at the page again and redo the change if it is still needed.",
            "conflict",
        )
    if names & {"OperationalError", "DatabaseError", "InterfaceError", "InternalError", "ProgrammingError"} or (
        isinstance(exc, OSError)
    ):
        if isinstance(exc, OSError):
            import errno

            if exc.errno == errno.ENOSPC:
                text = "disk full"
            elif exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
                text = "read-only"
        for words, kind, what, todo in _OPERATIONAL:
            if any(w in text for w in words):
                return StorageError(f"{what} {_NOTHING_SAVED} {todo}", kind)
        if isinstance(exc, OSError) or "DatabaseError" in names or "OperationalError" in names:
            return StorageError(
                f"The database reported a problem. {_NOTHING_SAVED} Try again; if it keeps happening, "
                "close Euchre Tourney, open it again, and tell whoever looks after it.",
                "database",
            )
    return None
