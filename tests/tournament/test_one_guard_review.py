"""The one guard's holes found in review (issue 29, item 1), each first a
failing test: writes around the ORM's row images, undo and redo of a bracket
result played on, a team with a bracket result removed, rules that re-score
a locked round, a write that unlocks and changes at once, a locked round
renumbered or its seats moved, a team game's final score on a stale page,
round totals dropped by a late arrival's re-plan. Each refusal leaves every
row as it was. SQLite and PostgreSQL."""

from __future__ import annotations

import datetime

import pytest
from sqlalchemy import delete, insert, text, update
from sqlalchemy import select as sa_select
from sqlmodel import select

from euchre_tourney import tournament as T
from euchre_tourney.rules import NORTH_AMERICAN, HandEntry, Seat, Side
from euchre_tourney.store import Bracket, BracketMatch, EventRound, Hand, Seating, Team
from tests.snapshots import snapshot_event


def _night(db, *, totals: bool = False, players: int = 8):
    with db.session() as s:
        ids = [T.add_player(s, f"Player {i:02d}").id for i in range(players)]
        ev = T.create_event(s, "Night", datetime.date(2026, 11, 29), rounds=3, hands_per_round=4)
        if totals:
            T.update_event(s, ev.id, entry_mode="totals")
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=5)
    return ev.id


def _rows(s, model, where):
    t = model.__table__
    return tuple(tuple(sorted(dict(m).items())) for m in s.connection().execute(sa_select(t).where(where).order_by(t.c.id)).mappings())


def _state(db, event_id):
    """Every row of the event, its bracket and its results included."""
    with db.session() as s:
        return (
            snapshot_event(s, event_id),
            _rows(s, Bracket, Bracket.event_id == event_id),
            _rows(s, BracketMatch, BracketMatch.event_id == event_id),
        )


def _lock(db, event_id, number=1, locked=True):
    T.operate(db, f"Lock round {number}", T.lock_round, event_id, number, locked, event_id=event_id)


def _hand_in_locked_round(db):
    event_id = _night(db)
    hand, _ = T.operate(db, "Hand 1", T.record_hand, event_id, 1, 1, 1, HandEntry(Side.NS, 4), event_id=event_id)
    _lock(db, event_id)
    return event_id, hand


# 1. writes that go around the ORM's row images -----------------------------------------------------------


def _core_writes(hand_id, round_id):
    t = Hand.__table__
    row = dict(round_id=round_id, table_number=2, number=1, makers="NS", maker_tricks=3, alone_seat=None,
               defender_alone=False, scoring_side="NS", points=1, station="x", version=1)
    return {
        "Core update on the connection": lambda s: s.connection().execute(update(t).where(t.c.id == hand_id).values(points=9)),
        "Core delete on the connection": lambda s: s.connection().execute(delete(t).where(t.c.id == hand_id)),
        "Core insert on the connection": lambda s: s.connection().execute(insert(t).values(**row)),
        "Core update through the session": lambda s: s.execute(update(t).where(t.c.id == hand_id).values(points=9)),
        "Core delete through the session": lambda s: s.execute(delete(t).where(t.c.id == hand_id)),
    }


def test_core_writes_inside_an_operation_are_seen_by_the_guard(db):
    event_id, hand = _hand_in_locked_round(db)
    with db.session() as s:
        round_id = s.exec(select(EventRound.id).where(EventRound.event_id == event_id, EventRound.number == 1)).one()
    before = _state(db, event_id)
    passed = []
    for name, write in _core_writes(hand.id, round_id).items():

        def use_case(session, write=write):
            write(session)
            session.commit()

        try:
            T.operate(db, name, use_case)
        except T.RoundLocked as exc:
            assert "Round 1 is locked" in exc.message
        else:
            passed.append(name)
        assert _state(db, event_id) == before, name
    assert passed == []


