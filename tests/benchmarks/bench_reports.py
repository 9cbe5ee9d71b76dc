"""Benchmark: scorecards for 200 players x 8 rounds (target: under 1 second).

Run: ``python3 tests/benchmarks/bench_reports.py``. Prints seconds for the
first call (which also loads and registers the fonts) and the best of a few
warm calls, plus tally sheets for the same event. Not collected by pytest.
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


def main() -> None:
    _, cards, sheets = sample_event(200, 8, hands=8)
    cold, size = _time(lambda b: write_scorecards(cards, b))
    warm = min(_time(lambda b: write_scorecards(cards, b))[0] for _ in range(3))
    tally = min(_time(lambda b: write_tally_sheets(sheets, b))[0] for _ in range(2))
    print(f"scorecards 200 players x 8 rounds: first call {cold:.3f} s (fonts included), warm {warm:.3f} s, {size // 1024} KiB")
    print(f"tally sheets {len(sheets)} tables x rounds: {tally:.3f} s")


if __name__ == "__main__":
    main()
