"""The Scores page's entry row for a side game (issue 24, item 5): six-player
three against three at tables of six (the side that made trump, its tricks,
alone or not) and bid euchre (the high bidder, the bid, the tricks the
bidders took). Keyboard first, as the four-seat row: type, Enter saves; the
points, or the engine's refusal sentence, show as you type
(:meth:`~euchre_tourney.rules.tables.SideHandEntry.score`, the call the
saved hand is scored by). Delete removes the selected hand after a question
(Backspace, a typist's key, never does); the hand list has no type-ahead;
Ctrl+Z undoes.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from euchre_tourney import tournament
from euchre_tourney.gui import context
from euchre_tourney.gui.widgets import StoredHandsList
from euchre_tourney.rules import RuleViolation, tables

ERROR_STYLE = "color: #b91c1c; font-weight: bold;"
OK_STYLE = "color: #166534;"
FOUR_SEATS = ("North", "East", "South", "West")


def side_label(game: tables.TableRules, names: tuple[str, ...], side: int) -> str:
    """"Seats 1, 3, 5: Ann, Cy, Eve" at six; "North–South: Ann & Cy" at four."""
    members = names[side::2]
    if game.players == 6:
        seats = ", ".join(str(i + 1) for i in range(side, 6, 2))
        return f"Seats {seats}: " + ", ".join(members)
    return ("North–South: " if side == 0 else "East–West: ") + " & ".join(members)


class SideEntryBox(QWidget):
    """Entry row, recorded hands and totals for one table of a side game.
    ``message(text, error)``: what to tell the director after a save or delete."""

    saved = Signal(int)
    """A hand was saved at this table (its number): the page may move on."""

    def __init__(self, ctx, parent=None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.view: tournament.SideTableView | None = None
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.RichText)
        self.hand_number = QSpinBox()
        self.hand_number.setRange(1, 99)
        self.makers = QComboBox()
        self.makers.setMinimumWidth(320)
        self.bidder = QComboBox()
        self.bidder.setMinimumWidth(320)
        self.bid = QLineEdit()
        self.bid.setValidator(QIntValidator(0, 99, self))
        self.bid.setMaximumWidth(60)
        self.tricks = QLineEdit()
        self.tricks.setValidator(QIntValidator(0, 99, self))
        self.tricks.setPlaceholderText("0–5")
        self.tricks.setMaximumWidth(60)
        self.alone = QCheckBox("Maker &went alone")
        self.lone = QComboBox()  # which maker went alone: the Loners column counts it
        self.lone.setMinimumWidth(320)
        self.save_button = QPushButton("&Save hand (Enter)")
        self.save_button.clicked.connect(self.save)
        self.preview = QLabel()
        self.preview.setWordWrap(True)
        self.message_label = QLabel()
        self.message_label.setWordWrap(True)
        self.entry = QGroupBox("Enter a hand")
        form = QFormLayout(self.entry)
        form.setFieldGrowthPolicy(QFormLayout.FieldsStayAtSizeHint)
        self._labels = {}
        for key, text, w in (
            ("hand", "Ha&nd:", self.hand_number),
            ("bidder", "Hi&gh bidder:", self.bidder),
            ("bid", "B&id (tricks):", self.bid),
            ("makers", "&Makers (1 or 2):", self.makers),
            ("tricks", "Tric&ks the makers took:", self.tricks),
        ):
            label = QLabel(text)
            label.setBuddy(w)
            self._labels[key] = label
            form.addRow(label, w)
        form.addRow("", self.alone)
        self._labels["lone"] = QLabel("Who went al&one:")
        self._labels["lone"].setBuddy(self.lone)
        form.addRow(self._labels["lone"], self.lone)
        save_row = QHBoxLayout()
        save_row.addWidget(self.save_button)
        save_row.addStretch(1)
        form.addRow(save_row)
        form.addRow(self.preview)
        self.hands = StoredHandsList()
        self.hands.installEventFilter(self)
        self.totals = QLabel()
        self.totals.setTextFormat(Qt.RichText)
        self.delete_button = QPushButton("&Delete selected hand")
        self.delete_button.clicked.connect(self.delete_selected)
        bottom = QHBoxLayout()
        bottom.addWidget(self.totals, 1)
        bottom.addWidget(self.delete_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.entry)
        layout.addWidget(self.message_label)
        layout.addWidget(self.hands, 1)
        layout.addLayout(bottom)
        for w in (self.hand_number, self.makers, self.bidder, self.bid, self.tricks, self.alone, self.lone, self.save_button):
            w.installEventFilter(self)
        for signal in (self.makers.currentIndexChanged, self.bidder.currentIndexChanged):
            signal.connect(self.update_preview)
        for signal in (self.bid.textChanged, self.tricks.textChanged):
            signal.connect(self.update_preview)
        self.alone.toggled.connect(self.update_preview)
        self.alone.toggled.connect(self.fill_lone)
        self.makers.currentIndexChanged.connect(self.fill_lone)
        self.lone.currentIndexChanged.connect(self.update_preview)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802
        if event.type() == QEvent.KeyPress:
            key = event.key()
            if obj is self.hands:
                if key == Qt.Key_Delete:
                    self.delete_selected()
                    return True
                if key == Qt.Key_Backspace:  # a typist's Backspace after the table's last hand: never a deletion
                    return True
            elif key in (Qt.Key_Return, Qt.Key_Enter):
                self.save()
                return True
            elif obj is self.makers and key in (Qt.Key_1, Qt.Key_2):
                self.makers.setCurrentIndex(0 if key == Qt.Key_1 else 1)
                return True
            elif obj is self.bidder and Qt.Key_1 <= key <= Qt.Key_4:
                self.bidder.setCurrentIndex(key - Qt.Key_1)
                return True
        return super().eventFilter(obj, event)

    @property
    def auction(self) -> bool:
        return self.view is not None and self.view.game.bidding == "auction"

    def show_table(self, view: tournament.SideTableView, keep_typing: bool = False) -> None:
        """Draw ``view``; ``keep_typing``: a redraw under an entry in
        progress keeps the entry row as typed."""
        moved = self.view is None or (self.view.round, self.view.table, self.view.game) != (view.round, view.table, view.game)
        self.view = v = view
        g = v.game
        self.heading.setText(
            f"<b>Round {v.round}, table {v.table}</b> — {html.escape(g.title)}: "
            f"<b>{html.escape(side_label(g, v.names, 0))}</b> &nbsp; against &nbsp; "
            f"<b>{html.escape(side_label(g, v.names, 1))}</b>"
        )
        self.hands.clear()
        for h in v.hands:
            item = QListWidgetItem(f"Hand {h.number}: {h.text}")
            item.setData(Qt.UserRole, h)
            self.hands.addItem(item)
        first, second = ("Seats 1, 3, 5", "Seats 2, 4, 6") if g.players == 6 else ("North–South", "East–West")
        self.totals.setText(
            f"Totals: {first} <b>{v.totals[0]}</b>, {second} <b>{v.totals[1]}</b> "
            f"({len(v.hands)} of {v.hands_per_round} hands)"
        )
        for key in ("bidder", "bid"):
            self._labels[key].setVisible(self.auction)
        self.bidder.setVisible(self.auction)
        self.bid.setVisible(self.auction)
        self._labels["makers"].setVisible(not self.auction)
        self.makers.setVisible(not self.auction)
        self.alone.setVisible(g.may_go_alone)
        self._labels["tricks"].setText("Tric&ks the bidders took:" if self.auction else "Tric&ks the makers took:")
        self.bid.setPlaceholderText(f"{g.min_bid}–{g.max_bid}")
        self.tricks.setPlaceholderText(f"0–{g.hand_size}")
        if moved or not keep_typing:
            self.makers.blockSignals(True)
            self.makers.clear()
            for side in (0, 1):
                self.makers.addItem(side_label(g, v.names, side), side)
            self.makers.blockSignals(False)
            self.bidder.blockSignals(True)
            self.bidder.clear()
            for seat, name in enumerate(v.names):
                self.bidder.addItem(f"{FOUR_SEATS[seat] if g.players == 4 else f'Seat {seat + 1}'}: {name}", seat)
            self.bidder.blockSignals(False)
            self.reset_entry()

    def fill_lone(self) -> None:
        """List the makers' seats in "Who went alone" (shown while "Maker
        went alone" is ticked)."""
        v = self.view
        shown = v is not None and not self.auction and v.game.may_go_alone and self.alone.isChecked()
        self._labels["lone"].setVisible(shown)
        self.lone.setVisible(shown)
        if v is None:
            return
        side = self.makers.currentData()
        self.lone.blockSignals(True)
        self.lone.clear()
        for seat, name in enumerate(v.names):
            if side is not None and seat % 2 == side:
                self.lone.addItem(f"{FOUR_SEATS[seat] if v.game.players == 4 else f'Seat {seat + 1}'}: {name}", seat)
        self.lone.blockSignals(False)

    def reset_entry(self) -> None:
        self.bid.setText("")
        self.tricks.setText("")
        self.alone.setChecked(False)
        self.fill_lone()
        complete = self.view is not None and self.view.next_hand is None
        if self.view is not None and not complete:
            self.hand_number.setValue(self.view.next_hand)
        for w in (self.hand_number, self.makers, self.bidder, self.bid, self.tricks, self.alone, self.lone, self.save_button):
            w.setEnabled(not complete)
        self.entry.setTitle("This table is complete" if complete else "Enter a hand")
        self.update_preview()

    def first_field(self) -> QWidget:
        return self.bidder if self.auction else self.makers

    def entered(self) -> tuple[tables.SideHandEntry, int | None] | None:
        """(the hand in the entry row, the bidder) or None while a number is missing."""
        tricks = self.tricks.text().strip()
        if not tricks or (self.auction and not self.bid.text().strip()):
            return None
        if self.auction:
            bidder = self.bidder.currentData()
            alone = self.alone.isChecked() and self.view.game.may_go_alone  # an option of the game: the bidder alone
            return tables.SideHandEntry(bidder % 2, int(tricks), alone, int(self.bid.text())), bidder
        return tables.SideHandEntry(self.makers.currentData(), int(tricks), self.alone.isChecked()), None

    def update_preview(self) -> None:
        got = self.entered()
        if got is None or self.view is None:
            what = "the bid and the tricks the bidders took" if self.auction else "the tricks the makers took"
            self.preview.setText(f"Type {what}; the points appear here.")
            self.preview.setStyleSheet("")
            return
        try:
            side, points = got[0].score(self.view.game)
        except RuleViolation as exc:
            self.preview.setText(exc.message)
            self.preview.setStyleSheet(ERROR_STYLE)
            return
        self.preview.setText(f"{side_label(self.view.game, self.view.names, side)} score {points}.")
        self.preview.setStyleSheet(OK_STYLE)

    def save(self) -> bool:
        """Record the hand in the entry row; True if stored."""
        v = self.view
        if v is None:
            return False
        got = self.entered()
        if got is None:
            what = "the bid and the tricks" if self.auction else "how many tricks the makers took"
            self.show_message(f"Type {what}.", True)
            (self.bid if self.auction and not self.bid.text().strip() else self.tricks).setFocus()
            return False
        entry, bidder = got
        number = self.hand_number.value()
        lone = (bidder if self.auction else self.lone.currentData()) if entry.alone else None
        try:
            stored = self.ctx.operate(
                f"Hand {number} at table {v.table}, round {v.round}",
                tournament.record_side_hand, v.event_id, v.round, v.table, number, entry, bidder, lone,
                event_id=v.event_id,
            )
        except tournament.TournamentError as exc:
            self.preview.clear()
            self.show_message("Not saved: " + exc.message, True)
            return False
        said = next((h.text for h in (self.view.hands if self.view else ()) if h.id == stored.id), stored.text)  # with the names
        self.show_message(f"Hand {stored.number} saved: {said}.", False)
        self.reset_entry()  # the page has redrawn the table by now (its change)
        self.first_field().setFocus()
        self.saved.emit(v.table)
        return True

    def show_message(self, text: str, error: bool) -> None:
        self.message_label.setText(text)
        self.message_label.setStyleSheet(ERROR_STYLE if error else OK_STYLE)

    def delete_selected(self) -> None:
        item = self.hands.currentItem()
        if item is None or self.view is None:
            return
        h = item.data(Qt.UserRole)
        if not context.ask(
            self,
            f"Delete hand {h.number}",
            f"Delete hand {h.number} at table {h.table}, round {h.round}?\n\nStored: {h.text}.\n\n"
            "Edit ▸ Undo (Ctrl+Z) brings it back.",
        ):
            return
        try:
            self.ctx.operate(
                f"Delete hand {h.number} at table {h.table}, round {h.round}",
                tournament.delete_hand, h.id, event_id=self.view.event_id,
            )
        except tournament.TournamentError as exc:
            self.show_message("Not deleted: " + exc.message, True)
            return
        self.show_message(f"Hand {h.number} deleted (Ctrl+Z brings it back).", False)
