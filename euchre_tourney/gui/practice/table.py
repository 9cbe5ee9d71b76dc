"""The practice table window: the player (South) against three computer
players, a whole game to the target.

The window draws and dispatches; the game lives in a
:class:`~euchre_tourney.play.session.PracticeSession` (the game, take-back,
replays, swapping hands, the random generator, game files, statistics),
which is tested without a window. The window holds no rule of its own:
whose turn it is, what is legal, who won a trick and the score all come
from the session's engine; it offers exactly the legal actions. Computer
players and hints run in a :class:`QThreadPool` (the hard player may think
for up to a second): the window never waits for them. A result that arrives
after a take-back, a replay, a new game or a file opened is dropped (each
request carries the session's generation it was made in).

Keyboard: every bidding decision has one key (:data:`BID_KEYS`: P pass or
play with partner, O order up / pick it up, A go or defend alone, M misdeal,
C D H S name a suit), underlined on its button and held by the window
(a button's own shortcut is reset by ``setText``); 1–6 play a card; L shows
the last trick; Enter the next hand.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QObject, QRectF, QRunnable, QSettings, Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import QAction, QColor, QFont, QKeySequence, QPainter, QPen, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMainWindow,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from euchre_tourney.gui import context
from euchre_tourney.gui.practice import stats as stats_file
from euchre_tourney.gui.practice.cards import BUTTON_STYLE, CARD_RATIO, CardButton, paint_card, suit_colour
from euchre_tourney.gui.practice.settings import LEVEL_TITLES, SettingsDialog, TableSettings
from euchre_tourney.gui.practice.stats import StatsDialog
from euchre_tourney.play import (
    ALONE,
    ALONE_ROUND,
    BENNY_UP,
    BID1,
    BID2,
    DISCARD,
    DISCARDING,
    MISDEAL,
    NAME,
    ORDER,
    PASS,
    PLAYING,
    SEAT_NAMES,
    SOUTH,
    EgnError,
    EmnMatch,
    PracticeSession,
    action_words,
    bid_words,
    hint,
    make_player,
    read_egn,
    read_emn,
)
from euchre_tourney.rules import BENNY, SUIT_NAMES, SUIT_SYMBOLS, TRUMP_TABLES, card_name

HUMAN = int(SOUTH)
"""The player's seat: South."""
FELT = QColor("#2f6b45")
SIDE_NAMES = ("You & North", "East & West")
BID_KEYS = {PASS: "P", ORDER: "O", ALONE: "A", MISDEAL: "M", NAME: "C", NAME + 1: "D", NAME + 2: "H", NAME + 3: "S"}
"""The one key of each bidding decision (shown underlined on its button)."""


def button_text(action: int, view) -> str:
    """A bidding button's text with its key underlined (``&``): "&Pass",
    "&Order up", "Pick it up (&O)", "Go &alone", "♥ &Hearts"."""
    key = BID_KEYS.get(action)
    if NAME <= action < NAME + 4:
        words = f"{SUIT_SYMBOLS[action - NAME]} {SUIT_NAMES[action - NAME].capitalize()}"
    elif action == PASS and view.phase == ALONE_ROUND and (view.seat ^ view.maker) & 1:
        words = "Pass (don't defend alone)"
    else:
        words = action_words(action, view)
    if key is None:
        return words
    i = words.lower().find(key.lower())
    if i < 0:
        return f"{words} (&{key})"
    return words[:i] + "&" + words[i:]


class _Signals(QObject):
    done = Signal(int, str, object)


class _Think(QRunnable):
    """Runs ``fn`` on a pool thread and reports ``(generation, kind, result)``."""

    def __init__(self, fn: Callable[[], object], generation: int, kind: str, signals: _Signals) -> None:
        super().__init__()
        self.fn, self.generation, self.kind, self.signals = fn, generation, kind, signals

    def run(self) -> None:
        try:
            result = self.fn()
        except Exception as exc:  # reported to the player in the GUI thread
            result = exc
        self.signals.done.emit(self.generation, self.kind, result)


