"""Benchmark: scorecards for 200 players x 8 rounds (target: under 1 second),
and the printing of a night of 2,000 (issue 30 item 5: under a minute).

Run: ``python3 tests/benchmarks/bench_reports.py``. Prints seconds for the
first call (which also loads and registers the fonts) and the best of a few
warm calls, plus tally sheets for the same event. Not collected by pytest.

``--night FILE``: the big night in a club file (``bench_startup.py --big
FILE`` builds one: 2,000 players, 500 tables, 8 rounds: its "Charity night"),
printed as the window prints it while the phone server runs: each report's
data gathered from the file (``tournament.report_data``), the tables' QR
codes and the players' links added (``web.with_phone_links``), the PDF
written through ``Report.write`` with a progress callback (the count of
calls is printed: the window's progress bar moves that many times). Rows:
the 2,000 scorecards, the 500 tally sheets of one round, the whole night's
4,000 tally sheets (each table's code drawn once), the wall chart, and the
total of scorecards + one round's sheets + chart.
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "reports"))

from report_samples import sample_event  # noqa: E402

from euchre_tourney.reports import write_scorecards, write_tally_sheets  # noqa: E402


def _time(fn) -> tuple[float, int]:
    buf = io.BytesIO()
    start = time.perf_counter()
    fn(buf)
    return time.perf_counter() - start, len(buf.getvalue())


def night(path: str) -> None:
    import tempfile

    from euchre_tourney import tournament
    from euchre_tourney.reports import report
    from euchre_tourney.store import open_database
    from euchre_tourney.web import with_phone_links

    db = open_database(path)
    with db.session() as s:
        event_id = next(e.id for e in tournament.list_events(s) if e.name == "Charity night")
    base = "http://192.168.1.20:8765"
    total = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        def run(name: str, label: str, pick=lambda items: items) -> float:
            start = time.perf_counter()
            with db.session() as s:
                data = tournament.report_data(s, event_id, name)
            data = pick(with_phone_links(db, event_id, base, list(data)))
            gathered = time.perf_counter() - start
            steps = []
            out = Path(tmp) / f"{name}.pdf"
            report(name).write(data, out, progress=lambda done, all_: steps.append(done))
            took = time.perf_counter() - start
            print(f"  {label:<38} {took:6.2f} s  (data {gathered:.2f} s; {len(data)} items, {len(steps)} progress steps, "
                  f"{out.stat().st_size // 1024} KiB)", flush=True)
            return took

        print(f"a night of 2,000 from {path}")
        total += run("scorecards", "2,000 scorecards")
        total += run("tally-sheets", "500 tally sheets of round 1 (QR codes)", lambda items: [x for x in items if x.round == 1])
        total += run("rotation-chart", "the wall chart")
        print(f"  {'scorecards + round 1 sheets + chart':<38} {total:6.2f} s (target: under 60 s)")
        run("tally-sheets", "the night's tally sheets (QR codes)")
    db.dispose()


def main() -> None:
    if "--night" in sys.argv:
        night(sys.argv[sys.argv.index("--night") + 1])
        return
    _, cards, sheets = sample_event(200, 8, hands=8)
    cold, size = _time(lambda b: write_scorecards(cards, b))
    warm = min(_time(lambda b: write_scorecards(cards, b))[0] for _ in range(3))
    tally = min(_time(lambda b: write_tally_sheets(sheets, b))[0] for _ in range(2))
    print(f"scorecards 200 players x 8 rounds: first call {cold:.3f} s (fonts included), warm {warm:.3f} s, {size // 1024} KiB")
    print(f"tally sheets {len(sheets)} tables x rounds: {tally:.3f} s")


if __name__ == "__main__":
    main()
