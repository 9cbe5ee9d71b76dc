"""The biggest night's servers under load (issue 30 item 6): a benchmark, not a test.

    nice -n 10 python tests/benchmarks/bench_servers.py --tables 500 --followers 2000 --servers 4
    nice -n 10 python tests/benchmarks/bench_servers.py --sqlite --tables 100 --followers 400 --servers 1
    nice -n 10 python tests/benchmarks/bench_servers.py --sweep 25,100,500 --plot servers.png --json runs.jsonl

Over the loopback only. ``--servers`` K ``euchre-tourney serve`` processes
(the command line, as the stations run it) on one database -- a fresh
database on the local PostgreSQL (``--postgres``, default
``$EUCHRE_TOURNEY_TEST_POSTGRES`` or ``postgresql://postgres@127.0.0.1:5432/test``;
made and dropped) or a SQLite file (``--sqlite``) -- serving one event of
``--tables`` N tables (4N players, 8 hands a round) split into sections of
``--section-size`` players (80: 500 tables are 25 sections of 20 tables;
section s's QR codes carry server s mod K's address); and at once

* N table phones (one asyncio process per 500, a hand-written HTTP/1.1
  client, :class:`Http`: the load generator shares the machine's cores and
  must cost little), each entering its 8 hands of round 1 and agreeing to
  each, a person's pause (uniform 0 to 2 × ``--think`` s) before every
  tap, each holding its table's stream (``/events?t=N``) as its page does;
  a refusal (503, 429) or a lost connection is sent again with the same
  idempotency key after a wait, as the page's script does;
* M followers (``--followers``, one asyncio process per 1,000; each from a
  loopback address of its own; on its section's server), each following
  its page as the page's script does: the page, the stream the page names
  (``data-events``), and the page again (``If-None-Match``) when a line
  brings another stamp: nine in ten a player's own page (``/player/N``),
  one in twenty the overall standings, one in twenty their section's
  (``/standings?section=B``);
* monitors (followers like the others): the overall standings on every
  server and each section's standings on its server, noting when each
  table first shows there.

Reports: hands stored, lost, duplicated, refused for load (all must be
0); the time from a table's last Save (the tap that puts its last hand in:
a table counts in the standings once all its hands are in, whether or not
they are agreed yet) and from its last Agree to the table on its section's
standings *and* on the overall standings (p50, p95; each also alone), seen
through a follower's stream and page, so it includes the Save's own round
trip and the followers' pace (:data:`~euchre_tourney.web.follow.BOARD_EVERY_S`);
the requests per follower per minute while the tables play and while the
room is idle (``--idle`` s, from :data:`SETTLE_S` after the last table);
each server's memory (peak and final resident set, from ``/proc``); and
the CPU accounting that says where the time went: CPU seconds while the
tables play of the servers, of the database's backends (PostgreSQL), of
the table phones and of the followers (the load generator), the servers'
CPU milliseconds per tap (Save or Agree; the followers' share included)
and per follower-minute of an idle room, and the machine's load average.
``--sweep`` runs the PostgreSQL configuration (4 processes) at each number
of tables and the SQLite one (1 process) up to 100, followers 4 × tables,
and ``--plot`` draws p95 against tables, one colour per configuration
(Qt's QPainter: matplotlib is not installed here); ``--plot-only`` draws
it from the ``--json`` lines of earlier runs.

Measured 29 Nov 2026 on the 2-core machine shared with other sessions
(load average 10-47 during the runs, each run's in its row: at 500 tables
the four servers got half of one core between them), every process of the run at nice 10,
``--think 2`` (a table taps every 2 s on average: a round of 8 hands in
about 40 s, some 40 times a real room's pace), followers 4 × tables,
sections of 80 players, one run each; no hand lost or doubled in any run.
"Both" is the table on its section's standings and on the overall standings:

=================  ======  ==============  ==============  ============  =======  ==========  =======  ============  ====
configuration      tables  last Save→both  last Agree→both Save/Agree    refused  req/follow. memory   server CPU    load
(commit)                   p50 / p95 s     p50 / p95 s     trip p50/p95           /min play  MB/proc. ms/tap (+db)
=================  ======  ==============  ==============  ============  =======  ==========  =======  ============  ====
PG ×4 (6896dfc)        25  2.28 / 3.89     0.00 / 2.78     0.94 / 2.17   0        9.13        96-97    83 (105)      12-15
SQLite ×1 (6896dfc)    25  0.67 / 1.18     0.00 / 0.49     0.11 / 0.46   0        16.04       94       38            13
PG ×4 (6896dfc)       100  3.41 / 6.99     0.13 / 3.20     2.48 / 8.69   0        10.63       105-110  68 (87)       10-18
PG ×4 (bec41a8)       100  21.66 / 39.34   5.79 / 15.69    13.5 / 35.8   13       1.88        105-111  97 (121)      41-40
SQLite ×1 (6896dfc)   100  10.41 / 17.05   0.00 / 0.00     9.21 / 16.58  0        7.91        121      54            11
SQLite ×1 (ab6f96c)   100  29.02 / 42.84   0.00 / 5.44     26.5 / 54.1   398      1.64        117      64            36-20
PG ×4 (6d01cb5)       500  71.03 / 122.65  0.00 / 6.70     113 / 240     136      0.55        158-166  136 (167)     24-19
=================  ======  ==============  ==============  ============  =======  ==========  =======  ============  ====

Again on 29 Nov 2026, before (0081fcf) and after the tap's and the room's
reads were cut (3356ffb, 45d450f, afd1a38: a Save 67 -> 40 statements, an
Agree 57 -> 32, the room's read model in one pass, the hot statements
built once; ``bench_tap_cost.py``), the runs one after the other (0081fcf
twice at 100 tables: the second run once the load had fallen), on the
same machine far busier (load 7-32, other sessions' work; every
statement then waits 7-10 ms for a PostgreSQL backend to get a core, so
the wall times follow the load and the CPU per tap is the figure to
compare):

=================  ======  ==============  ==============  ============  =======  ==========  =======  ============  ====
configuration      tables  last Save→both  last Agree→both Save/Agree    refused  req/follow. memory   server CPU    load
(commit)                   p50 / p95 s     p50 / p95 s     trip p50/p95           /min play  MB/proc. ms/tap (+db)
=================  ======  ==============  ==============  ============  =======  ==========  =======  ============  ====
PG ×4 (0081fcf)        25  9.53 / 15.47    4.42 / 9.41     3.13 / 6.01   0        4.24        96-97    59 (76)       19-32
PG ×4 (3356ffb)        25  1.05 / 2.98     0.00 / 1.65     0.71 / 2.86   0        11.58       96-97    49 (65)       23-28
PG ×4 (0081fcf)       100  5.00 / 10.94    0.71 / 4.16     3.97 / 12.76  0        7.14        105-111  54 (69)       15-20
PG ×4 (3356ffb)       100  5.09 / 10.85    0.00 / 5.33     4.66 / 14.85  0        7.66        105-111  46 (59)       19-26
PG ×4 (45d450f)       100  3.98 / 11.36    0.52 / 4.85     3.21 / 10.88  0        10.22       104-110  43 (54)       17-32
PG ×4 (afd1a38)       100  1.58 / 3.24     0.00 / 1.41     0.78 / 3.74   0        15.81       105-110  31 (41)       12-16
PG ×4 (0081fcf)       100  6.69 / 12.92    0.95 / 4.68     5.58 / 12.94  13       5.76        105-111  54 (68)       10-17
PG ×4 (45d450f)       500  51.82 / 64.36   0.00 / 7.67     33.8 / 57.8   0        1.80        143-159  54 (62)       21-22
SQLite ×1 (0081fcf)   100  8.77 / 20.04    0.00 / 0.68     8.96 / 16.17  173      6.04        119      38            12-15
SQLite ×1 (45d450f)   100  3.59 / 7.98     0.00 / 0.29     2.61 / 6.59   0        13.85       121      28            18
SQLite ×1 (afd1a38)   100  1.59 / 2.61     0.00 / 0.31     0.90 / 1.89   0        17.60       119      21            11-12
SQLite ×1 (0081fcf)   100  4.54 / 9.55     0.00 / 0.79     2.40 / 6.96   0        15.31       118      36            7-8
=================  ======  ==============  ==============  ============  =======  ==========  =======  ============  ====

The 500-table row's "before" is the table above (6d01cb5: p95 122.65 s,
136 refused, 136 ms a tap). The goal (p95 ≤ 1 s) is not met on this
machine: at ``--think 2`` a table taps every 2 s, so 100 tables ask 50 taps
a second, some 2 CPU-seconds a second at 41 ms a tap (servers and
database, afd1a38; 69 before) against two cores shared with the other
sessions; 500 tables ask five times that. "Agree→both" p95 is 0.3 s on
SQLite and 1.4 s on PostgreSQL ×4 at 100 tables; "Save→both" counts from
the last Save's tap: its round trip waiting for a core, then the pace of
the room's read model and of the followers' pages.

The time is the tables' own Save waiting for a core (the round trip
column), not the followers: at 500 tables the servers used 1,085 CPU s
and PostgreSQL's backends 247 s while the tables played (2,260 s: half a
core for four servers), the 500 table phones 12 s and the 2,000 followers
34 s (the load generator: 3 %). A tap (Save or Agree, with the page drawn
after it) costs the servers 80-140 ms of CPU on this machine (the
followers' share included, and the fixed cost of each server reading the
event's stamps four times a second: 5-70 ms per follower-minute of an
idle room), about 70 statements; 500 tables at this pace ask 250 taps a
second, some 40 CPU-seconds a second. An idle room: 0.0-0.07 requests per
follower per minute (no stream line when nothing changes). The refusals
are followers' pages (503, "one moment", retried by themselves), never a
table's: the followers are woken a step at a time as the server has room
(since bec41a8 and ab6f96c) and a page is drawn once per change however
many ask at once (6896dfc: before it a standings page was drawn once per
phone waiting for it, the 398 of SQLite at 100 tables; the 500-table run
is of 6d01cb5, before both). "Agree→both" is 0 when the table was on the
standings before its last Agree came back (it counts once its hands are
in, and the Agree itself waited for a core).
On the final code of 29 Nov 2026 (9b5a6e5: the tap's reads cut, the
room's standings in one pass, a hand's answer carrying a stamp read after
it, a section's tables woken when their section moves on), ``--sweep
25,100,500 --plot``, the machine otherwise idle (load in the row), every
process at nice 0, one run each, 0 lost, 0 doubled, 0 refused in every run:

=================  ======  ==============  ==============  ============  =======  ==========  =======  ============  ====
configuration      tables  last Save→both  last Agree→both Save/Agree    refused  req/follow. memory   server CPU    load
                           p50 / p95 s     p50 / p95 s     trip p50/p95           /min play  MB/proc. ms/tap (+db)
=================  ======  ==============  ==============  ============  =======  ==========  =======  ============  ====
PG ×4                  25  0.48 / 1.09     0.00 / 0.29     0.04 / 0.06   0        18.76       96       40 (56)       1-1
SQLite ×1              25  0.36 / 0.83     0.00 / 0.36     0.02 / 0.05   0        17.44       93       22            1-1
PG ×4                 100  0.83 / 1.50     0.00 / 0.35     0.21 / 0.64   0        18.56       105-110  34 (47)       1-4
SQLite ×1             100  0.67 / 1.36     0.00 / 0.09     0.24 / 0.75   0        20.31       121      27            2-2
PG ×4                 500  17.41 / 26.66   0.00 / 8.65     12.4 / 21.4   0        4.39        154-157  48 (52)       1-11
=================  ======  ==============  ==============  ============  =======  ==========  =======  ============  ====

The goal (Agree→both p95 ≤ 1 s) is met at 25 and 100 tables in both
configurations, not at 500 tables at this pace: 500 tables at ``--think
2`` ask some 30 taps a second (4,000 hands entered and agreed in 278 s),
and the four servers used 385 CPU s while the tables played (two cores:
556 CPU s in all), so a tap waits for a core (its own round trip's p95
21 s). An idle room: 0.0 requests per follower per minute.
At a slower pace, ``--tables 500 --think 20`` (a hand entered and agreed
every 40 s or so at each table: still some 7 times a real room's pace),
the same code and machine (load 0.4 before, 1.9 after): Agree→both p50
0.00 s, p95 1.25 s (max 5.41); Save→both 4.60 / 8.40 s; a tap's round
trip 0.45 / 2.80 s; 0 lost, doubled or refused; 7.86 requests per
follower-minute while playing; 143-157 MB a process; 74 ms of server CPU
a tap (81 with the database; the followers' share is larger at a slower
pace). Not yet the goal at 500 tables.

On 29 Nov 2026 again, before (c3ba8b0) and after the servers' CPU per tap
was cut (branch read30: the room's read model -- the standings in flat
lists, each section's kept while its hands are the same, the night's seats
kept per rotation, the round being played taken from the stamps --, the
stamps' one read of the room with the seats kept per rotation and the
waiting hands found by the database, a table's four names without a label
for all 2,000, the one guard's round read once, and the garbage collector
of a serving process set for it; ``bench_tap_cost.py``), one run each,
every process at nice 10, the machine shared with other sessions (load in
the row; at 500 tables it rose to 22 in both runs):

=================  ======  ==============  ==============  ============  =======  ==========  =======  ============  ====
configuration      tables  last Save→both  last Agree→both Save/Agree    refused  req/follow. memory   server CPU    load
(commit)                   p50 / p95 s     p50 / p95 s     trip p50/p95           /min play  MB/proc. ms/tap (+db)
=================  ======  ==============  ==============  ============  =======  ==========  =======  ============  ====
PG ×4 (c3ba8b0)       100  2.88 / 8.16     0.00 / 3.40     1.82 / 7.39   0        12.63       105-110  43.3 (56.1)   8-17
PG ×4 (read30)        100  1.85 / 3.77     0.00 / 1.22     1.26 / 4.53   0        17.46       107-114  38.4 (51.0)   7-12
PG ×4 (c3ba8b0)       500  51.80 / 117.12  0.00 / 30.52    34.7 / 55.9   56       1.56        152-158  64.7 (79.2)   6-22
PG ×4 (read30)        500  27.74 / 34.47   0.00 / 3.97     22.4 / 35.2   0        3.76        153-162  44.6 (49.4)   12-22
=================  ======  ==============  ==============  ============  =======  ==========  =======  ============  ====

At 500 tables the servers used 517 -> 357 CPU s while the tables played
and PostgreSQL's backends 117 -> 39 (the 4,000 hands entered and agreed in
779 -> 469 s); the 56 refusals of the run before were followers' pages
(503, retried by themselves), none a table's. The goal is still not met at
500 tables at ``--think 2`` on this machine: 250 taps a second asked at
~50 ms of CPU each (servers and database) is some 12 cores' work, against
two shared. What a tap costs now (py-spy of one server during the 500-table
run, wall samples): the write 37 % (the unit of work, its guard, the
hand's own checks), the table's page after it 22 %, the stamps' read after
each change 17 %, the room's read model 5 %.

At ``--think 20`` (500 tables, read30's code, load 11.5 before and 6.6
after, other sessions' work): Agree→both p50 0.00 s, p95 1.79 s (the
overall standings alone 0.79, the section's 1.00; max 14.8); Save→both
5.95 / 13.30 s; a tap's round trip 2.25 / 10.92 s; 0 lost or doubled; 20
followers' pages refused for load (503, retried by themselves; no table's);
8.07 requests per follower-minute; 145-159 MB a process; 51.3 ms of server
CPU a tap (56.8 with the database), against 74 (81) for c9d1a9f's run on
an idle machine.

On the final code of 30 Nov 2026 (982ec4d: read30's cuts merged, the
rotation's signature), ``--sweep 25,100,500 --plot``, the machine
otherwise idle, every process at nice 0, one run each, 0 lost, 0 doubled,
0 refused in every run:

=================  ======  ==============  ==============  ============  =======  ==========  =======  ============  ====
configuration      tables  last Save→both  last Agree→both Save/Agree    refused  req/follow. memory   server CPU    load
                           p50 / p95 s     p50 / p95 s     trip p50/p95           /min play  MB/proc. ms/tap (+db)
=================  ======  ==============  ==============  ============  =======  ==========  =======  ============  ====
PG ×4                  25  0.46 / 0.72     0.00 / 0.34     0.03 / 0.05   0        18.80       99       32 (46)       1-1
SQLite ×1              25  0.36 / 0.65     0.00 / 0.40     0.02 / 0.04   0        18.62       97       19            1-1
PG ×4                 100  0.65 / 1.11     0.00 / 0.37     0.08 / 0.33   0        20.06       106-113  26 (36)       0-3
SQLite ×1             100  0.57 / 1.06     0.00 / 0.17     0.06 / 0.29   0        21.11       125      21            2-1
PG ×4                 500  12.38 / 27.68   0.00 / 8.82     11.3 / 17.2   0        6.26        146-158  39 (44)       1-10
=================  ======  ==============  ==============  ============  =======  ==========  =======  ============  ====

500 tables at ``--think 2`` still queue for a core (the servers 311 CPU s
and PostgreSQL 42 of the 482 the two cores had while the 4,000 hands
were played in 241 s). At ``--think 20``, the same code, idle machine
(load 0.2 before, 1.5 after): Agree→both p50 0.00 s, p95 **0.00 s** (max
3.15: a table is on the standings once its hands are in, before its
Agree); Save→both 1.53 / 3.67 s; a tap's round trip 0.15 / 1.19 s; 0
lost, doubled or refused; 12.15 requests per follower-minute while
playing; 147-157 MB a process; 55.7 ms of server CPU a tap (66.4 with the
database; the followers' share is larger at a slower pace), the hands
played in 510 s. The followers received 4,263 MB in that run (2 MB a
phone): a player's page carries its stamp in its body, so it is sent
again in full after every change of the room.

Before this work (0b34459, load 8-20): PG ×4 25 tables p95 1.70 s, 100
tables 11.25 s, 200 tables 28.85 s; SQLite 25 tables 1.08 s, 100 tables
16.62 s; 500 never run (the 2,000 players' event took ~150 s to build by
``add_player``; the roster's import now).
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import datetime
import json
import math
import multiprocessing
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # this checkout's package, as the servers it starts (python -m, from ROOT) use

HANDS = 8
SETTLE_S = 5.0
"""After the last table, the idle window starts this much later (the last results reach the pages first)."""
HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)"')
ROW = re.compile(r'<span class="num">#(\d+)</span></td><td>(-?\d+)</td>')
DEFAULT_PG = "postgresql://postgres@127.0.0.1:5432/test"


def forms(html: str) -> list[dict[str, str]]:
    return [dict(HIDDEN.findall(f)) for f in re.findall(r"<form[^>]*method=\"post\".*?</form>", html, re.S)]


# ------------------------------------------------------------------ the night
def build(url: str, tables: int, section_size: int) -> tuple[int, dict[int, str], dict[int, int], dict[int, str]]:
    """The event: 4 × ``tables`` players in sections of ``section_size``
    (none when it is 0 or the night is one section's size), 2 rounds of 8
    hands; returns its id, the tables' secrets, each player number's
    round-1 table and each table's section ("" for a night not split)."""
    from euchre_tourney import tournament

    db = tournament.open_database(url, station="bench")
    try:
        with db.session() as s:
            roster = ("name\n" + "".join(f"Player {i:04d}\n" for i in range(tables * 4))).encode()
            # the roster's import (one transaction): adding 2,000 players one by one takes minutes here
            report = tournament.import_players(s, tournament.preview_import(s, tournament.read_roster(roster)))
            ids = [p.id for p in report.added]
            ev = tournament.create_event(s, "Bench night", datetime.date(2026, 3, 4), rounds=2, hands_per_round=HANDS)
            tournament.set_checked_in(s, ev.id, ids)
            if section_size and tables * 4 > section_size:
                tournament.split_by_size(s, ev.id, section_size)
            tournament.generate_rotation(s, ev.id, seed=3)
            secrets = tournament.table_secrets(s, ev.id)
            table_of = {c.number: c.rounds[0].table for c in tournament.scorecards(s, ev.id) if c.rounds[0].table}
            section_of: dict[int, str] = {t: "" for t in secrets}
            for sec in tournament.list_sections(s, ev.id):
                for t in tournament.section_tables(s, ev.id, sec.name):
                    section_of[t] = sec.name
        return ev.id, secrets, table_of, section_of
    finally:
        db.dispose()


def check(url: str, event_id: int, tables: int) -> dict:
    from euchre_tourney import tournament

    db = tournament.open_database(url, station="bench")
    try:
        with db.session() as s:
            progress = tournament.round_progress(s, event_id, 1)
            records = [a for a in tournament.audit_trail(s, event_id) if a.action == "record"]
        stored = sum(progress.values())
        return {"hands stored": stored, "hands lost": tables * HANDS - stored,
                "hands duplicated": len(records) - len({(a.table, a.number) for a in records})}
    finally:
        db.dispose()


def serve(url: str, port: int, players: int, niceness: int) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "euchre_tourney", "serve", "Bench night", "--port", str(port), "--database", url,
           "--expected-players", str(players)]
    if niceness:
        cmd = ["nice", "-n", str(niceness), *cmd]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            env=os.environ | {"PYTHONUNBUFFERED": "1", "PYTHONPATH": str(ROOT)})
    for line in iter(proc.stdout.readline, ""):
        if line.startswith("Press Ctrl+C"):
            return proc
    raise SystemExit("serve did not start: " + proc.stderr.read())


