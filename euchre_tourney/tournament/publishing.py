"""What the club shows outside the room: the published site's data, the
share image's, and each member's results e-mail (issue 31).

Nothing here is recomputed: a night's page is the event's own read models
(:func:`~.standings.standings` with its prizes, or the team standings and
games, and the bracket), a season's is :func:`~.season.season_standings`,
a member's is :func:`~.ratings.player_page`. :mod:`euchre_tourney.publish`
draws them (HTML, PNG, e-mail); this module only gathers and records.

The club's settings (:func:`club_settings`) are one row: its name, the
published site's address, whether members get pages of their own (off by
default), and the outgoing mail server. The server's password is never
stored here (the system's keyring holds it).

Each results e-mail is recorded before it goes to the server
(:func:`begin_mail`, state "sending") and after (:func:`finish_mail`, "sent"
or "refused"): a send that stops half-way resumes by skipping every member
with a record (:func:`mail_plan` lists them), so nobody is mailed twice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timezone

from sqlmodel import Session, select

from euchre_tourney.store import ClubSettings, Entrant, MailRecord, Player
from euchre_tourney.tournament.brackets import BracketView, bracket_view
from euchre_tourney.tournament.common import load_event
from euchre_tourney.tournament.errors import TournamentError
from euchre_tourney.tournament.events import get_event, list_events
from euchre_tourney.tournament.ratings import RatingRow, player_page
from euchre_tourney.tournament.readmodels import EventView, ScorecardView, StandingsView
from euchre_tourney.tournament.schedule import scorecards
from euchre_tourney.tournament.season import (
    NightsPlayedView,
    PlayerHistoryView,
    SeasonStandingsView,
    list_seasons,
    nights_played,
    season_standings,
)
from euchre_tourney.tournament.standings import standings
from euchre_tourney.tournament.team_models import TeamEventView, TeamStandingsView
from euchre_tourney.tournament.teams import list_teams, team_event, team_standings
from euchre_tourney.tournament.unit_of_work import write_use_case

__all__ = [
    "SMTP_SECURITIES",
    "ClubSettingsView",
    "MailMember",
    "MailPlan",
    "MemberPage",
    "NightPage",
    "SeasonPage",
    "SiteData",
    "begin_mail",
    "club_settings",
    "finish_mail",
    "forget_unsure_mail",
    "mail_plan",
    "night_page",
    "set_club_settings",
    "site_data",
]

SMTP_SECURITIES = {"ssl": "SSL (port 465)", "starttls": "STARTTLS (port 587)", "none": "None (a server on this computer)"}
"""How the app talks to the mail server, by the stored value: its words."""

_ADDRESS = re.compile(r"^[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+$")


# ---------------------------------------------------------------- club settings


@dataclass(frozen=True, slots=True)
class ClubSettingsView:
    """The club's settings (see the module's docstring). ``smtp_port``: a
    TCP port; ``smtp_security``: a key of :data:`SMTP_SECURITIES`."""

    club_name: str = ""
    site_url: str = ""
    publish_members: bool = False
    smtp_host: str = ""
    smtp_port: int = 465
    smtp_security: str = "ssl"
    smtp_user: str = ""
    smtp_from: str = ""

    @property
    def mail_ready(self) -> bool:
        """Whether a mail server and a sender address are set."""
        return bool(self.smtp_host and self.smtp_from)


def _settings_row(session: Session) -> ClubSettings | None:
    return session.exec(select(ClubSettings).order_by(ClubSettings.id)).first()


def club_settings(session: Session) -> ClubSettingsView:
    """The club's settings (the defaults while none were saved)."""
    row = _settings_row(session)
    if row is None:
        return ClubSettingsView()
    return ClubSettingsView(row.club_name, row.site_url, row.publish_members, row.smtp_host, row.smtp_port,
                            row.smtp_security, row.smtp_user, row.smtp_from)


