"""Small widget builders shared by the pages."""

from __future__ import annotations

import functools
from collections.abc import Iterable

from PySide6.QtCore import QCollator, QEvent, QLocale, QObject, QRect, QSortFilterProxyModel, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QFontMetrics, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from euchre_tourney.gui.models import RowsModel


def read_only_table(model) -> QTableView:
    """A row-selecting, read-only table view over ``model``."""
    view = QTableView()
    view.setModel(model)
    view.verticalHeader().hide()
    view.setEditTriggers(QAbstractItemView.NoEditTriggers)
    view.setSelectionBehavior(QAbstractItemView.SelectRows)
    view.setAlternatingRowColors(True)
    return view


def wrap_cells(view: QTableView) -> None:
    """Let ``view``'s cells wrap at spaces instead of ending in "…", each
    row as tall as its text (call again after the rows change); one-line
    rows keep the usual height."""
    view.setWordWrap(True)
    view.setTextElideMode(Qt.ElideNone)
    view.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOn)  # taller rows never narrow the columns they were measured for
    rows = view.verticalHeader()
    rows.setMinimumSectionSize(rows.defaultSectionSize())
    if view.viewport().findChild(_RowsFollowWidth) is None:
        view.viewport().installEventFilter(_RowsFollowWidth(view))
    fit_rows(view)


CELL_MARGIN = 10
"""Pixels a cell needs beyond its text's width (the delegate's margins and the grid line)."""


def cell_texts(model) -> list[list[str]]:
    """Every cell's display text, row by row: a :class:`~.models.RowsModel`'s
    own (made once per reset), else asked of the model cell by cell."""
    texts = getattr(model, "display_texts", None)
    if texts is not None:
        return texts()
    return [
        ["" if (v := model.data(model.index(r, c))) is None else str(v) for c in range(model.columnCount())]
        for r in range(model.rowCount())
    ]


def _unordered_cell_texts(model) -> list[list[str]]:
    """:func:`cell_texts`, the rows in any order: a sorting proxy that hides
    no row nor column shows its source's cells, whose texts are made once
    per reset (asking the proxy cell by cell costs ~0.1 s at 2,000 rows)."""
    source = model.sourceModel() if isinstance(model, QSortFilterProxyModel) else None
    if (
        source is not None and getattr(source, "display_texts", None) is not None
        and model.rowCount() == source.rowCount() and model.columnCount() == source.columnCount()
    ):
        return source.display_texts()
    return cell_texts(model)


def _column_metrics(view: QTableView, model, column: int) -> QFontMetrics:
    font = model.data(model.index(0, column), Qt.FontRole) if model.rowCount() else None
    return QFontMetrics(font) if isinstance(font, QFont) else view.fontMetrics()


def fit_columns(view: QTableView, skip: Iterable[int] = ()) -> None:
    """Each column of ``view`` (but those in ``skip``) as wide as its title
    and its widest text, measured here from the model's texts, each
    different text once, instead of by the view (which asks every cell for
    a dozen things: half a second for a 100-player standings table)."""
    model, header = view.model(), view.horizontalHeader()
    if model is None:
        return
    texts = _unordered_cell_texts(model)
    skipped = set(skip)
    for c in range(model.columnCount()):
        if c in skipped or view.isColumnHidden(c):
            continue
        fm = _column_metrics(view, model, c)
        widest = max((fm.horizontalAdvance(t) for t in {row[c] for row in texts} if t), default=0)
        header.resizeSection(c, max(header.sectionSizeHint(c), widest + CELL_MARGIN))


def fit_rows(view: QTableView) -> None:
    """Each row of ``view`` as tall as its tallest wrapped cell at the
    columns' present widths (one-line rows: the usual height), measured
    here from the model's texts: only a text wider than its column is
    measured wrapped."""
    model, header, rows = view.model(), view.horizontalHeader(), view.verticalHeader()
    if model is None:
        return
    texts = cell_texts(model)
    columns = [
        (c, header.sectionSize(c) - 6, _column_metrics(view, model, c))
        for c in range(model.columnCount()) if not view.isColumnHidden(c) and header.sectionSize(c) > 6
    ]
    usual = rows.defaultSectionSize()
    for r, row in enumerate(texts):
        need = usual
        for c, width, fm in columns:
            text = row[c]
            if text and (fm.horizontalAdvance(text) > width or "\n" in text):
                need = max(need, fm.boundingRect(QRect(0, 0, width, 10_000), Qt.TextWordWrap, text).height() + 8)
        if rows.sectionSize(r) != need:
            rows.resizeSection(r, need)


