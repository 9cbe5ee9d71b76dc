"""``phone_stamps`` (issue 30 item 4): one read of what the phone servers
push. A table's stamp moves with its own table only (a hand, a lock for
all); the event's with anything; the rotation's with a re-plan (a late
arrival), and every stamp with it. Runs on SQLite and PostgreSQL."""

from __future__ import annotations

import datetime

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Side
from tests.split_nights import split_night


def _night(db) -> int:
    with db.session() as s:
        ids = [T.add_player(s, f"Player {i}").id for i in range(12)]
        ev = T.create_event(s, "Stamps night", datetime.date(2026, 3, 4), rounds=3, hands_per_round=4)
        T.set_checked_in(s, ev.id, ids[:8])
        T.generate_rotation(s, ev.id, seed=2)
    return ev.id


def _stamps(db, event_id: int) -> T.PhoneStamps:
    with db.session() as s:
        return T.phone_stamps(s, event_id)


def test_a_tables_stamp_moves_with_its_own_table_and_the_events_with_any(db):
    event_id = _night(db)
    before = _stamps(db, event_id)
    T.operate(db, "Hand 1", T.record_hand, event_id, 1, 1, 1, HandEntry(Side.NS, 3), event_id=event_id)
    after = _stamps(db, event_id)
    assert after.room != before.room
    assert after.table(1) != before.table(1)
    assert after.table(2) == before.table(2)
    T.operate(db, "Lock", T.lock_round, event_id, 1, True, event_id=event_id)
    locked = _stamps(db, event_id)
    assert locked.table(1) != after.table(1) and locked.table(2) != after.table(2)  # a lock concerns every table


def test_a_replan_moves_the_rotation_and_every_stamp(db):
    event_id = _night(db)
    before = _stamps(db, event_id)
    with db.session() as s:
        late = [e.player_id for e in T.entrants(s, event_id) if not e.checked_in][:4]
        T.set_checked_in(s, event_id, late)
        T.replan_rotation(s, event_id)
    after = _stamps(db, event_id)
    assert after.rotation != before.rotation
    assert after.room != before.room and after.table(1) != before.table(1)


def test_a_rotation_made_again_with_as_many_seats_moves_the_rotation_and_every_stamp(db):
    """Made again with another seed, the rotation has as many seats as
    before, and SQLite gives the new rows the ids of the deleted ones (the
    highest id plus one): the stamps must still move, or the phones keep
    showing the old seats (their pages kept by an unchanged stamp)."""
    event_id = _night(db)
    before = _stamps(db, event_id)
    with db.session() as s:
        from euchre_tourney.tournament.schedule import seated_night

        from euchre_tourney.store import Event

        seats = lambda: seated_night(s, s.get(Event, event_id)).rounds  # noqa: E731
        old = seats()
        T.generate_rotation(s, event_id, seed=9)
        assert seats() != old  # (the seed seats the players otherwise)
    after = _stamps(db, event_id)
    assert after.rotation != before.rotation
    assert after.room != before.room and after.table(1) != before.table(1)


def test_stamps_read_since_the_last_are_the_same_until_a_change(db):
    event_id = _night(db)
    first = _stamps(db, event_id)
    with db.session() as s:
        assert T.phone_stamps(s, event_id, since=first) is first  # nothing changed: the small read only
    T.operate(db, "Hand 1", T.record_hand, event_id, 1, 2, 1, HandEntry(Side.EW, 4), event_id=event_id)
    with db.session() as s:
        again = T.phone_stamps(s, event_id, since=first)
    assert again is not first and again == _stamps(db, event_id) and again.table(2) != first.table(2)


def test_what_a_session_keeps_it_keeps_for_itself_alone_another_stations_write_is_seen(db, db_url):
    """The event row a session holds (``load_event``) and the rounds the round being played reads
    (read afresh, ``populate_existing``) are the session's own: another station's write, committed
    meanwhile, is seen by the next session, and by the same session's next round being played."""
    event_id = _night(db)
    other = T.open_database(db_url, station="another station")
    try:
        with db.session() as s:
            assert T.playing_round(s, event_id, 1) == 1 and T.get_event(s, event_id).name == "Stamps night"
            before = T.phone_stamps(s, event_id)
            T.operate(other, "Rename", T.update_event, event_id, name="Renamed night", event_id=event_id)
            T.operate(other, "Lock", T.lock_round, event_id, 1, True, event_id=event_id)
            if not db.is_sqlite:  # (SQLite's read transaction is a snapshot: the next one sees the write)
                assert T.playing_round(s, event_id, 1) == 2  # the lock, though this session read round 1 before
            s.commit()  # the transaction ends: the next reads see the other station's writes
            assert T.get_event(s, event_id).name == "Renamed night"
            assert T.playing_round(s, event_id, 1) == 2 and T.locked_rounds(s, event_id) == {1}
            assert T.phone_stamps(s, event_id, since=before).table(1) != before.table(1)
        with db.session() as s:
            assert T.get_event(s, event_id).name == "Renamed night" and T.playing_round(s, event_id, 1) == 2
    finally:
        other.dispose()


