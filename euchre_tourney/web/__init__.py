"""The pages the app serves to the room's phones and TVs.

Table-side scoring as bridge clubs run it (Bridgemate, BridgePad: one side
enters, the other confirms, the director's computer collects), served by
the app itself the way Calibre's content server serves a LAN: no accounts,
nothing installed on the phones, nothing loaded from the internet.

Why this stack: Starlette (a small, well-kept ASGI toolkit) under uvicorn
(with its C parser, httptools, and uvloop where there is one), in a process
of its own beside the window (:mod:`.server` says why), Jinja2 templates with autoescape on for every
page, segno for QR codes (pure Python, SVG for the pages and PNG for the
window and the PDFs). The one script (``static/app.js``) and the style sheet
ship in the package. How the room's pages follow changes at no cost (server-sent
events, ETag/304, one read per change) and how a server is sized for the
room: :mod:`.follow`.

The package holds no rule of its own: every decision (table secrets,
confirmation, idempotency, the round being played) is a ``tournament``
operation (:mod:`euchre_tourney.tournament.phones`), every write passes
through :func:`.ops.run_write`.

Threat model, in short (the guide says it in full): the room's network is
trusted as far as its password goes. A table's secret (192 random bits,
in its QR code) lets whoever holds it enter that table's hands in the round
being played, nothing more; the director's page needs the PIN. Pages are
plain HTTP: someone on an *open* network could read the pages and the
secrets passing by, so use a network with a password.
"""

from euchre_tourney.web.app import POLL_MS, Limits, RoomState, create_app, qr_png, qr_svg
from euchre_tourney.web.follow import Capacity
from euchre_tourney.web.ops import table_url
from euchre_tourney.web.ops import director_call, run_read, run_write, with_phone_links
from euchre_tourney.web.server import PhoneServer, free_port, local_addresses, serving_collector

__all__ = ["Capacity", "Limits", "POLL_MS", "PhoneServer", "director_call", "run_read", "run_write", "with_phone_links", "RoomState", "create_app", "free_port", "local_addresses", "qr_png", "qr_svg", "serving_collector", "table_url"]
