"""The database tables (sqlmodel).

Rows stay inside :mod:`euchre_tourney.store` and :mod:`euchre_tourney.tournament`;
the GUI only ever sees the read models of :mod:`euchre_tourney.tournament.readmodels`.
Every schema change is an Alembic migration (``store/migrations``); nothing
here creates tables at import time.
"""

from __future__ import annotations

from datetime import date, datetime, timezone  # noqa: F401  (date: a column type, read from the annotation)

from sqlalchemy import CheckConstraint, UniqueConstraint, false, text
from sqlmodel import Field, SQLModel


def _now() -> datetime:
    return datetime.now(timezone.utc)


class Player(SQLModel, table=True):
    """A club member on the roster. ``active`` is False once removed: a player
    who has played keeps their history and disappears from the roster."""

    __tablename__ = "player"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=200, index=True)
    email: str = Field(default="", max_length=200)
    phone: str = Field(default="", max_length=60)
    active: bool = Field(default=True)
    created_at: datetime = Field(default_factory=_now)


class Event(SQLModel, table=True):
    """A tournament night. ``kind``: "progressive" or "team"; ``rules_json``:
    the :class:`~euchre_tourney.rules.RuleSet` as JSON; ``sit_out_rule``:
    "average" or "none".

    Team events only: ``team_format`` "round_robin", "swiss" or "king";
    ``round_scoring`` "hands" (``hands_per_round`` hands, each team credited
    its points) or "game" (a game to the rule set's target); ``bye_rule``
    "win" (a bye counts as a win, no points) or "none" (a bye counts
    nothing); ``first_round_order`` "seed" or "random" (Swiss and king of
    the hill)."""

    __tablename__ = "event"
    __table_args__ = (
        CheckConstraint("rounds >= 1", name="ck_event_rounds"),
        CheckConstraint("hands_per_round >= 1", name="ck_event_hands"),
    )

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=200, index=True)
    date: date
    kind: str = Field(default="progressive", max_length=20)
    rounds: int = 8
    hands_per_round: int = 8
    rules_json: str = "{}"
    sit_out_rule: str = Field(default="average", max_length=20)
    seed: int | None = None
    created_at: datetime = Field(default_factory=_now)
    # server defaults too: migration 0004 (teams) adds these to existing rows
    team_format: str = Field(default="round_robin", max_length=20, sa_column_kwargs={"server_default": "round_robin"})
    round_scoring: str = Field(default="hands", max_length=10, sa_column_kwargs={"server_default": "hands"})
    bye_rule: str = Field(default="win", max_length=10, sa_column_kwargs={"server_default": "win"})
    first_round_order: str = Field(default="seed", max_length=10, sa_column_kwargs={"server_default": "seed"})
    # migration 0005: "hands" (hand by hand) or "totals" (round totals per table)
    entry_mode: str = Field(default="hands", max_length=10, sa_column_kwargs={"server_default": "hands"})
    minutes_per_round: int = Field(default=0, sa_column_kwargs={"server_default": text("0")})
    prizes_json: str = Field(default="", sa_column_kwargs={"server_default": ""})


class Entrant(SQLModel, table=True):
    """A player in an event. ``number`` is the player's number for the night
    (1..N, given when the rotation is generated)."""

    __tablename__ = "entrant"
    __table_args__ = (UniqueConstraint("event_id", "player_id", name="uq_entrant_event_player"),)

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True, ondelete="CASCADE")
    player_id: int = Field(foreign_key="player.id", index=True, ondelete="RESTRICT")
    checked_in: bool = Field(default=True)
    number: int | None = None


class EventRound(SQLModel, table=True):
    """One round of an event's rotation (``number`` from 1)."""

    __tablename__ = "event_round"
    __table_args__ = (UniqueConstraint("event_id", "number", name="uq_round_event_number"),)

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True, ondelete="CASCADE")
    number: int
    locked: bool = Field(default=False, sa_column_kwargs={"server_default": false()})
    """True once the director locked the finished round: its hands can no
    longer be recorded, corrected or deleted until it is unlocked."""