@write_use_case
def set_club_settings(session: Session, **changes) -> ClubSettingsView:
    """Change some of the club's settings (the fields of
    :class:`ClubSettingsView`). :class:`TournamentError` for an unknown
    field, a port outside 1–65535, an unknown security, a sender or site
    address that cannot be one; nothing is saved then."""
    current = club_settings(session)
    known = set(ClubSettingsView.__dataclass_fields__)
    unknown = set(changes) - known
    if unknown:
        raise TournamentError(f"There is no club setting called {sorted(unknown)[0]!r}.")
    values = {name: getattr(current, name) for name in known} | changes
    for name in ("club_name", "site_url", "smtp_host", "smtp_user", "smtp_from"):
        values[name] = str(values[name]).strip()
    if not isinstance(values["smtp_port"], int) or not 1 <= values["smtp_port"] <= 65535:
        raise TournamentError("The mail server's port is a number from 1 to 65535 (465 for SSL, 587 for STARTTLS).")
    if values["smtp_security"] not in SMTP_SECURITIES:
        raise TournamentError("Choose SSL, STARTTLS or none for the mail server.")
    if values["smtp_from"] and not _ADDRESS.match(values["smtp_from"]):
        raise TournamentError(f"{values['smtp_from']!r} is not an e-mail address: the results are sent from one, like club@example.org.")
    url = values["site_url"]
    if url and not re.match(r"^https?://[^\s/]+", url):
        raise TournamentError("The published site's address starts with https:// (or http://), like https://example.org/euchre/.")
    if len(values["club_name"]) > 200:
        raise TournamentError("The club's name is at most 200 characters.")
    row = _settings_row(session) or ClubSettings()
    for name, value in values.items():
        setattr(row, name, value)
    session.add(row)
    session.commit()
    return club_settings(session)


# ---------------------------------------------------------------- the site's data


@dataclass(frozen=True, slots=True)
class NightPage:
    """One night as the site shows it: ``standings`` (a progressive night:
    round-by-round points and prizes) or ``team_standings`` and ``games``
    (a team night), and ``bracket`` when it has one."""

    event: EventView
    standings: StandingsView | None = None
    team_standings: TeamStandingsView | None = None
    games: TeamEventView | None = None
    bracket: BracketView | None = None

    @property
    def winner(self) -> str:
        """The first place's name(s), "" before any score."""
        if self.bracket is not None and self.bracket.champion:
            return self.bracket.champion
        if self.standings is not None:
            top = [r.name for r in self.standings.rows if r.place == 1 and r.rounds_played]
            return " & ".join(top)
        if self.team_standings is not None and self.team_standings.results_recorded:
            return " & ".join(r.name for r in self.team_standings.rows if r.place == 1)
        return ""


@dataclass(frozen=True, slots=True)
class SeasonPage:
    standings: SeasonStandingsView
    played: NightsPlayedView


@dataclass(frozen=True, slots=True)
class MemberPage:
    history: PlayerHistoryView
    rating: RatingRow


@dataclass(frozen=True, slots=True)
class SiteData:
    """Everything a published site shows: nights newest first, seasons,
    and the members' pages (empty unless the club publishes them)."""

    club: ClubSettingsView
    nights: tuple[NightPage, ...]
    seasons: tuple[SeasonPage, ...]
    members: tuple[MemberPage, ...] = ()
    made_on: date = field(default_factory=date.today)


def night_page(session: Session, event_id: int) -> NightPage:
    """The night's page data. :class:`NotFound` for an unknown event."""
    event = get_event(session, event_id)
    if event.kind == "team":
        try:
            games = team_event(session, event_id)
        except TournamentError:
            games = None
        return NightPage(event, team_standings=team_standings(session, event_id), games=games,
                         bracket=bracket_view(session, event_id))
    return NightPage(event, standings=standings(session, event_id))


