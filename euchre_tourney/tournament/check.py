"""What in a club file cannot be true: ``euchre-tourney check FILE`` and the
window's sentence for a part it cannot draw (issue 29 item 5).

The use cases write only what the rules allow, but a file can hold what no
use case wrote: one copied from an older version, edited at the SQL prompt,
cut short by a disk, or written by another program. The window must still
open on it, say which part cannot be read and name the row; the command
line must list every such problem and change nothing.

:func:`check_database` reads every row with plain SQL (no column type of the
ORM, whose reading of a date or a number is the first thing to fail on such
a row) and returns one :class:`Problem` per impossible value: the event,
season or bracket it is in, the row, and what is wrong, in words.
:func:`check_event` and :func:`check_season` do the same for one part (the
window asks them when a page cannot be drawn). Last, each event's and
season's read models (the pages' boards) are read: an error there that no
row check explains is reported too, as a problem Euchre Tourney did not
expect. Nothing here writes.

Why plain SQL and not the models: the check must read the very rows the
models fail on, and must never stop at the first one.
"""

from __future__ import annotations

import json
import math
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import text
from sqlmodel import Session

from euchre_tourney.rules import HandEntry, RuleViolation, Seat, Side, seat_keys, seat_title, seat_titles, side_of_position, tables
from euchre_tourney.store import DatabaseError, Event, TournamentError, rules_of, table_rules_of

__all__ = ["Problem", "check_database", "check_event", "check_season", "event_choices", "explain_part", "part_counts"]

SIDES = ("NS", "EW")
FOUR_SEATS = seat_keys(4)
FOUR_SEAT_WORDS = ", ".join(seat_titles(4)[:3]) + " or " + seat_titles(4)[3]
""""North, East, South or West", from the seat model."""
"""The stored seats of a table of four (:func:`~euchre_tourney.rules.seat_keys`)."""


@dataclass(frozen=True)
class Problem:
    """One impossible value in the file.

    ``where``: the part, as the director knows it ('Event “Club night” (id
    3)', 'Season “Autumn” (id 1)', 'The bracket of “Knockout” (id 4)');
    ``row``: the row within it ('hand 2 at table 1 in round 1 (hand row
    17)'; "" for the part's own row); ``what``: what is wrong, a clause;
    ``event_id`` / ``season_id``: the part's id (None when not an event or
    season); ``fault``: no row is impossible but the part cannot be read
    (a fault of Euchre Tourney's, not of the file)."""

    where: str
    row: str
    what: str
    event_id: int | None = None
    season_id: int | None = None
    fault: bool = False

    @property
    def sentence(self) -> str:
        """The whole problem as one sentence."""
        row = f", {self.row}" if self.row else ""
        what = self.what[:1].upper() + self.what[1:] if not row else self.what
        text_ = f"{self.where}{row}: {what}"
        return text_ if text_.endswith((".", "!", "?")) else text_ + "."


def _rows(session: Session, sql: str, **params) -> list[dict]:
    return [dict(r) for r in session.connection().execute(text(sql), params).mappings()]


def _shown(value: object) -> str:
    """A stored value as the sentence quotes it."""
    if isinstance(value, float) and math.isnan(value):
        return "NaN"
    return f"“{value}”" if isinstance(value, str) else str(value)


def _whole(value: object) -> bool:
    return value.__class__ is int


def _is_date(value: object) -> bool:
    if isinstance(value, date):
        return True
    if isinstance(value, str):
        try:
            date.fromisoformat(value)  # as the store writes it: 2026-10-06
        except ValueError:
            return False
        return True
    return False


def _is_datetime(value: object) -> bool:
    if isinstance(value, datetime):
        return True
    if isinstance(value, str):
        try:
            datetime.fromisoformat(value.strip())
        except ValueError:
            return False
        return True
    return False


def _as_date(value: object) -> date | None:
    if isinstance(value, date):
        return value
    if isinstance(value, str) and _is_date(value):
        return date.fromisoformat(value)
    return None


def _name(value: object) -> str:
    return value if isinstance(value, str) and value.strip() else "(no name)"


def _event_where(e: dict) -> str:
    return f"Event “{_name(e['name'])}” (id {e['id']})"


class _Finder:
    """Collects the problems of one run."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.found: list[Problem] = []

    def add(self, where: str, row: str, what: str, event_id: int | None = None, season_id: int | None = None,
            fault: bool = False) -> None:
        self.found.append(Problem(where, row, what, event_id, season_id, fault))

    def guarded(self, where: str, event_id: int | None, season_id: int | None, check: Callable[[], None]) -> None:
        """Run one part's checks; a check that cannot run is itself reported."""
        try:
            check()
        except Exception as exc:  # noqa: BLE001 - the check never stops at a row it cannot read
            self.add(where, "", f"its rows cannot be checked ({type(exc).__name__}: {exc})", event_id, season_id)


# -- events ------------------------------------------------------------------------------------------------------