def cpu(pid: int) -> float:
    """CPU seconds (user + system) process ``pid`` has used (Linux; 0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory(pid: int) -> tuple[float, float]:
    """(peak, current) resident set of process ``pid``, MB (Linux)."""
    text = Path(f"/proc/{pid}/status").read_text()
    get = lambda k: int(re.search(rf"{k}:\s+(\d+) kB", text).group(1)) / 1024  # noqa: E731
    return round(get("VmHWM"), 1), round(get("VmRSS"), 1)


def database_pids(url: str) -> list[int]:
    """The PostgreSQL backends serving ``url``'s database (their CPU is the servers' too); [] for SQLite."""
    if not url.startswith("postgresql"):
        return []
    import psycopg
    from sqlalchemy.engine import make_url

    u = make_url(url)
    with psycopg.connect(u.set(drivername="postgresql").render_as_string(hide_password=False), autocommit=True) as c:
        return [r[0] for r in c.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                                        (u.database,))]


# ------------------------------------------------------------------ the phones
class TransportError(Exception):
    pass


class Http:
    """One phone's connection: HTTP/1.1 kept alive over asyncio's streams,
    written by hand so that the load generator costs the shared cores a
    few tens of microseconds a request (``httpx`` costs a millisecond and
    more, and 2,500 phones on the machine's two cores would measure the
    client). ``local``: the phone's own loopback address."""

    def __init__(self, base: str, local: str | None = None, headers: dict | None = None) -> None:
        host, port = base.split("//", 1)[1].rsplit(":", 1)
        self.host, self.port, self.local = host, int(port), local
        self.extra = "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items())
        self.reader = self.writer = None

    async def _open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(
            self.host, self.port, local_addr=(self.local, 0) if self.local else None, limit=1 << 22)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    def _request(self, method: str, path: str, body: bytes, headers: dict | None) -> bytes:
        head = f"{method} {path} HTTP/1.1\r\nhost: {self.host}:{self.port}\r\n{self.extra}"
        for k, v in (headers or {}).items():
            head += f"{k}: {v}\r\n"
        if body:
            head += f"content-type: application/x-www-form-urlencoded\r\ncontent-length: {len(body)}\r\n"
        return head.encode("latin-1") + b"\r\n" + body

    async def _head(self) -> tuple[int, dict]:
        raw = await self.reader.readuntil(b"\r\n\r\n")
        lines = raw.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        return status, {k.lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:] if x)}

    async def _body(self, status: int, headers: dict) -> bytes:
        if status in (204, 304) or status < 200:
            return b""
        if "content-length" in headers:
            return await self.reader.readexactly(int(headers["content-length"]))
        if headers.get("transfer-encoding") == "chunked":
            parts = []
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
                if size == 0:
                    await self.reader.readuntil(b"\r\n")
                    return b"".join(parts)
                parts.append((await self.reader.readexactly(size + 2))[:-2])
        return await self.reader.read()

    async def request(self, method: str, path: str, body: bytes = b"", headers: dict | None = None):
        """``(status, headers, body)``; :class:`TransportError` when the
        server cannot be reached (a kept connection the server closed
        meanwhile is opened again once, as a browser does)."""
        for attempt in (0, 1):
            fresh = self.writer is None
            try:
                if fresh:
                    await self._open()
                self.writer.write(self._request(method, path, body, headers))
                status, head = await self._head()
                data = await self._body(status, head)
                if head.get("connection", "").lower() == "close":
                    self.close()
                return status, head, data
            except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError, IndexError) as exc:
                self.close()
                if fresh or attempt:
                    raise TransportError(str(exc)) from exc
        raise AssertionError("unreachable")

    async def lines(self, path: str):
        """A stream's lines (server-sent events), as they come; (status,)
        first: 200 or the refusal's status (then nothing more)."""
        try:
            await self._open()
            self.writer.write(self._request("GET", path, b"", {"accept": "text/event-stream"}))
            status, head = await self._head()
            yield status
            if status != 200:
                return
            buffer = b""
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
                if size == 0:
                    return
                buffer += (await self.reader.readexactly(size + 2))[:-2]
                *done, buffer = buffer.split(b"\n")
                for line in done:
                    yield line.decode("utf-8")
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError) as exc:
            raise TransportError(str(exc)) from exc
        finally:
            self.close()


