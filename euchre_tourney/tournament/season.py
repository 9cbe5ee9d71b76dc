"""The club's season: standings across nights and each member's history.

**Which nights.** A season (``store.Season``) counts the events picked for
it or, with none picked, every event dated within its date range. Both
progressive and team events count; at a team event each partner is credited
the team's points and the team's place.

**A night's result** for a member is what that night's own standings say
(:func:`~euchre_tourney.tournament.standings` or
:func:`~euchre_tourney.tournament.team_standings`): the place (ties already
broken as the event breaks them), the points (a team event: the team's
points for), rounds won and loners made. A team night played as an
elimination bracket only counts its bracket: the place the team finished
(while it runs: 1 + the teams with more wins), the points scored in its
matches and the matches won; its matches count as rounds in the history,
head-to-head and ratings. A member counts as having played
a night once one of their tables has a finished result.

**Season standings** (:func:`compute_season_standings`, plain data in,
plain rows out), configurable as clubs run them:

* ``basis`` "points": a night is worth the points scored; "placings": the
  points for the place taken (``placing_points``, e.g. 10-8-6-5-4-3-2-1;
  below the list, 0; a shared place is worth that place's points);
* ``best_nights`` N > 0: only a member's N best nights count (best N of M);
* ``aggregate`` "total" (sum of the nights counted) or "average" (per night
  counted);
* ``min_nights``: members with fewer nights played do not qualify; they are
  listed below the qualified members, without a place.

Ties are broken as the event standings break them: the season score, then
rounds won, then loners made (over every night played); members still equal
share the place.
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction

from sqlmodel import Session, select

from euchre_tourney.rules import game_winner, position
from euchre_tourney.store import Entrant, Event, EventRound, Hand, Player, Season, SeasonEvent, Seating, SitOut, TableResult, TeamGame, table_rules_of
from euchre_tourney.tournament.common import event_rules, lone_position, table_size
from euchre_tourney.tournament.csvfiles import csv_text, write_csv_file
from euchre_tourney.tournament.errors import NotFound, TournamentError
from euchre_tourney.tournament.unit_of_work import write_use_case
from euchre_tourney.tournament.identity import collation_key
from euchre_tourney.tournament.night_models import HandRecord, NightResult, TableRound
from euchre_tourney.tournament.bracket_results import bracket_results, bracket_table_rounds, is_bracket_night

BASES = ("points", "placings")
AGGREGATES = ("total", "average")
SEASON_TIE_BREAKS = ("Season score", "Rounds won", "Loners made")


# ---------------------------------------------------------------- pure rules


@dataclass(frozen=True, slots=True)
class SeasonRules:
    """How a season's standings count (see the module's docstring)."""

    basis: str = "points"
    aggregate: str = "total"
    best_nights: int = 0
    min_nights: int = 0
    placing_points: tuple[int, ...] = (10, 8, 6, 5, 4, 3, 2, 1)

    def night_score(self, r: NightResult) -> int:
        if self.basis == "placings":
            return self.placing_points[r.place - 1] if 1 <= r.place <= len(self.placing_points) else 0
        return r.points


@dataclass(frozen=True, slots=True)
class SeasonRow:
    """A member's line in the season standings. ``place`` None: not
    qualified (fewer than the minimum nights). ``score``: the season score
    (a :class:`~fractions.Fraction` for an average; :attr:`score_text`
    shows it); ``night_scores``: event id → that night's score;
    ``counted``: the event ids counted (best N)."""

    place: int | None
    tied: bool
    player_id: int
    name: str
    nights: int
    score: Fraction
    points: int
    rounds_won: int
    loners: int
    night_scores: dict[int, int] = field(default_factory=dict)
    counted: frozenset[int] = frozenset()

    @property
    def qualified(self) -> bool:
        return self.place is not None

    @property
    def score_text(self) -> str:
        if self.score.denominator == 1:
            return str(self.score.numerator)
        return f"{float(self.score):.2f}"

    @property
    def place_text(self) -> str:
        if self.place is None:
            return "–"
        return f"={self.place}" if self.tied else str(self.place)


def compute_season_standings(names: dict[int, str], results: list[NightResult], rules: SeasonRules) -> list[SeasonRow]:
    """Season standings from every member's night results, best first
    (qualified members, then the others by the same order, without place).
    ``names``: player id → name (a member with no night is left out)."""
    by_player: dict[int, list[NightResult]] = defaultdict(list)
    for r in results:
        by_player[r.player_id].append(r)
    rows = []
    for pid, nights in by_player.items():
        scores = {r.event_id: rules.night_score(r) for r in nights}
        ordered = sorted(nights, key=lambda r: (-scores[r.event_id], r.event_id))
        counted = ordered[: rules.best_nights] if rules.best_nights else ordered
        total = sum(scores[r.event_id] for r in counted)
        score = Fraction(total, len(counted)) if rules.aggregate == "average" and counted else Fraction(total)
        rows.append(
            SeasonRow(
                place=0,
                tied=False,
                player_id=pid,
                name=names.get(pid, "?"),
                nights=len(nights),
                score=score,
                points=sum(r.points for r in nights),
                rounds_won=sum(r.rounds_won for r in nights),
                loners=sum(r.loners for r in nights),
                night_scores=scores,
                counted=frozenset(r.event_id for r in counted),
            )
        )

    def key(row: SeasonRow):
        return (-row.score, -row.rounds_won, -row.loners)

    rows.sort(key=lambda r: (r.nights < rules.min_nights, key(r), collation_key(r.name), r.player_id))
    out: list[SeasonRow] = []
    qualified = [r for r in rows if r.nights >= rules.min_nights]
    counts: dict[tuple, int] = defaultdict(int)
    for r in qualified:
        counts[key(r)] += 1
    place, previous = 0, None
    for i, r in enumerate(qualified, start=1):
        if key(r) != previous:
            place, previous = i, key(r)
        out.append(replace(r, place=place, tied=counts[key(r)] > 1))
    out.extend(replace(r, place=None) for r in rows if r.nights < rules.min_nights)
    return out


def parse_placing_points(text: str) -> tuple[int, ...]:
    """"10-8-6-5-4" or "10, 8, 6" → (10, 8, 6, …). :class:`TournamentError`
    for anything but whole numbers, 0 or more."""
    parts = [p for p in text.replace("-", ",").replace(" ", ",").split(",") if p.strip()]
    try:
        values = tuple(int(p) for p in parts)
    except ValueError:
        raise TournamentError(f"Points for placings must be whole numbers such as 10-8-6-5-4, not “{text}”.") from None
    if not values or any(v < 0 for v in values):
        raise TournamentError(f"Points for placings must be whole numbers such as 10-8-6-5-4, not “{text}”.")
    return values


# ---------------------------------------------------------------- stored facts


def table_rounds(session: Session, event_ids) -> tuple[list[TableRound], dict[int, dict[int, list[int]]]]:
    """Every finished table-round of the events, in order of date, event,
    round and table, and the sit-outs (event id → round → player ids) of
    rounds that have a finished table."""
    event_ids = list(event_ids)
    if not event_ids:
        return [], {}
    events = {e.id: e for e in session.exec(select(Event).where(Event.id.in_(event_ids)))}
    rounds = {
        rid: (eid, number)
        for rid, eid, number in session.exec(select(EventRound.id, EventRound.event_id, EventRound.number).where(EventRound.event_id.in_(event_ids)))
    }
    rids = list(rounds)
    sizes = {eid: table_size(e) for eid, e in events.items()}
    seats: dict[tuple[int, int], dict[int, int]] = defaultdict(dict)
    hands: dict[tuple[int, int], list[HandRecord]] = defaultdict(list)
    finals: dict[tuple[int, int], tuple[int, int]] = {}
    results: dict[tuple[int, int], TableResult] = {}
    sit: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    if rids:
        for rid, table, seat, pid in session.exec(
            select(Seating.round_id, Seating.table_number, Seating.seat, Entrant.player_id)
            .join(Entrant, Seating.entrant_id == Entrant.id)
            .where(Seating.round_id.in_(rids))
        ):
            seats[rid, table][position(seat)] = pid
        for h in session.exec(select(Hand).where(Hand.round_id.in_(rids)).order_by(Hand.round_id, Hand.table_number, Hand.number)):
            hands[h.round_id, h.table_number].append(
                HandRecord(h.makers, h.maker_tricks, lone_position(h.alone_seat, h.detail_json, sizes[rounds[h.round_id][0]]),
                           h.scoring_side, h.points)
            )
        for g in session.exec(select(TeamGame).where(TeamGame.round_id.in_(rids))):
            finals[g.round_id, g.table_number] = (g.ns_score, g.ew_score)
        for t in session.exec(select(TableResult).where(TableResult.round_id.in_(rids))):
            results[t.round_id, t.table_number] = t
        for rid, pid in session.exec(
            select(SitOut.round_id, Entrant.player_id).join(Entrant, SitOut.entrant_id == Entrant.id).where(SitOut.round_id.in_(rids))
        ):
            eid, number = rounds[rid]
            sit[eid][number].append(pid)
    out = []
    played_rounds: set[tuple[int, int]] = set()
    for (rid, table), by_seat in seats.items():
        eid, number = rounds[rid]
        event = events[eid]
        hs = hands.get((rid, table), [])
        ns = sum(h.points for h in hs if h.scoring_side == "NS")
        ew = sum(h.points for h in hs if h.scoring_side == "EW")
        loners: tuple[tuple[int, int], ...] = ()
        tr = results.get((rid, table))
        if (rid, table) in finals:
            ns, ew = finals[rid, table]
            done, hs = True, []
        elif tr is not None and tr.ns_points is not None:
            ns, ew, hs, done = tr.ns_points, tr.ew_points or 0, [], True
            loners = tuple((seat, n) for seat, n in enumerate(tr.loners_by_position) if n)
        elif event.kind == "team" and event.round_scoring == "game":
            done = game_winner(event_rules(event), ns, ew) is not None or (tr is not None and tr.finished_early)
        else:
            done = len(hs) >= event.hands_per_round or (tr is not None and tr.finished_early)
        game = table_rules_of(event)
        if not done or len(by_seat) != (game.players if game is not None else 4):
            continue
        played_rounds.add((eid, number))
        out.append(TableRound(eid, event.date, number, table, dict(by_seat), ns, ew, tuple(hs), loners))
    last_round = defaultdict(int)
    for eid, number in rounds.values():
        last_round[eid] = max(last_round[eid], number)
    out.extend(bracket_table_rounds(session, events.values(), last_round))
    out.sort(key=lambda t: (t.date, t.event_id, t.round, t.table))
    sit_outs = {eid: {n: pids for n, pids in by_round.items() if (eid, n) in played_rounds} for eid, by_round in sit.items()}
    return out, sit_outs


def game_title(event: Event) -> str:
    """The event's side game in words ("" for four-seat euchre)."""
    game = table_rules_of(event)
    return "" if game is None else game.title


