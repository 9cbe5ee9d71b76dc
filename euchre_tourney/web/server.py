"""The server: uvicorn serving :func:`.app.create_app`, started and stopped
by the window (or ``serve``).

Why a process of its own (the window's choice): serving is Python work --
a page costs a few milliseconds of interpreter time, and a room of phones
asks for hundreds a minute. In a thread of the window's process that work
takes turns with the window under one interpreter lock, and the window
stalled for seconds under a full room (the benchmark,
``tests/benchmarks/bench_phones.py``). In its own process it runs beside
the window on another core. The two share only the database (each opens
its own connections: SQLite's file locking or PostgreSQL serialise the
writes, as between two scoring stations) and a pipe:

* server → window: ``("started",)`` once listening, ``("changed",)`` after
  every write committed (the window redraws at once instead of at its next
  station poll), ``("seen", {table: seconds ago})`` when the connected
  phones change;
* window → server: ``("timer", text)`` (the round timer the pages show),
  ``("stop",)``. The server also stops when the pipe closes (the window's
  process ended).

``serve`` (no window) runs the server on a thread of its own process
(``separate_process=False``), as does an in-memory database, which another
process cannot open.

Nothing here runs on the GUI thread but :meth:`PhoneServer.start` and
:meth:`PhoneServer.stop`, which the window calls on its thread pool.
"""

from __future__ import annotations

import ipaddress
import logging
import multiprocessing
import os
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

from euchre_tourney.tournament import Database
from euchre_tourney.web.app import Limits, RoomState, create_app
from euchre_tourney.web.follow import Capacity, raise_open_files

log = logging.getLogger("euchre_tourney.web")

COLLECTOR = (20_000, 50, 50)
"""The garbage collector's thresholds in a process that only serves
(``gc.set_threshold``: allocations before a young collection, young
collections before a middle one, middle before a full one). Python's
default (700, 10, 10) ran a collection every few hundred objects made, and
the standings of 2,000 players make tens of thousands after every change:
a quarter of the room's read model went to scanning a heap of mostly
long-lived objects (the room's read model at 500 tables: 77 -> 57 CPU ms).
The serving code makes few reference cycles; those are still collected,
less often."""


