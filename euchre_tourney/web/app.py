"""The ASGI application the app serves to the room (Starlette, Jinja2).

One application serves one event. Pages:

* ``/`` -- the players' view: find yourself by name or number;
  ``/player/N`` your next seat and scores; ``/standings``; ``/projector``.
* ``/t/N?k=SECRET`` -- table N's hand entry (the QR code on its tally sheet).
* ``/director`` -- the director's phone page, behind the event's PIN.
* ``/events`` -- the stream an open page follows (server-sent events,
  :mod:`.follow`): a line, the page's stamp, when what it shows may have
  changed (``?t=N`` a table's page, ``?all=1`` the director's, else the
  players' pages); the page then fetches itself again (``If-None-Match``:
  304 when unchanged). ``/stamp`` (same parameters) says the same stamp
  once: the pages ask it every :data:`POLL_MS` ms when they cannot
  stream. A stamp begins with the server's start id (``BOOT:``, also each
  page's ``data-boot``): a page drawn before a restart sees another id and
  reloads itself (``static/app.js``; a form with unsent input is kept and
  given the new server's token instead).

Every write goes through :func:`.ops.run_write` into a ``tournament``
operation; the web layer only parses forms, checks the transport (body size,
rates, same origin, the page's token) and draws. No exception text reaches a
phone: a refusal is the operation's sentence, anything else a fixed one.
"""

from __future__ import annotations

import collections
import dataclasses
import datetime
import gzip
import hmac
import hashlib
import ipaddress
import logging
import math
import re
import secrets
import threading
import time
from dataclasses import dataclass, field
from types import SimpleNamespace
from importlib import resources as _res
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import segno
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
import functools

import anyio
import anyio.to_thread
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from euchre_tourney import tournament
from euchre_tourney.rules import HandEntry, Seat, Side, position, seat_letter, side_of_position, side_title, tables
from euchre_tourney.web.captains import captain_routes
from euchre_tourney.web.follow import ALL, BOARD, PAGE, ROOM, Capacity, Hub, Revalidation, RoomGate, etag_of
from euchre_tourney.web.ops import run_read, run_write

log = logging.getLogger("euchre_tourney.web")

POLL_MS = 1000
"""How often an open page that cannot follow ``/events`` (no EventSource)
asks ``/stamp`` whether to redraw (ms)."""

WORKERS = {"tables": 3, "room": 2, "watch": 1}
"""Threads doing the server's database work at once, per lane (see
``run_in_threadpool`` in :func:`create_app`). Few on purpose: the work is
Python holding the interpreter lock, so more threads only take turns
longer."""

MAX_BODY = 4096
"""The largest request body accepted (bytes): a hand's form is ~300."""

STAMP_CACHE_S = 0.2
"""The event's stamps are read from the database at most once per this many
seconds for the pages drawn meanwhile, however many phones ask (a write of
this server reads them again at once)."""

SHARED_EVERY_S = 0.5
"""The room's read model (the standings the players' pages show) is made
again at most this often (seconds), or three times as long as it took to
make last time when that is longer (the standings of 2,000 players take a
few tenths of a second: a server never spends more than a third of its time
on them)."""
SECTION_CLOCK_S = 5.0
"""A section's round clock, as its pages show it, is read at most this often (seconds); the page counts it down."""

CODE_KEPT_S = 10.0
"""A table's code found right is taken as right this long (s) by the rate
gate, which only decides whose bucket a request is counted in: every
operation and page checks the code in the database itself, so a code the
director re-issues is refused at once. Saves a read per tap."""

SIDES = {"NS": side_title(0, 4), "EW": side_title(1, 4)}
"""The stored sides a four-seat form sends, in the seat model's words."""
SEAT_LETTERS = tuple(seat_letter(p, 4) for p in range(4))
"""A four-seat form's seats ("N" .. "W", the seat model's letters)."""
OOPS = "The server could not answer that. Nothing on this page changed: try again, or use the tally sheet."


@dataclass
class Bucket:
    """A token bucket: ``rate`` per second, at most ``burst``."""

    rate: float
    burst: float
    tokens: float = -1.0
    at: float = 0.0

    def take(self, now: float) -> bool:
        if self.tokens < 0:
            self.tokens, self.at = self.burst, now
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


@dataclass(frozen=True)
class Limits:
    """Requests allowed. Token buckets (per second, burst): a table's writes
    and page loads (counted only for requests carrying that table's valid
    code), one address's other requests (``/stamp``, the players' pages),
    one address's requests with a wrong table code (``forged``: refused
    without a look at the database once spent, and never charged to the
    table they name).

    ``pin``: ``(free, first, longest)``: wrong director's PINs are counted
    for the event as a whole (whatever address sends them); after ``free``
    of them each next try waits ``first`` seconds, doubled after every
    further wrong PIN, at most ``longest``. A right PIN starts the count
    again. (Five free and then 2 s doubling to an hour: about 40 PINs are
    checked in a day of trying, of 10,000 four-digit ones.)"""

    table_post: tuple[float, float] = (1.0, 20.0)
    table_get: tuple[float, float] = (10.0, 40.0)
    client_get: tuple[float, float] = (20.0, 60.0)
    forged: tuple[float, float] = (0.2, 10.0)
    pin: tuple[int, float, float] = (5, 2.0, 3600.0)


