"""Quality of a rotation, counted from the schedule alone (never trusting the
generator), the best values the arithmetic allows, and the report in words."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from math import ceil, comb

from euchre_tourney.rotation.designs import PairCounts
from euchre_tourney.rotation.model import Schedule


class InvalidSchedule(ValueError):
    """The schedule is not a rotation: a player seated twice or missing in a
    round, a stranger seated, or table numbers not 1 … T."""


@dataclass(frozen=True, slots=True)
class Bounds:
    """Best possible value of each measure for ``players`` players and
    ``rounds`` rounds with the fewest sit-outs (ROTATION-NOTES, "Lower bounds").

    ``sit_out_spread``: 0 or 1; ``partner_repeats``: least Σ max(0, P−1);
    ``max_partnered`` / ``max_meetings``: least possible maximum over pairs;
    ``max_at_one_table``: least possible most-rounds-at-one-table of a player
    (ceil(games / tables), games = the most any player must play);
    ``ns_ew_spread``: 0 or 1.
    """

    players: int
    rounds: int
    tables: int
    sit_out_spread: int
    partner_repeats: int
    max_partnered: int
    max_meetings: int
    max_at_one_table: int
    ns_ew_spread: int


def lower_bounds(n_players: int, rounds: int) -> Bounds:
    """Best possible values for ``n_players`` (≥ 4) over ``rounds`` rounds.

    Counts from ROTATION-NOTES: T = n div 4 tables, s = n mod 4 sit-outs a
    round; some player plays g = ⌈4TR / n⌉ games (the bounds on tables and
    seats use it).
    """
    n = n_players
    if n < 4 or rounds < 0:
        raise ValueError("need at least 4 players and 0 or more rounds")
    t = n // 4
    s = n % 4
    pairs = comb(n, 2)
    part = 2 * t * rounds
    meet = 6 * t * rounds
    games = -(-(4 * t * rounds) // n)  # most games a player must play
    return Bounds(
        players=n,
        rounds=rounds,
        tables=t,
        sit_out_spread=0 if (s * rounds) % n == 0 else 1,
        partner_repeats=max(0, part - pairs),
        max_partnered=ceil(part / pairs) if rounds else 0,
        max_meetings=ceil(meet / pairs) if rounds else 0,
        max_at_one_table=ceil(games / t) if games else 0,
        ns_ew_spread=0 if (4 * t * rounds) % n == 0 and games % 2 == 0 else 1,
    )


@dataclass(frozen=True, slots=True)
class Quality:
    """Counts over a whole schedule, all from the schedule alone.

    ``partner_repeats``: Σ over pairs of max(0, times partnered − 1);
    ``max_partnered``: most times one pair partnered; ``max_meetings``: most
    times one pair sat at the same table (partners or opponents);
    ``min_meetings``: fewest (over all pairs); ``max_opposed``: most times one
    pair were opponents; ``sit_out_min`` / ``sit_out_max``: fewest and most
    sit-outs of a player (absent rounds are not sit-outs);
    ``sit_out_prefix_spread``: the largest max−min of sit-outs among the
    players present, over every prefix of rounds (1 means "nobody sat out twice
    before everyone once"); ``consecutive_sit_outs``: times a player sat out
    two rounds in a row; ``ns_ew_spread``: largest |rounds North–South − rounds
    East–West| of a player; ``max_at_one_table``: most rounds a player spent at
    one table (``max_at_one_table_player`` is who); ``never_partnered``: pairs
    that never partnered; ``perfect``: every pair partnered exactly once and
    opposed exactly twice; ``bounds``: best possible values
    (:func:`lower_bounds`); ``constraint_violations``: broken director
    constraints, when :func:`check` was given them.
    """

    partner_repeats: int
    max_partnered: int
    max_meetings: int
    sit_out_min: int
    sit_out_max: int
    players: int = 0
    rounds: int = 0
    min_meetings: int = 0
    max_opposed: int = 0
    sit_out_prefix_spread: int = 0
    consecutive_sit_outs: int = 0
    ns_ew_spread: int = 0
    max_at_one_table: int = 0
    max_at_one_table_player: int | None = None
    never_partnered: int = 0
    perfect: bool = False
    bounds: Bounds | None = None
    constraint_violations: tuple[str, ...] = field(default=())

    @property
    def sit_out_spread(self) -> int:
        return self.sit_out_max - self.sit_out_min


def check(schedule: Schedule, constraints=None) -> Quality:
    """Validate ``schedule`` and count its quality.

    Every round must seat each of ``schedule.players`` exactly once, at a table,
    in ``sit_out`` or in ``absent`` (not yet arrived / gone); table numbers must
    be 1 … T. Raises :class:`InvalidSchedule` otherwise. With ``constraints``
    (a :class:`~euchre_tourney.rotation.constraints.Constraints`) broken
    constraints are listed in ``constraint_violations``.
    """
    everyone = set(schedule.players)
    if len(everyone) != len(schedule.players):
        raise InvalidSchedule("player ids are not distinct")
    index = {p: i for i, p in enumerate(schedule.players)}
    counts = PairCounts(len(index))
    sat = {p: 0 for p in everyone}
    present = {p: 0 for p in everyone}
    ns = {p: 0 for p in everyone}
    ew = {p: 0 for p in everyone}
    at_table: Counter = Counter()
    prefix_spread = 0
    consecutive = 0
    last_out: set = set()
    for rnd in schedule.rounds:
        seen = [x for t in rnd.tables for x in t.seats] + list(rnd.sit_out) + list(getattr(rnd, "absent", ()))
        if len(seen) != len(set(seen)) or set(seen) != everyone:
            raise InvalidSchedule(f"round {rnd.number} does not seat every player exactly once")
        if sorted(t.number for t in rnd.tables) != list(range(1, len(rnd.tables) + 1)):
            raise InvalidSchedule(f"round {rnd.number}: tables are not numbered 1 … {len(rnd.tables)}")
        for t in rnd.tables:
            n_, e_, s_, w_ = t.seats
            counts.add_game((index[n_], index[e_], index[s_], index[w_]))
            for p in (n_, s_):
                ns[p] += 1
                at_table[(p, t.number)] += 1
            for p in (e_, w_):
                ew[p] += 1
                at_table[(p, t.number)] += 1
        for p in rnd.sit_out:
            sat[p] += 1
            if p in last_out:
                consecutive += 1
        last_out = set(rnd.sit_out)
        absent = set(getattr(rnd, "absent", ()))
        for p in everyone - absent:
            present[p] += 1
        here = [sat[p] for p in everyone if p not in absent]
        if here:
            prefix_spread = max(prefix_spread, max(here) - min(here))
    n = len(schedule.players)
    met, part = [], []  # each pair x < y once, counted by the shared PairCounts
    for x in range(n):
        met += counts.met[x * n + x + 1 : x * n + n]
        part += counts.partner[x * n + x + 1 : x * n + n]
    opp = [m - p for m, p in zip(met, part)]
    perfect = n >= 4 and all(p == 1 for p in part) and all(o == 2 for o in opp)
    top = max(at_table.items(), key=lambda kv: kv[1], default=None)
    violations: tuple[str, ...] = ()
    if constraints is not None:
        violations = tuple(constraints.violations(schedule))
    return Quality(
        partner_repeats=sum(p - 1 for p in part if p > 1),
        max_partnered=max(part, default=0),
        max_meetings=max(met, default=0),
        sit_out_min=min(sat.values(), default=0),
        sit_out_max=max(sat.values(), default=0),
        players=n,
        rounds=len(schedule.rounds),
        min_meetings=min(met, default=0),
        max_opposed=max(opp, default=0),
        sit_out_prefix_spread=prefix_spread,
        consecutive_sit_outs=consecutive,
        ns_ew_spread=max((abs(ns[p] - ew[p]) for p in everyone), default=0),
        max_at_one_table=top[1] if top else 0,
        max_at_one_table_player=top[0][0] if top else None,
        never_partnered=part.count(0),
        perfect=perfect,
        bounds=lower_bounds(n, len(schedule.rounds)) if n >= 4 else None,
        constraint_violations=violations,
    )


def _times(k: int) -> str:
    return "once" if k == 1 else "twice" if k == 2 else f"{k} times"


def describe(quality: Quality) -> list[str]:
    """The quality report as plain sentences for a tournament director, e.g.
    ``["No one partners anyone twice.", "The most any two players meet is
    twice (best possible: twice).", "Sit-outs: everyone sits out 1 or 2
    times."]``.
    """
    q = quality
    b = q.bounds
    out: list[str] = []
    if q.perfect:
        out.append("Perfect rotation: every pair of players partners exactly once and opposes exactly twice.")
    if q.max_partnered <= 1:
        out.append("No one partners anyone twice.")
    else:
        best = f" (best possible: {b.partner_repeats})" if b else ""
        out.append(
            f"Some players partner the same person more than once: {q.partner_repeats} repeat"
            f"{'s' if q.partner_repeats != 1 else ''} in all{best}; the most any pair partners is "
            f"{_times(q.max_partnered)}."
        )
    best = f" (best possible: {_times(b.max_meetings)})" if b else ""
    out.append(f"The most any two players meet is {_times(q.max_meetings)}{best}.")
    if q.sit_out_max == 0:
        out.append("Sit-outs: nobody sits out.")
    elif q.sit_out_min == q.sit_out_max:
        out.append(f"Sit-outs: everyone sits out {_times(q.sit_out_max)}.")
    else:
        out.append("Sit-outs: each player sits out at most once." if q.sit_out_max == 1
                   else f"Sit-outs: everyone sits out {q.sit_out_min} or {q.sit_out_max} times."
                   if q.sit_out_max - q.sit_out_min == 1
                   else f"Sit-outs: between {q.sit_out_min} and {q.sit_out_max} times per player.")
    if q.sit_out_max:
        if q.sit_out_prefix_spread <= 1:
            out.append("Nobody sits out a second time before everyone has sat out once.")
        else:
            out.append("Some players sit out again before everyone has had a turn.")
        if q.consecutive_sit_outs:
            out.append(f"Two sit-outs in a row happen {_times(q.consecutive_sit_outs)}.")
        else:
            out.append("Nobody sits out two rounds in a row.")
    if q.ns_ew_spread <= 1:
        out.append("Everyone plays North–South and East–West about equally (differing by at most one round).")
    else:
        out.append(f"North–South and East–West differ by up to {q.ns_ew_spread} rounds for some players.")
    best = f" (best possible: {b.max_at_one_table})" if b else ""
    out.append(f"The most rounds anyone spends at one table is {q.max_at_one_table}{best}.")
    for v in q.constraint_violations:
        out.append(f"Constraint not met: {v}")
    return out