def later(seconds: float) -> float:
    return seconds + random.random() * seconds


async def post(c: Http, table: int, secret: str, data: dict, refused: list) -> str:
    """A form sent as the page's script sends it (same key; a new start's token)."""
    from urllib.parse import urlencode

    data = dict(data)
    for tries in range(60):
        try:
            status, _h, body = await c.request("POST", f"/t/{table}", urlencode(data).encode())
        except TransportError:
            await asyncio.sleep(later(1.0))
            continue
        text = body.decode("utf-8", "replace")
        if status in (503, 429):
            refused.append(("table", table, status))
            await asyncio.sleep(min(2 + 2 * tries, 12) + random.random() * 3)
            continue
        if status == 403 and "restarted" in text:
            page = (await c.request("GET", f"/t/{table}?k={secret}"))[2].decode()
            data["csrf"] = forms(page)[-1]["csrf"]
            continue
        return text
    raise RuntimeError(f"table {table}: never answered")


async def table_phone(base: str, table: int, secret: str, think: float, times: dict, errors: list,
                      refused: list) -> None:
    rng = random.Random(table)
    c = Http(base, headers={"origin": base})

    async def follow() -> None:  # the table's page follows its own stream
        try:
            async for line in Http(base).lines(f"/events?t={table}"):
                if isinstance(line, int) and line != 200:
                    refused.append(("table stream", table, line))
                    return
        except (TransportError, asyncio.CancelledError):
            return

    stream = asyncio.create_task(follow())
    try:
        await asyncio.sleep(rng.uniform(0, 2 * think))
        html = (await c.request("GET", f"/t/{table}?k={secret}"))[2].decode()
        for n in range(1, HANDS + 1):
            await asyncio.sleep(rng.uniform(0, 2 * think))  # the hand is played, the phone tapped
            entry = forms(html)[-1] | {"side": "NS", "makers": "NS" if n % 2 else "EW", "tricks": "3"}
            times[(table, n, "save")] = time.time()
            text = await post(c, table, secret, entry, refused)
            times[(table, n, "saved")] = time.time()
            if f"Hand {n} saved" not in text:
                errors.append((table, n, "save", text[-300:]))
                return
            await asyncio.sleep(rng.uniform(0, 2 * think))  # the phone crosses the table
            times[(table, n, "agree")] = time.time()
            text = await post(c, table, secret, forms(text)[0], refused)
            times[(table, n, "agreed")] = time.time()
            if "agreed to hand" not in text:
                errors.append((table, n, "agree", text[-300:]))
                return
            html = text
    finally:
        stream.cancel()
        c.close()


