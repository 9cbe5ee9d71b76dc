"""A picture of a night's or a season's top places to share on social
sites: the club's name, the night (or season) and its date, the winner, and
the top ten with their points, at the two sizes those sites use
(1200 × 630 for a link card, 1080 × 1080 for a square post), light or dark.

Drawn with Pillow (reportlab's own dependency) in the fonts the PDFs use
(DejaVu Sans, Droid Sans Fallback for CJK names), names in right-to-left
scripts in display order. The smallest text is 30 px at 1080 or 1200
wide: still about 10 CSS pixels when a phone shows the picture across its
width.
"""

from __future__ import annotations

import io
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from euchre_tourney.reports import visual_order
from euchre_tourney.resources import resource_path
from euchre_tourney.tournament import NightPage, SeasonPage

SIZES = {"wide": (1200, 630), "square": (1080, 1080)}
"""The two sizes, by name: a link card and a square post."""

THEMES = {
    "light": {"bg": "#ffffff", "fg": "#1a1a1a", "muted": "#555555", "accent": "#0b5a2b", "band": "#0b5a2b",
              "band_fg": "#ffffff", "line": "#d0d0d0", "stripe": "#f2f5f3"},
    "dark": {"bg": "#121212", "fg": "#f0f0f0", "muted": "#b8b8b8", "accent": "#7ee2a0", "band": "#1f3d2b",
             "band_fg": "#ffffff", "line": "#3a3a3a", "stripe": "#1c1f1d"},
}


@dataclass(frozen=True, slots=True)
class ShareCard:
    """What a share image shows: ``rows`` are (place text, name, points
    text), best first, at most ten drawn."""

    club: str
    title: str
    date_text: str
    winner: str
    rows: tuple[tuple[str, str, str], ...]
    points_word: str = "points"
    winner_word: str = "Winner"


def _day(d) -> str:
    return f"{d:%A} {d.day} {d:%B %Y}"


def night_card(club: str, night: NightPage) -> ShareCard:
    """The card of a night (its final standings, or a team night's)."""
    rows: list[tuple[str, str, str]] = []
    word = "points"
    if night.standings is not None:
        rows = [(f"={r.place}" if r.tied else str(r.place), r.name, str(r.points))
                for r in night.standings.rows if r.rounds_played][:10]
    elif night.bracket is not None and night.bracket.places:
        rows = [(str(p), name, "") for p, name in night.bracket.places][:10]
        word = ""
    elif night.team_standings is not None:
        rows = [(f"={r.place}" if r.tied else str(r.place), r.name, f"{r.wins}–{r.losses}") for r in night.team_standings.rows][:10]
        word = "won–lost"
    return ShareCard(club, night.event.name, _day(night.event.date), night.winner, tuple(rows), word)


def season_card(club: str, season: SeasonPage) -> ShareCard:
    """The card of a season (its qualified members first)."""
    sv = season.standings.season
    rows = tuple((r.place_text, r.name, r.score_text) for r in season.standings.rows[:10])
    lead = [r.name for r in season.standings.rows if r.place == 1]
    dates = " – ".join(f"{d.day} {d:%b %Y}" for d in (sv.start_date, sv.end_date) if d)
    dates = f"{dates} · {len(sv.events)} nights" if dates else f"{len(sv.events)} nights"
    return ShareCard(club, sv.name, dates, " & ".join(lead), rows, "score", "Season leader")


@lru_cache(maxsize=32)
def _font(size: int, bold: bool = False, fallback: bool = False) -> ImageFont.FreeTypeFont:
    name = "DroidSansFallbackFull.ttf" if fallback else ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    return ImageFont.truetype(str(resource_path("fonts", name)), size)


def _needs_fallback(text: str) -> bool:
    return any(unicodedata.east_asian_width(ch) in ("W", "F") for ch in text)


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, max_w: float, bold: bool = False, min_size: int = 24):
    """(text in display order, font) at the largest size ≤ ``size`` that
    fits ``max_w`` (cut with an ellipsis below ``min_size``)."""
    shown = visual_order(text)
    fb = _needs_fallback(text)
    while True:
        font = _font(size, bold and not fb, fb)
        if draw.textlength(shown, font=font) <= max_w or size <= min_size:
            break
        size -= 2
    while draw.textlength(shown, font=font) > max_w and len(shown) > 1:
        shown = shown[:-2] + "…"
    return shown, font


def share_image(card: ShareCard, size: str = "wide", theme: str = "light") -> bytes:
    """The card as PNG bytes at ``size`` (a key of :data:`SIZES`) in
    ``theme`` ("light" or "dark"). ``KeyError`` for an unknown size or theme."""
    w, h = SIZES[size]
    c = THEMES[theme]
    img = Image.new("RGB", (w, h), c["bg"])
    d = ImageDraw.Draw(img)
    pad = 48
    square = size == "square"
    band_h = 96
    d.rectangle((0, 0, w, band_h), fill=c["band"])
    text, font = _fit(d, card.club or "Euchre results", 44, w - 2 * pad, bold=True)
    d.text((pad, band_h / 2), text, font=font, fill=c["band_fg"], anchor="lm")
    # the night, its date, the winner
    if square:
        head_x, head_w, y = pad, w - 2 * pad, band_h + 36
    else:
        head_x, head_w, y = pad, 470, band_h + 40
    text, font = _fit(d, card.title, 52, head_w, bold=True, min_size=34)
    d.text((head_x, y), text, font=font, fill=c["fg"], anchor="la")
    y += font.size + 14
    text, font = _fit(d, card.date_text, 30, head_w, min_size=26)
    d.text((head_x, y), text, font=font, fill=c["muted"], anchor="la")
    y += font.size + (28 if square else 44)
    if card.winner:
        d.text((head_x, y), card.winner_word, font=_font(30), fill=c["muted"], anchor="la")
        y += 40
        text, font = _fit(d, card.winner, 56 if not square else 60, head_w, bold=True, min_size=32)
        d.text((head_x, y), text, font=font, fill=c["accent"], anchor="la")
        y += font.size + 30
    # the top ten
    rows = card.rows[:10]
    if square:
        list_x, list_w, top = pad, w - 2 * pad, max(y, 420)
    else:
        list_x, list_w, top = 560, w - 560 - pad, band_h + 28
    bottom = h - 28
    row_h = min(62, (bottom - top) / max(1, len(rows))) if rows else 0
    fs = int(min(40, max(30, row_h * 0.62)))
    for i, (place, name, points) in enumerate(rows):
        ry = top + i * row_h
        if i % 2 == 0:
            d.rectangle((list_x - 12, ry, list_x + list_w + 12, ry + row_h), fill=c["stripe"])
        mid = ry + row_h / 2
        bold = place.lstrip("=") == "1"
        d.text((list_x, mid), place, font=_font(fs, bold), fill=c["muted"], anchor="lm")
        pts_w = d.textlength(points, font=_font(fs, True)) if points else 0
        text, font = _fit(d, name, fs, list_w - 106 - pts_w - 20, bold=bold, min_size=26)
        d.text((list_x + 96, mid), text, font=font, fill=c["fg"], anchor="lm")
        if points:
            d.text((list_x + list_w, mid), points, font=_font(fs, True), fill=c["fg"], anchor="rm")
    if not rows:
        d.text((list_x, top + 20), "No scores yet", font=_font(36), fill=c["muted"], anchor="la")
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=True)
    return buf.getvalue()
