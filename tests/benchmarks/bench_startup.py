"""Start-up benchmark (not part of the test run): launch to a visible main window,
as a ratio to a bare PySide6 window on the same display.

    python3 tests/benchmarks/bench_startup.py [--runs 7] [--pdf] [-- COMMAND...]

Starts a private Xvfb (``Xvfb -displayfd``: a free display number, so it
never meets another session's), then launches, interleaved (one of each per
round, ``--runs`` rounds, so a change in the machine's load hits all alike):

* *bare PySide6 window*: a ``QMainWindow`` of the app's size, shown, in the
  same Python: the floor any Qt app pays;
* *new file*: the first launch on a new machine (the file does not exist, so
  the schema is created);
* *20 events of 40 players*: 40 players on the roster, 20 events each with
  all 40 checked in, an 8-round rotation and every hand of round 1 recorded;
  the last event is the one the window opens on.

Each time is from process start to the first top-level window being mapped
(the X server exposes it then; see ``packaging/linux/xprobe.py``). It prints
the median of each and the **ratio** of the app's median to the bare
window's (target: under 2). ``--pdf`` adds the first *Save scorecards PDF*
in a fresh process (offscreen), at once and after the background warm-up.

Settings (QSettings) live in a temporary folder, so the window opens as it
would the first time. The default command is ``python3 -m euchre_tourney``
from this checkout; after ``--`` give another, e.g. a frozen bundle's
``dist/euchre-tourney/euchre-tourney`` (the bare window stays the venv's
Python). On a shared machine the wall times follow the load; the app's own
CPU time until its window is shown (from /proc) is printed beside them.
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging" / "linux"))

import xprobe  # noqa: E402  (a tool of the packaging folder, stdlib + libX11)


def seed_club(path: Path, events: int = 20, players: int = 40) -> None:
    """Fill ``path`` with ``players`` members and ``events`` played-in events."""
    from euchre_tourney import tournament
    from euchre_tourney.rules import HandEntry, Side
    from euchre_tourney.store import open_database

    db = open_database(path)
    with db.session() as s:
        ids = [tournament.add_player(s, f"Member {i:02d}").id for i in range(players)]
        for e in range(events):
            ev = tournament.create_event(s, f"Club night {e + 1}", datetime.date(2026, 1, 1) + datetime.timedelta(days=7 * e),
                                         rounds=8, hands_per_round=4)
            tournament.set_checked_in(s, ev.id, ids)
            tournament.generate_rotation(s, ev.id, seed=e)
            view = tournament.rotation_view(s, ev.id)
            for table in view.rounds[0].tables:
                for hand in range(1, 5):
                    tournament.record_hand(s, ev.id, 1, table.number, hand, HandEntry(Side.NS, 3 + hand % 3))
    db.dispose()


class Xvfb:
    """A private X server on a free display number, stopped on exit."""

    def __enter__(self) -> str:
        read, write = os.pipe()
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
            pass_fds=(write,), stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as fh:
            number = fh.readline().strip()
        if not number:
            raise SystemExit("Xvfb did not start (apt-get install xvfb)")
        return f":{number}"

    def __exit__(self, *exc) -> None:
        self.proc.terminate()
        self.proc.wait(10)


CPU_TIMES: dict[int, float] = {}  # pid -> CPU seconds the app had used when its window was shown


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a running process (Linux /proc), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def time_launch(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) from start to the window shown, for one launch."""
    seconds, proc = xprobe.launch(60, command, env=env)
    cpu = cpu_seconds(proc.pid)
    proc.terminate()
    proc.wait(10)
    return seconds, cpu


BARE_WINDOW = """
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
window = QMainWindow()
window.resize(1200, 780)
window.setWindowTitle("bare")
window.show()
app.exec()
"""


FIRST_PDF = """
import sys, time
from pathlib import Path
from euchre_tourney.gui.app import make_application, warm_up_reports
from euchre_tourney.gui.main_window import MainWindow
from euchre_tourney.store import open_database
app = make_application(["bench"])
db = open_database(sys.argv[1])
window = MainWindow(db)
window.show()
app.processEvents()
if sys.argv[3] == "warm":
    warm_up_reports().join()
start = time.perf_counter()
assert window.save_pdf("scorecards", sys.argv[2], "letter")
print(time.perf_counter() - start)
"""


def time_first_pdf(database: Path, out: Path, warm: bool, runs: int, env: dict[str, str]) -> list[float]:
    env = dict(env, QT_QPA_PLATFORM="offscreen")
    return [
        float(subprocess.run([sys.executable, "-c", FIRST_PDF, str(database), str(out), "warm" if warm else "cold"],
                             env=env, check=True, capture_output=True, text=True).stdout)
        for _ in range(runs)
    ]


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    command = [sys.executable, "-m", "euchre_tourney"]
    if "--" in argv:
        command, argv = argv[argv.index("--") + 1 :], argv[: argv.index("--")]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--pdf", action="store_true", help="also time the first scorecards PDF")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp, Xvfb() as display:
        tmp = Path(tmp)
        club = tmp / "club.sqlite"
        seed_club(club)
        env = dict(os.environ, DISPLAY=display, XDG_CONFIG_HOME=str(tmp / "config"), XDG_DATA_HOME=str(tmp / "data"),
                   PYTHONPATH=str(ROOT))
        env.pop("QT_QPA_PLATFORM", None)
        env.pop("EUCHRE_TOURNEY_DATABASE", None)
        labels = ("bare PySide6 window", "new file (first launch)", "20 events of 40 players")
        times: dict[str, list[tuple[float, float]]] = {label: [] for label in labels}
        for i in range(args.runs):  # interleaved: bare, new, club, bare, new, club, ...
            times[labels[0]].append(time_launch([sys.executable, "-c", BARE_WINDOW], env))
            times[labels[1]].append(time_launch([*command, "--database", str(tmp / f"new-{i}.sqlite")], env))
            times[labels[2]].append(time_launch([*command, "--database", str(club)], env))
        pdf_rows = []
        if args.pdf:
            pdf_rows = [
                ("right after start", time_first_pdf(club, tmp / "cards.pdf", False, args.runs, env)),
                ("after the warm-up", time_first_pdf(club, tmp / "cards.pdf", True, args.runs, env)),
            ]
    print(f"launch to visible main window, {args.runs} interleaved runs each: {' '.join(command)}")
    print(f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; CPU = the process's own CPU time by then)")
    bare = statistics.median(t for t, _c in times[labels[0]])
    for label in labels:
        walls, cpus = [t for t, _c in times[label]], [c for _t, c in times[label]]
        median = statistics.median(walls)
        ratio = "" if label == labels[0] else f"  ratio {median / bare:.2f}x the bare window"
        print(f"  {label:<26} median {median:.3f} s  best {min(walls):.3f} s  CPU median {statistics.median(cpus):.2f} s"
              f"{ratio}  ({', '.join(f'{t:.2f}' for t in walls)})")
    for label, pdf_times in pdf_rows:
        print(f"  first scorecards PDF {label:<20} best {min(pdf_times):.3f} s  median {statistics.median(pdf_times):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
