"""The Event page: the event's settings and who is playing tonight."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QDate, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from euchre_tourney import tournament
from euchre_tourney.gui import context, replan
from euchre_tourney.gui.context import AppContext
from euchre_tourney.gui.models import CheckInModel
from euchre_tourney.gui.widgets import Page, checkin_box, fit_columns, searchable_table
from euchre_tourney.rules import PRESET_TITLES, PRESETS, DefendAlone, RuleSet, tables

DEFEND_ALONE_TITLES = {
    DefendAlone.NEVER: "Not allowed",
    DefendAlone.AGAINST_LONER: "Only against a lone maker",
    DefendAlone.ANY: "Allowed at any time",
}


def scoring_summary(rs: RuleSet) -> str:
    """One line a director can check against the club's rules."""
    parts = [
        f"makers 3–4 tricks {rs.makers_points}, march {rs.march_points}",
        f"alone 3–4 tricks {rs.loner_points}, alone march {rs.loner_march_points}",
        f"euchre {rs.euchre_points} to the defenders",
    ]
    if rs.super_euchre_points:
        parts.append(f"{rs.super_euchre_points} if the defenders take all five")
    if rs.defend_alone is not DefendAlone.NEVER:
        parts.append(f"a lone defender's euchre {rs.defender_alone_euchre_points}")
    return "Scoring: " + "; ".join(parts) + "."


def game_summary(key: str) -> str:
    """How a side game of ``tournament.EVENT_GAMES`` is seated and scored, in a line ("" for four-seat euchre)."""
    if not key:
        return ""
    return game_rules_summary(tables.TABLE_PRESETS[key])


def game_rules_summary(g: tables.TableRules) -> str:
    """How the side game ``g`` (its options as set) is seated and scored, in a line."""
    if g.bidding == "auction":
        return (f"Tables of four in two partnerships. Each hand: the bid ({g.min_bid}–{g.max_bid}), the bidder and "
                "the tricks the bidders took; made, they score their tricks, short, they lose the bid. "
                + ("The bidder may play alone." if g.may_go_alone else "Nobody plays alone."))
    return (f"Tables of six, three against three (seats 1, 3, 5 against 2, 4, 6). Each hand: the side that made "
            f"trump, its tricks, alone or not. Makers {g.makers_points}, march {g.march_points}, "
            f"alone march {g.loner_march_points}, euchre {g.euchre_points}.")


