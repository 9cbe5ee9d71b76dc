"""Followers that cost nothing (issue 30 item 4): how the room's phones
learn of changes, and what a server takes before it says "busy".

* **Server-sent events** (``/events``; a table's page ``/events?t=N``). One
  connection per open page, held open; the server writes a line when what
  that page shows may have changed, and nothing else (a comment every
  :data:`HEARTBEAT_S` so that a dead connection is found). An idle phone
  costs no request at all. The page's script (``static/app.js``) then
  fetches itself again with ``If-None-Match``; a page that did not change
  is answered ``304`` with no body (:class:`Revalidation`). Without
  ``EventSource``, or when the stream is refused for load, the script falls
  back to asking ``/stamp`` (slowly, then the stream again).
* **One read per change, per server.** :class:`Hub` reads the event's
  stamps (:func:`~euchre_tourney.tournament.phone_stamps`) from the
  *database* every :data:`WATCH_S` seconds while anyone follows, and at once
  after a write of its own: several ``serve`` processes on one PostgreSQL
  each see the others' hands within that time. A table's page is woken only
  when its own table's stamp moves; the players' pages only when their
  read model changed (a digest of the standings, the round being played:
  a hand of a table not yet in changes nothing there): the standings'
  and projector's pages (``/events?board=1``) at most every
  :data:`BOARD_EVERY_S`, a player's own page at most every
  :data:`FOLLOW_MIN_S` (the room's changes meanwhile gathered into one
  waking; longer as more phones follow one server, so that one change
  never asks for more than :data:`FOLLOW_RATE` pages a second). What
  they fetch then is drawn once per change for the whole server and kept
  with its ETag (``app.kept_page``): a phone whose page did not change is
  answered 304 with no work, any other with the kept bytes.
* **The room's size sets the limits** (:class:`Capacity`): the streams a
  server holds, the room's requests it works on at once (more are answered
  at once with a page that says so and tries again by itself,
  :data:`BUSY_PAGE`), and uvicorn's connection limit and backlog above
  both, so that uvicorn's own bare "503" is never what a phone sees. A
  table's requests never wait behind the room: they are not counted.

Why server-sent events and not WebSockets: one direction is all that is
needed, they pass any proxy as plain HTTP, browsers reconnect by
themselves (``retry:``), and Starlette streams them with no dependency.
Why polling the database (one statement of four indexed subqueries) and not PostgreSQL's
``LISTEN/NOTIFY``: the same code serves SQLite, a server restarted misses
nothing, and a few reads a second per server are nothing to the database.
"""

from __future__ import annotations

import asyncio
import hashlib
import math
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

WATCH_S = 0.25
"""How often a server reads the event's stamps while phones follow (s)."""

HEARTBEAT_S = 25.0
"""A stream's comment line this often (s): finds dead connections (a phone gone to sleep)."""

FOLLOW_RATE = 1000.0
"""The players' pages one change may ask a server for, per second: with
more followers, they are woken less often (see :meth:`Hub.follow_every`).
A page asked again is cheap (drawn once per change for the whole server,
its bytes kept, 304 when unchanged): this bounds the requests, not the work."""

FOLLOW_MIN_S = 2.0
"""A player's own page is woken at most this often (s), however few follow:
the changes of a whole room (a table in every second or two) are gathered
into one waking; the standings pages (:data:`BOARD`) follow at
:data:`BOARD_EVERY_S`."""

BOARD_EVERY_S = 0.5
"""The standings' and projector's pages (:data:`BOARD`) are woken at most
this often (s): the room's result shows there within about this long."""

SPREAD_STEP_S = 0.05
"""A large group of pages is woken in steps this far apart (s), :data:`FOLLOW_RATE` a second."""

RETRY_MS = 3000
"""The ``retry:`` a stream gives the browser: how soon it reconnects after losing the server (ms)."""


