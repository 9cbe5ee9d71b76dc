"""Event use cases: create and edit events, check players in."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from datetime import date as Date
from datetime import datetime

from sqlalchemy import func
from sqlmodel import Session, select

from euchre_tourney.rules import NORTH_AMERICAN, RuleSet, tables
from euchre_tourney.store import Entrant, Event, EventRound, Hand, Player, RoundTimer, Section, TableResult, set_rules
from euchre_tourney.tournament.common import (
    clock_end,
    clear_rotation,
    optional_whole_number,
    plain_text,
    whole_number,
    whole_numbers,
    yes_no,
    event_rules,
    scores_recorded,
    last_played_round,
    load_event,
)
from euchre_tourney.tournament.errors import NotFound, TournamentError
from euchre_tourney.tournament.identity import collation_key, name_key
from euchre_tourney.tournament.readmodels import EntrantView, EventView, ReplanPreview
from euchre_tourney.tournament.schedule import replan_preview, replan_rotation
from euchre_tourney.tournament.side_games import apply_game
from euchre_tourney.tournament.unit_of_work import write_use_case

SIT_OUT_RULES = {
    "average": "Sit-outs are credited the average of the player's other rounds (rounded)",
    "none": "Sit-outs score nothing",
}
KINDS = ("progressive", "team")
MAX_ROUNDS = 60
MAX_HANDS = 40


def _view(session: Session, e: Event) -> EventView:
    count, sectioned = session.exec(  # one statement: whether the night is split rides along with the count
        select(func.count(), select(Section.id).where(Section.event_id == e.id).exists())
        .select_from(Entrant).where(Entrant.event_id == e.id, Entrant.checked_in == True)  # noqa: E712
    ).one()
    has_rotation = session.exec(select(EventRound.id).where(EventRound.event_id == e.id).limit(1)).first() is not None
    return EventView(
        id=e.id,
        name=e.name,
        date=e.date,
        kind=e.kind,
        rounds=e.rounds,
        hands_per_round=e.hands_per_round,
        rules=event_rules(e),
        sit_out_rule=e.sit_out_rule,
        seed=e.seed,
        entrant_count=count,
        has_rotation=has_rotation,
        last_scored_round=last_played_round(session, e.id),
        team_format=e.team_format,
        round_scoring=e.round_scoring,
        bye_rule=e.bye_rule,
        first_round_order=e.first_round_order,
        entry_mode=e.entry_mode,
        minutes_per_round=e.minutes_per_round,
        sectioned=bool(sectioned),
        **_timer_fields(session, e.id),
    )


def _timer_fields(session: Session, event_id: int) -> dict:
    timer = session.get(RoundTimer, event_id)
    if timer is None:
        return {}
    return {"timer_ends_at": timer.ends_at, "timer_left_seconds": timer.left_seconds}


@write_use_case
def save_round_timer(
    session: Session, event_id: int, *, ends_at: datetime | None = None, left_seconds: float | None = None
) -> EventView:
    """Save the event's round timer as it stands and commit: running until
    ``ends_at`` (UTC; an aware time is converted, a naive one taken as UTC),
    paused with ``left_seconds`` (0 or more) left, or reset (neither).

    Not an undoable change (the undo log leaves the timer alone): it is the
    room's clock, kept so that closing and reopening the app does not stop
    it. :class:`TournamentError` for both at once or a negative time left."""
    load_event(session, event_id)
    ends_at = clock_end(ends_at, left_seconds)
    timer = session.get(RoundTimer, event_id)
    if ends_at is None and left_seconds is None:
        if timer is not None:
            session.delete(timer)
    else:
        timer = timer or RoundTimer(event_id=event_id)
        timer.ends_at, timer.left_seconds = ends_at, None if left_seconds is None else float(left_seconds)
        session.add(timer)
    session.commit()
    return get_event(session, event_id)


def _check(name: str, rounds: int, hands_per_round: int, kind: str, sit_out_rule: str) -> str:
    name = " ".join(plain_text(name, "event name").split())
    whole_number(rounds, "number of rounds")
    whole_number(hands_per_round, "number of hands per round")
    plain_text(kind, "event kind")
    plain_text(sit_out_rule, "sit-out rule")
    if not name:
        raise TournamentError("An event needs a name.")
    if len(name) > 200:
        raise TournamentError("An event name can be at most 200 characters.")
    if kind not in KINDS:
        raise TournamentError(f"Unknown event kind {kind!r}: choose progressive or team.")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise TournamentError(f"The number of rounds must be between 1 and {MAX_ROUNDS}.")
    if not 1 <= hands_per_round <= MAX_HANDS:
        raise TournamentError(f"Hands per round must be between 1 and {MAX_HANDS}.")
    if sit_out_rule not in SIT_OUT_RULES:
        raise TournamentError(f"Unknown sit-out rule {sit_out_rule!r}: choose average or none.")
    return name


def _check_team(team_format: str, round_scoring: str, bye_rule: str, first_round_order: str) -> None:
    from euchre_tourney.tournament.team_models import BYE_RULES, FIRST_ROUND_ORDERS, ROUND_SCORINGS, TEAM_FORMATS

    for value, allowed, what in (
        (team_format, TEAM_FORMATS, "team format"),
        (round_scoring, ROUND_SCORINGS, "round scoring"),
        (bye_rule, BYE_RULES, "bye rule"),
        (first_round_order, FIRST_ROUND_ORDERS, "first-round order"),
    ):
        if value not in allowed:
            raise TournamentError(f"Unknown {what} {value!r}: choose {', '.join(allowed)}.")


def _check_date_and_rules(date: object, rules: object, *, optional: bool = False) -> None:
    if not (optional and date is None) and (not isinstance(date, Date) or isinstance(date, datetime)):
        raise TournamentError(f"The event's date must be a calendar date, not {date!r}.")
    if not (optional and rules is None) and not isinstance(rules, RuleSet):
        raise TournamentError(f"The rules must be one of the rule sets, not {rules!r}.")


@write_use_case
def create_event(
    session: Session,
    name: str,
    date: Date,
    *,
    rules: RuleSet = NORTH_AMERICAN,
    rounds: int = 8,
    hands_per_round: int = 8,
    kind: str = "progressive",
    sit_out_rule: str = "average",
    team_format: str = "round_robin",
    round_scoring: str = "hands",
    bye_rule: str = "win",
    first_round_order: str = "seed",
    entry_mode: str = "hands",
    minutes_per_round: int = 0,
    game: str | tables.TableRules = "",
) -> EventView:
    """Create an event and commit. :class:`TournamentError` for a bad value.

    ``game``: "" (four-seat euchre) or a side game of
    :data:`~.side_games.EVENT_GAMES` (six-player at tables of six, bid
    euchre, ...), by its key or as its rules with options changed.

    ``entry_mode``: "hands" (hand by hand) or "totals" (round totals per
    table, progressive events); ``minutes_per_round``: the round timer
    (0: none). See :func:`update_event`.

    Team events (``kind="team"``) also take ``team_format`` ("round_robin",
    "swiss", "king"), ``round_scoring`` ("hands", "game"), ``bye_rule``
    ("win", "none") and ``first_round_order`` ("seed", "random"); see
    :mod:`euchre_tourney.tournament.teams`."""
    name = _check(name, rounds, hands_per_round, kind, sit_out_rule)
    _check_team(team_format, round_scoring, bye_rule, first_round_order)
    _check_date_and_rules(date, rules)
    probe = Event(name=name, date=date, entry_mode="hands")
    _check_entry_settings(session, probe, entry_mode, minutes_per_round)
    if kind == "team" and entry_mode != "hands":
        raise TournamentError("Team events are entered hand by hand or as game scores, not as round totals.")
    e = Event(
        entry_mode=entry_mode,
        minutes_per_round=minutes_per_round,
        team_format=team_format,
        round_scoring=round_scoring,
        bye_rule=bye_rule,
        first_round_order=first_round_order,
        name=name,
        date=date,
        kind=kind,
        rounds=rounds,
        hands_per_round=hands_per_round,
        sit_out_rule=sit_out_rule,
    )
    set_rules(e, rules)
    apply_game(session, e, game)
    session.add(e)
    session.commit()
    return _view(session, e)


@write_use_case
def update_event(
    session: Session,
    event_id: int,
    *,
    name: str | None = None,
    date: Date | None = None,
    rules: RuleSet | None = None,
    rounds: int | None = None,
    hands_per_round: int | None = None,
    sit_out_rule: str | None = None,
    entry_mode: str | None = None,
    minutes_per_round: int | None = None,
) -> EventView:
    """Change an event's settings and commit.

    Rules, round count and hands per round are locked once a score is
    recorded (a hand, or a table's round totals); the round count also once a rotation exists (regenerate it).
    ``entry_mode`` (:data:`ENTRY_MODES`: "hands" or "totals") applies to
    the rounds with nothing entered yet (a round keeps the way its scores
    came in: :attr:`TableResultView.entry_mode`); it is locked once every
    round has a hand or a table's totals; ``minutes_per_round`` (0–600,
    0: no timer) sets the round timer.
    """
    e = load_event(session, event_id)
    _check_date_and_rules(date, rules, optional=True)
    optional_whole_number(rounds, "number of rounds")
    optional_whole_number(hands_per_round, "number of hands per round")
    for value, what in ((name, "event name"), (sit_out_rule, "sit-out rule")):
        if value is not None:
            plain_text(value, what)
    scored = scores_recorded(session, event_id)
    _check_entry_settings(session, e, entry_mode, minutes_per_round)
    has_rotation = session.exec(select(EventRound.id).where(EventRound.event_id == event_id).limit(1)).first()
    if scored and (
        (rules is not None and rules != event_rules(e))
        or (hands_per_round is not None and hands_per_round != e.hands_per_round)
    ):
        raise TournamentError("Scores have been entered: the rules and hands per round can no longer change.")
    if rounds is not None and rounds != e.rounds and has_rotation:
        raise TournamentError("The rotation is already made: clear or regenerate it to change the number of rounds.")
    new_name = _check(
        name if name is not None else e.name,
        rounds if rounds is not None else e.rounds,
        hands_per_round if hands_per_round is not None else e.hands_per_round,
        e.kind,
        sit_out_rule if sit_out_rule is not None else e.sit_out_rule,
    )
    e.name = new_name
    if date is not None:
        e.date = date
    if rules is not None:
        set_rules(e, rules)
    if rounds is not None:
        e.rounds = rounds
    if hands_per_round is not None:
        e.hands_per_round = hands_per_round
    if sit_out_rule is not None:
        e.sit_out_rule = sit_out_rule
    if entry_mode is not None:
        e.entry_mode = entry_mode
    if minutes_per_round is not None:
        e.minutes_per_round = minutes_per_round
    session.add(e)
    session.commit()
    return _view(session, e)


ENTRY_MODES = {
    "hands": "Hand by hand",
    "totals": "Round totals per table (each side's points and loners)",
}
"""How an event's scores are entered: key → what the director reads."""


