"""Where each match of an elimination bracket goes on a page or a screen:
plain geometry, shared by the wall PDF (:mod:`.season_sheets`) and the
Teams page's drawing (no reportlab here: the window imports it at start-up)."""

from __future__ import annotations

from euchre_tourney.tournament import BracketView


def layout_bracket(view: BracketView, area: tuple[float, float, float, float]):
    """Where each match's box goes: (match, x, y, w, h) in ``area`` (x, y,
    width, height; y up). Columns are the parts' stages; the winners'
    bracket fills the upper part (all of it in single elimination), the
    losers' bracket the lower, the finals the last column. A match sits
    level with the matches that feed it in the full draw."""
    x0, y0, aw, ah = area
    p = 1
    while p < len(view.seeds):
        p *= 2
    w_matches = [m for m in view.matches if m.part == "W"]
    l_matches = [m for m in view.matches if m.part == "L"]
    finals = [m for m in view.matches if m.part in ("F", "3P")]
    w_stages = max((m.stage for m in w_matches), default=1)
    l_stages = max((m.stage for m in l_matches), default=0)
    cols = max(w_stages, l_stages) + (1 if finals else 0)
    col_w = aw / max(1, cols)
    box_w = min(200.0, col_w - 16)
    upper = (y0 + ah * 0.42, ah * 0.58) if l_matches else (y0, ah)
    lower = (y0, ah * 0.40)
    out = []
    ry, rh = upper
    pitch = rh / max(1, p // 2)
    for m in w_matches:
        span = 1 << (m.stage - 1)
        cy = ry + rh - (m.slot + 0.5) * span * pitch
        bh = max(20.0, min(34.0, pitch * 0.85 * min(span, 2)))
        out.append((m, x0 + (m.stage - 1) * col_w, cy - bh / 2, box_w, bh))
    ry, rh = lower
    for m in l_matches:
        count = max(1, (p // 4) >> ((m.stage - 1) // 2))
        lp = rh / count
        cy = ry + rh - (m.slot + 0.5) * lp
        bh = max(20.0, min(34.0, lp * 0.85))
        out.append((m, x0 + (m.stage - 1) * col_w, cy - bh / 2, box_w, bh))
    fx = x0 + (cols - 1) * col_w
    for m in finals:
        if m.part == "3P":
            fy = upper[0] + upper[1] * 0.2
        else:
            fy = y0 + ah * (0.5 if m.stage == 1 else 0.32)
        out.append((m, fx, fy, box_w, 34.0))
    return out


__all__ = ["layout_bracket"]
