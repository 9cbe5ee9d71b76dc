"""Side games at a club night (issue 24, item 5): events of six-player
euchre, three against three at tables of six, and of bid euchre for four in
two partnerships, scored hand by hand.

**The event's game** is one of :data:`EVENT_GAMES` (keys of
``rules.tables.TABLE_PRESETS``), kept beside the event's rule set
(:func:`~euchre_tourney.store.table_rules_of`); an event without one is the
four-seat game, untouched by anything here.

**Tables of six.** A progressive night seats six a table
(:func:`euchre_tourney.rotation.six_rotation`: partners and opponents spread
by a seeded local search; ``n % 6`` players sit out each round), seats
``seat1`` .. ``seat6`` clockwise; seats 1, 3, 5 are the first side and 2, 4,
6 the second (001 "Six Player Euchre": "two teams of three, sitting
alternately"). Bid euchre seats four as the four-seat night does (its
rotation, scorecards and standings are the four-seat ones: its hands are
stored as North-South / East-West results).

**A hand** is entered as the tally card records it,
:class:`~euchre_tourney.rules.tables.SideHandEntry` -- the making side
(0: seats 1, 3, 5 -- North-South at a table of four; 1: seats 2, 4, 6 --
East-West), the makers' tricks, a lone maker (and, when the director
says it, the lone maker's seat: the Loners column counts it), and in bid
euchre the bid and the bidder's seat -- and is validated and scored by
:meth:`SideHandEntry.score`, whose refusal sentences the director sees
unchanged. The stored row keeps the side as ``"NS"``/``"EW"`` and the rest
in ``hand.detail_json``.

**Corrections** (:func:`correct_side_hand`): a stored hand is corrected in
place, as at four -- the row keeps its id and slot, its version goes up by
one, an audit row says old → new at the station; a correction names the
version it was made on (``expected_version``) and is refused with what the
hand says now when it changed since (:class:`~.stations.StaleHand`); the one
guard (:mod:`.guard`) refuses any write in a locked round. The Scores page,
undo and the tables' phones (:mod:`.phones`: enter, agree or disagree,
correct) all write through these use cases.

**Requests at tables of six** (:func:`honour_requests`): the director's
requests -- stays at one table, never partner, sits out a round -- are kept
by swapping seats in the rotation the search made; the ones that cannot be
kept are said (:func:`six_request_warnings`, the Rotation page shows them).

**Standings** (the one :func:`~.standings.standings` for every table size:
a player's side is the parity of their seat): each player is credited, for every
finished table of theirs (its hands per round all in), the points their
side scored; a makers' side that fell short of its bid scores the negative
bid. Sit-outs follow the event's rule as at four. Tie-breaks: points, rounds
won. Only finished tables count. Loners made are counted for the seat that
went alone when its side scored (as at four: a lone maker euchred made none).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from euchre_tourney import rotation
from euchre_tourney.rules import RuleViolation, position, position_title, seat_keys, side_of_position, side_positions, side_title, tables
from euchre_tourney.store import Entrant, Event, EventRound, Hand, HandAudit, Player, Seating, SitOut, set_table_rules, table_rules_of
from euchre_tourney.tournament.common import clear_rotation, hands_recorded, load_event, whole_number
from euchre_tourney.tournament.errors import InvalidHand, TournamentError
from euchre_tourney.tournament.identity import labels
from euchre_tourney.tournament.readmodels import RotationView, RoundView, TableView
from euchre_tourney.tournament.stations import check_unlocked, round_for_write, stale_hand, station_of
from euchre_tourney.tournament.unit_of_work import write_use_case

EVENT_GAMES: dict[str, str] = {
    key: tables.TABLE_TITLES[key] for key, rules in tables.TABLE_PRESETS.items() if rules.sides == "partners"
}
"""The side games an event may be of, preset key → title (the four-seat game
is ``""``): every preset played in fixed partnerships, whose hands a tally
card records as :class:`~euchre_tourney.rules.tables.SideHandEntry` does --
tables of six (six player, its double pack, Almonte) and of four (bid
euchre, Almonte's four-hand, call for best, railroading, no-trump). The
others (two-handed, cutthroat, partner pick, five-handed bid) decide their
sides hand by hand: :data:`NOT_AN_EVENT_GAME` says why they are not offered."""

NOT_AN_EVENT_GAME = (
    "Its sides change from hand to hand (a lone maker, a called partner): a progressive night's "
    "tally card scores fixed partnerships."
)

SIX_SEATS = seat_keys(6)
"""The stored seat names at a table of six, clockwise (:func:`~euchre_tourney.rules.seat_keys`)."""

SIX = 6
"""Seats at a table of six."""

SIDE_NAMES = ("NS", "EW")
"""Side 0 (seats 1, 3, 5; North-South) and side 1 (seats 2, 4, 6; East-West) as stored."""


def event_game(event: Event) -> tables.TableRules | None:
    """The event's side game (None: the four-seat game)."""
    return table_rules_of(event)


def event_game_of(session: Session, event_id: int) -> tables.TableRules | None:
    """The side game of event ``event_id`` (None: four-seat euchre)."""
    return table_rules_of(load_event(session, event_id))


def is_six(event: Event) -> bool:
    """True for an event played at tables of six."""
    game = table_rules_of(event)
    return game is not None and game.players == 6


def check_game(key: str | tables.TableRules) -> tables.TableRules | None:
    """The side game named by ``key`` ("" → None, the four-seat game), or
    ``key`` itself when it is the :class:`~euchre_tourney.rules.tables.TableRules`
    of such a game with its options changed (the options editor);
    :class:`TournamentError` for a game an event cannot be of."""
    if isinstance(key, tables.TableRules):
        check_game(key.preset)
        base = tables.TABLE_PRESETS[key.preset]
        if (key.players, key.pack, key.hand_size, key.sides, key.bidding) != (
            base.players, base.pack, base.hand_size, base.sides, base.bidding
        ):
            raise TournamentError(f"{base.title} keeps its table, pack, sides and bidding; only its options change.")
        return key
    if not isinstance(key, str):
        raise TournamentError(f"The game must be named by its key, not {key!r}.")
    if not key:
        return None
    if key not in EVENT_GAMES:
        choices = ", ".join(EVENT_GAMES.values())
        raise TournamentError(f"An event cannot be of the game {key!r}: besides four-seat euchre, choose {choices}.")
    return tables.TABLE_PRESETS[key]


def apply_game(session: Session, event: Event, key: str | tables.TableRules) -> None:
    """Set ``event``'s side game (flushed; the caller commits). Refused once a
    rotation exists (its tables are sized for the game) and for team events
    or round-totals entry (side games are entered hand by hand)."""
    game = check_game(key)
    if game is None and table_rules_of(event) is None:
        return
    if game is not None and (event.kind != "progressive" or event.entry_mode != "hands"):
        raise TournamentError("A side game is a progressive event entered hand by hand.")
    if event.id is not None and session.exec(select(EventRound.id).where(EventRound.event_id == event.id).limit(1)).first():
        raise TournamentError("The rotation is generated: clear it before changing the game (its tables are sized for it).")
    set_table_rules(event, game)
    session.add(event)


@write_use_case
def set_event_game(session: Session, event_id: int, key: str | tables.TableRules) -> str:
    """Make the event one of :data:`EVENT_GAMES` (``""``: the four-seat
    game; or the game's rules with options changed); commit. Returns the
    game's title. See :func:`apply_game`."""
    event = load_event(session, event_id)
    game = check_game(key)
    apply_game(session, event, key)
    session.commit()
    return game.title if game is not None else "Four-seat euchre"


# --- rotation at tables of six ------------------------------------------------------------


SixTableView = TableView
SixRoundView = RoundView
SixRotationView = RotationView
"""A night at tables of six is read as any rotation (one read model for
every table size): :class:`~.readmodels.RotationView` of
:class:`~.readmodels.RoundView` of :class:`~.readmodels.TableView` -- each
table's entrant ids and names by position, seats 1..6, its ``sides``
(seats 1, 3, 5), (seats 2, 4, 6) -- with the balance figures in plain words
(:func:`euchre_tourney.rotation.describe_six`)."""


def honour_requests(schedule: rotation.SixSchedule, wants: rotation.Constraints) -> rotation.SixSchedule:
    """``schedule`` (tables of six, entrant ids) changed to keep the
    director's requests where it can, round by round (the same requests as
    at four, :func:`~.schedule.rotation_constraints`):

    * **sits out a given round**: the player changes places with one who sits
      out that round (none sits out when the players fill the tables: kept
      as it is, and :func:`six_request_warnings` says so);
    * **stays at one table** (mobility): the round's tables are numbered so
      that the pinned player's table is the one asked for (tables of six are
      alike: renumbering them changes no one's partners), and a second pinned
      player at the same table changes places with a player of the same side
      at the table asked for;
    * **never partner**: the second of the two changes places with an
      opponent at the same table (the table stays the one pinned), the first
      such opponent with whom no other pair asked apart ends up partnering.

    Each change is a swap of two seats: the partner and opponent counts move
    by a few meetings at most (the quality lines are read from the stored
    rotation, so they say what was kept)."""
    apart = {frozenset(pair) for pair in wants.apart}
    rounds = []
    for n, rnd in enumerate(schedule.rounds, start=1):
        tables_ = [list(t) for t in rnd.tables]
        sits = list(rnd.sit_outs)
        asked = list(wants.sit_out.get(n, ()))
        for p in asked:
            if p in sits:
                continue
            free = [q for q in sits if q not in asked]
            if not free:
                break
            q = min(free, key=lambda x: (x in wants.pinned, x))
            for t in tables_:
                if p in t:
                    t[t.index(p)] = q
            sits[sits.index(q)] = p
        count = len(tables_)
        order: list[int | None] = [None] * count
        for p, want in sorted(wants.pinned.items()):
            at = next((i for i, t in enumerate(tables_) if p in t), None)
            if at is None or not 1 <= want <= count or at in order or order[want - 1] is not None:
                continue
            order[want - 1] = at
        rest = iter(i for i in range(count) if i not in order)
        tables_ = [tables_[i if i is not None else next(rest)] for i in order]
        for p, want in sorted(wants.pinned.items()):
            at = next((i for i, t in enumerate(tables_) if p in t), None)
            if at is None or not 1 <= want <= count or at == want - 1:
                continue
            seat = tables_[at].index(p)
            target = tables_[want - 1]
            swap = next((k for k in range(seat % 2, SIX, 2) if target[k] not in wants.pinned), None)
            if swap is None:
                continue
            tables_[at][seat], target[swap] = target[swap], p
        for t in tables_:
            for pair in sorted(apart, key=sorted):
                a, b = sorted(pair)
                if a not in t or b not in t or t.index(a) % 2 != t.index(b) % 2:
                    continue
                ib = t.index(b)
                for k in range(1 - ib % 2, SIX, 2):
                    trial = list(t)
                    trial[ib], trial[k] = trial[k], trial[ib]
                    if not any(frozenset((trial[i], trial[j])) in apart
                               for i in range(SIX) for j in range(i + 1, SIX) if i % 2 == j % 2):
                        t[:] = trial
                        break
        rounds.append(rotation.SixRound(tuple(tuple(t) for t in tables_), tuple(sorted(sits))))
    return rotation.SixSchedule(schedule.players, tuple(rounds))


def six_request_warnings(schedule: rotation.SixSchedule, wants: rotation.Constraints, name) -> list[str]:
    """The requests ``schedule`` does not keep, one sentence each (``name``:
    entrant id → the name shown); ``[]`` when it keeps them all."""
    out: list[str] = []
    for n, rnd in enumerate(schedule.rounds, start=1):
        for p in sorted(wants.sit_out.get(n, ())):
            if p in rnd.sit_outs or p not in schedule.players:
                continue
            why = ("nobody sits out at tables of six with this many players" if not rnd.sit_outs
                   else "more players asked to sit out than sit out that round")
            out.append(f"{name(p)} asked to sit out round {n}, but plays in it: {why}.")
        for p, want in sorted(wants.pinned.items()):
            at = next((i for i, t in enumerate(rnd.tables, start=1) if p in t), None)
            if at is not None and at != want:
                where = (f"round {n} has only {len(rnd.tables)} table{'s' if len(rnd.tables) != 1 else ''} of six"
                         if want > len(rnd.tables) else "other players asked for that table too")
                out.append(f"{name(p)} asked to stay at table {want}, but plays at table {at} in round {n}: {where}.")
        for a, b in wants.apart:
            for t in rnd.tables:
                if a in t and b in t and t.index(a) % 2 == t.index(b) % 2:
                    out.append(f"{name(a)} and {name(b)} asked never to partner, but partner in round {n}.")
    return out


def generate_six(session: Session, event: Event, seed: int, wants: rotation.Constraints | None = None) -> None:
    """Seat the checked-in players at tables of six for every round (flushed;
    the caller commits). Numbers 1..N follow the names alphabetically.
    ``wants``: the director's requests over entrant ids
    (:func:`~.schedule.rotation_constraints`), kept by :func:`honour_requests`."""
    if hands_recorded(session, event.id):
        raise TournamentError("Scores have been entered: the rotation can no longer be regenerated.")
    rows = list(
        session.exec(
            select(Entrant, Player)
            .join(Player, Entrant.player_id == Player.id)
            .where(Entrant.event_id == event.id, Entrant.checked_in == True)  # noqa: E712
        )
    )
    if len(rows) < 6:
        raise TournamentError(f"Tables of six need at least 6 players checked in ({len(rows)} checked in).")
    rows.sort(key=lambda ep: (ep[1].name.casefold(), ep[1].id))
    for number, (entrant, _player) in enumerate(rows, start=1):
        entrant.number = number
        session.add(entrant)
    schedule = rotation.six_rotation([e.id for e, _ in rows], event.rounds, seed=seed)
    schedule = honour_requests(schedule, wants or rotation.Constraints())
    clear_rotation(session, event.id)
    for number, rnd in enumerate(schedule.rounds, start=1):
        r = EventRound(event_id=event.id, number=number)
        session.add(r)
        session.flush()
        for table_number, table in enumerate(rnd.tables, start=1):
            for seat, entrant_id in zip(SIX_SEATS, table):
                session.add(Seating(round_id=r.id, table_number=table_number, seat=seat, entrant_id=entrant_id))
        for entrant_id in rnd.sit_outs:
            session.add(SitOut(round_id=r.id, entrant_id=entrant_id))
    event.seed = seed
    session.add(event)


def _six_schedule(session: Session, event_id: int):
    """(rotation.SixSchedule over entrant ids, {entrant: name shown}, {entrant: number})."""
    tonight = session.exec(
        select(Entrant.id, Player.name, Entrant.number)
        .join(Player, Entrant.player_id == Player.id)
        .where(Entrant.event_id == event_id)
    ).all()
    names = labels(tonight)
    numbers = {i: n for i, _, n in tonight}
    rounds_rows = list(
        session.exec(select(EventRound.id, EventRound.number).where(EventRound.event_id == event_id).order_by(EventRound.number))
    )
    seats: dict[int, dict[int, dict[str, int]]] = {rid: {} for rid, _ in rounds_rows}
    sits: dict[int, list[int]] = {rid: [] for rid, _ in rounds_rows}
    for round_id, table_number, seat, entrant_id in session.exec(
        select(Seating.round_id, Seating.table_number, Seating.seat, Seating.entrant_id)
        .join(EventRound, Seating.round_id == EventRound.id)
        .where(EventRound.event_id == event_id)
    ):
        seats[round_id].setdefault(table_number, {})[seat] = entrant_id
    for round_id, entrant_id in session.exec(
        select(SitOut.round_id, SitOut.entrant_id).join(EventRound, SitOut.round_id == EventRound.id).where(EventRound.event_id == event_id)
    ):
        sits[round_id].append(entrant_id)
    rounds = []
    players: set[int] = set()
    for round_id, _number in rounds_rows:
        tables_ = tuple(tuple(seats[round_id][t][s] for s in SIX_SEATS) for t in sorted(seats[round_id]))
        rounds.append(rotation.SixRound(tables_, tuple(sorted(sits[round_id]))))
        for t in tables_:
            players.update(t)
        players.update(sits[round_id])
    ordered = tuple(sorted(players, key=lambda i: (numbers.get(i) or 0, i)))
    return rotation.SixSchedule(ordered, tuple(rounds)), names, numbers


def six_rotation_view(session: Session, event_id: int, wants: rotation.Constraints | None = None) -> SixRotationView:
    """The stored rotation of a night at tables of six, with its balance
    figures (partner repeats, most partnered and opposed, meetings, sit-outs); ``wants``: the director's
    requests (entrant ids): the ones it does not keep are its ``warnings``."""
    event = load_event(session, event_id)
    schedule, names, _ = _six_schedule(session, event_id)
    rounds = tuple(
        SixRoundView(
            number=n,
            tables=tuple(SixTableView(i, t, tuple(names.get(p, "?") for p in t)) for i, t in enumerate(r.tables, start=1)),
            sit_out=tuple(names.get(p, "?") for p in r.sit_outs),
        )
        for n, r in enumerate(schedule.rounds, start=1)
    )
    quality = tuple(rotation.describe_six(rotation.six_quality(schedule))) if schedule.rounds else ()
    warnings = tuple(six_request_warnings(schedule, wants, lambda p: names.get(p, "?"))) if wants is not None else ()
    return SixRotationView(event_id=event_id, seed=event.seed, rounds=rounds, quality=quality, warnings=warnings)


# --- hands --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SideHandView:
    """One recorded hand of a side game: where (``round``, ``table``,
    ``number``), what was entered (``entry``, ``bidder``: the bidder's seat
    index from 0, bid euchre only; ``alone_seat``: the lone maker's seat
    index, when recorded) and what it scored (``side`` 0 or 1, ``points``,
    negative for makers short of their bid). ``names``: the table's players
    by seat, clockwise, when read with its table (:func:`side_table_score`):
    :attr:`text` names them; without, it names the seats in words."""

    id: int
    round: int
    table: int
    number: int
    entry: tables.SideHandEntry
    bidder: int | None
    side: int
    points: int
    alone_seat: int | None = None
    names: tuple[str, ...] = ()
    seats: int = 4
    version: int = 1
    """1 when recorded, +1 per correction (:func:`correct_side_hand` names the version it was made on)."""
    station: str = ""
    """The station that recorded it."""

    @property
    def makers(self) -> str:
        """The making side as stored: "NS" (side 0) or "EW" (side 1)."""
        return SIDE_NAMES[self.entry.makers]

    @property
    def scoring_side(self) -> str:
        """The side that scored as stored: "NS" or "EW"."""
        return SIDE_NAMES[self.side]

    @property
    def maker_tricks(self) -> int:
        return self.entry.maker_tricks

    @property
    def side_points(self) -> tuple[int, int]:
        """(side 0's points, side 1's points) for this hand."""
        return (self.points, 0) if self.side == 0 else (0, self.points)

    def seat_title(self, seat: int | None) -> str:
        """A seat in words with its player when known: "Seat 4: Dee", "North: Ann" ("" for None)."""
        if seat is None:
            return ""
        title = position_title(seat, self.seats)
        return f"{title}: {self.names[seat]}" if len(self.names) == self.seats and 0 <= seat < self.seats else title

    def _seat(self, seat: int) -> str:
        if len(self.names) == self.seats and 0 <= seat < self.seats:
            return self.names[seat]
        return position_title(seat, self.seats)

    def _side(self, side: int) -> str:
        if len(self.names) == self.seats:
            who = list(self.names[side::2])
            return who[0] if len(who) == 1 else ", ".join(who[:-1]) + " & " + who[-1]
        if self.seats == 4:
            return side_title(side, 4)
        return " & ".join(", ".join(position_title(p, self.seats) for p in side_positions(side, self.seats)).rsplit(", ", 1))

    @property
    def text(self) -> str:
        """The hand in words, naming the players: "Cat alone took 5 tricks:
        Ann, Cat & Eve +6"; "Dan bid 3; Bob & Dan took 2 tricks: Bob & Dan -3"
        (without the names: "North–South", "Seat 1, Seat 3 & Seat 5")."""
        makers = self._side(self.entry.makers)
        n = self.entry.maker_tricks
        tricks = f"{n} trick" if n == 1 else f"{n} tricks"
        if self.entry.bid and self.bidder is not None:
            who = f"{self._seat(self.bidder)} bid {self.entry.bid}; {makers} took {tricks}"
        elif self.entry.alone and self.alone_seat is not None:
            who = f"{self._seat(self.alone_seat)} alone took {tricks}"
        elif self.entry.alone:
            who = f"{makers} took {tricks}, one of them alone"
        else:
            who = f"{makers} took {tricks}"
        return f"{who}: {self._side(self.side)} {self.points:+d}"


def _detail(h: Hand) -> dict:
    return json.loads(h.detail_json or "{}")


def _side_view(h: Hand, round_number: int, seats: int, names: tuple[str, ...] = ()) -> SideHandView:
    d = _detail(h)
    entry = tables.SideHandEntry(SIDE_NAMES.index(h.makers), h.maker_tricks, bool(d.get("alone", False)), int(d.get("bid", 0)))
    lone = d.get("alone_seat")
    return SideHandView(
        id=h.id, round=round_number, table=h.table_number, number=h.number, entry=entry,
        bidder=d.get("bidder"), side=SIDE_NAMES.index(h.scoring_side), points=h.points,
        alone_seat=None if lone is None else position(lone), names=names, seats=seats,
        version=h.version or 1, station=h.station or "",
    )


def _game_of(event: Event) -> tables.TableRules:
    game = table_rules_of(event)
    if game is None:
        raise InvalidHand("This event is played as four-seat euchre: enter its hands on the four-seat score entry.")
    return game


def _check_bidder(game: tables.TableRules, entry: tables.SideHandEntry, bidder: object) -> int | None:
    if game.bidding != "auction":
        if bidder is not None:
            raise InvalidHand(f"{game.title} has no bids: leave the bidder empty.")
        return None
    if bidder is None:
        raise InvalidHand("Say who bid: the high bidder's seat.")
    if bidder.__class__ is not int or not 0 <= bidder < game.players:
        raise InvalidHand(f"The bidder is one of the {game.players} seats, not {bidder!r}.")
    if bidder % 2 != entry.makers:
        raise InvalidHand("The high bidder names trump, so the bidder sits on the makers' side.")
    return bidder


def _check_lone_seat(game: tables.TableRules, entry: tables.SideHandEntry, seat: object) -> int | None:
    if seat is None:
        return None
    if not entry.alone:
        raise InvalidHand("Nobody went alone in this hand: leave the lone seat empty.")
    if seat.__class__ is not int or not 0 <= seat < game.players:
        raise InvalidHand(f"The lone maker is one of the {game.players} seats, not {seat!r}.")
    if side_of_position(seat) != entry.makers:
        raise InvalidHand("The lone maker sits on the makers' side.")
    return seat


def _check_side_hand(
    session: Session, event_id: int, round_number: int, table: int, number: int, entry: tables.SideHandEntry,
    bidder: object, alone_seat: object, *, r: EventRound | None = None, replacing: int | None = None,
):
    """Validate a side game's hand for its slot: ``(game, round row, side,
    points, bidder, lone seat)``; :class:`InvalidHand` (its kinds) with the
    sentence the director sees. ``r``: the round, already read for the
    write; ``replacing``: the id of the hand a correction replaces (its own
    slot is not taken)."""
    if not isinstance(entry, tables.SideHandEntry):
        raise InvalidHand(f"A side game's hand is a SideHandEntry, not {type(entry).__name__}.")
    for value, what in ((round_number, "round"), (table, "table"), (number, "hand number")):
        try:
            whole_number(value, what)
        except TournamentError as exc:
            raise InvalidHand(exc.message) from None
    event = load_event(session, event_id)
    game = _game_of(event)
    if r is None:
        r = round_for_write(session, EventRound.event_id == event_id, EventRound.number == round_number)
    if r is None:
        raise InvalidHand(f"Round {round_number} does not exist: this event has {event.rounds} rounds.")
    check_unlocked(r)
    seated = set(session.exec(select(Seating.table_number).where(Seating.round_id == r.id)))
    if table not in seated:
        raise InvalidHand(f"Table {table} does not play in round {round_number} (tables 1–{len(seated)}).")
    if not 1 <= number <= event.hands_per_round:
        raise InvalidHand(f"Hand {number} is beyond this round: each round has {event.hands_per_round} hands.")
    try:
        side, points = entry.score(game)
    except RuleViolation as exc:
        raise InvalidHand(exc.message) from exc
    bidder = _check_bidder(game, entry, bidder)
    alone_seat = _check_lone_seat(game, entry, alone_seat)
    taken = session.exec(
        select(Hand.id).where(Hand.round_id == r.id, Hand.table_number == table, Hand.number == number)
    ).first()
    if taken is not None and taken != replacing:
        raise InvalidHand(f"Hand {number} at table {table} is already recorded: delete it to enter it again.")
    return game, r, side, points, bidder, alone_seat


def _detail_of(entry: tables.SideHandEntry, bidder: int | None, alone_seat: int | None) -> str:
    detail = {"alone": entry.alone, "bid": entry.bid}
    if bidder is not None:
        detail["bidder"] = bidder
    if alone_seat is not None:
        detail["alone_seat"] = alone_seat
    return json.dumps(detail, sort_keys=True)


def _names_at(session: Session, event_id: int, round_id: int, table: int, players: int) -> tuple[str, ...]:
    """The table's players by seat, clockwise, as its page names them."""
    tonight = session.exec(
        select(Entrant.id, Player.name, Entrant.number).join(Player, Entrant.player_id == Player.id).where(Entrant.event_id == event_id)
    ).all()
    shown = labels(tonight)
    seats = {
        seat: shown.get(entrant_id, "?")
        for seat, entrant_id in session.exec(
            select(Seating.seat, Seating.entrant_id).where(Seating.round_id == round_id, Seating.table_number == table)
        )
    }
    order = seat_keys(players)
    return tuple(seats.get(s, "?") for s in order) if seats else ()


@write_use_case
def record_side_hand(
    session: Session,
    event_id: int,
    round_number: int,
    table: int,
    number: int,
    entry: tables.SideHandEntry,
    bidder: int | None = None,
    alone_seat: int | None = None,
) -> SideHandView:
    """Validate, score and store one hand of a side game; commit.

    ``entry``: :class:`~euchre_tourney.rules.tables.SideHandEntry` (scored
    with the event's game by :meth:`~.SideHandEntry.score`, whose sentence a
    refusal carries); ``bidder``: the bidder's seat (0-based; North 0, East
    1, South 2, West 3 at a table of four), bid euchre only; ``alone_seat``:
    the lone maker's seat (0-based; optional, for the Loners column), only
    with ``entry.alone``. Raises
    :class:`InvalidHand` (nothing stored) for a hand the rules or the night
    do not allow (no such round or table, a hand beyond the round, a slot
    already taken, a locked round)."""
    game, r, side, points, bidder, alone_seat = _check_side_hand(
        session, event_id, round_number, table, number, entry, bidder, alone_seat
    )
    h = Hand(
        round_id=r.id, table_number=table, number=number, makers=SIDE_NAMES[entry.makers], maker_tricks=entry.maker_tricks,
        alone_seat=None, defender_alone=False, scoring_side=SIDE_NAMES[side], points=points,
        station=station_of(session)[:60], detail_json=_detail_of(entry, bidder, alone_seat),
    )
    session.add(h)
    try:
        session.flush()
    except IntegrityError:
        session.rollback()
        raise InvalidHand(f"Hand {number} at table {table} was recorded at another station meanwhile: nothing was saved.") from None
    view = _side_view(h, round_number, game.players)
    named = _side_view(h, round_number, game.players, _names_at(session, event_id, r.id, table, game.players))
    session.add(  # the history names the players, as the correction's line does
        HandAudit(
            event_id=event_id, round_number=round_number, table_number=table, hand_number=number, hand_id=h.id,
            action="record", station=station_of(session)[:60], new=named.text[:200],
        )
    )
    session.commit()
    return view


def side_hand_words(game: tables.TableRules, entry: tables.SideHandEntry, bidder: int | None = None,
                    alone_seat: int | None = None, names: tuple[str, ...] = ()) -> str:
    """A side game's hand as typed, in words, before it is stored (as
    :attr:`SideHandView.text` says it once stored): "Seat 4: Dee alone took
    5 tricks: Bob, Dee & Fay +6". ``RuleViolation`` for a hand the game
    does not allow."""
    side, points = entry.score(game)
    return SideHandView(
        id=0, round=0, table=0, number=0, entry=entry, bidder=bidder, side=side, points=points,
        alone_seat=alone_seat, names=names, seats=game.players,
    ).text


@write_use_case
def correct_side_hand(
    session: Session,
    hand_id: int,
    entry: tables.SideHandEntry,
    bidder: int | None = None,
    alone_seat: int | None = None,
    *,
    number: int | None = None,
    expected_version: int | None = None,
) -> SideHandView:
    """Correct a recorded hand of a side game in place; commit. The row
    keeps its id (and its slot unless ``number`` moves it), its version
    goes up by one, and an audit row says old → new at this station.

    ``entry``, ``bidder``, ``alone_seat``: as in :func:`record_side_hand`,
    validated and scored the same way (the same sentences).
    ``expected_version``: the :attr:`SideHandView.version` the correction
    was made on (None: whatever is stored); a hand changed or deleted since
    is refused as :class:`~.stations.StaleHand` with what it says now. The
    one guard (:mod:`.guard`) refuses it in a locked round
    (:class:`~.guard.RoundLocked`); nothing is written on any refusal.
    :class:`NotFound` for a hand that is not stored."""
    from euchre_tourney.tournament.errors import NotFound

    try:
        hid = whole_number(hand_id, "hand's id")
    except TournamentError as exc:
        raise InvalidHand(exc.message) from None
    h = session.get(Hand, hid)
    if h is None:
        raise NotFound(f"Hand {hand_id} does not exist (it may have been deleted).")
    r = round_for_write(session, EventRound.id == h.round_id)
    check_unlocked(r)
    event = load_event(session, r.event_id)
    game = _game_of(event)
    names = _names_at(session, r.event_id, r.id, h.table_number, game.players)
    old = _side_view(h, r.number, game.players, names)
    try:
        proposed = side_hand_words(game, entry, bidder, alone_seat, names) if isinstance(entry, tables.SideHandEntry) else ""
    except RuleViolation:
        proposed = ""
    if expected_version is not None and old.version != expected_version:
        raise stale_hand(session, old, old.text, proposed, "your correction says")
    number = h.number if number is None else number
    game, r, side, points, bidder, alone_seat = _check_side_hand(
        session, r.event_id, r.number, h.table_number, number, entry, bidder, alone_seat, r=r, replacing=h.id
    )
    values = {
        "number": number, "makers": SIDE_NAMES[entry.makers], "maker_tricks": entry.maker_tricks,
        "scoring_side": SIDE_NAMES[side], "points": points, "detail_json": _detail_of(entry, bidder, alone_seat),
        "version": old.version + 1,
    }
    guarded = update(Hand).where(Hand.id == h.id, Hand.version == old.version)
    try:
        changed = session.execute(guarded.values(values).execution_options(synchronize_session=False)).rowcount
    except IntegrityError:
        session.rollback()
        raise InvalidHand(f"Hand {number} at table {h.table_number} was recorded at another station meanwhile: "
                          "nothing was changed.") from None
    if changed != 1:  # corrected or deleted at another station between the read and the write
        session.rollback()
        again = session.get(Hand, hid)
        if again is None:
            raise NotFound(f"Hand {old.number} at table {old.table} was deleted at another station: nothing was changed.")
        session.refresh(again)
        now = _side_view(again, r.number, game.players, names)
        raise stale_hand(session, now, now.text, proposed, "your correction says")
    session.expire(h)
    new = _side_view(session.get(Hand, hid), r.number, game.players, names)
    session.add(
        HandAudit(
            event_id=r.event_id, round_number=r.number, table_number=h.table_number, hand_number=number, hand_id=hid,
            action="correct", station=station_of(session)[:60], old=old.text[:200], new=new.text[:200],
        )
    )
    session.commit()
    return new


def stored_hand_words(session: Session, event_id: int, image) -> str | None:
    """A stored hand row in words (``image``: the row as the unit of work
    records it, a mapping of its columns) when it is a side game's hand,
    naming the table's players as :attr:`SideHandView.text` does; None for a
    four-seat hand (or when the event is gone). For the audit rows Edit ▸
    Undo and Redo write."""
    if not image or not image.get("detail_json"):
        return None
    event = session.get(Event, event_id)
    game = table_rules_of(event) if event is not None else None
    if game is None or image.get("makers") not in SIDE_NAMES or image.get("scoring_side") not in SIDE_NAMES:
        return None
    d = json.loads(image["detail_json"] or "{}")
    entry = tables.SideHandEntry(SIDE_NAMES.index(image["makers"]), image["maker_tricks"], bool(d.get("alone", False)),
                                 int(d.get("bid", 0)))
    lone = d.get("alone_seat")
    return SideHandView(
        id=image["id"], round=0, table=image["table_number"], number=image["number"], entry=entry, bidder=d.get("bidder"),
        side=SIDE_NAMES.index(image["scoring_side"]), points=image["points"],
        alone_seat=None if lone is None else position(lone),
        names=_names_at(session, event_id, image["round_id"], image["table_number"], game.players), seats=game.players,
    ).text


def side_hands_at(session: Session, event_id: int, round_row: EventRound, table: int) -> tuple[SideHandView, ...]:
    """The hands of ``table`` in round ``round_row`` of a side game, with its players' names."""
    game = _game_of(load_event(session, event_id))
    names = _names_at(session, event_id, round_row.id, table, game.players)
    return tuple(
        _side_view(h, round_row.number, game.players, names)
        for h in session.exec(select(Hand).where(Hand.round_id == round_row.id, Hand.table_number == table).order_by(Hand.number))
    )


@dataclass(frozen=True, slots=True)
class SideTableView:
    """The hands recorded at one table of a side game in one round.

    ``names``: by seat, clockwise (six or four); ``totals``: (side 0, side 1);
    ``next_hand``: the lowest hand number not yet recorded (None: full)."""

    event_id: int
    round: int
    table: int
    game: tables.TableRules
    names: tuple[str, ...]
    hands_per_round: int
    hands: tuple[SideHandView, ...]
    totals: tuple[int, int]
    next_hand: int | None


def side_table_score(session: Session, event_id: int, round_number: int, table: int) -> SideTableView:
    """A side game's table in a round: names by seat, its hands, totals."""
    event = load_event(session, event_id)
    game = _game_of(event)
    r = session.exec(select(EventRound).where(EventRound.event_id == event_id, EventRound.number == round_number)).first()
    if r is None:
        raise InvalidHand(f"Round {round_number} does not exist: this event has {event.rounds} rounds.")
    names = _names_at(session, event_id, r.id, table, game.players)
    if not names:
        raise InvalidHand(f"Table {table} does not play in round {round_number}.")
    hands = tuple(
        _side_view(h, round_number, game.players, names)
        for h in session.exec(select(Hand).where(Hand.round_id == r.id, Hand.table_number == table).order_by(Hand.number))
    )
    used = {h.number for h in hands}
    free = [n for n in range(1, event.hands_per_round + 1) if n not in used]
    totals = (sum(h.points for h in hands if h.side == 0), sum(h.points for h in hands if h.side == 1))
    return SideTableView(
        event_id=event_id, round=round_number, table=table, game=game, names=names,
        hands_per_round=event.hands_per_round, hands=hands, totals=totals, next_hand=free[0] if free else None,
    )

