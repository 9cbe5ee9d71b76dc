"""A table's round as a whole: finished early, or entered as round totals.

Two use cases beside hand-by-hand entry (:mod:`.scoring`):

* :func:`finish_table` -- the director calls time at a table: it counts in
  the standings with the hands it has (0–0 if none), and its round can be
  finished (so sit-outs are credited). Undone with ``finished=False``.
* :func:`record_table_totals` -- an event entered as round totals
  (``Event.entry_mode == "totals"``) takes each table's totals from the
  tally: each side's points and each seat's loners made. The figures are
  checked against what ``hands_per_round`` hands can produce under the
  event's rules (:func:`euchre_tourney.rules.check_round_totals`), e.g.
  more than 4 × hands points is refused. The standings are the same as if
  the hands had been entered one by one (:mod:`.standings`).

Both commit at once, refuse a locked round and leave a line in the audit
trail (actions "record"/"delete" with no hand number, so every other scoring
station's poll sees the change: :func:`~.stations.change_stamp`).
"""

from __future__ import annotations

from sqlmodel import Session, select

from euchre_tourney.rules import Seat, check_round_totals, seat_titles, side_title
from euchre_tourney.store import EventRound, Hand, HandAudit, Seating, TableResult
from euchre_tourney.tournament.common import event_rules, load_event, whole_number
from euchre_tourney.tournament.errors import InvalidHand
from euchre_tourney.tournament.guard import StalePage
from euchre_tourney.tournament.readmodels import TableResultView
from euchre_tourney.tournament.stations import check_unlocked, round_for_write, station_of
from euchre_tourney.tournament.unit_of_work import write_use_case


def audit_table(session: Session, r: EventRound, table: int, action: str, text: str) -> None:
    """An audit line for a change at a table that is not a hand (time
    called, round totals, a team game's final score): other stations' polls
    see it through ``change_stamp``."""
    session.add(
        HandAudit(
            event_id=r.event_id, round_number=r.number, table_number=table, action=action,
            station=station_of(session)[:60], **({"old": text} if action == "delete" else {"new": text}),
        )
    )


def _totals_text(row: TableResult) -> str:
    return f"round totals at table {row.table_number}: {side_title(0, 4)} {row.ns_points}, {side_title(1, 4)} {row.ew_points}"


def _round_and_table(session: Session, event_id: int, round_number: int, table: int, *, for_write: bool = True) -> EventRound:
    """The round, checked to seat ``table``; ``for_write`` (the default: the
    writes check its lock next): read afresh and locked
    (:func:`~.stations.round_for_write`)."""
    whole_number(round_number, "round")
    whole_number(table, "table")
    where = (EventRound.event_id == event_id, EventRound.number == round_number)
    r = round_for_write(session, *where) if for_write else session.exec(select(EventRound).where(*where)).first()
    if r is None:
        raise InvalidHand(f"Round {round_number} does not exist in this event's rotation.")
    tables = set(session.exec(select(Seating.table_number).where(Seating.round_id == r.id)))
    if table not in tables:
        raise InvalidHand(f"Table {table} does not play in round {round_number} (tables 1–{len(tables)}).")
    return r


ANY = object()
"""``expected`` of a totals write that does not say what its page showed."""


def check_seen_totals(row: TableResult | None, table: int, round_number: int, expected: object) -> None:
    """Refuse (:class:`~.guard.StalePage`) totals entered on a page that
    showed other totals (``expected``: ``(ns, ew)`` or None) than the
    table's now: another station entered or changed them since."""
    if expected is ANY:
        return
    now = (row.ns_points, row.ew_points) if row is not None and row.ns_points is not None else None
    if now != (tuple(expected) if expected is not None else None):  # type: ignore[arg-type]
        said = f"{side_title(0, 4)} {now[0]}, {side_title(1, 4)} {now[1]}" if now is not None else "no totals"
        raise StalePage(
            f"Round {round_number} totals at table {table} were changed after this page was drawn: it now has "
            f"{said}. Nothing was changed: look at the table again; if they are wrong, correct them."
        )


def _row(session: Session, r: EventRound, table: int) -> TableResult | None:
    return session.exec(
        select(TableResult).where(TableResult.round_id == r.id, TableResult.table_number == table)
    ).first()


def _hands_at(session: Session, r: EventRound, table: int) -> int:
    return len(session.exec(select(Hand.id).where(Hand.round_id == r.id, Hand.table_number == table)).all())


def table_result(session: Session, event_id: int, round_number: int, table: int) -> TableResultView:
    """Where a table's round stands (see :class:`TableResultView`)."""
    event = load_event(session, event_id)
    r = _round_and_table(session, event_id, round_number, table, for_write=False)
    return _view(session, event, r, table)


def round_entry_mode(session: Session, event, r: EventRound) -> str:
    """"hands" or "totals": the way round ``r``'s scores came in (a hand
    anywhere in it, or a table's totals), else the event's mode."""
    if event.kind != "progressive":
        return "hands"
    if session.exec(select(Hand.id).where(Hand.round_id == r.id).limit(1)).first() is not None:
        return "hands"
    totals = select(TableResult.id).where(TableResult.round_id == r.id, TableResult.ns_points != None)  # noqa: E711
    if session.exec(totals.limit(1)).first() is not None:
        return "totals"
    return event.entry_mode


def _view(session: Session, event, r: EventRound, table: int) -> TableResultView:
    return result_view(
        event, r.number, table, _row(session, r, table), _hands_at(session, r, table), round_entry_mode(session, event, r)
    )


