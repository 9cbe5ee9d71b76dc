"""Scoring from phones under load (a benchmark, not part of the test run).

    QT_QPA_PLATFORM=offscreen python3 tests/benchmarks/bench_phones.py [--postgres URL]

Over the loopback only: the app's phone server for a 100-player event (25
tables), the director's main window open on the Standings page, and at once

* 25 table clients, each entering 8 hands of round 1 and confirming each
  from the other side (16 writes per table), as fast as the server answers;
* 120 followers asking ``/stamp`` every second (the pages' interval) and
  fetching ``/standings`` whenever it moved;
* a director's reader computing the event's standings in a loop, as the
  window's Standings page does, noting when each hand first shows.

Reports: hands lost or duplicated (must be 0), the submit → on the
director's standings latency (median, p95, max; target p95 ≤ 200 ms), and
the longest gap of the window's event loop meanwhile (target ≤ 50 ms; a
5 ms Qt timer measures it). Bounded: at most 60 s of load.

The followers all come from 127.0.0.1, so the benchmark raises the
per-address limit for ``/stamp`` (on a real night each phone has its own
address); the tables' own limits stay as shipped.
"""

from __future__ import annotations

import argparse
import datetime
import os
import re
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

from euchre_tourney import tournament
from euchre_tourney.web import Limits, PhoneServer, free_port

TABLES, HANDS, FOLLOWERS, LIMIT_S = 25, 8, 120, 120.0
THINK = 1.0
"""Mean seconds between a table's taps (uniform 0–2×): a person enters a
hand and hands the phone across; 0 sends as fast as the server answers."""
HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)"')


def build(db) -> tuple[int, dict[int, str]]:
    with db.session() as s:
        ids = [tournament.add_player(s, f"Player {i:03d}").id for i in range(TABLES * 4)]
        ev = tournament.create_event(s, "Bench night", datetime.date(2026, 3, 4), rounds=8, hands_per_round=HANDS)
        tournament.set_checked_in(s, ev.id, ids)
        tournament.generate_rotation(s, ev.id, seed=3)
        return ev.id, tournament.table_secrets(s, ev.id)


def forms(html: str) -> list[dict[str, str]]:
    return [dict(HIDDEN.findall(f)) for f in re.findall(r"<form[^>]*method=\"post\".*?</form>", html, re.S)]


async def table_client(c, table: int, secret: str, submitted: dict, errors: list, deadline: float) -> None:
    import asyncio
    import random

    rng = random.Random(table)
    html = (await c.get(f"/t/{table}?k={secret}")).text
    for n in range(1, HANDS + 1):
        if time.time() > deadline:
            return
        await asyncio.sleep(rng.uniform(0, 2 * THINK))  # the table plays the hand / taps
        entry = forms(html)[-1] | {"side": "NS", "makers": "NS" if n % 2 else "EW", "tricks": str(3 + n % 3)}
        submitted[(table, n)] = time.time()
        r = await c.post(f"/t/{table}", data=entry)
        if f"Hand {n} saved" not in r.text:
            errors.append((table, n, r.status_code, "enter"))
            return
        if n == 2:  # a resend of the same submission: must not record twice
            again = await c.post(f"/t/{table}", data=entry)
            if "Hand 2 saved" not in again.text:
                errors.append((table, n, again.status_code, "resend"))
        await asyncio.sleep(rng.uniform(0, 2 * THINK))  # the phone crosses the table
        r = await c.post(f"/t/{table}", data=forms(r.text)[0])
        if "agreed to hand" not in r.text:
            errors.append((table, n, r.status_code, "agree"))
            return
        html = r.text


async def follower(c, stop, fetched: list) -> None:
    import asyncio

    last = ""
    while not stop.is_set():
        try:
            s = (await c.get("/stamp")).text
            if s != last:
                last = s
                await c.get("/standings")
                fetched.append(1)
        except httpx.HTTPError:
            pass
        await asyncio.sleep(1.0)


def load(base: str, secrets: dict[int, str], out, think: float) -> None:
    """The phones: run in a process of their own (asyncio), so that the
    server's process holds only the server and the window."""
    import asyncio

    global THINK
    THINK = think

    async def main() -> None:
        submitted: dict = {}
        errors: list = []
        fetched: list = []
        stop = asyncio.Event()
        deadline = time.time() + LIMIT_S
        limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)
        async with httpx.AsyncClient(base_url=base, timeout=60, headers={"origin": base}, limits=limits) as c:
            followers = [asyncio.create_task(follower(c, stop, fetched)) for _ in range(FOLLOWERS)]
            await asyncio.gather(*(table_client(c, t, secrets[t], submitted, errors, deadline) for t in secrets))
            stop.set()
            await asyncio.gather(*followers)
        out.put((submitted, errors, len(fetched)))

    asyncio.run(main())


