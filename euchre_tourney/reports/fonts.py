"""Fonts for the PDFs and drawing text in any script.

reportlab's own base-14 fonts only cover Latin-1, so every string is drawn
with the bundled DejaVu Sans (Latin, Greek, Cyrillic and much more); a run of
characters DejaVu has no glyph for (CJK above all) is drawn in Droid Sans
Fallback instead. Coverage is read from each font's cmap
(``TTFont.face.charToGlyph``) and cached per character, and split strings are
cached per text, so a name printed on many cards is analysed once.

Fonts are registered with reportlab once per process (:func:`register_fonts`),
under names of our own (``EuchreSans``, ``EuchreSans-Bold``,
``EuchreFallback``) so they cannot clash with anything else in the process.
reportlab embeds subsets with ToUnicode maps, so pypdf (and a PDF viewer's
search) extracts the names as typed.

All sizes are in PDF points (1/72 inch). Text is NFC-normalised before
drawing so a decomposed "e" + combining diaeresis comes out as one "ë".

Right-to-left scripts: reportlab draws characters left to right as stored,
so a string holding Arabic or Hebrew letters is first put in display order
by the Unicode bidirectional algorithm (python-bidi), Arabic letters joined
into their contextual forms first (arabic-reshaper; DejaVu Sans has the
presentation forms). Strings without such letters are drawn as they are.
"""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import arabic_reshaper
from bidi import get_display
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from euchre_tourney.resources import resource_path

REGULAR = "EuchreSans"
BOLD = "EuchreSans-Bold"
FALLBACK = "EuchreFallback"

_FILES = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    FALLBACK: "DroidSansFallbackFull.ttf",
}

ELLIPSIS = "\u2026"

_lock = threading.Lock()


@lru_cache(maxsize=None)
def _font(name: str) -> TTFont:
    """Load and register one bundled font (once per process).

    Raises ``FileNotFoundError`` if the font file is missing from resources.
    """
    with _lock:
        try:
            existing = pdfmetrics.getFont(name)
        except KeyError:
            existing = None
        if isinstance(existing, TTFont):
            return existing
        font = TTFont(name, str(resource_path("fonts", _FILES[name])))
        pdfmetrics.registerFont(font)
        return font


def register_fonts() -> None:
    """Register the primary fonts (DejaVu Sans regular and bold).

    The fallback font is registered lazily, the first time a string needs it.
    Idempotent and cheap after the first call.
    """
    _font(REGULAR)
    _font(BOLD)


@lru_cache(maxsize=None)
def _covered(font_name: str, ch: str) -> bool:
    return ord(ch) in _font(font_name).face.charToGlyph


def _needs_fallback(primary: str, ch: str) -> bool:
    # The fallback font is only loaded once a character the primary lacks shows up.
    return not _covered(primary, ch) and _covered(FALLBACK, ch)


@dataclass(frozen=True, slots=True)
class Run:
    """A piece of a string drawn in one font; ``width`` is at 1 pt."""

    font: str
    text: str
    width: float


@dataclass(frozen=True, slots=True)
class Styled:
    """A string split into font runs; ``width`` is its advance at 1 pt."""

    text: str
    runs: tuple[Run, ...]
    width: float


@lru_cache(maxsize=20000)
def styled(text: str, bold: bool = False) -> Styled:
    """Split ``text`` (NFC-normalised) into runs of the primary font and the
    CJK fallback. Characters neither font has stay in the primary font (they
    print as a blank box rather than vanish)."""
    primary = BOLD if bold else REGULAR
    _font(primary)
    text = visual_order(unicodedata.normalize("NFC", text))
    runs: list[Run] = []
    start = 0
    current = None
    for i, ch in enumerate(text):
        font = FALLBACK if _needs_fallback(primary, ch) else primary
        if font != current:
            if current is not None and i > start:
                runs.append(_run(current, text[start:i]))
            current, start = font, i
    if current is not None and start < len(text):
        runs.append(_run(current, text[start:]))
    return Styled(text, tuple(runs), sum(r.width for r in runs))


