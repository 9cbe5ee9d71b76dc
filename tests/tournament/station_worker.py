"""One scoring station for the two-process station test (run as a script).

``station_worker.py URL STATION EVENT PASSES MINE`` enters hands on event
EVENT, printing one JSON line per attempt:

1. rounds 1–4, only the tables in MINE (comma-separated): its own tables;
2. rounds 5–8, every table, in the same order as the other station: both
   stations race for the same hands (whichever comes second to a hand —
   at once or much later — is refused it);
3. PASSES passes of corrections over round 5's hands, each made on the
   version just read, racing the other station's corrections of the same hands.

The work is counted, never timed, so a loaded machine changes only who
wins each race (issue 20).
"""

from __future__ import annotations

import json
import sys

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Side


def main() -> None:
    url, station, event, passes, mine = sys.argv[1:6]
    event, passes = int(event), int(passes)
    mine = {int(t) for t in mine.split(",")}
    db = T.open_database(url, station=station)

    def say(**line) -> None:
        print(json.dumps(line), flush=True)

    def run(use_case, *args, **kwargs):
        with db.session() as s:
            return use_case(s, *args, **kwargs)

    view = run(T.get_event, event)
    tables = sorted(run(T.round_progress, event, 1))
    for rounds, only in ((range(1, 5), mine), (range(5, 9), set(tables))):
        for r in rounds:
            for t in tables:
                if t not in only:
                    continue
                for n in range(1, view.hands_per_round + 1):
                    entry = HandEntry(Side.NS if (r + t + n) % 2 else Side.EW, (r * t + n) % 6)
                    try:
                        h = run(T.record_hand, event, r, t, n, entry)
                        say(op="record", slot=[r, t, n], result="saved", version=h.version)
                    except T.AlreadyRecorded as exc:
                        say(op="record", slot=[r, t, n], result="already", message=exc.message, by=exc.stored.station)
    for _ in range(passes):
        for t in tables:
            for h in run(T.table_score, event, 5, t).hands:
                entry = HandEntry(h.entry.makers, (h.entry.maker_tricks + 1) % 6)
                try:
                    done = run(T.correct_hand, h.id, entry, expected_version=h.version)
                    say(op="correct", slot=[5, t, h.number], result="corrected", version=done.version)
                except T.StaleHand as exc:
                    say(op="correct", slot=[5, t, h.number], result="stale", message=exc.message)
    db.dispose()


if __name__ == "__main__":
    main()
