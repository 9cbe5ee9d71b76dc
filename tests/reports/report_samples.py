"""Sample read models for the report tests and the benchmark (no rotation
package needed: a simple deterministic progressive schedule)."""

from __future__ import annotations

import random
from datetime import date

from euchre_tourney.rules import Seat
from euchre_tourney.tournament.readmodels import PlayerRoundView, ScorecardView, TallySheetView

LONG_NAME = "Maximilian Alexander Bartholomew Fitzgerald-Worthington Jnr."  # 60 characters
UNICODE_NAMES = [
    "Zoë Ångström",
    "Seán O'Brien",
    "Łukasz Wróbel",
    "李小龍",
    "Дмитрий Шостакович",
    "Γιώργος Παπαδόπουλος",
    "Ann & Bob <Co>",
    LONG_NAME,
]
SEATS = tuple(Seat)
EVENT = "Thursday Night Progressive Euchre"
EVENT_DATE = date(2026, 11, 19)


def sample_names(count: int) -> list[str]:
    """``count`` distinct names, the awkward ones first."""
    names = list(UNICODE_NAMES[:count])
    filler = ["Alice Smith", "Bob Jones", "Carol White", "Dave Brown", "Eve Black", "Frank Green",
              "Grace Hall", "Hank Moore", "Ivy Clark", "Jack Lewis", "Kate Young", "Leo King",
              "Mia Scott", "Ned Adams", "Olga Baker", "Pete Hill", "Quinn Ward", "Rosa Cook"]
    i = 0
    while len(names) < count:
        base = filler[i % len(filler)]
        names.append(base if i < len(filler) else f"{base} {i // len(filler) + 1}")
        i += 1
    return names


def sample_schedule(count: int, rounds: int, seed: int = 7):
    """Rounds of (tables, sit_outs): each table is 4 player indexes by seat N, E, S, W."""
    rng = random.Random(seed)
    out = []
    for r in range(rounds):
        order = list(range(count))
        rng.shuffle(order)
        n_tables = count // 4
        tables = [tuple(order[4 * t: 4 * t + 4]) for t in range(n_tables)]
        out.append((tables, tuple(order[4 * n_tables:])))
    return out


def sample_event(count: int = 26, rounds: int = 8, hands: int = 8, seed: int = 7):
    """(names, scorecards, tally sheets) for a made-up progressive event."""
    names = sample_names(count)
    schedule = sample_schedule(count, rounds, seed)
    per_player: list[list[PlayerRoundView]] = [[] for _ in names]
    sheets = []
    for r, (tables, sitting) in enumerate(schedule, start=1):
        for t, seats in enumerate(tables, start=1):
            for i, p in enumerate(seats):
                partner = seats[(i + 2) % 4]
                opps = (seats[(i + 1) % 4], seats[(i + 3) % 4])
                per_player[p].append(PlayerRoundView(r, t, SEATS[i], names[partner], tuple(names[o] for o in opps)))
            sheets.append(TallySheetView(EVENT, EVENT_DATE, r, t, *(names[p] for p in seats), hands,
                                         tuple(names[p] for p in sitting)))
        for p in sitting:
            per_player[p].append(PlayerRoundView(r, None, None, "", (), sitting_out=True))
    cards = [ScorecardView(EVENT, EVENT_DATE, names[i], i + 1, hands, tuple(per_player[i])) for i in range(count)]
    return names, cards, sheets