def _event_fields(f: _Finder, e: dict) -> tuple[object, object]:
    """Check the event row itself; returns (rule set or None, game or None or
    the string "unreadable")."""
    from euchre_tourney.tournament.events import ENTRY_MODES, KINDS, SIT_OUT_RULES
    from euchre_tourney.tournament.prizes import PRIZE_KINDS
    from euchre_tourney.tournament.side_games import EVENT_GAMES
    from euchre_tourney.tournament.team_models import BYE_RULES, FIRST_ROUND_ORDERS, ROUND_SCORINGS, TEAM_FORMATS

    where, eid = _event_where(e), e["id"]

    def bad(what: str) -> None:
        f.add(where, "", what, eid)

    if not _is_date(e["date"]):
        bad(f"its date {_shown(e['date'])} is not a date")
    if not _is_datetime(e["created_at"]):
        bad(f"the time it was made, {_shown(e['created_at'])}, is not a time")
    for t in _rows(f.session, "select * from round_timer where event_id = :e", e=eid):
        if t["ends_at"] is not None and not _is_datetime(t["ends_at"]):
            bad(f"its round timer ends at {_shown(t['ends_at'])}, which is not a time")
        left = t["left_seconds"]
        if left is not None and (isinstance(left, (str, bytes)) or not math.isfinite(left) or left < 0):
            bad(f"its round timer has {_shown(left)} seconds left, which is not a number of 0 or more")
    if e["kind"] not in KINDS:
        bad(f"its kind {_shown(e['kind'])} is neither progressive nor team")
    for column, what in (("rounds", "rounds"), ("hands_per_round", "hands a round")):
        if not _whole(e[column]) or e[column] < 1:
            bad(f"its number of {what} {_shown(e[column])} is not a whole number of at least 1")
    choices = [("sit_out_rule", SIT_OUT_RULES, "sit-out rule"), ("entry_mode", ENTRY_MODES, "way of entering scores")]
    if e["kind"] == "team":
        choices += [("team_format", TEAM_FORMATS, "team format"), ("round_scoring", ROUND_SCORINGS, "round scoring"),
                    ("bye_rule", BYE_RULES, "bye rule"), ("first_round_order", FIRST_ROUND_ORDERS, "first round's order")]
    for column, allowed, what in choices:
        if e[column] not in allowed:
            bad(f"its {what} {_shown(e[column])} is none of {', '.join(map(str, allowed))}")
    minutes = e["minutes_per_round"]
    if not _whole(minutes) or not 0 <= minutes <= 600:
        bad(f"its minutes a round {_shown(minutes)} is not a whole number from 0 to 600")
    prizes = e["prizes_json"]
    if prizes:
        try:
            kinds = [d["kind"] for d in json.loads(prizes)] if isinstance(prizes, str) else None
        except (ValueError, KeyError, TypeError):
            kinds = None
        if kinds is None or any(k not in PRIZE_KINDS for k in kinds):
            bad(f"its prizes {_shown(prizes)} cannot be read (the usual prizes are shown instead)")
    row = Event(rules_json=e["rules_json"])
    rules = game = None
    raw = e["rules_json"]
    try:
        data = json.loads(raw or "{}") if isinstance(raw, str) else raw
    except ValueError:
        bad(f"its rules {_shown(raw)} are not valid JSON")
        return None, "unreadable"
    if not isinstance(data, dict):
        bad(f"its rules {_shown(raw)} are not a set of rule options")
        return None, "unreadable"
    try:
        rules = rules_of(row)
    except Exception as exc:  # noqa: BLE001
        bad(f"its rules cannot be read ({_reason(exc)})")
    try:
        game = table_rules_of(row)
    except Exception as exc:  # noqa: BLE001
        bad(f"its game cannot be read ({_reason(exc)})")
        return rules, "unreadable"
    if game is not None and game.preset not in EVENT_GAMES:
        bad(f"its game {game.title} is not one an event can be of")
        return rules, "unreadable"
    return rules, game


def _reason(exc: BaseException) -> str:
    if isinstance(exc, TournamentError):
        return exc.message.rstrip(".")
    if isinstance(exc, json.JSONDecodeError):
        return "not valid JSON"
    return str(exc).rstrip(".") or type(exc).__name__


