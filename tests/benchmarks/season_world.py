"""Simulated club seasons for the season tests, the rating benchmark and the walk.

Members have a hidden skill (normal, mean 0, sd 1). At a table, each hand
goes to North–South with probability logistic(K · (skill N + skill S −
skill E − skill W)); the side that takes it scores as a real hand would
(makers 1, march 2, loner 4, or a euchre 2), drawn from a plausible mix.
Hands are stored straight into the tables (this builds data; entry is
tested elsewhere) after the rotation is made by the real use cases.
"""

from __future__ import annotations

import datetime
import math
import random
from dataclasses import dataclass

from sqlmodel import Session, select

from euchre_tourney import tournament
from euchre_tourney.rules import NORTH_AMERICAN, HandResult, Seat, Side, score_hand
from euchre_tourney.store import EventRound, Hand, TeamGame

K = 0.35
"""How strongly skill decides a hand (0: pure luck)."""


@dataclass
class World:
    db: object
    player_ids: list[int]
    skill: dict[int, float]
    rng: random.Random


def make_world(db, members: int, seed: int = 1, prefix: str = "Member") -> World:
    rng = random.Random(seed)
    names = _names(members, rng, prefix)
    with db.session() as s:
        ids = [tournament.add_player(s, n).id for n in names]
    return World(db, ids, {pid: rng.gauss(0, 1) for pid in ids}, rng)


FIRST = ("Anna", "Bob", "Carol", "Dave", "Erin", "Frank", "Gwen", "Hank", "Iris", "Jack", "Kate", "Liam", "Mona",
         "Ned", "Olga", "Pete", "Quinn", "Rosa", "Sam", "Tina", "Uma", "Vic", "Wendy", "Xavier", "Yara", "Zack")
LAST = ("Baker", "Clark", "Dunn", "Evans", "Fox", "Grant", "Hill", "Irwin", "Jones", "King", "Lane", "Moore")


def _names(n: int, rng: random.Random, prefix: str) -> list[str]:
    out = []
    for i in range(n):
        out.append(f"{FIRST[i % len(FIRST)]} {LAST[(i // len(FIRST) + i) % len(LAST)]}" if prefix == "Member" else f"{prefix} {i + 1}")
    return out


def hand_for(rng: random.Random, ns_wins: bool) -> tuple[str, int, str | None, str, int]:
    """A plausible hand won by NS (``ns_wins``) or EW: (makers, tricks,
    alone seat, scoring side, points)."""
    winner, loser = (Side.NS, Side.EW) if ns_wins else (Side.EW, Side.NS)
    roll = rng.random()
    if roll < 0.02:  # a loner euchred
        res = HandResult(loser, rng.choice((0, 1, 2)), maker_alone=True)
        alone = "north" if loser is Side.NS else "east"
    elif roll < 0.15:  # the losers made trump and were euchred
        res = HandResult(loser, rng.choice((0, 1, 2)))
        alone = None
    elif roll < 0.22:  # a loner
        res = HandResult(winner, rng.choice((3, 4, 5)), maker_alone=True)
        alone = "north" if winner is Side.NS else "east"
    else:
        res = HandResult(winner, rng.choice((3, 3, 4, 5)))
        alone = None
    sc = score_hand(NORTH_AMERICAN, res)
    return res.makers.value, res.maker_tricks, alone, sc.side.value, sc.points


def p_ns(world: World, seats: dict[Seat, int]) -> float:
    d = (world.skill[seats[Seat.NORTH]] + world.skill[seats[Seat.SOUTH]]
         - world.skill[seats[Seat.EAST]] - world.skill[seats[Seat.WEST]])
    return 1 / (1 + math.exp(-K * d))


def play_progressive_night(world: World, name: str, day: datetime.date, players: list[int], *, rounds: int = 8,
                           hands: int = 8, seed: int = 1) -> int:
    """A progressive night of ``players`` with every hand played; returns the event id."""
    db = world.db
    with db.session() as s:
        ev = tournament.create_event(s, name, day, rounds=rounds, hands_per_round=hands)
        tournament.set_checked_in(s, ev.id, players)
        tournament.generate_rotation(s, ev.id, seed=seed)
        view = tournament.rotation_view(s, ev.id)
    seats_of = _seats(db, ev.id)
    with Session(db.engine) as s:
        round_ids = {r.number: r.id for r in s.exec(select(EventRound).where(EventRound.event_id == ev.id))}
        for r in view.rounds:
            for t in r.tables:
                seats = seats_of[(r.number, t.number)]
                p = p_ns(world, seats)
                for h in range(1, hands + 1):
                    makers, tricks, alone, side, points = hand_for(world.rng, world.rng.random() < p)
                    if alone is not None:
                        alone = world.rng.choice(("north", "south")) if makers == "NS" else world.rng.choice(("east", "west"))
                    s.add(Hand(round_id=round_ids[r.number], table_number=t.number, number=h, makers=makers,
                               maker_tricks=tricks, alone_seat=alone, scoring_side=side, points=points))
        s.commit()
    return ev.id


def _seats(db, event_id: int) -> dict[tuple[int, int], dict[Seat, int]]:
    from euchre_tourney.store import Entrant, Seating

    out: dict[tuple[int, int], dict[Seat, int]] = {}
    with Session(db.engine) as s:
        for number, table, seat, pid in s.exec(
            select(EventRound.number, Seating.table_number, Seating.seat, Entrant.player_id)
            .join(EventRound, Seating.round_id == EventRound.id)
            .join(Entrant, Seating.entrant_id == Entrant.id)
            .where(EventRound.event_id == event_id)
        ):
            out.setdefault((number, table), {})[Seat.parse(seat)] = pid
    return out


def play_team_night(world: World, name: str, day: datetime.date, pairs: list[tuple[int, int]], *, rounds: int = 5) -> int:
    """A round-robin team night (games to 10, final scores entered)."""
    db = world.db
    with db.session() as s:
        ev = tournament.create_event(s, name, day, kind="team", rounds=rounds, round_scoring="game")
        for a, b in pairs:
            tournament.add_team(s, ev.id, a, b)
        tournament.make_team_rounds(s, ev.id)
    seats_of = _seats(db, ev.id)
    with Session(db.engine) as s:
        round_ids = {r.number: r.id for r in s.exec(select(EventRound).where(EventRound.event_id == ev.id))}
        for (number, table), seats in sorted(seats_of.items()):
            ns, ew = game_score(world, seats)
            s.add(TeamGame(round_id=round_ids[number], table_number=table, ns_score=ns, ew_score=ew))
        s.commit()
    return ev.id


def game_score(world: World, seats: dict[Seat, int]) -> tuple[int, int]:
    """A game to 10 played hand by hand; the final score."""
    p = p_ns(world, seats)
    ns = ew = 0
    while ns < 10 and ew < 10:
        _, _, _, side, points = hand_for(world.rng, world.rng.random() < p)
        if side == "NS":
            ns += points
        else:
            ew += points
    return ns, ew


def team_game_winner(world: World, a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    seats = {Seat.NORTH: a[0], Seat.SOUTH: a[1], Seat.EAST: b[0], Seat.WEST: b[1]}
    return game_score(world, seats)
