"""A walk through a big night in sections (issue 30, "How it is checked").

    python3 tests/benchmarks/walk_sections.py [--database postgresql://postgres@127.0.0.1:5432/test]
                                              [--shots /tmp/shots] [--hands 4]

A 400-player night split into 10 sections of 40 (A–J, 10 tables each: 100
tables), two captains (Ann runs A–E, Bea runs F–J), two ``euchre-tourney
serve`` processes on one PostgreSQL database (a fresh database made on the
server of ``--database`` for the walk, dropped at the end): server 1 takes
sections A–E's phones, server 2 F–J's. Round 1 is entered and agreed from
the tables' phones: one table of each section from Chromium (Debian's, via
Selenium: two browsers, one per server, a tab per table; a form is sent as
``static/app.js`` sends it, resent by itself when the server is away, "Send
again" tapped when it gives up), the other 90 from HTTP phones that behave
as ``app.js`` does (the same form, with its idempotency key, sent again
when the server is away). Mid-round server 1 is killed (SIGKILL, with a
hand committed whose answer its phone never read) and started again by
its captain on the same port.

Then the captains, in Chromium: each opens ``/captain`` with her PIN on her
server, tries to lock a section that is not hers (the page's form altered
to name it: refused), and locks round 1 of one of hers.

Printed: hands sent, saved, lost and doubled (audit trail and round
progress against what the phones sent), resends, the restart's time, the
captains' refusals and locks, and the standings checked: every player's
points per section and overall, from the database and from both servers'
``/standings?section=X`` and ``/standings`` pages, against the points
computed here from the hands sent. Screenshots (``--shots``): the captain's
page, a section's standings, a section's projector, the room's projector.
Not a test (not collected); exit status 1 when a check fails.
"""

from __future__ import annotations

import argparse
import datetime
import html as htmllib
import os
import re
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter, defaultdict
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # this checkout, not an installed copy

from euchre_tourney import tournament as T  # noqa: E402
from euchre_tourney.web import free_port  # noqa: E402

PLAYERS, SIZE = 400, 40
CAPTAINS = {"Ann": list("ABCDE"), "Bea": list("FGHIJ")}
DEADLINE_S = 180.0
SENT: set = set()
"""(table, hand) of every hand a phone sent (once or more)."""


def hand_of(table: int, n: int) -> tuple[str, int]:
    """The hand table ``table`` plays as its hand ``n``: (makers, tricks they took)."""
    return ("NS" if (n + table) % 2 else "EW"), (3, 4, 5, 2, 3)[(n + table) % 5]


def points_of(makers: str, tricks: int) -> dict[str, int]:
    """North American scoring: makers 1 for 3–4 tricks, 2 for a march; euchred, 2 to the defenders."""
    other = "EW" if makers == "NS" else "NS"
    if tricks >= 5:
        return {makers: 2, other: 0}
    if tricks >= 3:
        return {makers: 1, other: 0}
    return {makers: 0, other: 2}


def forms(page: str) -> list[dict[str, str]]:
    return [dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', f))
            for f in re.findall(r"<form[^>]*method=\"post\".*?</form>", page, re.S)]


def standings_rows(page: str) -> dict[str, str]:
    """Player name → points, from a standings page's table."""
    out = {}
    for row in re.findall(r"<tr><td>.*?</tr>", page, re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        if len(cells) >= 3:
            name = htmllib.unescape(re.sub(r"<span class=\"num\">.*?</span>", "", cells[1])).strip()
            out[name] = re.sub(r"<[^>]+>", "", cells[2]).strip()
    return out


# -- the servers ---------------------------------------------------------------------------------------------------


def serve(url: str, port: int, section: str) -> tuple[subprocess.Popen, float]:
    """``euchre-tourney serve`` for sections starting at ``section``; (process, seconds until it said it was ready)."""
    began = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "euchre_tourney", "serve", "Charity night", "--port", str(port), "--database", url,
         "--section", section, "--expected-players", "200", "--url", f"http://127.0.0.1:{port}"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=os.environ | {"PYTHONUNBUFFERED": "1"},
    )
    for line in iter(proc.stdout.readline, ""):
        if line.startswith("Press Ctrl+C"):
            threading.Thread(target=proc.stdout.read, daemon=True).start()  # (drain)
            threading.Thread(target=proc.stderr.read, daemon=True).start()
            return proc, time.perf_counter() - began
    proc.kill()
    raise SystemExit("serve did not start: " + proc.stderr.read())


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(30)


