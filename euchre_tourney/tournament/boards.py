"""One read model per page: what a page draws, read in one session.

Each page of the window (and any later web page) reads one of these per
redraw instead of calling several use cases, each in its own session and
each loading the event again:

- :func:`entry_board` -- the Scores page: the event with its
  :class:`~euchre_tourney.rules.RuleSet`, the round's tables with their
  hand counts and done marks, the round lock, the next unfinished table
  (:attr:`EntryBoard.next_unfinished`, computed here and nowhere else) and
  the selected table's hands;
- :func:`event_board` -- the Event page: the event, who is checked in,
  what kind of night it is in words and the settings that do not apply to it;
- :func:`standings_board` -- the Standings page (players' or teams');
- :func:`rotation_board` -- the Rotation page;
- :func:`teams_board` -- the Teams page (with its Bracket tab's bracket);
- :func:`season_board` -- the Season page: the seasons, the members'
  ratings and the chosen season's standings (the slow one: the GUI reads it
  on its worker thread).

A table is *done* (:attr:`TableMark.done`) when all its hands are in, time
was called, or its round totals are in -- the rule the standings count
finished tables by (:mod:`.standings`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import func
from sqlmodel import Session, select

from euchre_tourney.rules import RuleSet
from euchre_tourney.store import EventRound, Hand, HandAudit, Seating, TableResult, table_rules_of
from euchre_tourney.tournament.bracket_results import is_bracket_night
from euchre_tourney.tournament.brackets import BracketView, bracket_view
from euchre_tourney.tournament.changes import Change
from euchre_tourney.tournament.common import load_event
from euchre_tourney.tournament.events import entrants, get_event, list_events
from euchre_tourney.tournament.phones import disputed_at
from euchre_tourney.tournament.ratings import RatingRow, ratings
from euchre_tourney.tournament.readmodels import EntrantView, EventView, RotationView, StandingsView, TableResultView, TableScoreView
from euchre_tourney.tournament.schedule import rotation_view
from euchre_tourney.tournament.scoring import table_score
from euchre_tourney.tournament.sections import captains, list_sections, section_locks, section_named, section_of_table, table_label
from euchre_tourney.tournament.season import SeasonStandingsView, SeasonView, list_seasons, season_standings
from euchre_tourney.tournament.side_games import SideTableView, side_table_score
from euchre_tourney.tournament.standings import standings
from euchre_tourney.tournament.tables import result_view
from euchre_tourney.tournament.team_models import BYE_RULES, ROUND_SCORINGS, TEAM_FORMATS, TeamEventView, TeamStandingsView
from euchre_tourney.tournament.teams import team_event, team_standings

__all__ = [
    "EntryBoard",
    "RotationBoard",
    "StandingsBoard",
    "SeasonBoard",
    "TableMark",
    "TeamsBoard",
    "changes_since",
    "entry_board",
    "rotation_board",
    "season_board",
    "standings_board",
    "teams_board",
]


@dataclass(frozen=True)
class TableMark:
    """One table of a round in the Scores page's list: ``hands`` recorded,
    ``finished_by`` "" / "time called" / "totals", ``done`` (see the module)."""

    table: int
    hands: int
    finished_by: str
    done: bool


@dataclass(frozen=True)
class EntryBoard:
    """Everything the Scores page draws for one round and table.

    ``round``: the round shown (1 when the event has no rotation yet);
    ``tables``: that round's tables (only ``mine``, this station's, when
    given), in table order; ``table``: the selected table's hands (the one
    asked for, else the first listed; None without a rotation);
    ``result``: that table's time called / round totals (progressive
    events); ``next_unfinished``: (round, table) of the first table not
    done, in round then table order, among this station's tables (None when
    every one is done)."""

    event: EventView
    rules: RuleSet
    round: int
    tables: tuple[TableMark, ...]
    locked: bool
    next_unfinished: tuple[int, int] | None
    table: TableScoreView | None
    result: TableResultView | None
    side_table: SideTableView | None = None
    """A side game's event (six-player, bid euchre): the selected table's
    hands (``table`` is then None; ``result`` says whether time was called
    there, a side game being entered hand by hand)."""
    disputed: frozenset[int] = frozenset()
    """The selected table's hands that a table disputed from its phone
    (tapped Disagree) and no station corrected since: the page marks them."""
    waiting: str = ""
    """Why there is nothing to enter yet, in a sentence ("" once the event
    has its rotation or rounds): generate the rotation; make a team event's
    rounds; a night played as a bracket is entered on the Teams page."""
    sections: tuple[str, ...] = ()
    """A night split into sections: the sections' names (empty otherwise)."""
    section: str = ""
    """The section shown ("B"; "" for every table)."""
    labels: dict = field(default_factory=dict)
    """Table number → its name in the room ("B-7") in a split night."""

    def label(self, table: int | None) -> str:
        """A table as the room calls it ("B-7"), else its number."""
        return "" if table is None else self.labels.get(table, str(table))

    @property
    def game(self) -> bool:
        """A team event scored as games to a target (no hands per round)."""
        return self.event.kind == "team" and self.event.round_scoring == "game"

    def mark(self, table: int) -> TableMark | None:
        return next((m for m in self.tables if m.table == table), None)

    def next_open_after(self, table: int) -> int | None:
        """The first table after ``table`` in the shown round that is not done."""
        return next((m.table for m in self.tables if m.table > table and not m.done), None)

    @property
    def round_done(self) -> bool:
        return all(m.done for m in self.tables)