def _names(session: Session, ids=None) -> dict[int, str]:
    q = select(Player.id, Player.name)
    if ids is not None:
        q = q.where(Player.id.in_(list(ids)))
    return dict(session.exec(q).all())


def database_key(session: Session) -> str:
    """Which database ``session`` reads (its URL): the key the kept results
    are filed under. A session of a write transaction is bound to a
    connection, an ordinary one to the engine: both name the same URL."""
    bind = session.get_bind()
    return str(getattr(bind, "url", None) or bind.engine.url)


def _event_fingerprint(session: Session, event_id: int) -> tuple:
    """What one night's results depend on, in a few aggregate queries: any
    hand, seat, sit-out, game score, round total, entrant, team, bracket
    result or event setting of it changes it."""
    from sqlalchemy import func

    from euchre_tourney.store import Bracket, BracketMatch, Team

    rids = select(EventRound.id).where(EventRound.event_id == event_id)
    event = session.get(Event, event_id)
    parts: list = [database_key(session), event_id, tuple(sorted(event.model_dump().items())) if event else None]
    for model, where, cols in (
        (Hand, Hand.round_id.in_(rids), (Hand.version, Hand.points, Hand.maker_tricks, Hand.table_number)),
        (Seating, Seating.round_id.in_(rids), (Seating.entrant_id, Seating.table_number)),
        (SitOut, SitOut.round_id.in_(rids), (SitOut.entrant_id,)),
        (TeamGame, TeamGame.round_id.in_(rids), (TeamGame.ns_score, TeamGame.ew_score)),
        (TableResult, TableResult.round_id.in_(rids), (TableResult.ns_points, TableResult.ew_points, TableResult.ns_loners_n,
                                                       TableResult.ns_loners_s, TableResult.ew_loners_e, TableResult.ew_loners_w)),
        (EventRound, EventRound.event_id == event_id, (EventRound.number,)),
        (Entrant, Entrant.event_id == event_id, (Entrant.player_id, Entrant.number)),
        (Team, Team.event_id == event_id, (Team.number, Team.player_a_id, Team.player_b_id, Team.first_round, Team.withdrawn_after)),
        (Bracket, Bracket.event_id == event_id, (Bracket.seeded_from,)),
        (BracketMatch, BracketMatch.event_id == event_id, (BracketMatch.score_a, BracketMatch.score_b)),
    ):
        parts.append(tuple(session.exec(select(func.count(model.id), func.max(model.id), *(func.sum(c) for c in cols)).where(where)).one()))
    parts.append(session.exec(select(func.count(Team.id)).where(Team.event_id == event_id, Team.checked_in)).one())
    parts.append(session.exec(select(func.count(Entrant.id)).where(Entrant.event_id == event_id, Entrant.checked_in)).one())
    seeds = session.exec(select(Bracket.seeds_json, Bracket.double, Bracket.consolation).where(Bracket.event_id == event_id)).first()
    parts.append(tuple(seeds) if seeds else None)
    return tuple(parts)