def _check_event_rows(f: _Finder, e: dict, players: set[int]) -> None:
    where, eid = _event_where(e), e["id"]
    rules, game = _event_fields(f, e)

    def add(row: str, what: str) -> None:
        f.add(where, row, what, eid)

    # entrants
    entrants = _rows(f.session, "select id, player_id, number, checked_in, section_id from entrant where event_id = :e",
                     e=eid)
    entrant_ids = {r["id"] for r in entrants}
    numbers = Counter(r["number"] for r in entrants if r["number"] is not None)
    for r in entrants:
        if r["player_id"] not in players:
            add(f"entrant row {r['id']}", f"it names a player (id {r['player_id']}) who is not on the roster")
        if r["number"] is not None and (not _whole(r["number"]) or r["number"] < 1):
            add(f"entrant row {r['id']}", f"the player's number {_shown(r['number'])} is not a whole number of at least 1")
        elif r["number"] is not None and numbers[r["number"]] > 1:
            add(f"entrant row {r['id']}", f"number {r['number']} is given to {numbers[r['number']]} players")
    # rounds
    rounds = _rows(f.session, "select id, number from event_round where event_id = :e", e=eid)
    round_of = {r["id"]: r["number"] for r in rounds}
    for number, count in Counter(r["number"] for r in rounds).items():
        if count > 1:
            add(f"round {number}", f"it is stored {count} times")
    for r in rounds:
        if not _whole(r["number"]) or r["number"] < 1:
            add(f"round row {r['id']}", f"its number {_shown(r['number'])} is not a whole number of at least 1")
    if not rounds:
        seats: list[dict] = []
    else:
        seats = _rows(
            f.session,
            "select seat.id, seat.round_id, seat.table_number, seat.seat, seat.entrant_id from seat "
            "join event_round on seat.round_id = event_round.id where event_round.event_id = :e", e=eid,
        )
    seated: dict[tuple, set[str]] = defaultdict(set)
    if game == "unreadable":
        seat_names = None
    else:
        seat_names = seat_keys(4 if game is None else game.players)
    game_title = "four-seat euchre" if game is None else getattr(game, "title", "its game")
    for s in seats:
        at = f"round {round_of[s['round_id']]}, table {s['table_number']} (seat row {s['id']})"
        seated[(s["round_id"], s["table_number"])].add(s["seat"])
        if seat_names is not None and s["seat"] not in seat_names:
            add(at, f"the seat {_shown(s['seat'])} does not exist in {game_title} ({', '.join(seat_names)})")
        if s["entrant_id"] not in entrant_ids:
            add(at, f"the seat is held by someone (entrant {s['entrant_id']}) who is not in the event")
        if not _whole(s["table_number"]) or s["table_number"] < 1:
            add(at, f"the table number {_shown(s['table_number'])} is not a whole number of at least 1")
    if rounds:
        for s in _rows(f.session, "select sit_out.id, sit_out.entrant_id, sit_out.round_id from sit_out join event_round "
                                  "on sit_out.round_id = event_round.id where event_round.event_id = :e", e=eid):
            if s["entrant_id"] not in entrant_ids:
                add(f"round {round_of[s['round_id']]} (sit-out row {s['id']})",
                    f"the sit-out is someone (entrant {s['entrant_id']}) who is not in the event")
    _check_sections(f, where, e, entrants, round_of, seats)
    if rounds:
        _check_hands(f, where, eid, rules, game, round_of, seated)
        _check_table_results(f, where, eid, round_of, seated)
        _check_team_games(f, where, eid, round_of, seated)
    if e["kind"] == "team":
        _check_teams(f, where, eid, players)
    _check_bracket(f, e)