@dataclass(frozen=True)
class Capacity:
    """What one server takes at once. ``streams``: open pages following
    (server-sent events); ``busy``: the room's requests worked on at once
    (players' pages, standings; a table's never counted) -- one more is
    answered with :data:`BUSY_PAGE` at once. :attr:`connections` and
    :attr:`backlog` are uvicorn's ``limit_concurrency`` and the socket's
    listen backlog. Made from the room by :meth:`for_room`."""

    streams: int = 500
    busy: int = 64

    @classmethod
    def for_room(cls, players: int, tables: int | None = None) -> "Capacity":
        """For a room of ``players`` at ``tables`` (a quarter of them when not
        given): every player's phone following and both phones of every
        table on *this* server (the public pages are served by any server,
        and a section's phones may be moved to it), a quarter more for
        projectors and reloads."""
        players = max(0, int(players))
        tables = (players + 3) // 4 if tables is None else max(0, int(tables))
        phones = players + 2 * tables
        return cls(streams=max(100, math.ceil(phones * 1.25)), busy=max(64, min(512, phones // 4)))

    @property
    def connections(self) -> int:
        """uvicorn's ``limit_concurrency``: each following page's stream and
        its own page's connection, the room's requests at work, and some
        room beside: uvicorn refuses beyond it with a bare 503."""
        return 2 * self.streams + self.busy + 64

    @property
    def backlog(self) -> int:
        """The listen backlog: a whole room arriving at once waits in the kernel, not refused."""
        return max(2048, self.connections)

    @property
    def files(self) -> int:
        """Open files the server needs (a socket per connection, the database's, the package's)."""
        return self.connections + 256


def raise_open_files(wanted: int) -> int:
    """Raise this process's soft limit of open files towards ``wanted``
    (never above the hard limit; Linux's default soft limit, 1024, is one
    room of 500 phones). Returns the limit now in force (0: unknown, e.g.
    Windows)."""
    try:
        import resource
    except ImportError:
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        new = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
            soft = new
        except (ValueError, OSError):
            pass
    return soft


class _Follower:
    __slots__ = ("kind", "woken")

    def __init__(self, kind: int | str) -> None:
        self.kind = kind
        self.woken = asyncio.Event()


ROOM, BOARD, ALL, PAGE = "room", "board", "all", "page"
"""The streams besides a table's (``/events?t=N``): ``ROOM`` (``/events``),
the players' own pages, woken when what they show changed (the room's read
model), at most every :meth:`Hub.follow_every`; ``BOARD``
(``/events?board=1``), the standings' and projector's pages (overall or a
section's), woken by the same changes at most every
:data:`BOARD_EVERY_S`; ``ALL`` (``/events?all=1``), the director's page,
woken by any change of the event; ``(PAGE, key)`` (``/events?p=N``,
``/events?home=1``), a page that shows one part of the room (a player's
own page, the home page), woken only when its own stamp (a digest of what
it shows, ``pages()``) changes, at most every :meth:`Hub.follow_every`."""


class Hub:
    """The server's followers and the stamps they follow (see the module).

    ``read()`` returns the event's :class:`~euchre_tourney.tournament.PhoneStamps`
    read from the database; ``room()`` returns ``(made_at, value)``: the
    players' pages' stamp (a digest of the room's read model, so that a
    change no players' page shows wakes none of them) and the event stamp
    that model was made at; ``extra()`` a text that also changes what the
    pages show (the round timer's minute); ``prefix``: the server start's
    id, which begins every stamp (a page of another start reloads
    itself); ``pages(keys)`` each followed page's own stamp (``{key:
    stamp}``; see :data:`PAGE`), made from the room's read model as it is
    when asked."""

    def __init__(self, read: Callable[[], Awaitable[object]], room: Callable[[], Awaitable[tuple[str, str]]],
                 prefix: str, capacity: Capacity, extra: Callable[[], str] = lambda: "",
                 load: Callable[[], int] = lambda: 0,
                 pages: Callable[[list], Awaitable[dict]] | None = None) -> None:
        self._read, self._room_fn, self.prefix, self.capacity, self._extra = read, room, prefix, capacity, extra
        self._load = load  # the room's requests being worked on now (RoomGate.working)
        self._groups: dict[int | str, set[_Follower]] = {}
        self._stamps = None
        self._event = ""  # the event's stamp as last read
        self._seen = ""  # the event's stamp the players' value was last made at
        self._values: dict[str, str] = {ROOM: "", BOARD: "", ALL: ""}  # what each kind was last woken with
        self._latest = ""  # the players' value last made
        self._made_at = 0.0  # when the players' value was last made (monotonic s)
        self._woken_at: dict[str, float] = {ROOM: 0.0, BOARD: 0.0, ALL: 0.0, PAGE: 0.0}
        self._pages_fn = pages
        self._pages: dict = {}  # each followed page's own stamp as last made (PAGE)
        self._pages_at = ""  # the players' value the pages' stamps were last made for
        self._poke = asyncio.Event()
        self._task: asyncio.Task | None = None

    def table(self, t: int) -> str | None:
        """Table ``t``'s page stamp as last read (None before the first read)."""
        return None if self._stamps is None else f"{self.prefix}:t{self._stamps.table(t)}"

    def event_of(self, stamps) -> str:
        return f"{self.prefix}:{stamps.room}.{self._extra()}"

    @property
    def following(self) -> int:
        return sum(len(g) for g in self._groups.values())

    def follow_every(self, kind: str = ROOM) -> float:
        """Seconds between two wakings of ``kind``'s pages: at least
        :data:`FOLLOW_MIN_S` for the players' own pages
        (:data:`BOARD_EVERY_S` for the standings'), longer when more follow
        than :data:`FOLLOW_RATE` pages a second can serve."""
        least = BOARD_EVERY_S if kind in (BOARD, ALL) else FOLLOW_MIN_S
        many = (sum(len(g) for k, g in self._groups.items() if isinstance(k, tuple)) if kind == PAGE
                else len(self._groups.get(kind, ())))
        return max(least, many / FOLLOW_RATE)

    # -- the stream
    def admit(self) -> bool:
        return self.following < self.capacity.streams

    def changed(self) -> None:
        """A write of this server was committed: read the stamps now."""
        self._poke.set()

    async def stream(self, kind: int | str, disconnected: Callable[[], Awaitable[bool]]):
        """The lines of one page's stream (an async generator of text):
        ``kind`` a table's number, :data:`ROOM` or :data:`ALL`."""
        me = _Follower(kind)
        group = self._groups.setdefault(kind, set())
        group.add(me)
        self._start()
        try:
            if self._stamps is None:
                await self._refresh()
            if kind in (ROOM, BOARD) and not self._values[kind]:
                self._seen, self._latest = await self._room_fn()
                self._values[kind] = self._latest
            if isinstance(kind, tuple) and kind[1] not in self._pages and self._pages_fn is not None:
                self._pages.update(await self._pages_fn([kind[1]]))
            last = self._value(me)
            yield f"retry: {RETRY_MS + random.randrange(2000)}\ndata: {last}\n\n"
            while True:
                try:
                    await asyncio.wait_for(me.woken.wait(), HEARTBEAT_S)
                except asyncio.TimeoutError:
                    if await disconnected():
                        return
                    yield ": still here\n\n"
                    continue
                me.woken.clear()
                value = self._value(me)
                if value != last:
                    last = value
                    yield f"data: {value}\n\n"
        finally:
            group.discard(me)
            if not group:
                self._groups.pop(kind, None)

    def _value(self, me: _Follower) -> str:
        if isinstance(me.kind, int):
            return self.table(me.kind) or ""
        if isinstance(me.kind, tuple):
            return self._pages.get(me.kind[1], "")
        return self._values[me.kind] or self._event

    # -- the watcher
    def _start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._watch())

    async def _refresh(self) -> None:
        stamps = await self._read()
        before = self._stamps
        self._stamps = stamps
        self._event = self.event_of(stamps)
        if self._values[ALL] == "":
            self._values[ALL] = self._event
        if before is not None:
            for kind, group in list(self._groups.items()):
                if isinstance(kind, int) and before.table(kind) != stamps.table(kind):
                    for f in group:
                        f.woken.set()

    def _wake(self, kind: str, value: str) -> None:
        """Wake the pages of ``kind`` with ``value``: spread over
        :meth:`follow_every`, at most :data:`FOLLOW_RATE` a second, so that
        a room woken together does not ask together."""
        if value != self._values[kind]:
            self._values[kind] = value
            self._wake_group(list(self._groups.get(kind, ())))

    async def _wake_pages(self) -> None:
        """Make each followed page's own stamp (:data:`PAGE`) again and wake
        those pages whose stamp changed, and no other."""
        keys = [k[1] for k in self._groups if isinstance(k, tuple)]
        if not keys or self._pages_fn is None:
            return
        fresh = await self._pages_fn(keys)
        moved = [k for k in keys if fresh.get(k) != self._pages.get(k)]
        self._pages = {k: v for k, v in {**self._pages, **fresh}.items() if (PAGE, k) in self._groups}
        self._wake_group([f for k in moved for f in self._groups.get((PAGE, k), ())])

    def _wake_group(self, group: list) -> None:
        if group:
            random.shuffle(group)
            step = max(1, min(int(FOLLOW_RATE * SPREAD_STEP_S), self.capacity.busy // 2))
            now = max(0, min(step, self.capacity.busy // 2 - self._load()))  # at once: what the server has room for
            for f in group[:now]:
                f.woken.set()
            if len(group) > now:
                asyncio.get_running_loop().create_task(self._wake_later(group[now:], step))

    async def _wake_later(self, group: list, step: int) -> None:
        """Wake the rest of ``group``, ``step`` at a time, each step once the
        server works on fewer than half the room's requests it takes
        (:attr:`Capacity.busy`): a server short of CPU is asked no faster
        than it answers, and never refuses the pages it woke itself."""
        for i in range(0, len(group), step):
            await asyncio.sleep(SPREAD_STEP_S)
            while self._load() >= max(1, self.capacity.busy // 2):
                await asyncio.sleep(SPREAD_STEP_S)
            for f in group[i:i + step]:
                f.woken.set()

    async def _watch(self) -> None:
        """Read the stamps every :data:`WATCH_S` (or at once when poked)
        while anyone follows; wake whom a change concerns: a table's pages
        at once, the standings' and the director's at most every
        :data:`BOARD_EVERY_S`, the players' own pages at most every
        :meth:`follow_every` (the room's changes meanwhile gathered into
        one waking)."""
        while self.following:
            try:
                await asyncio.wait_for(self._poke.wait(), WATCH_S)
            except asyncio.TimeoutError:
                pass
            self._poke.clear()
            try:
                await self._refresh()
                now = time.monotonic()
                pages = any(isinstance(k, tuple) for k in self._groups)
                if self._event != self._seen and now - self._made_at >= BOARD_EVERY_S:
                    self._made_at = now
                    if self._groups.get(ROOM) or self._groups.get(BOARD) or pages:
                        self._seen, self._latest = await self._room_fn()
                    else:
                        self._seen = self._event
                for kind, value in ((ALL, self._event), (BOARD, self._latest), (ROOM, self._latest)):
                    if value and value != self._values[kind] and now - self._woken_at[kind] >= self.follow_every(kind):
                        self._woken_at[kind] = now
                        self._wake(kind, value)
                if (pages and self._latest and self._latest != self._pages_at
                        and now - self._woken_at[PAGE] >= self.follow_every(PAGE)):
                    self._woken_at[PAGE], self._pages_at = now, self._latest
                    await self._wake_pages()
            except Exception:  # noqa: BLE001 - the database away: the streams stay, the next read may work
                await asyncio.sleep(1.0)


def etag_of(body: bytes) -> str:
    """A weak validator of a page's bytes."""
    return 'W/"' + hashlib.blake2b(body, digest_size=12).hexdigest() + '"'


class Revalidation:
    """ASGI middleware: every page (HTML or text, answered 200 to a GET)
    carries an ``ETag`` of its bytes; a request whose ``If-None-Match``
    names it is answered ``304 Not Modified`` with no body. Streams
    (``text/event-stream``) and responses that set their own ETag (the
    static files) pass as they are."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD"):
            return await self.app(scope, receive, send)
        asked = dict(scope.get("headers") or ()).get(b"if-none-match", b"").decode("latin-1")
        start: dict | None = None
        chunks: list[bytes] = []
        passing = False

        async def buffered(message):
            nonlocal start, passing
            if passing:
                return await send(message)
            if message["type"] == "http.response.start":
                headers = message.get("headers") or ()
                names = {k.lower(): v for k, v in headers}
                kind = names.get(b"content-type", b"")
                if (message["status"] != 200 or b"etag" in names
                        or not (kind.startswith(b"text/html") or kind.startswith(b"text/plain"))):
                    passing = True
                    return await send(message)
                start = message
                return None
            if message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))
                if message.get("more_body"):
                    return None
                body = b"".join(chunks)
                tag = etag_of(body)
                headers = [(k, v) for k, v in start["headers"] if k.lower() != b"content-length"]
                headers.append((b"etag", tag.encode()))
                if tag in [t.strip() for t in asked.split(",")] or asked.strip() == "*":
                    await send({**start, "status": 304, "headers": headers})
                    return await send({"type": "http.response.body", "body": b""})
                headers.append((b"content-length", str(len(body)).encode()))
                await send({**start, "headers": headers})
                return await send({"type": "http.response.body", "body": body})
            return await send(message)

        await self.app(scope, receive, buffered)


BUSY_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="{wait}"><title>One moment</title><link rel="stylesheet" href="/static/app.css">
</head><body data-busy="{wait}"><main id="main"><h1>One moment</h1>
<p class="banner">Many phones are asking at once. This page tries again by itself in {wait} seconds:
there is nothing to do but wait.</p></main></body></html>
"""
"""What a phone is shown when the server is full: it tries again by itself
(``<meta http-equiv="refresh">``, no script needed; the wait is spread so
that a room refused together does not come back together)."""

UNCOUNTED = ("/t/", "/director", "/static/", "/events")
"""Paths the room gate never refuses: a table's and the director's
requests (their own rates and worker lane), the script and style, the
streams (counted by :class:`Hub`)."""


class RoomGate:
    """ASGI middleware: at most ``capacity.busy`` of the room's requests
    (players' pages, standings, ``/stamp``) are worked on at once; one more
    is answered at once, 503 with ``Retry-After`` and :data:`BUSY_PAGE`.
    ``refused`` counts them (the benchmark reads it)."""

    def __init__(self, app, capacity: Capacity) -> None:
        self.app, self.capacity = app, capacity
        self.working = 0
        self.refused = 0

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope.get("path", "").startswith(UNCOUNTED):
            return await self.app(scope, receive, send)
        if self.working >= self.capacity.busy:
            self.refused += 1
            wait = random.randint(2, 6)
            body = BUSY_PAGE.format(wait=wait).encode()
            if scope.get("path") == "/stamp":
                body = b"busy"
            await send({"type": "http.response.start", "status": 503, "headers": [
                (b"content-type", b"text/html; charset=utf-8" if body != b"busy" else b"text/plain; charset=utf-8"),
                (b"content-length", str(len(body)).encode()), (b"retry-after", str(wait).encode()),
                (b"cache-control", b"no-store")]})
            return await send({"type": "http.response.body", "body": body})
        self.working += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.working -= 1
