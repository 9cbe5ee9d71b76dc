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
    # migration 0013: the entrant's section in a night split into sections (None: not split)
    section_id: int | None = Field(default=None, foreign_key="section.id", index=True, ondelete="SET NULL")


class Section(SQLModel, table=True):
    """A section of a big night (migration 0013): its own rotation, tables,
    clock, prizes and captain. ``name``: "A", "B", … (tables are labelled
    "B-7"); ``room``: where it plays ("" when split by size); ``position``:
    its order (0 first); ``first_table``: the offset of its tables in the
    event's table numbers (the section's table 7 is stored as table
    ``first_table + 7``, so every table of the night keeps one number and
    hands, results and phones need no new key); ``capacity``: the players
    it was made for (late arrivals go to a section with room);
    ``time_called_round``: the round in which its captain or the director
    called time for this section only."""

    __tablename__ = "section"
    __table_args__ = (
        UniqueConstraint("event_id", "name", name="uq_section_event_name"),
        UniqueConstraint("event_id", "position", name="uq_section_event_position"),
        CheckConstraint("first_table >= 0 AND capacity >= 0", name="ck_section_numbers"),
    )

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True, ondelete="CASCADE")
    position: int
    name: str = Field(max_length=20)
    room: str = Field(default="", max_length=100)
    first_table: int = 0
    capacity: int = 0
    time_called_round: int | None = None


class SectionLock(SQLModel, table=True):
    """A round locked for one section only (a captain's or the director's
    lock of that section's round): its tables' hands and results can no
    longer change, as under a whole round's lock."""

    __tablename__ = "section_lock"
    __table_args__ = (UniqueConstraint("section_id", "round_number", name="uq_section_lock_round"),)

    id: int | None = Field(default=None, primary_key=True)
    section_id: int = Field(foreign_key="section.id", index=True, ondelete="CASCADE")
    round_number: int


class SectionTimer(SQLModel, table=True):
    """A section's round clock as it stands (as :class:`RoundTimer` for the
    whole event): not a change the director undoes."""

    __tablename__ = "section_timer"

    section_id: int = Field(foreign_key="section.id", primary_key=True, ondelete="CASCADE")
    ends_at: datetime | None = None
    left_seconds: float | None = None


class Captain(SQLModel, table=True):
    """A captain: a station for one or more sections of an event. ``name``
    as the director typed it; ``sections``: the section names she runs,
    comma-separated ("B,C"); ``pin_hash``: her phone PIN (salted scrypt,
    hex; "" for none); ``revoked``: True once the director withdrew the
    PIN (the row stays: the audit trail names her)."""

    __tablename__ = "captain"
    __table_args__ = (UniqueConstraint("event_id", "name", name="uq_captain_event_name"),)

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True, ondelete="CASCADE")
    name: str = Field(max_length=100)
    sections: str = Field(default="", max_length=400)
    pin_hash: str = Field(default="", max_length=200)
    revoked: bool = Field(default=False)


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
        CheckConstraint("action IN ('record', 'correct', 'delete', 'lock', 'unlock', 'dispute')", name="ck_audit_action"),
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

    @property
    def loners_by_position(self) -> tuple[int, int, int, int]:
        """The loners made by position at this table of four, clockwise from
        North (0): the one place the four columns are read as seats."""
        return (self.ns_loners_n, self.ew_loners_e, self.ns_loners_s, self.ew_loners_w)


class RoundTimer(SQLModel, table=True):
    """An event's round timer as it stands, so it survives closing the app
    (migration 0006): ``ends_at`` (UTC) while it runs; ``left_seconds``
    while it is paused; neither when it is reset. Kept apart from ``event``
    on purpose: starting the timer is not a change the director undoes, and
    the undo log snapshots the event's rows (:mod:`euchre_tourney.tournament.undo`)."""

    __tablename__ = "round_timer"

    event_id: int = Field(foreign_key="event.id", primary_key=True, ondelete="CASCADE")
    ends_at: datetime | None = None
    left_seconds: float | None = None


