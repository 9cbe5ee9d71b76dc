"""Rotation use cases: generate and store an event's rotation, and show it.

The rotation itself comes from :mod:`euchre_tourney.rotation`; this module
numbers the night's players, stores rounds, seats and sit-outs, and builds the
views for the screen, the scorecards and the tally sheets.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass

from sqlmodel import Session, select

from euchre_tourney import rotation
from euchre_tourney.rules import SEATS, Seat, seat_at, side_of_position, side_positions
from euchre_tourney.store import Entrant, EventConstraint, EventRound, Hand, Player, Seating, SitOut, TableResult
from euchre_tourney.tournament.common import (
    clear_rotation,
    scores_recorded,
    last_played_round,
    load_event,
    optional_whole_number,
    whole_number,
)
from euchre_tourney.tournament.errors import NotFound, TournamentError
from euchre_tourney.tournament.identity import labels
from euchre_tourney.tournament.readmodels import (
    PlayerRoundView,
    ReplanPreview,
    RotationView,
    RoundView,
    ScorecardView,
    TableView,
    TallySheetView,
)
from euchre_tourney.tournament import side_games
from euchre_tourney.tournament import sections as _sections
from euchre_tourney.tournament.unit_of_work import insert_rows, write_use_case



@write_use_case
def generate_rotation(
    session: Session,
    event_id: int,
    *,
    seed: int | None = None,
    progress: Callable[[float], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> RotationView:
    """Generate and store the whole rotation for the checked-in players; commit.

    ``seed``: None keeps the event's seed (first time: a random one). The
    night's player numbers 1..N follow the names alphabetically. Raises
    :class:`TournamentError` with fewer than 4 players checked in, or once
    scores are recorded (hands, or a table's round totals); ``rotation.Cancelled`` if ``cancel()`` turns true.
    """
    event = load_event(session, event_id)
    optional_whole_number(seed, "rotation number (seed)")
    if event.kind != "progressive":
        raise TournamentError("Only progressive events have an individual rotation.")
    if scores_recorded(session, event_id):
        raise TournamentError("Scores have been entered: the rotation can no longer be regenerated.")
    if side_games.is_six(event):  # tables of six: rotation.six_rotation
        if seed is None:
            seed = event.seed if event.seed is not None else random.SystemRandom().randrange(1, 10**6)
        side_games.generate_six(session, event, seed, rotation_constraints(session, event_id))
        session.commit()
        return rotation_view(session, event_id)
    rows = list(
        session.exec(
            select(Entrant, Player)
            .join(Player, Entrant.player_id == Player.id)
            .where(Entrant.event_id == event_id, Entrant.checked_in == True)  # noqa: E712
        )
    )
    if len(rows) < 4:
        raise TournamentError(f"Check in at least 4 players first ({len(rows)} checked in).")
    rows.sort(key=lambda ep: (ep[1].name.casefold(), ep[1].id))
    for number, (entrant, _player) in enumerate(rows, start=1):
        entrant.number = number
        session.add(entrant)
    if seed is None:
        seed = event.seed if event.seed is not None else random.SystemRandom().randrange(1, 10**6)
    ids = [e.id for e, _ in rows]
    constraints = rotation_constraints(session, event_id)
    if _sections.place_newcomers(session, event_id) or _sections.list_sections(session, event_id):
        schedule = _sectioned_rotation(session, event_id, ids, event.rounds, seed, constraints, progress, cancel)
    else:
        schedule = rotation.progressive(
            ids, event.rounds, seed, constraints=constraints, progress=progress, cancel=cancel
        )
    clear_rotation(session, event_id)
    _store_rounds(session, event_id, schedule.rounds)
    event.seed = seed
    session.add(event)
    session.commit()
    return rotation_view(session, event_id)


def _groups(session: Session, event_id: int, ids: list[int]) -> list[tuple[_sections.SectionView, list[int]]]:
    """Each section with its checked-in players among ``ids`` (in ``ids``'
    order); :class:`TournamentError` for a section under one table."""
    secs = _sections.list_sections(session, event_id)
    out = []
    for sec in secs:
        group = [i for i in ids if i in sec.members]
        if len(group) < 4:
            raise TournamentError(
                f"{sec.title} has {len(group)} players checked in: a section needs at least a table of 4. "
                "Split the night again or move players into it."
            )
        out.append((sec, group))
    return out


def _sectioned_rotation(session, event_id, ids, rounds, seed, constraints, progress, cancel) -> rotation.Schedule:
    """One rotation per section (:func:`rotation.sectioned`), merged into the night's."""
    groups = _groups(session, event_id, ids)
    schedules = rotation.sectioned(
        [g for _s, g in groups],
        rounds,
        seed,
        offsets=[sec.first_table for sec, _g in groups],
        constraints=[rotation.constraints_within(constraints, set(g)) for _s, g in groups],
        progress=progress,
        cancel=cancel,
    )
    return rotation.merge_sections(schedules)


def section_bounds(secs) -> list[tuple[_sections.SectionView, int, int | None]]:
    """Each section with the stored table numbers it owns: (section, above
    this, up to this; None: no end)."""
    ordered = sorted(secs, key=lambda s: s.first_table)
    return [(sec, sec.first_table, ordered[k + 1].first_table if k + 1 < len(ordered) else None) for k, sec in enumerate(ordered)]


def sections_played_upto(session: Session, event_id: int, secs) -> dict[int, int]:
    """Section id → the highest round with a hand or round totals at one
    of its tables (0 if none): two grouped queries for the whole night."""
    from sqlalchemy import func

    last: dict[int, int] = {}
    for model, extra in ((Hand, ()), (TableResult, (TableResult.ns_points != None,))):  # noqa: E711
        for table, number in session.exec(
            select(model.table_number, func.max(EventRound.number))
            .join(EventRound, model.round_id == EventRound.id)
            .where(EventRound.event_id == event_id, *extra)
            .group_by(model.table_number)
        ):
            owner = _sections.section_of_table(secs, table)
            if owner is not None:
                last[owner.id] = max(last.get(owner.id, 0), number)
    return {sec.id: last.get(sec.id, 0) for sec in secs}


def section_part(schedule: rotation.Schedule, secs, sec) -> rotation.Schedule:
    """Section ``sec``'s part of the night's ``schedule``, its tables
    numbered within it: the tables in its range of numbers, whoever sat
    there (a player moved to another section keeps his rounds played here:
    :func:`rotation.split_section` with ``upto``)."""
    high = next((b[2] for b in section_bounds(secs) if b[0].id == sec.id), None)
    return rotation.split_section(schedule, set(sec.members), sec.first_table, 10**9 if high is None else high)


def _plan_sections(session: Session, event_id: int, mode: str, progress=None, cancel=None, *, force=(), floor: int = 0):
    """A split night's re-plan: newcomers placed in the section with room
    (:func:`.sections.place_newcomers`), then each section whose players
    changed re-planned from its own last played round, as one night is;
    the other sections untouched. ``force``: ids of sections to look at
    even when their members seem unchanged (a player moved out of one);
    ``floor``: re-plan no round up to this one (a player moved between two
    sections at different rounds joins the new one after the later of
    their rounds). Returns [(section, played up to, its stored schedule,
    its re-planned schedule — tables numbered within the section)] for the
    sections that change; stores nothing."""
    if mode not in REPLAN_MODES:
        raise TournamentError(f"Re-plan either keeping seats or re-balancing, not {mode!r}.")
    event = load_event(session, event_id)
    _sections.place_newcomers(session, event_id)
    stored = load_schedule(session, event_id)
    rows = list(session.exec(select(Entrant).where(Entrant.event_id == event_id)))
    next_number = max((e.number or 0 for e in rows), default=0)
    for e in sorted((e for e in rows if e.number is None and e.checked_in), key=lambda e: e.id):
        next_number += 1
        e.number = next_number
        session.add(e)
    session.flush()
    checked = {e.id: e.number for e in rows if e.checked_in}
    constraints = rotation_constraints(session, event_id)
    secs = _sections.list_sections(session, event_id)
    last_round = set(stored.schedule.rounds[-1].players()) if stored.schedule.rounds else set()
    changed = [
        sec for sec in secs
        if sec.id in force or {i for i in sec.members if i in last_round} != {i for i in sec.members if i in checked}
    ]
    played = sections_played_upto(session, event_id, changed) if changed else {}
    out = []
    for sec in changed:  # a section where nobody came or went keeps every seat (and costs nothing)
        part = section_part(stored.schedule, secs, sec)
        now = sorted((i for i in sec.members if i in checked), key=lambda i: checked[i])
        if not part.rounds:
            continue
        played_upto = max(played[sec.id], floor)
        if played_upto >= event.rounds:
            continue
        planned = set(part.rounds[played_upto].players()) if played_upto < len(part.rounds) else set()
        if planned == set(now):
            continue
        if len(now) < 4:
            raise TournamentError(f"{sec.title} would keep {len(now)} players: at least 4 must stay checked in.")
        seed = (event.seed or 0) + played_upto + sec.position
        mine = rotation.constraints_within(constraints, set(sec.members))
        if mode == "keep" and len(part.rounds) == event.rounds:
            new = rotation.keep_seats(part, played_upto, now, seed, sit_out=mine.sit_out)
        else:
            played = [r for r in part.rounds if r.number <= played_upto]
            new = rotation.replan(played, now, event.rounds, seed, mine, progress=progress, cancel=cancel)
        for old_r, new_r in zip(part.rounds[:played_upto], new.rounds):  # never rewrite history
            if (old_r.tables, old_r.sit_out) != (new_r.tables, new_r.sit_out):
                raise AssertionError(f"re-planning changed played round {old_r.number} of {sec.title}")
        out.append((sec, played_upto, part, new))
    return out


def _store_section_plan(session: Session, event_id: int, plans) -> None:
    """Replace the seats and sit-outs of each re-planned section's later
    rounds (the other sections' rows stay as they are)."""
    from sqlalchemy import delete

    round_ids = dict(session.exec(select(EventRound.number, EventRound.id).where(EventRound.event_id == event_id)).all())
    bounds = {b[0].id: b for b in section_bounds(_sections.list_sections(session, event_id))} if plans else {}
    for sec, played_upto, _old, new in plans:  # every section's old rows go first (a player moved between two)
        later = [round_ids[r.number] for r in new.rounds if r.number > played_upto and r.number in round_ids]
        _s, low, high = bounds[sec.id]
        mine = Seating.table_number > low if high is None else (Seating.table_number > low) & (Seating.table_number <= high)
        # Core deletes of exactly this section's later rows (the unit of work reads them first: undo puts them back)
        session.execute(delete(Seating).where(Seating.round_id.in_(later), mine))
        session.execute(delete(SitOut).where(SitOut.round_id.in_(later), SitOut.entrant_id.in_(sorted(sec.members))))
    session.flush()
    for sec, played_upto, _old, new in plans:
        shifted = rotation.offset_tables(new, sec.first_table)
        seats, sits = [], []
        for rnd in shifted.rounds:
            if rnd.number <= played_upto or rnd.number not in round_ids:
                continue
            rid = round_ids[rnd.number]
            for t in rnd.tables:
                for seat, entrant_id in zip(SEATS, t.seats):
                    seats.append({"round_id": rid, "table_number": t.number, "seat": seat.key, "entrant_id": entrant_id})
            sits.extend({"round_id": rid, "entrant_id": e} for e in rnd.sit_out)
        insert_rows(session, Seating.__table__, seats, ordered=False)  # type: ignore[attr-defined]
        insert_rows(session, SitOut.__table__, sits, ordered=False)  # type: ignore[attr-defined]


@write_use_case
def move_to_section(session: Session, event_id: int, player_id: int, section: str) -> _sections.SectionMove:
    """Move a player of a night split into sections into ``section``; commit.

    Before the rotation is made, only his section changes. After it, the
    two sections concerned are re-planned from the round after the later
    of their last played rounds, keeping every seat the balance allows
    (:func:`euchre_tourney.rotation.keep_seats`: he leaves his old section
    as a leaver does and joins the new one as a late arrival does); the
    other sections keep every seat; rounds played stay as played (his
    rounds in his old section count there). Through the unit of work like
    every write (the one guard; Edit ▸ Undo puts everything back).

    :class:`TournamentError` in words, nothing changed, when he already
    plays there, the section is full (:func:`.sections.section_seats`), his old
    section would keep under 4 players, every round is played, or a round
    still to re-plan is locked (for the room or for either section);
    :class:`NotFound` for an unknown player or section."""
    from euchre_tourney.store import Event

    event = load_event(session, event_id)
    secs = _sections.list_sections(session, event_id)
    if not secs:
        raise TournamentError("This night is not split into sections: there is no section to move a player to.")
    target = _sections.section_named(secs, section)
    found = session.exec(
        select(Entrant, Player.name).join(Player, Entrant.player_id == Player.id).where(
            Entrant.event_id == event_id, Entrant.player_id == whole_number(player_id, "player number")
        )
    ).first()
    if found is None:
        raise NotFound("That player is not in this event.")
    e, name = found
    source = next((x for x in secs if x.id == e.section_id), None)
    if source is not None and source.id == target.id:
        raise TournamentError(f"{name} already plays in section {target.name}.")
    if e.checked_in:
        if target.players >= _sections.section_seats(target):
            raise TournamentError(
                f"Section {target.name} is full: {target.players} players at the tables it has "
                f"({_sections.section_seats(target)} seats with its spare table). Move someone out of it first, or choose "
                "another section.")
        if source is not None and source.players - 1 < 4:
            raise TournamentError(
                f"Section {source.name} would keep {source.players - 1} players: at least 4 must stay to fill a table.")
    came_from = source.name if source is not None else "none"
    rounds_made = _has_rounds(session, event_id)
    if not rounds_made or not e.checked_in or source is None:
        e.section_id = target.id
        session.add(e)
        session.commit()
        return _sections.SectionMove(name, came_from, target.name, None, (), 0)
    both = [source, target]
    played = sections_played_upto(session, event_id, both)
    floor = max(played.values())
    total = session.get(Event, event_id).rounds
    if floor >= total:
        raise TournamentError(f"Every round is played in section {source.name if played[source.id] >= total else target.name}: "
                              "there is no round left to move a player into.")
    locks = _sections.section_locks(session, event_id)
    room_locked = {
        r.number for r in session.exec(select(EventRound).where(EventRound.event_id == event_id, EventRound.locked == True))  # noqa: E712
    }
    for number in range(floor + 1, total + 1):
        for sec in both:
            if number in room_locked or number in locks.get(sec.name, ()):
                raise TournamentError(
                    f"Round {number} is locked for section {sec.name}: its seats stay as printed. Unlock it first, "
                    f"or move {name} once it is played.")
    e.section_id = target.id
    session.add(e)
    session.flush()
    plans = [
        plan for plan in _plan_sections(session, event_id, "keep", force={source.id, target.id}, floor=floor)
        if plan[0].id in (source.id, target.id)
    ]
    _store_section_plan(session, event_id, plans)
    changed = sum(len(rotation.future_changes(old, new, upto)) for _s, upto, old, new in plans)
    session.commit()
    return _sections.SectionMove(name, came_from, target.name, floor + 1, tuple(sorted(p[0].name for p in plans)), changed)


def _has_rounds(session: Session, event_id: int) -> bool:
    return session.exec(select(EventRound.id).where(EventRound.event_id == event_id).limit(1)).first() is not None


#: how the rounds not yet played are re-planned after a change of players:
#: "keep" moves as few seats as the balance allows (late arrivals take
#: sit-outs or swap into one seat, a leaver's seat goes to that round's
#: sit-out; :func:`rotation.keep_seats`), "rebalance" re-optimizes every later
#: round (:func:`rotation.replan`)
REPLAN_MODES = ("keep", "rebalance")


def _plan_rest(session: Session, event_id: int, mode: str, progress=None, cancel=None):
    """(played rounds, stored schedule, re-planned schedule) for the players
    checked in now, without storing anything. New entrants get the next
    numbers (flushed, not committed)."""
    if mode not in REPLAN_MODES:
        raise TournamentError(f"Re-plan either keeping seats or re-balancing, not {mode!r}.")
    event = load_event(session, event_id)
    played_upto = last_played_round(session, event_id)
    if played_upto >= event.rounds:
        raise TournamentError("Every round has scores: there is nothing left to re-plan.")
    stored = load_schedule(session, event_id)
    rows = list(
        session.exec(select(Entrant).where(Entrant.event_id == event_id, Entrant.checked_in == True))  # noqa: E712
    )
    if len(rows) < 4:
        raise TournamentError(f"At least 4 players must stay checked in ({len(rows)} are).")
    next_number = max((e.number or 0 for e in session.exec(select(Entrant).where(Entrant.event_id == event_id))), default=0)
    for e in sorted((e for e in rows if e.number is None), key=lambda e: e.id):
        next_number += 1
        e.number = next_number
        session.add(e)
    session.flush()
    seed = (event.seed or 0) + played_upto
    constraints = rotation_constraints(session, event_id)
    now = [e.id for e in sorted(rows, key=lambda e: e.number)]
    if mode == "keep" and len(stored.schedule.rounds) == event.rounds:
        schedule = rotation.keep_seats(stored.schedule, played_upto, now, seed, sit_out=constraints.sit_out)
    else:
        played = [r for r in stored.schedule.rounds if r.number <= played_upto]
        schedule = rotation.replan(played, now, event.rounds, seed, constraints, progress=progress, cancel=cancel)
    for old, new in zip(stored.schedule.rounds[:played_upto], schedule.rounds):  # never rewrite history
        if (old.tables, old.sit_out) != (new.tables, new.sit_out):
            raise AssertionError(f"re-planning changed played round {old.number}")
    return played_upto, stored.schedule, schedule


def replan_preview(session: Session, event_id: int) -> ReplanPreview:
    """How many players' later rounds each way of re-planning would change
    for the players checked in now (pending changes in ``session`` included);
    stores nothing. Same errors as :func:`replan_rotation`; also when no hand
    is recorded yet (then the rotation is simply made again)."""
    if last_played_round(session, event_id) == 0:
        raise TournamentError("No round has scores yet: make the rotation again instead.")
    if _sections.list_sections(session, event_id):
        counts, first, players = {}, None, 0
        for mode in REPLAN_MODES:
            plans = _plan_sections(session, event_id, mode)
            counts[mode] = sum(len(rotation.future_changes(old, new, upto)) for _s, upto, old, new in plans)
            for _s, upto, _old, new in plans:
                first = upto + 1 if first is None else min(first, upto + 1)
            players = sum(sum(1 for _ in new.rounds[upto].players()) for _s, upto, _old, new in plans)
        return ReplanPreview(
            from_round=first or last_played_round(session, event_id) + 1,
            keep_seats=counts["keep"], rebalance=counts["rebalance"], players=players,
        )
    counts = {}
    for mode in REPLAN_MODES:
        played_upto, old, new = _plan_rest(session, event_id, mode)
        counts[mode] = len(rotation.future_changes(old, new, played_upto))
    return ReplanPreview(
        from_round=played_upto + 1,
        keep_seats=counts["keep"],
        rebalance=counts["rebalance"],
        players=sum(1 for _ in new.rounds[played_upto].players()),
    )


@write_use_case
def replan_rotation(
    session: Session,
    event_id: int,
    *,
    mode: str = "keep",
    progress: Callable[[float], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> RotationView:
    """Re-plan the rounds not yet played for the players checked in now; commit.

    Rounds up to the last one with a recorded hand (or a table's round
    totals) stay exactly as played.
    ``mode`` (:data:`REPLAN_MODES`): ``"keep"`` (default) changes as few seats
    as the balance allows, ``"rebalance"`` re-optimizes every later round
    counting every partnership and meeting already played. A late arrival
    joins from the next round, a player who left is absent from it; new
    players get the next numbers. With no score recorded this is a fresh
    :func:`generate_rotation`. :class:`TournamentError` when every round has
    scores or fewer than 4 players are checked in.
    """
    if last_played_round(session, event_id) == 0:
        return generate_rotation(session, event_id, progress=progress, cancel=cancel)
    if _sections.list_sections(session, event_id):
        _store_section_plan(session, event_id, _plan_sections(session, event_id, mode, progress, cancel))
        session.commit()
        return rotation_view(session, event_id)
    played_upto, _old, schedule = _plan_rest(session, event_id, mode, progress, cancel)
    for r in session.exec(
        select(EventRound).where(EventRound.event_id == event_id, EventRound.number > played_upto)
    ):
        session.delete(r)
    session.flush()
    _store_rounds(session, event_id, schedule.rounds[played_upto:])
    session.commit()
    return rotation_view(session, event_id)


def changed_scorecards(before: list[ScorecardView], after: list[ScorecardView]) -> list[ScorecardView]:
    """The cards of ``after`` that differ from ``before`` (same player number)
    and must be printed again: new players' cards and changed ones, but not
    the cards of players who left (theirs only lost rounds), in ``after``'s
    order."""
    old = {c.number: c for c in before}
    out = []
    for card in after:
        was = old.get(card.number)
        if was is None or was.player_name != card.player_name:
            out.append(card)
        elif card.rounds != was.rounds and card.rounds != was.rounds[: len(card.rounds)]:
            out.append(card)
    return out


def _store_rounds(session: Session, event_id: int, rounds) -> None:
    """Store ``rounds`` (seats and sit-outs in one statement each: a night
    of 2,000 is 16,000 seats)."""
    seats, sits = [], []
    for rnd in rounds:
        r = EventRound(event_id=event_id, number=rnd.number)
        session.add(r)
        session.flush()
        for t in rnd.tables:
            for seat, entrant_id in zip(SEATS, t.seats):
                seats.append({"round_id": r.id, "table_number": t.number, "seat": seat.key, "entrant_id": entrant_id})
        sits.extend({"round_id": r.id, "entrant_id": entrant_id} for entrant_id in rnd.sit_out)
    insert_rows(session, Seating.__table__, seats, ordered=False)  # type: ignore[attr-defined]
    insert_rows(session, SitOut.__table__, sits, ordered=False)  # type: ignore[attr-defined]


@write_use_case
def regenerate_rotation(session: Session, event_id: int, **kwargs) -> RotationView:
    """Generate another rotation (the next seed); same errors as :func:`generate_rotation`."""
    event = load_event(session, event_id)
    return generate_rotation(session, event_id, seed=(event.seed or 0) + 1, **kwargs)


def rotation_constraints(session: Session, event_id: int) -> rotation.Constraints:
    """The event's stored requests as ``rotation.Constraints`` over entrant ids
    (requests about players not checked in are left out)."""
    entrant_of = {
        player_id: entrant_id
        for entrant_id, player_id in session.exec(
            select(Entrant.id, Entrant.player_id).where(Entrant.event_id == event_id, Entrant.checked_in == True)  # noqa: E712
        )
    }
    pinned: dict[int, int] = {}
    apart: list[tuple[int, int]] = []
    sit_out: dict[int, list[int]] = {}
    for c in session.exec(select(EventConstraint).where(EventConstraint.event_id == event_id)):
        who = entrant_of.get(c.player_id)
        if who is None:
            continue
        if c.kind == "pin_table":
            pinned[who] = c.table_number
        elif c.kind == "no_partner" and c.other_player_id in entrant_of:
            apart.append((who, entrant_of[c.other_player_id]))
        elif c.kind == "sit_out":
            sit_out.setdefault(c.round_number, []).append(who)
    return rotation.Constraints(pinned=pinned, apart=tuple(apart), sit_out=sit_out)


@dataclass(frozen=True, slots=True)
class _Stored:
    names: dict[int, str]
    """Entrant id → label (:func:`.identity.labels`: "Bob Miller #7" when two players of the night share a name)."""
    numbers: dict[int, int | None]
    schedule: rotation.Schedule
    plain: dict[int, str] = dataclasses.field(default_factory=dict)
    """Entrant id → the name alone (a scorecard's header prints the number beside it)."""


def load_schedule(session: Session, event_id: int) -> _Stored:
    """The stored rotation as a :class:`rotation.Schedule` over entrant ids,
    with entrant names and numbers. Empty schedule if none is stored.
    :class:`TournamentError` for a night at tables of six (its rotation is
    :func:`~.side_games.six_rotation_view`'s: re-planning, requests and team
    pages do not apply to it)."""
    if side_games.is_six(load_event(session, event_id)):
        raise TournamentError("This night is played at tables of six: its rotation is made whole, and cannot be re-planned.")
    names, numbers, checked_in = {}, {}, set()
    for entrant_id, number, name, here in session.exec(
        select(Entrant.id, Entrant.number, Player.name, Entrant.checked_in)
        .join(Player, Entrant.player_id == Player.id)
        .where(Entrant.event_id == event_id)
    ):
        names[entrant_id] = name
        numbers[entrant_id] = number
        if here:
            checked_in.add(entrant_id)
    rounds_rows = list(
        session.exec(
            select(EventRound.id, EventRound.number).where(EventRound.event_id == event_id).order_by(EventRound.number)
        )
    )
    seats: dict[int, dict[int, dict[Seat, int]]] = {rid: {} for rid, _ in rounds_rows}
    sits: dict[int, list[int]] = {rid: [] for rid, _ in rounds_rows}
    if rounds_rows:  # plain column rows, no ORM objects: this runs on every refresh
        for round_id, table_number, seat, entrant_id in session.exec(
            select(Seating.round_id, Seating.table_number, Seating.seat, Seating.entrant_id)
            .join(EventRound, Seating.round_id == EventRound.id)
            .where(EventRound.event_id == event_id)
        ):
            seats[round_id].setdefault(table_number, {})[Seat.parse(seat)] = entrant_id
        for round_id, entrant_id in session.exec(
            select(SitOut.round_id, SitOut.entrant_id)
            .join(EventRound, SitOut.round_id == EventRound.id)
            .where(EventRound.event_id == event_id)
        ):
            sits[round_id].append(entrant_id)
    rounds = []
    players: set[int] = set()
    for round_id, round_number in rounds_rows:
        tables = []
        for number in sorted(seats[round_id]):
            by_seat = seats[round_id][number]
            tables.append(rotation.Table(number, *(by_seat[s] for s in SEATS)))
            players.update(by_seat.values())
        sit = tuple(sorted(sits[round_id], key=lambda i: (numbers.get(i) or 0, i)))
        players.update(sit)
        rounds.append(rotation.Round(round_number, tuple(tables), sit))
    ordered = tuple(sorted(players, key=lambda i: (numbers.get(i) or 0, i)))
    # players who arrived late or left are absent from some rounds
    rounds = [dataclasses.replace(r, absent=_absent(ordered, set(r.players()))) for r in rounds]
    tonight = checked_in | set(ordered)  # who plays now, and who played a round and left
    shown = dict(names)
    shown.update(labels((i, names[i], numbers.get(i)) for i in tonight))
    return _Stored(shown, numbers, rotation.Schedule(players=ordered, rounds=tuple(rounds)), plain=names)


def _absent(ordered: tuple[int, ...], present: set[int]) -> tuple[int, ...]:
    return tuple(p for p in ordered if p not in present)


@dataclass(frozen=True, slots=True)
class SeatedTable:
    """A table of any size: ``seats`` holds the entrant ids by position,
    clockwise (a four-seat :class:`rotation.Table` has the same two
    attributes)."""

    number: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SeatedRound:
    """A round of tables of any size (as a :class:`rotation.Round`)."""

    number: int
    tables: tuple[SeatedTable, ...]
    sit_out: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class SeatedNight:
    """A night's stored rotation whatever its tables' size: ``rounds``
    (each table's entrants by position; a four-seat night's are its
    :class:`rotation.Round` values), ``players`` in number order, the names
    shown (``names``), alone (``plain``) and the night's numbers."""

    rounds: tuple
    players: tuple[int, ...]
    names: dict[int, str]
    plain: dict[int, str]
    numbers: dict[int, int | None]


def seated_night(session: Session, event) -> SeatedNight:
    """The stored rotation of ``event`` at tables of any size: what the
    scorecards, the tally sheets and the standings read (a seat is its
    position at its table; a side the positions of one parity)."""
    if side_games.is_six(event):
        schedule, names, numbers = side_games._six_schedule(session, event.id)
        plain = dict(
            session.exec(
                select(Entrant.id, Player.name).join(Player, Entrant.player_id == Player.id).where(Entrant.event_id == event.id)
            ).all()
        )
        rounds = tuple(
            SeatedRound(n, tuple(SeatedTable(t, seats) for t, seats in enumerate(r.tables, start=1)), tuple(r.sit_outs))
            for n, r in enumerate(schedule.rounds, start=1)
        )
        return SeatedNight(rounds, tuple(schedule.players), names, plain, numbers)
    stored = load_schedule(session, event.id)
    return SeatedNight(tuple(stored.schedule.rounds), tuple(stored.schedule.players), stored.names, stored.plain, stored.numbers)


def quality_lines(schedule: rotation.Schedule) -> tuple[str, ...]:
    """The rotation's quality report in plain words (empty for no rounds)."""
    if not schedule.rounds:
        return ()
    return tuple(rotation.describe(rotation.check(schedule)))


def _pattern(schedule: rotation.Schedule) -> tuple:
    """The schedule with its players renamed 0, 1, … in the order they
    first appear (table numbers kept): two schedules with one pattern have
    one quality report (:func:`rotation.check` measures the pattern, not
    the names)."""
    order: dict[int, int] = {}

    def name(p: int) -> int:
        return order.setdefault(p, len(order))

    return tuple(
        (tuple((t.number, *(name(p) for p in t.seats)) for t in r.tables), tuple(name(p) for p in r.sit_out),
         tuple(name(p) for p in r.absent))
        for r in schedule.rounds
    ) + (tuple(sorted(name(p) for p in schedule.players)),)


def section_quality_lines(schedule: rotation.Schedule, secs) -> tuple[str, ...]:
    """A split night's quality report: each section's rotation checked on
    its own (its players, its tables), sections with the same report said
    once ("Sections A–E (20 players each): No one partners anyone twice. …")."""
    if not schedule.rounds:
        return ()
    said: dict[tuple[int, tuple[str, ...]], list[str]] = {}
    known: dict[tuple, tuple[str, ...]] = {}  # a section's pattern → its report (sections made from one template share it)
    for sec in secs:
        part = section_part(schedule, secs, sec)
        if not part.players or not part.rounds:
            continue
        shape = _pattern(part)
        if shape not in known:
            known[shape] = quality_lines(part)
        said.setdefault((len(part.players), known[shape]), []).append(sec.name)
    out = []
    for (size, lines), names in said.items():
        who = f"Section {names[0]}" if len(names) == 1 else (
            f"Sections {names[0]}–{names[-1]}" if len(names) > 2 else f"Sections {names[0]} and {names[1]}"
        )
        each = " each" if len(names) > 1 else ""
        out.append(f"{who} ({size} players{each}): " + " ".join(lines))
    return tuple(out)


def rotation_view(session: Session, event_id: int, section: str | None = None) -> RotationView:
    """The stored rotation for the screen, with its quality report (tables
    of six: each :class:`TableView` has six seats, and the quality lines are
    :func:`rotation.describe_six`'s). A night split into sections labels
    its tables "B-7"; ``section`` ("B") shows that section's tables,
    sit-outs and quality alone (:class:`~.errors.NotFound` for a section
    the night does not have)."""
    event = load_event(session, event_id)
    secs = _sections.list_sections(session, event_id)
    if secs:
        return _sectioned_view(session, event, secs, section)
    if section is not None:
        _sections.section_named(secs, section)
    if side_games.is_six(event):
        six = side_games.six_rotation_view(session, event_id, rotation_constraints(session, event_id))
        rounds = tuple(
            RoundView(r.number, tuple(TableView(t.number, t.entrant_ids, t.names) for t in r.tables), r.sit_out)
            for r in six.rounds
        )
        return RotationView(event_id=event_id, seed=six.seed, rounds=rounds, quality=six.quality, warnings=six.warnings)
    stored = load_schedule(session, event_id)
    names = stored.names
    rounds = tuple(
        RoundView(
            number=r.number,
            tables=tuple(TableView(t.number, t.seats, tuple(names[i] for i in t.seats)) for t in r.tables),
            sit_out=tuple(names[i] for i in r.sit_out),
        )
        for r in stored.schedule.rounds
    )
    playing = [i for i in stored.schedule.players if stored.numbers.get(i) is not None]
    constraints = rotation_constraints(session, event_id)
    warnings = (
        rotation.constraint_warnings(playing, event.rounds, constraints, name=lambda i: stored.names.get(i, f"player {i}"))
        if playing
        else []
    )
    return RotationView(
        event_id=event_id,
        seed=event.seed,
        rounds=rounds,
        quality=quality_lines(stored.schedule) if event.kind != "team" else (),  # teams: no partner rotation to rate
        warnings=tuple(warnings),
    )


def _sectioned_view(session: Session, event, secs, section: str | None) -> RotationView:
    stored = load_schedule(session, event.id)
    names = stored.names
    schedule = stored.schedule
    chosen = _sections.section_named(secs, section) if section is not None else None
    if chosen is not None:
        # its tables (the night's numbers kept: labels "B-7"), its sit-outs
        schedule = rotation.offset_tables(section_part(schedule, secs, chosen), chosen.first_table)
    rounds = tuple(
        RoundView(
            number=r.number,
            tables=tuple(
                TableView(t.number, t.seats, tuple(names[i] for i in t.seats), _sections.table_label(secs, t.number))
                for t in r.tables
            ),
            sit_out=tuple(names[i] for i in r.sit_out),
        )
        for r in schedule.rounds
    )
    if chosen is not None:
        quality = quality_lines(section_part(stored.schedule, secs, chosen))
    else:
        quality = section_quality_lines(stored.schedule, secs)
    return RotationView(
        event_id=event.id, seed=event.seed, rounds=rounds, quality=quality, warnings=(),
        section=chosen.name if chosen else "", sections=tuple(s.name for s in secs),
    )


def _section_filter(session: Session, event_id: int, section: str | None):
    """(sections, the chosen one or None) for a report's section filter."""
    secs = _sections.list_sections(session, event_id)
    chosen = _sections.section_named(secs, section) if section is not None else None
    return secs, chosen


def scorecards(session: Session, event_id: int, section: str | None = None) -> list[ScorecardView]:
    """One scorecard per player in the rotation, in player-number order,
    at tables of any size: each round's table, the seat (its position and
    the table's size: "North", "Seat 3"), the partners (" & " between two)
    and the opponents clockwise from the player's left. A night split into
    sections names its tables "B-7" and each card its section; ``section``
    ("B") gives that section's cards alone.
    :class:`TournamentError` if no rotation has been generated."""
    event = load_event(session, event_id)
    secs, chosen = _section_filter(session, event_id, section)
    night = seated_night(session, event)
    if not night.rounds:
        raise TournamentError("Generate the rotation first: there is nothing to print yet.")
    names = night.names
    section_of = {p: sec.name for sec in secs for p in sec.members}
    per_player: dict[int, list[PlayerRoundView]] = {p: [] for p in night.players}
    for r in night.rounds:
        for t in r.tables:
            size = len(t.seats)
            for pos, p in enumerate(t.seats):
                partners = [names[t.seats[q]] for q in side_positions(side_of_position(pos), size) if q != pos]
                per_player[p].append(
                    PlayerRoundView(
                        round=r.number,
                        table=t.number,
                        seat=seat_at(pos, size),
                        partner=" & ".join(partners),
                        opponents=tuple(names[t.seats[(pos + k) % size]] for k in range(1, size, 2)),
                        size=size,
                        table_label=_sections.table_label(secs, t.number) if secs else "",
                    )
                )
        for p in r.sit_out:
            per_player[p].append(
                PlayerRoundView(round=r.number, table=None, seat=None, partner="", opponents=(), sitting_out=True)
            )
    return [
        ScorecardView(
            event_name=event.name,
            event_date=event.date,
            player_name=night.plain.get(p, names[p]),
            number=night.numbers.get(p) or 0,
            hands_per_round=event.hands_per_round,
            rounds=tuple(per_player[p]),
            section=section_of.get(p, ""),
        )
        for p in night.players
        if chosen is None or p in chosen.members
    ]


def tally_sheets(session: Session, event_id: int, section: str | None = None) -> list[TallySheetView]:
    """One tally sheet per round and table, in round then table order, at
    tables of any size (its names by position; a side game's sheets say
    which: :attr:`TallySheetView.game`). A night split into sections labels
    its tables "B-7"; ``section`` ("B") gives that section's sheets alone,
    its sit-outs its own."""
    event = load_event(session, event_id)
    secs, chosen = _section_filter(session, event_id, section)
    side = side_games.event_game(event)
    night = seated_night(session, event)
    if not night.rounds:
        raise TournamentError("Generate the rotation first: there is nothing to print yet.")
    names = night.names
    out = []
    for r in night.rounds:
        sit = tuple(names[i] for i in r.sit_out if chosen is None or i in chosen.members)
        for t in r.tables:
            owner = _sections.section_of_table(secs, t.number) if secs else None
            if chosen is not None and (owner is None or owner.id != chosen.id):
                continue
            if owner is not None and chosen is None:
                sit = tuple(names[i] for i in r.sit_out if i in owner.members)
            seats = tuple(names[i] for i in t.seats)
            game = "six" if len(seats) == 6 else "bid" if side is not None and side.bidding == "auction" else ""
            out.append(
                TallySheetView(
                    event_name=event.name,
                    event_date=event.date,
                    round=r.number,
                    table=t.number,
                    north=seats[0],
                    east=seats[1],
                    south=seats[2],
                    west=seats[3],
                    hands_per_round=event.hands_per_round,
                    sit_out=sit,
                    game=game,
                    seats=seats,
                    table_label=_sections.table_label(secs, t.number) if secs else "",
                    section=owner.name if owner is not None else "",
                )
            )
    return out
