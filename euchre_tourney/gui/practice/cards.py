"""Card faces and backs drawn by the app with QPainter: vector shapes and
text, so they are crisp at any size and on high-DPI screens (no bitmaps).

* :func:`paint_card` -- a face (corner indices, a large centre pip, a framed
  letter for the court cards, the Benny drawn as a joker) or a back.
* :class:`CardButton` -- one of the player's cards as a real button:
  enabled only when the engine says the card is legal, a screen-reader name
  ("Jack of hearts, can be played"), a focus ring for keyboard play.

Colours: the usual red and black deck, or the four-colour deck (spades
black, hearts red, diamonds blue, clubs green) that tells the two suits of
one colour apart at a glance -- useful in euchre, where the left bower is
the jack of the other suit of the trump's colour.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPixmap, QTransform
from PySide6.QtWidgets import QAbstractButton, QSizePolicy, QWidget

from euchre_tourney.rules import BENNY, RANK_LETTERS, SUIT_SYMBOLS, tables

RED = QColor("#c8102e")
BLACK = QColor("#1a1a1a")
BLUE = QColor("#1f5fbf")
GREEN = QColor("#17803a")
JOKER = QColor("#6a2c91")
BACK = QColor("#24427a")
FACE = QColor("#fffdf7")

CARD_RATIO = 1.4
"""Height over width of a card (the poker-size 2.5 × 3.5 inches)."""

BUTTON_STYLE = """
QPushButton { border: 1px solid #7a7a7a; border-radius: 5px; padding: 5px 12px; background: #f7f7f4; color: #111; }
QPushButton:hover { background: #ebebe6; }
QPushButton:pressed, QPushButton:checked { background: #d6e2f5; }
QPushButton:disabled { color: #8c8c8c; border-color: #b5b5b5; }
QPushButton:focus { border: 3px solid #0b3d91; padding: 3px 10px; }
"""
"""The practice tables' buttons (both windows), with a 3-px dark-blue focus ring (contrast well
above 7:1 on the light buttons) in place of the style's faint dotted line."""


def suit_colour(suit: int, four_colour: bool) -> QColor:
    """The ink of ``suit`` (0 clubs, 1 diamonds, 2 hearts, 3 spades)."""
    if four_colour:
        return (GREEN, BLUE, RED, BLACK)[suit]
    return (BLACK, RED, RED, BLACK)[suit]


def rank_text(c: int) -> str:
    """The corner index of a card: ``"9"``, ``"10"``, ``"J"`` ... (``"★"`` for the Benny)."""
    if c == BENNY:
        return "★"
    r = RANK_LETTERS[c & 7]
    return "10" if r == "T" else r


def _font(px: float, bold: bool = True) -> QFont:
    f = QFont("DejaVu Sans")
    f.setPixelSize(max(1, int(px)))
    f.setBold(bold)
    return f


def paint_back(p: QPainter, rect: QRectF) -> None:
    """A card back: a blue field with a white border and a lattice."""
    radius = rect.width() * 0.08
    p.setPen(QPen(QColor("#555"), max(1.0, rect.width() / 90)))
    p.setBrush(FACE)
    p.drawRoundedRect(rect, radius, radius)
    inner = rect.adjusted(rect.width() * 0.07, rect.width() * 0.07, -rect.width() * 0.07, -rect.width() * 0.07)
    p.setPen(Qt.NoPen)
    p.setBrush(BACK)
    p.drawRoundedRect(inner, radius * 0.6, radius * 0.6)
    p.save()
    p.setClipRect(inner)
    p.setPen(QPen(QColor(255, 255, 255, 70), max(1.0, rect.width() / 60)))
    step = rect.width() / 6
    x = inner.left() - inner.height()
    while x < inner.right():
        p.drawLine(QPointF(x, inner.top()), QPointF(x + inner.height(), inner.bottom()))
        p.drawLine(QPointF(x + inner.height(), inner.top()), QPointF(x, inner.bottom()))
        x += step
    p.restore()


_DRAWN: dict[tuple, QPixmap] = {}
"""Cards already drawn, by everything that changes a card's pixels (card,
deck, face, dim, ring, size, the screen's pixel ratio)."""

_DRAWN_MAX = 600


def paint_card(
    p: QPainter,
    rect: QRectF,
    c: int,
    *,
    four_colour: bool = False,
    face_up: bool = True,
    dim: bool = False,
    highlight: QColor | None = None,
) -> None:
    """Draw card ``c`` (a card code of any game: the four-seat engine's,
    or :mod:`euchre_tourney.rules.tables`' with the Almonte jokers and the
    double pack's second copies) in ``rect``: its face, or its back when
    ``face_up`` is false. ``dim`` greys a card that cannot be played;
    ``highlight`` rings it (the winning card of a trick, keyboard focus).
    An Almonte joker is a joker with its index ("4♠") in the corner and
    under the star; a second-pack card carries a purple "2nd" tab.

    A card is drawn once per size and screen, at the screen's own pixel
    ratio (as crisp as drawing it each time), and then copied: a table
    repaints its cards many times a hand. A painter that rotates or scales
    draws the shapes themselves."""
    if p.transform().type().value > QTransform.TxTranslate.value:
        _draw_card(p, rect, c, four_colour=four_colour, face_up=face_up, dim=dim, highlight=highlight)
        return
    device = p.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    w, h = rect.width(), rect.height()
    # where the card falls between the screen's pixels: drawn there in the copy, so the copy
    # lands on whole pixels and its edges are exactly those of the card drawn each time
    at = p.transform().map(rect.topLeft()) * ratio
    fx, fy = round(at.x() - math.floor(at.x()), 2), round(at.y() - math.floor(at.y()), 2)
    key = (c, four_colour, face_up, dim, highlight.rgba() if highlight is not None else None, round(w, 2), round(h, 2), fx, fy, ratio)
    margin = math.ceil((max(3.0, w / 22) / 2 + 1) * ratio)  # device pixels: the outline and the ring reach past the edge
    drawn = _DRAWN.get(key)
    if drawn is None:
        drawn = QPixmap(math.ceil(w * ratio) + 2 * margin + 1, math.ceil(h * ratio) + 2 * margin + 1)
        drawn.setDevicePixelRatio(ratio)
        drawn.fill(Qt.transparent)
        q = QPainter(drawn)
        inside = QRectF((margin + fx) / ratio, (margin + fy) / ratio, w, h)
        _draw_card(q, inside, c, four_colour=four_colour, face_up=face_up, dim=dim, highlight=highlight)
        q.end()
        if len(_DRAWN) >= _DRAWN_MAX:
            _DRAWN.clear()
        _DRAWN[key] = drawn
    p.drawPixmap(QPointF(rect.left() - (fx + margin) / ratio, rect.top() - (fy + margin) / ratio), drawn)


def _draw_card(
    p: QPainter,
    rect: QRectF,
    c: int,
    *,
    four_colour: bool,
    face_up: bool,
    dim: bool,
    highlight: QColor | None,
) -> None:
    """:func:`paint_card`'s shapes and text, drawn each time."""
    copy = bool(c & tables.COPY)
    c = tables.base(c)
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    p.setRenderHint(QPainter.TextAntialiasing, True)
    w = rect.width()
    radius = w * 0.08
    if not face_up:
        paint_back(p, rect)
        if dim:
            p.setPen(Qt.NoPen)
            p.setBrush(QColor(40, 40, 40, 140))
            p.drawRoundedRect(rect, radius, radius)
        p.restore()
        return
    p.setPen(QPen(QColor("#666"), max(1.0, w / 90)))
    p.setBrush(FACE)
    p.drawRoundedRect(rect, radius, radius)
    if c >= BENNY:
        _paint_joker(p, rect, "" if c == BENNY else tables.text(c)[0] + "♠")
    else:
        ink = suit_colour(c >> 3, four_colour)
        sym = SUIT_SYMBOLS[c >> 3]
        idx = rank_text(c)
        corner = QRectF(rect.left() + w * 0.05, rect.top() + w * 0.04, w * 0.3, w * 0.5)
        p.setPen(ink)
        p.setFont(_font(w * (0.22 if len(idx) == 1 else 0.19)))
        p.drawText(QRectF(corner.left(), corner.top(), corner.width(), w * 0.26), Qt.AlignHCenter | Qt.AlignTop, idx)
        p.setFont(_font(w * 0.2, False))
        p.drawText(QRectF(corner.left(), corner.top() + w * 0.23, corner.width(), w * 0.24), Qt.AlignHCenter | Qt.AlignTop, sym)
        # the same index upside down in the opposite corner
        p.save()
        p.translate(rect.center())
        p.rotate(180)
        p.translate(-rect.center())
        p.setFont(_font(w * (0.22 if len(idx) == 1 else 0.19)))
        p.drawText(QRectF(corner.left(), corner.top(), corner.width(), w * 0.26), Qt.AlignHCenter | Qt.AlignTop, idx)
        p.setFont(_font(w * 0.2, False))
        p.drawText(QRectF(corner.left(), corner.top() + w * 0.23, corner.width(), w * 0.24), Qt.AlignHCenter | Qt.AlignTop, sym)
        p.restore()
        centre = rect.adjusted(w * 0.28, w * 0.3, -w * 0.28, -w * 0.3)
        if idx in ("J", "Q", "K"):
            p.setPen(QPen(ink, max(1.0, w / 70)))
            p.setBrush(QColor(ink.red(), ink.green(), ink.blue(), 28))
            p.drawRoundedRect(centre, w * 0.04, w * 0.04)
            p.setFont(_font(w * 0.3, True))
            p.drawText(centre.adjusted(0, 0, 0, -centre.height() * 0.35), Qt.AlignCenter, idx)
            p.setFont(_font(w * 0.24, False))
            p.drawText(centre.adjusted(0, centre.height() * 0.4, 0, 0), Qt.AlignCenter, sym)
        else:
            p.setFont(_font(w * (0.55 if idx == "A" else 0.42), False))
            p.drawText(centre, Qt.AlignCenter, sym)
    if copy:
        tab = QRectF(rect.left() + w * 0.06, rect.bottom() - w * 0.27, w * 0.36, w * 0.21)
        p.setPen(Qt.NoPen)
        p.setBrush(JOKER)
        p.drawRoundedRect(tab, w * 0.04, w * 0.04)
        p.setPen(QColor("#ffffff"))
        p.setFont(_font(w * 0.14))
        p.drawText(tab, Qt.AlignCenter, "2nd")
    if dim:
        p.setPen(Qt.NoPen)
        p.setBrush(QColor(90, 90, 90, 110))
        p.drawRoundedRect(rect, radius, radius)
    if highlight is not None:
        p.setBrush(Qt.NoBrush)
        p.setPen(QPen(highlight, max(3.0, w / 22)))
        p.drawRoundedRect(rect.adjusted(1, 1, -1, -1), radius, radius)
    p.restore()


def _paint_joker(p: QPainter, rect: QRectF, index: str = "") -> None:
    """A joker -- a star, the word JOKER, and under it "Benny", or for the
    Almonte jokers their index ("4♠", also in the corner)."""
    w = rect.width()
    p.setPen(JOKER)
    p.setFont(_font(w * (0.2 if not index else 0.19)))
    corner = QRectF(rect.left() + w * 0.03, rect.top() + w * 0.04, w * 0.36, w * 0.3)
    p.drawText(corner, Qt.AlignCenter, index or "★")
    centre = rect.center()
    star = QPainterPath()
    outer, inner = w * 0.26, w * 0.11
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / 5
        pt = QPointF(centre.x() + r * math.cos(a), centre.y() - w * 0.12 + r * math.sin(a))
        star.moveTo(pt) if i == 0 else star.lineTo(pt)
    star.closeSubpath()
    p.setBrush(QColor("#e8b923"))
    p.setPen(QPen(JOKER, max(1.0, w / 60)))
    p.drawPath(star)
    p.setPen(JOKER)
    p.setFont(_font(w * 0.17))
    p.drawText(QRectF(rect.left(), centre.y() + w * 0.16, w, w * 0.22), Qt.AlignCenter, "JOKER")
    p.setFont(_font(w * (0.13 if not index else 0.17), bool(index)))
    p.drawText(QRectF(rect.left(), centre.y() + w * 0.37, w, w * 0.2), Qt.AlignCenter, index or "Benny")


def key_of(number: int) -> str:
    """The key of the player's card ``number`` (1-based): "1" … "9", "0"
    for the tenth, "-" for the eleventh (two-handed: the dealer's discard)."""
    return "-" if number == 11 else str(number % 10)


def card_name(c: int) -> str:
    """A card of any game in words: "Jack of hearts", "the Benny", "the 4 of
    spades (joker)", "Ace of spades (second pack)"."""
    return tables.name(c)


class CardButton(QAbstractButton):
    """One of the player's cards (of any game): click it (or press its
    number) to play, discard or give it. Disabled -- greyed, and a click does nothing -- when the
    engine does not list it among the legal actions."""

    def __init__(self, card: int, width: int, four_colour: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card = card
        self.card_width = width
        self.four_colour = four_colour
        self.number = 0
        self.dim = False
        self.face_down = False
        self.setFocusPolicy(Qt.StrongFocus)
        self.setCursor(Qt.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Fixed, QSizePolicy.Fixed)
        self.setAccessibleName(card_name(card))

    def set_state(self, number: int, enabled: bool, verb: str, dim: bool = True, face_down: bool = False) -> None:
        """The card's number (its key, :func:`key_of`), whether it may be played, what
        playing it means ("play", "discard"), whether a card that cannot
        be played is greyed (``dim``: only while the player chooses a card),
        and whether it lies face down (the dealer names trump on a turned-up
        Benny without looking, 001)."""
        self.number = number
        self.face_down = face_down
        self.dim = dim and not enabled
        self.setEnabled(enabled)
        name = "a card face down" if face_down else card_name(self.card)
        self.setAccessibleName(f"{name}, {verb if enabled else 'cannot be played now'}")
        self.setToolTip(f"{key_of(number)}: {verb} {name if name.startswith('the ') else 'the ' + name}" if enabled else f"The {name} cannot be played now")
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(self.card_width + 4, int(self.card_width * CARD_RATIO) + 26)

    def paintEvent(self, _event) -> None:  # noqa: N802
        p = QPainter(self)
        lift = 0 if (self.isEnabled() and (self.underMouse() or self.hasFocus())) else 8
        rect = QRectF(2, 2 + lift, self.card_width, self.card_width * CARD_RATIO)
        ring = QColor("#ffd54a") if self.hasFocus() else None
        paint_card(p, rect, self.card, four_colour=self.four_colour, dim=self.dim, highlight=ring, face_up=not self.face_down)
        if self.number and not self.face_down:
            p.setPen(QColor("#ffffff") if self.isEnabled() else QColor("#b0b0b0"))
            p.setFont(_font(13, True))
            p.drawText(QRectF(0, rect.bottom() + 1, self.width(), 16), Qt.AlignCenter, key_of(self.number))
        p.end()
