"""Individual standings of a progressive event, and their tie-breaks.

**Only finished tables count.** A table is *finished* when its
hands-per-round are all in, when the director marked it finished early (time
called), or, in an event entered as round totals, when its totals are in. A
half-entered table counts for nobody yet: after 2 of 8 hands nobody has
"played 1, won 1". A round is finished when every one of its tables is.

**Points.** Each player is credited, for every finished table of theirs, the
points their side scored (North–South or East–West), summed over the hands
or taken from the table's round totals -- the same standings either way. A
round counts as *played* for a player once their table is finished.

**Sit-outs** (configurable per event, ``Event.sit_out_rule``):

* ``"average"`` (default): a sit-out round, once that round is finished, is
  credited the player's average over their played rounds, rounded half up,
  so sitting out neither helps nor hurts. With no played round yet the
  credit is 0 until there is one.
* ``"none"``: a sit-out scores nothing.

**Tie-breaks**, in order: total points, then rounds won (the player's side
scored more than the opponents at their table that round), then loners made
(hands the player went alone as a maker and took 3 or more tricks; in round
totals, the loners written against the player's seat). Players still equal
share the place (shown as "=3"). The same order at a table of any size:
a night at tables of six breaks ties on loners made as a night at four does.

**Round status**, shown above the standings and on the projector:
"after round 3 — round 4: 7 of 10 tables in" (:func:`round_status`).
"""

from __future__ import annotations

import dataclasses
import os
from collections import defaultdict
from dataclasses import dataclass

from sqlalchemy import func
from sqlmodel import Session, select

from euchre_tourney.store import Entrant, EventRound, Hand, Player, Seating, SitOut, TableResult
from euchre_tourney.tournament.common import load_event, lone_position, reuses_ids, rotation_signature, table_size
from euchre_tourney.tournament.csvfiles import csv_text, write_csv_file
from euchre_tourney.tournament.placing import place_standing_rows, round_half_up
from euchre_tourney.tournament.prizes import compute_prizes, parse_categories
from euchre_tourney.tournament.readmodels import StandingRow, StandingsView
from euchre_tourney.rules import side_of_position
from euchre_tourney.tournament.schedule import seated_night

TIE_BREAKS = ("Total points", "Rounds won", "Loners made")
"""The night's tie-breaks in order, at tables of every size (four, six, a
side game's): the season's after its own score
(:data:`~.season.SEASON_TIE_BREAKS`)."""


@dataclass(frozen=True, slots=True)
class HandFact:
    """What standings need of one hand: where it was played, who scored,
    and who went alone (``alone_seat``: the lone maker's position at the
    table, 0-based; North 0). ``makers`` ("NS"/"EW"), when known, says
    whether a lone maker made it by the score (the makers scored: a failed
    bid is no loner made whatever the tricks); without it, 3 tricks or
    more."""

    round: int
    table: int
    scoring_side: str
    points: int
    alone_seat: int | None
    maker_tricks: int
    makers: str | None = None

    @property
    def loner_made(self) -> bool:
        """Somebody went alone as a maker and made it."""
        if self.alone_seat is None:
            return False
        if self.makers is None:
            return self.maker_tricks >= 3
        return self.scoring_side == self.makers and self.points > 0


@dataclass(frozen=True, slots=True)
class TableFact:
    """What standings need of a table besides its hands: finished early
    (time called), and/or its round totals (``totals``: NS points, EW
    points; ``loners``: loners made by position, North 0), None when
    entered hand by hand."""

    round: int
    table: int
    finished_early: bool = False
    totals: tuple[int, int] | None = None
    loners: tuple[tuple[int, int], ...] = ()


def finished_tables(rounds, hands: list[HandFact], tables=(), hands_per_round: int | None = None) -> set[tuple[int, int]]:
    """The (round, table) pairs that are finished: ``hands_per_round`` hands
    in (``None``: any hand), marked finished early, or totals entered."""
    counts: dict[tuple[int, int], int] = defaultdict(int)
    for h in hands:
        counts[(h.round, h.table)] += 1
    done = {key for key, n in counts.items() if n >= (hands_per_round or 1)}
    for t in tables:
        if t.finished_early or t.totals is not None:
            done.add((t.round, t.table))
    return done


