"""The web layer's one door to the data: every write goes through
:func:`run_write`, every read through :func:`run_read`.

:func:`run_write` runs the use case through the unit of work
(:func:`euchre_tourney.tournament.operate`), as the window does, with the
station named for the table ("table 3 (phone)") and no undo log: a phone's
hand is another station's change, so it reaches the director's window
through the station poll (:func:`~euchre_tourney.tournament.changes_since`),
not the director's undo stack.
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Callable
from typing import Any

from euchre_tourney import tournament
from euchre_tourney.tournament import Change, Database, DatabaseError, TournamentError, explain_error

log = logging.getLogger("euchre_tourney.web")


def _translated(call: Callable[[], Any], what: str) -> Any:
    try:
        return call()
    except DatabaseError as exc:
        log.warning("%s failed: %s (%s)", what, exc.message, exc.detail, exc_info=exc.__cause__)
        raise
    except TournamentError:
        raise
    except Exception as exc:
        explained = explain_error(exc)
        if explained is None:
            raise
        log.warning("%s failed: %s", what, explained.message, exc_info=exc)
        raise explained from exc


_write_locks: "weakref.WeakKeyDictionary[Database, threading.Lock]" = weakref.WeakKeyDictionary()
_locks_lock = threading.Lock()


def _writer(db: Database) -> threading.Lock | None:
    """SQLite takes one writer at a time and refuses (rather than waits for)
    a transaction that read before another committed: the server's writes to
    a SQLite file queue here instead. PostgreSQL needs no queue."""
    if not db.is_sqlite:
        return None
    with _locks_lock:
        return _write_locks.setdefault(db, threading.Lock())


def run_write(
    db: Database, label: str, use_case: Callable[..., Any], *args: Any, station: str, event_id: int | None = None,
    **kwargs: Any,
) -> tuple[Any, Change]:
    """Run the write ``use_case(session, *args, **kwargs)`` under ``station``;
    returns its result and the :class:`~euchre_tourney.tournament.Change`.
    Errors as ``TournamentError`` in words (nothing written)."""

    def call() -> tuple[Any, Change]:
        return tournament.operate(db, label, use_case, *args, event_id=event_id, station=station, **kwargs)

    lock = _writer(db)
    if lock is None:
        return _translated(call, label)
    with lock:
        return _translated(call, label)


def run_read(db: Database, use_case: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Run a read use case in its own session."""

    def call() -> Any:
        with db.session() as session:
            return use_case(session, *args, **kwargs)

    return _translated(call, getattr(use_case, "__name__", "read"))


def director_call(db: Database, use_case: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """A director's change from the window's phone dialog (settings, PIN, a
    re-issued code), under the window's own station name; returns the
    result."""
    return run_write(db, getattr(use_case, "__name__", "change"), use_case, *args, station=db.station, **kwargs)[0]


def table_url(base: str, table: int, secret: str) -> str:
    """The address a table's QR code carries: ``http://host:port/t/3?k=SECRET``."""
    return f"{base.rstrip('/')}/t/{table}?k={secret}"


def with_phone_links(db: Database, event_id: int, base_url: str, items: list) -> list:
    """Tally sheets with their table's QR address, or scorecards with the
    player's page (``phone_url``), for an event served at ``base_url``."""
    import dataclasses

    base = base_url.rstrip("/")
    secrets = director_call(db, tournament.table_secrets, event_id)
    out = []
    for item in items:
        if hasattr(item, "table") and item.table in secrets:
            out.append(dataclasses.replace(item, phone_url=table_url(base, item.table, secrets[item.table])))
        elif hasattr(item, "player_name") and getattr(item, "number", 0):
            out.append(dataclasses.replace(item, phone_url=f"{base}/player/{item.number}"))
        else:
            out.append(item)
    return out