def tables_process(bases: list[str], secrets: dict[int, str], server_of: dict[int, int], think: float,
                   niceness: int, out) -> None:
    if niceness:
        os.nice(niceness)

    async def main() -> None:
        times: dict = {}
        errors: list = []
        refused: list = []
        await asyncio.gather(*(table_phone(bases[server_of[t]], t, k, think, times, errors, refused)
                               for t, k in secrets.items()))
        out.put({"times": {f"{t}/{n}/{kind}": v for (t, n, kind), v in times.items()}, "errors": errors,
                 "refused": refused, "cpu s": round(time.process_time(), 2)})

    asyncio.run(main())


STAMP = re.compile(rb'data-stamp="([^"]*)"')
EVENTS = re.compile(rb'data-events="([^"]*)"')


async def follower(base: str, path: str, stop: asyncio.Event, counts: dict, seen: dict | None = None,
                   table_of: dict | None = None, address: str = "127.0.0.1", arrive: float = 0.0) -> None:
    """One phone on a public page, as the page's script follows it: the
    page, then the stream its page names (``data-events``), and the page
    again (``If-None-Match``) when a line brings a stamp other than the
    one the page was drawn with; from its own address (``address``: a
    loopback address of its own, as each phone in the room has its own,
    so the server's per-address limits count it alone). ``seen``: a
    monitor's, table → when one of its players first showed a score on
    this page."""
    etag, mine, stream_url = "", b"", "/events"
    c = Http(base, local=address)

    async def fetch() -> bool:
        nonlocal etag, mine, stream_url
        while not stop.is_set():
            counts["requests"] += 1
            try:
                asked = {"accept-encoding": "gzip", **({"if-none-match": etag} if etag else {})}  # as a phone's browser
                status, head, body = await c.request("GET", path, headers=asked)
            except TransportError:
                await asyncio.sleep(later(2.0))
                continue
            if status in (503, 429):
                counts["refused"] += 1
                counts[f"refused {status}"] = counts.get(f"refused {status}", 0) + 1
                await asyncio.sleep(later(2.0))
                continue
            if status == 304:
                counts["304"] += 1
                return False
            etag = head.get("etag", "")
            counts["bytes"] += len(body)  # (the bytes sent: compressed when the server packed them)
            if head.get("content-encoding") == "gzip":
                body = gzip.decompress(body)
            if m := STAMP.search(body, 0, 4096):
                mine = m.group(1)
            if m := EVENTS.search(body, 0, 4096):
                stream_url = m.group(1).decode().replace("&amp;", "&")
            if seen is not None:
                now = time.time()
                for n, p in ROW.findall(body.decode()):
                    t = table_of.get(int(n))
                    if int(p) > 0 and t is not None and t not in seen:
                        seen[t] = now
            return True
        return False

    try:
        await asyncio.sleep(random.uniform(0, arrive))  # the room opens its pages over the warm-up, not in one instant
        await fetch()
        while not stop.is_set():
            counts["requests"] += 1
            counts["connects"] += 1
            try:
                async for line in Http(base, local=address).lines(stream_url):
                    if isinstance(line, int):
                        if line != 200:
                            counts["refused"] += 1
                            await asyncio.sleep(later(5.0))
                            break
                        continue
                    if line.startswith("data: "):
                        counts["lines"] += 1
                        if line[6:].encode() != mine:
                            await fetch()
                            mine = line[6:].encode() if mine != line[6:].encode() else mine
                    if stop.is_set():
                        return
            except TransportError:
                await asyncio.sleep(later(1.0))
    except asyncio.CancelledError:
        return
    finally:
        c.close()


