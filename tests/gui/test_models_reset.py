"""A table model changes its columns and its rows in one reset, never one
without the other: a view that measured new columns against old rows (six
seats' columns over four names) crashed the app (issue 29, the walk)."""

from __future__ import annotations

import datetime
from types import SimpleNamespace

from euchre_tourney.gui.models import Column, RowsModel
from euchre_tourney.gui.season_models import SeasonStandingsModel


def _signals(model) -> list[str]:
    seen: list[str] = []
    for name in ("modelAboutToBeReset", "modelReset", "columnsInserted", "columnsRemoved", "rowsInserted",
                 "rowsRemoved", "layoutChanged", "headerDataChanged"):
        getattr(model, name).connect(lambda *_a, name=name: seen.append(name))
    return seen


def test_new_columns_and_rows_arrive_in_one_reset(qapp):
    model = RowsModel([Column("A", lambda r: r[0])])
    model.set_rows([(1,)])
    seen = _signals(model)
    model.set_table([Column("A", lambda r: r[0]), Column("B", lambda r: r[1])], [(1, 2), (3, 4)])
    assert seen == ["modelAboutToBeReset", "modelReset"]
    assert (model.columnCount(), model.rowCount()) == (2, 2)
    assert model.data(model.index(1, 1)) == "4"


def test_the_season_standings_gain_a_night_column_in_the_same_reset_as_their_rows(qapp):
    model = SeasonStandingsModel()
    seen = _signals(model)
    row = SimpleNamespace(place_text="1", name="Ann", score_text="10", nights=1, points=10, rounds_won=2, loners=0,
                          night_scores={7: 10}, counted={7})
    model.set_standings([row], [(7, "Friday", datetime.date(2026, 11, 20), "progressive")])
    assert seen == ["modelAboutToBeReset", "modelReset"]
    assert model.columnCount() == 8 and model.data(model.index(0, 7)) == "10"