def test_the_statements_built_once_serve_every_event_and_section_alike(db):
    """The round being played and the stamps run statements built once with bound parameters: each
    event and each section reads its own rows (two nights, one split into sections)."""
    first = _night(db)
    with db.session() as s:
        second = split_night(s, 16, 8, rounds=2, hands=2, seed=5, name="Split night", prefix="Other")
        secs = T.list_sections(s, second)
        a, b = (sorted(T.section_tables(s, second, sec.name)) for sec in secs)
    for n in (1, 2):
        for t in a:
            T.operate(db, "Hand", T.record_hand, second, 1, t, n, HandEntry(Side.NS, 3), event_id=second)
    with db.session() as s:
        assert [T.playing_round(s, second, t) for t in (*a, *b)] == [2] * len(a) + [1] * len(b)
        assert T.playing_round(s, second) == 1 and T.playing_round(s, first) == 1
        split, one_room = T.phone_stamps(s, second), T.phone_stamps(s, first)
    assert split.table(a[0]) != split.table(b[0]) and one_room.table(a[0]) == one_room.table(b[0])


def test_a_sections_tables_are_woken_when_their_section_moves_to_the_next_round(db):
    """In a night split into sections, each section plays at its own pace: a
    table of section A that finished round 1 early moves to round 2 when the
    last table of A finishes, so its stamp (what wakes its phones) changes
    then, though nothing was recorded at it; section B's tables, still in
    round 1, are not woken. (A table's stamp followed the room's round: a
    section's early tables stayed on round 1 until something else changed.)"""
    with db.session() as s:
        event_id = split_night(s, 16, 8, rounds=2, hands=2, seed=5, prefix="P")
        first, second = (sorted(T.section_tables(s, event_id, sec.name)) for sec in T.list_sections(s, event_id))
    for n in (1, 2):
        T.operate(db, f"Hand {n}", T.record_hand, event_id, 1, first[0], n, HandEntry(Side.NS, 3), event_id=event_id)
    before = _stamps(db, event_id)
    with db.session() as s:
        assert T.playing_round(s, event_id, first[0]) == 1
    for n in (1, 2):
        T.operate(db, f"Hand {n}", T.record_hand, event_id, 1, first[1], n, HandEntry(Side.NS, 3), event_id=event_id)
    after = _stamps(db, event_id)
    with db.session() as s:
        assert T.playing_round(s, event_id, first[0]) == 2
        assert T.playing_round(s, event_id, second[0]) == 1
    assert after.table(first[0]) != before.table(first[0])  # its section moved on: its phones are woken
    assert after.table(second[0]) == before.table(second[0])  # section B is still in round 1
    assert after.table(second[1]) == before.table(second[1])
    assert after == _stamps(db, event_id)  # read again: the same stamps


def test_each_sections_round_read_in_one_pass_is_what_each_table_is_told(db):
    """``section_playing_rounds`` (one read of the room, for the stamps) says
    for every section what ``playing_round`` says at each of its tables, at
    every step of a night split in three sections played table by table,
    with a section's round locked by its captain."""
    with db.session() as s:
        event_id = split_night(s, 24, 8, rounds=3, hands=1, seed=7, prefix="P")
        secs = T.list_sections(s, event_id)
        tables = {sec.first_table: sorted(T.section_tables(s, event_id, sec.name)) for sec in secs}

    def agree() -> None:
        with db.session() as s:
            rounds = T.section_playing_rounds(s, event_id)
            assert set(rounds) == set(tables)
            # the stamps' one read of the room says the room's round as playing_round does, and the sections'
            assert T.room_playing_rounds(s, event_id) == (T.playing_round(s, event_id), rounds)
            for first, ts in tables.items():
                assert {T.playing_round(s, event_id, t) for t in ts} == {rounds[first]}, (first, rounds)

    agree()
    order = [t for ts in tables.values() for t in ts]
    T.operate(db, "Lock", T.lock_section_round, event_id, secs[2].name, 1, event_id=event_id)  # C moves on
    agree()
    for rnd in (1, 2):
        for t in order[: len(order) - 1 if rnd == 2 else len(order)]:
            if rnd == 1 and t in tables[secs[2].first_table]:
                continue
            T.operate(db, "Hand", T.record_hand, event_id, rnd, t, 1, HandEntry(Side.EW, 4), event_id=event_id)
            agree()
    with db.session() as s:
        assert T.section_playing_rounds(s, event_id)[secs[0].first_table] == 3
        assert T.section_playing_rounds(s, event_id)[secs[2].first_table] == 2  # its last table is not in


