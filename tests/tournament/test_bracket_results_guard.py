"""Bracket results carry the match's version and its two teams (issue 29):
a semi-final correction at one station racing the final's entry at another
never credits the final to a team that did not play it. SQLite and
PostgreSQL."""

from __future__ import annotations

import datetime
import threading

import pytest
from sqlalchemy import create_engine, event

from euchre_tourney import tournament as T
from euchre_tourney.store import Database, open_database
from euchre_tourney.tournament import brackets


def _knockout(db):
    """Four teams, single elimination by team number: semi-finals W1-1 (1 v 4) and W1-2 (2 v 3)."""
    with db.session() as s:
        ids = [T.add_player(s, f"Player {i}").id for i in range(8)]
        ev = T.create_event(s, "Cup", datetime.date(2026, 11, 29), kind="team", round_scoring="game")
        for i in range(4):
            T.add_team(s, ev.id, ids[2 * i], ids[2 * i + 1], name=f"Team {i + 1}")
        T.draw_bracket(s, ev.id, seeding="number", consolation=False)
    return ev.id


def _view(db, event_id):
    with db.session() as s:
        return T.bracket_view(s, event_id)


def _match(view, title):
    return next(m for m in view.matches if m.title == title)


def _semis_played(db, event_id):
    view = _view(db, event_id)
    semis = [m for m in view.matches if m.part == "W" and m.stage == 1]
    for m in semis:  # the upper team wins both: the final is (1) against (2)
        T.operate(db, m.title, T.record_bracket_score, event_id, m.code, 10, 6, teams=(m.seed_a, m.seed_b),
                  expected_version=m.version, event_id=event_id)
    view = _view(db, event_id)
    final = next(m for m in view.matches if m.ready)
    assert (final.seed_a, final.seed_b) == (1, 2) and final.version == 0
    return view, semis[0], final


def _results(db, event_id):
    return {m.code: (m.score_a, m.score_b, m.seed_a, m.seed_b, m.version) for m in _view(db, event_id).matches}


def test_a_final_entered_on_a_view_from_before_a_semi_final_correction_is_refused(db):
    event_id = _knockout(db)
    view, semi, final = _semis_played(db, event_id)
    seen = _view(db, event_id)
    semi_now = next(m for m in seen.matches if m.code == semi.code)
    # another station corrects the semi-final: (4) won it, not (1)
    T.operate(db, "Correct semi", T.record_bracket_score, event_id, semi.code, 6, 10, teams=(1, 4),
              expected_version=semi_now.version, event_id=event_id)
    before = _results(db, event_id)
    # this station still shows the final as (1) against (2) and enters (1)'s win
    with pytest.raises(T.StaleResult) as refused:
        T.operate(db, "Final", T.record_bracket_score, event_id, final.code, 10, 4, teams=(final.seed_a, final.seed_b),
                  expected_version=final.version, event_id=event_id)
    assert "changed after you looked at it" in refused.value.message and "(4) Team 4 against (2) Team 2" in refused.value.message
    assert refused.value.message.startswith("The teams of “Final” changed")  # the match named as the bracket names it
    assert _results(db, event_id) == before and _view(db, event_id).champion is None


def test_a_result_corrected_at_another_station_since_is_not_overwritten(db):
    event_id = _knockout(db)
    view, semi, _final = _semis_played(db, event_id)
    seen = next(m for m in _view(db, event_id).matches if m.code == semi.code)
    assert seen.version == 1
    T.operate(db, "Correct", T.record_bracket_score, event_id, semi.code, 10, 8, teams=(1, 4), expected_version=1,
              event_id=event_id)
    assert next(m for m in _view(db, event_id).matches if m.code == semi.code).version == 2
    with pytest.raises(T.StaleResult, match="it now says 10–8"):
        T.operate(db, "Correct", T.record_bracket_score, event_id, semi.code, 10, 2, teams=(1, 4), expected_version=1)
    with pytest.raises(T.StaleResult, match="it now says 10–8"):
        T.operate(db, "Clear", T.clear_bracket_score, event_id, semi.code, teams=(1, 4), expected_version=1)
    assert next(m for m in _view(db, event_id).matches if m.code == semi.code).score_b == 8


def _impatient(db: Database, backend: str, station: str) -> Database:
    other = Database(db.url, station=station)
    other.engine.dispose()
    if backend == "sqlite":
        other.engine = create_engine(db.url, connect_args={"timeout": 0})
        event.listen(other.engine, "connect", lambda c, _r: c.execute("PRAGMA foreign_keys=ON"))
    else:
        other.engine = create_engine(db.url, connect_args={"options": "-c lock_timeout=1"})
    return other


def test_a_semi_final_correction_racing_the_finals_entry_never_credits_a_team_that_did_not_play(db, backend, monkeypatch):
    """The final's entry stops right after it has read the bracket (a patched read, a threading.Event, no
    sleep); another station corrects the semi-final meanwhile without waiting; then the entry goes on. Either
    the correction waits its turn (refused as busy) or the entry is refused: never both kept."""
    event_id = _knockout(db)
    _view_, semi, final = _semis_played(db, event_id)
    read, go = threading.Event(), threading.Event()
    real = brackets.load_bracket

    def slowed(session, eid):
        loaded = real(session, eid)
        if threading.current_thread().name == "final":
            read.set()
            assert go.wait(60), "the test never let the final's entry go on"
        return loaded

    monkeypatch.setattr(brackets, "load_bracket", slowed)
    outcome: dict[str, object] = {}

    def enter_final():
        try:
            T.operate(db, "Final", T.record_bracket_score, event_id, final.code, 10, 4, teams=(1, 2),
                      expected_version=0, event_id=event_id)
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            outcome["error"] = exc

    thread = threading.Thread(target=enter_final, name="final")
    thread.start()
    try:
        assert read.wait(60), f"the final's entry never read the bracket: {outcome}"
        other = _impatient(db, backend, "Table 2 laptop")
        try:
            T.operate(other, "Correct semi", T.record_bracket_score, event_id, semi.code, 6, 10, teams=(1, 4),
                      expected_version=1, event_id=event_id)
            corrected = True
        except T.DatabaseError as exc:
            assert exc.kind == "locked", exc.message
            corrected = False
        finally:
            other.dispose()
    finally:
        go.set()
        thread.join(60)
    monkeypatch.undo()
    view = _view(db, event_id)
    semi_now, final_now = (next(m for m in view.matches if m.code == c) for c in (semi.code, final.code))
    if corrected:
        assert isinstance(outcome.get("error"), T.StaleResult) and final_now.score_a is None
        assert (final_now.seed_a, final_now.seed_b) == (4, 2)
    else:
        assert "error" not in outcome and (final_now.score_a, final_now.score_b) == (10, 4)
        assert (semi_now.score_a, semi_now.score_b) == (10, 6) and view.champion == "Team 1"
    # either way: the final's result, if any, belongs to the two teams that played it
    if final_now.score_a is not None:
        assert {final_now.seed_a, final_now.seed_b} == {1, 2} and semi_now.winner == "a"