def _check_entry_settings(session: Session, e, entry_mode, minutes_per_round) -> None:
    if entry_mode is not None and entry_mode not in ENTRY_MODES:
        raise TournamentError(f"Scores are entered hand by hand or as round totals, not {entry_mode!r}.")
    if minutes_per_round is not None:
        optional_whole_number(minutes_per_round, "number of minutes per round")
        if not 0 <= minutes_per_round <= 600:
            raise TournamentError("A round lasts 0 (no timer) to 600 minutes.")
    if entry_mode is not None and entry_mode != e.entry_mode and e.id is not None:
        # the new mode is for the rounds with nothing in yet; a round keeps the way it was entered
        in_round = select(EventRound.number).where(EventRound.event_id == e.id)
        scored = set(session.exec(in_round.join(Hand, Hand.round_id == EventRound.id))) | set(
            session.exec(
                in_round.join(TableResult, TableResult.round_id == EventRound.id)
                .where(TableResult.ns_points != None)  # noqa: E711
            )
        )
        if scored and not set(session.exec(in_round)) - scored:
            raise TournamentError("Every round has scores in it: the way scores are entered can no longer change.")


def get_event(session: Session, event_id: int) -> EventView:
    """One event; :class:`NotFound` if absent."""
    return _view(session, load_event(session, event_id))