def followers_process(bases: list[str], jobs_spec: list[tuple[int, str, str]], niceness: int, stop_flag,
                      idle_flag, out, monitors: list[tuple[int, str, str]] | None = None,
                      table_of: dict | None = None, expected: dict | None = None, all_seen=None) -> None:
    """``jobs_spec``: (server, path, address) per follower; ``monitors``:
    (server, path, name) per monitor (a follower that notes when each of
    ``expected[name]``'s tables first shows on its page)."""
    if niceness:
        os.nice(niceness)

    async def main() -> None:
        stop = asyncio.Event()
        counts = {"requests": 0, "refused": 0, "304": 0, "lines": 0, "connects": 0, "bytes": 0}
        marks: dict = {}
        seen: dict[str, dict] = {}
        arrive = 2.0 + len(jobs_spec) / 1000  # within the warm-up before the tables start (see run)
        jobs = [follower(bases[k], path, stop, counts, address=address, arrive=arrive) for k, path, address in jobs_spec]
        numbers = {int(k): v for k, v in (table_of or {}).items()}
        for k, path, name in monitors or ():
            seen[name] = {}
            jobs.append(follower(bases[k], path, stop, {"requests": 0, "refused": 0, "304": 0, "lines": 0,
                                                         "connects": 0, "bytes": 0}, seen[name], numbers))

        async def watch() -> None:
            quiet_from = None
            while not stop_flag.is_set():
                if monitors and all(len(seen[name]) >= len(expected[name]) for _k, _p, name in monitors):
                    all_seen.set()
                if idle_flag.is_set() and quiet_from is None:
                    quiet_from = time.time() + SETTLE_S  # the last tables' results reach the pages first
                if quiet_from is not None and time.time() >= quiet_from and "idle" not in marks:
                    marks["idle"] = (time.time(), counts["requests"], dict(counts), time.process_time())
                await asyncio.sleep(0.2)
            marks["end"] = (time.time(), counts["requests"], dict(counts), time.process_time())
            stop.set()

        tasks = [asyncio.create_task(j) for j in jobs]
        await watch()
        await asyncio.sleep(0.5)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        out.put({"counts": counts, "marks": marks, "seen": seen, "cpu s": round(time.process_time(), 2)})

    asyncio.run(main())


