"""Several cards per sheet: page sizes, the card-size table, the template.

A report here is a :class:`CardSheetReport` subclass (template method, as in
pretix's exporters): the base class owns the canvas, picks a card size from
the subclass's declarative :attr:`CardSheetReport.sizes` table, places the
cards on the page, draws the dashed cut lines and the page footer; a subclass
says how many body rows a card needs (:meth:`rows_needed`), how much height
its header and footer take (:attr:`fixed_height`) and draws one card into a
rectangle (:meth:`draw_card`), handing the part every card shares to
:meth:`CardSheetReport.stamp` (drawn once per document as a PDF form).

Units are PDF points (1/72 inch); the origin is the bottom-left of the page.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import BinaryIO, Callable, ClassVar, Generic, Sequence, TypeVar

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfgen.canvas import Canvas

from euchre_tourney.reports import fonts
from euchre_tourney.reports.progress import Progress

PAGE_SIZES: dict[str, tuple[float, float]] = {"letter": LETTER, "a4": A4}

MARGIN = 18.0  # outer page margin, points (1/4 inch): inside every printer's unprintable edge
GUTTER = 14.0  # space between neighbouring cards; the cut line runs down its middle
FOOTER = 10.0  # height reserved at the bottom of the page for the footer line

T = TypeVar("T")


def page_dimensions(page_size: str) -> tuple[float, float]:
    """(width, height) in points for "letter" or "a4" (case-insensitive).

    Raises ``ValueError`` for any other name.
    """
    key = page_size.lower() if isinstance(page_size, str) else page_size
    try:
        return PAGE_SIZES[key]
    except (KeyError, TypeError):
        raise ValueError(f"page_size must be 'letter' or 'a4', not {page_size!r}") from None


@dataclass(frozen=True, slots=True)
class CardSize:
    """One entry of a report's card-size table: ``columns`` x ``rows`` cards
    per page, usable while a card's body rows get at least ``min_row_height``
    points each; rows never grow past ``max_row_height``."""

    name: str
    columns: int
    rows: int
    min_row_height: float
    max_row_height: float

    @property
    def per_page(self) -> int:
        return self.columns * self.rows


@dataclass(frozen=True, slots=True)
class Rect:
    """A card's rectangle on the page: lower-left corner, width, height (points)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def top(self) -> float:
        return self.y + self.height

    @property
    def right(self) -> float:
        return self.x + self.width


@dataclass(frozen=True, slots=True)
class Layout:
    """The chosen card size on a given page, with the row height it allows."""

    size: CardSize
    page: tuple[float, float]
    card_width: float
    card_height: float
    row_height: float

    def slots(self) -> list[Rect]:
        """Card rectangles on one page, left to right, top to bottom."""
        width, height = self.page
        out = []
        for r in range(self.size.rows):
            top = height - MARGIN - r * (self.card_height + GUTTER)
            for c in range(self.size.columns):
                x = MARGIN + c * (self.card_width + GUTTER)
                out.append(Rect(x, top - self.card_height, self.card_width, self.card_height))
        return out


def columns_from_widths(order: Sequence[tuple[str, float]]) -> dict[str, tuple[float, float]]:
    """Lay columns side by side: ``[(name, width)]`` → ``{name: (left x offset, width)}`` in points."""
    out, x = {}, 0.0
    for key, w in order:
        out[key] = (x, w)
        x += w
    return out


def choose_layout(sizes: Sequence[CardSize], page: tuple[float, float], fixed_height: float, rows: int) -> Layout:
    """First entry of ``sizes`` (densest first) whose cards give each of
    ``rows`` body rows at least its ``min_row_height`` after ``fixed_height``
    points of header. If none does, the last entry is used with rows squeezed
    to fit (a card never spills onto a second page)."""
    if not sizes:
        raise ValueError("empty card-size table")
    width, height = page
    usable_h = height - 2 * MARGIN - FOOTER  # cards stop above the footer line
    usable_w = width - 2 * MARGIN
    rows = max(rows, 1)
    for i, size in enumerate(sizes):
        card_w = (usable_w - (size.columns - 1) * GUTTER) / size.columns
        card_h = (usable_h - (size.rows - 1) * GUTTER) / size.rows
        row_h = (card_h - fixed_height) / rows
        if row_h >= size.min_row_height or i == len(sizes) - 1:
            return Layout(size, page, card_w, card_h, max(1.0, min(row_h, size.max_row_height)))
    raise AssertionError("unreachable")