def test_sql_text_that_writes_inside_an_operation_is_refused_loudly(db):
    """SQL text cannot say which rows it wrote: refused by name, whatever round it touches (here none is locked)."""
    event_id = _night(db)
    hand, _ = T.operate(db, "Hand 1", T.record_hand, event_id, 1, 1, 1, HandEntry(Side.NS, 4), event_id=event_id)
    before = _state(db, event_id)
    writes = [
        lambda s: s.execute(text("UPDATE hand SET points = 9 WHERE id = :i"), {"i": hand.id}),
        lambda s: s.connection().execute(text("  delete from hand where id = :i"), {"i": hand.id}),
        lambda s: s.connection().exec_driver_sql(f"UPDATE hand SET points = 9 WHERE id = {hand.id}"),
        lambda s: s.connection().execute(text(f"WITH x AS (SELECT {hand.id} AS i) DELETE FROM hand WHERE id IN (SELECT i FROM x)")),
    ]
    for write in writes:

        def use_case(session, write=write):
            write(session)
            session.commit()

        with pytest.raises(TypeError, match="write use case") as refused:
            T.operate(db, "Text", use_case)
        assert "SQL text" in str(refused.value) or "raw SQL" in str(refused.value)
        assert _state(db, event_id) == before
    # reading by SQL text is fine
    got, _ = T.operate(db, "Read", lambda s: s.execute(text("SELECT points FROM hand WHERE id = :i"), {"i": hand.id}).scalar_one())
    assert got == hand.points


def test_a_core_write_inside_an_operation_is_recorded_so_undo_takes_it_back(db):
    event_id = _night(db)
    hand, _ = T.operate(db, "Hand 1", T.record_hand, event_id, 1, 1, 1, HandEntry(Side.NS, 4), event_id=event_id)
    before = _state(db, event_id)
    log = T.UndoLog(db)
    t = Hand.__table__

    def bump(session):
        session.connection().execute(update(t).where(t.c.id == hand.id).values(points=3))
        session.commit()

    _, change = log.run("Bump", bump, event_id=event_id)
    assert change.token and 1 in change.rounds
    assert _state(db, event_id) != before
    log.undo()
    assert _state(db, event_id) == before


def test_a_core_insert_of_many_rows_that_does_not_say_which_is_refused(db):
    event_id = _night(db)
    with db.session() as s:
        round_id = s.exec(select(EventRound.id).where(EventRound.event_id == event_id, EventRound.number == 2)).one()
    before = _state(db, event_id)
    t = Hand.__table__
    rows = [dict(round_id=round_id, table_number=1, number=n, makers="NS", maker_tricks=3, alone_seat=None,
                 defender_alone=False, scoring_side="NS", points=1, station="x", version=1) for n in (1, 2)]

    def many(session):
        session.connection().execute(insert(t), rows)
        session.commit()

    with pytest.raises(TypeError, match="write use case"):
        T.operate(db, "Many", many)
    assert _state(db, event_id) == before


# 2. undo and redo of a bracket result played on ------------------------------------------------------------


def _knockout(db):
    with db.session() as s:
        ids = [T.add_player(s, f"Player {i}").id for i in range(8)]
        ev = T.create_event(s, "Cup", datetime.date(2026, 11, 29), kind="team", round_scoring="game")
        for i in range(4):
            T.add_team(s, ev.id, ids[2 * i], ids[2 * i + 1], name=f"Team {i + 1}")
        T.draw_bracket(s, ev.id, seeding="number", consolation=False)
    return ev.id


def _match(db, event_id, *, title=None, code=None):
    with db.session() as s:
        view = T.bracket_view(s, event_id)
    return next(m for m in view.matches if m.title == title or m.code == code)


def _score(db, log, event_id, m, a, b):
    args = (f"{m.title}", T.record_bracket_score, event_id, m.code, a, b)
    kw = dict(teams=(m.seed_a, m.seed_b), expected_version=m.version, event_id=event_id)
    return log.run(*args, **kw) if log is not None else T.operate(db, *args, **kw)


