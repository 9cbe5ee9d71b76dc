"""Thin Qt table models over plain read-model rows.

Each model holds a tuple of rows and a column spec; ``set_rows`` resets it.
They are tested without a window.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor

if TYPE_CHECKING:
    from euchre_tourney.rules import Side
# the rules are imported where used: the first look's pages (gui/first_look.py) use this
# module's models before anything but Qt is loaded (start-up time)

Index = QModelIndex | QPersistentModelIndex


def role_numbers(*roles: Qt.ItemDataRole) -> frozenset[int]:
    """The roles as plain numbers (what Qt passes to ``data``)."""
    return frozenset(r.value for r in roles)


_DISPLAY, _ALIGN, _TOOLTIP, _USER = (
    r.value for r in (Qt.DisplayRole, Qt.TextAlignmentRole, Qt.ToolTipRole, Qt.UserRole)
)


@dataclass(frozen=True)
class Column:
    title: str
    value: Callable[[Any], Any]
    align: Qt.AlignmentFlag = Qt.AlignLeft | Qt.AlignVCenter
    tooltip: Callable[[Any], str] | None = None


class RowsModel(QAbstractTableModel):
    """A read-only table over ``rows`` with ``columns``."""

    def __init__(self, columns: Sequence[Column], parent=None) -> None:
        super().__init__(parent)
        self._texts: list[list[str]] | None = None
        self.columns = list(columns)
        self.rows: tuple = ()

    # Setting rows or columns forgets the display texts made from them.
    @property
    def rows(self) -> tuple:
        return self._rows

    @rows.setter
    def rows(self, rows: tuple) -> None:
        self._rows, self._texts = rows, None

    @property
    def columns(self) -> list[Column]:
        return self._columns_

    @columns.setter
    def columns(self, columns: list[Column]) -> None:
        self._columns_, self._texts = columns, None

    def display_texts(self) -> list[list[str]]:
        """Every cell's text, row by row (made once per reset: Qt asks a
        cell's text many times while it measures and paints, and a view's
        sizes are measured from these, see :func:`widgets.fit_columns`)."""
        if self._texts is None:
            self._texts = [
                ["" if (v := col.value(row)) is None else str(v) for col in self._columns_] for row in self._rows
            ]
        return self._texts

    def set_rows(self, rows: Sequence[Any]) -> None:
        self.set_table(self.columns, rows)

    def set_table(self, columns: Sequence[Column], rows: Sequence[Any]) -> None:
        """New columns and rows in one reset: a view must never measure new
        columns against old rows (a six-seat table under four names crashed
        the app)."""
        self.beginResetModel()
        self.columns = list(columns)
        self.rows = tuple(rows)
        self.endResetModel()

    def row_at(self, index: Index) -> Any:
        return self.rows[index.row()] if index.isValid() and index.row() < len(self.rows) else None

    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        # Qt's own asks rowCount and columnCount (two calls into Python) for every index it makes,
        # and a sorting proxy makes two per comparison (~10,000 comparisons at a roster of 2,000)
        if not parent.isValid() and 0 <= row < len(self._rows) and 0 <= column < len(self._columns_):
            return self.createIndex(row, column)
        return QModelIndex()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.DisplayRole) -> Any:  # noqa: N802
        if role == _DISPLAY and orientation == Qt.Horizontal and section < len(self.columns):
            return self.columns[section].title
        return None

    EXTRA_ROLES: frozenset[int] = frozenset()
    """The roles (their numbers, :func:`role_numbers`) a subclass's
    :meth:`extra_data` answers; the model answers None to the others at once."""

    def data(self, index: Index, role: int = Qt.DisplayRole) -> Any:
        # Qt asks each visible cell a dozen roles at every paint: the roles are compared as plain
        # numbers (comparing with PySide's enum members costs ~3 µs each), the texts come made.
        if not index.isValid():
            return None
        r, c = index.row(), index.column()
        if role == _DISPLAY:
            return self.display_texts()[r][c]
        if role == _ALIGN:
            return int(self._columns_[c].align)
        if role == _TOOLTIP:
            col = self._columns_[c]
            return None if col.tooltip is None else col.tooltip(self._rows[r])
        if role == _USER:
            return self._rows[r]
        if role in self.EXTRA_ROLES:
            return self.extra_data(self._rows[r], c, role)
        return None

    def extra_data(self, row: Any, column: int, role: int) -> Any:
        return None


RIGHT = Qt.AlignRight | Qt.AlignVCenter
CENTER = Qt.AlignCenter


def _bold():
    """The application's font in bold (made once per application font)."""
    from PySide6.QtGui import QGuiApplication

    return _bold_of(QGuiApplication.font().key())


