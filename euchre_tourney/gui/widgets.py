"""Small widget builders shared by the pages."""

from __future__ import annotations

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtWidgets import QAbstractItemView, QLineEdit, QTableView


def read_only_table(model) -> QTableView:
    """A row-selecting, read-only table view over ``model``."""
    view = QTableView()
    view.setModel(model)
    view.verticalHeader().hide()
    view.setEditTriggers(QAbstractItemView.NoEditTriggers)
    view.setSelectionBehavior(QAbstractItemView.SelectRows)
    view.setAlternatingRowColors(True)
    return view


def searchable_table(model, filter_column: int, parent) -> tuple[QSortFilterProxyModel, QLineEdit, QTableView]:
    """A search box filtering ``model`` on one column, and the table showing it."""
    proxy = QSortFilterProxyModel(parent)
    proxy.setSourceModel(model)
    proxy.setFilterKeyColumn(filter_column)
    proxy.setFilterCaseSensitivity(Qt.CaseInsensitive)
    search = QLineEdit()
    search.setPlaceholderText("Find a player…")
    search.setClearButtonEnabled(True)
    search.textChanged.connect(proxy.setFilterFixedString)
    table = read_only_table(proxy)
    return proxy, search, table