@dataclass
class RoomState:
    """What the server keeps in memory: who is connected (table → last
    request, monotonic seconds), the rate buckets, the director's sessions,
    the round timer the window shares (``timer_text``), the wrong PINs
    (``pin_wrong``, the next try's time ``pin_next``). ``clock``: the
    monotonic seconds the rates and the PIN's delay count in (a test moves
    its own)."""

    seen: dict[int, float] = field(default_factory=dict)
    buckets: dict[str, Bucket] = field(default_factory=dict)
    director_sessions: set[str] = field(default_factory=set)
    timer_text: str = ""
    lock: threading.Lock = field(default_factory=threading.Lock)
    stamp: tuple[float, Any] = (0.0, None)
    writes: int = 0
    """This server's writes committed so far: a stamps read begun before
    the last one is kept as the last read, never as fresh (``stamp``'s time -inf)."""
    cache: dict[str, tuple[str, Any, float]] = field(default_factory=dict)
    made: dict[str, int] = field(default_factory=dict)
    cost: dict[str, float] = field(default_factory=dict)
    limits: "Limits" = None  # type: ignore[assignment]
    clock: Callable[[], float] = time.monotonic
    pin_wrong: int = 0
    pin_next: float = 0.0
    pin_checking: bool = False
    codes: dict[tuple[int, str], float] = field(default_factory=dict)
    """(table, code) → when the code was last found right (``clock``): the
    rate gate's own look-up (:data:`CODE_KEPT_S`); the operations still
    check the code in the database."""

    def __post_init__(self) -> None:
        if self.limits is None:
            self.limits = Limits()

    def allow(self, key: str, rate: float, burst: float, now: float | None = None) -> bool:
        with self.lock:
            b = self.buckets.setdefault(key, Bucket(rate, burst))
            return b.take(self.clock() if now is None else now)

    def spent(self, key: str, rate: float, burst: float) -> bool:
        """Whether ``key``'s bucket is empty now (nothing taken)."""
        with self.lock:
            b = self.buckets.get(key)
            if b is None or b.tokens < 0:
                return False
            now = self.clock()
            return min(b.burst, b.tokens + (now - b.at) * b.rate) < 1

    def pin_try(self) -> float:
        """Seconds to wait before a PIN may be checked (0: check it now,
        and say how it went with :meth:`pin_checked`). One PIN is checked
        at a time for the whole event."""
        with self.lock:
            if self.pin_checking:
                return 1.0
            wait = self.pin_next - self.clock()
            if wait > 0:
                return wait
            self.pin_checking = True
            return 0.0

    def pin_checked(self, right: bool | None) -> None:
        """The PIN :meth:`pin_try` let through was right (the count starts
        again), wrong (the delay grows), or not checked (``None``)."""
        with self.lock:
            self.pin_checking = False
            if right:
                self.pin_wrong, self.pin_next = 0, 0.0
            elif right is not None:
                self.pin_wrong += 1
                free, first, longest = self.limits.pin
                beyond = self.pin_wrong - free
                if beyond >= 0:
                    self.pin_next = self.clock() + min(longest, first * 2 ** min(beyond, 40))

    def connected(self, within: float = 90.0) -> dict[int, float]:
        """Tables whose phone asked something in the last ``within`` s: table → seconds ago."""
        now = time.monotonic()
        with self.lock:
            return {t: now - at for t, at in sorted(self.seen.items()) if now - at <= within}


class BodyLimit:
    """ASGI middleware: a request whose body is larger than ``limit`` bytes
    is answered 413 before the application reads it."""

    def __init__(self, app, limit: int = MAX_BODY) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            return await PlainTextResponse("That request is too large.", status_code=413)(scope, receive, send)
        seen = 0

        async def limited():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await PlainTextResponse("That request is too large.", status_code=413)(scope, receive, send)


class _TooLarge(Exception):
    pass


class SecurityHeaders:
    """ASGI middleware: every answer -- pages, static files, refusals --
    carries :data:`_HEADERS` (those a response already sets are kept). A
    page or file anyone may see (the players' pages, the standings, the
    style sheet, the script) may be kept by the browser but is checked
    again each time (``no-cache``: its ETag answers 304, so a page never
    runs an old script and an unchanged page costs no bytes); a table's
    and the director's pages (a table's code, a fresh idempotency key) and
    every refusal are never kept (``no-store``)."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        wanted = dict(_HEADERS)
        path = scope.get("path", "")
        private = path.startswith(PRIVATE)

        async def with_headers(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers") or ())
                if not private and message["status"] == 200:
                    # kept by the browser but asked again each time (If-None-Match: 304 when unchanged)
                    headers = [(k, v) for k, v in headers if k.lower() != b"cache-control"]
                    headers.append((b"cache-control", b"no-cache"))
                have = {name.lower() for name, _ in headers}
                headers += [(k.lower().encode(), v.encode()) for k, v in wanted.items()
                            if k.lower().encode() not in have]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


PRIVATE = ("/t/", "/director", "/events")
"""Paths whose answers are never kept by the browser (see :class:`SecurityHeaders`)."""


class _NoDatabase(Exception):
    """The database did not answer (its own words, which name the server or
    the file, are logged, never shown to a phone)."""


RETRY_STATUSES = frozenset({400, 403, 409, 429, 500, 503})
"""The refusals after which the page asked may work when drawn again (an
out-of-date page, a busy server, the database back): their message page
offers "Reload" (that page), not only the players' page."""

NO_DATABASE = ("The scores database is not answering just now. Nothing was saved: "
               "try again in a minute, or use the tally sheet.")


def qr_svg(data: str, scale: int = 4) -> str:
    """``data`` as an inline SVG QR code (error correction M)."""
    return segno.make(data, error="m").svg_inline(scale=scale, dark="#000", light="#fff", border=2)


def qr_png(data: str, scale: int = 6) -> bytes:
    """``data`` as a PNG QR code (for the window and the PDFs)."""
    import io

    buf = io.BytesIO()
    segno.make(data, error="m").save(buf, kind="png", scale=scale, border=2)
    return buf.getvalue()


_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",  # no-referrer would make the browser send "Origin: null" on our own forms
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}


