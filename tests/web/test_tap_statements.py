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
        yield c, secrets


def _counted(db, call):
    from sqlalchemy import event as sa_event

    said: list[str] = []

    def on_sql(conn, cursor, statement, *args):
        said.append(" ".join(statement.split()))

    sa_event.listen(db.engine, "before_cursor_execute", on_sql)
    try:
        response = call()
    finally:
        sa_event.remove(db.engine, "before_cursor_execute", on_sql)
    assert response.status_code == 200, response.text[-400:]
    return response, said


@pytest.mark.postgres  # (both databases)
def test_a_save_and_an_agree_each_ask_few_statements(db, tapping):
    """A Save (the write, its stamps, its page) and an Agree, at a table of
    the second section, once a hand is in: each write in one savepoint
    (none opened again to read what it wrote), the table's code, the event,
    the phone settings and the key's answer in one statement per session,
    the night's names in one row, the guard's sections and their locks in
    one statement. The ceilings are this change's counts (a Save 32, an
    Agree 26 on PostgreSQL, one more each on SQLite, its BEGIN IMMEDIATE;
    41 and 34 on SQLite before)."""
    client, secrets = tapping
    t = sorted(secrets)[-1]
    page = client.get(f"/t/{t}?k={secrets[t]}").text
    for n in (1, 2):
        data = form_fields(page) | {"side": "NS", "makers": "NS", "tricks": "3", "alone": ""}
        saved, on_save = _counted(db, lambda: client.post(f"/t/{t}", data=data))
        assert f"Hand {n} saved" in saved.text
        agreed, on_agree = _counted(db, lambda: client.post(f"/t/{t}", data=form_fields(saved.text, 0)))
        assert "agreed to hand" in agreed.text
        page = agreed.text
    sqlite = db.is_sqlite
    for said, ceiling in ((on_save, 33 if sqlite else 32), (on_agree, 27 if sqlite else 26)):
        assert len(said) <= ceiling, "\n".join(said)
        assert sum(q.startswith("SAVEPOINT") for q in said) == 1, said
        assert not any(q.startswith("ROLLBACK TO SAVEPOINT") for q in said), said
        assert sum("FROM table_secret" in q for q in said) == 2, said  # the write's and its page's
        assert not any(q.startswith("SELECT phone_settings.") for q in said), said  # (with the table's code)
        assert not any(q.startswith("SELECT phone_action.answer") for q in said), said  # (the key's: the same)
        assert sum(q.startswith("SELECT") and " FROM section_lock" in q for q in said) == 0, said
