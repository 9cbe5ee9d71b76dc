"""Helper process of the kill tests (run as a script, not collected).

Imports the app once, then for each JSON job read on standard input forks a
child that does the job; it prints ``{"pid": …}`` at once (the test kills
that pid with SIGKILL whenever it likes) and, when the child has ended,
``{"acks": [...], "killed": bool, "elapsed": seconds}``: the acknowledgements the child wrote
after each commit returned. Forking from a warm process keeps each kill at
a few milliseconds of overhead instead of an interpreter start.

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
import time

import alembic.command  # noqa: F401  (warm: the child migrates at once)

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Side
from euchre_tourney.store import open_database


def entry_for(round_number: int, table: int, number: int) -> HandEntry:
    """The hand the score job enters in a slot (the test checks it came back)."""
    return HandEntry(Side.NS if (round_number + table + number) % 2 else Side.EW, (round_number * table + number) % 6)


def _open(job: dict, ack) -> None:
    open_database(job["path"]).dispose()
    ack("opened")


def _score(job: dict, ack) -> None:
    db = open_database(job["path"])
    event, left = job["event"], job.get("limit", 10**9)
    with db.session() as s:
        view = T.get_event(s, event)
        tables = {r: sorted(T.round_progress(s, event, r)) for r in range(1, view.rounds + 1)}
    ack("ready")  # set up: from here on every kill lands during score entry
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


def _bracket(job: dict, ack) -> None:
    """Enter the bracket's ready matches one by one (the upper team wins 10–6)."""
    db = open_database(job["path"])
    event, left = job["event"], job.get("limit", 10**9)
    ack("ready")
    while left:
        with db.session() as s:
            ready = T.bracket_view(s, event).ready()
            if not ready:
                return
            T.record_bracket_score(s, event, ready[0].code, 10, 6)
        ack(ready[0].code)
        left -= 1


JOBS = {"open": _open, "score": _score, "bracket": _bracket}


def main() -> None:
    for line in sys.stdin:
        job = json.loads(line)
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: do the job, acknowledge through the pipe
            os.close(read_end)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            out = os.fdopen(write_end, "w", buffering=1)
            try:
                JOBS[job["job"]](job, lambda value: out.write(json.dumps(value) + "\n"))
                out.flush()
            finally:
                os._exit(0)
        os.close(write_end)
        acks_in = os.fdopen(read_end)
        if job["job"] in ("score", "bracket"):
            acks_in.readline()  # "ready": the pid goes out once the child is entering hands
        started = time.perf_counter()
        print(json.dumps({"pid": pid}), flush=True)
        with acks_in:
            acks = [json.loads(a) for a in acks_in if a.endswith("\n")]  # a line cut by the kill is not an ack
        _, status = os.waitpid(pid, 0)
        killed = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        elapsed = time.perf_counter() - started
        print(json.dumps({"acks": acks, "killed": killed, "elapsed": elapsed}), flush=True)


if __name__ == "__main__":
    main()
