"""Roster CSV import benchmark (not part of the test run).

    python3 tests/benchmarks/bench_csv_import.py

Prints the best of three wall-clock timings, for a 100,000-line roster
(name, e-mail, phone; every tenth name accented), of: reading and checking
the file (:func:`read_roster_file`, the step the GUI runs on a worker with a
progress bar), the preview (duplicates against the roster), and the one
transaction that writes every player (also on a worker). Issue 15 measured
17–21 s for the old import, all on the GUI thread.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from euchre_tourney import tournament
from euchre_tourney.store import open_database

ROWS = 100_000


def best_of(n: int, fn) -> float:
    times = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "roster.csv"
        lines = ["Name,Email,Phone"] + [
            f"{'Zoë' if i % 10 == 0 else 'Player'} {i},p{i}@example.org,555-{i % 10000:04d}" for i in range(ROWS)
        ]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        file = tournament.read_roster_file(path)
        print(f"read and check {ROWS:,} lines: {best_of(3, lambda: tournament.read_roster_file(path)):.2f} s")
        db = open_database(Path(tmp) / "bench.sqlite")
        with db.session() as s:
            print(f"preview: {best_of(3, lambda: tournament.preview_import(s, file, str(path))):.2f} s")
            preview = tournament.preview_import(s, file, str(path))
            start = time.perf_counter()
            report = tournament.import_players(s, preview)
            print(f"write {len(report.added):,} players (one transaction): {time.perf_counter() - start:.2f} s")
        db.dispose()


if __name__ == "__main__":
    main()