_NIGHTS: dict[tuple, list[NightResult]] = {}
_NIGHTS_KEPT = 200


def night_results(session: Session, event_id: int) -> list[NightResult]:
    """Each member's result on one night, from that night's own standings
    (see the module's docstring). Members with no finished table are left
    out. Kept while nothing the night's standings read has changed
    (:func:`_event_fingerprint`), so a season of ten nights is not ranked
    ten times over at each redraw."""
    key = _event_fingerprint(session, event_id)
    if key not in _NIGHTS:
        if len(_NIGHTS) >= _NIGHTS_KEPT:
            _NIGHTS.clear()
        _NIGHTS[key] = _night_results(session, event_id)
    return list(_NIGHTS[key])


def _night_results(session: Session, event_id: int) -> list[NightResult]:
    from euchre_tourney.tournament.standings import standings
    from euchre_tourney.tournament.teams import team_event, team_standings

    event = session.get(Event, event_id)
    if event is None:
        raise NotFound("That event no longer exists.")
    out = []
    if event.kind == "team" and (is_bracket_night(session, event_id)
                                 or not any(r.played for r in team_standings(session, event_id).rows)):
        out = bracket_results(session, event_id)
    elif event.kind == "team":
        view = team_standings(session, event_id)
        ev = team_event(session, event_id)
        players = {t.id: t.player_ids for t in ev.teams}
        loners = _loners_by_player(session, event_id)
        for row in view.rows:
            if row.played == 0:
                continue
            for pid in players.get(row.team_id, ()):
                out.append(NightResult(event_id, pid, row.place, row.points_for, row.wins, loners.get(pid, 0), len(view.rows)))
    else:
        view = standings(session, event_id)
        for row in view.rows:
            if row.rounds_played == 0:
                continue
            out.append(NightResult(event_id, row.player_id, row.place, row.points, row.rounds_won, row.loners, len(view.rows)))
    return out