def _check_sections(f: _Finder, where: str, e: dict, entrants: list[dict], round_of: dict, seats: list[dict]) -> None:
    """A night split into sections (issue 30): every player of the night in
    one section of this event, each table in one section's range of
    numbers and the tables of a section numbered 1, 2, … in each round, the
    players at a section's tables its own (in the rounds it has not yet
    played: a player moved to another section keeps his rounds played),
    each section's rotation without a partnership twice while the rounds
    allow, the sections' locks on rounds that exist, and the captains'
    sections the night's."""
    eid = e["id"]

    def add(row: str, what: str) -> None:
        f.add(where, row, what, eid)

    secs = _rows(f.session, "select id, name, position, first_table, capacity, time_called_round from section "
                            "where event_id = :e order by first_table, id", e=eid)
    by_id = {s["id"]: s for s in secs}
    named = {}
    for s in secs:
        if not isinstance(s["name"], str) or not s["name"].strip():
            add(f"section row {s['id']}", f"the section's name {_shown(s['name'])} is no name")
        else:
            named[s["name"].casefold()] = s
        if not _whole(s["first_table"]) or s["first_table"] < 0:
            add(f"section {_name(s['name'])} (row {s['id']})",
                f"its first table {_shown(s['first_table'])} is not a whole number of at least 0")
    firsts = Counter(s["first_table"] for s in secs)
    for s in secs:
        if firsts[s["first_table"]] > 1:
            add(f"section {_name(s['name'])} (row {s['id']})",
                f"its tables start at the same number ({s['first_table']}) as another section's: tables would be in two sections")
    if secs and e.get("kind") not in (None, "progressive"):
        add("", f"a {e.get('kind')} event is split into sections: only a progressive night is")
    names_of = {}
    player_names = {r["id"]: r["name"] for r in _rows(
        f.session, "select entrant.id, player.name from entrant join player on entrant.player_id = player.id "
                   "where entrant.event_id = :e", e=eid)}
    for r in entrants:
        names_of[r["id"]] = f"{_name(player_names.get(r['id'], ''))} (entrant row {r['id']})"
        if r["section_id"] is not None and r["section_id"] not in by_id:
            add(f"entrant row {r['id']}",
                f"{_name(player_names.get(r['id'], ''))} is in a section (id {r['section_id']}) that this event does not have")
    # captains
    for c in _rows(f.session, "select id, name, sections from captain where event_id = :e", e=eid):
        wanted = [x for x in str(c["sections"] or "").split(",") if x.strip()]
        if secs:
            gone = [x for x in wanted if x.strip().casefold() not in named]
            if gone:
                add(f"captain {_name(c['name'])} (row {c['id']})",
                    f"she runs section{'s' if len(gone) > 1 else ''} {', '.join(gone)}, which the night does not have "
                    f"(its sections: {', '.join(s['name'] for s in secs)})")
    # locks on rounds that exist
    if secs:
        numbers = set(round_of.values())
        for lock in _rows(f.session, "select section_lock.id, section_lock.round_number, section.name from section_lock "
                                     "join section on section_lock.section_id = section.id where section.event_id = :e", e=eid):
            if lock["round_number"] not in numbers:
                add(f"section {_name(lock['name'])} (lock row {lock['id']})",
                    f"round {_shown(lock['round_number'])} is locked for it but the rotation has no such round")
    if not secs or not seats:
        return
    ordered = [s for s in secs if _whole(s["first_table"])]

    def owner(table) -> dict | None:
        found = None
        for s in ordered:
            if s["first_table"] < table:
                found = s
        return found

    def label(table) -> str:
        s = owner(table)
        return f"{s['name']}-{table - s['first_table']}" if s else str(table)

    section_of = {r["id"]: r["section_id"] for r in entrants}
    # played: the last round with a hand or round totals at one of a section's tables
    played: dict[int, int] = defaultdict(int)
    for r in _rows(f.session, "select round_id, table_number from hand join event_round on hand.round_id = event_round.id "
                              "where event_round.event_id = :e union select round_id, table_number from table_result "
                              "join event_round on table_result.round_id = event_round.id where event_round.event_id = :e "
                              "and table_result.ns_points is not null", e=eid):
        s = owner(r["table_number"]) if _whole(r["table_number"]) else None
        if s is not None and r["round_id"] in round_of:
            played[s["id"]] = max(played[s["id"]], round_of[r["round_id"]])
    tables_of: dict[tuple[int, int], dict[int, dict[str, int]]] = defaultdict(lambda: defaultdict(dict))
    seated_ids = set()
    for seat in seats:
        t = seat["table_number"]
        if not _whole(t) or seat["round_id"] not in round_of:
            continue
        s = owner(t)
        number = round_of[seat["round_id"]]
        if s is None:
            add(f"round {number}, table {t} (seat row {seat['id']})", "the table is in no section: the sections' tables "
                f"start above {min(x['first_table'] for x in ordered)}")
            continue
        tables_of[(s["id"], number)][t - s["first_table"]][seat["seat"]] = seat["entrant_id"]
        seated_ids.add(seat["entrant_id"])
        mine = section_of.get(seat["entrant_id"])
        if number > played[s["id"]] and mine != s["id"] and seat["entrant_id"] in section_of and (
                mine is None or mine in by_id):  # (a section that does not exist is said once, above)
            elsewhere = by_id.get(mine)
            add(f"round {number}, table {label(t)} (seat row {seat['id']})",
                f"{names_of[seat['entrant_id']]} sits at section {s['name']}'s table but plays in "
                + (f"section {elsewhere['name']}" if elsewhere else "no section"))
    for r in entrants:
        if r["id"] in seated_ids and r["section_id"] is None:
            add(f"entrant row {r['id']}", f"{_name(player_names.get(r['id'], ''))} is seated in the rotation but is in no section")
    for (sid, number), tables_ in sorted(tables_of.items(), key=lambda kv: (by_id[kv[0][0]]["first_table"], kv[0][1])):
        got = sorted(tables_)
        if got != list(range(1, len(got) + 1)):
            name = by_id[sid]["name"]
            missing = sorted(set(range(1, max(got) + 1)) - set(got))
            add(f"round {number} of section {name}",
                f"its tables are numbered {', '.join(f'{name}-{k}' for k in got[:8])}{' …' if len(got) > 8 else ''}, "
                f"not {name}-1 to {name}-{len(got)}" + (f" ({', '.join(f'{name}-{k}' for k in missing[:5])} missing)" if missing else ""))
    # each section's rotation: no partnership twice while the rounds allow it
    for s in ordered:
        pairs: dict[frozenset, list[int]] = defaultdict(list)
        people = set()
        rounds_here = sorted({n for (sid, n) in tables_of if sid == s["id"]})
        for n in rounds_here:
            for seats_at in tables_of[(s["id"], n)].values():
                who = [seats_at.get(k) for k in FOUR_SEATS]
                if len(who) != 4 or None in who:
                    continue
                people.update(who)
                pairs[frozenset((who[0], who[2]))].append(n)
                pairs[frozenset((who[1], who[3]))].append(n)
        if len(rounds_here) > len(people) - 1:
            continue  # more rounds than partners to have: a repeat cannot be avoided
        for pair, when in sorted(pairs.items(), key=lambda kv: kv[1]):
            if len(when) > 1 and len(pair) == 2:
                a, b = sorted(pair)
                add(f"section {s['name']}'s rotation",
                    f"{_name(player_names.get(a, ''))} and {_name(player_names.get(b, ''))} are partners "
                    f"{len(when)} times (rounds {', '.join(map(str, when))}): a section's rotation never pairs them twice")


