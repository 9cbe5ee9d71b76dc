"""Team events' table models and the final-score entry box.

Thin views over :mod:`euchre_tourney.tournament`'s team read models: the
teams list, one round's tables with their results, the team standings, and
the box where a game-to-the-target round's final score is typed (validated
by :func:`euchre_tourney.tournament.record_game_score`; Ctrl+Z undoes). A
final score already stored is replaced only after a question that shows it
and the new one.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
)

from euchre_tourney import tournament
from euchre_tourney.rules import side_title
from euchre_tourney.gui import context
from euchre_tourney.gui.models import role_numbers, CENTER, RIGHT, Column, RowsModel, StandingsModel

ERROR_STYLE = "color: #b91c1c; font-weight: bold;"
OK_STYLE = "color: #166534;"


class TeamsModel(RowsModel):
    """The event's teams: number, name, players, status."""

    EXTRA_ROLES = role_numbers(Qt.ForegroundRole)

    def __init__(self, parent=None) -> None:
        super().__init__(
            [
                Column("No.", lambda t: t.number, RIGHT),
                Column("Players", lambda t: f"{t.players[0]} & {t.players[1]}"),
                Column("Team name", lambda t: "" if t.name == f"{t.players[0]} & {t.players[1]}" else t.name),
                Column("Status", lambda t: t.status),
            ],
            parent,
        )

    def extra_data(self, row, column, role):
        if role == Qt.ForegroundRole and column == 3 and row.status != "playing":
            return QBrush(QColor("#b45309"))
        return None


def result_text(t) -> str:
    """A table's result in words: "10–6 (final score)", "4–2 after 3 hands", "—"."""
    if t.final_only:
        return f"{t.ns_points}–{t.ew_points} (final score)"
    if t.hands == 0:
        return "—"
    text = f"{t.ns_points}–{t.ew_points}"
    return text if t.complete else f"{text} after {t.hands} hand{'s' if t.hands != 1 else ''} (not finished)"


def _winner(t) -> str:
    if not t.complete:
        return ""
    if t.winner is None:
        return "tie"
    return t.north_south.name if t.winner == t.north_south.id else t.east_west.name


class TeamTablesModel(RowsModel):
    """One team round: table, North–South team, East–West team, result, winner."""

    EXTRA_ROLES = role_numbers(Qt.ForegroundRole)

    def __init__(self, parent=None) -> None:
        super().__init__(
            [
                Column("Table", lambda t: t.number, CENTER),
                Column(side_title(0, 4), lambda t: f"{t.north_south.number} {t.north_south.name}"),
                Column(side_title(1, 4), lambda t: f"{t.east_west.number} {t.east_west.name}"),
                Column("Score N–S : E–W", result_text, CENTER),
                Column("Winner", _winner),
            ],
            parent,
        )

    def extra_data(self, row, column, role):
        if role == Qt.ForegroundRole and column == 3 and not row.complete:
            return QBrush(QColor("#b45309"))
        return None


class TeamStandingsModel(StandingsModel):
    """Team standings rows; one column per round ("W 10–6 v 3"). Columns 0
    and 3 (place, wins) in bold, as the players' standings."""

    @staticmethod
    def _columns(rounds: int) -> list[Column]:
        cols = [
            Column("Place", lambda r: f"={r.place}" if r.tied else r.place, CENTER),
            Column("No.", lambda r: r.number, RIGHT),
            Column("Team", lambda r: r.name + ("" if r.status == "playing" else f" ({r.status})")),
            Column("Wins", lambda r: f"{r.score:g}", RIGHT),
            Column("W–L–T", lambda r: f"{r.wins}–{r.losses}–{r.ties}", CENTER),
            Column("Byes", lambda r: r.byes or "", RIGHT),
            Column("For", lambda r: r.points_for, RIGHT),
            Column("Against", lambda r: r.points_against, RIGHT),
            Column("+/−", lambda r: f"{r.difference:+d}" if r.difference else "0", RIGHT),
        ]
        for i in range(rounds):
            cols.append(Column(f"R{i + 1}", (lambda i: lambda r: r.round_results[i])(i), CENTER))
        return cols

    @staticmethod
    def _bracket_columns(rounds: int) -> list[Column]:
        """A night played as a bracket: its places (once the final is played)
        and where each team stands, its matches, and one column per bracket round."""
        cols = [
            Column("Place", lambda r: (f"={r.place}" if r.tied else r.place) if r.place else "", CENTER),
            Column("No.", lambda r: r.number, RIGHT),
            Column("Team", lambda r: r.name + ("" if r.status == "playing" else f" ({r.status})")),
            Column("Result", lambda r: r.result),
            Column("W–L", lambda r: f"{r.wins}–{r.losses}", CENTER),
            Column("For", lambda r: r.points_for, RIGHT),
            Column("Against", lambda r: r.points_against, RIGHT),
            Column("+/−", lambda r: f"{r.difference:+d}" if r.difference else "0", RIGHT),
        ]
        for i in range(rounds):
            cols.append(Column(f"R{i + 1}", (lambda i: lambda r: r.round_results[i])(i), CENTER))
        return cols

    bracket = False
    """The rows are a bracket night's (set by :meth:`set_standings`)."""

    def set_standings(self, rows, rounds: int) -> None:
        """Show ``rows`` with ``rounds`` round columns; a bracket night's rows
        (each has a :attr:`~euchre_tourney.tournament.TeamStandingRow.result`)
        get the bracket's columns."""
        self.bracket = any(r.result for r in rows)
        if not self.bracket:
            super().set_standings(rows, rounds)
            return
        self.rounds = rounds
        self.set_table(self._bracket_columns(rounds), rows)


