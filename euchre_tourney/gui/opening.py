"""Opening the club's file for the window, without Qt and without importing
the database layer at import time (start-up time: the window is shown
first). Below :mod:`~euchre_tourney.gui.app` and
:mod:`~euchre_tourney.gui.main_window`, which both use it."""

from __future__ import annotations

from pathlib import Path


def describe_target(database: str | None) -> str:
    """The database as the status bar names it while opening: the path or
    URL given (a URL's password hidden), else the default file."""
    if database is None:
        import os

        database = os.environ.get("EUCHRE_TOURNEY_DATABASE") or None
    if database is None:  # store.default_database_path, without importing the database layer
        import platformdirs

        return str(Path(platformdirs.user_data_dir("euchre-tourney", appauthor=False)) / "euchre_tourney.sqlite")
    if "://" in database:
        scheme, _, rest = database.partition("://")
        if "@" in rest.split("/", 1)[0]:
            credentials, _, host = rest.partition("@")
            rest = f"{credentials.split(':', 1)[0]}@{host}"
        return f"{scheme}://{rest}"
    return database


def open_or_explain(database: str | None):
    """``(db, None)`` with the open database, or ``(None, sentence)`` saying
    why it cannot be opened: the same checks and sentences as the command
    line (a folder, a missing folder, an empty, random, truncated, locked or
    read-only file, another program's or a newer version's database, a
    server that does not answer, a malformed URL), the file left untouched.
    Safe to call from a background thread (no Qt)."""
    from euchre_tourney.tournament import failure, open_database  # deferred on purpose: start-up time

    try:
        return open_database(database), None
    except Exception as exc:  # noqa: BLE001 - every failure in words (the one failure path), never a traceback
        found = failure(exc)
        found.log(exc, "opening the database")
        message = found.message
        if found.unexpected:
            message = f"The database could not be opened ({message.removeprefix('unexpected ')})."
        return None, message
