"""Benchmark: the longest time the GUI thread is blocked (issue 21 item 4).

A lag probe -- a ``QTimer`` asking for a tick every 2 ms -- records the
longest gap between two ticks while the window (1) makes a 40-player,
8-round rotation (Rotation page, Generate) and (2) saves a 120-player
scorecards PDF (File ▸ Save scorecards). While the GUI thread is free the
gap stays near the interval; a block shows as one long gap.

Run: ``QT_QPA_PLATFORM=offscreen python3 tests/benchmarks/bench_gui_lag.py``.
Not collected by pytest.
"""

from __future__ import annotations

import datetime
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication, QElapsedTimer, QSettings, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

import euchre_tourney  # noqa: E402
from euchre_tourney import tournament as T  # noqa: E402
from euchre_tourney.gui.main_window import MainWindow  # noqa: E402


class LagProbe:
    """The longest gap between ticks of a 2 ms timer while it runs."""

    def __init__(self) -> None:
        self.timer = QTimer()
        self.timer.setInterval(2)
        self.timer.timeout.connect(self._tick)
        self.clock = QElapsedTimer()
        self.last = 0
        self.longest = 0
        self.ticks = 0

    def _tick(self) -> None:
        now = self.clock.elapsed()
        self.longest = max(self.longest, now - self.last)
        self.last = now
        self.ticks += 1

    def __enter__(self) -> LagProbe:
        self.clock.start()
        self.timer.start()
        return self

    def __exit__(self, *_exc) -> None:
        self._tick()  # the gap up to the end counts too
        self.timer.stop()


def _event(db, players: int, rounds: int, rotation: bool) -> int:
    with db.session() as s:
        ids = [T.add_player(s, f"Player {i:03d}").id for i in range(players)]
        ev = T.create_event(s, f"Night {players}", datetime.date(2026, 11, 24), rounds=rounds, hands_per_round=8)
        T.set_checked_in(s, ev.id, ids)
        if rotation:
            T.generate_rotation(s, ev.id, seed=3)
    return ev.id


def main() -> None:
    app = QApplication.instance() or QApplication(["bench"])
    folder = Path(tempfile.mkdtemp())
    QCoreApplication.setOrganizationName("euchre-tourney-bench")
    QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, str(folder / "settings"))
    db = T.open_database(folder / "lag.sqlite")
    forty = _event(db, 40, 8, rotation=False)
    big = _event(db, 120, 8, rotation=True)
    window = MainWindow(db)
    window.poll_timer.stop()
    window.show()
    print(f"code: {Path(euchre_tourney.__file__).parent}")

    window.reload_events(select=forty)
    window.tabs.setCurrentWidget(window.rotation_page)
    start = time.perf_counter()
    with LagProbe() as probe:
        assert window.rotation_page.generate()
    took = time.perf_counter() - start
    print(f"40-player rotation: {took:.2f} s, longest GUI-thread block {probe.longest} ms ({probe.ticks} ticks)")

    window.reload_events(select=big)
    start = time.perf_counter()
    with LagProbe() as probe:
        assert window.save_pdf("scorecards", str(folder / "cards.pdf"))
    took = time.perf_counter() - start
    print(f"120-player scorecards PDF: {took:.2f} s, longest GUI-thread block {probe.longest} ms ({probe.ticks} ticks)")
    window.close()
    db.dispose()
    app.quit()


if __name__ == "__main__":
    main()
