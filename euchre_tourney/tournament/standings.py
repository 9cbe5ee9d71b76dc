"""Individual standings of a progressive event, and their tie-breaks.

**Points.** Each player is credited, for every hand at their table, the points
their side scored (North–South or East–West). A round counts as *played* for a
player once a hand is recorded at their table.

**Sit-outs** (configurable per event, ``Event.sit_out_rule``):

* ``"average"`` (default): a sit-out round, once any hand of that round is
  recorded anywhere, is credited the player's average over their played
  rounds, rounded half up, so sitting out neither helps nor hurts. With no
  played round yet the credit is 0 until there is one.
* ``"none"``: a sit-out scores nothing.

**Tie-breaks**, in order: total points, then rounds won (the player's side
scored more than the opponents at their table that round), then loners made
(hands the player went alone as a maker and took 3 or more tricks). Players
still equal share the place (shown as "=3").
"""

from __future__ import annotations

import os
from collections import defaultdict
from dataclasses import dataclass

from sqlmodel import Session, select

from euchre_tourney.store import Entrant, EventRound, Hand
from euchre_tourney.tournament.common import load_event
from euchre_tourney.tournament.identity import collation_key
from euchre_tourney.tournament.csvfiles import csv_text, write_csv_file
from euchre_tourney.tournament.readmodels import StandingRow, StandingsView
from euchre_tourney.rules import SEATS, Seat, Side
from euchre_tourney.tournament.schedule import load_schedule

TIE_BREAKS = ("Total points", "Rounds won", "Loners made")


@dataclass(frozen=True, slots=True)
class HandFact:
    """What standings need of one hand: where it was played and who scored."""

    round: int
    table: int
    scoring_side: str
    points: int
    alone_seat: Seat | None
    maker_tricks: int


