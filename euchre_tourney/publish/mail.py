"""Each member's night by e-mail: place, points by round, partners, the
top ten, a link to the published site; plain text and HTML, the member's
scorecard PDF attached; sent over the club's SMTP server (SSL or
STARTTLS, a login when it asks for one).

The password lives in the system's keyring (the ``keyring`` library: the
desktop's Secret Service, macOS Keychain, Windows Credential Locker),
never in the database, a file of the app's or the log.

A send records each message before it goes to the server and after
(``tournament.begin_mail`` / ``finish_mail``), so a send that stops
half-way (the laptop closed, the server refusing) resumes with the members
not yet mailed and never mails anyone twice. What the server says:

* it refuses one address (a 5xx reply to that recipient or that message):
  the member is listed as refused, the send goes on;
* it stops accepting messages (a 4xx reply, a closed connection before
  its answer to a message): the message in hand was not accepted, its
  record is removed, and the send stops with the server's words;
* the connection drops after the message went and before the server's
  answer: the member stays "may have been sent" (never resent without the
  director's word: ``tournament.forget_unsure_mail``).
"""

from __future__ import annotations

import html
import smtplib
import ssl
from collections.abc import Callable
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import formataddr, make_msgid

from euchre_tourney import tournament
from euchre_tourney.reports import write_scorecards, write_team_cards
from euchre_tourney.tournament import ClubSettingsView, MailMember, MailPlan, TeamEventView, TournamentError

KEYRING_SERVICE = "euchre-tourney mail server"
TIMEOUT = 30.0


def _keyring_user(club: ClubSettingsView) -> str:
    return f"{club.smtp_user or club.smtp_from}@{club.smtp_host}"


def smtp_password(club: ClubSettingsView) -> str:
    """The mail server's password from the system's keyring ("" when none
    is kept). :class:`TournamentError` when no keyring can be reached."""
    import keyring
    from keyring.errors import KeyringError

    try:
        return keyring.get_password(KEYRING_SERVICE, _keyring_user(club)) or ""
    except KeyringError as exc:
        raise TournamentError(f"The system's keyring could not be read ({exc}): the mail server's password is kept there.") from None


def set_smtp_password(club: ClubSettingsView, password: str) -> None:
    """Keep (or with "" remove) the mail server's password in the system's keyring."""
    import keyring
    from keyring.errors import KeyringError, PasswordDeleteError

    try:
        if password:
            keyring.set_password(KEYRING_SERVICE, _keyring_user(club), password)
        else:
            try:
                keyring.delete_password(KEYRING_SERVICE, _keyring_user(club))
            except PasswordDeleteError:
                pass
    except KeyringError as exc:
        raise TournamentError(f"The system's keyring could not keep the password ({exc}). "
                              "Install a keyring (GNOME Keyring, KWallet) or send from the command line.") from None


# ---------------------------------------------------------------- the message