class MatchDialog(QDialog):
    """The games of a match file (EMN) to choose one from."""

    def __init__(self, match: EmnMatch, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Games of {match.title or 'the match'}")
        self.list = QListWidget()
        self.list.setAccessibleName("Games of the match")
        for g in match.games:
            who = " · ".join(p for p in g.players if p)
            self.list.addItem(f"{g.number}. {g.title}" + (f" — {who}" if who else ""))
        self.list.setCurrentRow(0)
        self.list.itemActivated.connect(lambda _i: self.accept())
        buttons = QDialogButtonBox(QDialogButtonBox.Open | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        label = QLabel("&Choose a game to step through:")
        label.setBuddy(self.list)
        layout.addWidget(label)
        layout.addWidget(self.list)
        layout.addWidget(buttons)
        self.resize(520, 320)

    def chosen(self) -> int:
        """The index of the game chosen."""
        return self.list.currentRow()


class TableView(QWidget):
    """The felt: the three computer players (card backs, or faces when a
    game file is stepped through), the turn-up, the bids, the trick."""

    def __init__(self, window: PracticeWindow) -> None:
        super().__init__(window)
        self.w = window
        self.setMinimumSize(520, 260)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setAccessibleName("Card table")

    def card_width(self) -> float:
        scale = 1.3 if self.w.large_cards else 1.0
        return max(40.0, min(self.width() / 11.0, (self.height() - 90) / 4.3) * scale)

    def paintEvent(self, _event) -> None:  # noqa: N802
        s = self.w.scene()
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        p.fillRect(self.rect(), FELT)
        if s is None:
            p.end()
            return
        cw = self.card_width()
        ch = cw * CARD_RATIO
        W, H = self.width(), self.height()
        four = self.w.four_colour
        small = cw * 0.62
        label_font = QFont()
        label_font.setPixelSize(max(12, int(cw * 0.19)))
        label_font.setBold(True)
        p.setFont(label_font)
        line = p.fontMetrics().height()
        top = 8 + small * CARD_RATIO + 2 * line + 6  # North's cards and two lines of label
        bottom = H - 2 * line - 6  # South's label
        cx, cy = W / 2, (top + bottom) / 2
        # seats: the area of its cards and how they fan
        spots = {
            0: (QRectF(cx - 2.8 * small, 8, 5.6 * small, small * CARD_RATIO), "h"),
            1: (QRectF(W - small * CARD_RATIO - 14, cy - 2.0 * small - line, small * CARD_RATIO, 4.0 * small), "v"),
            3: (QRectF(14, cy - 2.0 * small - line, small * CARD_RATIO, 4.0 * small), "v"),
        }
        for seat, (area, way) in spots.items():
            self._paint_seat(p, s, seat, area, way, small, four)
        # South's label (its cards are the buttons below the felt)
        self._label_aligned(p, s, HUMAN, QRectF(cx - W * 0.4, bottom + 2, W * 0.8, 2 * line + 4), Qt.AlignHCenter)
        # the turn-up during the bidding
        if s["turn_up"] >= 0:
            r = QRectF(cx - cw / 2, cy - ch / 2, cw, ch)
            paint_card(p, r, s["turn_up"], four_colour=four, face_up=s["turn_up_face_up"])
            p.setPen(QColor("#f4f1e0"))
            p.drawText(QRectF(cx - 4 * cw, cy + ch / 2 + 2, 8 * cw, line * 2.2), Qt.AlignHCenter | Qt.AlignTop | Qt.TextWordWrap, s["turn_up_text"])
        offsets = {0: (0, -0.6), 1: (1.0, 0), 2: (0, 0.6), 3: (-1.0, 0)}
        trick = s["trick"]
        for seat, c in trick:
            dx, dy = offsets[seat]
            r = QRectF(cx + dx * cw * 1.15 - cw / 2, cy + dy * ch - ch / 2, cw, ch)
            ring = QColor("#ffd54a") if seat == s["trick_winner"] and s["trick_done"] else None
            paint_card(p, r, c, four_colour=four, highlight=ring)
        if s["centre_text"]:
            p.setPen(QColor("#ffffff"))
            p.drawText(QRectF(cx + cw * 1.5, cy - ch * 1.06, 4 * cw, line * 2), Qt.AlignLeft | Qt.TextWordWrap, s["centre_text"])
        p.end()

    def _paint_seat(self, p: QPainter, s: dict, seat: int, area: QRectF, way: str, cw: float, four: bool) -> None:
        cards = s["faces"][seat]
        n = s["counts"][seat]
        ch = cw * CARD_RATIO
        out = seat in s["sitting_out"]
        line = p.fontMetrics().height()
        if way == "h":
            step = min(cw * 0.75, (area.width() - cw) / max(1, n - 1)) if n > 1 else 0
            x0 = area.center().x() - (cw + step * (n - 1)) / 2
            rects = [QRectF(x0 + i * step, area.top(), cw, ch) for i in range(n)]
            label = QRectF(area.center().x() - 300, area.top() + ch + 2, 600, 2 * line + 4)
        else:
            step = min(cw * 0.42, (area.height() - ch) / max(1, n - 1)) if n > 1 else 0
            y0 = area.center().y() - (ch + step * (n - 1)) / 2
            left = area.left() + (area.width() - cw) / 2
            rects = [QRectF(left, y0 + i * step, cw, ch) for i in range(n)]
            bottom = (rects[-1].bottom() if rects else area.center().y()) + 4
            label = QRectF(area.left(), bottom, 260, 2 * line + 4) if seat == 3 else QRectF(area.right() - 260, bottom, 260, 2 * line + 4)
        for i, r in enumerate(rects):
            face = cards is not None and i < len(cards)
            paint_card(p, r, cards[i] if face else 0, four_colour=four, face_up=face, dim=out)
        align = Qt.AlignLeft if seat == 3 else (Qt.AlignRight if seat == 1 else Qt.AlignHCenter)
        self._label_aligned(p, s, seat, label, align)

    def _label_aligned(self, p: QPainter, s: dict, seat: int, rect: QRectF, align) -> None:
        text = s["names"][seat]
        extra = []
        if seat == s["dealer"]:
            extra.append("dealer")
        if seat in s["sitting_out"]:
            extra.append("sits out")
        elif seat == s["lone"]:
            extra.append("alone")
        if seat == s["maker"]:
            extra.append("made trump")
        if extra:
            text += " · " + " · ".join(extra)
        bid = s["bids"].get(seat)
        if bid:
            text += f"\n“{bid}”"
        p.setPen(QColor("#ffd54a") if seat == s["to_act"] else QColor("#f4f1e0"))
        p.drawText(rect, align | Qt.AlignTop | Qt.TextWordWrap, text)


class ScorePicture(QWidget):
    """The score as euchre players keep it: a six and a four per side, the
    pips showing counting the points (one pip per point up to ten)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scores = (0, 0)
        self.target = 10
        self.setFixedSize(190, 62)
        self.setAccessibleName("Score cards")

    def set_score(self, ns: int, ew: int, target: int) -> None:
        self.scores, self.target = (ns, ew), target
        self.setAccessibleDescription(f"You and North {ns}, East and West {ew}")
        self.update()

    def paintEvent(self, _event) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        for side, points in enumerate(self.scores):
            x0 = 4 + side * 96
            for k, pips in enumerate((6, 4)):
                r = QRectF(x0 + k * 44, 4, 40, 54)
                p.setPen(QPen(QColor("#666"), 1))
                p.setBrush(QColor("#fffdf7"))
                p.drawRoundedRect(r, 4, 4)
                shown = max(0, min(pips, points - (0 if k == 0 else 6)))
                for i in range(pips):
                    px = r.left() + 12 + (i % 2) * 16
                    py = r.top() + 10 + (i // 2) * (14 if pips == 6 else 22)
                    colour = QColor("#c8102e") if i < shown else QColor("#dddddd")
                    p.setPen(Qt.NoPen)
                    p.setBrush(colour)
                    p.drawEllipse(QRectF(px - 4, py - 4 + (6 if pips == 4 else 0), 8, 8))
        p.end()


class PracticeWindow(QMainWindow):
    """The practice table (see the module docstring).

    ``player_factory(level, seed)`` makes the computer players (default
    :func:`~euchre_tourney.play.make_player`), ``hint_fn(view)`` gives hints
    (default :func:`~euchre_tourney.play.hint`): both injectable so tests
    can plug in a deliberately slow player. ``stats_path`` is where the
    statistics are kept (default: the user's data folder)."""

    changed = Signal()

    def __init__(
        self,
        settings: TableSettings | None = None,
        *,
        seed: int | None = None,
        player_factory: Callable = make_player,
        hint_fn: Callable = hint,
        stats_path: Path | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Practice table — Euchre Tourney")
        self.setAttribute(Qt.WA_DeleteOnClose, False)
        self.table_settings = settings or TableSettings()
        self.hint_fn = hint_fn
        self.stats_path = Path(stats_path) if stats_path else stats_file.default_path()
        self.qsettings = QSettings()
        self.four_colour = self.qsettings.value("practice/four_colour", False, type=bool)
        self.large_cards = self.qsettings.value("practice/large_cards", False, type=bool)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(2)
        self.signals = _Signals()
        self.signals.done.connect(self._thought)
        self.running = 0
        self.thinking = False
        self.hint_text = ""
        self.stats_dialog: StatsDialog | None = None
        self.session = PracticeSession(
            self.table_settings.rules,
            self._levels(),
            seed,
            player_factory=player_factory,
            stats_path=self.stats_path,
        )
        self._build()
        self.advance()

    def _levels(self) -> dict[int, str]:
        return {s: self.table_settings.level(s) for s in (0, 1, 3)}

    # the session's state, by the names the window has always used
    @property
    def game(self):
        return self.session.game

    @property
    def shown(self):
        return self.session.shown

    @property
    def replay(self):
        return self.session.replay

    @property
    def deal_start(self):
        return self.session.deal_start

    @property
    def seed(self) -> int:
        return self.session.seed

    @property
    def generation(self) -> int:
        return self.session.generation

    @generation.setter
    def generation(self, value: int) -> None:
        self.session.generation = value

    # ---------------------------------------------------------------- layout
    def _build(self) -> None:
        self.setStyleSheet(BUTTON_STYLE)
        self.table = TableView(self)
        self.score_label = QLabel()
        self.score_label.setAccessibleName("Score")
        self.score_label.setTextFormat(Qt.RichText)
        f = self.score_label.font()
        f.setPointSizeF(f.pointSizeF() * 1.2)
        self.score_label.setFont(f)
        self.info_label = QLabel()
        self.info_label.setAccessibleName("Trump and tricks")
        self.info_label.setTextFormat(Qt.RichText)
        self.score_picture = ScorePicture()
        self.score_picture.setVisible(self.qsettings.value("practice/score_cards", False, type=bool))
        self.info_label.setWordWrap(True)
        self.info_label.setMinimumWidth(200)
        self.info_label.setAlignment(Qt.AlignRight | Qt.AlignVCenter)
        self.score_label.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(self.score_label, 3)
        top.addWidget(self.score_picture)
        top.addWidget(self.info_label, 4)
        self.prompt = QLabel()
        self.prompt.setAccessibleName("What to do")
        self.prompt.setAlignment(Qt.AlignCenter)
        font = self.prompt.font()
        font.setPointSizeF(font.pointSizeF() * 1.15)
        font.setBold(True)
        self.prompt.setFont(font)
        self.hand_row = QWidget()
        self.hand_row.setStyleSheet(f"background: {FELT.darker(115).name()};")
        self.hand_layout = QHBoxLayout(self.hand_row)
        self.hand_layout.setContentsMargins(6, 2, 6, 2)
        self.cards: list[CardButton] = []
        self.banner = QLabel()
        self.banner.setAccessibleName("Result")
        self.banner.setStyleSheet("color: #ffd54a; font-size: 22pt; font-weight: bold; background: transparent;")
        self.banner.hide()
        self.bid_bar = QHBoxLayout()
        self.bid_buttons: dict[int, QPushButton] = {}
        for action in (PASS, ORDER, NAME, NAME + 1, NAME + 2, NAME + 3, ALONE, MISDEAL):
            b = QPushButton()
            b.setMinimumHeight(38)
            f = b.font()
            f.setPointSizeF(f.pointSizeF() * 1.15)
            b.setFont(f)
            b.clicked.connect(lambda _c=False, a=action: self.human_action(a))
            b.hide()
            self.bid_buttons[action] = b
            self.bid_bar.addWidget(b)
            # the key belongs to the window: setText() resets a button's own shortcut
            QShortcut(QKeySequence(BID_KEYS[action]), self, activated=lambda a=action: self._bid_key(a))
        self.next_button = QPushButton("Next hand")
        self.next_button.clicked.connect(self.next_hand)
        # Enter is the window's, not the button's: setText() ("New game" once the game is over)
        # resets a button's own shortcut, and Enter stopped starting the next game
        for key in (Qt.Key_Return, Qt.Key_Enter):
            QShortcut(QKeySequence(key), self, activated=self._enter)
        self.next_button.hide()
        self.bid_bar.addWidget(self.next_button)
        self.back_button = QPushButton("◀ Back")
        self.back_button.clicked.connect(lambda: self.step_replay(-1))
        self.forward_button = QPushButton("Forward ▶")
        self.forward_button.clicked.connect(lambda: self.step_replay(1))
        self.leave_button = QPushButton("Back to my game")
        self.leave_button.clicked.connect(self.leave_replay)
        for b in (self.back_button, self.forward_button, self.leave_button):
            b.hide()
            self.bid_bar.addWidget(b)
        self.bid_bar.addStretch(1)
        tools = QHBoxLayout()
        self.hint_button = QPushButton("Hint")
        self.undo_button = QPushButton("Take back")
        self.last_button = QPushButton("Last trick")
        self.last_button.setCheckable(True)
        self.replay_button = QPushButton("Replay this deal")
        self.swap_button = QPushButton("Swap hands")
        self.stats_button = QPushButton("Statistics…")
        for b, slot, tip in (
            (self.hint_button, self.ask_hint, "What the strongest computer player would do (Ctrl+H)"),
            (self.undo_button, self.take_back, "Undo your last bid or card (Ctrl+Z)"),
            (self.replay_button, self.replay_deal, "Deal the same cards again (Ctrl+R)"),
            (self.swap_button, self.swap_hands, "Play the same deal from another seat"),
            (self.stats_button, self.show_stats, "Games, hands, points, euchres and loners by rules and level (Ctrl+I)"),
        ):
            b.clicked.connect(slot)
            b.setToolTip(tip)
        self.last_button.setToolTip("Show the last trick taken, at any moment (L)")
        self.last_button.toggled.connect(self.toggle_last_trick)
        for b in (self.hint_button, self.undo_button, self.last_button, self.replay_button, self.swap_button, self.stats_button):
            b.setFocusPolicy(Qt.TabFocus)
            tools.addWidget(b)
        tools.addStretch(1)
        self.hint_label = QLabel()
        self.hint_label.setWordWrap(True)
        self.hint_label.setAccessibleName("Hint")
        self.log = QTextBrowser()
        self.log.setAccessibleName("Bidding and hand summary")
        self.log.setMinimumWidth(250)
        centre = QWidget()
        v = QVBoxLayout(centre)
        v.setContentsMargins(6, 6, 6, 6)
        v.addLayout(top)
        v.addWidget(self.table, 1)
        v.addWidget(self.hand_row)
        v.addWidget(self.prompt)
        v.addLayout(self.bid_bar)
        v.addLayout(tools)
        v.addWidget(self.hint_label)
        split = QSplitter()
        split.addWidget(centre)
        side = QFrame()
        sv = QVBoxLayout(side)
        sv.setContentsMargins(0, 6, 6, 6)
        sv.addWidget(QLabel("<b>This hand</b>"))
        sv.addWidget(self.log, 1)
        split.addWidget(side)
        split.setStretchFactor(0, 4)
        split.setStretchFactor(1, 1)
        self.setCentralWidget(split)
        for i in range(6):
            QShortcut(QKeySequence(str(i + 1)), self, activated=lambda i=i: self._press_card(i))
        QShortcut(QKeySequence(Qt.Key_Left), self, activated=lambda: self.step_replay(-1))
        QShortcut(QKeySequence(Qt.Key_Right), self, activated=lambda: self.step_replay(1))
        self._menus()
        self.resize(1280, 720)

    def _menus(self) -> None:
        def act(menu, text, slot, shortcut=None, checkable=False, checked=False):
            a = QAction(text, self)
            if shortcut is not None:
                a.setShortcut(QKeySequence(shortcut))
            a.setCheckable(checkable)
            if checkable:
                a.setChecked(checked)
                a.toggled.connect(slot)
            else:
                a.triggered.connect(slot)
            menu.addAction(a)
            return a

        game = self.menuBar().addMenu("&Game")
        act(game, "&New game…", self.new_game_dialog, QKeySequence.New)
        act(game, "&Open game or match file…", self.open_dialog, QKeySequence.Open)
        act(game, "&Save game as EGN…", self.save_game_dialog, QKeySequence.Save)
        act(game, "Save this &hand as EGN…", self.save_hand_dialog, "Ctrl+Shift+S")
        game.addSeparator()
        act(game, "S&tatistics…", self.show_stats, "Ctrl+I")
        act(game, "&Games for 2 to 6 players…", self.open_table_games, "Ctrl+Shift+T")
        game.addSeparator()
        act(game, "&Close", self.close, QKeySequence.Close)
        play = self.menuBar().addMenu("Pla&y")  # not &Play: P is the Pass key, underlined on its button
        act(play, "&Hint", self.ask_hint, "Ctrl+H")
        act(play, "&Take back", self.take_back, QKeySequence.Undo)
        act(play, "&Last trick", lambda: self.last_button.toggle(), "L")
        act(play, "&Replay this deal", self.replay_deal, "Ctrl+R")
        act(play, "S&wap hands", self.swap_hands, "Ctrl+Shift+W")
        view = self.menuBar().addMenu("&View")
        act(view, "&Four-colour deck", self.set_four_colour, "Ctrl+4", True, self.four_colour)
        act(view, "&Large cards", self.set_large_cards, "Ctrl+L", True, self.large_cards)
        act(view, "Score as &cards (six and four)", self.set_score_cards, None, True, self.score_picture.isVisible())

    # --------------------------------------------------------------- options
    def set_four_colour(self, on: bool) -> None:
        self.four_colour = bool(on)
        self.qsettings.setValue("practice/four_colour", self.four_colour)
        self.refresh()

    def set_large_cards(self, on: bool) -> None:
        self.large_cards = bool(on)
        self.qsettings.setValue("practice/large_cards", self.large_cards)
        self.refresh()

    def set_score_cards(self, on: bool) -> None:
        self.score_picture.setVisible(bool(on))
        self.qsettings.setValue("practice/score_cards", bool(on))

    # ------------------------------------------------------------- game flow
    def _moved_on(self) -> None:
        """The session moved on (take-back, replay, new game, file): drop
        the hint and any decision under way."""
        self.thinking = False
        self.hint_text = ""

    def new_game(self, settings: TableSettings | None = None, seed: int | None = None) -> None:
        """Deal a new game (South plays; a random first dealer from the seed)."""
        if settings is not None:
            self.table_settings = settings
        self.session.new_game(self.table_settings.rules, self._levels(), seed)
        self._moved_on()
        self.last_button.setChecked(False)
        self.advance()

    def open_table_games(self):
        """Game ▸ Games for 2 to 6 players: two-handed, cutthroat, partner
        pick, bid euchre, six-player and Almonte euchre in their own window
        (:mod:`.table_games`)."""
        from euchre_tourney.gui.practice.table_games import open_table_games  # deferred: start-up time

        self.table_games_window = open_table_games()
        return self.table_games_window

    def settings_dialog(self) -> SettingsDialog:
        """The New game dialog, with a way to the games for 2 to 6 players."""
        dlg = SettingsDialog(self.table_settings, self)
        other = dlg.findChild(QDialogButtonBox).addButton("Games for 2 to &6 players…", QDialogButtonBox.ActionRole)
        other.setToolTip("Two-handed, cutthroat, partner pick, bid euchre, six-player and Almonte euchre")
        other.clicked.connect(lambda: (dlg.reject(), self.open_table_games()))
        return dlg

    def new_game_dialog(self) -> None:
        dlg = self.settings_dialog()
        if dlg.exec():
            self.new_game(dlg.settings())

    def advance(self) -> None:
        """Redraw, then let the next computer player act (after the pause,
        on a pool thread) unless it is the player's turn or a hand summary
        is showing."""
        self.refresh()
        if self.thinking or self.running:
            return  # a player is still busy with a dropped request: go on when it reports
        turn = self.session.computer_turn()
        if turn is None:
            return
        self.thinking = True
        self.refresh()
        QTimer.singleShot(
            self.table_settings.pause_ms, self, lambda: self._think(turn.generation, lambda: turn.player.choose(turn.view), "play")
        )

    def _think(self, generation: int, fn, kind: str) -> None:
        if generation != self.session.generation:
            if kind == "play":
                self.thinking = False
                self.advance()
            return
        if kind == "play":
            self.running += 1  # one computer decision at a time: a player object is never shared by two threads
        self.pool.start(_Think(fn, generation, kind, self.signals))

    def _thought(self, generation: int, kind: str, result: object) -> None:
        if kind == "play":
            self.running -= 1
        if generation != self.session.generation:
            if kind == "play":
                self.thinking = False
                self.advance()  # a take-back, replay or new game came first: its turn now
            return
        if kind == "hint":
            if isinstance(result, Exception):
                self.hint_text = f"No hint now: {result}"
            else:
                view = self.game.view(HUMAN)
                self.hint_text = f"Hint: <b>{action_words(result.action, view)}</b> — {result.reason}"
                if any(points for _, points in result.ranking):
                    ranked = ", ".join(f"{action_words(a, view)} {points:+.2f}" for a, points in result.ranking[:4])
                    self.hint_text += f"<br><span style='color:#555'>Expected points: {ranked}</span>"
            self.refresh()
            return
        self.thinking = False
        if isinstance(result, Exception):
            context.show_error(self, "A computer player failed", f"The computer player could not decide: {result}")
            return
        try:
            self.session.apply_computer(generation, result)
        except ValueError as exc:  # a computer player's illegal action: say so, do not crash
            context.show_error(self, "Illegal action", str(exc))
            return
        self.hint_text = ""
        self.changed.emit()
        self.advance()

    def human_action(self, action: int) -> bool:
        """The player's bid, discard or card; ignored (False) unless it is
        South's turn and the engine lists the action as legal."""
        if self.thinking or not self.session.human_action(action):
            return False
        self.hint_text = ""
        self.last_button.setChecked(False)
        self.changed.emit()
        self.advance()
        return True

    def _bid_key(self, action: int) -> None:
        b = self.bid_buttons[action]
        if b.isVisible() and b.isEnabled():
            b.click()

    def _enter(self) -> None:
        """Enter: the next hand after a hand's summary, the next game after a game's end."""
        if not self.next_button.isHidden() and self.next_button.isEnabled():
            self.next_button.click()

    def _press_card(self, i: int) -> None:
        if i < len(self.cards) and self.cards[i].isEnabled():
            self.cards[i].click()

    def next_hand(self) -> None:
        """Leave the hand summary: the next deal, or a new game when the game is over."""
        if self.session.replay is not None:
            return
        was_over = self.game.done
        self.session.next_hand()
        if was_over:
            self._moved_on()
            self.last_button.setChecked(False)
        self.advance()

    def take_back(self) -> None:
        """Undo the player's last bid or card and the computer actions after it."""
        if self.session.take_back():
            self._moved_on()
            self.advance()

    def replay_deal(self) -> None:
        """Deal the same cards again (the score as it was before the deal)."""
        if self.session.replay_deal():
            self._moved_on()
            self.advance()

    def swap_hands(self) -> None:
        """Replay the deal from the next seat: South gets the cards West,
        North, then East held (the deal is the same, seen from another chair)."""
        if self.session.swap_hands():
            self._moved_on()
            self.advance()

    def toggle_last_trick(self, _on: bool = False) -> None:
        self.refresh()

    def ask_hint(self) -> None:
        """Ask the strongest computer player (off the GUI thread)."""
        if not self.session.human_to_act():
            return
        view = self.game.view(HUMAN)
        self.hint_text = "Thinking about a hint…"
        self.refresh()
        fn = self.hint_fn
        QTimer.singleShot(0, self, lambda gen=self.session.generation: self._think(gen, lambda: fn(view), "hint"))

    # ----------------------------------------------------------- statistics
    def show_stats(self) -> StatsDialog:
        """The statistics view (a dialog of its own, not modal)."""
        if self.stats_dialog is None:
            self.stats_dialog = StatsDialog(self.session.stats, self._reset_stats, self)
        self.stats_dialog.show_book(self.session.stats)
        self.stats_dialog.show()
        self.stats_dialog.raise_()
        return self.stats_dialog

    def _reset_stats(self):
        self.session.reset_stats()
        return self.session.stats

    # -------------------------------------------------------------- drawing
    def current(self):
        """The hand on the table: the finished one while its summary shows."""
        return self.session.current()

    def _who(self, seat: int) -> str:
        return self.session.who(seat)

    def scene(self) -> dict | None:
        """What the felt shows, from South's view (all faces in a replay)."""
        hand = self.current()
        if hand is None:
            return None
        replaying = self.session.replay is not None
        view = hand.view(HUMAN)
        names = []
        for seat in range(4):
            if replaying:
                names.append(self._who(seat))
            elif seat == HUMAN:
                names.append("You (South)")
            else:
                names.append(f"{SEAT_NAMES[seat]} ({LEVEL_TITLES.get(self.table_settings.level(seat), '')})")
        faces = [list(hand.hands[s]) if replaying else None for s in range(4)]
        counts = [len(hand.hands[s]) for s in range(4)]
        bids = {}
        if view.phase in (BID1, BID2, BENNY_UP, ALONE_ROUND, DISCARDING) or (view.maker < 0 and not view.tricks):
            made = False
            for seat, a in view.bids:
                if made and a == PASS:
                    continue  # declining to go alone is not shown as a bid
                made = made or a == ORDER or NAME <= a < NAME + 4
                words = bid_words(seat, a, view.dealer)
                bids[seat] = _second_person(words) if seat == HUMAN and not replaying else words
        turn_up = -1
        turn_text = ""
        # the turn-up stays on the felt until the dealer's discard
        if view.phase in (BID1, BID2, BENNY_UP, ALONE_ROUND, DISCARDING) or (view.maker < 0 and view.phase != PLAYING):
            turn_up = view.turn_up
            dealer = self._who(view.dealer) if replaying else SEAT_NAMES[view.dealer]
            human_deals = view.dealer == HUMAN and not replaying
            if view.phase == BID1:
                turn_text = "Turn-up · you deal" if human_deals else f"Turn-up · {dealer} deals"
            elif view.phase == BENNY_UP:
                turn_text = "The Benny is turned up: the dealer names trump"
            elif view.bid_round == 1 and view.phase in (ALONE_ROUND, DISCARDING):
                taker = "you pick it up" if human_deals else f"{dealer} picks it up"
                turn_text = f"Turn-up · {taker}" + ((" and discard" if human_deals else " and discards") if view.phase == DISCARDING else "")
            else:
                turn_text = "Turned down"
        trick = list(zip(view.trick_seats(), view.trick, strict=True))
        trick_done = False
        winner = -1
        centre = ""
        asked = self.last_button.isChecked()
        show_last = asked or (not trick and view.tricks and view.phase == PLAYING) or (not trick and hand.done)
        if view.tricks and show_last:
            leader, cards, winner = view.tricks[-1]
            trick = list(zip(_trick_seats(leader, len(cards), view.sitting_out), cards, strict=True))
            trick_done = True
            last = "Last trick" if asked else f"Trick {len(view.tricks)}"
            taker = "you" if winner == HUMAN and not replaying else self._who(winner)
            centre = f"{last}: won by {taker}"
        elif asked:
            centre = "No trick has been taken yet"
        if self.thinking and not hand.done and not asked:
            centre = f"{SEAT_NAMES[self.game.to_act]} is thinking…"
        return {
            "names": names,
            "faces": faces,
            "counts": counts,
            "dealer": view.dealer,
            "sitting_out": view.sitting_out,
            "lone": view.lone if view.lone >= 0 else view.lone_defender,
            "maker": view.maker,
            "to_act": view.to_act,
            "bids": bids,
            "turn_up": turn_up,
            "turn_up_face_up": view.phase != BID2 and not (view.phase == ALONE_ROUND and view.bid_round == 2),
            "turn_up_text": turn_text,
            "trick": trick,
            "trick_done": trick_done,
            "trick_winner": winner,
            "centre_text": centre,
        }

    def _banner(self, hand) -> str:
        """The result over the felt while a hand's summary shows."""
        if self.session.replay is not None or self.session.shown is None:
            return ""
        if self.game.done:
            return self.session.winner_words()
        return self.session.result_words(hand)

    def refresh(self) -> None:
        """Redraw everything from the session's state."""
        s = self.session
        hand = self.current()
        g = s.shown_game()
        rules = g.rules
        ns, ew = g.score.ns, g.score.ew
        sides = s.side_names()
        self.score_label.setText(
            f"<b>{sides[0]}: {ns}</b> &nbsp; — &nbsp; <b>{sides[1]}: {ew}</b> &nbsp; "
            f"<span style='color:#666'>(game to {rules.target}{', win by two' if rules.win_by_two else ''} · {rules.title})</span>"
        )
        self.score_picture.set_score(ns, ew, rules.target)
        view = hand.view(HUMAN) if hand is not None else None
        if view is not None and view.trump >= 0:
            ink = suit_colour(view.trump, self.four_colour).name()
            maker = self._who(view.maker)
            alone = ""
            if view.lone >= 0:
                alone = " alone" if view.lone == view.maker else f" ({self._who(view.lone)} alone)"
            if view.lone_defender >= 0:
                alone += f"; {self._who(view.lone_defender)} defends alone"
            won = view.tricks_won
            self.info_label.setText(
                f"Trump <b style='color:{ink}'>{SUIT_SYMBOLS[view.trump]} {SUIT_NAMES[view.trump]}</b>"
                f" · made by {maker}{alone} · tricks: {sides[0]} <b>{won[0] + won[2]}</b>, {sides[1]} <b>{won[1] + won[3]}</b>"
            )
        else:
            self.info_label.setText("Bidding" if view is not None else "")
        self._refresh_cards(hand, view)
        self._refresh_controls(hand, view)
        self.log.setHtml(self._log_html(hand, view))
        self.hint_label.setText(self.hint_text)
        self.table.setAccessibleDescription(self._felt_words(view))
        self.table.update()

    def _felt_words(self, view) -> str:
        """What the felt shows, in words (for screen readers)."""
        if view is None:
            return ""
        words = []
        if view.trump < 0:
            words.append(f"{self._who(view.dealer)} deals; turn-up: {card_name(view.turn_up)}.")
        if view.trick:
            played = ", ".join(f"{self._who(seat)} {card_name(c)}" for seat, c in zip(view.trick_seats(), view.trick, strict=True))
            words.append(f"Trick {len(view.tricks) + 1}: {played}.")
        if view.sitting_out:
            words.append(", ".join(self._who(s) for s in view.sitting_out) + " sits out.")
        return " ".join(words)

    def _refresh_cards(self, hand, view) -> None:
        cards = list(view.cards) if view is not None else []
        if view is not None and view.trump >= 0:
            # trump first, highest first (the bowers and the Benny with it), then the other suits
            table = TRUMP_TABLES[view.trump]
            cards.sort(key=lambda c: (-1, table.trump_order[c]) if table.suit[c] == view.trump else (_SUIT_ORDER[c >> 3], -(c & 7)))
        else:
            cards.sort(key=lambda c: (-1, 0) if c == BENNY else (_SUIT_ORDER[c >> 3], -(c & 7)))
        width = int(self.table.card_width() * 1.05)
        if [b.card for b in self.cards] != cards or (self.cards and self.cards[0].card_width != width) or (
            self.cards and self.cards[0].four_colour != self.four_colour
        ):
            while self.hand_layout.count():
                item = self.hand_layout.takeAt(0)
                if item.widget() is self.banner:
                    continue
                if item.widget() is not None:
                    item.widget().hide()  # gone at once, not at the next return to the event loop
                    item.widget().setParent(None)
                    item.widget().deleteLater()
            self.cards = []
            self.hand_layout.addStretch(1)
            for c in cards:
                b = CardButton(c, width, self.four_colour, self.hand_row)
                b.clicked.connect(lambda _c=False, b=b: self._card_clicked(b))
                self.cards.append(b)
                self.hand_layout.addWidget(b)
            self.hand_layout.addWidget(self.banner)
            self.hand_layout.addStretch(1)
        my_turn = self.session.human_to_act() and view is not None and not self.thinking
        legal = set(view.legal) if my_turn else set()
        discarding = view is not None and view.phase == DISCARDING
        choosing = my_turn and view.phase in (PLAYING, DISCARDING)
        # 001: on a turned-up Benny the dealer names trump without looking.
        blind = view is not None and view.phase == BENNY_UP and view.dealer == HUMAN and self.session.replay is None
        for i, b in enumerate(self.cards):
            action = DISCARD + b.card if discarding else b.card
            b.set_state(i + 1, action in legal, "discard" if discarding else "play", dim=choosing, face_down=blind)
        self.hand_row.setMinimumHeight(int(width * CARD_RATIO) + 34)
        banner = self._banner(hand) if hand is not None else ""
        self.banner.setText(banner)
        self.banner.setVisible(bool(banner))

    def _card_clicked(self, button: CardButton) -> None:
        view = self.game.view(HUMAN) if self.game.hand is not None else None
        if view is None:
            return
        self.human_action(DISCARD + button.card if view.phase == DISCARDING else button.card)

    def _refresh_controls(self, hand, view) -> None:
        s = self.session
        replaying = s.replay is not None
        my_turn = s.human_to_act() and view is not None and not self.thinking
        legal = set(view.legal) if my_turn else set()
        for action, b in self.bid_buttons.items():
            ok = action in legal
            b.setVisible(ok)
            b.setEnabled(ok)
            if ok:
                b.setText(button_text(action, view))
                b.setShortcut(QKeySequence())  # no Alt+letter: the bare key is the window's (BID_KEYS)
                b.setAccessibleName(action_words(action, view))
                b.setToolTip(f"{action_words(action, view)} ({BID_KEYS[action]})")
        self.next_button.setVisible(s.shown is not None and not replaying)
        self.next_button.setText("New game" if self.game.done else "Next hand")
        self.back_button.setVisible(replaying)
        self.forward_button.setVisible(replaying)
        self.leave_button.setVisible(replaying)
        for b in (self.hint_button, self.replay_button, self.swap_button, self.undo_button):
            b.setEnabled(not replaying)
        blind = view is not None and view.phase == BENNY_UP
        self.hint_button.setEnabled(my_turn and not blind)  # no peeking for the dealer naming blind
        self.undo_button.setEnabled(s.can_take_back)
        if replaying:
            r = s.replay
            self.prompt.setText(f"Stepping through “{r.record.title or 'a game file'}”: step {r.pos} of {len(r.steps)} (← →)")
        elif self.game.done and s.shown is not None:
            self.prompt.setText(f"{s.winner_words()}. Enter: new game")
        elif s.shown is not None:
            self.prompt.setText(s.result_words(s.shown) + " — Enter: next hand")
        elif self.thinking:
            self.prompt.setText(f"{SEAT_NAMES[self.game.to_act]} is thinking…")
        elif my_turn:
            if view.phase == DISCARDING:
                self.prompt.setText("You picked up the turn-up: click the card to discard (or press its number)")
            elif view.phase == PLAYING:
                self.prompt.setText("Your lead: click a card or press 1–5" if not view.trick else "Your turn: click a card or press its number (only legal cards are lit)")
            elif view.phase == ALONE_ROUND:
                self.prompt.setText("Go alone (A), or play with your partner (P)?" if (view.maker ^ HUMAN) & 1 == 0 else "Defend alone (A) or pass (P)?")
            elif view.phase == BENNY_UP:
                self.prompt.setText(f"The Benny is turned up: name trump without looking at your cards ({_suit_keys(legal)})")
            elif view.phase == BID1:
                self.prompt.setText("Your bid: order up (O) or pass (P)" if view.dealer != HUMAN else "Your bid: pick it up (O) or pass (P)")
            else:
                self.prompt.setText(f"Your bid: name a suit ({_suit_keys(legal)})" + (" or pass (P)" if PASS in legal else ""))
        else:
            self.prompt.setText("")

    def _result_words(self, hand) -> str:
        return self.session.result_words(hand)

    def _log_html(self, hand, view) -> str:
        if hand is None or view is None:
            return ""
        replaying = self.session.replay is not None
        lines = []
        dealer = self._who(view.dealer)
        up = "the Benny" if view.turn_up == BENNY else f"the {card_name(view.turn_up)}"
        lines.append(f"<p>{dealer} {'deal' if dealer == 'You' else 'deals'}; {up} is turned up.</p><ol>")
        made = False
        for seat, a in view.bids:
            who = self._who(seat)
            words = bid_words(seat, a, view.dealer)
            if made and a == PASS:
                words = "plays with partner" if (seat ^ view.maker) & 1 == 0 else "does not defend alone"
            if who == "You" and not replaying:
                words = _second_person(words)
            made = made or a == ORDER or NAME <= a < NAME + 4
            lines.append(f"<li>{who}: {words}</li>")
        lines.append("</ol>")
        if view.tricks and (hand.done or self.last_button.isChecked() or replaying):
            lines.append("<p><b>Tricks</b></p><ol>")
            for leader, cards, winner in view.tricks:
                played = " ".join(self._card_html(c) for c in cards)
                won_by = "you" if winner == HUMAN and not replaying else self._who(winner)
                lines.append(f"<li>{self._who(leader)} led: {played} — won by {won_by}</li>")
            lines.append("</ol>")
        if hand.done:
            lines.append(f"<p><b>{self._result_words(hand)}</b></p>")
        return "".join(lines)

    def _card_html(self, c: int) -> str:
        if c == BENNY:
            return "<b>Benny</b>"
        from euchre_tourney.gui.practice.cards import rank_text

        ink = suit_colour(c >> 3, self.four_colour).name()
        return f"<b style='color:{ink}'>{rank_text(c)}{SUIT_SYMBOLS[c >> 3]}</b>"

    # ------------------------------------------------------------ game files
    def save_egn(self, path: str, whole_game: bool = True) -> bool:
        """Write the game (or the hand on the table) to ``path`` in EGN; True on success."""
        try:
            text = self.session.egn_text(whole_game, datetime.now().strftime("%Y-%m-%dT%H:%M"))
            Path(path).write_text(text, encoding="utf-8")
        except OSError as exc:
            context.show_error(self, "Cannot save", f"Cannot write {path}: {exc.strerror or exc}.")
            return False
        self.statusBar().showMessage(f"Saved {path}", 6000)
        return True

    def open_egn(self, path: str) -> bool:
        """Open a game file (EGN) or a match file (EMN: its games listed to
        choose one) to step through it (← →); a bad file gets a message
        naming the line and the problem in words."""
        name = Path(path).name
        try:
            text = Path(path).read_text(encoding="utf-8")
            if path.lower().endswith(".emn") or '"Euchre Match Notation"' in text[:2000]:
                match = read_emn(text)
                index = 0
                if len(match.games) > 1:
                    dlg = MatchDialog(match, self)
                    if not dlg.exec():
                        return False
                    index = dlg.chosen()
                record = match.games[index].read()
            else:
                record = read_egn(text)
            self.session.open_record(record)
        except OSError as exc:
            context.show_error(self, "Cannot open", f"Cannot read {path}: {exc.strerror or exc}.")
            return False
        except UnicodeDecodeError:
            context.show_error(self, "Cannot open", f"{name} is not a text file (EGN files are JSON text).")
            return False
        except EgnError as exc:
            context.show_error(self, "Cannot open the game file", f"{name}, {exc}")
            return False
        self._moved_on()
        self.refresh()
        return True

    def leave_replay(self) -> None:
        """Close the game file and go back to the game in progress."""
        if self.session.leave_replay():
            self._moved_on()
            self.advance()

    def step_replay(self, delta: int) -> None:
        if self.session.replay is not None:
            self.session.step_replay(delta)
            self.refresh()

    def open_dialog(self) -> None:
        start = self.qsettings.value("practice/egn_dir", str(Path.home()))
        path, _ = QFileDialog.getOpenFileName(
            self, "Open a game or match file", start, "Game and match files (*.egn *.emn);;EGN game files (*.egn);;EMN match files (*.emn);;All files (*)"
        )
        if path:
            self.qsettings.setValue("practice/egn_dir", str(Path(path).parent))
            self.open_egn(path)

    def _save_dialog(self, whole: bool) -> None:
        start = str(Path(self.qsettings.value("practice/egn_dir", str(Path.home()))) / ("practice-game.egn" if whole else "practice-hand.egn"))
        path, _ = QFileDialog.getSaveFileName(self, "Save in EGN", start, "EGN game files (*.egn)")
        if path:
            if not path.lower().endswith(".egn"):
                path += ".egn"
            self.qsettings.setValue("practice/egn_dir", str(Path(path).parent))
            self.save_egn(path, whole)

    def save_game_dialog(self) -> None:
        self._save_dialog(True)

    def save_hand_dialog(self) -> None:
        self._save_dialog(False)

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        QTimer.singleShot(0, self, self.refresh)

    def closeEvent(self, event) -> None:  # noqa: N802
        self.session.generation += 1
        self.pool.clear()
        self.pool.waitForDone(3000)
        super().closeEvent(event)


def _second_person(words: str) -> str:
    """A bid said of the player: "picks it up" → "pick it up"."""
    for third, second in (("orders", "order"), ("picks", "pick"), ("names", "name"), ("goes", "go"),
                          ("calls", "call"), ("plays", "play"), ("does", "do")):
        words = words.replace(third, second, 1)
    return words


def _suit_keys(legal) -> str:
    """The keys of the suits that may be named, e.g. "D, H, S"."""
    return ", ".join(BID_KEYS[a] for a in sorted(legal) if NAME <= a < NAME + 4)


def _trick_seats(leader: int, n: int, sitting_out) -> list[int]:
    """The seats of a trick's ``n`` cards, clockwise from ``leader``,
    skipping the seats that sit out."""
    seats, seat = [], leader
    for _ in range(n):
        seats.append(seat)
        seat = (seat + 1) & 3
        while seat in sitting_out:
            seat = (seat + 1) & 3
    return seats


_SUIT_ORDER = (1, 0, 3, 2)
"""South's cards are shown grouped by printed suit, alternating colours
(diamonds, clubs, spades, hearts) -- display only; the engine decides what
is legal."""


def open_practice(**kwargs) -> PracticeWindow:
    """Open the practice table as a window of its own (no parent: a
    tournament window can stay open beside it) and return it."""
    window = PracticeWindow(**kwargs)
    window.show()
    return window


def run_practice(preset: str = "north_american", seed: int | None = None) -> int:
    """``euchre-tourney practice``: the practice table alone; the exit code."""
    from euchre_tourney.gui.settings import make_application
    from euchre_tourney.rules import PRESETS

    app = make_application()
    window = open_practice(settings=TableSettings(rules=PRESETS[preset]), seed=seed)
    code = app.exec()
    window.deleteLater()
    return code
