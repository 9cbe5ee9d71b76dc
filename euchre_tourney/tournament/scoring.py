"""Score entry use cases: record, correct and delete hands, one at a time.

Every hand is validated twice: against the game state here (the round and
table exist in the rotation, the hand number is within the round's hand
count and not yet used, a lone maker sits on the makers' side) and against
the event's rule set by :func:`euchre_tourney.rules.score_hand`. Refusals
raise :class:`InvalidHand` and store nothing; each accepted change is
committed at once, with its audit row.

Several stations (:mod:`.stations`): a hand remembers the station that
recorded it; the second station to save the same hand gets
:class:`~.stations.AlreadyRecorded`; a correction or deletion may name the
``expected_version`` it was made on and is refused as
:class:`~.stations.StaleHand` if the hand changed since; a locked round
refuses every change (:class:`~.stations.RoundLocked`).
"""

from __future__ import annotations

from sqlalchemy import delete, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from euchre_tourney.rules import SEATS, GameScore, HandEntry, HandScore, RuleViolation, Seat, Side, game_winner
from euchre_tourney.store import Entrant, EventRound, Hand, HandAudit, Player, Seating, TeamGame, table_rules_of
from euchre_tourney.tournament.common import event_rules, load_event, whole_number
from euchre_tourney.tournament.identity import labels_of
from euchre_tourney.tournament.errors import InvalidHand, NotFound, TournamentError
from euchre_tourney.tournament.readmodels import HandView, TableScoreView
from euchre_tourney.tournament.stations import (
    AlreadyRecorded,
    StaleHand,
    audit,
    check_unlocked,
    describe_entry,
    describe_hand,
    round_for_write,
    stale_hand,
    station_of,
)
from euchre_tourney.tournament.side_games import stored_hand_words
from euchre_tourney.tournament.teams import team_names_at
from euchre_tourney.tournament.unit_of_work import write_use_case


def _round(session: Session, event_id: int, round_number: int, *, for_write: bool = False) -> EventRound:
    """The round (``for_write``: read afresh and locked, :func:`~.stations.round_for_write`)."""
    event = load_event(session, event_id)
    _whole(round_number, "round")
    where = (EventRound.event_id == event_id, EventRound.number == round_number)
    r = round_for_write(session, *where) if for_write else session.exec(select(EventRound).where(*where)).first()
    if r is None:
        if not session.exec(select(EventRound.id).where(EventRound.event_id == event_id).limit(1)).first():
            raise InvalidHand("This event has no rotation yet: generate it before entering scores.")
        raise InvalidHand(f"Round {round_number} does not exist: this event has {event.rounds} rounds.")
    return r


def _tables_in_round(session: Session, round_id: int) -> list[int]:
    return sorted(set(session.exec(select(Seating.table_number).where(Seating.round_id == round_id))))


def _validate(
    session: Session,
    event_id: int,
    round_number: int,
    table: int,
    number: int,
    entry: HandEntry,
    replacing: int | None = None,
) -> tuple[EventRound, HandScore]:
    if not isinstance(entry, HandEntry):
        raise InvalidHand(f"A hand must be given as a HandEntry, not {type(entry).__name__}.")
    for value, what in ((round_number, "round"), (table, "table"), (number, "hand number")):
        _whole(value, what)
    event = load_event(session, event_id)
    game = table_rules_of(event)
    if game is not None:
        raise InvalidHand(f"This event is {game.title}: enter its hands with the side, the tricks and the bid.")
    r = _round(session, event_id, round_number, for_write=True)
    check_unlocked(r)
    seated = select(Seating.id).where(Seating.round_id == r.id, Seating.table_number == table).limit(1)
    if session.exec(seated).first() is None:  # (the room's tables are read only to say how many there are)
        tables = _tables_in_round(session, r.id)
        raise InvalidHand(f"Table {table} does not play in round {round_number} (tables 1–{len(tables)}).")
    game = event.kind == "team" and event.round_scoring == "game"
    if game:
        if not 1 <= number <= MAX_GAME_HANDS:
            raise InvalidHand(f"Hand {number} is beyond any game: a game has at most {MAX_GAME_HANDS} hands.")
    elif not 1 <= number <= event.hands_per_round:
        raise InvalidHand(
            f"Hand {number} is beyond this round: each round has {event.hands_per_round} hands."
        )
    clash = session.exec(
        select(Hand).where(Hand.round_id == r.id, Hand.table_number == table, Hand.number == number)
    ).first()
    if clash is not None and clash.id != replacing:
        raise _already(clash, round_number)
    try:
        score = entry.score(event_rules(event))
        if game:
            _check_game_hand(session, event, r, table, replacing, score)
    except RuleViolation as exc:
        raise InvalidHand(exc.message) from exc
    return r, score


