"""Ratings: a skill estimate per member that accounts for partner and opponents.

**Why openskill.** Euchre is a two-against-two game whose partners change
every round at a progressive night, so a rating must credit a result to a
*team* made of two individual ratings and weigh it by who the opponents
were. Elo and Glicko rate one-on-one games (a partnership would have to be
rated as its own player, which a progressive night never repeats); TrueSkill
rates teams but is patented by Microsoft and its Python package is
unmaintained. ``openskill`` (PyPI, MIT, kept up to date, typed) implements
the Weng–Lin Bayesian approximation, a published, patent-free method for
team games: each member has a mean ``mu`` and an uncertainty ``sigma``; a
team is the sum of its members; one update per game moves both partners by
how surprising the result was given the opponents, and shrinks the
uncertainty of everyone who played. We use its Plackett–Luce model (the
library's default, the most accurate in the authors' benchmarks).

**When it updates.** Hand by hand: each hand of a finished table is one
game between its two sides (North–South and East–West; at a table of six,
seats 1, 3, 5 against 2, 4, 6: a side is the set of its seats), won by the
side the rules say the hand was worth more to (:attr:`~.night_models.HandRecord.side_points`:
in bid euchre a failed bid scores the makers minus the bid, a loss). A
table entered without its hands (round totals, a game's final score) is one
game for the round, won by the side with more points (equal: a draw). Hand
by hand uses eight results a round where the round gives one; in the
benchmark (``tests/benchmarks/bench_ratings.py``) it is what lets the rating
beat points per hand.

**Luck.** One hand of euchre is mostly the cards: the model's ``beta`` (the
spread of one performance around the skill) is set to 2·sigma₀ = 16.7
instead of openskill's default sigma₀/2 (a game of skill such as chess), so
one hand moves a rating a little. Chosen on simulated seasons other than the
ones the benchmark scores (beta 8 → 24 all beat points per hand in log loss;
16.7 sits in the flat best part). Nights are replayed in date order from the stored results, so a
corrected hand or an undone change re-rates everyone at once; no rating is
stored that could disagree with the hands (the database keeps the results,
the ratings are recomputed from them in a few milliseconds per night).

**Shown as** ``mu ± 2·sigma`` (about 95 % of the belief), and ordered by the
conservative ``mu − 3·sigma`` (a newcomer with one lucky night does not top
the list).

**Uses.** Seeding an elimination bracket or a Swiss first round (team
strength: the sum of the partners' ``mu``), and a *balanced draw* of teams
from individual ratings (:func:`balanced_pairs`: the strongest with the
weakest, so the teams' sums are as even as a greedy draw gets them).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date

from openskill.models import PlackettLuce
from sqlalchemy import func
from sqlmodel import Session, select

from euchre_tourney.store import Bracket, BracketMatch, Event, Hand, Player, Seating, SitOut, TableResult, Team, TeamGame
from euchre_tourney.tournament.identity import collation_key
from euchre_tourney.tournament.season import TableRound, _event_fingerprint, database_key, player_history, table_rounds

MU = 25.0
SIGMA = MU / 3
BETA = 2 * SIGMA
"""One hand's luck (see the module's docstring)."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A member's rating: ``mu`` (the estimate), ``sigma`` (its uncertainty)."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def conservative(self) -> float:
        """``mu − 3·sigma``: what the list is ordered by."""
        return self.mu - 3 * self.sigma

    @property
    def text(self) -> str:
        return f"{self.mu:.1f} ± {2 * self.sigma:.1f}"


class Rater:
    """Ratings updated game by game (plain Python over openskill).

    ``ratings``: player id → :class:`Rating` (a newcomer starts at 25 ± 16.7)."""

    def __init__(self) -> None:
        self.model = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA)
        self.ratings: dict[int, Rating] = {}

    def get(self, player_id: int) -> Rating:
        return self.ratings.get(player_id, Rating())

    def _model(self, player_id: int):
        r = self.get(player_id)
        return self.model.rating(mu=r.mu, sigma=r.sigma)

    def game(self, ns: tuple[int, ...], ew: tuple[int, ...], ns_points: int, ew_points: int) -> None:
        """One game: North–South (the player ids of one side: two at a table
        of four, three at six) scored ``ns_points``, East–West ``ew_points``;
        more points wins, equal is a draw."""
        teams = [[self._model(p) for p in ns], [self._model(p) for p in ew]]
        if ns_points == ew_points:
            new = self.model.rate(teams, ranks=[1, 1])
        else:
            new = self.model.rate(teams, ranks=[1, 2] if ns_points > ew_points else [2, 1])
        for ids, team in zip((ns, ew), new):
            for pid, r in zip(ids, team):
                self.ratings[pid] = Rating(r.mu, r.sigma)

    def win_probability(self, ns: tuple[int, ...], ew: tuple[int, ...]) -> float:
        """The chance side 0 (North–South; seats 1, 3, 5) beats side 1, as
        the ratings stand: the player ids of each side, two or three."""
        p = self.model.predict_win([[self._model(x) for x in ns], [self._model(x) for x in ew]])
        return float(p[0])

    def table(self, t: TableRound) -> None:
        """Rate one finished table-round of any size (its sides: the
        positions of one parity, :meth:`~.night_models.TableRound.side_players`):
        hand by hand, or as one game when it was entered without its hands."""
        ns, ew = t.side_players("NS"), t.side_players("EW")
        if not t.hands:
            self.game(ns, ew, t.ns_points, t.ew_points)
            return
        for h in t.hands:
            self.game(ns, ew, *h.side_points)