class EventForm(QWidget):
    """The fields of an event (used by the New event dialog and the Event page)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.name = QLineEdit()
        self.name.setMaxLength(200)
        self.name.setPlaceholderText("e.g. Friday club night")
        self.date = QDateEdit(QDate.currentDate())
        self.date.setCalendarPopup(True)
        self.date.setDisplayFormat("yyyy-MM-dd")
        self.preset = QComboBox()
        for key in PRESETS:
            self.preset.addItem(PRESET_TITLES[key], key)
        self.stick = QCheckBox("Stick the dealer")
        self.defend = QComboBox()
        for value, title in DEFEND_ALONE_TITLES.items():
            self.defend.addItem(title, value.value)
        self.rounds = QSpinBox()
        self.rounds.setRange(1, tournament.events.MAX_ROUNDS)
        self.rounds.setValue(8)
        self.hands = QSpinBox()
        self.hands.setRange(1, tournament.events.MAX_HANDS)
        self.hands.setValue(8)
        self.sit_out = QComboBox()
        for key, title in tournament.SIT_OUT_RULES.items():
            self.sit_out.addItem(title, key)
        self.entry_mode = QComboBox()
        for key, title in tournament.ENTRY_MODES.items():
            self.entry_mode.addItem(title, key)
        self.entry_mode.setToolTip(
            "Round totals: type each table's points and loners from the tally instead of every hand. "
            "Checked against what the hands per round can produce; the standings are the same either way."
        )
        self.minutes = QSpinBox()
        self.minutes.setRange(0, 600)
        self.minutes.setSpecialValueText("no timer")
        self.minutes.setSuffix(" min")
        self.minutes.setToolTip("The round timer on the Standings page and the projector (0: no timer).")
        self.scoring = QLabel()
        self.scoring.setWordWrap(True)
        # a wrapped label in a form is not given its height: at the window's smallest the
        # scoring (two lines at the form's narrowest, for every preset) was cut in half
        self.scoring.setMinimumHeight(self.scoring.fontMetrics().lineSpacing() * 2 + 2)
        self.preset.currentIndexChanged.connect(self._preset_changed)
        self.defend.currentIndexChanged.connect(self._show_scoring)
        self.game_line = QLabel()  # a side game's title and scoring (the Event page shows it; its options are fixed)
        self.game_line.setWordWrap(True)
        form = QFormLayout(self)
        self.layout_form = form
        form.addRow("Event &name:", self.name)
        form.addRow("&Date:", self.date)
        form.addRow("Game:", self.game_line)
        form.setRowVisible(self.game_line, False)
        form.addRow("&Rules:", self.preset)
        form.addRow("", self.stick)
        form.addRow("Defending &alone:", self.defend)
        form.addRow("", self.scoring)
        form.addRow("R&ounds:", self.rounds)
        form.addRow("Hands &per round:", self.hands)
        form.addRow("&Sit-outs:", self.sit_out)
        form.addRow("Scores entered:", self.entry_mode)
        form.addRow("Minutes per round:", self.minutes)
        self._preset_changed()

    def _preset_changed(self) -> None:
        rs = PRESETS[self.preset.currentData()]
        self.stick.setChecked(rs.stick_the_dealer)
        self.defend.setCurrentIndex(max(0, self.defend.findData(rs.defend_alone.value)))
        self._show_scoring()

    def _show_scoring(self) -> None:
        self.scoring.setText(scoring_summary(self.rule_set()))

    def rule_set(self) -> RuleSet:
        base = PRESETS[self.preset.currentData()]
        return base.replace(stick_the_dealer=self.stick.isChecked(), defend_alone=DefendAlone(self.defend.currentData()))

    def values(self) -> dict:
        d = self.date.date()
        return {
            "name": self.name.text(),
            "date": date(d.year(), d.month(), d.day()),
            "rules": self.rule_set(),
            "rounds": self.rounds.value(),
            "hands_per_round": self.hands.value(),
            "sit_out_rule": self.sit_out.currentData(),
            "entry_mode": self.entry_mode.currentData(),
            "minutes_per_round": self.minutes.value(),
        }

    def load(self, event) -> None:
        self.name.setText(event.name)
        self.date.setDate(QDate(event.date.year, event.date.month, event.date.day))
        rs = event.rules
        self.preset.blockSignals(True)
        self.preset.setCurrentIndex(max(0, self.preset.findData(rs.preset)))
        self.preset.blockSignals(False)
        self.stick.setChecked(rs.stick_the_dealer)
        self.defend.setCurrentIndex(max(0, self.defend.findData(rs.defend_alone.value)))
        self._show_scoring()
        self.rounds.setValue(event.rounds)
        self.hands.setValue(event.hands_per_round)
        self.sit_out.setCurrentIndex(max(0, self.sit_out.findData(event.sit_out_rule)))
        self.entry_mode.setCurrentIndex(max(0, self.entry_mode.findData(event.entry_mode)))
        self.minutes.setValue(event.minutes_per_round)

    def show_applying(self, not_for: dict[str, str], game=None) -> None:
        """Show only the settings that apply tonight: ``not_for`` (setting →
        why it does not apply, :attr:`~euchre_tourney.tournament.EventBoard.not_for`):
        the rules of a side game (``game``, its ``TableRules``: its title and
        scoring are shown instead) and a bracket night's rounds and hands are
        hidden; another setting that does not apply is disabled, its reason
        as its tooltip."""
        form = self.layout_form
        side = "rules" in not_for
        self.game_line.setText(f"<b>{game.title}</b>. {game_rules_summary(game)}" if side and game is not None else "")
        form.setRowVisible(self.game_line, side)
        for w in (self.preset, self.stick, self.defend, self.scoring):
            form.setRowVisible(w, not side)
        bracket = "rounds" in not_for  # a bracket night: its matches, not rounds of hands
        for w in (self.rounds, self.hands):
            form.setRowVisible(w, not bracket)
        for key, w in (("hands", self.hands), ("sit_out", self.sit_out), ("entry_mode", self.entry_mode)):
            w.setEnabled(key not in not_for)
            w.setToolTip(not_for.get(key) or self.TIPS.get(key, ""))

    TIPS = {
        "entry_mode": "Round totals: type each table's points and loners from the tally instead of every hand. "
                      "Checked against what the hands per round can produce; the standings are the same either way.",
    }


class NewEventDialog(QDialog):
    """A new event: progressive (rotating partners) or team (fixed partners,
    with the team settings of :class:`~euchre_tourney.gui.teams_page.TeamSettingsBox`)."""

    def __init__(self, parent=None) -> None:
        from euchre_tourney.gui.teams_page import TeamSettingsBox

        super().__init__(parent)
        self.setWindowTitle("New event")
        self.kind = QComboBox()
        self.kind.addItem("Progressive: partners change every round", "progressive")
        self.kind.addItem("Team: fixed partners (round robin, Swiss, king of the hill)", "team")
        self.form = EventForm(self)
        self.form.name.setText(f"Club night {date.today():%Y-%m-%d}")
        self.team = TeamSettingsBox(self)
        self.game = QComboBox()
        self.game.addItem("Euchre at tables of four (the rules below)", "")
        for key, title in tables.TABLE_TITLES.items():  # every preset of the rule texts; the scorable ones enabled
            self.game.addItem(title, key)
            if key not in tournament.EVENT_GAMES:
                item = self.game.model().item(self.game.count() - 1)
                item.setEnabled(False)
                item.setToolTip(tournament.NOT_AN_EVENT_GAME)
        # the options editor of the practice table, for the chosen game (its mnemonics
        # left out: this dialog's letters are the event form's)
        # deferred: the practice table's package brings in the card play (start-up time)
        from euchre_tourney.gui.practice.settings import TableOptionsEditor

        self.game_options = TableOptionsEditor(self)
        self.game_options.setTitle("Options of this game")
        for w in self.game_options.findChildren(QLabel) + self.game_options.findChildren(QCheckBox):
            w.setText(w.text().replace("&", ""))
        self.game.setToolTip(
            "Six player: three against three at tables of six, a rotation of its own. "
            "Bid euchre: tables of four, each hand entered as the bid, the bidder and the tricks."
        )
        self.game_summary = QLabel()
        self.game_summary.setWordWrap(True)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.game.currentIndexChanged.connect(self._kind_changed)
        kind_row = QFormLayout()
        kind_row.addRow("&Kind:", self.kind)
        kind_row.addRow("&Game:", self.game)
        kind_row.addRow("", self.game_summary)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.button(QDialogButtonBox.Ok).setText("Create event")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(kind_row)
        layout.addWidget(self.game_options)
        layout.addWidget(self.form)
        layout.addWidget(self.team)
        layout.addWidget(buttons)
        o = self.game_options  # Tab follows the page: kind, game, its options, then the event's fields
        chain = [self.kind, self.game, o.target, o.stick, o.alone, o.no_trump, o.bennies, o.exchange, self.form.name]
        for first, second in zip(chain, chain[1:]):
            QWidget.setTabOrder(first, second)
        self._kind_changed()

    def _kind_changed(self) -> None:
        side = bool(self.game.currentData())
        if side:  # a side game is a progressive night entered hand by hand
            self.kind.setCurrentIndex(self.kind.findData("progressive"))
            self.form.entry_mode.setCurrentIndex(self.form.entry_mode.findData("hands"))
        self.kind.setEnabled(not side)
        team = self.kind.currentData() == "team"
        self.game.setEnabled(not team)
        self.team.setVisible(team)
        self.form.sit_out.setEnabled(not team)
        self.form.entry_mode.setEnabled(not team and not side)
        for w in (self.form.preset, self.form.stick, self.form.defend, self.form.scoring):
            w.setEnabled(not side)
        self.game_summary.setText(game_summary(self.game.currentData()))
        self.game_summary.setVisible(side)
        self.game_options.setVisible(side)
        if side and self.game_options.base.preset != self.game.currentData():
            self.game_options.set_rules(tables.TABLE_PRESETS[self.game.currentData()])
        self.adjustSize()

    def set_kind(self, kind: str) -> None:
        self.kind.setCurrentIndex(self.kind.findData(kind))

    def values(self) -> dict:
        """The arguments of ``tournament.create_event``."""
        values = dict(self.form.values(), kind=self.kind.currentData())
        if values["kind"] == "team":
            values.update(self.team.values())
        if self.game.currentData():
            values["game"] = self.game_options.rules()  # the preset with the options as set
        return values


class EventPage(Page):
    """Edit the current event and check players in. ``print_cards(numbers)``:
    the director asked to reprint these players' scorecards."""

    print_cards = Signal(list)

    def __init__(self, ctx: AppContext, parent=None) -> None:
        super().__init__(ctx, parent)
        self.hint = QLabel("No event yet. Create one with File ▸ New event (Ctrl+N).")
        self.form = EventForm()
        self.save_button = QPushButton("Save se&ttings")
        self.save_button.clicked.connect(self.save_settings)
        settings = QGroupBox("Event settings")
        sl = QVBoxLayout(settings)
        sl.addWidget(self.form)
        self.team_info = QLabel()  # a team event's format, scoring and bye rule (set when it is made)
        self.team_info.setWordWrap(True)
        sl.addWidget(self.team_info)
        sl.addWidget(self.save_button, 0, Qt.AlignRight)
        self.sections_box = SectionsBox(ctx, self)
        sl.addWidget(self.sections_box)
        sl.addStretch(1)

        self.model = CheckInModel(self)
        self.model.toggled.connect(self.toggle)
        self.proxy, self.search, self.table = searchable_table(self.model, 1, self)
        # the columns are fitted to their texts at each redraw (fit_columns): ResizeToContents asked each
        # of a 2,000-player list's cells a dozen things when the page was first shown
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.Stretch)
        self.all_button = QPushButton("Check &in everyone")
        self.all_button.setToolTip("Check in every player the list shows (only those the search finds)")
        self.all_button.clicked.connect(lambda: self.check_all(True))
        self.none_button = QPushButton("Check o&ut everyone")
        self.none_button.setToolTip("Check out every player the list shows (only those the search finds)")
        self.none_button.clicked.connect(lambda: self.check_all(False))
        self.cards_button = QPushButton("Print &cards of selected…")
        self.cards_button.setToolTip(
            "Reprint the scorecards of the players selected in the list (one, or several with Ctrl or Shift)"
        )
        self.cards_button.clicked.connect(self.print_selected_cards)
        self.count = QLabel()
        self.count.setWordWrap(True)
        checkin = checkin_box(self.search, self.all_button, self.none_button, self.table, self.count, self.cards_button)
        # Tab from the search box goes to the list, not to the "everyone" buttons
        # (typing a name, Tab, Down, Space must tick that player, issue 14)
        QWidget.setTabOrder(self.search, self.table)
        QWidget.setTabOrder(self.table, self.all_button)
        QWidget.setTabOrder(self.all_button, self.none_button)
        QWidget.setTabOrder(self.none_button, self.cards_button)
        self.search.textChanged.connect(self._filter_changed)

        body = QHBoxLayout()
        body.addWidget(settings, 2)
        body.addWidget(checkin, 3)
        self.body = QWidget()
        self.body.setLayout(body)
        layout = QVBoxLayout(self)
        layout.addWidget(self.hint)
        layout.addWidget(self.body, 1)
        self.refresh()

    def refresh(self) -> None:
        has_event = self.ctx.event_id is not None
        self.hint.setVisible(not has_event)
        self.body.setEnabled(has_event)
        if not has_event:
            self.model.set_rows([])
            self.count.setText("")
            return
        board = self.ctx.run(tournament.event_board, self.ctx.event_id)  # one read per redraw
        event = board.event
        self.board = board
        self.form.load(event)
        self.form.show_applying(board.not_for, board.game)
        team = event.kind == "team"
        self.cards_button.setVisible(not team)  # a team event prints team cards (File menu)
        self.cards_button.setEnabled(event.has_rotation)
        self.team_info.setVisible(bool(board.what))  # what the night is: team format, bracket, side game
        self.team_info.setText(board.what)
        self.model.set_rows(board.entrants)
        fit_columns(self.table, skip=(1,))
        self.count.setText(board.seating)
        self.sections_box.show_board(board)

    def toggle(self, player_id: int, checked: bool) -> None:
        self.set_checked_in([player_id], checked)

    def selected_numbers(self) -> list[int]:
        """The event numbers of the selected players who have a scorecard (checked in, with a number)."""
        rows = (self.proxy.data(i, Qt.UserRole) for i in self.table.selectionModel().selectedRows())
        return sorted(r.number for r in rows if r.checked_in and r.number)

    def print_selected_cards(self) -> None:
        """Ask the main window to reprint the selected players' scorecards (``print_cards``)."""
        numbers = self.selected_numbers()
        if not numbers:
            context.show_error(
                self, "Print cards", "Select the players whose cards to print: they need a number (generate the rotation first)."
            )
            return
        self.print_cards.emit(numbers)

    def shown_rows(self) -> list:
        """The check-in rows the list shows now (after the search filter), in screen order."""
        return [self.proxy.data(self.proxy.index(i, 0), Qt.UserRole) for i in range(self.proxy.rowCount())]

    def _filter_changed(self, _text: str) -> None:
        filtered = bool(self.search.text().strip())
        self.all_button.setText("Check &in these" if filtered else "Check &in everyone")
        self.none_button.setText("Check o&ut these" if filtered else "Check o&ut everyone")

    def check_all(self, checked: bool) -> bool:
        """Check in (or out) every player the list shows — only those the
        search finds — after asking "Check out 40 players?". Returns False if
        nothing changed (declined, refused or nobody to change)."""
        rows = [r for r in self.shown_rows() if r.checked_in != checked and (r.active or not checked)]
        if not rows:
            return False
        n = len(rows)
        who = rows[0].name if n == 1 else f"{n} players"
        verb = "Check in" if checked else "Check out"
        scope = f" (those matching “{self.search.text().strip()}”)" if self.search.text().strip() and n > 1 else ""
        if not context.ask(self, f"{verb} players", f"{verb} {who}{scope}?"):
            return False
        return self.set_checked_in([r.player_id for r in rows], checked)

    def set_checked_in(self, player_ids: list[int], checked: bool) -> bool:
        """Check players in or out (undoable). Returns False if refused."""
        if self.ctx.event_id is None:
            return False
        event_id = self.ctx.event_id
        before = {r.player_id: r.checked_in for r in self.ctx.run(tournament.entrants, event_id)}
        changing = [p for p in player_ids if before.get(p) != checked]
        if not changing:
            return True
        event = self.ctx.run(tournament.get_event, event_id)
        if event.last_scored_round:  # re-planned from the next round: the director chooses how
            done = replan.replan_with_choice(
                self,
                self.ctx,
                lambda s: tournament.preview_check_in(s, event_id, changing, checked),
                lambda mode: self.ctx.operate(
                    "Check in" if checked else "Check out",
                    tournament.set_checked_in,
                    event_id,
                    changing,
                    checked,
                    replan=mode,
                    event_id=event_id,
                ),
                f"Scores are in for round {event.last_scored_round}. The change takes effect from round "
                f"{event.last_scored_round + 1}. ",
            )
            if not done:
                self.refresh()
            return done
        if event.has_rotation and not context.ask(
            self, "Change who plays", "Changing who plays discards the rotation already made. Continue?"
        ):
            self.refresh()
            return False
        try:
            self.ctx.operate(
                "Check in" if checked else "Check out",
                tournament.set_checked_in,
                event_id,
                changing,
                checked,
                event_id=event_id,
            )
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot change check-in", exc.message)
            self.refresh()
            return False
        return True

    def keyPressEvent(self, event) -> None:  # noqa: N802
        if event.key() == Qt.Key_Space and self.table.hasFocus():
            rows = self.table.selectionModel().selectedRows()
            for index in rows:
                row = self.proxy.data(index, Qt.UserRole)
                self.toggle(row.player_id, not row.checked_in)
            return
        super().keyPressEvent(event)

    def save_settings(self) -> None:
        if self.ctx.event_id is None:
            return
        values = self.form.values()
        event_id = self.ctx.event_id
        try:  # undo puts back the settings and whatever the change discarded (a rotation)
            self.ctx.operate("Change event settings", tournament.update_event, event_id, event_id=event_id, **values)
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot change the event", exc.message)
            self.refresh()