def test_the_waiting_hands_are_read_only_once_a_rounds_tables_are_in(db):
    """The stamps' read of the room (after every change, on every server)
    asks which hands wait for the other side -- every hand and phone action
    of the round -- only once every table of the round is in: mid-round a
    table short of hands already says the round is being played."""
    from sqlalchemy import event as sa_event

    with db.session() as s:
        event_id = split_night(s, 16, 8, rounds=2, hands=1, seed=5, prefix="W")
        tables = sorted(t for sec in T.list_sections(s, event_id) for t in T.section_tables(s, event_id, sec.name))
    said: list[str] = []

    def on_sql(conn, cursor, statement, *args):
        said.append(statement)

    def waiting_reads() -> int:
        said.clear()
        sa_event.listen(db.engine, "before_cursor_execute", on_sql)
        try:
            with db.session() as s:
                T.room_playing_rounds(s, event_id)
        finally:
            sa_event.remove(db.engine, "before_cursor_execute", on_sql)
        return sum("phone_action" in q.lower() for q in said)

    T.operate(db, "Hand", T.record_hand, event_id, 1, tables[0], 1, HandEntry(Side.NS, 3), event_id=event_id)
    assert waiting_reads() == 0  # mid-round: the other tables are short of hands
    for t in tables[1:]:
        T.operate(db, "Hand", T.record_hand, event_id, 1, t, 1, HandEntry(Side.NS, 3), event_id=event_id)
    assert waiting_reads() >= 1  # every table in: whether a hand still waits decides the round


def _waiting_by_every_line(db, event_id: int, round_number: int) -> set[int]:
    """The tables where a hand waits for the other side, told from every hand and phone action of the round
    (phone_state over all of them: what the round being played asked before the database found the few)."""
    from sqlmodel import select

    from euchre_tourney.store import EventRound, Hand, PhoneAction
    from euchre_tourney.tournament.phones import phone_state

    with db.session() as s:
        rid = s.exec(select(EventRound.id).where(EventRound.event_id == event_id,
                                                 EventRound.number == round_number)).one()
        versions = {(h.table_number, h.number): h.version or 1 for h in s.exec(select(Hand).where(Hand.round_id == rid))}
        lines: dict = {}
        for a in s.exec(select(PhoneAction).where(PhoneAction.event_id == event_id,
                                                  PhoneAction.round_number == round_number).order_by(PhoneAction.id)):
            lines.setdefault((a.table_number, a.hand_number), []).append((a.action, a.side, a.hand_version))
    return {key[0] for key, said in lines.items() if key in versions and phone_state(said, versions[key])[1] == "waiting"}


def test_the_tables_waiting_are_those_every_line_says(db):
    """The hands waiting for the other side, found by the database (an entry later than any answer to the
    stored version) and told apart from their own lines, are those every line of the round says: entered,
    agreed, disputed, corrected from the phone, corrected at the director's station, deleted."""
    import importlib

    phones = importlib.import_module("euchre_tourney.tournament.phones")
    from sqlmodel import select

    from euchre_tourney.store import EventRound, Hand

    with db.session() as s:
        event_id = split_night(s, 32, 16, rounds=2, hands=3, seed=4, prefix="Q")
        secrets = T.table_secrets(s, event_id)
    tables = sorted(secrets)
    keys = iter(f"{i:020d}" for i in range(1000))

    def enter(t, n, side="NS", tricks=3, correcting=None):
        T.operate(db, "Enter", T.submit_hand, event_id, t, secrets[t], next(keys), side, n, HandEntry(Side.NS, tricks),
                  drawn_round=1, correcting_version=correcting, event_id=event_id)

    def answer(t, n, version, agree):
        T.operate(db, "Answer", T.confirm_hand, event_id, t, secrets[t], next(keys), n, version, agree, drawn_round=1,
                  event_id=event_id)

    def hand(t, n):
        with db.session() as s:
            return s.exec(select(Hand).join(EventRound, Hand.round_id == EventRound.id).where(
                EventRound.event_id == event_id, EventRound.number == 1, Hand.table_number == t, Hand.number == n)).one()

    def agree_with_reference() -> set[int]:
        with db.session() as s:
            rid = s.exec(select(EventRound.id).where(EventRound.event_id == event_id, EventRound.number == 1)).one()
            found = phones._waiting_tables(s, event_id, 1, rid)
        assert found == _waiting_by_every_line(db, event_id, 1)
        return found

    assert agree_with_reference() == set()
    enter(tables[0], 1)  # entered: waits
    enter(tables[1], 1); answer(tables[1], 1, 1, True)  # agreed
    enter(tables[2], 1); answer(tables[2], 1, 1, False)  # disputed
    enter(tables[3], 1); answer(tables[3], 1, 1, True); enter(tables[3], 1, tricks=4, correcting=1)  # corrected: waits
    enter(tables[4], 1)
    with db.session() as s:  # corrected at the director's station: the director's word, no side waits
        T.correct_hand(s, hand(tables[4], 1).id, HandEntry(Side.EW, 3))
    enter(tables[5], 1)
    with db.session() as s:  # deleted at the station: nothing waits
        T.delete_hand(s, hand(tables[5], 1).id)
    assert agree_with_reference() == {tables[0], tables[3]}
    answer(tables[3], 1, 2, True)  # the correction agreed
    enter(tables[1], 2, side="EW")
    assert agree_with_reference() == {tables[0], tables[1]}


