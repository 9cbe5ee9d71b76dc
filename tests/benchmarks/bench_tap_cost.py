"""What one phone's tap costs the server: SQL statements and CPU, a benchmark, not a test.

    nice -n 10 python tests/benchmarks/bench_tap_cost.py --tables 100 --taps 24
    nice -n 10 python tests/benchmarks/bench_tap_cost.py --sqlite --tables 100 --taps 24
    nice -n 10 python tests/benchmarks/bench_tap_cost.py --compare /tmp/base --rounds 3   # another checkout, interleaved

Counts, not wall time (the machine is shared): in one process, the
application of ``create_app`` on a fresh event of ``--tables`` tables in
sections of 80 players (as :mod:`bench_servers` builds it) on the local
PostgreSQL (a database made and dropped) or a SQLite file, driven by
Starlette's test client. For each tap (a table's Save, then the other side's
Agree, at tables spread over the sections) it counts the statements the
database was sent (a SQLAlchemy ``before_cursor_execute`` listener), the
connections checked out of the pool (on PostgreSQL each one is pinged
first: a round trip the listener does not see) and the process's CPU
(``time.process_time``, the test client's share included), and then, as
the room's followers make it after each change: the room's read model
made again with the overall standings page (``/standings``), a section's
standings page and a player's page (``SHARED_EVERY_S`` set to 0 so that
every change is followed). The PostgreSQL backends' CPU is read from
``/proc`` (10 ms ticks; per tap over the run).

``--compare DIR`` runs DIR's package (another checkout, e.g. ``git archive
BASE | tar -x -C DIR``) and this one in turns, ``--rounds`` times each, each
run a subprocess of its own on its own fresh database; a median per tree.

Measured 29 Nov 2026 (``--compare`` of 0081fcf and afd1a38, 100 tables in
5 sections, 24 taps, two runs each, interleaved; load 11-21; CPU ms include
the test client's share, ~1 ms a request; statements are exact counts):

===============================  ==================  ==================
PostgreSQL, 100 tables           0081fcf (before)    afd1a38 (after)
                                 statements / CPU ms statements / CPU ms
===============================  ==================  ==================
a Save (the write and its page)  67 / 40.6           40 / 26.8
an Agree                         57 / 35.2           32 / 21.7
the room's read model again,     34 / 45.8           14 / 21.9
with the overall standings page
database backends, per tap       19.6 CPU ms         13.1 CPU ms
===============================  ==================  ==================

On SQLite (the same, load 8-17): a Save 68 -> 41 statements, 28.8 -> 16.9
CPU ms; an Agree 58 -> 33, 24.9 -> 14.2; the room's read model again 34 ->
14, 41.7 -> 18.9. The statements built once alone (45d450f -> afd1a38,
SQLite): a Save 27.6 -> 24.9 CPU ms, an Agree 26.1 -> 20.6. The room's read
model at 500 tables (25 sections, PostgreSQL): 186 -> 82 CPU ms (0081fcf ->
cb25516).
Under the load of these runs every statement waited 7-10 ms for a
PostgreSQL backend, so a statement less is also ~8 ms less of a tap's
round trip.

Again on 29 Nov 2026, ``--compare`` of c3ba8b0 (before) and the room's
read model and the stamps cut (branch read30: the standings in flat lists
and each section's kept while its inputs are the same, the night's seats
kept per rotation, the round being played taken from the stamps, one read
of the room for the stamps' rounds, the waiting hands found by the
database, a table's four names without a label for everyone, the one
guard's round read once; the garbage collector set as a serving process
sets it), 24 taps, two runs each, interleaved, PostgreSQL, load 9-17
(other sessions):

===============================  ==================  ==================
                                 c3ba8b0 (before)    read30 (after)
                                 statements / CPU ms statements / CPU ms
===============================  ==================  ==================
500 tables: a Save               43.8 / 37.7         40 / 34.8
500 tables: an Agree             35 / 33.7           33 / 30.1
500 tables: the room's read      14 / 81.5           10 / 36.9
model with the standings page
500 tables: database, per tap    24.5 CPU ms         20.1 CPU ms
100 tables: a Save               43 / 32.4           40 / 30.4
100 tables: an Agree             35 / 28.0           33 / 26.0
100 tables: the room's read      14 / 24.4           10 / 15.6
model with the standings page
100 tables: database, per tap    16.5 CPU ms         14.5 CPU ms
===============================  ==================  ==================

(An earlier pair of the same kind, 500 tables, load 6-9, with the
standings', the sections' memo's, the stamps' round and the collector's
changes only: a Save 42.4 -> 35.3 CPU ms, an Agree 36.3 -> 28.2, the
room's read model 88.9 -> 51.2.) The room's read model here is made
after every tap (``SHARED_EVERY_S`` 0): each section's standings kept is
the larger part of its cut, with the garbage collector's.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve()
ROOT = HERE.parents[2]
DEFAULT_PG = "postgresql://postgres@127.0.0.1:5432/test"
HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)"')


def forms(html: str) -> list[dict[str, str]]:
    return [dict(HIDDEN.findall(f)) for f in re.findall(r"<form[^>]*method=\"post\".*?</form>", html, re.S)]


def build(url: str, tables: int, section_size: int = 80):
    from euchre_tourney import tournament

    db = tournament.open_database(url, station="bench")
    try:
        with db.session() as s:
            roster = ("name\n" + "".join(f"Player {i:04d}\n" for i in range(tables * 4))).encode()
            report = tournament.import_players(s, tournament.preview_import(s, tournament.read_roster(roster)))
            ids = [p.id for p in report.added]
            ev = tournament.create_event(s, "Bench night", datetime.date(2026, 3, 4), rounds=2, hands_per_round=8)
            tournament.set_checked_in(s, ev.id, ids)
            if section_size and tables * 4 > section_size:
                tournament.split_by_size(s, ev.id, section_size)
            tournament.generate_rotation(s, ev.id, seed=3)
            secrets = tournament.table_secrets(s, ev.id)
            sections = {t: "" for t in secrets}
            for sec in tournament.list_sections(s, ev.id):
                for t in tournament.section_tables(s, ev.id, sec.name):
                    sections[t] = sec.name
            players = {c.rounds[0].table: c.number for c in tournament.scorecards(s, ev.id) if c.rounds[0].table}
        return ev.id, secrets, sections, players
    finally:
        db.dispose()


def backend_cpu(url: str) -> float:
    """CPU seconds the PostgreSQL backends of ``url``'s database have used (0 on SQLite)."""
    if not url.startswith("postgresql"):
        return 0.0
    import psycopg
    from sqlalchemy.engine import make_url

    u = make_url(url)
    total = 0.0
    with psycopg.connect(u.set(drivername="postgresql").render_as_string(hide_password=False), autocommit=True) as c:
        pids = [r[0] for r in c.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                                        (u.database,))]
    for pid in pids:
        try:
            f = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
        except OSError:
            pass
    return total


