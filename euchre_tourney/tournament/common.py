"""Queries the use-case modules share (no user action of their own)."""

from __future__ import annotations

import json

from sqlalchemy import func
from sqlmodel import Session, select

from euchre_tourney.rules import NORTH_AMERICAN, RuleSet
from euchre_tourney.store import Event, EventRound, Hand
from euchre_tourney.tournament.errors import NotFound


def event_rules(event: Event) -> RuleSet:
    """The event's rule set (North American if none was stored)."""
    data = json.loads(event.rules_json or "{}")
    return RuleSet.from_dict(data) if data else NORTH_AMERICAN


def load_event(session: Session, event_id: int) -> Event:
    """The event row; :class:`NotFound` if absent (for use inside tournament)."""
    e = session.get(Event, event_id)
    if e is None:
        raise NotFound(f"There is no event number {event_id}.")
    return e


def hands_recorded(session: Session, event_id: int) -> int:
    return session.exec(
        select(func.count()).select_from(Hand).join(EventRound, Hand.round_id == EventRound.id).where(
            EventRound.event_id == event_id
        )
    ).one()


def clear_rotation(session: Session, event_id: int) -> None:
    for r in session.exec(select(EventRound).where(EventRound.event_id == event_id)):
        session.delete(r)
    session.flush()


def last_played_round(session: Session, event_id: int) -> int:
    """The highest round number with a hand recorded (0 if none): rounds up to
    it are history that no re-plan may change."""
    value = session.exec(
        select(func.max(EventRound.number)).join(Hand, Hand.round_id == EventRound.id).where(EventRound.event_id == event_id)
    ).one()
    return value or 0
