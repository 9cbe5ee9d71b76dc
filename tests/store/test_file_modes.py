"""The club's files are the director's alone (issue 29, item 3): the
database file, its backups and the log are created readable and writable
by their owner only (0600), whatever the process's umask lets through."""

from __future__ import annotations

import os
import stat
import sys

import pytest

from euchre_tourney.store import open_database
from euchre_tourney.store import safety

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")


@pytest.fixture(autouse=True)
def lax_umask():
    """The usual desktop umask (022): files are world-readable unless the app says otherwise."""
    old = os.umask(0o022)
    yield
    os.umask(old)


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_a_new_database_file_and_its_journal_are_the_owners_only(tmp_path):
    path = tmp_path / "club.sqlite"
    db = open_database(path)
    try:
        from euchre_tourney import tournament as T

        with db.session() as s:
            T.add_player(s, "Ann")
        assert mode(path) == 0o600
        for extra in (tmp_path / "club.sqlite-wal", tmp_path / "club.sqlite-shm"):
            if extra.exists():
                assert mode(extra) == 0o600, extra
    finally:
        db.dispose()


def test_backups_are_the_owners_only(tmp_path):
    path = tmp_path / "club.sqlite"
    db = open_database(path)
    try:
        copy = db.backup("before import")
    finally:
        db.dispose()
    assert copy is not None and mode(copy) == 0o600
    kept = safety.backup_once(path, "0002")
    assert mode(kept) == 0o600


def test_the_log_and_its_rotated_files_are_the_owners_only(tmp_path):
    import logging

    from euchre_tourney.gui import errors

    errors.uninstall()
    path = errors.install(tmp_path / "logs")
    try:
        assert path is not None and mode(path) == 0o600
        handler = next(h for h in logging.getLogger("euchre_tourney").handlers
                       if isinstance(h, logging.handlers.RotatingFileHandler))
        handler.doRollover()
        logging.getLogger("euchre_tourney").info("after the rollover")
        assert mode(path) == 0o600
        assert mode(str(path) + ".1") == 0o600
    finally:
        errors.uninstall()
