"""Team tournaments (fixed partnerships): round robin, Swiss pairing, king of the hill.

Teams are numbered 1 … T. A team round seats one team North–South and one
East–West at each table; with an odd count one team has the bye.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class TeamTable:
    """``number`` from 1; ``north_south`` and ``east_west`` are team numbers."""

    number: int
    north_south: int
    east_west: int


@dataclass(frozen=True, slots=True)
class TeamRound:
    number: int
    tables: tuple[TeamTable, ...]
    bye: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class TeamSchedule:
    """A team rotation; ``kind`` is ``"teams"``."""

    teams: int
    rounds: tuple[TeamRound, ...]
    kind: str = "teams"

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "teams", "teams": T, "rounds": [{"round": r, "tables":
        [{"table": t, "north_south": a, "east_west": b}], "bye": [...]}]}``."""
        return {
            "kind": self.kind,
            "teams": self.teams,
            "rounds": [
                {
                    "round": r.number,
                    "tables": [
                        {"table": t.number, "north_south": t.north_south, "east_west": t.east_west} for t in r.tables
                    ],
                    "bye": list(r.bye),
                }
                for r in self.rounds
            ],
        }


def _circle_rounds(n_teams: int) -> list[list[tuple[int, int]]]:
    """Circle method: teams 0 … m−1 and ∞ (= m) for even counts; round r plays
    {∞, r} and {r+i, r−i}; game {r±i} is listed i-th so tables rotate."""
    odd = n_teams % 2 == 1
    m = n_teams if odd else n_teams - 1
    rounds = []
    for r in range(m):
        games = []
        if not odd:
            games.append((m, r))
        for i in range(1, (m - 1) // 2 + 1):
            games.append(((r + i) % m, (r - i) % m))
        rounds.append(games)
    return rounds


def team_round_robin(n_teams: int, rounds: int | None = None, seed: int = 0) -> TeamSchedule:
    """Round robin for ``n_teams`` ≥ 2: every team meets every other once in
    T−1 rounds (T even) or T rounds (T odd, one bye a round). ``rounds`` fewer
    than that truncates; more repeats the cycle. Tables: game {r±i} of the
    circle method is at table i (odd T: every team plays exactly twice at each
    table); with even T the ∞ game is rotated over the tables. North–South
    goes to the team that has sat North–South less (ties: the lower number on
    even rounds). ``seed`` relabels the teams. Raises ``ValueError`` for < 2
    teams or rounds < 1."""
    import random

    if n_teams < 2:
        raise ValueError("need at least 2 teams")
    base = _circle_rounds(n_teams)
    if rounds is None:
        rounds = len(base)
    if rounds < 1:
        raise ValueError("need at least 1 round")
    perm = list(range(1, n_teams + 1))
    random.Random(seed).shuffle(perm)
    ns = [0] * (n_teams + 1)
    out = []
    for r in range(rounds):
        games = list(base[r % len(base)])
        T = len(games)
        if n_teams % 2 == 0 and T > 1:
            k = r % T
            games = games[1 : k + 1] + [games[0]] + games[k + 1 :]
        tables = []
        playing = set()
        for t, (a, b) in enumerate(games):
            a, b = perm[a], perm[b]
            playing |= {a, b}
            if ns[b] < ns[a] or (ns[a] == ns[b] and (r % 2 == 1) == (a < b)):
                a, b = b, a
            ns[a] += 1
            ns[b] -= 1
            tables.append(TeamTable(t + 1, a, b))
        bye = tuple(sorted(set(range(1, n_teams + 1)) - playing))
        out.append(TeamRound(r + 1, tuple(tables), bye))
    return TeamSchedule(n_teams, tuple(out))


def swiss_round(
    standings: Sequence[int],
    history: Iterable[tuple[int, int]] = (),
    byes: Iterable[int] = (),
) -> tuple[list[tuple[int, int]], int | None]:
    """Pair one Swiss round: ``standings`` lists teams best first, ``history``
    the pairs already played, ``byes`` teams that already had a bye.

    Returns (pairs, bye_team): pairs in table order (top of the standings at
    table 1), no rematch when any rematch-free pairing exists; the bye goes to
    the lowest-ranked team without one. Backtracking search pairing each top
    unpaired team with the nearest team below it that it has not met (the
    classic Swiss rule), which is exact for the no-rematch requirement.
    """
    order = list(standings)
    played = {frozenset(p) for p in history}
    had_bye = set(byes)
    bye = None
    if len(order) % 2:
        cands = [t for t in reversed(order) if t not in had_bye] or [order[-1]]
        bye = cands[0]
        order.remove(bye)

    budget = [200_000]

    def solve(rest: list[int], allow_rematch: bool) -> list[tuple[int, int]] | None:
        if not rest:
            return []
        budget[0] -= 1
        if budget[0] < 0:
            return None
        a = rest[0]
        for i in range(1, len(rest)):
            b = rest[i]
            if not allow_rematch and frozenset((a, b)) in played:
                continue
            sub = solve(rest[1:i] + rest[i + 1 :], allow_rematch)
            if sub is not None:
                return [(a, b)] + sub
        return None

    pairs = solve(order, False)
    if pairs is None:
        budget[0] = 200_000
        pairs = solve(order, True) or [(order[i], order[i + 1]) for i in range(0, len(order), 2)]
    return pairs, bye


def king_of_the_hill(previous: TeamRound, winners: Mapping[int, int]) -> list[tuple[int, int]]:
    """Next round's tables by king-of-the-hill movement: ``winners`` maps
    table number → winning team. Winners move up one table (table 1's winner
    stays), losers move down one (the last table's loser stays); the bye team,
    if any, enters at the last table. Returns (north_south, east_west) per
    table, table 1 first: winners sit North–South."""
    T = len(previous.tables)
    incoming: list[list[int]] = [[] for _ in range(T)]
    for t in previous.tables:
        w = winners[t.number]
        loser = t.east_west if w == t.north_south else t.north_south
        incoming[max(0, t.number - 2)].append(w)
        incoming[min(T - 1, t.number)].append(loser)
    for b in previous.bye:
        incoming[T - 1].append(b)
    flat = [team for tbl in incoming for team in tbl]
    return [(flat[i], flat[i + 1]) for i in range(0, 2 * T, 2)]


def team_rotation(teams: int, rounds: int | None = None, seed: int = 0) -> TeamSchedule:
    """The command line's team rotation: a round robin (truncated to
    ``rounds``, or extended by starting the cycle again with home and away
    swapped by the balance rule). Swiss pairing needs results, so it is not
    planned in advance; see :func:`swiss_round`."""
    return team_round_robin(teams, rounds, seed)


def teams_text(schedule: TeamSchedule) -> str:
    """A readable table: one block per round, "Table t: A (N–S) v B (E–W)", byes."""
    lines = [f"Team rotation: {schedule.teams} teams, {len(schedule.rounds)} rounds", ""]
    for r in schedule.rounds:
        lines.append(f"Round {r.number}")
        for t in r.tables:
            lines.append(f"  Table {t.number:>2}: team {t.north_south:>3} (N–S) v team {t.east_west:>3} (E–W)")
        if r.bye:
            lines.append(f"  Bye: {', '.join('team ' + str(b) for b in r.bye)}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
