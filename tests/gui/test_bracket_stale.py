"""The window's bracket saves a result with the teams and version it shows
(issue 29): a final typed on a bracket another station changed meanwhile
(a semi-final corrected) is refused in words, and nothing is stored."""

from __future__ import annotations

import datetime

from euchre_tourney import tournament as T
from euchre_tourney.gui.main_window import MainWindow


def test_a_final_saved_on_a_stale_bracket_is_refused(qtbot, gui_env, db):
    with db.session() as s:
        ids = [T.add_player(s, f"Player {i}").id for i in range(8)]
        ev = T.create_event(s, "Cup", datetime.date(2026, 11, 29), kind="team", round_scoring="game")
        for i in range(4):
            T.add_team(s, ev.id, ids[2 * i], ids[2 * i + 1], name=f"Team {i + 1}")
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.poll_timer.stop()
    window.show()
    window.reload_events(select=ev.id)
    window.tabs.setCurrentWidget(window.teams_page)
    panel = window.teams_page.bracket
    panel.seeding.setCurrentIndex(panel.seeding.findData("number"))
    panel.consolation.setChecked(False)
    assert panel.draw()
    for _ in range(2):  # both semi-finals: the upper team wins
        panel.score_a.setValue(10)
        panel.score_b.setValue(6)
        assert panel.save_result()
    final = panel._current()
    assert (final.seed_a, final.seed_b) == (1, 2)
    semi = next(m for m in panel.view.matches if m.seed_a == 1 and m.seed_b == 4)
    with db.session() as s:  # another station: (4) won that semi-final
        T.record_bracket_score(s, ev.id, semi.code, 6, 10, teams=(1, 4), expected_version=semi.version)
    panel.score_a.setValue(10)
    panel.score_b.setValue(3)
    assert not panel.save_result()
    title, message = gui_env["errors"][-1]
    assert title == "Cannot save the result" and "changed after you looked at it" in message
    with db.session() as s:
        stored = next(m for m in T.bracket_view(s, ev.id).matches if m.code == final.code)
    assert stored.score_a is None and (stored.seed_a, stored.seed_b) == (4, 2)
    window.close()