def entry_board(
    session: Session, event_id: int, round_number: int | None = None, table: int | None = None,
    mine: frozenset[int] = frozenset(), section: str | None = None,
) -> EntryBoard:
    """The Scores page's read model for ``round_number`` (default: the
    round of the next unfinished table, else 1) and ``table`` (default: the
    next unfinished table when it is in that round, else the first).
    ``mine``: this station's tables (empty: every table); ``section``
    ("B"): that section's tables only (a captain's laptop), ``mine``
    counted within the section ("3" is B-3).
    :class:`~euchre_tourney.tournament.NotFound` for an unknown event."""
    row = load_event(session, event_id)  # held: every later read of the event comes from the identity map
    event = get_event(session, event_id)
    secs = list_sections(session, event_id) if event.sectioned or section is not None else ()
    chosen = section_named(secs, section) if section is not None else None
    rounds = {r.number: r for r in session.exec(select(EventRound).where(EventRound.event_id == event_id))}
    ids = {r.id: r.number for r in rounds.values()}
    seated: dict[int, set[int]] = {n: set() for n in rounds}
    counts: dict[tuple[int, int], int] = {}
    finished: dict[tuple[int, int], str] = {}
    results: dict[tuple[int, int], TableResult] = {}
    if ids:
        for round_id, t in session.exec(
            select(Seating.round_id, Seating.table_number).where(Seating.round_id.in_(ids)).distinct()
        ):
            seated[ids[round_id]].add(t)
        for round_id, t, n in session.exec(
            select(Hand.round_id, Hand.table_number, func.count()).where(Hand.round_id.in_(ids))
            .group_by(Hand.round_id, Hand.table_number)
        ):
            counts[ids[round_id], t] = n
        for res in session.exec(select(TableResult).where(TableResult.round_id.in_(ids))):
            results[ids[res.round_id], res.table_number] = res
            if res.ns_points is not None or res.finished_early:
                finished[ids[res.round_id], res.table_number] = "totals" if res.ns_points is not None else "time called"

    owners = {t: section_of_table(secs, t) for ts in seated.values() for t in ts} if secs else {}

    def marks(number: int) -> tuple[TableMark, ...]:
        out = []
        for t in sorted(seated.get(number, ())):
            if chosen is not None:
                owner = owners.get(t)
                if owner is None or owner.id != chosen.id or (mine and t - chosen.first_table not in mine):
                    continue
            elif mine and t not in mine:
                continue
            hands, by = counts.get((number, t), 0), finished.get((number, t), "")
            out.append(TableMark(t, hands, by, bool(by) or hands >= event.hands_per_round))
        return tuple(out)

    every = {n: marks(n) for n in sorted(rounds)}
    next_unfinished = next(((n, m.table) for n, ms in every.items() for m in ms if not m.done), None)
    if round_number is None:
        round_number = next_unfinished[0] if next_unfinished else 1
    shown = every.get(round_number, ())
    if table is None and next_unfinished is not None and next_unfinished[0] == round_number:
        table = next_unfinished[1]
    if all(m.table != table for m in shown):
        table = shown[0].table if shown else None
    view = result = side = None
    if table is not None and table_rules_of(row) is not None:
        side = side_table_score(session, event_id, round_number, table)
        spot = (round_number, table)  # time called as at four; a side game is entered hand by hand
        result = result_view(row, round_number, table, results.get(spot), counts.get(spot, 0), "hands")
    elif table is not None:
        view = table_score(session, event_id, round_number, table)
        if event.kind == "progressive":
            spot = (round_number, table)
            if any(n for (rn, _t), n in counts.items() if rn == round_number):
                mode = "hands"  # the round's own mode (tables.round_entry_mode, from what was loaded)
            elif any(res.ns_points is not None for (rn, _t), res in results.items() if rn == round_number):
                mode = "totals"
            else:
                mode = row.entry_mode
            result = result_view(row, round_number, table, results.get(spot), counts.get(spot, 0), mode)
    r = rounds.get(round_number)
    waiting = ""
    if not event.has_rotation:
        if event.kind == "team" and is_bracket_night(session, event_id):
            waiting = ("This night is played as an elimination bracket: there are no tables' hands to enter. Enter "
                       "each match's final score on the Teams page (Alt+6), Bracket tab.")
        elif event.kind == "team":
            waiting = ("Make the teams and the rounds first (Teams page, Alt+6); then enter each table's hands "
                       "or final scores here.")
        else:
            waiting = "Generate the rotation first (Rotation page); then enter each table's hands here."
    return EntryBoard(
        sections=tuple(x.name for x in secs),
        section=chosen.name if chosen is not None else "",
        labels={t: table_label(secs, t) for t in owners},
        waiting=waiting,
        event=event,
        rules=event.rules,
        round=round_number,
        tables=shown,
        locked=bool(r is not None and r.locked) or (
            chosen is not None and round_number in section_locks(session, event_id).get(chosen.name, ())
        ),
        next_unfinished=next_unfinished,
        table=view,
        result=result,
        side_table=side,
        disputed=(
            disputed_at(session, event_id, round_number, view.table, view.hands) if view is not None and view.hands
            else disputed_at(session, event_id, round_number, side.table, side.hands) if side is not None and side.hands
            else frozenset()
        ),
    )


