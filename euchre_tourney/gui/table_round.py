"""A table's round as a whole, under the Scores page's hand entry:

* **Time called** -- the director counts a half-played table as finished
  (:func:`euchre_tourney.tournament.finish_table`); unticking takes it back.
* **Round totals** -- in an event entered as round totals, each side's
  points and each seat's loners from the tally
  (:func:`euchre_tourney.tournament.record_table_totals`), checked against
  what the hands per round can produce under the rules.

Both go through the undo stack and report refusals in the director's words.
Totals already stored are replaced only after a question that shows them
and the new ones.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QPushButton, QSpinBox, QWidget

from euchre_tourney import tournament
from euchre_tourney.gui import context
from euchre_tourney.gui.context import AppContext
from euchre_tourney.rules import SEATS, side_title

ERROR_STYLE = "color: #b91c1c; font-weight: bold;"


class TableRoundBox(QGroupBox):
    """Time called / round totals for the table shown on the Scores page."""

    saved = Signal(str)

    def __init__(self, ctx: AppContext, parent=None) -> None:
        super().__init__("This table's round", parent)
        self.ctx = ctx
        self.where: tuple[int, int] | None = None
        self.view: tournament.TableResultView | None = None
        self.time_called = QCheckBox("Time called: count this table as finished")
        self.time_called.setToolTip(
            "The table stopped before all its hands were played: it counts in the standings with the hands it has."
        )
        self.time_called.clicked.connect(self.set_time_called)
        self.ns_points, self.ew_points = QSpinBox(), QSpinBox()
        self.loners = {seat: QSpinBox() for seat in SEATS}
        for box in (self.ns_points, self.ew_points, *self.loners.values()):
            box.setRange(0, 999)
        self.save_button = QPushButton("Save round totals")
        self.save_button.clicked.connect(self.save_totals)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.totals = QWidget()
        form = QFormLayout(self.totals)
        form.setContentsMargins(0, 0, 0, 0)
        points = QHBoxLayout()
        for text, box in ((side_title(0, 4), self.ns_points), (side_title(1, 4), self.ew_points)):
            points.addWidget(QLabel(text))
            points.addWidget(box)
        points.addStretch(1)
        form.addRow("Points:", points)
        loners = QHBoxLayout()
        for seat, box in self.loners.items():
            box.setToolTip(f"Loners {seat.title} made (went alone and took 3 or more tricks)")
            loners.addWidget(QLabel(seat.title))
            loners.addWidget(box)
        loners.addStretch(1)
        form.addRow("Loners made:", loners)
        form.addRow(self.save_button)
        layout = QFormLayout(self)
        layout.addRow(self.totals)
        layout.addRow(self.time_called)
        layout.addRow(self.status)

    def show_table(
        self, event: tournament.EventView, round_number: int, table: int, view: tournament.TableResultView | None = None
    ) -> None:
        """Show where ``table`` of ``round_number`` stands (``view``: already
        read with the page's read model; None: read it)."""
        self.where = (round_number, table)
        self.view = view if view is not None else self.ctx.run(tournament.table_result, event.id, round_number, table)
        totals_mode = self.view.entry_mode == "totals"  # the round's own mode: it may differ from the event's now
        self.totals.setVisible(totals_mode)
        self.time_called.setVisible(not totals_mode)
        self.time_called.setChecked(self.view.finished_early)
        v = self.view
        if totals_mode:
            self.ns_points.setValue(v.ns_points or 0)
            self.ew_points.setValue(v.ew_points or 0)
            for seat, n in zip(SEATS, v.loners):
                self.loners[seat].setValue(n)
        self.show_status()

    def show_status(self, error: str = "") -> None:
        v = self.view
        if error:
            self.status.setStyleSheet(ERROR_STYLE)
            self.status.setText(error)
            return
        self.status.setStyleSheet("")
        if v is None:
            self.status.clear()
        elif v.ns_points is not None:
            self.status.setText(f"Totals in: {side_title(0, 4)} {v.ns_points}, {side_title(1, 4)} {v.ew_points}. This table counts.")
        elif v.finished:
            how = "time called" if v.finished_early and v.hands_recorded < v.hands_per_round else "all hands in"
            self.status.setText(f"Finished ({how}, {v.hands_recorded} of {v.hands_per_round} hands): this table counts.")
        elif v.entry_mode == "totals":
            self.status.setText("No totals yet: this table does not count in the standings yet.")
        else:
            self.status.setText(
                f"{v.hands_recorded} of {v.hands_per_round} hands in: this table does not count in the standings yet."
            )

    def _say(self, text: str) -> None:
        self.status.setStyleSheet("")
        self.status.setText(text)

    def set_time_called(self, called: bool) -> None:
        if self.where is None or self.ctx.event_id is None:
            return
        event_id, (rnd, table) = self.ctx.event_id, self.where
        try:
            self.ctx.operate(
                f"{'Call' if called else 'Uncall'} time at table {table}, round {rnd}",
                tournament.finish_table, event_id, rnd, table, called, event_id=event_id,
            )
        except tournament.TournamentError as exc:
            self.time_called.setChecked(not called)
            self.show_status("Not changed: " + exc.message)
            return
        self.view = self.ctx.run(tournament.table_result, event_id, rnd, table)
        self.show_status()
        self.saved.emit(f"Table {table}: time {'called' if called else 'no longer called'}.")

    def save_totals(self) -> None:
        if self.where is None or self.ctx.event_id is None:
            return
        event_id, (rnd, table) = self.ctx.event_id, self.where
        ns, ew = self.ns_points.value(), self.ew_points.value()
        loners = {seat: box.value() for seat, box in self.loners.items() if box.value()}
        v = self.view  # what this box showed: totals changed since at another station are not replaced
        shown = (v.ns_points, v.ew_points) if v is not None and v.ns_points is not None else None
        if v is not None and v.ns_points is not None:  # a correction of the totals stored
            old = (v.ns_points, v.ew_points, dict((seat, n) for seat, n in zip(SEATS, v.loners) if n))
            if old == (ns, ew, loners):
                self._say(f"Table {table} already has these totals: nothing to change.")
                return
            if not context.ask(
                self,
                f"Replace the totals at table {table}",
                f"Round {rnd}, table {table} has totals stored:\n    {totals_words(*old)}.\n\n"
                f"Replace them with:\n    {totals_words(ns, ew, loners)}?",
            ):
                self._say(f"Not changed: table {table} keeps {totals_words(*old)}.")
                return
        try:  # undo puts back the totals there were (or none), through the undo log
            self.ctx.operate(
                f"Round totals at table {table}, round {rnd}",
                tournament.record_table_totals, event_id, rnd, table, ns, ew, loners, expected=shown, event_id=event_id,
            )
        except tournament.TournamentError as exc:
            self.show_status("Not saved: " + exc.message)
            return
        self.view = self.ctx.run(tournament.table_result, event_id, rnd, table)
        self.show_status()
        self.saved.emit(f"Table {table}: round totals saved.")


def totals_words(ns: int, ew: int, loners: dict) -> str:
    """"North–South 24, East–West 18; loners: North 1" (``loners``: seat -> count, zeros left out)."""
    made = ", ".join(f"{seat.title} {n}" for seat, n in loners.items() if n)
    return f"{side_title(0, 4)} {ns}, {side_title(1, 4)} {ew}" + (f"; loners: {made}" if made else "")
