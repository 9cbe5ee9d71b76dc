"""A late arrival at a 40-player, 8-round night, driven through the widgets:
check-in by keyboard, the re-plan choice with its counts, the list of changed
cards and *Print changed cards* (exactly those cards, and the wall chart)."""

from __future__ import annotations

import datetime
import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox
from pypdf import PdfReader

from euchre_tourney import tournament as T
from euchre_tourney.gui import replan
from euchre_tourney.gui.main_window import MainWindow
from euchre_tourney.rules import HandEntry, Side


@pytest.fixture
def window(qtbot, gui_env, db):
    w = MainWindow(db)
    qtbot.addWidget(w)
    return w


@pytest.fixture
def club_night(window):
    ctx = window.ctx
    ids = [ctx.run(T.add_player, f"Member {i:02d}").id for i in range(40)]
    view = window.create_event(name="Club", date=datetime.date(2026, 2, 3), rounds=8, hands_per_round=4)
    window.event_page.set_checked_in(ids, True)
    window.tabs.setCurrentWidget(window.rotation_page)
    assert window.rotation_page.generate()
    ctx.run(T.record_hand, view.id, 1, 1, 1, HandEntry(Side.NS, 3))
    ctx.changed.emit()
    return view


def card_numbers(path) -> set[tuple[int, str]]:
    found = set()
    for page in PdfReader(path).pages:
        for line in page.extract_text().splitlines():
            m = re.fullmatch(r"#(\d+) (.+?)(?: Scorecard)?", line.strip())
            if m:
                found.add((int(m.group(1)), m.group(2)))
    return found


def later_player_rounds(before, after) -> int:
    old = {c.number: c for c in before}
    return sum(a != b for c in after if c.number in old for a, b in zip(old[c.number].rounds[1:], c.rounds[1:]))


@pytest.mark.parametrize("choose_rebalance", [False, True])
def test_late_arrival_keeps_seats_and_prints_only_changed_cards(
    window, club_night, qtbot, monkeypatch, tmp_path, choose_rebalance
):
    seen = []

    def drive(dialog):  # the director reads the dialog and presses its buttons
        dialog.show()
        seen.append(dialog)
        if isinstance(dialog, replan.ReplanDialog):
            assert dialog.keep.isChecked()  # keeping others' seats is the default
            if choose_rebalance:
                qtbot.mouseClick(dialog.rebalance, Qt.LeftButton)
            qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.Ok), Qt.LeftButton)
            return dialog.result() == QDialog.Accepted
        return True

    monkeypatch.setattr(replan, "run_dialog", drive)
    before = window.ctx.run(T.scorecards, club_night.id)
    late = window.ctx.run(T.add_player, "Latecomer Lou")
    window.ctx.changed.emit()
    page = window.event_page
    window.tabs.setCurrentWidget(page)
    qtbot.keyClicks(page.search, "Latecomer")
    assert page.proxy.rowCount() == 1
    page.table.setFocus()
    page.table.selectRow(0)
    qtbot.keyClick(page.table, Qt.Key_Space)

    choice, listing = seen
    counts = [int(re.search(r"(\d+) player", b.text()).group(1)) for b in (choice.keep, choice.rebalance)]
    assert "from round 2 on, 41 players" in choice.intro.text()
    after = window.ctx.run(T.scorecards, club_night.id)
    changed = T.changed_scorecards(before, after)
    assert any(c.player_name == "Latecomer Lou" for c in after)
    assert listing.list.count() == len(changed) == counts[choose_rebalance]
    moved = later_player_rounds(before, after)
    if choose_rebalance:
        assert moved > 200
    else:
        assert moved <= 28 and counts[0] < counts[1]
    window.grab().save(str(tmp_path / "window.png"))

    out = tmp_path / "changed.pdf"
    monkeypatch.setattr(replan.QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    qtbot.mouseClick(listing.print_button, Qt.LeftButton)
    assert card_numbers(out) == {(c.number, c.player_name) for c in changed}
    chart = listing.chart_path(out)
    assert chart.exists() and "Latecomer Lou" in "".join(p.extract_text() for p in PdfReader(chart).pages)
    assert "Saved changed.pdf" in listing.saved.text()


def test_cancelling_the_choice_changes_nothing(window, club_night, qtbot, monkeypatch):
    monkeypatch.setattr(replan, "run_dialog", lambda dialog: False)
    before = window.ctx.run(T.rotation_view, club_night.id)
    late = window.ctx.run(T.add_player, "Latecomer Lou")
    assert not window.event_page.set_checked_in([late.id], True)
    assert window.ctx.run(T.rotation_view, club_night.id) == before
    assert not any(e.checked_in for e in window.ctx.run(T.entrants, club_night.id) if e.player_id == late.id)


def test_rotation_page_replan_offers_the_same_choice(window, club_night, qtbot, monkeypatch):
    seen = []

    def drive(dialog):
        dialog.show()
        seen.append(dialog)
        if isinstance(dialog, replan.ReplanDialog):
            assert dialog.keep.text().startswith("&Keep others' seats: 0 players'")  # nobody came or went
            qtbot.mouseClick(dialog.rebalance, Qt.LeftButton)
            qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.Ok), Qt.LeftButton)
            return dialog.result() == QDialog.Accepted
        return True

    monkeypatch.setattr(replan, "run_dialog", drive)
    page = window.rotation_page
    window.tabs.setCurrentWidget(page)
    before = page.view.rounds
    qtbot.mouseClick(page.replan_button, Qt.LeftButton)
    choice, listing = seen
    assert page.view.rounds[0] == before[0] and page.view.rounds[1:] != before[1:]
    assert listing.list.count() == int(re.search(r"(\d+) players", choice.rebalance.text()).group(1)) > 0


def test_the_changed_cards_stay_reachable_until_the_rotation_changes(window, club_night, qtbot, monkeypatch):
    """Issue 20: after Esc on the list, File ▸ Changed cards and the Rotation
    page's button bring it back (a hand saved meanwhile does not matter);
    once the rotation changes again (here: undo) they are gone."""
    seen = []

    def drive(dialog):
        seen.append(dialog)
        if isinstance(dialog, replan.ReplanDialog):
            return True
        dialog.show()
        qtbot.keyClick(dialog, Qt.Key_Escape)  # the director closes the list
        return False

    monkeypatch.setattr(replan, "run_dialog", drive)
    late = window.ctx.run(T.add_player, "Latecomer Lou")
    window.ctx.changed.emit()
    assert window.event_page.set_checked_in([late.id], True)
    first = seen[-1]
    assert isinstance(first, replan.ChangedCardsDialog) and first.list.count() > 0
    page = window.rotation_page
    window.tabs.setCurrentWidget(page)
    assert window.changed_cards_action.isEnabled() and page.changed_cards_button.isVisibleTo(page)
    window.ctx.operate("Save hand", T.record_hand, club_night.id, 1, 1, 2, HandEntry(Side.EW, 3), event_id=club_night.id)
    window.changed_cards_action.trigger()
    again = seen[-1]
    assert again is not first and [again.list.item(i).text() for i in range(again.list.count())] == [
        first.list.item(i).text() for i in range(first.list.count())
    ]
    assert again.print_button.isEnabled()
    qtbot.mouseClick(page.changed_cards_button, Qt.LeftButton)
    assert seen[-1] is not again and seen[-1].list.count() == first.list.count()
    window.undo_action.trigger()  # the hand
    assert window.changed_cards_action.isEnabled()
    window.undo_action.trigger()  # the late arrival's re-plan: the list is out of date
    assert not window.changed_cards_action.isEnabled() and not page.changed_cards_button.isVisibleTo(page)
