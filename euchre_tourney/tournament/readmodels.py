"""Plain, immutable read models the use cases return (never ORM rows).

The GUI, the reports and the command line consume only these.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from euchre_tourney.rules import HandEntry, RuleSet, Seat, Side, seat_letter, seat_title, side_positions


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A roster entry. ``duplicate_of``: ids of other active players with the
    same name (case- and space-insensitive); empty if unique."""

    id: int
    name: str
    email: str = ""
    phone: str = ""
    active: bool = True
    duplicate_of: tuple[int, ...] = ()

    @property
    def label(self) -> str:
        """The name as the Players page shows it: with the roster number
        ("Bob Miller (#12)") when another active player has the same name."""
        return f"{self.name} (#{self.id})" if self.duplicate_of else self.name


@dataclass(frozen=True, slots=True)
class EventView:
    """An event's header. ``kind`` is "progressive" or "team"; ``rules`` is the
    event's :class:`~euchre_tourney.rules.RuleSet`; ``sit_out_rule`` is
    "average" or "none"."""

    id: int
    name: str
    date: date
    kind: str
    rounds: int
    hands_per_round: int
    rules: RuleSet
    sit_out_rule: str
    seed: int | None
    entrant_count: int
    has_rotation: bool
    last_scored_round: int = 0
    """The highest round with a recorded hand (0 before any score)."""
    team_format: str = "round_robin"
    """Team events: "round_robin", "swiss" or "king"."""
    round_scoring: str = "hands"
    """Team events: "hands" (hands per round) or "game" (a game to the target)."""
    bye_rule: str = "win"
    """Team events: "win" (a bye counts as a win) or "none"."""
    first_round_order: str = "seed"
    """Team events (Swiss, king of the hill): round 1 "seed" or "random"."""
    entry_mode: str = "hands"
    """"hands" (hand by hand, the default) or "totals" (round totals per table)."""
    minutes_per_round: int = 0
    """The round timer's minutes (0: no timer)."""
    timer_ends_at: datetime | None = None
    """The round timer's end (UTC) while it runs; None otherwise."""
    timer_left_seconds: float | None = None
    """Seconds left on the round timer while it is paused; None otherwise
    (both None: the timer is reset)."""
    sectioned: bool = False
    """The night is split into sections (:mod:`~euchre_tourney.tournament.sections`)."""


@dataclass(frozen=True, slots=True)
class PlayerRoundView:
    """One round on one player's scorecard: ``seat`` is the player's
    position at a table of ``size`` (0-based, clockwise; a
    :class:`~euchre_tourney.rules.Seat` at a table of four), ``partner``
    names the partners (" & " between two at a table of six). For a
    sit-out, ``table`` and ``seat`` are None, ``partner`` is "" and
    ``opponents`` is ()."""

    round: int
    table: int | None
    seat: int | None
    partner: str
    opponents: tuple[str, ...]
    sitting_out: bool = False
    size: int = 4
    """How many sit at the table (4; 6 at a table of six)."""
    table_label: str = ""
    """The table as the room calls it in a night split into sections ("B-7"); "" otherwise."""

    @property
    def table_text(self) -> str:
        """The table's name on the card: "B-7", else its number ("" for a sit-out)."""
        return self.table_label or ("" if self.table is None else str(self.table))

    @property
    def seat_text(self) -> str:
        """The seat in words: "North" .. "West" at a table of four, "Seat 3"
        at any other ("" for a sit-out)."""
        return "" if self.seat is None else seat_title(self.seat, self.size)

    @property
    def seat_mark(self) -> str:
        """The seat in a chart's cell: "N", "E", "S", "W" at a table of four,
        "s3" (seat 3) at any other; "?" when unknown."""
        return "?" if self.seat is None else seat_letter(self.seat, self.size)


@dataclass(frozen=True, slots=True)
class ScorecardView:
    """A player's scorecard: every round of the event, in order.
    ``number`` is the player's entrant number for the night (1..N)."""

    event_name: str
    event_date: date
    player_name: str
    number: int
    hands_per_round: int
    rounds: tuple[PlayerRoundView, ...]
    phone_url: str = ""
    """The player's page on the app's phone server (printed as a link), "" when not served."""
    section: str = ""
    """The player's section ("B") in a night split into sections; "" otherwise."""