# ------------------------------------------------------------------ one run
def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    return round(values[min(len(values) - 1, int(q * (len(values) - 1) + 0.5))], 3)


def run(url: str, label: str, tables: int, followers: int, servers: int, think: float, idle: float,
        niceness: int, section_size: int) -> dict:
    from euchre_tourney.web import free_port

    began_build = time.time()
    event_id, secrets, table_of, section_of = build(url, tables, section_size)
    built_s = time.time() - began_build
    names = sorted({v for v in section_of.values() if v})
    # each section's QR codes carry its server's address (fewer sections than servers: the tables share them out)
    home = {name: i % servers for i, name in enumerate(names)} if len(names) >= servers else {}
    server_of = {t: home[section_of[t]] if section_of[t] in home else t % servers for t in secrets}
    ports = [free_port() for _ in range(servers)]
    bases = [f"http://127.0.0.1:{p}" for p in ports]
    procs = [serve(url, p, tables * 4, niceness) for p in ports]
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    stop_flag, idle_flag, all_seen = ctx.Event(), ctx.Event(), ctx.Event()
    # the followers: nine in ten on a player's own page, one in ten on the standings (half of those their section's)
    player_section = {n: section_of.get(t, "") for n, t in table_of.items()}
    specs = []
    for i in range(followers):
        number = i % (tables * 4) + 1
        if i % 10 == 9:
            sec = player_section.get(number, "")
            path = f"/standings?section={sec}" if sec and i % 20 == 19 else "/standings"
        else:
            path = f"/player/{number}"
        k = home[player_section[number]] if player_section.get(number) in home else i % servers
        specs.append((k, path, f"127.{1 + i // 62500}.{i // 250 % 250}.{1 + i % 250}"))  # one loopback address each
    monitors = [(k, "/standings", f"overall@{k + 1}") for k in range(servers)]
    expected = {f"overall@{k + 1}": list(secrets) for k in range(servers)}
    for j, name in enumerate(names):
        monitors.append((home.get(name, j % servers), f"/standings?section={name}", f"section {name}"))
        expected[f"section {name}"] = [t for t in secrets if section_of[t] == name]
    per = 1000
    shares = [specs[i:i + per] for i in range(0, len(specs), per)] or [[]]
    watchers = [ctx.Process(target=followers_process, daemon=True,
                            args=(bases, share, niceness, stop_flag, idle_flag, out,
                                  monitors if j == 0 else None, {str(k): v for k, v in table_of.items()},
                                  expected, all_seen))
                for j, share in enumerate(shares)]
    for w in watchers:
        w.start()
    time.sleep(3.0 + followers / 500)  # the followers connect before the tables start
    groups = [dict(list(secrets.items())[i::max(1, (tables + 499) // 500)]) for i in range(max(1, (tables + 499) // 500))]
    players = [ctx.Process(target=tables_process, args=(bases, g, server_of, think, niceness, out), daemon=True)
               for g in groups]
    began = time.time()
    load_before = os.getloadavg()
    db_pids = database_pids(url)
    cpu_before = {p.pid: cpu(p.pid) for p in procs} | {pid: cpu(pid) for pid in db_pids}
    for p in players:
        p.start()
    results: list = []
    deadline = time.time() + 60 + tables * HANDS * 2 * think / 2 + 900
    while len(results) < len(players) and time.time() < deadline:
        try:
            results.append(out.get(timeout=1.0))
        except Exception:  # queue.Empty
            pass
    played = time.time()
    all_seen.wait(300)  # every table's result on every monitor's standings: the room goes quiet from here
    shown = time.time()
    load_after = os.getloadavg()
    db_pids = sorted(set(db_pids) | set(database_pids(url)))
    cpu_played = {p.pid: cpu(p.pid) for p in procs} | {pid: cpu(pid) for pid in db_pids}
    idle_flag.set()
    time.sleep(SETTLE_S + idle)
    stop_flag.set()
    cpu_idle_end = {p.pid: cpu(p.pid) for p in procs}
    followed = []
    while len(followed) < len(watchers) and time.time() < deadline + 120:
        try:
            followed.append(out.get(timeout=5.0))
        except Exception:  # queue.Empty
            pass
    mem = {f"server {i + 1}": memory(p.pid) for i, p in enumerate(procs)}
    used = {f"server {i + 1}": round(cpu(p.pid), 1) for i, p in enumerate(procs)}
    for p in procs:
        p.terminate()
    for p in procs:
        try:
            p.wait(30)
        except subprocess.TimeoutExpired:
            p.kill()
    for p in [*players, *watchers]:
        p.join(10)
    times: dict = {}
    errors, refused = [], []
    tables_cpu = 0.0
    for r in results:
        times |= r["times"]
        errors += r["errors"]
        refused += r["refused"]
        tables_cpu += r["cpu s"]
    counts = {"requests": 0, "refused": 0, "304": 0, "lines": 0, "connects": 0, "bytes": 0}
    idle_requests = 0
    idle_counts: dict = {}
    seen: dict = {}
    idle_s = idle
    followers_cpu = followers_idle_cpu = 0.0
    for f in followed:
        followers_cpu += f["cpu s"]
        for k, v in f["counts"].items():
            counts[k] = counts.get(k, 0) + v
        if "idle" in f["marks"] and "end" in f["marks"]:
            idle_requests += f["marks"]["end"][1] - f["marks"]["idle"][1]
            for k, v in f["marks"]["end"][2].items():
                idle_counts[k] = idle_counts.get(k, 0) + v - f["marks"]["idle"][2][k]
            idle_s = f["marks"]["end"][0] - f["marks"]["idle"][0]
            followers_idle_cpu += f["marks"]["end"][3] - f["marks"]["idle"][3]
        seen |= f["seen"] or {}

    def latency(kind: str, name_of) -> tuple[list[float], list[float]]:
        """(from the last Agree, from the last Save) for each table on each monitor of ``kind``."""
        agree, save = [], []
        for t in secrets:
            for name in name_of(t):
                at = seen.get(name, {}).get(t)
                if at is not None and f"{t}/{HANDS}/agree" in times:
                    agree.append(max(0.0, at - times[f"{t}/{HANDS}/agree"]))
                    save.append(at - times[f"{t}/{HANDS}/save"])
        return agree, save

    overall = latency("overall", lambda t: [f"overall@{k + 1}" for k in range(servers)])
    section = latency("section", lambda t: [f"section {section_of[t]}"] if section_of[t] else [])

    def both_seen(t: int) -> list[float]:  # on its section's page and on the overall page of each server
        own = seen.get(f"section {section_of[t]}", {}).get(t) if section_of[t] else None
        if section_of[t] and own is None:
            return []
        return [max(own or 0.0, seen[f"overall@{k + 1}"][t]) for k in range(servers) if t in seen.get(f"overall@{k + 1}", {})]

    both_agree, both_save = [], []
    for t in secrets:
        for at in both_seen(t):
            if f"{t}/{HANDS}/agree" in times:
                both_agree.append(max(0.0, at - times[f"{t}/{HANDS}/agree"]))
                both_save.append(at - times[f"{t}/{HANDS}/save"])
    missing = sum(1 for name, want in expected.items() for t in want if t not in seen.get(name, {}))
    stored = check(url, event_id, tables)
    trips = [times[f"{t}/{n}/{a}d"] - times[f"{t}/{n}/{a}"] for t in secrets for n in range(1, HANDS + 1)
             for a in ("save", "agree") if f"{t}/{n}/{a}d" in times]
    play_s = played - began
    shown_s = shown - began
    load_requests = counts["requests"] - idle_requests
    taps = len(trips)
    server_play = sum(cpu_played[p.pid] - cpu_before[p.pid] for p in procs)
    db_play = sum(cpu_played.get(pid, 0) - cpu_before.get(pid, 0) for pid in db_pids)
    server_idle = sum(cpu_idle_end[p.pid] - cpu_played[p.pid] for p in procs)
    return {
        "label": label, "tables": tables, "followers": followers, "servers": servers, "think s": think,
        "sections": len(names),
        **stored,
        "refused for load": len(refused) + counts["refused"],
        "refused: tables (kind, table, status) / followers by status": (
            refused[:5], {k: v for k, v in counts.items() if k.startswith("refused ")}),
        "errors": errors[:3],
        "last Save -> section and overall standings s (p50, p95, max)": (
            pct(both_save, 0.5), pct(both_save, 0.95), pct(both_save, 1.0)),
        "last Agree -> section and overall standings s (p50, p95, max)": (
            pct(both_agree, 0.5), pct(both_agree, 0.95), pct(both_agree, 1.0)),
        "last Save -> overall standings s (p50, p95)": (pct(overall[1], 0.5), pct(overall[1], 0.95)),
        "last Save -> section standings s (p50, p95)": (pct(section[1], 0.5), pct(section[1], 0.95)),
        "last Agree -> overall standings s (p50, p95)": (pct(overall[0], 0.5), pct(overall[0], 0.95)),
        "last Agree -> section standings s (p50, p95)": (pct(section[0], 0.5), pct(section[0], 0.95)),
        "after last Save s (p50, p95)": (pct(both_save, 0.5), pct(both_save, 0.95)),
        "tables never seen by a monitor": missing,
        "requests per follower per minute (playing, idle)": (
            round(load_requests / max(1, followers) / (shown_s / 60), 2) if followers else None,
            round(idle_requests / max(1, followers) / (idle_s / 60), 2) if followers else None),
        "follower answers 304": counts["304"],
        "follower MB received": round(counts["bytes"] / 1e6, 1),
        "follower stream lines, connects (whole run)": (counts["lines"], counts["connects"]),
        "follower counts during the idle window": idle_counts,
        "server memory MB (peak, now)": mem,
        "server CPU s (whole run)": used,
        "CPU s while playing (servers, database, table phones, followers)": (
            round(server_play, 1), round(db_play, 1), round(tables_cpu, 1), round(followers_cpu - followers_idle_cpu, 1)),
        "server CPU ms per tap (Save or Agree, with the followers' share) while playing": round(
            1000 * server_play / max(1, taps), 1),
        "server + database CPU ms per tap while playing": round(1000 * (server_play + db_play) / max(1, taps), 1),
        "server CPU ms per follower-minute idle": round(
            1000 * server_idle / max(1e-9, followers * (SETTLE_S + idle) / 60), 2) if followers else None,
        "load average (1 min) before / after playing": (round(load_before[0], 1), round(load_after[0], 1)),
        "a table's Save/Agree round trip s (p50, p95)": (pct(trips, 0.5), pct(trips, 0.95)),
        "last result on the standings after the last table s": round(shown - played, 1),
        "tables played in s": round(play_s, 1),
        "event built in s": round(built_s, 1),
    }


def fresh_postgres(url: str, name: str) -> str:
    import psycopg
    from sqlalchemy.engine import make_url

    admin = make_url(url).set(drivername="postgresql", database="postgres").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if name:
            conn.execute(f'CREATE DATABASE "{name}"')
    return make_url(url).set(drivername="postgresql+psycopg", database=name).render_as_string(hide_password=False)


def drop_postgres(url: str, name: str) -> None:
    import psycopg
    from sqlalchemy.engine import make_url

    admin = make_url(url).set(drivername="postgresql", database="postgres").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def one(args, sqlite: bool, tables: int, followers: int, servers: int) -> dict:
    if sqlite:
        with tempfile.TemporaryDirectory() as tmp:
            return run(str(Path(tmp) / "bench.sqlite"), f"SQLite, {servers} process", tables, followers, servers,
                       args.think, args.idle, args.nice, args.section_size)
    name = f"bench_servers_{os.getpid()}"
    url = fresh_postgres(args.postgres, name)
    try:
        return run(url, f"PostgreSQL, {servers} processes", tables, followers, servers, args.think, args.idle,
                   args.nice, args.section_size)
    finally:
        drop_postgres(args.postgres, name)


# ------------------------------------------------------------------ the plot
def plot(results: list[dict], path: str) -> None:
    """p95 against tables, one colour per configuration (QPainter): from a
    table's last Save (solid) and its last Agree (dashed) to the table on
    its section's standings and on the overall standings."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QPointF, QRectF, Qt
    from PySide6.QtGui import QColor, QFont, QGuiApplication, QImage, QPainter, QPen

    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 - fonts need it
    w, h, left, right, top, bottom = 900, 560, 80, 30, 50, 70
    image = QImage(w, h, QImage.Format_ARGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    p.setRenderHint(QPainter.Antialiasing)
    p.setFont(QFont("DejaVu Sans", 10))
    lines: dict[str, list[tuple[int, float]]] = {}
    dashed: dict[str, list[tuple[int, float]]] = {}
    for r in results:
        p95 = r["after last Save s (p50, p95)"][1]
        if p95 is not None:
            lines.setdefault(r["label"], []).append((r["tables"], p95))
        agree = r.get("last Agree -> section and overall standings s (p50, p95, max)", (None, None))[1]
        if agree is not None:
            dashed.setdefault(r["label"], []).append((r["tables"], agree))
    xs = [25, 500]
    top_value = max([1.0, *(v for pts in lines.values() for _, v in pts)]) * 1.1
    loads = {}
    for r in results:
        load = r.get("load average (1 min) before / after playing")
        if load:
            loads.setdefault(r["label"], []).append(max(load))
    unit = 1 if top_value <= 5 else 5 if top_value <= 50 else 20
    ymax = math.ceil(top_value / unit) * unit
    X = lambda t: left + (t - xs[0]) / (xs[1] - xs[0]) * (w - left - right)  # noqa: E731
    Y = lambda v: h - bottom - v / ymax * (h - top - bottom)  # noqa: E731
    p.setPen(QPen(QColor("#444"), 1))
    p.drawLine(left, h - bottom, w - right, h - bottom)
    p.drawLine(left, top, left, h - bottom)
    for t in (25, 50, 100, 200, 300, 400, 500):
        p.drawLine(QPointF(X(t), h - bottom), QPointF(X(t), h - bottom + 5))
        p.drawText(QRectF(X(t) - 30, h - bottom + 8, 60, 16), Qt.AlignCenter, str(t))
    steps = 5
    for i in range(steps + 1):
        v = ymax * i / steps
        p.drawText(QRectF(0, Y(v) - 8, left - 8, 16), Qt.AlignRight | Qt.AlignVCenter, f"{v:.1f} s")
        p.setPen(QPen(QColor("#ddd"), 1))
        p.drawLine(QPointF(left, Y(v)), QPointF(w - right, Y(v)))
        p.setPen(QPen(QColor("#444"), 1))
    p.setPen(QPen(QColor("#c00"), 1, Qt.DashLine))
    p.drawLine(QPointF(left, Y(1.0)), QPointF(w - right, Y(1.0)))
    p.drawText(QPointF(w - right - 90, Y(1.0) - 4), "goal 1 s")
    p.setPen(QPen(QColor("#000")))
    p.drawText(QRectF(0, 10, w, 24), Qt.AlignCenter,
               "p95: a table's last Save (solid) / last Agree (dashed) → the table on its section's and the overall standings")
    p.drawText(QRectF(0, h - 30, w, 20), Qt.AlignCenter, "tables (followers 4 × tables; sections of 80 players)")
    colours = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728"]
    for i, (label, pts) in enumerate(sorted(lines.items())):
        pen = QPen(QColor(colours[i % 4]), 2.5)
        p.setPen(pen)
        pts = sorted(pts)
        for a, b in zip(pts, pts[1:]):
            p.drawLine(QPointF(X(a[0]), Y(a[1])), QPointF(X(b[0]), Y(b[1])))
        for t, v in pts:
            p.drawEllipse(QPointF(X(t), Y(v)), 4, 4)
        d = sorted(dashed.get(label, []))
        p.setPen(QPen(QColor(colours[i % 4]), 1.5, Qt.DashLine))
        for a, b in zip(d, d[1:]):
            p.drawLine(QPointF(X(a[0]), Y(a[1])), QPointF(X(b[0]), Y(b[1])))
        for t, v in d:
            p.drawEllipse(QPointF(X(t), Y(v)), 2.5, 2.5)
        p.setPen(pen)
        p.drawLine(QPointF(left + 20, top + 10 + 20 * i), QPointF(left + 50, top + 10 + 20 * i))
        p.setPen(QPen(QColor("#000")))
        load = loads.get(label)
        said = f" (load average {min(load):.0f}–{max(load):.0f})" if load else ""
        p.drawText(QPointF(left + 58, top + 14 + 20 * i), label + said)
    p.end()
    image.save(path)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--postgres", default=os.environ.get("EUCHRE_TOURNEY_TEST_POSTGRES") or DEFAULT_PG)
    parser.add_argument("--sqlite", action="store_true", help="one SQLite file instead of PostgreSQL")
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--followers", type=int, default=None, help="default: 4 × tables")
    parser.add_argument("--servers", type=int, default=None, help="default: 4 on PostgreSQL, 1 on SQLite")
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds of a person's pause before a tap")
    parser.add_argument("--idle", type=float, default=20.0, help="seconds of an idle room measured after the tables")
    parser.add_argument("--nice", type=int, default=0, help="niceness of the servers and phones (0: as this run)")
    parser.add_argument("--section-size", type=int, default=80,
                        help="players per section (0: one event, no sections; 500 tables: 25 sections of 80)")
    parser.add_argument("--sweep", default="", help="tables, comma-separated: both configurations at each")
    parser.add_argument("--plot", default="", help="write the p95 plot (PNG) here")
    parser.add_argument("--json", default="", help="also append each result as a JSON line here")
    parser.add_argument("--plot-only", action="store_true", help="draw --plot from the results in --json, run nothing")
    args = parser.parse_args()
    results = []
    if args.plot_only:
        results = [json.loads(line) for line in Path(args.json).read_text().splitlines() if line.strip()]
        plot(results, args.plot)
        print(f"plot: {args.plot} ({len(results)} runs)")
        return 0
    if args.sweep:
        for tables in [int(x) for x in args.sweep.split(",")]:
            for sqlite, servers in ((False, args.servers or 4), (True, 1)):
                if sqlite and tables > 100:
                    continue  # one process on SQLite is measured up to the 100 tables the issue names
                results.append(one(args, sqlite, tables, 4 * tables, servers))
                report(results[-1], args.json)
    else:
        servers = args.servers or (1 if args.sqlite else 4)
        followers = 4 * args.tables if args.followers is None else args.followers
        results.append(one(args, args.sqlite, args.tables, followers, servers))
        report(results[-1], args.json)
    if args.plot:
        plot(results, args.plot)
        print(f"plot: {args.plot}")
    ok = all(r["hands lost"] == 0 and r["hands duplicated"] == 0 and r["refused for load"] == 0 and not r["errors"]
             for r in results)
    return 0 if ok else 1


def report(r: dict, json_path: str) -> None:
    print(f"{r['label']}: {r['tables']} tables, {r['followers']} followers")
    for k, v in r.items():
        if k not in ("label",):
            print(f"  {k}: {v}")
    sys.stdout.flush()
    if json_path:
        with open(json_path, "a", encoding="utf-8") as f:
            f.write(json.dumps(r) + "\n")


if __name__ == "__main__":
    sys.exit(main())
