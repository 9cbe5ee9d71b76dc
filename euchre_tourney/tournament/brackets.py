"""Elimination brackets at a team event, and seeding teams by rating.

The bracket's shape and its reading against the results are plain Python
(:mod:`euchre_tourney.rotation.bracket`); here it is stored (``store.Bracket``
with the seeds fixed when drawn, ``store.BracketMatch`` with each match's
final score) and read back as a :class:`BracketView`.

**Seeding** (fixed when the bracket is drawn): "rating" (the sum of the two
partners' ratings, :mod:`.ratings`), "event" (a previous event: a team event
by the same pair's place, a progressive event by the partners' places added;
teams not found there after the others), "random" (seeded) or "number" (the
team numbers).

**Matches.** Each match is a game to the event's target, entered as its
final score like any team game (the same check:
:func:`~euchre_tourney.tournament.teams.check_final_score`). A result can be
corrected or cleared while no later match depends on who won.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

from sqlmodel import Session, select

from euchre_tourney.rotation import bracket as shapes
from euchre_tourney.store import Bracket, BracketMatch, Event, Team
from euchre_tourney.tournament.bracket_results import load_bracket, match_winners
from euchre_tourney.tournament.common import event_rules
from euchre_tourney.tournament.errors import NotFound, TournamentError
from euchre_tourney.tournament.unit_of_work import write_use_case
from euchre_tourney.tournament.ratings import balanced_pairs, rate_all
from euchre_tourney.tournament.teams import add_team, check_final_score, list_teams

SEEDINGS = ("rating", "event", "random", "number")


@dataclass(frozen=True, slots=True)
class BracketMatchView:
    """A match as the results stand: ``a`` and ``b`` the team names (""
    while not known), ``seed_a``/``seed_b``, the scores (None unplayed),
    ``winner`` "a"/"b"/None; ``ready``: can be played now; ``needed``:
    False for a reset that is not needed."""

    code: str
    title: str
    part: str
    stage: int
    slot: int
    round: int
    a: str
    b: str
    seed_a: int | None
    seed_b: int | None
    score_a: int | None
    score_b: int | None
    winner: str | None
    ready: bool
    needed: bool
    version: int = 0
    """The result's version (0: no result yet; 1 when entered, +1 per
    correction): a result or clearing names it, with the two seeds, and is
    refused when the match changed since (:func:`record_bracket_score`)."""


class StaleResult(TournamentError):
    """A bracket result entered on a stale view: the match's teams or its
    result changed since (another station); nothing was stored."""


@dataclass(frozen=True, slots=True)
class BracketView:
    """A team event's bracket. ``seeds``: the team names in seed order;
    ``places``: (place, team name) once the champion is known."""

    event_id: int
    event_name: str
    double: bool
    consolation: bool
    seeding: str
    target: int
    seeds: tuple[str, ...]
    matches: tuple[BracketMatchView, ...]
    rounds: int
    champion: str | None
    places: tuple[tuple[int, str], ...]

    @property
    def kind_text(self) -> str:
        return "Double elimination" if self.double else "Single elimination"

    def ready(self) -> tuple[BracketMatchView, ...]:
        return tuple(m for m in self.matches if m.ready)


def _team_event(session: Session, event_id: int) -> Event:
    event = session.get(Event, event_id)
    if event is None:
        raise NotFound("That event no longer exists.")
    if event.kind != "team":
        raise TournamentError("Brackets are for team events.")
    return event


def _team_strengths(session: Session, event_id: int, seeding: str, from_event_id: int | None, seed: int | None):
    teams = [t for t in list_teams(session, event_id) if t.checked_in and t.withdrawn_after is None]
    if seeding == "number":
        return [t.id for t in sorted(teams, key=lambda t: t.number)]
    if seeding == "random":
        order = [t.id for t in sorted(teams, key=lambda t: t.number)]
        random.Random(seed).shuffle(order)
        return order
    if seeding == "rating":
        rater, _, _ = rate_all(session)
        strength = {t.id: sum(rater.get(p).mu for p in t.player_ids) for t in teams}
        return [t.id for t in sorted(teams, key=lambda t: (-strength[t.id], t.number))]
    if seeding == "event":
        if from_event_id is None or session.get(Event, from_event_id) is None:
            raise TournamentError("Pick the earlier event whose standings seed the bracket.")
        from euchre_tourney.tournament.season import night_results

        places = {r.player_id: r.place for r in night_results(session, from_event_id)}
        worst = max(places.values(), default=0) + 1
        rank = {t.id: sum(places.get(p, worst) for p in t.player_ids) for t in teams}
        return [t.id for t in sorted(teams, key=lambda t: (rank[t.id], t.number))]
    raise TournamentError(f"Seed by {', '.join(SEEDINGS)}, not “{seeding}”.")


@write_use_case
def draw_bracket(
    session: Session,
    event_id: int,
    *,
    double: bool = False,
    consolation: bool = True,
    seeding: str = "rating",
    from_event_id: int | None = None,
    seed: int | None = None,
) -> BracketView:
    """Draw the event's bracket over its teams playing (checked in, not
    withdrawn) and commit; replaces a bracket with no result yet.
    :class:`TournamentError` for a progressive event, fewer than 2 teams,
    or a bracket with results already."""
    _team_event(session, event_id)
    old = session.exec(select(Bracket).where(Bracket.event_id == event_id)).first()
    if old is not None:
        if session.exec(select(BracketMatch.id).where(BracketMatch.event_id == event_id).limit(1)).first():
            raise TournamentError("The bracket has results: clear them first to draw it again.")
        session.delete(old)
        session.flush()
    order = _team_strengths(session, event_id, seeding, from_event_id, seed)
    if len(order) < 2:
        raise TournamentError("A bracket needs at least 2 teams checked in.")
    session.add(Bracket(event_id=event_id, double=double, consolation=consolation and not double, seeding=seeding,
                        seeded_from=from_event_id, seeds_json=json.dumps(order)))
    session.commit()
    return bracket_view(session, event_id)  # type: ignore[return-value]


@write_use_case
def delete_bracket(session: Session, event_id: int) -> None:
    """Remove the event's bracket and its results, and commit."""
    for m in session.exec(select(BracketMatch).where(BracketMatch.event_id == event_id)):
        session.delete(m)
    b = session.exec(select(Bracket).where(Bracket.event_id == event_id)).first()
    if b is not None:
        session.delete(b)
    session.commit()