@dataclass(frozen=True)
class EventBoard:
    """The Event page: the event, its check-in list (``entrants``, as
    :func:`~.events.entrants`), ``seats`` (players at a table: 4, or 6 at a
    night at tables of six), ``game`` (its side game, None for four-seat
    euchre), ``bracket`` (a night played as an elimination bracket,
    :func:`~.bracket_results.is_bracket_night`; else None), ``what`` (what
    the night is, in sentences), ``seating`` (who is checked in and how
    they sit: "13 players checked in: 2 tables of six, 1 sitting out each
    round.") and ``not_for`` (a setting's name -- "rounds", "hands",
    "sit_out", "entry_mode", "rules" -- → why it does not apply tonight;
    the page shows those settings disabled or not at all, with the reason)."""

    event: EventView
    entrants: tuple[EntrantView, ...]
    seats: int
    game: object | None
    bracket: BracketView | None
    what: str
    seating: str
    not_for: dict[str, str]
    sections: tuple = ()
    """A night split into sections: its :class:`~.sections.SectionView` values (empty otherwise)."""
    captains: tuple = ()
    """The night's captains (:class:`~.sections.CaptainView`)."""


def seating_line(checked_in: int, seats: int) -> str:
    """How ``checked_in`` players sit at tables of ``seats`` (4 or 6), in a
    sentence: "13 players checked in: 2 tables of six, 1 sitting out each
    round." (fewer than a table: "… not enough for a table of six yet.")."""
    tables, extra = divmod(checked_in, seats)
    size = "six" if seats == 6 else "four"
    text = f"{checked_in} player{'s' if checked_in != 1 else ''} checked in: "
    if not tables:
        return text + f"not enough for a table of {size} yet."
    text += f"{tables} table{'s' if tables != 1 else ''}" + (f" of {size}" if seats != 4 else "")
    if extra:
        text += f", {extra} sitting out each round"
    return text + "."