def _loners_by_player(session: Session, event_id: int) -> dict[int, int]:
    tables, _ = table_rounds(session, [event_id])
    out: dict[int, int] = defaultdict(int)
    for t in tables:
        for h in t.hands:
            if h.alone_seat is not None and h.makers_won and h.alone_seat in t.seats:
                out[t.seats[h.alone_seat]] += 1
        for seat, n in t.loners:
            out[t.seats[seat]] += n
    return out


# ---------------------------------------------------------------- seasons


@dataclass(frozen=True, slots=True)
class SeasonView:
    """A season's header: its settings and its events (id, name, date, kind)."""

    id: int
    name: str
    start_date: date | None
    end_date: date | None
    rules: SeasonRules
    picked: bool
    events: tuple[tuple[int, str, date, str], ...]

    @property
    def rules_text(self) -> str:
        r = self.rules
        basis = "points scored" if r.basis == "points" else "placing points " + "-".join(map(str, r.placing_points))
        how = "average per night" if r.aggregate == "average" else "total"
        best = f", best {r.best_nights} nights" if r.best_nights else ""
        qual = f", at least {r.min_nights} nights to qualify" if r.min_nights else ""
        return f"{how} of {basis}{best}{qual}"


@dataclass(frozen=True, slots=True)
class SeasonStandingsView:
    """A season's standings: ``rows`` best first; ``events`` in date order;
    ``nights_played``: for each member, the event ids played."""

    season: SeasonView
    rows: tuple[SeasonRow, ...]
    tie_breaks: tuple[str, ...] = SEASON_TIE_BREAKS


