"""The season's sheets for the notice board, a member's one-page history,
and the elimination bracket for the wall.

* :func:`write_season_sheets` -- the season standings (landscape, as many
  pages as needed, one column per night), the members' nights-played list,
  and a certificate-style page for each member placed 1st to 3rd;
* :func:`write_player_page` -- one page: a member's totals, nights, best
  and worst partners and rating history;
* :func:`write_bracket` -- the bracket, landscape, on Letter/A4 or (``large``)
  on the large format of the same family (Tabloid 11 × 17 in / A3), winners'
  bracket above, losers' bracket below, the finals on the right.

Text goes through :mod:`.fonts` (every script the roster may hold).
"""

from __future__ import annotations

import os
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from euchre_tourney.reports import fonts
from euchre_tourney.reports.bracket_layout import layout_bracket
from euchre_tourney.reports.sheet import MARGIN, draw_table_pages, page_dimensions
from euchre_tourney.tournament import BracketView, NightsPlayedView, PlayerHistoryView, RatingRow, SeasonStandingsView

LARGE = {"letter": (792.0, 1224.0), "a4": (841.89, 1190.55)}
"""The large formats: Tabloid (11 × 17 in) and A3, in points."""


def _canvas(out, size, title: str) -> Canvas:
    target = os.fspath(out) if isinstance(out, (str, os.PathLike)) else out
    canvas = Canvas(target, pagesize=size, pageCompression=0, invariant=1)
    canvas.setTitle(title)
    canvas.setCreator("euchre_tourney")
    return canvas


def _landscape(page_size: str) -> tuple[float, float]:
    w, h = page_dimensions(page_size)
    return max(w, h), min(w, h)


def _table(canvas: Canvas, size, title: str, heads, rows, notes: str = "") -> None:
    draw_table_pages(canvas, size, title, heads, rows, notes=notes, bold=(0, 2))


def _standings_table(view: SeasonStandingsView):
    events = view.season.events
    heads = [("Place", 34), ("Name", 0), ("Score", 44), ("Nights", 38), ("Points", 40), ("Won", 30), ("Loners", 38)]
    heads += [(f"N{i}", 28) for i in range(1, len(events) + 1)]
    rows = []
    for r in view.rows:
        nights = ["" if eid not in r.night_scores else f"{r.night_scores[eid]}" + ("" if eid in r.counted else "*") for eid, *_ in events]
        rows.append([r.place_text, r.name, r.score_text, r.nights, r.points, r.rounds_won, r.loners] + nights)
    key = "  ".join(f"N{i}: {name} {d:%d %b}" for i, (_e, name, d, _k) in enumerate(events, start=1))
    notes = (f"{view.season.rules_text[:1].upper()}{view.season.rules_text[1:]}. Ties broken by "
             + ", then ".join(t.lower() for t in view.tie_breaks) + ". * a night not counted. – not qualified.   " + key)
    return heads, rows, notes


def _certificate(canvas: Canvas, size, season: str, place: int, name: str, detail: str) -> None:
    width, height = size
    canvas.setLineWidth(6)
    canvas.setStrokeColorRGB(0.55, 0.42, 0.1)
    canvas.rect(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN)
    canvas.setLineWidth(1.5)
    canvas.rect(MARGIN + 12, MARGIN + 12, width - 2 * MARGIN - 24, height - 2 * MARGIN - 24)
    canvas.setStrokeColorRGB(0, 0, 0)
    titles = {1: "Season Champion", 2: "Season Runner-up", 3: "Third Place"}
    pen = fonts.Pen(canvas)
    mid = width / 2
    pen.text(mid, height - 150, "Certificate of Achievement", 22, align="center")
    pen.fitted(mid, height * 0.58, titles.get(place, f"Place {place}"), width - 200, 44, 20, bold=True, align="center")
    pen.fitted(mid, height * 0.45, name, width - 200, 52, 16, bold=True, align="center")
    pen.text(mid, height * 0.36, season, 20, align="center")
    pen.text(mid, height * 0.30, detail, 14, align="center")
    pen.flush()
    canvas.showPage()


