"""The bracket's geometry with boxes of a given size (the screen's, sized to
whole team names): in the height bracket_height asks for, no two boxes (with
their titles) overlap, and the PDF's default boxes are unchanged."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from euchre_tourney.reports.bracket_layout import bracket_columns, bracket_height, layout_bracket
from euchre_tourney.rotation.bracket import build


def view_of(size: int, double: bool):
    b = build(size, double=double, consolation=not double)
    matches = tuple(SimpleNamespace(code=m.code, part=m.part, stage=m.stage, slot=m.slot) for m in b.matches)
    return SimpleNamespace(seeds=tuple(f"T{i}" for i in range(size)), matches=matches)


@pytest.mark.parametrize("size", range(2, 20))
@pytest.mark.parametrize("double", [False, True], ids=["single", "double"])
@pytest.mark.parametrize("box_h", [24.0, 90.0, 160.0])
def test_boxes_of_any_height_never_overlap_in_the_height_asked_for(size, double, box_h):
    view = view_of(size, double)
    title, gap = 14.0, 8.0
    cols = bracket_columns(view)
    height = bracket_height(view, box_h, title, gap)
    boxes = layout_bracket(view, (0.0, 0.0, cols * 200.0, height), box=(180.0, box_h), title_h=title)
    assert len(boxes) == len(view.matches)
    for m, x, y, w, h in boxes:
        assert (w, h) == (180.0, box_h) and 0 <= x and x + w <= cols * 200.0
        assert -0.01 <= y and y + h + title <= height + 0.01, m.code
    for i, (a, ax, ay, _w, _h) in enumerate(boxes):
        for b, bx, by, _w2, _h2 in boxes[i + 1:]:
            if abs(ax - bx) < 1:  # same column: apart by the box, its title and the gap
                assert abs(ay - by) >= box_h + title + gap - 0.01, (a.code, b.code)


def test_the_pdf_boxes_keep_their_sizes():
    view = view_of(8, False)
    boxes = layout_bracket(view, (0.0, 0.0, 800.0, 500.0))
    assert all(w == 184.0 and 20.0 <= h <= 34.0 for _m, _x, _y, w, h in boxes)