class _RowsFollowWidth(QObject):
    """Re-measures a wrapping table's rows once its width has settled (the
    window resized: the columns follow the viewport's resize, so the
    measuring waits for the event loop)."""

    def __init__(self, view: QTableView) -> None:
        super().__init__(view.viewport())
        self.view = view
        self.pending = False

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Resize and not self.pending:
            self.pending = True
            QTimer.singleShot(0, self._measure)
        return False

    def _measure(self) -> None:
        self.pending = False
        fit_rows(self.view)


class UndoPassThrough(QObject):
    """An event filter for text boxes: Ctrl+Z (Ctrl+Y, Ctrl+Shift+Z) undoes
    the box's own typing while it has any, and otherwise reaches the menu's
    Edit ▸ Undo (Redo), so the last hand can be undone without leaving the
    box. Install it on each ``QLineEdit`` (spin boxes' included)."""

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.ShortcutOverride and isinstance(obj, QLineEdit):
            if (event.matches(QKeySequence.Undo) and not obj.isUndoAvailable()) or (
                event.matches(QKeySequence.Redo) and not obj.isRedoAvailable()
            ):
                event.ignore()  # not the box's: the window's shortcut takes it
                return True
        return False


class StoredHandsTable(QTableView):
    """A table of stored hands that a typist's keys cannot reach by accident:
    no type-ahead (Qt's views jump to the row whose text starts with the
    keys typed, so a tricks digit typed into a finished table selected that
    hand number). Arrows, Page Up/Down and the mouse still select."""

    def keyboardSearch(self, _text: str) -> None:  # noqa: N802 - Qt's name
        pass


class StoredHandsList(QListWidget):
    """:class:`StoredHandsTable` as a list (a side game's hands)."""

    def keyboardSearch(self, _text: str) -> None:  # noqa: N802 - Qt's name
        pass


def name_collator() -> QCollator:
    """A ``QCollator`` for people's names in the user's language (Ł beside L,
    É beside E, case ignored, "Table 10" after "Table 9"); the plain "C"
    locale of a bare system falls back to English so accents still sort."""
    locale = QLocale()
    if locale.language() in (QLocale.C, QLocale.AnyLanguage):
        locale = QLocale(QLocale.English)
    collator = QCollator(locale)
    collator.setCaseSensitivity(Qt.CaseInsensitive)
    collator.setNumericMode(True)
    return collator


class CollatingProxy(QSortFilterProxyModel):
    """A filter/sort proxy that orders text with :func:`name_collator` and
    numbers as numbers (a column header click sorts the table).

    Each column's order is worked out once (a rank per row, from the
    collator's sort keys) and kept until the source model changes: a sort
    of 2,000 names then compares two integers per call instead of asking
    the model for both cells and collating them (13,000 calls of ~60 µs at
    a 2,000-player roster's start)."""

    _CHANGES = ("modelAboutToBeReset", "dataChanged", "rowsAboutToBeInserted", "rowsAboutToBeRemoved",
                "rowsAboutToBeMoved", "layoutAboutToBeChanged", "columnsAboutToBeInserted", "columnsAboutToBeRemoved")

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.collator = name_collator()
        self._ranks: dict[int, list[int]] = {}

    def setSourceModel(self, model) -> None:  # noqa: N802 - Qt's name
        old = self.sourceModel()
        if old is not None:
            for name in self._CHANGES:
                getattr(old, name).disconnect(self._forget)
        if model is not None:  # connected before the proxy's own slots, so the ranks are gone before it re-sorts
            for name in self._CHANGES:
                getattr(model, name).connect(self._forget)
        self._ranks = {}
        super().setSourceModel(model)

    def _forget(self, *_args) -> None:
        self._ranks = {}

    def _rank(self, column: int) -> list[int]:
        """Each source row's place in ``column``'s order (equal cells share one)."""
        model = self.sourceModel()
        if isinstance(model, RowsModel):  # its display texts, made once per reset: no call per cell
            values = [row[column] for row in model.display_texts()]
        else:
            values = [model.index(row, column).data(Qt.DisplayRole) for row in range(model.rowCount())]
        if all(isinstance(v, (int, float)) for v in values):
            keys = values
        else:
            sort_key = self.collator.sortKey
            keys = [sort_key("" if v is None else str(v)) for v in values]
        order = sorted(range(len(keys)), key=keys.__getitem__)
        ranks = [0] * len(keys)
        place = 0
        for i, row in enumerate(order):
            if i and keys[order[i - 1]] < keys[row]:
                place = i
            ranks[row] = place
        self._ranks[column] = ranks
        return ranks

    def lessThan(self, left, right) -> bool:  # noqa: N802 - Qt's name
        a, b = left.row(), right.row()  # each question to an index is a call into Qt
        ranks = self._ranks.get(column := left.column())
        if ranks is None or len(ranks) <= max(a, b):
            ranks = self._rank(column)
        return ranks[a] < ranks[b]