def test_undo_of_a_semi_final_whose_winner_played_the_final_is_refused(db):
    event_id = _knockout(db)
    log = T.UndoLog(db)
    with db.session() as s:
        semis = [m for m in T.bracket_view(s, event_id).matches if m.part == "W" and m.stage == 1]
    for m in semis:
        _score(db, log, event_id, m, 10, 6)
    final = _match(db, event_id, title="Final")
    _score(db, None, event_id, final, 10, 4)  # the final, at another station
    before = _state(db, event_id)
    with pytest.raises(T.UndoRefused) as refused:
        log.undo()
    assert isinstance(refused.value, T.ResultPlayedOn)
    assert refused.value.message.startswith("The final was played with this result")
    assert "Nothing was changed" in refused.value.message
    assert _state(db, event_id) == before
    assert log.can_undo  # kept: once the final is cleared it can be undone


def test_redo_of_a_semi_final_correction_after_the_final_was_played_is_refused(db):
    event_id = _knockout(db)
    log = T.UndoLog(db)
    with db.session() as s:
        semis = [m for m in T.bracket_view(s, event_id).matches if m.part == "W" and m.stage == 1]
    for m in semis:
        _score(db, None, event_id, m, 10, 6)
    semi = _match(db, event_id, code=semis[0].code)
    _score(db, log, event_id, semi, 6, 10)  # corrected: (4) won it
    log.undo()  # back to (1)
    final = _match(db, event_id, title="Final")
    assert (final.seed_a, final.seed_b) == (1, 2)
    _score(db, None, event_id, final, 10, 4)
    before = _state(db, event_id)
    with pytest.raises(T.ResultPlayedOn, match="^The final was played with this result"):
        log.redo()
    assert _state(db, event_id) == before and log.can_redo


# 3. a team with a bracket result -----------------------------------------------------------------------------


def test_a_team_with_a_bracket_result_cannot_be_removed(db):
    event_id = _knockout(db)
    semi = next(m for m in (_match(db, event_id, code=c) for c in ("W1-1", "W1-2")) if 4 in (m.seed_a, m.seed_b))
    _score(db, None, event_id, semi, 6, 10)
    with db.session() as s:
        team4 = s.exec(select(Team).where(Team.event_id == event_id, Team.number == 4)).one()
    before = _state(db, event_id)
    with pytest.raises(T.TournamentError) as refused:
        T.operate(db, "Remove team 4", T.remove_team, team4.id, event_id=event_id)
    assert "Team 4" in refused.value.message and "bracket" in refused.value.message
    assert "Nothing was changed" in refused.value.message
    assert _state(db, event_id) == before


# 4. rules that re-score a locked round -----------------------------------------------------------------------

def _other_rules():
    import dataclasses

    return dataclasses.replace(NORTH_AMERICAN, target=NORTH_AMERICAN.target + 1)


def test_undo_of_a_rules_change_that_would_rescore_a_locked_round_is_refused(db):
    event_id = _night(db)
    log = T.UndoLog(db)
    log.run("Rules", T.update_event, event_id, rules=_other_rules(), event_id=event_id)
    T.operate(db, "Hand 1", T.record_hand, event_id, 1, 1, 1, HandEntry(Side.NS, 4), event_id=event_id)
    _lock(db, event_id)
    before = _state(db, event_id)
    with pytest.raises(T.UndoRefused) as refused:
        log.undo()
    assert "Round 1 is locked" in refused.value.message and "rules" in refused.value.message
    assert _state(db, event_id) == before