@dataclass(frozen=True, slots=True)
class TallySheetView:
    """One table of one round: names by seat and the hand count.

    ``seats``: the names by position, clockwise (four, or six at a table of
    six); made from ``north`` .. ``west`` when not given, and ``north`` ..
    ``west`` are its first four (a table of four's names)."""

    event_name: str
    event_date: date
    round: int
    table: int
    north: str
    east: str
    south: str
    west: str
    hands_per_round: int
    sit_out: tuple[str, ...] = field(default=())
    ns_team: str = ""
    """Team events: the North–South team ("Team 3 Aces"), printed in its box."""
    ew_team: str = ""
    phone_url: str = ""
    """The table's hand-entry page with its secret (printed as a QR code), "" when not served."""
    game: str = ""
    """"" (four-seat euchre), "six" (a table of six: ``seats`` holds its six
    names, seats 1..6; the hand rows ask the side that made, tricks, alone)
    or "bid" (bid euchre: the hand rows ask the bidder, the bid, the tricks)."""
    seats: tuple[str, ...] = ()
    table_label: str = ""
    """The table as the room calls it in a night split into sections ("B-7"); "" otherwise."""
    section: str = ""
    """The table's section ("B"); "" when the night is not split."""

    @property
    def table_text(self) -> str:
        """"B-7" in a sectioned night, else the table's number."""
        return self.table_label or str(self.table)

    def __post_init__(self) -> None:
        if not self.seats:
            object.__setattr__(self, "seats", (self.north, self.east, self.south, self.west))

    @property
    def size(self) -> int:
        """How many sit at the table."""
        return len(self.seats)

    def side_names(self, side: int) -> tuple[tuple[str, str], ...]:
        """(seat title, name) of each seat of side 0 or 1, clockwise."""
        return tuple((seat_title(p, self.size), self.seats[p]) for p in side_positions(side, self.size))


@dataclass(frozen=True, slots=True)
class EntrantView:
    """A roster player as seen from one event's check-in list. ``label``:
    the name as the list shows it — with the night's number ("Bob Miller
    #7", as on the cards) when another listed player has the same name, or
    the roster number ("Bob Miller (#12)") while not checked in."""

    player_id: int
    name: str
    checked_in: bool
    number: int | None
    active: bool = True
    label: str = ""