class TableSecret(SQLModel, table=True):
    """The secret a table's QR code carries (table-side scoring from phones):
    one per event and table number, valid in whichever round that table is
    playing now; re-issued (replaced) when a tally sheet is lost."""

    __tablename__ = "table_secret"
    __table_args__ = (UniqueConstraint("event_id", "table_number", name="uq_table_secret_event_table"),)

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True, ondelete="CASCADE")
    table_number: int
    secret: str = Field(max_length=64)
    issued_at: datetime = Field(default_factory=_now)


class PhoneSettings(SQLModel, table=True):
    """An event's settings for scoring from phones: whether the opponents
    must confirm each hand, the director's PIN (salted scrypt hash, hex),
    the round in which the director called time, and whether the prizes are
    shown on the players' pages."""

    __tablename__ = "phone_settings"

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", unique=True, ondelete="CASCADE")
    confirm_required: bool = Field(default=True)
    pin_hash: str = Field(default="", max_length=200)
    time_called_round: int | None = None
    prizes_shown: bool = Field(default=False)


class PhoneAction(SQLModel, table=True):
    """One request a phone made that changed something: a hand entered
    ("enter") or corrected ("correct"), agreed ("agree") or disputed
    ("disagree") by the other side, round totals ("totals"). ``key``: the
    phone's idempotency key for that submission (unique per event), so a
    resend finds the first answer (``answer``) instead of writing twice;
    ``side``: the side that acted ("NS"/"EW"). The ids only grow: the
    highest is part of the phones' change stamp."""

    __tablename__ = "phone_action"
    __table_args__ = (
        UniqueConstraint("event_id", "key", name="uq_phone_action_key"),
        CheckConstraint(
            "action IN ('enter', 'correct', 'agree', 'disagree', 'totals')", name="ck_phone_action_action"
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True, ondelete="CASCADE")
    round_number: int
    table_number: int
    key: str = Field(max_length=64)
    action: str = Field(max_length=10)
    hand_number: int | None = None  # the hand's slot (round, table, number), not its row: known before it is stored
    hand_version: int | None = None
    side: str = Field(default="", max_length=2)
    answer: str = Field(default="", max_length=400)
    at: datetime = Field(default_factory=_now)


class Season(SQLModel, table=True):
    """A club's season: a group of events and how its standings are counted.

    The events are those picked (``season_event`` rows) or, with none picked,
    every event dated from ``start_date`` to ``end_date`` (inclusive; None:
    open). ``basis``: "points" (a night counts the points scored) or
    "placings" (a night counts ``placing_points`` for the place taken:
    "10,8,6,5,4,3,2,1"); ``aggregate``: "total" or "average" (per night
    counted); ``best_nights``: count only the best N nights (0: all);
    ``min_nights``: nights needed to qualify (migration 0009)."""

    __tablename__ = "season"
    __table_args__ = (
        CheckConstraint("best_nights >= 0 AND min_nights >= 0", name="ck_season_counts"),
        CheckConstraint("basis IN ('points', 'placings')", name="ck_season_basis"),
        CheckConstraint("aggregate IN ('total', 'average')", name="ck_season_aggregate"),
    )

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=200)
    start_date: date | None = None
    end_date: date | None = None
    basis: str = Field(default="points", max_length=10)
    aggregate: str = Field(default="total", max_length=10)
    best_nights: int = 0
    min_nights: int = 0
    placing_points: str = Field(default="10,8,6,5,4,3,2,1", max_length=200)
    created_at: datetime = Field(default_factory=_now)


class SeasonEvent(SQLModel, table=True):
    """An event picked for a season. ``event_id`` has no foreign key on
    purpose: deleting an event (undoable) leaves the pick, which then names
    no event and is ignored; undoing the deletion brings the event back in
    its season."""

    __tablename__ = "season_event"
    __table_args__ = (UniqueConstraint("season_id", "event_id", name="uq_season_event"),)

    id: int | None = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season.id", index=True, ondelete="CASCADE")
    event_id: int = Field(index=True)


