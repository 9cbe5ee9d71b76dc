"""The one page put on each table: "How to enter your table's hands" from
a phone (the app's phone server, :mod:`euchre_tourney.web`).

Plain words, big type, the steps in the order the table meets them; what
to do when the phone or the Wi-Fi fails (the tally sheet stays the record).
"""

from __future__ import annotations

import os
from typing import BinaryIO

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import ListFlowable, ListItem, Paragraph, SimpleDocTemplate, Spacer

from euchre_tourney.reports import fonts
from euchre_tourney.reports.scorecards import format_date
from euchre_tourney.reports.sheet import page_dimensions
from euchre_tourney.tournament import PhoneSheetView


NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def steps(view: PhoneSheetView) -> list[str]:
    """The page's numbered steps (plain text), for this event's settings and
    game: the seats and sides in the seat model's words (``view.side_titles``),
    the questions of the table's page in its order (a side game: the makers
    or the high bidder and the bid, the tricks, who went alone)."""
    first, second = view.side_titles
    players = NUMBERS.get(view.seats, str(view.seats))
    out = [
        "Scan the QR code on your table's tally sheet with a phone's camera. The page names your table, "
        f"the round and the {players} players by seat. No app and no account are needed.",
        f"Say which side is entering: {first} or {second} (the phone remembers it).",
    ]
    tricks = f"0 to {view.hand_size}"
    if view.entry_mode == "totals":
        out.append("At the end of the round, type each side's points and the loners each seat made, then "
                   "tap Save round totals.")
    elif view.auction:
        alone = ", and whether the bidder went alone" if view.may_go_alone else ""
        out.append(f"After each hand tap the high bidder's seat, the bid ({view.min_bid} to {view.max_bid}) and "
                   f"how many tricks the bidders took ({tricks}){alone}, then tap Save hand.")
    elif view.game_title:
        alone = ", and which seat went alone (if anyone)" if view.may_go_alone else ""
        out.append(f"After each hand tap which side named trump (the makers) and how many tricks they took "
                   f"({tricks}){alone}, then tap Save hand.")
    else:
        defender = " and whether a defender played alone" if view.defender_alone else ""
        out.append("After each hand tap who named trump (the makers), how many tricks they took, who went "
                   f"alone (if anyone){defender}, then tap Save hand.")
        if view.game_target:
            out.append(f"Keep going until a side reaches {view.game_target}: the page shows the game score.")
    if view.confirm_required:
        out.append("Pass the phone across the table: a player of the other side checks the hand and taps Agree. "
                   "The next hand can be entered once they agree. If they disagree, tap Disagree: the director "
                   "comes to the table.")
    else:
        out.append("The other side may tap Agree to confirm a hand, or Disagree to call the director.")
    out.append("Made a mistake? Tap Correct under the hand and save it again, until the director locks the round.")
    out.append("Keep filling in the tally sheet as well: if a phone or the Wi-Fi fails, the sheet is the record "
               "and the director types it in.")
    return out


def write_phone_howto(view: PhoneSheetView, out: str | os.PathLike | BinaryIO, *, page_size: str = "letter") -> None:
    """Write the one-page PDF for ``view`` to ``out`` on ``page_size``."""
    fonts.register_fonts()
    width, height = page_dimensions(page_size)
    title = ParagraphStyle("title", fontName=fonts.BOLD, fontSize=26, leading=31, spaceAfter=6)
    sub = ParagraphStyle("sub", fontName=fonts.REGULAR, fontSize=13, leading=17, spaceAfter=18)
    game = ParagraphStyle("game", fontName=fonts.BOLD, fontSize=15, leading=20, spaceBefore=-8, spaceAfter=16)
    body = ParagraphStyle("body", fontName=fonts.REGULAR, fontSize=15, leading=20, spaceAfter=10)
    doc = SimpleDocTemplate(out if not isinstance(out, os.PathLike) else str(out), pagesize=(width, height),
                            leftMargin=54, rightMargin=54, topMargin=54, bottomMargin=54,
                            title="How to enter your table's hands", author="Euchre Tourney")
    items = [ListItem(Paragraph(_escape(s), body), leftIndent=26, value=i + 1) for i, s in enumerate(steps(view))]
    story = [
        Paragraph("How to enter your table’s hands", title),
        Paragraph(_escape(f"{view.event_name} – {format_date(view.event_date)}"), sub),
        *([Paragraph(_escape(f"Tonight's game: {view.game_title}"), game)] if view.game_title else []),
        ListFlowable(items, bulletType="1", bulletFontName=fonts.BOLD, bulletFontSize=15, leftIndent=26),
        Spacer(1, 12),
        Paragraph("The page only works for your table, in the round being played. Keep the tally sheet "
                  "at the table: its QR code is your table's key.", sub),
    ]
    doc.build(story)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