# -- the phones ----------------------------------------------------------------------------------------------------


class Counts:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.c: Counter = Counter()

    def add(self, key: str, n: int = 1) -> None:
        with self.lock:
            self.c[key] += n


class HttpPhone:
    """One table's phone as ``static/app.js`` sends: a form sent again (the
    same idempotency key) when the server is away or busy; the restarted
    server's page token taken when it says it was restarted."""

    def __init__(self, base: str, table: int, secret: str, counts: Counts) -> None:
        self.table, self.secret, self.counts = table, secret, counts
        self.client = httpx.Client(base_url=base, headers={"origin": base}, timeout=60)

    def _retry(self, call):
        deadline = time.monotonic() + DEADLINE_S
        tried = 0
        while True:
            try:
                r = call()
                if r.status_code not in (502, 503):
                    return r
                self.counts.add("busy answers (503)")
            except httpx.TransportError:
                self.counts.add("no connection (server away)")
            tried += 1
            if time.monotonic() > deadline:
                raise AssertionError(f"table {self.table}: no server answered within {DEADLINE_S} s")
            time.sleep(min(2.0, 0.2 * tried))

    def page(self) -> str:
        return self._retry(lambda: self.client.get(f"/t/{self.table}?k={self.secret}")).text

    def post(self, data: dict) -> httpx.Response:
        data = dict(data)
        for _ in range(6):
            self.counts.add("form posts")
            r = self._retry(lambda: self.client.post(f"/t/{self.table}", data=data))
            if r.status_code == 403 and "restarted" in r.text:
                self.counts.add("new page token after the restart")
                data["csrf"] = forms(self.page())[0]["csrf"]
                continue
            return r
        raise AssertionError(f"table {self.table}: refused again and again: {r.status_code}")


class BrowserTables:
    """One Chromium (a phone's size) with a tab per table: each tab opened
    on its table's QR address, hands entered by tapping as a player does."""

    def __init__(self, profile: Path, base: str, tables: dict[int, str]) -> None:
        from tests.web.browser import phone_browser

        self.driver = phone_browser()
        self.tabs: dict[int, str] = {}
        self.urls: dict[int, str] = {}
        for i, (t, secret) in enumerate(tables.items()):
            if i:
                self.driver.switch_to.new_window("tab")
            self.urls[t] = f"{base}/t/{t}?k={secret}"
            self.open(t)
            self.tabs[t] = self.driver.current_window_handle

    def open(self, table: int) -> None:
        """The table's QR address opened (again, when the server was away and the browser showed its error page)."""
        from selenium.common.exceptions import WebDriverException

        deadline = time.monotonic() + DEADLINE_S
        while True:
            try:
                self.driver.get(self.urls[table])
                if "Table " in self.main_text():
                    return
            except WebDriverException:
                if time.monotonic() > deadline:
                    raise
            time.sleep(1.0)

    def tap(self, table: int, css: str, counts: Counts) -> None:
        """Tap as a player does; a page lost with the server (the browser's own error page) is opened again."""
        from selenium.common.exceptions import WebDriverException

        from tests.web.browser import tap

        for _ in range(5):
            try:
                tap(self.driver, css)
                return
            except WebDriverException:
                counts.add("browser: page opened again")
                self.open(table)
        tap(self.driver, css)

    def main_text(self) -> str:
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.ID, "main").text

    def until(self, what, counts: Counts, table: int) -> None:
        """Wait for ``what(main text)``; tap "Send again" when the page gave up on a dead server."""
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.common.by import By

        deadline = time.monotonic() + DEADLINE_S
        while time.monotonic() < deadline:
            try:
                text = self.main_text()
                if what(text):
                    return
                again = self.driver.find_elements(By.CSS_SELECTOR, "#main .notice button.again")
                if again and again[0].is_displayed():
                    counts.add("browser: 'Send again' tapped")
                    again[0].click()
                    time.sleep(1.0)
            except WebDriverException:
                pass
            time.sleep(0.2)
        raise AssertionError(f"browser table {table}: waited {DEADLINE_S} s: {self.main_text()[-300:]}")

    def enter_and_agree(self, table: int, n: int, counts: Counts) -> None:
        self.driver.switch_to.window(self.tabs[table])
        makers, tricks = hand_of(table, n)
        self.until(lambda text: f"Hand {n} of" in text or f"Hand {n}:" in text, counts, table)
        SENT.add((table, n))
        if f"Hand {n}:" not in self.main_text():  # (not already saved, its answer lost with a server)
            self.tap(table, "input[name=side][value=NS] + span", counts)
            self.tap(table, f"input[name=makers][value={makers}] + span", counts)
            self.tap(table, f"input[name=tricks][value='{tricks}'] + span", counts)
            self.tap(table, "form.entry button.primary", counts)
        self.until(lambda text: f"Hand {n}:" in text, counts, table)
        if "Waiting for" in self.main_text():
            self.tap(table, f"#hand{n} form.confirm button.agree", counts)  # (the other side's phone; here the same)
        # agreed (the table's last hand: the page moves on to the next round, with the banner)
        self.until(lambda text: f"agreed to hand {n}" in text.lower() or text.count("✓ Agreed") >= n, counts, table)

    def quit(self) -> None:
        self.driver.quit()