def _check_hands(f: _Finder, where: str, eid: int, rules, game, round_of: dict, seated: dict) -> None:
    hands = _rows(
        f.session,
        "select hand.id, hand.round_id, hand.table_number, hand.number, hand.makers, hand.maker_tricks, "
        "hand.alone_seat, hand.defender_alone, hand.scoring_side, hand.points, hand.detail_json, hand.entered_at from hand "
        "join event_round on hand.round_id = event_round.id where event_round.event_id = :e", e=eid,
    )
    most = 5 if game is None or game == "unreadable" else game.hand_size
    for h in hands:
        at = f"hand {h['number']} at table {h['table_number']} in round {round_of[h['round_id']]} (hand row {h['id']})"
        found = len(f.found)

        def add(what: str, at=at) -> None:
            f.add(where, at, what, eid)

        if (h["round_id"], h["table_number"]) not in seated and any(r == h["round_id"] for r, _t in seated):
            add(f"nobody sits at table {h['table_number']} in round {round_of[h['round_id']]}")
        if not _whole(h["number"]) or h["number"] < 1:
            add(f"its number {_shown(h['number'])} is not a whole number of at least 1")
        if not _is_datetime(h["entered_at"]):
            add(f"the time it was entered, {_shown(h['entered_at'])}, is not a time")
        if h["makers"] not in SIDES:
            add(f"its makers {_shown(h['makers'])} are no side (NS or EW)")
        if h["scoring_side"] not in SIDES:
            add(f"the side that scored, {_shown(h['scoring_side'])}, is no side (NS or EW)")
        if not _whole(h["maker_tricks"]) or not 0 <= h["maker_tricks"] <= most:
            add(f"the makers' tricks {_shown(h['maker_tricks'])} are not a whole number from 0 to {most}")
        points = h["points"]
        if isinstance(points, float) and math.isinf(points):
            add("its points are infinite")
        elif not _whole(points):
            number = not isinstance(points, str) and not (isinstance(points, float) and math.isnan(points))
            add(f"its points {_shown(points)} are {'not a whole number' if number else 'not a number'}")
        if game is None and h["alone_seat"] is not None:
            if h["alone_seat"] not in FOUR_SEATS:
                add(f"the lone maker's seat {_shown(h['alone_seat'])} does not exist ({FOUR_SEAT_WORDS})")
        if game is not None and game != "unreadable":
            for problem in _side_hand_seats(h, game):
                add(problem)
        if len(f.found) > found or game == "unreadable" or rules is None:
            continue  # the score is checked only on a hand whose every value can be read
        expected = _expected_score(h, rules, game)
        if isinstance(expected, str):
            add(expected)
        elif expected != (h["scoring_side"], points):
            side, worth = expected
            add(f"it is stored as {points} points to {h['scoring_side']}, but the rules give {worth} to {side} "
                "for what it says was played")


def _side_hand_seats(h: dict, game) -> list[str]:
    """What is wrong with the seats a side game's stored hand names (its
    ``detail_json`` "alone_seat" and "bidder": positions at the table, 0 to
    players - 1, on the makers' side): the standings, the season and the
    ratings read them as positions and could not read another value."""
    try:
        detail = json.loads(h["detail_json"] or "{}")
    except (TypeError, ValueError):
        return []  # said by the score's check
    if not isinstance(detail, dict):
        return []
    out = []
    for key, who in (("alone_seat", "lone maker"), ("bidder", "bidder")):
        if key not in detail or detail[key] is None:
            continue
        seat = detail[key]
        if seat.__class__ is not int or not 0 <= seat < game.players:
            out.append(f"the {who}'s seat {_shown(seat)} is no seat of a table of {game.players} "
                       f"(0 to {game.players - 1}: {', '.join(seat_keys(game.players))})")
        elif h["makers"] in SIDES and side_of_position(seat) != SIDES.index(h["makers"]):
            out.append(f"the {who} ({seat_title(seat, game.players)}) does not sit on the makers' side")
    return out


