"""The printed standings: one table, as many pages as it needs, landscape.

Takes a :class:`~euchre_tourney.tournament.StandingsView` (players: place,
number, name, points, rounds played and won, loners, sit-outs, the points of
each round) or a :class:`~euchre_tourney.tournament.TeamStandingsView`
(teams: place, number, team and players, wins, W–L–T, byes, points for and
against, the difference, each round's result), and prints under it how ties
are broken and how sit-outs or byes count.

A progressive event's sheet also says where the night stands ("after round
3 — round 4: 7 of 10 tables in") and ends with its prizes
(:class:`~euchre_tourney.tournament.PrizeView`: every player level for a
prize listed, "shared by 2"), after the last row, on a new page if needed.
"""

from __future__ import annotations

import os
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from euchre_tourney.reports import fonts
from euchre_tourney.reports.sheet import MARGIN, draw_table_pages, page_dimensions
from euchre_tourney.tournament import BYE_RULES, SIT_OUT_RULES, StandingsView, TeamStandingsView

ROW_H = 16.0


MAX_SECTION_PRIZES = 6
"""A split night's overall sheet lists each section's prizes up to this
many sections (beyond, each section's own sheet does)."""


def _player_table(view: StandingsView):
    rounds = len(view.rows[0].round_points) if view.rows else 0
    heads = [("Place", 34), ("No.", 28), ("Name", 0), ("Points", 40), ("Played", 38), ("Won", 30), ("Loners", 38),
             ("Sit-outs", 44)] + [(f"R{i + 1}", 26) for i in range(rounds)]
    rows = [
        [f"={r.place}" if r.tied else str(r.place), str(r.number or ""), r.name, str(r.points), str(r.rounds_played),
         str(r.rounds_won), str(r.loners), str(r.sit_outs or "")]
        + ["" if p is None else str(p) for p in r.round_points]
        for r in view.rows
    ]
    notes = "Ties are broken by " + ", then ".join(t.lower() for t in view.tie_breaks) + ". " + SIT_OUT_RULES.get(
        view.sit_out_rule, ""
    ) + "."
    return heads, rows, notes


def _team_name(r) -> str:
    """A standings row's team as printed: its name, its two players when the name is not theirs, its status."""
    both = f"{r.players[0]} & {r.players[1]}"
    name = r.name if r.name == both else f"{r.name} ({both})"
    return name if r.status == "playing" else f"{name} – {r.status}"


def _bracket_table(view: TeamStandingsView):
    """A night played as a bracket: places (once the final is played), where each team stands, its matches."""
    rounds = len(view.rows[0].round_results) if view.rows else 0
    heads = [("Place", 34), ("No.", 28), ("Team", 0), ("Result", 200), ("W–L", 36), ("For", 32), ("Against", 42),
             ("+/−", 32)] + [(f"R{i + 1}", 46) for i in range(rounds)]
    rows = []
    for r in view.rows:
        name = _team_name(r)
        rows.append(
            [(f"={r.place}" if r.tied else str(r.place)) if r.place else "", str(r.number), name, r.result,
             f"{r.wins}–{r.losses}", str(r.points_for), str(r.points_against), f"{r.difference:+d}" if r.difference else "0"]
            + list(r.round_results)
        )
    notes = view.bracket + " Ranked by the bracket: teams out in the same round share the place (=)."
    return heads, rows, notes


def _team_table(view: TeamStandingsView):
    if view.bracket:
        return _bracket_table(view)
    rounds = len(view.rows[0].round_results) if view.rows else 0
    heads = [("Place", 34), ("No.", 28), ("Team", 0), ("Wins", 34), ("W–L–T", 44), ("Byes", 30), ("For", 32),
             ("Against", 42), ("+/−", 32)] + [(f"R{i + 1}", 46) for i in range(rounds)]
    rows = []
    for r in view.rows:
        name = _team_name(r)
        rows.append(
            [f"={r.place}" if r.tied else str(r.place), str(r.number), name, f"{r.score:g}",
             f"{r.wins}–{r.losses}–{r.ties}", str(r.byes or ""), str(r.points_for), str(r.points_against),
             f"{r.difference:+d}" if r.difference else "0"]
            + list(r.round_results)
        )
    notes = "Ranked by " + ", then ".join(t.lower() for t in view.tie_breaks) + ". " + BYE_RULES.get(view.bye_rule, "") + "."
    return heads, rows, notes


def write_standings(
    view: StandingsView | TeamStandingsView, out: str | os.PathLike | BinaryIO, *, page_size: str = "letter"
) -> None:
    """Write the standings PDF of ``view`` to ``out`` (a path or a binary
    file) on ``page_size`` ("letter" or "a4", landscape). ``ValueError``
    for another page size; ``OSError`` if the file cannot be written."""
    w, h = page_dimensions(page_size)
    width, height = max(w, h), min(w, h)
    fonts.register_fonts()
    heads, rows, notes = _team_table(view) if isinstance(view, TeamStandingsView) else _player_table(view)
    target = os.fspath(out) if isinstance(out, (str, os.PathLike)) else out
    canvas = Canvas(target, pagesize=(width, height), pageCompression=0, invariant=1)
    canvas.setTitle(f"Standings – {view.event_name}")
    canvas.setCreator("euchre_tourney")
    prizes = [] if isinstance(view, TeamStandingsView) else [(p.title, p.text) for p in getattr(view, "prizes", ())]
    status = "" if isinstance(view, TeamStandingsView) else getattr(view, "status", "")
    by_section = () if isinstance(view, TeamStandingsView) or view.section else view.section_prizes
    if 0 < len(by_section) <= MAX_SECTION_PRIZES:  # a split night's overall sheet: each section's prizes after the room's
        prizes += [(f"Section {name}: {p.title}", p.text) for name, ps in by_section for p in ps]
    elif by_section:
        prizes.append(("Sections", ": each section's prizes are on its own sheet (print it with its section)."))

    def draw_prizes(pen, y: float) -> None:
        if not prizes:
            return
        y -= 26
        pen.fitted(MARGIN, y, "Prizes", width - 2 * MARGIN, 14, 9, bold=True)
        for title, text in prizes:
            y -= ROW_H + 2
            pen.fitted(MARGIN, y, title, 150, 11, 7, bold=True)
            pen.fitted(MARGIN + 156, y, text.partition(": ")[2], width - 2 * MARGIN - 156, 11, 7)

    title = f"Standings: {view.event_name}" + (f" — {status}" if status else "")
    draw_table_pages(canvas, (width, height), title, heads, rows, notes=notes, bold=(0, 3), flexible_min=210.0,
                     extra_lines=2 + len(prizes) if prizes else 0, after=draw_prizes)
    canvas.save()
