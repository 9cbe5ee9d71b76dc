"""Player scorecards: one card per player, several cards per sheet.

A card is the full width of the page (names need the width; a 60-character
name prints whole, on two lines of at least 7 pt where one is not enough) and a third, half or whole page tall,
picked from :data:`SCORECARD_SIZES` by the number of rounds so every round row
stays tall enough to write in with a pencil.

Card anatomy, top to bottom:

* header: event name and date; the player's number and name;
* column heads: Rnd, Table, Seat, Partner / opponents, one box per hand
  (numbered 1..hands_per_round), Loners, Round total, Running total;
* one row per round. The names cell holds the partner in bold over
  "vs <opponent> · <opponent>"; a line that does not fit at 7 pt wraps onto
  two (between the opponents when it can), and only then shrinks. A sit-out row says "Sits out" in
  place of table, seat and names, and its hand boxes are shaded; the round
  and running totals stay open for the director (e.g. an average score);
* a totals row: loners for the night and the final score.
"""

from __future__ import annotations

import os
from datetime import date
from typing import BinaryIO, Sequence

from reportlab.pdfgen.canvas import Canvas

from euchre_tourney.reports import fonts
from euchre_tourney.reports.progress import Progress
from euchre_tourney.rules import seat_title
from euchre_tourney.reports.sheet import CardSheetReport, CardSize, Layout, Rect, columns_from_widths
from euchre_tourney.tournament import PlayerRoundView, ScorecardView

#: Card sizes, densest first: (name, columns, rows per page, min / max body row height in points).
#: 3 per page for up to ~6 rounds, 2 per page up to ~13, then a page each.
SCORECARD_SIZES: tuple[CardSize, ...] = (
    CardSize("third", 1, 3, min_row_height=22.0, max_row_height=36.0),
    CardSize("half", 1, 2, min_row_height=21.0, max_row_height=36.0),
    CardSize("full", 1, 1, min_row_height=14.0, max_row_height=36.0),
)

PAD = 4.0  # inner padding of a card, points
HEADER_H = 36.0  # event line + player line
COLHEAD_H = 20.0
TOTALS_H = 18.0

CARD_LABEL = "Scorecard"

# fixed column widths in points; the names column takes what is left
W_ROUND = 22.0
W_TABLE = 28.0
W_SEAT = 34.0
W_LONERS = 30.0
W_ROUND_TOTAL = 34.0
W_RUNNING = 40.0
BOX_W = 20.0  # preferred width of a hand box
MIN_NAMES_W = 190.0


def format_date(d: date) -> str:
    """``date`` as e.g. "Fri 20 Nov 2026" (English, independent of locale)."""
    days = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
    months = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
    return f"{days[d.weekday()]} {d.day} {months[d.month - 1]} {d.year}"


def seat_name(seat: int | None, size: int = 4) -> str:
    """A position at a table of ``size`` in words (:func:`~euchre_tourney.rules.seat_title`):
    ``Seat.NORTH`` -> ``"North"``, position 2 of six -> ``"Seat 3"``; ``None`` (sits out) -> ``""``."""
    return "" if seat is None else seat_title(seat, size)