def test_stamps_read_since_the_last_are_the_fresh_ones_and_the_seats_are_read_once_a_rotation(db):
    """Stamps read with the last ones (``since``, as a server reads them)
    equal stamps read from nothing at every step -- hands, a section's lock,
    a late arrival re-planned into a section (new seats) -- and the tables
    seated are read again only when the rotation changed."""
    from sqlalchemy import event as sa_event

    with db.session() as s:
        event_id = split_night(s, 24, 8, rounds=3, hands=1, seed=7, prefix="S")
        secs = T.list_sections(s, event_id)
        tables = sorted(t for sec in secs for t in T.section_tables(s, event_id, sec.name))
    said: list[str] = []

    def on_sql(conn, cursor, statement, *args):
        said.append(statement)

    last = None

    def step() -> int:
        nonlocal last
        said.clear()
        sa_event.listen(db.engine, "before_cursor_execute", on_sql)
        try:
            with db.session() as s:
                last = T.phone_stamps(s, event_id, since=last)
        finally:
            sa_event.remove(db.engine, "before_cursor_execute", on_sql)
        assert last == _stamps(db, event_id)
        return sum("SELECT DISTINCT" in q and "FROM seat" in q for q in said)

    assert step() == 1  # the first read: the tables seated read
    T.operate(db, "Hand", T.record_hand, event_id, 1, tables[0], 1, HandEntry(Side.NS, 3), event_id=event_id)
    assert step() == 0  # the same rotation: not read again
    T.operate(db, "Lock", T.lock_section_round, event_id, secs[2].name, 1, event_id=event_id)  # C moves on
    assert step() == 0
    with db.session() as s:  # a late arrival: re-planned, new seats
        late = T.add_player(s, "Late Lou")
        T.set_checked_in(s, event_id, late.id)
    assert step() == 1
    for t in tables[1:3]:  # (sections A and B: C's round 1 is locked)
        T.operate(db, "Hand", T.record_hand, event_id, 1, t, 1, HandEntry(Side.EW, 4), event_id=event_id)
    assert step() == 0


def test_the_rotations_sums_move_when_any_two_players_change_places(db):
    """Every exchange of two players' places in round 1 (written behind the
    app's back, the rows and their ids kept) moves the rotation's signature
    as read where ids may be given twice (the sums over the seats, SQLite's;
    read here on each database): the sums are not fooled by the same
    entrants in the same rows in another order."""
    from sqlmodel import select

    from euchre_tourney.store import Entrant, EventRound, Seating
    from euchre_tourney.tournament.common import rotation_signature

    event_id = _night(db)
    with db.session() as s:  # an entrant seated nowhere, to pass the unique (round, entrant) pair through
        spare = Entrant(event_id=event_id, player_id=T.add_player(s, "Spare Sam").id)
        s.add(spare)
        s.commit()
        spare = spare.id

    def signature() -> tuple:
        with db.session() as s:
            return tuple(s.execute(select(*rotation_signature(EventRound.event_id == event_id, True))).one())

    original = signature()
    with db.session() as s:
        first = s.exec(select(EventRound.id).where(EventRound.event_id == event_id, EventRound.number == 1)).one()
        seats = [(x.id, x.entrant_id) for x in s.exec(select(Seating).where(Seating.round_id == first))]
    assert len(seats) == 8
    seen = set()
    for i in range(len(seats)):
        for j in range(i + 1, len(seats)):
            (a, ea), (b, eb) = seats[i], seats[j]
            for order in (((a, spare), (b, ea), (a, eb)), ((a, spare), (b, eb), (a, ea))):
                with db.session() as s:
                    for row, entrant in order:
                        s.get(Seating, row).entrant_id = entrant
                        s.flush()
                    s.commit()
                if order[1][1] == ea:
                    seen.add(signature())
    assert original not in seen and len(seen) == 28
    assert signature() == original
