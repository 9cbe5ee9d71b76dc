"""The Teams page of a team event: make teams, check them in, make or pair
the rounds, see each round's tables and results, type final scores.

A thin view over :mod:`euchre_tourney.tournament`'s team use cases; every
change goes through :class:`~euchre_tourney.gui.context.AppContext` (undoable
where it can be: adding or removing a team before the rounds, check-in,
making a round, a final score). Withdrawing a team and adding a late one
change the rounds still to play and ask first.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
)

from euchre_tourney import tournament
from euchre_tourney.gui import bracket_view, context
from euchre_tourney.gui.context import AppContext
from euchre_tourney.gui.team_scores import GameScoreBox, TeamsModel, TeamTablesModel
from euchre_tourney.gui.widgets import Page, read_only_table, wrap_cells

FORMAT_TITLES = {"round_robin": "Round robin", "swiss": "Swiss", "king": "King of the hill"}


def _choices(titles: dict[str, str]) -> QComboBox:
    """A combo box of ``{key: title}``: shows the titles, holds the keys."""
    box = QComboBox()
    for key, title in titles.items():
        box.addItem(title, key)
    return box


class TeamSettingsBox(QGroupBox):
    """The team-event choices of the New event dialog: format, how a round
    is scored, the bye rule and how round 1 is paired."""

    def __init__(self, parent=None) -> None:
        super().__init__("Team event", parent)
        self.team_format = _choices(tournament.TEAM_FORMATS)
        self.round_scoring = _choices(tournament.ROUND_SCORINGS)
        self.bye_rule = _choices(tournament.BYE_RULES)
        self.first_round = _choices(tournament.FIRST_ROUND_ORDERS)
        form = QFormLayout(self)
        form.addRow("&Format:", self.team_format)
        form.addRow("Round scored b&y:", self.round_scoring)
        form.addRow("&Byes:", self.bye_rule)
        form.addRow("Round &1 paired:", self.first_round)

    def values(self) -> dict:
        return {
            "team_format": self.team_format.currentData(),
            "round_scoring": self.round_scoring.currentData(),
            "bye_rule": self.bye_rule.currentData(),
            "first_round_order": self.first_round.currentData(),
        }

    def choose(self, **values) -> None:
        """Pick values by key (tests and presets): team_format="swiss", …"""
        for name, key in values.items():
            box = getattr(self, {"first_round_order": "first_round"}.get(name, name))
            box.setCurrentIndex(box.findData(key))


def bracket_status(b) -> str:
    """The Teams page's line for an event played as a bracket (``b``: its
    ``BracketView``): the kind, the teams, the seeding and the games, and
    what to do next."""
    extra = " and a third-place match" if b.consolation else ""
    head = (f"<b>{html.escape(b.kind_text, quote=False)}</b> bracket of {len(b.seeds)} teams, seeded "
            f"{bracket_view.SEEDING_TITLES.get(b.seeding, b.seeding)}; each match a game to {b.target}{extra}. ")
    if b.champion:
        return head + f"Champion: <b>{html.escape(b.champion, quote=False)}</b>. Print the bracket from the Bracket tab (Bracket PDF)."
    ready = b.ready()
    if not ready:
        return head + "No match is ready."
    names = ", ".join(html.escape(m.title, quote=False) for m in ready)
    return head + f"To play now: {names}. Enter each final score on the Bracket tab."


def _player_label(p) -> str:
    return f"{p.name} (#{p.id})" if p.duplicate_of else p.name


class TeamsPage(Page):
    CONCERNS = frozenset({"roster", "event", "settings", "rotation", "hands", "teams", "bracket"})
    FILL_WHEN_SHOWN = False  # its bracket canvas is laid out (and grabbed) before its tab is shown

    def __init__(self, ctx: AppContext, parent=None) -> None:
        super().__init__(ctx, parent)
        self.current_event = None
        self.view = None
        self.bracket_drawn = None
        self._shown_event = None
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.RichText)

        # teams
        self.player_a = self._player_box()
        self.player_b = self._player_box()
        self.team_name = QLineEdit()
        self.team_name.setMaxLength(200)
        self.team_name.setPlaceholderText("optional: the two names are used")
        self.add_button = QPushButton("&Add team")
        self.add_button.clicked.connect(self.add_from_form)
        self.import_button = QPushButton("&Import teams from CSV…")
        self.import_button.setToolTip("A CSV file with two player-name columns and an optional team-name column.")
        self.import_button.clicked.connect(self.import_dialog)
        make = QFormLayout()
        make.addRow("Player &1:", self.player_a)
        make.addRow("Player &2:", self.player_b)
        make.addRow("&Team name:", self.team_name)
        row = QHBoxLayout()
        row.addWidget(self.add_button)
        row.addWidget(self.import_button)
        row.addStretch(1)
        make.addRow(row)
        self.teams_model = TeamsModel(self)
        self.teams_table = read_only_table(self.teams_model)
        header = self.teams_table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.Stretch)
        self.check_button = QPushButton("Check in / &out")
        self.check_button.clicked.connect(self.toggle_selected)
        self.withdraw_button = QPushButton("&Withdraw…")
        self.withdraw_button.setToolTip("The team leaves after the last round with a result.")
        self.withdraw_button.clicked.connect(self.withdraw_selected)
        self.remove_button = QPushButton("Re&move")
        self.remove_button.clicked.connect(self.remove_selected)
        self.rename_button = QPushButton("Re&name")
        self.rename_button.setToolTip("Give the selected team the name typed in Team name (empty: the players' names).")
        self.rename_button.clicked.connect(self.rename_selected)
        self.count = QLabel()
        self.count.setWordWrap(True)
        self.draw_teams_button = QPushButton("&Balanced draw…")
        self.draw_teams_button.setToolTip("Make teams from individual members, balanced by rating")
        self.draw_teams_button.clicked.connect(lambda: bracket_view.balanced_draw(self.ctx, self, self.ctx.event_id))
        self.by_rating_button = QPushButton("Number by ratin&g")
        self.by_rating_button.setToolTip("Team 1 the strongest by rating: a Swiss or king-of-the-hill first round by seed follows it")
        self.by_rating_button.clicked.connect(lambda: bracket_view.number_by_rating(self.ctx, self, self.ctx.event_id))
        buttons = QHBoxLayout()
        for b in (self.check_button, self.rename_button, self.withdraw_button, self.remove_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        rating_row = QHBoxLayout()
        rating_row.addWidget(self.draw_teams_button)
        rating_row.addWidget(self.by_rating_button)
        rating_row.addStretch(1)
        teams_box = QGroupBox("Teams")
        tl = QVBoxLayout(teams_box)
        tl.addLayout(make)
        tl.addWidget(self.teams_table, 1)
        tl.addLayout(buttons)
        tl.addLayout(rating_row)
        tl.addWidget(self.count)

        # rounds
        self.make_button = QPushButton("Make the &rounds")
        self.make_button.clicked.connect(self.make_rounds)
        self.rounds_list = QListWidget()
        self.rounds_list.setMaximumWidth(120)
        self.rounds_list.currentRowChanged.connect(self.show_round)
        self.tables_model = TeamTablesModel(self)
        self.tables_table = read_only_table(self.tables_model)
        th = self.tables_table.horizontalHeader()
        th.setSectionResizeMode(QHeaderView.ResizeToContents)
        th.setSectionResizeMode(1, QHeaderView.Stretch)
        th.setSectionResizeMode(2, QHeaderView.Stretch)
        th.setSectionResizeMode(self.tables_model.columnCount() - 1, QHeaderView.Stretch)  # the winner: a team's name
        self.byes = QLabel()
        self.byes.setWordWrap(True)
        self.game_box = GameScoreBox(ctx)
        rounds_box = QGroupBox("Rounds")
        rl = QVBoxLayout(rounds_box)
        top = QHBoxLayout()
        top.addWidget(self.make_button)
        top.addStretch(1)
        rl.addLayout(top)
        mid = QHBoxLayout()
        mid.addWidget(self.rounds_list)
        right = QVBoxLayout()
        right.addWidget(self.tables_table, 1)
        right.addWidget(self.byes)
        mid.addLayout(right, 1)
        rl.addLayout(mid, 1)
        rl.addWidget(self.game_box)

        self.bracket = bracket_view.BracketPanel(ctx, self)  # elimination bracket: its own tab beside the rounds
        self.right_tabs = QTabWidget()
        self.right_tabs.addTab(rounds_box, "Rounds")
        self.right_tabs.addTab(self.bracket, "Bracket")
        self.body = QSplitter()
        self.body.addWidget(teams_box)
        self.body.addWidget(self.right_tabs)
        self.body.setStretchFactor(0, 2)
        self.body.setStretchFactor(1, 3)
        self.body.setSizes([500, 700])  # the team list keeps room for its names beside the Bracket tab's controls
        layout = QVBoxLayout(self)
        layout.addWidget(self.status)
        layout.addWidget(self.body, 1)
        self.refresh()

    def _player_box(self) -> QComboBox:
        box = QComboBox()
        box.setEditable(True)
        box.setInsertPolicy(QComboBox.NoInsert)
        box.setMinimumWidth(220)
        box.completer().setCompletionMode(QCompleter.PopupCompletion)
        box.completer().setFilterMode(Qt.MatchContains)
        return box

    # refresh ---------------------------------------------------------------------
    def refresh(self) -> None:
        board = self.ctx.run(tournament.teams_board, self.ctx.event_id) if self.ctx.event_id is not None else None
        self.current_event = board.event if board is not None else None  # one read per redraw
        if self.current_event is None or self.current_event.kind != "team":
            self.view = None
            self.body.setEnabled(False)
            self.status.setText(
                "No event yet. Create one with File ▸ New event (Ctrl+N) and choose <b>Team</b>."
                if self.current_event is None
                else "This is a progressive event: teams are for team events (File ▸ New event, kind Team)."
            )
            self.teams_model.set_rows([])
            self.tables_model.set_rows([])
            self.rounds_list.clear()
            self.byes.setText("")
            self.count.setText("")
            self.game_box.hide()
            return
        self.body.setEnabled(True)
        self.view = board.teams
        self.bracket_drawn = board.bracket
        self.bracket.show_bracket(self.current_event, board.bracket)
        if self.current_event.id != self._shown_event:  # a bracket event opens on its bracket
            self._shown_event = self.current_event.id
            if board.bracket is not None and not self.view.rounds:  # the drawing takes the room
                self.right_tabs.setCurrentWidget(self.bracket)
                left = self.body.widget(0).minimumSizeHint().width()
                self.body.setStretchFactor(0, 0)
                self.body.setSizes([left, max(1, sum(self.body.sizes()) - left)])
            else:
                self.right_tabs.setCurrentIndex(0)
                self.body.setStretchFactor(0, 2)
        self._fill_players()
        self.teams_model.set_rows(self.view.teams)
        wrap_cells(self.teams_table)  # long names wrap, never "Alexandra Montgomery-Smythe & Christophe…"
        playing = [t for t in self.view.teams if t.checked_in and t.withdrawn_after is None]  # late teams too
        text = f"{len(self.view.teams)} teams, {len(playing)} playing"
        to_play = [r for r in self.view.rounds if not r.complete]
        if self.view.rounds:  # what the rounds still to play say (a late team may have taken the byes)
            with_bye = [r.number for r in to_play if r.byes]
            if with_bye and len(with_bye) == len(to_play):
                text += ": one team has the bye each round"
            elif with_bye:
                text += ": a team has the bye in round" + ("s " if len(with_bye) > 1 else " ") + ", ".join(map(str, with_bye))
        elif board.bracket is not None:  # a bracket night: its byes are the bracket's (first round only)
            pass
        elif len(playing) % 2:
            text += ": one team has the bye each round"
        self.count.setText(text + ".")
        self.game_box.setVisible(self.view.round_scoring == "game")
        self.game_box.set_view(self.view)
        self.game_box.round.setMaximumWidth(160)
        keep = self.rounds_list.currentRow()
        self.rounds_list.blockSignals(True)
        self.rounds_list.clear()
        for r in self.view.rounds:
            mark = "✓ " if r.complete else ""
            self.rounds_list.addItem(f"{mark}Round {r.number}")
        self.rounds_list.blockSignals(False)
        if self.view.rounds:
            first_open = next((i for i, r in enumerate(self.view.rounds) if not r.complete), len(self.view.rounds) - 1)
            self.rounds_list.setCurrentRow(keep if 0 <= keep < len(self.view.rounds) else first_open)
        else:
            self.show_round(-1)
        self._describe()

    def _describe(self) -> None:
        v = self.view
        fmt = FORMAT_TITLES.get(v.team_format, v.team_format)
        scoring = (
            f"a game to {v.target}{' (win by two)' if v.win_by_two else ''} each round"
            if v.round_scoring == "game"
            else f"{v.hands_per_round} hand{'' if v.hands_per_round == 1 else 's'} each round"
        )
        made = len(v.rounds)
        head = f"<b>{fmt}</b>, {v.planned_rounds} round{'' if v.planned_rounds == 1 else 's'}, {scoring}. "
        if v.team_format == "round_robin":
            self.make_button.setText("Make the &rounds")
            self.make_button.setEnabled(made == 0)
            step = (
                "Make the teams, then press <b>Make the rounds</b>; print the team scorecards, tally sheets "
                "and wall chart from the File menu. For a knockout, draw a bracket on the Bracket tab instead."
                if not made
                else f"All {made} rounds are made. Enter scores on the Scores page"
                + (" or type final scores below." if v.round_scoring == "game" else ".")
            )
        else:
            nxt = made + 1
            self.make_button.setText(f"Pair &round {nxt}" if nxt <= v.planned_rounds else "All rounds paired")
            self.make_button.setEnabled(nxt <= v.planned_rounds)
            if not made:
                step = "Make the teams, then press <b>Pair round 1</b>."
            elif nxt <= v.planned_rounds and v.rounds[-1].missing:
                missing = ", ".join(str(t) for t in v.rounds[-1].missing)
                step = f"Round {made + 1} is paired once round {made} is finished: tables {missing} have no result yet."
            elif nxt <= v.planned_rounds:
                step = f"Round {made} is finished: press <b>Pair round {nxt}</b>, then print its scorecards and chart."
            else:
                step = "Every round is paired."
        if self.bracket_drawn is not None and not made:  # a bracket event: the bracket is what it is
            self.status.setText(bracket_status(self.bracket_drawn))
            return
        self.status.setText(head + step)

    def _fill_players(self) -> None:
        taken = {pid for t in self.view.teams for pid in t.player_ids}
        players = [p for p in self.ctx.run(tournament.list_players) if p.id not in taken]
        for box in (self.player_a, self.player_b):
            keep = box.currentData()
            box.blockSignals(True)
            box.clear()
            box.addItem("", None)
            for p in players:
                box.addItem(_player_label(p), p.id)
            index = box.findData(keep)
            box.setCurrentIndex(index if index >= 0 else 0)
            box.blockSignals(False)

    def show_round(self, row: int) -> None:
        if self.view is None or not 0 <= row < len(self.view.rounds):
            self.tables_model.set_rows([])
            self.byes.setText("")
            return
        r = self.view.rounds[row]
        self.tables_model.set_rows(r.tables)
        wrap_cells(self.tables_table)
        if self.game_box.round.value() != r.number:  # final scores go to the round on screen
            self.game_box.round.setValue(r.number)
        self.byes.setText(
            "Bye: " + ", ".join(f"{b.number} {b.name}" for b in r.byes) if r.byes else "No team has the bye this round."
        )

    # teams -----------------------------------------------------------------------
    def _picked(self, box: QComboBox) -> int | None:
        index = box.findText(box.currentText())
        return box.itemData(index) if index >= 0 else None

    def add_from_form(self) -> bool:
        a, b = self._picked(self.player_a), self._picked(self.player_b)
        if a is None or b is None:
            context.show_error(self, "Cannot make the team", "Pick two players from the roster for the team.")
            return False
        if self.add_team(a, b, self.team_name.text()) is None:
            return False
        self.team_name.clear()
        self.player_a.setCurrentIndex(0)
        self.player_b.setCurrentIndex(0)
        self.player_a.setFocus()
        return True

    def add_team(self, player_a: int, player_b: int, name: str = ""):
        """Make a team (undoable before the rounds; a late team asks first).
        Returns its TeamView, or None if refused."""
        if self.ctx.event_id is None:
            return None
        event_id = self.ctx.event_id
        try:
            if self.view is not None and self.view.rounds:
                preview = self.ctx.run(tournament.late_team_preview, event_id)  # the count, before the choice
                if not context.ask(
                    self,
                    "Late team",
                    f"The rounds are made. The new team plays from round {preview.from_round}. {preview.text} "
                    "Print the new scorecards of the teams whose rounds change. Continue?",
                ):
                    return None
                return self.ctx.operate(  # undo brings back the pairings the late team changed
                    "Add late team", tournament.add_team, event_id, player_a, player_b, name, event_id=event_id
                )
            return self.ctx.operate("Add team", tournament.add_team, event_id, player_a, player_b, name, event_id=event_id)
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot make the team", exc.message)
            return None

    def selected_team(self):
        rows = self.teams_table.selectionModel().selectedRows()
        return self.teams_model.row_at(rows[0]) if rows else None

    def toggle_selected(self) -> None:
        t = self.selected_team()
        if t is not None:
            self.set_checked_in(t.id, not t.checked_in)

    def set_checked_in(self, team_id: int, checked_in: bool) -> bool:
        try:
            self.ctx.operate(
                "Check in team" if checked_in else "Check out team",
                tournament.set_team_checked_in, team_id, checked_in, event_id=self.ctx.event_id,
            )
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot change check-in", exc.message)
            return False
        return True

    def remove_selected(self) -> None:
        t = self.selected_team()
        if t is None:
            return
        event_id = self.ctx.event_id
        try:  # undo brings the same team back (same number, same id)
            self.ctx.operate(f"Remove team {t.number}", tournament.remove_team, t.id, event_id=event_id)
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot remove the team", exc.message)

    def rename_selected(self) -> bool:
        """Rename the selected team to the Team name field (undoable)."""
        t = self.selected_team()
        if t is None:
            context.show_error(self, "Rename a team", "Select a team in the list first.")
            return False
        new = self.team_name.text()
        try:
            self.ctx.operate(f"Rename team {t.number}", tournament.rename_team, t.id, new, event_id=self.ctx.event_id)
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot rename the team", exc.message)
            return False
        self.team_name.clear()
        return True

    def withdraw_selected(self) -> bool:
        t = self.selected_team()
        return False if t is None else self.withdraw(t.id)

    def withdraw(self, team_id: int) -> bool:
        """Withdraw a team after asking (undoable: undo brings back the later rounds as they were)."""
        t = next((x for x in self.view.teams if x.id == team_id), None) if self.view else None
        if t is None:
            return False
        how = (
            "its opponents in the rounds still to play get a bye"
            if self.view.team_format == "round_robin"
            else "a round already paired but not started is paired again"
        )
        if not context.ask(
            self,
            "Withdraw team",
            f"Withdraw team {t.number} ({t.name}) after the last round with a result? Played rounds stay; {how}.",
        ):
            return False
        try:
            self.ctx.operate(f"Withdraw team {t.number}", tournament.withdraw_team, team_id, event_id=self.ctx.event_id)
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot withdraw the team", exc.message)
            return False
        return True

    def import_csv(self, path: str):
        """Make teams from a CSV file; returns the import report or None."""
        try:
            event_id = self.ctx.event_id
            rep = self.ctx.operate("Import teams", tournament.import_teams_csv, event_id, path, event_id=event_id)
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot import the teams", exc.message)
            return None
        lines = [f"{len(rep.added)} teams made."]
        if rep.new_players:
            lines.append("Added to the roster: " + ", ".join(rep.new_players) + ".")
        for row, why in rep.skipped:
            lines.append(f"Row {row} skipped: {why}.")
        context.inform(self, "Teams imported", "\n".join(lines))
        return rep

    def import_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import teams", "", "CSV files (*.csv *.txt)")
        if path:
            self.import_csv(path)

    # rounds ----------------------------------------------------------------------
    def make_rounds(self) -> bool:
        """Make the round robin or pair the next round (undoable until a
        result is entered). False with the reason shown if refused."""
        if self.ctx.event_id is None:
            return False
        event_id = self.ctx.event_id
        first = len(self.view.rounds) + 1 if self.view else 1
        try:
            self.ctx.operate(
                "Make the rounds" if first == 1 else f"Pair round {first}",
                tournament.make_team_rounds, event_id, event_id=event_id,
            )
        except tournament.TournamentError as exc:
            context.show_error(self, "Cannot make the round", exc.message)
            return False
        if self.view and self.view.rounds:
            self.rounds_list.setCurrentRow(len(self.view.rounds) - 1)
        return True


__all__ = ["TeamSettingsBox", "TeamsPage"]