MAX_GAME_HANDS = 40
"""Team events scored by games to the target: the most hands one game may record."""


def _check_game_hand(session: Session, event, r: EventRound, table: int, replacing: int | None, score: HandScore) -> None:
    """A game-to-the-target table: no hand once its final score is entered
    or once a side has won (``RuleViolation`` from :meth:`GameScore.add`)."""
    if session.exec(select(TeamGame.id).where(TeamGame.round_id == r.id, TeamGame.table_number == table)).first():
        raise InvalidHand(f"Table {table}'s final score is entered: delete it on the Teams page to enter hands.")
    game = GameScore()
    rules = event_rules(event)
    for h in session.exec(
        select(Hand).where(Hand.round_id == r.id, Hand.table_number == table).order_by(Hand.number)
    ):
        if h.id != replacing:
            game = game.add(rules, HandScore(Side(h.scoring_side), h.points, False, False))
    game.add(rules, score)


def entry_of(h: Hand) -> HandEntry:
    """The :class:`HandEntry` a stored hand row records (the inverse of
    :func:`_store`)."""
    return HandEntry(
        Side(h.makers),
        h.maker_tricks,
        Seat.parse(h.alone_seat) if h.alone_seat else None,
        bool(h.defender_alone),
    )


def _store(h: Hand, entry: HandEntry, score: HandScore) -> None:
    """Write ``entry`` and its ``score`` into the row ``h`` (stored text
    forms: ``"NS"``/``"EW"``, :attr:`Seat.key`)."""
    h.makers = entry.makers.value
    h.maker_tricks = entry.maker_tricks
    h.alone_seat = entry.alone_seat.key if entry.alone_seat is not None else None
    h.defender_alone = entry.defender_alone
    h.scoring_side = score.side.value
    h.points = score.points


def _view(h: Hand, round_number: int) -> HandView:
    return HandView(
        id=h.id,
        round=round_number,
        table=h.table_number,
        number=h.number,
        entry=entry_of(h),
        scoring_side=Side(h.scoring_side),
        points=h.points,
        station=h.station or "",
        version=h.version or 1,
    )


def _already(clash: Hand, round_number: int) -> AlreadyRecorded:
    stored = _view(clash, round_number)
    at = f" at station {stored.station}" if stored.station else ""
    return AlreadyRecorded(
        f"Hand {stored.number} at table {stored.table} is already recorded{at}: {describe_hand(stored)}. "
        "Nothing was saved; if the stored hand is wrong, correct it.",
        stored,
    )


def _slot(session: Session, round_id: int, table: int, number: int) -> Hand | None:
    return session.exec(
        select(Hand).where(Hand.round_id == round_id, Hand.table_number == table, Hand.number == number)
    ).first()


def _stale(session: Session, now: HandView, proposed: str, doing: str) -> StaleHand:
    return stale_hand(session, now, describe_hand(now), proposed, doing, now)


