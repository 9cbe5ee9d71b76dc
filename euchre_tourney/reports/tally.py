"""Table tally sheets: one per round and table, several per sheet.

The sheet stays on the table for the round. Anatomy, top to bottom:

* event name and date; "Round r  Table t" in large type;
* the two partnerships side by side, North–South on the left and East–West
  on the right, each naming both seats; below, who sits out this round;
* one row per hand: hand number, makers (circle NS or EW), tricks the makers
  took (circle 0–5), alone (tick), points NS, points EW. The points columns
  are shaded like their partnership's box, so nobody writes in the wrong one;
* a totals row, then a line for each partnership's initials.

Side games (issue 24, :attr:`TallySheetView.game`): at a table of six the
two boxes name three players each (seats 1, 3, 5 and 2, 4, 6) and the makers
column circles "1·3·5" or "2·4·6"; in bid euchre the hand row asks the
bidder (circle N E S W), the bid (circle 2–5) and the tricks, with no alone
column.

Sizes come from :data:`TALLY_SIZES` (2 per page up to 12 hands).
"""

from __future__ import annotations

import os
from typing import BinaryIO, Sequence

from reportlab.pdfgen.canvas import Canvas

from euchre_tourney.reports import fonts
from euchre_tourney.reports.progress import Progress
from euchre_tourney.rules import Side, seat_letter, side_title
from euchre_tourney.reports.scorecards import format_date
from euchre_tourney.reports.sheet import CardSheetReport, CardSize, Layout, Rect, columns_from_widths, draw_qr
from euchre_tourney.tournament import TallySheetView

#: Card sizes, densest first: (name, columns, rows per page, min / max hand-row height in points).
TALLY_SIZES: tuple[CardSize, ...] = (
    CardSize("half", 1, 2, min_row_height=18.0, max_row_height=24.0),
    CardSize("full", 1, 1, min_row_height=12.0, max_row_height=28.0),
)

PAD = 4.0
HEADER_H = 30.0
TEAMS_H = 46.0  # room for a long name on two lines of at least 7 pt
SEAT_H = 15.0  # one seat's line(s) in the partnership box
SITOUT_H = 12.0
COLHEAD_H = 13.0
TOTALS_H = 20.0
SIGN_H = 20.0

NS_SHADE = 0.93  # fill grey of the North–South box and column
EW_SHADE = 0.84  # East–West, a shade darker

W_HAND = 32.0
W_MAKERS = 80.0
W_ALONE = 40.0
W_POINTS = 80.0
QR_SIZE = HEADER_H + TEAMS_H - 4  # the table's phone page: 72 pt, modules of about 0.6 mm
W_BID = 70.0

SIDE_HEADS = {
    "": (Side.NS.title, Side.EW.title, "NS", "EW"),
    "bid": (Side.NS.title, Side.EW.title, "NS", "EW"),
    "six": (side_title(0, 6), side_title(1, 6), "1·3·5", "2·4·6"),
}
"""Per game: the two boxes' titles and the short names of the sides."""