def test_a_rules_change_at_a_team_night_with_a_locked_game_is_refused(db):
    with db.session() as s:
        players = [T.add_player(s, f"Team player {i}").id for i in range(8)]
        ev = T.create_event(s, "Teams", datetime.date(2026, 11, 29), kind="team", rounds=3, round_scoring="game")
        for i in range(4):
            T.add_team(s, ev.id, players[2 * i], players[2 * i + 1])
        T.make_team_rounds(s, ev.id)
    T.operate(db, "Game", T.record_game_score, ev.id, 1, 1, 10, 4, event_id=ev.id)
    _lock(db, ev.id)
    before = _state(db, ev.id)
    with pytest.raises(T.TournamentError, match="Round 1 is locked"):
        T.operate(db, "Rules", T.update_event, ev.id, rules=_other_rules(), event_id=ev.id)
    assert _state(db, ev.id) == before
    # unlocked, the director may change them (nothing is locked to re-score)
    _lock(db, ev.id, locked=False)
    T.operate(db, "Rules", T.update_event, ev.id, rules=_other_rules(), event_id=ev.id)


# 5. a write that unlocks and changes at once -------------------------------------------------------------


def test_a_write_that_unlocks_a_round_and_changes_its_hands_is_refused(db):
    event_id, hand = _hand_in_locked_round(db)
    before = _state(db, event_id)

    def unlock_and_correct(session):
        r = session.exec(select(EventRound).where(EventRound.event_id == event_id, EventRound.number == 1)).one()
        r.locked = False
        session.add(r)
        h = session.get(Hand, hand.id)
        h.points = 9
        session.add(h)
        session.commit()

    with pytest.raises(T.RoundLocked, match="Round 1 is locked"):
        T.operate(db, "Unlock and correct", unlock_and_correct)
    assert _state(db, event_id) == before


def test_undo_of_a_step_that_saved_a_hand_and_locked_its_round_is_refused_while_locked(db):
    event_id = _night(db)
    log = T.UndoLog(db)

    def hand_and_lock(session):
        T.record_hand(session, event_id, 1, 1, 1, HandEntry(Side.NS, 4))
        T.lock_round(session, event_id, 1)

    log.run("Hand and lock", hand_and_lock, event_id=event_id)
    before = _state(db, event_id)
    with pytest.raises(T.UndoLocked, match="Round 1 is locked"):
        log.undo()
    assert _state(db, event_id) == before


# 6. a locked round renumbered -------------------------------------------------------------------------------


def test_a_locked_round_is_not_renumbered(db):
    event_id, _hand = _hand_in_locked_round(db)
    before = _state(db, event_id)

    def renumber(session):
        for r in session.exec(select(EventRound).where(EventRound.event_id == event_id).order_by(EventRound.number.desc())):
            r.number += 10
            session.add(r)
            session.flush()
        session.commit()

    with pytest.raises(T.RoundLocked, match="Round 1 is locked"):
        T.operate(db, "Renumber", renumber)
    assert _state(db, event_id) == before


def test_an_empty_locked_round_is_not_renumbered_either(db):
    event_id = _night(db)
    _lock(db, event_id, 3)
    before = _state(db, event_id)

    def renumber(session):
        r = session.exec(select(EventRound).where(EventRound.event_id == event_id, EventRound.number == 3)).one()
        r.number = 7
        session.add(r)
        session.commit()

    with pytest.raises(T.RoundLocked, match="Round 3 is locked"):
        T.operate(db, "Renumber", renumber)
    assert _state(db, event_id) == before


# 7. the seats of a locked round with hands --------------------------------------------------------------------


def test_the_seats_of_a_locked_round_with_hands_do_not_move(db):
    event_id, _hand = _hand_in_locked_round(db)
    before = _state(db, event_id)

    def move(session):
        r = session.exec(select(EventRound).where(EventRound.event_id == event_id, EventRound.number == 1)).one()
        seat = session.exec(select(Seating).where(Seating.round_id == r.id, Seating.table_number == 2)).first()
        seat.table_number = 9
        session.add(seat)
        session.commit()

    def delete_seats(session):
        r = session.exec(select(EventRound).where(EventRound.event_id == event_id, EventRound.number == 1)).one()
        for seat in session.exec(select(Seating).where(Seating.round_id == r.id, Seating.table_number == 2)):
            session.delete(seat)
        session.commit()

    for write in (move, delete_seats):
        with pytest.raises(T.RoundLocked, match="Round 1 is locked"):
            T.operate(db, "Move seats", write)
        assert _state(db, event_id) == before