def director_reader(db, event_id: int, stop: threading.Event, seen: dict) -> None:
    """The director's side: asks the change stamp every 20 ms (the window's
    poll, faster) and, when it moved, reads the standings as the Standings
    page does; a hand counts as shown when that read includes it."""
    last = None
    while not stop.wait(0.02):
        with db.session() as s:
            stamp = tournament.change_stamp(s, event_id)
            if stamp == last:
                continue
            last = stamp
            view = tournament.standings(s, event_id)
            progress = tournament.round_progress(s, event_id, 1)
        now = time.time()
        assert view.hands_recorded >= len(seen)
        for table, count in progress.items():
            for n in range(1, count + 1):
                seen.setdefault((table, n), now)


def run(url: str, label: str) -> dict:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from euchre_tourney.gui.main_window import MainWindow

    db = tournament.open_database(url, station="director")
    event_id, secrets = build(db)
    app = QApplication.instance() or QApplication([])
    window = None
    if not os.environ.get("BENCH_NO_WINDOW"):
        window = MainWindow(db)
        window.reload_events(select=event_id)
        window.tabs.setCurrentWidget(window.standings_page)
        window.show()
    server = PhoneServer(db, event_id, "127.0.0.1", free_port())
    server.state.limits = Limits(client_get=(1000.0, 2000.0))
    server.start()
    import multiprocessing

    seen: dict = {}
    stop = threading.Event()
    deadline = time.monotonic() + LIMIT_S + 30
    gaps = [0.0]
    last = [time.perf_counter()]

    def beat() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now

    heart = QTimer()
    heart.setInterval(5)
    heart.timeout.connect(beat)
    reader = threading.Thread(target=director_reader, args=(db, event_id, stop, seen), daemon=True)
    reader.start()
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    phones = ctx.Process(target=load, args=(server.url, secrets, out, THINK), daemon=True)
    started = time.perf_counter()
    heart.start()
    last[0] = time.perf_counter()
    phones.start()
    result = None
    while result is None and time.monotonic() < deadline:
        app.processEvents()
        try:
            result = out.get(timeout=0.002)
        except Exception:  # queue.Empty
            pass
    submitted, errors, fetched = result or ({}, [("load", "did not finish")], 0)
    while len(seen) < len(submitted) and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.002)
    wall = time.perf_counter() - started
    heart.stop()
    stop.set()
    reader.join(10)
    phones.join(10)
    server.stop()
    with db.session() as s:
        progress = tournament.round_progress(s, event_id, 1)
        stations = {a.station for a in tournament.audit_trail(s, event_id)}
        records = [a for a in tournament.audit_trail(s, event_id) if a.action == "record"]
    if window is not None:
        window.close()
    db.dispose()
    latencies = sorted((seen[k] - submitted[k]) * 1000 for k in submitted if k in seen)
    p95 = latencies[int(0.95 * (len(latencies) - 1))] if latencies else float("nan")
    return {
        "label": f"{label} (think {THINK} s)",
        "hands stored": sum(progress.values()),
        "hands expected": TABLES * HANDS,
        "duplicated records": len(records) - len({(a.table, a.number) for a in records}),
        "errors": errors[:5],
        "stations": sorted(stations),
        "latency ms median": round(statistics.median(latencies), 1) if latencies else None,
        "latency ms p95": round(p95, 1),
        "latency ms max": round(latencies[-1], 1) if latencies else None,
        "longest GUI gap ms": round(max(gaps) * 1000, 1),
        "standings fetched by followers": fetched,
        "wall s": round(wall, 1),
    }


def main() -> int:
    global THINK
    parser = argparse.ArgumentParser()
    parser.add_argument("--postgres", default=os.environ.get("EUCHRE_TOURNEY_TEST_POSTGRES"),
                        help="also run on this PostgreSQL server (a fresh database is made and dropped)")
    parser.add_argument("--think", type=float, default=THINK, help="mean seconds between a table's taps (0: flat out)")
    args = parser.parse_args()
    THINK = args.think
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        results.append(run(str(Path(tmp) / "bench.sqlite"), "SQLite"))
    if args.postgres:
        import psycopg
        from sqlalchemy.engine import make_url

        name = f"bench_phones_{os.getpid()}"
        admin = make_url(args.postgres).set(drivername="postgresql", database="postgres")
        with psycopg.connect(admin.render_as_string(hide_password=False), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        try:
            url = make_url(args.postgres).set(drivername="postgresql+psycopg", database=name)
            results.append(run(url.render_as_string(hide_password=False), "PostgreSQL"))
        finally:
            with psycopg.connect(admin.render_as_string(hide_password=False), autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    for r in results:
        print(f"{r.pop('label')}:")
        for k, v in r.items():
            print(f"  {k}: {v}")
    ok = all(r["hands stored"] == r["hands expected"] and not r["duplicated records"] and not r["errors"] for r in results)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
