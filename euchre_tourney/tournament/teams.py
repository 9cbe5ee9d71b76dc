"""Team event use cases: teams, rounds (round robin, Swiss, king of the hill),
game scores, team standings and what the team reports print.

**Storage.** A team is two roster players (``store.Team``). A team round
is stored like a progressive round: at each table the North–South team's
players sit North and South, the East–West team's East and West
(``Seating``), and a team with the bye sits out (``SitOut``). So hands are
entered, validated and stored exactly as at a progressive event
(:func:`~euchre_tourney.tournament.record_hand`); a game-to-the-target
round may instead get its final score alone (:func:`record_game_score`).

**Rounds.** Round robin: every round is made at once
(:func:`euchre_tourney.rotation.team_round_robin`). Swiss and king of the
hill: one round at a time, and only when every table of the round before has
its result (:func:`make_team_rounds` names the tables still missing). Swiss
pairs by the standings so far with no rematch while one can be avoided and
fair byes (:func:`euchre_tourney.rotation.swiss_round`); king of the hill
moves winners up a table and losers down (:func:`euchre_tourney.rotation.king_round`;
at a tied table the team higher in the standings counts as the winner).

**Changes during the night.** Played rounds (any result entered) never
change. A team withdraws after the last round with a result: at a round
robin its opponents in the rounds still to play get a bye; at Swiss or king
of the hill a round already paired but not started is paired again. A late
team joins from the next round without a result: at a round robin the rounds
not yet started are paired again over the teams now playing (Swiss rules: no
rematch while avoidable, fair byes); at Swiss or king of the hill it is
simply paired from then on.
"""

from __future__ import annotations

import os
import random
from collections import Counter, defaultdict
from dataclasses import dataclass

from sqlalchemy import func
from sqlmodel import Session, select

from euchre_tourney import rotation
from euchre_tourney.rules import HandEntry, RuleViolation, Seat, Side, game_winner, side_title
from euchre_tourney.store import Entrant, EventRound, Hand, Player, Seating, SitOut, Team, TeamGame
from euchre_tourney.rotation import bracket as bracket_shapes
from euchre_tourney.tournament.bracket_results import is_bracket_night, load_bracket, match_winners
from euchre_tourney.tournament.common import event_rules, load_event, plain_text, whole_number, yes_no
from euchre_tourney.tournament.errors import NotFound, TournamentError
from euchre_tourney.tournament.csvfiles import MAX_FILE_BYTES, csv_text, read_teams, write_csv_file
from euchre_tourney.tournament.roster import name_key
from euchre_tourney.tournament.stations import check_unlocked, round_for_write
from euchre_tourney.tournament.guard import StalePage
from euchre_tourney.tournament.tables import ANY, _round_and_table, audit_table
from euchre_tourney.tournament.team_models import (
    TEAM_TIE_BREAKS,
    LateTeamPreview,
    TeamEventView,
    TeamResult,
    TeamRoundView,
    TeamStandingRow,
    TeamStandingsView,
    TeamTableView,
    TeamView,
    compute_team_standings,
)
from euchre_tourney.tournament.unit_of_work import write_use_case

MAX_TEAM_NAME = 200


def _team_event(session: Session, event_id: int):
    event = load_event(session, event_id)
    if event.kind != "team":
        raise TournamentError(f"“{event.name}” is a progressive event: teams belong to team events.")
    return event


def display_names(session: Session, player_ids) -> dict[int, str]:
    """Player id → the name to show; a name shared by two active roster
    players (case and spaces aside) carries the id: "Anna Smith (#12)"."""
    ids = set(player_ids)
    rows = list(session.exec(select(Player.id, Player.name, Player.active)))
    keys = Counter(name_key(n) for _i, n, a in rows if a)
    return {i: (f"{n} (#{i})" if keys[name_key(n)] > 1 else n) for i, n, _a in rows if i in ids}


def _rows(session: Session, event_id: int) -> list[Team]:
    return list(session.exec(select(Team).where(Team.event_id == event_id).order_by(Team.number)))


def _started_round(session: Session, event_id: int) -> int:
    """The highest round with any hand or final score (0 if none)."""
    a = session.exec(
        select(func.max(EventRound.number)).join(Hand, Hand.round_id == EventRound.id).where(EventRound.event_id == event_id)
    ).one()
    b = session.exec(
        select(func.max(EventRound.number))
        .join(TeamGame, TeamGame.round_id == EventRound.id)
        .where(EventRound.event_id == event_id)
    ).one()
    return max(a or 0, b or 0)


def _status(t: Team) -> str:
    if not t.checked_in:
        return "not checked in"
    if t.withdrawn_after is not None:
        return f"withdrawn after round {t.withdrawn_after}" if t.withdrawn_after else "withdrawn"
    if t.first_round > 1:
        return f"joins in round {t.first_round}"
    return "playing"


def _views(session: Session, teams: list[Team]) -> dict[int, TeamView]:
    names = display_names(session, [p for t in teams for p in (t.player_a_id, t.player_b_id)])
    out = {}
    for t in teams:
        players = (names.get(t.player_a_id, "?"), names.get(t.player_b_id, "?"))
        out[t.id] = TeamView(
            id=t.id,
            number=t.number,
            name=t.name or f"{players[0]} & {players[1]}",
            players=players,
            player_ids=(t.player_a_id, t.player_b_id),
            checked_in=t.checked_in,
            first_round=t.first_round,
            withdrawn_after=t.withdrawn_after,
            status=_status(t),
        )
    return out


def list_teams(session: Session, event_id: int) -> list[TeamView]:
    """The event's teams in number order (a progressive event has none)."""
    load_event(session, event_id)
    return list(_views(session, _rows(session, event_id)).values())


def _entrant(session: Session, event_id: int, player_id: int, checked_in: bool) -> Entrant:
    e = session.exec(select(Entrant).where(Entrant.event_id == event_id, Entrant.player_id == player_id)).first()
    if e is None:
        e = Entrant(event_id=event_id, player_id=player_id, checked_in=checked_in)
    e.checked_in = checked_in
    session.add(e)
    session.flush()
    return e


def _has_rounds(session: Session, event_id: int) -> bool:
    return session.exec(select(EventRound.id).where(EventRound.event_id == event_id).limit(1)).first() is not None


