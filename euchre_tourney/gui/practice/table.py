"""The practice table window: the player against computer players, a whole
game to the target, at a table of 2 to 6 seats -- every four-seat preset
and every game for 2 to 6 players, in one window.

The window draws and dispatches; the game lives in a
:class:`~euchre_tourney.play.session.PracticeSession` (the game, take-back,
replays, swapping hands, the random generator, game files, statistics,
and what is drawn: the person's choices with their keys, the felt, the
prompt, the hand's history), which is tested without a window. The window
holds no rule of its own: whose turn it is, what is legal, who won a trick
and the score all come from the session; it offers exactly the legal
actions. Computer players and hints run in a :class:`QThreadPool` (the
hard player may think for up to a second): the window never waits for
them. A result that arrives after a take-back, a replay, a new game or a
file opened is dropped (each request carries the session's generation it
was made in).

The felt (:class:`TableView`) draws the table around the player: the
player at the bottom (their cards are buttons under the felt), the others
clockwise from the player's left -- at the sides and across the top.

Keyboard: every bid and choice has one key (the session's
:data:`~euchre_tourney.play.session.CHOICE_KEYS`: P pass, O order up, A
alone, M misdeal, C D H S a suit, N no-trump, Shift with a suit's letter
that suit alone, a digit a bid or the partner asked, K T R at a
railroad), shown on its button (underlined, or in brackets) and held by
the window (a button's own shortcut is reset by ``setText``); the digits
1–9, 0 and - (the eleventh) play (discard, give) the cards; P names the partner card chosen
in its list; L shows the last trick; Enter the next hand or game.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QObject, QRectF, QRunnable, QSettings, Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import QAction, QColor, QFont, QKeySequence, QPainter, QPen, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
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
from euchre_tourney.gui.practice.cards import BUTTON_STYLE, CARD_RATIO, CardButton, paint_card, rank_text, suit_colour
from euchre_tourney.gui.practice.settings import SettingsDialog, TableSettings
from euchre_tourney.gui.practice.stats import StatsDialog
from euchre_tourney.play import BID_KEYS, CHOICE_KEYS, SOUTH, EgnError, EmnMatch, PracticeSession, hint, read_emn

HUMAN = int(SOUTH)
"""The player's seat at the four-seat table: South."""
from euchre_tourney.rules import SUIT_NAMES, SUIT_SYMBOLS, seat_title, tables

FELT = QColor("#2f6b45")

__all__ = ["BID_KEYS", "HUMAN", "MatchDialog", "PracticeWindow", "TableView", "open_practice", "run_practice"]


