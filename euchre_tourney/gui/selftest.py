"""``euchre-tourney --database FILE --self-test``: the window's own check, for the bundle's smoke test.

Starts the window exactly as a director does (:func:`~euchre_tourney.gui.app.run_app`:
the window first, the file opened in the background), then, once the pages
are filled in, clicks *Add player…* on the Players page, types a name in the
real dialog and presses OK, and prints what the window said: the status bar's
message, the roster's count line and any message box; then starts the phone
server (its own process: a frozen bundle starts itself again for it),
fetches a page from it and stops it. Exit status 0 when the player was saved
and the window said so without an error box and the server answered, 1
otherwise (the reason printed). Works on any Qt platform, including
``QT_QPA_PLATFORM=offscreen`` in a system without a display.

Why a flag of the app rather than a script typing into the window from
outside (xdotool): it drives the same widgets without depending on a window
manager, focus or how long the machine takes (each step waits for the
signal before it), and it runs where there is no X server at all (the
minimal Debian system of the smoke test). Not shown in ``--help``.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

NAME = "Smoke Tester"


def attach(window) -> None:
    """Run the check on ``window`` (a :class:`MainWindow` opening in the
    background); the application exits with the result."""
    from euchre_tourney.gui import context

    said: list[str] = []

    def record(_parent, title: str, message: str, *_rest) -> bool:
        said.append(f"{title}: {message}")
        return False

    context.show_error = record  # message boxes are printed, never waited on
    context.inform = record
    context.ask = record
    window.open_failed.connect(lambda message: _finish(1, f"the database could not be opened: {message}"))
    window.opened.connect(lambda: QTimer.singleShot(0, lambda: _add_player(window, said)))


def _add_player(window, said: list[str]) -> None:
    page = window.roster_page
    window.tabs.setCurrentWidget(page)
    before = page.count.text()

    def fill_dialog() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None or not hasattr(dialog, "name"):
            QTimer.singleShot(10, fill_dialog)  # the dialog is not up yet
            return
        dialog.name.setText(NAME)
        dialog.accept()

    QTimer.singleShot(0, fill_dialog)
    page.add_button.click()  # the real button and dialog (modal until fill_dialog accepts it)
    status = window.statusBar().currentMessage()
    after = page.count.text()
    print(f"self-test: roster before: {before!r}")
    print(f"self-test: added {NAME!r}; the status bar says {status!r}; the roster says {after!r}")
    for message in said:
        print(f"self-test: a message box said: {message}")
    from euchre_tourney import tournament

    names = [p.name for p in window.ctx.run(tournament.list_players)]
    if said:
        _finish(1, "a message box was shown")
    elif NAME not in names:
        _finish(1, f"{NAME} is not on the roster")
    elif status != "Saved." or after == before:
        _finish(1, "the window did not say the player was saved")
    else:
        served = _serve_check(window)
        if served:
            _finish(1, served)
        else:
            _finish(0, "the player was saved and the window said so; the phone server answered")


def _serve_check(window) -> str:
    """Start the phone server in its own process on the loopback (a frozen
    bundle starts itself again for it), fetch a page, stop it; "" when it
    answered, else what went wrong."""
    import urllib.request

    server = None
    try:
        from euchre_tourney.web import PhoneServer, free_port

        server = PhoneServer(window.ctx.db, window.ctx.event_id or 1, "127.0.0.1", free_port())
        server.start()
        with urllib.request.urlopen(f"{server.url}/static/app.js", timeout=30) as answer:
            status = answer.status
        print(f"self-test: the phone server (process {server._process.pid}) answered {status}")  # noqa: SLF001
        return "" if status == 200 else f"the phone server answered {status}"
    except Exception as exc:  # noqa: BLE001 - the check says what failed (a module missing from a bundle, ...)
        return f"the phone server did not answer: {type(exc).__name__}: {exc}"
    finally:
        if server is not None:
            server.stop()


def _finish(code: int, why: str) -> None:
    print(f"self-test: {'passed' if code == 0 else 'FAILED'}: {why}", file=sys.stdout if code == 0 else sys.stderr)
    sys.stdout.flush()
    QApplication.instance().exit(code)

