"""Qt table models of the season: standings across nights and ratings
(shared by the Season page and the projector)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from euchre_tourney.gui.models import Column, RowsModel

RIGHT = Qt.AlignRight | Qt.AlignVCenter


class SeasonStandingsModel(RowsModel):
    """Season standings rows (:class:`~euchre_tourney.tournament.SeasonRow`);
    one column per night after the totals (its score, "*" not counted)."""

    def __init__(self, parent=None) -> None:
        super().__init__(self._columns(()), parent)

    @staticmethod
    def _columns(events) -> list[Column]:
        cols = [
            Column("Place", lambda r: r.place_text, RIGHT),
            Column("Name", lambda r: r.name),
            Column("Score", lambda r: r.score_text, RIGHT),
            Column("Nights", lambda r: r.nights, RIGHT),
            Column("Points", lambda r: r.points, RIGHT),
            Column("Won", lambda r: r.rounds_won, RIGHT, lambda r: "Rounds won (first tie-break)"),
            Column("Loners", lambda r: r.loners, RIGHT, lambda r: "Loners made (second tie-break)"),
        ]
        for i, (eid, name, d, _kind) in enumerate(events, start=1):
            cols.append(
                Column(
                    f"N{i}",
                    lambda r, eid=eid: "" if eid not in r.night_scores else f"{r.night_scores[eid]}" + ("" if eid in r.counted else "*"),
                    RIGHT,
                    lambda r, name=name, d=d: f"{name}, {d:%d %b %Y} (* not counted: best nights only)",
                )
            )
        return cols

    def set_standings(self, rows, events=()) -> None:
        """Show ``rows`` with a column per event of ``events`` (the projector
        passes the other models' round count instead: no night columns)."""
        self.set_table(self._columns(events if isinstance(events, (tuple, list)) else ()), rows)


class RatingsModel(RowsModel):
    def __init__(self, parent=None) -> None:
        super().__init__(
            [
                Column("#", lambda r: r[0], RIGHT),
                Column("Name", lambda r: r[1].name),
                Column("Rating", lambda r: r[1].rating.text, RIGHT, lambda r: "mean ± two standard deviations (openskill)"),
                Column("Rounds", lambda r: r[1].rounds, RIGHT),
            ],
            parent,
        )