def find_event(session: Session, ref: str | int) -> EventView:
    """An event by id or exact name (as typed on the command line).

    :class:`NotFound` if nothing matches; :class:`TournamentError` if the name
    matches several events (use the id)."""
    if ref.__class__ is not int and not isinstance(ref, str):
        raise TournamentError(f"Give an event's number or name, not {ref!r}.")
    wanted = str(ref).strip()
    if wanted.isdigit():
        e = session.get(Event, int(wanted))
        if e is not None:
            return _view(session, e)
    matches = list(session.exec(select(Event).where(Event.name == wanted)))
    if not matches:
        raise NotFound(f"No event has the id or name {wanted!r}.")
    if len(matches) > 1:
        ids = ", ".join(str(m.id) for m in matches)
        raise TournamentError(f"Several events are named {wanted!r} (ids {ids}); give the id instead.")
    return _view(session, matches[0])


def list_events(session: Session) -> list[EventView]:
    """All events, newest date first."""
    events = list(session.exec(select(Event).order_by(Event.date.desc(), Event.id.desc())))
    return [_view(session, e) for e in events]


@write_use_case
def delete_event(session: Session, event_id: int) -> None:
    """Delete an event with its rotation and scores, and commit."""
    e = load_event(session, event_id)
    session.delete(e)
    session.commit()


