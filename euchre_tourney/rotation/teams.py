"""Team tournaments (fixed partnerships): round robin, Swiss pairing, king of the hill.

Teams are numbered 1 … T. A team round seats one team North–South and one
East–West at each table; with an odd count one team has the bye.
"""

from __future__ import annotations

import math
import random
from collections import Counter
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


def _orient(base: list[list[tuple[int, int]]], n_teams: int) -> list[list[tuple[int, int]]]:
    """North–South first in every game of a full circle-method cycle.

    Game {r+i, r−i}: r+i sits North–South when i is odd, r−i when i is even.
    For a team x that is "North–South exactly when d = x − r (mod m) is odd",
    and d runs over 1 … m−1 once per cycle: half its games (its ∞ game aside)
    are North–South, and in consecutive rounds it alternates. The ∞ game
    (even T) alternates by round. So over the cycle |N–S − E–W| is 0 for every
    team when T is odd and at most 1 when T is even (T − 1 games, odd)."""
    odd = n_teams % 2 == 1
    m = n_teams if odd else n_teams - 1
    out = []
    for r, games in enumerate(base):
        og = []
        for a, b in games:
            if a == m or b == m:  # the ∞ game: ∞ alternates
                og.append((a, b) if r % 2 else (b, a))
                continue
            i = (a - r) % m  # a = r + i
            og.append((a, b) if i % 2 else (b, a))
        out.append(og)
    return out


