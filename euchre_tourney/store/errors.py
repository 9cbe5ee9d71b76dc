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
import re


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
    ``"not-a-database"``, ``"cannot-open"``, ``"no-server"``, ``"refused"``
    (nothing listens at the port), ``"unknown-host"``,
    ``"unknown-database"``, ``"unknown-role"``, ``"bad-password"``,
    ``"no-permission"``, ``"conflict"``, ``"database"``); ``exit_code``: 1
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


class NotADatabaseURL(ValueError):
    """A ``--database`` value with ``://`` that is no URL (the text, its
    password hidden, says which)."""


_NOTHING_SAVED = "Nothing was saved."


_SECRET_IN_URL = re.compile(r"(?P<head>[A-Za-z][A-Za-z0-9+.-]*://[^/\s:@]*):(?P<secret>[^\s/]*)@")
_SECRET_IN_DSN = re.compile(r"(?P<head>\bpassword\s*=\s*)(?P<secret>'[^']*'|\S+)", re.IGNORECASE)


def hide_password(text: str) -> str:
    """``text`` (a database URL, or any message that may hold one) with
    every password replaced by ``***``: a URL SQLAlchemy can parse is
    rendered by it (``render_as_string(hide_password=True)``); anything else
    (a malformed URL, a message quoting one, a libpq ``password=…``) is
    masked by pattern (``scheme://user:***@``)."""
    text = str(text)
    if "://" in text and not any(c.isspace() for c in text.strip()):
        try:
            from sqlalchemy.engine import make_url

            return make_url(text.strip()).render_as_string(hide_password=True)
        except Exception:  # noqa: BLE001 - not parseable: masked by pattern below
            pass
    text = _SECRET_IN_URL.sub(lambda m: f"{m['head']}:***@", text)
    return _SECRET_IN_DSN.sub(lambda m: f"{m['head']}***", text)


# SQLSTATE (PostgreSQL's error codes, as psycopg's ``sqlstate`` gives them) → kind
_SQLSTATE_KINDS = {
    "3D000": "unknown-database",
    "28000": "unknown-role",  # invalid_authorization_specification: libpq's 'role "x" does not exist'
    "28P01": "bad-password",
    "55P03": "locked",  # lock_not_available (a lock timeout)
    "40P01": "locked",  # deadlock_detected
    "40001": "locked",  # serialization_failure
    "57014": "locked",  # query_canceled (a statement or lock timeout)
    "53100": "disk-full",
    "25006": "read-only",
    "42501": "no-permission",
}
# libpq's own words, for errors raised before there is a server to give a SQLSTATE
_MESSAGE_KINDS = (
    (("does not exist",), ("database",), "unknown-database"),
    (("does not exist",), ("role",), "unknown-role"),
    (("password authentication failed",), (), "bad-password"),
    (("no password supplied", "password is required"), (), "bad-password"),
    (("could not translate host name", "name or service not known", "nodename nor servname",
      "temporary failure in name resolution", "failed to resolve host", "no such host"), (), "unknown-host"),
    (("connection refused",), (), "refused"),
)


def _kind_of(orig: BaseException, text: str) -> str | None:
    state = getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None)
    if state:
        if state in _SQLSTATE_KINDS:
            return _SQLSTATE_KINDS[state]
        if state.startswith("08"):
            return "no-server"
        if state.startswith("23"):
            return "conflict"
    for needles, also, kind in _MESSAGE_KINDS:
        if any(n in text for n in needles) and all(a in text for a in also):
            return kind
    return None