def _season(session: Session, season_id: int) -> Season:
    s = session.get(Season, season_id)
    if s is None:
        raise NotFound("That season no longer exists.")
    return s


def _rules(s: Season) -> SeasonRules:
    return SeasonRules(s.basis, s.aggregate, s.best_nights, s.min_nights, parse_placing_points(s.placing_points))


def _season_view(session: Session, s: Season) -> SeasonView:
    picked = list(session.exec(select(SeasonEvent.event_id).where(SeasonEvent.season_id == s.id)))
    q = select(Event)
    if picked:
        q = q.where(Event.id.in_(picked))
    else:
        if s.start_date is not None:
            q = q.where(Event.date >= s.start_date)
        if s.end_date is not None:
            q = q.where(Event.date <= s.end_date)
    events = sorted(session.exec(q), key=lambda e: (e.date, e.id))
    return SeasonView(s.id, s.name, s.start_date, s.end_date, _rules(s), bool(picked), tuple((e.id, e.name, e.date, e.kind) for e in events))


def list_seasons(session: Session) -> list[SeasonView]:
    """Every season, newest first."""
    seasons = session.exec(select(Season)).all()
    return [_season_view(session, s) for s in sorted(seasons, key=lambda s: (s.start_date or date.min, s.id), reverse=True)]


def get_season(session: Session, season_id: int) -> SeasonView:
    return _season_view(session, _season(session, season_id))


def _check(name: str, basis: str, aggregate: str, best_nights: int, min_nights: int, placing_points: str, start, end) -> None:
    if not name.strip():
        raise TournamentError("Give the season a name.")
    if basis not in BASES:
        raise TournamentError(f"A season counts “points” or “placings”, not “{basis}”.")
    if aggregate not in AGGREGATES:
        raise TournamentError(f"A season adds up as a “total” or an “average”, not “{aggregate}”.")
    for value, what in ((best_nights, "best nights"), (min_nights, "nights to qualify")):
        if value.__class__ is not int or value < 0:
            raise TournamentError(f"The {what} must be a whole number, 0 or more.")
    parse_placing_points(placing_points)
    if start is not None and end is not None and end < start:
        raise TournamentError("The season ends before it starts: check the dates.")


@write_use_case
def create_season(
    session: Session,
    name: str,
    *,
    start_date: date | None = None,
    end_date: date | None = None,
    basis: str = "points",
    aggregate: str = "total",
    best_nights: int = 0,
    min_nights: int = 0,
    placing_points: str = "10,8,6,5,4,3,2,1",
    event_ids=(),
) -> SeasonView:
    """Make a season and commit. ``event_ids``: the events picked (none:
    the date range decides). :class:`TournamentError` for a setting out of
    range (nothing stored)."""
    _check(name, basis, aggregate, best_nights, min_nights, placing_points, start_date, end_date)
    s = Season(
        name=name.strip(), start_date=start_date, end_date=end_date, basis=basis, aggregate=aggregate,
        best_nights=best_nights, min_nights=min_nights, placing_points=",".join(map(str, parse_placing_points(placing_points))),
    )
    session.add(s)
    session.flush()
    for eid in dict.fromkeys(event_ids):
        session.add(SeasonEvent(season_id=s.id, event_id=eid))
    session.commit()
    return _season_view(session, s)


@write_use_case
def update_season(session: Session, season_id: int, **changes) -> SeasonView:
    """Change a season's settings (the keyword arguments of
    :func:`create_season`; ``event_ids`` replaces the picked events) and commit."""
    s = _season(session, season_id)
    picks = changes.pop("event_ids", None)
    unknown = set(changes) - {"name", "start_date", "end_date", "basis", "aggregate", "best_nights", "min_nights", "placing_points"}
    if unknown:
        raise TournamentError(f"A season has no setting {', '.join(sorted(unknown))}.")
    merged = {k: getattr(s, k) for k in ("name", "basis", "aggregate", "best_nights", "min_nights", "placing_points", "start_date", "end_date")}
    merged.update(changes)
    _check(merged["name"], merged["basis"], merged["aggregate"], merged["best_nights"], merged["min_nights"],
           merged["placing_points"], merged["start_date"], merged["end_date"])
    for k, v in merged.items():
        setattr(s, k, v.strip() if k == "name" else v)
    s.placing_points = ",".join(map(str, parse_placing_points(s.placing_points)))
    session.add(s)
    if picks is not None:
        for row in session.exec(select(SeasonEvent).where(SeasonEvent.season_id == season_id)):
            session.delete(row)
        session.flush()
        for eid in dict.fromkeys(picks):
            session.add(SeasonEvent(season_id=season_id, event_id=eid))
    session.commit()
    return _season_view(session, s)


