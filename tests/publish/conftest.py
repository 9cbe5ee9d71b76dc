"""Fixtures for what leaves the laptop (issue 31): a scored night with
members' addresses, a keyring kept in memory, local SMTP servers."""

from __future__ import annotations

import datetime
import shutil
import socket
import subprocess
from pathlib import Path

import pytest

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Seat, Side

NAMES = [
    ("Ann <b>Lee</b> & co", "ann@example.org"),
    ("Bob", "bob@example.org"),
    ("עברית שם", "dana@example.org"),
    ("王小明", ""),  # no address on the roster
    ("Dee", "dee@refused.example"),  # the server refuses this address
    ("Eve", "eve@example.org"),
    ("Fay", "fay@example.org"),
    ("Gus", "not an address"),
]


@pytest.fixture
def scored_night(db):
    """8 members, 2 rounds of 2 hands, every hand in; returns (event id, player ids)."""
    with db.session() as s:
        ids = [T.add_player(s, name, email).id for name, email in NAMES]
        ev = T.create_event(s, "Club night", datetime.date(2026, 3, 4), rounds=2, hands_per_round=2)
        T.set_checked_in(s, ev.id, ids)
        T.generate_rotation(s, ev.id, seed=7)
        for rnd in (1, 2):
            for table in (1, 2):
                T.record_hand(s, ev.id, rnd, table, 1, HandEntry(Side.NS, 3 + (table + rnd) % 3))
                T.record_hand(s, ev.id, rnd, table, 2, HandEntry(Side.EW, 5, alone_seat=Seat.EAST if table == 1 else None))
    return ev.id, ids


def MemoryKeyring():  # noqa: N802  (a class made on first use: keyring is a test extra)
    """A keyring backend in memory (the tests never touch the system's)."""
    from keyring.backend import KeyringBackend
    from keyring.errors import PasswordDeleteError

    class _Memory(KeyringBackend):
        priority = 1

        def __init__(self):
            super().__init__()
            self.kept: dict[tuple[str, str], str] = {}

        def get_password(self, service, username):
            return self.kept.get((service, username))

        def set_password(self, service, username, password):
            self.kept[(service, username)] = password

        def delete_password(self, service, username):
            if self.kept.pop((service, username), None) is None:
                raise PasswordDeleteError("no such password")

    return _Memory()


@pytest.fixture
def memory_keyring():
    keyring = pytest.importorskip("keyring", reason="the e-mail tests need keyring (pip install -e '.[test]')")
    before = keyring.get_keyring()
    kept = MemoryKeyring()
    keyring.set_keyring(kept)
    yield kept
    keyring.set_keyring(before)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Inbox:
    """An aiosmtpd handler keeping what it accepts; refuses addresses at
    refused.example (550), and after ``fail_after`` messages answers 451."""

    def __init__(self, fail_after: int | None = None) -> None:
        self.messages: list[tuple[list[str], bytes]] = []
        self.fail_after = fail_after
        self.logins: list[str] = []

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.endswith("@refused.example"):
            return "550 5.1.1 No such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.fail_after is not None and len(self.messages) >= self.fail_after:
            return "451 4.3.0 Too many messages, try again later"
        self.messages.append((list(envelope.rcpt_tos), envelope.content))
        return "250 Message accepted for delivery"

    def parsed(self):
        from email import message_from_bytes, policy

        return [(to, message_from_bytes(raw, policy=policy.default)) for to, raw in self.messages]


@pytest.fixture
def smtp_server():
    """Start a local SMTP server: ``smtp_server(handler, **controller kwargs)`` → (host, port)."""
    pytest.importorskip("aiosmtpd", reason="the e-mail tests need aiosmtpd (pip install -e '.[test]')")
    from aiosmtpd.controller import Controller

    started = []

    def start(handler, **kwargs):
        port = free_port()
        controller = Controller(handler, hostname="127.0.0.1", port=port, **kwargs)
        controller.start()
        started.append(controller)
        return "127.0.0.1", port

    yield start
    for c in started:
        c.stop()


@pytest.fixture(scope="session")
def certificate(tmp_path_factory) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 (cert, key), made with openssl."""
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("the STARTTLS test needs openssl to make a certificate")
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
                   check=True, capture_output=True)
    return cert, key
