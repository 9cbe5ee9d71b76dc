"""The practice table for the games of 2 to 6 players (issue 24): choose
the number of players and the game, play a whole game against computer
players, with take-back, replay of the deal, hints and statistics.

The window holds no rule of its own: whose turn it is and what is legal
come from :class:`~euchre_tourney.play.table.TableGame`; the window offers
exactly the legal actions -- cards to play, discard or give as card buttons,
everything else (pass, order up, a suit or no-trump, a bid by number of
tricks, asking a partner, railroading) as buttons, and the partner card as
a list of cards. The computer players see only their seat's view; the hard
one thinks on a pool thread (a result arriving after a take-back, a replay
or a new game is dropped: each request carries the generation it was made
in).

Keys: every bid and choice has one key (:func:`act_key`), shown on its
button -- underlined, or in brackets when its words do not hold it -- and
chosen so that none is a mnemonic of the window's other controls: P pass,
O order up, A alone, C D H S a suit, N no-trump (Shift with the letter:
alone), a digit a bid or the seat asked, K pass no card, T take and R
refuse the card, P the partner card chosen; digits play, discard or give the
cards; Enter deals the next hand and, after a game ends, starts the next
game. Every button shows a focus ring (the four-seat table's
:data:`~euchre_tourney.gui.practice.cards.BUTTON_STYLE`).
"""

from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtCore import QObject, QRectF, QRunnable, Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import QColor, QKeySequence, QPainter, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from euchre_tourney.gui.practice import stats as stats_file
from euchre_tourney.gui.practice.cards import BUTTON_STYLE, CARD_RATIO, CardButton
from euchre_tourney.gui.practice.seat_layout import SeatLayout, paint_any_card
from euchre_tourney.play import table as ptable
from euchre_tourney.rules import BENNY, SUIT_NAMES, source_titles, tables

HUMAN = 0
NAMES = ["You", "Alex", "Blair", "Casey", "Dana", "Eli"]
LEVELS = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}


def games_for(players: int) -> list[str]:
    """Preset keys of the games for ``players`` players."""
    return [k for k, r in tables.TABLE_PRESETS.items() if r.players == players]


def act_words(a: ptable.Act, names: list[str]) -> str:
    """Button and log words for an action."""
    k, x = a
    if k == "pass":
        return "Pass"
    if k in ("order", "order!"):
        return "Order it up" + (" alone" if k == "order!" else "")
    if k in ("name", "name!"):
        word = "No-trump" if x == tables.NO_TRUMP else SUIT_NAMES[x].capitalize()
        return word + (" alone" if k == "name!" else "")
    if k == "bid":
        return f"Bid {x}"
    if k == "alone":
        return "Play alone"
    if k == "ask":
        return f"Ask {names[x]}"
    if k == "noask":
        return "Ask nobody"
    if k == "keep":
        return "Pass no card"
    if k == "take":
        return "Take the card"
    if k == "refuse":
        return "Refuse the card"
    if k == "partner":
        return f"Partner: {tables.name(x)}"
    return f"{k.capitalize()} {the(tables.name(x))}"


SIMPLE_KEYS = {"pass": "P", "order": "O", "order!": "A", "alone": "A", "noask": "N", "keep": "K", "take": "T",
               "refuse": "R", "partner": "P"}
CHOICE_KEYS = (*"POACDHSNKTR", *"1234567890", *(f"Shift+{c}" for c in "CDHSN"))
"""Every key a choice of :func:`act_key` can have (each one a window shortcut)."""


def act_key(a: ptable.Act) -> str:
    """The one key of an action (button or partner card): "P", "Shift+H",
    "3". No two actions legal at the same moment share one (tested)."""
    k, x = a
    if k in SIMPLE_KEYS:
        return SIMPLE_KEYS[k]
    if k in ("name", "name!"):
        letter = "N" if x == tables.NO_TRUMP else SUIT_NAMES[x][0].upper()
        return letter if k == "name" else f"Shift+{letter}"
    if k in ("bid", "ask"):
        return str(x % 10)
    raise ValueError(f"no key for {k}")


def key_text(words: str, key: str) -> str:
    """A button's words with its key shown: the key's first letter in the
    words underlined ("&Pass", "Order it up &alone", "Bid &3"), else the key
    in brackets ("Ask Alex (&1)", "Clubs alone (Shift+C)")."""
    if len(key) == 1:
        i = words.lower().find(key.lower())
        return words[:i] + "&" + words[i:] if i >= 0 else f"{words} (&{key})"
    return f"{words} ({key})"