@write_use_case
def record_hand(
    session: Session,
    event_id: int,
    round_number: int,
    table: int,
    number: int,
    entry: HandEntry,
) -> HandView:
    """Validate, score and store one hand; commit.

    ``entry``: the :class:`~euchre_tourney.rules.HandEntry` as typed (makers,
    tricks, the lone maker's seat, a lone defender); ``round_number``,
    ``table`` and ``number`` (the hand within the round, from 1): ints.
    Returns the stored hand with its points (scored by
    :meth:`HandEntry.score`, the call the Scores page previews with) and the
    station that saved it (``session.info["station"]``).
    Raises :class:`InvalidHand` (nothing stored) for anything that cannot
    happen or is not of these types; its kind :class:`~.stations.AlreadyRecorded`
    when the hand is already stored (at this or another station: the message
    names the station and the stored values); :class:`~.stations.RoundLocked`
    for a locked round.
    """
    r, score = _validate(session, event_id, round_number, table, number, entry)
    h = Hand(round_id=r.id, table_number=table, number=number, station=station_of(session)[:60])
    _store(h, entry, score)
    session.add(h)
    try:
        session.flush()
    except IntegrityError:  # another station saved this hand since we looked
        session.rollback()
        clash = _slot(session, r.id, table, number)
        if clash is None:
            raise
        raise _already(clash, round_number) from None
    view = _view(h, round_number)
    audit(session, event_id, "record", round_number, new=view)
    session.commit()
    return view


def _whole(value: object, what: str) -> int:
    try:
        return whole_number(value, what)
    except TournamentError as exc:
        raise InvalidHand(exc.message) from None


def _load_hand(session: Session, hand_id: int) -> tuple[Hand, EventRound]:
    h = session.get(Hand, _whole(hand_id, "hand's id"))
    if h is None:
        raise NotFound(f"Hand {hand_id} does not exist (it may have been deleted).")
    return h, round_for_write(session, EventRound.id == h.round_id)


@write_use_case
def correct_hand(
    session: Session,
    hand_id: int,
    entry: HandEntry,
    *,
    number: int | None = None,
    expected_version: int | None = None,
) -> HandView:
    """Replace a recorded hand's result with ``entry`` (and optionally its
    hand ``number``), validated as in :func:`record_hand`; commit, with an
    audit row (old → new, this station). ``expected_version``: the
    :attr:`HandView.version` the correction was made on (None: whatever is
    stored). Raises :class:`InvalidHand` (nothing changed), its kinds
    :class:`~.stations.StaleHand` (changed elsewhere since: both values in
    the message), :class:`~.stations.RoundLocked`, or :class:`NotFound`."""
    h, r = _load_hand(session, hand_id)
    check_unlocked(r)
    old = _view(h, r.number)
    if expected_version is not None and old.version != expected_version:
        raise _stale(session, old, describe_entry(entry), "your correction says")
    number = h.number if number is None else number
    _, score = _validate(session, r.event_id, r.number, h.table_number, number, entry, replacing=h.id)
    new = Hand(round_id=r.id, table_number=h.table_number, number=number, station=h.station, version=old.version + 1)
    _store(new, entry, score)
    columns = ("number", "makers", "maker_tricks", "alone_seat", "defender_alone", "scoring_side", "points", "version")
    guarded = update(Hand).where(Hand.id == h.id, Hand.version == old.version)
    try:
        changed = session.execute(
            guarded.values({c: getattr(new, c) for c in columns}).execution_options(synchronize_session=False)
        ).rowcount
    except IntegrityError:  # the new hand number was taken at another station meanwhile
        session.rollback()
        clash = _slot(session, r.id, h.table_number, number)
        if clash is None:
            raise
        raise _already(clash, r.number) from None
    if changed != 1:  # corrected or deleted at another station between our read and our write
        session.rollback()
        return _refuse_stale(session, hand_id, describe_entry(entry), "your correction says")
    new.id = h.id
    view = _view(new, r.number)
    audit(session, r.event_id, "correct", r.number, old=old, new=view)
    session.commit()
    session.expire(h)
    return view


def _refuse_stale(session: Session, hand_id: int, proposed: str, doing: str):
    h, r = _load_hand(session, hand_id)  # NotFound if it was deleted meanwhile
    raise _stale(session, _view(h, r.number), proposed, doing)


