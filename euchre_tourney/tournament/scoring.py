"""Score entry use cases: record, correct and delete hands, one at a time.

Every hand is validated twice: against the game state here (the round and
table exist in the rotation, the hand number is within the round's hand
count and not yet used, a lone maker sits on the makers' side) and against
the event's rule set by :func:`euchre_tourney.rules.score_hand`. Refusals
raise :class:`InvalidHand` and store nothing; each accepted change is
committed at once.
"""

from __future__ import annotations

from sqlmodel import Session, select

from euchre_tourney.rules import HandResult, RuleViolation, Side, score_hand
from euchre_tourney.store import Entrant, EventRound, Hand, Player, Seat
from euchre_tourney.tournament.errors import NotFound, TournamentError
from euchre_tourney.tournament.common import event_rules, load_event
from euchre_tourney.tournament.readmodels import HandView, TableScoreView
from euchre_tourney.tournament.schedule import SEATS

SIDE_SEATS = {"NS": ("north", "south"), "EW": ("east", "west")}


class InvalidHand(TournamentError):
    """A hand that cannot be recorded; the message says why."""


def _round(session: Session, event_id: int, round_number: int) -> EventRound:
    event = load_event(session, event_id)
    r = session.exec(
        select(EventRound).where(EventRound.event_id == event_id, EventRound.number == round_number)
    ).first()
    if r is None:
        if not session.exec(select(EventRound.id).where(EventRound.event_id == event_id).limit(1)).first():
            raise InvalidHand("This event has no rotation yet: generate it before entering scores.")
        raise InvalidHand(f"Round {round_number} does not exist: this event has {event.rounds} rounds.")
    return r


def _tables_in_round(session: Session, round_id: int) -> list[int]:
    return sorted(set(session.exec(select(Seat.table_number).where(Seat.round_id == round_id))))


def _validate(
    session: Session,
    event_id: int,
    round_number: int,
    table: int,
    number: int,
    makers: str | Side,
    maker_tricks: int,
    alone_seat: str | None,
    defender_alone: bool,
    replacing: int | None = None,
):
    event = load_event(session, event_id)
    r = _round(session, event_id, round_number)
    tables = _tables_in_round(session, r.id)
    if table not in tables:
        raise InvalidHand(f"Table {table} does not play in round {round_number} (tables 1–{len(tables)}).")
    if not isinstance(number, int) or not 1 <= number <= event.hands_per_round:
        raise InvalidHand(
            f"Hand {number} is beyond this round: each round has {event.hands_per_round} hands."
        )
    clash = session.exec(
        select(Hand).where(Hand.round_id == r.id, Hand.table_number == table, Hand.number == number)
    ).first()
    if clash is not None and clash.id != replacing:
        raise InvalidHand(f"Hand {number} at table {table} is already recorded; correct it instead.")
    try:
        side = Side(str(makers).upper())
    except ValueError:
        raise InvalidHand("Say which side made trump: North–South (NS) or East–West (EW).") from None
    if alone_seat is not None:
        alone_seat = alone_seat.lower()
        if alone_seat not in SEATS:
            raise InvalidHand(f"{alone_seat!r} is not a seat (north, east, south, west).")
        if alone_seat not in SIDE_SEATS[side.value]:
            raise InvalidHand(f"{alone_seat.title()} is a defender: only a maker can go alone as the maker.")
    rules = event_rules(event)
    try:
        score = score_hand(rules, HandResult(side, maker_tricks, alone_seat is not None, bool(defender_alone)))
    except RuleViolation as exc:
        raise InvalidHand(exc.message) from exc
    return r, side, alone_seat, score


def _view(h: Hand, round_number: int) -> HandView:
    return HandView(
        id=h.id,
        round=round_number,
        table=h.table_number,
        number=h.number,
        makers=h.makers,
        maker_tricks=h.maker_tricks,
        alone_seat=h.alone_seat,
        defender_alone=h.defender_alone,
        scoring_side=h.scoring_side,
        points=h.points,
    )