@functools.lru_cache(maxsize=4)
def _bold_of(_key: str):
    from PySide6.QtGui import QFont, QGuiApplication

    f = QFont(QGuiApplication.font())
    f.setBold(True)
    return f


class PlayersModel(RowsModel):
    """The roster: name, email, phone, and a duplicate-name warning."""

    EXTRA_ROLES = role_numbers(Qt.ForegroundRole)

    def __init__(self, parent=None) -> None:
        super().__init__(
            [
                Column("Name", lambda p: p.label),
                Column("Email", lambda p: p.email),
                Column("Phone", lambda p: p.phone),
                Column(
                    "Note",
                    lambda p: "Same name as another player" if p.duplicate_of else "",
                    tooltip=lambda p: "Check this is not the same person entered twice." if p.duplicate_of else "",
                ),
            ],
            parent,
        )

    def extra_data(self, row, column, role):
        if role == Qt.ForegroundRole and column == 3 and row.duplicate_of:
            return QBrush(QColor("#b45309"))
        return None


class CheckInModel(RowsModel):
    """Players with a checkable "Playing" column; emits ``toggled(player_id, bool)``."""

    EXTRA_ROLES = role_numbers(Qt.CheckStateRole)

    toggled = Signal(int, bool)

    def __init__(self, parent=None) -> None:
        super().__init__(
            [
                Column("Playing", lambda e: ""),
                Column("Name", lambda e: (e.label or e.name) + ("" if e.active else " (removed)")),
                Column("No.", lambda e: e.number if e.checked_in else "", RIGHT),
            ],
            parent,
        )

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        if index.column() == 0:
            return base | Qt.ItemIsUserCheckable
        return base

    def extra_data(self, row, column, role):
        if role == Qt.CheckStateRole and column == 0:
            return Qt.Checked if row.checked_in else Qt.Unchecked
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.EditRole) -> bool:  # noqa: N802
        if role == Qt.CheckStateRole and index.column() == 0:
            checked = Qt.CheckState(value) == Qt.Checked if not isinstance(value, bool) else value
            self.toggled.emit(self.rows[index.row()].player_id, checked)
            return True
        return False


@functools.cache
def seat_column_titles(size: int) -> tuple[str, ...]:
    """The seat columns of a table of ``size``: "North" .. "West" at four;
    "Seat 1 (1, 3, 5)" .. at any other, each titled with its side (the sides
    sit alternately)."""
    from euchre_tourney.rules import seat_title, seat_titles, side_of_position, side_positions

    if size == 4:
        return seat_titles(4)
    sides = tuple(", ".join(str(p + 1) for p in side_positions(side, size)) for side in (0, 1))
    return tuple(f"{seat_title(p, size)} ({sides[side_of_position(p)]})" for p in range(size))


def __getattr__(name: str) -> tuple[str, ...]:
    # SEAT_TITLES (a table of four: North .. West) and SIX_SEAT_TITLES (a table of six:
    # seats 1..6 clockwise, the sides sitting alternately), made when first asked for
    if name in ("SEAT_TITLES", "SIX_SEAT_TITLES"):
        return seat_column_titles(4 if name == "SEAT_TITLES" else 6)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class TablesModel(RowsModel):
    """One round's tables: Table, then a column per seat (North, East,
    South, West at a table of four; Seat 1 .. Seat 6 at six, each titled
    with its side: :func:`seat_column_titles`)."""

    def __init__(self, parent=None) -> None:
        super().__init__(self._columns(seat_column_titles(4)), parent)

    @staticmethod
    def _columns(titles) -> list[Column]:
        return [Column("Table", lambda t: getattr(t, "label", "") or t.number, CENTER)] + [
            Column(title, (lambda i: lambda t: t.names[i])(i)) for i, title in enumerate(titles)
        ]

    def set_rows(self, rows: Sequence[Any]) -> None:
        # the columns and the rows change in one reset: a view that measured the new columns
        # against the old rows (four names under six seats' columns) crashed the app
        titles = seat_column_titles(len(rows[0].names)) if rows else seat_column_titles(4)
        self.set_table(self.columns if [c.title for c in self.columns[1:]] == list(titles) else self._columns(titles), rows)


