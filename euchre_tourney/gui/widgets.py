"""Small widget builders shared by the pages."""

from __future__ import annotations

from PySide6.QtCore import QCollator, QEvent, QLocale, QObject, QRect, QSortFilterProxyModel, Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QLineEdit, QTableView, QWidget


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


def fit_rows(view: QTableView) -> None:
    """Each row of ``view`` as tall as its tallest wrapped cell at the
    columns' present widths: the view's own measure (``resizeRowsToContents``)
    first, then each cell's text measured here, because the view's measure
    can run before a column has its width and leave a two-line name on a
    one-line row."""
    view.resizeRowsToContents()
    model, fm, header = view.model(), view.fontMetrics(), view.horizontalHeader()
    if model is None:
        return
    widths = [header.sectionSize(c) - 6 for c in range(model.columnCount())]
    for r in range(model.rowCount()):
        need = 0
        for c, width in enumerate(widths):
            if width <= 0 or view.isColumnHidden(c):
                continue
            text = model.data(model.index(r, c))
            if text is None or text == "":
                continue
            need = max(need, fm.boundingRect(QRect(0, 0, width, 10_000), Qt.TextWordWrap, str(text)).height() + 8)
        if need > view.rowHeight(r):
            view.setRowHeight(r, need)


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
    numbers as numbers (a column header click sorts the table)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.collator = name_collator()

    def lessThan(self, left, right) -> bool:  # noqa: N802 - Qt's name
        a, b = left.data(Qt.DisplayRole), right.data(Qt.DisplayRole)
        if isinstance(a, (int, float)) and isinstance(b, (int, float)):
            return a < b
        return self.collator.compare("" if a is None else str(a), "" if b is None else str(b)) < 0


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


class Page(QWidget):
    """A main-window page that redraws from the use cases when data changes.

    Only the page on screen (the current tab) redraws at once; the others
    remember they are stale and redraw when they are shown (the main window
    calls :meth:`refresh_if_stale` on a tab change), so saving a hand at a
    200-player event redraws one page, not five.
    """

    CONCERNS: frozenset[str] | None = None
    """The kinds of change (:data:`tournament.KINDS`) this page draws (None:
    every kind); a :class:`~euchre_tourney.tournament.Change` of none of
    them (or of another event) does not redraw it (:meth:`concerned`)."""

    def __init__(self, ctx, parent=None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self._stale = False
        self._change = None  # the Change announced (ctx.operated) before ctx.changed
        ctx.operated.connect(self._note)
        ctx.changed.connect(self._changed)
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