@write_use_case
def add_team(
    session: Session,
    event_id: int,
    player_a_id: int,
    player_b_id: int,
    name: str = "",
    *,
    checked_in: bool = True,
    commit: bool = True,
) -> TeamView:
    """Make a team of two roster players and commit; returns it.

    ``name`` "" shows as "Anna Smith & Bob Jones". Once rounds exist the
    team is a late team: it plays from the next round without a result
    (at a round robin the rounds not yet started are paired again).
    :class:`TournamentError` if a player is missing, removed, the same
    twice, or already on a team of this event."""
    event = _team_event(session, event_id)
    whole_number(player_a_id, "first player's number")
    whole_number(player_b_id, "second player's number")
    name = plain_text(name, "team name", optional=True)
    yes_no(checked_in, "checked in")
    if player_a_id == player_b_id:
        raise TournamentError("A team needs two different players.")
    names = []
    for pid in (player_a_id, player_b_id):
        p = session.get(Player, pid)
        if p is None:
            raise NotFound(f"There is no player number {pid}.")
        if not p.active:
            raise TournamentError(f"{p.name} has been removed from the roster; restore them first.")
        names.append(p.name)
    name = " ".join((name or "").split())
    if len(name) > MAX_TEAM_NAME:
        raise TournamentError(f"A team name can be at most {MAX_TEAM_NAME} characters.")
    shown = display_names(session, (player_a_id, player_b_id))
    for t in _rows(session, event_id):
        for pid in (player_a_id, player_b_id):
            if pid in (t.player_a_id, t.player_b_id):
                team = t.name or " & ".join(display_names(session, (t.player_a_id, t.player_b_id)).values())
                raise TournamentError(f"{shown[pid]} is already on team {t.number} ({team}).")
    number = (session.exec(select(func.max(Team.number)).where(Team.event_id == event_id)).one() or 0) + 1
    first = 1
    if _has_rounds(session, event_id):
        first = _started_round(session, event_id) + 1
    t = Team(
        event_id=event_id,
        number=number,
        name=name,
        player_a_id=player_a_id,
        player_b_id=player_b_id,
        checked_in=checked_in,
        first_round=first,
    )
    session.add(t)
    for pid in (player_a_id, player_b_id):
        _entrant(session, event_id, pid, checked_in)
    session.flush()
    if first > 1:
        _seat_late_team(session, event, t, first)
    if commit:
        session.commit()
    return _views(session, [t])[t.id]


@write_use_case
def rename_team(session: Session, team_id: int, name: str) -> TeamView:
    """Change a team's name ("" → the players' names) and commit."""
    t = _team(session, team_id)
    name = " ".join(plain_text(name, "team name", optional=True).split())
    if len(name) > MAX_TEAM_NAME:
        raise TournamentError(f"A team name can be at most {MAX_TEAM_NAME} characters.")
    t.name = name
    session.add(t)
    session.commit()
    return _views(session, [t])[t.id]


def _team(session: Session, team_id: int) -> Team:
    t = session.get(Team, whole_number(team_id, "team number"))
    if t is None:
        raise NotFound(f"There is no team number {team_id} (it may have been removed).")
    return t


@write_use_case
def remove_team(session: Session, team_id: int) -> TeamView:
    """Delete a team before any round is made and commit; returns what was
    removed (for undo). :class:`TournamentError` once rounds exist (withdraw it)."""
    t = _team(session, team_id)
    if _has_rounds(session, t.event_id):
        raise TournamentError("The rounds are made: withdraw the team instead of removing it.")
    view = _views(session, [t])[t.id]
    for pid in (t.player_a_id, t.player_b_id):
        e = session.exec(select(Entrant).where(Entrant.event_id == t.event_id, Entrant.player_id == pid)).first()
        if e is not None:
            session.delete(e)
    session.delete(t)
    session.flush()
    for i, other in enumerate(_rows(session, t.event_id), start=1):  # numbers stay 1..T
        other.number = i
        session.add(other)
    session.commit()
    return view


@write_use_case
def set_team_checked_in(session: Session, team_id: int, checked_in: bool) -> TeamView:
    """Check a team in or out before the rounds are made; commit. Once rounds
    exist use :func:`withdraw_team` or add a late team."""
    t = _team(session, team_id)
    yes_no(checked_in, "checked in")
    if _has_rounds(session, t.event_id):
        raise TournamentError("The rounds are made: withdraw the team, or add a late team, instead.")
    t.checked_in = checked_in
    session.add(t)
    for pid in (t.player_a_id, t.player_b_id):
        _entrant(session, t.event_id, pid, checked_in)
    session.commit()
    return _views(session, [t])[t.id]


@dataclass(frozen=True, slots=True)
class TeamImportReport:
    """What :func:`import_teams_csv` did: teams made, players added to the
    roster because no one had their name, rows skipped with the reason."""

    added: tuple[TeamView, ...]
    new_players: tuple[str, ...]
    skipped: tuple[tuple[int, str], ...]


def parse_teams_csv(text: str) -> tuple[list[tuple[int, str, str, str]], list[tuple[int, str]]]:
    """Parse team CSV text: ``[(line, player 1, player 2, team name)]`` and
    ``[(line, reason skipped)]``, by the strict reader
    (:func:`~euchre_tourney.tournament.csvfiles.read_teams`: the columns,
    separator and name checks are described there).
    :class:`TournamentError` for a file without lines."""
    rows, problems = read_teams(text)
    return [(r.line, r.first, r.second, r.name) for r in rows], [(p.line, p.message.rstrip(".")) for p in problems]