def the(card_words: str) -> str:
    """``"the Ace of spades"`` -- no doubled article for ``"the Benny"``."""
    return card_words if card_words.startswith("the ") else "the " + card_words


def deals(name: str) -> str:
    return "You deal" if name == "You" else f"{name} deals"


class TableCardButton(CardButton):
    """A card of any N-seat pack as a button (jokers, second-pack cards)."""

    def __init__(self, card: int, width: int, parent: QWidget | None = None) -> None:
        super().__init__(min(tables.base(card), BENNY), width, False, parent)
        self.card = card
        self.setAccessibleName(tables.name(card))

    def set_state(self, number: int, enabled: bool, verb: str, dim: bool = True, face_down: bool = False) -> None:
        self.number, self.face_down = number, face_down
        self.dim = dim and not enabled
        self.setEnabled(enabled)
        name = "a card face down" if face_down else tables.name(self.card)
        self.setAccessibleName(f"{name}, {verb if enabled else 'cannot be played now'}")
        self.setToolTip(f"{verb} the {name}" if enabled else f"The {name} cannot be played now")
        self.update()

    def paintEvent(self, _event) -> None:  # noqa: N802
        p = QPainter(self)
        lift = 0 if (self.isEnabled() and (self.underMouse() or self.hasFocus())) else 8
        rect = QRectF(2, 2 + lift, self.card_width, self.card_width * CARD_RATIO)
        ring = QColor("#ffd54a") if self.hasFocus() else None
        paint_any_card(p, rect, self.card, dim=self.dim, highlight=ring, face_up=not self.face_down)
        if self.number and not self.face_down:
            p.setPen(QColor("#202020") if self.isEnabled() else QColor("#9a9a9a"))
            p.drawText(QRectF(0, rect.bottom() + 1, self.width(), 16), Qt.AlignCenter, str(self.number % 10))
        p.end()


