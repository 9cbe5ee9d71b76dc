"""The biggest night's servers under load (issue 30 item 6): a benchmark, not a test.

    nice -n 10 python tests/benchmarks/bench_servers.py --tables 100 --followers 400 --servers 4
    nice -n 10 python tests/benchmarks/bench_servers.py --sqlite --tables 100 --followers 400 --servers 1
    nice -n 10 python tests/benchmarks/bench_servers.py --sweep 25,50,100,200,500 --plot servers.png

Over the loopback only. ``--servers`` K ``euchre-tourney serve`` processes
(the command line, as the stations run it) on one database -- a fresh
database on the local PostgreSQL (``--postgres``, default
``$EUCHRE_TOURNEY_TEST_POSTGRES`` or ``postgresql://postgres@127.0.0.1:5432/test``;
made and dropped) or a SQLite file (``--sqlite``) -- serving one event of
``--tables`` N tables (4N players, 8 hands a round); and at once

* N table phones (``httpx.AsyncClient``, table t on server t mod K), each
  entering its 8 hands of round 1 and agreeing to each, a person's pause
  (uniform 0 to 2 × ``--think`` s) before every tap, each holding its
  table's stream (``/events?t=N``) as its page does; a refusal (503, 429)
  or a lost connection is sent again with the same idempotency key after a
  wait, as the page's script does;
* M followers (``--followers``; follower i on server i mod K: the public
  pages are served by any), each holding the players' stream
  (``/events``) and fetching its page again (``If-None-Match``) on each
  line: nine in ten a player's page (``/player/N``), one in ten the
  standings;
* one monitor per server on the standings (a follower like the others),
  which notes when each table first shows there.

Reports: hands stored, lost, duplicated, refused for load (all must be
0); the time from a table's last Save (the tap that puts its last hand in:
a table counts in the standings once all its hands are in, whether or not
they are agreed yet, so the time from its last Agree is often 0) to the
table on the standings (p50, p95), seen through a follower's stream and
page, so it includes the Save's own round trip and the followers' pace
(``Hub.follow_every``); the stream lines and requests during the idle
window; the
requests per follower per minute while the tables play and while the room
is idle (``--idle`` s, from :data:`SETTLE_S` after the last table); each server's memory (peak
and final resident set, from ``/proc``). ``--sweep`` runs the PostgreSQL
configuration and the SQLite one at each number of tables (followers 4 ×
tables) and writes ``--plot``, p95 against tables, one line per
configuration (Qt's QPainter: matplotlib is not installed here).

Sections (issue 30 item 1) are not part of this run: one event, every
table in it; the overall standings are the section's.

Measured 29 Nov 2026 (commit 0b34459) on the 2-core machine shared with
other sessions (load average 8-20 throughout), every process of the run at
nice 10, ``--think 2``, followers 4 × tables, one run each; no hand lost,
doubled or refused for load in any run, no stream line to a follower while
the room was idle:

==================  ======  =============  ===========  ===========  ===========  ==========  =========
configuration       tables  Save→standings Agree→stand. Save/Agree   req/follower  memory MB   CPU s per
                            p50 / p95 s    p95 s        trip p50/p95 /min playing  per server  server
==================  ======  =============  ===========  ===========  ===========  ==========  =========
PostgreSQL, 4 proc.     25  0.88 / 1.70    0.52         0.43 / 1.85  16.6          106         8.1-8.7
PostgreSQL, 4 proc.     50  1.57 / 2.93    1.45         0.45 / 1.12  22.2          108-109     10.5-11.4
PostgreSQL, 4 proc.    100  7.29 / 11.25   6.20         2.21 / 4.15  11.3          113-114     20.6-21.0
PostgreSQL, 4 proc.    200  18.51 / 28.85  13.84        8.43 / 16.02 4.5           123-125     47.3-50.7
SQLite, 1 process       25  0.63 / 1.08    0.67         0.04 / 0.12  28.4          101         12.9
SQLite, 1 process       50  1.01 / 1.71    0.95         0.10 / 0.70  27.9          109         22.6
SQLite, 1 process      100  9.06 / 16.62   5.31         2.58 / 8.51  11.8          124         52.6
==================  ======  =============  ===========  ===========  ===========  ==========  =========

Idle, every configuration: 0.0 requests per follower per minute (at 200
tables 0.02: six fetches still queued from the play). Beyond 50 tables the
time is the tables' own Save waiting for a core (the round trip column):
four servers and their phones on two shared cores. Not run here: 300-500
tables and 2,000 followers (the 2,000 players' event alone takes ~150 s to
build on this machine, and at 200 tables a Save already waits 8 s for the
cores); the benchmark takes ``--tables 500 --servers 4`` as it is.
"""

