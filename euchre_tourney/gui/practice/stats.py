"""The practice table's statistics: where the file lives (platformdirs),
and the statistics view (:class:`StatsDialog`). The counters themselves
are :mod:`euchre_tourney.play.stats` (kept by the practice session)."""

from __future__ import annotations

from pathlib import Path

import platformdirs
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from euchre_tourney.gui import context
from euchre_tourney.play import Stats, StatsBook

FILE_NAME = "practice-stats.json"

COLUMNS = (
    ("Rules", "The game and the rules it was played with"),
    ("Computer players", "How well the computer players played"),
    ("Games won", "Games won of games finished"),
    ("Hands won", "Hands your side scored, of hands scored"),
    ("Points per hand", "Your side's points less the other side's, per hand"),
    ("Makes", "Hands your side made trump in, and made (3 tricks or more)"),
    ("Euchres", "Times your side euchred the makers"),
    ("Euchred", "Times your side was euchred"),
    ("Loners", "Hands you went alone, and the side scored"),
)


def default_path() -> Path:
    """``<user data dir>/practice-stats.json``: the folder of the app's
    database file (``store.default_database_path``)."""
    return Path(platformdirs.user_data_dir("euchre-tourney", appauthor=False)) / FILE_NAME


OLD_TABLE_FILE = "practice-table-stats.json"
"""Where the separate table for 2 to 6 players kept its statistics (before
issue 33): merged into the one file once, then renamed ``….merged``."""


def merge_old_table_stats(session, folder: Path) -> bool:
    """Fold the old table-for-2-to-6 statistics file in ``folder`` into
    ``session``'s (once: the old file is renamed); True when it did."""
    old = folder / OLD_TABLE_FILE
    if not old.is_file():
        return False
    session.merge_stats(StatsBook.load(old))
    try:
        old.rename(old.with_name(OLD_TABLE_FILE + ".merged"))
    except OSError:
        return False
    return True


def row_cells(rules: str, level: str, s: Stats) -> list[str]:
    """One line of the statistics view."""
    return [
        rules,
        level,
        f"{s.games_won} of {s.games}",
        f"{s.hands_won} of {s.hands}",
        f"{s.points_per_hand:+.2f}" if s.hands else "—",
        f"{s.made} of {s.makes}",
        str(s.euchres),
        str(s.euchred),
        f"{s.loners_won} of {s.loners}",
    ]


class StatsDialog(QDialog):
    """The statistics view: one row per rule set and level, a total, and
    **Reset** (asks first). ``reset`` is called to forget the counters."""

    def __init__(self, book: StatsBook, reset, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Practice statistics")
        self._reset = reset
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setAccessibleName("Statistics by rules and level")
        self.table.setEditTriggers(QTableWidget.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        for i, (title, tip) in enumerate(COLUMNS):
            item = QTableWidgetItem(title)
            item.setToolTip(tip)
            self.table.setHorizontalHeaderItem(i, item)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.reset_button = QPushButton("&Reset statistics…")
        self.reset_button.clicked.connect(self.ask_reset)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.addButton(self.reset_button, QDialogButtonBox.ResetRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(self.note)
        layout.addWidget(buttons)
        self.show_book(book)
        self.resize(900, 320)

    def show_book(self, book: StatsBook) -> None:
        """Fill the table from ``book``."""
        rows = [row_cells(r, lv, s) for (r, lv), s in sorted(book.rows.items())]
        if len(rows) != 1:
            rows.append(row_cells("All games", "", book.total()))
        self.table.setRowCount(len(rows))
        for i, cells in enumerate(rows):
            for j, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if j >= 2:
                    item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
                if cells[0] == "All games":
                    f = item.font()
                    f.setBold(True)
                    item.setFont(f)
                self.table.setItem(i, j, item)
        self.note.setText(
            "No games played yet." if not book.rows else "Points per hand: your side's points less the other side's, per hand scored."
        )
        self.reset_button.setEnabled(bool(book.rows))

    def ask_reset(self) -> None:
        if context.ask(self, "Reset statistics", "Forget every practice statistic? This cannot be undone."):
            self.show_book(self._reset())


__all__ = ["FILE_NAME", "Stats", "StatsBook", "StatsDialog", "default_path"]