def describe(exc: BaseException, where: str = "") -> DatabaseError:
    """Turn a driver or SQLAlchemy error (or an ``OSError`` of the disk)
    raised while using the database ``where`` (a path or server, named in the
    message when given, its password hidden) into a :class:`DatabaseError` in
    the director's words: what happened, that nothing was saved (each
    operation commits once, at its end), what to do. The raw text goes to
    ``detail`` only (passwords hidden there too); ``kind`` names the case.

    The case follows the driver's real error: PostgreSQL's SQLSTATE where
    the driver gives one (psycopg's ``sqlstate``: 3D000 unknown database,
    28000 unknown role, 28P01 wrong password, 55P03 a lock not granted…),
    else libpq's or SQLite's own message, the specific cases tested before
    the general "the server does not answer". The one translation of
    database failures, used by the store, the GUI's error handling and the
    command line."""
    orig = getattr(exc, "orig", None) or exc
    raw = hide_password(str(orig).strip())
    text = raw.lower()
    where = hide_password(where) if where else ""
    if isinstance(orig, OSError) and orig.errno is not None:
        text += {errno.ENOSPC: " disk is full", errno.EACCES: " read-only", errno.EPERM: " read-only",
                 errno.EROFS: " read-only"}.get(orig.errno, "")
    first = raw.splitlines()[0] if raw else type(orig).__name__
    db = f"The database {where}" if where else "The database"
    server = f"The database server {where}" if where else "The database server"
    kind = _kind_of(orig, text)
    if kind == "unknown-database":
        return DatabaseUnavailable(
            f"{server} has no database of that name. {_NOTHING_SAVED} "
            "Check the name after the last “/” of the address, or ask for the database to be created.",
            raw,
            kind,
        )
    if kind == "unknown-role":
        return DatabaseUnavailable(
            f"{server} does not know that user name. {_NOTHING_SAVED} "
            "Check the user name before the “@” of the address.",
            raw,
            kind,
        )
    if kind == "bad-password":
        return DatabaseUnavailable(
            f"{server} refused the password for that user. {_NOTHING_SAVED} Check the password and try again.",
            raw,
            kind,
        )
    if kind == "unknown-host":
        return DatabaseUnavailable(
            f"The database server's name in {where or 'the address'} cannot be found on the network. "
            f"{_NOTHING_SAVED} Check the spelling of the host name, or use its IP address.",
            raw,
            kind,
        )
    if kind == "refused":
        return DatabaseUnavailable(
            f"{server} does not answer at that port: nothing is listening there (connection refused). "
            f"{_NOTHING_SAVED} Check the port number in the address and that the server is running.",
            raw,
            kind,
        )
    if kind == "no-permission":
        return DatabaseUnavailable(
            f"{db} does not let this user make that change. {_NOTHING_SAVED} Ask for write permission.",
            raw,
            kind,
        )
    if kind == "read-only" or (kind is None and (
        "readonly database" in text or "read-only" in text or "read only" in text or "permission denied" in text
    )):
        return DatabaseUnavailable(
            f"{db} cannot be written: the file or its folder is read-only. {_NOTHING_SAVED} "
            "Copy it to a folder you can write to, or ask for write permission.",
            raw,
            "read-only",
        )
    if kind == "locked" or (kind is None and ("locked" in text or "busy" in text or "deadlock" in text)):
        return DatabaseUnavailable(
            f"{db} is busy: another program or station is using it. {_NOTHING_SAVED} "
            "Wait a moment and try again; if it stays busy, close the other program.",
            raw,
            "locked",
        )
    if kind == "disk-full" or "disk is full" in text or "database or disk is full" in text or "no space" in text:
        where_disk = f"holding {where} " if where else ""
        return DatabaseUnavailable(
            f"The disk {where_disk}is full. {_NOTHING_SAVED} Free some space and try again.", raw, "disk-full"
        )
    if kind is None and (
        "not a database" in text or "malformed" in text or "disk i/o" in text or "file is encrypted" in text
    ):
        return NotADatabase(
            f"{db} is damaged or is not a Euchre Tourney database. {_NOTHING_SAVED} Open a backup copy instead.",
            raw,
            "not-a-database",
        )
    if kind is None and "unable to open" in text:
        return DatabaseUnavailable(
            f"{db} cannot be opened (the file or its folder cannot be reached). {_NOTHING_SAVED}", raw, "cannot-open"
        )
    if kind == "no-server" or (kind is None and (
        "could not connect" in text
        or "connection failed" in text
        or "server closed the connection" in text
        or "terminating connection" in text
        or "connection is closed" in text
        or "timeout" in text
    )):
        return DatabaseUnavailable(
            f"{server} does not answer. {_NOTHING_SAVED} "
            "Check the network and that the server is running, then try again.",
            raw,
            "no-server",
        )
    if kind == "conflict" or (kind is None and (
        "unique" in text or "duplicate key" in text or "foreign key" in text or "constraint" in text
    )):
        return DatabaseError(
            "The database refused the change: it conflicts with what is already stored "
            f"(perhaps another station or window changed it a moment ago). {_NOTHING_SAVED} Refresh and try again.",
            raw,
            "conflict",
        )
    return DatabaseError(f"{db} reported a problem ({first}). {_NOTHING_SAVED}", raw)