def message_parts(plan: MailPlan, m: MailMember) -> tuple[str, str, str]:
    """(subject, plain text, HTML) of the member's e-mail."""
    club = plan.club.club_name or "Euchre club"
    ev = plan.event
    day = f"{ev.date:%A} {ev.date.day} {ev.date:%B %Y}"
    subject = f"{club}: your results from {ev.name} ({ev.date:%d %b %Y})"
    place = m.place_text if not m.place_text[-1:].isdigit() else f"{m.place_text} of {m.field_size}"
    rounds = [(rnd, what, partner) for rnd, what, partner in m.rounds if rnd]
    partners = {partner for _, _, partner in m.rounds if partner}
    one_partner = len(partners) == 1 and all(p for _, _, p in m.rounds)  # a team night: the same partner all night
    text = [f"Hello {m.name},", "", f"Your night at {ev.name}, {day}:", f"  Place: {place}",
            f"  Points: {m.points}"]
    if one_partner:
        text.append(f"  Partner: {next(iter(partners))}")
    text.append("")
    if rounds:
        text.append("Round by round:")
        for rnd, what, partner in rounds:
            text.append(f"  Round {rnd}: {what}" + (f", with {partner}" if partner and not one_partner else ""))
        text.append("")
    text.append("The top ten:")
    for p, name, score in plan.top_ten:
        text.append(f"  {p:>3}  {name}  {score}")
    text.append("")
    if plan.club.site_url:
        text += ["Every result is on the club's site:", f"  {plan.club.site_url}", ""]
    if m.scorecard is not None:
        text += ["Your scorecard is attached.", ""]
    text.append(f"— {club}")
    e = html.escape
    with_partner = any(p for _, _, p in rounds) and not one_partner
    rows = "".join(f"<tr><th scope=\"row\">{rnd}</th><td>{e(what)}</td>" + (f"<td>{e(partner)}</td>" if with_partner else "")
                   + "</tr>" for rnd, what, partner in rounds)
    mine = ' style="font-weight:bold;background:#fff4c2"'
    top = "".join(f"<tr{mine if n == m.name or m.name in n.split(' & ') else ''}><td style=\"text-align:right\">{e(p)}</td>"
                  f"<td>{e(n)}</td><td style=\"text-align:right\">{e(s)}</td></tr>" for p, n, s in plan.top_ten)
    cell = "padding:4px 10px;border-bottom:1px solid #ccc;text-align:left"
    link = (f"<p>Every result is on the club's site: <a href=\"{e(plan.club.site_url)}\">{e(plan.club.site_url)}</a></p>"
            if plan.club.site_url else "")
    round_table = (f'<table><caption>Round by round</caption><thead><tr><th scope="col">Round</th><th scope="col">Result</th>'
                   + ('<th scope="col">Partner</th>' if with_partner else "") + f"</tr></thead><tbody>{rows}</tbody></table>"
                   if rounds else "")
    partner_line = f"<p>Partner: <strong>{e(next(iter(partners)))}</strong></p>" if one_partner else ""
    attached = "<p>Your scorecard is attached.</p>" if m.scorecard is not None else ""
    body = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{e(subject)}</title>
<style>table{{border-collapse:collapse;margin:8px 0 16px}} th,td{{{cell}}} caption{{text-align:left;font-weight:bold;padding:4px 0}}</style></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;background:#fff;max-width:40em;margin:0 auto;padding:12px">
<p>Hello {e(m.name)},</p>
<p>Your night at <strong>{e(ev.name)}</strong>, {e(day)}:</p>
<p style="font-size:20px;margin:8px 0">Place <strong>{e(place)}</strong> · <strong>{m.points}</strong> points</p>
{partner_line}
{round_table}
<table><caption>The top ten</caption><thead><tr><th scope="col">Place</th><th scope="col">Name</th><th scope="col">{e(plan.top_word)}</th></tr></thead><tbody>{top}</tbody></table>
{link}
{attached}
<p>— {e(club)}</p>
</body></html>
"""
    return subject, "\n".join(text) + "\n", body


def compose_message(plan: MailPlan, m: MailMember, *, to: str | None = None, test: bool = False,
                    message_id: str | None = None, page_size: str = "letter") -> EmailMessage:
    """The member's e-mail, ready to send: plain text and HTML
    alternatives, the scorecard PDF attached when the night has one.
    ``to``: another address (the test to the director); ``test`` marks the
    subject."""
    subject, text, body = message_parts(plan, m)
    msg = EmailMessage()
    msg["Subject"] = ("[Test] " if test else "") + subject
    msg["From"] = formataddr((plan.club.club_name or "Euchre club", plan.club.smtp_from)) if plan.club.smtp_from else "euchre@localhost"
    msg["To"] = formataddr((m.name, to or m.address)) if not to else to
    msg["Message-ID"] = message_id or make_msgid("euchre-results", domain=_domain(plan.club.smtp_from))
    msg.set_content(text)
    msg.add_alternative(body, subtype="html")
    if m.scorecard is not None:
        import io

        buf = io.BytesIO()
        if isinstance(m.scorecard, TeamEventView):  # a team night: the team's own card
            write_team_cards(m.scorecard, buf, page_size=page_size)
        else:
            write_scorecards([m.scorecard], buf, page_size=page_size)
        safe = "".join(ch if ch.isalnum() else "-" for ch in m.name).strip("-") or "member"
        msg.add_attachment(buf.getvalue(), maintype="application", subtype="pdf", filename=f"scorecard-{safe}.pdf")
    return msg


def _domain(address: str) -> str:
    return address.rpartition("@")[2] or "localhost"


# ---------------------------------------------------------------- sending


@dataclass(frozen=True, slots=True)
class MailServer:
    """How to reach the club's server: from the club's settings and the
    keyring's password. ``connect()`` gives a logged-in :class:`smtplib.SMTP`."""

    host: str
    port: int
    security: str = "ssl"
    user: str = ""
    password: str = ""
    timeout: float = TIMEOUT
    context: ssl.SSLContext | None = None

    @classmethod
    def of(cls, club: ClubSettingsView, password: str | None = None, context: ssl.SSLContext | None = None) -> MailServer:
        if not club.mail_ready:
            raise TournamentError("Set the club's mail server and sender address first (the server, its port, the address the results come from).")
        if password is None:  # the keyring only for a server that wants a login
            password = smtp_password(club) if club.smtp_user else ""
        return cls(club.smtp_host, club.smtp_port, club.smtp_security, club.smtp_user, password, context=context)

    def connect(self) -> smtplib.SMTP:
        """A connection ready to send; :class:`TournamentError` in words
        when the server cannot be reached, refuses the login or the secure
        connection."""
        context = self.context or ssl.create_default_context()
        try:
            if self.security == "ssl":
                server: smtplib.SMTP = smtplib.SMTP_SSL(self.host, self.port, timeout=self.timeout, context=context)
            else:
                server = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
                if self.security == "starttls":
                    server.starttls(context=context)
            if self.user:
                server.login(self.user, self.password)
            return server
        except smtplib.SMTPAuthenticationError:
            raise TournamentError(f"The mail server {self.host} refused the login for {self.user}: check the user name and the password.") from None
        except smtplib.SMTPNotSupportedError as exc:
            raise TournamentError(f"The mail server {self.host} does not offer {('STARTTLS' if self.security == 'starttls' else 'a login')}: {_words(exc)}") from None
        except ssl.SSLError as exc:
            raise TournamentError(f"The secure connection to {self.host} failed ({exc.reason or exc}): check SSL or STARTTLS and the port.") from None
        except (OSError, smtplib.SMTPException) as exc:
            raise TournamentError(f"The mail server {self.host}:{self.port} could not be reached: {_words(exc)}.") from None


