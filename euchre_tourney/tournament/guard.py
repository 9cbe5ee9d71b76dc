"""The one guard under every write of a hand, a round or a result.

Whatever the door — the Scores page (entry, correction, deletion, round
totals, time called), Edit ▸ Undo and Redo, a table's phone (its forms,
Agree and Disagree), the director's phone — a write reaches the database
through the unit of work (:func:`~.unit_of_work.operate`) or the undo log
(:meth:`~.undo.UndoLog.undo`, ``redo``). Both hand the row images the
write made (each row's before and after) to :func:`guard_rows` before they
commit; a write that changes anything of a locked round is refused there
with :class:`RoundLocked` (a bracket result played on with
:class:`ResultPlayedOn`) and the transaction is rolled back: nothing is
written. The doors do not check the lock themselves (a use case may refuse
early with the same :func:`check_unlocked`, so that its sentence comes
before any other); a door added later, or a use case that forgets,
cannot get past it.

What a lock keeps is what was played in the round: its hands, its
tables' results (round totals, time called at a table), its team games,
the phones' actions in it (``phone_action``: entries, Agree and Disagree
name a round) and time called in it (``phone_settings.time_called_round``);
and, once something was played in it, who sits where (its ``seat`` and
``sit_out`` rows: a late arrival's re-plan does not move its players) and
the event's scoring (its rules and side game's options, compared by their
meaning, hands per round, kind, round scoring: a change would score its
hands again). A locked round keeps its number (and every column but the
lock): it is not renumbered. The lock is judged as it was before the write
(the ``locked`` column's before image): a write that unlocks a round and
changes it at once is refused. A locked round deleted with what was played
in it (a rotation discarded) is refused through its hands; the lock itself
(the ``locked`` column) is the director's, and a locked round in which
nothing was played may still go with its rotation. A round inserted by the
same write (an undo that brings back a deleted event) is new, not changed;
an event deleted as a whole takes its locked rounds with it.

A night split into sections (:mod:`.sections`) also locks a round for one
section alone (a captain's lock, ``section_lock``): :func:`check_section_locks`
keeps that section's tables as a round's lock keeps the room's -- its hands,
table results and phones' actions, time called for the section, and who sits
at its tables once something was played there -- whatever the door. The
guard's round query says whether a night has sections, so a night in one
room pays nothing for it.

Bracket results (:func:`check_results_played_on`): a write after which a
match that has a result would have other teams than those that played it
(a semi-final undone, redone or corrected once its winner played the
final), a bracket drawn again or removed under its results, or a team
removed that played in the bracket, is refused with
:class:`ResultPlayedOn` ("The final was played with this result: …").

The unit of work records every row a write makes (ORM, Core statements on
the session or its connection, :func:`~.unit_of_work.insert_rows`) and
refuses what it cannot see (SQL text that writes: ``TypeError``), so no
use case writes past this guard.

The lock is read afresh in the writing transaction, ``FOR SHARE`` on
PostgreSQL: the director's lock (:func:`~.stations.lock_round`, ``FOR
UPDATE``) waits for a write that checked the round, and a write that
comes after the lock sees it. On SQLite the write transaction holds the
database's write lock from its start.

The other half of the guard is staleness: a write names the round it was
drawn in and the version of the row it saw. A hand's version is checked
where the hand is written (:func:`~.scoring.correct_hand`,
``expected_version``), a phone page's round by :func:`check_drawn_round`, round totals and a
team game's final score by the totals the page showed
(:func:`~.tables.record_table_totals`, :func:`~.teams.record_game_score`,
``expected``),
a bracket match's version and teams by
:func:`~.brackets.record_bracket_score`; each refuses with a sentence that
says what changed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from types import SimpleNamespace
from typing import Any

from sqlalchemy import or_, select

from euchre_tourney.store import (
    Bracket,
    BracketMatch,
    EventRound,
    Hand,
    Section,
    SectionLock,
    TableResult,
    Team,
    TeamGame,
    rules_of,
    table_rules_of,
)
from euchre_tourney.tournament.errors import InvalidHand, TournamentError

__all__ = [
    "ResultPlayedOn",
    "RoundLocked",
    "StalePage",
    "check_drawn_round",
    "check_results_played_on",
    "check_section_locks",
    "check_unlocked",
    "guard_rows",
    "locked_sentence",
]

Image = Mapping[str, Any]


class RoundLocked(InvalidHand):
    """The director locked the round: its hands cannot change."""


class ResultPlayedOn(TournamentError):
    """A write that would change a bracket result a later match was played
    with (its winner played on), or remove a team that played in the
    bracket: refused, nothing changed."""


class StalePage(InvalidHand):
    """A page drawn for another round (or another state) than the one it would change now."""


def locked_sentence(number: int, *, undo: str = "", what: str = "its hands") -> str:
    """The sentence for a write refused because round ``number`` is locked;
    ``undo``: "undo" or "redo" when Edit ▸ Undo/Redo was refused; ``what``:
    what the write would have changed ("its hands", "its number", ...)."""
    if undo:
        return (
            f"Round {number} is locked: the director closed it, so Edit ▸ {undo.title()} cannot change {what}. "
            f"Nothing was changed; unlock round {number} (Scores page) first to {undo} this step."
        )
    return (
        f"Round {number} is locked: the director closed it. Nothing was changed; "
        f"ask the director to unlock the round to change {what}."
    )


def check_unlocked(r: EventRound) -> None:
    """Raise :class:`RoundLocked` if the director locked round ``r``."""
    if r.locked:
        raise RoundLocked(locked_sentence(r.number))


def check_drawn_round(now: int, drawn: object, table: int | None = None) -> None:
    """A page drawn in round ``drawn`` writes only while round ``now`` (the
    round being played, at ``table`` when given) is that round; else
    :class:`StalePage`: "Round 2 is being played at table 5 now; this page
    was for round 1: reload it." (nothing written)."""
    if not isinstance(drawn, int) or isinstance(drawn, bool):
        raise StalePage("This page does not say which round it was drawn in: reload it and try again.")
    if drawn != now:
        at = f" at table {table}" if table is not None else ""
        raise StalePage(
            f"Round {now} is being played{at} now; this page was for round {drawn}: reload it. Nothing was changed."
        )


