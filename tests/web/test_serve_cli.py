"""``euchre-tourney serve``: the server without the window (loopback only)."""

from __future__ import annotations

import datetime
import os
import signal
import subprocess
import sys
import urllib.request

import pytest

from euchre_tourney import tournament as T


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
    proc = subprocess.Popen(
        [sys.executable, "-m", "euchre_tourney", "serve", "Serve night", "--port", str(port), "--pin", "2468",
         "--database", str(db_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=os.environ | {"PYTHONUNBUFFERED": "1"},
    )
    try:
        lines = [proc.stdout.readline() for _ in range(4)]
        assert lines[0].startswith(f"Serving “Serve night” at http://127.0.0.1:{port}/"), lines
        table_1 = lines[1].split(": ", 1)[1].strip()
        assert table_1.startswith(f"http://127.0.0.1:{port}/t/1?k=") and len(table_1.split("k=")[1]) >= 32
        with urllib.request.urlopen(table_1, timeout=30) as r:
            assert "Table 1 · Round 1" in r.read().decode()
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "Stopped." in out


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
    proc = subprocess.Popen(
        [sys.executable, "-m", "euchre_tourney", "serve", "Ignored night", "--port", str(port),
         "--database", str(db_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=os.environ | {"PYTHONUNBUFFERED": "1"},
        preexec_fn=_ignore(signal.SIGINT, signal.SIGTERM),
    )
    try:
        for line in iter(proc.stdout.readline, ""):
            if line.startswith("Press Ctrl+C to stop"):
                break
        else:
            pytest.fail("serve never said it was serving: " + proc.stderr.read())
        proc.send_signal(stop_with)
        out, err = proc.communicate(timeout=60)  # a hang guard: the exit is what is waited for
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail(f"serve did not stop on {stop_with.name} (its parent had it ignored)")
    assert proc.returncode == 0, err
    assert "Stopped." in out


def test_serve_refuses_an_unknown_event(db_path):
    T.open_database(db_path).dispose()
    from euchre_tourney.cli import main

    assert main(["serve", "No such night", "--database", str(db_path)]) == 2


def test_serve_refuses_a_section_in_words_until_events_have_sections(db_path):
    """Issue 30 item 3: ``--section`` is accepted by the parser; without a
    section model (item 1) it is refused in a sentence, nothing served."""
    import io

    from euchre_tourney import tournament
    from euchre_tourney.cli import main

    db = T.open_database(db_path)
    with db.session() as s:
        ev = T.create_event(s, "Section night", datetime.date(2026, 3, 4), rounds=1, hands_per_round=4)
    db.dispose()
    if hasattr(tournament, "section_tables"):
        pytest.skip("sections exist: --section lists a section's tables (tested with them)")
    err = io.StringIO()
    import contextlib

    with contextlib.redirect_stderr(err):
        assert main(["serve", "Section night", "--section", "B", "--database", str(db_path)]) == 2
    assert "no sections yet" in err.getvalue() and "--section" in err.getvalue()


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