def bracket_view(session: Session, event_id: int) -> BracketView | None:
    """The event's bracket as the results stand (None: no bracket drawn)."""
    event = _team_event(session, event_id)
    loaded = load_bracket(session, event_id)
    if loaded is None:
        return None
    b, seeds, shape, scores = loaded
    names = {t.id: t.name for t in list_teams(session, event_id)}
    seed_names = [names.get(tid, "?") for tid in seeds]
    state = shapes.progress(shape, match_winners(shape, scores))

    def name(s):
        return "" if s is None else f"({s}) {seed_names[s - 1]}"

    versions = dict(session.exec(select(BracketMatch.code, BracketMatch.version).where(BracketMatch.event_id == event_id)).all())
    matches = []
    for st in state.matches:
        m = st.match
        sc = scores.get(m.code)
        winner = None
        if st.winner is not None:
            winner = "a" if st.winner == st.teams[0] else "b"
        matches.append(
            BracketMatchView(m.code, shapes.match_title(shape, m), m.part, m.stage, m.slot, m.round, name(st.teams[0]),
                             name(st.teams[1]), st.teams[0], st.teams[1], sc[0] if sc else None, sc[1] if sc else None,
                             winner, st.ready, st.needed, versions.get(m.code, 0) or 0)
        )
    places = tuple(sorted((p, seed_names[s - 1]) for s, p in state.places.items()))
    return BracketView(event_id, event.name, b.double, b.consolation, b.seeding, event_rules(event).target, tuple(seed_names),
                       tuple(matches), shape.rounds, None if state.champion is None else seed_names[state.champion - 1], places)