class CardSheetReport(Generic[T]):
    """Template for a PDF of cards cut from sheets. Subclasses set
    :attr:`sizes`, :attr:`title`, :attr:`fixed_height` and implement
    :meth:`rows_needed` and :meth:`draw_card`."""

    sizes: ClassVar[tuple[CardSize, ...]]
    title: ClassVar[str] = "Cards"
    empty_message: ClassVar[str] = "Nothing to print."
    fixed_height: ClassVar[float] = 60.0

    def __init__(self, page_size: str = "letter") -> None:
        self.page = page_dimensions(page_size)
        self._forms: dict[tuple, str] = {}

    def stamp(self, canvas: Canvas, key: tuple, rect: Rect, draw: Callable[[Canvas], None]) -> None:
        """Draw the part of a card that is the same on every card of its shape
        (grid, column heads, printed labels) at ``rect``.

        ``draw(canvas)`` draws it once, with the card's lower-left corner at
        the origin, into a PDF form XObject kept per ``key`` (the shape); every
        later card with that key just places the form. This is most of the
        speed of a 200-card document, and keeps the file small.
        """
        name = self._forms.get(key)
        if name is None:
            name = f"card{len(self._forms)}"
            canvas.beginForm(name, lowerx=0, lowery=0, upperx=rect.width, uppery=rect.height)
            draw(canvas)
            canvas.endForm()
            self._forms[key] = name
        canvas.saveState()
        canvas.translate(rect.x, rect.y)
        canvas.doForm(name)
        canvas.restoreState()

    # -- hooks -----------------------------------------------------------
    def rows_needed(self, item: T) -> int:
        """Body rows (rounds, hands) ``item``'s card needs."""
        raise NotImplementedError

    def draw_card(self, canvas: Canvas, item: T, rect: Rect, layout: Layout) -> None:
        """Draw one card inside ``rect``."""
        raise NotImplementedError

    def footer_text(self, items: Sequence[T]) -> str:
        return self.title

    # -- the template ----------------------------------------------------
    def layout_for(self, items: Sequence[T]) -> Layout:
        """One layout for the whole document, sized for its longest card, so
        every page is cut the same way."""
        rows = max((self.rows_needed(i) for i in items), default=1)
        return choose_layout(self.sizes, self.page, self.fixed_height, rows)

    def write(self, items: Sequence[T], out: str | os.PathLike | BinaryIO, progress: Progress | None = None) -> None:
        """Write the PDF to a path or a binary file object; ``progress(done,
        total)`` is called after each page with the cards drawn so far (an
        exception it raises, e.g. :class:`~euchre_tourney.reports.Cancelled`, stops the drawing)."""
        fonts.register_fonts()
        self._forms = {}
        target = os.fspath(out) if isinstance(out, (str, os.PathLike)) else out
        canvas = Canvas(target, pagesize=self.page, pageCompression=0, invariant=1)
        canvas.setTitle(self.title)
        canvas.setCreator("euchre_tourney")
        items = list(items)
        if not items:
            fonts.draw_text(canvas, MARGIN, self.page[1] - MARGIN - 14, self.empty_message, 12)
            canvas.showPage()
            canvas.save()
            return
        layout = self.layout_for(items)
        slots = layout.slots()
        per_page = len(slots)
        pages = (len(items) + per_page - 1) // per_page
        footer = self.footer_text(items)
        for p in range(pages):
            chunk = items[p * per_page : (p + 1) * per_page]
            for item, rect in zip(chunk, slots):
                canvas.saveState()
                self.draw_card(canvas, item, rect, layout)
                canvas.restoreState()
            self.draw_cut_lines(canvas, layout, len(chunk))
            self.draw_footer(canvas, footer, p + 1, pages)
            canvas.showPage()
            if progress is not None:
                progress(min(len(items), (p + 1) * per_page), len(items))
        canvas.save()

    def draw_cut_lines(self, canvas: Canvas, layout: Layout, used: int) -> None:
        """Dashed lines down the middle of each gutter, edge to edge, with a
        scissors mark; only between cards actually printed on this page."""
        width, height = layout.page
        size = layout.size
        rows_used = (used + size.columns - 1) // size.columns
        canvas.saveState()
        canvas.setDash(4, 3)
        canvas.setLineWidth(0.5)
        canvas.setStrokeGray(0.45)
        canvas.setFillGray(0.45)
        for r in range(1, rows_used):
            y = height - MARGIN - r * (layout.card_height + GUTTER) + GUTTER / 2
            canvas.line(4, y, width - 4, y)
            fonts.draw_text(canvas, 6, y - 3, "\u2702", 8)
        if size.columns > 1:
            bottom = height - MARGIN - rows_used * (layout.card_height + GUTTER) + GUTTER / 2
            for c in range(1, min(size.columns, used)):
                x = MARGIN + c * (layout.card_width + GUTTER) - GUTTER / 2
                canvas.line(x, height - 4, x, max(bottom, 4))
        canvas.restoreState()

    def draw_footer(self, canvas: Canvas, text: str, page: int, pages: int) -> None:
        width, _ = self.page
        canvas.saveState()
        canvas.setFillGray(0.4)
        y = MARGIN + 1
        fonts.draw_fitted(canvas, MARGIN, y, text, width - 2 * MARGIN - 80, 6.5, 5)
        fonts.draw_text(canvas, width - MARGIN, y, f"page {page} of {pages}", 6.5, align="right")
        canvas.restoreState()


