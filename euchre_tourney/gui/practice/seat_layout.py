"""The felt of a 2- to 6-seat table (the N-seat games of
:mod:`euchre_tourney.play.table`): the seats on an ellipse, the player at
the bottom and the others clockwise from the player's left; each seat's
name, card backs, tricks, the dealer's and the makers' marks; the turn-up
and the trick in the middle.

The widget draws only what the player's :class:`~euchre_tourney.play.table.SeatView`
and the public state show: a secret partner is marked only once its card
is played (003 line 87: "The other players only find out who the partner
is when the selected playing card is played during the round")."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from euchre_tourney.gui.practice.cards import CARD_RATIO, paint_card
from euchre_tourney.rules import BENNY, tables

FELT = QColor("#1e6b3a")


def paint_any_card(p: QPainter, rect: QRectF, c: int, *, four_colour: bool = False, face_up: bool = True,
                   dim: bool = False, highlight: QColor | None = None) -> None:
    """Draw a card of any N-seat pack: the Almonte jokers as a joker with
    their index (2, 3 or 4 of spades), a second-pack card with a small mark."""
    b = tables.base(c)
    paint_card(p, rect, BENNY if b >= BENNY else b, four_colour=four_colour, face_up=face_up, dim=dim, highlight=highlight)
    if not face_up:
        return
    w = rect.width()
    p.save()
    f = QFont("DejaVu Sans")
    f.setBold(True)
    if b > BENNY:
        f.setPixelSize(max(1, int(w * 0.2)))
        p.setFont(f)
        p.setPen(QColor("#1a1a1a"))
        p.drawText(QRectF(rect.right() - w * 0.42, rect.top() + w * 0.04, w * 0.38, w * 0.3), Qt.AlignRight, tables.text(b)[0] + "\u2660")
    if c & tables.COPY:
        f.setPixelSize(max(1, int(w * 0.15)))
        p.setFont(f)
        p.setPen(QColor("#6a2c91"))
        p.drawText(QRectF(rect.left() + w * 0.08, rect.bottom() - w * 0.24, w * 0.6, w * 0.22), Qt.AlignLeft, "2nd")
    p.restore()


class SeatLayout(QWidget):
    """Paints ``scene`` (a dict set by the window, see :meth:`set_scene`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scene: dict | None = None
        self.four_colour = False
        self.setMinimumSize(560, 340)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setAccessibleName("Card table")

    def set_scene(self, scene: dict | None) -> None:
        """``scene``: ``players`` (n), ``names``, ``counts`` (cards held),
        ``tags`` (per seat: short words under the name), ``won`` (tricks),
        ``to_act``, ``trick`` ([(seat, card)]), ``turn_up`` (card or None),
        ``centre`` (words in the middle), ``out`` (seats sitting out)."""
        self.scene = scene
        self.setAccessibleDescription(scene.get("centre", "") if scene else "")
        self.update()

    def seat_point(self, seat: int, n: int, rx: float, ry: float, c: QPointF) -> QPointF:
        """Seat 0 at the bottom, then clockwise: the player's left first."""
        a = math.pi / 2 + seat * 2 * math.pi / n
        return QPointF(c.x() + rx * math.cos(a), c.y() + ry * math.sin(a))

    def paintEvent(self, _event) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing, True)
        p.fillRect(self.rect(), FELT)
        s = self.scene
        if not s:
            p.end()
            return
        n = s["players"]
        w, h = self.width(), self.height()
        centre = QPointF(w / 2, h / 2)
        cw = max(34.0, min(w / 13.0, h / 7.5))
        ch = cw * CARD_RATIO
        rx, ry = w / 2 - cw * 1.9, h / 2 - ch * 0.75
        font = QFont("DejaVu Sans")
        for seat in range(n):
            pt = self.seat_point(seat, n, rx, ry, centre)
            out = seat in s.get("out", ())
            # the seat's name plate
            plate = QRectF(pt.x() - cw * 1.7, pt.y() - ch * 0.55, cw * 3.4, ch * 1.1)
            if seat == 0:
                plate = QRectF(pt.x() - cw * 1.7, pt.y() - ch * 0.35, cw * 3.4, ch * 0.7)
            p.setPen(Qt.NoPen)
            p.setBrush(QColor(0, 0, 0, 70 if not out else 30))
            p.drawRoundedRect(plate, 8, 8)
            if seat == s.get("to_act"):
                p.setBrush(Qt.NoBrush)
                p.setPen(QPen(QColor("#ffd54a"), 3))
                p.drawRoundedRect(plate, 8, 8)
            font.setPixelSize(max(10, int(cw * 0.3)))
            font.setBold(True)
            p.setFont(font)
            p.setPen(QColor("#f4f4f4") if not out else QColor("#9ab5a2"))
            k = s["won"][seat]
            title = s["names"][seat] + (f"  · {k} trick{'s' if k > 1 else ''}" if k else "")
            p.drawText(plate.adjusted(4, 2, -4, 0), Qt.AlignHCenter | Qt.AlignTop, title)
            font.setBold(False)
            font.setPixelSize(max(9, int(cw * 0.24)))
            p.setFont(font)
            p.setPen(QColor("#ffe08a"))
            p.drawText(plate.adjusted(4, cw * 0.36, -4, 0), Qt.AlignHCenter | Qt.AlignTop, " · ".join(s["tags"][seat]))
            if seat != 0 and not out:
                k = s["counts"][seat]
                small = cw * 0.45
                total = small * 0.45 * (k - 1) + small
                x0 = pt.x() - total / 2
                for i in range(k):
                    paint_any_card(p, QRectF(x0 + i * small * 0.45, plate.bottom() - small * CARD_RATIO * 0.55, small, small * CARD_RATIO), 0, face_up=False)
        # the trick: each card between the centre and its seat
        for seat, c in s.get("trick", []):
            pt = self.seat_point(seat, n, rx * 0.45, ry * 0.42, centre)
            paint_any_card(p, QRectF(pt.x() - cw / 2, pt.y() - ch / 2, cw, ch), c, four_colour=self.four_colour,
                           highlight=QColor("#ffd54a") if seat == s.get("trick_winner") else None)
        if s.get("turn_up") is not None:
            r = QRectF(centre.x() - cw / 2, centre.y() - ch / 2, cw, ch)
            paint_any_card(p, r, s["turn_up"], four_colour=self.four_colour, dim=s.get("turn_up_down", False))
        font.setPixelSize(max(10, int(cw * 0.28)))
        font.setBold(True)
        p.setFont(font)
        p.setPen(QColor("#ffffff"))
        words = s.get("centre", "")
        p.drawText(QRectF(10, 6, w - 20, cw * 0.5), Qt.AlignLeft | Qt.AlignTop, words)
        p.end()