@write_use_case
def delete_season(session: Session, season_id: int) -> None:
    """Delete a season (its events stay; its picks go with it, ``ON DELETE
    CASCADE``) and commit."""
    s = _season(session, season_id)
    session.delete(s)
    session.commit()


def season_standings(session: Session, season_id: int) -> SeasonStandingsView:
    """The season's standings as the nights stand now (a night in progress
    counts what its own standings count)."""
    view = get_season(session, season_id)
    results = [r for eid, *_ in view.events for r in night_results(session, eid)]
    names = _names(session, {r.player_id for r in results})
    return SeasonStandingsView(view, tuple(compute_season_standings(names, results, view.rules)))


SEASON_CSV_COLUMNS = ("place", "name", "score", "nights", "points", "rounds_won", "loners", "qualified")


def season_standings_rows(view: SeasonStandingsView) -> list[list[object]]:
    """The season standings as CSV rows: header, then a row per member,
    one column per night (its score; empty when not played, a trailing
    ``*`` when not counted under best N)."""
    out: list[list[object]] = [list(SEASON_CSV_COLUMNS) + [f"{name} ({d.isoformat()})" for _, name, d, _ in view.season.events]]
    for r in view.rows:
        nights = []
        for eid, *_ in view.season.events:
            if eid not in r.night_scores:
                nights.append("")
            else:
                nights.append(f"{r.night_scores[eid]}" + ("" if eid in r.counted else "*"))
        out.append([r.place or "", r.name, r.score_text, r.nights, r.points, r.rounds_won, r.loners, "yes" if r.qualified else "no"] + nights)
    return out


def season_standings_csv(view: SeasonStandingsView) -> str:
    return csv_text(season_standings_rows(view))


def write_season_standings_csv(view: SeasonStandingsView, path: str | os.PathLike) -> None:
    """Save the season standings as an Excel-clean CSV (see :func:`~.csvfiles.write_csv_file`)."""
    write_csv_file(path, season_standings_rows(view))


@dataclass(frozen=True, slots=True)
class NightsPlayedView:
    """The members' nights-played list: ``rows`` (name, nights, one mark
    per event: True played) in name order."""

    season: SeasonView
    rows: tuple[tuple[str, int, tuple[bool, ...]], ...]


def nights_played(session: Session, season_id: int) -> NightsPlayedView:
    view = get_season(session, season_id)
    played: dict[int, set[int]] = defaultdict(set)
    for eid, *_ in view.events:
        for r in night_results(session, eid):
            played[r.player_id].add(eid)
    names = _names(session, played)
    rows = sorted(
        ((names[pid], len(evs), tuple(eid in evs for eid, *_ in view.events)) for pid, evs in played.items()),
        key=lambda r: collation_key(r[0]),
    )
    return NightsPlayedView(view, tuple(rows))


# ---------------------------------------------------------------- history


@dataclass(frozen=True, slots=True)
class NightLine:
    """One night in a member's history."""

    event_id: int
    event_name: str
    date: date
    kind: str
    place: int | None
    field: int
    points: int
    rounds_played: int
    sit_outs: int
    partners: tuple[str, ...]
    opponents: tuple[str, ...]
    game: str = ""
    """The night's game in words: "" for four-seat euchre, else its title
    ("Six player, 33 cards", "Bid euchre")."""

    @property
    def game_text(self) -> str:
        """What the member's page says the night was: "Team", the side
        game's title, or "Progressive"."""
        return "Team" if self.kind == "team" else self.game or "Progressive"


@dataclass(frozen=True, slots=True)
class PartnerLine:
    """Hands played with one partner: ``points_per_hand`` for the pair's
    side (rounds entered as totals count their hands as hands_per_round)."""

    player_id: int
    name: str
    rounds: int
    hands: int
    points: int

    @property
    def points_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0