def side_name(side: str | Side) -> str:
    """``"NS"`` -> ``"North–South"``, ``"EW"`` -> ``"East–West"`` (:attr:`Side.title`)."""
    from euchre_tourney.rules import Side

    return Side(side).title


class HandsModel(RowsModel):
    """Hands recorded at one table; ``disputed``: the numbers of the hands
    the table disputed from its phone, marked "⚑" (set before the rows)."""

    disputed: frozenset[int] = frozenset()

    def __init__(self, parent=None) -> None:
        super().__init__(self.four_columns(), parent)

    def _number_column(self) -> Column:
        return Column("Hand", lambda h: f"{h.number} ⚑ disputed" if h.number in self.disputed else h.number, CENTER,
                      lambda h: "The table tapped Disagree on its phone: check this hand with the table and "
                                "correct it if it is wrong." if h.number in self.disputed else "")

    def set_hands(self, rows: Sequence[Any], sides: tuple[str, str] | None = None) -> None:
        """The table's hands: four-seat :class:`~euchre_tourney.tournament.HandView`
        rows (``sides`` None), or a side game's
        :class:`~euchre_tourney.tournament.SideHandView` rows with ``sides``
        naming the two sides' points columns ("Seats 1, 3, 5", ...)."""
        self.set_table(self.four_columns() if sides is None else self.side_columns(sides), rows)

    def side_columns(self, sides: tuple[str, str]) -> list[Column]:
        """A side game's hand: what happened in words (the players named), each side's points, the station."""
        return [
            self._number_column(),
            Column("Hand (as entered)", lambda h: h.text),
            Column(f"{sides[0]} points", lambda h: h.side_points[0] or "", RIGHT),
            Column(f"{sides[1]} points", lambda h: h.side_points[1] or "", RIGHT),
            Column("Station", lambda h: h.station),
        ]

    def four_columns(self) -> list[Column]:
        return [
                self._number_column(),
                Column("Makers", lambda h: side_name(h.makers)),
                Column("Tricks", lambda h: h.maker_tricks, CENTER),
                Column("Alone", lambda h: h.alone_seat.title if h.alone_seat is not None else ""),
                Column("Defender alone", lambda h: "yes" if h.defender_alone else ""),
                Column("N–S points", lambda h: h.ns_points or "", RIGHT),
                Column("E–W points", lambda h: h.ew_points or "", RIGHT),
                Column("Station", lambda h: h.station),
        ]


class StandingsModel(RowsModel):
    """Standings rows; per-round columns follow the event's round count."""

    EXTRA_ROLES = role_numbers(Qt.FontRole)

    def __init__(self, parent=None) -> None:
        super().__init__(self._columns(0), parent)

    @staticmethod
    def _columns(rounds: int) -> list[Column]:
        cols = [
            Column("Place", lambda r: f"={r.place}" if r.tied else r.place, CENTER),
            Column("No.", lambda r: r.number, RIGHT),
            Column("Name", lambda r: r.name),
            Column("Points", lambda r: r.points, RIGHT),
            Column("Played", lambda r: r.rounds_played, RIGHT),
            Column("Won", lambda r: r.rounds_won, RIGHT),
            Column("Loners", lambda r: r.loners, RIGHT),
            Column(
                "Sit-outs",
                lambda r: (f"{r.sit_outs} (+{r.sit_out_credit})" if r.sit_out_credit else r.sit_outs) if r.sit_outs else "",
                RIGHT,
            ),
        ]
        for i in range(rounds):
            cols.append(Column(f"R{i + 1}", (lambda i: lambda r: r.round_points[i])(i), RIGHT))
        return cols

    rounds = -1
    """The round columns shown (set by :meth:`set_standings`)."""

    def set_standings(self, rows: Sequence[Any], rounds: int) -> None:
        """Show ``rows`` with ``rounds`` round columns (and a Section column
        when the rows are of several sections: a split night's overall list)."""
        self.rounds = rounds
        columns = self._columns(rounds)
        if len({getattr(r, "section", "") for r in rows}) > 1:  # a split night's overall list: each player's section, last
            columns.append(Column("Section", lambda r: r.section, CENTER))
        self.set_table(columns, rows)

    def extra_data(self, row, column, role):
        if role == Qt.FontRole and column in (0, 3):
            return _bold()
        return None