@write_use_case
def import_teams_csv(session: Session, event_id: int, source: str | os.PathLike) -> TeamImportReport:
    """Make teams from a CSV file (any encoding
    :func:`~euchre_tourney.tournament.csvfiles.decode_text` reads; see
    :func:`parse_teams_csv`) and commit.

    Each name is looked up on the roster (case and spaces aside); a name no
    one has is added to the roster; a name two roster players share, or a
    player already on a team, skips that row with the reason."""
    _team_event(session, event_id)
    try:
        with open(source, "rb") as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise TournamentError(f"Cannot read {source}: {exc.strerror or exc}.") from None
    good, problems = read_teams(data)
    rows = [(r.line, r.first, r.second, r.name) for r in good]
    skipped = [(p.line, p.message.rstrip(".")) for p in problems]
    by_key: dict[str, list[int]] = defaultdict(list)
    for p in session.exec(select(Player).where(Player.active == True)):  # noqa: E712
        by_key[name_key(p.name)].append(p.id)
    added, new_players = [], []
    for row_number, p1, p2, team_name in rows:
        found = [by_key.get(name_key(name), []) for name in (p1, p2)]
        shared = next((name for name, ids in zip((p1, p2), found) if len(ids) > 1), None)
        if shared is not None:
            skipped.append((row_number, f"two roster players are called {shared}: make this team by hand"))
            continue
        if name_key(p1) == name_key(p2):
            skipped.append((row_number, "a team needs two different players"))
            continue
        try:
            with session.begin_nested():
                ids = []
                for name, ids_found in zip((p1, p2), found):
                    if not ids_found:
                        p = Player(name=name)
                        session.add(p)
                        session.flush()
                        ids_found = [p.id]
                    ids.append(ids_found[0])
                team = add_team(session, event_id, ids[0], ids[1], team_name, commit=False)
        except TournamentError as exc:
            skipped.append((row_number, exc.message))
            continue
        added.append(team)
        for name, ids_found, pid in zip((p1, p2), found, ids):
            if not ids_found:
                by_key[name_key(name)].append(pid)
                new_players.append(name)
    session.commit()
    return TeamImportReport(tuple(added), tuple(new_players), tuple(skipped))


# --- rounds ------------------------------------------------------------------------


@dataclass
class _Round:
    id: int
    number: int
    tables: list[tuple[int, int, int]]  # (table, ns team id, ew team id)
    byes: list[int]


def _load_rounds(session: Session, event_id: int, teams: list[Team]) -> list[_Round]:
    team_of = {}
    for t in teams:
        team_of[t.player_a_id] = t.id
        team_of[t.player_b_id] = t.id
    rounds = {
        rid: _Round(rid, number, [], [])
        for rid, number in session.exec(select(EventRound.id, EventRound.number).where(EventRound.event_id == event_id))
    }
    if not rounds:
        return []
    seats: dict[tuple[int, int], dict[str, int]] = defaultdict(dict)
    for rid, table, seat, player_id in session.exec(
        select(Seating.round_id, Seating.table_number, Seating.seat, Entrant.player_id)
        .join(Entrant, Seating.entrant_id == Entrant.id)
        .where(Entrant.event_id == event_id)
    ):
        seats[rid, table][seat] = player_id
    for (rid, table), by_seat in seats.items():
        rounds[rid].tables.append((table, team_of[by_seat[Seat.NORTH.key]], team_of[by_seat[Seat.EAST.key]]))
    for rid, player_id in session.exec(
        select(SitOut.round_id, Entrant.player_id).join(Entrant, SitOut.entrant_id == Entrant.id).where(Entrant.event_id == event_id)
    ):
        tid = team_of[player_id]
        if tid not in rounds[rid].byes:
            rounds[rid].byes.append(tid)
    out = sorted(rounds.values(), key=lambda r: r.number)
    for r in out:
        r.tables.sort()
    return out


def _results(session: Session, event, rounds: list[_Round]) -> dict[tuple[int, int], tuple[int, int, int, bool, bool]]:
    """(round id, table) → (ns points, ew points, hands, complete, final only)."""
    rules = event_rules(event)
    game = event.round_scoring == "game"
    ids = [r.id for r in rounds]
    sums: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0, 0])
    if ids:
        for rid, table, side, points in session.exec(
            select(Hand.round_id, Hand.table_number, Hand.scoring_side, Hand.points).where(Hand.round_id.in_(ids))
        ):
            s = sums[rid, table]
            s[0 if side == "NS" else 1] += points
            s[2] += 1
    finals = {}
    if ids and game:
        for rid, table, ns, ew in session.exec(
            select(TeamGame.round_id, TeamGame.table_number, TeamGame.ns_score, TeamGame.ew_score).where(TeamGame.round_id.in_(ids))
        ):
            finals[rid, table] = (ns, ew)
    out = {}
    for r in rounds:
        for table, _ns, _ew in r.tables:
            if (r.id, table) in finals:
                ns, ew = finals[r.id, table]
                out[r.id, table] = (ns, ew, 0, True, True)
                continue
            ns, ew, n = sums.get((r.id, table), (0, 0, 0))
            done = game_winner(rules, ns, ew) is not None if game else n >= event.hands_per_round
            out[r.id, table] = (ns, ew, n, done, False)
    return out


def _event_view(session: Session, event_id: int) -> tuple[TeamEventView, list[_Round]]:
    event = _team_event(session, event_id)
    teams = _rows(session, event_id)
    views = _views(session, teams)
    rounds = _load_rounds(session, event_id, teams)
    results = _results(session, event, rounds)
    rules = event_rules(event)
    out_rounds = []
    for r in rounds:
        tables = []
        for table, ns, ew in r.tables:
            nsp, ewp, n, done, final = results[r.id, table]
            winner = None
            if done and nsp != ewp:
                winner = ns if nsp > ewp else ew
            tables.append(TeamTableView(table, views[ns], views[ew], nsp, ewp, n, done, winner, final))
        out_rounds.append(TeamRoundView(r.number, tuple(tables), tuple(views[b] for b in sorted(r.byes, key=lambda b: views[b].number))))
    view = TeamEventView(
        event_id=event.id,
        event_name=event.name,
        event_date=event.date,
        team_format=event.team_format,
        round_scoring=event.round_scoring,
        hands_per_round=event.hands_per_round,
        target=rules.target,
        win_by_two=rules.win_by_two,
        planned_rounds=event.rounds,
        teams=tuple(views.values()),
        rounds=tuple(out_rounds),
    )
    return view, rounds


def team_event(session: Session, event_id: int) -> TeamEventView:
    """The team event's teams and rounds with every table's result so far.
    :class:`TournamentError` for a progressive event."""
    return _event_view(session, event_id)[0]


def team_printout(session: Session, event_id: int) -> TeamEventView:
    """What the team scorecards, tally sheets and wall chart print.
    :class:`TournamentError` while no round is made."""
    view = team_event(session, event_id)
    if not view.rounds and is_bracket_night(session, event_id):
        raise TournamentError(bracket_night_sentence(session, event_id) + " It has no scorecards, tally sheets or "
                              "rotation chart: enter each match's final score and print the bracket (Bracket "
                              "PDF…) on the Teams page's Bracket tab.")
    if not view.rounds:
        raise TournamentError("Make the rounds first (Teams page): there is nothing to print yet.")
    return view


