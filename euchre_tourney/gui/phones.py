"""Event ▸ Scoring from phones…: start and stop the server the room's
phones use (:mod:`euchre_tourney.web`), show its address and QR code, the
tables whose phones are connected, the director's PIN; re-issue a table's
code.

The server runs on its own thread. The dialog's database work (the
settings, the PIN, a re-issued code) runs on the thread pool and comes back
through a signal, so the window never waits on the database or the network.
"""

from __future__ import annotations

import secrets as _secrets
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from euchre_tourney import tournament
from euchre_tourney.gui import context, worker
from euchre_tourney.web import Capacity, PhoneServer, local_addresses, qr_png, director_call, run_read

EVERY_NETWORK = "0.0.0.0"


def _raise(exc: BaseException) -> None:
    raise exc  # an unexpected error: in the GUI thread, where the bug dialog shows it


def in_background(owner: QObject, call: Callable[[], Any], then: Callable[[Any, str | None], None]) -> None:
    """Run ``call()`` on the thread pool; ``then(result, error)`` on the GUI
    thread, ``error`` the sentence of a :class:`~euchre_tourney.tournament.TournamentError`
    or an ``OSError`` (the server cannot listen there), else None. Nothing is
    called if ``owner`` (the dialog) was deleted meanwhile (:func:`worker.deliver`)."""

    def work(_job: worker.Job) -> tuple[Any, str | None]:
        try:
            return call(), None
        except tournament.TournamentError as exc:
            return None, exc.message
        except OSError as exc:  # its message is in words (PhoneServer.start)
            return None, str(exc)

    worker.deliver(worker.start("Phones", work), owner, lambda answer: then(*answer), _raise)


