"""Issue 21 item 2: a page reads one read model per redraw, and redraws only
when a change concerns it. The SQL statements of a Scores redraw are counted
(SQLAlchemy's ``before_cursor_execute``) against a ceiling: 30 before the
entry board, with the event row read 7 times; 12 after, the event read once."""

from __future__ import annotations

import re
from contextlib import contextmanager

import pytest
from sqlalchemy import event as sa_event

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Side

from tests.gui.nights import night, window_on

SCORES_REDRAW_CEILING = 14
"""Statements per Scores page redraw (12 measured; 30 before)."""
SAVED_HAND_CEILING = 32
"""Statements per hand saved through the Scores page, operation and redraw (29 measured; 60 before)."""


@contextmanager
def counted(engine):
    statements: list[str] = []

    def count(_conn, _cursor, statement, _params, _context, _many):
        statements.append(statement)

    sa_event.listen(engine, "before_cursor_execute", count)
    try:
        yield statements
    finally:
        sa_event.remove(engine, "before_cursor_execute", count)


def _event_reads(statements):
    return sum(1 for s in statements if re.search(r"FROM event\b(?!_)", s) and "event.id =" in s)


@pytest.fixture
def window(qtbot, gui_env, db):
    event_id = night(db, players=40, rounds=8, hands=8)
    with db.session() as s:
        for n in range(1, 5):
            T.record_hand(s, event_id, 1, 1, n, HandEntry(Side.NS, 3))
    w = window_on(qtbot, db)
    yield w
    w.close()


def test_a_scores_redraw_reads_the_event_once_and_stays_under_the_ceiling(window, db):
    page = window.scores_page
    page.select(1, 1)
    with counted(db.engine) as statements:
        page.refresh()
    assert len(statements) <= SCORES_REDRAW_CEILING, "\n".join(statements)
    assert _event_reads(statements) == 1
    page.tricks.setText("3")
    with counted(db.engine) as statements:
        assert page.save()
    assert len(statements) <= SAVED_HAND_CEILING, "\n".join(statements)


def test_a_change_that_does_not_concern_a_page_does_not_redraw_it(qtbot, window, db):
    page = window.scores_page
    page.select(1, 1)
    event_id = window.ctx.event_id
    with counted(db.engine) as statements:
        page.take(T.Change("Prizes", event_id, frozenset({"prizes"})))
        page.take(T.Change("Another event's hand", event_id + 1, frozenset({"hands"})))
        page.take(T.Change("A hand in round 5", event_id, frozenset({"hands"}), rounds=frozenset({5})))
    assert statements == []
    with counted(db.engine) as statements:
        page.take(T.Change("A hand in round 1", event_id, frozenset({"hands"}), rounds=frozenset({1})))
    assert statements  # redrawn
    with counted(db.engine) as statements:  # a roster change concerns every page
        page.take(T.Change("Rename", None, frozenset({"roster"})))
    assert statements


def test_the_poll_gives_each_page_the_change_another_station_made(qtbot, window, db):
    page = window.scores_page
    page.select(1, 2)
    assert window.poll_other_stations() is False  # first look
    with db.session() as s:  # another station: round 3, not on screen
        T.record_hand(s, window.ctx.event_id, 3, 1, 1, HandEntry(Side.EW, 3))
    with counted(db.engine) as statements:
        assert window.poll_other_stations() is True
    assert len(statements) == 1  # the poll's own query; the Scores page shows round 1
    with db.session() as s:
        T.record_hand(s, window.ctx.event_id, 1, 2, 1, HandEntry(Side.EW, 3))
    assert window.poll_other_stations() is True
    assert [h.number for h in page.table_view.hands] == [1]