def test_a_late_arrival_leaves_a_locked_played_round_as_it_was(db):
    event_id = _night(db, players=9)
    with db.session() as s:
        late = T.add_player(s, "Late arrival").id
    T.operate(db, "Hand 1", T.record_hand, event_id, 1, 1, 1, HandEntry(Side.NS, 4), event_id=event_id)
    _lock(db, event_id)
    with db.session() as s:
        round1 = _rows(s, Seating, Seating.round_id.in_(select(EventRound.id).where(EventRound.event_id == event_id, EventRound.number == 1)))
    for mode in ("keep", "rebalance"):
        T.operate(db, "Late", T.set_checked_in, event_id, [late], mode == "keep", replan=mode, event_id=event_id)
        with db.session() as s:
            assert _rows(s, Seating, Seating.round_id.in_(select(EventRound.id).where(EventRound.event_id == event_id, EventRound.number == 1))) == round1


# 8. a team game's final score on a stale page -----------------------------------------------------------------


def test_a_game_score_entered_on_a_stale_page_is_refused(db):
    with db.session() as s:
        players = [T.add_player(s, f"Team player {i}").id for i in range(8)]
        ev = T.create_event(s, "Teams", datetime.date(2026, 11, 29), kind="team", rounds=3, round_scoring="game")
        for i in range(4):
            T.add_team(s, ev.id, players[2 * i], players[2 * i + 1])
        T.make_team_rounds(s, ev.id)
    T.operate(db, "Game", T.record_game_score, ev.id, 1, 1, 10, 4, expected=None, event_id=ev.id)
    before = _state(db, ev.id)
    # another station's page still showed no score
    with pytest.raises(T.StalePage, match="it now has North–South 10, East–West 4") as refused:
        T.operate(db, "Game", T.record_game_score, ev.id, 1, 1, 10, 6, expected=None, event_id=ev.id)
    assert "Nothing was changed" in refused.value.message
    with pytest.raises(T.StalePage):
        T.operate(db, "Game", T.record_game_score, ev.id, 1, 1, 10, 6, expected=(10, 2), event_id=ev.id)
    assert _state(db, ev.id) == before
    T.operate(db, "Game", T.record_game_score, ev.id, 1, 1, 10, 6, expected=(10, 4), event_id=ev.id)
    with db.session() as s:
        assert T.game_score_of(s, ev.id, 1, 1) == (10, 6)


# 9. round totals and a late arrival ---------------------------------------------------------------------------


def test_a_late_arrival_keeps_the_round_totals_already_entered(db):
    event_id = _night(db, totals=True)
    with db.session() as s:
        late = T.add_player(s, "Late arrival").id
    T.operate(db, "Totals", T.record_table_totals, event_id, 1, 1, 6, 2, {}, event_id=event_id)
    T.operate(db, "Totals", T.record_table_totals, event_id, 1, 2, 4, 4, {Seat.NORTH: 1}, event_id=event_id)
    with db.session() as s:
        kept = [(v.ns_points, v.ew_points) for v in (T.table_result(s, event_id, 1, t) for t in (1, 2))]
        round1 = _rows(s, Seating, Seating.round_id.in_(select(EventRound.id).where(EventRound.event_id == event_id, EventRound.number == 1)))
    assert kept == [(6, 2), (4, 4)]
    T.operate(db, "Late", T.set_checked_in, event_id, [late], True, event_id=event_id)
    with db.session() as s:
        assert [(v.ns_points, v.ew_points) for v in (T.table_result(s, event_id, 1, t) for t in (1, 2))] == kept
        assert _rows(s, Seating, Seating.round_id.in_(select(EventRound.id).where(EventRound.event_id == event_id, EventRound.number == 1))) == round1
        assert late in {e.player_id for e in T.entrants(s, event_id) if e.checked_in}
