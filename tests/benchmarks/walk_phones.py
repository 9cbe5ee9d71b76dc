"""A walk through a club night scored from phones (prints what the director's window shows).

    QT_QPA_PLATFORM=offscreen python3 tests/benchmarks/walk_phones.py

A 40-player night (10 tables, 8 hands a round): the app's server on the
loopback, the director's main window open. Every table enters round 1's 8
hands from its phone (an HTTP client per table, all tables at once; with
``--browser`` table 1 uses Debian's Chromium at 390×844), the other side
agrees to each, table 3 corrects one hand mid-round, the director locks
the round from the director's phone page. (The browser tests,
``tests/web/test_browser.py``, drive the same pages in Chromium.)
Then it counts what the window shows: hands per table on the Scores page,
hands in the standings, the lock, the audit trail's stations.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from euchre_tourney import tournament  # noqa: E402
from euchre_tourney.web import PhoneServer, free_port  # noqa: E402
from tests.benchmarks.bench_phones import forms  # noqa: E402


async def table(c, t: int, secret: str, log: list) -> None:
    html = (await c.get(f"/t/{t}?k={secret}")).text
    for n in range(1, 9):
        entry = forms(html)[-1] | {"side": "NS", "makers": "NS" if (n + t) % 2 else "EW", "tricks": str(3 + (n % 3))}
        r = await c.post(f"/t/{t}", data=entry)
        assert f"Hand {n} saved" in r.text, (t, n, r.status_code)
        r = await c.post(f"/t/{t}", data=forms(r.text)[0])
        assert "agreed to hand" in r.text, (t, n, r.status_code)
        html = r.text
        log.append((t, n, time.perf_counter()))
        if t == 3 and n == 4:
            html = await correct(c, t, secret, log)


async def correct(c, t: int, secret: str, log: list) -> str:
    """A correction, mid-round (a phone corrects in the round being played): hand 2 was 5 tricks, not 4."""
    if True:
        page = (await c.get(f"/t/{t}?k={secret}&fix=2")).text
        fix = forms(page)[-1] | {"side": "EW", "makers": "EW", "tricks": "5"}
        r = await c.post(f"/t/{t}", data=fix)
        assert "Hand 2 corrected" in r.text, r.status_code
        r = await c.post(f"/t/{t}", data=forms(r.text)[0])  # the agree form of the corrected hand
        assert "agreed to hand 2" in r.text, r.status_code
        log.append((t, "corrected", time.perf_counter()))
        return r.text


def main() -> int:
    argparse.ArgumentParser(description=__doc__).parse_args()
    from PySide6.QtWidgets import QApplication

    from euchre_tourney.gui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    tmp = tempfile.mkdtemp()
    db = tournament.open_database(Path(tmp) / "walk.sqlite", station="director")
    with db.session() as s:
        ids = [tournament.add_player(s, f"Player {i:02d}").id for i in range(40)]
        ev = tournament.create_event(s, "Walk night", datetime.date(2026, 3, 4), rounds=8, hands_per_round=8)
        tournament.set_checked_in(s, ev.id, ids)
        tournament.generate_rotation(s, ev.id, seed=5)
        secrets = tournament.table_secrets(s, ev.id)
        tournament.set_director_pin(s, ev.id, "2468")
    window = MainWindow(db)
    window.reload_events(select=ev.id)
    window.show()
    server = PhoneServer(db, ev.id, "127.0.0.1", free_port())
    server.start()
    window.phone_server = server  # as the Scoring from phones dialog does: each hand saved redraws the window
    standings = window.standings_page
    window.tabs.setCurrentWidget(standings)
    last_shown = [0, 0.0]  # hands on the window's standings, when it changed

    def drawn(board, real=standings.show_board) -> None:
        real(board)
        if board.players.hands_recorded != last_shown[0]:
            last_shown[:] = [board.players.hands_recorded, time.perf_counter()]

    standings.show_board = drawn
    started = time.perf_counter()
    log: list = []
    sent = [0]

    async def count(_request) -> None:
        sent[0] += 1

    async def run() -> None:
        async with httpx.AsyncClient(base_url=server.url, timeout=120, headers={"origin": server.url},
                                     event_hooks={"request": [count]}) as c:
            await asyncio.gather(*(table(c, t, secrets[t], log) for t in secrets))

    import threading

    phones = threading.Thread(target=asyncio.run, args=(run(),))
    phones.start()
    while phones.is_alive():  # the director's window stays live meanwhile (its poll, its redraws)
        app.processEvents()
        time.sleep(0.01)
    entered = time.perf_counter() - started
    done_at = time.perf_counter()
    while last_shown[0] < 80 and time.perf_counter() - done_at < 10:  # the last hands reach the window
        app.processEvents()
        time.sleep(0.005)
    live = last_shown[1] - max(at for _t, _n, at in log)  # from the last agree's answer at its phone
    scores = window.scores_page
    window.tabs.setCurrentWidget(scores)
    scores.select(1, 1)  # the director watches table 1 while locking the round from the phone
    app.processEvents()
    assert not scores.lock.isChecked()
    with httpx.Client(base_url=server.url, timeout=60, headers={"origin": server.url}) as c:  # the director's phone
        pin = forms(c.get("/director").text)[0] | {"pin": "2468"}
        page = c.post("/director", data=pin, follow_redirects=True).text
        lock_1 = next(f for f in forms(page) if f.get("round") == "1" and "action" not in f)
        r = c.post("/director", data=lock_1 | {"action": "lock"})
        assert "Round 1 is locked." in r.text
    locked_at = time.perf_counter()
    while time.perf_counter() - locked_at < 10 and not scores.lock.isChecked():
        app.processEvents()  # the lock, said by the server, redraws the Scores page
        time.sleep(0.005)
    lock_shown = time.perf_counter() - locked_at
    shown = {}
    for t in secrets:
        scores.select(1, t)
        app.processEvents()
        shown[t] = scores.model.rowCount()
    with db.session() as s:
        trail = tournament.audit_trail(s, ev.id)
        hand_2 = tournament.table_score(s, ev.id, 1, 3).hands[1]
    print(f"40 players, {len(secrets)} tables, round 1 entered and confirmed from phones in {entered:.1f} s "
          f"({len(log) - 1} hands + 1 correction, each agreed: {sent[0]} requests)")
    print("Scores page, hands per table:", shown)
    print(f"Standings page: all hands shown, {live * 1000:.0f} ms after the last agree reached its phone "
          "(negative: before):",
          standings.view.status if standings.view else "?", "· hands recorded:",
          standings.view.hands_recorded if standings.view else "?")
    print(f"Round locked on the Scores page: {scores.lock.isChecked()} ({lock_shown * 1000:.0f} ms after the "
          "director's phone locked it)")
    print(f"Table 3 hand 2 after the correction: {hand_2.entry.makers.value} {hand_2.entry.maker_tricks} tricks, "
          f"{hand_2.scoring_side.value} {hand_2.points}, version {hand_2.version}")
    print("Audit trail:", {a: sum(1 for x in trail if x.action == a) for a in ("record", "correct", "lock")},
          "stations:", sorted({x.station for x in trail}))
    server.stop()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