def bracket_night_sentence(session: Session, event_id: int) -> str:
    """What a night played as a bracket is, in a sentence for the printouts
    that do not apply to it: "The night “Cup night” is played as a single-elimination
    bracket." (:func:`~.bracket_results.is_bracket_night` is assumed)."""
    event = load_event(session, event_id)
    loaded = load_bracket(session, event_id)
    kind = "double" if loaded is not None and loaded[0].double else "single"
    return f"The night “{event.name}” is played as a {kind}-elimination bracket."


def _store_round(session: Session, event, number: int, pairs, byes, teams: dict[int, Team]) -> None:
    r = EventRound(event_id=event.id, number=number)
    session.add(r)
    session.flush()
    _store_tables(session, event, r.id, [(n, a, b) for n, (a, b) in enumerate(pairs, start=1)], byes, teams)


def _store_tables(session: Session, event, round_id: int, tables, byes, teams: dict[int, Team]) -> None:
    """Seat round ``round_id``: ``tables`` as (table number, NS team, EW team), ``byes`` sit out."""
    entrants = {
        e.player_id: e.id for e in session.exec(select(Entrant).where(Entrant.event_id == event.id))
    }

    def entrant(pid: int) -> int:
        if pid not in entrants:
            entrants[pid] = _entrant(session, event.id, pid, True).id
        return entrants[pid]

    for table, ns, ew in tables:
        a, b = teams[ns], teams[ew]
        for seat, pid in ((Seat.NORTH, a.player_a_id), (Seat.SOUTH, a.player_b_id), (Seat.EAST, b.player_a_id), (Seat.WEST, b.player_b_id)):
            session.add(Seating(round_id=round_id, table_number=table, seat=seat.key, entrant_id=entrant(pid)))
    for t in byes:
        for pid in (teams[t].player_a_id, teams[t].player_b_id):
            session.add(SitOut(round_id=round_id, entrant_id=entrant(pid)))
    session.flush()


def _balanced(pairs, rounds: list[_Round]) -> list[tuple[int, int]]:
    """Seat the team that has sat North–South less often so far North–South."""
    ns = Counter()
    for r in rounds:
        for _t, a, b in r.tables:
            ns[a] += 1
            ns[b] -= 1
    return [(a, b) if ns[a] <= ns[b] else (b, a) for a, b in pairs]


def _playing(teams: list[Team], round_number: int) -> list[Team]:
    return [
        t
        for t in teams
        if t.checked_in and t.first_round <= round_number and (t.withdrawn_after is None or round_number <= t.withdrawn_after)
    ]


def _standing_order(session: Session, event, teams: list[Team], rounds: list[_Round]) -> list[int]:
    view = _standings(session, event, teams, rounds)
    return [row.team_id for row in view.rows]


def seed_pairing(seeds: list[int]) -> tuple[list[tuple[int, int]], list[int]]:
    """Round 1 of a Swiss or king-of-the-hill event, by seed: ``seeds`` best
    first → (pairs 1 v 2, 3 v 4, …; the byes: the last seed in an odd field).
    The window's team events and the command line's ``rotation --kind teams
    --pairing …`` both pair round 1 by this."""
    ids = list(seeds)
    bye = [ids.pop()] if len(ids) % 2 else []
    return [(ids[i], ids[i + 1]) for i in range(0, len(ids), 2)], bye


def _pair(session: Session, event, number: int, teams: list[Team], rounds: list[_Round]):
    """(pairs, byes) for round ``number`` from the rounds before it."""
    active = _playing(teams, number)
    if len(active) < 2:
        raise TournamentError(f"Round {number} needs at least 2 teams playing ({len(active)} now).")
    ids = [t.id for t in active]
    history = [(a, b) for r in rounds for _t, a, b in r.tables]
    byes = [b for r in rounds for b in r.byes]
    fmt = event.team_format
    if not rounds or number == 1:
        order = sorted(active, key=lambda t: t.number)
        if event.first_round_order == "random":
            random.Random(event.seed).shuffle(order)
        ids = [t.id for t in order]
        if fmt in ("swiss", "king"):
            return seed_pairing(ids)
    rank = _standing_order(session, event, teams, rounds)
    order = [t for t in rank if t in set(ids)]
    if fmt == "king" and rounds:
        last = rounds[-1]
        results = _results(session, event, [last])
        pos = {t: i for i, t in enumerate(rank)}
        winners = {}
        for table, ns, ew in last.tables:
            nsp, ewp, *_ = results[last.id, table]
            winners[table] = ns if (nsp, -pos.get(ns, 0)) > (ewp, -pos.get(ew, 0)) else ew
        prev = rotation.TeamRound(
            last.number, tuple(rotation.TeamTable(t, a, b) for t, a, b in last.tables), tuple(last.byes)
        )
        pairs, bye = rotation.king_round(prev, winners)
        flat = [x for p in pairs for x in p] + ([bye] if bye is not None else [])
        flat = [t for t in flat if t in set(ids)] + [t for t in order if t not in set(flat)]
        bye_list = [flat.pop()] if len(flat) % 2 else []
        return [(flat[i], flat[i + 1]) for i in range(0, len(flat), 2)], bye_list
    pairs, bye = rotation.swiss_round(order, history, byes)
    return _balanced(pairs, rounds), ([bye] if bye is not None else [])


def _check_round_done(session: Session, event, rounds: list[_Round]) -> None:
    if not rounds:
        return
    last = rounds[-1]
    results = _results(session, event, [last])
    missing = [t for t, _a, _b in last.tables if not results[last.id, t][3]]
    if missing:
        tables = ", ".join(str(t) for t in missing)
        what = "table" if len(missing) == 1 else "tables"
        raise TournamentError(
            f"Round {last.number + 1} can be paired once every result of round {last.number} is in: "
            f"{what} {tables} {'has' if len(missing) == 1 else 'have'} no result yet."
        )