def _balance_tables(
    rounds: list[list[tuple[int, int]]], n_teams: int, seed: int, steps: int = 30_000
) -> list[list[tuple[int, int]]]:
    """Reorder each round's games (list position = table − 1) so that teams
    move around the room: the target is no team more than ⌈games / tables⌉
    times at one table, as in a balanced tournament design (Schellenberg, van
    Rees & Vanstone 1977: 2n teams, each at each of the n tables at most
    twice; exists for every n ≠ 2).

    Simulated annealing (fixed temperature, seeded) over swaps of two games'
    tables within a round, on Σ (visits − cap)² over the (team, table) pairs
    above the cap, restarted from random orders every max(2000, 400·T) proposals; stops at zero or after
    ``steps`` proposals and keeps the best order seen. With the circle method's pairings it reaches the cap for
    small T and leaves a few teams three times at one table for larger T."""

    rng = random.Random(seed)
    T = max((len(g) for g in rounds), default=0)
    if T < 2:
        return rounds
    played = [0] * n_teams
    for games in rounds:
        for a, b in games:
            played[a] += 1
            played[b] += 1
    cap = [-(-g // T) for g in played]
    cur = [list(g) for g in rounds]
    visits = [[0] * T for _ in range(n_teams)]
    for games in cur:
        for t, (a, b) in enumerate(games):
            visits[a][t] += 1
            visits[b][t] += 1

    def over(x: int, v: int) -> int:
        e = v - cap[x]
        return e * e if e > 0 else 0

    def move(game: tuple[int, int], src: int, dst: int) -> int:
        d = 0
        for x in game:
            row = visits[x]
            d += over(x, row[dst] + 1) - over(x, row[dst]) + over(x, row[src] - 1) - over(x, row[src])
            row[dst] += 1
            row[src] -= 1
        return d

    cost = sum(over(x, v) for x in range(n_teams) for v in visits[x])
    best_cost, best = cost, [list(g) for g in cur]
    temp = 0.15
    restart = max(2_000, 400 * n_teams)
    for step in range(steps):
        if cost == 0:
            break
        if step and step % restart == 0:  # restart from random table orders
            for r, games in enumerate(cur):
                for t, (a, b) in enumerate(games):
                    visits[a][t] -= 1
                    visits[b][t] -= 1
                cur[r] = list(rounds[r])
                rng.shuffle(cur[r])
                for t, (a, b) in enumerate(cur[r]):
                    visits[a][t] += 1
                    visits[b][t] += 1
            cost = sum(over(x, v) for x in range(n_teams) for v in visits[x])
        games = cur[rng.randrange(len(cur))]
        u, v = rng.randrange(len(games)), rng.randrange(len(games))
        if u == v:
            continue
        d = move(games[u], u, v) + move(games[v], v, u)
        if d <= 0 or rng.random() < math.exp(-d / temp):
            games[u], games[v] = games[v], games[u]
            cost += d
            if cost < best_cost:
                best_cost, best = cost, [list(g) for g in cur]
        else:
            move(games[u], v, u)
            move(games[v], u, v)
    return best


def team_round_robin(n_teams: int, rounds: int | None = None, seed: int = 0) -> TeamSchedule:
    """Round robin for ``n_teams`` ≥ 2: every team meets every other once in
    T−1 rounds (T even) or T rounds (T odd, one bye a round). ``rounds`` fewer
    than that truncates; more repeats the cycle with North–South and East–West
    swapped on every second pass.

    Pairings by the circle method. Seats (see :func:`_orient`): over a full
    cycle every team sits North–South exactly as often as East–West when T is
    odd, at most once more either way when T is even, alternating from round
    to round. Tables: game {r±i} of the circle method is at table i (odd T:
    every team plays exactly twice at each table); with even T the tables are
    balanced by :func:`_balance_tables` (at most twice at one table for small
    T, at most three times as measured up to 50 teams). ``seed``
    relabels the teams. Raises ``ValueError`` for < 2 teams or rounds < 1."""

    if n_teams < 2:
        raise ValueError("need at least 2 teams")
    base = _orient(_circle_rounds(n_teams), n_teams)
    if n_teams % 2 == 0:
        base = _balance_tables(base, n_teams, seed)
    if rounds is None:
        rounds = len(base)
    if rounds < 1:
        raise ValueError("need at least 1 round")
    perm = list(range(1, n_teams + 1))
    random.Random(seed).shuffle(perm)
    out = []
    for r in range(rounds):
        swap = (r // len(base)) % 2 == 1
        tables = []
        playing = set()
        for t, (a, b) in enumerate(base[r % len(base)]):
            a, b = perm[a], perm[b]
            if swap:
                a, b = b, a
            playing |= {a, b}
            tables.append(TeamTable(t + 1, a, b))
        bye = tuple(sorted(set(range(1, n_teams + 1)) - playing))
        out.append(TeamRound(r + 1, tuple(tables), bye))
    return TeamSchedule(n_teams, tuple(out))


def _perfect_pairing(
    order: Sequence[int], played: set[frozenset[int]], budget: list[int]
) -> list[tuple[int, int]] | None:
    """Pairs of ``order`` (an even list, best first) with no pair in
    ``played``, or None if there is none (or ``budget`` ran out). Each
    top unpaired team takes the nearest team below it that it has not met,
    backtracking on failure (the classic Swiss rule); exhaustive, so None
    means no rematch-free pairing exists (unless the budget ran out)."""

    def solve(rest: list[int]) -> list[tuple[int, int]] | None:
        if not rest:
            return []
        budget[0] -= 1
        if budget[0] < 0:
            return None
        a = rest[0]
        for i in range(1, len(rest)):
            b = rest[i]
            if frozenset((a, b)) in played:
                continue
            sub = solve(rest[1:i] + rest[i + 1 :])
            if sub is not None:
                return [(a, b)] + sub
        return None

    return solve(list(order))


def swiss_round(
    standings: Sequence[int],
    history: Iterable[tuple[int, int]] = (),
    byes: Iterable[int] = (),
) -> tuple[list[tuple[int, int]], int | None]:
    """Pair one Swiss round.

    ``standings``: the teams taking part, best first; ``history``: the pairs
    already played (a rematch is a pair met before); ``byes``: the teams that
    had a bye, once per bye (a team may be listed twice).

    Returns ``(pairs, bye_team)``: pairs in table order (top of the
    standings at table 1), ``bye_team`` None for an even count. The rules, in
    order of priority:

    1. Byes are fair: the bye goes to a team with the fewest byes so far
       among ``standings`` (nobody gets a second bye before everyone taking
       part had one).
    2. No rematch while one can be avoided: among the fairly eligible teams
       the bye goes to the lowest-ranked one whose absence leaves a
       rematch-free pairing, and the pairing is rematch-free whenever one
       exists (exhaustive backtracking, exact; a search budget of 200 000
       steps per try bounds the worst case for very large fields).
    3. Otherwise (every team has met nearly everyone) the fewest rematches
       the same greedy rule finds: each top team meets the nearest team
       below it, preferring one it has not met.

    Raises ``ValueError`` for a team listed twice in ``standings``.
    """

    order = list(standings)
    if len(set(order)) != len(order):
        raise ValueError("a team is listed twice in the standings")
    played = {frozenset(p) for p in history}
    bye_count = Counter(byes)
    if len(order) % 2 == 0:
        candidates: list[int | None] = [None]
    else:
        fewest = min(bye_count[t] for t in order)
        candidates = [t for t in reversed(order) if bye_count[t] == fewest]
    for bye in candidates:
        rest = [t for t in order if t != bye]
        pairs = _perfect_pairing(rest, played, [200_000])
        if pairs is not None:
            return pairs, bye
    bye = candidates[0]
    rest = [t for t in order if t != bye]
    pairs = []
    while rest:
        a = rest.pop(0)
        j = next((i for i, b in enumerate(rest) if frozenset((a, b)) not in played), 0)
        pairs.append((a, rest.pop(j)))
    return pairs, bye


def rematch_free_rounds(
    fields: Sequence[Sequence[int]],
    history: Iterable[tuple[int, int]] = (),
    byes: Iterable[int] = (),
    seed: int = 0,
    tries: int = 60,
) -> list[tuple[list[tuple[int, int]], int | None]]:
    """Pair several rounds in advance without results (a round robin
    re-planned after a late team): ``fields[i]`` lists the teams playing the
    i-th round. Each round is paired by :func:`swiss_round` (fair byes, no
    rematch while avoidable) over the field in an order; the first try keeps
    the given order, later ones shuffle it (seeded), and the plan with the
    fewest rematches wins (stopping at the first with none). Returns
    ``[(pairs, bye)]`` per round."""

    rng = random.Random(seed)
    best, best_cost = None, None
    for attempt in range(max(1, tries)):
        played = [tuple(p) for p in history]
        seen = {frozenset(p) for p in played}
        had = list(byes)
        plan, cost = [], 0
        for field_ in fields:
            order = list(field_)
            if attempt:
                rng.shuffle(order)
            pairs, bye = swiss_round(order, played, had)
            cost += sum(frozenset(p) in seen for p in pairs)
            for p in pairs:
                played.append(p)
                seen.add(frozenset(p))
            if bye is not None:
                had.append(bye)
            plan.append((pairs, bye))
        if best_cost is None or cost < best_cost:
            best, best_cost = plan, cost
        if cost == 0:
            break
    return best or []


def king_round(previous: TeamRound, winners: Mapping[int, int]) -> tuple[list[tuple[int, int]], int | None]:
    """Next round by king-of-the-hill movement, with its bye.

    ``previous``: the round just finished; ``winners`` maps its table number
    → the winning team. Winners move up one table (table 1's winner stays),
    losers down one (the last table's loser stays). A team that had the bye
    comes in at the last table; with an odd count the last table's loser
    then takes the bye instead. Returns ``(pairs, bye)``: (north_south,
    east_west) per table, table 1 first, the winner coming in from below
    sitting North–South; ``bye`` None for an even count. Raises ``KeyError``
    for a table missing from ``winners``."""
    T = len(previous.tables)
    incoming: list[list[int]] = [[] for _ in range(max(T, 1))]
    incoming[-1].extend(previous.bye)
    for t in sorted(previous.tables, key=lambda t: t.number):
        w = winners[t.number]
        loser = t.east_west if w == t.north_south else t.north_south
        incoming[max(0, t.number - 2)].append(w)
        incoming[min(T - 1, t.number)].append(loser)
    flat = [team for tbl in incoming for team in tbl]
    bye = flat.pop() if len(flat) % 2 else None
    return [(flat[i], flat[i + 1]) for i in range(0, len(flat), 2)], bye


def king_of_the_hill(previous: TeamRound, winners: Mapping[int, int]) -> list[tuple[int, int]]:
    """The tables of :func:`king_round` (the bye, if any, left out)."""
    return king_round(previous, winners)[0]


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