def _words(exc: BaseException) -> str:
    if isinstance(exc, smtplib.SMTPResponseException):
        text = exc.smtp_error.decode("utf-8", "replace") if isinstance(exc.smtp_error, bytes) else str(exc.smtp_error)
        return f"{exc.smtp_code} {text}".strip()
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return "; ".join(_words(smtplib.SMTPResponseException(c, m)) for c, m in exc.recipients.values())
    return str(exc) or type(exc).__name__


@dataclass
class SendReport:
    """What a send did: ``sent`` and ``refused`` (name, address, the
    server's words) this time; ``already`` (sent before), ``unsure`` (may
    have been sent: not sent again), ``without_address`` (names), and
    ``stopped``: the sentence why the send stopped before the end ("": it
    went through)."""

    sent: list[tuple[str, str]] = field(default_factory=list)
    refused: list[tuple[str, str, str]] = field(default_factory=list)
    already: list[str] = field(default_factory=list)
    unsure: list[str] = field(default_factory=list)
    without_address: list[str] = field(default_factory=list)
    stopped: str = ""

    @property
    def text(self) -> str:
        lines = [f"Sent {len(self.sent)} e-mail" + ("" if len(self.sent) == 1 else "s") + "."]
        if self.stopped:
            lines.append(self.stopped)
        if self.already:
            lines.append(f"Already sent before: {len(self.already)}.")
        if self.refused:
            lines.append("Refused by the server: " + "; ".join(f"{n} <{a}>: {w}" for n, a, w in self.refused) + ".")
        if self.unsure:
            lines.append("May have been sent when the send stopped (not sent again): " + ", ".join(self.unsure) + ".")
        if self.without_address:
            lines.append("No e-mail address on the roster: " + ", ".join(self.without_address) + ".")
        return "\n".join(lines)


def _plan(db, event_id: int) -> MailPlan:
    with db.session() as session:
        return tournament.mail_plan(session, event_id)


