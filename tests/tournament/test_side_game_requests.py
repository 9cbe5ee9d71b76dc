"""Issue 33 item 5: the director's requests at tables of six (they were
stored and silently left out): a player who stays at one table, two who never
partner, a player who sits out a given round are kept by the rotation of a
six-player night; what cannot be kept is said in words."""

from __future__ import annotations

import datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_tourney import rotation
from euchre_tourney import tournament as T
from euchre_tourney.tournament.side_games import honour_requests, six_request_warnings


def _six(session, players: int, rounds: int = 4):
    ids = [T.add_player(session, f"Player {i:02d}").id for i in range(players)]
    ev = T.create_event(session, "Six night", datetime.date(2026, 11, 29), rounds=rounds, hands_per_round=2,
                        game="six_player_33")
    T.set_checked_in(session, ev.id, ids)
    names = {pid: f"Player {i:02d}" for i, pid in enumerate(ids)}
    return ev.id, ids, names


def _where(view, name):
    """(table, seat) of ``name`` each round; None when sitting out."""
    out = []
    for r in view.rounds:
        spot = next(((t.number, t.names.index(name)) for t in r.tables if name in t.names), None)
        out.append(spot)
    return out


def test_requests_are_kept_at_tables_of_six(session):
    event_id, ids, names = _six(session, 13)
    T.add_constraint(session, event_id, "pin_table", ids[0], table=2)
    T.add_constraint(session, event_id, "no_partner", ids[1], other_player_id=ids[2])
    T.add_constraint(session, event_id, "sit_out", ids[3], round_number=1)
    T.add_constraint(session, event_id, "sit_out", ids[4], round_number=3)
    view = T.generate_rotation(session, event_id, seed=11)
    assert view.warnings == ()
    assert all(spot is None or spot[0] == 2 for spot in _where(view, names[ids[0]]))
    assert names[ids[3]] in view.rounds[0].sit_out and names[ids[4]] in view.rounds[2].sit_out
    for b, c in zip(_where(view, names[ids[1]]), _where(view, names[ids[2]])):
        assert not (b and c and b[0] == c[0] and b[1] % 2 == c[1] % 2)  # never on the same side of one table
    for r in view.rounds:  # still a rotation: everyone once a round, six a table
        seated = [n for t in r.tables for n in t.names] + list(r.sit_out)
        assert sorted(seated) == sorted(names.values()) and all(len(t.names) == 6 for t in r.tables)


def test_a_request_that_cannot_be_kept_is_said_in_words(session):
    event_id, ids, names = _six(session, 12, rounds=2)
    T.add_constraint(session, event_id, "sit_out", ids[5], round_number=2)
    T.add_constraint(session, event_id, "pin_table", ids[6], table=3)
    view = T.generate_rotation(session, event_id, seed=4)
    assert f"{names[ids[5]]} asked to sit out round 2, but plays in it: nobody sits out at tables of six with this many players." in view.warnings
    assert any(w.startswith(f"{names[ids[6]]} asked to stay at table 3, but plays at table") and "has only 2 tables of six" in w
               for w in view.warnings)


def test_without_requests_the_rotation_is_the_engines_own():
    schedule = rotation.six_rotation(list(range(1, 20)), 5, seed=3)
    assert honour_requests(schedule, rotation.Constraints()) == schedule


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(6, 20), st.integers(1, 5), st.integers(0, 10**6), st.data())
def test_requests_keep_a_rotation_and_are_kept_or_said(players, rounds, seed, data):
    ids = list(range(1, players + 1))
    schedule = rotation.six_rotation(ids, rounds, seed=seed)
    tables = players // 6
    pinned = dict(data.draw(st.lists(st.tuples(st.sampled_from(ids), st.integers(1, tables + 1)), max_size=2)))
    apart = data.draw(st.lists(st.tuples(st.sampled_from(ids), st.sampled_from(ids)).filter(lambda p: p[0] != p[1]),
                               max_size=2))
    sit = {r: data.draw(st.lists(st.sampled_from(ids), max_size=2, unique=True)) for r in range(1, rounds + 1)}
    wants = rotation.Constraints(pinned=pinned, apart=tuple(apart), sit_out=sit)
    kept = honour_requests(schedule, wants)
    for before, after in zip(schedule.rounds, kept.rounds):
        assert len(after.sit_outs) == len(before.sit_outs) and all(len(t) == 6 for t in after.tables)
        assert sorted([*(p for t in after.tables for p in t), *after.sit_outs]) == sorted(ids)
    # every request the rotation does not keep is said; one kept is not
    said = six_request_warnings(kept, wants, str)
    for n, r in enumerate(kept.rounds, start=1):
        for p in sit[n]:
            assert (p in r.sit_outs) or any(w.startswith(f"{p} asked to sit out round {n},") for w in said)
        for p, want in pinned.items():
            at = next((i for i, t in enumerate(r.tables, start=1) if p in t), None)
            assert at in (None, want) or any(w.startswith(f"{p} asked to stay at table {want},") for w in said)
