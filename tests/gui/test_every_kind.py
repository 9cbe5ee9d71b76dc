"""Issue 29 item 4: every kind of event on every page and in every report.

One club file holds a night of each kind (:mod:`every_kind`: progressive
four, six-player, bid euchre with four and with five checked in, team round
robin / Swiss / king of the hill, single and double elimination, round
totals, a night split into sections), each with its rotation and hands or
results, and a season over them all. The matrix, for each kind:

* **open** -- the window opens the file (in the background, as the app
  does) with that night as the last event shown;
* **page** -- every page is shown on that night: Players, Event, Rotation,
  Scores (round 1, table 1 picked where the night has tables), Standings,
  Teams, Season, the member page of one of its players, the projector
  (standings, season, bracket), and the phones' pages (the web app's test
  client: home, standings, projector, a player, a table, the director);
* **report** -- every report of ``reports/registry.py`` is printed (the
  event's through the window's own ``save_pdf``; the season's, the member's
  and the bracket's as their pages print them); a report that does not
  apply to a kind is refused with a sentence, never an exception;
* **close** -- the window closes.

Each step asserts that nothing was raised: no exception reached Qt (pytest-qt
fails the test), the bug dialog was not asked for, no page is covered by
"cannot be shown" (``euchre-tourney check`` finds nothing impossible in the
file), and no error box was shown unless the step expects its sentence. The file is built once per
module; one window per kind stays open from its "open" to its "close"."""

from __future__ import annotations


import pytest
from PySide6.QtCore import QCoreApplication, QSettings, Qt, QThreadPool

from euchre_tourney import tournament as T
from euchre_tourney.reports import REPORTS, SEASON_REPORTS, report
from euchre_tourney.rules import side_title
from euchre_tourney.rules.tables import TABLE_PRESETS
from euchre_tourney.store import open_database

from tests.gui import every_kind
from tests.gui.every_kind import BRACKETS, KINDS, TEAMS

SIDE_GAMES = {"six_player": "six_player_33", "bid_four": "bid_four", "bid_five_players": "bid_four"}
"""The kinds whose night is a side game, and its game."""
PAGES = ("players", "event", "rotation", "scores", "standings", "teams", "season", "member", "projector", "phones")
REPORT_NAMES = tuple(r.name for r in REPORTS + SEASON_REPORTS)

NOT_FOR = {
    # report → the kinds it does not apply to (refused with a sentence)
    "bracket": set(KINDS) - set(BRACKETS),
    "bracket-large": set(KINDS) - set(BRACKETS),
    "scorecards": set(BRACKETS),
    "tally-sheets": set(BRACKETS),
    "rotation-chart": set(BRACKETS),
    # the tables' phones do not enter a bracket's matches (a six-player or bid night's hands they do)
    "phone-howto": set(BRACKETS),
}


@pytest.fixture(scope="module")
def club(tmp_path_factory, sqlite_template):
    """The club file with a night of every kind: (path, what :func:`every_kind.build` returns)."""
    return every_kind.club_file(tmp_path_factory.mktemp("every_kind"), sqlite_template)


@pytest.fixture(scope="module")
def room(qapp, tmp_path_factory):
    """The module's windows (kind → MainWindow), Qt settings in a temporary
    folder, and every error box, question and bug dialog recorded instead
    of shown (as ``gui_env`` does for one test)."""
    from euchre_tourney.gui import context, errors
    from euchre_tourney.gui.app import make_application

    make_application()
    QSettings.setDefaultFormat(QSettings.IniFormat)
    QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, str(tmp_path_factory.mktemp("settings")))
    shown: dict[str, list] = {"errors": [], "unexpected": [], "info": []}
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(errors, "show_unexpected", lambda _p, title, exc: shown["unexpected"].append((title, exc)))
        mp.setattr(context, "show_error", lambda _p, title, msg: shown["errors"].append((title, msg)))
        mp.setattr(context, "ask", lambda _p, _t, _q: True)
        mp.setattr(context, "inform", lambda _p, title, msg: shown["info"].append((title, msg)))
        state = {"windows": {}, "shown": shown}
        yield state
        for w in state["windows"].values():
            w.close()
            w.deleteLater()
        _settle()


def _settle() -> None:
    """Let the background reads a step started end and deliver their results."""
    for _ in range(3):
        QThreadPool.globalInstance().waitForDone()
        QCoreApplication.processEvents()


def _clean(room, expect_sentence: bool = False) -> list:
    """No bug dialog; error boxes only when a sentence is expected (returned and cleared)."""
    shown = room["shown"]
    assert shown["unexpected"] == [], shown["unexpected"]
    said = list(shown["errors"])
    shown["errors"].clear()
    shown["info"].clear()
    if not expect_sentence:
        assert said == [], said
    return said