def send_results(db, event_id: int, server: MailServer, *, progress: Callable[[int, int, str], None] | None = None,
                 should_stop: Callable[[], bool] | None = None, page_size: str = "letter") -> SendReport:
    """Mail every member of the night who has an address and no record
    yet; returns the :class:`SendReport`. ``progress(done, total, name)``
    after each message; ``should_stop()`` is asked before each (the
    Cancel button): a stop leaves the rest for the next send.
    :class:`TournamentError` when the server cannot be reached at all."""
    plan = _plan(db, event_id)
    report = SendReport(already=[m.name for m in plan.with_state("sent")],
                        unsure=[m.name for m in plan.with_state("sending")],
                        without_address=[m.name for m in plan.without_address])
    report.refused = [(m.name, m.address, m.error) for m in plan.with_state("refused")]
    todo = plan.to_send
    if not todo:
        return report
    connection = server.connect()
    total = len(todo)
    try:
        for done, m in enumerate(todo):
            if should_stop is not None and should_stop():
                report.stopped = f"Stopped by you after {done} of {total}: send again to mail the rest."
                break
            message_id = make_msgid(f"results.{event_id}.{m.player_id}", domain=_domain(plan.club.smtp_from))
            msg = compose_message(plan, m, message_id=message_id, page_size=page_size)
            try:
                record, _ = tournament.operate(db, f"E-mail the results to {m.name}", tournament.begin_mail, event_id,
                                               m.player_id, m.address, message_id, event_id=event_id)
            except TournamentError:
                report.already.append(m.name)  # another send got there first
                continue
            try:
                connection.send_message(msg)
            except (smtplib.SMTPRecipientsRefused, smtplib.SMTPResponseException) as exc:
                words = _words(exc)
                codes = ([c for c, _ in exc.recipients.values()] if isinstance(exc, smtplib.SMTPRecipientsRefused)
                         else [exc.smtp_code])
                if min(codes) >= 500 and not isinstance(exc, smtplib.SMTPSenderRefused):
                    # this address (or this message) refused for good: listed, the send goes on
                    tournament.operate(db, "E-mail refused", tournament.finish_mail, record, "refused", words, event_id=event_id)
                    report.refused.append((m.name, m.address, words))
                    if progress is not None:
                        progress(done + 1, total, m.name)
                    continue
                # the server stopped accepting messages: this one was not taken
                tournament.operate(db, "E-mail not sent", tournament.forget_unsure_mail, event_id, {m.player_id}, event_id=event_id)
                report.stopped = (f"The mail server stopped accepting messages after {done} of {total} ({words}). "
                                  "Send again later to mail the rest: nobody gets a message twice.")
                break
            except (smtplib.SMTPServerDisconnected, OSError) as exc:
                report.unsure.append(m.name)
                report.stopped = (f"The connection to the mail server was lost after {done} of {total} ({_words(exc)}). "
                                  f"{m.name}'s message may have gone: it is not sent again unless you say so. "
                                  "Send again later to mail the rest.")
                break
            else:
                tournament.operate(db, "E-mail sent", tournament.finish_mail, record, "sent", event_id=event_id)
                report.sent.append((m.name, m.address))
            if progress is not None:
                progress(done + 1, total, m.name)
    finally:
        try:
            connection.quit()
        except (smtplib.SMTPException, OSError):
            pass
    return report


def send_test(db, event_id: int, server: MailServer, *, to: str | None = None, page_size: str = "letter") -> str:
    """Send the first member's message (marked as a test) to the club's
    own address (or ``to``), recording nothing; returns the address it
    went to. :class:`TournamentError` in words when it cannot."""
    plan = _plan(db, event_id)
    if not plan.members:
        raise TournamentError("Nobody played this night: there is no message to test.")
    member = next((m for m in plan.members if m.address), plan.members[0])
    to = to or plan.club.smtp_from
    msg = compose_message(plan, member, to=to, test=True, page_size=page_size)
    connection = server.connect()
    try:
        connection.send_message(msg)
    except (smtplib.SMTPException, OSError) as exc:
        raise TournamentError(f"The mail server did not take the test message: {_words(exc)}.") from None
    finally:
        try:
            connection.quit()
        except (smtplib.SMTPException, OSError):
            pass
    return to