_PLAYED = frozenset({"hand", "table_result", "team_game"})
"""Tables whose rows are what was played in a round (``round_id``)."""
_SEATS = frozenset({"seat", "sit_out"})
"""Tables whose rows say who sits where in a round (``round_id``)."""
_SCORING = ("hands_per_round", "kind", "round_scoring")
"""The event's columns besides its rules that score what was played."""


def _scoring(image: Image) -> tuple:
    """What scores an event's rounds, from its row: the rules and the side
    game by their meaning (not the JSON's spelling), and :data:`_SCORING`."""
    probe = SimpleNamespace(rules_json=image.get("rules_json") or "{}")
    try:
        rules: object = (rules_of(probe), table_rules_of(probe))  # type: ignore[arg-type]
    except Exception:  # noqa: BLE001 - unreadable rules: compared as stored
        rules = image.get("rules_json")
    return (rules, *(image.get(c) for c in _SCORING))


def _played_in(conn, round_ids: set[int]) -> set[int]:
    """The rounds among ``round_ids`` in which something was played (a hand,
    a table's result, a team game), as the database holds them now."""
    played: set[int] = set()
    if not round_ids:
        return played
    for model in (Hand, TableResult, TeamGame):
        t = model.__table__  # type: ignore[attr-defined]
        played.update(conn.execute(select(t.c.round_id).where(t.c.round_id.in_(sorted(round_ids))).distinct()).scalars())
    return played


