"""Start-up benchmark (not part of the test run): launch to a visible main
window, and on to a window ready to use, as ratios to a bare PySide6 window
measured side by side in the same run.

    python3 tests/benchmarks/bench_startup.py [--runs 7] [--pdf] [--big FILE] [-- COMMAND...]

Starts a private Xvfb (``Xvfb -displayfd``: a free display number, so it
never meets another session's), then launches, interleaved (one of each per
round, ``--runs`` rounds, so a change in the machine's load hits all alike):

* *bare PySide6 window*: a ``QMainWindow`` of the app's size, shown, in the
  same Python: the floor any Qt app pays;
* *new file*: the first launch on a new machine (the file does not exist, so
  the schema is created);
* *20 events of 40 players*: 40 players on the roster, 20 events each with
  all 40 checked in, an 8-round rotation and every hand of round 1 recorded;
  the last event is the one the window opens on;
* *big night + season* (issue 30 item 5): a club file holding a night of
  2,000 players (500 tables, an 8-round rotation, every hand of round 1
  recorded) and a season of 20 nights of 40 members; the window opens on
  the big night. Built once (a minute or two) and kept at ``--big FILE``
  when given (re-used if it exists).

*appear*: from process start to the first top-level window being mapped
(the X server exposes it then; see ``packaging/linux/xprobe.py``).
*ready*: from process start until the window is ready to use: the file is
open and the page shown is filled in with the file's data — either by the
first look (``MainWindow.glanced``: the Players and Event pages read from
the file with ``sqlite3``, read-only, its schema checked to be the newest;
``gui/first_look.py``) or by the real pages (``MainWindow.opened``: they
fill in synchronously in ``attach``), whichever comes first — and a click
on the next tab, posted to the event queue then, has been answered: that
page filled in with the file's data and rendered with ``grab`` (a page the
first look does not draw counts only once the real page is there). The
bare window's *ready* is its first click answered the same way (a
``QTabWidget`` of two tabs).
*full*: until the real pages are built (the database layer loaded and the
file opened through it: ``opened``); the probe then checks that the real
Players and Event pages list as many rows as the first look showed, and a
launch where they differ counts as failed. Measured by
:data:`READY_PROBE`, which runs the app's own ``__main__`` with that probe
attached to the window; a COMMAND after ``--`` (a frozen bundle) gets
*appear* only.

It prints the median of each and the **ratios** of the app's medians to
the bare window's (target, issue 30: ready within 3x). ``--pdf`` adds the
first *Save scorecards PDF* in a fresh process (offscreen), at once and
after the background warm-up.

Settings (QSettings) live in a temporary folder of their own for each
launch, so the window opens as it would the first time (on the Players
tab; the click then goes to the Event & check-in tab). On a shared machine the wall times follow the load;
the app's own CPU time until its window is shown (from /proc) is printed
beside them.
"""

from __future__ import annotations

import argparse
import datetime
import os
import shutil
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
    from euchre_tourney.store import open_database

    db = open_database(path)
    with db.session() as s:
        ids = [tournament.add_player(s, f"Member {i:02d}").id for i in range(players)]
        add_nights(s, events, lambda _e: ids)
    db.dispose()


def add_nights(s, nights: int, players_of) -> None:
    """``nights`` weekly club nights from 1 Jan 2026, each with the players
    ``players_of(night index)`` checked in, an 8-round rotation and every
    hand of round 1 recorded."""
    from euchre_tourney import tournament

    for e in range(nights):
        ev = tournament.create_event(s, f"Club night {e + 1}", datetime.date(2026, 1, 1) + datetime.timedelta(days=7 * e),
                                     rounds=8, hands_per_round=4)
        tournament.set_checked_in(s, ev.id, players_of(e))
        tournament.generate_rotation(s, ev.id, seed=e)
        play_round_one(s, ev.id)


def play_round_one(s, event_id: int) -> None:
    """Record every hand of round 1 of the event's rotation (four hands a table)."""
    from euchre_tourney import tournament
    from euchre_tourney.rules import HandEntry, Side

    for table in tournament.rotation_view(s, event_id).rounds[0].tables:
        for hand in range(1, 5):
            tournament.record_hand(s, event_id, 1, table.number, hand, HandEntry(Side.NS, 3 + hand % 3))