def parse_rooms(text: str) -> list[tuple[str, int]]:
    """"Hall 120, Annex 40" → [("Hall", 120), ("Annex", 40)];
    :class:`~euchre_tourney.tournament.TournamentError` in words otherwise."""
    rooms = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, _, seats = part.rpartition(" ")
        if not name.strip() or not seats.isdigit():
            raise tournament.TournamentError(
                f"Write each room as its name and the players it seats, e.g. “Hall 120, Annex 40” (not “{part}”)."
            )
        rooms.append((name.strip(), int(seats)))
    if not rooms:
        raise tournament.TournamentError("Write the rooms and the players each seats, e.g. “Hall 120, Annex 40”.")
    return rooms


class SectionsBox(QGroupBox):
    """The Event page's Sections control (big nights): split the players
    into sections by size or by room, or play in one room; the sections and
    their sizes; the captains (each given a PIN for her phone, shown once,
    withdrawable)."""

    def __init__(self, ctx: AppContext, page) -> None:
        super().__init__("Sections (big nights)")
        self.ctx = ctx
        self.page = page
        self.size = QSpinBox()
        self.size.setRange(4, 1000)
        self.size.setValue(20)
        self.size.setSuffix(" players")
        self.size.setAccessibleName("Section size")
        self.split_size = QPushButton("Split by si&ze")
        self.split_size.setToolTip("Split the players checked in into sections of about this many (sets of 20 or 40)")
        self.split_size.clicked.connect(self.split_by_size)
        self.rooms = QLineEdit()
        self.rooms.setPlaceholderText("Rooms and seats, e.g. Hall 120, Annex 40")
        self.rooms.setAccessibleName("Rooms")
        self.split_rooms = QPushButton("Split by roo&m")
        self.split_rooms.clicked.connect(self.split_by_rooms)
        self.one_room = QPushButton("One room")
        self.one_room.setToolTip("Play the night as one room again (the sections go)")
        self.one_room.clicked.connect(self.unsplit)
        self.listing = QLabel()
        self.listing.setWordWrap(True)
        self.listing.setMinimumHeight(self.listing.fontMetrics().lineSpacing() * 3 + 4)  # a wrapped label in a form is not given its height
        self.listing.setToolTip("Each section has its own rotation, tables (A-1, B-7 …), round clock, lock and prizes")
        self.captain_name = QLineEdit()
        self.captain_name.setPlaceholderText("Captain's name")
        self.captain_name.setAccessibleName("Captain's name")
        self.captain_sections = QLineEdit()
        self.captain_sections.setPlaceholderText("Her sections, e.g. B, C")
        self.captain_sections.setAccessibleName("Captain's sections")
        self.make_captain = QPushButton("Make captain")
        self.make_captain.setToolTip("Give her these sections and a new phone PIN (shown once)")
        self.make_captain.clicked.connect(self.add_captain)
        self.withdraw = QPushButton("Withdraw PIN")
        self.withdraw.setToolTip("The named captain's phone can no longer act (her past actions stay in the audit trail)")
        self.withdraw.clicked.connect(self.revoke_captain)
        self.captains = QLabel()
        self.captains.setWordWrap(True)
        self.move_player = QPushButton("Move pla&yer to section…")
        self.move_player.setToolTip("Move a player to another section: only the two sections are re-planned, "
                                    "keeping every seat the balance allows")
        self.move_player.clicked.connect(self.move_dialog)
        self.moved = QLabel()  # what the last move changed
        self.moved.setWordWrap(True)
        self.moved.hide()  # shown once a move has something to say
        outer = QVBoxLayout(self)
        grid = QFormLayout()
        outer.addLayout(grid)
        row = QHBoxLayout()
        row.addWidget(self.size)
        row.addWidget(self.split_size)
        row.addWidget(self.one_room)
        grid.addRow("By size:", row)
        row = QHBoxLayout()
        row.addWidget(self.rooms, 1)
        row.addWidget(self.split_rooms)
        grid.addRow("By room:", row)
        row = QHBoxLayout()  # the move button beside the sections' list: no line of its own (the page fits 780 px)
        row.addWidget(self.listing, 1)
        row.addWidget(self.move_player, 0, Qt.AlignTop)
        outer.addLayout(row)
        outer.addWidget(self.moved)
        grid = QFormLayout()
        outer.addLayout(grid)
        row = QHBoxLayout()
        row.addWidget(self.captain_name, 1)
        row.addWidget(self.captain_sections, 1)
        row.addWidget(self.make_captain)
        row.addWidget(self.withdraw)
        grid.addRow("Captains:", row)
        outer.addWidget(self.captains)

    def _say_moved(self, text: str) -> None:
        self.moved.setText(text)
        self.moved.setVisible(bool(text))

    def show_board(self, board) -> None:
        """Draw the sections and captains of :func:`tournament.event_board`'s read model."""
        progressive = board.event.kind == "progressive" and board.game is None
        self.setVisible(progressive)
        secs = board.sections
        if secs:
            shown = secs[:16]
            more = f" … and {len(secs) - 16} more sections." if len(secs) > 16 else ""
            self.listing.setText(
                f"{len(secs)} sections, each its own rotation, tables (B-7), clock and prizes: " + ", ".join(
                    f"{s.name} {s.players}" + (f" ({s.room})" if s.room else "") for s in shown
                ) + " players." + more
            )
        else:
            self.listing.setText("The night plays in one room (one rotation).")
        self.one_room.setEnabled(bool(secs))
        self.move_player.setEnabled(bool(secs))
        self.sections = tuple(secs)
        self.entrants = tuple(board.entrants)
        for w in (self.captain_name, self.captain_sections, self.make_captain, self.withdraw):
            w.setEnabled(bool(secs))
        self.captains.setText(
            "  ".join(
                f"{c.name}: section {', '.join(c.sections)}" + (" (PIN withdrawn)" if c.revoked else "")
                for c in board.captains
            ) or ("No captain yet: a captain runs her sections from her phone (PIN) or a laptop "
                  "(euchre-tourney open FILE --section B)." if secs else "")
        )

    def _operate(self, title: str, run) -> object:
        """``run(event_id)`` (one operation through the unit of work); its
        refusal shown under ``title``; None when refused or no event."""
        event_id = self.ctx.event_id
        if event_id is None:
            return None
        try:
            return run(event_id)
        except tournament.TournamentError as exc:
            context.show_error(self, title, exc.message)
            return None

    def _rotation_goes(self) -> bool:
        board = getattr(self.page, "board", None)
        if board is not None and board.event.has_rotation:
            return context.ask(self, "Sections", "Splitting the night discards the rotation already made "
                                                 "(make it again: one rotation per section). Continue?")
        return True

    def split_by_size(self) -> None:
        if self._rotation_goes():
            size = self.size.value()
            self._operate("Cannot split the night", lambda eid: self.ctx.operate(
                f"Split into sections of {size}", tournament.split_by_size, eid, size, event_id=eid))

    def split_by_rooms(self) -> None:
        try:
            rooms = parse_rooms(self.rooms.text())
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot split the night", exc.message)
            return
        if self._rotation_goes():
            self._operate("Cannot split the night", lambda eid: self.ctx.operate(
                "Split into sections by room", tournament.split_by_rooms, eid, rooms, event_id=eid))

    def unsplit(self) -> None:
        if self._rotation_goes():
            self._operate("Cannot join the sections", lambda eid: self.ctx.operate(
                "Play in one room", tournament.unsplit_sections, eid, event_id=eid))

    def move_dialog(self) -> "MoveToSectionDialog | None":
        """Open the Move to section dialog (it stays open on a refusal, saying why)."""
        event_id = self.ctx.event_id
        if event_id is None or not getattr(self, "sections", ()):
            return None
        try:
            where = self.ctx.run(tournament.player_sections, event_id)
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot move a player", exc.message)
            return None
        dialog = MoveToSectionDialog(self.ctx, event_id, self.entrants, self.sections, where, self)
        dialog.done_move.connect(self._say_moved)
        dialog.open()
        return dialog

    def add_captain(self) -> None:
        name = self.captain_name.text().strip()
        wanted = [x.strip() for x in self.captain_sections.text().replace(";", ",").split(",") if x.strip()]
        pin = self._operate("Cannot make the captain", lambda eid: self.ctx.operate(
            f"Make {name} captain", tournament.add_captain, eid, name, wanted, event_id=eid))
        if pin:
            context.inform(
                self, "Captain's PIN",
                f"{name}'s PIN is {pin}. Give it to her: she opens the phone server's /captain page with it and "
                "acts on her sections only. It is shown this once (Make captain again gives a new one).",
            )

    def revoke_captain(self) -> None:
        name = self.captain_name.text().strip()
        if self._operate("Cannot withdraw the PIN", lambda eid: self.ctx.operate(
                f"Withdraw {name}'s PIN", tournament.revoke_captain, eid, name, event_id=eid)):
            context.inform(self, "Captain's PIN", f"{name}'s PIN no longer works.")


