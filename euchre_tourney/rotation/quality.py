"""Quality of a rotation, counted from the schedule alone (never trusting the
generator): partner repeats, most meetings of a pair, sit-out spread."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations

from euchre_tourney.rotation.model import Schedule


class InvalidSchedule(ValueError):
    """The schedule is not a rotation: a player seated twice or missing in a round."""


@dataclass(frozen=True, slots=True)
class Quality:
    """Counts over a whole schedule.

    ``partner_repeats``: sum over pairs of max(0, times partnered − 1);
    ``max_partnered``: most times one pair partnered; ``max_meetings``: most
    times one pair sat at the same table; ``sit_out_min`` / ``sit_out_max``:
    fewest and most sit-outs of any player.
    """

    partner_repeats: int
    max_partnered: int
    max_meetings: int
    sit_out_min: int
    sit_out_max: int

    @property
    def sit_out_spread(self) -> int:
        return self.sit_out_max - self.sit_out_min


def check(schedule: Schedule) -> Quality:
    """Validate ``schedule`` and count its quality.

    Raises :class:`InvalidSchedule` if some round does not seat every player
    exactly once (at a table or sitting out).
    """
    everyone = set(schedule.players)
    partners: Counter = Counter()
    meetings: Counter = Counter()
    sat = Counter({p: 0 for p in everyone})
    for rnd in schedule.rounds:
        seen = list(rnd.players())
        if len(seen) != len(set(seen)) or set(seen) != everyone:
            raise InvalidSchedule(f"round {rnd.number} does not seat every player exactly once")
        for t in rnd.tables:
            for a, b in t.partnerships:
                partners[frozenset((a, b))] += 1
            for a, b in combinations(t.seats, 2):
                meetings[frozenset((a, b))] += 1
        for p in rnd.sit_out:
            sat[p] += 1
    return Quality(
        partner_repeats=sum(v - 1 for v in partners.values() if v > 1),
        max_partnered=max(partners.values(), default=0),
        max_meetings=max(meetings.values(), default=0),
        sit_out_min=min(sat.values(), default=0),
        sit_out_max=max(sat.values(), default=0),
    )
