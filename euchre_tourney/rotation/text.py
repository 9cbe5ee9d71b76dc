"""Plain-text rendering of a progressive rotation (the CLI's ``--format text``)."""

from __future__ import annotations

from euchre_tourney.rotation.model import Schedule
from euchre_tourney.rotation.quality import check, describe


def schedule_text(schedule: Schedule) -> str:
    """Each round as lines "Table t: N / E / S / W" plus sit-outs, then a blank
    line, "Quality:" and the sentences of :func:`describe` (one per line).
    Raises :class:`InvalidSchedule` if the schedule is not a rotation."""
    q = check(schedule)
    w = max([len(str(p)) for p in schedule.players] + [5])
    lines = [f"Progressive rotation: {len(schedule.players)} players, {len(schedule.rounds)} rounds", ""]
    lines.append(f"{'':10}{'North':>{w + 2}}{'East':>{w + 2}}{'South':>{w + 2}}{'West':>{w + 2}}")
    for r in schedule.rounds:
        lines.append(f"Round {r.number}")
        for t in r.tables:
            lines.append(f"  Table {t.number:>2}" + "".join(f"{p:>{w + 2}}" for p in t.seats))
        if r.sit_out:
            lines.append("  Sit out: " + ", ".join(map(str, r.sit_out)))
        if r.absent:
            lines.append("  Absent: " + ", ".join(map(str, r.absent)))
    lines += ["", "Quality:"]
    lines += [f"  {s}" for s in describe(q)]
    return "\n".join(lines) + "\n"