def guard_rows(conn, rows: Mapping[tuple[str, int], tuple[Image | None, Image | None]], *,
               undo: str = "") -> dict[int, tuple[int, int]]:
    """Refuse a write whose row images (``(table name, id)`` → (before,
    after), as the unit of work records them) change anything of a locked
    round (:class:`RoundLocked`, in words) or a bracket result a later match
    was played with (:class:`ResultPlayedOn`); see the module's docstring.
    ``conn``: the writing transaction's connection (holding the rows as
    they are after the write, or, for undo and redo, before it: only the
    rows of ``rows`` differ). ``undo``: "undo" or "redo" for the sentence.
    Returns the rounds it read (round id → (event id, number)), so that the
    change's description need not read them again."""
    round_ids: set[int] = set()
    seat_rounds: set[int] = set()
    by_number: set[tuple[int, int]] = set()  # (event id, round number)
    new_rounds: set[int] = set()
    rounds_before: dict[int, Image] = {}  # rounds this write changed or deleted, as they were
    rescored: set[int] = set()  # events whose scoring this write changed
    gone_events = {i for (name, i), (_b, after) in rows.items() if name == "event" and after is None}
    for (name, i), (before, after) in rows.items():
        if name == "event_round":
            if before is None:
                new_rounds.add(i)
            else:
                rounds_before[i] = before
                if before.get("locked") and after is not None and before["event_id"] not in gone_events and any(
                    before.get(c) != after.get(c) for c in before if c != "locked"
                ):  # renumbered (or moved): a locked round keeps what names it
                    raise RoundLocked(locked_sentence(before["number"], undo=undo, what="its number"))
        elif name in _PLAYED:
            round_ids.update(image["round_id"] for image in (before, after) if image is not None)
        elif name in _SEATS:
            seat_rounds.update(image["round_id"] for image in (before, after) if image is not None)
        elif name == "phone_action":
            by_number.update((image["event_id"], image["round_number"]) for image in (before, after) if image)
        elif name == "phone_settings" and after is not None and after.get("time_called_round") is not None:
            if before is None or before.get("time_called_round") != after["time_called_round"]:
                by_number.add((after["event_id"], after["time_called_round"]))  # time called in that round
        elif name == "event" and before is not None and after is not None and _scoring(before) != _scoring(after):
            rescored.add(i)
    round_ids -= new_rounds
    seat_rounds -= new_rounds | round_ids
    read: dict[int, tuple[int, int]] = {}
    t = EventRound.__table__  # type: ignore[attr-defined]
    st = Section.__table__  # type: ignore[attr-defined]
    split = select(st.c.id).where(st.c.event_id == t.c.event_id).exists()  # the night has sections: rides along
    cols = (t.c.id, t.c.event_id, t.c.number, t.c.locked, split)
    sectioned: set[int] = set()
    queries: list[tuple[str, Any]] = []
    # the rounds played in, by id (hands, results) and by number (phone actions, time called): one statement
    # (a phone's Save stores a hand and its action, naming one round both ways: it was read twice)
    played_in = [t.c.id.in_(sorted(round_ids))] if round_ids else []
    played_in += [(t.c.event_id == event_id) & (t.c.number == number) for event_id, number in sorted(by_number)]
    if played_in:
        queries.append(("played", select(*cols).where(or_(*played_in))))
    if seat_rounds:
        queries.append(("seats", select(*cols).where(t.c.id.in_(sorted(seat_rounds)))))
    for event_id in sorted(rescored - gone_events):
        queries.append(("rules", select(*cols).where(t.c.event_id == event_id)))
    found: set[int] = set()
    locked_with: dict[str, dict[int, int]] = {"seats": {}, "rules": {}}  # locked rounds to look into: id → number
    for why, query in queries:
        if conn.dialect.name != "sqlite":
            query = query.with_for_update(read=True)  # the director's lock waits for this write, or this write for it
        for rid, event_id, number, locked, has_sections in conn.execute(query):
            found.add(rid)
            read[rid] = (event_id, number)
            if has_sections:
                sectioned.add(event_id)
            was = rounds_before.get(rid)
            if was is not None:  # the lock as it was before this write: unlocking and changing at once is changing
                locked, number = was.get("locked"), was["number"]
            if not locked or rid in new_rounds or event_id in gone_events:
                continue
            if why == "played":
                raise RoundLocked(locked_sentence(number, undo=undo))
            locked_with[why][rid] = number
    for rid in sorted(round_ids - found):  # deleted by this write: as it was
        was = rounds_before.get(rid)
        if was is not None and was.get("locked") and was["event_id"] not in gone_events:
            raise RoundLocked(locked_sentence(was["number"], undo=undo))
    for why, what in (("seats", "who sits where in it"), ("rules", _RULES_WHAT)):
        played = _played_in(conn, set(locked_with[why]))
        if played:
            raise RoundLocked(locked_sentence(min(locked_with[why][r] for r in played), undo=undo, what=what))
    check_section_locks(conn, rows, gone_events, undo=undo, rounds=read, sectioned=sectioned)
    check_results_played_on(conn, rows, gone_events)
    return read