def site_data(session: Session, event_ids=None, season_ids=None) -> SiteData:
    """The data of a site of the nights ``event_ids`` and the seasons
    ``season_ids`` (None: all of them; a season brings its nights along).
    Members' pages only when the club publishes them, for the members who
    played one of those nights. :class:`NotFound` for an unknown event or
    season."""
    seasons_all = {s.id: s for s in list_seasons(session)}
    if season_ids is None:
        season_ids = list(seasons_all) if event_ids is None else []
    for sid in season_ids:
        if sid not in seasons_all:
            raise TournamentError(f"There is no season number {sid}.")
    if event_ids is None:
        event_ids = [e.id for e in list_events(session)] if not season_ids else []
    ids = dict.fromkeys(load_event(session, eid).id for eid in event_ids)
    for sid in season_ids:
        ids.update(dict.fromkeys(eid for eid, *_ in seasons_all[sid].events))
    nights = sorted((night_page(session, eid) for eid in ids), key=lambda n: (n.event.date, n.event.id), reverse=True)
    seasons = tuple(SeasonPage(season_standings(session, sid), nights_played(session, sid)) for sid in season_ids)
    club = club_settings(session)
    members: tuple[MemberPage, ...] = ()
    if club.publish_members and ids:
        players = sorted(set(session.exec(select(Entrant.player_id).where(Entrant.event_id.in_(list(ids)))).all()))
        pages = [MemberPage(*player_page(session, pid)) for pid in players]
        members = tuple(p for p in pages if p.history.nights)
    return SiteData(club, tuple(nights), seasons, members)


# ---------------------------------------------------------------- e-mail


@dataclass(frozen=True, slots=True)
class MailMember:
    """One member's night for the results e-mail: ``place_text`` ("3",
    "=3", or a bracket night's "Runner-up"), ``field_size`` (players or
    teams in the standings), ``points`` for the night, ``rounds`` (round,
    what the round gave in words — "4 points", "W 10–6 v 3", "sat out" —,
    the partner), the scorecard to attach (a :class:`ScorecardView`, a team
    night's :class:`TeamEventView` of the member's team alone, None for a
    bracket night), and the
    record of an earlier send: ``state`` "" (not mailed), "sending" (may
    have been sent), "sent" or "refused" (``error``: the server's words)."""

    player_id: int
    name: str
    address: str
    place_text: str
    field_size: int
    points: int
    rounds: tuple[tuple[int, str, str], ...]
    scorecard: ScorecardView | TeamEventView | None = None
    state: str = ""
    error: str = ""


@dataclass(frozen=True, slots=True)
class MailPlan:
    """The results e-mail of one night: every member who played
    (``members``, in standings order), the top ten (place text, name, and
    the ``top_word`` column: points, or a team's won–lost), the club's
    settings, and the night."""

    event: EventView
    club: ClubSettingsView
    members: tuple[MailMember, ...]
    top_ten: tuple[tuple[str, str, str], ...]
    top_word: str = "Points"

    @property
    def to_send(self) -> tuple[MailMember, ...]:
        return tuple(m for m in self.members if m.address and not m.state)

    @property
    def without_address(self) -> tuple[MailMember, ...]:
        return tuple(m for m in self.members if not m.address)

    def with_state(self, state: str) -> tuple[MailMember, ...]:
        return tuple(m for m in self.members if m.state == state)


def _records(session: Session, event_id: int) -> dict[int, MailRecord]:
    return {r.player_id: r for r in session.exec(select(MailRecord).where(MailRecord.event_id == event_id))}


def _addresses(session: Session, ids) -> dict[int, str]:
    rows = session.exec(select(Player.id, Player.email).where(Player.id.in_(list(ids)))) if ids else []
    out = {}
    for pid, email in rows:
        email = (email or "").strip()
        out[pid] = email if _ADDRESS.match(email) else ""
    return out


def _place(place: int, tied: bool) -> str:
    return f"={place}" if tied else str(place)


def _points(n: int) -> str:
    return f"{n} point" + ("" if n == 1 else "s")