def event_board(session: Session, event_id: int) -> EventBoard:
    """The Event page's read model, in one session (see :class:`EventBoard`).
    :class:`~.errors.NotFound` for an event that does not exist."""
    row = load_event(session, event_id)  # held: later reads of the event come from the identity map
    event = get_event(session, row.id)
    people = tuple(entrants(session, event_id))
    game = table_rules_of(row)
    seats = game.players if game is not None else 4  # a table's size: four, six at tables of six
    not_for: dict[str, str] = {}
    bracket = None
    n = sum(1 for p in people if p.checked_in)
    seating = seating_line(n, seats)
    target = event.rules.target
    if event.kind == "team":
        not_for["sit_out"] = "A team event has byes, not sit-outs: see the Teams page."
        not_for["entry_mode"] = "A team event's scores are entered on the Teams and Scores pages."
        seating = "A team event: make the teams and check them in on the Teams page (Alt+6); ticks here follow the teams."
        if is_bracket_night(session, event_id):
            bracket = bracket_view(session, event_id)
        if bracket is not None:
            kind = "double" if bracket.double else "single"
            needed = [m for m in bracket.matches if m.needed]
            played = sum(1 for m in needed if m.winner is not None)
            third = ", the match for third place among them" if any(m.part == "3P" for m in bracket.matches) else ""
            up_to = "up to " if bracket.double else ""  # the grand final's reset is played only if needed
            what = (f"Team event played as a {kind}-elimination bracket of {len(bracket.seeds)} teams: {up_to}"
                    f"{len(needed)} matches in {bracket.rounds} rounds{third}, each a game to {bracket.target}; "
                    f"{played} played so far. The bracket is drawn and each match's final score entered on the "
                    "Teams page (Alt+6), Bracket tab.")
            why = f"The bracket decides the matches, each a game to {bracket.target}."
            not_for["rounds"] = why
            not_for["hands"] = why
        else:
            what = ("Team event. " + TEAM_FORMATS[event.team_format] + ". " + ROUND_SCORINGS[event.round_scoring]
                    + ". " + BYE_RULES[event.bye_rule] + ".")
            if event.round_scoring == "game":
                not_for["hands"] = f"Each round is a game to {target}: hands per round do not apply."
    elif game is not None:
        what = (f"A progressive night at tables of {'six' if seats == 6 else 'four'}: partners and opponents "
                "change each round, and each player scores their side's points.")
        not_for["rules"] = (f"Tonight's game is {game.title}: its rules and options were set when the event "
                            "was made (shown above).")
    else:
        what = ""
    if event.kind != "team":
        if event.last_scored_round and seats == 6:
            seating += ("  A night at tables of six is seated whole: once scores are in, nobody can join or leave "
                        "(its rounds cannot be re-planned).")
        elif event.last_scored_round:
            seating += (f"  Late arrivals and departures join or leave from round {event.last_scored_round + 1};"
                        " the rounds not yet played are re-planned.")
        elif event.has_rotation:
            seating += "  A rotation exists; changing who plays discards it (generate it again)."
    secs = list_sections(session, event_id)
    if secs:
        seating += f"  {len(secs)} sections: " + ", ".join(f"{x.name} {x.players}" for x in secs[:12]) + (
            f" and {len(secs) - 12} more." if len(secs) > 12 else "."
        )
    return EventBoard(event, people, seats, game, bracket, what, seating, not_for, secs, captains(session, event_id))


@dataclass(frozen=True)
class StandingsBoard:
    """The Standings page: the event and its standings (``players`` for a
    progressive event, ``teams`` for a team event; the other is None)."""

    event: EventView
    players: StandingsView | None
    teams: TeamStandingsView | None
    sections: tuple[str, ...] = ()
    """A night split into sections: the sections' names (empty otherwise)."""
    clock: tuple | None = None
    """The section shown's round clock: (ends at, UTC, while it runs;
    seconds left while paused), both None when reset; None for the whole
    night (its clock is the event's)."""


