"""The practice table window: the player (South) against three computer
players, a whole game to the target.

The window holds no rule of its own: whose turn it is, what is legal, who
won a trick and the score all come from :mod:`euchre_tourney.play`
(:class:`~euchre_tourney.play.Game`, its hand's :class:`SeatView`); the
window draws what the engine says and offers exactly the legal actions.
Computer players and hints run in a :class:`QThreadPool` (the hard player
may think for about a second): the window never waits for them. A result
that arrives after a take-back, a replay or a new game is dropped (each
request carries the generation it was made in).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime
from dataclasses import dataclass, replace
from pathlib import Path

from PySide6.QtCore import QObject, QRectF, QRunnable, QSettings, Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import QAction, QColor, QFont, QKeySequence, QPainter, QPen, QShortcut
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from euchre_tourney.gui import context
from euchre_tourney.gui.practice.cards import CARD_RATIO, CardButton, paint_card, suit_colour
from euchre_tourney.gui.practice.settings import LEVEL_TITLES, SettingsDialog, TableSettings
from euchre_tourney.gui.practice import stats as stats_file
from euchre_tourney.gui.practice.stats import Stats
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
    EgnError,
    Game,
    Hand,
    game_to_egn,
    hint,
    make_player,
    read_egn,
    write_egn,
)
from euchre_tourney.rules import BENNY, SUIT_NAMES, SUIT_SYMBOLS, TRUMP_TABLES, RuleViolation, card_name

HUMAN = 2
"""The player's seat: South."""
FELT = QColor("#2f6b45")
SIDE_NAMES = ("You & North", "East & West")


def action_words(action: int, view) -> str:
    """An action in the player's words, e.g. "Order up", "Name hearts",
    "Play the Jack of hearts" (``view``: the seat's :class:`SeatView`)."""
    if 0 <= action <= BENNY:
        return f"Play the {card_name(action)}" if action != BENNY else "Play the Benny"
    if DISCARD <= action <= DISCARD + BENNY:
        return f"Discard the {card_name(action - DISCARD)}"
    if action == ORDER:
        return "Pick it up" if view.seat == view.dealer else "Order up"
    if NAME <= action < NAME + 4:
        return f"Name {SUIT_NAMES[action - NAME]}"
    if action == MISDEAL:
        return "Call a misdeal"
    if action == ALONE:
        return "Go alone" if view.maker < 0 or (view.seat ^ view.maker) & 1 == 0 else "Defend alone"
    if action == PASS:
        if view.phase == ALONE_ROUND:
            return "Play with partner" if (view.seat ^ view.maker) & 1 == 0 else "Don't defend alone"
        return "Pass"
    return str(action)


def bid_words(seat: int, action: int, dealer: int) -> str:
    """A bid as the table says it: "pass", "orders up", "picks it up", "hearts", "goes alone"."""
    if action == PASS:
        return "pass"
    if action == ORDER:
        return "picks it up" if seat == dealer else "orders up"
    if NAME <= action < NAME + 4:
        return f"names {SUIT_NAMES[action - NAME]} {SUIT_SYMBOLS[action - NAME]}"
    if action == ALONE:
        return "goes alone"
    if action == MISDEAL:
        return "calls a misdeal"
    return "?"


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