class GameScoreBox(QGroupBox):
    """Type a game's final score for one table of a round (game-to-the-target
    events). ``ctx`` runs the use cases and keeps the undo stack."""

    def __init__(self, ctx, parent=None) -> None:
        super().__init__("Final score of a game (when the hands were not entered)", parent)
        self.ctx = ctx
        self.view = None
        self.round = QSpinBox()
        self.round.setPrefix("Round ")
        self.round.setRange(1, 1)
        self.round.valueChanged.connect(lambda _v: self._fill_tables())
        self.table = QComboBox()
        self.table.setMinimumWidth(320)
        self.table.currentIndexChanged.connect(lambda _i: self._show_table())
        self.ns = QSpinBox()
        self.ns.setRange(0, 99)
        self.ew = QSpinBox()
        self.ew.setRange(0, 99)
        self.ns_label = QLabel(side_title(0, 4) + ":")
        self.ew_label = QLabel(side_title(1, 4) + ":")
        self.save_button = QPushButton("Save &final score")
        self.save_button.clicked.connect(self.save)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.said_at: tuple | None = None  # (event, round, table) the message is about
        form = QFormLayout(self)
        form.addRow("Round:", self.round)
        form.addRow("Table:", self.table)
        scores = QHBoxLayout()
        scores.addWidget(self.ns_label)
        scores.addWidget(self.ns)
        scores.addSpacing(16)
        scores.addWidget(self.ew_label)
        scores.addWidget(self.ew)
        scores.addStretch(1)
        form.addRow("Score:", scores)
        form.addRow(self.save_button)
        form.addRow(self.message)

    def set_view(self, view) -> None:
        """Show the rounds of ``view`` (a TeamEventView), keeping the round picked."""
        self.view = view
        keep = self.round.value()
        self.round.blockSignals(True)
        self.round.setRange(1, max(1, len(view.rounds)))
        self.round.setValue(min(keep, max(1, len(view.rounds))) if keep else len(view.rounds))
        self.round.blockSignals(False)
        self._fill_tables()

    def _tables(self):
        if self.view is None or not self.view.rounds:
            return ()
        return self.view.rounds[self.round.value() - 1].tables

    def _fill_tables(self) -> None:
        keep = self.table.currentData()
        self.table.blockSignals(True)
        self.table.clear()
        for t in self._tables():
            mark = "✓ " if t.complete else ""
            self.table.addItem(f"{mark}Table {t.number}: {t.north_south.name} v {t.east_west.name}", t.number)
        index = self.table.findData(keep)
        if index < 0:  # first table without a result
            index = next((i for i, t in enumerate(self._tables()) if not t.complete), 0)
        self.table.setCurrentIndex(index)
        self.table.blockSignals(False)
        self._show_table()

    def _show_table(self) -> None:
        t = self.current()
        if self.said_at is not None and self.said_at != self._place(t):  # a message belongs to its event and table
            self.said_at = None
            self.message.clear()
        if t is None:
            return
        self.ns_label.setText(f"N–S {t.north_south.number}:")
        self.ew_label.setText(f"E–W {t.east_west.number}:")
        self.ns.setValue(t.ns_points)
        self.ew.setValue(t.ew_points)

    def current(self):
        number = self.table.currentData()
        return next((t for t in self._tables() if t.number == number), None)

    def select(self, round_number: int, table: int) -> None:
        self.round.setValue(round_number)
        self._fill_tables()
        self.table.setCurrentIndex(max(0, self.table.findData(table)))

    def _place(self, t) -> tuple:
        return (self.ctx.event_id, self.round.value(), t.number if t is not None else None)

    def show_message(self, text: str, *, error: bool) -> None:
        self.message.setStyleSheet(ERROR_STYLE if error else OK_STYLE)
        self.message.setText(text)
        self.said_at = self._place(self.current())

    def save(self) -> bool:
        """Store the score typed (undoable); False with the reason shown if refused."""
        t = self.current()
        if t is None or self.ctx.event_id is None:
            return False
        event_id, rnd, table = self.ctx.event_id, self.round.value(), t.number
        ns, ew = self.ns.value(), self.ew.value()
        if t.final_only and (ns, ew) == (t.ns_points, t.ew_points):
            self.show_message(f"Round {rnd}, table {table} already has {ns}–{ew}: nothing to change.", error=False)
            return False
        if t.final_only and not context.ask(
            self,
            f"Replace the final score at table {table}",
            f"Round {rnd}, table {table} has a final score stored:\n"
            f"    {side_title(0, 4)} {t.ns_points}, {side_title(1, 4)} {t.ew_points}.\n\n"
            f"Replace it with:\n    {side_title(0, 4)} {ns}, {side_title(1, 4)} {ew}?",
        ):
            self.show_message(f"Not changed: round {rnd}, table {table} keeps {t.ns_points}–{t.ew_points}.", error=False)
            return False
        try:  # undo puts back the score there was (or none), through the undo log
            self.ctx.operate(
                f"Final score round {rnd} table {table}",
                tournament.record_game_score, event_id, rnd, table, ns, ew, event_id=event_id,
                expected=(t.ns_points, t.ew_points) if t.final_only else None,  # what this page showed
            )
        except tournament.TournamentError as exc:
            self.show_message(exc.message, error=True)
            return False
        self.show_message(f"Saved: round {rnd}, table {table}, {ns}–{ew}.", error=False)
        return True