def _expected_score(h: dict, rules, game) -> tuple[str, int] | str:
    """The (side, points) the rules give the stored hand, or what makes it impossible."""
    if game is None:
        try:
            alone = None if h["alone_seat"] is None else Seat.parse(h["alone_seat"])
            entry = HandEntry(Side(h["makers"]), h["maker_tricks"], alone, bool(h["defender_alone"]))
            score = entry.score(rules)
        except (RuleViolation, ValueError) as exc:
            return f"no hand of euchre can be so ({_reason(exc)})"
        return str(score.side), score.points
    try:
        detail = json.loads(h["detail_json"] or "{}")
    except (TypeError, ValueError):
        return f"its details {_shown(h['detail_json'])} are not valid JSON"
    if not isinstance(detail, dict):
        return f"its details {_shown(h['detail_json'])} are not a set of values"
    try:
        entry = tables.SideHandEntry(SIDES.index(h["makers"]), h["maker_tricks"], detail.get("alone", False),
                                     detail.get("bid", 0))
        side, points = entry.score(game)
    except (RuleViolation, ValueError, TypeError) as exc:
        return f"no hand of {game.title} can be so ({_reason(exc)})"
    return SIDES[side], points


def _check_table_results(f: _Finder, where: str, eid: int, round_of: dict, seated: dict) -> None:
    for r in _rows(f.session, "select table_result.* from table_result join event_round on table_result.round_id = "
                              "event_round.id where event_round.event_id = :e", e=eid):
        at = f"round {round_of[r['round_id']]}, table {r['table_number']} (totals row {r['id']})"
        for column in ("ns_points", "ew_points"):
            if r[column] is not None and not _whole(r[column]):
                f.add(where, at, f"the round's total {_shown(r[column])} is not a whole number", eid)
        for column in ("ns_loners_n", "ns_loners_s", "ew_loners_e", "ew_loners_w"):
            if not _whole(r[column]) or r[column] < 0:
                f.add(where, at, f"the loners made {_shown(r[column])} are not a whole number of 0 or more", eid)


def _check_team_games(f: _Finder, where: str, eid: int, round_of: dict, seated: dict) -> None:
    for g in _rows(f.session, "select team_game.* from team_game join event_round on team_game.round_id = "
                              "event_round.id where event_round.event_id = :e", e=eid):
        at = f"the game at table {g['table_number']} in round {round_of[g['round_id']]} (game row {g['id']})"
        for column in ("ns_score", "ew_score"):
            if not _whole(g[column]) or g[column] < 0:
                f.add(where, at, f"its score {_shown(g[column])} is not a whole number of 0 or more", eid)
        if (g["round_id"], g["table_number"]) not in seated:
            f.add(where, at, f"no team plays at table {g['table_number']} in round {round_of[g['round_id']]}", eid)


def _check_teams(f: _Finder, where: str, eid: int, players: set[int]) -> None:
    teams = _rows(f.session, "select * from team where event_id = :e", e=eid)
    on_team: Counter = Counter()
    for t in teams:
        at = f"team {t['number']} (team row {t['id']})"
        if t["player_a_id"] == t["player_b_id"]:
            f.add(where, at, "the same player is on it twice", eid)
        for column in ("player_a_id", "player_b_id"):
            if t[column] not in players:
                f.add(where, at, f"it names a player (id {t[column]}) who is not on the roster", eid)
        on_team.update({t["player_a_id"], t["player_b_id"]})
        if not _whole(t["first_round"]) or t["first_round"] < 1:
            f.add(where, at, f"its first round {_shown(t['first_round'])} is not a whole number of at least 1", eid)
    for player, count in on_team.items():
        if count > 1:
            f.add(where, f"player id {player}", f"the player is on {count} teams", eid)