def check_section_locks(conn, rows: Mapping[tuple[str, int], tuple[Image | None, Image | None]],
                        gone_events: set[int] = frozenset(), *, undo: str = "",  # type: ignore[assignment]
                        rounds: Mapping[int, tuple[int, int]] | None = None, sectioned: set[int] | None = None) -> None:
    """Refuse (:class:`RoundLocked`) a write that changes what was played
    at a table of a section whose round is locked for that section alone
    (:func:`~.sections.lock_section_round`): a hand, a table's result, a
    phone's action at one of its tables, time called for the section in
    that round, or who sits at its tables once something was played there.
    A section's tables are the stored table numbers above its
    ``first_table`` and up to the next section's. The lock is read as the
    database holds it before this write's own lock rows (a write that
    unlocks and changes at once is changing). ``rounds`` (round id →
    (event id, number)) and ``sectioned`` (the events among them that have
    sections), when :func:`guard_rows` already read them: a write to a
    night in one room then costs no statement here."""

    played: list[tuple[str, Any, int]] = []  # ("round", round id, table) or ("event", (event, round number), table)
    seated: list[tuple[int, int]] = []  # (round id, table)
    called: list[tuple[int, int]] = []  # (section id, round number)
    lock_rows_before: dict[int, Image | None] = {}
    for (name, i), (before, after) in rows.items():
        images = [im for im in (before, after) if im is not None]
        if name in _PLAYED:
            played.extend(("round", im["round_id"], im["table_number"]) for im in images)
        elif name == "seat":
            seated.extend((im["round_id"], im["table_number"]) for im in images)
        elif name == "phone_action":
            played.extend(("event", (im["event_id"], im["round_number"]), im["table_number"]) for im in images)
        elif name == "section" and after is not None and after.get("time_called_round") is not None:
            if before is None or before.get("time_called_round") != after["time_called_round"]:
                called.append((i, after["time_called_round"]))
        elif name == "section_lock":
            lock_rows_before[i] = before
    if not (played or seated or called):
        return
    rt = EventRound.__table__  # type: ignore[attr-defined]
    round_ids = {x[1] for x in played if x[0] == "round"} | {r for r, _t in seated}
    round_of: dict[int, tuple[int, int]] = {r: v for r, v in (rounds or {}).items() if r in round_ids}
    if sectioned is not None and not called:
        known = {e for e, _n in (rounds or {}).values()}  # nights whose having sections guard_rows read
        nights = {x[1][0] for x in played if x[0] == "event"} | {e for e, _n in round_of.values()}
        if round_ids <= round_of.keys() and nights <= known and not nights & sectioned:
            return  # every round written is known, and none of its nights has sections
    round_ids -= round_of.keys()
    if round_ids:
        for rid, eid, number in conn.execute(select(rt.c.id, rt.c.event_id, rt.c.number).where(rt.c.id.in_(sorted(round_ids)))):
            round_of[rid] = (eid, number)
    st, lt = Section.__table__, SectionLock.__table__  # type: ignore[attr-defined]
    events = {e for e, _n in round_of.values()} | {x[1][0] for x in played if x[0] == "event"}
    section_ids = {sid for sid, _r in called}
    query = select(st.c.id, st.c.event_id, st.c.name, st.c.first_table)
    if section_ids:
        events |= set(conn.execute(select(st.c.event_id).where(st.c.id.in_(sorted(section_ids)))).scalars())
    events -= gone_events
    if not events:
        return
    secs: dict[int, list[tuple[int, str, int]]] = {}
    for sid, eid, name, first in conn.execute(query.where(st.c.event_id.in_(sorted(events)))):
        secs.setdefault(eid, []).append((first, name, sid))
    if not secs:
        return
    locked: set[tuple[int, int]] = set()  # (section id, round number), as before this write
    for lid, sid, number in conn.execute(
        select(lt.c.id, lt.c.section_id, lt.c.round_number).where(lt.c.section_id.in_([x[2] for v in secs.values() for x in v]))
    ):
        if lid in lock_rows_before and lock_rows_before[lid] is None:
            continue  # locked by this very write: not yet a lock the write must respect
        locked.add((sid, number))
    for was in lock_rows_before.values():
        if was is not None:  # unlocked by this write: it held before
            locked.add((was["section_id"], was["round_number"]))

    def owner(event_id: int, table: int | None) -> tuple[int, str] | None:
        found = None
        for first, name, sid in secs.get(event_id, ()):
            if table is not None and first < table and (found is None or first > found[0]):
                found = (first, name, sid)
        return None if found is None else (found[2], found[1])

    def refuse(name: str, number: int, what: str = "its hands") -> None:
        if undo:
            raise RoundLocked(
                f"Round {number} is locked for section {name}: Edit ▸ {undo.title()} cannot change {what}. "
                f"Nothing was changed; unlock round {number} of section {name} first to {undo} this step."
            )
        raise RoundLocked(
            f"Round {number} is locked for section {name}: its captain or the director closed it. Nothing was "
            f"changed; ask them to unlock the section's round to change {what}."
        )

    for kind, where, table in played:
        if kind == "round":
            if where not in round_of:
                continue
            event_id, number = round_of[where]
        else:
            event_id, number = where
        hit = owner(event_id, table)
        if hit is not None and (hit[0], number) in locked:
            refuse(hit[1], number)
    names = {sid: name for v in secs.values() for _f, name, sid in v}
    for sid, number in called:
        if (sid, number) in locked:
            refuse(names.get(sid, "?"), number, "time called in it")
    tables_played = None
    for rid, table in seated:
        if rid not in round_of:
            continue
        event_id, number = round_of[rid]
        hit = owner(event_id, table)
        if hit is None or (hit[0], number) not in locked:
            continue
        if tables_played is None:
            tables_played = _tables_played(conn, {r for r, _t in seated})
        if (rid, table) in tables_played:
            refuse(hit[1], number, "who sits where in it")


