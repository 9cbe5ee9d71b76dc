"""Benchmark: python3 tests/benchmarks/bench_sections.py [--quick]

A night of 2,000 players in sections (issue 30 item 1: "a rotation of
2,000 in sections in under 5 s"): for sets of 20 and of 40, and for rooms,
the time of

* ``rotation`` -- :func:`euchre_tourney.rotation.sectioned` alone (the
  rotation per section, checked), and
* ``generate`` -- :func:`euchre_tourney.tournament.generate_rotation` on a
  club file (SQLite): every section's rotation made, checked, numbered and
  stored (16,000 seats for 8 rounds), and the screen's view with each
  section's quality report;
* ``standings`` -- the overall standings with each section's status and
  prizes, after one round entered in half the sections;
* ``late`` -- one late arrival placed in the section with room and that
  section re-planned (the others untouched).

Prints one line per case; the goal is generate < 5 s.
"""

from __future__ import annotations

import datetime
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # measure this checkout, not an installed copy

from euchre_tourney import rotation  # noqa: E402
from euchre_tourney import tournament as T  # noqa: E402
from euchre_tourney.rules import HandEntry, Side  # noqa: E402
from euchre_tourney.store import Player, open_database  # noqa: E402


def timed(fn):
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def case(players: int, rounds: int, *, size: int | None = None, rooms=None) -> str:
    folder = tempfile.mkdtemp()
    db = open_database(f"sqlite:///{folder}/big.sqlite", station="bench")
    try:
        with db.session() as s:
            s.add_all(Player(name=f"Player {i:04d}") for i in range(players))
            s.commit()
            ev = T.create_event(s, "Big night", datetime.date(2026, 12, 5), rounds=rounds, hands_per_round=8)
            T.set_checked_in(s, ev.id, list(range(1, players + 1)))
            secs = T.split_by_size(s, ev.id, size) if size else T.split_by_rooms(s, ev.id, rooms)
            groups = [sorted(x.members) for x in secs]
            _, pure = timed(lambda: rotation.sectioned(groups, rounds, 1, offsets=[x.first_table for x in secs]))
            view, gen = timed(lambda: T.generate_rotation(s, ev.id, seed=1))
            assert len(view.rounds) == rounds
            for x in secs[: len(secs) // 2]:
                for t in range(x.first_table + 1, x.first_table + x.players // 4 + 1):
                    for h in range(1, 9):
                        T.record_hand(s, ev.id, 1, t, h, HandEntry(Side.NS, 3 + h % 3))
            st, stand = timed(lambda: T.standings(s, ev.id))
            late = T.add_player(s, "Late Larry")
            _, replan = timed(lambda: T.set_checked_in(s, ev.id, late.id))
        how = f"sets of {size}" if size else f"{len(rooms)} rooms"
        return (f"{players:>5} players {rounds:>2} rounds  {how:<11} {len(secs):>3} sections  "
                f"rotation {pure:5.2f}s  generate {gen:5.2f}s  standings {stand:5.2f}s  late {replan:5.2f}s  "
                f"(sections finished: {st.section_status[0][1]}, {st.section_status[-1][1]})")
    finally:
        db.dispose()


def main() -> None:
    quick = "--quick" in sys.argv
    print(case(2000, 8, size=20), flush=True)
    if quick:
        return
    print(case(2000, 8, size=40), flush=True)
    print(case(2000, 12, size=20), flush=True)
    print(case(2000, 8, rooms=[("Ballroom", 1200), ("Hall", 600), ("Annex", 300)]), flush=True)
    print(case(588, 8, size=20), flush=True)


if __name__ == "__main__":
    main()
