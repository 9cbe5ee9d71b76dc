"""``euchre-tourney serve``: the server without the window (loopback only)."""

from __future__ import annotations

import datetime
import os
import queue
import signal
import subprocess
import sys
import threading
import urllib.request
from contextlib import contextmanager

import pytest

from euchre_tourney import tournament as T


WAIT = 60
"""Seconds any one wait on the server may take before the test fails (a
bound, not a delay: every wait returns as soon as what it waits for happens)."""


@contextmanager
def _serving(args, **popen):
    """``euchre-tourney serve ARGS`` as a child; yields ``(proc, lines)``
    where ``lines(n)`` returns its next ``n`` lines of output, failing the
    test after :data:`WAIT` s instead of blocking. The child is killed if
    it is still running when the block ends (a failed test leaves no server)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "euchre_tourney", "serve", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=os.environ | {"PYTHONUNBUFFERED": "1"}, **popen,
    )
    out: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(target=lambda: [out.put(line) for line in iter(proc.stdout.readline, "")] + [out.put("")],
                              daemon=True)
    reader.start()

    def lines(n: int) -> list[str]:
        got = []
        for _ in range(n):
            try:
                line = out.get(timeout=WAIT)
            except queue.Empty:
                pytest.fail(f"serve said nothing for {WAIT} s after {got}")
            if line == "":
                pytest.fail(f"serve ended (status {proc.wait(WAIT)}) after {got}: {proc.stderr.read()}")
            got.append(line)
        return got

    try:
        yield proc, lines
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(WAIT)
        reader.join(WAIT)


def _stopped(proc, sig) -> str:
    """Send ``sig`` and wait (at most :data:`WAIT` s) for the exit; returns stderr."""
    proc.send_signal(sig)
    try:
        proc.wait(WAIT)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail(f"serve did not stop on {sig.name} within {WAIT} s")
    return proc.stderr.read()


def _night(db_path, name: str) -> None:
    """An event ``name`` of 8 players, 2 rounds of 4 hands, its rotation made, in the file ``db_path``."""
    db = T.open_database(db_path)
    with db.session() as s:
        ids = [T.add_player(s, f"P{i}").id for i in range(8)]
        ev = T.create_event(s, name, datetime.date(2026, 3, 4), rounds=2, hands_per_round=4)
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=1)
    db.dispose()


@pytest.mark.sqlite_only
def test_serve_prints_the_tables_addresses_and_answers_until_interrupted(db_path):
    from euchre_tourney.web import free_port

    _night(db_path, "Serve night")
    port = free_port()
    with _serving(["Serve night", "--port", str(port), "--pin", "2468", "--database", str(db_path)]) as (proc, lines):
        first = lines(1)
        while first[-1] != "Press Ctrl+C to stop.\n":
            first += lines(1)
        assert len(first) == 5, first  # serving, 2 tables, ready for the room, Ctrl+C
        assert first[0].startswith(f"Serving “Serve night” at http://127.0.0.1:{port}/"), first
        table_1 = first[1].split(": ", 1)[1].strip()
        assert table_1.startswith(f"http://127.0.0.1:{port}/t/1?k=") and len(table_1.split("k=")[1]) >= 32
        with urllib.request.urlopen(table_1, timeout=WAIT) as r:
            assert "Table 1 · Round 1" in r.read().decode()
        err = _stopped(proc, signal.SIGINT)
        assert proc.returncode == 0, err
        assert lines(1) == ["Stopped.\n"]


def _ignore(*signals):
    """A ``preexec_fn``: the child starts with ``signals`` ignored, as a
    server started with ``&`` from a script or under ``nohup`` does."""

    def ignore() -> None:
        for sig in signals:
            signal.signal(sig, signal.SIG_IGN)

    return ignore


@pytest.mark.sqlite_only
@pytest.mark.parametrize("stop_with", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_serve_stops_on_a_signal_its_parent_passed_ignored(db_path, stop_with):
    """Issue 29 item 9: "Press Ctrl+C to stop" must be true even when the
    parent passed SIGINT (and SIGTERM) ignored: ``serve`` puts back the
    handling that stops it, says "Stopped." and exits 0. Waits on the
    process's exit (the timeout only guards against a hang)."""
    from euchre_tourney.web import free_port

    db = T.open_database(db_path)
    with db.session() as s:
        ids = [T.add_player(s, f"P{i}").id for i in range(4)]
        ev = T.create_event(s, "Ignored night", datetime.date(2026, 3, 4), rounds=1, hands_per_round=4)
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=1)
    db.dispose()
    port = free_port()
    with _serving(["Ignored night", "--port", str(port), "--database", str(db_path)],
                  preexec_fn=_ignore(signal.SIGINT, signal.SIGTERM)) as (proc, lines):
        while lines(1)[0] != "Press Ctrl+C to stop.\n":
            pass
        err = _stopped(proc, stop_with)  # the exit is what is waited for; the bound only guards against a hang
        assert proc.returncode == 0, err
        assert lines(1) == ["Stopped.\n"]


def test_serve_refuses_an_unknown_event(db_path):
    T.open_database(db_path).dispose()
    from euchre_tourney.cli import main

    assert main(["serve", "No such night", "--database", str(db_path)]) == 2


def test_serve_section_lists_that_sections_tables_and_refuses_an_unknown_one_in_words(db_path):
    """Issue 30 item 3: ``serve --section B`` lists section B's tables alone,
    each by the name the room uses ("B-1"); a section the night does not
    have is refused in a sentence naming the sections, nothing served."""
    import contextlib
    import io

    from euchre_tourney.cli import main
    from euchre_tourney.web import free_port
    from tests.split_nights import split_night

    db = T.open_database(db_path)
    with db.session() as s:
        split_night(s, 16, 8, rounds=1, name="Section night")
    db.dispose()
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(["serve", "Section night", "--section", "Z", "--database", str(db_path)]) == 2
    assert "no section 'Z'" in err.getvalue() and "A, B" in err.getvalue(), err.getvalue()
    port = free_port()
    with _serving(["Section night", "--section", "b", "--port", str(port), "--database", str(db_path)]) as (proc, lines):
        first = lines(1)
        while first[-1] != "Press Ctrl+C to stop.\n":
            first += lines(1)
        listed = [line.split(":", 1)[0].strip() for line in first if line.startswith("  table ")]
        assert listed == ["table B-1", "table B-2"], first
        assert any("section b: 2 tables listed" in line for line in first), first
        _stopped(proc, signal.SIGINT)


@pytest.mark.sqlite_only
def test_serve_sizes_itself_for_the_room_and_prints_the_address_the_codes_carry(db_path):
    from euchre_tourney.web import Capacity, free_port

    _night(db_path, "Big night")
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "euchre_tourney", "serve", "Big night", "--port", str(port), "--expected-players",
         "2000", "--url", "http://scores.club:8080", "--database", str(db_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=os.environ | {"PYTHONUNBUFFERED": "1"},
    )
    try:
        lines = []
        for line in iter(proc.stdout.readline, ""):
            lines.append(line)
            if line.startswith("Press Ctrl+C"):
                break
        assert lines[0].startswith("Serving “Big night” at http://scores.club:8080/"), lines
        assert lines[1].startswith("  table 1: http://scores.club:8080/t/1?k="), lines
        assert f"up to {Capacity.for_room(2000).streams} pages following" in "".join(lines)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/standings", timeout=30) as r:
            assert r.status == 200  # it listens where it was told, whatever address the codes carry
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