def visual_order(text: str) -> str:
    """``text`` in the order its characters are drawn left to right: the
    same string unless it holds right-to-left letters (bidi class R or AL),
    which are reordered by the bidirectional algorithm, Arabic joined into
    its contextual letter forms first."""
    rtl = [unicodedata.bidirectional(ch) for ch in text]
    if "R" not in rtl and "AL" not in rtl:
        return text
    if "AL" in rtl:
        text = arabic_reshaper.reshape(text)
    return get_display(text, base_dir="L")  # the page reads left to right


def _run(font: str, text: str) -> Run:
    return Run(font, text, pdfmetrics.stringWidth(text, font, 1.0))


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Advance width of ``text`` in points at ``size`` points."""
    return styled(text, bold).width * size


def fit_size(text: str, max_width: float, size: float, min_size: float, bold: bool = False) -> float:
    """Largest font size <= ``size`` (and >= ``min_size``) at which ``text``
    fits in ``max_width`` points; ``min_size`` if it does not fit even then."""
    width = styled(text, bold).width
    if width * size <= max_width or width <= 0:
        return size
    return max(min_size, max_width / width)


def ellipsize(text: str, max_width: float, size: float, bold: bool = False) -> str:
    """``text`` cut short with an ellipsis so it fits ``max_width`` at ``size``.

    The last resort after shrinking: returned unchanged if it already fits.
    """
    if text_width(text, size, bold) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + ELLIPSIS, size, bold) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS


READABLE_PT = 7.0
"""The smallest size a name is printed at before it is wrapped onto a second
line; only when two lines at this size do not fit does it shrink further."""


def split_two(text: str, width_at_1pt: Callable[[str], float], max_width: float = 0.0) -> tuple[str, ...]:
    """``text`` broken onto two lines: after a " · " separator (between two
    names) when both halves then fit ``max_width`` at :data:`READABLE_PT`,
    else at the space that makes the halves most even (``width_at_1pt(line)``:
    a line's width at 1 pt); ``(text,)`` when it has no space to break at."""

    def halves(i: int, skip: int) -> tuple[str, str]:
        return text[:i].rstrip(), text[i + skip :].lstrip()

    def evenness(pair: tuple[str, str]) -> float:
        return max(width_at_1pt(pair[0]), width_at_1pt(pair[1]))

    seps = [halves(i + 2, 0) for i in range(len(text)) if text.startswith(" \u00b7 ", i)]
    fitting = [p for p in seps if evenness(p) * READABLE_PT <= max_width]
    if fitting:
        return min(fitting, key=evenness)
    spaces = [halves(i, 1) for i, ch in enumerate(text) if ch == " " and not text.startswith(" \u00b7", i)]
    return min(spaces, key=evenness) if spaces else (text,)


def wrap_lines(
    items: Sequence[tuple[str, bool]],
    max_width: float,
    height: float,
    size: float,
    *,
    leading: float = 1.12,
    min_size: float = 4.0,
) -> tuple[float, tuple[tuple[str, bool], ...]]:
    """Lay out ``items`` (text, bold) in a box ``max_width`` × ``height``
    points, each item on one line or, when it does not fit on one at
    :data:`READABLE_PT`, broken onto two (:func:`split_two`). Of the ways to
    break them, the one with the fewest lines whose every line prints at
    :data:`READABLE_PT` or more; when none does, the one whose smallest line is
    largest (a line wider than the box is then shrunk by the pen's
    ``fitted``). ``size``: the largest size wanted; ``leading``: line height
    per point of size. Returns (size of the lines, ≥ ``min_size``; the lines)."""

    def unit(text: str, bold: bool) -> float:
        return styled(text, bold).width

    def broken(text: str, bold: bool) -> tuple[tuple[str, bool], ...]:
        return tuple((part, bold) for part in split_two(text, lambda t: unit(t, bold), max_width))

    wide = [unit(t, b) * READABLE_PT > max_width for t, b in items]
    best: tuple | None = None
    for mask in range(1 << len(items)):
        if any(mask >> i & 1 and not wide[i] for i in range(len(items))):
            continue  # break only the items that need it
        lines = tuple(
            line for i, item in enumerate(items) for line in (broken(*item) if mask >> i & 1 else (item,))
        )
        layout = min(size, height / (len(lines) * leading))
        smallest = min((min(layout, max_width / unit(t, b)) for t, b in lines if unit(t, b) > 0), default=layout)
        readable = smallest >= READABLE_PT - 1e-9
        rank = (readable, -len(lines) if readable else smallest, smallest)
        if best is None or rank > best[0]:
            best = (rank, layout, lines)
    assert best is not None
    return max(min_size, best[1]), best[2]


class Pen:
    """Writes many strings on one canvas into a single PDF text object.

    Far cheaper than one ``drawString`` per string (one BT/ET block, no
    text-object set-up per string). Nothing appears until :meth:`flush`, so
    text lands on top of whatever the canvas drew before the flush.
    """

    __slots__ = ("canvas", "_tx", "_fake_bold", "_gray")

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self._tx = canvas.beginText()
        self._fake_bold = False
        self._gray = 0.0

    def gray(self, level: float) -> None:
        """Fill grey for the following strings: 0 black .. 1 white."""
        if level != self._gray:
            self._tx.setFillGray(level)
            self._gray = level

    def text(self, x: float, y: float, text: str, size: float, *, bold: bool = False, align: str = "left") -> float:
        """Write ``text`` with its baseline at ``y``; ``align`` is "left" (x is
        the left edge), "center" or "right". Returns the width, in points.

        A string switching between DejaVu and the CJK fallback is one run of
        text operators, so it extracts as one unbroken string.
        """
        st = styled(text, bold)
        width = st.width * size
        if align == "center":
            x -= width / 2
        elif align == "right":
            x -= width
        elif align != "left":
            raise ValueError(f"align must be left, center or right, not {align!r}")
        if not st.runs:
            return width
        tx = self._tx
        tx.setTextOrigin(x, y)
        for run in st.runs:
            # Tf is set again for every string (not only when it changes):
            # pypdf then extracts each string on a line of its own, never
            # glued to a neighbouring cell's text.
            tx.setFont(run.font, size)
            if bold and run.font == FALLBACK:
                # the CJK fallback has no bold face: fill and stroke the outline
                tx.setTextRenderMode(2)
                tx.textOut(run.text)
                tx.setTextRenderMode(0)
                self._fake_bold = True
            else:
                tx.textOut(run.text)
        return width

    def fitted(
        self,
        x: float,
        y: float,
        text: str,
        max_width: float,
        size: float,
        min_size: float,
        *,
        bold: bool = False,
        align: str = "left",
    ) -> float:
        """Write ``text`` on one line within ``max_width`` points: shrink from
        ``size`` down to ``min_size``, and only then cut it short with an
        ellipsis. Returns the font size used."""
        used = fit_size(text, max_width, size, min_size, bold)
        if text_width(text, used, bold) > max_width + 0.01:
            text = ellipsize(text, max_width, used, bold)
        self.text(x, y, text, used, bold=bold, align=align)
        return used

    def flush(self) -> None:
        """Put the text written so far on the canvas; the pen can go on writing."""
        canvas = self.canvas
        if self._fake_bold:
            canvas.saveState()
            canvas.setLineWidth(0.3)
            canvas.setStrokeGray(self._gray)
            canvas.drawText(self._tx)
            canvas.restoreState()
        else:
            canvas.drawText(self._tx)
        self._tx = canvas.beginText()
        self._fake_bold = False
        self._gray = 0.0


def draw_text(canvas: Canvas, x: float, y: float, text: str, size: float, *, bold: bool = False, align: str = "left") -> float:
    """Draw one string at once (see :meth:`Pen.text`); returns its width."""
    pen = Pen(canvas)
    width = pen.text(x, y, text, size, bold=bold, align=align)
    pen.flush()
    return width


def draw_fitted(
    canvas: Canvas,
    x: float,
    y: float,
    text: str,
    max_width: float,
    size: float,
    min_size: float,
    *,
    bold: bool = False,
    align: str = "left",
) -> float:
    """Draw one string at once, shrunk to fit (see :meth:`Pen.fitted`)."""
    pen = Pen(canvas)
    used = pen.fitted(x, y, text, max_width, size, min_size, bold=bold, align=align)
    pen.flush()
    return used