def entrants(session: Session, event_id: int) -> list[EntrantView]:
    """Every active roster player and whether they are checked in to the event
    (plus removed players who are entrants), sorted by name for people
    (:func:`.identity.collation_key`)."""
    load_event(session, event_id)
    rows = {e.player_id: e for e in session.exec(select(Entrant).where(Entrant.event_id == event_id))}
    out = []
    for p in session.exec(select(Player)):
        e = rows.get(p.id)
        if not p.active and e is None:
            continue
        out.append(
            EntrantView(
                player_id=p.id,
                name=p.name,
                checked_in=bool(e and e.checked_in),
                number=e.number if e else None,
                active=p.active,
            )
        )
    shared = Counter(name_key(v.name) for v in out)
    out = [
        replace(v, label=(f"{v.name} #{v.number}" if v.checked_in and v.number else f"{v.name} (#{v.player_id})"))
        if shared[name_key(v.name)] > 1 else v
        for v in out
    ]
    out.sort(key=lambda v: (collation_key(v.name), v.player_id))
    return out


def _apply_check_in(session: Session, event_id: int, player_ids, checked_in) -> list[int]:
    """Set the check-in flags (flushed, not committed); the ids that changed."""
    player_ids = whole_numbers(player_ids, "player number")
    checked_in = yes_no(checked_in, "checked in")
    if load_event(session, event_id).kind == "team":
        raise TournamentError("This is a team event: check teams in on the Teams page.")
    existing = {e.player_id: e for e in session.exec(select(Entrant).where(Entrant.event_id == event_id))}
    changes = [pid for pid in player_ids if bool(existing.get(pid) and existing[pid].checked_in) != checked_in]
    for pid in changes:
        p = session.get(Player, pid)
        if p is None:
            raise NotFound(f"There is no player number {pid}.")
        if checked_in and not p.active:
            raise TournamentError(f"{p.name} has been removed from the roster; restore them first.")
        e = existing.get(pid)
        if e is None:
            e = Entrant(event_id=event_id, player_id=pid, checked_in=checked_in)
        else:
            e.checked_in = checked_in
        session.add(e)
    session.flush()
    return changes


@write_use_case
def set_checked_in(
    session: Session, event_id: int, player_ids: list[int] | int, checked_in: bool = True, *, replan: str = "keep"
) -> EventView:
    """Check players in (or out) and commit.

    Before any score: an existing rotation is discarded (generate it again).
    Once scores are recorded (hands, or a table's round totals): the change
    takes effect from the next round without a score; played rounds stay as they were and the rest of the
    rotation is re-planned at once (:func:`~euchre_tourney.tournament.schedule.replan_rotation`
    with ``mode=replan``: ``"keep"`` moves as few other players as possible,
    ``"rebalance"`` re-optimizes every later round).
    Raises :class:`TournamentError` if fewer than 4 players would remain, or
    for ``player_ids`` not ints or ``checked_in`` not a real bool.
    """
    changes = _apply_check_in(session, event_id, player_ids, checked_in)
    if not changes:
        return get_event(session, event_id)
    if scores_recorded(session, event_id):
        try:
            replan_rotation(session, event_id, mode=replan)
        except BaseException:
            session.rollback()
            raise
    else:
        clear_rotation(session, event_id)
        session.commit()
    return get_event(session, event_id)


def preview_check_in(session: Session, event_id: int, player_ids: list[int] | int, checked_in: bool = True) -> ReplanPreview:
    """What checking players in (or out) after scores would do to the rounds
    not yet played, both ways (:class:`ReplanPreview`); changes nothing.
    :class:`TournamentError` as :func:`set_checked_in`, or when no round has
    scores yet."""
    try:
        _apply_check_in(session, event_id, player_ids, checked_in)
        return replan_preview(session, event_id)
    finally:
        session.rollback()