@write_use_case
def make_team_rounds(session: Session, event_id: int) -> TeamEventView:
    """Make the next rounds and commit: the whole round robin, or the next
    Swiss / king-of-the-hill round. :class:`TournamentError` (nothing
    stored) with fewer than 2 teams checked in, when every round is made, or
    (Swiss, king) while a table of the current round has no result — the
    message names those tables."""
    event = _team_event(session, event_id)
    teams = _rows(session, event_id)
    rounds = _load_rounds(session, event_id, teams)
    if event.seed is None:
        event.seed = random.SystemRandom().randrange(1, 10**6)
        session.add(event)
    by_id = {t.id: t for t in teams}
    if len(rounds) >= event.rounds:
        raise TournamentError(f"All {event.rounds} rounds are made.")
    if event.team_format == "round_robin":
        if rounds:
            raise TournamentError("The round robin is already made.")
        active = sorted(_playing(teams, 1), key=lambda t: t.number)
        if len(active) < 2:
            raise TournamentError(f"Check in at least 2 teams first ({len(active)} checked in).")
        if event.first_round_order == "random":
            random.Random(event.seed).shuffle(active)
        schedule = rotation.team_round_robin(len(active), event.rounds, seed=0)
        for r in schedule.rounds:
            pairs = [(active[t.north_south - 1].id, active[t.east_west - 1].id) for t in r.tables]
            _store_round(session, event, r.number, pairs, [active[b - 1].id for b in r.bye], by_id)
    else:
        _check_round_done(session, event, rounds)
        number = len(rounds) + 1
        pairs, byes = _pair(session, event, number, teams, rounds)
        _store_round(session, event, number, pairs, byes, by_id)
    session.commit()
    return team_event(session, event_id)


@write_use_case
def clear_team_rounds(session: Session, event_id: int, from_round: int = 1) -> TeamEventView:
    """Delete rounds ``from_round`` on (none may have a result) and commit."""
    event = _team_event(session, event_id)
    if _started_round(session, event_id) >= from_round:
        raise TournamentError("Results are entered: played rounds never change.")
    for r in session.exec(select(EventRound).where(EventRound.event_id == event.id, EventRound.number >= from_round)):
        session.delete(r)
    session.commit()
    return team_event(session, event_id)


def _replan(session: Session, event, first: int) -> None:
    """Pair again every stored round from ``first`` on (none has a result):
    the next one only at Swiss / king (if it is paired), all of them at a
    round robin (Swiss rules over the teams then playing)."""
    teams = _rows(session, event.id)
    stored = _load_rounds(session, event.id, teams)
    todo = [r for r in stored if r.number >= first]
    if not todo:
        return
    for r in session.exec(select(EventRound).where(EventRound.event_id == event.id, EventRound.number >= first)):
        session.delete(r)
    session.flush()
    kept = [r for r in stored if r.number < first]
    by_id = {t.id: t for t in teams}
    if event.team_format != "round_robin":
        todo = todo[:1]
        if kept:
            results = _results(session, event, kept[-1:])
            if not all(results[kept[-1].id, t][3] for t, _a, _b in kept[-1].tables):
                return  # paired again once the round before is finished
    if event.team_format == "round_robin":
        for r in _round_robin_again(event, teams, kept, todo):
            _store_round(session, event, r.number, [(a, b) for _t, a, b in r.tables], r.byes, by_id)
        return
    pairs, bye_list = _pair(session, event, todo[0].number, teams, kept)
    _store_round(session, event, todo[0].number, pairs, bye_list, by_id)


def _round_robin_again(event, teams: list[Team], kept: list[_Round], todo: list[_Round]) -> list[_Round]:
    """The rounds ``todo`` of a round robin paired again over the teams then
    playing, with no rematch of the rounds ``kept`` (Swiss rules); nothing stored."""
    history = [(a, b) for k in kept for _t, a, b in k.tables]
    byes = [b for k in kept for b in k.byes]
    fields = [[t.id for t in sorted(_playing(teams, r.number), key=lambda t: t.number)] for r in todo]
    fields = [f for f in fields if len(f) >= 2]
    plan = rotation.rematch_free_rounds(fields, history, byes, seed=event.seed or 0)
    done = list(kept)
    out = []
    for r, (pairs, bye) in zip(todo, plan):
        pairs = _balanced(pairs, done)
        new = _Round(0, r.number, [(i, a, b) for i, (a, b) in enumerate(pairs, 1)], [bye] if bye is not None else [])
        done.append(new)
        out.append(new)
    return out


def _bye_places(todo: list[_Round]) -> dict[int, int]:
    """A late team's opponent in each round of ``todo`` it can play without
    moving anyone else: a team that has a bye there (after a withdrawal, the
    withdrawn team's opponent), each at most once (no rematch). Returns
    ``{round number: opponent}``, as many rounds as possible (a maximum
    matching of rounds to bye teams, by augmenting paths)."""
    owner: dict[int, int] = {}  # bye team -> round it plays the late team in

    def place(r: _Round, seen: set[int]) -> bool:
        for b in r.byes:
            if b in seen:
                continue
            seen.add(b)
            if b not in owner or place(by_number[owner[b]], seen):
                owner[b] = r.number
                return True
        return False

    by_number = {r.number: r for r in todo}
    for r in todo:
        place(r, set())
    return {number: b for b, number in owner.items()}


@dataclass(frozen=True)
class _LatePlan:
    rounds: list[_Round]  # the rounds from the late team's first on, as they would be
    fills: bool  # True: the late team takes byes' places; False: every later round paired again
    withdrawn: tuple[int, ...]  # numbers of withdrawn teams whose place is taken


def _late_plan(session: Session, event, teams: list[Team], late: Team, first: int) -> _LatePlan:
    """How a late round-robin team joins from round ``first``: in the byes
    (a withdrawn team's place, or an odd field's byes) when that gives it
    no more byes than pairing every later round again would; else all of
    those rounds paired again. ``late`` is in ``teams``."""
    stored = _load_rounds(session, event.id, [t for t in teams if t.id != late.id])
    kept = [r for r in stored if r.number < first]
    todo = [r for r in stored if r.number >= first]
    again = _round_robin_again(event, teams, kept, todo)
    places = _bye_places(todo)
    filled = []
    for r in todo:
        tables = list(r.tables)
        byes = [b for b in r.byes if b != places.get(r.number)]
        if r.number in places:
            free = min(set(range(1, len(tables) + 2)) - {n for n, _a, _b in tables})  # a table left by a withdrawal
            (ns, ew), = _balanced([(places[r.number], late.id)], kept)
            tables.append((free, ns, ew))
        else:
            byes.append(late.id)
        filled.append(_Round(r.id, r.number, sorted(tables), byes))
    late_byes = sum(late.id in r.byes for r in filled)
    if todo and late_byes <= sum(late.id in r.byes for r in again):
        gone = tuple(sorted(t.number for t in teams if t.withdrawn_after is not None and t.withdrawn_after < first))
        return _LatePlan(filled, True, gone)
    return _LatePlan(again, False, ())