# -- the walk ------------------------------------------------------------------------------------------------------


def make_night(url: str) -> tuple[int, dict[int, str], dict[str, str], dict]:
    db = T.open_database(url, station="director")
    try:
        with db.session() as s:
            ids = [T.add_player(s, f"Player {i:03d}").id for i in range(PLAYERS)]
            ev = T.create_event(s, "Charity night", datetime.date(2026, 12, 5), rounds=3, hands_per_round=ARGS.hands)
            T.set_checked_in(s, ev.id, ids)
            T.split_by_size(s, ev.id, SIZE)
            T.generate_rotation(s, ev.id, seed=30)
            secrets = T.table_secrets(s, ev.id)
            pins = {name: T.add_captain(s, ev.id, name, secs) for name, secs in CAPTAINS.items()}
            secs = {x.name: x for x in T.list_sections(s, ev.id)}
            view = T.rotation_view(s, ev.id)
            seats = {t.number: t.names for t in view.rounds[0].tables}
        return ev.id, secrets, pins, {"sections": secs, "seats": seats}
    finally:
        db.dispose()


def expected_points(night: dict, hands: int) -> dict[str, int]:
    """Every player's points after round 1, from the hands the phones sent (seats N, E, S, W)."""
    points: dict[str, int] = defaultdict(int)
    for t, names in night["seats"].items():
        for n in range(1, hands + 1):
            got = points_of(*hand_of(t, n))
            for seat, name in enumerate(names):
                points[name] += got["NS" if seat % 2 == 0 else "EW"]
    return points


