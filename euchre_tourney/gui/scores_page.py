"""The Scores page: type in each table's hands, keyboard first.

Flow: pick the round and table (Alt+R, Alt+T), then for each hand: makers
(N or E), tricks (0–5), who went alone, defender alone, Enter. The engine
computes the points as you type; a hand that cannot happen is refused with
the reason and nothing is stored. After a table's last hand the page moves on
to the next table by itself (Alt+T, Down just then stays there: it never skips
a table).

Keys never change a stored hand by surprise: at a complete table, typing on
does nothing (the hand list has no type-ahead; Enter there only says how to
correct). A correction is opened only on purpose -- *Correct selected hand*
(Alt+C), F2 or a double click -- and saved only after a question that shows
the hand as stored and as corrected; Delete asks too. Ctrl+Z undoes.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, QSettings, Qt
from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from euchre_tourney import tournament
from euchre_tourney.gui import context
from euchre_tourney.gui.context import AppContext
from euchre_tourney.gui.widgets import Page, SectionChooser, StoredHandsTable
from euchre_tourney.gui.models import HandsModel, side_name
from euchre_tourney.gui.side_scores import SideEntry, side_label, side_totals_names
from euchre_tourney.gui.table_round import TableRoundBox
from euchre_tourney.rules import SIDE_SEATS, DefendAlone, HandEntry, RuleSet, RuleViolation, Seat, Side, position_title, side_title, tables

SIDE_KEYS = {Qt.Key_N: "NS", Qt.Key_S: "NS", Qt.Key_E: "EW", Qt.Key_W: "EW"}
"""In the makers box: N or S picks North–South, E or W picks East–West."""
ERROR_STYLE = "color: #b91c1c; font-weight: bold;"
OK_STYLE = "color: #166534;"


class ScoresPage(Page):
    CONCERNS = frozenset({"roster", "event", "settings", "rotation", "hands", "teams", "locks"})

    def __init__(self, ctx: AppContext, parent=None) -> None:
        super().__init__(ctx, parent)
        self.table_view = None
        self.board: tournament.EntryBoard | None = None  # what the page last drew (one read per redraw)
        self.editing_id: int | None = None
        self.rules: RuleSet | None = None
        self.shown_at: tuple | None = None  # (event, round, table) on screen: a message belongs to it
        self.placed_for: int | None = None  # the event Scores last opened at its next unfinished table
        self._dirty = False  # the director has typed or picked something in the entry row since it was reset
        self._quiet = 0  # > 0 while the page itself fills the entry row (not the director's typing)
        self._redrawing = False  # a refresh (poll, another change, undo): never touches an entry in progress
        self._redrawn_here = False  # the last redraw changed the hands of the table on screen
        self.moved_on: tuple[int, int, int] | None = None
        """(round, from table, to table) just after the page moved on by itself, until anything else happens."""
        self._keep_focus = False  # the Round box shows another round: the focus stays in it

        self.round = QSpinBox()
        self.round.setRange(1, 1)
        self.round.setPrefix("Round ")
        self.round.valueChanged.connect(lambda _v: self.round_picked())
        self.tables = QListWidget()
        self.tables.setMaximumWidth(180)
        self.tables.currentRowChanged.connect(lambda _r: self.load_table())
        left = QVBoxLayout()
        round_label = QLabel("&Round:")
        round_label.setBuddy(self.round)
        left.addWidget(round_label)
        left.addWidget(self.round)
        self.lock = QCheckBox("Round &locked")
        self.lock.setToolTip("The director locks a finished round: its hands can no longer be changed at any station.")
        self.lock.clicked.connect(self.set_locked)
        left.addWidget(self.lock)
        self.station_tables = QLineEdit(QSettings().value("station_tables", "", type=str))
        self.station_tables.setPlaceholderText("all")
        self.station_tables.setToolTip(
            "With several scoring stations on one event: the tables this station enters, e.g. 1-4, 7 "
            "(empty: every table). The others' hands still show here as they are saved."
        )
        self.station_tables.editingFinished.connect(self.choose_tables)
        mine_label = QLabel("This station's ta&bles:")
        mine_label.setBuddy(self.station_tables)
        left.addWidget(mine_label)
        left.addWidget(self.station_tables)
        self.section = SectionChooser(ctx)
        self.section.chosen.connect(lambda _s: self.load_tables())
        left.addWidget(self.section)
        self.mine: frozenset[int] = frozenset()
        try:
            self.mine = tournament.parse_tables(self.station_tables.text())
        except tournament.TournamentError:
            self.station_tables.clear()
        tables_label = QLabel("&Tables:")
        tables_label.setBuddy(self.tables)
        left.addWidget(tables_label)
        left.addWidget(self.tables, 1)

        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.RichText)

        # entry row (one for every game: a side game shows its seats, sides and bids in it)
        self.side_game: tables.TableRules | None = None  # the event's side game (six-player, bid euchre); None: four seats
        self.hand_number = QSpinBox()
        self.hand_number.setRange(1, 99)
        self.bidder = QComboBox()  # a game with bids: the high bidder's seat (keys 1-6)
        self.bidder.setMinimumWidth(260)
        self.bid = QLineEdit()
        self.bid.setValidator(QIntValidator(0, 99, self))
        self.bid.setMaximumWidth(60)
        self.makers = QComboBox()
        for side, key in enumerate(("NS", "EW")):  # the seat model's words for a table of four
            self.makers.addItem(side_title(side, 4), key)
        self.tricks = QLineEdit()
        self.tricks.setValidator(QIntValidator(0, 99, self))
        self.tricks.setPlaceholderText("0–5")
        self.tricks.setMaximumWidth(60)
        self.alone = QComboBox()
        self.defender_alone = QCheckBox("Defender &alone")
        self.save_button = QPushButton("&Save hand (Enter)")
        self.save_button.clicked.connect(self.save)
        self.cancel_edit_button = QPushButton("Cancel correction (Esc)")
        self.cancel_edit_button.clicked.connect(self.cancel_edit)
        self.cancel_edit_button.hide()
        self.preview = QLabel()
        self.preview.setWordWrap(True)
        self.message = QLabel()
        self.message.setWordWrap(True)

        self.entry = QGroupBox("Enter a hand")
        form = QFormLayout(self.entry)
        form.setFieldGrowthPolicy(QFormLayout.FieldsStayAtSizeHint)
        self.makers.setMinimumWidth(260)
        self.alone.setMinimumWidth(260)
        self.entry_form = form
        self.labels = {}
        for key, text, w in (
            ("hand", "Ha&nd:", self.hand_number),
            ("bidder", "Hi&gh bidder (1–4):", self.bidder),
            ("bid", "B&id (tricks):", self.bid),
            ("makers", "&Makers (N or E):", self.makers),
            ("tricks", "Tric&ks the makers took:", self.tricks),
            ("alone", "Maker &went alone:", self.alone),
        ):
            label = QLabel(text)
            label.setBuddy(w)
            self.labels[key] = label
            form.addRow(label, w)
        form.addRow("", self.defender_alone)
        form.setRowVisible(self.bidder, False)
        form.setRowVisible(self.bid, False)
        buttons = QHBoxLayout()
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.cancel_edit_button)
        buttons.addStretch(1)
        form.addRow(buttons)
        form.addRow(self.preview)
        form.addRow(self.message)

        self.model = HandsModel(self)
        self.hands = StoredHandsTable()  # no type-ahead: a tricks digit never selects a stored hand
        self.hands.setModel(self.model)
        self.hands.verticalHeader().hide()
        self.hands.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.hands.setSelectionMode(QAbstractItemView.SingleSelection)
        self.hands.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.hands.horizontalHeader().setSectionResizeMode(QHeaderView.Stretch)
        self.hands.doubleClicked.connect(lambda _i: self.edit_selected())
        self.totals = QLabel()
        self.totals.setTextFormat(Qt.RichText)
        self.edit_button = QPushButton("&Correct selected hand (F2)")
        self.edit_button.clicked.connect(self.edit_selected)
        self.delete_button = QPushButton("&Delete selected hand")
        self.delete_button.clicked.connect(self.delete_selected)
        hand_buttons = QHBoxLayout()
        hand_buttons.addWidget(self.totals, 1)
        hand_buttons.addWidget(self.edit_button)
        hand_buttons.addWidget(self.delete_button)
        self.history = QLabel()  # the selected hand's audit trail: who saved or changed it, when
        self.history.setWordWrap(True)
        self.hands.selectionModel().selectionChanged.connect(lambda *_a: self.show_history())

        right = QVBoxLayout()
        right.addWidget(self.heading)
        right.addWidget(self.entry)
        self.round_box = TableRoundBox(ctx)  # time called; round totals (entry mode "totals")
        self.round_box.saved.connect(lambda text: self.show_message(text, error=False))
        right.addWidget(self.round_box)
        right.addWidget(self.hands, 1)
        right.addLayout(hand_buttons)
        right.addWidget(self.history)
        self.body = QWidget()
        body = QHBoxLayout(self.body)
        body.setContentsMargins(0, 0, 0, 0)
        body.addLayout(left)
        body.addLayout(right, 1)
        self.hint = QLabel()
        layout = QVBoxLayout(self)
        layout.addWidget(self.hint)
        layout.addWidget(self.body, 1)

        for w in (self.makers, self.alone):
            w.currentIndexChanged.connect(self.update_preview)
        self.makers.currentIndexChanged.connect(self.fill_alone)
        self.bidder.currentIndexChanged.connect(self.fill_alone)  # a game with bids: the bidder is who goes alone
        self.bidder.currentIndexChanged.connect(self._touched)
        self.bid.textEdited.connect(self._touched)
        self.bid.textChanged.connect(self.update_preview)
        # anything the director changes in the entry row makes it an entry in progress
        self.makers.currentIndexChanged.connect(self._touched)
        self.alone.activated.connect(self._touched)
        self.tricks.textEdited.connect(self._touched)
        self.defender_alone.clicked.connect(self._touched)
        self.hand_number.valueChanged.connect(self._touched)
        self.tricks.textChanged.connect(self.update_preview)
        self.defender_alone.toggled.connect(self.update_preview)
        self.alone.currentIndexChanged.connect(self.allow_defender_alone)
        # a saved, corrected, deleted, undone or redone hand: the last message is about another state
        # an undo or redo elsewhere (another table or round than shown) says what came back where:
        # "Undone: Hand 4 at table 1, round 1."; here, the hands shown say it
        ctx.undo_stack.indexChanged.connect(self._stepped)
        # Enter saves from any entry field; F2 corrects the selected hand, Delete deletes
        # it (each after a question); Esc cancels a correction; Down in the Tables list
        # just after the page moved on stays. An event filter, not QShortcut, so it works
        # without the window being active (and in tests).
        for w in (self.hand_number, self.bidder, self.bid, self.makers, self.tricks, self.alone, self.defender_alone,
                  self.save_button):
            w.installEventFilter(self)
        self.hands.installEventFilter(self)
        self.tables.installEventFilter(self)
        self.refresh()

    def eventFilter(self, obj, event) -> bool:  # noqa: N802
        if event.type() == QEvent.KeyPress:
            key = event.key()
            if obj is self.hands:
                if key == Qt.Key_F2:
                    self.edit_selected()
                    return True
                if key in (Qt.Key_Return, Qt.Key_Enter):  # a typist's Enter: never opens a correction
                    self.say_how_to_correct()
                    return True
                if key == Qt.Key_Delete:
                    self.delete_selected()
                    return True
                if key == Qt.Key_Backspace:  # a typist's Backspace: never deletes a stored hand
                    return True
            elif obj is self.tables:
                if key == Qt.Key_Down and event.modifiers() == Qt.NoModifier and self._stay_after_move():
                    return True
            elif key in (Qt.Key_Return, Qt.Key_Enter):
                self.save()
                return True
            elif obj is self.makers and self.side_game is not None and key in (Qt.Key_1, Qt.Key_2):
                self.makers.setCurrentIndex(0 if key == Qt.Key_1 else 1)  # the first side (seats 1, 3, 5) or the second
                self._dirty = True
                return True
            elif obj is self.bidder and Qt.Key_1 <= key <= Qt.Key_6:
                if key - Qt.Key_1 < self.bidder.count():
                    self.bidder.setCurrentIndex(key - Qt.Key_1)
                    self._dirty = True
                return True
            elif obj is self.makers and key in SIDE_KEYS:
                self.makers.setCurrentIndex(self.makers.findData(SIDE_KEYS[key]))
                self._dirty = True
                return True
            elif key == Qt.Key_Escape and self.editing_id is not None:
                self.cancel_edit()
                return True
        return super().eventFilter(obj, event)

    # loading ----------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw from the database (a change here or at another station, an
        undo, the poll). Never clears, moves or re-focuses an entry in
        progress (:meth:`in_progress`): the hands, totals and table list
        update around it."""
        self._redrawing = True
        try:
            self._refresh()
        finally:
            self._redrawing = False

    def _stepped(self, _index: int) -> None:
        if self.ctx.last_step and not self._redrawn_here:
            self.show_message(self.ctx.last_step, error=False)
        else:
            self.message.clear()

    def _touched(self, *_args) -> None:
        if not self._quiet:
            self._dirty = True
            self.moved_on = None

    def _stay(self, *_args) -> None:
        self.moved_on = None

    def _stay_after_move(self) -> bool:
        """Down in the Tables list just after the page moved on to the next
        table by itself, before anything was typed there: the director who
        moves on herself (Alt+T, Down) meant the table the page is on
        already, so it stays there (the automatic move never makes her skip
        a table). True when the Down was taken so."""
        moved, self.moved_on = self.moved_on, None
        if moved is None or (moved[0], moved[2]) != (self.round.value(), self.current_table()) or self.in_progress():
            return False
        self.show_message(
            f"Table {moved[1]} is complete: this is table {moved[2]}, the next one (the page moved here by itself).",
            error=False,
        )
        self.first_field().setFocus()
        return True

    def first_field(self) -> QWidget:
        """Where a table's next hand starts: the Makers box (the High bidder box in a game with bids)."""
        return self.bidder if self.auction else self.makers

    @property
    def auction(self) -> bool:
        """The event's game has bids (bid euchre): the entry row asks for the bidder and the bid."""
        return self.side_game is not None and self.side_game.bidding == "auction"

    def concerned(self, change) -> bool:
        """A change concerns this page when it touches the event's round on screen (or every round)."""
        shown = self.board.round if self.board is not None and self.board.event.id == self.ctx.event_id else None
        return change.concerns(self.ctx.event_id, self.CONCERNS, round=shown)

    def in_progress(self) -> bool:
        """A hand or a correction is being typed: something in the entry
        row was changed by the director since it was last reset."""
        return self.editing_id is not None or self._dirty

    def _refresh(self) -> None:
        if self.shown_at is not None and self.shown_at[0] != self.ctx.event_id:  # another event: not its message
            self.shown_at = None
            self.moved_on = None
            self.message.clear()
        if self.ctx.event_id is None:
            self.hint.setText("No event yet. Create one with File ▸ New event (Ctrl+N).")
            self.hint.show()
            self.body.setEnabled(False)
            return
        if self.placed_for != self.ctx.event_id:  # a newly opened event: start where entry stopped
            self.placed_for = self.ctx.event_id
            self.show_board(None, None)
        else:
            self.show_board(self.round.value(), self.current_table())

    def show_board(self, round_number: int | None, table: int | None) -> None:
        """Read the Scores page's read model (:func:`tournament.entry_board`,
        one session) for ``round_number`` and ``table`` (None: the next
        unfinished table) and draw it."""
        try:
            board = self.ctx.run(
                tournament.entry_board, self.ctx.event_id, round_number, table, self.mine, self.section.section()
            )
        except tournament.NotFound:  # the event went away (another station), or the section chosen
            if self.section.section() is None or self.ctx.section:
                return
            self.section.load(())
            return self.show_board(round_number, table)
        except tournament.TournamentError:  # the event went away (another station); the next change redraws
            return
        self.section.load(board.sections)
        self.lock.setText(f"Round &locked in section {board.section}" if board.section else "Round &locked")
        self.board = board
        self.rules = board.rules
        if not board.event.has_rotation:
            self.hint.setText(board.waiting)
            self.hint.show()
            self.body.setEnabled(False)
            self.tables.blockSignals(True)
            self.tables.clear()
            self.tables.blockSignals(False)
            self.table_view = None
            self.model.set_hands([])
            # nothing of the event shown before stays on the page (its table, its side game's form and hands)
            self.set_game(None, ())
            self.round_box.hide()
            for w in (self.heading, self.totals):
                w.setText("")
            self.history.clear()
            return
        self.hint.hide()
        self.body.setEnabled(True)
        self.round.blockSignals(True)
        self.round.setRange(1, board.event.rounds)
        self.round.setValue(board.round)
        self.round.blockSignals(False)
        self.tables.blockSignals(True)
        self.tables.clear()
        per = board.event.hands_per_round
        for m in board.tables:
            done = "✓ " if m.done and not board.game else ""
            name = board.label(m.table)
            if board.game:
                text = f"Table {name}   {m.hands} hands"
            elif m.finished_by:  # time called, or round totals in
                text = f"{done}Table {name}   " + ("totals" if m.finished_by == "totals" else f"{m.hands}/{per}, time")
            else:
                text = f"{done}Table {name}   {m.hands}/{per}"
            item = QListWidgetItem(text)
            item.setData(Qt.UserRole, m.table)
            self.tables.addItem(item)
            shown = board.table or board.side_table  # four-seat or side game (issue 24)
            if shown is not None and m.table == shown.table:
                self.tables.setCurrentItem(item)
        self.tables.blockSignals(False)
        self.draw_table(board)

    def next_unfinished(self) -> tuple[int, int] | None:
        """(round, table) of the first table not done, in round then table
        order (this station's tables only, when it has some); None when every
        table is done (:attr:`tournament.EntryBoard.next_unfinished`)."""
        return self.board.next_unfinished if self.board is not None else None

    def load_tables(self) -> None:
        """The round was changed (or this station's tables): show it, keeping the table when it plays."""
        self.moved_on = None
        if self.ctx.event_id is not None:
            self.show_board(self.round.value(), self.current_table())

    def round_picked(self) -> None:
        """Up, Down or a number in the Round box: show that round. The focus
        stays in the box, so that each Up or Down moves one round (it went
        to the Makers box, where the next Down changed the makers)."""
        self._keep_focus = True
        try:
            self.load_tables()
        finally:
            self._keep_focus = False

    def choose_tables(self) -> None:
        """Keep to the tables typed in *This station's tables* (remembered for next time)."""
        try:
            mine = tournament.parse_tables(self.station_tables.text())
        except tournament.TournamentError as exc:
            self.show_message(exc.message, error=True)
            return
        if mine != self.mine:
            self.mine = mine
            QSettings().setValue("station_tables", self.station_tables.text().strip())
            self.load_tables()

    def typing(self) -> bool:
        """A hand or a correction is half-typed (:meth:`in_progress`)."""
        return self.in_progress()

    def show_history(self) -> None:
        """Under the hands: the selected hand's audit trail (recorded, corrected, at which station)."""
        h = self.selected_hand()
        if h is None or self.ctx.event_id is None:
            self.history.clear()
            return
        lines = self.ctx.run(tournament.hand_history, self.ctx.event_id, h.round, h.table, h.number)
        self.history.setText(f"Hand {h.number}: " + "; ".join(x.text for x in lines) if lines else "")

    def set_locked(self, locked: bool) -> None:
        """Lock or unlock the shown round (the director, when a round is
        finished); with one section shown (a captain's laptop), that
        section's round only."""
        event_id, number = self.ctx.event_id, self.round.value()
        if event_id is None:
            return
        section = self.section.section()
        of = f" of section {section}" if section else ""
        try:
            if section:
                self.ctx.operate(
                    f"{'Lock' if locked else 'Unlock'} round {number}{of}",
                    tournament.lock_section_round, event_id, section, number, locked, event_id=event_id,
                )
            else:
                self.ctx.operate(
                    f"{'Lock' if locked else 'Unlock'} round {number}",
                    tournament.lock_round, event_id, number, locked, event_id=event_id,
                )
        except tournament.TournamentError as exc:
            self.show_message("Not changed: " + exc.message, error=True)
            self.lock.setChecked(not locked)
            return
        self.show_message(f"Round {number}{of} {'locked' if locked else 'unlocked'}.", error=False)

    def current_table(self) -> int | None:
        item = self.tables.currentItem()
        return item.data(Qt.UserRole) if item else None

    def select(self, round_number: int, table: int) -> None:
        """Show a round and table (used by keyboard navigation and tests)."""
        if self.ctx.event_id is not None:
            self.show_board(round_number, table)

    def load_table(self) -> None:
        """A table was picked in the list: show it."""
        self.moved_on = None
        if self.ctx.event_id is not None and self.current_table() is not None:
            self.show_board(self.round.value(), self.current_table())

    def set_game(self, game: tables.TableRules | None, names: tuple[str, ...]) -> None:
        """Shape the entry row for the event's game at a table whose players
        are ``names`` (by seat): four-seat euchre (makers N or E, a lone
        maker, a defender alone), a side game (the sides by their seats and
        players, keys 1 or 2; the high bidder, keys 1-6, and the bid in a game
        with bids; a lone maker where the game allows one). The choices made
        stay when the players are the same (a redraw under typing)."""
        self._quiet += 1
        try:
            self.side_game = game
            auction = self.auction
            form = self.entry_form
            form.setRowVisible(self.bidder, auction)
            form.setRowVisible(self.bid, auction)
            form.setRowVisible(self.makers, not auction)
            form.setRowVisible(self.alone, game is None or game.may_go_alone)
            form.setRowVisible(self.defender_alone, game is None)
            if game is None:
                sides = ((side_title(0, 4), "NS"), (side_title(1, 4), "EW"))
                self.labels["makers"].setText("&Makers (N or E):")
                self.labels["tricks"].setText("Tric&ks the makers took:")
                self.labels["alone"].setText("Maker &went alone:")
                self.tricks.setPlaceholderText("0–5")
            else:
                sides = ((side_label(game, names, 0), "NS"), (side_label(game, names, 1), "EW"))
                self.labels["makers"].setText("&Makers (1 or 2):")
                self.labels["bidder"].setText(f"Hi&gh bidder (1–{game.players}):")
                self.labels["tricks"].setText("Tric&ks the bidders took:" if auction else "Tric&ks the makers took:")
                self.labels["alone"].setText("Bidder &went alone:" if auction else "Maker &went alone:")
                self.tricks.setPlaceholderText(f"0–{game.hand_size}")
                self.bid.setPlaceholderText(f"{game.min_bid}–{game.max_bid}" if auction else "")
            for box, items in (
                (self.makers, sides),
                (self.bidder, tuple((f"{position_title(p, len(names))}: {n}", p) for p, n in enumerate(names)) if auction else ()),
            ):
                if tuple((box.itemText(i), box.itemData(i)) for i in range(box.count())) == items:
                    continue
                keep = box.currentData()
                box.blockSignals(True)
                box.clear()
                for text, data in items:
                    box.addItem(text, data)
                box.setCurrentIndex(max(0, box.findData(keep)))
                box.blockSignals(False)
        finally:
            self._quiet -= 1

    def draw_table(self, board) -> None:
        side = board.side_table  # a side game's table (six-player, bid euchre): the same entry row and hands
        v = side if side is not None else board.table
        self.table_view = v
        if v is None:
            self.model.set_hands([])
            return
        self.set_game(side.game if side is not None else None, v.names)
        moved = self.shown_at != (self.ctx.event_id, v.round, v.table)
        self._redrawn_here = moved or tuple(v.hands) != self.model.rows
        if moved:  # another table: its message is not this one's
            self.shown_at = (self.ctx.event_id, v.round, v.table)
            self.message.clear()
        if side is not None:
            g = side.game
            self.heading.setText(
                f"<b>Round {v.round}, table {v.table}</b> — {html.escape(g.title)}: "
                f"<b>{html.escape(side_label(g, v.names, 0))}</b> &nbsp; against &nbsp; "
                f"<b>{html.escape(side_label(g, v.names, 1))}</b>"
            )
        else:
            n, e, s, w = v.names
            ns_team, ew_team = (f" ({html.escape(t)})" if t else "" for t in v.teams)  # team events
            self.heading.setText(
                f"<b>Round {v.round}, table {html.escape(board.label(v.table))}</b> — "
                f"{side_title(0, 4)}{ns_team}: <b>{html.escape(n)}</b> &amp; <b>{html.escape(s)}</b> &nbsp; against &nbsp; "
                f"{side_title(1, 4)}{ew_team}: <b>{html.escape(e)}</b> &amp; <b>{html.escape(w)}</b>"
            )
        selected = self.selected_hand()
        self.model.disputed = board.disputed  # a hand a table disputed from its phone: marked until corrected
        self.model.set_hands(v.hands, side_totals_names(side.game) if side is not None else None)
        header = self.hands.horizontalHeader()
        for column in range(self.model.columnCount()):  # a side game's hand in words takes the room it needs
            wide = side is None or column == 1
            header.setSectionResizeMode(column, QHeaderView.Stretch if wide else QHeaderView.ResizeToContents)
        if selected is not None and not moved:  # a redraw keeps the hand the director selected
            self.select_hand(selected.id)
        self.lock.setChecked(board.locked)
        event = board.event
        if side is not None:  # hand by hand, always (a side game has no round totals); time called as at four
            self.round_box.setVisible(board.result is not None)
            if board.result is not None:
                self.round_box.show_table(event, v.round, v.table, board.result)
            self.entry.setVisible(True)
        else:
            self.round_box.setVisible(event.kind == "progressive")
            if board.result is not None:
                self.round_box.show_table(event, v.round, v.table, board.result)
            # the round's own entry mode: it may differ from the event's now
            self.entry.setVisible(event.kind != "progressive" or board.result is None or board.result.entry_mode != "totals")
        if moved or self.selected_hand() is None:
            self.history.clear()
        if side is not None:
            first, second = side_totals_names(side.game)
            self.totals.setText(f"Totals: {first} <b>{side.totals[0]}</b>, {second} <b>{side.totals[1]}</b> "
                                f"({len(v.hands)} of {v.hands_per_round} hands)")
        else:
            if v.game_target is not None:  # a team event's game to the target
                state = f"won by {v.game_winner.title}" if v.game_winner is not None else "in play"
                count = f"game to {v.game_target}, {state}, {len(v.hands)} hands"
            else:
                count = f"{len(v.hands)} of {v.hands_per_round} hands"
            self.totals.setText(f"Totals: {side_title(0, 4)} <b>{v.ns_total}</b>, {side_title(1, 4)} <b>{v.ew_total}</b> ({count})")
        if self._redrawing and not moved and self.in_progress():
            return  # the director is typing here: the entry row, its hand number and the focus stay
        self.cancel_edit(clear_message=False, focus=not self._redrawing and not self._keep_focus)

    def fill_alone(self) -> None:
        """Who may have gone alone: nobody, or one of the makers' seats (in a
        game with bids, the bidder)."""
        if self.table_view is None:
            return
        names = self.table_view.names
        keep = self.alone.currentData()
        self.alone.blockSignals(True)
        self.alone.clear()
        self.alone.addItem("Nobody", None)
        game = self.side_game
        if game is None:
            for seat in SIDE_SEATS[Side(self.makers.currentData())]:
                self.alone.addItem(f"{seat.title}: {names[seat]}", seat.key)
        elif self.auction:
            bidder = self.bidder.currentData()
            if bidder is not None and len(names) > bidder:
                self.alone.addItem(f"The bidder, {position_title(bidder, len(names))}: {names[bidder]}", bidder)
        else:
            first = 0 if self.makers.currentData() == "NS" else 1
            for p in range(first, len(names), 2):
                self.alone.addItem(f"{position_title(p, len(names))}: {names[p]}", p)
        self.alone.setCurrentIndex(max(0, self.alone.findData(keep)))
        self.alone.blockSignals(False)
        self.allow_defender_alone()
        self.update_preview()

    def allow_defender_alone(self) -> None:
        """*Defender alone* is offered only when the event's rules allow it
        for this hand (rules 001: never, only against a lone maker, or at any
        time); otherwise it is unticked, disabled, and its tooltip says why."""
        rule = self.rules.defend_alone if self.rules is not None else DefendAlone.ANY
        if self.side_game is not None:  # not asked at a side game's tally card (its row is hidden)
            self.defender_alone.setChecked(False)
            self.defender_alone.setEnabled(False)
            return
        if rule is DefendAlone.NEVER:
            why = "Defender alone: these rules do not allow a defender to play alone."
        elif rule is DefendAlone.AGAINST_LONER and self.alone.currentData() is None:
            why = "Defender alone: only against a lone maker under these rules (choose who went alone first)."
        else:
            why = ""
        if why:
            self.defender_alone.setChecked(False)
        self.defender_alone.setEnabled(not why)
        self.defender_alone.setToolTip(why or "A defender played alone against the makers.")

    # entry --------------------------------------------------------------------
    def entered(self) -> HandEntry | SideEntry | None:
        """The hand in the entry row (a side game's as :class:`SideEntry`),
        or ``None`` while no tricks (or, in a game with bids, no bid) are typed."""
        text = self.tricks.text().strip()
        if not text:
            return None
        alone = self.alone.currentData()
        if self.side_game is not None:
            if self.auction:
                bid, bidder = self.bid.text().strip(), self.bidder.currentData()
                if not bid or bidder is None:
                    return None
                lone = bidder if alone is not None else None
                return SideEntry(tables.SideHandEntry(bidder % 2, int(text), lone is not None, int(bid)), bidder, lone)
            makers = 0 if self.makers.currentData() == "NS" else 1
            return SideEntry(tables.SideHandEntry(makers, int(text), alone is not None), None, alone)
        return HandEntry(
            Side(self.makers.currentData()),
            int(text),
            Seat.parse(alone) if alone else None,
            self.defender_alone.isChecked(),
        )

    def update_preview(self) -> None:
        entry = self.entered()
        if isinstance(entry, SideEntry) or (entry is None and self.side_game is not None):
            self._side_preview(entry)
            return
        if entry is None or self.rules is None:
            self.preview.setText("Type the tricks the makers took; the points appear here.")
            self.preview.setStyleSheet("")
            return
        try:
            score = entry.score(self.rules)  # the very call the saved hand is scored by
        except RuleViolation as exc:
            self.preview.setText(exc.message)
            self.preview.setStyleSheet(ERROR_STYLE)
            return
        what = "euchre: " if score.euchred else ("march: " if score.march else "")
        self.preview.setText(f"{what}{side_name(score.side.value)} score {score.points}.")
        self.preview.setStyleSheet(OK_STYLE)

    def _side_preview(self, got: SideEntry | None) -> None:
        game, v = self.side_game, self.table_view
        if got is None or game is None or v is None:
            what = "the bid and the tricks the bidders took" if self.auction else "the tricks the makers took"
            self.preview.setText(f"Type {what}; the points appear here.")
            self.preview.setStyleSheet("")
            return
        try:
            side, points = got.entry.score(game)  # the very call the saved hand is scored by
        except RuleViolation as exc:
            self.preview.setText(exc.message)
            self.preview.setStyleSheet(ERROR_STYLE)
            return
        self.preview.setText(f"{side_label(game, v.names, side)} score {points}.")
        self.preview.setStyleSheet(OK_STYLE)

    def reset_entry(self, focus: bool = True) -> None:
        """Empty the entry row for the table's next hand (``focus``: put the
        cursor in the Makers box, as after a save; a redraw does not)."""
        self._quiet += 1
        try:
            self.tricks.setText("")  # not clear(): a new hand starts with no typing to undo, so Ctrl+Z reaches Edit ▸ Undo
            self.bid.setText("")
            self.defender_alone.setChecked(False)
            self.alone.setCurrentIndex(0)
            if self.table_view is not None and self.table_view.next_hand is not None:
                self.hand_number.setValue(self.table_view.next_hand)
            self.fill_alone()
        finally:
            self._quiet -= 1
        self._dirty = False
        complete = self.editing_id is None and self.table_view is not None and self.table_view.next_hand is None
        self.set_complete(complete)
        if focus:
            (self.hands if complete else self.first_field()).setFocus()

    def set_complete(self, complete: bool) -> None:
        """A complete table offers no new hand: the entry row says so and
        waits for a hand to correct (select it, Enter)."""
        for w in (self.hand_number, self.bidder, self.bid, self.makers, self.tricks, self.alone, self.save_button):
            w.setEnabled(not complete)
        self._quiet += 1
        if complete:  # no number on offer: "Hand: —"
            self.hand_number.setRange(0, 99)
            self.hand_number.setSpecialValueText("—")
            self.hand_number.setValue(0)
        else:
            self.hand_number.setSpecialValueText("")
            self.hand_number.setRange(1, 99)
        self._quiet -= 1
        if complete:
            self.defender_alone.setEnabled(False)
            self.entry.setTitle("This table is complete: to correct a hand, select it and press F2 (Correct selected hand)")
            self.preview.setText("")
        elif self.editing_id is None:
            self.entry.setTitle("Enter a hand")
            self.allow_defender_alone()

    def save(self) -> bool:
        """Store the hand in the entry row (or the correction). True if stored."""
        table = self.current_table()
        if self.ctx.event_id is None or table is None:
            return False
        values = self.entered()
        if values is None and self.auction:
            self.show_message("Type the bid and the tricks.", error=True)
            (self.bid if not self.bid.text().strip() else self.tricks).setFocus()
            return False
        if values is None:
            most = self.side_game.hand_size if self.side_game is not None else 5
            self.show_message(f"Type how many tricks the makers took (0–{most}).", error=True)
            self.tricks.setFocus()
            return False
        event_id, round_number, number = self.ctx.event_id, self.round.value(), self.hand_number.value()
        self.moved_on = None
        seen = None  # a correction: the stored hand as the question showed it
        if self.editing_id is not None:
            seen = self.confirm_correction(number, values)
            if seen is None:
                return False
        try:
            if self.editing_id is None:
                stored = self._record(event_id, round_number, table, number, values)
                if isinstance(values, SideEntry):  # in words, with the players' names (the page has redrawn)
                    rows = self.table_view.hands if self.table_view is not None else ()
                    said = next((h.text for h in rows if h.id == stored.id), stored.text)
                    self.show_message(f"Hand {stored.number} saved: {said}.", error=False)
                else:
                    self.show_message(
                        f"Hand {stored.number} saved: {side_name(stored.scoring_side)} score {stored.points}.", error=False
                    )
            else:
                stored = self._correct(seen, number, values)
                self.show_message(f"Hand {stored.number} corrected.", error=False)
                self.editing_id = None
                self.reset_entry()
                self.select_hand(stored.id)  # stay: the corrected row, selected
                return True
        except tournament.TournamentError as exc:
            self.preview.clear()  # the message below says it all
            self.show_message("Not saved: " + exc.message, error=True)
            return False
        self.after_save(table)
        return True

    def editing_hand(self):
        """The stored hand being corrected, as this page last drew it (None: not shown any more)."""
        rows = self.table_view.hands if self.table_view is not None else ()
        return next((h for h in rows if h.id == self.editing_id), None)

    def confirm_correction(self, number: int, values: HandEntry):
        """Ask before a correction is saved, showing the hand as stored and
        as corrected (the question's default is No: an Enter typed on does
        not answer Yes). Returns the stored hand as the question showed it
        (the correction is made on its version), or None when nothing is to
        be saved: the director said No (the correction stays open as
        typed), the correction changes nothing, or the hand is no longer
        stored (both close it). A hand the rules refuse is not asked about:
        the save refuses it with the reason."""
        old = self.editing_hand()
        if old is None:  # deleted at another station (or undone) since the correction was opened
            self.cancel_edit()
            self.show_message("Not saved: this hand is no longer stored (deleted at another station, or undone).",
                              error=True)
            return None
        try:
            stored, corrected, same = self._correction_words(old, values)
        except RuleViolation:
            return old
        if same and old.number == number:
            self.cancel_edit()
            self.select_hand(old.id)
            self.show_message(f"Hand {old.number} already says that: nothing to correct.", error=False)
            return None
        renumbered = f" (as hand {number})" if number != old.number else ""
        question = (
            f"Hand {old.number} at table {old.table}, round {old.round}\n\n"
            f"Stored: {stored}.\n"
            f"Corrected{renumbered}: {corrected}.\n\n"
            "Save the correction?"
        )
        if context.ask(self, f"Correct hand {old.number}", question):
            return old
        self.show_message(
            f"Hand {old.number} is not corrected: it stays as stored. Change the correction, or Esc to leave it.",
            error=False,
        )
        return None

    def _correction_words(self, old, values: HandEntry | SideEntry) -> tuple[str, str, bool]:
        """The stored hand's words, the correction's words, and whether the
        correction says the same hand (its number aside), for any game (a
        side game's words name the players). ``RuleViolation`` for a
        correction the rules refuse."""
        if isinstance(values, SideEntry):
            names = self.table_view.names if self.table_view is not None else ()
            words = tournament.side_hand_words(self.side_game, values.entry, values.bidder, values.lone, names)
            return old.text, words, (old.entry, old.bidder, old.alone_seat) == (values.entry, values.bidder, values.lone)
        score = values.score(self.rules)
        stored = hand_words(old.entry, old.scoring_side, old.points)
        return stored, hand_words(values, score.side, score.points), old.entry == values

    def say_how_to_correct(self) -> None:
        """Enter in the hand list: what it would take to correct a hand (Enter itself never opens one)."""
        h = self.selected_hand()
        which = f"hand {h.number}" if h is not None else "a hand (select it first)"
        v = self.table_view
        done = f"Table {v.table} is complete: nothing was changed. " if v is not None and v.next_hand is None else ""
        self.show_message(f"{done}To correct {which}: Correct selected hand (Alt+C), F2 or a double click.", error=False)

    def select_hand(self, hand_id: int) -> None:
        """Select the row of the hand with id ``hand_id`` (if shown)."""
        rows = self.table_view.hands if self.table_view is not None else ()
        row = next((i for i, h in enumerate(rows) if h.id == hand_id), None)
        if row is not None:
            self.hands.selectRow(row)

    def _record(self, event_id, round_number, table, number, values):
        if isinstance(values, SideEntry):
            return self.ctx.operate(
                f"Hand {number} at table {table}, round {round_number}",
                tournament.record_side_hand, event_id, round_number, table, number, values.entry, values.bidder,
                values.lone, event_id=event_id,
            )
        return self.ctx.operate(
            f"Hand {number} at table {table}, round {round_number}",
            tournament.record_hand,
            event_id,
            round_number,
            table,
            number,
            values,
            event_id=event_id,
        )

    def _correct(self, old, number, values):
        """Correct ``old`` (the stored hand as confirmed) to ``values``: in
        place, on the version shown (the one guard refuses a stale or locked write)."""
        if isinstance(values, SideEntry):
            return self.ctx.operate(
                f"Correct hand {old.number} at table {old.table}, round {old.round}",
                tournament.correct_side_hand, old.id, values.entry, values.bidder, values.lone,
                number=number, expected_version=old.version, event_id=self.ctx.event_id,
            )
        return self.ctx.operate(  # refused if another station changed the hand since (its version)
            f"Correct hand {old.number} at table {old.table}, round {old.round}",
            tournament.correct_hand,
            old.id,
            values,
            number=number,
            expected_version=old.version,
            event_id=self.ctx.event_id,
        )

    def after_save(self, table: int) -> None:
        self.editing_id = None
        # ctx.changed already reloaded the table; move on if it is complete
        if self.table_view is not None and self.table_view.next_hand is None:
            self._advance_to_next_open_table(table)
        self.reset_entry()

    def _advance_to_next_open_table(self, table: int) -> None:
        board = self.board  # ctx.changed already redrew it
        if board is None:
            return
        candidate = board.next_open_after(table)
        if candidate is not None:
            self.select(board.round, candidate)
            self.moved_on = (board.round, table, candidate)  # a Down in the Tables list now stays here
            self.show_message(f"Table {table} is complete. Now entering table {candidate}.", error=False)
        elif board.round_done:
            which = "Every one of this station's tables" if self.mine else "Every table"
            self.show_message(f"{which} of round {board.round} is complete.", error=False)
        else:  # only tables before this one are open: say which, rather than go back by itself
            open_ = [m.table for m in board.tables if not m.done]
            listed = ", ".join(str(t) for t in open_)
            self.show_message(
                f"Table {table} is complete. Still open in round {board.round}: table{'s' if len(open_) > 1 else ''} {listed}.",
                error=False,
            )

    def selected_hand(self):
        rows = self.hands.selectionModel().selectedRows()
        return self.model.row_at(rows[0]) if rows else None

    def edit_selected(self) -> None:
        h = self.selected_hand()
        if h is None:
            return
        self._quiet += 1
        self.editing_id = h.id
        self.message.clear()  # a message about the new-hand entry (e.g. "Not saved") is not about this correction
        self.set_complete(False)
        self.entry.setTitle(f"Correct hand {h.number}")
        self.save_button.setText("&Save correction (Enter)")
        self.cancel_edit_button.show()
        self.hand_number.setValue(h.number)
        self.makers.setCurrentIndex(self.makers.findData(h.makers))
        side = self.side_game is not None
        if self.auction:
            self.bidder.setCurrentIndex(max(0, self.bidder.findData(h.bidder)))
            self.bid.setText(str(h.entry.bid))
        self.fill_alone()
        if side:
            lone = h.alone_seat if h.alone_seat is not None else (h.bidder if h.entry.alone else None)
        else:
            lone = h.alone_seat.key if h.alone_seat is not None else None
        self.alone.setCurrentIndex(max(0, self.alone.findData(lone)))
        self.tricks.setText(str(h.maker_tricks))
        self.defender_alone.setChecked(False if side else h.defender_alone)
        self._quiet -= 1
        self.first_field().setFocus()

    def cancel_edit(self, clear_message: bool = True, focus: bool = True) -> None:
        if self.editing_id is not None and clear_message is False and self.message.styleSheet() == ERROR_STYLE:
            self.message.clear()  # the correction's refusal does not belong to the new-hand entry
        self.editing_id = None
        self.entry.setTitle("Enter a hand")
        self.save_button.setText("&Save hand (Enter)")
        self.cancel_edit_button.hide()
        if clear_message:
            self.message.clear()
        self.reset_entry(focus=focus)

    def delete_selected(self) -> None:
        h = self.selected_hand()
        if h is None:
            return
        if not context.ask(
            self,
            f"Delete hand {h.number}",
            f"Delete hand {h.number} at table {h.table}, round {h.round}?\n\n"
            f"Stored: {h.text if self.side_game is not None else hand_words(h.entry, h.scoring_side, h.points)}.\n\n"
            "Edit ▸ Undo (Ctrl+Z) brings it back.",
        ):
            return
        event_id = self.ctx.event_id
        try:  # refused if another station changed the hand since the version shown
            self.ctx.operate(
                f"Delete hand {h.number} at table {h.table}, round {h.round}",
                tournament.delete_hand,
                h.id,
                expected_version=h.version,
                event_id=event_id,
            )
        except tournament.TournamentError as exc:
            self.show_message("Not deleted: " + exc.message, error=True)
            return
        self.show_message(f"Hand {h.number} deleted (Ctrl+Z brings it back).", error=False)

    def show_message(self, text: str, *, error: bool) -> None:
        self.message.setText(text)
        self.message.setStyleSheet(ERROR_STYLE if error else OK_STYLE)


def hand_words(entry: HandEntry, side: Side | str, points: int) -> str:
    """A hand in the director's words: "East–West made trump, took 3
    tricks, East alone: East–West score 1" (``side``, ``points``: what it
    scores)."""
    n = entry.maker_tricks
    text = f"{side_name(entry.makers)} made trump, took {n} trick{'' if n == 1 else 's'}"
    if entry.alone_seat is not None:
        text += f", {entry.alone_seat.title} alone"
    if entry.defender_alone:
        text += ", a defender alone"
    return f"{text}: {side_name(side)} score {points}"