def record_hand(
    session: Session,
    event_id: int,
    round_number: int,
    table: int,
    number: int,
    *,
    makers: str | Side,
    maker_tricks: int,
    alone_seat: str | None = None,
    defender_alone: bool = False,
) -> HandView:
    """Validate, score and store one hand; commit.

    ``makers``: "NS"/"EW"; ``maker_tricks``: 0–5; ``alone_seat``: the seat of
    a maker who went alone, or None. Returns the stored hand with its points.
    Raises :class:`InvalidHand` (nothing stored) for anything that cannot happen.
    """
    r, side, alone_seat, score = _validate(
        session, event_id, round_number, table, number, makers, maker_tricks, alone_seat, defender_alone
    )
    h = Hand(
        round_id=r.id,
        table_number=table,
        number=number,
        makers=side.value,
        maker_tricks=maker_tricks,
        alone_seat=alone_seat,
        defender_alone=bool(defender_alone),
        scoring_side=score.side.value,
        points=score.points,
    )
    session.add(h)
    session.commit()
    return _view(h, round_number)


def _load_hand(session: Session, hand_id: int) -> tuple[Hand, EventRound]:
    h = session.get(Hand, hand_id)
    if h is None:
        raise NotFound(f"Hand {hand_id} does not exist (it may have been deleted).")
    return h, session.get(EventRound, h.round_id)


def correct_hand(
    session: Session,
    hand_id: int,
    *,
    makers: str | Side,
    maker_tricks: int,
    alone_seat: str | None = None,
    defender_alone: bool = False,
    number: int | None = None,
) -> HandView:
    """Replace a recorded hand's result (validated as in :func:`record_hand`); commit."""
    h, r = _load_hand(session, hand_id)
    number = h.number if number is None else number
    _, side, alone_seat, score = _validate(
        session, r.event_id, r.number, h.table_number, number, makers, maker_tricks, alone_seat, defender_alone,
        replacing=h.id,
    )
    h.number = number
    h.makers = side.value
    h.maker_tricks = maker_tricks
    h.alone_seat = alone_seat
    h.defender_alone = bool(defender_alone)
    h.scoring_side = score.side.value
    h.points = score.points
    session.add(h)
    session.commit()
    return _view(h, r.number)


def delete_hand(session: Session, hand_id: int) -> HandView:
    """Delete a recorded hand and commit; returns what was deleted (for undo)."""
    h, r = _load_hand(session, hand_id)
    view = _view(h, r.number)
    session.delete(h)
    session.commit()
    return view


def table_score(session: Session, event_id: int, round_number: int, table: int) -> TableScoreView:
    """The hands recorded at a table in a round, with totals and the next hand number."""
    event = load_event(session, event_id)
    r = _round(session, event_id, round_number)
    seated = {
        seat: name
        for seat, name in session.exec(
            select(Seat.seat, Player.name)
            .join(Entrant, Seat.entrant_id == Entrant.id)
            .join(Player, Entrant.player_id == Player.id)
            .where(Seat.round_id == r.id, Seat.table_number == table)
        )
    }
    if len(seated) != 4:
        raise InvalidHand(f"Table {table} does not play in round {round_number}.")
    hands = [
        _view(h, round_number)
        for h in session.exec(
            select(Hand).where(Hand.round_id == r.id, Hand.table_number == table).order_by(Hand.number)
        )
    ]
    used = {h.number for h in hands}
    free = [n for n in range(1, event.hands_per_round + 1) if n not in used]
    return TableScoreView(
        event_id=event_id,
        round=round_number,
        table=table,
        names=tuple(seated[s] for s in SEATS),
        hands_per_round=event.hands_per_round,
        hands=tuple(hands),
        ns_total=sum(h.ns_points for h in hands),
        ew_total=sum(h.ew_points for h in hands),
        next_hand=free[0] if free else None,
    )


def round_progress(session: Session, event_id: int, round_number: int) -> dict[int, int]:
    """Hands recorded per table in a round: ``{table: count}`` (every table listed)."""
    r = _round(session, event_id, round_number)
    counts = {t: 0 for t in _tables_in_round(session, r.id)}
    for t in session.exec(select(Hand.table_number).where(Hand.round_id == r.id)):
        counts[t] = counts.get(t, 0) + 1
    return counts