def _uncovered(w) -> None:
    """No page of the window is covered by "cannot be shown" (the file holds nothing impossible)."""
    from euchre_tourney.gui.unreadable import cover_of

    for page in (w.roster_page, w.event_page, w.rotation_page, w.scores_page, w.standings_page, w.teams_page, w.season_page):
        cover = cover_of(page)
        assert cover is None, cover.text()


def _window(qtbot, club, room, kind):
    """The window on the ``kind`` night, opened here when no test of this
    worker opened it yet (each test stands alone, e.g. under pytest-xdist)."""
    w = room["windows"].get(kind)
    if w is None:
        w = _open(qtbot, club, room, kind)
    return w


@pytest.mark.parametrize("kind", KINDS)
def test_open(qtbot, club, room, kind):
    old = room["windows"].pop(kind, None)
    if old is not None:
        old.close()
        old.deleteLater()
        _settle()
    _open(qtbot, club, room, kind)


def _open(qtbot, club, room, kind):
    """Open the club file on the ``kind`` night's Standings page, as a director would; the window, checked."""
    from euchre_tourney.gui.main_window import MainWindow

    path, info = club
    settings = QSettings()
    settings.setValue("last_event", info["events"][kind])
    settings.setValue("last_tab", PAGES.index("standings"))
    w = MainWindow()
    w.show()
    # a window stuck at "Opening …" fails here (after a first one, sooner: the same file)
    with qtbot.waitSignal(w.opened, timeout=10_000 if room.get("stuck") else 60_000):
        room["stuck"] = True
        w.open_in_background(str(path))
        w._opener.start()
    room["stuck"] = False
    w.poll_timer.stop()  # the test shows each page itself
    _settle()
    room["windows"][kind] = w
    assert w.ctx.event_id == info["events"][kind]
    _uncovered(w)
    _clean(room)
    return w


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("kind", KINDS)
def test_page(qtbot, club, room, kind, page):
    w = _window(qtbot, club, room, kind)
    path, info = club
    event_id = info["events"][kind]
    if page == "member":
        dialog = w.season_page.player_dialog(info["players"][kind])
        dialog.show()
        _settle()
        assert dialog.view.nights, "the member's page lists the night"
        model = dialog.nights_model
        game_column = next(c for c in range(model.columnCount()) if model.headerData(c, Qt.Horizontal) == "Game")
        shown = {model.data(model.index(r, game_column)) for r in range(model.rowCount())}
        if kind in SIDE_GAMES:  # the member's page lists the side game's night and says which game it was
            night = next(n for n in dialog.view.nights if n.event_id == event_id)
            assert night.game == TABLE_PRESETS[SIDE_GAMES[kind]].title and night.game in shown, shown
            assert night.rounds_played + night.sit_outs  # the bid night of five: a sit-out first
            assert not night.rounds_played or len(night.opponents) == (3 if kind == "six_player" else 2)
        dialog.close()
        dialog.deleteLater()
    elif page == "projector":
        w.tabs.setCurrentWidget(w.standings_page)
        w.standings_page.show_projector()
        w.tabs.setCurrentWidget(w.season_page)
        w.season_page.show_projector()
        if kind in BRACKETS:
            w.tabs.setCurrentWidget(w.teams_page)
            _settle()
            w.teams_page.bracket.show_projector()
        _settle()
        for projector in (w.standings_page.projector, w.season_page.projector, w.teams_page.bracket.projector):
            if projector is not None:
                projector.close()
    elif page == "phones":
        _phones(w.db, event_id, info["secrets"][kind], SIDE_GAMES.get(kind))
    else:
        target = {
            "players": w.roster_page, "event": w.event_page, "rotation": w.rotation_page, "scores": w.scores_page,
            "standings": w.standings_page, "teams": w.teams_page, "season": w.season_page,
        }[page]
        w.tabs.setCurrentWidget(target)
        target.refresh_if_stale()
        _settle()
        if page == "scores" and kind not in BRACKETS:
            w.scores_page.select(1, 1)
            _settle()
        w.grab()  # paint it
        if page == "season":  # the night counts in the season and its players are rated
            view = w.season_page.view
            assert event_id in [e for e, *_ in view.season.events] and view.rows
            assert any(event_id in r.night_scores for r in view.rows), "the night counts for its players"
        if page == "standings" and kind not in BRACKETS:
            assert w.standings_page.view is not None and w.standings_page.view.rows
        if page == "standings" and kind == "sectioned":  # honest about sections at different rounds
            view = w.standings_page.view
            assert [(n, a) for n, a, _s in view.section_status] == [("A", 1), ("B", 0)]
            assert "Section A: after round 1" in view.status and {r.section for r in view.rows} == {"A", "B"}
        if page == "rotation" and kind == "sectioned":
            assert w.rotation_page.section.isVisible() and w.rotation_page.model.index(0, 0).data() == "A-1"
        if page == "standings" and kind == "six_player":  # loners counted at six, and break ties as at four
            view = w.standings_page.view
            assert sum(r.loners for r in view.rows) == 2 and view.tie_breaks == T.TIE_BREAKS
        if page == "scores" and kind in SIDE_GAMES:  # time is called at a side game's table as at four
            assert w.scores_page.round_box.time_called.isVisibleTo(w.scores_page)
    assert w.ctx.event_id == event_id
    _uncovered(w)
    _clean(room)