@dataclass(frozen=True, slots=True)
class PlayerHistoryView:
    """A member's history (every night, or one season's nights)."""

    player_id: int
    name: str
    season_name: str
    nights: tuple[NightLine, ...]
    total_points: int
    rounds_played: int
    rounds_won: int
    hands: int
    loners_made: int
    loners_euchred: int
    euchred: int
    """Hands the member's side made trump and was euchred."""
    euchres_made: int
    """Hands the member's side euchred the makers."""
    sit_outs: int
    partners: tuple[PartnerLine, ...]
    """Best first (points per hand), only partners with hands together."""

    @property
    def average_per_night(self) -> float:
        return self.total_points / len(self.nights) if self.nights else 0.0

    @property
    def points_per_hand(self) -> float:
        return self.total_points_in_hands / self.hands if self.hands else 0.0

    total_points_in_hands: int = 0

    @property
    def best_partners(self) -> tuple[PartnerLine, ...]:
        return self.partners[:3]

    @property
    def worst_partners(self) -> tuple[PartnerLine, ...]:
        return tuple(reversed(self.partners[-3:])) if len(self.partners) > 3 else ()


def _event_ids(session: Session, season_id: int | None) -> list[int]:
    if season_id is None:
        return [e.id for e in session.exec(select(Event).order_by(Event.date, Event.id))]
    return [eid for eid, *_ in get_season(session, season_id).events]


def player_history(session: Session, player_id: int, season_id: int | None = None) -> PlayerHistoryView:
    """A member's every night (or the season's), totals, loners, euchres,
    sit-outs and partners. :class:`NotFound` for an unknown member."""
    player = session.get(Player, player_id)
    if player is None:
        raise NotFound("That player is not on the roster.")
    event_ids = _event_ids(session, season_id)
    mine = set(session.exec(select(Entrant.event_id).where(Entrant.player_id == player_id, Entrant.event_id.in_(event_ids))))
    events = {e.id: e for e in session.exec(select(Event).where(Event.id.in_(list(mine))))} if mine else {}
    tables, sit = table_rounds(session, mine)
    tables = [t for t in tables if player_id in t.seats.values()]
    names = _names(session, {pid for t in tables for pid in t.seats.values()} | {player_id})
    results = {}
    for eid in mine:
        for r in night_results(session, eid):
            if r.player_id == player_id:
                results[eid] = r
    per_event: dict[int, list[TableRound]] = defaultdict(list)
    for t in tables:
        per_event[t.event_id].append(t)
    nights = []
    for eid in sorted(mine, key=lambda e: (events[e].date, e)):
        ts = per_event.get(eid, [])
        sits = sum(player_id in pids for pids in sit.get(eid, {}).values())
        if not ts and not sits:
            continue
        r = results.get(eid)
        partners = tuple(dict.fromkeys(names[p] for t in ts for p in t.partners_of(player_id)))
        opponents = tuple(dict.fromkeys(names[o] for t in ts for o in t.opponents_of(player_id)))
        nights.append(
            NightLine(eid, events[eid].name, events[eid].date, events[eid].kind, r.place if r else None, r.field if r else 0,
                      r.points if r else sum(t.points_of(player_id) for t in ts), len(ts), sits, partners, opponents,
                      game_title(events[eid]))
        )
    loners_made = loners_euchred = euchred = euchres_made = hands = won = hand_points = 0
    pairs: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])
    for t in tables:
        side = t.side_of(player_id)
        mine_pts, theirs = (t.ns_points, t.ew_points) if side == "NS" else (t.ew_points, t.ns_points)
        won += mine_pts > theirs
        n_hands = len(t.hands) or events[t.event_id].hands_per_round
        hands += n_hands
        hand_points += mine_pts
        for partner in t.partners_of(player_id) or (None,):
            p = pairs[partner]
            p[0] += 1
            p[1] += n_hands
            p[2] += mine_pts
        my_seat = t.seat_of(player_id)
        for h in t.hands:
            if h.alone_seat == my_seat:
                if h.makers_won:
                    loners_made += 1
                else:
                    loners_euchred += 1
            if not h.makers_won:
                if h.makers == side:
                    euchred += 1
                else:
                    euchres_made += 1
        loners_made += sum(n for s, n in t.loners if s == my_seat)
    partners = sorted(
        (PartnerLine(pid, names.get(pid, "?"), r, h, pts) for pid, (r, h, pts) in pairs.items() if pid is not None and h),
        key=lambda p: (-p.points_per_hand, -p.hands, collation_key(p.name)),
    )
    season_name = get_season(session, season_id).name if season_id is not None else "all nights"
    return PlayerHistoryView(
        player_id, player.name, season_name, tuple(nights), sum(n.points for n in nights), len(tables), won, hands,
        loners_made, loners_euchred, euchred, euchres_made, sum(n.sit_outs for n in nights), tuple(partners), hand_points,
    )


