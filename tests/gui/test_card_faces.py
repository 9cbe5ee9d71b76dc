"""The practice tables' cards are drawn once per size and screen and then
copied: the copy must look exactly like the card drawn each time (at the
screen's pixel ratio, so as crisp), and a second paint draws nothing new."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap, QTransform

from euchre_tourney.gui.practice import cards
from euchre_tourney.rules import BENNY, tables

FELT = QColor("#1d6b3a")
SHOWN = [
    (11, {}),
    (18, {"highlight": QColor("#ffd54a")}),
    (29, {"dim": True}),
    (BENNY, {}),
    (5 | tables.COPY, {}),
    (5, {"face_up": False}),
    (5, {"face_up": False, "dim": True}),
]


def _painted(ratio: float, paint) -> QImage:
    pm = QPixmap(int(560 * ratio), int(200 * ratio))
    pm.setDevicePixelRatio(ratio)
    pm.fill(FELT)
    p = QPainter(pm)
    for i, (c, kw) in enumerate(SHOWN):
        paint(p, QRectF(6 + i * 78, 8 + (i % 2) * 0.5, 70, 98), c, **kw)
    p.end()
    return pm.toImage().convertToFormat(QImage.Format_RGB32)


def _drawn_each_time(p, rect, c, **kw):
    full = {"four_colour": False, "face_up": True, "dim": False, "highlight": None}
    cards._draw_card(p, rect, c, **{**full, **kw})


@pytest.mark.parametrize("ratio", [1.0, 2.0])
def test_a_copied_card_looks_like_the_card_drawn_each_time(qapp, ratio):
    cards._DRAWN.clear()
    copied, drawn = _painted(ratio, cards.paint_card), _painted(ratio, _drawn_each_time)
    assert copied.size() == drawn.size()
    worst = 0
    for y in range(0, copied.height(), 2):
        for x in range(0, copied.width(), 2):
            a, b = QColor(copied.pixel(x, y)), QColor(drawn.pixel(x, y))
            worst = max(worst, abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue()))
    assert worst <= 4, f"a copied card differs from the drawn one by {worst} levels"
    assert all(key[-1] == ratio for key in cards._DRAWN)  # drawn at the screen's own pixel ratio


def test_a_card_is_drawn_once_per_look_and_size(qapp):
    cards._DRAWN.clear()
    _painted(1.0, cards.paint_card)
    first = dict(cards._DRAWN)
    assert len(first) == len(SHOWN)
    _painted(1.0, cards.paint_card)
    assert cards._DRAWN == first  # nothing drawn anew


def test_a_rotated_painter_draws_the_card_itself(qapp):
    cards._DRAWN.clear()
    pm = QPixmap(200, 200)
    pm.fill(FELT)
    p = QPainter(pm)
    p.setTransform(QTransform().rotate(90), False)
    cards.paint_card(p, QRectF(10, -150, 70, 98), 11)
    p.end()
    assert not cards._DRAWN
