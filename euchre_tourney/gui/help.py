"""The user guide (F1) and the About box.

The guide is plain HTML in ``resources/help/`` (``index.html`` lists the
chapters; pictures in ``images/`` are screenshots of the real pages, made by
``packaging/help_screenshots.py``). It is shown in a :class:`HelpWindow`, a
``QTextBrowser`` with Back, Forward and Contents, so it works offline and
inside the frozen bundle (found through :func:`euchre_tourney.resources.resource_path`).
Links to the web open in the system browser.

*Help ▸ About* (:func:`about_html`) gives the version, the app's licence and
the licences of the fonts and libraries bundled with it; the fonts' full
licence texts follow.
"""

from __future__ import annotations

import html
import platform
import sys
from pathlib import Path

from PySide6.QtCore import QUrl, qVersion
from PySide6.QtGui import QDesktopServices, QKeySequence
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMainWindow,
    QPlainTextEdit,
    QPushButton,
    QTextBrowser,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from euchre_tourney import __version__
from euchre_tourney.resources import resource_path

GUIDE_HOME = "index.html"

# (component, what it does here, licence); versions are looked up when the box opens
COMPONENTS = (
    ("Python", "the language", "PSF License"),
    ("Qt", "windows and widgets", "LGPL-3.0"),
    ("PySide6", "Qt for Python", "LGPL-3.0"),
    ("SQLAlchemy", "the database", "MIT"),
    ("SQLModel", "database tables", "MIT"),
    ("pydantic", "used by SQLModel", "MIT"),
    ("Alembic", "database upgrades", "MIT"),
    ("ReportLab", "the PDFs", "BSD-3-Clause"),
    ("platformdirs", "where data is kept", "MIT"),
    ("python-bidi", "right-to-left names in the PDFs", "LGPL"),
    ("arabic-reshaper", "Arabic names in the PDFs", "MIT"),
)
FONTS = (
    ("DejaVu Sans", "text in the PDFs", "Bitstream Vera Fonts licence (DejaVu changes: public domain)", "LICENSE-DejaVu.txt"),
    ("Droid Sans Fallback", "Chinese, Japanese and Korean names in the PDFs", "Apache-2.0", "LICENSE-DroidSansFallback.txt"),
)


def _version(component: str) -> str:
    """The running version of a bundled component ("" if it cannot be told)."""
    try:
        if component == "Python":
            return platform.python_version()
        if component == "Qt":
            return qVersion()
        if component == "PySide6":
            import PySide6

            return PySide6.__version__
        from importlib.metadata import version

        return version(component)
    except Exception:  # a frozen bundle may carry a module without its metadata
        module = sys.modules.get(component.lower())
        return str(getattr(module, "__version__", ""))


def about_html() -> str:
    """The About box's text: version, licences, and the fonts' licence texts."""
    rows = "".join(
        f"<tr><td><b>{html.escape(name)}</b> {html.escape(_version(name))}</td>"
        f"<td>{html.escape(role)}</td><td>{html.escape(licence)}</td></tr>"
        for name, role, licence in COMPONENTS
    )
    rows += "".join(
        f"<tr><td><b>{html.escape(name)}</b> (font)</td><td>{html.escape(role)}</td><td>{html.escape(licence)}</td></tr>"
        for name, role, licence, _file in FONTS
    )
    texts = "".join(
        f"<h4>{html.escape(name)}</h4><pre>{html.escape(resource_path('fonts', file).read_text(encoding='utf-8'))}</pre>"
        for name, _role, _licence, file in FONTS
    )
    return (
        f"<h2>Euchre Tourney {html.escape(__version__)}</h2>"
        "<p>Tournament nights for euchre clubs: roster, rotations, scorecards, scores and standings.</p>"
        "<p>Euchre Tourney is free software under the <b>MIT licence</b>.</p>"
        "<h3>Bundled with it</h3>"
        f"<table cellspacing='0' cellpadding='3'><tr><th align='left'>Component</th><th align='left'>Used for</th>"
        f"<th align='left'>Licence</th></tr>{rows}</table>"
        "<p>Qt and PySide6 are used under the GNU Lesser General Public License v3; "
        "their source is at <a href='https://download.qt.io/'>download.qt.io</a>.</p>"
        f"<h3>Font licences</h3>{texts}"
    )


NOTICES = "NOTICES.txt"
"""The third-party notices a bundle carries in its resources (written at build
time by ``packaging/notices.py``: every Python package's and system library's
licence text)."""