class Bracket(SQLModel, table=True):
    """A team event's elimination bracket (one per event).

    ``double``: double elimination; ``consolation``: a third-place match
    (single elimination); ``seeding``: "rating", "event" (by a previous
    event's standings, ``seeded_from``), "random" or "number" (team numbers);
    ``seeds_json``: the team ids in seed order, fixed when the bracket is
    drawn (migration 0009)."""

    __tablename__ = "bracket"
    __table_args__ = (UniqueConstraint("event_id", name="uq_bracket_event"),)

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True, ondelete="CASCADE")
    double: bool = False
    consolation: bool = False
    seeding: str = Field(default="number", max_length=10)
    seeded_from: int | None = None
    seeds_json: str = "[]"


class BracketMatch(SQLModel, table=True):
    """A bracket match's final score: ``code`` names the match ("W1-2",
    "L3-1", "GF", "GF2", "3P"); ``score_a`` the first team's (upper line),
    ``score_b`` the second's; ``version`` as a hand's."""

    __tablename__ = "bracket_match"
    __table_args__ = (
        UniqueConstraint("event_id", "code", name="uq_bracket_match_code"),
        CheckConstraint("score_a >= 0 AND score_b >= 0", name="ck_bracket_match_scores"),
    )

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True, ondelete="CASCADE")
    code: str = Field(max_length=10)
    score_a: int
    score_b: int
    entered_at: datetime = Field(default_factory=_now)
    version: int = Field(default=1, sa_column_kwargs={"server_default": text("1")})
    """1 when entered, +1 at each correction (migration 0011): a result
    entered on a stale view names the version it saw and is refused."""


class ClubSettings(SQLModel, table=True):
    """The club's own settings, one row (migration 0012): its name (on the
    published site and the share images), the published site's address
    (linked from the e-mails; "" none), whether the published site has a
    page for each member (off by default: some members do not want their
    name on the web), and the club's outgoing mail server. The server's
    password is never here: it lives in the system's keyring."""

    __tablename__ = "club_settings"
    __table_args__ = (CheckConstraint("smtp_security IN ('ssl', 'starttls', 'none')", name="ck_club_smtp_security"),)

    id: int | None = Field(default=None, primary_key=True)
    club_name: str = Field(default="", max_length=200)
    site_url: str = Field(default="", max_length=500)
    publish_members: bool = Field(default=False, sa_column_kwargs={"server_default": false()})
    smtp_host: str = Field(default="", max_length=200)
    smtp_port: int = Field(default=465)
    smtp_security: str = Field(default="ssl", max_length=10)
    smtp_user: str = Field(default="", max_length=200)
    smtp_from: str = Field(default="", max_length=200)


class MailRecord(SQLModel, table=True):
    """One member's results e-mail for one night (migration 0012), written
    before the message goes to the server (``state`` "sending") and after
    ("sent", or "refused" with the server's words in ``error``). A send that
    resumes skips every member with a row: a row left "sending" (the laptop
    closed between the server's answer and the next write) may have
    reached the member and is never sent again without the director's word."""

    __tablename__ = "mail_record"
    __table_args__ = (
        UniqueConstraint("event_id", "player_id", name="uq_mail_record_member"),
        CheckConstraint("state IN ('sending', 'sent', 'refused')", name="ck_mail_record_state"),
    )

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True, ondelete="CASCADE")
    player_id: int = Field(foreign_key="player.id", ondelete="CASCADE")
    address: str = Field(max_length=320)
    message_id: str = Field(max_length=200)
    state: str = Field(default="sending", max_length=10)
    error: str = Field(default="", max_length=500)
    started_at: datetime = Field(default_factory=_now)
    finished_at: datetime | None = None
