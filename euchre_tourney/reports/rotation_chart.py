"""The rotation chart for the wall: every player, every round, at a glance.

One row per player, sorted by name (people look for their own name), one
column per round; a cell gives the table in bold and the seat letter
(N, E, S, W), or "out" on a shaded cell for a sit-out. Pages are landscape
when there are more than 6 rounds, the column heads repeat on every page,
and rows are striped in groups of three so a finger can follow a line.

The input is the same :class:`ScorecardView` list the scorecards take: it
already holds each player's table and seat for every round, so the chart
needs no read model of its own.
"""

from __future__ import annotations

import os
from typing import BinaryIO, Sequence

from reportlab.pdfgen.canvas import Canvas

from euchre_tourney.reports import fonts
from euchre_tourney.reports.progress import Progress
from euchre_tourney.rules import seat_letter, seat_title
from euchre_tourney.reports.scorecards import format_date
from euchre_tourney.reports.sheet import MARGIN, page_dimensions
from euchre_tourney.tournament import ScorecardView, collation_key

HEADER_H = 34.0  # title block, points
COLHEAD_H = 18.0
ROW_H = 17.0  # preferred row height; shrinks to MIN_ROW_H to keep a page from having a handful of rows
MIN_ROW_H = 13.0
W_NUMBER = 26.0
NAME_MIN, NAME_MAX = 150.0, 260.0
LANDSCAPE_AFTER_ROUNDS = 6


def _sort_key(card: ScorecardView) -> tuple:
    """Alphabetical for people (:func:`~euchre_tourney.tournament.collation_key`: Ł beside L), then by number."""
    return (collation_key(card.player_name), card.number)