def round_status(rounds, finished: set[tuple[int, int]]) -> tuple[int, int | None, int, int, str]:
    """(rounds finished in a row from round 1, the round now being played or
    None when all are in, its tables in, its tables, the sentence): e.g.
    ``(3, 4, 7, 10, "after round 3 — round 4: 7 of 10 tables in")``."""
    after = 0
    for rnd in sorted(rounds, key=lambda r: r.number):
        tables = [t.number for t in rnd.tables]
        in_ = sum((rnd.number, t) in finished for t in tables)
        if in_ == len(tables):
            after = rnd.number
            continue
        lead = f"after round {after} — " if after else ""
        return after, rnd.number, in_, len(tables), f"{lead}round {rnd.number}: {in_} of {len(tables)} tables in"
    if not rounds:
        return 0, None, 0, 0, "no rotation yet"
    return after, None, 0, 0, f"after round {after} — all tables in"


def compute_standings(
    players: dict[int, tuple[int, str, int | None]],
    rounds,
    hands: list[HandFact],
    *,
    sit_out_rule: str = "average",
    total_rounds: int | None = None,
    hands_per_round: int | None = None,
    tables=(),
    sections=None,
) -> list[StandingRow]:
    """Standings from plain data, best first.

    ``players``: entrant id → (player id, name, number); ``rounds``: the
    rotation's :class:`~euchre_tourney.rotation.Round` objects over entrant
    ids, or :class:`~.schedule.SeatedRound` values -- a table's ``seats`` are its
    entrants by position, at a table of any size, and a player's side is
    the parity of their position (North-South, seats 1, 3, 5: side "NS");
    ``hands``: every recorded hand; ``tables``: :class:`TableFact`
    values (finished early, round totals). Only finished tables count
    (:func:`finished_tables`; ``hands_per_round`` None: a table with any
    hand counts). ``total_rounds`` sizes ``round_points`` (default: the
    number of rounds given). Ties break by :data:`TIE_BREAKS` whatever the
    tables' size: points, rounds won, loners made. ``sections``: each
    row's ``section``, one name for all (a section's standings) or entrant
    id → name (the overall standings of a night split into sections).
    """
    total_rounds = total_rounds or len(rounds)
    finished = finished_tables(rounds, hands, tables, hands_per_round)
    table_side_points: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0, 0])  # ns, ew, hands
    loner_hands: dict[tuple[int, int, int], int] = defaultdict(int)
    totals = {(t.round, t.table): t for t in tables if t.totals is not None}
    for h in hands:
        if (h.round, h.table) in totals:
            continue  # round totals replace any hand entered before the switch
        acc = table_side_points[(h.round, h.table)]
        acc[0 if h.scoring_side == "NS" else 1] += h.points
        acc[2] += 1
        if h.loner_made:
            loner_hands[(h.round, h.table, int(h.alone_seat))] += 1
    for key, t in totals.items():
        table_side_points[key] = [t.totals[0], t.totals[1], 0]
        for seat, n in t.loners:
            loner_hands[(t.round, t.table, int(seat))] += n
    for key in finished:
        table_side_points.setdefault(key, [0, 0, 0])  # finished early with no hand: 0–0
    round_done = {rnd.number for rnd in rounds if all((rnd.number, t.number) in finished for t in rnd.tables)}

    # each player's record in flat lists by index (the standings of 2,000 players are made after every
    # change: a dict and two lists per player were a third of the time, most of it the garbage collector's)
    index = {e: i for i, e in enumerate(players)}
    rounds_of = total_rounds
    points: list[int | None] = [None] * (len(index) * rounds_of)
    won, loners, played = [0] * len(index), [0] * len(index), [0] * len(index)
    sits: dict[int, list[int]] = {}
    for rnd in rounds:
        base = rnd.number - 1
        for t in rnd.tables:
            acc = table_side_points.get((rnd.number, t.number))
            if acc is None or (rnd.number, t.number) not in finished:
                continue
            for seat, entrant in enumerate(t.seats):
                i = index.get(entrant)
                if i is None:
                    continue
                side = side_of_position(seat)
                mine, theirs = acc[side], acc[1 - side]
                points[i * rounds_of + base] = mine
                played[i] += 1
                won[i] += mine > theirs
                loners[i] += loner_hands.get((rnd.number, t.number, seat), 0)
        if rnd.number in round_done:
            for entrant in rnd.sit_out:
                i = index.get(entrant)
                if i is not None:
                    sits.setdefault(i, []).append(rnd.number)

    rows = []
    one_section = sections if isinstance(sections, str) else None
    for entrant, i in index.items():
        player_id, name, number = players[entrant]
        mine = points[i * rounds_of:(i + 1) * rounds_of]
        played_points = [p for p in mine if p is not None]
        total = sum(played_points)
        sat = sits.get(i, ())
        credit = 0
        if sat:
            credit_each = 0
            if sit_out_rule == "average" and played_points:
                credit_each = round_half_up(total, len(played_points))
            for r in sat:
                mine[r - 1] = credit_each
            credit = credit_each * len(sat)
        section = (one_section if one_section is not None else sections.get(entrant, "")) if sections else ""
        rows.append(((total + credit, won[i], loners[i]),
                     (player_id, number, name, total + credit, played[i], won[i], loners[i], len(sat), credit,
                      tuple(mine), section)))
    return place_standing_rows(rows)


