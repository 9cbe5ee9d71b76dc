"""Start-up benchmark (not part of the test run): launch to a visible main window.

    python3 tests/benchmarks/bench_startup.py [--runs 5] [-- COMMAND...]

Starts a private Xvfb (``Xvfb -displayfd``: a free display number, so it
never meets another session's), then for each database launches the app
``--runs`` times and prints the best and the median time from process start
to the main window being mapped (the X server exposes it then; see
``packaging/linux/xprobe.py``). Databases:

* *new file*: the first launch on a new machine (the file does not exist, so
  the schema is created);
* *empty*: an existing database at the newest schema with nothing in it;
* *20 events of 40 players*: 40 players on the roster, 20 events each with
  all 40 checked in, an 8-round rotation and every hand of round 1 recorded;
  the last event is the one the window opens on.

Then, for the 20-event database, the first *Save scorecards PDF* in a fresh
process (offscreen, through ``MainWindow.save_pdf``, as the menu does after
its file dialog): once at once after the window is shown (reportlab and the
fonts not loaded yet) and once after the background warm-up has finished.

Settings (QSettings) live in a temporary folder, so the window opens as it
would the first time. The default command is ``python3 -m euchre_tourney``
from this checkout; after ``--`` give another, e.g. a frozen bundle's
``dist/euchre-tourney/euchre-tourney``. Target: every median under 1 s. On a shared machine the wall times follow
the load; the app's own CPU time until its window is shown (from /proc) is
printed beside them.
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


def time_launches(command: list[str], database: Path, runs: int, env: dict[str, str]) -> list[tuple[float, float]]:
    """(wall seconds, CPU seconds) from start to the window shown, per launch."""
    times = []
    for _ in range(runs):
        seconds, proc = xprobe.launch(30, [*command, "--database", str(database)], env=env)
        cpu = cpu_seconds(proc.pid)
        proc.terminate()
        proc.wait(10)
        times.append((seconds, cpu))
    return times


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
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp, Xvfb() as display:
        tmp = Path(tmp)
        empty, club = tmp / "empty.sqlite", tmp / "club.sqlite"
        seed_club(club)
        from euchre_tourney.store import open_database

        open_database(empty).dispose()
        env = dict(os.environ, DISPLAY=display, XDG_CONFIG_HOME=str(tmp / "config"), XDG_DATA_HOME=str(tmp / "data"),
                   PYTHONPATH=str(ROOT))
        env.pop("QT_QPA_PLATFORM", None)
        env.pop("EUCHRE_TOURNEY_DATABASE", None)
        rows = []
        new_times = []
        for i in range(args.runs):  # a new file each launch: the schema is created every time
            new_times += time_launches(command, tmp / f"new-{i}.sqlite", 1, env)
        rows.append(("new file (first launch)", new_times))
        rows.append(("empty, at the newest schema", time_launches(command, empty, args.runs, env)))
        rows.append(("20 events of 40 players", time_launches(command, club, args.runs, env)))
        pdf_rows = [
            ("right after start", time_first_pdf(club, tmp / "cards.pdf", False, args.runs, env)),
            ("after the warm-up", time_first_pdf(club, tmp / "cards.pdf", True, args.runs, env)),
        ]
    print(f"launch to visible main window, {args.runs} runs each: {' '.join(command)}")
    print(f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; CPU = the app's own CPU time by then)")
    for label, pairs in rows:
        times, cpus = [t for t, _c in pairs], [c for _t, c in pairs]
        print(f"  {label:<30} best {min(times):.3f} s  median {statistics.median(times):.3f} s  "
              f"({', '.join(f'{t:.2f}' for t in times)})  CPU median {statistics.median(cpus):.2f} s")
    print("first scorecards PDF (40 players, 8 rounds) in a fresh process, 20-event database:")
    for label, times in pdf_rows:
        print(f"  {label:<30} best {min(times):.3f} s  median {statistics.median(times):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
