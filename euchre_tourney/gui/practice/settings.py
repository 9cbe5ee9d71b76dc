"""The practice table's "New game" dialog: the game -- a four-seat preset
or a game for 2 to 6 players -- and every option of its rules in plain
words a club member uses ("North American", "Win by two", "Stick the
dealer"), the level of the computer players, and the pause before a
computer player acts. The rule texts an option follows (the titles of
the texts in ``shared/rules/``) are in its tooltip only (:func:`source_tip`)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QStackedWidget,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from euchre_tourney.play import HUMAN, LEVEL_TITLES, LEVELS
from euchre_tourney.rules import PRESETS, PRESET_SOURCES, PRESET_TITLES, AloneLead, DefendAlone, RuleSet, seat_title, source_titles, tables

BOOL_OPTIONS = (
    ("stick_the_dealer", "Stick the dealer (“screw the dealer”: the dealer must name trump)", "000, 001, 003"),
    ("win_by_two", "Win by two", "004"),
    ("maker_partner_may_go_alone", "Any player may go alone once trump is made (not only the maker)", "001, 004"),
    ("passer_may_go_alone", "A player who passed in the round trump was made may play alone", "001"),
    ("dealer_may_discard_turn_up", "The dealer may discard the turn-up itself", "000, 001"),
    ("dealer_needs_trump_to_take_up", "The dealer takes up the turn-up only holding a trump (left bower not counted)", "001"),
    ("farmers_hand", "Farmer's hand: only 9s and 10s may call a misdeal", "000"),
    ("ace_no_face", "Ace-no-face: no Jack, Queen or King may call a misdeal", "000"),
    ("dealer_partner_alone_any_round", "The dealer's partner must play alone in either round (British)", "001"),
    ("joker_substitute", "The two of spades plays as the Benny", "001"),
)
DEFEND_CHOICES = (
    (DefendAlone.NEVER, "Never (only the makers go alone)", "000"),
    (DefendAlone.AGAINST_LONER, "Only against a lone maker", "001"),
    (DefendAlone.ANY, "Any time trump is made", "001, 004"),
)
LEAD_CHOICES = (
    (AloneLead.LONER_LEFT, "The player to the loner's left", "000, 001"),
    (AloneLead.DEALER_LEFT, "The dealer's left, as always", "002, 003, 004"),
    (AloneLead.LONER_RIGHT, "The loner's right (the loner never leads)", "001"),
)
TARGET_SOURCES = "000, 001, 002"
SUPER_EUCHRE_SOURCES = "001, 002, 003"


def source_tip(sources: str) -> str:
    """The tooltip naming the rule texts an option follows, by their titles
    and, for whoever opens the files, their numbers (``sources``: "000,
    001"): "As “How to Play Euchre” and “Columbus book of Euchre” describe
    it (the club's rule texts 000, 001)"."""
    several = "," in sources
    return (f"As {source_titles(sources)} {'describe' if several else 'describes'} it "
            f"(the club's rule text{'s' if several else ''} {sources})")


@dataclass(frozen=True)
class TableSettings:
    """What a new practice game is played with: ``rules`` (a four-seat
    :class:`RuleSet` or a game of 2 to 6 players,
    :class:`~euchre_tourney.rules.tables.TableRules`); at the four-seat
    table the level of ``partner`` (North), ``left`` (West) and ``right``
    (East), at the others of every computer player (``others``); and
    ``pause_ms`` before each computer action."""

    rules: RuleSet | tables.TableRules = PRESETS["north_american"]
    partner: str = "medium"
    left: str = "medium"
    right: str = "medium"
    pause_ms: int = 600
    others: str = "medium"

    @property
    def four_seat(self) -> bool:
        return not isinstance(self.rules, tables.TableRules)

    def level(self, seat: int) -> str:
        """The level of the computer player at ``seat`` (four seats: 0 North, 1 East, 3 West)."""
        if not self.four_seat:
            return self.others
        return {0: self.partner, 1: self.right, 3: self.left}[seat]

    def levels(self) -> dict[int, str]:
        """The level of every computer seat."""
        if self.four_seat:
            return {s: self.level(s) for s in (0, 1, 3)}
        return {s: self.others for s in range(1, self.rules.players)}


class TableOptionsEditor(QGroupBox):
    """The options of a game of 2 to 6 players that its texts name: the
    target, stick the dealer, going alone, no-trump, the lone player's
    exchange, red and black Bennies. :meth:`rules` raises ``ValueError``
    with a sentence."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Rules", parent)
        form = QFormLayout(self)
        self.target = QSpinBox()
        self.target.setRange(1, 99)
        self.target.setAccessibleName("Points to win")
        form.addRow("Points to &win:", self.target)
        self.stick = QCheckBox("Stick th&e dealer")
        self.alone = QCheckBox("&Maker may play alone")
        self.no_trump = QCheckBox("No-tr&ump may be named")
        self.bennies = QCheckBox("Red and &black Bennies")
        for w in (self.stick, self.alone, self.no_trump, self.bennies):
            form.addRow(w)
        self.exchange = QComboBox()
        for key, words in (("none", "None"), ("ask_partner", "Lone player asks a partner"),
                           ("call_for_best", "Call for best"), ("railroad", "Railroading")):
            self.exchange.addItem(words, key)
        self.exchange.setAccessibleName("Card passed to a lone player")
        form.addRow("E&xchange with a lone player:", self.exchange)
        self.source = QLabel()
        self.source.setWordWrap(True)
        form.addRow(self.source)
        self.base = tables.CUTTHROAT

    def set_rules(self, rules: tables.TableRules) -> None:
        self.base = rules
        self.target.setValue(rules.target)
        self.stick.setChecked(rules.stick_the_dealer)
        self.alone.setChecked(rules.may_go_alone)
        self.no_trump.setChecked(rules.no_trump)
        self.no_trump.setEnabled(not any(tables.is_joker(c) for c in tables.pack(rules.pack)))
        self.bennies.setChecked(rules.bennies_by_colour)
        self.bennies.setEnabled(rules.double)
        self.exchange.setCurrentIndex(self.exchange.findData(rules.exchange))
        self.exchange.setEnabled(rules.sides == "partners")
        sources = tables.TABLE_SOURCES.get(rules.preset)
        if sources:
            several = "," in sources
            self.source.setText(f"Rules: as {source_titles(sources)} describe{'' if several else 's'} them (the club's rule texts).")

    def rules(self) -> tables.TableRules:
        return self.base.replace(
            target=self.target.value(),
            stick_the_dealer=self.stick.isChecked(),
            may_go_alone=self.alone.isChecked(),
            no_trump=self.no_trump.isChecked(),
            bennies_by_colour=self.bennies.isChecked(),
            exchange=self.exchange.currentData(),
        )


def fixed_summary(rules: RuleSet) -> str:
    """The preset's pack and points, which the options do not change."""
    alone = "; the dealer's partner who orders up must go alone" if rules.dealer_partner_orders_alone else ""
    benny = " with the Benny" if rules.has_benny else ""
    return (
        f"{rules.deck_size} cards{benny}. Makers score {rules.makers_points} for 3–4 tricks, {rules.march_points} "
        f"for a march, alone {rules.loner_points} / {rules.loner_march_points}; a euchre scores {rules.euchre_points}, "
        f"a lone defender's euchre {rules.defender_alone_euchre_points}{alone}."
    )


class SettingsDialog(QDialog):
    """Pick the game (``preset``: a four-seat preset or a game for 2 to 6
    players), adjust its options, and set the computer players."""

    def __init__(self, settings: TableSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New practice game")
        self.preset = QComboBox()
        self.preset.setAccessibleName("Game")
        for key, title in PRESET_TITLES.items():
            self.preset.addItem(title, key)
            self.preset.setItemData(self.preset.count() - 1, source_tip(PRESET_SOURCES[key]), Qt.ToolTipRole)
        self.preset.insertSeparator(self.preset.count())
        for key, title in tables.TABLE_TITLES.items():
            self.preset.addItem(title, key)
            self.preset.setItemData(self.preset.count() - 1, source_tip(tables.TABLE_SOURCES[key]), Qt.ToolTipRole)
        self.preset.setMaxVisibleItems(self.preset.count())
        self.options = TableOptionsEditor()
        self.others = QComboBox()
        for level in LEVELS:
            self.others.addItem(LEVEL_TITLES.get(level, level), level)
        self.others.setCurrentIndex(max(0, self.others.findData(settings.others)))
        self.others.setAccessibleName("Computer players' level")
        self.fixed = QLabel()
        self.fixed.setWordWrap(True)
        self.target = QSpinBox()
        self.target.setRange(1, 99)
        self.target.setAccessibleName("Game to, points")
        self.super_euchre = QSpinBox()
        self.super_euchre.setRange(0, 20)
        self.super_euchre.setSpecialValueText("none")
        self.super_euchre.setAccessibleName("Super-euchre points")
        self.defend = QComboBox()
        for value, text, sources in DEFEND_CHOICES:
            self.defend.addItem(text, value)
            self.defend.setItemData(self.defend.count() - 1, source_tip(sources), Qt.ToolTipRole)
        self.defend.setAccessibleName("Defending alone")
        self.lead = QComboBox()
        for value, text, sources in LEAD_CHOICES:
            self.lead.addItem(text, value)
            self.lead.setItemData(self.lead.count() - 1, source_tip(sources), Qt.ToolTipRole)
        self.lead.setAccessibleName("Who leads when someone plays alone")
        self.checks = {}
        self.rules_box = rules_box = QGroupBox("Rules")
        form = QFormLayout(rules_box)
        form.addRow(self.fixed)
        self.target.setToolTip(source_tip(TARGET_SOURCES))
        self.super_euchre.setToolTip(source_tip(SUPER_EUCHRE_SOURCES))
        form.addRow("Game &to (points):", self.target)
        form.addRow("&Super-euchre (makers take no trick):", self.super_euchre)
        form.addRow("&Defending alone:", self.defend)
        form.addRow("&Lead when someone plays alone:", self.lead)
        for name, text, sources in BOOL_OPTIONS:
            box = QCheckBox(text)
            box.setToolTip(source_tip(sources))
            self.checks[name] = box
            form.addRow(box)
        self.players_box = players = QGroupBox(f"Computer players (you sit {seat_title(HUMAN, 4)})")
        pform = QFormLayout(players)
        self.levels = {}
        for key, text in (("partner", f"&Partner ({seat_title(0, 4)}):"), ("left", f"Le&ft opponent ({seat_title(3, 4)}):"),
                          ("right", f"&Right opponent ({seat_title(1, 4)}):")):
            combo = QComboBox()
            for level in LEVELS:
                combo.addItem(LEVEL_TITLES.get(level, level), level)
            combo.setCurrentIndex(max(0, combo.findData(getattr(settings, key))))
            combo.setAccessibleName(text.rstrip(":"))
            combo.setAccessibleName(text.replace("&", "").rstrip(":"))
            self.levels[key] = combo
            pform.addRow(text, combo)
        pform.addRow("Computer pla&yers:", self.others)
        self._level_rows = pform
        self.pause = QSpinBox()
        self.pause.setRange(0, 5000)
        self.pause.setSingleStep(100)
        self.pause.setSuffix(" ms")
        self.pause.setValue(settings.pause_ms)
        self.pause.setAccessibleName("Pause before a computer player acts")
        pform.addRow("Pause before each computer a&ction:", self.pause)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.button(QDialogButtonBox.Ok).setText("Deal")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020")
        self.error.setWordWrap(True)
        layout = QVBoxLayout(self)
        top = QFormLayout()
        game_label = QLabel("&Game:")
        game_label.setBuddy(self.preset)
        top.addRow(game_label, self.preset)
        layout.addLayout(top)
        self.stack = QStackedWidget()
        self.stack.addWidget(rules_box)
        self.stack.addWidget(self.options)
        row = QHBoxLayout()
        row.addWidget(self.stack, 3)
        row.addWidget(players, 2)
        layout.addLayout(row)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.preset.currentIndexChanged.connect(self._preset_changed)
        self.preset.setCurrentIndex(max(0, self.preset.findData(settings.rules.preset)))
        self.set_rules(settings.rules)
        self.setTabOrder(self.preset, self.stack)

    def _preset_changed(self) -> None:
        key = self.preset.currentData()
        self.set_rules(tables.TABLE_PRESETS[key] if key in tables.TABLE_PRESETS else PRESETS[key])

    @property
    def four_seat(self) -> bool:
        """The game chosen is a four-seat preset."""
        return self.preset.currentData() not in tables.TABLE_PRESETS

    def _show_family(self, four: bool) -> None:
        self.stack.setCurrentIndex(0 if four else 1)
        form = self._level_rows
        for combo in self.levels.values():
            form.setRowVisible(combo, four)
        form.setRowVisible(self.others, not four)
        self.players_box.setTitle(f"Computer players (you sit {seat_title(HUMAN, 4)})" if four else "Computer players (you sit at the bottom)")

    def set_rules(self, rules) -> None:
        """Show ``rules``: its preset's fixed values and every option."""
        if isinstance(rules, tables.TableRules):
            self.options.set_rules(rules)
            self._show_family(False)
            return
        self._show_family(True)
        self.fixed.setText(fixed_summary(rules))
        if rules.preset in PRESET_SOURCES:
            self.preset.setToolTip(source_tip(PRESET_SOURCES[rules.preset]))
        self.target.setValue(rules.target)
        self.super_euchre.setValue(rules.super_euchre_points)
        self.defend.setCurrentIndex(self.defend.findData(rules.defend_alone))
        self.lead.setCurrentIndex(self.lead.findData(rules.alone_lead))
        for name, box in self.checks.items():
            box.setChecked(bool(getattr(rules, name)))
        self.checks["joker_substitute"].setEnabled(rules.has_benny)
        self.checks["dealer_partner_alone_any_round"].setEnabled(rules.dealer_partner_orders_alone)

    def rules(self):
        """The rules chosen (``ValueError`` in the rule set's words if the options contradict)."""
        if not self.four_seat:
            return self.options.rules()
        base = PRESETS[self.preset.currentData()]
        changes = {name: box.isChecked() for name, box in self.checks.items()}
        changes.update(
            target=self.target.value(),
            super_euchre_points=self.super_euchre.value(),
            defend_alone=self.defend.currentData(),
            alone_lead=self.lead.currentData(),
        )
        return base.replace(**changes)

    def settings(self) -> TableSettings:
        """The settings chosen (``ValueError`` if the rule options contradict)."""
        return TableSettings(
            rules=self.rules(),
            partner=self.levels["partner"].currentData(),
            left=self.levels["left"].currentData(),
            right=self.levels["right"].currentData(),
            pause_ms=self.pause.value(),
            others=self.others.currentData(),
        )

    def accept(self) -> None:
        try:
            self.settings()
        except ValueError as exc:
            self.error.setText(f"These options do not go together: {exc}.")
            return
        super().accept()
