"""What one phone tap asks the database (issue 30 item 6: a room of 500
tables saturated its servers, each tap ~40 statements): a table's Save and
the other side's Agree, each with the page drawn after it and the stamps
read for that page, counted by statement (never timed)."""

from __future__ import annotations

import pytest

from tests.split_nights import split_night
from tests.web.conftest import form_fields


@pytest.fixture
def tapping(db):
    from starlette.testclient import TestClient

    from euchre_tourney import tournament as T
    from euchre_tourney.web import create_app

    with db.session() as s:
        event_id = split_night(s, 40, 20, hands=4)  # two sections of five tables
        secrets = T.table_secrets(s, event_id)
    app = create_app(db, event_id, base_url="http://testserver")
    with TestClient(app, base_url="http://testserver", headers={"origin": "http://testserver"}) as c:
        yield c, secrets, event_id


def _counted(db, call):
    """``call()``'s response, the statements it sent and the connections it took from the pool."""
    from sqlalchemy import event as sa_event

    said: list[str] = []
    taken: list[int] = []

    def on_sql(conn, cursor, statement, *args):
        said.append(" ".join(statement.split()))

    def on_checkout(*args):
        taken.append(1)

    sa_event.listen(db.engine, "before_cursor_execute", on_sql)
    sa_event.listen(db.engine, "checkout", on_checkout)
    try:
        response = call()
    finally:
        sa_event.remove(db.engine, "before_cursor_execute", on_sql)
        sa_event.remove(db.engine, "checkout", on_checkout)
    assert response.status_code == 200, response.text[-400:]
    return response, said, len(taken)


@pytest.mark.postgres  # (both databases)
def test_a_save_and_an_agree_each_ask_few_statements(db, tapping):
    """A Save (the write, its stamps, its page) and an Agree, at a table of
    the second section, once a hand is in: each write in one savepoint
    (none opened again to read what it wrote), the table's code, the event,
    the phone settings and the key's answer in one statement per session,
    the night's names in one row, the guard's sections and their locks in
    one statement, the page read with the stamps after the write (two
    connections a tap, each pinged on PostgreSQL: three before), the round
    being played at the table taken from the stamps' read of the room, the
    table's seat and its hands not read again to store the hand, the page's
    event, code and settings read with the stamps, the four seated and the
    night's names in one statement. The
    ceilings are this change's counts (a Save 24, an Agree 20 on
    PostgreSQL, one more each on SQLite, its BEGIN IMMEDIATE; 41 and 34 on
    SQLite before)."""
    client, secrets, _event_id = tapping
    t = sorted(secrets)[-1]
    page = client.get(f"/t/{t}?k={secrets[t]}").text
    for n in (1, 2):
        data = form_fields(page) | {"side": "NS", "makers": "NS", "tricks": "3", "alone": ""}
        saved, on_save, save_taken = _counted(db, lambda: client.post(f"/t/{t}", data=data))
        assert f"Hand {n} saved" in saved.text
        agreed, on_agree, agree_taken = _counted(db, lambda: client.post(f"/t/{t}", data=form_fields(saved.text, 0)))
        assert "agreed to hand" in agreed.text
        page = agreed.text
    sqlite = db.is_sqlite
    assert save_taken == agree_taken == 2
    for said, ceiling in ((on_save, 25 if sqlite else 24), (on_agree, 21 if sqlite else 20)):
        assert len(said) <= ceiling, "\n".join(said)
        assert sum(q.startswith("SAVEPOINT") for q in said) == 1, said
        assert not any(q.startswith("ROLLBACK TO SAVEPOINT") for q in said), said
        assert sum("FROM table_secret" in q for q in said) == 2, said  # the write's and its page's
        assert sum(q.startswith("SELECT event.id") for q in said) == 2, said  # the event: the same two statements
        assert sum("FROM seat" in q and "DISTINCT" in q for q in said) == 1, said  # the write's round (not the page's)
        assert not any(q.startswith("SELECT phone_settings.") for q in said), said  # (with the table's code)
        assert not any(q.startswith("SELECT phone_action.answer") for q in said), said  # (the key's: the same)
        assert sum(q.startswith("SELECT") and " FROM section_lock" in q for q in said) == 0, said


@pytest.mark.postgres  # (both databases)
@pytest.mark.parametrize("stale", [False, True])
def test_a_hand_stored_meanwhile_is_refused_in_the_same_words_whatever_the_phone_read(db, tapping, monkeypatch, stale):
    """A phone's Save of a hand the director stored after the page was
    drawn is refused with the director's sentence ("already recorded at
    station ..."), nothing written; and the same when what the phone's
    write read of the table's hands is already old (``stale``: the hand
    stored after that read, between two statements: the slot's unique key
    refuses it, in the same words)."""
    from euchre_tourney import tournament as T
    from euchre_tourney.rules import HandEntry, Side
    from euchre_tourney.tournament import phones

    client, secrets, event_id = tapping
    t = sorted(secrets)[-1]
    page = client.get(f"/t/{t}?k={secrets[t]}").text
    data = form_fields(page) | {"side": "NS", "makers": "NS", "tricks": "3", "alone": ""}
    T.operate(db, "Hand 1", T.record_hand, event_id, 1, t, 1, HandEntry(Side.EW, 4), event_id=event_id)
    if stale:
        read = phones._waiting_refusal
        monkeypatch.setattr(phones, "_waiting_refusal", lambda *a, **k: (read(*a, **k) or frozenset()) - {1})
    refused = client.post(f"/t/{t}", data=data)
    assert refused.status_code == 409, refused.text[-400:]
    assert "Hand 1 at table" in refused.text and "is already recorded at station test station" in refused.text
    with db.session() as s:
        assert [h.points for h in T.table_score(s, event_id, 1, t).hands] == [1]  # the director's, alone
