"""The results e-mails (issue 31 item 3) against local SMTP servers
(aiosmtpd): each member's message read back and compared with the
standings; a server that fails half-way and a send that resumes without
mailing anyone twice; a server that requires STARTTLS and a login; the
password in the keyring, never in the database or the log."""

from __future__ import annotations

import logging
import ssl

import pytest

from euchre_tourney import publish as P
from euchre_tourney import tournament as T

from tests.publish.conftest import Inbox

PASSWORD = "s3cret-Pa55word"


def _club(db, host, port, security="none", user=""):
    T.operate(db, "club", T.set_club_settings, club_name="Maple Club", site_url="https://example.org/euchre/",
              smtp_host=host, smtp_port=port, smtp_security=security, smtp_user=user, smtp_from="club@example.org")
    with db.session() as s:
        return T.club_settings(s)


def _standings(db, event_id):
    with db.session() as s:
        return T.standings(s, event_id)


def test_each_member_gets_their_night_and_the_refused_and_unaddressed_are_listed(db, scored_night, smtp_server, memory_keyring):
    event_id, ids = scored_night
    inbox = Inbox()
    host, port = smtp_server(inbox)
    club = _club(db, host, port)
    report = P.send_results(db, event_id, P.MailServer.of(club, password=""))
    st = _standings(db, event_id)
    # every member with a good address, once each; Dee refused; 王小明 and Gus have no usable address
    got = {to[0]: msg for to, msg in inbox.parsed()}
    assert set(got) == {"ann@example.org", "bob@example.org", "dana@example.org", "eve@example.org", "fay@example.org"}
    assert [n for n, _, _ in report.refused] == ["Dee"] and "550" in report.refused[0][2]
    assert sorted(report.without_address) == sorted(["王小明", "Gus"])
    assert len(report.sent) == 5 and not report.stopped
    by_name = {r.name: r for r in st.rows}
    for to, msg in inbox.parsed():
        text = msg.get_body(("plain",)).get_content()
        html = msg.get_body(("html",)).get_content()
        name = next(n for n, a in [(r.name, None) for r in st.rows] if f"Hello {n}," in text)
        row = by_name[name]
        place = f"={row.place}" if row.tied else str(row.place)
        assert f"Place: {place} of 8" in text and f"Points: {row.points}" in text
        for rnd, pts in enumerate(row.round_points, 1):
            assert f"Round {rnd}: {pts} point" in text
        top = st.rows[:10]
        for r in top:
            assert r.name in text
        assert "https://example.org/euchre/" in text and 'href="https://example.org/euchre/"' in html
        # the name escaped in the HTML part, never as markup
        assert "<b>Lee</b>" not in html
        if "Ann" in name:
            assert "Ann &lt;b&gt;Lee&lt;/b&gt; &amp; co" in html
        attachments = list(msg.iter_attachments())
        assert len(attachments) == 1 and attachments[0].get_content_type() == "application/pdf"
        assert attachments[0].get_content()[:5] == b"%PDF-"
    # a second send mails nobody again
    again = P.send_results(db, event_id, P.MailServer.of(club, password=""))
    assert len(inbox.messages) == 5 and not again.sent and len(again.already) == 5


def test_a_server_failing_half_way_then_a_resumed_send_mails_nobody_twice(db, scored_night, smtp_server, memory_keyring):
    event_id, _ = scored_night
    inbox = Inbox(fail_after=2)
    host, port = smtp_server(inbox)
    club = _club(db, host, port)
    first = P.send_results(db, event_id, P.MailServer.of(club, password=""))
    assert len(first.sent) == 2 and len(inbox.messages) == 2
    assert "stopped accepting" in first.stopped and "451" in first.stopped
    with db.session() as s:
        plan = T.mail_plan(s, event_id)
    assert len(plan.with_state("sent")) == 2 and not plan.with_state("sending")
    inbox.fail_after = None  # the server takes messages again
    second = P.send_results(db, event_id, P.MailServer.of(club, password=""))
    addresses = [to[0] for to, _ in inbox.messages]
    assert len(addresses) == len(set(addresses)) == 5, addresses
    assert len(second.sent) == 3 and len(second.already) == 2 and not second.stopped


def test_a_message_that_may_have_gone_is_not_sent_again_without_the_directors_word(db, scored_night, smtp_server, memory_keyring):
    event_id, ids = scored_night
    inbox = Inbox()
    host, port = smtp_server(inbox)
    club = _club(db, host, port)
    # the laptop closed between the server's answer and the record: Bob's row stays "sending"
    T.operate(db, "mail", T.begin_mail, event_id, ids[1], "bob@example.org", "<x@example.org>")
    report = P.send_results(db, event_id, P.MailServer.of(club, password=""))
    assert "Bob" in report.unsure and "bob@example.org" not in [to[0] for to, _ in inbox.messages]
    T.operate(db, "resend", T.forget_unsure_mail, event_id, {ids[1]})
    P.send_results(db, event_id, P.MailServer.of(club, password=""))
    assert [to[0] for to, _ in inbox.messages].count("bob@example.org") == 1


