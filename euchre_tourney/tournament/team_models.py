"""Read models of team events, and the team standings arithmetic (pure).

**Team standings** (:func:`compute_team_standings`): a table's result counts
once it is complete (every hand of a hands-per-round round, or a game won /
its final score entered). Each team is credited the points it scored and
charged the points scored against it.

* **Wins** first: a win counts 1, a tied round (hands per round only) ½.
* **Byes**, by the event's ``bye_rule``: ``"win"`` (the default) counts a
  bye as a win with no points for or against; ``"none"`` counts nothing.
* **Tie-breaks**, in order (:data:`TEAM_TIE_BREAKS`): points for minus
  points against; then head to head (wins in the games between the teams
  still tied, counted only among them); then total points for. Teams equal
  after all of these share the place (shown "=3").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date

TEAM_FORMATS = {
    "round_robin": "Round robin: every team meets every other once",
    "swiss": "Swiss: each round paired by the standings so far",
    "king": "King of the hill: winners move up a table, losers down",
}
ROUND_SCORINGS = {
    "hands": "Hands per round: a fixed number of hands, each team credited its points",
    "game": "Game to the target: play to the rule set's target; win or loss plus the points",
}
BYE_RULES = {
    "win": "A bye counts as a win (no points for or against)",
    "none": "A bye counts nothing",
}
FIRST_ROUND_ORDERS = {"seed": "By team number (seed)", "random": "At random"}
TEAM_TIE_BREAKS = ("Wins (a tie ½)", "Points for minus points against", "Head to head", "Total points for")


@dataclass(frozen=True, slots=True)
class TeamView:
    """A team of an event. ``name``: the team's name (typed, or the two
    players joined by " & "); ``players``: the two display names (a name
    shared by two roster players carries the player's id, "Anna (#12)").
    ``status``: "playing", "not checked in", "withdrawn after round r" or
    "joins in round r"."""

    id: int
    number: int
    name: str
    players: tuple[str, str]
    player_ids: tuple[int, int]
    checked_in: bool
    first_round: int
    withdrawn_after: int | None
    status: str

    @property
    def label(self) -> str:
        """"3 Name (Anna & Bob)", or "3 Anna & Bob" when the name is the players'."""
        both = f"{self.players[0]} & {self.players[1]}"
        return f"{self.number} {self.name}" if self.name == both else f"{self.number} {self.name} ({both})"

@dataclass(frozen=True, slots=True)
class TeamTableView:
    """One table of a team round: the North–South and East–West teams and
    the result so far. ``ns_points``/``ew_points``: points scored (the final
    score of a game); ``hands``: hands recorded; ``complete``: the result
    counts; ``winner``: the winning team's id (None while incomplete or for a
    tie); ``final_only``: the game's final score was entered without hands."""

    number: int
    north_south: TeamView
    east_west: TeamView
    ns_points: int = 0
    ew_points: int = 0
    hands: int = 0
    complete: bool = False
    winner: int | None = None
    final_only: bool = False


@dataclass(frozen=True, slots=True)
class LateTeamPreview:
    """What adding a late team would change, shown before the director
    chooses: ``from_round`` (the first round it plays), ``changed`` of
    ``total`` team-rounds of the other teams from then on (a team-round: one
    team's opponent or bye in one round), and ``text``, the sentence to show
    (it names the withdrawn team whose place the new team takes, or says
    that every later round is paired again)."""

    from_round: int
    changed: int
    total: int
    text: str


@dataclass(frozen=True, slots=True)
class TeamRoundView:
    number: int
    tables: tuple[TeamTableView, ...]
    byes: tuple[TeamView, ...]

    @property
    def complete(self) -> bool:
        return all(t.complete for t in self.tables)

    @property
    def missing(self) -> tuple[int, ...]:
        """Table numbers without a complete result."""
        return tuple(t.number for t in self.tables if not t.complete)


@dataclass(frozen=True, slots=True)
class TeamEventView:
    """Everything about a team event's schedule: for the Teams page, the
    scorecards, tally sheets and the wall chart. ``target``: the game's
    target (``round_scoring == "game"``); ``win_by_two`` likewise."""

    event_id: int
    event_name: str
    event_date: date
    team_format: str
    round_scoring: str
    hands_per_round: int
    target: int
    win_by_two: bool
    planned_rounds: int
    teams: tuple[TeamView, ...]
    rounds: tuple[TeamRoundView, ...]
    is_team = True  # reports pick their team writer by this


@dataclass(frozen=True, slots=True)
class TeamResult:
    """One complete table result, the input of :func:`compute_team_standings`."""

    round: int
    ns_team: int
    ew_team: int
    ns_points: int
    ew_points: int


@dataclass(frozen=True, slots=True)
class TeamStandingRow:
    """A team's line. ``score``: wins + ½ ties (+ byes under the "win" rule);
    ``round_results``: one short text per round ("W 10–6 v 3", "bye", "")."""

    place: int
    tied: bool
    team_id: int
    number: int
    name: str
    players: tuple[str, str]
    played: int
    wins: int
    losses: int
    ties: int
    byes: int
    score: float
    points_for: int
    points_against: int
    round_results: tuple[str, ...]
    status: str = "playing"
    result: str = ""
    """A bracket night (:attr:`TeamStandingsView.bracket`): where the team
    finished or stands ("Winner", "Runner-up", "3rd", "Out in Semi-final 1",
    "Still in"); "" at a night of rounds."""

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against


@dataclass(frozen=True, slots=True)
class TeamStandingsView:
    event_id: int
    event_name: str
    rows: tuple[TeamStandingRow, ...]
    tie_breaks: tuple[str, ...]
    bye_rule: str
    results_recorded: int
    bracket: str = ""
    """A night played as an elimination bracket: what the bracket is and how
    far it has gone ("Single elimination bracket of 5 teams, games to 10: 2
    of 5 matches played."), the rows then ranked by the bracket (places once
    the champion is known, :attr:`TeamStandingRow.result`) with one column
    per bracket round; "" at a night of rounds."""
    is_team = True  # reports pick their team writer by this


def compute_team_standings(
    teams: Iterable[tuple[int, int, str, tuple[str, str], str]],
    results: Iterable[TeamResult],
    byes: Mapping[int, Iterable[int]],
    *,
    bye_rule: str = "win",
    rounds: int = 0,
) -> list[TeamStandingRow]:
    """Rank teams (see the module docstring).

    ``teams``: ``(team_id, number, name, players, status)``; ``results``:
    complete table results; ``byes``: round → team ids with the bye that
    round (counted only for rounds that have a result somewhere);
    ``rounds``: how many per-round entries each row carries. Returns rows
    best first with places (shared places ``tied``). ``ValueError`` for an
    unknown ``bye_rule``."""
    if bye_rule not in BYE_RULES:
        raise ValueError(f"unknown bye rule {bye_rule!r}")
    info = {t[0]: t for t in teams}
    wins = defaultdict(int)
    losses = defaultdict(int)
    ties = defaultdict(int)
    got = defaultdict(int)
    given = defaultdict(int)
    nbyes = defaultdict(int)
    per_round: dict[int, list[str]] = {t: [""] * rounds for t in info}
    h2h: dict[tuple[int, int], float] = defaultdict(float)
    started = set()
    for r in results:
        started.add(r.round)
        for me, them, mine, theirs in (
            (r.ns_team, r.ew_team, r.ns_points, r.ew_points),
            (r.ew_team, r.ns_team, r.ew_points, r.ns_points),
        ):
            got[me] += mine
            given[me] += theirs
            if mine > theirs:
                wins[me] += 1
                h2h[me, them] += 1
                mark = "W"
            elif mine < theirs:
                losses[me] += 1
                mark = "L"
            else:
                ties[me] += 1
                h2h[me, them] += 0.5
                mark = "T"
            if me in per_round and 1 <= r.round <= rounds:
                other = info[them][1] if them in info else "?"
                per_round[me][r.round - 1] = f"{mark} {mine}–{theirs} v {other}"
    for rnd, teams_out in byes.items():
        if rnd not in started:
            continue
        for t in teams_out:
            nbyes[t] += 1
            if t in per_round and 1 <= rnd <= rounds:
                per_round[t][rnd - 1] = "bye"
    bye_value = 1.0 if bye_rule == "win" else 0.0

    def score(t: int) -> float:
        return wins[t] + 0.5 * ties[t] + bye_value * nbyes[t]

    primary = {t: (score(t), got[t] - given[t]) for t in info}
    groups: dict[tuple[float, int], list[int]] = defaultdict(list)
    for t, key in primary.items():
        groups[key].append(t)
    full_key = {}
    for key, members in groups.items():
        for t in members:
            head = sum(h2h[t, u] for u in members if u != t) if len(members) > 1 else 0.0
            full_key[t] = (key[0], key[1], head, got[t])
    ordered = sorted(info, key=lambda t: (tuple(-x for x in full_key[t]), info[t][1]))
    counts = defaultdict(int)
    for t in ordered:
        counts[full_key[t]] += 1
    rows = []
    place = 0
    previous = None
    for i, t in enumerate(ordered, start=1):
        if full_key[t] != previous:
            place, previous = i, full_key[t]
        tid, number, name, players, status = info[t]
        rows.append(
            TeamStandingRow(
                place=place,
                tied=counts[full_key[t]] > 1,
                team_id=tid,
                number=number,
                name=name,
                players=players,
                played=wins[t] + losses[t] + ties[t],
                wins=wins[t],
                losses=losses[t],
                ties=ties[t],
                byes=nbyes[t],
                score=score(t),
                points_for=got[t],
                points_against=given[t],
                round_results=tuple(per_round[t]),
                status=status,
            )
        )
    return rows