def standings(session: Session, event_id: int, section: str | None = None) -> StandingsView:
    """The event's standings as they stand now: only finished tables count
    (see the module's docstring), with the round status sentence.

    A night split into sections: ``section`` ("B") gives that section's
    standings (its players, places and prizes within it, its round status);
    None the overall list, every player placed among all, each row naming
    its section, and honest about sections at different rounds:
    :attr:`~.readmodels.StandingsView.section_status` and the status
    sentence say which rounds each section has finished ("Sections A–C
    after round 5; section D after round 4 — round 5: 3 of 5 tables in"),
    with the prizes of each section (``section_prizes``) beside the
    overall ones. :class:`NotFound` for a section the night does not have."""
    from euchre_tourney.tournament import sections as _sections

    secs = _sections.list_sections(session, event_id)
    if section is not None or secs:
        return _sectioned_standings(session, event_id, secs, section)
    return _standings(session, event_id)


def _standings(session: Session, event_id: int) -> StandingsView:
    event = load_event(session, event_id)
    night = seated_night(session, event)
    rounds, names, in_rotation = night.rounds, night.names, set(night.players)
    entrants = {
        entrant_id: (player_id, names.get(entrant_id, "?"), number)
        for entrant_id, player_id, number in session.exec(
            select(Entrant.id, Entrant.player_id, Entrant.number).where(Entrant.event_id == event_id)
        )
        if entrant_id in in_rotation
    }
    size = table_size(event)
    facts = hand_facts(session, event_id, size)
    tables = table_facts(session, event_id)
    rows = compute_standings(
        entrants, rounds, facts, sit_out_rule=event.sit_out_rule, total_rounds=event.rounds,
        hands_per_round=event.hands_per_round, tables=tables,
    )
    after, current, tables_in, tables_total, status = round_status(
        rounds, finished_tables(rounds, facts, tables, event.hands_per_round)
    )
    return StandingsView(
        event_id=event_id,
        event_name=event.name,
        rows=tuple(rows),
        tie_breaks=TIE_BREAKS,
        sit_out_rule=event.sit_out_rule,
        hands_recorded=len(facts),
        status=status,
        rounds_finished=after,
        current_round=current,
        tables_in=tables_in,
        tables_total=tables_total,
        entry_mode=event.entry_mode,
        prizes=compute_prizes(rows, parse_categories(event.prizes_json)),
    )


def section_standings(session: Session, event_id: int) -> dict[str, StandingsView]:
    """Every section's standings (section name → the view
    :func:`standings` gives for that ``section``), made in one pass over
    the night: the phone servers show a night of 25 sections after every
    change, and 25 calls would read and score every hand 25 times.
    ``{}`` for a night not split into sections."""
    from euchre_tourney.tournament import sections as _sections

    secs = _sections.list_sections(session, event_id)
    if not secs:
        return {}
    return _sectioned_standings(session, event_id, secs, None, every=True)