class ScorecardReport(CardSheetReport[ScorecardView]):
    """The scorecards PDF (see the module docstring for the card's anatomy)."""

    sizes = SCORECARD_SIZES
    title = "Player scorecards"
    empty_message = "No scorecards to print: no players are checked in."
    fixed_height = 2 * PAD + HEADER_H + COLHEAD_H + TOTALS_H

    def rows_needed(self, item: ScorecardView) -> int:
        return len(item.rounds)

    def footer_text(self, items: Sequence[ScorecardView]) -> str:
        first = items[0]
        return f"{first.event_name} \u2013 {format_date(first.event_date)} \u2013 player scorecards"

    def columns(self, width: float, hands: int) -> dict[str, tuple[float, float]]:
        """Column name -> (left x offset, width) for a card ``width`` points wide."""
        fixed = W_ROUND + W_TABLE + W_SEAT + W_LONERS + W_ROUND_TOTAL + W_RUNNING
        hands = max(hands, 1)
        box = min(BOX_W, max(8.0, (width - fixed - MIN_NAMES_W) / hands))
        names = width - fixed - box * hands
        order = [
            ("round", W_ROUND),
            ("table", W_TABLE),
            ("seat", W_SEAT),
            ("names", names),
            ("hands", box * hands),
            ("loners", W_LONERS),
            ("round_total", W_ROUND_TOTAL),
            ("running", W_RUNNING),
        ]
        return columns_from_widths(order)

    def draw_card(self, canvas: Canvas, card: ScorecardView, rect: Rect, layout: Layout) -> None:
        width = rect.width - 2 * PAD
        hands = max(card.hands_per_round, 1)
        cols = self.columns(width, hands)
        row_h = layout.row_height
        n = len(card.rounds)
        left = rect.x + PAD
        top = rect.top - PAD
        pen = fonts.Pen(canvas)

        # -- header ----------------------------------------------------
        date_text = format_date(card.event_date)
        date_w = fonts.text_width(date_text, 9)
        title = f"{card.event_name} \u2013 section {card.section}" if card.section else card.event_name
        pen.fitted(left, top - 9, title, width - date_w - 12, 9, 5, bold=True)
        pen.text(left + width, top - 9, date_text, 9, align="right")
        num_text = f"#{card.number}"
        num_w = max(30.0, fonts.text_width(num_text, 13, bold=True) + 10)
        base = top - 31
        canvas.setLineWidth(1)
        canvas.roundRect(left, base - 5, num_w, 21, 3, stroke=1, fill=0)
        pen.text(left + num_w / 2, base, num_text, 13, bold=True, align="center")
        name_x = left + num_w + 8
        label_w = fonts.text_width(CARD_LABEL, 7)
        if card.phone_url:  # the player's page on the phone server, under the card's label
            label_w = max(label_w, fonts.text_width(card.phone_url, 6))
            pen.text(left + width, top - 29, card.phone_url, 6, align="right")
        pen.fitted(name_x, base, card.player_name, left + width - name_x - label_w - 6, 15, 6, bold=True)
        pen.flush()  # the header reads first when text is extracted

        # -- rounds (sit-out shading goes under the grid) ---------------
        y = top - HEADER_H - COLHEAD_H
        for rnd in card.rounds:
            self._draw_round(canvas, pen, rnd, left, y - row_h, row_h, cols, hands)
            y -= row_h

        # -- what every card of this shape shares -----------------------
        key = ("scorecard", rect.width, rect.height, hands, n, row_h)
        self.stamp(canvas, key, rect, lambda c: self._draw_form(c, rect.width, rect.height, hands, n, row_h))
        pen.flush()

    def _draw_form(self, canvas: Canvas, card_w: float, card_h: float, hands: int, n: int, row_h: float) -> None:
        """Column heads, grid, printed labels; the card's lower-left corner at (0, 0)."""
        left, top, width = PAD, card_h - PAD, card_w - 2 * PAD
        cols = self.columns(width, hands)
        pen = fonts.Pen(canvas)
        pen.text(left + width, top - 21, CARD_LABEL, 7, align="right")

        # -- column heads ----------------------------------------------
        y_head_top = top - HEADER_H
        y_body_top = y_head_top - COLHEAD_H
        canvas.setFillGray(0.88)
        canvas.rect(left, y_body_top, width, COLHEAD_H, stroke=0, fill=1)
        canvas.setFillGray(0)
        ty = y_body_top + COLHEAD_H / 2 - 2.5
        heads = {
            "round": "Rnd",
            "table": "Table",
            "seat": "Seat",
            "names": "Partner / opponents",
            "loners": "Loners",
            "round_total": "Round",
            "running": "Total",
        }
        for key, text in heads.items():
            x, w = cols[key]
            pen.fitted(left + x + w / 2, ty, text, w - 2, 7, 5, bold=True, align="center")
        hx, hw = cols["hands"]
        box_w = hw / hands
        pen.fitted(left + hx + hw / 2, y_body_top + 12.5, "Points each hand", hw - 2, 7, 5, bold=True, align="center")
        for h in range(hands):
            pen.fitted(left + hx + (h + 0.5) * box_w, y_body_top + 3, str(h + 1), box_w - 1, 7, 4, align="center")

        # -- totals row ------------------------------------------------
        body_bottom = y_body_top - n * row_h
        tot_bottom = body_bottom - TOTALS_H
        lx, _ = cols["loners"]
        rx, rw = cols["round_total"]
        sx, sw = cols["running"]
        pen.text(left + lx - 4, tot_bottom + 5.5, "Loners and final score", 7.5, bold=True, align="right")
        canvas.setFillGray(0.88)
        canvas.rect(left + rx, tot_bottom, rw, TOTALS_H, stroke=0, fill=1)
        canvas.setFillGray(0)

        # -- grid ------------------------------------------------------
        canvas.setLineWidth(0.5)
        lines = []
        for i in range(n + 1):
            yy = y_body_top - i * row_h
            lines.append((left, yy, left + width, yy))
        lines.append((left, y_head_top, left + width, y_head_top))
        for key in ("table", "seat", "names", "hands", "loners", "round_total", "running"):
            x, _ = cols[key]
            lines.append((left + x, y_head_top, left + x, body_bottom))
        lines.append((left, y_head_top, left, body_bottom))
        lines.append((left + width, y_head_top, left + width, tot_bottom))
        lines.append((left + hx, y_body_top + 9, left + hx + hw, y_body_top + 9))
        for h in range(1, hands):
            x = left + hx + h * box_w
            lines.append((x, y_body_top + 9, x, body_bottom))
        lines.append((left + lx, body_bottom, left + lx, tot_bottom))
        lines.append((left + rx, body_bottom, left + rx, tot_bottom))
        lines.append((left + sx, body_bottom, left + sx, tot_bottom))
        lines.append((left + lx, tot_bottom, left + width, tot_bottom))
        canvas.lines(lines)
        canvas.setLineWidth(1.5)
        canvas.rect(left + sx, tot_bottom, sw, TOTALS_H, stroke=1, fill=0)
        canvas.setLineWidth(1)
        canvas.rect(left, body_bottom, width, y_head_top - body_bottom, stroke=1, fill=0)
        pen.flush()

    def _draw_round(
        self,
        canvas: Canvas,
        pen: fonts.Pen,
        rnd: PlayerRoundView,
        left: float,
        bottom: float,
        row_h: float,
        cols: dict[str, tuple[float, float]],
        hands: int,
    ) -> None:
        mid = bottom + row_h / 2
        big = min(11.0, row_h * 0.5)
        x, w = cols["round"]
        pen.text(left + x + w / 2, mid - big * 0.35, str(rnd.round), big, bold=True, align="center")
        nx, nw = cols["names"]
        hx, hw = cols["hands"]
        if rnd.sitting_out:
            canvas.setFillGray(0.9)
            tx, _ = cols["table"]
            canvas.rect(left + tx, bottom, nx - tx, row_h, stroke=0, fill=1)
            canvas.rect(left + hx, bottom, hw + cols["loners"][1], row_h, stroke=0, fill=1)
            canvas.setFillGray(0)
            size = min(10.0, row_h * 0.4)
            pen.text(left + nx + 3, mid + 1, "Sits out", size, bold=True)
            note = "no play this round"
            pen.fitted(left + nx + 3, mid - size * 0.9, note, nw - 6, min(7.0, row_h * 0.28), 4)
            return
        tx, tw = cols["table"]
        pen.text(left + tx + tw / 2, mid - big * 0.35, rnd.table_text, big, bold=True, align="center")
        sx, sw = cols["seat"]
        pen.fitted(left + sx + sw / 2, mid - 2.8, seat_name(rnd.seat, rnd.size), sw - 3, 8, 5, align="center")

        self._draw_names(pen, rnd, left + nx + 3, bottom, nw - 6, row_h)

    @staticmethod
    def _draw_names(pen: fonts.Pen, rnd: PlayerRoundView, x: float, bottom: float, width: float, row_h: float) -> None:
        """Partner (bold) over "vs <opponent> · <opponent>". A line that
        does not fit at 7 pt wraps onto two lines (between the two opponents
        when it can, else at the most even space); only when the lines do not
        fit the row at 7 pt does the text shrink (:func:`fonts.wrap_lines`)."""
        partner = rnd.partner or "\u2014"
        items = [(partner, True)]
        if rnd.opponents:
            items.append(("vs " + " \u00b7 ".join(rnd.opponents), False))
        leading = 1.12
        size, lines = fonts.wrap_lines(items, width, row_h - 2.0, min(9.5, row_h * 0.31), leading=leading)
        line_h = max(size * leading, (row_h - 2.0) / len(lines))  # few lines: spread over the row
        y = bottom + (row_h + len(lines) * line_h) / 2 - line_h + (line_h - size * 0.72) / 2
        for text, bold in lines:
            pen.fitted(x, y, text, width, size, 4, bold=bold)
            y -= line_h


def write_scorecards(
    cards: Sequence[ScorecardView],
    out: str | os.PathLike | BinaryIO,
    *,
    page_size: str = "letter",
    progress: Progress | None = None,
) -> None:
    """Write one scorecard per player to a PDF.

    ``cards``: in print order (e.g. by player number). ``out``: a path or a
    writable binary file object. ``page_size``: "letter" (8.5 x 11 in) or
    "a4" (210 x 297 mm). Cards are full page width; 3, 2 or 1 per page by the
    number of rounds (see :data:`SCORECARD_SIZES`), with dashed cut lines.
    An empty ``cards`` gives a one-page PDF saying so. ``progress(done,
    total)``: cards drawn so far, after each page (it may raise to stop).

    Raises ``ValueError`` for any other ``page_size``.
    """
    ScorecardReport(page_size).write(cards, out, progress)