def _bracket_for_write(session: Session, event_id: int):
    """:func:`~.bracket_results.load_bracket` with the bracket's row read
    afresh and locked until the transaction ends (``FOR UPDATE`` on
    PostgreSQL, in a write session; SQLite's write transaction holds the
    database from its start): two stations' bracket results are one after
    the other, each reading the results the other committed."""
    query = select(Bracket).where(Bracket.event_id == event_id).execution_options(populate_existing=True)
    if session.info.get("write"):
        query = query.with_for_update()
    if session.exec(query).first() is None:
        raise TournamentError("Draw the bracket first.")
    return load_bracket(session, event_id)


def _seen_check(session: Session, event_id: int, shape: shapes.Bracket, teams, state, row: BracketMatch | None,
                expected_version: int | None, doing: str) -> None:
    """Refuse (:class:`StaleResult`) a result made on a view whose two
    teams (``teams``: the seeds it showed) or whose result version
    (``expected_version``: 0 for no result) is not the match's now."""
    m = state.match
    title = shapes.match_title(shape, m)
    names = {t.id: t.name for t in list_teams(session, event_id)}
    seeds = json.loads(session.exec(select(Bracket.seeds_json).where(Bracket.event_id == event_id)).one())

    def name(s):
        return "a team not known yet" if s is None else f"({s}) {names.get(seeds[s - 1], '?')}"

    if teams is not None and tuple(teams) != tuple(state.teams):
        raise StaleResult(
            f"The teams of “{title}” changed after you looked at it (a result before it was entered or corrected "
            f"at another station): it is now {name(state.teams[0])} against {name(state.teams[1])}. "
            f"Nothing was {doing}: look at the bracket again."
        )
    now = row.version if row is not None else 0
    if expected_version is not None and expected_version != now:
        said = f"it now says {row.score_a}–{row.score_b}" if row is not None else "its result was cleared"
        raise StaleResult(
            f"“{title}” was changed at another station after you looked at it: {said}. "
            f"Nothing was {doing}: look at the bracket again."
        )


@write_use_case
def record_bracket_score(
    session: Session, event_id: int, code: str, score_a: int, score_b: int, *,
    teams: tuple[int | None, int | None] | None = None, expected_version: int | None = None,
) -> BracketView:
    """Store a bracket match's final score (``score_a`` for the upper team)
    and commit. ``teams``: the two seeds the result was entered against and
    ``expected_version``: the match's :attr:`BracketMatchView.version` then
    (0: no result yet); the window's bracket passes both (None: whatever is
    stored). :class:`StaleResult` (nothing stored) when either changed
    since: a correction of a match before it, or another station's result.
    :class:`TournamentError` (nothing stored) for a match whose
    teams are not known yet, a reset that is not needed, a score no game
    can end with, or a correction that would change who won a match whose
    winner has played on."""
    event = _team_event(session, event_id)
    _, _, shape, scores = _bracket_for_write(session, event_id)
    try:
        shape.match(code)
    except KeyError:
        raise NotFound(f"The bracket has no match {code}.") from None
    check_final_score(event_rules(event), score_a, score_b)
    state = shapes.progress(shape, match_winners(shape, scores)).state(code)
    row = session.exec(select(BracketMatch).where(BracketMatch.event_id == event_id, BracketMatch.code == code)).first()
    _seen_check(session, event_id, shape, teams, state, row, expected_version, "saved")
    if None in state.teams:
        raise TournamentError("Both teams of this match are not known yet: enter the matches before it first.")
    if not state.needed:
        raise TournamentError("The reset is not needed: the winners' champion won the grand final.")
    new = dict(scores)
    new[code] = (score_a, score_b)
    if not _same_teams(shape, scores, new, code):
        raise TournamentError(
            "That would change who won a match whose winner has already played on: clear the later results first."
        )
    if row is None:
        row = BracketMatch(event_id=event_id, code=code, score_a=score_a, score_b=score_b, version=1)
    elif (row.score_a, row.score_b) != (score_a, score_b):
        row.score_a, row.score_b, row.version = score_a, score_b, (row.version or 1) + 1
    session.add(row)
    session.commit()
    return bracket_view(session, event_id)  # type: ignore[return-value]