def _phones(db, event_id: int, secrets: dict[int, str], game: str | None) -> None:
    """Every phone page of the night answers without a fault; a table's page
    is the table's (a side game's too: its sides in the seat model's words and
    its hand form)."""
    from starlette.testclient import TestClient

    from euchre_tourney.web import create_app

    with db.session() as s:
        T.set_director_pin(s, event_id, "2468")
    with TestClient(create_app(db, event_id), raise_server_exceptions=True) as c:
        paths = ["/", "/standings", "/projector", "/player/1", "/director", "/captain", "/stamp"]
        paths += [f"/t/{table}?k={secret}" for table, secret in sorted(secrets.items())[:2]]
        for url in paths:
            r = c.get(url)
            assert r.status_code < 500, (url, r.status_code, r.text[:300])
            for wrong in ("could not answer", "built-in method", "Traceback", "None"):
                assert wrong not in r.text, (url, wrong)
            if url.startswith("/t/"):  # a table's page, whatever the game
                assert r.status_code == 200, (url, r.text[:300])
                size = TABLE_PRESETS[game].players if game else 4
                assert all(side_title(side, size) in r.text for side in (0, 1)), (url, r.text[:300])
                if game:
                    assert 'name="form" value="side"' in r.text, url  # the side game's hand form


@pytest.mark.parametrize("name", REPORT_NAMES)
@pytest.mark.parametrize("kind", KINDS)
def test_report(qtbot, club, room, tmp_path, kind, name):
    w = _window(qtbot, club, room, kind)
    path, info = club
    out = tmp_path / f"{kind}-{name}.pdf"
    refused = kind in NOT_FOR.get(name, set())
    if name in {r.name for r in REPORTS}:
        done = w.save_pdf(name, str(out))
        said = _clean(room, expect_sentence=refused)
        assert done is not refused, said
        if refused:
            assert said and said[0][1].endswith((".", ":")), said
    elif name == "season-sheets":
        w.season_page.save_pdf(str(out))
    elif name == "player-page":
        dialog = w.season_page.player_dialog(info["players"][kind])
        dialog.save_pdf(str(out))
        dialog.deleteLater()
    elif refused:  # a bracket of a night that has none: a sentence
        with pytest.raises(T.TournamentError) as caught:
            w.ctx.run(T.season_report_data, info["events"][kind], name)
        assert caught.value.message.endswith(".")
    else:
        w.tabs.setCurrentWidget(w.teams_page)
        _settle()
        w.teams_page.bracket.save_pdf(str(out), large=name == "bracket-large")
    _clean(room)
    assert refused or out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("kind", KINDS)
def test_close(qtbot, club, room, kind):
    w = _window(qtbot, club, room, kind)
    w.close()
    _settle()
    assert not w.isVisible()
    del room["windows"][kind]
    w.deleteLater()
    _clean(room)


def test_the_club_file_checks_clean(club):
    """``euchre-tourney check`` finds nothing impossible in the file the matrix opens
    (so a page covered by a sentence there is a fault, never the data)."""
    from euchre_tourney.tournament import check

    db = open_database(club[0], station="check")
    try:
        with db.session() as s:
            assert check.check_database(s) == []
    finally:
        db.dispose()


def test_the_matrix_covers_every_kind_page_and_report():
    """The matrix's size, as the issue asks it quoted: kinds × (pages + reports)."""
    assert len(KINDS) == 11 and len(PAGES) == 10 and len(REPORT_NAMES) == len(REPORTS) + len(SEASON_REPORTS) == 9
    assert set(TEAMS) < set(KINDS)
    assert all(report(n) for n in REPORT_NAMES)