def _team_rounds_changed(before: list[_Round], after: list[_Round], late_id: int) -> tuple[int, int]:
    """(changed, total): the team-rounds of the teams already there whose
    opponent or bye differs between ``before`` and ``after``."""

    def opponents(rounds: list[_Round]) -> dict[tuple[int, int], int | None]:
        out: dict[tuple[int, int], int | None] = {}
        for r in rounds:
            for _n, a, b in r.tables:
                out[r.number, a], out[r.number, b] = b, a
            for b in r.byes:
                out[r.number, b] = None
        return out

    old, new = opponents(before), opponents(after)
    return sum(1 for k, v in old.items() if k[1] != late_id and new.get(k, v) != v), len(old)


def _seat_late_team(session: Session, event, late: Team, first: int) -> None:
    if event.team_format != "round_robin":
        _replan(session, event, first)
        return
    teams = _rows(session, event.id)
    plan = _late_plan(session, event, teams, late, first)
    if not plan.fills:
        _replan(session, event, first)
        return
    by_id = {t.id: t for t in teams}
    for r in plan.rounds:  # the round stays (its id, its lock); only the late team's table and its opponent's bye are new
        for model in (Seating, SitOut):
            for row in session.exec(select(model).where(model.round_id == r.id)):
                session.delete(row)
        session.flush()
        _store_tables(session, event, r.id, r.tables, r.byes, by_id)


def late_team_preview(session: Session, event_id: int) -> LateTeamPreview:
    """What adding a late team now would change, before it is added:
    :class:`LateTeamPreview` (the first round it plays, how many of the
    other teams' team-rounds from then on change, and the way it joins).
    :class:`TournamentError` for an event without rounds (a team added
    then changes nothing)."""
    event = _team_event(session, event_id)
    if not _has_rounds(session, event_id):
        raise TournamentError("The rounds are not made yet: a new team simply takes part from round 1.")
    first = _started_round(session, event_id) + 1
    teams = _rows(session, event_id)
    number = max((t.number for t in teams), default=0) + 1
    late = Team(id=-1, event_id=event_id, number=number, name="", player_a_id=-1, player_b_id=-2,
                checked_in=True, first_round=first)
    stored = _load_rounds(session, event_id, teams)
    before = [r for r in stored if r.number >= first]
    if not before:
        return LateTeamPreview(first, 0, 0, "There are no rounds left to play: the new team would not play.")
    if event.team_format != "round_robin":
        changed, total = 0, sum(2 * len(r.tables) + len(r.byes) for r in before)
        return LateTeamPreview(first, changed, total, f"The new team is paired from round {first} with the others.")
    plan = _late_plan(session, event, teams + [late], late, first)
    changed, total = _team_rounds_changed(before, plan.rounds, late.id)
    if plan.fills:
        whose = (
            f"the place of withdrawn team {', '.join(str(n) for n in plan.withdrawn)}" if plan.withdrawn
            else "the byes' places"
        )
        text = f"The new team takes {whose}: {changed} of {total} team-rounds change from round {first}."
    else:
        text = f"Every round from round {first} is paired again: {changed} of {total} team-rounds change."
    return LateTeamPreview(first, changed, total, text)


@write_use_case
def withdraw_team(session: Session, team_id: int) -> TeamView:
    """Withdraw a team after the last round with a result and commit.

    Played rounds stay. Round robin: its opponents in the rounds still to
    play get a bye. Swiss / king of the hill: a next round already paired
    (no result yet) is paired again without it."""
    t = _team(session, team_id)
    event = _team_event(session, t.event_id)
    if t.withdrawn_after is not None:
        raise TournamentError(f"Team {t.number} has already withdrawn.")
    last = _started_round(session, event.id)
    t.withdrawn_after = last
    session.add(t)
    session.flush()
    if event.team_format == "round_robin":
        teams = _rows(session, event.id)
        for r in _load_rounds(session, event.id, teams):
            if r.number <= last:
                continue
            for table, ns, ew in r.tables:
                if t.id in (ns, ew):
                    other = ew if ns == t.id else ns
                    for s in session.exec(select(Seating).where(Seating.round_id == r.id, Seating.table_number == table)):
                        session.delete(s)
                    o = session.get(Team, other)
                    for pid in (o.player_a_id, o.player_b_id):
                        e = _entrant(session, event.id, pid, True)
                        session.add(SitOut(round_id=r.id, entrant_id=e.id))
            for s in session.exec(
                select(SitOut).join(Entrant, SitOut.entrant_id == Entrant.id).where(
                    SitOut.round_id == r.id, Entrant.player_id.in_((t.player_a_id, t.player_b_id))
                )
            ):
                session.delete(s)
        session.flush()
    else:
        _replan(session, event, last + 1)
    session.commit()
    return _views(session, [t])[t.id]


# --- scores -------------------------------------------------------------------------


def team_names_at(session: Session, event_id: int, round_id: int, table: int) -> tuple[str, str]:
    """("Team 3 Aces", "Team 5"): the North–South and East–West teams seated
    at ``table`` of the round with id ``round_id`` (the name only when the
    team has its own; the players are beside it on the page)."""
    by_player = {}
    views = _views(session, _rows(session, event_id))
    for v in views.values():
        for pid in v.player_ids:
            own_name = v.name != f"{v.players[0]} & {v.players[1]}"
            by_player[pid] = f"Team {v.number} {v.name}" if own_name else f"Team {v.number}"
    seats = {
        seat: player_id
        for seat, player_id in session.exec(
            select(Seating.seat, Entrant.player_id)
            .join(Entrant, Seating.entrant_id == Entrant.id)
            .where(Seating.round_id == round_id, Seating.table_number == table)
        )
    }
    return by_player.get(seats.get(Seat.NORTH.key), ""), by_player.get(seats.get(Seat.EAST.key), "")