def _tables_played(conn, round_ids: set[int]) -> set[tuple[int, int]]:
    """(round id, table) pairs with something played, as the database holds them now."""
    out: set[tuple[int, int]] = set()
    for model in (Hand, TableResult, TeamGame):
        t = model.__table__  # type: ignore[attr-defined]
        out.update(
            (r, n) for r, n in conn.execute(select(t.c.round_id, t.c.table_number).where(t.c.round_id.in_(sorted(round_ids))).distinct())
        )
    return out


_RULES_WHAT = "the rules that score its hands (points per hand, hands per round, the game's options)"


def _title(text: str) -> str:
    return text[:1].lower() + text[1:]


def check_results_played_on(conn, rows: Mapping[tuple[str, int], tuple[Image | None, Image | None]],
                            gone_events: set[int] = frozenset()) -> None:  # type: ignore[assignment]
    """Refuse (:class:`ResultPlayedOn`) a write of bracket results (or of a
    bracket, or a team's removal) after which a match that has a result
    would have been played by other teams than those that played it — a
    semi-final undone or corrected once its winner played the final — or
    after which a team that played in the bracket would be gone. ``rows``
    and ``conn`` as in :func:`guard_rows`."""
    from euchre_tourney.rotation import bracket as shapes
    from euchre_tourney.tournament.bracket_results import match_winners

    by_event: dict[int, dict[str, dict[int, tuple]]] = {}
    for (name, i), (before, after) in rows.items():
        if name in ("bracket_match", "bracket", "team"):
            image = before or after
            if image["event_id"] not in gone_events:
                by_event.setdefault(image["event_id"], {}).setdefault(name, {})[i] = (before, after)
    for event_id, changed in sorted(by_event.items()):
        gone_teams = {i: b for i, (b, a) in changed.get("team", {}).items() if b is not None and a is None}
        if "team" in changed and not gone_teams and len(changed) == 1:
            continue
        bt, mt, tt = (m.__table__ for m in (Bracket, BracketMatch, Team))  # type: ignore[attr-defined]
        stored = conn.execute(select(bt).where(bt.c.event_id == event_id)).mappings().first()
        images = list(changed.get("bracket", {}).values())
        b_before = images[0][0] if images else stored
        b_after = images[0][1] if images else stored
        now = {r["id"]: r for r in conn.execute(select(mt).where(mt.c.event_id == event_id)).mappings()}
        moved = changed.get("bracket_match", {})

        def scores(at: int) -> dict[str, tuple[int, int]]:
            out = {r["code"]: (r["score_a"], r["score_b"]) for i, r in now.items() if i not in moved}
            for pair in moved.values():
                if pair[at] is not None:
                    out[pair[at]["code"]] = (pair[at]["score_a"], pair[at]["score_b"])
            return out

        was, will = scores(0), scores(1)
        bracket = b_after or b_before
        if bracket is None or not will:
            continue  # no bracket, or no result left: nothing was played on
        names = {}
        for r in conn.execute(select(tt.c.id, tt.c.number, tt.c.name).where(tt.c.event_id == event_id)):
            names[r.id] = r.name or f"Team {r.number}"
        for i, b in gone_teams.items():
            names[i] = b["name"] or f"Team {b['number']}"
        seeds = json.loads(bracket["seeds_json"])
        shape = shapes.build(len(seeds), double=bracket["double"], consolation=bracket["consolation"])

        def team(seed) -> str:
            return "a team not known yet" if seed is None else f"({seed}) {names.get(seeds[seed - 1], '?')}"

        if b_before is not None and b_after is not None and any(
            b_before[c] != b_after[c] for c in ("seeds_json", "double", "consolation")
        ) or b_after is None:
            raise ResultPlayedOn(
                "The bracket has results: it cannot be drawn again or removed while they stand. "
                "Nothing was changed; clear its results first."
            )
        old = shapes.progress(shape, match_winners(shape, was))
        new = shapes.progress(shape, match_winners(shape, will))
        codes = {p[k]["code"] for p in moved.values() for k in (0, 1) if p[k] is not None}
        for m in shape.matches:
            if m.code not in will or m.code in codes:
                continue
            if old.state(m.code).teams != new.state(m.code).teams or not new.state(m.code).needed:
                title = _title(shapes.match_title(shape, m))
                a, b = old.state(m.code).teams
                sa, sb = will[m.code]
                raise ResultPlayedOn(
                    f"The {title} was played with this result: {team(a)} against {team(b)}, {sa}–{sb}. "
                    f"Nothing was changed; clear the {title}'s result first."
                )
        for i, b in sorted(gone_teams.items()):
            if i not in seeds:
                continue
            seed = seeds.index(i) + 1
            for m in shape.matches:
                if m.code in will and seed in new.state(m.code).teams:
                    x, y = new.state(m.code).teams
                    sa, sb = will[m.code]
                    called = f"Team {b['number']}" + (f" ({names[i]})" if names[i] != f"Team {b['number']}" else "")
                    raise ResultPlayedOn(
                        f"{called} has a bracket result: {shapes.match_title(shape, m)}, "
                        f"{team(x)} against {team(y)}, {sa}–{sb}. A team that has played in the bracket cannot be "
                        "removed. Nothing was changed; clear its bracket results first."
                    )
