"""Rotation use cases: generate and store an event's rotation, and show it.

The rotation itself comes from :mod:`euchre_tourney.rotation`; this module
numbers the night's players, stores rounds, seats and sit-outs, and builds the
views for the screen, the scorecards and the tally sheets.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from sqlmodel import Session, select

from euchre_tourney import rotation
from euchre_tourney.store import Entrant, EventRound, Player, Seat, SitOut
from euchre_tourney.tournament.errors import TournamentError
from euchre_tourney.tournament.events import _clear_rotation, _hands_recorded, load_event
from euchre_tourney.tournament.readmodels import (
    PlayerRoundView,
    RotationView,
    RoundView,
    ScorecardView,
    TableView,
    TallySheetView,
)

SEATS = ("north", "east", "south", "west")


def generate_rotation(
    session: Session,
    event_id: int,
    *,
    seed: int | None = None,
    progress: Callable[[float], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> RotationView:
    """Generate and store the whole rotation for the checked-in players; commit.

    ``seed``: None keeps the event's seed (first time: a random one). The
    night's player numbers 1..N follow the names alphabetically. Raises
    :class:`TournamentError` with fewer than 4 players checked in, or once
    hands are recorded; ``rotation.Cancelled`` if ``cancel()`` turns true.
    """
    event = load_event(session, event_id)
    if event.kind != "progressive":
        raise TournamentError("Only progressive events have an individual rotation.")
    if _hands_recorded(session, event_id):
        raise TournamentError("Scores have been entered: the rotation can no longer be regenerated.")
    rows = list(
        session.exec(
            select(Entrant, Player)
            .join(Player, Entrant.player_id == Player.id)
            .where(Entrant.event_id == event_id, Entrant.checked_in == True)  # noqa: E712
        )
    )
    if len(rows) < 4:
        raise TournamentError(f"Check in at least 4 players first ({len(rows)} checked in).")
    rows.sort(key=lambda ep: (ep[1].name.casefold(), ep[1].id))
    for number, (entrant, _player) in enumerate(rows, start=1):
        entrant.number = number
        session.add(entrant)
    if seed is None:
        seed = event.seed if event.seed is not None else random.SystemRandom().randrange(1, 10**6)
    ids = [e.id for e, _ in rows]
    schedule = _progressive(ids, event.rounds, seed, progress, cancel)
    _clear_rotation(session, event_id)
    for rnd in schedule.rounds:
        r = EventRound(event_id=event_id, number=rnd.number)
        session.add(r)
        session.flush()
        for t in rnd.tables:
            for seat, entrant_id in zip(SEATS, t.seats):
                session.add(Seat(round_id=r.id, table_number=t.number, seat=seat, entrant_id=entrant_id))
        for entrant_id in rnd.sit_out:
            session.add(SitOut(round_id=r.id, entrant_id=entrant_id))
    event.seed = seed
    session.add(event)
    session.commit()
    return rotation_view(session, event_id)


def regenerate_rotation(session: Session, event_id: int, **kwargs) -> RotationView:
    """Generate another rotation (the next seed); same errors as :func:`generate_rotation`."""
    event = load_event(session, event_id)
    return generate_rotation(session, event_id, seed=(event.seed or 0) + 1, **kwargs)


def _progressive(ids, rounds, seed, progress, cancel):
    kwargs = {}
    if progress is not None:
        kwargs["progress"] = progress
    if cancel is not None:
        kwargs["cancel"] = cancel
    try:
        return rotation.progressive(ids, rounds, seed, **kwargs)
    except TypeError:  # a generator without progress support
        return rotation.progressive(ids, rounds, seed)


@dataclass(frozen=True, slots=True)
class _Stored:
    names: dict[int, str]
    numbers: dict[int, int | None]
    schedule: rotation.Schedule


def load_schedule(session: Session, event_id: int) -> _Stored:
    """The stored rotation as a :class:`rotation.Schedule` over entrant ids,
    with entrant names and numbers. Empty schedule if none is stored."""
    load_event(session, event_id)
    names, numbers = {}, {}
    for entrant_id, number, name in session.exec(
        select(Entrant.id, Entrant.number, Player.name)
        .join(Player, Entrant.player_id == Player.id)
        .where(Entrant.event_id == event_id)
    ):
        names[entrant_id] = name
        numbers[entrant_id] = number
    rounds_rows = list(
        session.exec(
            select(EventRound.id, EventRound.number).where(EventRound.event_id == event_id).order_by(EventRound.number)
        )
    )
    seats: dict[int, dict[int, dict[str, int]]] = {rid: {} for rid, _ in rounds_rows}
    sits: dict[int, list[int]] = {rid: [] for rid, _ in rounds_rows}
    if rounds_rows:  # plain column rows, no ORM objects: this runs on every refresh
        for round_id, table_number, seat, entrant_id in session.exec(
            select(Seat.round_id, Seat.table_number, Seat.seat, Seat.entrant_id)
            .join(EventRound, Seat.round_id == EventRound.id)
            .where(EventRound.event_id == event_id)
        ):
            seats[round_id].setdefault(table_number, {})[seat] = entrant_id
        for round_id, entrant_id in session.exec(
            select(SitOut.round_id, SitOut.entrant_id)
            .join(EventRound, SitOut.round_id == EventRound.id)
            .where(EventRound.event_id == event_id)
        ):
            sits[round_id].append(entrant_id)
    rounds = []
    players: set[int] = set()
    for round_id, round_number in rounds_rows:
        tables = []
        for number in sorted(seats[round_id]):
            by_seat = seats[round_id][number]
            tables.append(rotation.Table(number, *(by_seat[s] for s in SEATS)))
            players.update(by_seat.values())
        sit = tuple(sorted(sits[round_id], key=lambda i: (numbers.get(i) or 0, i)))
        players.update(sit)
        rounds.append(rotation.Round(round_number, tuple(tables), sit))
    ordered = tuple(sorted(players, key=lambda i: (numbers.get(i) or 0, i)))
    return _Stored(names, numbers, rotation.Schedule(players=ordered, rounds=tuple(rounds)))


def quality_lines(schedule: rotation.Schedule) -> tuple[str, ...]:
    """The rotation's quality report in plain words (empty for no rounds)."""
    if not schedule.rounds:
        return ()
    q = rotation.check(schedule)
    describe = getattr(rotation, "describe", None)
    if describe is not None:
        return tuple(describe(q))
    lines = [
        "No one partners anyone twice." if q.partner_repeats == 0 else f"{q.partner_repeats} repeated partnerships.",
        f"The most any two players meet is {q.max_meetings} times.",
        f"Sit-outs per player: {q.sit_out_min} to {q.sit_out_max}.",
    ]
    return tuple(lines)