@dataclass(frozen=True, slots=True)
class HeadToHeadView:
    """Two members against each other: rounds at the same table on opposite
    sides, rounds each won, points each; and rounds as partners."""

    a_name: str
    b_name: str
    rounds_against: int
    a_won: int
    b_won: int
    a_points: int
    b_points: int
    rounds_together: int
    points_together: int
    lines: tuple[tuple[str, date, int, int, int], ...]
    """(event, date, round, a's points, b's points) of each round against."""


def head_to_head(session: Session, a: int, b: int, season_id: int | None = None) -> HeadToHeadView:
    """Member ``a`` against member ``b`` over every night (or a season's)."""
    if a == b:
        raise TournamentError("Pick two different players.")
    names = _names(session, {a, b})
    if len(names) < 2:
        raise NotFound("That player is not on the roster.")
    event_ids = set(_event_ids(session, season_id))
    both = set(session.exec(select(Entrant.event_id).where(Entrant.player_id == a))) & set(
        session.exec(select(Entrant.event_id).where(Entrant.player_id == b))
    ) & event_ids
    tables, _ = table_rounds(session, both)
    ev_names = dict(session.exec(select(Event.id, Event.name).where(Event.id.in_(list(both)))).all()) if both else {}
    lines = []
    aw = bw = ap = bp = together = tp = 0
    for t in tables:
        sa, sb = t.side_of(a), t.side_of(b)
        if sa is None or sb is None:
            continue
        if sa == sb:
            together += 1
            tp += t.points_of(a)
            continue
        pa, pb = t.points_of(a), t.points_of(b)
        ap, bp = ap + pa, bp + pb
        aw += pa > pb
        bw += pb > pa
        lines.append((ev_names[t.event_id], t.date, t.round, pa, pb))
    return HeadToHeadView(names[a], names[b], len(lines), aw, bw, ap, bp, together, tp, tuple(lines))


def player_history_rows(view: PlayerHistoryView) -> list[list[object]]:
    """The history as CSV rows: one row per night, then the totals and partners."""
    out: list[list[object]] = [
        ["date", "event", "kind", "place", "of", "points", "rounds", "sit_outs", "partners", "opponents", "game"]
    ]
    for n in view.nights:
        out.append([n.date.isoformat(), n.event_name, n.kind, n.place or "", n.field or "", n.points, n.rounds_played,
                    n.sit_outs, "; ".join(n.partners), "; ".join(n.opponents), n.game])
    out.append([])
    out.append(["nights", "points", "average_per_night", "rounds", "rounds_won", "hands", "points_per_hand",
                "loners_made", "loners_euchred", "euchred", "euchres_made", "sit_outs"])
    out.append([len(view.nights), view.total_points, f"{view.average_per_night:.2f}", view.rounds_played, view.rounds_won,
                view.hands, f"{view.points_per_hand:.3f}", view.loners_made, view.loners_euchred, view.euchred,
                view.euchres_made, view.sit_outs])
    out.append([])
    out.append(["partner", "rounds", "hands", "points", "points_per_hand"])
    for p in view.partners:
        out.append([p.name, p.rounds, p.hands, p.points, f"{p.points_per_hand:.3f}"])
    return out


def write_player_history_csv(view: PlayerHistoryView, path: str | os.PathLike) -> None:
    """Save a member's history as an Excel-clean CSV."""
    write_csv_file(path, player_history_rows(view))


def season_sheets(session: Session, season_id: int) -> tuple[SeasonStandingsView, NightsPlayedView]:
    """What the season sheets print: the standings and the nights-played list.
    :class:`TournamentError` for a season with no night played yet."""
    view = season_standings(session, season_id)
    if not view.rows:
        raise TournamentError(f"No night of “{view.season.name}” has a result yet: there is nothing to print.")
    return view, nights_played(session, season_id)