def _same_teams(shape: shapes.Bracket, old: dict[str, tuple[int, int]], new: dict[str, tuple[int, int]], code: str) -> bool:
    """Whether every other match with a result keeps its two teams (and the
    reset its need) when ``old`` results become ``new``."""
    before, after = shapes.progress(shape, match_winners(shape, old)), shapes.progress(shape, match_winners(shape, new))
    for c in new.keys() | old.keys():
        if c == code:
            continue
        if before.state(c).teams != after.state(c).teams or not after.state(c).needed:
            return False
    return True


@write_use_case
def clear_bracket_score(
    session: Session, event_id: int, code: str, *,
    teams: tuple[int | None, int | None] | None = None, expected_version: int | None = None,
) -> BracketView:
    """Delete a match's result and commit. ``teams`` and
    ``expected_version`` as in :func:`record_bracket_score`
    (:class:`StaleResult` when the match changed since).
    :class:`TournamentError` while a later match fed by it has a result."""
    _, _, shape, scores = _bracket_for_write(session, event_id)
    row = session.exec(select(BracketMatch).where(BracketMatch.event_id == event_id, BracketMatch.code == code)).first()
    if teams is not None or expected_version is not None:
        try:
            state = shapes.progress(shape, match_winners(shape, scores)).state(code)
        except KeyError:
            raise NotFound(f"The bracket has no match {code}.") from None
        _seen_check(session, event_id, shape, teams, state, row, expected_version, "cleared")
    rest = {c: s for c, s in scores.items() if c != code}
    if not _same_teams(shape, scores, rest, code):
        raise TournamentError("A later match depends on this result: clear that one first.")
    if row is not None:
        session.delete(row)
        session.commit()
    return bracket_view(session, event_id)  # type: ignore[return-value]


@write_use_case
def seed_teams_by_rating(session: Session, event_id: int) -> None:
    """Renumber the event's teams by rating (team 1 the strongest: the sum
    of the partners' ratings), so that a Swiss or king-of-the-hill first
    round "by seed" is seeded by rating; commit. :class:`TournamentError`
    once rounds are made."""
    from euchre_tourney.tournament.teams import _has_rounds

    _team_event(session, event_id)
    if _has_rounds(session, event_id):
        raise TournamentError("The rounds are made: teams can be renumbered only before the first round.")
    rater, _, _ = rate_all(session)
    teams = list(session.exec(select(Team).where(Team.event_id == event_id)))
    order = sorted(teams, key=lambda t: (-(rater.get(t.player_a_id).mu + rater.get(t.player_b_id).mu), t.number))
    for t in teams:  # two steps: the numbers are unique per event
        t.number = -t.number
        session.add(t)
    session.flush()
    for i, t in enumerate(order, start=1):
        t.number = i
        session.add(t)
    session.commit()


@write_use_case
def draw_balanced_teams(session: Session, event_id: int, player_ids) -> list[str]:
    """Make teams from individual members, balanced by rating
    (:func:`~.ratings.balanced_pairs`), and commit. Returns the team names.
    :class:`TournamentError` for an odd number of players or one already on
    a team (nothing made)."""
    _team_event(session, event_id)
    ids = list(dict.fromkeys(player_ids))
    if len(ids) < 2 or len(ids) % 2:
        raise TournamentError(f"A balanced draw needs an even number of players, at least 2 ({len(ids)} picked).")
    rater, _, _ = rate_all(session)
    made = []
    for a, b in balanced_pairs({p: rater.get(p).mu for p in ids}):
        made.append(add_team(session, event_id, a, b, commit=False).name)
    session.commit()
    return made


def bracket_printout(session: Session, event_id: int) -> BracketView:
    """The bracket for the wall PDF. :class:`TournamentError` before it is drawn."""
    view = bracket_view(session, event_id)
    if view is None:
        raise TournamentError("Draw the bracket first (Teams page, Bracket tab): there is nothing to print yet.")
    return view