def write_season_sheets(
    data: tuple[SeasonStandingsView, NightsPlayedView], out: str | os.PathLike | BinaryIO, *,
    page_size: str = "letter", certificates: bool = True,
) -> None:
    """The season standings, the nights-played list and (``certificates``)
    a page per member placed 1st to 3rd, landscape. ``ValueError`` for an
    unknown page size; ``OSError`` if the file cannot be written."""
    view, played = data
    size = _landscape(page_size)
    fonts.register_fonts()
    canvas = _canvas(out, size, f"Season standings – {view.season.name}")
    heads, rows, notes = _standings_table(view)
    _table(canvas, size, f"Season standings: {view.season.name}", heads, rows, notes)
    events = played.season.events
    heads = [("Name", 0), ("Nights", 44)] + [(f"{d:%d %b}", 36) for _e, _n, d, _k in events]
    rows = [[name, n] + ["✓" if p else "" for p in marks] for name, n, marks in played.rows]
    _table(canvas, size, f"Nights played: {view.season.name}", heads, rows,
           "  ".join(f"{d:%d %b}: {name}" for _e, name, d, _k in events))
    if certificates:
        for r in view.rows:
            if r.place is not None and r.place <= 3:
                detail = f"{r.score_text} ({'average' if view.season.rules.aggregate == 'average' else 'season score'}) over {r.nights} nights"
                _certificate(canvas, size, view.season.name, r.place, r.name, detail)
    canvas.save()