def mail_plan(session: Session, event_id: int) -> MailPlan:
    """Each member's night for the results e-mail of the event (see
    :class:`MailPlan`). :class:`TournamentError` while nothing is scored."""
    page = night_page(session, event_id)
    records = _records(session, event_id)
    members: list[MailMember] = []

    def member(pid, name, address, place, field_size, points, rounds, card=None) -> MailMember:
        rec = records.get(pid)
        return MailMember(pid, name, address, place, field_size, points, rounds, card,
                          rec.state if rec else "", rec.error if rec else "")

    if page.standings is not None:
        rows = page.standings.rows
        played = [r for r in rows if r.rounds_played or r.sit_outs]
        if not played:
            raise TournamentError("Nothing is scored yet in this event: there are no results to send.")
        cards = {c.number: c for c in scorecards(session, event_id)}
        addresses = _addresses(session, {r.player_id for r in played})
        top = tuple((_place(r.place, r.tied), r.name, str(r.points)) for r in played[:10])
        for r in played:
            card = cards.get(r.number)
            seats = {pr.round: pr for pr in card.rounds} if card else {}
            rounds = []
            for i, p in enumerate(r.round_points, 1):
                seat = seats.get(i)
                if seat is not None and seat.sitting_out:
                    rounds.append((i, "sat out" + (f", credited {_points(p)}" if p else ""), ""))
                else:
                    rounds.append((i, "not played yet" if p is None else _points(p), seat.partner if seat else ""))
            members.append(member(r.player_id, r.name, addresses.get(r.player_id, ""), _place(r.place, r.tied), len(rows),
                                  r.points, tuple(rounds), card))
        return MailPlan(page.event, club_settings(session), tuple(members), top)
    ts = page.team_standings
    if ts is None or not (ts.results_recorded or any(r.played for r in ts.rows)):
        raise TournamentError("Nothing is scored yet in this event: there are no results to send.")
    teams = {t.id: t for t in (page.games.teams if page.games else ())}
    if not teams:
        teams = {t.id: t for t in list_teams(session, event_id)}
    addresses = _addresses(session, {pid for t in teams.values() for pid in t.player_ids})

    def place(r) -> str:
        return r.result if not r.place and r.result else (_place(r.place, r.tied) if r.place else "–")

    top = tuple((place(r), r.name, f"{r.wins}–{r.losses}") for r in ts.rows[:10])
    for r in ts.rows:
        team = teams.get(r.team_id)
        if team is None:
            continue
        rounds = tuple((i, text, "") for i, text in enumerate(r.round_results, 1) if text)
        for pid, name in zip(team.player_ids, team.players):
            partner = next((n for p, n in zip(team.player_ids, team.players) if p != pid), "")
            card = replace(page.games, teams=(team,)) if page.games is not None and page.games.rounds else None
            members.append(member(pid, name, addresses.get(pid, ""), place(r), len(ts.rows), r.points_for,
                                  tuple((i, text, partner) for i, text, _ in rounds) or ((0, "", partner),), card))
    return MailPlan(page.event, club_settings(session), tuple(members), top, "Won–lost")


def _now() -> datetime:
    return datetime.now(timezone.utc)


@write_use_case
def begin_mail(session: Session, event_id: int, player_id: int, address: str, message_id: str) -> int:
    """Record that the member's results e-mail is about to go to the
    server; returns the record's id. :class:`TournamentError` when the
    member already has one (sent, refused or perhaps sent): nothing is
    written and the message must not go."""
    load_event(session, event_id)
    if session.exec(select(MailRecord.id).where(MailRecord.event_id == event_id, MailRecord.player_id == player_id)).first():
        raise TournamentError("This member's results were already sent (or may have been): they are not sent twice.")
    row = MailRecord(event_id=event_id, player_id=player_id, address=address, message_id=message_id)
    session.add(row)
    session.commit()
    return row.id


@write_use_case
def finish_mail(session: Session, record_id: int, state: str, error: str = "") -> None:
    """Record what the server answered: ``state`` "sent" or "refused"
    (``error``: its words, cut to 500 characters)."""
    if state not in ("sent", "refused"):
        raise ValueError(state)
    row = session.get(MailRecord, record_id)
    if row is None:
        raise TournamentError("That e-mail record no longer exists.")
    row.state, row.error, row.finished_at = state, error[:500], _now()
    session.add(row)
    session.commit()


@write_use_case
def forget_unsure_mail(session: Session, event_id: int, player_ids=None) -> int:
    """The director's word that the members whose e-mail may have gone
    ("sending": the send stopped between the server's answer and its
    record) and those refused may be sent again: their records are removed;
    returns how many. ``player_ids``: only those (None: all)."""
    rows = session.exec(select(MailRecord).where(MailRecord.event_id == event_id, MailRecord.state != "sent")).all()
    n = 0
    for row in rows:
        if player_ids is None or row.player_id in player_ids:
            session.delete(row)
            n += 1
    session.commit()
    return n
