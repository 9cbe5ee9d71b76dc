"""Team event PDFs: team scorecards, table tally sheets, the wall chart.

All three take the :class:`~euchre_tourney.tournament.TeamEventView` of
``tournament.team_printout`` (the registry's ``scorecards``,
``tally-sheets`` and ``rotation-chart`` reports pick these writers for a
team event).

* **Team scorecard** (one per team, several per sheet): the team's number,
  name and both players; one row per round: round, table, the seat pair
  (N–S or E–W), the opponent team with both names, boxes for points for and
  against (the game score for game-to-target rounds), won/lost, and the
  running record (wins–losses) to fill in. Swiss and king-of-the-hill
  rounds not yet paired print as "paired after round r".
* **Tally sheets**: the progressive tally sheet
  (:mod:`euchre_tourney.reports.tally`) with each partnership's box headed
  by its team; a game-to-target round gets 12 hand rows.
* **Wall chart**: a round robin on one grid (teams down, rounds across:
  "T3 N–S v 7"); Swiss and king of the hill one page per round paired
  (tables with both teams by seat, the bye), so each round's page is
  printed when it is paired.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import BinaryIO, Sequence

from reportlab.pdfgen.canvas import Canvas

from euchre_tourney.reports import fonts
from euchre_tourney.reports.progress import Progress
from euchre_tourney.rules import seat_title, side_positions, side_title
from euchre_tourney.reports.scorecards import format_date
from euchre_tourney.reports.sheet import (
    MARGIN,
    CardSheetReport,
    CardSize,
    Layout,
    Rect,
    columns_from_widths,
    page_dimensions,
)
from euchre_tourney.reports.tally import TallySheetReport
from euchre_tourney.tournament import TallySheetView, TeamEventView, TeamView

GAME_ROWS = 12
"""Hand rows on a game-to-target tally sheet (a game to 10 rarely needs more)."""

CARD_SIZES: tuple[CardSize, ...] = (
    CardSize("half", 1, 2, min_row_height=14.0, max_row_height=26.0),
    CardSize("full", 1, 1, min_row_height=9.0, max_row_height=28.0),
)
PAD = 5.0
HEAD_H = 46.0
COLHEAD_H = 12.0


@dataclass(frozen=True, slots=True)
class TeamCardRow:
    round: int
    table: int | None
    seats: str  # "N–S", "E–W", "bye", or "" (not yet paired)
    opponent: str
    opponent_players: str


@dataclass(frozen=True, slots=True)
class TeamCard:
    event_name: str
    event_date: object
    team: TeamView
    game: str  # "" for hands per round, else "Game to 10"
    rows: tuple[TeamCardRow, ...]


def team_cards(view: TeamEventView) -> list[TeamCard]:
    """One card per team that plays at least one round, in number order."""
    game = f"Game to {view.target}" + (" (win by two)" if view.win_by_two else "") if view.round_scoring == "game" else ""
    cards = []
    for team in view.teams:
        rows = []
        for r in view.rounds:
            row = None
            for t in r.tables:
                if team.id in (t.north_south.id, t.east_west.id):
                    ns = t.north_south.id == team.id
                    other = t.east_west if ns else t.north_south
                    both = f"{other.players[0]} & {other.players[1]}"
                    row = TeamCardRow(r.number, t.number, "N–S" if ns else "E–W", f"{other.number} {other.name}",
                                      "" if other.name == both else both)
            if row is None and any(b.id == team.id for b in r.byes):
                row = TeamCardRow(r.number, None, "bye", "Bye", "")
            if row is None:
                row = TeamCardRow(r.number, None, "", "—", "")
            rows.append(row)
        if not any(row.seats for row in rows):
            continue
        for n in range(len(view.rounds) + 1, view.planned_rounds + 1):
            rows.append(TeamCardRow(n, None, "", f"paired after round {n - 1}", ""))
        cards.append(TeamCard(view.event_name, view.event_date, team, game, tuple(rows)))
    return cards


class TeamCardReport(CardSheetReport[TeamCard]):
    sizes = CARD_SIZES
    title = "Team scorecards"
    empty_message = "No team scorecards to print: no team plays yet."
    fixed_height = 2 * PAD + HEAD_H + COLHEAD_H + 4

    def rows_needed(self, item: TeamCard) -> int:
        return max(len(item.rows), 1)

    def footer_text(self, items: Sequence[TeamCard]) -> str:
        return f"{items[0].event_name} \u2013 {format_date(items[0].event_date)} \u2013 team scorecards"

    @staticmethod
    def columns(width: float) -> dict[str, tuple[float, float]]:
        fixed = 22 + 26 + 28 + 34 + 34 + 26 + 40
        return columns_from_widths(
            [("round", 22), ("table", 26), ("seats", 28), ("opponent", width - fixed), ("for", 34),
             ("against", 34), ("won", 26), ("record", 40)]
        )

    def draw_card(self, canvas: Canvas, card: TeamCard, rect: Rect, layout: Layout) -> None:
        left, width, top = rect.x + PAD, rect.width - 2 * PAD, rect.top - PAD
        pen = fonts.Pen(canvas)
        team = card.team
        number = f"Team {team.number}"
        nw = pen.text(left, top - 16, number, 16, bold=True)
        pen.fitted(left + nw + 8, top - 16, team.name, width - nw - 8, 13, 6, bold=True)
        pen.fitted(left, top - 30, f"{team.players[0]} & {team.players[1]}", width * 0.62, 10, 5)
        right = f"{card.event_name} \u2013 {format_date(card.event_date)}"
        pen.fitted(left + width, top - 30, right, width * 0.36, 7.5, 4, align="right")
        pen.text(left, top - 41, card.game or "Points for and against: the totals of the round's tally sheet", 7)
        cols = self.columns(width)
        y = top - HEAD_H
        canvas.setFillGray(0.8)
        canvas.rect(left, y - COLHEAD_H, width, COLHEAD_H, stroke=0, fill=1)
        canvas.setFillGray(0)
        heads = {"round": "Rnd", "table": "Table", "seats": "Seats", "opponent": "Opponents", "for": "For",
                 "against": "Against", "won": "Won?", "record": "W–L"}
        for key, text in heads.items():
            x, w = cols[key]
            pen.fitted(left + x + w / 2, y - COLHEAD_H + 3, text, w - 2, 7.5, 5, bold=True, align="center")
        y -= COLHEAD_H
        row_h = layout.row_height
        canvas.setLineWidth(0.5)
        for i, row in enumerate(card.rows):
            y_top = y - i * row_h
            y_bottom = y_top - row_h
            if row.seats == "bye":
                canvas.setFillGray(0.92)
                canvas.rect(left, y_bottom, width, row_h, stroke=0, fill=1)
                canvas.setFillGray(0)
            canvas.line(left, y_bottom, left + width, y_bottom)
            mid = y_bottom + row_h / 2 - 3
            x, w = cols["round"]
            pen.text(left + x + w / 2, mid, str(row.round), 9, bold=True, align="center")
            if row.table is not None:
                x, w = cols["table"]
                pen.text(left + x + w / 2, mid, str(row.table), 9, bold=True, align="center")
            x, w = cols["seats"]
            pen.text(left + x + w / 2, mid, row.seats if row.seats != "bye" else "", 8, align="center")
            x, w = cols["opponent"]
            if row.opponent_players and row_h >= 16:
                pen.fitted(left + x + 3, y_bottom + row_h / 2 + 1, row.opponent, w - 6, 8.5, 4.5, bold=True)
                pen.fitted(left + x + 3, y_bottom + row_h / 2 - 8, row.opponent_players, w - 6, 7, 4)
            else:
                text = row.opponent + (f" ({row.opponent_players})" if row.opponent_players else "")
                pen.fitted(left + x + 3, mid, text, w - 6, 8, 4, bold=bool(row.table))
        bottom = y - len(card.rows) * row_h
        for key in ("table", "seats", "opponent", "for", "against", "won", "record"):
            x, _w = cols[key]
            canvas.line(left + x, y + COLHEAD_H, left + x, bottom)
        canvas.rect(left, bottom, width, top - HEAD_H - bottom, stroke=1, fill=0)
        pen.flush()


def write_team_cards(view: TeamEventView, out: str | os.PathLike | BinaryIO, *, page_size: str = "letter",
                     progress: Progress | None = None) -> None:
    """The team scorecards PDF (see the module docstring)."""
    TeamCardReport(page_size).write(team_cards(view), out, progress)


class TeamTallyReport(TallySheetReport):
    title = "Team tally sheets"


def team_tally_sheets(view: TeamEventView) -> list[TallySheetView]:
    """One tally sheet per round and table, both teams by seat."""
    out = []
    rows = GAME_ROWS if view.round_scoring == "game" else view.hands_per_round
    for r in view.rounds:
        bye = tuple(f"team {b.number} {b.name}" for b in r.byes)
        for t in r.tables:
            ns, ew = t.north_south, t.east_west
            out.append(
                TallySheetView(
                    event_name=view.event_name,
                    event_date=view.event_date,
                    round=r.number,
                    table=t.number,
                    north=ns.players[0],
                    east=ew.players[0],
                    south=ns.players[1],
                    west=ew.players[1],
                    hands_per_round=rows,
                    sit_out=bye,
                    ns_team=f"Team {ns.number} {ns.name}",
                    ew_team=f"Team {ew.number} {ew.name}",
                )
            )
    return out


def write_team_tally_sheets(view: TeamEventView, out: str | os.PathLike | BinaryIO, *, page_size: str = "letter",
                            progress: Progress | None = None) -> None:
    """The team tally sheets PDF: one per round and table."""
    TeamTallyReport(page_size).write(team_tally_sheets(view), out, progress)


def write_team_chart(view: TeamEventView, out: str | os.PathLike | BinaryIO, *, page_size: str = "letter") -> None:
    """The wall chart (see the module docstring); landscape."""
    fonts.register_fonts()
    w, h = page_dimensions(page_size)
    page = (max(w, h), min(w, h))
    target = os.fspath(out) if isinstance(out, (str, os.PathLike)) else out
    canvas = Canvas(target, pagesize=page, pageCompression=0, invariant=1)
    canvas.setTitle("Team wall chart")
    canvas.setCreator("euchre_tourney")
    if not view.rounds:
        fonts.draw_text(canvas, MARGIN, page[1] - MARGIN - 14, "No rounds to print yet.", 12)
    elif view.team_format == "round_robin":
        _grid_pages(canvas, view, page)
    else:
        for r in view.rounds:
            _round_page(canvas, view, r, page)
    if not view.rounds:
        canvas.showPage()
    canvas.save()


def _title(pen: fonts.Pen, view: TeamEventView, page, text: str) -> float:
    width, height = page
    top = height - MARGIN
    pen.fitted(MARGIN, top - 20, text, width * 0.6, 20, 10, bold=True)
    pen.fitted(width - MARGIN, top - 12, view.event_name, width * 0.35, 11, 6, bold=True, align="right")
    pen.text(width - MARGIN, top - 24, format_date(view.event_date), 8, align="right")
    return top - 34


def _grid_pages(canvas: Canvas, view: TeamEventView, page) -> None:
    """Teams down, rounds across; several pages if there are many teams."""
    width, height = page
    teams = [t for t in view.teams if any(t.id in (x.north_south.id, x.east_west.id) for r in view.rounds for x in r.tables)]
    where = {}
    for r in view.rounds:
        for t in r.tables:
            where[t.north_south.id, r.number] = (t.number, "N–S", t.east_west.number)
            where[t.east_west.id, r.number] = (t.number, "E–W", t.north_south.number)
        for b in r.byes:
            where[b.id, r.number] = None
    name_w = min(220.0, width * 0.3)
    cell_w = (width - 2 * MARGIN - name_w) / max(1, len(view.rounds))
    row_h = 22.0
    per_page = int((height - 2 * MARGIN - 60) // row_h)
    for start in range(0, len(teams), per_page):
        pen = fonts.Pen(canvas)
        y = _title(pen, view, page, "Wall chart: table, seats and opponent team each round")
        y -= 14
        pen.text(MARGIN + 2, y + 4, "Team", 8, bold=True)
        for i, r in enumerate(view.rounds):
            pen.text(MARGIN + name_w + (i + 0.5) * cell_w, y + 4, f"Round {r.number}", 8, bold=True, align="center")
        canvas.setLineWidth(0.4)
        for j, team in enumerate(teams[start : start + per_page]):
            y_top = y - j * row_h
            if j % 2 == 0:
                canvas.setFillGray(0.93)
                canvas.rect(MARGIN, y_top - row_h, width - 2 * MARGIN, row_h, stroke=0, fill=1)
                canvas.setFillGray(0)
            pen.fitted(MARGIN + 2, y_top - 9, f"{team.number} {team.name}", name_w - 4, 9, 5, bold=True)
            pen.fitted(MARGIN + 2, y_top - 18, f"{team.players[0]} & {team.players[1]}", name_w - 4, 6.5, 4)
            for i, r in enumerate(view.rounds):
                cx = MARGIN + name_w + (i + 0.5) * cell_w
                cell = where.get((team.id, r.number), "")
                if cell is None:
                    pen.text(cx, y_top - 14, "bye", 8, align="center")
                elif cell:
                    table, seats, other = cell
                    pen.fitted(cx, y_top - 10, f"T{table} {seats}", cell_w - 4, 9, 5, bold=True, align="center")
                    pen.fitted(cx, y_top - 19, f"v {other}", cell_w - 4, 7.5, 4, align="center")
        bottom = y - min(per_page, len(teams) - start) * row_h
        for i in range(len(view.rounds) + 1):
            x = MARGIN + name_w + i * cell_w
            canvas.line(x, y + 14, x, bottom)
        canvas.line(MARGIN, y, width - MARGIN, y)
        pen.flush()
        canvas.showPage()


def _round_page(canvas: Canvas, view: TeamEventView, r, page) -> None:
    """One round: every table with both teams by seat, and the bye."""
    width, height = page
    pen = fonts.Pen(canvas)
    y = _title(pen, view, page, f"Round {r.number} of {view.planned_rounds}")
    cols = columns_from_widths([("table", 50), ("ns", (width - 2 * MARGIN - 50) / 2), ("ew", (width - 2 * MARGIN - 50) / 2)])
    y -= 14
    sides = {key: f"{side_title(side, 4)} ({' & '.join(seat_title(p, 4) for p in side_positions(side, 4))})"
             for side, key in enumerate(("ns", "ew"))}  # "North–South (North & South)", from the seat model
    for key, text in (("table", "Table"), ("ns", sides["ns"]), ("ew", sides["ew"])):
        x, w = cols[key]
        pen.text(MARGIN + x + 3, y + 4, text, 9, bold=True)
    rows = len(r.tables) + (1 if r.byes else 0)
    row_h = max(16.0, min(34.0, (y - MARGIN - 20) / max(rows, 1)))
    canvas.setLineWidth(0.4)
    for i, t in enumerate(r.tables):
        y_top = y - i * row_h
        if i % 2 == 0:
            canvas.setFillGray(0.93)
            canvas.rect(MARGIN, y_top - row_h, width - 2 * MARGIN, row_h, stroke=0, fill=1)
            canvas.setFillGray(0)
        x, w = cols["table"]
        pen.text(MARGIN + x + w / 2, y_top - row_h / 2 - 5, str(t.number), min(16, row_h * 0.6), bold=True, align="center")
        for key, team in (("ns", t.north_south), ("ew", t.east_west)):
            x, w = cols[key]
            big = min(11.0, row_h * 0.42)
            pen.fitted(MARGIN + x + 4, y_top - big - 2, f"{team.number} {team.name}", w - 8, big, 5, bold=True)
            pen.fitted(MARGIN + x + 4, y_top - row_h + 4, f"{team.players[0]} & {team.players[1]}", w - 8, big * 0.8, 4)
    y_end = y - len(r.tables) * row_h
    if r.byes:
        pen.fitted(MARGIN + 4, y_end - 14, "Bye: " + ", ".join(f"{b.number} {b.name}" for b in r.byes), width - 2 * MARGIN, 10, 5)
    canvas.line(MARGIN, y, width - MARGIN, y)
    for key in ("ns", "ew"):
        x, _w = cols[key]
        canvas.line(MARGIN + x, y + 14, MARGIN + x, y_end)
    pen.flush()
    canvas.showPage()