def write_player_page(
    data: tuple[PlayerHistoryView, RatingRow], out: str | os.PathLike | BinaryIO, *, page_size: str = "letter"
) -> None:
    """A member's history on one page (portrait): totals, the nights (the
    most recent that fit), partners and the rating after each night."""
    view, rating = data
    width, height = page_dimensions(page_size)
    fonts.register_fonts()
    canvas = _canvas(out, (width, height), f"{view.name} – history")
    pen = fonts.Pen(canvas)
    top = height - MARGIN
    pen.fitted(MARGIN, top - 22, view.name, width - 2 * MARGIN, 22, 10, bold=True)
    pen.text(MARGIN, top - 38, f"History: {view.season_name}.  Rating {rating.rating.text} after {rating.rounds} rounds.", 10)
    lines = [
        f"{len(view.nights)} nights, {view.total_points} points ({view.average_per_night:.1f} a night; "
        f"{view.points_per_hand:.2f} a hand over {view.hands} hands); rounds won {view.rounds_won} of {view.rounds_played}.",
        f"Loners made {view.loners_made}, loners euchred {view.loners_euchred}; euchred as makers {view.euchred}, "
        f"euchres made {view.euchres_made}; sat out {view.sit_outs} rounds.",
        "Best partners: " + (", ".join(f"{p.name} {p.points_per_hand:.2f}/hand ({p.hands} hands)" for p in view.best_partners) or "–"),
        "Worst partners: " + (", ".join(f"{p.name} {p.points_per_hand:.2f}/hand ({p.hands} hands)" for p in view.worst_partners) or "–"),
    ]
    y = top - 60
    for line in lines:
        pen.fitted(MARGIN, y, line, width - 2 * MARGIN, 9.5, 5)
        y -= 14
    chart_h = 120.0
    heads = [("Date", 58), ("Event", 110), ("Place", 50), ("Points", 40), ("Rounds", 40), ("Partners", 0)]
    fixed = sum(wd for _t, wd in heads)
    flexible = max(80.0, width - 2 * MARGIN - fixed)
    widths = [wd if wd else flexible for _t, wd in heads]
    y -= 10
    partner_rows = min(len(view.partners), 12)
    room = int((y - MARGIN - chart_h - 70 - 13 * (partner_rows + 2)) // 13)
    nights = view.nights[-room:] if room > 0 else ()
    if len(nights) < len(view.nights):
        pen.text(MARGIN, y, f"The last {len(nights)} of {len(view.nights)} nights:", 8)
        y -= 12
    canvas.setFillGray(0.85)
    canvas.rect(MARGIN, y - 3, sum(widths), 13, stroke=0, fill=1)
    canvas.setFillGray(0)
    x = MARGIN
    for (head, _w), wd in zip(heads, widths):
        pen.fitted(x + 2, y, head, wd - 4, 8, 5, bold=True)
        x += wd
    for n in nights:
        y -= 13
        event = f"{n.event_name} ({n.game})" if n.game else n.event_name
        cells = [f"{n.date:%Y-%m-%d}", event, "" if n.place is None else f"{n.place} of {n.field}", n.points,
                 n.rounds_played, ", ".join(n.partners)]
        x = MARGIN
        for cell, wd in zip(cells, widths):
            pen.fitted(x + 2, y, str(cell), wd - 4, 8, 4.5)
            x += wd
    if partner_rows:
        y -= 24
        shown = view.partners[:partner_rows // 2] + view.partners[-(partner_rows - partner_rows // 2):] if len(view.partners) > partner_rows else view.partners
        title = "Partners: points per hand together" + (f" (the best and worst {partner_rows // 2} of {len(view.partners)})" if len(view.partners) > partner_rows else "")
        pen.text(MARGIN, y, title, 9, bold=True)
        for p in shown:
            y -= 13
            pen.fitted(MARGIN + 2, y, p.name, 160, 8, 5)
            pen.text(MARGIN + 210, y, f"{p.points_per_hand:.2f}", 8, align="right")
            pen.text(MARGIN + 290, y, f"{p.hands} hands, {p.rounds} rounds", 8, align="right")
    pen.flush()
    # rating history: mean and ± 2σ after each night
    base = MARGIN + 10
    pen = fonts.Pen(canvas)
    pen.text(MARGIN, base + chart_h + 6, "Rating after each night (line: mean; bars: ± 2σ)", 9, bold=True)
    hist = rating.history
    if hist:
        lo = min(min(r.mu - 2 * r.sigma for _, _, r in hist), 10.0)
        hi = max(max(r.mu + 2 * r.sigma for _, _, r in hist), 40.0)
        plot_w = width - 2 * MARGIN - 30

        def px(i):
            return MARGIN + 30 + plot_w * (i / max(1, len(hist) - 1))

        def py(v):
            return base + chart_h * (v - lo) / (hi - lo)

        canvas.setStrokeGray(0.7)
        canvas.setDash(3, 3)
        canvas.line(MARGIN + 30, py(25), width - MARGIN, py(25))
        canvas.setDash()
        pen.text(MARGIN, py(25) - 3, "25", 7)
        canvas.setStrokeColorRGB(0.58, 0.77, 0.99)
        canvas.setLineWidth(4)
        for i, (_, _, r) in enumerate(hist):
            canvas.line(px(i), py(r.mu - 2 * r.sigma), px(i), py(r.mu + 2 * r.sigma))
        canvas.setStrokeColorRGB(0.11, 0.3, 0.85)
        canvas.setLineWidth(1.5)
        for i in range(1, len(hist)):
            canvas.line(px(i - 1), py(hist[i - 1][2].mu), px(i), py(hist[i][2].mu))
    else:
        pen.text(MARGIN, base + chart_h / 2, "No rated night yet.", 9)
    pen.flush()
    canvas.showPage()
    canvas.save()


def write_bracket(view: BracketView, out: str | os.PathLike | BinaryIO, *, page_size: str = "letter", large: bool = False) -> None:
    """The bracket on one landscape page: Letter/A4, or (``large``) Tabloid/A3."""
    if large:
        if page_size not in LARGE:
            page_dimensions(page_size)  # the same error for an unknown size
        w, h = LARGE[page_size]
        size = (max(w, h), min(w, h))
    else:
        size = _landscape(page_size)
    width, height = size
    fonts.register_fonts()
    canvas = _canvas(out, size, f"Bracket – {view.event_name}")
    pen = fonts.Pen(canvas)
    top = height - MARGIN
    pen.fitted(MARGIN, top - 18, f"{view.event_name}: {view.kind_text.lower()}, games to {view.target}", width - 2 * MARGIN, 18, 9, bold=True)
    status = f"Champion: {view.champion}" if view.champion else f"{sum(m.winner is not None for m in view.matches)} matches played"
    pen.fitted(MARGIN, top - 34, status, width - 2 * MARGIN, 11, 7)
    pen.flush()
    for box in layout_bracket(view, (MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN - 44)):
        _match_box(canvas, box)
    canvas.showPage()
    canvas.save()


def write_bracket_large(view: BracketView, out: str | os.PathLike | BinaryIO, *, page_size: str = "letter") -> None:
    """The bracket on the large format (Tabloid for Letter, A3 for A4)."""
    write_bracket(view, out, page_size=page_size, large=True)


def _match_box(canvas: Canvas, box) -> None:
    m, x, y, w, h = box
    canvas.setLineWidth(0.8)
    canvas.setStrokeGray(0.2 if m.needed else 0.7)
    canvas.setFillGray(0.96 if m.ready else 1)
    canvas.rect(x, y, w, h, stroke=1, fill=1)
    canvas.line(x, y + h / 2, x + w, y + h / 2)
    canvas.setFillGray(0)
    pen = fonts.Pen(canvas)
    size = min(9.0, h / 2 - 3)
    pen.fitted(x, y + h + 1.5, m.title + ("" if m.needed else " (not needed)"), w, 6.5, 4)
    for i, (name, score, side) in enumerate(((m.a, m.score_a, "a"), (m.b, m.score_b, "b"))):
        ly = y + h / 2 + 3 if i == 0 else y + 3
        pen.fitted(x + 3, ly, name or "–", w - 30, size, 4, bold=m.winner == side)
        if score is not None:
            pen.text(x + w - 4, ly, str(score), size, bold=m.winner == side, align="right")
    pen.flush()


__all__ = ["write_bracket", "write_bracket_large", "write_player_page", "write_season_sheets"]