def room_standings(session: Session, event_id: int, memo: dict | None = None,
                   ) -> tuple[StandingsView, dict[str, StandingsView]]:
    """The overall standings (:func:`standings`) and every section's
    (:func:`section_standings`: ``{}`` for a night not split) from one
    read and one scoring of the night: the players' pages show both after
    every change, and two passes read and scored every hand twice.
    ``memo``: a dict the caller keeps from one call to the next (a phone
    server's), holding each section's standings with what they were made
    from (the section's hands, tables finished early or entered as totals,
    rounds, players, the event's settings): a section whose inputs are the
    same, read afresh, is not scored again (a hand at one table of 25
    sections scores one section and the overall list, not 25)."""
    from euchre_tourney.tournament import sections as _sections

    secs = _sections.list_sections(session, event_id)
    if not secs:
        return _standings(session, event_id), {}
    return _sectioned_standings(session, event_id, secs, None, every="both", memo=memo)


def _split_rounds(rounds, secs, owner) -> dict[int, list]:
    """Section id → ``rounds`` cut to that section's tables (``owner(table)``
    names a table's section id) and its players' sit-outs: one pass over
    the night."""
    member_of = {p: sec.id for sec in secs for p in sec.members}
    out: dict[int, list] = {sec.id: [] for sec in secs}
    for r in rounds:
        tables: dict[int, list] = {sec.id: [] for sec in secs}
        sits: dict[int, list] = {sec.id: [] for sec in secs}
        for t in r.tables:
            sid = owner(t.number)
            if sid in tables:
                tables[sid].append(t)
        for p in r.sit_out:
            sid = member_of.get(p)
            if sid in sits:
                sits[sid].append(p)
        for sec in secs:
            out[sec.id].append(dataclasses.replace(r, tables=tuple(tables[sec.id]), sit_out=tuple(sits[sec.id])))
    return out


def _runs_text(names: list[str]) -> str:
    if len(names) == 1:
        return f"section {names[0]}"
    if len(names) == 2:
        return f"sections {names[0]} and {names[1]}"
    return f"sections {names[0]}–{names[-1]}"