def seed_big_night(path: Path, players: int = 2000, rounds: int = 8, season_nights: int = 20) -> None:
    """Fill ``path`` with ``players`` members, a season of ``season_nights``
    nights of 40 of them (as :func:`seed_club`), then one night of all
    ``players`` with its rotation and every hand of round 1 recorded."""
    import time

    from euchre_tourney import tournament
    from euchre_tourney.store import open_database

    start = time.perf_counter()
    db = open_database(path)
    with db.session() as s:
        ids = [tournament.add_player(s, f"Member {i:04d}").id for i in range(players)]
        add_nights(s, season_nights, lambda e: ids[40 * (e % 50): 40 * (e % 50) + 40])
        print(f"  (big file: roster and season {time.perf_counter() - start:.0f} s)", flush=True)
        ev = tournament.create_event(s, "Charity night", datetime.date(2026, 6, 6), rounds=rounds, hands_per_round=4)
        tournament.set_checked_in(s, ev.id, ids)
        tournament.generate_rotation(s, ev.id, seed=1)
        print(f"  (big file: the night's rotation {time.perf_counter() - start:.0f} s)", flush=True)
        play_round_one(s, ev.id)
    db.dispose()
    print(f"  (big file built in {time.perf_counter() - start:.0f} s)", flush=True)


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


class _Lines:
    """The lines a launch writes on its stdout, each waited for at most a
    time (read from the pipe itself: a buffered ``readline`` may hold the
    next line already, where ``select`` no longer sees it)."""

    def __init__(self, pipe) -> None:
        self.fd = pipe.fileno()
        self.buffer = b""

    def next(self, timeout: float) -> bytes:
        """The next line (with its newline), or b"" at its end or after ``timeout`` seconds."""
        import select
        import time

        deadline = time.time() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.time()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                return b""
            chunk = os.read(self.fd, 4096)
            if not chunk:
                return b""
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line + b"\n"


def time_launch(command: list[str], env: dict[str, str], ready: bool = True,
                full: bool = False) -> tuple[float, float, float | None, float | None, float | None]:
    """(appear, CPU seconds by then, ready, CPU seconds at ready, full) for one
    launch: wall seconds from start to the window shown and to the ready
    line the probe writes on stdout (None without the probe); ``full``: also
    to the real pages (the probe's FULL line, once the database layer is
    loaded; it also says whether they show what the first look showed); the CPU
    seconds are the process's own (all its threads), steadier than the wall
    time on a loaded machine."""
    import time

    start = time.time()
    # from a neutral folder: ``python -c`` puts the current folder first on sys.path, before PYTHONPATH
    seconds, proc = xprobe.launch(120, command, env=env, stdout=subprocess.PIPE if ready else None,
                                  cwd=env.get("XDG_CONFIG_HOME", "/"))
    cpu = cpu_seconds(proc.pid)
    ready_at = ready_cpu = full_at = None
    lines = _Lines(proc.stdout) if ready else None
    if ready:
        line = lines.next(180)
        if not line.startswith(b"READY "):
            proc.kill()
            why = "exited" if proc.wait(10) is not None and line == b"" else "not within 180 s"
            raise RuntimeError(f"did not say it was ready ({why}, status {proc.returncode}): {line!r}")
        ready_at = float(line.split()[1]) - start
        ready_cpu = float(line.split()[2])
    if ready and full:
        line = lines.next(180)
        if not line.startswith(b"FULL ") or not line.rstrip().endswith(b" same"):
            proc.kill()
            proc.wait(10)
            raise RuntimeError(f"the real pages did not come, or showed other data than the first look: {line!r}")
        full_at = float(line.split()[1]) - start
    proc.terminate()
    proc.wait(10)
    return seconds, cpu, ready_at, ready_cpu, full_at


BARE_WINDOW = """
import sys, time
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QTabWidget
app = QApplication([])
window = QMainWindow()
window.resize(1200, 780)
window.setWindowTitle("bare")
tabs = QTabWidget()
tabs.addTab(QLabel("one"), "1 One")
tabs.addTab(QLabel("two"), "2 Two")
window.setCentralWidget(tabs)
window.show()

def click():
    bar = tabs.tabBar()
    QTest.mouseClick(bar, Qt.LeftButton, Qt.NoModifier, bar.tabRect(1).center())
    assert tabs.currentIndex() == 1
    tabs.currentWidget().grab()
    print("READY", time.time(), time.process_time(), flush=True)

QTimer.singleShot(0, click)
app.exec()
"""