def _check_bracket(f: _Finder, e: dict) -> None:
    from euchre_tourney.rotation import bracket as shapes
    from euchre_tourney.tournament.brackets import SEEDINGS

    eid = e["id"]
    for b in _rows(f.session, "select * from bracket where event_id = :e", e=eid):
        where = f"The bracket of “{_name(e['name'])}” (id {eid})"

        def add(row: str, what: str) -> None:
            f.add(where, row, what, eid)

        if e["kind"] != "team":
            add("", "it belongs to an event that is not a team event")
        if b["seeding"] not in SEEDINGS:
            add("", f"its seeding {_shown(b['seeding'])} is none of {', '.join(SEEDINGS)}")
        if b["seeding"] == "event" and b["seeded_from"] is not None and not _rows(
            f.session, "select id from event where id = :i", i=b["seeded_from"]
        ):
            add("", f"it is seeded from an event (id {b['seeded_from']}) that does not exist")
        try:
            seeds = json.loads(b["seeds_json"]) if isinstance(b["seeds_json"], str) else None
        except ValueError:
            seeds = None
        if not isinstance(seeds, list) or not all(_whole(s) for s in seeds):
            add("", f"its seeds {_shown(b['seeds_json'])} are not a list of teams")
            continue
        teams = {t["id"]: t["number"] for t in _rows(f.session, "select id, number from team where event_id = :e", e=eid)}
        for team_id, count in Counter(seeds).items():
            shown = f"team {teams[team_id]}" if team_id in teams else f"a team (id {team_id})"
            if count > 1:
                add("", f"{shown} is seeded twice")
            if team_id not in teams:
                add("", f"it seeds {shown} that is not in the event")
        try:
            shape = shapes.build(len(seeds), double=bool(b["double"]), consolation=bool(b["consolation"]))
        except Exception as exc:  # noqa: BLE001
            add("", f"no bracket can be drawn for its {len(seeds)} seeds ({_reason(exc)})")
            continue
        codes = {m.code for m in shape.matches}
        for m in _rows(f.session, "select * from bracket_match where event_id = :e", e=eid):
            at = f"match {m['code']} (result row {m['id']})"
            if m["code"] not in codes:
                add(at, f"the bracket has no match {_shown(m['code'])}")
            scores = (m["score_a"], m["score_b"])
            if not all(_whole(s) and s >= 0 for s in scores):
                add(at, f"its score {_shown(m['score_a'])}–{_shown(m['score_b'])} is not two whole numbers of 0 or more")
            elif scores[0] == scores[1]:
                add(at, f"its score {scores[0]}–{scores[1]} is a tie: a knockout match has a winner")


# -- seasons ---------------------------------------------------------------------------------------------------


def _check_season_row(f: _Finder, s: dict) -> None:
    from euchre_tourney.tournament.season import AGGREGATES, BASES, parse_placing_points

    where, sid = f"Season “{_name(s['name'])}” (id {s['id']})", s["id"]

    def bad(what: str) -> None:
        f.add(where, "", what, season_id=sid)

    for column, what in (("start_date", "start"), ("end_date", "end")):
        if s[column] is not None and not _is_date(s[column]):
            bad(f"its {what} date {_shown(s[column])} is not a date")
    start, end = _as_date(s["start_date"]), _as_date(s["end_date"])
    if start is not None and end is not None and end < start:
        bad(f"it ends ({end:%Y-%m-%d}) before it starts ({start:%Y-%m-%d})")
    if s["basis"] not in BASES:
        bad(f"it is counted by {_shown(s['basis'])}, which is none of {', '.join(BASES)}")
    if s["aggregate"] not in AGGREGATES:
        bad(f"it is counted as {_shown(s['aggregate'])}, which is none of {', '.join(AGGREGATES)}")
    for column, what in (("best_nights", "best nights counted"), ("min_nights", "nights to qualify")):
        if not _whole(s[column]) or s[column] < 0:
            bad(f"its {what} {_shown(s[column])} is not a whole number of 0 or more")
    try:
        parse_placing_points(s["placing_points"] if isinstance(s["placing_points"], str) else str(s["placing_points"]))
    except Exception as exc:  # noqa: BLE001
        bad(f"its placing points {_shown(s['placing_points'])} cannot be read ({_reason(exc)})")


# -- the whole file --------------------------------------------------------------------------------------------


def _players(session: Session) -> set[int]:
    return {r["id"] for r in _rows(session, "select id from player")}


def _check_players(f: _Finder) -> None:
    for p in _rows(f.session, "select id, name, created_at from player order by id"):
        where = f"Player {p['id']}"
        if not isinstance(p["name"], str) or not p["name"].strip():
            f.add(where, "", f"the name {_shown(p['name'])} is not a name (no text)")
        if not _is_datetime(p["created_at"]):
            f.add(where, "", f"the time the player was added, {_shown(p['created_at'])}, is not a time")


def _orphans(f: _Finder) -> None:
    """Rows that belong to a part no longer in the file."""
    for table_name, what in (("event_round", "a round"), ("entrant", "an entrant"), ("team", "a team"),
                             ("bracket", "a bracket"), ("bracket_match", "a bracket result")):
        for r in _rows(f.session, f"select id, event_id from {table_name} where event_id not in (select id from event)"):
            f.add(f"The file's {table_name} rows", f"row {r['id']}", f"{what} of an event (id {r['event_id']}) that does not exist")
    for table_name, what in (("hand", "a hand"), ("seat", "a seat"), ("sit_out", "a sit-out"), ("team_game", "a game")):
        for r in _rows(f.session, f"select id, round_id from {table_name} where round_id not in (select id from event_round)"):
            f.add(f"The file's {table_name} rows", f"row {r['id']}", f"{what} of a round (id {r['round_id']}) that does not exist")