def test_starttls_and_login_with_the_password_from_the_keyring(db, scored_night, smtp_server, memory_keyring, certificate,
                                                             caplog, tmp_path):
    from aiosmtpd.smtp import AuthResult, LoginPassword

    event_id, _ = scored_night
    cert, key = certificate
    server_tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_tls.load_cert_chain(cert, key)
    inbox = Inbox()

    def authenticator(server, session, envelope, mechanism, auth_data):
        ok = isinstance(auth_data, LoginPassword) and auth_data.login == b"director" and auth_data.password == PASSWORD.encode()
        if ok:
            inbox.logins.append(auth_data.login.decode())
        return AuthResult(success=ok, handled=False)

    host, port = smtp_server(inbox, tls_context=server_tls, require_starttls=True, authenticator=authenticator,
                             auth_required=True)
    caplog.set_level(logging.DEBUG)
    club = _club(db, host, port, security="starttls", user="director")
    P.set_smtp_password(club, PASSWORD)
    client_tls = ssl.create_default_context(cafile=str(cert))
    server = P.MailServer.of(club, context=client_tls)
    assert server.password == PASSWORD  # from the keyring
    to = P.send_test(db, event_id, server)
    assert to == "club@example.org" and inbox.logins == ["director"]
    test_msg = inbox.parsed()[0][1]
    assert test_msg["Subject"].startswith("[Test] ") and inbox.messages[0][0] == ["club@example.org"]
    report = P.send_results(db, event_id, server)
    assert len(report.sent) == 5
    # a wrong password: refused in words, nothing recorded
    bad = P.MailServer.of(club, password="wrong", context=client_tls)
    with pytest.raises(T.TournamentError, match="refused the login"):
        bad.connect()
    # without STARTTLS the server refuses to go on: said in words
    plain = P.MailServer(host, port, "none", "director", PASSWORD)
    with pytest.raises(T.TournamentError):
        P.send_test(db, event_id, plain)
    # the password is in no row of the database and in no log line
    ours = [r.getMessage() for r in caplog.records if not r.name.startswith("mail.log")]  # not the test server's own log
    assert ours is not None and not any(PASSWORD in line for line in ours)
    if db.path:
        for f in db.path.parent.glob(db.path.name + "*"):
            assert PASSWORD.encode() not in f.read_bytes()
    with db.session() as s:
        assert PASSWORD not in repr(T.club_settings(s))


def test_implicit_ssl(db, scored_night, smtp_server, memory_keyring, certificate):
    cert, key = certificate
    server_tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_tls.load_cert_chain(cert, key)
    inbox = Inbox()
    host, port = smtp_server(inbox, ssl_context=server_tls)
    club = _club(db, host, port, security="ssl")
    P.send_test(db, scored_night[0], P.MailServer.of(club, password="", context=ssl.create_default_context(cafile=str(cert))))
    assert len(inbox.messages) == 1


def test_settings_in_words_and_nothing_saved_on_a_bad_value(db):
    for bad, words in [({"smtp_port": 0}, "port"), ({"smtp_security": "tls9"}, "STARTTLS"),
                       ({"smtp_from": "club at home"}, "not an e-mail address"), ({"site_url": "example.org"}, "https://")]:
        with pytest.raises(T.TournamentError, match=words):
            T.operate(db, "club", T.set_club_settings, **bad)
    with db.session() as s:
        assert T.club_settings(s) == T.ClubSettingsView()
    with pytest.raises(T.TournamentError, match="mail server"):
        P.MailServer.of(T.ClubSettingsView())


def test_the_command_line_asks_first_unless_yes(db, db_url, scored_night, smtp_server, memory_keyring, capsys, monkeypatch):
    from euchre_tourney.cli import main

    event_id, _ = scored_night
    inbox = Inbox()
    host, port = smtp_server(inbox)
    _club(db, host, port)
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    assert main(["--database", db_url, "mail-results", str(event_id)]) == 2
    assert "asks before sending" in capsys.readouterr().err and not inbox.messages
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt: "n")
    assert main(["--database", db_url, "mail-results", str(event_id)]) == 0
    assert "nothing sent" in capsys.readouterr().out and not inbox.messages
    assert main(["--database", db_url, "mail-results", str(event_id), "--test"]) == 0
    assert [to for to, _ in inbox.messages] == [["club@example.org"]]
    assert main(["--database", db_url, "mail-results", str(event_id), "--yes"]) == 0
    out = capsys.readouterr().out
    assert "Sent 5 e-mails." in out and "Dee <dee@refused.example>" in out and "王小明" in out
    assert len(inbox.messages) == 6


def test_a_team_nights_message_names_the_partner_and_each_game(tmp_path):
    from tests.cli.club_files import make_club

    club = make_club(tmp_path / "club.sqlite")
    db = T.open_database(tmp_path / "club.sqlite")
    try:
        with db.session() as s:
            plan = T.mail_plan(s, club.team)
            standings = T.team_standings(s, club.team)
    finally:
        db.dispose()
    assert plan.top_word == "Won–lost" and len(plan.members) == 8
    for row in standings.rows:
        for name in row.players:
            m = next(m for m in plan.members if m.name == name)
            partner = next(p for p in row.players if p != name)
            subject, text, html = P.message_parts(plan, m)
            assert f"Partner: {partner}" in text and f"Place: {row.place} of 4" in text
            assert f"Points: {row.points_for}" in text
            for rnd, result in enumerate(row.round_results, 1):
                assert f"Round {rnd}: {result}" in text
            assert "Your scorecard is attached." in text
            msg = P.compose_message(plan, m)
            (pdf,) = [part.get_content() for part in msg.iter_attachments()]
            from io import BytesIO

            from pypdf import PdfReader

            card = " ".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)
            assert card.startswith(f"Team {row.number} {row.name}") and card.count("Game to 10") == 1  # its own card alone