def one(url: str, tables: int, taps: int, profile: str = "") -> dict:
    """One run in this process: ``taps`` Saves and as many Agrees."""
    from sqlalchemy import event
    from starlette.testclient import TestClient

    from euchre_tourney import tournament
    from euchre_tourney.web import app as web_app
    from euchre_tourney.web import create_app

    event_id, secrets, sections, players = build(url, tables)
    web_app.SHARED_EVERY_S = 0.0  # every change followed (the pace is the load's, not what is counted)
    db = tournament.open_database(url, station="bench server")
    counter = {"sql": 0, "checkout": 0}
    sql_text: dict[str, int] = {}

    def on_sql(conn, cursor, statement, params, context, many):
        counter["sql"] += 1
        if profile:
            key = " ".join(statement.split())[:160]
            sql_text[key] = sql_text.get(key, 0) + 1

    event.listen(db.engine, "before_cursor_execute", on_sql)
    event.listen(db.engine, "checkout", lambda *a: counter.__setitem__("checkout", counter["checkout"] + 1))
    app = create_app(db, event_id, base_url="http://testserver")
    try:  # the garbage collector as a serving process sets it (trees that have it; see web.server.serving_collector)
        from euchre_tourney.web.server import serving_collector
    except ImportError:
        pass
    else:
        serving_collector()
    order = sorted(secrets)
    step = max(1, len(order) // taps)
    chosen = (order[::step] * taps)[:taps]
    rows: dict[str, list[tuple[int, int, float]]] = {k: [] for k in ("save", "agree", "room+standings", "section page",
                                                                     "player page")}
    prof = None
    if profile:
        import cProfile

        prof = cProfile.Profile()
    with TestClient(app, base_url="http://testserver", headers={"origin": "http://testserver"}) as c:
        c.get("/standings")
        pages = {t: c.get(f"/t/{t}?k={secrets[t]}").text for t in set(chosen)}
        hand = {t: 0 for t in chosen}
        db_before = backend_cpu(url)

        def counted(kind: str, call):
            s0, k0, c0 = counter["sql"], counter["checkout"], time.process_time()
            profiled = prof is not None and kind in ("save", "agree")  # the tables' taps only
            if profiled:
                prof.enable()
            r = call()
            if profiled:
                prof.disable()
            rows[kind].append((counter["sql"] - s0, counter["checkout"] - k0, time.process_time() - c0))
            assert r.status_code == 200, (kind, r.status_code, r.text[-400:])
            return r

        def followers(t: int) -> None:
            counted("room+standings", lambda: c.get("/standings"))
            if sections[t]:
                counted("section page", lambda: c.get(f"/standings?section={sections[t]}"))
            counted("player page", lambda: c.get(f"/player/{players[t]}"))

        for t in chosen:
            hand[t] += 1
            n = hand[t]
            entry = forms(pages[t])[-1] | {"side": "NS", "makers": "NS" if n % 2 else "EW", "tricks": "3"}
            r = counted("save", lambda: c.post(f"/t/{t}", data=entry))
            assert f"Hand {n} saved" in r.text, r.text[-400:]
            followers(t)
            r = counted("agree", lambda: c.post(f"/t/{t}", data=forms(r.text)[0]))
            assert "agreed to hand" in r.text, r.text[-400:]
            pages[t] = r.text
            followers(t)
        db_used = backend_cpu(url) - db_before
    db.dispose()
    out = {"tables": tables, "taps": taps, "db": "sqlite" if url.startswith("sqlite") else "postgresql",
           "db backend CPU ms per tap (all counted requests)": round(1000 * db_used / (2 * taps), 1)}
    for kind, got in rows.items():
        if got:
            out[kind] = {"statements": statistics.median(g[0] for g in got), "checkouts": statistics.median(g[1] for g in got),
                         "CPU ms": round(1000 * statistics.median(g[2] for g in got), 1),
                         "CPU ms mean": round(1000 * statistics.fmean(g[2] for g in got), 1)}
    if prof is not None:
        prof.dump_stats(profile)
        out["statements by text"] = sorted(sql_text.items(), key=lambda kv: -kv[1])[:60]
    return out


def fresh_url(sqlite: bool, pg: str) -> tuple[str, callable]:
    if sqlite:
        folder = tempfile.mkdtemp(prefix="tapcost-")
        return f"sqlite:///{folder}/night.db", lambda: None
    import psycopg
    from sqlalchemy.engine import make_url

    base = make_url(pg)
    name = f"tapcost_{os.getpid()}_{int(time.time())}"
    admin = base.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as c:
        c.execute(f'CREATE DATABASE "{name}"')

    def drop() -> None:
        with psycopg.connect(admin, autocommit=True) as c:
            c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return base.set(database=name).render_as_string(hide_password=False), drop


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=100)
    p.add_argument("--taps", type=int, default=24)
    p.add_argument("--sqlite", action="store_true")
    p.add_argument("--postgres", default=os.environ.get("EUCHRE_TOURNEY_TEST_POSTGRES", DEFAULT_PG))
    p.add_argument("--tree", default="", help="the checkout whose package is measured (default: this one)")
    p.add_argument("--compare", default="", help="another checkout: run it and this one in turns")
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--profile", default="", help="write a cProfile of the counted requests here (and the statements)")
    p.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.one or not a.compare:
        tree = a.tree or str(ROOT)
        sys.path.insert(0, tree)
        url, drop = fresh_url(a.sqlite, a.postgres)
        try:
            result = one(url, a.tables, a.taps, a.profile)
        finally:
            drop()
        result["tree"] = tree
        result["load"] = [round(x, 1) for x in os.getloadavg()]
        print(json.dumps(result))
        return
    trees = [str(Path(a.compare).resolve()), str(ROOT)]
    runs: dict[str, list[dict]] = {t: [] for t in trees}
    for _ in range(a.rounds):
        for tree in trees:
            cmd = [sys.executable, str(HERE), "--one", "--tree", tree, "--tables", str(a.tables), "--taps", str(a.taps),
                   "--postgres", a.postgres] + (["--sqlite"] if a.sqlite else [])
            done = subprocess.run(cmd, capture_output=True, text=True, cwd=tree,
                                  env=os.environ | {"PYTHONPATH": tree})
            if done.returncode:
                raise SystemExit(done.stderr[-3000:])
            runs[tree].append(json.loads(done.stdout.strip().splitlines()[-1]))
            print(json.dumps(runs[tree][-1]), flush=True)
    print("\nmedian of the runs (statements; connections checked out; CPU ms):")
    for tree, got in runs.items():
        print(f"  {tree}  load {got[-1]['load']}")
        for kind in ("save", "agree", "room+standings", "section page", "player page"):
            if kind in got[0]:
                print(f"    {kind:15} {statistics.median(g[kind]['statements'] for g in got):6.1f} "
                      f"{statistics.median(g[kind]['checkouts'] for g in got):4.1f} "
                      f"{statistics.median(g[kind]['CPU ms'] for g in got):8.1f}")
        print(f"    db backend CPU ms per tap: {statistics.median(g['db backend CPU ms per tap (all counted requests)'] for g in got)}")


if __name__ == "__main__":
    main()