def searchable_table(model, filter_column: int, parent) -> tuple[QSortFilterProxyModel, QLineEdit, QTableView]:
    """A search box filtering ``model`` on one column, and the table showing
    it, sorted by that column with :class:`CollatingProxy` (click a header to
    sort by another)."""
    proxy = CollatingProxy(parent)
    proxy.setSourceModel(model)
    proxy.setFilterKeyColumn(filter_column)
    proxy.setFilterCaseSensitivity(Qt.CaseInsensitive)
    search = QLineEdit()
    search.setPlaceholderText("Find a player…")
    search.setClearButtonEnabled(True)
    search.textChanged.connect(proxy.setFilterFixedString)
    table = read_only_table(proxy)
    table.setTabKeyNavigation(False)  # Tab leaves the list (arrows move in it)
    table.setSortingEnabled(True)
    table.sortByColumn(filter_column, Qt.AscendingOrder)
    return proxy, search, table


def _later_off_screen(refresh):
    """``refresh`` (a page's) that, while the window builds its pages
    (``ctx.filling_later``), only marks a page that is not on screen stale:
    it fills in when first shown (:meth:`Page.refresh_if_stale`), and the
    window's start pays for the page shown only (a season's ratings, a
    roster of 2,000 are read when their tab is opened)."""

    @functools.wraps(refresh)
    def draw(page, *args, **kwargs):
        if page.FILL_WHEN_SHOWN and getattr(page.ctx, "filling_later", False) and not page.on_screen():
            page._stale = True
            return None
        return refresh(page, *args, **kwargs)

    return draw