def result_view(
    event, round_number: int, table: int, row: TableResult | None, hands: int, entry_mode: str = "hands"
) -> TableResultView:
    """A table's round from its :class:`TableResult` row (or None), the
    number of hands recorded there and the round's own entry mode (see
    :func:`round_entry_mode`), for read models that loaded them."""
    early = bool(row and row.finished_early)
    totals = row is not None and row.ns_points is not None
    return TableResultView(
        event_id=event.id,
        round=round_number,
        table=table,
        hands_recorded=hands,
        hands_per_round=event.hands_per_round,
        finished=early or totals or hands >= event.hands_per_round,
        finished_early=early,
        ns_points=row.ns_points if totals else None,
        ew_points=row.ew_points if totals else None,
        loners=row.loners_by_position if totals else (0, 0, 0, 0),
        entry_mode=entry_mode,
    )


def tables_in(session: Session, event_id: int, round_number: int) -> dict[int, str]:
    """The round's tables finished other than by their hands: ``{table:
    "time called" | "totals"}`` (a table with all its hands in is not listed)."""
    load_event(session, event_id)
    r = session.exec(
        select(EventRound).where(EventRound.event_id == event_id, EventRound.number == round_number)
    ).first()
    if r is None:
        return {}
    return {
        t.table_number: "totals" if t.ns_points is not None else "time called"
        for t in session.exec(select(TableResult).where(TableResult.round_id == r.id))
        if t.ns_points is not None or t.finished_early
    }


@write_use_case
def finish_table(session: Session, event_id: int, round_number: int, table: int, finished: bool = True) -> TableResultView:
    """Mark a table's round finished early (time called), or with
    ``finished=False`` take the mark back; commit. The table then counts
    in the standings with the hands it has."""
    event = load_event(session, event_id)
    r = _round_and_table(session, event_id, round_number, table)
    check_unlocked(r)
    row = _row(session, r, table) or TableResult(round_id=r.id, table_number=table)
    row.finished_early = bool(finished)
    session.add(row)
    audit_table(session, r, table, "record", f"time {'called' if finished else 'no longer called'} at table {table}")
    session.commit()
    return _view(session, event, r, table)


@write_use_case
def record_table_totals(
    session: Session,
    event_id: int,
    round_number: int,
    table: int,
    ns_points: int,
    ew_points: int,
    loners: dict[Seat, int] | None = None,
    *,
    expected: object = ANY,
) -> TableResultView:
    """Enter (or replace) a table's round totals: each side's points and
    the loners each seat made (``{Seat.NORTH: 1}``); commit.

    ``expected``: the totals the page showed, ``(ns, ew)``, or None for
    none (the window's round box and the phones pass it); totals changed
    since at another station are not replaced: :class:`~.guard.StalePage`
    with what they say now (:data:`ANY`: whatever is stored).

    :class:`InvalidHand` with the reason when the event is entered hand by
    hand, the table already has hands, or the totals cannot come from the
    event's hands per round under its rules (see the module's docstring)."""
    event = load_event(session, event_id)
    if event.kind != "progressive" or event.entry_mode != "totals":
        raise InvalidHand("This event is scored hand by hand: choose round totals in the event's settings first.")
    r = _round_and_table(session, event_id, round_number, table)
    check_unlocked(r)
    loners = dict(loners or {})
    for seat, n in loners.items():
        if not isinstance(seat, Seat):
            raise InvalidHand(f"Loners are counted by seat ({', '.join(seat_titles(4))}), not {seat!r}.")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise InvalidHand(f"{seat.title} made a whole number of loners (0 or more), not {n!r}.")
    check_seen_totals(_row(session, r, table), table, round_number, expected)
    if _hands_at(session, r, table):
        raise InvalidHand(f"Table {table} already has hands in round {round_number}: delete them to enter totals.")
    if round_entry_mode(session, event, r) == "hands":
        raise InvalidHand(
            f"Round {round_number} is entered hand by hand (it has hands at other tables): "
            "enter its tables hand by hand too."
        )
    ns_loners = loners.get(Seat.NORTH, 0) + loners.get(Seat.SOUTH, 0)
    ew_loners = loners.get(Seat.EAST, 0) + loners.get(Seat.WEST, 0)
    why = check_round_totals(event_rules(event), event.hands_per_round, ns_points, ew_points, ns_loners, ew_loners)
    if why:
        raise InvalidHand(why)
    row = _row(session, r, table) or TableResult(round_id=r.id, table_number=table)
    row.ns_points, row.ew_points = ns_points, ew_points
    row.ns_loners_n, row.ns_loners_s = loners.get(Seat.NORTH, 0), loners.get(Seat.SOUTH, 0)
    row.ew_loners_e, row.ew_loners_w = loners.get(Seat.EAST, 0), loners.get(Seat.WEST, 0)
    session.add(row)
    audit_table(session, r, table, "record", _totals_text(row))
    session.commit()
    return _view(session, event, r, table)


@write_use_case
def clear_table_totals(
    session: Session, event_id: int, round_number: int, table: int, *, expected: object = ANY
) -> TableResultView:
    """Remove a table's round totals (it is no longer in); commit.
    ``expected`` as in :func:`record_table_totals`."""
    event = load_event(session, event_id)
    r = _round_and_table(session, event_id, round_number, table)
    check_unlocked(r)
    row = _row(session, r, table)
    check_seen_totals(row, table, round_number, expected)
    if row is not None and row.ns_points is not None:
        audit_table(session, r, table, "delete", _totals_text(row))
        row.ns_points = row.ew_points = None
        row.ns_loners_n = row.ns_loners_s = row.ew_loners_e = row.ew_loners_w = 0
        session.add(row)
        session.commit()
    return _view(session, event, r, table)