def _read_models(f: _Finder, events: Iterable[dict], seasons: Iterable[dict], ratings_too: bool) -> None:
    """Read what the pages read; an error no row check explains is reported."""
    from euchre_tourney import tournament as T

    if f.found:  # a page reads other events too (the ratings, a bracket's seeding): the rows found explain it
        return
    for e in events:
        reads = [("event", T.get_event), ("rotation", T.rotation_board), ("standings", T.standings_board),
                 ("teams", T.teams_board), ("season results", T.night_results)]
        for what, read in reads:
            if not _read(f, _event_where(e), what, lambda read=read: read(f.session, e["id"]), event_id=e["id"]):
                break
    if ratings_too:
        _read(f, "The members' ratings", "ratings", lambda: T.ratings(f.session))
    for s in seasons:
        _read(f, f"Season “{_name(s['name'])}” (id {s['id']})", "standings",
              lambda s=s: T.season_standings(f.session, s["id"]), season_id=s["id"])


def _read(f: _Finder, where: str, what: str, read: Callable[[], object], event_id=None, season_id=None) -> bool:
    try:
        read()
    except Exception as exc:  # noqa: BLE001 - reported as a problem, never raised
        f.session.rollback()
        if isinstance(exc, DatabaseError):
            raise  # the file cannot be read at all: the caller says so
        if isinstance(exc, TournamentError):
            f.add(where, "", f"its {what} cannot be read: {exc.message}", event_id, season_id)
        else:
            f.add(where, "", f"its {what} cannot be read ({type(exc).__name__}: {exc}); no row of it is impossible, "
                  "so this is a fault of Euchre Tourney: please report it", event_id, season_id, fault=True)
        return False
    return True


def check_database(session: Session, read_models: bool = True) -> list[Problem]:
    """Every impossible value in the file (see the module), parts in id
    order; ``read_models``: also read each event's and season's boards as
    the pages do. Reads only."""
    f = _Finder(session)
    players = _players(session)
    f.guarded("The roster", None, None, lambda: _check_players(f))
    events = _rows(session, "select * from event order by id")
    for e in events:
        f.guarded(_event_where(e), e["id"], None, lambda e=e: _check_event_rows(f, e, players))
    seasons = _rows(session, "select * from season order by id")
    for s in seasons:
        f.guarded(f"Season “{_name(s['name'])}” (id {s['id']})", None, s["id"], lambda s=s: _check_season_row(f, s))
    f.guarded("The file", None, None, lambda: _orphans(f))
    if read_models:
        _read_models(f, events, seasons, ratings_too=True)
    return f.found


def check_event(session: Session, event_id: int, read_models: bool = False) -> list[Problem]:
    """The problems of one event (its rows, teams, bracket)."""
    f = _Finder(session)
    for e in _rows(session, "select * from event where id = :i", i=event_id):
        f.guarded(_event_where(e), e["id"], None, lambda e=e: _check_event_rows(f, e, _players(session)))
        if read_models:
            _read_models(f, [e], [], ratings_too=False)
    return f.found


def check_season(session: Session, season_id: int | None) -> list[Problem]:
    """The problems of a season's row and of the events the season board reads
    (every event: the ratings count all nights)."""
    f = _Finder(session)
    for s in _rows(session, "select * from season order by id"):
        if season_id is None or s["id"] == season_id:
            f.guarded(f"Season “{_name(s['name'])}” (id {s['id']})", None, s["id"], lambda s=s: _check_season_row(f, s))
    players = _players(session)
    for e in _rows(session, "select * from event order by id"):
        f.guarded(_event_where(e), e["id"], None, lambda e=e: _check_event_rows(f, e, players))
    return f.found


def event_choices(session: Session) -> list[tuple[int, str]]:
    """Every event as the event picker lists it, ``(id, "Name (date)")``,
    newest first, read so that an event whose own row cannot be read is
    still listed (its date shown as stored): the window's list when
    :func:`~euchre_tourney.tournament.list_events` fails on one."""
    rows = _rows(session, "select id, name, date from event")

    def key(r):
        d = _as_date(r["date"])
        return (d is not None, d or date.min, r["id"])

    out = []
    for r in sorted(rows, key=key, reverse=True):
        d = _as_date(r["date"])
        out.append((r["id"], f"{_name(r['name'])} ({d:%Y-%m-%d})" if d else f"{_name(r['name'])} (date {r['date']!s})"))
    return out


def explain_part(session: Session, event_id: int | None = None, season: bool = False) -> list[Problem]:
    """What the window says about a part it cannot draw: the problems of the
    event ``event_id`` or, with ``season``, of the seasons and the events
    they read. Never raises (a check that cannot run says so)."""
    try:
        if season:
            return check_season(session, None)
        if event_id is not None:
            return check_event(session, event_id)
    except Exception as exc:  # noqa: BLE001 - the window must still say something
        session.rollback()
        return [Problem("The file", "", f"it cannot be checked ({type(exc).__name__}: {exc})", event_id)]
    return []


def part_counts(session: Session) -> tuple[int, int]:
    """How many events and seasons the file holds (what ``check`` looked at)."""
    return (len(_rows(session, "select id from event")), len(_rows(session, "select id from season")))