class Seating(SQLModel, table=True):
    """Where an entrant sits in a round: table number and seat
    ("north", "east", "south", "west"; at a table of six "seat1".."seat6")."""

    __tablename__ = "seat"
    __table_args__ = (
        UniqueConstraint("round_id", "entrant_id", name="uq_seat_round_entrant"),
        UniqueConstraint("round_id", "table_number", "seat", name="uq_seat_round_table_seat"),
        # migration 0010: seat1..seat6 at a table of six
        CheckConstraint(
            "seat IN ('north', 'east', 'south', 'west', 'seat1', 'seat2', 'seat3', 'seat4', 'seat5', 'seat6')",
            name="ck_seat_name",
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="event_round.id", index=True, ondelete="CASCADE")
    table_number: int
    seat: str = Field(max_length=5)
    entrant_id: int = Field(foreign_key="entrant.id", index=True, ondelete="CASCADE")


class SitOut(SQLModel, table=True):
    """An entrant sitting out a round."""

    __tablename__ = "sit_out"
    __table_args__ = (UniqueConstraint("round_id", "entrant_id", name="uq_sitout_round_entrant"),)

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="event_round.id", index=True, ondelete="CASCADE")
    entrant_id: int = Field(foreign_key="entrant.id", index=True, ondelete="CASCADE")


class Hand(SQLModel, table=True):
    """One hand played at one table in one round, as the director entered it.

    ``makers``: "NS" or "EW"; ``maker_tricks``: 0–5; ``alone_seat``: the seat
    of the maker who went alone, or None; ``scoring_side`` and ``points``: the
    engine's result (:func:`euchre_tourney.rules.score_hand`), stored so that
    standings are a sum. ``station``: the scoring station that recorded it
    (several stations on one PostgreSQL database); ``version``: 1 when
    recorded, +1 at each correction (optimistic concurrency: a correction
    made on a stale view names the version it saw and is refused).
    """

    __tablename__ = "hand"
    __table_args__ = (
        UniqueConstraint("round_id", "table_number", "number", name="uq_hand_round_table_number"),
        CheckConstraint("maker_tricks BETWEEN 0 AND 5", name="ck_hand_tricks"),
        CheckConstraint("makers IN ('NS', 'EW')", name="ck_hand_makers"),
    )

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="event_round.id", index=True, ondelete="CASCADE")
    table_number: int
    number: int
    makers: str = Field(max_length=2)
    maker_tricks: int
    alone_seat: str | None = Field(default=None, max_length=5)
    defender_alone: bool = False
    scoring_side: str = Field(max_length=2)
    points: int
    entered_at: datetime = Field(default_factory=_now)
    station: str = Field(default="", max_length=60, sa_column_kwargs={"server_default": ""})
    version: int = Field(default=1, sa_column_kwargs={"server_default": text("1")})
    # migration 0010: a side game's hand (bid, bidder, lone side), JSON; "" for four-seat hands
    detail_json: str = Field(default="", sa_column_kwargs={"server_default": ""})


class HandAudit(SQLModel, table=True):
    """One line of the audit trail: a hand recorded, corrected or deleted, or
    a round locked or unlocked (``hand_number`` None), when and at which
    station. ``old`` and ``new``: the hand as text ("NS 3 tricks, North
    alone → NS 4"), empty when there is none. Its ``id`` only grows, so the
    highest ``id`` of an event is that event's change stamp."""

    __tablename__ = "hand_audit"
    __table_args__ = (
        CheckConstraint("action IN ('record', 'correct', 'delete', 'lock', 'unlock')", name="ck_audit_action"),
    )

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True, ondelete="CASCADE")
    round_number: int
    table_number: int | None = None
    hand_number: int | None = None
    hand_id: int | None = None  # no foreign key: the row outlives a deleted hand
    action: str = Field(max_length=10)
    station: str = Field(default="", max_length=60)
    at: datetime = Field(default_factory=_now)
    old: str = Field(default="", max_length=200)
    new: str = Field(default="", max_length=200)