def main() -> int:
    global ARGS
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", default=os.environ.get("EUCHRE_TOURNEY_TEST_POSTGRES",
                                                             "postgresql://postgres@127.0.0.1:5432/test"))
    parser.add_argument("--shots", default="/tmp/shots")
    parser.add_argument("--hands", type=int, default=4)
    ARGS = parser.parse_args()
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    server_url = make_url(ARGS.database)
    admin = create_engine(server_url, isolation_level="AUTOCOMMIT")
    name = f"euchre_walk30_{uuid.uuid4().hex[:8]}"
    with admin.connect() as c:
        c.exec_driver_sql(f'CREATE DATABASE "{name}"')
    url = server_url.set(database=name).render_as_string(hide_password=False)
    procs: list[subprocess.Popen] = []
    browsers: list[BrowserTables] = []
    failures: list[str] = []
    counts = Counts()

    def check(ok: bool, what: str) -> None:
        print(("  ok   " if ok else "  FAIL ") + what, flush=True)
        if not ok:
            failures.append(what)

    try:
        began = time.perf_counter()
        event_id, secrets, pins, night = make_night(url)
        print(f"Night made: {PLAYERS} players, {len(night['sections'])} sections of {SIZE}, {len(secrets)} tables, "
              f"captains {', '.join(f'{n} ({x[0]}–{x[-1]})' for n, x in CAPTAINS.items())} "
              f"({time.perf_counter() - began:.1f} s)", flush=True)
        ports = [free_port(), free_port()]
        bases = [f"http://127.0.0.1:{p}" for p in ports]
        first = [serve(url, ports[0], "A"), serve(url, ports[1], "F")]
        procs[:] = [p for p, _ in first]
        print(f"Two serve processes on one PostgreSQL: {bases[0]} (sections A–E), {bases[1]} (F–J); "
              f"ready in {first[0][1]:.1f} s and {first[1][1]:.1f} s", flush=True)
        secs = night["sections"]

        def server_of(table: int) -> int:
            owner = T.section_of_table(tuple(secs.values()), table)
            return 0 if owner.name in CAPTAINS["Ann"] else 1

        browser_tables = {secs[x].first_table + 1 for x in secs}  # table 1 of each section: Chromium
        killed, restarted = threading.Event(), threading.Event()
        errors: list = []
        log: list = []

        def http_table(t: int) -> None:
            phone = HttpPhone(bases[server_of(t)], t, secrets[t], counts)
            try:
                page = phone.page()
                for n in range(1, ARGS.hands + 1):
                    makers, tricks = hand_of(t, n)
                    entry = forms(page)[-1] | {"side": "NS", "makers": makers, "tricks": str(tricks)}
                    if t == 2 and n == 2:  # hand 2 of table A-2 reaches the database; its answer dies with server 1
                        assert f"Hand {n} saved" in phone.post(entry).text
                        killed.set()
                        assert restarted.wait(DEADLINE_S)
                    SENT.add((t, n))
                    if server_of(t) == 0 and n >= 2 and not restarted.is_set():
                        killed.wait(5)  # (server 1's tables are mid-round when it dies)
                    r = phone.post(entry)
                    assert f"Hand {n} saved" in r.text, (t, n, r.status_code, r.text[-300:])
                    r = phone.post(forms(r.text)[0])
                    assert "agreed to hand" in r.text, (t, n, r.status_code, r.text[-300:])
                    page = r.text
                    log.append((t, n))
            except BaseException as exc:  # noqa: BLE001 - reported by the main thread
                errors.append((t, repr(exc)))
                killed.set()

        def browser_side(k: int) -> None:
            mine = {t: secrets[t] for t in sorted(browser_tables) if server_of(t) == k}
            try:
                b = BrowserTables(Path(ARGS.shots) / f"profile-night30-{k}", bases[k], mine)
                browsers.append(b)
                for n in range(1, ARGS.hands + 1):
                    for t in mine:
                        b.enter_and_agree(t, n, counts)
                        log.append((t, n))
            except BaseException as exc:  # noqa: BLE001
                import traceback

                errors.append((f"browser {k + 1}", f"{type(exc).__name__}: {str(exc)[:300]}",
                               traceback.format_exc()[-1200:]))

        started = time.perf_counter()
        threads = [threading.Thread(target=http_table, args=(t,), daemon=True)
                   for t in sorted(secrets) if t not in browser_tables]
        threads += [threading.Thread(target=browser_side, args=(k,), daemon=True) for k in (0, 1)]
        for th in threads:
            th.start()
        if not killed.wait(DEADLINE_S):
            failures.append("the kill never came")
        in_before = len(log)
        procs[0].kill()  # SIGKILL: no goodbye, mid-round
        procs[0].wait(30)
        killed_at = time.perf_counter()
        time.sleep(2.0)  # the room notices: its phones find no server
        again, ready_in = serve(url, ports[0], "A")  # Ann starts it again on the same port
        procs[0] = again
        restarted.set()
        down = time.perf_counter() - killed_at
        for th in threads:
            th.join(DEADLINE_S * 3)
        entered = time.perf_counter() - started
        check(not errors, f"every phone finished round 1 {'' if not errors else errors[:3]}")
        check(not any(th.is_alive() for th in threads), "no phone left waiting")
        print(f"Round 1: {len(log)} hands entered and agreed from {len(secrets)} tables' phones "
              f"({len(browser_tables)} in Chromium) in {entered:.1f} s; server 1 SIGKILLed after {in_before} hands, "
              f"away {down:.1f} s (restart {ready_in:.1f} s)", flush=True)
        print("  phones' tries:", dict(counts.c), flush=True)

        # -- counted from the database: none lost, none doubled
        db = T.open_database(url, station="walk")
        with db.session() as s:
            progress = T.round_progress(s, event_id, 1)
            trail = T.audit_trail(s, event_id)
        records = [a for a in trail if a.action == "record"]
        slots = Counter((a.table, a.number) for a in records)
        lost = len(SENT - set(slots))
        doubled = sum(c - 1 for c in slots.values() if c > 1)
        short = sum(max(0, ARGS.hands - progress.get(t, 0)) for t in secrets)
        check(lost == 0, f"hands lost: {lost} of {len(SENT)} sent")
        check(short == 0, f"every table has its {ARGS.hands} hands of round 1 ({short} missing)")
        check(doubled == 0 and len(records) == len(secrets) * ARGS.hands,
              f"hands doubled: {doubled} ({len(records)} recorded for {len(secrets) * ARGS.hands} sent)")

        # -- the captains, in Chromium
        from selenium.webdriver.common.by import By

        from tests.web.browser import phone_browser, tap, wait_for

        shots = Path(ARGS.shots)
        shots.mkdir(parents=True, exist_ok=True)
        for who, k, foreign, own in (("Ann", 0, "G", "A"), ("Bea", 1, "B", "F")):
            cap = phone_browser()
            try:
                cap.get(bases[k] + "/captain")
                cap.find_element(By.ID, "pin").send_keys(pins[who])
                tap(cap, "form button[type=submit]")
                wait_for(cap, lambda d: f"Captain {who}" in d.find_element(By.ID, "main").text)
                text = cap.find_element(By.ID, "main").text
                mine = CAPTAINS[who]
                check(all(f"Section {x}" in text for x in mine)
                      and not any(f"Section {x}" in text for x in secs if x not in mine),
                      f"{who}'s page on server {k + 1} shows her sections {mine[0]}–{mine[-1]} and no other")
                if who == "Ann":
                    cap.save_screenshot(str(shots / "night30-captain.png"))
                # her phone's form altered to name a section that is not hers: refused, nothing changed
                cap.execute_script(
                    "var f = document.querySelector('form.stack button.danger').form;"
                    f"f.querySelector('input[name=section]').value = '{foreign}';")
                tap(cap, "form.stack button.danger")
                wait_for(cap, lambda d: "is not yours" in d.find_element(By.ID, "main").text)
                refused = cap.find_element(By.ID, "main").text
                counts.add("captain refused outside her sections")
                if who == "Ann":
                    cap.save_screenshot(str(shots / "night30-captain-refused.png"))
                said = next((line for line in refused.splitlines() if "is not yours" in line), refused[:160])
                check("Nothing was changed" in refused, f"{who} locking section {foreign} (not hers): refused: {said}")
                cap.get(bases[k] + "/captain")
                wait_for(cap, lambda d: f"Lock round 1 of section {own}" in d.find_element(By.ID, "main").text)
                tap(cap, f"form.stack input[name=section][value={own}] ~ button.danger")
                wait_for(cap, lambda d: f"Round 1 of section {own} is locked." in d.find_element(By.ID, "main").text)
            finally:
                cap.quit()
        with db.session() as s:
            locks = T.section_locks(s, event_id)
            lock_lines = [(a.station, a.new) for a in T.audit_trail(s, event_id) if a.action == "lock"]
        check(locks == {"A": frozenset({1}), "F": frozenset({1})},
              f"section locks: {dict((k, sorted(v)) for k, v in locks.items())} (only the captains' own)")
        check(sorted(lock_lines) == [("captain Ann (phone)", "section A"), ("captain Bea (phone)", "section F")],
              f"the audit trail names them: {lock_lines}")

        # -- the standings, per section and overall, on both servers and in the database
        want = expected_points(night, ARGS.hands)
        with db.session() as s:
            overall = T.standings(s, event_id)
            per_section = {x: T.standings(s, event_id, section=x) for x in secs}
        db_points = {r.name: r.points for r in overall.rows}
        check(all(db_points.get(n) == p for n, p in want.items()) and len(db_points) == PLAYERS,
              f"overall standings (database): {PLAYERS} players, every player's points as the hands sent give")
        bad_sections = [x for x, v in per_section.items()
                        if {r.name: r.points for r in v.rows} != {n: want[n] for n in
                                                                  (r.name for r in v.rows)}
                        or len(v.rows) != SIZE]
        check(not bad_sections, f"each section's standings (database): {SIZE} players each, points right "
              f"{'(wrong: ' + ','.join(bad_sections) + ')' if bad_sections else ''}")
        pages_ok = True
        for base in bases:
            rows = standings_rows(httpx.get(base + "/standings", timeout=60).text)
            pages_ok &= len(rows) == PLAYERS and all(rows.get(n) == str(p) for n, p in want.items())
            for x in secs:
                page = httpx.get(base + f"/standings?section={x}", timeout=60).text
                rows = standings_rows(page)
                pages_ok &= len(rows) == SIZE and all(rows[n] == str(want[n]) for n in rows)
        check(pages_ok, "both servers' /standings and /standings?section=A…J pages: the same points, per section "
              "and overall")
        print("  overall status:", overall.status, flush=True)
        print("  section C status:", per_section["C"].status, flush=True)

        # -- screenshots: a section's standings (phone), its projector and the room's (TV)
        from tests.web.browser import phone_browser as pb

        phone = pb(shots / "profile-night30-phone")
        tv = pb(shots / "profile-night30-tv", phone=False)
        try:
            with db.session() as s:
                T.save_section_timer(s, event_id, "C", ends_at=datetime.datetime.now(datetime.timezone.utc)
                                     + datetime.timedelta(minutes=11, seconds=40))
            time.sleep(5.5)  # (a section's clock is read at most every 5 s)
            phone.get(bases[0] + "/standings?section=C")
            wait_for(phone, lambda d: "Section C" in d.find_element(By.ID, "main").text)
            phone.save_screenshot(str(shots / "night30-standings-section-C.png"))
            tv.get(bases[1] + "/projector?section=C")
            wait_for(tv, lambda d: "Time left" in d.find_element(By.ID, "main").text)
            time.sleep(2.2)
            tv.save_screenshot(str(shots / "night30-projector-section-C.png"))
            clock_1 = tv.find_element(By.CSS_SELECTOR, ".timer").text
            time.sleep(2.0)
            clock_2 = tv.find_element(By.CSS_SELECTOR, ".timer").text
            check(clock_1 != clock_2 and clock_1.startswith("Time left 11:"),
                  f"section C's clock on server 2's projector counts down by itself: {clock_1!r} → {clock_2!r}")
            tv.get(bases[0] + "/projector")
            wait_for(tv, lambda d: "Charity night" in d.find_element(By.ID, "main").text)
            tv.save_screenshot(str(shots / "night30-projector-room.png"))
        finally:
            phone.quit()
            tv.quit()
        db.dispose()
        print(f"Screenshots: {', '.join(sorted(p.name for p in shots.glob('night30-*.png')))} in {shots}")
    finally:
        for b in browsers:
            try:
                b.quit()
            except Exception:  # noqa: BLE001
                pass
        for p in procs:
            stop(p)
        with admin.connect() as c:
            c.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()
    print(("All checks passed." if not failures else f"{len(failures)} checks FAILED: {failures}"), flush=True)
    return 1 if failures else 0


ARGS: argparse.Namespace


if __name__ == "__main__":
    sys.exit(main())