def licences_text() -> str:
    """What Help ▸ About ▸ Licences shows: Euchre Tourney's own licence, then
    the bundle's third-party notices; run from Python packages instead (no
    bundle), the licence and licence files of each installed distribution the
    app uses, read from their metadata."""
    own = resource_path("LICENSE.txt").read_text(encoding="utf-8").strip()
    parts = [f"Euchre Tourney {__version__} — MIT licence\n\n{own}"]
    try:
        parts.append(resource_path(NOTICES).read_text(encoding="utf-8"))
    except FileNotFoundError:
        parts.append(_installed_notices())
    return "\n\n".join(parts)


def _installed_notices() -> str:
    import importlib.metadata as metadata
    import re

    seen, queue, texts = set(), ["euchre-tourney"], []
    rule = "=" * 78
    while queue:  # the app's run-time dependencies, as installed
        name = re.sub(r"[-_.]+", "-", queue.pop()).lower()
        if name in seen:
            continue
        seen.add(name)
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        queue += [re.split(r"[ ;<>=!~\[(]", r, maxsplit=1)[0] for r in dist.requires or () if "extra ==" not in r]
        if name == "euchre-tourney":
            continue
        licence = dist.metadata.get("License-Expression") or dist.metadata.get("License") or "see its metadata"
        files = [f for f in dist.files or () if re.search(r"(LICEN[CS]E|COPYING|NOTICE)", f.name, re.I)
                 and ".dist-info" in str(f)]
        body = "\n\n".join(Path(f.locate()).read_text(encoding="utf-8", errors="replace").strip() for f in files)
        texts.append(f"{rule}\n{dist.metadata['Name']} {dist.version} — {licence.splitlines()[0][:120]}\n{rule}\n\n"
                     + (body or "(the package ships no licence file; see its project page)"))
    head = ("These Python packages are installed on this computer and used by Euchre Tourney. "
            "(A ready-made bundle lists here every package and system library it carries, "
            "with each licence's full text.)")
    return head + "\n\n" + "\n\n".join(sorted(texts, key=str.lower))


class LicencesDialog(QDialog):
    """Help ▸ About ▸ Licences: every licence text, in a plain scrolling view."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Licences — Euchre Tourney")
        self.resize(760, 620)
        self.text = QPlainTextEdit(licences_text())
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)


class AboutDialog(QDialog):
    """Help ▸ About: a scrolling text, *Licences…* (every licence's full text) and Close."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("About Euchre Tourney")
        self.resize(640, 560)
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(True)
        self.text.setHtml(about_html())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.licences_button = QPushButton("&Licences…")
        self.licences_button.setToolTip("The full text of every licence: Euchre Tourney's and what it is built with")
        self.licences_button.clicked.connect(self.show_licences)
        buttons.addButton(self.licences_button, QDialogButtonBox.ButtonRole.ActionRole)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)

    def show_licences(self) -> LicencesDialog:
        dialog = LicencesDialog(self)
        dialog.show()
        return dialog


class HelpWindow(QMainWindow):
    """The user guide: a browser over ``resources/help`` with Back, Forward and Contents."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Euchre Tourney — User guide")
        self.resize(900, 760)
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)  # every link goes through _follow: web links to the system browser
        self.browser.setSearchPaths([str(resource_path("help"))])
        self.browser.anchorClicked.connect(self._follow)
        self.setCentralWidget(self.browser)
        bar = QToolBar("Guide")
        bar.setObjectName("guide_toolbar")
        bar.setMovable(False)
        self.back_action = bar.addAction("Back", self.browser.backward)
        self.back_action.setShortcut(QKeySequence.StandardKey.Back)
        self.forward_action = bar.addAction("Forward", self.browser.forward)
        self.forward_action.setShortcut(QKeySequence.StandardKey.Forward)
        bar.addAction("Contents", self.home)
        self.browser.backwardAvailable.connect(self.back_action.setEnabled)
        self.browser.forwardAvailable.connect(self.forward_action.setEnabled)
        self.addToolBar(bar)
        self.browser.setSource(QUrl.fromLocalFile(str(resource_path("help", GUIDE_HOME))))
        self.back_action.setEnabled(False)
        self.forward_action.setEnabled(False)

    def home(self) -> None:
        self.browser.setSource(QUrl.fromLocalFile(str(resource_path("help", GUIDE_HOME))))

    def _follow(self, url: QUrl) -> None:
        target = self.browser.source().resolved(url)
        if target.isLocalFile():
            self.browser.setSource(target)
        else:
            QDesktopServices.openUrl(target)

    def show_page(self, page: str) -> None:
        """Open one chapter, e.g. ``show_page("printing.html")``."""
        self.browser.setSource(QUrl.fromLocalFile(str(resource_path("help", page))))