class EventConstraint(SQLModel, table=True):
    """A director's request for an event's rotation.

    ``kind``: "pin_table" (``player_id`` stays at ``table_number`` all night:
    mobility), "no_partner" (``player_id`` and ``other_player_id`` never
    partner: couples), "sit_out" (``player_id`` sits out ``round_number``).
    """

    __tablename__ = "event_constraint"
    __table_args__ = (
        CheckConstraint("kind IN ('pin_table', 'no_partner', 'sit_out')", name="ck_constraint_kind"),
    )

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True, ondelete="CASCADE")
    kind: str = Field(max_length=20)
    player_id: int = Field(foreign_key="player.id", ondelete="CASCADE")
    other_player_id: int | None = Field(default=None, foreign_key="player.id", ondelete="CASCADE")
    table_number: int | None = None
    round_number: int | None = None


class Team(SQLModel, table=True):
    """A fixed partnership in a team event.

    ``number``: the team's number for the night (1..T, in order of making);
    ``name``: as the director typed it ("" → the two names joined by " & ");
    ``player_a_id`` sits North (or East), ``player_b_id`` South (or West).
    ``checked_in``: False for a team made but not playing. ``first_round``:
    the first round the team plays (1, or later for a late team);
    ``withdrawn_after``: the last round it played before withdrawing (None
    while it plays). A player is on at most one team per event (checked by
    the use cases; the two unique keys stop a player twice in one column)."""

    __tablename__ = "team"
    __table_args__ = (
        UniqueConstraint("event_id", "number", name="uq_team_event_number"),
        UniqueConstraint("event_id", "player_a_id", name="uq_team_event_player_a"),
        UniqueConstraint("event_id", "player_b_id", name="uq_team_event_player_b"),
        CheckConstraint("player_a_id <> player_b_id", name="ck_team_two_players"),
    )

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True, ondelete="CASCADE")
    number: int
    name: str = Field(default="", max_length=200)
    player_a_id: int = Field(foreign_key="player.id", ondelete="RESTRICT")
    player_b_id: int = Field(foreign_key="player.id", ondelete="RESTRICT")
    checked_in: bool = Field(default=True)
    first_round: int = Field(default=1)
    withdrawn_after: int | None = None


class TeamGame(SQLModel, table=True):
    """A game-to-the-target round's final score at one table, entered
    without its hands: ``ns_score`` for the North–South team, ``ew_score``
    for East–West."""

    __tablename__ = "team_game"
    __table_args__ = (
        UniqueConstraint("round_id", "table_number", name="uq_team_game_round_table"),
        CheckConstraint("ns_score >= 0 AND ew_score >= 0", name="ck_team_game_scores"),
    )

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="event_round.id", index=True, ondelete="CASCADE")
    table_number: int
    ns_score: int
    ew_score: int
    entered_at: datetime = Field(default_factory=_now)


class TableResult(SQLModel, table=True):
    """What is known of one table's round besides its hands: the director
    marked it finished early (time called: ``finished_early``), and/or, in
    an event entered as round totals, each side's points and each seat's
    loners made (``ns_points`` None when no totals are entered)."""

    __tablename__ = "table_result"
    __table_args__ = (
        UniqueConstraint("round_id", "table_number", name="uq_table_result_round_table"),
        CheckConstraint(
            "ns_loners_n >= 0 AND ns_loners_s >= 0 AND ew_loners_e >= 0 AND ew_loners_w >= 0",
            name="ck_table_result_loners",
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="event_round.id", index=True, ondelete="CASCADE")
    table_number: int
    finished_early: bool = Field(default=False)
    ns_points: int | None = None
    ew_points: int | None = None
    ns_loners_n: int = 0
    ns_loners_s: int = 0
    ew_loners_e: int = 0
    ew_loners_w: int = 0
    entered_at: datetime = Field(default_factory=_now)
