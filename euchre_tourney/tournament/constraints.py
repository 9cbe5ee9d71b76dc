"""Director's requests for a rotation: keep a player at one table (mobility),
keep two players from partnering (couples), make a player sit out a round.

They are stored per event by player and handed to
:func:`euchre_tourney.rotation.progressive` as a ``rotation.Constraints``
when the rotation is generated.
"""

from __future__ import annotations

from sqlmodel import Session, select

from euchre_tourney.store import EventConstraint, Player
from euchre_tourney.tournament.errors import NotFound, TournamentError
from euchre_tourney.tournament.common import load_event, optional_whole_number, plain_text, whole_number
from euchre_tourney.tournament.readmodels import ConstraintView
from euchre_tourney.tournament.unit_of_work import write_use_case

KINDS = {
    "pin_table": "stays at one table",
    "no_partner": "never partner",
    "sit_out": "sits out a round",
}


def _name(session: Session, player_id: int | None) -> str:
    p = session.get(Player, player_id) if player_id is not None else None
    if p is None:
        raise NotFound(f"There is no player number {player_id}.")
    return p.name


def _view(session: Session, c: EventConstraint) -> ConstraintView:
    who = _name(session, c.player_id)
    if c.kind == "pin_table":
        text = f"{who} stays at table {c.table_number} all night."
    elif c.kind == "no_partner":
        text = f"{who} and {_name(session, c.other_player_id)} never partner."
    else:
        text = f"{who} sits out round {c.round_number}."
    return ConstraintView(c.id, c.kind, c.player_id, c.other_player_id, c.table_number, c.round_number, text)


def list_constraints(session: Session, event_id: int) -> list[ConstraintView]:
    """The event's requests, oldest first."""
    load_event(session, event_id)
    rows = session.exec(select(EventConstraint).where(EventConstraint.event_id == event_id).order_by(EventConstraint.id))
    return [_view(session, c) for c in rows]


@write_use_case
def add_constraint(
    session: Session,
    event_id: int,
    kind: str,
    player_id: int,
    *,
    other_player_id: int | None = None,
    table: int | None = None,
    round_number: int | None = None,
) -> ConstraintView:
    """Store a request and commit. It takes effect at the next (re)generation.

    Raises :class:`TournamentError` for an unknown kind, a missing table,
    partner or round, a round outside the event, or a player paired with
    themselves.
    """
    event = load_event(session, event_id)
    plain_text(kind, "kind of request")
    whole_number(player_id, "player number")
    optional_whole_number(other_player_id, "other player's number")
    optional_whole_number(table, "table number")
    optional_whole_number(round_number, "round number")
    if kind not in KINDS:
        raise TournamentError(f"Unknown request {kind!r}.")
    _name(session, player_id)
    if kind == "pin_table":
        if table is None or table < 1:
            raise TournamentError("Say which table the player stays at (1 or more).")
        other_player_id = round_number = None
    elif kind == "no_partner":
        if other_player_id is None:
            raise TournamentError("Say which two players must not partner.")
        if other_player_id == player_id:
            raise TournamentError("Choose two different players.")
        _name(session, other_player_id)
        table = round_number = None
    else:
        if round_number is None or not 1 <= round_number <= event.rounds:
            raise TournamentError(f"Choose a round from 1 to {event.rounds}.")
        other_player_id = table = None
    c = EventConstraint(
        event_id=event_id,
        kind=kind,
        player_id=player_id,
        other_player_id=other_player_id,
        table_number=table,
        round_number=round_number,
    )
    session.add(c)
    session.commit()
    return _view(session, c)


@write_use_case
def remove_constraint(session: Session, constraint_id: int) -> ConstraintView:
    """Delete a request and commit; returns what was removed (for undo)."""
    c = session.get(EventConstraint, whole_number(constraint_id, "request number"))
    if c is None:
        raise NotFound(f"Request {constraint_id} does not exist.")
    view = _view(session, c)
    session.delete(c)
    session.commit()
    return view