@dataclass(frozen=True, slots=True)
class TableView:
    """One table of one round: entrant ids and names by position,
    clockwise (four: North, East, South, West; six: seats 1..6)."""

    number: int
    entrant_ids: tuple[int, ...]
    names: tuple[str, ...]
    label: str = ""
    """The table as the room calls it in a night split into sections ("B-7"); "" otherwise."""

    @property
    def title(self) -> str:
        """"B-7" in a sectioned night, else the table's number."""
        return self.label or str(self.number)

    @property
    def size(self) -> int:
        """How many sit at the table."""
        return len(self.names)

    @property
    def sides(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The names of side 0 (North-South; seats 1, 3, 5) and side 1, clockwise."""
        return self.names[0::2], self.names[1::2]

    @property
    def north(self) -> str:
        return self.names[0]

    @property
    def east(self) -> str:
        return self.names[1]

    @property
    def south(self) -> str:
        return self.names[2]

    @property
    def west(self) -> str:
        return self.names[3]


@dataclass(frozen=True, slots=True)
class RoundView:
    """One round of the rotation."""

    number: int
    tables: tuple[TableView, ...]
    sit_out: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RotationView:
    """The whole stored rotation and its quality report (lines in plain words)."""

    event_id: int
    seed: int | None
    rounds: tuple[RoundView, ...]
    quality: tuple[str, ...]
    warnings: tuple[str, ...] = ()
    """What the director's requests cost (e.g. a perfect rotation is impossible)."""
    section: str = ""
    """The section shown ("B"; "" for the whole night)."""
    sections: tuple[str, ...] = ()
    """The night's section names ("A", "B", …; empty when it is not split)."""


@dataclass(frozen=True, slots=True)
class ReplanPreview:
    """What re-planning the rounds not yet played would change, before it is done.

    ``from_round``: the first round re-planned (the one after the last with
    scores). ``keep_seats`` / ``rebalance``: how many players present from
    then on would find their card changed (a table, seat, partner, opponent
    or sit-out of a later round; a late arrival always counts) if the others
    keep their seats, or if every later round is re-balanced. ``players``:
    how many take part from ``from_round`` on.
    """

    from_round: int
    keep_seats: int
    rebalance: int
    players: int


@dataclass(frozen=True, slots=True)
class HandView:
    """One recorded hand: where it was played (``round``, ``table``, hand
    ``number``), what was entered (``entry``, a
    :class:`~euchre_tourney.rules.HandEntry`) and what it scored
    (``scoring_side`` :class:`~euchre_tourney.rules.Side`, ``points``);
    ``station``: the scoring station that recorded it; ``version``: 1, +1
    per correction (a correction names the version it was made on)."""

    id: int
    round: int
    table: int
    number: int
    entry: HandEntry
    scoring_side: Side
    points: int
    station: str = ""
    version: int = 1

    @property
    def makers(self) -> Side:
        return self.entry.makers

    @property
    def maker_tricks(self) -> int:
        return self.entry.maker_tricks

    @property
    def alone_seat(self) -> Seat | None:
        return self.entry.alone_seat

    @property
    def defender_alone(self) -> bool:
        return self.entry.defender_alone

    @property
    def ns_points(self) -> int:
        return self.points if self.scoring_side == "NS" else 0

    @property
    def ew_points(self) -> int:
        return self.points if self.scoring_side == "EW" else 0


@dataclass(frozen=True, slots=True)
class TableScoreView:
    """The hands recorded at one table in one round, with running totals.
    ``next_hand``: the lowest hand number not yet recorded, or None if full."""

    event_id: int
    round: int
    table: int
    names: tuple[str, str, str, str]
    hands_per_round: int
    hands: tuple[HandView, ...]
    ns_total: int
    ew_total: int
    next_hand: int | None
    game_target: int | None = None
    """A team event scored by games: the target (``hands_per_round`` is then
    the most hands a game may record); None otherwise."""
    game_winner: Side | None = None
    """The side that has won the game (``next_hand`` is then None)."""
    teams: tuple[str, str] = ("", "")
    """Team events: the North–South and East–West teams ("Team 3 Aces"); "" otherwise."""


@dataclass(frozen=True, slots=True)
class TableResultView:
    """A table's round beyond its hands: ``finished`` (all hands in, marked
    finished early, or totals in), ``finished_early``, and in an event
    entered as round totals the totals (``ns_points`` None until entered)
    and each seat's loners made (North, East, South, West)."""

    event_id: int
    round: int
    table: int
    hands_recorded: int
    hands_per_round: int
    finished: bool
    finished_early: bool = False
    ns_points: int | None = None
    ew_points: int | None = None
    loners: tuple[int, int, int, int] = (0, 0, 0, 0)
    entry_mode: str = "hands"
    """How this round's scores are entered: "hands" or "totals" — what the
    round already has, else the event's mode (it changes only for rounds
    with nothing in yet)."""


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One player's line in the standings.

    ``place`` is shared by players still tied after every tie-break
    (``tied`` is then True). ``round_points`` has one entry per round of the
    event: points scored, the credited amount for a sit-out, or None for a
    round not yet played. ``sit_out_credit`` is the total credited for
    sit-outs (included in ``points``).
    """

    place: int
    tied: bool
    player_id: int
    number: int | None
    name: str
    points: int
    rounds_played: int
    rounds_won: int
    loners: int
    sit_outs: int
    sit_out_credit: int
    round_points: tuple[int | None, ...]
    section: str = ""
    """The player's section ("B") in a night split into sections; "" otherwise."""


@dataclass(frozen=True, slots=True)
class StandingsView:
    """The standings of an event, best first, and how ties are broken."""

    event_id: int
    event_name: str
    rows: tuple[StandingRow, ...]
    tie_breaks: tuple[str, ...]
    sit_out_rule: str
    hands_recorded: int
    status: str = ""
    """Where the night is: "after round 3 — round 4: 7 of 10 tables in"."""
    rounds_finished: int = 0
    """Rounds finished in a row from round 1."""
    current_round: int | None = None
    """The round being played (None once every table is in)."""
    tables_in: int = 0
    """Finished tables of ``current_round``."""
    tables_total: int = 0
    """Tables of ``current_round``."""
    entry_mode: str = "hands"
    """"hands" (hand by hand) or "totals" (round totals per table)."""
    prizes: tuple = ()
    """The event's prizes from these standings
    (:class:`~euchre_tourney.tournament.prizes.PrizeView`, ties listed)."""
    section: str = ""
    """The section these standings are of ("B"); "" for the whole night."""
    section_status: tuple[tuple[str, int, str], ...] = ()
    """A split night's overall standings: for each section (name, rounds
    finished in a row, its round status sentence), so the overall list says
    which rounds each section has finished."""
    section_prizes: tuple[tuple[str, tuple], ...] = ()
    """A split night's overall standings: each section's prizes (name,
    :class:`~euchre_tourney.tournament.prizes.PrizeView` values)."""


@dataclass(frozen=True, slots=True)
class ConstraintView:
    """A director's request, with a sentence describing it.

    ``kind``: "pin_table", "no_partner" or "sit_out"."""

    id: int
    kind: str
    player_id: int
    other_player_id: int | None
    table: int | None
    round: int | None
    text: str