READY_PROBE = """
import runpy, sys, time
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from euchre_tourney.gui import main_window

real = main_window.MainWindow.open_in_background


def probed(self, database):
    state = {}

    def rows(page):
        table = getattr(page, "table", None)
        return table.model().rowCount() if table is not None else None

    def say_ready():
        tabs = self.centralWidget()
        tabs.currentWidget().grab()
        print("READY", time.time(), time.process_time(), flush=True)
        state["seen"] = {i: rows(tabs.widget(i)) for i in (0, 1)}  # what the pages showed (first look or real)
        if getattr(self, "ctx", None) is not None:
            full()

    def full():  # the real pages (the database layer loaded): said after ready, and checked against what was shown
        if "full" in state or "seen" not in state:
            return
        state["full"] = time.time(), time.process_time()
        for page in (self.roster_page, self.event_page):
            page.refresh_if_stale()
        real_rows = {0: rows(self.roster_page), 1: rows(self.event_page)}
        same = all(state["seen"][i] in (None, real_rows[i]) for i in (0, 1))
        print("FULL", *state["full"], "same" if same else f"DIFFERENT shown {state['seen']} real {real_rows}", flush=True)

    def click():  # a click on the next tab, answered once that page is filled in (with the file's data) and rendered
        if "clicked" in state:
            return
        state["clicked"] = True
        tabs = self.centralWidget()  # the first look's tabs, or the real ones
        bar = tabs.tabBar()
        target = (tabs.currentIndex() + 1) % tabs.count()
        QTest.mouseClick(bar, Qt.LeftButton, Qt.NoModifier, bar.tabRect(target).center())
        assert tabs.currentIndex() == target, "the click was not answered"
        if getattr(tabs.currentWidget(), "waiting", False):  # a page the first look does not draw: the real one
            state["wait"] = True
            return
        say_ready()

    def attached():
        if state.pop("wait", False):
            say_ready()
        elif "clicked" not in state:
            click()
        else:
            full()

    # the page shown is filled in when glanced (the first look) or opened (the real pages) is emitted;
    # the click waits its turn in the event queue
    if hasattr(self, "glanced"):  # (a checkout from before the first look has no such signal)
        self.glanced.connect(lambda: QTimer.singleShot(0, click))
    self.opened.connect(lambda: QTimer.singleShot(0, attached))
    return real(self, database)


main_window.MainWindow.open_in_background = probed
sys.argv = ["euchre-tourney", *sys.argv[1:]]
runpy.run_module("euchre_tourney", run_name="__main__", alter_sys=True)
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
    parser.add_argument("--big", type=Path, help="keep (or re-use) the big night + season file here")
    parser.add_argument("--skip-club", action="store_true", help="leave out the 20 events of 40 players")
    parser.add_argument("--bytecode", action="store_true",
                        help="launch with Python's compiled bytecode at hand, as an installed app or a bundle has it "
                             "(a private PYTHONPYCACHEPREFIX, filled by one untimed round of launches first); "
                             "without it, PYTHONDONTWRITEBYTECODE as set is kept, and a checkout without __pycache__ "
                             "compiles its modules at every launch")
    parser.add_argument("--compare", type=Path, help="also launch another checkout's code (before/after in one run)")
    args = parser.parse_args(argv)
    probe = command == [sys.executable, "-m", "euchre_tourney"]
    if probe:
        command = [sys.executable, "-c", READY_PROBE]
    with tempfile.TemporaryDirectory() as tmp, Xvfb() as display:
        tmp = Path(tmp)
        club = tmp / "club.sqlite"
        if not args.skip_club:
            seed_club(club)
        big = args.big or tmp / "big.sqlite"
        if not big.exists():
            seed_big_night(big)
        env = dict(os.environ, DISPLAY=display, XDG_CONFIG_HOME=str(tmp / "config"), XDG_DATA_HOME=str(tmp / "data"),
                   PYTHONPATH=str(ROOT))
        env.pop("QT_QPA_PLATFORM", None)
        env.pop("EUCHRE_TOURNEY_DATABASE", None)
        if args.bytecode:  # every launch alike, the bare window's included; the checkouts themselves are not written to
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
        runs: dict[str, list[str]] = {
            "bare PySide6 window": [sys.executable, "-c", BARE_WINDOW],
            "new file (first launch)": [*command, "--database", "NEW"],
            "20 events of 40 players": [*command, "--database", str(club)],
            "big night + season of 20": [*command, "--database", str(big)],
        }
        if args.skip_club:
            del runs["20 events of 40 players"]
        envs = {label: env for label in runs}
        if args.compare:  # the same launches on the other checkout's code
            for label in list(runs)[1:]:
                runs[f"{label} [{args.compare.name}]"] = runs[label]
                envs[f"{label} [{args.compare.name}]"] = dict(env, PYTHONPATH=str(args.compare.resolve()))
        labels = tuple(runs)
        times: dict[str, list[tuple[float, float, float | None, float | None, float | None]]] = {label: [] for label in labels}
        start_load = os.getloadavg()[0]
        for i in ([-1] if args.bytecode else []) + list(range(args.runs)):  # interleaved: bare, new, club, big, bare, new, ...
            for label, cmd in runs.items():
                cmd = [str(tmp / f"new-{i}-{labels.index(label)}.sqlite") if part == "NEW" else part for part in cmd]
                if str(big) in cmd:  # a copy of its own: a launch never finds the file as another left it
                    copy = tmp / f"big-{i}-{labels.index(label)}.sqlite"
                    shutil.copyfile(big, copy)
                    cmd = [str(copy) if part == str(big) else part for part in cmd]
                # settings of their own each time: a launch must not open on the tab the last one clicked
                fresh = dict(envs[label], XDG_CONFIG_HOME=str(tmp / f"config-{i}-{labels.index(label)}"))
                Path(fresh["XDG_CONFIG_HOME"]).mkdir()
                try:
                    if i < 0:  # the untimed round that compiles the bytecode
                        time_launch(cmd, fresh, ready=probe or label == labels[0], full=probe and label != labels[0])
                        continue
                    times[label].append(time_launch(cmd, fresh, ready=probe or label == labels[0], full=probe and label != labels[0]))
                except RuntimeError as exc:  # said, and left out of the medians
                    print(f"  {label}, run {i + 1}: {str(exc)[-200:]}", file=sys.stderr, flush=True)
        pdf_rows = []
        if args.pdf:
            pdf_rows = [
                ("right after start", time_first_pdf(club, tmp / "cards.pdf", False, args.runs, env)),
                ("after the warm-up", time_first_pdf(club, tmp / "cards.pdf", True, args.runs, env)),
            ]
    print(f"launch to visible (appear) and ready-to-use (ready) main window, {args.runs} interleaved runs each: "
          f"{'python -m euchre_tourney (with the ready probe)' if probe else ' '.join(command)}")
    if args.bytecode:
        print("(with compiled bytecode at hand, as installed: --bytecode)")
    print(f"(load average {start_load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end, on {os.cpu_count()} CPUs; ratios to the bare window's; CPU at ready = the process's own CPU time then)")
    bare = statistics.median(t[0] for t in times[labels[0]])
    bare_ready = statistics.median(t[2] for t in times[labels[0]])
    bare_cpu = statistics.median(t[3] for t in times[labels[0]])
    for label in labels:
        walls = [t[0] for t in times[label]]
        readies = [t[2] for t in times[label] if t[2] is not None]
        ready_cpus = [t[3] for t in times[label] if t[3] is not None]
        median = statistics.median(walls)
        line = f"  {label:<33} appear {median:.3f} s"
        if label != labels[0]:
            line += f" ({median / bare:.2f}x)"
        if readies:
            ready, ready_cpu = statistics.median(readies), statistics.median(ready_cpus)
            line += f"  ready {ready:.3f} s"
            if label != labels[0]:
                line += f" ({ready / bare_ready:.2f}x)"
            line += f"  CPU at ready {ready_cpu:.2f} s"
            if label != labels[0]:
                line += f" ({ready_cpu / bare_cpu:.2f}x)"
        fulls = [t[4] for t in times[label] if t[4] is not None]
        if fulls:
            line += f"  full {statistics.median(fulls):.3f} s"
        print(f"{line}  (ready: {', '.join(f'{r:.2f}' for r in readies)})")
    for label, pdf_times in pdf_rows:
        print(f"  first scorecards PDF {label:<20} best {min(pdf_times):.3f} s  median {statistics.median(pdf_times):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