@write_use_case
def delete_hand(session: Session, hand_id: int, *, expected_version: int | None = None) -> HandView:
    """Delete a recorded hand and commit, with an audit row; returns what
    was deleted (for undo). ``expected_version`` as in :func:`correct_hand`
    (:class:`~.stations.StaleHand` if it changed since); a locked round
    refuses (:class:`~.stations.RoundLocked`)."""
    h, r = _load_hand(session, hand_id)
    check_unlocked(r)
    view = _view(h, r.number)
    if expected_version is not None and view.version != expected_version:
        raise _stale(session, view, "", "you asked to delete it")
    side_words = stored_hand_words(session, r.event_id, {c.name: getattr(h, c.name) for c in Hand.__table__.columns})
    gone = session.execute(
        delete(Hand).where(Hand.id == h.id, Hand.version == view.version).execution_options(synchronize_session=False)
    ).rowcount
    if gone != 1:
        session.rollback()
        return _refuse_stale(session, hand_id, "", "you asked to delete it")
    if side_words is not None:  # a side game's hand: its history says it in the game's words, with the names
        session.add(HandAudit(event_id=r.event_id, round_number=r.number, table_number=view.table, hand_number=view.number,
                              hand_id=view.id, action="delete", station=station_of(session)[:60], old=side_words[:200]))
    else:
        audit(session, r.event_id, "delete", r.number, old=view)
    session.commit()
    session.expunge(h)
    return view


def table_score(session: Session, event_id: int, round_number: int, table: int, *,
                _row: EventRound | None = None) -> TableScoreView:
    """The hands recorded at a table in a round, with totals and the next hand number (``_row``: the round's
    row when the caller read it in this session, a table's page)."""
    event = load_event(session, event_id)
    r = _row if _row is not None and _row.event_id == event_id and _row.number == round_number else \
        _round(session, event_id, round_number)
    _whole(table, "table")
    tonight = (Entrant.checked_in == True) | (Entrant.number != None)  # noqa: E711,E712 - the night's players
    at_table = session.exec(  # the four seated, with their names (a player not of tonight is shown "?", as before)
        select(Seating.seat, Seating.entrant_id, Player.name, Entrant.number, tonight)
        .join(Entrant, Seating.entrant_id == Entrant.id).join(Player, Entrant.player_id == Player.id)
        .where(Seating.round_id == r.id, Seating.table_number == table)
    ).all()
    # "Bob Miller #7" when another player of the night shares the name: the night's names, one column, are
    # counted for these four names only (labels of the whole night made a label for each of 2,000 players)
    names = session.exec(select(Player.name).join(Entrant, Entrant.player_id == Player.id)
                         .where(Entrant.event_id == event_id, tonight)).all()
    shown = labels_of([(e, name, number) for _s, e, name, number, here in at_table if here], names)
    seated = {Seat.parse(seat): shown.get(entrant_id, "?") for seat, entrant_id, *_rest in at_table}
    if len(seated) != 4:
        raise InvalidHand(f"Table {table} does not play in round {round_number}.")
    teams = ("", "")
    if event.kind == "team":  # name the two teams, as the team tally sheet does
        teams = team_names_at(session, event_id, r.id, table)
    hands = [
        _view(h, round_number)
        for h in session.exec(
            select(Hand).where(Hand.round_id == r.id, Hand.table_number == table).order_by(Hand.number)
        )
    ]
    used = {h.number for h in hands}
    game = event.kind == "team" and event.round_scoring == "game"
    limit = MAX_GAME_HANDS if game else event.hands_per_round
    free = [n for n in range(1, limit + 1) if n not in used]
    ns_total, ew_total = sum(h.ns_points for h in hands), sum(h.ew_points for h in hands)
    winner = game_winner(event_rules(event), ns_total, ew_total) if game else None
    if winner is not None:
        free = []
    return TableScoreView(
        event_id=event_id,
        round=round_number,
        table=table,
        names=tuple(seated[s] for s in SEATS),
        hands_per_round=limit,
        hands=tuple(hands),
        ns_total=ns_total,
        ew_total=ew_total,
        next_hand=free[0] if free else None,
        game_target=event_rules(event).target if game else None,
        game_winner=winner,
        teams=teams,
    )


def round_progress(session: Session, event_id: int, round_number: int) -> dict[int, int]:
    """Hands recorded per table in a round: ``{table: count}`` (every table listed)."""
    r = _round(session, event_id, round_number)
    counts = {t: 0 for t in _tables_in_round(session, r.id)}
    for t in session.exec(select(Hand.table_number).where(Hand.round_id == r.id)):
        counts[t] = counts.get(t, 0) + 1
    return counts
