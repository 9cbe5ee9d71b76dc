"""Where each match of an elimination bracket goes on a page or a screen:
plain geometry, shared by the wall PDF (:mod:`.season_sheets`) and the
Teams page's drawing (no reportlab here: the window imports it at start-up)."""

from __future__ import annotations

from euchre_tourney.tournament import BracketView


UPPER, LOWER, RESET_BELOW = 0.58, 0.40, 0.18
"""Double elimination: the winners' bracket's share of the height (at the
top), the losers' (at the bottom), and how far below the grand final its
reset sits."""


def _draw_size(view: BracketView) -> int:
    p = 1
    while p < len(view.seeds):
        p *= 2
    return p


def bracket_columns(view: BracketView) -> int:
    """How many columns :func:`layout_bracket` draws: the stages of the
    longer bracket, and one for the finals (the grand final, the third-place
    match)."""
    w_stages = max((m.stage for m in view.matches if m.part == "W"), default=1)
    l_stages = max((m.stage for m in view.matches if m.part == "L"), default=0)
    return max(w_stages, l_stages) + (1 if any(m.part in ("F", "3P") for m in view.matches) else 0)


def bracket_height(view: BracketView, box_h: float, title_h: float = 0.0, gap: float = 8.0) -> float:
    """The least height of the area in which :func:`layout_bracket` with
    boxes ``box_h`` high, each with a title ``title_h`` above it, keeps
    ``gap`` between any two boxes of a column and every title inside."""
    pitch = box_h + title_h + gap
    p = _draw_size(view)
    losers = any(m.part == "L" for m in view.matches)
    need = (p // 2) * pitch / (UPPER if losers else 1.0)
    if losers:
        need = max(need, max(1, p // 4) * pitch / LOWER)
    if any(m.part == "F" for m in view.matches):  # the grand final and its reset, one above the other
        need = max(need, pitch / RESET_BELOW)
    return need + title_h


def layout_bracket(
    view: BracketView, area: tuple[float, float, float, float], *, box: tuple[float, float] | None = None, title_h: float = 0.0
):
    """Where each match's box goes: (match, x, y, w, h) in ``area`` (x, y,
    width, height; y up). Columns are the parts' stages; the winners'
    bracket fills the upper part (all of it in single elimination), the
    losers' bracket the lower, the finals the last column. A match sits
    level with the matches that feed it in the full draw. ``box``: the
    width and height of every box (the screen's, sized to whole team
    names); by default the boxes fit the area (at most 200 wide, 20 to 34
    high: the wall PDF's). ``title_h``: the band kept free at the top for
    the titles of the topmost boxes."""
    x0, y0, aw, ah = area
    ah -= title_h
    p = _draw_size(view)
    w_matches = [m for m in view.matches if m.part == "W"]
    l_matches = [m for m in view.matches if m.part == "L"]
    finals = [m for m in view.matches if m.part in ("F", "3P")]
    cols = bracket_columns(view)
    col_w = aw / max(1, cols)
    box_w = min(200.0, col_w - 16) if box is None else box[0]
    upper = (y0 + ah * (1 - UPPER), ah * UPPER) if l_matches else (y0, ah)
    lower = (y0, ah * LOWER)
    out = []
    ry, rh = upper
    pitch = rh / max(1, p // 2)
    for m in w_matches:
        span = 1 << (m.stage - 1)
        cy = ry + rh - (m.slot + 0.5) * span * pitch
        bh = max(20.0, min(34.0, pitch * 0.85 * min(span, 2))) if box is None else box[1]
        out.append((m, x0 + (m.stage - 1) * col_w, cy - bh / 2, box_w, bh))
    ry, rh = lower
    for m in l_matches:
        count = max(1, (p // 4) >> ((m.stage - 1) // 2))
        lp = rh / count
        cy = ry + rh - (m.slot + 0.5) * lp
        bh = max(20.0, min(34.0, lp * 0.85)) if box is None else box[1]
        out.append((m, x0 + (m.stage - 1) * col_w, cy - bh / 2, box_w, bh))
    fx = x0 + (cols - 1) * col_w
    for m in finals:
        if m.part == "3P":
            fy = upper[0] + upper[1] * 0.2
        else:
            fy = y0 + ah * (0.5 if m.stage == 1 else 0.5 - RESET_BELOW)
        out.append((m, fx, fy, box_w, 34.0 if box is None else box[1]))
    return out


__all__ = ["bracket_columns", "bracket_height", "layout_bracket"]