def seat_angles(n: int) -> list[float]:
    """Where each seat sits around the person, in degrees, seat offset
    ``k`` = 0 (the person, at the bottom: 90) to ``n - 1``, clockwise from
    the person's left (180 is the left side, 270 the top, 360 the right)."""
    others = {2: [270], 3: [180, 360], 4: [180, 270, 360], 5: [180, 240, 300, 360], 6: [180, 225, 270, 315, 360]}[n]
    return [90.0, *others]


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
    """The felt: the computer players around the person (card backs, or
    faces when a game file is stepped through), the turn-up, the bids, the
    trick -- for 2 to 6 seats (:func:`seat_angles`)."""

    def __init__(self, window: PracticeWindow) -> None:
        super().__init__(window)
        self.w = window
        self.setMinimumSize(520, 280)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setAccessibleName("Card table")
        self.setFocusPolicy(Qt.TabFocus)

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
        n, human = s["players"], s["human"]
        angles = seat_angles(n)
        cw = self.card_width()
        if n >= 5:
            cw *= 0.86
        ch = cw * CARD_RATIO
        W, H = self.width(), self.height()
        four = self.w.four_colour
        small = cw * (0.62 if n <= 4 else 0.5)
        label_font = QFont()
        label_font.setPixelSize(max(12, int(cw * 0.19)))
        label_font.setBold(True)
        p.setFont(label_font)
        line = p.fontMetrics().height()
        top = 8 + small * CARD_RATIO + 2 * line + 6 if n != 3 else 8  # the top seats' cards and two lines of label
        bottom = H - 2 * line - 6  # the person's label
        cx, cy = W / 2, (top + bottom) / 2
        ring = (1.0, 0.6) if n <= 4 else (1.65, 0.95)  # the trick's cards around the centre, apart at six
        for seat in range(n):
            k = (seat - human) % n
            if k == 0:
                continue
            a = angles[k]
            if a in (180, 360):
                x = 14 if a == 180 else W - small * CARD_RATIO - 14
                area = QRectF(x, cy - 2.0 * small - line, small * CARD_RATIO, 4.0 * small)
                self._paint_seat(p, s, seat, area, "v", small, four, "left" if a == 180 else "right")
            else:
                across = (W / 2 - small * 2.5) * math.cos(math.radians(a))
                width = min(5.6 * small, W / (n - 2) - 16) if n > 3 else 5.6 * small
                area = QRectF(cx + across - width / 2, 8, width, small * CARD_RATIO)
                self._paint_seat(p, s, seat, area, "h", small, four, "top")
        # the person's label (their cards are the buttons below the felt)
        self._label(p, s, human, QRectF(cx - W * 0.3, bottom + 2, W * 0.6, 2 * line + 4), Qt.AlignHCenter)
        if s["turn_up"] >= 0:
            r = QRectF(cx - cw / 2, cy - ch / 2, cw, ch)
            paint_card(p, r, s["turn_up"], four_colour=four, face_up=s["turn_up_face_up"])
            p.setPen(QColor("#f4f1e0"))
            p.drawText(QRectF(cx - 4 * cw, cy + ch / 2 + 2, 8 * cw, line * 2.2), Qt.AlignHCenter | Qt.AlignTop | Qt.TextWordWrap, s["turn_up_text"])
        for seat, c in s["trick"]:
            a = math.radians(angles[(seat - human) % n])
            dx, dy = math.cos(a) * ring[0], math.sin(a) * ring[1]
            r = QRectF(cx + dx * cw * 1.15 - cw / 2, cy + dy * ch - ch / 2, cw, ch)
            win = QColor("#ffd54a") if seat == s["trick_winner"] and s["trick_done"] else None
            paint_card(p, r, c, four_colour=four, highlight=win)
        if s["centre_text"]:
            p.setPen(QColor("#ffffff"))
            p.drawText(QRectF(W - 14 - 3.2 * cw, bottom - line * 2.4, 3.2 * cw, line * 2.3),
                       Qt.AlignRight | Qt.AlignBottom | Qt.TextWordWrap, s["centre_text"])
        p.end()

    def _paint_seat(self, p: QPainter, s: dict, seat: int, area: QRectF, way: str, cw: float, four: bool, side: str) -> None:
        cards = s["faces"][seat]
        n = s["counts"][seat]
        ch = cw * CARD_RATIO
        out = seat in s["sitting_out"]
        line = p.fontMetrics().height()
        if way == "h":
            step = min(cw * 0.75, (area.width() - cw) / max(1, n - 1)) if n > 1 else 0
            x0 = area.center().x() - (cw + step * (n - 1)) / 2
            rects = [QRectF(x0 + i * step, area.top(), cw, ch) for i in range(n)]
            wide = max(area.width(), 5.6 * cw) if s["players"] <= 4 else area.width() + 12
            label = QRectF(area.center().x() - wide / 2, area.top() + ch + 2, wide, 2 * line + 4)
        else:
            step = min(cw * 0.42, (area.height() - ch) / max(1, n - 1)) if n > 1 else 0
            y0 = area.center().y() - (ch + step * (n - 1)) / 2
            left = area.left() + (area.width() - cw) / 2
            rects = [QRectF(left, y0 + i * step, cw, ch) for i in range(n)]
            below = (rects[-1].bottom() if rects else area.center().y()) + 4
            width = min(230.0, self.width() * 0.28)
            label = QRectF(area.left(), below, width, 3 * line + 4) if side == "left" else QRectF(area.right() - width, below, width, 3 * line + 4)
        for i, r in enumerate(rects):
            face = cards is not None and i < len(cards)
            paint_card(p, r, cards[i] if face else 0, four_colour=four, face_up=face, dim=out)
        align = {"left": Qt.AlignLeft, "right": Qt.AlignRight}.get(side, Qt.AlignHCenter)
        self._label(p, s, seat, label, align)

    def _label(self, p: QPainter, s: dict, seat: int, rect: QRectF, align) -> None:
        text = s["names"][seat]
        extra = list(s["tags"][seat])
        won = s["won"][seat]
        if won:
            extra.append(f"{won} trick{'s' if won > 1 else ''}")
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

    def set_score(self, ns: int, ew: int, target: int,
                  names: tuple[str, str] = (f"You and {seat_title(0, 4)}", f"{seat_title(1, 4)} and {seat_title(3, 4)}")) -> None:
        self.scores, self.target = (ns, ew), target
        self.setAccessibleDescription(f"{names[0]} {ns}, {names[1]} {ew}")
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
    """The practice table for every game (see the module docstring).

    ``settings`` -- the game, its rules and the computer players' levels
    (a :class:`TableSettings`); the computer players come from the players'
    one factory (the session's), or from ``player_factory(level, seed)``
    (four seats) and ``table_player_factory(level, seed)`` (2 to 6 seats)
    when given; ``hint_fn(view)`` gives four-seat hints (default
    :func:`~euchre_tourney.play.hint`): all injectable so tests can plug in
    a deliberately slow player. ``stats_path`` is where the statistics are
    kept (default: the user's data folder)."""

    changed = Signal()

    def __init__(
        self,
        settings: TableSettings | None = None,
        *,
        seed: int | None = None,
        player_factory: Callable | None = None,
        table_player_factory: Callable | None = None,
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
        # parented: when the window goes, an answer still queued for it goes too (no call into a deleted window)
        self.signals = _Signals(self)
        self.signals.done.connect(self._thought)
        self.running = 0
        self.thinking = False
        self._request: object | None = None  # the computer decision scheduled last (one at a time)
        self.hint_text = ""
        self.stats_dialog: StatsDialog | None = None
        self.session = PracticeSession(
            self.table_settings.rules,
            self.table_settings.levels(),
            seed,
            player_factory=player_factory,
            table_player_factory=table_player_factory,
            stats_path=self.stats_path,
        )
        if self.stats_path == stats_file.default_path():
            stats_file.merge_old_table_stats(self.session, self.stats_path.parent)
        self._build()
        self.table.setFocus()  # the felt first (its description is read out), not a tool button
        self.advance()

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

    def human_turn(self) -> bool:
        """The person may act now (no computer player is thinking)."""
        return self.session.human_to_act() and not self.thinking

    def showing_result(self) -> bool:
        """A finished hand (or game) is on show, waiting for Enter."""
        return self.session.shown is not None and self.session.replay is None

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
        self.prompt.setWordWrap(True)
        font = self.prompt.font()
        font.setPointSizeF(font.pointSizeF() * 1.15)
        font.setBold(True)
        self.prompt.setFont(font)
        self.hand_row = QWidget()
        self.hand_row.setStyleSheet(f"background: {FELT.darker(115).name()};")
        self.hand_layout = QHBoxLayout(self.hand_row)
        self.hand_layout.setContentsMargins(6, 2, 6, 2)
        self.hand_layout.setSpacing(4)
        self.cards: list[CardButton] = []
        self.banner = QLabel()
        self.banner.setAccessibleName("Result")
        self.banner.setWordWrap(True)
        self.banner.setAlignment(Qt.AlignCenter)
        # the result over the player's cards, the width of the table (never beside ten cards)
        self.banner.setStyleSheet(f"color: #ffd54a; font-size: 16pt; font-weight: bold; background: {FELT.darker(115).name()};"
                                  " padding: 4px;")
        self.banner.hide()
        # the choices of this moment: a row of buttons, the "alone" twins on a second row
        self.bid_rows = [QHBoxLayout(), QHBoxLayout()]
        self.bid_buttons: dict[object, QPushButton] = {}
        self.choice_keys: dict[str, QPushButton] = {}
        self._partner_choices = []
        self.partner_box = QComboBox()
        self.partner_box.setAccessibleName("Partner card")
        self.partner_button = QPushButton("Name partner card (&P)")
        self.partner_button.setShortcut(QKeySequence())  # the bare key is the window's
        self.partner_button.clicked.connect(self._name_partner)
        partner_label = QLabel("Partner &card:")  # Alt+C: the list (arrows choose), P names it
        partner_label.setBuddy(self.partner_box)
        self.partner_widget = QWidget()
        prow = QHBoxLayout(self.partner_widget)
        prow.setContentsMargins(0, 0, 0, 0)
        prow.addWidget(partner_label)
        prow.addWidget(self.partner_box, 1)
        prow.addWidget(self.partner_button)
        self.partner_widget.hide()
        self.bid_rows[0].addWidget(self.partner_widget)
        self.next_button = QPushButton("Next hand")
        self.next_button.clicked.connect(self.next_hand)
        # Enter is the window's, not the button's: setText() ("New game" once the game is over)
        # resets a button's own shortcut, and Enter stopped starting the next game
        for key in (Qt.Key_Return, Qt.Key_Enter):
            QShortcut(QKeySequence(key), self, activated=self._enter)
        self.next_button.hide()
        self.back_button = QPushButton("◀ Back")
        self.back_button.clicked.connect(lambda: self.step_replay(-1))
        self.forward_button = QPushButton("Forward ▶")
        self.forward_button.clicked.connect(lambda: self.step_replay(1))
        self.leave_button = QPushButton("Back to my game")
        self.leave_button.clicked.connect(self.leave_replay)
        self.fixed_row = QHBoxLayout()
        for b in (self.next_button, self.back_button, self.forward_button, self.leave_button):
            b.hide()
            self.fixed_row.addWidget(b)
        self.fixed_row.addStretch(1)
        for row in self.bid_rows:
            row.addStretch(1)
        tools = QHBoxLayout()
        self.hint_button = QPushButton("Hint")
        self.undo_button = QPushButton("Take back")
        self.last_button = QPushButton("Last trick")
        self.last_button.setCheckable(True)
        self.replay_button = QPushButton("Replay this deal")
        self.swap_button = QPushButton("Swap hands")
        self.stats_button = QPushButton("Statistics…")
        for b, slot, tip in (
            (self.hint_button, self.ask_hint, "What a strong computer player would do, and why (Ctrl+H)"),
            (self.undo_button, self.take_back, "Undo your last bid, choice or card (Ctrl+Z)"),
            (self.replay_button, self.replay_deal, "Deal the same cards again (Ctrl+R)"),
            (self.swap_button, self.swap_hands, "Play the same deal from another seat (Ctrl+Shift+W)"),
            (self.stats_button, self.show_stats, "Games, hands, points, euchres and loners by game and level (Ctrl+I)"),
        ):
            b.clicked.connect(slot)
            b.setToolTip(tip)
        self.last_button.setToolTip("Show the last trick taken, at any moment (L)")
        self.last_button.toggled.connect(self.toggle_last_trick)
        self.tool_buttons = [self.hint_button, self.undo_button, self.last_button, self.replay_button, self.swap_button, self.stats_button]
        for b in self.tool_buttons:
            b.setFocusPolicy(Qt.TabFocus)
            tools.addWidget(b)
        tools.addStretch(1)
        self.hint_label = QLabel()
        self.hint_label.setWordWrap(True)
        self.hint_label.setAccessibleName("Hint")
        self.log = QTextBrowser()
        self.log.setAccessibleName("Bidding and hand summary")
        self.log.setMinimumWidth(230)
        centre = QWidget()
        v = QVBoxLayout(centre)
        v.setContentsMargins(6, 6, 6, 6)
        v.addLayout(top)
        v.addWidget(self.table, 1)
        v.addWidget(self.banner)
        v.addWidget(self.hand_row)
        v.addWidget(self.prompt)
        v.addLayout(self.bid_rows[0])
        v.addLayout(self.bid_rows[1])
        v.addLayout(self.fixed_row)
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
        split.setSizes([800, 260])
        self.setCentralWidget(split)
        # every key a choice can have belongs to the window (a button's own shortcut is reset by setText)
        for key in CHOICE_KEYS:
            QShortcut(QKeySequence(key), self, activated=lambda key=key: self._key(key))
        # the eleventh card (two-handed: the dealer's discard): the key after 0
        QShortcut(QKeySequence(Qt.Key_Minus), self, activated=lambda: self._press_card(10))
        QShortcut(QKeySequence(Qt.Key_Left), self, activated=lambda: self.step_replay(-1))
        QShortcut(QKeySequence(Qt.Key_Right), self, activated=lambda: self.step_replay(1))
        self._menus()
        self.resize(1080, 720)

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
        act(game, "&Save game…", self.save_game_dialog, QKeySequence.Save)
        act(game, "Save this &hand…", self.save_hand_dialog, "Ctrl+Shift+S")
        game.addSeparator()
        act(game, "S&tatistics…", self.show_stats, "Ctrl+I")
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
        self.qsettings.setValue("practice/score_cards", bool(on))
        self.score_picture.setVisible(bool(on) and len(self.session.score_items()) == 2)

    # ------------------------------------------------------------- game flow
    def _moved_on(self) -> None:
        """The session moved on (take-back, replay, new game, file): drop
        the hint and any decision under way."""
        self.thinking = False
        self._request = None
        self.hint_text = ""

    def new_game(self, settings: TableSettings | None = None, seed: int | None = None) -> None:
        """Deal a new game of the settings' game (a random first dealer from the seed)."""
        if settings is not None:
            self.table_settings = settings
        self.session.new_game(self.table_settings.rules, self.table_settings.levels(), seed)
        self._moved_on()
        self.last_button.setChecked(False)
        self.set_score_cards(self.qsettings.value("practice/score_cards", False, type=bool))
        self.advance()

    def settings_dialog(self) -> SettingsDialog:
        """The New game dialog: the game (four-seat presets and the games for
        2 to 6 players), its options and the computer players' levels."""
        return SettingsDialog(self.table_settings, self)

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
        token = self._request = object()
        self.refresh()
        QTimer.singleShot(self.table_settings.pause_ms, self, lambda: self._think(turn.generation, turn.choose, "play", token))

    def _think(self, generation: int, fn, kind: str, token: object = None) -> None:
        if kind == "play" and token is not self._request:
            return  # a later request took its place (a new game, a take-back ... before the pause ended)
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
                self.hint_text = f"Hint: <b>{result.words}</b> — {result.reason}"
                if result.ranking:
                    ranked = ", ".join(f"{words} {points:+.2f}" for words, points in result.ranking[:4])
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

    def human_action(self, action) -> bool:
        """The player's bid, choice, discard or card; ignored (False) unless
        it is their turn and the engine lists the action as legal."""
        if self.thinking or not self.session.human_action(action):
            return False
        self.hint_text = ""
        self.last_button.setChecked(False)
        self.changed.emit()
        self.advance()
        return True

    def _key(self, key: str) -> None:
        """A choice's key takes it when its button is shown; P names the
        partner card chosen; a digit otherwise plays (discards, gives) the
        card of that number."""
        b = self.choice_keys.get(key)
        if b is not None and b.isVisible() and b.isEnabled():
            b.click()
        elif key == "P" and not self.partner_widget.isHidden():
            self.partner_button.click()
        elif key.isdigit():
            self._press_card((int(key) - 1) % 10)

    def _enter(self) -> None:
        """Enter: the next hand after a hand's summary, the next game after a game's end."""
        if not self.next_button.isHidden() and self.next_button.isEnabled():
            self.next_button.click()

    def _press_card(self, i: int) -> None:
        if i < len(self.cards) and self.cards[i].isEnabled():
            self.cards[i].click()

    def _name_partner(self) -> None:
        i = self.partner_box.currentIndex()
        if 0 <= i < len(self._partner_choices):
            self.human_action(self._partner_choices[i].action)

    def next_hand(self) -> None:
        """Leave the hand summary: the next deal, or a new game when the game is over."""
        if self.session.replay is not None:
            return
        was_over = self.session.over
        self.session.next_hand()
        if was_over:
            self._moved_on()
            self.last_button.setChecked(False)
        self.advance()

    def take_back(self) -> None:
        """Undo the player's last action and the computer actions after it."""
        if self.session.take_back():
            self._moved_on()
            self.advance()

    def replay_deal(self) -> None:
        """Deal the same cards again (the score as it was before the deal)."""
        if self.session.replay_deal():
            self._moved_on()
            self.advance()

    def swap_hands(self) -> None:
        """Replay the deal from the next seat: the player gets the cards the
        seat to their left held, then the next (the same deal, seen from
        another chair)."""
        if self.session.swap_hands():
            self._moved_on()
            self.advance()

    def toggle_last_trick(self, _on: bool = False) -> None:
        self.refresh()

    def ask_hint(self) -> None:
        """Ask a strong computer player (off the GUI thread)."""
        if self.thinking:
            return
        job = self.session.hint_job(self.hint_fn)
        if job is None:
            return
        self.hint_text = "Thinking about a hint…"
        self.refresh()
        QTimer.singleShot(0, self, lambda gen=self.session.generation: self._think(gen, job, "hint"))

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

    def scene(self) -> dict | None:
        """What the felt shows (the session's :meth:`~PracticeSession.scene`)."""
        return self.session.scene(self.thinking, self.last_button.isChecked())

    def refresh(self) -> None:
        """Redraw everything from the session's state."""
        s = self.session
        items = s.score_items()
        line = " — ".join(f"<b style='white-space: nowrap'>{name}: {pts}</b>" for name, pts in items)
        small = "font-size: small; color:#555"
        self.score_label.setText(f"{line}<br><span style='{small}'>{s.rules_line()}</span>")
        if len(items) == 2:
            g = s.shown_game()
            self.score_picture.set_score(items[0][1], items[1][1], g.rules.target,
                                         tuple(name.replace(" & ", " and ") for name, _ in items))
        info = s.trump_info()
        if info is not None:
            trump, words = info
            if 0 <= trump < 4:
                ink = suit_colour(trump, self.four_colour).name()
                named = f"<b style='color:{ink}'>{SUIT_SYMBOLS[trump]} {SUIT_NAMES[trump]}</b>"
            else:
                named = "<b>no-trump</b>"
            self.info_label.setText(f"Trump {named} · {words}")
        else:
            hand = s.current()
            self.info_label.setText("Bidding" if hand is not None and not hand.done else "")
        if not s.four_seat_shown:
            extra = self.scene()
            if extra and "partner card" in extra["centre"]:
                self.info_label.setText(self.info_label.text() + " · " + extra["centre"].split(" · ", 1)[-1])
        self._refresh_cards()
        self._refresh_controls()
        self.log.setHtml(self._log_html())
        self.hint_label.setText(self.hint_text)
        self.table.setAccessibleDescription(self._felt_words())
        self.table.update()

    def _felt_words(self) -> str:
        """What the felt shows, in words (for screen readers)."""
        scene = self.scene()
        if scene is None:
            return ""
        words = []
        who = self.session.who
        if scene["turn_up"] >= 0:
            words.append(f"{who(scene['dealer'])} deals; turn-up: {tables.name(scene['turn_up'])}.")
        if scene["trick"]:
            played = ", ".join(f"{who(seat)} {tables.name(c)}" for seat, c in scene["trick"])
            words.append(f"Trick: {played}.")
        if scene["sitting_out"]:
            words.append(", ".join(who(x) for x in scene["sitting_out"]) + " sits out.")
        return " ".join(words)

    def _card_width(self, count: int) -> int:
        width = int(self.table.card_width() * 1.05)
        room = max(300, self.table.width() - 20)
        return max(36, min(width, int(room / max(1, count)) - 8))

    def _refresh_cards(self) -> None:
        s = self.session
        cards = s.hand_cards()
        width = self._card_width(len(cards))
        if [b.card for b in self.cards] != cards or (self.cards and self.cards[0].card_width != width) or (
            self.cards and self.cards[0].four_colour != self.four_colour
        ):
            while self.hand_layout.count():
                item = self.hand_layout.takeAt(0)
                if item.widget() is not None:
                    item.widget().hide()  # gone at once, not at the next return to the event loop
                    item.widget().deleteLater()  # the row's child until then: it may be the card being clicked now
            self.cards = []
            self.hand_layout.addStretch(1)
            for c in cards:
                b = CardButton(c, width, self.four_colour, self.hand_row)
                b.clicked.connect(lambda _c=False, b=b: self._card_clicked(b))
                self.cards.append(b)
                self.hand_layout.addWidget(b)
            self.hand_layout.addStretch(1)
        my_turn = s.human_to_act() and not self.thinking
        by_card = {c.card: c for c in s.choices() if c.kind == "card"} if my_turn else {}
        verbs = {c.verb for c in by_card.values()}
        blind = s.blind()
        for i, b in enumerate(self.cards):
            choice = by_card.get(b.card)
            verb = choice.verb if choice else (next(iter(verbs)) if verbs else "play")
            b.set_state(i + 1, choice is not None, verb, dim=bool(by_card), face_down=blind)
        self.hand_row.setMinimumHeight(int(width * CARD_RATIO) + 34)
        banner = s.banner()
        self.banner.setText(banner)
        self.banner.setVisible(bool(banner))

    def _card_clicked(self, button: CardButton) -> None:
        choice = next((c for c in self.session.choices() if c.kind == "card" and c.card == button.card), None)
        if choice is not None:
            self.human_action(choice.action)

    def _refresh_controls(self) -> None:
        s = self.session
        replaying = s.replay is not None
        choices = s.choices() if not self.thinking else []
        buttons = [c for c in choices if c.kind == "bid"]
        wanted = {c.action for c in buttons}
        for action in [a for a in self.bid_buttons if a not in wanted]:
            b = self.bid_buttons.pop(action)
            for row in self.bid_rows:
                row.removeWidget(b)
            b.hide()
            b.deleteLater()  # still the window's child until then: it may be the button being clicked now
        self.choice_keys = {}
        place = [0, 0]
        for c in buttons:
            b = self.bid_buttons.get(c.action)
            if b is None:
                b = QPushButton()
                b.setMinimumHeight(36)
                f = b.font()
                f.setPointSizeF(f.pointSizeF() * 1.1)
                b.setFont(f)
                b.clicked.connect(lambda _c=False, a=c.action: self.human_action(a))
                self.bid_buttons[c.action] = b
            row = self.bid_rows[c.row]
            at = place[c.row] + (1 if c.row == 0 else 0)  # row 0 starts with the partner card's list
            if row.indexOf(b) != at:
                row.removeWidget(b)
                row.insertWidget(at, b)
            place[c.row] += 1
            b.setText(c.label)
            b.setShortcut(QKeySequence())  # no Alt+letter: the bare key is the window's (CHOICE_KEYS)
            b.setAccessibleName(c.words)
            b.setToolTip(f"{c.words} (key {c.key})")
            b.setVisible(True)
            b.setEnabled(True)
            self.choice_keys[c.key] = b
        listed = [c for c in choices if c.kind == "list"]
        self._partner_choices = listed
        if [self.partner_box.itemData(i) for i in range(self.partner_box.count())] != [c.card for c in listed]:
            self.partner_box.clear()
            for c in listed:
                self.partner_box.addItem(c.words, c.card)
        self.partner_widget.setVisible(bool(listed))
        self.next_button.setVisible(s.shown is not None and not replaying)
        self.next_button.setText("New game" if s.over else "Next hand")
        self.back_button.setVisible(replaying)
        self.forward_button.setVisible(replaying)
        self.leave_button.setVisible(replaying)
        for b in (self.hint_button, self.replay_button, self.swap_button, self.undo_button):
            b.setEnabled(not replaying)
        self.hint_button.setEnabled(s.human_to_act() and not self.thinking and not s.blind())  # no peeking for a blind dealer
        self.undo_button.setEnabled(s.can_take_back)
        self.prompt.setText(s.prompt(self.thinking))
        self._tab_order()

    def _tab_order(self) -> None:
        """Tab: the choices, the partner list, the cards, then the tools."""
        chain = [b for row in self.bid_rows for i in range(row.count()) if isinstance(b := row.itemAt(i).widget(), QPushButton)]
        if not self.partner_widget.isHidden():
            chain += [self.partner_box, self.partner_button]
        chain += [self.next_button, *self.cards, *self.tool_buttons]
        for a, b in zip(chain, chain[1:]):
            QWidget.setTabOrder(a, b)

    def _log_html(self) -> str:
        log = self.session.hand_log()
        if log is None:
            return ""
        lines = [f"<p>{log.head}</p><ol>"]
        lines += [f"<li>{b}</li>" for b in log.bids]
        lines.append("</ol>")
        hand = self.current()
        if log.tricks and (hand.done or self.last_button.isChecked() or self.session.replay is not None):
            lines.append("<p><b>Tricks</b></p><ol>")
            for leader, cards, winner in log.tricks:
                played = " ".join(self._card_html(c) for c in cards)
                lines.append(f"<li>{leader} led: {played} — won by {winner}</li>")
            lines.append("</ol>")
        if log.result:
            lines.append(f"<p><b>{log.result}</b></p>")
        return "".join(lines)

    def _card_html(self, c: int) -> str:
        b = tables.base(c)
        second = "<sup>2nd</sup>" if c & tables.COPY else ""
        if b == tables.BENNY:
            return f"<b>Benny</b>{second}"
        if b > tables.BENNY:
            return f"<b style='color:#6a2c91'>{tables.text(b)[0]}♠ joker</b>{second}"
        ink = suit_colour(b >> 3, self.four_colour).name()
        return f"<b style='color:{ink}'>{rank_text(b)}{SUIT_SYMBOLS[b >> 3]}</b>{second}"

    # ------------------------------------------------------------ game files
    def save_egn(self, path: str, whole_game: bool = True) -> bool:
        """Write the game (or the hand on the table) to ``path`` as a game file; True on success."""
        try:
            text = self.session.egn_text(whole_game, datetime.now().strftime("%Y-%m-%dT%H:%M"))
            Path(path).write_text(text, encoding="utf-8")
        except OSError as exc:
            context.show_error(self, "Cannot save", f"Cannot write {path}: {exc.strerror or exc}.")
            return False
        self.statusBar().showMessage(f"Saved {path}", 6000)
        return True

    def open_egn(self, path: str) -> bool:
        """Open a game file (EGN, or a game of 2 to 6 seats) or a match file
        (EMN: its games listed to choose one) to step through it (← →); a
        bad file gets a message naming the line and the problem in words."""
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
                self.session.open_record(match.games[index].read())
            else:
                self.session.open_egn(text)
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
        path, _ = QFileDialog.getSaveFileName(self, "Save the game", start, "EGN game files (*.egn)")
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


def open_practice(**kwargs) -> PracticeWindow:
    """Open the practice table as a window of its own (no parent: a
    tournament window can stay open beside it) and return it."""
    window = PracticeWindow(**kwargs)
    window.show()
    return window


def run_practice(preset: str = "north_american", seed: int | None = None) -> int:
    """``euchre-tourney practice``: the practice table alone; the exit code.
    ``preset`` -- a four-seat preset or a game for 2 to 6 players."""
    from euchre_tourney.gui.settings import make_application
    from euchre_tourney.play import practice_games

    app = make_application()
    window = open_practice(settings=TableSettings(rules=practice_games()[preset][1]), seed=seed)
    code = app.exec()
    window.deleteLater()
    return code

