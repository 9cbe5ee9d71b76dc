"""Sections: a big night split into groups, each with its own rotation.

A section is a rotation of its own (fair within the section, partners never
repeated while avoidable: :func:`~.progressive.progressive` for its
players); its tables are numbered within it and stored at an offset
(``first_table + 7`` is the section's table 7), so that every table of the
night keeps one number. No Qt, no database.

Why a template. Sections of one size and no director requests differ only
in who sits in them: the generator is run once per size (and number of
rounds) and its schedule relabelled for each such section, so 100 sections
of 20 cost one search, not a hundred (2,000 players in well under a second
instead of seven). Relabelling keeps every property the checker measures
(a rotation's quality depends on the pattern, not on the names), and each
section's schedule is still verified by :func:`~.quality.check`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from euchre_tourney.rotation.constraints import Constraints
from euchre_tourney.rotation.model import Round, Schedule, Table
from euchre_tourney.rotation.progressive import progressive
from euchre_tourney.rotation.quality import check

__all__ = ["constraints_within", "merge_sections", "offset_tables", "section_sizes", "sectioned", "split_section"]


def section_sizes(players: int, sections: int) -> list[int]:
    """Sizes for ``players`` split into ``sections`` as even as the tables
    allow: whole tables shared out (the first sections take a table more),
    the ``players mod 4`` left over in the last (smallest) section, so the
    night has no more sit-outs than one rotation of everyone would.
    ``ValueError`` for fewer than 4 players a section."""
    if sections < 1 or players < 4 * sections:
        raise ValueError(f"{players} players cannot make {sections} sections of at least one table")
    tables, extra_players = divmod(players, 4)
    base, extra = divmod(tables, sections)
    sizes = [4 * (base + (i < extra)) for i in range(sections)]
    sizes[-1] += extra_players
    return sizes


def offset_tables(schedule: Schedule, offset: int) -> Schedule:
    """``schedule`` with every table number raised by ``offset``."""
    if not offset:
        return schedule
    return dataclasses.replace(
        schedule,
        rounds=tuple(
            dataclasses.replace(r, tables=tuple(dataclasses.replace(t, number=t.number + offset) for t in r.tables))
            for r in schedule.rounds
        ),
    )


def _relabel(template: Schedule, ids: Sequence[int]) -> Schedule:
    """The template with its player p renamed ``ids[p]``."""
    m = list(ids)
    return Schedule(
        players=tuple(m[p] for p in template.players),
        rounds=tuple(
            Round(
                r.number,
                tuple(Table(t.number, m[t.north], m[t.east], m[t.south], m[t.west]) for t in r.tables),
                tuple(m[p] for p in r.sit_out),
                tuple(m[p] for p in r.absent),
            )
            for r in template.rounds
        ),
        kind=template.kind,
        seed=template.seed,
    )


def sectioned(
    groups: Sequence[Sequence[int]],
    rounds: int,
    seed: int = 0,
    *,
    offsets: Sequence[int] | None = None,
    constraints: Sequence[Constraints | None] | None = None,
    progress: Callable[[float], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> list[Schedule]:
    """One rotation per section: ``groups[k]`` the player ids of section k
    (at least 4 each), ``rounds`` rounds each; the tables of section k
    numbered from ``offsets[k] + 1`` (default: 1 in each). ``constraints[k]``:
    that section's director requests over its ids (pinned tables counted
    within the section). Sections of one size without requests share one
    search (see the module's docstring); every schedule is checked.
    ``progress(fraction)`` after each section; ``cancel()`` as for
    :func:`progressive`. ``ValueError`` for a section of fewer than 4 or a
    player in two sections."""
    seen: set[int] = set()
    for g in groups:
        if len(g) < 4:
            raise ValueError(f"a section needs at least 4 players, not {len(g)}")
        if seen & set(g):
            raise ValueError("a player is in two sections")
        seen.update(g)
    offsets = list(offsets) if offsets is not None else [0] * len(groups)
    wanted = list(constraints) if constraints is not None else [None] * len(groups)
    templates: dict[int, Schedule] = {}
    out = []
    for k, group in enumerate(groups):
        c = wanted[k]
        if c is None or c.is_empty():
            n = len(group)
            if n not in templates:
                templates[n] = progressive(n, rounds, seed, cancel=cancel)
            template = templates[n]
            schedule = _relabel(template, _index_ids(template, group))
        else:
            schedule = progressive(list(group), rounds, seed + k, constraints=c, cancel=cancel)
        check(schedule)  # trusts nothing: each section's rotation is verified as it will be stored
        out.append(offset_tables(schedule, offsets[k]))
        if progress is not None:
            progress((k + 1) / len(groups))
    return out


def _index_ids(template: Schedule, group: Sequence[int]) -> list[int]:
    """The renaming list for :func:`_relabel`: template player p (its ids
    are 1..n) becomes ``group[p - 1]``; list indexed by template id."""
    top = max(template.players)
    m = [0] * (top + 1)
    for p in template.players:
        m[p] = group[p - 1]
    return m


def merge_sections(schedules: Sequence[Schedule]) -> Schedule:
    """The night's one schedule from its sections' (tables already at their
    offsets): round r holds every section's tables of round r, in table
    order, and every section's sit-outs and absentees. ``ValueError`` when
    the sections have different numbers of rounds or a table number twice."""
    if not schedules:
        return Schedule(players=(), rounds=())
    counts = {len(s.rounds) for s in schedules}
    if len(counts) != 1:
        raise ValueError("the sections have different numbers of rounds")
    rounds = []
    for i in range(counts.pop()):
        parts = [s.rounds[i] for s in schedules]
        tables = tuple(sorted((t for r in parts for t in r.tables), key=lambda t: t.number))
        if len({t.number for t in tables}) != len(tables):
            raise ValueError(f"two sections use the same table number in round {i + 1}")
        rounds.append(
            Round(
                parts[0].number,
                tables,
                tuple(p for r in parts for p in r.sit_out),
                tuple(p for r in parts for p in r.absent),
            )
        )
    return Schedule(players=tuple(p for s in schedules for p in s.players), rounds=tuple(rounds))


def split_section(
    schedule: Schedule, members: set[int] | frozenset[int], offset: int = 0, upto: int | None = None
) -> Schedule:
    """The part of the night's ``schedule`` that is one section's, tables
    numbered within the section (``offset`` subtracted).

    ``upto`` None: its ``members``' tables (a table is the section's when
    its North is a member: a section's tables seat only its members), and
    their sit-outs and absences. ``upto`` given: the section's tables are
    those numbered ``offset < number <= upto`` (the section's range, see
    :func:`offset_tables`), whoever sits there -- a player moved from one
    section to another keeps the rounds he played at his old section's
    tables there. The part's players are then the ``members`` and anyone
    who sat at its tables; in each round, a player not at its tables is
    sitting out when he sits out that round and is a member now, else
    absent (playing or sitting out in another section), so that every
    round lists each of the part's players once (:func:`~.quality.check`)."""
    if upto is None:
        rounds = []
        for r in schedule.rounds:
            tables = tuple(
                dataclasses.replace(t, number=t.number - offset) for t in r.tables if t.north in members
            )
            rounds.append(
                Round(
                    r.number,
                    tables,
                    tuple(p for p in r.sit_out if p in members),
                    tuple(p for p in r.absent if p in members),
                )
            )
        return Schedule(players=tuple(p for p in schedule.players if p in members), rounds=tuple(rounds))
    mine = [[t for t in r.tables if offset < t.number <= upto] for r in schedule.rounds]
    seated = {p for ts in mine for t in ts for p in t.seats}
    players = tuple(p for p in schedule.players if p in members or p in seated)
    rounds = []
    for r, ts in zip(schedule.rounds, mine):
        here = {p for t in ts for p in t.seats}
        sits = tuple(p for p in r.sit_out if p in members and p not in here)
        away = set(players) - here - set(sits)
        gone = [p for p in r.absent if p in away]  # the night's absentees first, in its order
        rounds.append(
            Round(
                r.number,
                tuple(dataclasses.replace(t, number=t.number - offset) for t in ts),
                sits,
                tuple(gone) + tuple(p for p in players if p in away and p not in set(gone)),
            )
        )
    return Schedule(players=players, rounds=tuple(rounds))


def constraints_within(c: Constraints, members: set[int] | frozenset[int]) -> Constraints:
    """``c`` restricted to one section's ``members`` (a pair split between
    two sections never partners anyway)."""
    return Constraints(
        pinned={p: t for p, t in c.pinned.items() if p in members},
        apart=tuple((a, b) for a, b in c.apart if a in members and b in members),
        sit_out={r: [p for p in ps if p in members] for r, ps in c.sit_out.items()},
    )