class MoveToSectionDialog(QDialog):
    """Move one player to another section (Event page ▸ Sections ▸ Move to
    section…): the player (typed or chosen, with the section he is in), the
    section (with its players and seats); Move runs
    :func:`tournament.move_to_section` through the unit of work (Edit ▸
    Undo takes it back). A refusal is said in the dialog, which stays open,
    and nothing changed; ``done_move`` fires with what the move changed."""

    done_move = Signal(str)

    def __init__(self, ctx: AppContext, event_id: int, entrants, sections, where: dict, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Move to section")
        self.ctx, self.event_id = ctx, event_id
        self.result_move = None
        self.player = QComboBox()
        self.player.setEditable(True)
        self.player.setInsertPolicy(QComboBox.NoInsert)
        self.player.setAccessibleName("Player")
        for e in sorted((e for e in entrants if e.checked_in or e.player_id in where), key=lambda e: e.name.casefold()):
            here = where.get(e.player_id)
            self.player.addItem(f"{e.label or e.name}" + (f" — section {here}" if here else ""), e.player_id)
        self.player.completer().setFilterMode(Qt.MatchContains)
        self.player.completer().setCaseSensitivity(Qt.CaseInsensitive)
        self.section = QComboBox()
        self.section.setAccessibleName("Section")
        for x in sections:
            self.section.addItem(
                f"{x.title}: {x.players} players ({tournament.section_seats(x)} seats)", x.name)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setAccessibleName("Why not")
        buttons = QDialogButtonBox(QDialogButtonBox.Cancel)
        self.move_button = buttons.addButton("&Move", QDialogButtonBox.AcceptRole)
        buttons.accepted.connect(self.move)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("&Player:", self.player)
        form.addRow("&To section:", self.section)
        form.addRow(QLabel("Only his old and new sections are re-planned, from the next round not yet played; "
                           "rounds played stay as played."))
        form.addRow(self.message)
        form.addRow(buttons)

    def choose(self, player_id: int, section: str) -> None:
        """Choose the player and the section (as a director would)."""
        self.player.setCurrentIndex(self.player.findData(player_id))
        self.section.setCurrentIndex(self.section.findData(section))

    def move(self) -> bool:
        """Move the chosen player; True when done (the dialog closes)."""
        player_id, section = self.player.currentData(), self.section.currentData()
        if player_id is None or self.player.currentText() != self.player.itemText(self.player.currentIndex()):
            self.message.setText("Choose a player from the list.")
            return False
        name = self.player.currentText().split(" — ")[0]
        try:
            moved = self.ctx.operate(f"Move {name} to section {section}", tournament.move_to_section,
                                     self.event_id, player_id, section, event_id=self.event_id)
        except tournament.TournamentError as exc:
            self.message.setText(exc.message)
            return False
        self.result_move = moved
        self.done_move.emit(moved.message)
        self.accept()
        return True