def write_rotation_chart(
    cards: Sequence[ScorecardView],
    out: str | os.PathLike | BinaryIO,
    *,
    page_size: str = "letter",
    progress: Progress | None = None,
) -> None:
    """Write the wall chart: each player's table and seat for every round.

    ``cards``: the players' scorecards (any order; the chart sorts by name).
    ``out``: a path or a writable binary file object. ``page_size``:
    "letter" or "a4", turned landscape past 6 rounds. An empty ``cards``
    gives a one-page PDF saying so. ``progress(done, total)``: players'
    rows drawn so far, after each page (it may raise to stop).

    Raises ``ValueError`` for any other ``page_size``.
    """
    width, height = page_dimensions(page_size)
    fonts.register_fonts()
    rounds = max((len(c.rounds) for c in cards), default=0)
    if rounds > LANDSCAPE_AFTER_ROUNDS:
        width, height = height, width
    target = os.fspath(out) if isinstance(out, (str, os.PathLike)) else out
    canvas = Canvas(target, pagesize=(width, height), pageCompression=0, invariant=1)
    canvas.setTitle("Rotation chart")
    canvas.setCreator("euchre_tourney")
    if not cards:
        fonts.draw_text(canvas, MARGIN, height - MARGIN - 14, "No rotation to print: no players are checked in.", 12)
        canvas.showPage()
        canvas.save()
        return

    players = sorted(cards, key=_sort_key)
    first = players[0]
    sizes = {r.size for c in players for r in c.rounds if r.seat is not None} or {4}
    most = max(sizes)
    seats_legend = (
        ", ".join(f"{seat_letter(p, 4)} {seat_title(p, 4)}" for p in range(4)) if sizes == {4}
        else f"s1 to s{most} seats 1 to {most} clockwise, partners on alternate seats"
    )
    usable_w = width - 2 * MARGIN
    name_w = max(NAME_MIN, min(NAME_MAX, usable_w - W_NUMBER - rounds * 40.0))
    cell_w = (usable_w - W_NUMBER - name_w) / max(rounds, 1)
    body_h = height - 2 * MARGIN - HEADER_H - COLHEAD_H - 12
    per_page = max(1, int(body_h // ROW_H))
    pages = -(-len(players) // per_page)
    if pages > 1 and len(players) - (pages - 1) * per_page < 4:
        per_page = max(per_page, min(int(body_h // MIN_ROW_H), -(-len(players) // (pages - 1))))
        pages = -(-len(players) // per_page)
    row_h = min(ROW_H, body_h / per_page)
    size = min(10.0, row_h * 0.62)
    left = MARGIN
    sections = {c.section for c in cards if c.section}
    one = f" \u2013 section {sections.pop()}" if len(sections) == 1 else ""
    title = f"{first.event_name}{one} \u2013 rotation"

    for p in range(pages):
        chunk = players[p * per_page : (p + 1) * per_page]
        pen = fonts.Pen(canvas)
        top = height - MARGIN
        pen.fitted(left, top - 16, title, usable_w - 150, 16, 8, bold=True)
        pen.text(left + usable_w, top - 16, format_date(first.event_date), 11, align="right")
        pen.text(left, top - 29, f"Find your name; each round shows your table (bold) and seat: {seats_legend}. \u201cout\u201d: you sit out that round.", 7.5)

        y_head_top = top - HEADER_H
        y_body_top = y_head_top - COLHEAD_H
        canvas.setFillGray(0.8)
        canvas.rect(left, y_body_top, usable_w, COLHEAD_H, stroke=0, fill=1)
        for i in range(len(chunk)):
            if (i // 3) % 2 == 1:
                canvas.setFillGray(0.94)
                canvas.rect(left, y_body_top - (i + 1) * row_h, usable_w, row_h, stroke=0, fill=1)
        hy = y_body_top + COLHEAD_H / 2 - 3
        pen.text(left + W_NUMBER / 2, hy, "#", 8.5, bold=True, align="center")
        pen.text(left + W_NUMBER + 4, hy, "Player", 8.5, bold=True)
        for r in range(rounds):
            pen.fitted(left + W_NUMBER + name_w + (r + 0.5) * cell_w, hy, f"Round {r + 1}", cell_w - 2, 8.5, 5, bold=True, align="center")

        for i, card in enumerate(chunk):
            bottom = y_body_top - (i + 1) * row_h
            base = bottom + (row_h - size * 0.72) / 2
            pen.text(left + W_NUMBER / 2, base, str(card.number), size * 0.85, align="center")
            pen.fitted(left + W_NUMBER + 4, base, card.player_name, name_w - 8, size, 5, bold=True)
            for rnd in card.rounds:
                if not 1 <= rnd.round <= rounds:
                    continue
                cx = left + W_NUMBER + name_w + (rnd.round - 0.5) * cell_w
                if rnd.sitting_out or rnd.table is None:
                    canvas.setFillGray(0.8)
                    canvas.rect(cx - cell_w / 2, bottom, cell_w, row_h, stroke=0, fill=1)
                    pen.text(cx, base, "out", size * 0.85, align="center")
                    continue
                table = rnd.table_text
                seat = rnd.seat_mark
                tw = fonts.text_width(table, size, bold=True)
                sw = fonts.text_width(" " + seat, size * 0.8)
                x0 = cx - (tw + sw) / 2
                pen.text(x0, base, table, size, bold=True)
                pen.text(x0 + tw, base, " " + seat, size * 0.8)
        canvas.setFillGray(0)

        body_bottom = y_body_top - len(chunk) * row_h
        canvas.setLineWidth(0.4)
        lines = [(left, y_head_top, left + usable_w, y_head_top), (left, y_body_top, left + usable_w, y_body_top)]
        for x in [left, left + W_NUMBER, left + W_NUMBER + name_w] + [left + W_NUMBER + name_w + r * cell_w for r in range(1, rounds)] + [left + usable_w]:
            lines.append((x, y_head_top, x, body_bottom))
        for i in range(3, len(chunk), 3):
            y = y_body_top - i * row_h
            lines.append((left, y, left + usable_w, y))
        lines.append((left, body_bottom, left + usable_w, body_bottom))
        canvas.lines(lines)
        pen.flush()
        canvas.setFillGray(0.4)
        fonts.draw_text(canvas, left + usable_w, MARGIN + 1, f"page {p + 1} of {pages}", 6.5, align="right")
        canvas.showPage()
        if progress is not None:
            progress(min(len(players), (p + 1) * per_page), len(players))
    canvas.save()