class TallySheetReport(CardSheetReport[TallySheetView]):
    """The tally sheets PDF (see the module docstring)."""

    sizes = TALLY_SIZES
    title = "Table tally sheets"
    empty_message = "No tally sheets to print: the round has no tables."
    fixed_height = 2 * PAD + HEADER_H + TEAMS_H + SITOUT_H + COLHEAD_H + TOTALS_H + SIGN_H

    def rows_needed(self, item: TallySheetView) -> int:
        return max(item.hands_per_round, 1)

    def footer_text(self, items: Sequence[TallySheetView]) -> str:
        first = items[0]
        return f"{first.event_name} \u2013 {format_date(first.event_date)} \u2013 table tally sheets"

    def columns(self, width: float, game: str = "") -> dict[str, tuple[float, float]]:
        """Column name -> (left x offset, width) in points (bid euchre: ``bid``
        in place of ``alone``)."""
        if game == "bid":
            tricks = width - W_HAND - W_MAKERS - W_BID - 2 * W_POINTS
            return columns_from_widths(
                [("hand", W_HAND), ("makers", W_MAKERS), ("bid", W_BID), ("tricks", tricks), ("ns", W_POINTS), ("ew", W_POINTS)]
            )
        tricks = width - W_HAND - W_MAKERS - W_ALONE - 2 * W_POINTS
        order = [
            ("hand", W_HAND),
            ("makers", W_MAKERS),
            ("tricks", tricks),
            ("alone", W_ALONE),
            ("ns", W_POINTS),
            ("ew", W_POINTS),
        ]
        return columns_from_widths(order)

    def draw_card(self, canvas: Canvas, sheet: TallySheetView, rect: Rect, layout: Layout) -> None:
        left = rect.x + PAD
        width = rect.width - 2 * PAD
        top = rect.top - PAD
        hands = max(sheet.hands_per_round, 1)
        row_h = layout.row_height
        pen = fonts.Pen(canvas)
        inner = width  # the header and the partnerships leave room for the phones' QR code
        if sheet.phone_url:  # one form per table's address: a table's sheets of every round place the same code
            url = sheet.phone_url
            spot = Rect(left + width - QR_SIZE, top - QR_SIZE, QR_SIZE, QR_SIZE)
            self.stamp(canvas, ("qr", url), spot, lambda c: draw_qr(c, url, 0, 0, QR_SIZE))
            inner = width - QR_SIZE - 6

        # -- header ----------------------------------------------------
        date_text = format_date(sheet.event_date)
        title = f"Round {sheet.round}   Table {sheet.table_text}"
        title_w = fonts.text_width(title, 18, bold=True)
        pen.text(left, top - 18, title, 18, bold=True)
        pen.text(left + inner, top - 9, date_text, 8, align="right")
        pen.fitted(left + inner, top - 20, sheet.event_name, inner - title_w - 20, 9, 5, bold=True, align="right")

        # -- partnerships ----------------------------------------------
        y_teams_top = top - HEADER_H
        half = (inner - 8) / 2
        # the sides sit alternately (seats 1, 3, 5 against 2, 4, 6; at four North-South against East-West)
        teams = tuple(
            (side_title(side, sheet.size), team, sheet.side_names(side), x)
            for side, team, x in ((0, sheet.ns_team, left), (1, sheet.ew_team, left + half + 8))
        )
        for (label, team, seats, x), shade in zip(teams, (NS_SHADE, EW_SHADE)):
            canvas.setFillGray(shade)
            canvas.setLineWidth(0.8)
            canvas.roundRect(x, y_teams_top - TEAMS_H + 2, half, TEAMS_H - 2, 3, stroke=1, fill=1)
            lw = pen.text(x + 5, y_teams_top - 11, label, 8, bold=True)
            if team:  # a team event names the partnership
                pen.fitted(x + 11 + lw, y_teams_top - 11, team, half - lw - 16, 8, 5, bold=True)
            line_h = SEAT_H if len(seats) == 2 else SEAT_H * 2 / 3
            y = y_teams_top - (23.5 if len(seats) == 2 else 20.5)
            for seat, name in seats:
                pen.text(x + 5, y, seat, 7.5)
                # a long name: two lines of at least 7 pt before it shrinks
                size, lines = fonts.wrap_lines([(name or "\u2014", True)], half - 43, line_h, 10, leading=1.05)
                if len(lines) == 1:
                    pen.fitted(x + 38, y, lines[0][0], half - 43, size, 5, bold=True)
                else:
                    pen.fitted(x + 38, y + size * 0.55, lines[0][0], half - 43, size, 4, bold=True)
                    pen.fitted(x + 38, y - size * 0.55, lines[1][0], half - 43, size, 4, bold=True)
                y -= line_h

        y = y_teams_top - TEAMS_H
        if sheet.sit_out:
            lead = "Bye this round: " if sheet.ns_team else "Sitting out this round: "  # team events have byes
            text = lead + ", ".join(sheet.sit_out)
            pen.fitted(left, y - 9, text, width, 7.5, 4)

        canvas.setFillGray(0)
        pen.flush()  # before the form: the names read first when text is extracted

        # -- what every sheet of this shape shares ----------------------
        qr = bool(sheet.phone_url)
        key = ("tally", rect.width, rect.height, hands, row_h, qr, sheet.game)
        self.stamp(canvas, key, rect, lambda c: self._draw_form(c, rect.width, rect.height, hands, row_h, qr, sheet.game))

    def _draw_form(
        self, canvas: Canvas, card_w: float, card_h: float, hands: int, row_h: float, qr: bool = False, game: str = ""
    ) -> None:
        """Boxes, grid, hand rows and printed labels; the sheet's lower-left
        corner at (0, 0); ``qr``: room is left for the phones' QR code;
        ``game``: the columns of that game (:data:`SIDE_HEADS`)."""
        left, top, width = PAD, card_h - PAD, card_w - 2 * PAD
        cols = self.columns(width, game)
        _, _, short_a, short_b = SIDE_HEADS[game]
        pen = fonts.Pen(canvas)
        label = "Tally sheet \u2013 stays on the table" + (" \u2013 scan the code to enter hands" if qr else "")
        pen.text(left + width - (QR_SIZE + 6 if qr else 0), top - 28, label, 6.5, align="right")
        half = (width - 8) / 2
        y = top - HEADER_H - TEAMS_H

        # -- column heads ----------------------------------------------
        y_head_top = y - SITOUT_H
        y_body_top = y_head_top - COLHEAD_H
        canvas.setFillGray(0.75)
        canvas.rect(left, y_body_top, width, COLHEAD_H, stroke=0, fill=1)
        ns_x, ns_w = cols["ns"]
        ew_x, ew_w = cols["ew"]
        body_bottom = y_body_top - hands * row_h
        tot_bottom = body_bottom - TOTALS_H
        canvas.setFillGray(NS_SHADE)
        canvas.rect(left + ns_x, tot_bottom, ns_w, y_body_top - tot_bottom, stroke=0, fill=1)
        canvas.setFillGray(EW_SHADE)
        canvas.rect(left + ew_x, tot_bottom, ew_w, y_body_top - tot_bottom, stroke=0, fill=1)
        canvas.setFillGray(0)
        heads = {
            "hand": "Hand",
            "makers": "Bidder" if game == "bid" else "Makers",
            "tricks": "Tricks taken by the bidders" if game == "bid" else "Tricks taken by the makers",
            "bid" if game == "bid" else "alone": "Bid" if game == "bid" else "Alone",
            "ns": f"Points {short_a}",
            "ew": f"Points {short_b}",
        }
        for key, text in heads.items():
            x, w = cols[key]
            pen.fitted(left + x + w / 2, y_body_top + 3.5, text, w - 2, 7.5, 5, bold=True, align="center")

        # -- hand rows -------------------------------------------------
        size = min(9.0, row_h * 0.45)
        mx, mw = cols["makers"]
        tx, tw = cols["tricks"]
        ax, aw = cols["bid" if game == "bid" else "alone"]
        hx, hw = cols["hand"]
        for h in range(hands):
            base = y_body_top - (h + 1) * row_h + row_h / 2 - size * 0.35
            pen.text(left + hx + hw / 2, base, str(h + 1), size + 1, bold=True, align="center")
            if game == "bid":  # circle the bidder's seat and the bid
                for i in range(4):
                    pen.text(left + mx + mw * (i + 0.5) / 4, base, seat_letter(i, 4), size, align="center")
                for i, bid in enumerate(range(2, 6)):
                    pen.text(left + ax + aw * (i + 0.5) / 4, base, str(bid), size, align="center")
            else:
                pen.text(left + mx + mw * 0.3, base, short_a, size, align="center")
                pen.text(left + mx + mw * 0.7, base, short_b, size, align="center")
            for t in range(6):
                pen.text(left + tx + tw * (t + 0.5) / 6, base, str(t), size, align="center")
            if game == "bid":
                continue
            bs = min(10.0, row_h * 0.5)
            canvas.setLineWidth(0.6)
            canvas.rect(left + ax + (aw - bs) / 2, y_body_top - (h + 1) * row_h + (row_h - bs) / 2, bs, bs, stroke=1, fill=0)

        # -- totals ----------------------------------------------------
        pen.text(left + ns_x - 6, tot_bottom + 6.5, "Totals", 9, bold=True, align="right")

        # -- grid ------------------------------------------------------
        canvas.setLineWidth(0.5)
        lines = [(left, y_head_top, left + width, y_head_top)]
        for i in range(hands + 1):
            yy = y_body_top - i * row_h
            lines.append((left, yy, left + width, yy))
        for key in ("makers", "tricks", "bid" if game == "bid" else "alone"):
            x, _ = cols[key]
            lines.append((left + x, y_head_top, left + x, body_bottom))
        lines.append((left + ns_x, y_head_top, left + ns_x, tot_bottom))
        lines.append((left + ew_x, y_head_top, left + ew_x, tot_bottom))
        lines.append((left + ns_x, tot_bottom, left + width, tot_bottom))
        lines.append((left + width, body_bottom, left + width, tot_bottom))
        canvas.lines(lines)
        canvas.setLineWidth(1)
        canvas.rect(left, body_bottom, width, y_head_top - body_bottom, stroke=1, fill=0)
        canvas.setLineWidth(1.5)
        canvas.rect(left + ns_x, tot_bottom, ns_w, TOTALS_H, stroke=1, fill=0)
        canvas.rect(left + ew_x, tot_bottom, ew_w, TOTALS_H, stroke=1, fill=0)

        # -- initials --------------------------------------------------
        sy = tot_bottom - SIGN_H + 5
        pen.text(left, sy, f"Initials {short_a}", 7.5)
        pen.text(left + half + 8, sy, f"Initials {short_b}", 7.5)
        canvas.setLineWidth(0.5)
        canvas.line(left + 48, sy - 1, left + half - 10, sy - 1)
        canvas.line(left + half + 56, sy - 1, left + width, sy - 1)
        pen.flush()


def write_tally_sheets(
    sheets: Sequence[TallySheetView],
    out: str | os.PathLike | BinaryIO,
    *,
    page_size: str = "letter",
    progress: Progress | None = None,
) -> None:
    """Write one tally sheet per round and table to a PDF.

    ``sheets``: in print order (e.g. round, then table). ``out``: a path or a
    writable binary file object. ``page_size``: "letter" or "a4". Two sheets
    per page (one per page past 12 hands), dashed cut lines between.
    An empty ``sheets`` gives a one-page PDF saying so. ``progress(done,
    total)``: sheets drawn so far, after each page (it may raise to stop).
    A table's QR code (``phone_url``) is drawn once and placed on each of
    its sheets.

    Raises ``ValueError`` for any other ``page_size``.
    """
    TallySheetReport(page_size).write(sheets, out, progress)