def serving_collector() -> None:
    """Set this process's garbage collector for serving (:data:`COLLECTOR`),
    and move what start-up made (modules, templates, the database's
    metadata) out of its scans (``gc.freeze``). For a process that only
    serves: ``serve`` and the window's server process, not the window."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR)


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


def _reuse_address(sock: socket.socket) -> None:
    """Let ``sock`` bind a port whose last connections are still in
    TIME_WAIT (a server stopped a moment ago), as the server's own socket
    does (asyncio's ``create_server`` sets ``SO_REUSEADDR`` on POSIX): a
    restart on the same port works at once. A port another socket listens
    on is still refused. Not on Windows, where the option lets a second
    server take a port in use."""
    if os.name != "nt":
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)


def _uvicorn_server(app, host: str, port: int, capacity: Capacity | None = None):
    """uvicorn for ``app``, its limits from the room (:class:`~.follow.Capacity`):
    the connections it takes and the listen backlog above what the app
    itself refuses in words, and this process's open files raised to match.
    Streams (server-sent events) are given 2 s to end when it stops."""
    import uvicorn

    capacity = capacity or Capacity()
    raise_open_files(capacity.files)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False,
                            lifespan="off", timeout_keep_alive=5, limit_concurrency=capacity.connections,
                            backlog=capacity.backlog, timeout_graceful_shutdown=2,
                            server_header=False, proxy_headers=False)  # no "server: uvicorn"; X-Forwarded-For not trusted
    return uvicorn.Server(config)


class _Pipe:
    """One end of the pipe between the window and the server process: sends
    from any thread, one at a time; a closed pipe (the other side gone)
    swallows what is sent."""

    def __init__(self, conn) -> None:
        self.conn = conn
        self._lock = threading.Lock()

    def send(self, message: tuple) -> None:
        with self._lock:
            if self.conn is None:
                return
            try:
                self.conn.send(message)
            except (OSError, EOFError, ValueError):
                pass

    def close(self) -> None:
        with self._lock:
            if self.conn is not None:
                self.conn.close()
            self.conn = None


class _RoomMirror:
    """The window's view of a server process's :class:`~.app.RoomState`:
    the phones connected (as the server last reported them) and the round
    timer's text (sent to the server when set)."""

    def __init__(self, send: Callable[[tuple], None]) -> None:
        self._send = send
        self._timer_text = ""
        self._seen: dict[int, float] = {}
        self._seen_at = time.monotonic()
        self._lock = threading.Lock()

    @property
    def timer_text(self) -> str:
        return self._timer_text

    @timer_text.setter
    def timer_text(self, text: str) -> None:
        if text != self._timer_text:
            self._timer_text = text
            self._send(("timer", text))

    def connected(self, within: float = 90.0) -> dict[int, float]:
        """Tables whose phone asked something in the last ``within`` s: table → seconds ago."""
        with self._lock:
            late = time.monotonic() - self._seen_at
            return {t: ago + late for t, ago in self._seen.items() if ago + late <= within}

    def _report(self, seen: dict[int, float]) -> None:
        with self._lock:
            self._seen, self._seen_at = dict(seen), time.monotonic()


class PhoneServer:
    """One event served on ``host:port``.

    ``url``: the address phones use. :meth:`start` returns once the socket
    listens (or raises ``OSError`` in words when it cannot, e.g. the port is
    taken); :meth:`stop` closes it. ``limits``: the request rates allowed
    (default :class:`~.app.Limits`). ``separate_process``: serve from a
    process of its own (see the module; an in-memory database is always
    served from a thread). :meth:`when_changed` registers a function called
    (on a background thread, with no argument) after each write the server
    commits. ``state``: the room as the window sees it (``timer_text`` to
    set, ``connected()`` to read). ``capacity``: the connections it takes
    (:class:`~.follow.Capacity`, e.g. ``Capacity.for_room(players)``).
    ``public_url``: the address the QR codes carry when it is not
    ``http://host:port`` (a server listening on every network)."""

    def __init__(self, db: Database, event_id: int, host: str = "127.0.0.1", port: int = 8765, *,
                 limits: Limits | None = None, separate_process: bool = True, capacity: Capacity | None = None,
                 public_url: str | None = None) -> None:
        self.db, self.event_id, self.host, self.port = db, event_id, host, port
        self.limits = limits or Limits()
        self.capacity = capacity or Capacity()
        self.public_url = public_url.rstrip("/") if public_url else None
        self.separate_process = separate_process and not (db.is_sqlite and db.path is None)
        self._listeners: list[Callable[[], None]] = []
        self._server: Any = None
        self._thread: threading.Thread | None = None
        self._process: Any = None
        self._pipe = _Pipe(None)
        self._started = threading.Event()
        self._failed: str | None = None
        if self.separate_process:
            self.state: RoomState | _RoomMirror = _RoomMirror(self._send)
        else:
            self.state = RoomState(limits=self.limits)

    @property
    def url(self) -> str:
        if self.public_url:
            return self.public_url
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    @property
    def running(self) -> bool:
        if self._process is not None:
            return self._process.is_alive() and self._started.is_set()
        return self._thread is not None and self._thread.is_alive()

    def when_changed(self, listener: Callable[[], None]) -> None:
        """Call ``listener()`` (on a background thread) after each write the server commits."""
        self._listeners.append(listener)

    def _changed(self) -> None:
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:  # noqa: BLE001 - a listener's fault must not stop the server
                log.exception("a change listener failed")

    def start(self, timeout: float = 30.0) -> None:
        if self.running:
            return
        with socket.socket(socket.AF_INET6 if ":" in self.host else socket.AF_INET) as probe:
            try:
                _reuse_address(probe)  # as uvicorn's own socket: a restart gets the port back at once
                probe.bind((self.host, self.port))
            except OSError as exc:
                raise OSError(f"Cannot listen on {self.host} port {self.port}: {exc.strerror or exc}. "
                              "Choose another port or address.") from exc
        if self.separate_process:
            self._start_process(timeout)
        else:
            self._start_thread(timeout)

    def _start_thread(self, timeout: float) -> None:
        app = create_app(self.db, self.event_id, state=self.state, base_url=self.url, on_write=self._changed,
                         capacity=self.capacity)
        self._server = _uvicorn_server(app, self.host, self.port, self.capacity)
        self._thread = threading.Thread(target=self._server.run, name="phone-server", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._server.started:
            if not self._thread.is_alive():
                raise OSError(f"The server could not start on {self.host} port {self.port}.")
            if time.monotonic() > deadline:
                raise OSError("The server did not start in time.")
            time.sleep(0.02)

    def _start_process(self, timeout: float) -> None:
        ctx = multiprocessing.get_context("spawn")  # a fresh interpreter: nothing of the window's (Qt) is copied
        conn, child_conn = ctx.Pipe()
        self._pipe = _Pipe(conn)
        spec = {"url": self.db.url, "station": self.db.station, "event_id": self.event_id, "host": self.host,
                "port": self.port, "base_url": self.url, "limits": self.limits, "capacity": self.capacity}
        self._started.clear()
        self._failed = None
        self._process = ctx.Process(target=serve_in_child, args=(spec, child_conn), name="phone-server", daemon=True)
        self._process.start()
        child_conn.close()
        self._thread = threading.Thread(target=self._listen, args=(conn,), name="phone-server-pipe", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._started.wait(0.05):
            if self._failed is not None or not self._process.is_alive():
                self.stop()
                raise OSError(self._failed or f"The server could not start on {self.host} port {self.port}.")
            if time.monotonic() > deadline:
                self.stop()
                raise OSError("The server did not start in time.")

    def _listen(self, conn) -> None:
        """The pipe from the server process (a thread of the window's process)."""
        while True:
            try:
                message = conn.recv()
            except (EOFError, OSError):
                return
            kind = message[0]
            if kind == "changed":
                self._changed()
            elif kind == "seen":
                state = self.state
                if isinstance(state, _RoomMirror):
                    state._report(message[1])  # noqa: SLF001
            elif kind == "started":
                self._started.set()
            elif kind == "failed":
                self._failed = message[1]

    def _send(self, message: tuple) -> None:
        self._pipe.send(message)

    def wait(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds for the server to end (``serve`` waits for Ctrl+C so)."""
        if self._process is not None:
            self._process.join(timeout)
        elif self._thread is not None:
            self._thread.join(timeout)

    def stop(self, timeout: float = 10.0) -> None:
        if self._process is not None:
            self._send(("stop",))
            self._process.join(timeout)
            if self._process.is_alive():
                self._process.terminate()
                self._process.join(timeout)
            self._pipe.close()
            if self._thread is not None:
                self._thread.join(timeout)
            self._process = self._thread = None
            self._started.clear()
            return
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout)
        self._server = self._thread = None


def serve_in_child(spec: dict, conn) -> None:
    """The server process's body (see the module): open the database, serve
    until told to stop or the pipe closes. A failure to start is sent as
    ``("failed", sentence)``."""
    send = _Pipe(conn).send
    try:
        db = Database(spec["url"], station=spec["station"])  # opened (and migrated) by the window already
        room = RoomState(limits=spec["limits"])
        app = create_app(db, spec["event_id"], state=room, base_url=spec["base_url"],
                         on_write=lambda: send(("changed",)), capacity=spec["capacity"])
        server = _uvicorn_server(app, spec["host"], spec["port"], spec["capacity"])
        serving_collector()
    except Exception as exc:  # noqa: BLE001 - said to the window in one sentence
        send(("failed", f"The server could not start: {exc}"))
        return

    def listen() -> None:
        while True:
            try:
                message = conn.recv()
            except (EOFError, OSError):
                break
            if message[0] == "timer":
                room.timer_text = message[1]
            elif message[0] == "stop":
                break
        server.should_exit = True

    def report() -> None:
        """Say once listening; then the connected phones, when they change (checked four times a second)."""
        while not server.started and not server.should_exit:
            time.sleep(0.02)
        if server.started:
            send(("started",))
        last: dict[int, int] = {}
        while not server.should_exit:
            now = room.connected()
            rounded = {t: int(ago) for t, ago in now.items()}
            if set(rounded) != set(last) or any(rounded[t] < last.get(t, 0) for t in rounded):
                send(("seen", now))
            last = rounded
            time.sleep(0.25)

    threading.Thread(target=listen, name="pipe", daemon=True).start()
    threading.Thread(target=report, name="report", daemon=True).start()
    try:
        server.run()
    finally:
        db.dispose()
