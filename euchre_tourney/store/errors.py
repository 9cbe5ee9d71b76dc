"""The errors a director is told about, and database failures said in their words.

:class:`TournamentError` is the one refusal the windows and the command line
show as a sentence. It lives here, in the lowest layer that raises it, so
that a database failure (:class:`DatabaseError`) *is* a ``TournamentError``:
every ``except TournamentError`` that shows "Not saved: …" shows it too.
``euchre_tourney.tournament`` re-exports it.

Each :class:`DatabaseError` says what happened, whether anything was saved
and what to do; ``detail`` keeps the driver's own text (for a *Copy
details* button or a log), never shown as the message. ``exit_code`` is the
command line's status: 2 when the user named something that is not a usable
database (bad input), 1 when the machine or server is in the way
(environment).
"""

from __future__ import annotations

import errno


class TournamentError(ValueError):
    """A refused action. ``str(exc)`` / ``exc.message`` is a sentence for the
    director saying why (e.g. "Round 9 does not exist: this event has 8 rounds.")."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class DatabaseError(TournamentError):
    """The database could not do what was asked. ``message``: for the
    director; ``detail``: the driver's text (may be empty); ``kind``: the
    case, for programs (``"locked"``, ``"read-only"``, ``"disk-full"``,
    ``"not-a-database"``, ``"cannot-open"``, ``"no-server"``,
    ``"refused-login"``, ``"conflict"``, ``"database"``); ``exit_code``: 1
    (environment) unless a subclass says otherwise."""

    exit_code = 1

    def __init__(self, message: str, detail: str = "", kind: str = "database") -> None:
        super().__init__(message)
        self.detail = detail
        self.kind = kind


class NotADatabase(DatabaseError):
    """The path names no usable Euchre Tourney database: a folder, a missing
    file or folder, an empty, damaged or truncated file, random bytes, another
    program's database. The file is left exactly as it was (exit status 2)."""

    exit_code = 2


class DatabaseUnavailable(DatabaseError):
    """The database exists but cannot be used now: locked by another
    program, read-only, a full disk, a server that does not answer."""


class NewerDatabase(DatabaseError):
    """The database was written by a newer version of the app (its schema
    revision is unknown here); refused and left untouched."""


class MigrationFailed(DatabaseError):
    """The start-up upgrade of the schema failed; the database was left as it
    was (the upgrade is one transaction). ``backup``: the copy taken before."""

    def __init__(self, message: str, detail: str = "", backup=None) -> None:
        super().__init__(message, detail, "migration")
        self.backup = backup


_NOTHING_SAVED = "Nothing was saved."


def describe(exc: BaseException, where: str = "") -> DatabaseError:
    """Turn a driver or SQLAlchemy error (or an ``OSError`` of the disk)
    raised while using the database ``where`` (a path or server, named in the
    message when given) into a :class:`DatabaseError` in the director's
    words: what happened, that nothing was saved (each use case commits once,
    at its end), what to do. The raw text goes to ``detail`` only; ``kind``
    names the case. The one translation of database failures, used by the
    store, the GUI's error handling and the command line."""
    orig = getattr(exc, "orig", None) or exc
    raw = str(orig).strip()
    text = raw.lower()
    if isinstance(orig, OSError) and orig.errno is not None:
        text += {errno.ENOSPC: " disk is full", errno.EACCES: " read-only", errno.EPERM: " read-only",
                 errno.EROFS: " read-only"}.get(orig.errno, "")
    first = raw.splitlines()[0] if raw else type(orig).__name__
    db = f"The database {where}" if where else "The database"
    if "readonly database" in text or "read-only" in text or "read only" in text or "permission denied" in text:
        return DatabaseUnavailable(
            f"{db} cannot be written: the file or its folder is read-only. {_NOTHING_SAVED} "
            "Copy it to a folder you can write to, or ask for write permission.",
            raw,
            "read-only",
        )
    if "locked" in text or "busy" in text or "deadlock" in text:
        return DatabaseUnavailable(
            f"{db} is busy: another program or station is using it. {_NOTHING_SAVED} "
            "Wait a moment and try again; if it stays busy, close the other program.",
            raw,
            "locked",
        )
    if "disk is full" in text or "database or disk is full" in text or "no space" in text:
        where_disk = f"holding {where} " if where else ""
        return DatabaseUnavailable(
            f"The disk {where_disk}is full. {_NOTHING_SAVED} Free some space and try again.", raw, "disk-full"
        )
    if "not a database" in text or "malformed" in text or "disk i/o" in text or "file is encrypted" in text:
        return NotADatabase(
            f"{db} is damaged or is not a Euchre Tourney database. {_NOTHING_SAVED} Open a backup copy instead.",
            raw,
            "not-a-database",
        )
    if "unable to open" in text:
        return DatabaseUnavailable(
            f"{db} cannot be opened (the file or its folder cannot be reached). {_NOTHING_SAVED}", raw, "cannot-open"
        )
    if (
        "could not connect" in text
        or "connection refused" in text
        or "connection failed" in text
        or "server closed the connection" in text
        or "terminating connection" in text
        or "connection is closed" in text
        or "timeout" in text
    ):
        server = f"The database server {where}" if where else "The database server"
        return DatabaseUnavailable(
            f"{server} does not answer. {_NOTHING_SAVED} "
            "Check the network and that the server is running, then try again.",
            raw,
            "no-server",
        )
    if "password authentication" in text or "role" in text and "does not exist" in text:
        server = f"The database server {where}" if where else "The database server"
        return DatabaseUnavailable(f"{server} refused the user name or password. {_NOTHING_SAVED}", raw, "refused-login")
    if "unique" in text or "duplicate key" in text or "foreign key" in text or "constraint" in text:
        return DatabaseError(
            "The database refused the change: it conflicts with what is already stored "
            f"(perhaps another station or window changed it a moment ago). {_NOTHING_SAVED} Refresh and try again.",
            raw,
            "conflict",
        )
    return DatabaseError(f"{db} reported a problem ({first}). {_NOTHING_SAVED}", raw)