def _possible_hand_points(rules) -> set[int]:
    points = set()
    for makers in (Side.NS, Side.EW):
        for tricks in range(6):
            for alone in (None, Seat.NORTH if makers is Side.NS else Seat.EAST):
                for defender in (False, True):
                    try:
                        points.add(HandEntry(makers, tricks, alone, defender).score(rules).points)
                    except RuleViolation:
                        pass
    return points


def check_final_score(rules, ns: int, ew: int) -> None:
    """Raise :class:`TournamentError` unless ``ns`` to ``ew`` can end a game
    under ``rules``: a side has won (reached the target, by two if the rules
    say so), and the hand before the last left the game undecided."""
    for value in (ns, ew):
        if value.__class__ is not int or value < 0:
            raise TournamentError(f"A score must be a whole number of points, 0 or more, not {value!r}.")
    winner = game_winner(rules, ns, ew)
    target = f"{rules.target}" + (", winning by two" if rules.win_by_two else "")
    if winner is None:
        raise TournamentError(f"{ns} to {ew} is not a finished game: a game is won at {target}.")
    w, lose = (ns, ew) if winner is Side.NS else (ew, ns)
    points = _possible_hand_points(rules)
    if not any(p <= w and game_winner(rules, w - p, lose) is None for p in points):
        raise TournamentError(
            f"{w} to {lose} cannot happen: the game ends as soon as a team reaches {target}, "
            f"and no hand scores more than {max(points)}."
        )


@write_use_case
def record_game_score(
    session: Session, event_id: int, round_number: int, table: int, ns: int, ew: int, *, expected: object = ANY
) -> TeamTableView:
    """Store a game-to-the-target round's final score at one table (replacing
    an earlier one) and commit. ``expected``: the final score the page
    showed, ``(ns, ew)``, or None for none (the Teams page passes it; the
    default :data:`~.tables.ANY`: whatever is stored); a score changed since
    at another station is not replaced: :class:`~.guard.StalePage` with what
    it says now. :class:`TournamentError` (nothing stored) for an event
    scored by hands per round, a table not in the round, hands already
    entered there, or a score no game can end with
    (:func:`check_final_score`)."""
    event = _team_event(session, event_id)
    if event.round_scoring != "game":
        raise TournamentError("This event is scored by hands per round: enter each hand on the Scores page.")
    r = _round_and_table(session, event_id, round_number, table)
    check_unlocked(r)
    if expected is not ANY:
        stored = session.exec(select(TeamGame).where(TeamGame.round_id == r.id, TeamGame.table_number == table)).first()
        now = (stored.ns_score, stored.ew_score) if stored is not None else None
        if now != (tuple(expected) if expected is not None else None):  # type: ignore[arg-type]
            said = f"{side_title(0, 4)} {now[0]}, {side_title(1, 4)} {now[1]}" if now is not None else "no final score"
            raise StalePage(
                f"Round {round_number}'s final score at table {table} was changed at another station after this page "
                f"was drawn: it now has {said}. Nothing was changed: look at the table again; if the score is wrong, "
                "replace it."
            )
    if session.exec(select(Hand.id).where(Hand.round_id == r.id, Hand.table_number == table).limit(1)).first():
        raise TournamentError(
            f"Hands are entered for table {table} in round {round_number}: its score comes from them "
            "(delete them on the Scores page to enter the final score instead)."
        )
    check_final_score(event_rules(event), ns, ew)
    g = session.exec(select(TeamGame).where(TeamGame.round_id == r.id, TeamGame.table_number == table)).first()
    if g is None:
        g = TeamGame(round_id=r.id, table_number=table, ns_score=ns, ew_score=ew)
    g.ns_score, g.ew_score = ns, ew
    session.add(g)
    audit_table(session, r, table, "record", f"final score at table {table}: {side_title(0, 4)} {ns}, {side_title(1, 4)} {ew}")
    session.commit()
    return _table(session, event_id, round_number, table)


def game_score_of(session: Session, event_id: int, round_number: int, table: int) -> tuple[int, int] | None:
    """The final score entered for a table, or None."""
    g = session.exec(
        select(TeamGame)
        .join(EventRound, TeamGame.round_id == EventRound.id)
        .where(EventRound.event_id == event_id, EventRound.number == round_number, TeamGame.table_number == table)
    ).first()
    return None if g is None else (g.ns_score, g.ew_score)


@write_use_case
def clear_game_score(session: Session, event_id: int, round_number: int, table: int) -> None:
    """Delete a table's final score (for undo) and commit."""
    g = session.exec(
        select(TeamGame)
        .join(EventRound, TeamGame.round_id == EventRound.id)
        .where(EventRound.event_id == event_id, EventRound.number == round_number, TeamGame.table_number == table)
    ).first()
    if g is not None:
        r = round_for_write(session, EventRound.id == g.round_id)
        check_unlocked(r)
        audit_table(session, r, table, "delete", f"final score at table {table}: {side_title(0, 4)} {g.ns_score}, {side_title(1, 4)} {g.ew_score}")
        session.delete(g)
        session.commit()


def _table(session: Session, event_id: int, round_number: int, table: int) -> TeamTableView:
    view = team_event(session, event_id)
    for r in view.rounds:
        if r.number == round_number:
            for t in r.tables:
                if t.number == table:
                    return t
    raise NotFound(f"Table {table} does not play in round {round_number}.")


# --- standings ----------------------------------------------------------------------


def _standings(session: Session, event, teams: list[Team], rounds: list[_Round]) -> TeamStandingsView:
    views = _views(session, teams)
    results = _results(session, event, rounds)
    facts = []
    for r in rounds:
        for table, ns, ew in r.tables:
            nsp, ewp, _n, done, _f = results[r.id, table]
            if done:
                facts.append(TeamResult(r.number, ns, ew, nsp, ewp))
    rows = compute_team_standings(
        [(v.id, v.number, v.name, v.players, v.status) for v in views.values() if v.checked_in],
        facts,
        {r.number: r.byes for r in rounds},
        bye_rule=event.bye_rule,
        rounds=max(event.rounds, len(rounds)),
    )
    return TeamStandingsView(
        event_id=event.id,
        event_name=event.name,
        rows=tuple(rows),
        tie_breaks=TEAM_TIE_BREAKS,
        bye_rule=event.bye_rule,
        results_recorded=len(facts),
    )


