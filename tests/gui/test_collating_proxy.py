"""The sorting proxy under the roster and check-in tables: names in the
order people expect, numbers as numbers, and the order kept right when the
rows change (its ranks are worked out once per change)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel

from euchre_tourney.gui.widgets import CollatingProxy


def _model(rows):
    model = QStandardItemModel()
    for name, number in rows:
        a, b = QStandardItem(), QStandardItem()
        a.setData(name, Qt.DisplayRole)
        b.setData(number, Qt.DisplayRole)
        model.appendRow([a, b])
    return model


def _column(proxy, column):
    return [proxy.index(r, column).data() for r in range(proxy.rowCount())]


def test_names_collate_numbers_compare_and_changes_resort(qapp):
    model = _model([("Zoë", 10), ("łukasz", 9), ("Anna", 100), ("Table 10", 2), ("Table 9", 2), ("émile", 1)])
    proxy = CollatingProxy()
    proxy.setSourceModel(model)
    proxy.sort(0)
    assert _column(proxy, 0) == ["Anna", "émile", "łukasz", "Table 9", "Table 10", "Zoë"]
    proxy.sort(1)
    assert _column(proxy, 1) == [1, 2, 2, 9, 10, 100]
    proxy.sort(0, Qt.DescendingOrder)
    assert _column(proxy, 0)[0] == "Zoë"
    model.item(0, 0).setData("Aaron", Qt.DisplayRole)  # an edit: the order follows
    proxy.sort(0)
    assert _column(proxy, 0)[:2] == ["Aaron", "Anna"]
    model.appendRow([QStandardItem("Ádám"), QStandardItem("3")])  # a new row
    model.removeRow(1)  # łukasz leaves
    proxy.sort(0)
    assert _column(proxy, 0) == ["Aaron", "Ádám", "Anna", "émile", "Table 9", "Table 10"]
    fresh = _model([("Bea", 1), ("Al", 2)])
    proxy.setSourceModel(fresh)  # another model: nothing of the old one's order is kept
    proxy.sort(0)
    assert _column(proxy, 0) == ["Al", "Bea"]


def test_columns_fit_the_rows_shown_through_the_proxy(qtbot):
    """fit_columns reads a sorting proxy's texts from its source's (made once
    per reset) while no row is hidden, and from the rows shown under a search."""
    from PySide6.QtWidgets import QWidget

    from euchre_tourney.gui.models import Column, RowsModel
    from euchre_tourney.gui.widgets import fit_columns, searchable_table

    rows = [("Ann", "a@example.org"), ("Bob", "a-much-longer-address-than-any-other@example.org"), ("Cy", "c@x.org")]
    model = RowsModel([Column("Name", lambda r: r[0]), Column("Email", lambda r: r[1])])
    holder = QWidget()
    qtbot.addWidget(holder)
    _proxy, search, table = searchable_table(model, 0, holder)
    model.set_rows(rows)
    metrics = table.fontMetrics()
    fit_columns(table)
    assert table.columnWidth(1) >= metrics.horizontalAdvance(rows[1][1])
    search.setText("Ann")  # Bob's long address is not shown: the column fits what is
    fit_columns(table)
    assert metrics.horizontalAdvance(rows[0][1]) <= table.columnWidth(1) < metrics.horizontalAdvance(rows[1][1])


def test_a_rows_model_is_collated_from_its_texts(qapp):
    """The proxy ranks a RowsModel's column from the model's display texts
    (made once per reset): the same order as asking cell by cell."""
    from euchre_tourney.gui.models import Column, RowsModel

    names = ["Zoë", "łukasz", "Anna", "Table 10", "Table 9", "émile"]
    model = RowsModel([Column("Name", lambda r: r)])
    proxy = CollatingProxy()
    proxy.setSourceModel(model)
    proxy.sort(0)
    model.set_rows(names)
    assert _column(proxy, 0) == ["Anna", "émile", "łukasz", "Table 9", "Table 10", "Zoë"]
    model.set_rows(["Bea", "ádám"])  # a reset: ranked again from the new texts
    assert _column(proxy, 0) == ["ádám", "Bea"]
