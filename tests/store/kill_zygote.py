"""Helper process of the kill tests (run as a script, not collected).

Imports the app once, then for each JSON job read on standard input forks a
child that does the job. It prints ``{"pid": …}`` at once, then forwards,
one line each as they happen, the events the child reports —
``{"event": "sql"}`` before each SQL statement, ``{"event": "fs"}`` before
each fsync, link or rename, ``{"event": "ack", "ack": …}`` after each commit
returned — and, when the child has ended, ``{"acks": [...], "killed": bool,
"events": n}``. The test kills the pid with SIGKILL after the k-th event it
reads (never after a measured time: the machine may be loaded). Forking
from a warm process keeps each kill at a few milliseconds of overhead
instead of an interpreter start.

``"hold": n`` in a job: the child stops (waits to be killed) once it has
reported its n-th counted event, so a kill aimed just before it always lands
before the job ends, however slowly the test reads. Which events count:
``"count": "ack"`` (acknowledgements only) or ``"all"`` (the default).

Jobs: ``{"job": "open", "path": P}`` (first run or upgrade: open_database),
``{"job": "score", "path": P, "event": E, "limit": N}`` (open the database,
then record the next N free hands of the event in order, acknowledging
each; the pid is printed only once the database is open, so every kill of
a score job lands during score entry).
"""

from __future__ import annotations

import json
import os
import signal
import sys

import alembic.command  # noqa: F401  (warm: the child migrates at once)
from sqlalchemy import event as sa_event
from sqlalchemy.engine import Engine

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Side
from euchre_tourney.store import open_database


def entry_for(round_number: int, table: int, number: int) -> HandEntry:
    """The hand the score job enters in a slot (the test checks it came back)."""
    return HandEntry(Side.NS if (round_number + table + number) % 2 else Side.EW, (round_number * table + number) % 6)


def _open(job: dict, ack, report) -> None:
    open_database(job["path"]).dispose()
    ack("opened")


def _score(job: dict, ack, report) -> None:
    db = open_database(job["path"])
    event, left = job["event"], job.get("limit", 10**9)
    with db.session() as s:
        view = T.get_event(s, event)
        tables = {r: sorted(T.round_progress(s, event, r)) for r in range(1, view.rounds + 1)}
    report("ready")  # set up: from here on every kill lands during score entry
    for r, ts in tables.items():
        for t in ts:
            for n in range(1, view.hands_per_round + 1):
                try:
                    with db.session() as s:
                        T.record_hand(s, event, r, t, n, entry_for(r, t, n))
                except T.InvalidHand:
                    continue  # recorded before an earlier kill
                ack([r, t, n])
                left -= 1
                if left == 0:
                    return


def _bracket(job: dict, ack, report) -> None:
    """Enter the bracket's ready matches one by one (the upper team wins 10–6)."""
    db = open_database(job["path"])
    event, left = job["event"], job.get("limit", 10**9)
    report("ready")  # set up: from here on every kill lands during result entry
    while left:
        with db.session() as s:
            ready = T.bracket_view(s, event).ready()
            if not ready:
                return
            T.record_bracket_score(s, event, ready[0].code, 10, 6)
        ack(ready[0].code)
        left -= 1


JOBS = {"open": _open, "score": _score, "bracket": _bracket}


def _child(job: dict, out) -> None:
    counted = 0
    hold, counts = job.get("hold"), job.get("count", "all")
    reporting = [job["job"] not in ("score", "bracket")]  # a score or bracket job reports from "ready" on

    def report(kind: str, value=None) -> None:
        nonlocal counted
        if kind == "ready":
            reporting[0] = True
            out.write(json.dumps({"ready": True}) + "\n")
            return
        if not reporting[0]:
            return
        out.write(json.dumps({"event": kind, "ack": value}) + "\n")
        if counts == "all" or kind == "ack":
            counted += 1
            if hold is not None and counted >= hold:
                while True:  # wait here for the SIGKILL aimed at this stretch
                    signal.pause()

    sa_event.listen(Engine, "before_cursor_execute", lambda *a: report("sql"))
    for name in ("fsync", "link", "replace", "rename"):
        real = getattr(os, name)

        def wrapped(*args, _real=real, **kwargs):
            report("fs")
            return _real(*args, **kwargs)

        setattr(os, name, wrapped)
    JOBS[job["job"]](job, lambda value: report("ack", value), report)


def main() -> None:
    for line in sys.stdin:
        job = json.loads(line)
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: do the job, report through the pipe
            os.close(read_end)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            out = os.fdopen(write_end, "w", buffering=1)
            try:
                _child(job, out)
                out.flush()
            finally:
                os._exit(0)
        os.close(write_end)
        with os.fdopen(read_end) as reports:
            if job["job"] in ("score", "bracket"):
                reports.readline()  # "ready": the pid goes out once the child is entering hands
            print(json.dumps({"pid": pid}), flush=True)
            acks, events = [], 0
            for report in iter(reports.readline, ""):
                if not report.endswith("\n"):
                    break  # a line cut by the kill is not an event
                value = json.loads(report)
                events += 1
                if value["event"] == "ack":
                    acks.append(value["ack"])
                print(report, end="", flush=True)
        _, status = os.waitpid(pid, 0)
        killed = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        print(json.dumps({"acks": acks, "killed": killed, "events": events}), flush=True)


if __name__ == "__main__":
    main()