class Page(QWidget):
    """A main-window page that redraws from the use cases when data changes.

    Only the page on screen (the current tab) redraws at once; the others
    remember they are stale and redraw when they are shown (the main window
    calls :meth:`refresh_if_stale` on a tab change), so saving a hand at a
    200-player event redraws one page, not five.
    """

    FILL_WHEN_SHOWN = True
    """Whether the page, built while not on screen, may wait to fill in until
    first shown (:func:`_later_off_screen`); False for a page whose widgets
    need their first fill at once (the Teams page's bracket drawing)."""

    FOLLOWS_EVENT = True
    """Whether the page shows the current event, and so redraws when another
    event is chosen; False for a page that spans the events (the Season page:
    switching events while it is shown read every night of the season again)."""

    CONCERNS: frozenset[str] | None = None
    """The kinds of change (:data:`tournament.KINDS`) this page draws (None:
    every kind); a :class:`~euchre_tourney.tournament.Change` of none of
    them (or of another event) does not redraw it (:meth:`concerned`)."""

    def __init_subclass__(cls, **kwargs) -> None:
        # every page's refresh draws through unreadable.guarded: a part of the file it cannot
        # read shows its sentence on the page instead of stopping the window (issue 29 item 5)
        super().__init_subclass__(**kwargs)
        if "refresh" in cls.__dict__:
            from euchre_tourney.gui.unreadable import guarded

            cls.refresh = _later_off_screen(guarded(cls.__dict__["refresh"]))

    def __init__(self, ctx, parent=None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self._stale = False
        self._change = None  # the Change announced (ctx.operated) before ctx.changed
        ctx.operated.connect(self._note)
        ctx.changed.connect(self._changed)
        if self.FOLLOWS_EVENT:
            ctx.event_changed.connect(self.data_changed)

    def _note(self, change) -> None:
        self._change = change

    def _changed(self) -> None:
        change, self._change = self._change, None
        if change is None or self.concerned(change):  # a change without a Change: assume it concerns
            self.data_changed()

    def concerned(self, change) -> bool:
        """Whether ``change`` (a :class:`~euchre_tourney.tournament.Change`)
        concerns what this page shows (pages narrow it to a round or table)."""
        return change.concerns(self.ctx.event_id, change.kinds if self.CONCERNS is None else self.CONCERNS)

    def take(self, change) -> None:
        """Another station's change, seen by the station poll: redraw if it concerns this page."""
        if self.concerned(change):
            self.data_changed()

    def refresh(self) -> None:  # pragma: no cover - every page overrides it
        raise NotImplementedError

    def on_screen(self) -> bool:
        return self.isVisibleTo(self.window())

    def data_changed(self, *_args) -> None:
        if self.on_screen():
            self._stale = False
            self.refresh()
        else:
            self._stale = True

    def refresh_if_stale(self) -> None:
        if self._stale:
            self._stale = False
            self.refresh()


class SectionChooser(QComboBox):
    """Which section a page shows in a night split into sections: "Every
    section" or one ("Section B"). Hidden for a night in one room. On a
    window opened on one section (a captain's laptop: ``ctx.section``) it
    shows that section alone and cannot be changed. ``chosen`` fires with
    the new choice."""

    chosen = Signal(object)

    def __init__(self, ctx, parent=None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setAccessibleName("Section")
        self.setToolTip("Show one section of the night, or every section")
        self._names: tuple[str, ...] = ()
        self.setVisible(False)
        self.currentIndexChanged.connect(lambda _i: self.chosen.emit(self.section()))

    def section(self) -> str | None:
        """The section chosen ("B"), None for every section."""
        fixed = getattr(self.ctx, "section", None)
        if fixed:
            return fixed
        data = self.currentData()
        return data if data else None

    def load(self, names) -> None:
        """Offer ``names`` (the night's sections), keeping the choice when it is still one of them."""
        names = tuple(names)
        fixed = getattr(self.ctx, "section", None)
        self.setVisible(bool(names))
        if names == self._names:
            return
        keep = self.section()
        self._names = names
        self.blockSignals(True)
        self.clear()
        if fixed:
            self.addItem(f"Section {fixed}", fixed)
            self.setEnabled(False)
        else:
            self.addItem("Every section", None)
            for n in names:
                self.addItem(f"Section {n}", n)
            self.setEnabled(True)
            at = self.findData(keep) if keep else 0
            self.setCurrentIndex(max(0, at))
        self.blockSignals(False)


def roster_sentence(players) -> str:
    """The Players page's count line: "12 players on the roster." and, when
    some share a name (``duplicate_of`` set), how many to check."""
    dups = sum(1 for p in players if p.duplicate_of)
    text = f"{len(players)} player{'' if len(players) == 1 else 's'} on the roster."
    if dups:
        text += f"  {dups} share a name with someone else: check they are not entered twice."
    return text


def roster_layout(page: QWidget, search: QLineEdit, buttons: Iterable[QPushButton], table: QTableView,
                  count: QLabel) -> QVBoxLayout:
    """The Players page's layout (the page and its first look): the search box
    and the buttons on top, the list, the count line."""
    top = QHBoxLayout()
    top.addWidget(search, 1)
    for b in buttons:
        top.addWidget(b)
    layout = QVBoxLayout(page)
    layout.addLayout(top)
    layout.addWidget(table, 1)
    layout.addWidget(count)
    return layout


def checkin_box(search: QLineEdit, everyone: QPushButton, no_one: QPushButton, table: QTableView,
                count: QLabel, cards: QPushButton) -> QGroupBox:
    """The Event page's check-in box (the page and its first look): search and
    the two "everyone" buttons, the list, the count line and the cards button."""
    box = QGroupBox("Who is playing tonight (Space toggles the selected player)")
    cl = QVBoxLayout(box)
    row = QHBoxLayout()
    row.addWidget(search, 1)
    row.addWidget(everyone)
    row.addWidget(no_one)
    cl.addLayout(row)
    cl.addWidget(table, 1)
    bottom = QHBoxLayout()
    bottom.addWidget(count, 1)
    bottom.addWidget(cards, 0, Qt.AlignTop)
    cl.addLayout(bottom)
    return box
