"""A page that cannot be drawn says why, where it would have been drawn
(issue 29 item 5: never stuck at "Opening …").

Whatever a club file holds, the window opens: every page's ``refresh`` runs
through :func:`guarded` (:class:`~euchre_tourney.gui.widgets.Page` wraps
each subclass's), so an error while a page draws -- impossible data such as
malformed rules, a season that ends before it starts, NaN hand points, or a
fault of the app's own -- covers that page with a sentence
(:class:`Unreadable`) instead of escaping into the window's start-up; the
other pages and events work. The sentence and the log name the event or
season and the row (:func:`euchre_tourney.tournament.check.explain_part`),
and point at ``euchre-tourney check FILE`` for the whole list. The page
draws again as usual (and the sentence goes) once a redraw succeeds.

A database or disk problem (locked, gone, read-only) is not the page's: it
goes on to the usual dialog in words.
"""

from __future__ import annotations

import functools
import html
import logging

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

log = logging.getLogger("euchre_tourney")

PAGE_NAMES = {
    "RosterPage": "Players",
    "EventPage": "Event",
    "RotationPage": "Rotation",
    "ScoresPage": "Scores",
    "StandingsPage": "Standings",
    "TeamsPage": "Teams",
    "SeasonPage": "Season",
}
"""The pages by class, as their tabs name them."""

LINE_WIDTH = 820
"""The widest the sentence is drawn (pixels): longer lines are hard to read."""

SHOWN_PROBLEMS = 4
"""At most this many problems are listed on a page (the log has them all)."""


def page_name(page: QWidget) -> str:
    return PAGE_NAMES.get(type(page).__name__, type(page).__name__)


def is_the_pages(exc: BaseException) -> bool:
    """Whether ``exc``, raised while a page draws, is said on the page: all
    but a database or disk problem (the usual dialog says those)."""
    from euchre_tourney.tournament import DatabaseError, explain_error  # deferred: start-up time

    return isinstance(exc, Exception) and not isinstance(explain_error(exc), DatabaseError)


def guarded(refresh):
    """``refresh`` (a page's) that, on an error :func:`is_the_pages`, shows
    :class:`Unreadable` over the page and returns None; on success takes
    that sentence away. Nested calls (a subclass's ``refresh`` calling its
    base's) are decided by the outermost."""

    @functools.wraps(refresh)
    def draw(page, *args, **kwargs):
        depth = page.__dict__.get("_drawing", 0)
        page.__dict__["_drawing"] = depth + 1
        try:
            result = refresh(page, *args, **kwargs)
        except Exception as exc:
            if depth or not is_the_pages(exc):
                raise
            show(page, exc)
            return None
        finally:
            page.__dict__["_drawing"] = depth
        if not depth:
            clear(page)
        return result

    return draw