def team_standings(session: Session, event_id: int) -> TeamStandingsView:
    """The team standings as they stand now (see
    :mod:`~euchre_tourney.tournament.team_models` for the rules); a night
    played as an elimination bracket (:func:`~.bracket_results.is_bracket_night`)
    stands by its bracket (:func:`_bracket_standings`)."""
    event = _team_event(session, event_id)
    teams = _rows(session, event_id)
    if is_bracket_night(session, event_id):
        return _bracket_standings(session, event, teams)
    return _standings(session, event, teams, _load_rounds(session, event_id, teams))


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _bracket_standings(session: Session, event, teams: list[Team]) -> TeamStandingsView:
    """A bracket night's standings: the bracket's places once the champion
    is known ("Winner", "Runner-up", "3rd", teams out at the same stage
    sharing a place), before that the teams still in first, then those out,
    the latest out first, with no place yet; each team's matches, points
    for and against, and one column per bracket round ("W 10–7 v 4")."""
    _b, seeds, shape, scores = load_bracket(session, event.id)
    state = bracket_shapes.progress(shape, match_winners(shape, scores))
    views = _views(session, teams)
    number = {seed: views[tid].number if tid in views else seed for seed, tid in enumerate(seeds, start=1)}
    wins = dict.fromkeys(number, 0)
    losses = dict.fromkeys(number, 0)
    points_for = dict.fromkeys(number, 0)
    against = dict.fromkeys(number, 0)
    results = {seed: [""] * shape.rounds for seed in number}
    out_at: dict[int, tuple[int, str]] = {}  # seed → (order it went out, the match's title)
    played = 0
    for order, st in enumerate(state.matches):
        if st.winner is None:
            continue
        played += 1
        a, b = scores[st.match.code]
        for me, other, mine, theirs in ((st.teams[0], st.teams[1], a, b), (st.teams[1], st.teams[0], b, a)):
            won = me == st.winner
            wins[me] += won
            losses[me] += not won
            points_for[me] += mine
            against[me] += theirs
            results[me][st.match.round - 1] = f"{'W' if won else 'L'} {mine}–{theirs} v {number[other]}"
            if not won and me not in state.alive and st.match.part != "3P":
                out_at[me] = (order, bracket_shapes.match_title(shape, st.match))
    final = state.champion is not None
    names = {1: "Winner", 2: "Runner-up"}

    def result(seed: int) -> str:
        if final:
            place = state.places.get(seed, 0)
            if not place:
                return ""
            shared = list(state.places.values()).count(place) > 1
            if place in names and not shared:
                return names[place]
            return ("Shared " if shared else "") + f"{_ordinal(place)} place"
        if seed in state.alive:
            return "Still in" + (" (one loss)" if shape.double and losses[seed] else "")
        if any(st.match.part == "3P" and st.winner is None and seed in st.teams for st in state.matches):
            return f"Out in {out_at[seed][1]}; plays for third place"
        return f"Out in {out_at[seed][1]}" if seed in out_at else "Out"

    def rank(seed: int):
        if final:
            return (state.places.get(seed, len(number) + 1), seed)
        if seed in state.alive:
            return (0, losses[seed], seed)
        return (1, -out_at.get(seed, (0, ""))[0], seed)

    rows = []
    ordered = sorted(number, key=rank)
    for seed in ordered:
        v = views.get(seeds[seed - 1])
        place = state.places.get(seed, 0) if final else 0
        rows.append(TeamStandingRow(
            place=place, tied=final and list(state.places.values()).count(place) > 1, team_id=seeds[seed - 1],
            number=number[seed], name=v.name if v else "?", players=v.players if v else ("?", "?"),
            played=wins[seed] + losses[seed], wins=wins[seed], losses=losses[seed], ties=0, byes=0,
            score=float(wins[seed]), points_for=points_for[seed], points_against=against[seed],
            round_results=tuple(results[seed]), status=v.status if v else "playing", result=result(seed),
        ))
    needed = sum(1 for st in state.matches if st.needed)
    kind = "Double elimination" if shape.double else "Single elimination"
    text = (f"{kind} bracket of {len(seeds)} teams, games to {event_rules(event).target}: "
            f"{played} of {needed} matches played. ")
    if final:
        text += f"Winner: {views[seeds[state.champion - 1]].name if seeds[state.champion - 1] in views else '?'}."
    else:
        text += "Places are known once the final is played."
    return TeamStandingsView(
        event_id=event.id,
        event_name=event.name,
        rows=tuple(rows),
        tie_breaks=("Place in the bracket: the final's winner first, then by the round each team went out",),
        bye_rule=event.bye_rule,
        results_recorded=played,
        bracket=text,
    )


def team_standings_rows(view: TeamStandingsView) -> list[list[object]]:
    """The team standings as rows: a header, then one row per team."""
    rounds = len(view.rows[0].round_results) if view.rows else 0
    out: list[list[object]] = [
        ["place", "team", "name", "player_1", "player_2", "wins", "losses", "ties", "byes", "score",
         "points_for", "points_against", "difference", "status"]
        + [f"round_{i}" for i in range(1, rounds + 1)]
    ]
    if view.bracket:  # a bracket night: no place before the final, and where each team stands
        out[0].insert(14, "result")
    for r in view.rows:
        place = (f"={r.place}" if r.tied else r.place) if r.place or not view.bracket else ""
        out.append(
            [place, r.number, r.name, *r.players, r.wins, r.losses, r.ties, r.byes,
             r.score, r.points_for, r.points_against, r.difference, r.status]
            + ([r.result] if view.bracket else [])
            + list(r.round_results)
        )
    return out


def team_standings_csv(view: TeamStandingsView) -> str:
    """The team standings as CSV text for standard output (formulas escaped,
    :func:`~euchre_tourney.tournament.csvfiles.csv_text`)."""
    return csv_text(team_standings_rows(view))


def write_team_standings_csv(view: TeamStandingsView, path: str | os.PathLike) -> None:
    """Save the team standings as an Excel-clean CSV file (UTF-8 with a
    byte-order mark, CRLF, formulas escaped, written whole or not at all)."""
    write_csv_file(path, team_standings_rows(view))