def _sectioned_standings(session: Session, event_id: int, secs, section: str | None, every: bool | str = False,
                         memo: dict | None = None):
    """One section's standings (``section``), the overall ones (None), every
    section's (``every`` True: name → view) or the overall ones and every
    section's (``every`` "both": the pair, :func:`room_standings`;
    ``memo``: see there)."""
    from euchre_tourney.tournament import sections as _sections

    chosen = _sections.section_named(secs, section) if section is not None else None
    event = load_event(session, event_id)
    night = _seated_night(session, event, memo)
    size = table_size(event)
    facts = hand_facts(session, event_id, size)
    tables = table_facts(session, event_id)
    finished = finished_tables(night.rounds, facts, tables, event.hands_per_round)
    owners: dict[int, int | None] = {}

    def owner(table: int) -> int | None:
        if table not in owners:
            found = _sections.section_of_table(secs, table)
            owners[table] = None if found is None else found.id
        return owners[table]

    everyone = _entrant_rows(session, event_id, night)
    section_of = {p: sec.name for sec in secs for p in sec.members}
    members_of: dict[str, dict] = {}  # each section's players, in one pass over the night's
    for e, v in everyone.items():
        if e in section_of:
            members_of.setdefault(section_of[e], {})[e] = v
    categories = parse_categories(event.prizes_json)
    shown = [sec for sec in secs if chosen is None or sec.id == chosen.id]
    split = _split_rounds(night.rounds, shown, owner)
    facts_of: dict[int | None, list] = defaultdict(list)
    for f in facts:
        facts_of[owner(f.table)].append(f)
    tables_of: dict[int | None, list] = defaultdict(list)
    for t in tables:
        tables_of[owner(t.table)].append(t)
    statuses: list[tuple[str, int, str]] = []
    prizes_of: list[tuple[str, tuple]] = []
    views: dict[str, StandingsView] = {}
    settings = (event_id, event.name, event.sit_out_rule, event.rounds, event.hands_per_round, event.entry_mode,
                event.prizes_json, bool(night.rounds))
    for sec in shown:
        rounds = split[sec.id]
        players = members_of.get(sec.name, {})
        # what this section's standings are made from, all read afresh: the same as last time, the same standings
        inputs = (settings, sec.name, sec.title, players, rounds, facts_of[sec.id], tables_of[sec.id])
        kept = memo.get(("section", sec.id)) if memo is not None and chosen is None else None
        if kept is not None and kept[0] == inputs:
            after, status, prizes, view = kept[1]
        else:
            after, current, tables_in, tables_total, status = (
                round_status(rounds, finished) if night.rounds else (0, None, 0, 0, "no rotation yet")
            )
            rows = None
            if chosen is not None or categories or every:  # a section's own places: its standings, or its prizes
                rows = compute_standings(
                    players, rounds, facts_of[sec.id], sit_out_rule=event.sit_out_rule, total_rounds=event.rounds,
                    hands_per_round=event.hands_per_round, tables=tables_of[sec.id], sections=sec.name,
                )
            prizes = compute_prizes(rows, categories) if rows is not None else ()
            view = None
            if chosen is not None or every:
                view = StandingsView(
                    event_id=event_id, event_name=event.name, rows=tuple(rows), tie_breaks=TIE_BREAKS,
                    sit_out_rule=event.sit_out_rule, hands_recorded=len(facts_of[sec.id]),
                    status=f"{sec.title}: {status}", rounds_finished=after, current_round=current,
                    tables_in=tables_in, tables_total=tables_total, entry_mode=event.entry_mode, prizes=prizes,
                    section=sec.name, section_status=((sec.name, after, status),),
                    section_prizes=((sec.name, prizes),),
                )
            if memo is not None and chosen is None:
                memo[("section", sec.id)] = (inputs, (after, status, prizes, view))
        statuses.append((sec.name, after, status))
        prizes_of.append((sec.name, prizes))
        if chosen is not None:
            return view
        if every:
            views[sec.name] = view
    if every is True:
        return views
    entrant_of = {n: e for e, n in night.numbers.items() if n is not None}
    rows = compute_standings(  # each row's section: its number's entrant's
        everyone, night.rounds, facts, sit_out_rule=event.sit_out_rule, total_rounds=event.rounds,
        hands_per_round=event.hands_per_round, tables=tables,
        sections={e: section_of.get(entrant_of.get(number), "") for e, (_p, _n, number) in everyone.items()},
    )
    after, current, tables_in, tables_total, _status = round_status(night.rounds, finished)
    overall = StandingsView(
        event_id=event_id, event_name=event.name, rows=tuple(rows), tie_breaks=TIE_BREAKS,
        sit_out_rule=event.sit_out_rule, hands_recorded=len(facts), status=_overall_status(statuses),
        rounds_finished=min((a for _n, a, _s in statuses), default=after), current_round=current,
        tables_in=tables_in, tables_total=tables_total, entry_mode=event.entry_mode,
        prizes=compute_prizes(rows, categories), section_status=tuple(statuses), section_prizes=tuple(prizes_of),
    )
    return (overall, views) if every == "both" else overall


def _seated_night(session: Session, event, memo: dict | None):
    """:func:`~.schedule.seated_night` of ``event``, kept in ``memo`` (a
    phone server's, :func:`room_standings`) while its rotation and its
    entrants are the same: :func:`~.common.rotation_signature` (one
    statement: counts and sums over the rounds', seats' and sit-outs' rows;
    counts and highest ids alone miss a rotation made again, whose rows
    SQLite numbers as the deleted ones were) says whether it changed; the
    entrants (numbers, names, check-ins) are read afresh and compared. The
    2,000 players' seats of a night are read and built once per rotation,
    not after every hand. A night at tables of six: not kept."""
    from euchre_tourney.tournament import side_games

    if memo is None or side_games.is_six(event):
        return seated_night(session, event)
    of_event = EventRound.event_id == event.id
    signature = tuple(session.execute(select(
        *rotation_signature(EventRound.event_id == event.id, reuses_ids(session)))).one())
    entrants = tuple(tuple(row) for row in session.exec(
        select(Entrant.id, Entrant.number, Player.name, Entrant.checked_in)
        .join(Player, Entrant.player_id == Player.id).where(Entrant.event_id == event.id).order_by(Entrant.id)))
    kept = memo.get("night")
    if kept is not None and kept[0] == (event.id, signature, entrants):
        return kept[1]
    night = seated_night(session, event)
    memo["night"] = ((event.id, signature, entrants), night)
    return night