@dataclass(frozen=True, slots=True)
class RatingRow:
    """A member's line in the ratings list: ``history`` is (date, event name,
    rating after that night) for every night rated."""

    player_id: int
    name: str
    rating: Rating
    rounds: int
    history: tuple[tuple[date, str, Rating], ...]


def _fingerprint(session: Session, through: date | None) -> tuple:
    """What the ratings depend on, in a few aggregate queries: a change to
    any hand, game score, round total, seating or event date changes it."""
    parts: list = [database_key(session), through]
    parts.append(tuple(session.exec(select(Event.id, Event.date, Event.hands_per_round).order_by(Event.id)).all()))
    for model, cols in (
        (Hand, (Hand.version, Hand.points, Hand.maker_tricks)),
        (TeamGame, (TeamGame.ns_score, TeamGame.ew_score)),
        (TableResult, (TableResult.ns_points, TableResult.ew_points)),
        (Seating, (Seating.entrant_id, Seating.table_number)),
        (SitOut, (SitOut.entrant_id,)),
        (BracketMatch, (BracketMatch.score_a, BracketMatch.score_b)),
        (Bracket, (Bracket.event_id,)),
        (Team, (Team.player_a_id, Team.player_b_id)),
    ):
        parts.append(tuple(session.exec(select(func.count(model.id), func.max(model.id), *(func.sum(c) for c in cols))).one()))
    return tuple(parts)


_CACHE: dict[tuple, tuple] = {}


def rate_all(session: Session, through: date | None = None) -> tuple[Rater, dict[int, list[tuple[date, str, Rating]]], dict[int, int]]:
    """Replay every finished table of every event (up to ``through``
    inclusive, when given) in date order. Returns the rater, each member's
    history (one entry per night) and rounds rated per member. The last
    replay is kept while nothing it read has changed (:func:`_fingerprint`):
    a page redraw does not replay the season."""
    key = _fingerprint(session, through)
    if key in _CACHE:
        return _CACHE[key]
    result = _replay(session, through)
    _CACHE.clear()
    _CACHE[key] = result
    return result


_PREFIXES: dict[tuple, tuple[dict, dict, dict]] = {}
"""The ratings after the first k nights, keyed by those nights' own
fingerprints (:func:`~.season._event_fingerprint`): a hand saved tonight
replays tonight only, not the season."""


def _replay(session: Session, through: date | None):
    q = select(Event.id, Event.name, Event.date)
    if through is not None:
        q = q.where(Event.date <= through)
    events = sorted(session.exec(q).all(), key=lambda e: (e[2], e[0]))
    prints = [_event_fingerprint(session, eid) for eid, _, _ in events]
    k = next((k for k in range(len(events), 0, -1) if tuple(prints[:k]) in _PREFIXES), 0)
    rater = Rater()
    history: dict[int, list[tuple[date, str, Rating]]] = defaultdict(list)
    rounds: dict[int, int] = defaultdict(int)
    if k:
        saved, saved_history, saved_rounds = _PREFIXES[tuple(prints[:k])]
        rater.ratings = dict(saved)
        history.update({p: list(v) for p, v in saved_history.items()})
        rounds.update(saved_rounds)
    if len(_PREFIXES) > 400:
        _PREFIXES.clear()
    for i in range(k, len(events)):
        eid, name, d = events[i]
        played: set[int] = set()
        for t in table_rounds(session, [eid])[0]:
            rater.table(t)
            for pid in t.seats.values():
                played.add(pid)
                rounds[pid] += 1
        for pid in played:
            history[pid].append((d, name, rater.get(pid)))
        _PREFIXES[tuple(prints[: i + 1])] = (dict(rater.ratings), {p: list(v) for p, v in history.items()}, dict(rounds))
    return rater, history, rounds


def ratings(session: Session) -> list[RatingRow]:
    """Every rated member, best first (by ``mu − 3·sigma``)."""
    rater, history, rounds = rate_all(session)
    names = dict(session.exec(select(Player.id, Player.name).where(Player.id.in_(list(rater.ratings)))).all()) if rater.ratings else {}
    rows = [RatingRow(pid, names.get(pid, "?"), r, rounds[pid], tuple(history[pid])) for pid, r in rater.ratings.items()]
    rows.sort(key=lambda r: (-r.rating.conservative, collation_key(r.name)))
    return rows


def player_rating(session: Session, player_id: int) -> RatingRow:
    """One member's rating and history (a member never rated: 25 ± 16.7, no history)."""
    for row in ratings(session):
        if row.player_id == player_id:
            return row
    name = session.get(Player, player_id)
    return RatingRow(player_id, name.name if name else "?", Rating(), 0, ())


def balanced_pairs(strengths: dict[int, float]) -> list[tuple[int, int]]:
    """Pair members into teams of two with sums as even as a greedy draw
    gets: sorted by strength, the strongest with the weakest, the second with
    the second-weakest, … ``ValueError`` for an odd number of members."""
    if len(strengths) % 2:
        raise ValueError("A balanced draw needs an even number of players.")
    order = sorted(strengths, key=lambda p: (-strengths[p], p))
    half = len(order) // 2
    return [(order[i], order[-1 - i]) for i in range(half)]


def player_page(session: Session, player_id: int, season_id: int | None = None):
    """What a member's one-page PDF prints: (history, rating)."""
    return player_history(session, player_id, season_id), player_rating(session, player_id)