def create_app(db: tournament.Database, event_id: int, *, state: RoomState | None = None, base_url: str = "",
               on_write: Callable[[], None] | None = None, capacity: Capacity | None = None) -> Starlette:
    """The application serving event ``event_id`` of ``db``. ``state``: the
    server's memory (connected phones, rates); ``base_url``: the address
    phones use (for QR codes on the pages); ``on_write()``: called (on the
    server's event loop; it must not block) after each write committed, so
    the window redraws at once; ``capacity``: what the server takes at
    once (:class:`~.follow.Capacity`; the default suits a room of 400)."""
    room = state or RoomState()
    capacity = capacity or Capacity()
    key = secrets.token_bytes(32)  # signs the pages' tokens; a new one per server start
    boot = secrets.token_hex(6)  # this start's id: begins every stamp; a page of another start reloads itself
    here = _res.files("euchre_tourney.web")
    env = Environment(
        loader=FileSystemLoader(str(here / "templates")),
        autoescape=select_autoescape(["html"], default=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(POLL_MS=POLL_MS, BOOT=boot, events="/events", stamp_url="/stamp")

    limiters: dict[str, anyio.CapacityLimiter] = {}

    async def run_in_threadpool(fn, *args, lane: str = "tables", **kwargs):
        """``fn(*args, **kwargs)`` on a worker thread of ``lane``: "tables"
        (the tables' and the director's pages and every write), "room"
        (what the players follow: the standings, their pages) or "watch"
        (the event's stamps, one read at a time).
        A lane of its own for the tables, so that a hand being saved never
        waits behind a room of phones asking for the standings."""
        if lane not in limiters:
            limiters[lane] = anyio.CapacityLimiter(WORKERS[lane])
        try:
            return await anyio.to_thread.run_sync(functools.partial(fn, *args, **kwargs), limiter=limiters[lane])
        except tournament.DatabaseError as exc:
            if exc.kind == "conflict":  # its sentence names no server or file: the phone may read it
                raise
            raise _NoDatabase from exc  # logged by ops; the phone is told NO_DATABASE

    def token(scope: str) -> str:
        return hmac.new(key, scope.encode(), hashlib.sha256).hexdigest()[:32]

    def page(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
        html = env.get_template(name).render(request=request, stamp=context.pop("stamp", ""), **context)
        return HTMLResponse(html, status_code=status, headers=_HEADERS)

    def again(request: Request) -> str:
        """The page to go back to after a refusal (the way on): the address
        asked, a form's own page after a POST (it posts to itself)."""
        query = request.url.query
        return request.url.path + ("?" + query if query else "")

    def refusal(request: Request, message: str, status: int) -> HTMLResponse:
        way_on = again(request) if status in RETRY_STATUSES else ""
        return page(request, "message.html", status=status, title="Not allowed", message=message, again=way_on)

    async def read(use_case, *args, lane: str = "tables", **kwargs):
        return await run_in_threadpool(run_read, db, use_case, *args, lane=lane, **kwargs)

    def client(request: Request) -> str:
        return request.client.host if request.client else "?"

    own = _origin(base_url) if base_url else None

    def same_origin(request: Request) -> bool:
        """A write must come from a page of this server, and no cross-site
        fetch: the browser's ``Origin`` (or ``Referer``) names the address
        the phones were given (``base_url``) or the address the request
        actually arrived at (the socket's, not the ``Host`` header, which
        the page sending the form chooses: a name "rebound" to this
        server's address would match its own Host)."""
        if request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return False
        origin = request.headers.get("origin") or request.headers.get("referer")
        if not origin or origin == "null":
            return origin is None
        sent = _origin(origin)
        if sent is None:
            return False
        if sent == own:
            return True
        server = request.scope.get("server")
        if not server or not server[0]:
            return False
        host, port = str(server[0]), server[1] or (443 if sent[0] == "https" else 80)
        if sent == (request.url.scheme, host.lower(), port):
            return True
        return sent[1] == "localhost" and sent[2] == port and _loopback(host)  # the director's own browser

    async def form_of(request: Request, scope: str) -> dict[str, str] | Response:
        if not same_origin(request):
            return refusal(request, "This form was sent from another site: open the page from its QR code.", 403)
        try:
            form = await request.form()
        except _TooLarge:
            raise
        except Exception:
            return refusal(request, "That request could not be read: reload the page and try again.", 400)
        values = {k: v for k, v in form.items() if isinstance(v, str)}
        if len(values) != len(form) or any(len(v) > 200 for v in values.values()):
            return refusal(request, "That request could not be read: reload the page and try again.", 400)
        if not hmac.compare_digest(values.get("csrf", ""), token(scope)):
            return refusal(request, "This page is out of date (the server restarted): reload it and try again.", 403)
        return values

    # ---------------------------------------------------------------- stamp
    def minute() -> str:
        """The round timer's minute: the players' pages redraw for the timer once a minute, not every second."""
        return str(abs(hash(room.timer_text.rsplit(":", 1)[0])) % 1000)

    def _read_stamps():
        with room.lock:
            last, writes = room.stamp[1], room.writes
        value = run_read(db, tournament.phone_stamps, event_id, since=last)  # (the whole read only after a change)
        with room.lock:  # begun before a write committed meanwhile: perhaps older than it, not fresh
            room.stamp = (time.monotonic() if room.writes == writes else -math.inf, value)
        return value

    def invalidate() -> None:
        """A write was committed: the next stamp is read afresh, the followers' streams are told, and the window."""
        with room.lock:
            room.stamp = (-math.inf, room.stamp[1])  # (never fresh, however long the cache is)
            room.writes += 1
        hub.changed()
        if on_write is not None:
            on_write()

    flights: dict[str, Any] = {}

    def _fresh() -> Any:
        with room.lock:
            at, value = room.stamp
        return value if value is not None and time.monotonic() - at < STAMP_CACHE_S else None

    async def current_stamps(force: bool = False, written: bool = False) -> tournament.PhoneStamps:
        """The event's stamps, from memory while fresh (no thread, no
        database: most of the room's requests are this); else read once,
        however many phones ask at the same moment (``force``: read now,
        the streams' watcher). ``written``: for the page that answers a
        write of this server: stamps read after that write, never the last
        ones while a read begun before it is on its way (that page's stamp
        older than the write, the write's own stream line would draw the
        page again, and its "Hand 1 saved" would be gone)."""
        import asyncio

        value = None if force else _fresh()
        if value is not None:
            return value
        gate = flights.setdefault("stamp", asyncio.Lock())
        with room.lock:
            last = room.stamp[1]
        if gate.locked() and last is not None and not (force or written):  # being read now: the last one meanwhile
            return last
        async with gate:
            return (None if force else _fresh()) or await run_in_threadpool(_read_stamps, lane="watch")

    async def current_stamp(written: bool = False) -> str:
        """The players' pages' stamp ("START:" and the event's)."""
        return f"{boot}:{(await current_stamps(written=written)).room}.{minute()}"

    async def table_stamp(t: int, written: bool = False) -> str:
        """Table ``t``'s page's stamp: moves only with what that page shows
        (``written``: see :func:`current_stamps`)."""
        return f"{boot}:t{(await current_stamps(written=written)).table(t)}"


    async def shared(name: str, make):
        """What every phone is shown alike (the standings page, the room's
        read model): made by ``await make(stamp)`` once per stamp and at
        most once every :data:`SHARED_EVERY_S` (longer for a slow one),
        however many phones ask.
        While it is being made, or made less than that ago, the phones
        asking get the one made before (their next waking brings the new
        one): a room of phones never queues behind it, and the tables'
        hands never wait behind a standings page made for every hand."""
        import asyncio

        now = await current_stamp()
        gate = flights.setdefault(name, asyncio.Lock())
        with room.lock:
            hit = room.cache.get(name)
        pace = max(SHARED_EVERY_S, 3 * room.cost.get(name, 0.0)) if SHARED_EVERY_S else 0.0
        if hit is not None and (hit[0] == now or gate.locked() or time.monotonic() - hit[2] < pace):
            return hit[1]
        async with gate:
            with room.lock:
                hit = room.cache.get(name)
            if hit is not None and hit[0] == now:
                return hit[1]
            began = time.monotonic()
            value = await make(now)
            with room.lock:
                room.cost[name] = time.monotonic() - began
                room.cache[name] = (now, value, time.monotonic())
                room.made[name] = room.made.get(name, 0) + 1
            return value

    standings_memo: dict = {}  # each section's standings and what they were made from (room_standings)

    async def room_view() -> tuple[str, dict]:
        """The players' pages' one read model (standings, scorecards, the
        round being played) and its stamp (``START:r`` and a digest of what
        the pages show), made once per change (:func:`shared`): the
        standings of 2,000 players are not computed once per request, and a
        hand that changes nothing the players see wakes none of them."""
        async def make(now: str):
            stamps = await current_stamps()
            rotation = stamps.rotation
            with room.lock:
                cards = room.cache.get("cards")
            if cards is None or cards[0] != rotation:  # the scorecards: once per rotation, not per hand
                cards = (rotation, await read(_cards, event_id, lane="room"), time.monotonic())
                with room.lock:
                    room.cache["cards"] = cards
            # (the round being played as the stamps read it: that read of the room is not made again)
            model = await read(_room_view, event_id, standings_memo, stamps.playing, lane="room")
            model["cards"] = cards[1]
            model["made_at"] = now
            extra = (minute(), rotation)
            # (off the event loop: the standings of 2,000 players are a few hundred kB of text)
            model["stamp"] = f"{boot}:r" + await run_in_threadpool(_digest, model, extra, lane="room")
            return model

        model = await shared("room", make)
        return model["stamp"], model

    async def room_stamp() -> tuple[str, str]:
        _, model = await room_view()
        return model["made_at"], model["stamp"]

    hub = Hub(lambda: current_stamps(force=True), room_stamp, boot, capacity, extra=minute,
              load=lambda: gate.working, pages=lambda keys: page_stamps(keys))

    kept: collections.OrderedDict[str, tuple[Any, tuple[str, bytes, bytes | None]]] = collections.OrderedDict()

    async def kept_page(request: Request, key: str, version: Any, render: Callable[[], bytes],
                        off_loop: bool = False) -> Response:
        """A page every phone asking it is shown alike (the standings, a
        section's, a player's own page): drawn once per ``version`` (what
        it shows: its read model's stamp and the round timer's text, or a
        player's page's own stamp), however many phones ask; its bytes,
        their gzip and ETag kept (the last :data:`KEPT_PAGES` pages), so
        that a phone whose ``If-None-Match`` names them is answered 304 at
        once, and any other with the bytes (compressed when it takes gzip),
        no drawing. ``off_loop``: draw it on a worker thread (the
        standings of 2,000 players)."""
        import asyncio

        with room.lock:
            hit = kept.get(key)
        hit = hit[1] if hit is not None and hit[0] == version else None
        if hit is None:
            drawing = flights.get(("page", version, key))
            if drawing is not None:  # being drawn for another phone: this one waits for the same bytes
                hit = await asyncio.shield(drawing)
            else:
                drawing = flights[("page", version, key)] = asyncio.get_running_loop().create_future()
                try:
                    hit = await run_in_threadpool(_kept_bytes, render, lane="room") if off_loop else _kept_bytes(render)
                    drawing.set_result(hit)
                except BaseException as exc:
                    drawing.set_exception(exc)
                    drawing.exception()  # (retrieved: no "never retrieved" warning when nobody waits)
                    raise
                finally:
                    flights.pop(("page", version, key), None)
                with room.lock:
                    kept[key] = (version, hit)
                    kept.move_to_end(key)
                    while len(kept) > KEPT_PAGES:
                        kept.popitem(last=False)
        tag, body, packed = hit
        headers = {**_HEADERS, "ETag": tag, "Vary": "Accept-Encoding"}
        asked = request.headers.get("if-none-match", "")
        if asked and (tag in [t.strip() for t in asked.split(",")] or asked.strip() == "*"):
            return Response(status_code=304, headers=headers)
        if packed is not None and _takes_gzip(request.headers.get("accept-encoding", "")):
            return Response(packed, media_type="text/html; charset=utf-8", headers={**headers, "Content-Encoding": "gzip"})
        return Response(body, media_type="text/html; charset=utf-8", headers=headers)

    def page_stamp(model: dict, page: int | str) -> str | None:
        """The stamp of a page that shows one part of the room's read
        ``model``: a player's own page (``page`` the player's number) or
        the home page (``"home"``): a digest of what that page shows, so
        that a change of the room it does not show leaves it (its phones
        are not woken, its ETag stays). None: no such player tonight."""
        memo = model.setdefault("page stamps", {})  # (per model: made once per change of the room)
        value = memo.get((page, minute()))
        if value is None:
            if page == "home":
                shown: Any = (model["event_name"],)
            else:
                me = _player_view(model, page)
                if me is None:
                    return None
                shown = (me, minute())
            value = memo[(page, minute())] = f"{boot}:p" + hashlib.blake2b(repr(shown).encode(), digest_size=9).hexdigest()
        return value

    async def page_stamps(pages) -> dict:
        """Each of ``pages``' stamp (:func:`page_stamp`) from the room's read model as it is now."""
        _, model = await room_view()
        return {p: page_stamp(model, p) or "" for p in pages}

    async def stamp(request: Request) -> Response:
        if not room.allow("get:" + client(request), *room.limits.client_get):
            return PlainTextResponse("slow down", status_code=429)
        t = _ascii_number(request.query_params.get("t", ""))
        shown = _followed_page(request)
        if t is not None:
            value = await table_stamp(t)
        elif shown is not None:
            value = (await page_stamps([shown]))[shown]
            if not value:
                return PlainTextResponse("no such player", status_code=404, headers=_HEADERS)
        elif request.query_params.get("all"):
            value = await current_stamp()
        else:
            value = (await room_view())[0]
        return PlainTextResponse(value, headers=_HEADERS)

    async def events(request: Request) -> Response:
        """A page's stream of stamps (server-sent events): a line when what it shows may have changed."""
        t = _ascii_number(request.query_params.get("t", ""))
        shown = _followed_page(request)
        kind = (t if t is not None else (PAGE, shown) if shown is not None else ALL if request.query_params.get("all")
                else BOARD if request.query_params.get("board") else ROOM)
        if not hub.admit():
            return PlainTextResponse("busy", status_code=503, headers={**_HEADERS, "Retry-After": "30"})
        return StreamingResponse(hub.stream(kind, request.is_disconnected), media_type="text/event-stream",
                                 headers={**_HEADERS, "X-Accel-Buffering": "no"})

    # ------------------------------------------------------------- players
    async def home(request: Request) -> Response:
        q = (request.query_params.get("q") or "").strip()[:60]
        _, model = await room_view()
        now = page_stamp(model, "home")
        follow = dict(stamp=now, events="/events?home=1", stamp_url="/stamp?home=1")
        if q:
            matches = _find_players(model, q)
            return page(request, "home.html", title=model["event_name"], q=q, matches=matches, **follow)
        return await kept_page(request, "home", now, lambda: page(
            request, "home.html", title=model["event_name"], q="", matches=[], **follow).body)

    async def player(request: Request) -> Response:
        number = _ascii_number(request.path_params["number"])
        if number is None:
            return refusal(request, "There is no such player number.", 404)
        _, model = await room_view()
        me = _player_view(model, number)
        if me is None:
            return refusal(request, f"No player has number {number} tonight.", 404)
        timer = room.timer_text
        now = page_stamp(model, number)  # what this page shows: a change elsewhere in the room leaves it
        return await kept_page(request, f"player:{number}", now, lambda: page(
            request, "player.html", title=me["name"], me=me, timer=timer, stamp=now,
            events=f"/events?p={number}", stamp_url=f"/stamp?p={number}").body)

    async def section_page(request: Request, name: str, template: str) -> Response:
        """One section's standings (``/standings?section=B``) or projector
        (``/projector?section=B``): its standings, status and prizes, and
        its own round clock (read at most every :data:`SECTION_CLOCK_S`
        seconds; the page counts it down by itself). Every section's
        standings come from the room's read model (made once per change, all
        sections in one pass); the page is drawn once per change and clock
        words and kept with its ETag."""
        if not (0 < len(name) <= 3 and name.isascii() and name.isalpha()):
            return refusal(request, "Name a section by its letters (\"B\").", 404)
        key = name.upper()
        try:
            clock = await section_clock(key)
        except tournament.NotFound as exc:
            return refusal(request, exc.message, 404)

        drawn, model = await room_view()  # every section's standings, made once per change of the room
        view = model["sections"].get(key)
        if view is None:
            return refusal(request, f"There is no section {name} tonight.", 404)
        text, ends = _clock_words(*clock[1:])
        context = dict(title=f"Standings · Section {key}", view=view, settings=model["settings"],
                       timer=text[:1].upper() + text[1:], timer_ends=ends, section=clock[0],
                       stamp=drawn, events="/events?board=1")
        if template == "projector.html":
            players_url = (base_url or str(request.base_url)).rstrip("/") + "/"
            context.update(qr=qr_svg(players_url, 5), players_url=players_url)
        # drawn once per change of the section and of its clock's words, for every phone; 304 when unchanged
        return await kept_page(request, f"{template}:{key}", (drawn, room.timer_text, text, ends),
                               lambda: page(request, template, **context).body, off_loop=True)

    async def section_clock(name: str) -> tuple:
        """A section's clock as saved (:func:`tournament.section_clock`), kept a few seconds."""
        with room.lock:
            hit = room.cache.get(f"clock:{name}")
        if hit is not None and time.monotonic() - hit[2] < SECTION_CLOCK_S:
            return hit[1]
        value = await read(tournament.section_clock, event_id, name, lane="room")
        with room.lock:
            room.cache[f"clock:{name}"] = ("", value, time.monotonic())
        return value

    async def standings_page(request: Request) -> Response:
        if not room.allow("get:" + client(request), *room.limits.client_get):
            return refusal(request, "Too many requests: wait a few seconds.", 429)
        if "section" in request.query_params:
            return await section_page(request, request.query_params["section"], "standings.html")
        drawn, model = await room_view()
        view, title, key = model["view"], "Standings", "standings"
        timer = room.timer_text
        return await kept_page(request, key, (drawn, timer), lambda: page(  # once per change, for every phone; off the loop
            request, "standings.html", title=title, view=view, settings=model["settings"], timer=timer,
            sections=sorted(model["sections"]), stamp=drawn, events="/events?board=1").body, off_loop=True)

    async def projector(request: Request) -> Response:
        if "section" in request.query_params:
            return await section_page(request, request.query_params["section"], "projector.html")
        now, model = await room_view()
        view, settings = model["view"], model["settings"]
        players_url = (base_url or str(request.base_url)).rstrip("/") + "/"
        return page(request, "projector.html", title="Standings", view=view, settings=settings,
                    timer=room.timer_text, qr=qr_svg(players_url, 5), players_url=players_url, stamp=now,
                    events="/events?board=1")

    # --------------------------------------------------------------- tables
    def _table_number(request: Request) -> int | None:
        return _ascii_number(request.path_params.get("table", ""))

    async def table_gate(request: Request, t: int, secret: str, kind: str) -> Response | None:
        """The rates of a table's request (``kind``: "get" or "post"):
        None when it may go on, else the refusal. Only a request carrying
        table ``t``'s valid code is counted against table ``t``; one with a
        wrong code is counted against its address (whose spent bucket is
        refused without a look at the database), so that forged requests
        never lock the real table out."""
        who = "forged:" + client(request)
        if room.spent(who, *room.limits.forged):
            return refusal(request, "Too many requests with a wrong table code: wait a minute, then scan "
                                    "the QR code on your table's tally sheet.", 429)
        known = room.clock()
        with room.lock:
            checked = room.codes.get((t, secret))
        if checked is None or known - checked > CODE_KEPT_S:
            try:
                await read(tournament.check_secret, event_id, t, secret)
            except tournament.PhoneRefused as exc:
                room.allow(who, *room.limits.forged)
                return refusal(request, exc.message, 403)
            with room.lock:
                if len(room.codes) > 4096:
                    room.codes.clear()
                room.codes[(t, secret)] = known
        rate = room.limits.table_get if kind == "get" else room.limits.table_post
        if not room.allow(f"{kind}:{t}", *rate):
            more = " and send again" if kind == "post" else ""
            return refusal(request, f"Too many requests from this table: wait a few seconds{more}.", 429)
        return None

    async def table_page(request: Request, message: str = "", status: int = 200, error: bool = False,
                         values: dict | None = None, written: bool = False) -> Response:
        t = _table_number(request)
        secret = request.query_params.get("k", "") if values is None else values.get("k", "")
        if t is None:
            return refusal(request, "There is no such table.", 404)
        if values is None:  # a page load (after a form, table_post has counted the request)
            if (refused := await table_gate(request, t, secret, "get")) is not None:
                return refused
        drawn_at = await table_stamp(t, written)  # before the view: a page's stamp is never newer than what it shows
        try:
            view = await read(tournament.phone_table, event_id, t, secret)
        except tournament.PhoneRefused as exc:
            return refusal(request, exc.message, 403)
        except tournament.TournamentError as exc:
            return refusal(request, exc.message, 409)
        with room.lock:
            room.seen[t] = time.monotonic()
        correcting = None
        fix = _ascii_number(request.query_params.get("fix", ""))
        if fix is not None:
            correcting = next((h for h in view.hands if h.hand.number == fix), None)
        return page(request, "table.html", status=status, title=f"Table {view.table}", view=view, secret=secret,
                    csrf=token(f"table:{t}"), key=secrets.token_urlsafe(16), message=message, error=error,
                    correcting=correcting, side=request.cookies.get(f"side{t}", ""),
                    stamp=drawn_at, events=f"/events?t={t}", stamp_url=f"/stamp?t={t}", values=values or {})

    async def table_post(request: Request) -> Response:
        t = _table_number(request)
        if t is None:
            return refusal(request, "There is no such table.", 404)
        values = await form_of(request, f"table:{t}")
        if isinstance(values, Response):
            return values
        if (refused := await table_gate(request, t, values.get("k", ""), "post")) is not None:
            return refused
        action = values.get("action", "")
        try:
            call = _parse_table_action(t, values, action)
        except ValueError as exc:
            return await table_page(request, str(exc), 400, True, values)
        try:
            answer, _change = await run_in_threadpool(
                run_write, db, f"{action} at table {t}", call[0], event_id, *call[1], station=tournament.phone_station(t),
                event_id=event_id, **call[2],
            )
        except tournament.PhoneRefused as exc:
            status = 403 if "table code" in exc.message else 409
            return await table_page(request, exc.message, status, True, values)
        except tournament.TournamentError as exc:
            return await table_page(request, exc.message, 409, True, values)
        invalidate()
        response = await table_page(request, answer.message, 200, False, {"k": values.get("k", "")}, written=True)
        if values.get("side") in SIDES:
            response.set_cookie(f"side{t}", values["side"], max_age=6 * 3600, samesite="strict", httponly=True)
        return response

    # ------------------------------------------------------------- director
    async def director(request: Request) -> Response:
        sid = request.cookies.get("director", "")
        if sid not in room.director_sessions:
            return page(request, "pin.html", title="Director", csrf=token("pin"), message="")
        return await _director_page(request)

    async def _director_page(request: Request, message: str = "", status: int = 200, written: bool = False) -> Response:
        now = await current_stamp(written)
        data = await read(_director_view, event_id)
        return page(request, "director.html", status=status, title="Director", data=data, message=message,
                    csrf=token("director"), connected=room.connected(), stamp=now, events="/events?all=1",
                    stamp_url="/stamp?all=1",
                    timer=room.timer_text)

    async def director_post(request: Request) -> Response:
        sid = request.cookies.get("director", "")
        if sid not in room.director_sessions:
            values = await form_of(request, "pin")
            if isinstance(values, Response):
                return values
            wait = room.pin_try()
            if wait > 0:
                return refusal(request, f"Too many wrong PINs for this event: try again in {_in_words(wait)}.", 429)
            ok = None
            try:
                ok = await read(tournament.check_director_pin, event_id, values.get("pin", ""))
            finally:
                room.pin_checked(ok)
            if not ok:
                return page(request, "pin.html", status=403, title="Director", csrf=token("pin"),
                            message="That is not the director's PIN (it is shown in the app's Scoring from phones window).")
            sid = secrets.token_urlsafe(24)
            with room.lock:
                room.director_sessions.add(sid)
            response = RedirectResponse("/director", status_code=303, headers=_HEADERS)
            response.set_cookie("director", sid, max_age=12 * 3600, samesite="strict", httponly=True)
            return response
        values = await form_of(request, "director")
        if isinstance(values, Response):
            return values
        action = values.get("action", "")
        station = "director (phone)"
        rnd = _ascii_number(values.get("round", ""))
        if rnd is None:
            return await _director_page(request, "Choose a round.", 400)
        try:  # (a refusal is a TournamentError, which is a ValueError: never taken for a bad round)
            if action == "lock":
                await run_in_threadpool(lambda: run_write(db, f"Lock round {rnd}", tournament.lock_round, event_id, rnd,
                                                          True, station=station, event_id=event_id))
                message = f"Round {rnd} is locked."
            elif action == "call-time":
                await run_in_threadpool(lambda: run_write(db, "Call time", tournament.call_time, event_id, rnd,
                                                          station=station, event_id=event_id))
                message = f"Time is called in round {rnd}: the tables finish the hand they are playing."
            elif action == "prizes":
                if values.get("show") not in ("0", "1"):
                    return await _director_page(request, "Choose show or hide.", 400)
                show = values.get("show") == "1"
                await run_in_threadpool(lambda: run_write(db, "Show prizes", tournament.set_phone_settings, event_id,
                                                          prizes_shown=show, station=station, event_id=event_id))
                message = "The prizes are shown on the players' pages." if show else "The prizes are hidden."
            else:
                return await _director_page(request, "Choose what to do.", 400)
        except tournament.TournamentError as exc:
            return await _director_page(request, exc.message, 409)
        invalidate()
        return await _director_page(request, message, written=True)

    async def not_found(request: Request, exc: Exception) -> Response:
        return refusal(request, "There is no such page.", 404)

    async def server_error(request: Request, exc: Exception) -> Response:
        log.error("web request %s failed", request.url.path, exc_info=exc)
        return refusal(request, OOPS, 500)

    async def too_large(request: Request, exc: Exception) -> Response:
        return refusal(request, "That request is too large.", 413)

    async def no_database(request: Request, exc: Exception) -> Response:
        return page(request, "message.html", status=503, title="Not saved", message=NO_DATABASE, again=again(request))

    static = StaticFiles(directory=str(here / "static"))
    routes = [
        Route("/", home),
        Route("/player/{number}", player),
        Route("/standings", standings_page),
        Route("/projector", projector),
        Route("/stamp", stamp),
        Route("/events", events),
        Route("/t/{table}", table_page, methods=["GET"]),
        Route("/t/{table}", table_post, methods=["POST"]),
        Route("/director", director, methods=["GET"]),
        Route("/director", director_post, methods=["POST"]),
        *captain_routes(db, event_id, SimpleNamespace(
            page=page, token=token, form_of=form_of, refusal=refusal, read=read,
            run_in_threadpool=run_in_threadpool, invalidate=invalidate, room=room)),
        Mount("/static", static, name="static"),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={404: not_found, 405: not_found, 500: server_error, _TooLarge: too_large,
                            _NoDatabase: no_database},
    )
    app.state.room = room
    app.state.hub = hub
    gate = RoomGate(BodyLimit(app), capacity)
    app.state.gate = gate
    outer = SecurityHeaders(Revalidation(gate))
    outer.state = app.state  # the server's memory, for the window's server and the benchmark
    return outer  # type: ignore[return-value]


# parsing (the transport's work: text to the operation's arguments) -----------
def _parse_table_action(t: int, values: dict[str, str], action: str):
    """``(use case, args, kwargs)`` for a table's form; ``ValueError`` with
    a sentence when a field is missing or not a number."""
    common = (t, values.get("k", ""), values.get("key", ""))
    # every form names the round its page was drawn in: a page of an earlier round is refused, never moved on
    drawn = {"drawn_round": _number(values.get("round", ""), "This page is out of date: reload it and try again.")}
    if action in ("enter", "correct") and values.get("form") == "side":
        args, kwargs = _parse_side_hand(drawn, values, action)
        return tournament.submit_hand, (*common, *args), kwargs
    if action in ("enter", "correct"):
        side = values.get("side", "")
        if side not in SIDES:
            raise ValueError(f"Say which side is entering: {SIDES['NS']} or {SIDES['EW']}.")
        makers = values.get("makers", "")
        if makers not in SIDES:
            raise ValueError(f"Say which side made trump: {SIDES['NS']} or {SIDES['EW']}.")
        tricks = _number(values.get("tricks", ""), "Say how many tricks the makers took (0 to 5).")
        alone = values.get("alone", "")
        if alone not in ("", *SEAT_LETTERS):
            raise ValueError(f"Say who went alone: {', '.join(SEAT_LETTERS)} or nobody.")
        seat = Seat(position(alone)) if alone else None
        if values.get("defender_alone", "") not in ("", "0", "1"):
            raise ValueError("Say whether a defender played alone: tick the box or leave it empty.")
        entry = HandEntry(Side(makers), tricks, seat, values.get("defender_alone") == "1")
        number = _number(values.get("number", ""), "Say which hand this is.")
        kwargs = dict(drawn)
        if action == "correct":
            kwargs["correcting_version"] = _number(values.get("version", ""), "Reload the page and correct the hand again.")
            kwargs["entered"] = _entry_seen(values)
        return tournament.submit_hand, (*common, side, number, entry), kwargs
    if action in ("agree", "disagree"):
        number = _number(values.get("number", ""), "Say which hand.")
        version = _number(values.get("version", ""), "Reload the page and look at the hand again.")
        return tournament.confirm_hand, (*common, number, version, action == "agree"), drawn | {"entered": _entry_seen(values)}
    if action == "totals":
        side = values.get("side", "")
        if side not in SIDES:
            raise ValueError(f"Say which side is entering: {SIDES['NS']} or {SIDES['EW']}.")
        ns = _number(values.get("ns", ""), f"Type {SIDES['NS']}'s points.")
        ew = _number(values.get("ew", ""), f"Type {SIDES['EW']}'s points.")
        loners = {}
        for p, letter in enumerate(SEAT_LETTERS):
            raw = values.get(f"loners_{letter}", "") or "0"
            loners[Seat(p)] = _number(raw, "Loners are counted as whole numbers.")
        return tournament.submit_totals, (*common, side, ns, ew, loners), drawn
    raise ValueError("Choose what to do: enter a hand, agree or disagree.")


def _parse_side_hand(drawn: dict, values: dict[str, str], action: str) -> tuple[tuple, dict]:
    """A side game's hand form (six-player, bid euchre ...): the entering
    side, the makers (or the high bidder's seat and the bid), the tricks,
    who went alone (a seat, 0-based), as ``submit_hand``'s arguments after
    the table's code and the key, and its keywords. Only the form's shape
    is checked here; the game's rules (which seats there are, who may be
    alone) are the operation's."""
    side = values.get("side", "")
    if side not in SIDES:
        raise ValueError("Say which side is entering.")
    tricks = _number(values.get("tricks", ""), "Say how many tricks the makers took.")
    bidder = alone_seat = None
    bid = 0
    if values.get("bidder", "") != "":
        bidder = _number(values["bidder"], "Say who bid: the high bidder's seat.")
        bid = _number(values.get("bid", ""), "Say what the high bidder bid.")
        makers = side_of_position(bidder)
        if values.get("bidder_alone", "") not in ("", "1"):
            raise ValueError("Say whether the bidder went alone: tick the box or leave it empty.")
        alone = values.get("bidder_alone") == "1"
        alone_seat = bidder if alone else None
    else:
        if values.get("makers", "") not in SIDES:
            raise ValueError("Say which side made trump.")
        makers = 0 if values["makers"] == "NS" else 1
        raw = values.get("alone", "")
        if raw:
            alone_seat = _number(raw, "Say who went alone: a seat, or nobody.")
        alone = alone_seat is not None
    entry = tables.SideHandEntry(makers, tricks, alone, bid)
    number = _number(values.get("number", ""), "Say which hand this is.")
    kwargs = dict(drawn, bidder=bidder, alone_seat=alone_seat)
    if action == "correct":
        kwargs["correcting_version"] = _number(values.get("version", ""), "Reload the page and correct the hand again.")
        kwargs["entered"] = _entry_seen(values)
    return (side, number, entry), kwargs


_DIGITS = re.compile(r"[0-9]{1,4}")


def _ascii_number(raw: str) -> int | None:
    """``raw`` as a number when it is 1 to 4 ASCII digits and nothing else,
    else None (``int()`` would also take spaces, signs, underscores and
    other scripts' digits such as "٣", and raise with its own text on "³")."""
    return int(raw) if isinstance(raw, str) and _DIGITS.fullmatch(raw) else None


def _entry_seen(values: dict[str, str]) -> int | None:
    """The entry of the hand a correction or Agree/Disagree form was drawn
    on (``PhoneHand.entered``; None: a form that does not say)."""
    raw = values.get("entry", "")
    if not raw:
        return None
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 12:
        raise ValueError("Reload the page and look at the hand again.")
    return int(raw)


def _number(raw: str, why: str) -> int:
    """``raw`` as a number (see :func:`_ascii_number`); ``ValueError(why)`` otherwise."""
    number = _ascii_number(raw)
    if number is None:
        raise ValueError(why)
    return number


def _origin(url: str) -> tuple[str, str, int] | None:
    """``(scheme, host, port)`` of an origin or address (``None`` when it is none)."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    return parts.scheme, parts.hostname.lower(), port or (443 if parts.scheme == "https" else 80)


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def _in_words(seconds: float) -> str:
    """A wait in words, rounded up: "2 seconds", "5 minutes"."""
    if seconds < 120:
        n = max(1, math.ceil(seconds))
        return f"{n} second{'s' if n != 1 else ''}"
    return f"{math.ceil(seconds / 60)} minutes"


# read helpers (run in a session) ------------------------------------------------
def _room_view(session, event_id: int, memo: dict | None = None, current: Any = ...) -> dict:
    """The players' pages' read model, made once per change: the event's
    name, the standings (overall, and each section's on a night split into
    sections) and phone settings, the round being played (the scorecards,
    :func:`_cards`, once per rotation). ``memo``: the server's, kept from
    one model to the next (:func:`tournament.room_standings`: a section
    whose hands did not change is not scored again); ``current``: the round
    being played as the stamps this model is made for read it
    (:attr:`tournament.PhoneStamps.playing`; not given: read here)."""
    # (one read and scoring of the night for both)
    view, sections = tournament.room_standings(session, event_id, memo)
    return {"event_name": view.event_name,  # (the event's name, as get_event gives it, without its other reads)
            "view": view, "settings": tournament.phone_settings(session, event_id),
            "sections": sections,
            "current": tournament.playing_round(session, event_id) if current is ... else current}


def _followed_page(request: Request) -> int | str | None:
    """The page a ``/stamp`` or ``/events`` request follows by its own stamp:
    a player's (``?p=N``: N) or the home page (``?home=1``: "home"); None: another."""
    if request.query_params.get("home"):
        return "home"
    return _ascii_number(request.query_params.get("p", ""))


KEPT_PAGES = 6000
"""The pages :func:`create_app`'s ``kept_page`` keeps drawn (the last asked):
every player's own page of a night of 2,000 and every section's standings
and projector, with room to spare (a few kB each, compressed beside)."""

GZIP_AT = 1024
"""A kept page is also kept compressed (gzip) from this many bytes: the
standings of 2,000 players are some 400 kB, about a tenth of that packed."""


def _kept_bytes(render: Callable[[], bytes]) -> tuple[str, bytes, bytes | None]:
    """A kept page's ETag, bytes and gzip of them (None when small)."""
    body = render()
    return etag_of(body), body, gzip.compress(body, 6, mtime=0) if len(body) >= GZIP_AT else None


def _takes_gzip(accepted: str) -> bool:
    """Whether an ``Accept-Encoding`` takes gzip (not refused by ``q=0``)."""
    for part in accepted.lower().split(","):
        name, _, params = part.strip().partition(";")
        if name.strip() in ("gzip", "x-gzip", "*"):
            weight = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
            try:
                return float(weight) > 0
            except ValueError:
                return False
    return False


def _clock_words(ends_at, left_seconds, minutes: int, now: float | None = None) -> tuple[str, int | None]:
    """A section's round clock for its pages: ("time left 12:35", the end
    in ms since the epoch for the page to count down), ("time left 7:05
    (paused)", None), ("Time!", None), ("round clock 20:00", None) when
    reset, ("", None) without a clock (no minutes per round set)."""
    def mmss(seconds: float) -> str:
        whole = max(0, int(-(-seconds // 1)))
        return f"{whole // 60}:{whole % 60:02d}"

    if ends_at is not None:
        ends = (ends_at if ends_at.tzinfo else ends_at.replace(tzinfo=datetime.timezone.utc)).timestamp()
        left = ends - (time.time() if now is None else now)
        return ("Time!", None) if left <= 0 else (f"time left {mmss(left)}", int(ends * 1000))
    if left_seconds is not None:
        return ("Time!", None) if left_seconds <= 0 else (f"time left {mmss(left_seconds)} (paused)", None)
    return (f"round clock {minutes}:00", None) if minutes else ("", None)


def _digest(model: dict, extra: tuple) -> str:
    """What the players' pages show of ``model``, as a short digest (the
    hands recorded are shown on none of them: a hand of a table not yet in
    wakes no players' page)."""
    shown = (model["event_name"], dataclasses.replace(model["view"], hands_recorded=0), model["settings"],
             model["current"], extra)
    return hashlib.blake2b(repr(shown).encode(), digest_size=9).hexdigest()


def _cards(session, event_id: int) -> dict:
    """Every scorecard of the event by player number ({} before a rotation)."""
    if not tournament.get_event(session, event_id).has_rotation:
        return {}
    return {c.number: c for c in tournament.scorecards(session, event_id)}


def _rows_by_number(view) -> dict:
    return {r.number: r for r in view.rows if r.number}


def _find_players(model: dict, q: str) -> list[dict]:
    folded, number = q.casefold(), _ascii_number(q)
    out = []
    for c in model["cards"].values():
        if (number is not None and c.number == number) or (number is None and folded in c.player_name.casefold()):
            out.append({"number": c.number, "name": c.player_name})
    return out[:30]


def _player_view(model: dict, number: int) -> dict | None:
    card = model["cards"].get(number)
    if card is None:
        return None
    view = model["view"]
    if "rows" not in model:  # (made once per model; two requests making it at once make the same)
        model["rows"] = _rows_by_number(view)
    row = model["rows"].get(number)
    section = getattr(row, "section", None)
    if section and section in model.get("sections", {}):
        # a night split into sections: the player's own section, its status and their place in it
        # (a table of another section coming in changes nothing on this page)
        view = model["sections"][section]
        if f"rows {section}" not in model:
            model[f"rows {section}"] = _rows_by_number(view)
        row = model[f"rows {section}"].get(number, row)
    else:
        section = None
    current = model["current"]
    now = next((r for r in card.rounds if r.round == current), None)
    later = next((r for r in card.rounds if current is not None and r.round == current + 1), None)
    return {"name": card.player_name, "number": number, "row": row, "now": now, "next": later,
            "rounds": card.rounds, "status": view.status, "current": current, "section": section}


def _director_view(session, event_id: int) -> dict:
    data = _director_room(session, event_id)
    secs = tournament.list_sections(session, event_id)  # a night split into sections names its tables "B-7"
    tables = set(data["progress"]) | {t for _r, t, _h in data["disputed"]}
    data["labels"] = {t: tournament.table_label(secs, t) for t in tables} if secs else {}
    return data


def _director_room(session, event_id: int) -> dict:
    """The director's page's view of the room: the round, locks, disputes, progress."""
    current = tournament.playing_round(session, event_id)
    view = tournament.standings(session, event_id)
    return {
        "event": tournament.get_event(session, event_id),
        "round": current,
        "status": view.status,
        "locked": sorted(tournament.locked_rounds(session, event_id)),
        # the round being played and the one before it, while unlocked (the last round is locked once all are in)
        "lockable": [r for r in (current - 1, current) if current and r >= 1
                     and r not in tournament.locked_rounds(session, event_id)],
        "disputed": tournament.disputed_hands(session, event_id),
        "settings": tournament.phone_settings(session, event_id),
        "progress": tournament.round_progress(session, event_id, current) if current else {},
    }