@dataclass
class _Snapshot:
    """Everything needed to put the game back: before a player's action
    (take-back) or at the start of a deal (replay, swap hands)."""

    hand: Hand
    hands: list
    score: object
    winner: object
    rng_state: object
    shown: Hand | None
    stats: Stats
    undo_len: int


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
        self.player_factory = player_factory
        self.hint_fn = hint_fn
        self.stats_path = Path(stats_path) if stats_path else stats_file.default_path()
        self.stats = Stats.load(self.stats_path)
        self.qsettings = QSettings()
        self.four_colour = self.qsettings.value("practice/four_colour", False, type=bool)
        self.large_cards = self.qsettings.value("practice/large_cards", False, type=bool)
        self.seed = seed if seed is not None else random.randrange(1 << 30)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(2)
        self.signals = _Signals()
        self.signals.done.connect(self._thought)
        self.generation = 0
        self.running = 0
        self.thinking = False
        self.undo: list[_Snapshot] = []
        self.shown: Hand | None = None
        self.show_last = False
        self.hint_text = ""
        self.replay = None
        self._build()
        self.new_game(self.table_settings, seed=self.seed)

    # ---------------------------------------------------------------- layout
    def _build(self) -> None:
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
        keys = {PASS: "P", ORDER: "O", ALONE: "A", MISDEAL: "M"}
        for action in (PASS, ORDER, NAME, NAME + 1, NAME + 2, NAME + 3, ALONE, MISDEAL):
            b = QPushButton()
            b.setMinimumHeight(38)
            f = b.font()
            f.setPointSizeF(f.pointSizeF() * 1.15)
            b.setFont(f)
            if action in keys:
                b.setShortcut(QKeySequence(keys[action]))
            elif NAME <= action < NAME + 4:
                b.setShortcut(QKeySequence("CDHS"[action - NAME]))
            b.clicked.connect(lambda _c=False, a=action: self.human_action(a))
            b.hide()
            self.bid_buttons[action] = b
            self.bid_bar.addWidget(b)
        self.next_button = QPushButton("Next hand")
        self.next_button.setShortcut(QKeySequence(Qt.Key_Return))
        self.next_button.clicked.connect(self.next_hand)
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
        for b, slot, tip in (
            (self.hint_button, self.ask_hint, "What the strongest computer player would do (Ctrl+H)"),
            (self.undo_button, self.take_back, "Undo your last bid or card (Ctrl+Z)"),
            (self.last_button, self.toggle_last_trick, "Show the last trick (L)"),
            (self.replay_button, self.replay_deal, "Deal the same cards again (Ctrl+R)"),
            (self.swap_button, self.swap_hands, "Play the same deal from another seat"),
        ):
            b.clicked.connect(slot)
            b.setToolTip(tip)
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
        self.stats_label = QLabel()
        self.stats_label.setWordWrap(True)
        self.stats_label.setAccessibleName("Statistics")
        sv.addWidget(self.stats_label)
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
        act(game, "&Open game file…", self.open_dialog, QKeySequence.Open)
        act(game, "&Save game as EGN…", self.save_game_dialog, QKeySequence.Save)
        act(game, "Save this &hand as EGN…", self.save_hand_dialog, "Ctrl+Shift+S")
        game.addSeparator()
        act(game, "&Close", self.close, QKeySequence.Close)
        play = self.menuBar().addMenu("&Play")
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
    def new_game(self, settings: TableSettings | None = None, seed: int | None = None) -> None:
        """Deal a new game (South plays; a random first dealer from the seed)."""
        if settings is not None:
            self.table_settings = settings
        self.seed = seed if seed is not None else random.randrange(1 << 30)
        rules = self.table_settings.rules
        rng = random.Random(self.seed)
        self.players = {s: self.player_factory(self.table_settings.level(s), self.seed + s) for s in (0, 1, 3)}
        self.game = Game(rules, rng.randrange(4), rng)
        self.generation += 1
        self.thinking = False
        self.undo = []
        self.shown = None
        self.replay = None
        self.swap = 0
        self.hint_text = ""
        self.last_button.setChecked(False)
        self.deal_start = self._snapshot()
        self.original_start = self.deal_start
        self.advance()

    def new_game_dialog(self) -> None:
        dlg = SettingsDialog(self.table_settings, self)
        if dlg.exec():
            self.new_game(dlg.settings())

    def _snapshot(self) -> _Snapshot:
        g = self.game
        return _Snapshot(
            hand=g.hand.copy() if g.hand is not None else None,
            hands=list(g.hands),
            score=g.score,
            winner=g.winner,
            rng_state=g.rng.getstate(),
            shown=self.shown,
            stats=replace(self.stats),
            undo_len=len(self.undo),
        )

    def _restore(self, snap: _Snapshot) -> None:
        g = self.game
        g.hand = snap.hand.copy() if snap.hand is not None else None
        g.hands = list(snap.hands)
        g.score = snap.score
        g.winner = snap.winner
        g.rng.setstate(snap.rng_state)
        self.shown = snap.shown
        if self.stats != snap.stats:
            self.stats = replace(snap.stats)
            self._save_stats()
        del self.undo[snap.undo_len :]
        self.generation += 1
        self.thinking = False
        self.hint_text = ""

    def advance(self) -> None:
        """Redraw, then let the next computer player act (after the pause,
        on a pool thread) unless it is the player's turn or a hand summary
        is showing."""
        self.refresh()
        g = self.game
        if self.replay is not None or self.shown is not None or g.done or g.to_act == HUMAN or self.thinking:
            return
        if self.running:
            return  # a player is still busy with a dropped request: go on when it reports
        generation = self.generation
        seat = g.to_act
        view = g.view()
        player = self.players[seat]
        self.thinking = True
        self.refresh()
        QTimer.singleShot(self.table_settings.pause_ms, self, lambda: self._think(generation, lambda: player.choose(view), "play"))

    def _think(self, generation: int, fn, kind: str) -> None:
        if generation != self.generation:
            return
        if kind == "play":
            self.running += 1  # one computer decision at a time: a player object is never shared by two threads
        self.pool.start(_Think(fn, generation, kind, self.signals))

    def _thought(self, generation: int, kind: str, result: object) -> None:
        if kind == "play":
            self.running -= 1
        if generation != self.generation:
            if kind == "play":
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
        self._apply(result)

    def _apply(self, action: int) -> None:
        g = self.game
        done_before = len(g.hands)
        try:
            g.apply(action)
        except RuleViolation as exc:  # a computer player's illegal action: say so, do not crash
            context.show_error(self, "Illegal action", str(exc))
            return
        self.hint_text = ""
        if len(g.hands) > done_before:
            finished = g.hands[-1]
            self._count_hand(finished)
            self.shown = finished
            if g.done:
                self.stats.record_game(won=g.winner.value == "NS")
                self._save_stats()
        self.changed.emit()
        self.advance()

    def human_action(self, action: int) -> bool:
        """The player's bid, discard or card; ignored (False) unless it is
        South's turn and the engine lists the action as legal."""
        g = self.game
        if self.replay is not None or self.shown is not None or g.done or g.to_act != HUMAN:
            return False
        if action not in g.legal_actions():
            return False
        self.undo.append(self._snapshot())
        self.last_button.setChecked(False)
        self._apply(action)
        return True

    def _press_card(self, i: int) -> None:
        if i < len(self.cards) and self.cards[i].isEnabled():
            self.cards[i].click()

    def next_hand(self) -> None:
        """Leave the hand summary: the next deal, or a new game when the game is over."""
        if self.game.done:
            self.new_game(seed=random.randrange(1 << 30))
            return
        self.shown = None
        self.swap = 0
        self.deal_start = self._snapshot()
        self.original_start = self.deal_start
        self.advance()

    def take_back(self) -> None:
        """Undo the player's last bid or card and the computer actions after it."""
        if self.replay is not None or not self.undo:
            return
        self._restore(self.undo[-1])
        self.advance()

    def replay_deal(self) -> None:
        """Deal the same cards again (the score as it was before the deal)."""
        if self.replay is not None:
            return
        self._restore(self.deal_start)
        self.advance()

    def swap_hands(self) -> None:
        """Replay the deal from the next seat: South gets the cards West,
        North, then East held (the deal is the same, seen from another chair)."""
        if self.replay is not None or self.original_start.hand is None:
            return
        self.swap = (self.swap + 1) % 4
        snap = self.original_start
        h = snap.hand
        k = self.swap
        dealt = h.dealt_hands()
        rotated = Hand(h.rules, (h.dealer - k) & 3, [dealt[(s + k) & 3] for s in range(4)], h.turn_up, h.undealt)
        self.deal_start = replace(snap, hand=rotated)
        self._restore(self.deal_start)
        self.advance()

    def toggle_last_trick(self) -> None:
        self.refresh()

    def ask_hint(self) -> None:
        """Ask the strongest computer player (off the GUI thread)."""
        g = self.game
        if self.replay is not None or self.shown is not None or g.done or g.to_act != HUMAN:
            return
        view = g.view(HUMAN)
        self.hint_text = "Thinking about a hint…"
        self.refresh()
        fn = self.hint_fn
        QTimer.singleShot(0, self, lambda gen=self.generation: self._think(gen, lambda: fn(view), "hint"))

    # ----------------------------------------------------------- statistics
    def _count_hand(self, hand: Hand) -> None:
        if hand.score is None:
            return
        ours = hand.score.side.value == "NS"
        we_made = hand.maker in (0, 2)
        self.stats.record_hand(our_side_scored=ours, euchre=hand.score.euchred, we_made=we_made, i_went_alone=hand.lone == HUMAN)
        self._save_stats()

    def _save_stats(self) -> None:
        try:
            self.stats.save(self.stats_path)
        except OSError:
            pass  # statistics are a nicety: never interrupt play for them

    # -------------------------------------------------------------- drawing
    def current(self) -> Hand | None:
        """The hand on the table: the finished one while its summary shows."""
        if self.replay is not None:
            return self.replay["game"].hand or (self.replay["game"].hands[-1] if self.replay["game"].hands else None)
        return self.shown if self.shown is not None else self.game.hand

    def scene(self) -> dict | None:
        """What the felt shows, from South's view (all faces in a replay)."""
        hand = self.current()
        if hand is None:
            return None
        view = hand.view(HUMAN)
        names = []
        for seat in range(4):
            if self.replay is not None:
                players = self.replay["record"].players
                names.append(players[seat] if seat < len(players) and players[seat] else SEAT_NAMES[seat])
            elif seat == HUMAN:
                names.append("You (South)")
            else:
                names.append(f"{SEAT_NAMES[seat]} ({LEVEL_TITLES.get(self.table_settings.level(seat), '')})")
        reveal = self.replay is not None
        faces = [list(hand.hands[s]) if reveal else None for s in range(4)]
        counts = [len(hand.hands[s]) for s in range(4)]
        bids = {}
        if view.phase in (BID1, BID2, BENNY_UP, ALONE_ROUND, DISCARDING) or (view.maker < 0 and not view.tricks):
            made = False
            for seat, a in view.bids:
                if made and a == PASS:
                    continue  # declining to go alone is not shown as a bid
                made = made or a == ORDER or NAME <= a < NAME + 4
                bids[seat] = bid_words(seat, a, view.dealer)
        turn_up = -1
        turn_text = ""
        if view.phase in (BID1, BID2, BENNY_UP) or (view.maker < 0 and view.phase not in (PLAYING,)):
            turn_up = view.turn_up
            if view.phase == BID1:
                turn_text = f"Turn-up · {SEAT_NAMES[view.dealer]} deals"
            elif view.phase == BENNY_UP:
                turn_text = "The Benny is turned up: the dealer names trump"
            else:
                turn_text = "Turned down"
        trick = list(zip(view.trick_seats(), view.trick, strict=True))
        trick_done = False
        winner = -1
        centre = ""
        show_last = self.last_button.isChecked() or (not trick and view.tricks and view.phase == PLAYING)
        if view.tricks and ((not trick and (show_last or hand.done)) or self.last_button.isChecked()):
            leader, cards, winner = view.tricks[-1]
            seats, seat = [], leader
            for _ in cards:
                seats.append(seat)
                seat = (seat + 1) & 3
                while seat in view.sitting_out:
                    seat = (seat + 1) & 3
            trick = list(zip(seats, cards, strict=True))
            trick_done = True
            last = "Last trick" if self.last_button.isChecked() else f"Trick {len(view.tricks)}"
            centre = f"{last}: won by {SEAT_NAMES[winner] if winner != HUMAN else 'you'}"
        if self.thinking and not hand.done:
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
            "turn_up_face_up": view.phase != BID2,
            "turn_up_text": turn_text,
            "trick": trick,
            "trick_done": trick_done,
            "trick_winner": winner,
            "centre_text": centre,
        }

    def _banner(self, hand: Hand) -> str:
        """The result over the felt while a hand's summary shows."""
        if self.replay is not None or self.shown is None:
            return ""
        if self.game.done:
            ns, ew = self.game.score.ns, self.game.score.ew
            who = "You and North win" if self.game.winner.value == "NS" else "East and West win"
            return f"{who} {max(ns, ew)} to {min(ns, ew)}"
        return self._result_words(hand)

    def refresh(self) -> None:
        """Redraw everything from the engine's state."""
        hand = self.current()
        g = self.game if self.replay is None else self.replay["game"]
        rules = g.rules
        ns, ew = g.score.ns, g.score.ew
        sides = ("North–South", "East–West") if self.replay is not None else SIDE_NAMES
        self.score_label.setText(
            f"<b>{sides[0]}: {ns}</b> &nbsp; — &nbsp; <b>{sides[1]}: {ew}</b> &nbsp; "
            f"<span style='color:#666'>(game to {rules.target}{', win by two' if rules.win_by_two else ''} · {rules.title})</span>"
        )
        self.score_picture.set_score(ns, ew, rules.target)
        view = hand.view(HUMAN) if hand is not None else None
        if view is not None and view.trump >= 0:
            ink = suit_colour(view.trump, self.four_colour).name()
            maker = "You" if view.maker == HUMAN else SEAT_NAMES[view.maker]
            alone = ""
            if view.lone >= 0:
                alone = " alone" if view.lone == view.maker else f" ({SEAT_NAMES[view.lone]} alone)"
            if view.lone_defender >= 0:
                alone += f"; {SEAT_NAMES[view.lone_defender]} defends alone"
            won = view.tricks_won
            self.info_label.setText(
                f"Trump <b style='color:{ink}'>{SUIT_SYMBOLS[view.trump]} {SUIT_NAMES[view.trump]}</b>"
                f" · made by {maker}{alone} · tricks: you & North <b>{won[0] + won[2]}</b>, East & West <b>{won[1] + won[3]}</b>"
            )
        else:
            self.info_label.setText("Bidding" if view is not None else "")
        self._refresh_cards(hand, view)
        self._refresh_controls(hand, view)
        self.log.setHtml(self._log_html(hand, view))
        self.hint_label.setText(self.hint_text)
        self.stats_label.setText(self.stats.summary())
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

    def _refresh_cards(self, hand: Hand | None, view) -> None:
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
        my_turn = self.replay is None and self.shown is None and view is not None and view.to_act == HUMAN and not self.thinking
        legal = set(view.legal) if my_turn else set()
        discarding = view is not None and view.phase == DISCARDING
        choosing = my_turn and view.phase in (PLAYING, DISCARDING)
        # 001: on a turned-up Benny the dealer names trump without looking.
        blind = view is not None and view.phase == BENNY_UP and view.dealer == HUMAN and self.replay is None
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

    def _refresh_controls(self, hand: Hand | None, view) -> None:
        replaying = self.replay is not None
        my_turn = not replaying and self.shown is None and view is not None and view.to_act == HUMAN and not self.thinking
        legal = set(view.legal) if my_turn else set()
        for action, b in self.bid_buttons.items():
            ok = action in legal
            b.setVisible(ok)
            b.setEnabled(ok)
            if ok:
                words = action_words(action, view)
                if NAME <= action < NAME + 4:
                    words = f"{SUIT_SYMBOLS[action - NAME]} {SUIT_NAMES[action - NAME].capitalize()}"
                b.setText(words)
                b.setAccessibleName(action_words(action, view))
        self.next_button.setVisible(self.shown is not None and not replaying)
        self.next_button.setText("New game" if self.game.done else "Next hand")
        self.back_button.setVisible(replaying)
        self.forward_button.setVisible(replaying)
        self.leave_button.setVisible(replaying)
        for b in (self.hint_button, self.replay_button, self.swap_button, self.undo_button):
            b.setEnabled(not replaying)
        blind = view is not None and view.phase == BENNY_UP
        self.hint_button.setEnabled(my_turn and not blind)  # no peeking for the dealer naming blind
        self.undo_button.setEnabled(bool(self.undo) and not replaying)
        if replaying:
            r = self.replay
            self.prompt.setText(f"Stepping through “{r['record'].title or 'a game file'}”: step {r['pos']} of {len(r['steps'])} (← →)")
        elif self.game.done and self.shown is not None:
            winner = "You and North win" if self.game.winner.value == "NS" else "East and West win"
            self.prompt.setText(f"{winner} {max(self.game.score.ns, self.game.score.ew)} to {min(self.game.score.ns, self.game.score.ew)}. Enter: new game")
        elif self.shown is not None:
            self.prompt.setText(self._result_words(self.shown) + " — Enter: next hand")
        elif self.thinking:
            self.prompt.setText(f"{SEAT_NAMES[self.game.to_act]} is thinking…")
        elif my_turn:
            if view.phase == DISCARDING:
                self.prompt.setText("You picked up the turn-up: click the card to discard (or press its number)")
            elif view.phase == PLAYING:
                self.prompt.setText("Your lead: click a card or press 1–5" if not view.trick else "Your turn: click a card or press its number (only legal cards are lit)")
            elif view.phase == ALONE_ROUND:
                self.prompt.setText("Go alone, or play with your partner?" if (view.maker ^ HUMAN) & 1 == 0 else "Defend alone?")
            elif view.phase == BENNY_UP:
                self.prompt.setText("The Benny is turned up: name trump without looking at your cards")
            else:
                self.prompt.setText("Your bid")
        else:
            self.prompt.setText("")

    def _result_words(self, hand: Hand) -> str:
        if hand.misdeal:
            return "Misdeal: the same dealer deals again"
        if hand.score is None:
            return "Everyone passed twice: the cards are thrown in"
        side = "You and North" if hand.score.side.value == "NS" else "East and West"
        what = "euchre the makers" if hand.score.euchred else ("march" if hand.score.march else "make it")
        return f"{side} {what}: {hand.score.points} point{'s' if hand.score.points != 1 else ''}"

    def _log_html(self, hand: Hand | None, view) -> str:
        if hand is None or view is None:
            return ""
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
            if who == "You":
                for third, second in (("orders", "order"), ("picks", "pick"), ("names", "name"), ("goes", "go"),
                                      ("calls", "call"), ("plays", "play"), ("does", "do")):
                    words = words.replace(third, second, 1)
            made = made or a == ORDER or NAME <= a < NAME + 4
            lines.append(f"<li>{who}: {words}</li>")
        lines.append("</ol>")
        if view.tricks and (hand.done or self.last_button.isChecked() or self.replay is not None):
            lines.append("<p><b>Tricks</b></p><ol>")
            for leader, cards, winner in view.tricks:
                played = " ".join(self._card_html(c) for c in cards)
                won_by = "you" if self._who(winner) == "You" else self._who(winner)
                lines.append(f"<li>{self._who(leader)} led: {played} — won by {won_by}</li>")
            lines.append("</ol>")
        if hand.done:
            lines.append(f"<p><b>{self._result_words(hand)}</b></p>")
        return "".join(lines)

    def _who(self, seat: int) -> str:
        """A seat in the log: "You" for South at play, the recorded names in a game file."""
        if self.replay is not None:
            players = self.replay["record"].players
            return players[seat] if seat < len(players) and players[seat] else SEAT_NAMES[seat]
        return "You" if seat == HUMAN else SEAT_NAMES[seat]

    def _card_html(self, c: int) -> str:
        if c == BENNY:
            return "<b>Benny</b>"
        from euchre_tourney.gui.practice.cards import rank_text

        ink = suit_colour(c >> 3, self.four_colour).name()
        return f"<b style='color:{ink}'>{rank_text(c)}{SUIT_SYMBOLS[c >> 3]}</b>"

    # ------------------------------------------------------------ game files
    def save_egn(self, path: str, whole_game: bool = True) -> bool:
        """Write the game (or the hand on the table) to ``path`` in EGN; True on success."""
        g = self.game
        try:
            when = datetime.now().strftime("%Y-%m-%dT%H:%M")
            seats = ("North", "East", "You (South)", "West")
            if whole_game:
                text = game_to_egn(g, title="Practice game", players=seats, date=when)
            else:
                text = write_egn([self.current()], g.rules, title="Practice hand", players=seats, date=when)
            Path(path).write_text(text, encoding="utf-8")
        except OSError as exc:
            context.show_error(self, "Cannot save", f"Cannot write {path}: {exc.strerror or exc}.")
            return False
        self.statusBar().showMessage(f"Saved {path}", 6000)
        return True

    def open_egn(self, path: str) -> bool:
        """Open an EGN file to step through it (← →); a bad file gets a message naming the line."""
        try:
            text = Path(path).read_text(encoding="utf-8")
            record = read_egn(text)
            record.replay()
        except OSError as exc:
            context.show_error(self, "Cannot open", f"Cannot read {path}: {exc.strerror or exc}.")
            return False
        except UnicodeDecodeError:
            context.show_error(self, "Cannot open", f"{Path(path).name} is not a text file (EGN files are JSON text).")
            return False
        except EgnError as exc:
            context.show_error(self, "Cannot open the game file", f"{Path(path).name}, {exc}")
            return False
        steps = [(i, a) for i, (_h, actions) in enumerate(record.deals) for a in actions]
        self.generation += 1
        self.thinking = False
        self.replay = {"record": record, "steps": steps, "pos": 0, "game": None}
        self._replay_to(0)
        return True

    def _replay_to(self, pos: int) -> None:
        r = self.replay
        r["pos"] = max(0, min(pos, len(r["steps"])))
        record = r["record"]
        from euchre_tourney.rules import GameScore

        game = Game(record.rules, record.deals[0][0].dealer, deals=[h.copy() for h, _ in record.deals])
        game.score = GameScore(*record.initial_score)
        for _i, a in r["steps"][: r["pos"]]:
            game.apply(a)
        r["game"] = game
        self.refresh()

    def leave_replay(self) -> None:
        """Close the game file and go back to the game in progress."""
        if self.replay is not None:
            self.replay = None
            self.generation += 1
            self.thinking = False
            self.advance()

    def step_replay(self, delta: int) -> None:
        if self.replay is not None:
            self._replay_to(self.replay["pos"] + delta)

    def open_dialog(self) -> None:
        start = self.qsettings.value("practice/egn_dir", str(Path.home()))
        path, _ = QFileDialog.getOpenFileName(self, "Open a game file", start, "EGN game files (*.egn);;All files (*)")
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
        self.generation += 1
        self.pool.clear()
        self.pool.waitForDone(3000)
        super().closeEvent(event)


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
