"""What leaves the director's laptop for the members (issue 31): a static
web site of the results, a picture to share, and each member's night by
e-mail.

* :func:`write_site` – the site (Jinja2 templates, one CSS file, brackets
  as inline SVG) into a folder and a ``.zip`` of it, from
  ``tournament.site_data``; re-publishing rewrites only the files whose
  bytes changed and removes the pages it wrote before that are gone (a
  member page once the club stops publishing them);
* :func:`share_image` – a PNG of a night's or a season's top ten at
  1200 × 630 or 1080 × 1080, light or dark (Pillow, which reportlab
  already brings);
* :func:`compose_message`, :func:`send_results`, :func:`send_test` – the
  results e-mails (plain text and HTML, the scorecard PDF attached) over
  SMTP with SSL or STARTTLS; the password in the system's keyring
  (:func:`smtp_password`, :func:`set_smtp_password`).

Why a static site rather than accounts on a server: any host serves a
folder (the club's own web page, a school's, a file share), it costs
nothing to keep, and it can be opened from the folder itself; nothing in it
needs JavaScript or another host. Why Pillow for the images, not Qt: the
command line draws them without a display and without importing Qt.

Nothing here opens a session: the data comes from ``tournament``'s read
models, and the e-mails' records are written through ``tournament.operate``.
"""

from __future__ import annotations

from euchre_tourney.publish.mail import (
    MailServer,
    SendReport,
    compose_message,
    message_parts,
    send_results,
    send_test,
    set_smtp_password,
    smtp_password,
)
from euchre_tourney.publish.share import SIZES, THEMES, ShareCard, night_card, season_card, share_image
from euchre_tourney.publish.site import PublishReport, bracket_svg, write_if_changed, write_site

__all__ = [
    "write_if_changed",
    "SIZES",
    "THEMES",
    "MailServer",
    "PublishReport",
    "SendReport",
    "ShareCard",
    "bracket_svg",
    "compose_message",
    "message_parts",
    "night_card",
    "season_card",
    "send_results",
    "send_test",
    "set_smtp_password",
    "share_image",
    "smtp_password",
    "write_site",
]