from __future__ import annotations

import argparse
import asyncio
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
def build(url: str, tables: int) -> tuple[int, dict[int, str], dict[int, int]]:
    """The event: 4 × ``tables`` players, 2 rounds of 8 hands; returns its
    id, the tables' secrets and each player number's round-1 table."""
    from euchre_tourney import tournament

    db = tournament.open_database(url, station="bench")
    try:
        with db.session() as s:
            ids = [tournament.add_player(s, f"Player {i:04d}").id for i in range(tables * 4)]
            ev = tournament.create_event(s, "Bench night", datetime.date(2026, 3, 4), rounds=2, hands_per_round=HANDS)
            tournament.set_checked_in(s, ev.id, ids)
            tournament.generate_rotation(s, ev.id, seed=3)
            secrets = tournament.table_secrets(s, ev.id)
            table_of = {c.number: c.rounds[0].table for c in tournament.scorecards(s, ev.id) if c.rounds[0].table}
        return ev.id, secrets, table_of
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
    """CPU seconds (user + system) process ``pid`` has used (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory(pid: int) -> tuple[float, float]:
    """(peak, current) resident set of process ``pid``, MB (Linux)."""
    text = Path(f"/proc/{pid}/status").read_text()
    get = lambda k: int(re.search(rf"{k}:\s+(\d+) kB", text).group(1)) / 1024  # noqa: E731
    return round(get("VmHWM"), 1), round(get("VmRSS"), 1)


# ------------------------------------------------------------------ the phones
def later(seconds: float) -> float:
    return seconds + random.random() * seconds


async def post(c, table: int, secret: str, data: dict, refused: list) -> "object":
    """A form sent as the page's script sends it (same key; a new start's token)."""
    import httpx

    data = dict(data)
    for tries in range(60):
        try:
            r = await c.post(f"/t/{table}", data=data)
        except httpx.TransportError:
            await asyncio.sleep(later(1.0))
            continue
        if r.status_code in (503, 429):
            refused.append(("table", table, r.status_code))
            await asyncio.sleep(min(2 + 2 * tries, 12) + random.random() * 3)
            continue
        if r.status_code == 403 and "restarted" in r.text:
            page = await c.get(f"/t/{table}?k={secret}")
            data["csrf"] = forms(page.text)[-1]["csrf"]
            continue
        return r
    raise RuntimeError(f"table {table}: never answered")


async def table_phone(base: str, table: int, secret: str, think: float, times: dict, errors: list,
                      refused: list, stop: asyncio.Event) -> None:
    import httpx

    rng = random.Random(table)
    async with httpx.AsyncClient(base_url=base, timeout=120, headers={"origin": base}) as c:
        async def follow() -> None:  # the table's page follows its own stream
            try:
                async with c.stream("GET", f"/events?t={table}") as r:
                    if r.status_code != 200:
                        refused.append(("table stream", table, r.status_code))
                        return
                    async for _line in r.aiter_lines():
                        if stop.is_set():
                            return
            except (httpx.HTTPError, asyncio.CancelledError):
                return

        stream = asyncio.create_task(follow())
        try:
            await asyncio.sleep(rng.uniform(0, 2 * think))
            html = (await c.get(f"/t/{table}?k={secret}")).text
            for n in range(1, HANDS + 1):
                await asyncio.sleep(rng.uniform(0, 2 * think))  # the hand is played, the phone tapped
                entry = forms(html)[-1] | {"side": "NS", "makers": "NS" if n % 2 else "EW", "tricks": "3"}
                times[(table, n, "save")] = time.time()
                r = await post(c, table, secret, entry, refused)
                times[(table, n, "saved")] = time.time()
                if f"Hand {n} saved" not in r.text:
                    errors.append((table, n, r.status_code, "save", r.text[-300:]))
                    return
                await asyncio.sleep(rng.uniform(0, 2 * think))  # the phone crosses the table
                times[(table, n, "agree")] = time.time()
                r = await post(c, table, secret, forms(r.text)[0], refused)
                times[(table, n, "agreed")] = time.time()
                if "agreed to hand" not in r.text:
                    errors.append((table, n, r.status_code, "agree", r.text[-300:]))
                    return
                html = r.text
        finally:
            stream.cancel()


def tables_process(bases: list[str], secrets: dict[int, str], think: float, niceness: int, out) -> None:
    if niceness:
        os.nice(niceness)

    async def main() -> None:
        times: dict = {}
        errors: list = []
        refused: list = []
        stop = asyncio.Event()
        await asyncio.gather(*(table_phone(bases[t % len(bases)], t, k, think, times, errors, refused, stop)
                               for t, k in secrets.items()))
        stop.set()
        out.put({"times": {f"{t}/{n}/{kind}": v for (t, n, kind), v in times.items()}, "errors": errors,
                 "refused": refused})

    asyncio.run(main())


async def follower(base: str, path: str, stop: asyncio.Event, counts: dict, seen: dict | None = None,
                   table_of: dict | None = None, address: str = "127.0.0.1") -> None:
    """One phone on a public page: its stream, and the page again on each
    line; from its own address (``address``: a loopback address of its own,
    as each phone in the room has its own, so the server's per-address
    limits count it alone)."""
    import httpx

    etag = ""
    transport = httpx.AsyncHTTPTransport(local_address=address)
    async with httpx.AsyncClient(base_url=base, timeout=120, transport=transport) as c:
        async def fetch() -> None:
            nonlocal etag
            while not stop.is_set():
                counts["requests"] += 1
                try:
                    r = await c.get(path, headers={"if-none-match": etag} if etag else {})
                except httpx.TransportError:
                    await asyncio.sleep(later(2.0))
                    continue
                if r.status_code in (503, 429):
                    counts["refused"] += 1
                    counts[f"refused {r.status_code}"] = counts.get(f"refused {r.status_code}", 0) + 1
                    await asyncio.sleep(later(2.0))
                    continue
                if r.status_code == 304:
                    counts["304"] += 1
                    return
                etag = r.headers.get("etag", "")
                if seen is not None:
                    now = time.time()
                    scored = {int(n) for n, p in ROW.findall(r.text) if int(p) > 0}
                    for number in scored:
                        t = table_of.get(number)
                        if t is not None and t not in seen:
                            seen[t] = now
                return

        while not stop.is_set():
            counts["requests"] += 1
            counts["connects"] += 1
            try:
                async with c.stream("GET", "/events") as r:
                    if r.status_code != 200:
                        counts["refused"] += 1
                        await asyncio.sleep(later(5.0))
                        continue
                    async for line in r.aiter_lines():
                        if line.startswith("data: "):
                            counts["lines"] += 1
                            await fetch()
                        if stop.is_set():
                            return
            except httpx.HTTPError:
                await asyncio.sleep(later(1.0))
            except asyncio.CancelledError:
                return


def followers_process(bases: list[str], first: int, count: int, players: int, niceness: int, stop_flag,
                      idle_flag, out, monitor: dict | None = None, all_seen=None) -> None:
    if niceness:
        os.nice(niceness)

    async def main() -> None:
        stop = asyncio.Event()
        counts = {"requests": 0, "refused": 0, "304": 0, "lines": 0, "connects": 0}
        marks: dict = {}
        seen: dict[int, dict] = {}
        jobs = []
        for i in range(first, first + count):
            path = "/standings" if i % 10 == 9 else f"/player/{i % players + 1}"
            address = f"127.{1 + i // 62500}.{i // 250 % 250}.{1 + i % 250}"  # one loopback address each
            jobs.append(follower(bases[i % len(bases)], path, stop, counts, address=address))
        table_of_tables = set((monitor or {}).values())
        if monitor is not None:
            table_of = {int(k): v for k, v in monitor.items()}
            for k, base in enumerate(bases):
                seen[k] = {}
                jobs.append(follower(base, "/standings", stop, {"requests": 0, "refused": 0, "304": 0, "lines": 0, "connects": 0},
                                     seen[k], table_of))

        async def watch() -> None:
            quiet_from = None
            while not stop_flag.is_set():
                if monitor is not None and all(len(v) >= len(table_of_tables) for v in seen.values()):
                    all_seen.set()
                if idle_flag.is_set() and quiet_from is None:
                    quiet_from = time.time() + SETTLE_S  # the last tables' results reach the pages first
                if quiet_from is not None and time.time() >= quiet_from and "idle" not in marks:
                    marks["idle"] = (time.time(), counts["requests"], dict(counts))
                await asyncio.sleep(0.2)
            marks["end"] = (time.time(), counts["requests"], dict(counts))
            stop.set()

        tasks = [asyncio.create_task(j) for j in jobs]
        await watch()
        await asyncio.sleep(0.5)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        out.put({"counts": counts, "marks": marks, "seen": seen})

    asyncio.run(main())


# ------------------------------------------------------------------ one run
def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    return round(values[min(len(values) - 1, int(q * (len(values) - 1) + 0.5))], 3)


def run(url: str, label: str, tables: int, followers: int, servers: int, think: float, idle: float,
        niceness: int) -> dict:
    from euchre_tourney.web import free_port

    event_id, secrets, table_of = build(url, tables)
    ports = [free_port() for _ in range(servers)]
    bases = [f"http://127.0.0.1:{p}" for p in ports]
    procs = [serve(url, p, tables * 4, niceness) for p in ports]
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    stop_flag, idle_flag, all_seen = ctx.Event(), ctx.Event(), ctx.Event()
    per = 500
    shares = [(i, min(per, followers - i)) for i in range(0, followers, per)] or [(0, 0)]
    watchers = [ctx.Process(target=followers_process, daemon=True,
                            args=(bases, first, n, tables * 4, niceness, stop_flag, idle_flag, out,
                                  {str(k): v for k, v in table_of.items()} if j == 0 else None, all_seen))
                for j, (first, n) in enumerate(shares)]
    for w in watchers:
        w.start()
    time.sleep(3.0)  # the followers connect before the tables start
    groups = [dict(list(secrets.items())[i::max(1, (tables + 249) // 250)]) for i in range(max(1, (tables + 249) // 250))]
    players = [ctx.Process(target=tables_process, args=(bases, g, think, niceness, out), daemon=True) for g in groups]
    began = time.time()
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
    idle_flag.set()
    time.sleep(SETTLE_S + idle)
    stop_flag.set()
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
    for r in results:
        times |= r["times"]
        errors += r["errors"]
        refused += r["refused"]
    counts = {"requests": 0, "refused": 0, "304": 0, "lines": 0, "connects": 0}
    idle_requests = 0
    idle_counts: dict = {}
    seen: dict = {}
    idle_s = idle
    for f in followed:
        for k, v in f["counts"].items():
            counts[k] = counts.get(k, 0) + v
        if "idle" in f["marks"] and "end" in f["marks"]:
            idle_requests += f["marks"]["end"][1] - f["marks"]["idle"][1]
            for k, v in f["marks"]["end"][2].items():
                idle_counts[k] = idle_counts.get(k, 0) + v - f["marks"]["idle"][2][k]
            idle_s = f["marks"]["end"][0] - f["marks"]["idle"][0]
        seen |= {int(k): v for k, v in f["seen"].items()} if f["seen"] else {}
    from_agree, from_save = [], []
    for k, table_seen in seen.items():
        for t, at in table_seen.items():
            t = int(t)
            if f"{t}/{HANDS}/agree" in times:
                from_agree.append(max(0.0, at - times[f"{t}/{HANDS}/agree"]))
                from_save.append(at - times[f"{t}/{HANDS}/save"])
    missing = sum(1 for k in seen for t in secrets if t not in {int(x) for x in seen[k]})
    stored = check(url, event_id, tables)
    trips = [times[f"{t}/{n}/{a}d"] - times[f"{t}/{n}/{a}"] for t in secrets for n in range(1, HANDS + 1)
             for a in ("save", "agree") if f"{t}/{n}/{a}d" in times]
    play_s = played - began
    load_requests = counts["requests"] - idle_requests
    return {
        "label": label, "tables": tables, "followers": followers, "servers": servers, "think s": think,
        **stored,
        "refused for load": len(refused) + counts["refused"],
        "refused: tables (kind, table, status) / followers by status": (
            refused[:5], {k: v for k, v in counts.items() if k.startswith("refused ")}),
        "errors": errors[:3],
        "table on standings after last Agree s (p50, p95, max)": (pct(from_agree, 0.5), pct(from_agree, 0.95),
                                                                  pct(from_agree, 1.0)),
        "after last Save s (p50, p95)": (pct(from_save, 0.5), pct(from_save, 0.95)),
        "tables never seen by a monitor": missing,
        "requests per follower per minute (playing, idle)": (
            round(load_requests / max(1, followers) / (play_s / 60), 2) if followers else None,
            round(idle_requests / max(1, followers) / (idle_s / 60), 2) if followers else None),
        "follower answers 304": counts["304"],
        "follower stream lines, connects (whole run)": (counts["lines"], counts["connects"]),
        "follower counts during the idle window": idle_counts,
        "server memory MB (peak, now)": mem,
        "server CPU s (whole run)": used,
        "a table's Save/Agree round trip s (p50, p95)": (pct(trips, 0.5), pct(trips, 0.95)),
        "last result on the standings after the last table s": round(shown - played, 1),
        "tables played in s": round(play_s, 1),
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
                       args.think, args.idle, args.nice)
    name = f"bench_servers_{os.getpid()}"
    url = fresh_postgres(args.postgres, name)
    try:
        return run(url, f"PostgreSQL, {servers} processes", tables, followers, servers, args.think, args.idle,
                   args.nice)
    finally:
        drop_postgres(args.postgres, name)


# ------------------------------------------------------------------ the plot
def plot(results: list[dict], path: str) -> None:
    """p95 (last Agree → standings) against tables, one line per configuration (QPainter)."""
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
    for r in results:
        p95 = r["after last Save s (p50, p95)"][1]
        if p95 is not None:
            lines.setdefault(r["label"], []).append((r["tables"], p95))
    xs = [25, 500]
    top_value = max([1.0, *(v for pts in lines.values() for _, v in pts)]) * 1.1
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
               "p95: a table's last Save tapped → the table on a follower's standings page (followers 4 × tables)")
    p.drawText(QRectF(0, h - 30, w, 20), Qt.AlignCenter, "tables")
    colours = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728"]
    for i, (label, pts) in enumerate(sorted(lines.items())):
        pen = QPen(QColor(colours[i % 4]), 2.5)
        p.setPen(pen)
        pts = sorted(pts)
        for a, b in zip(pts, pts[1:]):
            p.drawLine(QPointF(X(a[0]), Y(a[1])), QPointF(X(b[0]), Y(b[1])))
        for t, v in pts:
            p.drawEllipse(QPointF(X(t), Y(v)), 4, 4)
        p.drawLine(QPointF(left + 20, top + 10 + 20 * i), QPointF(left + 50, top + 10 + 20 * i))
        p.setPen(QPen(QColor("#000")))
        p.drawText(QPointF(left + 58, top + 14 + 20 * i), label)
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