class TableOptionsEditor(QGroupBox):
    """The options of an N-seat game that its texts name: the target, stick
    the dealer, going alone, no-trump, the lone player's exchange, red and
    black Bennies. :meth:`rules` raises ``ValueError`` with a sentence."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Options", parent)
        form = QFormLayout(self)
        self.target = QSpinBox()
        self.target.setRange(1, 99)
        self.target.setAccessibleName("Points to win")
        form.addRow("Points to &win:", self.target)
        # no mnemonic here is a choice's key (table_games.CHOICE_KEYS: P O A C D H S N K T R)
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

    def rules(self) -> tables.TableRules:
        return self.base.replace(
            target=self.target.value(),
            stick_the_dealer=self.stick.isChecked(),
            may_go_alone=self.alone.isChecked(),
            no_trump=self.no_trump.isChecked(),
            bennies_by_colour=self.bennies.isChecked(),
            exchange=self.exchange.currentData(),
        )


class _Signals(QObject):
    done = Signal(int, object)


class _Think(QRunnable):
    def __init__(self, fn, generation: int, signals: _Signals) -> None:
        super().__init__()
        self.fn, self.generation, self.signals = fn, generation, signals

    def run(self) -> None:
        try:
            result = self.fn()
        except Exception as exc:  # reported in the GUI thread
            result = exc
        self.signals.done.emit(self.generation, result)


class TableGamesWindow(QMainWindow):
    """The practice table for 2 to 6 players (see the module docstring).
    ``delay_ms`` is the pause between computer actions (0 in tests);
    ``player_factory(level, seed)`` makes the computer players (default
    :func:`~euchre_tourney.play.table.make_table_player`)."""

    def __init__(self, *, players: int = 3, game: str | None = None, level: str = "medium", seed: int | None = None,
                 stats_path: Path | None = None, delay_ms: int = 450, player_factory=None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Practice table, 2 to 6 players — Euchre Tourney")
        self.delay_ms = delay_ms
        self.rng = random.Random(seed)
        self.stats_path = Path(stats_path) if stats_path else stats_file.default_path().with_name("practice-table-stats.json")
        self.session: ptable.TableSession | None = None
        self.player_factory = player_factory or ptable.make_table_player
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.signals = _Signals()
        self.signals.done.connect(self._thought)
        self.thinking = False
        self.hint_text = ""
        self.choice_keys: dict[str, QPushButton] = {}  # each shown choice's button by its key (act_key)
        self._build()
        self.players_box.setCurrentIndex(self.players_box.findData(players))
        if game is not None:
            self.game_box.setCurrentIndex(self.game_box.findData(game))
        self.level_box.setCurrentIndex(self.level_box.findData(level))
        self.new_game()

    # ----------------------------------------------------------------- layout
    def _build(self) -> None:
        central = QWidget()
        outer = QHBoxLayout(central)
        side = QVBoxLayout()
        choose = QGroupBox("Game")
        form = QFormLayout(choose)
        self.players_box = QComboBox()
        for n in range(2, 7):
            self.players_box.addItem(f"{n} players", n)
        self.players_box.setAccessibleName("Number of players")
        form.addRow("Pla&yers:", self.players_box)
        self.game_box = QComboBox()
        self.game_box.setAccessibleName("Game")
        form.addRow("&Game:", self.game_box)
        self.level_box = QComboBox()
        for k, v in LEVELS.items():
            self.level_box.addItem(v, k)
        self.level_box.setAccessibleName("Computer players' level")
        form.addRow("&Level:", self.level_box)
        side.addWidget(choose)
        self.options = TableOptionsEditor()
        side.addWidget(self.options)
        self.new_button = QPushButton("New game (Ctrl+N)")
        self.new_button.clicked.connect(self.new_game)
        side.addWidget(self.new_button)
        self.source_label = QLabel()
        self.source_label.setWordWrap(True)
        side.addWidget(self.source_label)
        side.addStretch(1)
        self.log = QTextBrowser()
        self.log.setAccessibleName("What happened")
        self.log.setMinimumWidth(230)
        side.addWidget(self.log, 3)
        outer.addLayout(side, 0)

        main = QVBoxLayout()
        self.score_label = QLabel()
        self.score_label.setAccessibleName("Score")
        self.score_label.setStyleSheet("font-weight: bold;")
        main.addWidget(self.score_label)
        self.layout_view = SeatLayout()
        main.addWidget(self.layout_view, 1)
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        main.addWidget(self.prompt)
        self.actions_row = QGridLayout()  # the choices; those alone (Shift and a letter) on a second row
        self.actions_row.setHorizontalSpacing(6)
        main.addLayout(self.actions_row)
        partner_row = QHBoxLayout()
        self.partner_box = QComboBox()
        self.partner_box.setAccessibleName("Partner card")
        self.partner_button = QPushButton(key_text("Name partner card", SIMPLE_KEYS["partner"]))
        self.partner_button.setShortcut(QKeySequence())  # the bare key is the window's (CHOICE_KEYS)
        self.partner_button.clicked.connect(self._name_partner)
        partner_label = QLabel("Partner &card:")  # Alt+C: the list (arrows choose), P names it
        partner_label.setBuddy(self.partner_box)
        partner_row.addWidget(partner_label)
        partner_row.addWidget(self.partner_box, 1)
        partner_row.addWidget(self.partner_button)
        self.partner_widget = QWidget()
        self.partner_widget.setLayout(partner_row)
        main.addWidget(self.partner_widget)
        self.cards_row = QHBoxLayout()
        self.cards_row.setSpacing(2)
        main.addLayout(self.cards_row)
        tools = QHBoxLayout()
        self.back_button = QPushButton("Take back (Ctrl+Z)")
        self.back_button.clicked.connect(self.take_back)
        self.replay_button = QPushButton("Replay deal (Ctrl+R)")
        self.replay_button.clicked.connect(self.replay_deal)
        self.hint_button = QPushButton("H&int")
        self.hint_button.clicked.connect(self.ask_hint)
        self.next_button = QPushButton("Next hand (Enter)")
        self.next_button.clicked.connect(self.next_hand)
        for b in (self.back_button, self.replay_button, self.hint_button, self.next_button):
            tools.addWidget(b)
        tools.addStretch(1)
        self.stats_label = QLabel()
        tools.addWidget(self.stats_label)
        main.addLayout(tools)
        outer.addLayout(main, 1)
        self.setCentralWidget(central)
        self.setStyleSheet(BUTTON_STYLE)  # the focus ring on every button
        QShortcut(QKeySequence.Undo, self, self.take_back)
        QShortcut(QKeySequence("Ctrl+N"), self, self.new_game)
        QShortcut(QKeySequence("Ctrl+R"), self, self.replay_deal)
        for key in (*CHOICE_KEYS, "Return", "Enter"):
            QShortcut(QKeySequence(key), self, lambda key=key: self._key(key))
        self.players_box.currentIndexChanged.connect(self._players_changed)
        self.game_box.currentIndexChanged.connect(self._game_changed)
        self._players_changed()
        self.resize(1100, 720)

    def _players_changed(self) -> None:
        n = self.players_box.currentData()
        self.game_box.blockSignals(True)
        self.game_box.clear()
        for key in games_for(n):
            self.game_box.addItem(tables.TABLE_TITLES[key], key)
        self.game_box.blockSignals(False)
        self._game_changed()

    def _game_changed(self) -> None:
        key = self.game_box.currentData()
        if key:
            self.options.set_rules(tables.TABLE_PRESETS[key])
            self.source_label.setText(f"Rules: as {source_titles(tables.TABLE_SOURCES[key])} describe{'' if ',' in tables.TABLE_SOURCES[key] else 's'} them (the club's rule texts).")

    # ------------------------------------------------------------------ game
    @property
    def game(self) -> ptable.TableGame | None:
        """The game in progress (the session's)."""
        return self.session.game if self.session else None

    @property
    def names(self) -> list[str]:
        return NAMES[: self.game.rules.players] if self.game else NAMES

    @property
    def stats(self):
        """The statistics row of this game and level."""
        return self.session.stats.row(*self.session.stats_key())

    def new_game(self) -> bool:
        """Start a game with the chosen game, options and level (a refused
        option shows a message and leaves the current game)."""
        try:
            rules = self.options.rules()
        except ValueError as exc:
            QMessageBox.warning(self, "Practice table", f"These options cannot be played: {exc}.")
            return False
        self.level = self.level_box.currentData()
        seed = self.rng.randrange(1 << 30)
        if self.session is None:
            self.session = ptable.TableSession(rules, self.level, seed, stats_path=self.stats_path,
                                               player_factory=self.player_factory)
        else:
            self.session.new_game(rules, self.level, seed)
        self.thinking = False
        self.log.clear()
        self.log.append(f"<b>{rules.title}</b>, to {rules.target}. {deals(self.names[self.game.hand.dealer])}.")
        self.refresh()
        self._schedule()
        return True

    def human_turn(self) -> bool:
        return self.session is not None and self.session.human_to_act()

    def showing_result(self) -> bool:
        """A finished hand is on the table, waiting for Next hand."""
        return self.session is not None and self.session.showing_result

    def _schedule(self) -> None:
        if self.thinking or self.session.waiting:
            return
        self.thinking = True
        gen = self.session.generation
        QTimer.singleShot(self.delay_ms, lambda: self._think(gen))

    def _think(self, gen: int) -> None:
        turn = self.session.computer_turn()
        if turn is None or turn.generation != gen:
            self.thinking = False
            return
        if self.level == "hard":
            self.pool.start(_Think(lambda: turn.player.choose(turn.view, turn.hand), gen, self.signals))
        else:
            self._thought(gen, turn.player.choose(turn.view))

    def _thought(self, gen: int, result: object) -> None:
        self.thinking = False
        if gen != self.session.generation:
            self._schedule()
            return
        if isinstance(result, Exception):
            self.prompt.setText(f"A computer player could not decide ({result}); the game stops here.")
            return
        seat = self.session.hand.to_act
        if self.session.apply_computer(gen, result):
            self._after(seat, result)

    def _after(self, seat: int, a: ptable.Act) -> None:
        self.log.append(self._log_words(seat, a))
        hand = self.session.hand
        if hand.done:
            self.log.append(f"<i>{self._result_words(hand)}</i>")
            g = self.game
            if g.over:
                self.log.append(f"<b>{g.unit_name(g.winner, self.names)} won the game.</b>")
        self.hint_text = ""
        self.refresh()
        self._schedule()

    def next_hand(self) -> None:
        """Deal the next hand after a finished one."""
        if self.session.next_hand():
            self.log.append(f"{deals(self.names[self.game.hand.dealer])}.")
            self.refresh()
            self._schedule()

    def human_action(self, a: ptable.Act) -> bool:
        """The player's action (refused, returning False, if not legal now)."""
        if not self.session.human_action(a):
            return False
        self._after(HUMAN, a)
        return True

    def take_back(self) -> None:
        """Back to the player's last decision in this deal."""
        if self.session.take_back():
            self.log.append("<i>Taken back.</i>")
            self.refresh()
            self._schedule()

    def replay_deal(self) -> None:
        """Play the current deal again from its start."""
        self.session.replay_deal()
        self.log.append("<i>The deal is played again.</i>")
        self.refresh()
        self._schedule()

    def ask_hint(self) -> None:
        if not self.human_turn():
            return
        a, why = self.session.hint()
        self.hint_text = f"Hint: {act_words(a, self.names)}. {why}"
        self.refresh()

    def _key(self, key: str) -> None:
        """A key of the window: Enter deals the next hand, or starts the
        next game once a game is over; a choice's key (:func:`act_key`)
        takes it when its button is shown; a digit otherwise plays (discards,
        gives) the card of that number."""
        if key in ("Return", "Enter"):
            if self.game is not None and self.game.over:
                self.new_game()
            elif self.showing_result():
                self.next_hand()
            return
        b = self.choice_keys.get(key)  # the buttons of this moment only (refresh makes them anew)
        if b is not None and b.isEnabled() and (b is not self.partner_button or not self.partner_widget.isHidden()):
            b.click()
        elif key.isdigit():
            self._press_card((int(key) - 1) % 10)

    def _press_card(self, i: int) -> None:
        """Keys 1-9 and 0: the player's i-th card (when it may be played now)."""
        cards = [self.cards_row.itemAt(k).widget() for k in range(self.cards_row.count())]
        cards = [c for c in cards if isinstance(c, TableCardButton)]
        if i < len(cards) and cards[i].isEnabled():
            cards[i].click()

    def _name_partner(self) -> None:
        c = self.partner_box.currentData()
        if c is not None:
            self.human_action(ptable.Act("partner", c))

    # --------------------------------------------------------------- drawing
    def _log_words(self, seat: int, a: ptable.Act) -> str:
        who = self.names[seat]
        if a.kind == "discard" and seat != 0:
            return f"{who} discards a card face down."
        if a.kind == "give" and seat != 0:
            return f"{who} passes a card face down."
        if a.kind in ("name", "name!"):
            verb = "name" if seat == 0 else "names"
            return f"{who} {verb} {act_words(a, self.names).lower()}."
        if a.kind == "partner":
            return f"{who} {'name' if seat == 0 else 'names'} {the(tables.name(a.arg))} as partner card."
        words = act_words(a, self.names)
        return f"{who}: {words[0].lower()}{words[1:]}."

    def _result_words(self, hand) -> str:
        if hand.thrown_in:
            return "Everyone passed: the hand is thrown in."
        g = self.game
        maker = self.names[hand.maker]
        got = ", ".join(f"{self.names[s]} {p:+d}" for s, p in sorted(hand.points.items()))
        partner = ""
        if g.rules.sides == "partner_card":
            partner = f" with {self.names[hand.partner]}" if hand.partner is not None else " alone"
        return (f"{maker}{partner} made {ptable.trump_word(hand.trump)} and took {hand.maker_tricks} of "
                f"{g.rules.hand_size} tricks: {got or 'no points'}.")

    def scene(self) -> dict:
        g = self.game
        h = g.hand
        n = g.rules.players
        view = ptable.seat_view(h, 0)
        tags: list[list[str]] = [[] for _ in range(n)]
        tags[h.dealer].append("dealer")
        if h.high_bidder is not None and h.maker is None:
            tags[h.high_bidder].append(f"bids {h.bid}")
        if h.maker is not None:
            tags[h.maker].append("maker" + (" alone" if h.alone else ""))
        if g.rules.sides == "partners":
            for s in range(n):
                tags[s].insert(0, "side A" if s % 2 == 0 else "side B")
        partner = view.partner if not h.done else h.partner
        if partner is not None and h.maker is not None:
            tags[partner].append("partner")
        out = [s for s in range(n) if s not in h.active]
        for s in out:
            tags[s].append("sits out")
        trick = list(h.trick)
        winner = None
        if not trick and h.tricks and h.phase == ptable.PLAY or (h.done and h.tricks):
            trick = h.tricks[-1][1]
            winner = h.tricks[-1][2]
        turn_up = h.turn_up if (h.turn_up is not None and h.phase in (0, 1, 2)) else None
        centre = f"Trump: {ptable.trump_word(h.trump)}"
        if h.bid:
            centre += f" · bid {h.bid}"
        if h.partner_card is not None:
            centre += f" · partner card {tables.name(h.partner_card)}"
        return {
            "players": n,
            "names": self.names,
            "counts": [len(x) for x in h.hands],
            "tags": tags,
            "won": list(h.won),
            "to_act": None if h.done else h.to_act,
            "trick": trick,
            "trick_winner": winner,
            "turn_up": turn_up,
            "turn_up_down": h.phase == 1,
            "centre": centre,
            "out": out,
        }

    def refresh(self) -> None:
        g = self.game
        h = g.hand
        self.layout_view.set_scene(self.scene())
        units = range(g.units)
        self.score_label.setText(
            " — ".join(f"{g.unit_name(u, self.names)} {g.scores[u]}" for u in units) + f"   (to {g.rules.target})"
        )
        legal = g.legal_actions() if self.human_turn() else []
        # card buttons
        while self.cards_row.count():
            item = self.cards_row.takeAt(0)
            if item.widget():
                item.widget().hide()
                item.widget().deleteLater()
        view = ptable.seat_view(h, 0)
        card_acts = {a.arg: a for a in legal if a.kind in ("play", "discard", "give")}
        verb = {"play": "play", "discard": "discard", "give": "give"}
        for i, c in enumerate(h.hands[0]):
            b = TableCardButton(c, 62, self)
            a = card_acts.get(c)
            b.set_state(i + 1 if i < 10 else 0, a is not None, verb[a.kind] if a else "play", dim=bool(card_acts),
                        face_down=not view.hand)
            if a is not None:
                b.clicked.connect(lambda _=False, a=a: self.human_action(a))
            self.cards_row.addWidget(b)
        self.cards_row.addStretch(1)
        # action buttons
        while self.actions_row.count():
            item = self.actions_row.takeAt(0)
            if item.widget():
                item.widget().hide()
                item.widget().deleteLater()
        others = [a for a in legal if a.kind not in ("play", "discard", "give", "partner")]
        self.choice_keys = {}
        for c in range(self.actions_row.columnCount()):
            self.actions_row.setColumnStretch(c, 0)
        plain = [a for a in others if not a.kind.endswith("!")]
        for a in others:
            alone = a.kind.endswith("!")  # "Clubs alone (Shift+C)" under "Clubs"
            twin = ptable.Act(a.kind[:-1], a.arg) if alone else a
            row, column = int(alone), plain.index(twin) if twin in plain else len(plain)
            words, key = act_words(a, self.names), act_key(a)
            b = QPushButton(key_text(words, key))
            b.setShortcut(QKeySequence())  # no Alt+letter: the bare key is the window's (CHOICE_KEYS)
            b.setAccessibleName(words)
            b.setToolTip(f"{words} (key {key})")
            b.clicked.connect(lambda _=False, a=a: self.human_action(a))
            self.actions_row.addWidget(b, row, column)
            self.choice_keys[key] = b
        self.actions_row.setColumnStretch(len(plain) + 1, 1)
        partners = [a for a in legal if a.kind == "partner"]
        self.partner_widget.setVisible(bool(partners))
        if partners:
            self.choice_keys[act_key(partners[0])] = self.partner_button
        self.partner_box.clear()
        for a in partners:
            self.partner_box.addItem(tables.name(a.arg), a.arg)
        self.next_button.setEnabled(self.showing_result())
        self.back_button.setEnabled(self.session.can_take_back)
        self.hint_button.setEnabled(self.human_turn())
        if g.over:
            text = f"Game over: {g.unit_name(g.winner, self.names)} won. Enter: the next game."
        elif self.showing_result():
            text = self._result_words(h) + " Enter: the next hand."
        elif self.human_turn():
            text = f"Your turn ({ptable.PHASE_NAMES[h.phase]})."
            if card_acts:
                text += " Click a card."
            if h.phase == 2 and not view.hand:
                text += " A joker is turned up: name trump before looking at your cards."
        else:
            text = f"{self.names[h.to_act]} is thinking…"
        if self.hint_text:
            text += "  " + self.hint_text
        self.prompt.setText(text)
        st = self.stats
        self.stats_label.setText(f"Games {st.games_won}/{st.games} won · hands {st.hands_won}/{st.hands} scored · "
                                 f"made {st.made}/{st.makes}")

    def closeEvent(self, event) -> None:  # noqa: N802
        if self.session is not None:
            self.session.generation += 1
        self.pool.waitForDone(2000)
        super().closeEvent(event)


def open_table_games(**kwargs) -> TableGamesWindow:
    """Open the window (kept by the caller)."""
    w = TableGamesWindow(**kwargs)
    w.show()
    return w
