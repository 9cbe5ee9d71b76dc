"""Two station processes on one database entering the same event at once
(issue 15): own tables first, then the same tables and hands, then
corrections of the same hands. No hand lost or stored twice; the second
writer of a hand is told "already recorded at station X"; a stale
correction is refused. Runs on SQLite and PostgreSQL; the stations make
``$EUCHRE_TOURNEY_STATION_PASSES`` passes of corrections (default 3). The
work is counted, not timed, so the test passes however loaded the machine."""

from __future__ import annotations

import collections
import datetime
import json
import os
import subprocess
import sys
from pathlib import Path

from euchre_tourney import tournament as T

HERE = Path(__file__).resolve().parent


def test_two_station_processes_on_one_event(db, db_url):
    passes = int(os.environ.get("EUCHRE_TOURNEY_STATION_PASSES", "3"))
    with db.session() as s:
        ids = [T.add_player(s, f"Player {i:02d}").id for i in range(16)]
        ev = T.create_event(s, "Big night", datetime.date(2026, 11, 24), rounds=8, hands_per_round=8)
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=5)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HERE.parent.parent), os.environ.get("PYTHONPATH", "")]))
    procs = {
        name: subprocess.Popen(
            [sys.executable, str(HERE / "station_worker.py"), db_url, name, str(ev.id), str(passes), mine],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for name, mine in (("North room", "1,2"), ("South room", "3,4"))
    }
    lines = {}
    for name, proc in procs.items():
        out, err = proc.communicate(timeout=600)
        assert proc.returncode == 0, err
        lines[name] = [json.loads(line) for line in out.splitlines()]

    saved = collections.Counter()
    saved_by = {}
    refused = []
    corrected = collections.Counter()
    stale = []
    for name, attempts in lines.items():
        for a in attempts:
            slot = tuple(a["slot"])
            if a["op"] == "record" and a["result"] == "saved":
                saved[slot] += 1
                saved_by[slot] = name
            elif a["op"] == "record":
                refused.append((name, slot, a))
            elif a["result"] == "corrected":
                corrected[slot] += 1
            else:
                stale.append(a)
    with db.session() as s:
        stored = {
            (r, t, h.number): h
            for r in range(1, 9)
            for t in T.round_progress(s, ev.id, r)
            for h in T.table_score(s, ev.id, r, t).hands
        }
        trail = T.audit_trail(s, ev.id)
    assert max(saved.values()) == 1, "a hand was saved twice"
    assert set(saved) == set(stored), "a saved hand is missing, or a stored one was never reported saved"
    assert all(stored[slot].station == saved_by[slot] for slot in stored)
    for name, slot, a in refused:
        other = saved_by[slot]
        assert other != name and a["by"] == other
        assert a["message"].startswith(f"Hand {slot[2]} at table {slot[1]} is already recorded at station {other}: ")
    assert all(stored[slot].version == 1 + corrected[slot] for slot in stored)
    assert all("after you looked at it" in a["message"] and "Nothing was changed" in a["message"] for a in stale)
    actions = collections.Counter(x.action for x in trail)
    assert actions["record"] == len(stored) and actions["correct"] == sum(corrected.values())
    print(
        f"stations: {len(stored)} hands stored, {len(refused)} second writers refused, "
        f"{sum(corrected.values())} corrections, {len(stale)} stale corrections refused"
    )
    assert refused, "the stations never raced for the same hand"