class PhonesDialog(QDialog):
    """The server's controls. ``server``: the running :class:`PhoneServer`
    (kept by the main window so it outlives the dialog), or None."""

    server_changed = Signal(object)

    def __init__(self, ctx, server: PhoneServer | None = None, timer=None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Scoring from phones")
        self.ctx, self.server, self.timer = ctx, server, timer
        self.address = QComboBox()
        for a in local_addresses():
            self.address.addItem(a + ("  (this computer only)" if a.startswith("127.") else ""), a)
        self.address.addItem("Every network of this computer (0.0.0.0) — anyone on any of them", EVERY_NETWORK)
        self.address.setToolTip("The address of this computer on the room's Wi-Fi: phones must reach it")
        self.port = QSpinBox()
        self.port.setRange(1024, 65535)
        self.port.setValue(8765)
        self.start_button = QPushButton("&Start")
        self.start_button.clicked.connect(self.start)
        self.stop_button = QPushButton("S&top")
        self.stop_button.clicked.connect(self.stop)
        self.url = QLabel()
        self.url.setTextInteractionFlags(self.url.textInteractionFlags() | self.url.textInteractionFlags().TextSelectableByMouse)
        self.qr = QLabel()
        self.qr.setMinimumSize(180, 180)
        self.confirm = QCheckBox("The opponents must &confirm each hand (Agree) before the next")
        self.confirm.toggled.connect(self._confirm_toggled)
        self.pin = QLabel("—")
        self._pins_made = self._toggles = 0  # new PINs asked for, confirm box ticks (see _load_settings)
        self.pin_button = QPushButton("New director &PIN")
        self.pin_button.clicked.connect(self.new_pin)
        self.connected = QListWidget()
        self.connected.setMaximumHeight(120)
        self.disputed = QLabel("")
        self.disputed.setWordWrap(True)
        self.disputed.setStyleSheet("color: #b91c1c; font-weight: bold;")
        self._asking = False
        self.reissue_table = QSpinBox()
        self.reissue_table.setRange(1, 999)
        self.reissue_button = QPushButton("&Re-issue this table's code")
        self.reissue_button.setToolTip("A lost tally sheet: the old QR code stops working; print the table's sheets again")
        self.reissue_button.clicked.connect(self.reissue)
        self.status = QLabel()
        self.status.setWordWrap(True)

        where = QHBoxLayout()
        where.addWidget(self.address, 1)
        where.addWidget(QLabel("Port"))
        where.addWidget(self.port)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.stop_button)
        buttons.addStretch(1)
        form = QFormLayout()
        address_label = QLabel("&Address")
        address_label.setBuddy(self.address)
        form.addRow(address_label, where)
        form.addRow("", buttons)
        form.addRow("Players' page", self.url)
        form.addRow("", self.qr)
        form.addRow("", self.confirm)
        pin_row = QHBoxLayout()
        pin_row.addWidget(self.pin)
        pin_row.addWidget(self.pin_button)
        pin_row.addStretch(1)
        form.addRow("Director's PIN", pin_row)
        form.addRow("Phones connected", self.connected)
        form.addRow("", self.disputed)
        again = QHBoxLayout()
        again.addWidget(QLabel("Table"))
        again.addWidget(self.reissue_table)
        again.addWidget(self.reissue_button)
        again.addStretch(1)
        form.addRow("Lost sheet", again)
        close = QDialogButtonBox(QDialogButtonBox.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.status)
        layout.addWidget(close)
        self.poll = QTimer(self)
        self.poll.setInterval(2000)
        self.poll.timeout.connect(self.show_connected)
        self.poll.start()
        self._load_settings()
        self.show_state()

    # state ------------------------------------------------------------------
    @property
    def event_id(self) -> int | None:
        return self.ctx.event_id

    def show_state(self) -> None:
        running = self.server is not None and self.server.running
        self.start_button.setEnabled(not running and self.event_id is not None)
        self.stop_button.setEnabled(running)
        self.address.setEnabled(not running)
        self.port.setEnabled(not running)
        if running:
            url = self.server.url + "/"
            self.url.setText(f"{url}   ·   projector: {url}projector   ·   director: {url}director")
            pixmap = QPixmap()
            pixmap.loadFromData(qr_png(url, 5))
            self.qr.setPixmap(pixmap)
        else:
            self.url.setText("Not serving. Choose the address on the room's network and start.")
            self.qr.clear()
        self.show_connected()

    def show_connected(self) -> None:
        self.connected.clear()
        if self.server is None or not self.server.running:
            return
        for table, ago in self.server.state.connected().items():
            self.connected.addItem(f"Table {table}: {int(ago)} s ago")
        if not self.connected.count():
            self.connected.addItem("No phone yet")
        if not self._asking and self.event_id is not None:  # disputed hands: read on the thread pool
            self._asking = True
            event_id = self.event_id
            in_background(self, lambda: director_call(self.ctx.db, tournament.disputed_hands, event_id), self._show_disputed)

    def _show_disputed(self, result, error) -> None:
        self._asking = False
        if error or not result:
            self.disputed.setText("")
            return
        self.disputed.setText("Disputed (a table tapped Disagree): " + "; ".join(
            f"table {t}, hand {h.hand.number} ({h.text})" for _r, t, h in result))

    # actions ------------------------------------------------------------------
    def start(self) -> bool:
        if self.event_id is None:
            context.show_error(self, "No event", "Choose the event to serve first.")
            return False
        host = self.address.currentData()
        if host == EVERY_NETWORK and not context.ask(
            self, "Every network?",
            "Listen on every network of this computer? Anyone on any of them (not only the room's Wi-Fi) "
            "can open the players' pages.",
        ):
            return False
        server = PhoneServer(self.ctx.db, self.event_id, host, self.port.value())
        self.start_button.setEnabled(False)
        self._say("Starting…")
        event_id = self.event_id

        def begin() -> dict[int, str]:  # on the thread pool: the socket, the thread, the tables' codes
            server.capacity = Capacity.for_room(run_read(self.ctx.db, _checked_in, event_id))  # sized for the room
            server.start()
            return director_call(self.ctx.db, tournament.table_secrets, event_id)

        def started(result, error) -> None:
            if error:
                self._say("")
                self.show_state()
                context.show_error(self, "Cannot start", error)
                return
            if self.timer is not None:
                self.timer.changed.connect(self._share_timer)
            self.server = server
            self.server_changed.emit(server)
            self.show_state()
            self._say(f"Serving; {len(result or {})} tables have their codes.")

        in_background(self, begin, started)
        return True

    def stop(self) -> None:
        server, self.server = self.server, None
        self.server_changed.emit(None)
        self.show_state()
        if server is not None:  # closing the socket and joining the thread: on the thread pool
            self.stop_button.setEnabled(False)
            in_background(self, server.stop, lambda _r, _e: (self._say("Stopped."), self.show_state()))

    def _share_timer(self) -> None:
        if self.server is not None and self.timer is not None:
            self.server.state.timer_text = self.timer.text() if self.timer.minutes else ""

    def _say(self, text: str) -> None:
        self.status.setText(text)

    def _load_settings(self) -> None:
        if self.event_id is None:
            return
        event_id = self.event_id
        pins, toggles = self._pins_made, self._toggles

        def shown(result, error) -> None:
            if error:
                return self._say(error)
            if self._toggles == toggles:  # a box ticked meanwhile stays as ticked (its write follows this read)
                self.confirm.blockSignals(True)
                self.confirm.setChecked(result.confirm_required)
                self.confirm.blockSignals(False)
            if self._pins_made == pins:  # a PIN made meanwhile stays shown (it is shown only once)
                self.pin.setText("set (press New director PIN to see a new one)" if result.has_pin else "none yet")

        in_background(self, lambda: director_call(self.ctx.db, tournament.phone_settings, event_id), shown)

    def _confirm_toggled(self, on: bool) -> None:
        if self.event_id is None:
            return
        event_id = self.event_id
        self._toggles += 1
        in_background(
            self,
            lambda: director_call(self.ctx.db, tournament.set_phone_settings, event_id, confirm_required=on),
            lambda _r, error: self._say(error or ("The opponents confirm each hand." if on else "Confirmation is optional.")),
        )

    def new_pin(self) -> None:
        if self.event_id is None:
            return
        pin = f"{_secrets.randbelow(10**6):06d}"
        event_id = self.event_id
        self._pins_made += 1  # a read of the settings that ends after this one leaves the PIN shown

        def done(_r, error) -> None:
            if error:
                return self._say(error)
            self.pin.setText(pin)
            self._say("The director's page asks for this PIN (write it down: it is shown only now).")

        in_background(self, lambda: director_call(self.ctx.db, tournament.set_director_pin, event_id, pin), done)

    def reissue(self) -> None:
        if self.event_id is None:
            return
        table, event_id = self.reissue_table.value(), self.event_id
        in_background(
            self,
            lambda: director_call(self.ctx.db, tournament.reissue_secret, event_id, table),
            lambda _r, error: self._say(error or f"Table {table} has a new code: print its tally sheets again "
                                        "(File ▸ Save tally sheets PDF)."),
        )


def _checked_in(session, event_id: int) -> int:
    """The players checked in to the event (the room the server is sized for)."""
    return sum(e.checked_in for e in tournament.entrants(session, event_id))
