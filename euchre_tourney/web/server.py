"""The server in the app: uvicorn serving :func:`.app.create_app` on a
background thread, started and stopped by the window (or ``serve``).

Nothing here runs on the GUI thread but :meth:`PhoneServer.start` (which
only starts the thread) and :meth:`PhoneServer.stop` (which asks the
thread to finish and waits for it).
"""

from __future__ import annotations

import ipaddress
import socket
import threading
import time

import uvicorn

from euchre_tourney.tournament import Database
from euchre_tourney.web.app import RoomState, create_app


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses, loopback last (best guess for the
    room's network first). Never ``0.0.0.0``: listening on every interface
    is a choice the director makes by name."""
    found: set[str] = set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(info[4][0])
    except OSError:
        pass
    try:  # the address the default route leaves by (no packet is sent)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            found.add(s.getsockname()[0])
    except OSError:
        pass
    found.add("127.0.0.1")
    return sorted(found, key=lambda a: (ipaddress.ip_address(a).is_loopback, a))


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port free on ``host`` now (for tests and the benchmark)."""
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


class PhoneServer:
    """One event served on ``host:port`` from a background thread.

    ``url``: the address phones use. :meth:`start` returns once the socket
    listens (or raises ``OSError`` in words when it cannot, e.g. the port is
    taken); :meth:`stop` closes it."""

    def __init__(self, db: Database, event_id: int, host: str = "127.0.0.1", port: int = 8765) -> None:
        self.db, self.event_id, self.host, self.port = db, event_id, host, port
        self.state = RoomState()
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, timeout: float = 10.0) -> None:
        if self.running:
            return
        with socket.socket(socket.AF_INET6 if ":" in self.host else socket.AF_INET) as probe:
            try:
                probe.bind((self.host, self.port))
            except OSError as exc:
                raise OSError(f"Cannot listen on {self.host} port {self.port}: {exc.strerror or exc}. "
                              "Choose another port or address.") from exc
        app = create_app(self.db, self.event_id, state=self.state, base_url=self.url)
        config = uvicorn.Config(app, host=self.host, port=self.port, log_level="warning", access_log=False,
                                lifespan="off", timeout_keep_alive=5, limit_concurrency=400)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, name="phone-server", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._server.started:
            if not self._thread.is_alive():
                raise OSError(f"The server could not start on {self.host} port {self.port}.")
            if time.monotonic() > deadline:
                raise OSError("The server did not start in time.")
            time.sleep(0.02)

    def stop(self, timeout: float = 10.0) -> None:
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout)
        self._server = self._thread = None