def rotation_view(session: Session, event_id: int) -> RotationView:
    """The stored rotation for the screen, with its quality report."""
    stored = load_schedule(session, event_id)
    names = stored.names
    event = load_event(session, event_id)
    rounds = tuple(
        RoundView(
            number=r.number,
            tables=tuple(TableView(t.number, t.seats, tuple(names[i] for i in t.seats)) for t in r.tables),
            sit_out=tuple(names[i] for i in r.sit_out),
        )
        for r in stored.schedule.rounds
    )
    return RotationView(event_id=event_id, seed=event.seed, rounds=rounds, quality=quality_lines(stored.schedule))


def scorecards(session: Session, event_id: int) -> list[ScorecardView]:
    """One scorecard per player in the rotation, in player-number order.
    :class:`TournamentError` if no rotation has been generated."""
    event = load_event(session, event_id)
    stored = load_schedule(session, event_id)
    if not stored.schedule.rounds:
        raise TournamentError("Generate the rotation first: there is nothing to print yet.")
    names = stored.names
    per_player: dict[int, list[PlayerRoundView]] = {p: [] for p in stored.schedule.players}
    for r in stored.schedule.rounds:
        for t in r.tables:
            for seat, p in zip(SEATS, t.seats):
                per_player[p].append(
                    PlayerRoundView(
                        round=r.number,
                        table=t.number,
                        seat=seat,
                        partner=names[t.partner_of(p)],
                        opponents=tuple(names[o] for o in t.opponents_of(p)),
                    )
                )
        for p in r.sit_out:
            per_player[p].append(
                PlayerRoundView(round=r.number, table=None, seat=None, partner="", opponents=(), sitting_out=True)
            )
    return [
        ScorecardView(
            event_name=event.name,
            event_date=event.date,
            player_name=names[p],
            number=stored.numbers.get(p) or 0,
            hands_per_round=event.hands_per_round,
            rounds=tuple(per_player[p]),
        )
        for p in stored.schedule.players
    ]


def tally_sheets(session: Session, event_id: int) -> list[TallySheetView]:
    """One tally sheet per round and table, in round then table order."""
    event = load_event(session, event_id)
    stored = load_schedule(session, event_id)
    if not stored.schedule.rounds:
        raise TournamentError("Generate the rotation first: there is nothing to print yet.")
    names = stored.names
    out = []
    for r in stored.schedule.rounds:
        sit = tuple(names[i] for i in r.sit_out)
        for t in r.tables:
            n, e, s, w = (names[i] for i in t.seats)
            out.append(
                TallySheetView(
                    event_name=event.name,
                    event_date=event.date,
                    round=r.number,
                    table=t.number,
                    north=n,
                    east=e,
                    south=s,
                    west=w,
                    hands_per_round=event.hands_per_round,
                    sit_out=sit,
                )
            )
    return out
