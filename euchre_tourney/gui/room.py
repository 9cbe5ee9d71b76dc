"""The room on club night: the round timer and its controls.

:class:`RoundTimer` counts down the event's minutes per round. It reads
time only through the ``clock`` it is given (``time.time`` by default:
a running timer is saved with the event as its end time and must keep it
across a restart), and a :class:`QTimer` merely asks it to :meth:`~RoundTimer.tick`
four times a second, so tests drive it with a fake clock and no real time
passes. At zero it emits :attr:`~RoundTimer.expired` once (the alert: a
beep, the countdown turns red and says "Time!").

:class:`TimerBar` is the Standings page's countdown with Start/Pause and
Reset; :class:`TimerLabel` shows the same countdown elsewhere (the main
window's status bar, the projector). :class:`PrizesDialog` chooses the
event's prize categories.
"""

from __future__ import annotations

import time
from typing import Callable

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QWidget,
)

from euchre_tourney.tournament import PRIZE_KINDS

TICK_MS = 250
ALERT_STYLE = "color: #dc2626; font-weight: bold;"


def clock_text(seconds: float) -> str:
    """``754.2`` → ``"12:35"`` (whole seconds rounded up, so 0 shows only at the end)."""
    whole = max(0, int(-(-seconds // 1)))
    return f"{whole // 60}:{whole % 60:02d}"


class RoundTimer(QObject):
    """A countdown of ``minutes`` per round: :meth:`start`, :meth:`pause`,
    :meth:`reset`. ``changed`` fires on every state change and tick;
    ``expired`` once when the countdown reaches zero; ``moved`` when the
    director starts, pauses or resets it (the state to save with the event:
    :meth:`state`, brought back by :meth:`restore`).

    ``clock`` gives wall-clock seconds (``time.time``): a running timer is
    kept as the moment it ends, so it keeps that end time across a restart."""

    changed = Signal()
    expired = Signal()
    moved = Signal()

    def __init__(self, minutes: int = 0, clock: Callable[[], float] = time.time, parent=None) -> None:
        super().__init__(parent)
        self.clock = clock
        self.minutes = minutes
        self._left = minutes * 60.0
        self._ends: float | None = None  # clock reading when it ends (None: paused or reset)
        self._alerted = False
        self.ticker = QTimer(self)
        self.ticker.setInterval(TICK_MS)
        self.ticker.timeout.connect(self.tick)

    @property
    def running(self) -> bool:
        return self._ends is not None

    def remaining(self) -> float:
        """Seconds left (0 once time is up)."""
        if self._ends is None:
            return max(0.0, self._left)
        return max(0.0, self._ends - self.clock())

    @property
    def finished(self) -> bool:
        return self.minutes > 0 and self.remaining() <= 0

    def set_minutes(self, minutes: int) -> None:
        """A new length (the event's setting); resets the countdown if it is not running."""
        if minutes != self.minutes:
            self.minutes = minutes
            if not self.running:
                self._reset()

    def state(self) -> tuple[float | None, float | None]:
        """``(ends, left)``: the clock reading it ends at while running, the
        seconds left while paused, ``(None, None)`` when reset."""
        if self._ends is not None:
            return self._ends, None
        if self._left == self.minutes * 60.0 and not self._alerted:
            return None, None
        return None, self._left

    def restore(self, minutes: int, ends: float | None, left: float | None) -> None:
        """Show a saved state (see :meth:`state`) for a timer of ``minutes``;
        an end already passed shows "Time!" without a second alert."""
        self.minutes = minutes
        self._ends = ends if minutes > 0 else None
        self._left = minutes * 60.0 if left is None else min(float(left), minutes * 60.0)
        self._alerted = ends is not None and ends <= self.clock()
        if self._ends is not None and not self._alerted:
            self.ticker.start()
        else:
            if self._alerted:
                self._ends, self._left = None, 0.0
            self.ticker.stop()
        self.changed.emit()

    def start(self) -> None:
        if self.running or self.minutes <= 0 or self.finished:
            return
        self._ends = self.clock() + self._left
        self.ticker.start()
        self.changed.emit()
        self.moved.emit()

    def pause(self) -> None:
        if not self.running:
            return
        self._left = self.remaining()
        self._ends = None
        self.ticker.stop()
        self.changed.emit()
        self.moved.emit()

    def reset(self) -> None:
        self._reset()
        self.moved.emit()

    def _reset(self) -> None:
        self._ends = None
        self._left = self.minutes * 60.0
        self._alerted = False
        self.ticker.stop()
        self.changed.emit()

    def tick(self) -> None:
        """Look at the clock: emit ``changed``, and ``expired`` once at zero."""
        if self.running and self.remaining() <= 0:
            self._left, self._ends = 0.0, None
            self.ticker.stop()
            if not self._alerted:
                self._alerted = True
                self.changed.emit()
                self.expired.emit()
                return
        self.changed.emit()

    def text(self) -> str:
        """"12:35", "12:35 (paused)", "Time!" or "" with no timer set."""
        if self.minutes <= 0:
            return ""
        if self.finished:
            return "Time!"
        left = clock_text(self.remaining())
        if self.running:
            return left
        return left if self._left == self.minutes * 60 else f"{left} (paused)"


class TimerLabel(QLabel):
    """The countdown as a label ("Round timer 12:35"), red at "Time!"."""

    def __init__(self, timer: RoundTimer, prefix: str = "Round timer ", parent=None) -> None:
        super().__init__(parent)
        self.timer, self.prefix, self.base_prefix = timer, prefix, prefix
        timer.changed.connect(self.show_time)
        self.show_time()

    def name_clock(self, section: str) -> None:
        """Say whose clock it is: section ``section``'s ("Section B · round
        timer 12:35"), or the event's when ``section`` is ""."""
        base = self.base_prefix
        self.prefix = f"Section {section} · {base[:1].lower()}{base[1:]}" if section else base
        self.setAccessibleName(f"Section {section} round clock" if section else "Round clock")
        self.show_time()

    def show_time(self) -> None:
        text = self.timer.text()
        self.setVisible(bool(text))
        self.setText(self.prefix + text if text else "")
        self.setStyleSheet(ALERT_STYLE if self.timer.finished else "")


class TimerBar(QWidget):
    """The countdown with its controls: Start/Pause, Reset."""

    def __init__(self, timer: RoundTimer, parent=None) -> None:
        super().__init__(parent)
        self.timer = timer
        self.label = TimerLabel(timer)
        self.start_button = QPushButton("Start timer")
        self.start_button.setToolTip("Start or pause the round timer (minutes per round: Event page)")
        self.start_button.clicked.connect(self.start_or_pause)
        self.reset_button = QPushButton("Reset timer")
        self.reset_button.clicked.connect(timer.reset)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.start_button)
        layout.addWidget(self.reset_button)
        timer.changed.connect(self.show_state)
        timer.expired.connect(QApplication.beep)
        self.show_state()

    def start_or_pause(self) -> None:
        (self.timer.pause if self.timer.running else self.timer.start)()

    def show_state(self) -> None:
        has = self.timer.minutes > 0
        self.setVisible(has)
        self.start_button.setText("Pause timer" if self.timer.running else "Start timer")
        self.start_button.setEnabled(has and not self.timer.finished)


class PrizesDialog(QDialog):
    """Choose the event's prize categories: a box per category, and the N
    of "closest to N"."""

    def __init__(self, categories, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Prizes")
        chosen = dict(categories)
        self.boxes: dict[str, QCheckBox] = {}
        form = QFormLayout(self)
        form.addRow(QLabel("Prizes given tonight (ties are shared, never drawn):"))
        for kind, title in PRIZE_KINDS.items():
            box = QCheckBox(title)
            box.setChecked(kind in chosen)
            self.boxes[kind] = box
            if kind == "closest":
                self.target = QSpinBox()
                self.target.setRange(0, 999)
                self.target.setSuffix(" points")
                self.target.setValue(chosen.get("closest") or 40)
                self.target.setEnabled(box.isChecked())
                box.toggled.connect(self.target.setEnabled)
                form.addRow(box, self.target)
            else:
                form.addRow(box)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def categories(self) -> list[tuple[str, int | None]]:
        """The chosen ``(kind, target)`` pairs, in the usual order."""
        return [
            (kind, self.target.value() if kind == "closest" else None)
            for kind, box in self.boxes.items()
            if box.isChecked()
        ]
