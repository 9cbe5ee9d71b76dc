"""What a team night played as an elimination bracket counts for a season
and the ratings: its played matches as table rounds
(:func:`bracket_table_rounds`) and each member's result
(:func:`bracket_results`). The bracket itself (drawing, scores, the view)
is :mod:`.brackets`; this reads only what is stored."""

from __future__ import annotations

import json

from sqlmodel import Session, select

from euchre_tourney.rotation import bracket as shapes
from euchre_tourney.rules import Seat
from euchre_tourney.store import Bracket, BracketMatch, EventRound, Team
from euchre_tourney.tournament.night_models import NightResult, TableRound

__all__ = ["bracket_results", "bracket_table_rounds", "is_bracket_night", "load_bracket", "match_winners"]


def is_bracket_night(session: Session, event_id: int) -> bool:
    """True when team event ``event_id`` is played as an elimination
    bracket: a bracket is drawn and no team round is made (a night of
    rounds that ends with a play-off bracket is a night of rounds). Such a
    night has no scorecards, tally sheets, rotation or tables' phones: each
    match's final score is entered on the Teams page's Bracket tab, and its
    standings are the bracket's places. False for any other event."""
    if session.exec(select(Bracket.id).where(Bracket.event_id == event_id)).first() is None:
        return False
    return session.exec(select(EventRound.id).where(EventRound.event_id == event_id)).first() is None


def load_bracket(session: Session, event_id: int):
    """The event's bracket row, its seeds (team ids), its shape and the scores
    entered (match code → (upper, lower)); None when no bracket is drawn."""
    b = session.exec(select(Bracket).where(Bracket.event_id == event_id)).first()
    if b is None:
        return None
    seeds = json.loads(b.seeds_json)
    shape = shapes.build(len(seeds), double=b.double, consolation=b.consolation)
    scores = {m.code: (m.score_a, m.score_b) for m in session.exec(select(BracketMatch).where(BracketMatch.event_id == event_id))}
    return b, seeds, shape, scores


def match_winners(shape: shapes.Bracket, scores: dict[str, tuple[int, int]]) -> dict[str, int]:
    """Match code → winning seed, reading the matches in order (a match's
    teams are known once the matches before it are read)."""
    winners: dict[str, int] = {}
    for m in shape.matches:
        if m.code not in scores:
            continue
        st = shapes.progress(shape, winners).state(m.code)
        a, b = scores[m.code]
        if None not in st.teams:
            winners[m.code] = st.teams[0] if a > b else st.teams[1]
    return winners


def _teams_by_seed(session: Session, b: Bracket) -> list[tuple[int, int]]:
    teams = {t.id: (t.player_a_id, t.player_b_id) for t in session.exec(select(Team).where(Team.event_id == b.event_id))}
    return [teams.get(tid, (0, 0)) for tid in json.loads(b.seeds_json)]


def bracket_table_rounds(session: Session, events, last_round: dict[int, int]):
    """The played bracket matches of ``events`` (``Event`` rows) as
    :class:`~.season.TableRound` values: the upper team North–South, the
    lower East–West, the final score as the points; round numbers follow the
    event's last team round (``last_round``), in the order they could be
    played."""
    by_id = {e.id: e for e in events}
    out = []
    if not by_id:
        return out
    for b in session.exec(select(Bracket).where(Bracket.event_id.in_(list(by_id)))):
        loaded = load_bracket(session, b.event_id)
        _, seeds, shape, scores = loaded
        if not scores:
            continue
        players = _teams_by_seed(session, b)
        state = shapes.progress(shape, match_winners(shape, scores))
        for i, st in enumerate(state.matches, start=1):
            if st.winner is None:
                continue
            (na, sa), (nb, sb) = players[st.teams[0] - 1], players[st.teams[1] - 1]
            a, bb = scores[st.match.code]
            seats = {Seat.NORTH: na, Seat.SOUTH: sa, Seat.EAST: nb, Seat.WEST: sb}
            event = by_id[b.event_id]
            out.append(TableRound(b.event_id, event.date, last_round.get(b.event_id, 0) + st.match.round, i, seats, a, bb))
    return out


def bracket_results(session: Session, event_id: int):
    """Each member's result at a team night played as a bracket
    (:class:`~.season.NightResult`); empty before any result."""
    b = session.exec(select(Bracket).where(Bracket.event_id == event_id)).first()
    if b is None:
        return []
    _, seeds, shape, scores = load_bracket(session, event_id)
    if not scores:
        return []
    state = shapes.progress(shape, match_winners(shape, scores))
    wins: dict[int, int] = {s: 0 for s in range(1, len(seeds) + 1)}
    points: dict[int, int] = {s: 0 for s in range(1, len(seeds) + 1)}
    for st in state.matches:
        if st.winner is None:
            continue
        wins[st.winner] += 1
        a, bb = scores[st.match.code]
        points[st.teams[0]] += a
        points[st.teams[1]] += bb
    players = _teams_by_seed(session, b)
    out = []
    for seed in wins:
        place = state.places.get(seed) or 1 + sum(w > wins[seed] for w in wins.values())
        for pid in players[seed - 1]:
            out.append(NightResult(event_id, pid, place, points[seed], wins[seed], 0, len(seeds)))
    return out