def _entrant_rows(session: Session, event_id: int, night) -> dict[int, tuple[int, str, int | None]]:
    in_rotation = set(night.players)
    return {
        entrant_id: (player_id, night.names.get(entrant_id, "?"), number)
        for entrant_id, player_id, number in session.exec(
            select(Entrant.id, Entrant.player_id, Entrant.number).where(Entrant.event_id == event_id)
        )
        if entrant_id in in_rotation
    }


def _overall_status(statuses: list[tuple[str, int, str]]) -> str:
    """"Sections A–C after round 5; section D after round 4 — round 5: 3 of
    5 tables in": which rounds each section has finished, sections with the
    same sentence said once."""
    said: dict[str, list[str]] = {}
    for name, _after, status in statuses:
        said.setdefault(status, []).append(name)
    parts = [f"{_runs_text(names)}: {status}" for status, names in said.items()]
    text = "; ".join(parts)
    return text[:1].upper() + text[1:]


def hand_facts(session: Session, event_id: int, size: int) -> list[HandFact]:
    """Every recorded hand of the event as a :class:`HandFact` (tables of ``size``)."""
    return [
        HandFact(number, table, side, points, lone_position(alone, detail, size), tricks, makers)
        for number, table, side, points, alone, tricks, detail, makers in session.exec(
            select(EventRound.number, Hand.table_number, Hand.scoring_side, Hand.points, Hand.alone_seat, Hand.maker_tricks,
                   Hand.detail_json, Hand.makers)
            .join(EventRound, Hand.round_id == EventRound.id)
            .where(EventRound.event_id == event_id)
        )
    ]


def table_facts(session: Session, event_id: int) -> list[TableFact]:
    """The event's tables finished early or entered as round totals."""
    out = []
    for number, t in session.exec(
        select(EventRound.number, TableResult)
        .join(EventRound, TableResult.round_id == EventRound.id)
        .where(EventRound.event_id == event_id)
    ):
        totals = None if t.ns_points is None else (t.ns_points, t.ew_points)
        loners = tuple((seat, n) for seat, n in enumerate(t.loners_by_position) if n)
        out.append(TableFact(number, t.table_number, t.finished_early, totals, loners))
    return out


STANDINGS_CSV_COLUMNS = (
    "place", "number", "name", "points", "rounds_played", "rounds_won", "loners", "sit_outs", "sit_out_credit", "tied",
)
"""The standings CSV's first columns; ``round_1``, ``round_2``, … follow.
``place`` is a plain number and ``tied`` is ``yes`` for a shared place (the
screen's "=3" would read as a formula in a spreadsheet)."""


def standings_rows(view: StandingsView) -> list[list[object]]:
    """The standings as CSV rows: the header, then one row per player."""
    rounds = len(view.rows[0].round_points) if view.rows else 0
    out: list[list[object]] = [list(STANDINGS_CSV_COLUMNS) + [f"round_{i}" for i in range(1, rounds + 1)]]
    for r in view.rows:
        out.append(
            [r.place, r.number, r.name, r.points, r.rounds_played, r.rounds_won, r.loners, r.sit_outs,
             r.sit_out_credit, "yes" if r.tied else ""]
            + ["" if p is None else p for p in r.round_points]
        )
    return out


def standings_csv(view: StandingsView) -> str:
    """The standings as CSV text for standard output (the command line's
    ``standings --format csv``): no byte-order mark, ``\\n`` line ends, and
    a name starting with ``= + - @`` (tab, carriage return) prefixed with an
    apostrophe so no spreadsheet runs it (:func:`~.csvfiles.safe_cell`)."""
    return csv_text(standings_rows(view))


def write_standings_csv(view: StandingsView, path: str | os.PathLike) -> None:
    """Save the standings as an Excel-clean CSV file (UTF-8 with a
    byte-order mark, CRLF, formulas escaped; written whole or not at all).
    :class:`~euchre_tourney.tournament.TournamentError` if it cannot be written."""
    write_csv_file(path, standings_rows(view))
