"""Late arrivals and departures with the seats kept (rotation.keep_seats)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tourney.rotation import Round, Schedule, Table, check, future_changes, keep_seats, progressive, replan


def _random_night(n: int, rounds: int, rng: random.Random) -> Schedule:
    """Any valid night (random tables), quick to make for property tests."""
    ids = list(range(1, n + 1))
    out = []
    for r in range(1, rounds + 1):
        rng.shuffle(ids)
        seated = ids[: n - n % 4]
        tables = tuple(Table(t + 1, *seated[4 * t: 4 * t + 4]) for t in range(len(seated) // 4))
        out.append(Round(r, tables, tuple(sorted(ids[len(seated):]))))
    return Schedule(players=tuple(range(1, n + 1)), rounds=tuple(out))


def _card(rnd: Round, p: int):
    """What a scorecard shows for p in one round, built independently of the code under test."""
    for t in rnd.tables:
        seats = list(t.seats)
        if p in seats:
            i = seats.index(p)
            return (t.number, i, seats[(i + 2) % 4], frozenset(seats[(i + 1) % 2::2]))
    return "out" if p in rnd.sit_out else None


@settings(max_examples=40, deadline=None)
@given(st.integers(12, 80), st.integers(6, 12), st.data())
def test_arrival_or_departure_keeps_played_rounds_and_partitions_later(n, rounds, data):
    rng = random.Random(data.draw(st.integers(0, 10**6)))
    night = _random_night(n, rounds, rng)
    played = data.draw(st.integers(1, rounds - 1), label="played")
    arrive = data.draw(st.booleans(), label="arrival")
    now = list(night.players) + [1000] if arrive else [p for p in night.players if p != rng.choice(night.players)]
    new = keep_seats(night, played, now, seed=played)
    assert len(new.rounds) == rounds
    for old, kept in zip(night.rounds[:played], new.rounds[:played]):
        assert (old.tables, old.sit_out) == (kept.tables, kept.sit_out)
    for rnd in new.rounds[played:]:
        everyone = list(rnd.players())
        assert sorted(everyone) == sorted(now)  # a partition of those present
        assert len(rnd.sit_out) == len(now) % 4
        assert [t.number for t in rnd.tables] == list(range(1, len(now) // 4 + 1))
    truth = {p for p in now if any(_card(o, p) != _card(m, p) for o, m in zip(night.rounds[played:], new.rounds[played:]))}
    assert set(future_changes(night, new, played)) == truth
    if arrive:
        assert 1000 in truth
    check(new)


def _later_changes(old: Schedule, new: Schedule, played: int) -> int:
    return sum(v for p, v in future_changes(old, new, played).items() if p in old.players)


def test_one_late_arrival_at_forty_players_moves_at_most_four_a_round():
    night = progressive(40, 8, seed=3)
    new = keep_seats(night, 1, list(night.players) + [41], seed=1)
    per_round = [
        sum(_card(o, p) != _card(m, p) for p in night.players)
        for o, m in zip(night.rounds[1:], new.rounds[1:])
    ]
    assert max(per_round) <= 4 and sum(per_round) == _later_changes(night, new, 1) <= 28
    q = check(new)
    # as good as the arithmetic allows: nobody partners twice, nobody meets twice
    assert q.partner_repeats == 0 and q.max_meetings == q.bounds.max_meetings == 1
    assert q.sit_out_max - q.sit_out_min <= 1
    # re-balancing everything moves nearly everyone
    again = replan(night.rounds[:1], list(night.players) + [41], 8, seed=1)
    assert _later_changes(night, again, 1) > 200


def test_departure_is_filled_from_the_sit_outs_of_that_round():
    night = progressive(41, 6, seed=2)
    leaver = night.players[0]
    new = keep_seats(night, 2, [p for p in night.players if p != leaver])
    for old, rnd in zip(night.rounds[2:], new.rounds[2:]):
        assert not rnd.sit_out and leaver in rnd.absent
        if leaver in old.sit_out:
            assert rnd.tables == old.tables
        else:  # the one who sat out takes the leaver's seat; nobody else moves
            t = next(t for t in old.tables if leaver in t.seats)
            filled = next(x for x in rnd.tables if x.number == t.number)
            assert filled.seats == tuple(old.sit_out[0] if p == leaver else p for p in t.seats)
            assert [x for x in rnd.tables if x.number != t.number] == [x for x in old.tables if x.number != t.number]


def test_enough_arrivals_open_a_table_and_departures_close_one():
    night = progressive(16, 6, seed=0)
    grown = keep_seats(night, 1, list(night.players) + [100, 101, 102, 103])
    assert all(len(r.tables) == 5 for r in grown.rounds[1:])
    shrunk = keep_seats(night, 1, list(night.players)[4:])
    assert all(len(r.tables) == 3 and not r.sit_out for r in shrunk.rounds[1:])
    check(grown), check(shrunk)
