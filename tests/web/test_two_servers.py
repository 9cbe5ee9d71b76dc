"""Issue 30 item 3: several ``serve`` processes on one PostgreSQL database
for the same event. Two servers take the hands of one round (half the
tables on each); one is killed (SIGKILL, mid-round, with a hand committed
whose answer its phone never read) and started again on its port; the
phones resend what they had sent, with the same idempotency key. No hand
is lost or recorded twice, a hand sent to one server shows on the other's
stream and standings, and a table's phone moved to the other server
carries on there.

Bounded: every wait has a deadline (the servers' start, each resend loop,
the threads' join); none of the assertions depends on how fast anything
runs."""

from __future__ import annotations

import datetime
import os
import re
import subprocess
import sys
import threading
import time

import httpx
import pytest
from sqlmodel import select

from euchre_tourney import tournament as T
from euchre_tourney.store import PhoneAction
from tests.web.conftest import form_fields

TABLES, HANDS = 8, 8
DEADLINE_S = 120.0
"""The longest any one wait may take (a hang guard, never a measure)."""


def _serve(url: str, port: int) -> subprocess.Popen:
    proc = subprocess.Popen(
        [sys.executable, "-m", "euchre_tourney", "serve", "Two servers", "--port", str(port), "--database", url],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=os.environ | {"PYTHONUNBUFFERED": "1"},
    )
    for line in iter(proc.stdout.readline, ""):
        if line.startswith("Press Ctrl+C"):
            return proc
    proc.kill()
    pytest.fail("serve did not start: " + proc.stderr.read())


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(30)


class Phone:
    """One table's phone, as ``static/app.js`` sends: a form resent with
    the same idempotency key when the connection fails or the server is
    away, and given the new server's page token when it was restarted."""

    def __init__(self, base: str, table: int, secret: str) -> None:
        self.table, self.secret = table, secret
        self.move(base)

    def move(self, base: str) -> None:
        self.base = base
        self.client = httpx.Client(base_url=base, headers={"origin": base}, timeout=30)

    def page(self) -> str:
        return self._retry(lambda: self.client.get(f"/t/{self.table}?k={self.secret}")).text

    def _retry(self, call):
        deadline = time.monotonic() + DEADLINE_S
        while True:
            try:
                r = call()
                if r.status_code not in (502, 503):
                    return r
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError(f"table {self.table}: no server answered within {DEADLINE_S} s")
            time.sleep(0.2)

    def post(self, data: dict) -> httpx.Response:
        data = dict(data)
        for _ in range(5):
            r = self._retry(lambda: self.client.post(f"/t/{self.table}", data=data))
            if r.status_code == 403 and "restarted" in r.text:  # another start: its token, the same key
                data["csrf"] = form_fields(self.page())["csrf"]
                continue
            return r
        raise AssertionError(f"table {self.table}: refused again and again: {r.status_code} {r.text[:200]}")


def _forms(html: str) -> list[dict[str, str]]:
    return [dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', f))
            for f in re.findall(r"<form[^>]*method=\"post\".*?</form>", html, re.S)]


def _hand(n: int) -> dict[str, str]:
    return {"side": "NS", "makers": "NS" if n % 2 else "EW", "tricks": str(3 + n % 3)}


@pytest.mark.postgres_only
def test_two_servers_on_one_database_lose_and_double_no_hand_when_one_is_killed(db, db_url):
    from euchre_tourney.web import free_port

    with db.session() as s:
        ids = [T.add_player(s, f"Player {i:02d}").id for i in range(TABLES * 4)]
        ev = T.create_event(s, "Two servers", datetime.date(2026, 3, 4), rounds=2, hands_per_round=HANDS)
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=5)
        secrets = T.table_secrets(s, ev.id)
    ports = [free_port(), free_port()]
    bases = [f"http://127.0.0.1:{p}" for p in ports]
    servers = [_serve(db_url, p) for p in ports]
    killed, restarted = threading.Event(), threading.Event()
    errors: list = []
    try:
        # a follower of server B: its stream must carry the hands taken by server A (B's own tables
        # start only once it has heard a change, so that change is A's)
        heard: list[str] = []
        heard_a = threading.Event()

        def follow() -> None:
            try:
                with httpx.stream("GET", bases[1] + "/events?all=1", timeout=DEADLINE_S) as r:
                    for line in r.iter_lines():
                        if line.startswith("data: "):
                            heard.append(line[6:])
                            if len(heard) >= 2:
                                heard_a.set()
                                return
            except httpx.HTTPError as exc:  # noqa: PERF203
                errors.append(("follower", repr(exc)))

        follower = threading.Thread(target=follow, daemon=True)
        follower.start()

        def play(table: int) -> None:
            phone = Phone(bases[0] if table <= TABLES // 2 else bases[1], table, secrets[table])
            try:
                if table > TABLES // 2:
                    assert heard_a.wait(DEADLINE_S), "server B's stream never heard of server A's hands"
                html = phone.page()
                for n in range(1, HANDS + 1):
                    entry = _forms(html)[-1] | _hand(n)
                    if table == 1 and n == 4:
                        # hand 4 reaches the database, and its answer is lost with the server
                        assert f"Hand {n} saved" in phone.post(entry).text
                        killed.set()
                        assert restarted.wait(DEADLINE_S)
                    r = phone.post(entry)  # (table 1, hand 4: sent again, to the restarted server)
                    assert f"Hand {n} saved" in r.text, (table, n, r.status_code, r.text[-400:])
                    if table == 2 and n == 5:  # this table's phone is moved to the other server
                        phone.move(bases[1])
                        again = phone.post(entry | {"csrf": form_fields(phone.page())["csrf"]})
                        assert f"Hand {n} saved" in again.text  # the same key: the first answer, not a second hand
                    r = phone.post(_forms(r.text)[0])
                    assert "agreed to hand" in r.text, (table, n, r.status_code, r.text[-400:])
                    html = r.text
            except BaseException as exc:  # noqa: BLE001 - reported by the main thread
                errors.append((table, repr(exc)))
                killed.set()

        players = [threading.Thread(target=play, args=(t,), daemon=True) for t in sorted(secrets)]
        for p in players:
            p.start()
        assert killed.wait(DEADLINE_S)
        servers[0].kill()  # SIGKILL: no goodbye, mid-round
        servers[0].wait(30)
        servers[0] = _serve(db_url, ports[0])  # its captain starts it again, same port
        restarted.set()
        for p in players:
            p.join(DEADLINE_S)
        assert not any(p.is_alive() for p in players), "a table's phone never finished"
        follower.join(DEADLINE_S)
        assert not errors, errors
        assert len(heard) >= 2 and heard[0] != heard[1]  # server B's stream heard of A's hands
        boards = [httpx.get(b + "/standings", timeout=30).text for b in bases]
        rows = [re.findall(r"<tr><td>.*?</tr>", b) for b in boards]
        assert rows[0] == rows[1] and len(rows[0]) == TABLES * 4  # any server serves the same standings
    finally:
        for proc in servers:
            _stop(proc)
    with db.session() as s:
        progress = T.round_progress(s, ev.id, 1)
        records = [a for a in T.audit_trail(s, ev.id) if a.action == "record"]
        agreed = s.exec(select(PhoneAction).where(PhoneAction.event_id == ev.id)).all()
    assert progress == {t: HANDS for t in secrets}  # none lost
    assert len(records) == TABLES * HANDS == len({(a.table, a.number) for a in records})  # none doubled
    assert sorted((a.table_number, a.action) for a in agreed if a.action == "agree") == sorted(
        (t, "agree") for t in secrets for _ in range(HANDS))
