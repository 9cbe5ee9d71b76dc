"""Elimination brackets for team events: single and double elimination.

Plain Python (no Qt, no database). A bracket is built once from the teams in
seed order (seed 1 the strongest) and then *read* against the results
entered so far: :func:`build` gives the structure, :func:`progress` which
teams meet in each match, who has won, who is still alive and the final
places.

**Byes.** The draw is the standard one for the next power of two P ≥ n
(seed 1 meets seed P, seed 2 meets seed P−1, …, the halves arranged so that
seeds 1 and 2 can meet only in the final). The P − n missing seeds are byes:
the top seeds skip round 1 and enter in round 2; no two byes ever meet, as
n > P/2. A match that could only ever hold one team is *not a match*: the
team goes straight to where its winner would go. So byes happen only in the
first round, and in a double-elimination bracket the losers' bracket is cut
down the same way (no team advances there without playing).

**Double elimination.** The losers' bracket for P = 2^k has 2(k − 1) rounds:
odd rounds pair the survivors among themselves (round 1: the losers of
winners' round 1, neighbours together), even rounds meet them with the losers
of the next winners' round (taken in reverse order, so that two teams who
met in the winners' bracket do not meet again at once). The winners'
champion meets the losers' champion in the grand final (``GF``); if the
losers' champion wins, both have lost once and the *reset* (``GF2``) decides.

**Single elimination** may add a consolation match for third place (``3P``,
the semi-finals' losers) when both semi-finals are played.

**Timing.** A match's :attr:`Match.round` is one more than the latest round
of the matches that feed it (and at least its stage in the winners'
bracket: two seeds that had byes meet in round 2); a team's matches have increasing rounds, so no
team plays twice in one round, and matches of one round can be played at
once on several tables.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from euchre_tourney.rotation.shapes import BracketSource as Source  # ("seed", i) | ("W", code) | ("L", code)

__all__ = ["Bracket", "BracketState", "Match", "MatchState", "build", "match_title", "progress", "seed_positions"]


@dataclass(frozen=True, slots=True)
class Match:
    """One match of the bracket. ``code``: "W2-3" (winners' bracket round 2,
    match 3), "L1-1" (losers' bracket), "GF", "GF2" (the reset, played only
    when the losers' champion wins ``GF``), "3P" (third place).
    ``part``: "W", "L", "F" (grand final) or "3P"; ``stage``: the round
    within its part (1-based; 1 for the finals); ``slot``: the match's place
    from the top in its stage (0-based, in the full bracket before byes);
    ``sources``: where its two teams come from; ``round``: when it is played
    (see the module's docstring)."""

    code: str
    part: str
    stage: int
    slot: int
    sources: tuple[Source, Source]
    round: int


@dataclass(frozen=True, slots=True)
class Bracket:
    """A bracket for ``size`` teams. ``matches`` in playing order (by round,
    then winners' bracket first); ``double``: double elimination;
    ``consolation``: a match for third place (single elimination only)."""

    size: int
    double: bool
    consolation: bool
    matches: tuple[Match, ...]
    rounds: int
    """The number of rounds the bracket can take (with the reset)."""

    def match(self, code: str) -> Match:
        for m in self.matches:
            if m.code == code:
                return m
        raise KeyError(code)

    @property
    def first_round_byes(self) -> tuple[int, ...]:
        """The seeds that skip round 1 (top seeds; empty for a power of two)."""
        first = {s for m in self.matches for kind, s in m.sources if kind == "seed" and m.round == 1}
        return tuple(s for s in range(1, self.size + 1) if s not in first)


def seed_positions(p: int) -> list[int]:
    """The seeds of a ``p``-team draw (``p`` a power of two) from top to
    bottom in the standard order (``[1, 4, 2, 3]`` for 4, ``[1, 8, 4, 5, 2,
    7, 3, 6]`` for 8): each first-round pair sums to p + 1, and seeds 1 and 2
    are in opposite halves."""
    order = [1]
    while len(order) < p:
        n = 2 * len(order) + 1
        order = [x for s in order for x in (s, n - s)]
    return order


def _pow2(n: int) -> int:
    p = 1
    while p < n:
        p *= 2
    return p


def build(size: int, *, double: bool = False, consolation: bool = False) -> Bracket:
    """The bracket for ``size`` teams (2 or more) in seed order.
    ``ValueError`` for fewer than 2 teams."""
    if size < 2:
        raise ValueError("A bracket needs at least 2 teams.")
    p = _pow2(size)
    k = p.bit_length() - 1  # winners' rounds
    raw: list[tuple[str, str, int, int, tuple[Source, Source]]] = []
    order = seed_positions(p)
    for i in range(p // 2):
        raw.append((f"W1-{i + 1}", "W", 1, i, (("seed", order[2 * i]), ("seed", order[2 * i + 1]))))
    for r in range(2, k + 1):
        for i in range(p >> r):
            raw.append((f"W{r}-{i + 1}", "W", r, i, (("W", f"W{r - 1}-{2 * i + 1}"), ("W", f"W{r - 1}-{2 * i + 2}"))))
    final_w = f"W{k}-1"
    if double:
        last_l: Source = ("L", "W1-1")
        if k >= 2:
            # losers' round 1: losers of W1 neighbours
            for i in range(p // 4):
                raw.append((f"L1-{i + 1}", "L", 1, i, (("L", f"W1-{2 * i + 1}"), ("L", f"W1-{2 * i + 2}"))))
            count = p // 4
            stage = 1
            for r in range(2, k + 1):
                stage += 1  # meet the losers of winners' round r (reversed)
                dropped = [f"W{r}-{i + 1}" for i in range(p >> r)][::-1]
                for i in range(count):
                    raw.append((f"L{stage}-{i + 1}", "L", stage, i, (("W", f"L{stage - 1}-{i + 1}"), ("L", dropped[i]))))
                if r < k:
                    stage += 1  # survivors among themselves
                    count //= 2
                    for i in range(count):
                        raw.append((f"L{stage}-{i + 1}", "L", stage, i, (("W", f"L{stage - 1}-{2 * i + 1}"), ("W", f"L{stage - 1}-{2 * i + 2}"))))
            last_l = ("W", f"L{stage}-1")
        raw.append(("GF", "F", 1, 0, (("W", final_w), last_l)))
        raw.append(("GF2", "F", 2, 0, (("W", "GF"), ("L", "GF"))))
    elif consolation and k >= 2:
        raw.append(("3P", "3P", 1, 0, (("L", f"W{k - 1}-1"), ("L", f"W{k - 1}-2"))))

    # collapse the matches that could hold only one team (byes)
    resolved: dict[Source, Source | None] = {}
    kept: list[tuple[str, str, int, int, tuple[Source, Source]]] = []

    def real(src: Source) -> Source | None:
        if src[0] == "seed":
            return src if src[1] <= size else None  # type: ignore[operator]
        return resolved[src]

    for code, part, stage, slot, (a, b) in raw:
        ra, rb = real(a), real(b)
        if ra is not None and rb is not None:
            resolved[("W", code)], resolved[("L", code)] = ("W", code), ("L", code)
            kept.append((code, part, stage, slot, (ra, rb)))
        else:
            resolved[("W", code)], resolved[("L", code)] = (ra if ra is not None else rb), None
    rounds: dict[str, int] = {}
    matches = []
    for code, part, stage, slot, sources in kept:
        rnd = 1 + max((rounds[s[1]] if s[0] != "seed" else 0) for s in sources)  # type: ignore[index]
        if part == "W":
            rnd = max(rnd, stage)  # two seeds with byes meet in round 2, not round 1
        rounds[code] = rnd
        matches.append(Match(code, part, stage, slot, sources, rnd))
    part_order = {"W": 0, "L": 1, "3P": 2, "F": 3}
    matches.sort(key=lambda m: (m.round, part_order[m.part], m.stage, m.slot))
    return Bracket(size, double, bool(consolation and not double and any(m.part == "3P" for m in matches)),
                   tuple(matches), max(rounds.values()))


_SINGLE_STAGES = ("Final", "Semi-final", "Quarter-final")
"""The last rounds of a single-elimination bracket, from the final back."""


def match_title(bracket: Bracket, match: Match) -> str:
    """What a match is called on the wall, the screen and the result form.

    Single elimination: the last round is the "Final", the one before it
    the "Semi-final" (two: "Semi-final 1" and "Semi-final 2", from the top),
    then the "Quarter-final"s, and earlier rounds "Round 1, match 3"; the
    consolation "Third place". Double elimination: "Winners' round 2, match
    1", the winners' bracket's last match "Winners' final", "Losers' round
    3, match 1", the losers' bracket's last "Losers' final", then the
    "Grand final" and its reset "Grand final (reset)". A stage with a single
    match (byes may leave one) drops the number. ``KeyError`` for a match
    not in ``bracket``.
    """
    bracket.match(match.code)
    if match.part == "F":
        return "Grand final" if match.stage == 1 else "Grand final (reset)"
    if match.part == "3P":
        return "Third place"
    same = [m for m in bracket.matches if m.part == match.part and m.stage == match.stage]
    same.sort(key=lambda m: m.slot)
    number = "" if len(same) == 1 else f" {same.index(match) + 1}"
    last = max(m.stage for m in bracket.matches if m.part == match.part)
    if not bracket.double:
        back = last - match.stage
        if back < len(_SINGLE_STAGES):
            return _SINGLE_STAGES[back] + number
        return f"Round {match.stage}" + (f", match{number}" if number else "")
    side = "Winners'" if match.part == "W" else "Losers'"
    if match.stage == last:
        return f"{side} final"
    return f"{side} round {match.stage}" + (f", match{number}" if number else "")


@dataclass(frozen=True, slots=True)
class MatchState:
    """A match as the results stand: ``teams`` the two seeds (None while
    not known yet), ``winner`` the winning seed (None while unplayed),
    ``needed``: False for the reset when it is not needed, ``ready``: both
    teams known, no result yet and the match is needed."""

    match: Match
    teams: tuple[int | None, int | None]
    winner: int | None
    needed: bool = True

    @property
    def ready(self) -> bool:
        return self.needed and self.winner is None and None not in self.teams

    @property
    def loser(self) -> int | None:
        if self.winner is None:
            return None
        a, b = self.teams
        return b if self.winner == a else a


@dataclass(frozen=True, slots=True)
class BracketState:
    """The bracket read against the results: ``matches`` (same order as
    :attr:`Bracket.matches`), ``places``: seed → final place (1, 2, 3, …;
    teams out at the same stage share a place) once known, ``champion``
    (None until the last needed match is played), ``alive``: seeds not yet
    eliminated."""

    bracket: Bracket
    matches: tuple[MatchState, ...]
    champion: int | None
    places: dict[int, int] = field(default_factory=dict)
    alive: frozenset[int] = frozenset()

    def state(self, code: str) -> MatchState:
        for m in self.matches:
            if m.match.code == code:
                return m
        raise KeyError(code)

    @property
    def ready(self) -> tuple[MatchState, ...]:
        """The matches that can be played now."""
        return tuple(m for m in self.matches if m.ready)


def progress(bracket: Bracket, winners: dict[str, int]) -> BracketState:
    """Read ``bracket`` against ``winners`` (match code → the winning seed).
    ``ValueError`` for a winner who is not one of the match's two teams, or
    a result for a match whose teams are not known yet or that is not needed."""
    states: dict[str, MatchState] = {}
    losses: dict[int, int] = {s: 0 for s in range(1, bracket.size + 1)}
    out_at: dict[int, tuple[int, str]] = {}  # seed → (order it went out, part)
    order = 0

    def team(src: Source) -> int | None:
        kind, ref = src
        if kind == "seed":
            return ref  # type: ignore[return-value]
        st = states.get(ref)  # type: ignore[arg-type]
        if st is None:
            return None
        return st.winner if kind == "W" else st.loser

    for m in bracket.matches:
        teams = (team(m.sources[0]), team(m.sources[1]))
        needed = True
        if m.code == "GF2":
            gf = states["GF"]
            needed = gf.winner is None or gf.winner == gf.teams[1]
        w = winners.get(m.code)
        if w is not None:
            if not needed:
                raise ValueError(f"{m.code} is not needed: the winners' champion won the grand final.")
            if None in teams:
                raise ValueError(f"{m.code} cannot have a result before both its teams are known.")
            if w not in teams:
                raise ValueError(f"Seed {w} does not play in {m.code}.")
            order += 1
            loser = teams[1] if w == teams[0] else teams[0]
            if m.part != "3P":
                losses[loser] += 1
                if losses[loser] >= (2 if bracket.double else 1) or m.code == "GF2":
                    out_at[loser] = (order, m.code)
        states[m.code] = MatchState(m, teams, w, needed)
    if bracket.double:
        final = [s for s in states.values() if s.match.part == "F" and s.needed]
    else:
        final = [states[m.code] for m in bracket.matches if m.part != "W"]  # the consolation
        final.append(max((s for s in states.values() if s.match.part == "W"), key=lambda s: s.match.stage))
    champion = None
    if final and all(s.winner is not None for s in final):
        champion = final[-1].winner
    alive = frozenset(s for s in range(1, bracket.size + 1) if s not in out_at)
    places: dict[int, int] = {}
    if champion is not None:
        places[champion] = 1
        # the rest by how late they went out; those out in the same stage share a place
        def depth(code: str) -> int:
            m = bracket.match(code)
            return 1000 + m.stage if m.part == "F" else m.stage

        gone = sorted(out_at.items(), key=lambda kv: (-depth(kv[1][1]), kv[1][0]))
        groups: list[list[int]] = []
        last_key = None
        for seed, (_, code) in gone:
            key = depth(code)
            if key != last_key:
                groups.append([])
                last_key = key
            groups[-1].append(seed)
        third = states.get("3P")
        place = 2
        for group in groups:
            if third is not None and third.winner is not None and set(group) == set(third.teams):
                places[third.winner], places[third.loser] = place, place + 1  # type: ignore[index]
            else:
                for s in group:
                    places[s] = place
            place += len(group)
    return BracketState(bracket, tuple(states[m.code] for m in bracket.matches), champion, places, alive)