def qr_runs(data: str) -> tuple[int, list[tuple[int, int, int]]]:
    """The QR code of ``data`` (error correction L, as few modules as the
    data allows, no quiet zone) as ``(modules per side, runs)``: each run is
    ``(row, first column, length)`` of dark modules side by side, row 0 at
    the top. Encoded by segno (also the phone pages' encoder)."""
    import segno  # deferred on purpose: only tally sheets of a served event need it

    matrix = segno.make(data, error="l", boost_error=False).matrix
    runs = []
    for r, row in enumerate(matrix):
        c, n = 0, len(row)
        while c < n:
            if row[c]:
                start = c
                while c < n and row[c]:
                    c += 1
                runs.append((r, start, c - start))
            else:
                c += 1
    return len(matrix), runs


def draw_qr(canvas: Canvas, data: str, x: float, y: float, size: float) -> None:
    """A QR code of ``data`` (:func:`qr_runs`), ``size`` points square, its
    lower-left corner at (``x``, ``y``): one filled path, a rectangle per run
    of dark modules (a thousand times cheaper than a widget drawing each
    module, and the same code for any reader)."""
    modules, runs = qr_runs(data)
    unit = size / modules
    path = canvas.beginPath()
    for row, col, length in runs:
        path.rect(x + col * unit, y + size - (row + 1) * unit, length * unit, unit)
    canvas.saveState()
    canvas.setFillGray(0)
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()


TABLE_ROW_H = 16.0


def draw_table_pages(
    canvas: Canvas,
    size: tuple[float, float],
    title: str,
    heads: Sequence[tuple[str, float]],
    rows: Sequence[Sequence[object]],
    *,
    notes: str = "",
    bold: Sequence[int] = (0,),
    flexible_min: float = 150.0,
    extra_lines: int = 0,
    after: Callable[[object, float], None] | None = None,
) -> None:
    """A table over as many pages as it needs (standings sheets): ``title``
    and "page i of n" on each, ``heads`` as (title, width in points; 0 for
    the one flexible column, at least ``flexible_min``), rows striped, the
    ``bold`` columns in bold, ``notes`` under the last row; ``extra_lines``
    rows of room kept on the last page for ``after(pen, y)``, which draws
    below the notes (y: the notes' baseline)."""
    width, height = size
    fixed = sum(wd for _t, wd in heads)
    flexible = max(flexible_min, width - 2 * MARGIN - fixed)
    scale = min(1.0, (width - 2 * MARGIN - flexible) / fixed) if fixed else 1.0
    widths = [wd * scale if wd else flexible for _t, wd in heads]
    per_page = max(1, int((height - 2 * MARGIN - 70) // TABLE_ROW_H))
    pages = max(1, -(-(len(rows) + extra_lines + 2) // per_page))
    for p in range(pages):
        pen = fonts.Pen(canvas)
        top = height - MARGIN
        pen.fitted(MARGIN, top - 18, title, width - 2 * MARGIN - 80, 18, 9, bold=True)
        pen.text(width - MARGIN, top - 12, f"page {p + 1} of {pages}", 8, align="right")
        y = top - 40
        canvas.setFillGray(0.8)
        canvas.rect(MARGIN, y - 3, sum(widths), TABLE_ROW_H - 2, stroke=0, fill=1)
        canvas.setFillGray(0)
        x = MARGIN
        for (head, _w), wd in zip(heads, widths):
            pen.fitted(x + 2, y + 1, head, wd - 4, 8, 5, bold=True)
            x += wd
        for i, row in enumerate(rows[p * per_page : (p + 1) * per_page]):
            y -= TABLE_ROW_H
            if i % 2:
                canvas.setFillGray(0.94)
                canvas.rect(MARGIN, y - 4, sum(widths), TABLE_ROW_H, stroke=0, fill=1)
                canvas.setFillGray(0)
            x = MARGIN
            for j, (cell, wd) in enumerate(zip(row, widths)):
                pen.fitted(x + 2, y, str(cell), wd - 4, 9, 4.5, bold=j in bold)
                x += wd
        if p == pages - 1:
            if notes:
                pen.fitted(MARGIN, y - 24, notes, width - 2 * MARGIN, 8, 5)
            if after is not None:
                after(pen, y - 24)
        pen.flush()
        canvas.showPage()