class Unreadable(QFrame):
    """The sentence that covers a page which cannot be drawn (follows the
    page's size). ``message``: the label; ``problems``: what the check found."""

    def __init__(self, page: QWidget) -> None:
        super().__init__(page)
        self.setObjectName("unreadable_part")
        self.setAutoFillBackground(True)  # the page's half-drawn widgets stay hidden behind it
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.RichText)
        self.message.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.message.setAlignment(Qt.AlignLeft | Qt.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(40, 40, 40, 40)
        layout.addWidget(self.message, 0, Qt.AlignHCenter)
        layout.addStretch(1)
        self.fit(page.width())
        self.problems: list = []
        self._follow = _FollowSize(self)
        page.installEventFilter(self._follow)
        self.setGeometry(page.rect())

    def fit(self, width: int) -> None:
        """Make the sentence as wide as the page allows (at most
        :data:`LINE_WIDTH`), so that it wraps to that width and is shown whole."""
        self.message.setFixedWidth(max(240, min(LINE_WIDTH, width - 100)))

    def text(self) -> str:
        """The sentence as plain text."""
        from PySide6.QtGui import QTextDocument

        doc = QTextDocument()
        doc.setHtml(self.message.text())
        return doc.toPlainText()


class _FollowSize(QObject):
    def __init__(self, cover: Unreadable) -> None:
        super().__init__(cover)
        self.cover = cover

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Resize:
            self.cover.setGeometry(watched.rect())
            self.cover.fit(watched.width())
        return False


def cover_of(page: QWidget) -> Unreadable | None:
    """The sentence over ``page`` while it cannot be drawn, else None."""
    cover = page.findChild(Unreadable, "unreadable_part")
    return cover if cover is not None and not cover.isHidden() else None


def clear(page: QWidget) -> None:
    cover = page.findChild(Unreadable, "unreadable_part")
    if cover is not None and not cover.isHidden():
        cover.hide()
        page.__dict__.pop("_unreadable_said", None)


def _problems(page) -> tuple[list, str, bool]:
    """What the check finds in the part the page draws, that part in words,
    and whether the problems are elsewhere in the file (none in the part:
    a page reads other events too, e.g. the Teams page the list of events)."""
    from euchre_tourney.tournament import check  # deferred: start-up time

    ctx = page.ctx
    season = callable(getattr(page, "season_id", None))
    event_id = ctx.event_id
    elsewhere = False
    try:
        problems = ctx.run(check.explain_part, event_id, season)
        if not problems:
            problems = [p for p in ctx.run(check.check_database, read_models=False) if not p.fault]
            elsewhere = bool(problems)
        names = dict(ctx.run(check.event_choices)) if event_id is not None else {}
    except Exception as exc:  # noqa: BLE001 - the database itself failed meanwhile: say the first error only
        log.warning("checking the part that could not be drawn failed: %s", exc)
        problems, names = [], {}
    if season:
        part = "the seasons"
    elif event_id is None:
        part = "the roster"
    else:
        part = f"the event “{names.get(event_id, f'id {event_id}')}”"
    return problems, part, elsewhere


def _sentence(page, exc: BaseException, problems: list, part: str, elsewhere: bool = False) -> str:
    from euchre_tourney.tournament import TournamentError  # deferred: start-up time

    where = getattr(page.ctx.db, "path", None) or getattr(page.ctx.db, "where", "FILE")
    lines = [f"<p><b>The {html.escape(page_name(page))} page cannot be shown for {html.escape(part)}.</b></p>"]
    if problems:
        lines.append("<p>The file holds data that cannot be true"
                     + (" (elsewhere, but this page reads it too)" if elsewhere else "") + ":</p><ul>")
        lines += [f"<li>{html.escape(p.sentence)}</li>" for p in problems[:SHOWN_PROBLEMS]]
        if len(problems) > SHOWN_PROBLEMS:
            lines.append(f"<li>… and {len(problems) - SHOWN_PROBLEMS} more.</li>")
        lines.append("</ul>")
    elif isinstance(exc, TournamentError):
        lines.append(f"<p>{html.escape(exc.message)}</p>")
    else:
        lines.append(
            f"<p>Euchre Tourney could not read this part of the file ({html.escape(type(exc).__name__)}: "
            f"{html.escape(str(exc))}). Nothing in its rows is impossible, so this is a fault of Euchre Tourney: "
            "please report it (the log file has the details).</p>"
        )
    lines.append(
        "<p>The other pages and events work, and nothing was changed. "
        f"<code>euchre-tourney check {html.escape(str(where))}</code> lists every problem in the file.</p>"
    )
    return "".join(lines)


def is_fault(exc: BaseException, problems: list) -> bool:
    """Whether ``exc`` is a fault of the app's own (a bug): no value in the
    file explains it and it is no refusal in words."""
    from euchre_tourney.tournament import TournamentError  # deferred: start-up time

    return not isinstance(exc, TournamentError) and not any(not p.fault for p in problems)


def show(page, exc: BaseException) -> Unreadable:
    """Cover ``page`` with what cannot be read and why, and log it (once for
    the same problem). A fault of the app's (:func:`is_fault`) also goes,
    once, to ``sys.excepthook`` after this turn of the event loop: the
    app's error dialog with *Copy details* (and a failing test, as any
    other bug in a slot)."""
    problems, part, elsewhere = _problems(page)
    cover = page.findChild(Unreadable, "unreadable_part") or Unreadable(page)
    cover.problems = problems
    cover.message.setText(_sentence(page, exc, problems, part, elsewhere))
    cover.setGeometry(page.rect())
    cover.fit(page.width())
    cover.show()
    cover.raise_()
    said = (type(exc).__name__, str(exc), part)
    if page.__dict__.get("_unreadable_said") != said:
        page.__dict__["_unreadable_said"] = said
        found = "; ".join(p.sentence for p in problems) or "no row of it is impossible (a fault of Euchre Tourney)"
        log.error("The %s page cannot be shown for %s: %s", page_name(page), part, found,
                  exc_info=(type(exc), exc, exc.__traceback__))
        if is_fault(exc, problems):
            import sys

            from PySide6.QtCore import QTimer

            QTimer.singleShot(0, lambda: sys.excepthook(type(exc), exc, exc.__traceback__))
    return cover


def problems_button(window, problems: list):
    """The status bar's button that says the file holds impossible data
    and lists it (:func:`problems_dialog`)."""
    from PySide6.QtWidgets import QPushButton, QStyle

    count = len(problems)
    first = problems[0].sentence
    button = QPushButton(window.style().standardIcon(QStyle.SP_MessageBoxWarning),
                         f"This file holds {count} value{'s' if count != 1 else ''} that cannot be true…")
    button.setObjectName("file_problems")
    button.setFlat(True)
    button.setToolTip(first + (f" (and {count - 1} more)" if count > 1 else ""))
    button.clicked.connect(lambda: problems_dialog(window, problems).exec())
    return button


def problems_dialog(parent, problems: list):
    """What the check found in the file, one sentence a line, with *Copy*
    (a QDialog; ``listing``: its text box)."""
    from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QPlainTextEdit, QPushButton

    dialog = QDialog(parent)
    dialog.setWindowTitle("Values in the file that cannot be true")
    dialog.resize(760, 420)
    intro = QLabel(
        "The pages show what they can read and say what they cannot. Nothing was changed. "
        "The same list comes from <code>euchre-tourney check FILE</code>; the log has it too."
    )
    intro.setWordWrap(True)
    listing = QPlainTextEdit("\n".join(p.sentence for p in problems))
    listing.setReadOnly(True)
    buttons = QDialogButtonBox(QDialogButtonBox.Close)
    copy = QPushButton("&Copy")
    copy.clicked.connect(lambda: QApplication.clipboard().setText(listing.toPlainText()))
    buttons.addButton(copy, QDialogButtonBox.ActionRole)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addWidget(intro)
    layout.addWidget(listing, 1)
    layout.addWidget(buttons)
    dialog.listing = listing
    return dialog