def round_half_up(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded half up (both ≥ 0, denominator > 0)."""
    return (2 * numerator + denominator) // (2 * denominator)


def compute_standings(
    players: dict[int, tuple[int, str, int | None]],
    rounds,
    hands: list[HandFact],
    *,
    sit_out_rule: str = "average",
    total_rounds: int | None = None,
) -> list[StandingRow]:
    """Standings from plain data, best first.

    ``players``: entrant id → (player id, name, number); ``rounds``: the
    rotation's :class:`~euchre_tourney.rotation.Round` objects over entrant
    ids; ``hands``: every recorded hand. ``total_rounds`` sizes
    ``round_points`` (default: the number of rounds given).
    """
    total_rounds = total_rounds or len(rounds)
    table_side_points: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0, 0])  # ns, ew, hands
    loner_hands: dict[tuple[int, int, Seat], int] = defaultdict(int)
    started: set[int] = set()
    for h in hands:
        acc = table_side_points[(h.round, h.table)]
        acc[0 if h.scoring_side == "NS" else 1] += h.points
        acc[2] += 1
        started.add(h.round)
        if h.alone_seat is not None and h.maker_tricks >= 3:
            loner_hands[(h.round, h.table, h.alone_seat)] += 1

    per: dict[int, dict] = {
        e: {"points": [None] * total_rounds, "won": 0, "loners": 0, "sit": [], "played": 0} for e in players
    }
    for rnd in rounds:
        for t in rnd.tables:
            acc = table_side_points.get((rnd.number, t.number))
            if acc is None:
                continue
            for seat, entrant in zip(SEATS, t.seats):
                if entrant not in per:
                    continue
                mine, theirs = (acc[0], acc[1]) if seat.side is Side.NS else (acc[1], acc[0])
                rec = per[entrant]
                rec["points"][rnd.number - 1] = mine
                rec["played"] += 1
                rec["won"] += mine > theirs
                rec["loners"] += loner_hands.get((rnd.number, t.number, seat), 0)
        for entrant in rnd.sit_out:
            if entrant in per and rnd.number in started:
                per[entrant]["sit"].append(rnd.number)

    rows = []
    for entrant, (player_id, name, number) in players.items():
        rec = per[entrant]
        played_points = [p for p in rec["points"] if p is not None]
        credit_each = 0
        if sit_out_rule == "average" and played_points:
            credit_each = round_half_up(sum(played_points), len(played_points))
        for r in rec["sit"]:
            rec["points"][r - 1] = credit_each
        credit = credit_each * len(rec["sit"])
        rows.append(
            [
                (sum(played_points) + credit, rec["won"], rec["loners"]),
                StandingRow(
                    place=0,
                    tied=False,
                    player_id=player_id,
                    number=number,
                    name=name,
                    points=sum(played_points) + credit,
                    rounds_played=rec["played"],
                    rounds_won=rec["won"],
                    loners=rec["loners"],
                    sit_outs=len(rec["sit"]),
                    sit_out_credit=credit,
                    round_points=tuple(rec["points"]),
                ),
            ]
        )
    rows.sort(key=lambda kr: (tuple(-k for k in kr[0]), collation_key(kr[1].name), kr[1].number or 0))
    out: list[StandingRow] = []
    counts: dict[tuple, int] = defaultdict(int)
    for key, _ in rows:
        counts[key] += 1
    place = 0
    previous = None
    for i, (key, row) in enumerate(rows, start=1):
        if key != previous:
            place = i
            previous = key
        out.append(_with_place(row, place, counts[key] > 1))
    return out


def _with_place(row: StandingRow, place: int, tied: bool) -> StandingRow:
    from dataclasses import replace

    return replace(row, place=place, tied=tied)


def standings(session: Session, event_id: int) -> StandingsView:
    """The event's standings as they stand now (every recorded hand counts)."""
    event = load_event(session, event_id)
    stored = load_schedule(session, event_id)
    in_rotation = set(stored.schedule.players)
    entrants = {
        entrant_id: (player_id, stored.names.get(entrant_id, "?"), number)
        for entrant_id, player_id, number in session.exec(
            select(Entrant.id, Entrant.player_id, Entrant.number).where(Entrant.event_id == event_id)
        )
        if entrant_id in in_rotation
    }
    facts = [
        HandFact(number, table, side, points, Seat.parse(alone) if alone else None, tricks)
        for number, table, side, points, alone, tricks in session.exec(
            select(EventRound.number, Hand.table_number, Hand.scoring_side, Hand.points, Hand.alone_seat, Hand.maker_tricks)
            .join(EventRound, Hand.round_id == EventRound.id)
            .where(EventRound.event_id == event_id)
        )
    ]
    rows = compute_standings(
        entrants, stored.schedule.rounds, facts, sit_out_rule=event.sit_out_rule, total_rounds=event.rounds
    )
    return StandingsView(
        event_id=event_id,
        event_name=event.name,
        rows=tuple(rows),
        tie_breaks=TIE_BREAKS,
        sit_out_rule=event.sit_out_rule,
        hands_recorded=len(facts),
    )


STANDINGS_CSV_COLUMNS = (
    "place", "number", "name", "points", "rounds_played", "rounds_won", "loners", "sit_outs", "sit_out_credit", "tied",
)
"""The standings CSV's first columns; ``round_1``, ``round_2``, … follow.
``place`` is a plain number and ``tied`` is ``yes`` for a shared place (the
screen's "=3" would read as a formula in a spreadsheet)."""


def standings_rows(view: StandingsView) -> list[list[object]]:
    """The standings as CSV rows: the header, then one row per player."""
    rounds = len(view.rows[0].round_points) if view.rows else 0
    out: list[list[object]] = [list(STANDINGS_CSV_COLUMNS) + [f"round_{i}" for i in range(1, rounds + 1)]]
    for r in view.rows:
        out.append(
            [r.place, r.number, r.name, r.points, r.rounds_played, r.rounds_won, r.loners, r.sit_outs,
             r.sit_out_credit, "yes" if r.tied else ""]
            + ["" if p is None else p for p in r.round_points]
        )
    return out


def standings_csv(view: StandingsView) -> str:
    """The standings as CSV text for standard output (the command line's
    ``standings --format csv``): no byte-order mark, ``\\n`` line ends, and
    a name starting with ``= + - @`` (tab, carriage return) prefixed with an
    apostrophe so no spreadsheet runs it (:func:`~.csvfiles.safe_cell`)."""
    return csv_text(standings_rows(view))


def write_standings_csv(view: StandingsView, path: str | os.PathLike) -> None:
    """Save the standings as an Excel-clean CSV file (UTF-8 with a
    byte-order mark, CRLF, formulas escaped; written whole or not at all).
    :class:`~euchre_tourney.tournament.TournamentError` if it cannot be written."""
    write_csv_file(path, standings_rows(view))