def standings_board(session: Session, event_id: int, section: str | None = None) -> StandingsBoard:
    """The Standings page's read model, in one session; ``section`` ("B"):
    that section's standings (None: the whole night's)."""
    row = load_event(session, event_id)  # held: later reads of the event come from the identity map
    event = get_event(session, row.id)
    if event.kind == "team":
        return StandingsBoard(event, None, team_standings(session, event_id))
    secs = list_sections(session, event_id) if event.sectioned or section is not None else ()
    clock = None
    if section is not None:
        chosen = section_named(secs, section)
        clock = (chosen.ends_at, chosen.left_seconds)
    return StandingsBoard(event, standings(session, event_id, section=section), None, tuple(x.name for x in secs), clock)


@dataclass(frozen=True)
class RotationBoard:
    """The Rotation page: the event and its rotation."""

    event: EventView
    rotation: RotationView
    bracket_night: bool = False
    """A team night played as an elimination bracket (:func:`~.bracket_results.is_bracket_night`): no rotation."""


def rotation_board(session: Session, event_id: int, section: str | None = None) -> RotationBoard:
    """The Rotation page's read model, in one session; ``section`` ("B"):
    that section's rotation (None: the whole night's)."""
    row = load_event(session, event_id)  # held: later reads of the event come from the identity map
    bracket = row.kind == "team" and is_bracket_night(session, event_id)
    return RotationBoard(get_event(session, row.id), rotation_view(session, event_id, section), bracket)


@dataclass(frozen=True)
class TeamsBoard:
    """The Teams page: the event and, for a team event, its teams and rounds
    (``teams`` None for a progressive event), its elimination bracket
    (``bracket``; None before one is drawn) and the other events (``others``,
    newest first: a bracket may be seeded by one's standings)."""

    event: EventView
    teams: TeamEventView | None
    bracket: BracketView | None = None
    others: tuple[EventView, ...] = ()


def teams_board(session: Session, event_id: int) -> TeamsBoard:
    """The Teams page's read model, in one session."""
    event = get_event(session, event_id)
    if event.kind != "team":
        return TeamsBoard(event, None)
    others = tuple(e for e in list_events(session) if e.id != event_id)
    return TeamsBoard(event, team_event(session, event_id), bracket_view(session, event_id), others)


@dataclass(frozen=True)
class SeasonBoard:
    """The Season page: every season (``seasons``, as :func:`list_seasons`),
    the members' ratings over all nights (``ratings``, strongest first) and
    the standings of the season ``season_id`` (``standings``; None when no
    season is chosen or there is none). ``season_id`` is the season shown:
    the one asked for if it exists, else the first."""

    seasons: tuple[SeasonView, ...]
    ratings: tuple[RatingRow, ...]
    season_id: int | None
    standings: SeasonStandingsView | None


def season_board(session: Session, season_id: int | None = None) -> SeasonBoard:
    """The Season page's read model, in one session (may take a while over
    many nights: the GUI reads it on its worker thread)."""
    seasons = tuple(list_seasons(session))
    ids = [s.id for s in seasons]
    shown = season_id if season_id in ids else (ids[0] if ids else None)
    view = season_standings(session, shown) if shown is not None else None
    return SeasonBoard(seasons, tuple(ratings(session)), shown, view)


def changes_since(session: Session, event_id: int, stamp: int) -> tuple[int, Change | None]:
    """What other stations changed in the event since the change stamp
    ``stamp`` (:func:`~euchre_tourney.tournament.change_stamp`, the audit
    trail's highest id): the new stamp and the :class:`Change` the station
    poll announces (kinds "hands" and, for a round locked or unlocked,
    "locks"; the rounds and tables touched), or None when nothing changed.
    One indexed query."""
    rows = session.exec(
        select(HandAudit.id, HandAudit.round_number, HandAudit.table_number, HandAudit.action).where(
            HandAudit.event_id == event_id, HandAudit.id > stamp
        )
    ).all()
    if not rows:
        return stamp, None
    locks = any(action in ("lock", "unlock") for *_x, action in rows)
    tables = frozenset(t for _i, _r, t, _a in rows)
    return max(i for i, *_x in rows), Change(
        "Changed at another station",
        event_id,
        frozenset({"hands", "locks"} if locks else {"hands"}),
        rounds=frozenset(r for _i, r, _t, _a in rows),
        tables=frozenset() if None in tables else tables,  # a round's lock: every table
    )
