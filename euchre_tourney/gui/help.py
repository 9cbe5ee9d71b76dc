"""The user guide (F1) and the About box.

The guide is plain HTML in ``resources/help/`` (``index.html`` lists the
chapters; pictures in ``images/`` are screenshots of the real pages, made by
``packaging/help_screenshots.py``). It is shown in a :class:`HelpWindow`, a
``QTextBrowser`` with Back, Forward and Contents, so it works offline and
inside the frozen bundle (found through :func:`euchre_tourney.resources.resource_path`).
Links to the web open in the system browser.

*Help ▸ About* (:func:`about_html`) gives the version, the app's licence, how
this copy was installed (the ``.deb``, a ready-made bundle, pip, a source
folder: :func:`how_installed`), every Python package it runs with and its
licence (:func:`packages`), and the fonts with their licences' full texts.
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

ROLES = {
    "pyside6-essentials": "windows and widgets (Qt for Python)",
    "shiboken6": "used by PySide6",
    "sqlalchemy": "the database",
    "sqlmodel": "database tables",
    "pydantic": "used by SQLModel",
    "alembic": "database upgrades",
    "reportlab": "the PDFs",
    "platformdirs": "where data is kept",
    "python-bidi": "right-to-left names in the PDFs",
    "arabic-reshaper": "Arabic names in the PDFs",
    "pyuca": "names sorted as people sort them",
    "wcwidth": "the command line's tables",
    "starlette": "the phones' pages",
    "uvicorn": "the phones' server",
    "segno": "QR codes",
    "openskill": "team-game ratings",
    "jinja2": "the phones' pages",
}
"""What a package does here, by canonical name (the About box's table; others: what they are used by)."""
FONTS = (
    ("DejaVu Sans", "text in the PDFs", "Bitstream Vera Fonts licence (DejaVu changes: public domain)", "LICENSE-DejaVu.txt"),
    ("Droid Sans Fallback", "Chinese, Japanese and Korean names in the PDFs", "Apache-2.0", "LICENSE-DroidSansFallback.txt"),
)
PACKAGES = "PACKAGES.json"
"""The Python packages a bundle carries, ``[{"name", "version", "license"}, …]``,
written at build time beside :data:`NOTICES` (``packaging/notices.py``): a
frozen bundle keeps the metadata of only some of them."""
DEB_FOLDER = Path("/usr/lib/euchre-tourney")
"""Where the ``.deb`` installs the bundle."""
DPKG_LIST = Path("/var/lib/dpkg/info/euchre-tourney.list")
"""dpkg's list of the ``.deb``'s files: there while the package is installed."""


def _canonical(name: str) -> str:
    import re

    return re.sub(r"[-_.]+", "-", name).lower()


def _requirements() -> list[str]:
    """Euchre Tourney's own requirements: from the source folder's
    ``pyproject.toml`` when it runs from one, else from its installed metadata."""
    import importlib.metadata as metadata
    import tomllib

    import euchre_tourney

    pyproject = Path(euchre_tourney.__file__).resolve().parent.parent / "pyproject.toml"
    if _source_folder() is not None and pyproject.is_file():
        return tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["dependencies"]
    try:
        return list(metadata.distribution("euchre-tourney").requires or ())
    except metadata.PackageNotFoundError:
        return []


def _source_folder() -> Path | None:
    """The source folder this copy runs from, or None when it is installed (pip, a bundle)."""
    import importlib.metadata as metadata

    import euchre_tourney

    if getattr(sys, "frozen", False):
        return None
    code = Path(euchre_tourney.__file__).resolve().parent
    try:
        if Path(metadata.distribution("euchre-tourney").locate_file("euchre_tourney")).resolve() == code:
            return None
    except metadata.PackageNotFoundError:
        pass
    return code.parent


def _runtime_distributions() -> list:
    """The installed distributions Euchre Tourney runs with: its requirements
    and theirs, as installed (extras left out), read from their metadata."""
    import importlib.metadata as metadata
    import re

    seen, queue, found = {"euchre-tourney"}, [r for r in _requirements() if _applies(r)], []
    while queue:
        name = _canonical(re.split(r"[ ;<>=!~\[(]", queue.pop(), maxsplit=1)[0])
        if name in seen:
            continue
        seen.add(name)
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        queue += [r for r in dist.requires or () if _applies(r)]
        found.append(dist)
    return sorted(found, key=lambda d: _canonical(d.metadata["Name"]))


def _applies(requirement: str) -> bool:
    """Whether a requirement line may apply here: not one of an extra. (One
    whose marker excludes this system is not installed, so it is skipped
    as not found.)"""
    return "extra ==" not in requirement


def _licence(dist) -> str:
    """A distribution's licence in a few words: its SPDX expression, its
    ``License`` field when short, else its trove classifiers."""
    meta = dist.metadata
    expression = meta.get("License-Expression")
    if expression:
        return expression
    text = (meta.get("License") or "").strip()
    if text and "\n" not in text and len(text) <= 40:
        return text
    classifiers = [c.split(" :: ")[-1] for c in meta.get_all("Classifier") or () if c.startswith("License ::")]
    return ", ".join(classifiers) or (text.splitlines()[0][:40] if text else "see its metadata")


def packages() -> list[tuple[str, str, str]]:
    """``(name, version, licence)`` of every Python package Euchre Tourney
    runs with: a bundle's :data:`PACKAGES` list, else what is installed."""
    import json

    try:
        listed = json.loads(resource_path(PACKAGES).read_text(encoding="utf-8"))
        return [(p["name"], p["version"], p["license"]) for p in listed]
    except (FileNotFoundError, ValueError, KeyError, TypeError):
        return [(d.metadata["Name"], d.version, _licence(d)) for d in _runtime_distributions()]


def how_installed() -> str:
    """One sentence: how this copy was installed (the ``.deb``, a ready-made
    bundle, pip into a virtual environment or a Python, or run from a source
    folder), and where."""
    if getattr(sys, "frozen", False):
        folder = Path(sys.executable).resolve().parent
        if folder == DEB_FOLDER and DPKG_LIST.exists():
            return (f"Installed from the .deb package into {folder}: a ready-made bundle that carries its own "
                    "Python, Qt and the packages below.")
        return f"A ready-made bundle in {folder}: it carries its own Python, Qt and the packages below."
    where = ("the virtual environment" if sys.prefix != sys.base_prefix else "the Python at") + f" {sys.prefix}"
    source = _source_folder()
    if source is None:
        return f"Installed with pip into {where}; it uses the packages below, installed there."
    return f"Run from the source folder {source} with {where}; it uses the packages below, installed there."


def about_html() -> str:
    """The About box's text: version, how it was installed, every package it
    runs with (version, licence), the fonts and their licences' texts."""
    rows = "".join(
        f"<tr><td><b>{html.escape(name)}</b></td><td>{html.escape(version)}</td>"
        f"<td>{html.escape(role)}</td><td>{html.escape(licence)}</td></tr>"
        for name, version, role, licence in [
            ("Python", platform.python_version(), "the language", "PSF-2.0"),
            ("Qt", qVersion(), "windows and widgets", "LGPL-3.0"),
            *((n, v, ROLES.get(_canonical(n), ""), lic) for n, v, lic in packages()),
        ]
    )
    rows += "".join(
        f"<tr><td><b>{html.escape(name)}</b> (font)</td><td></td><td>{html.escape(role)}</td>"
        f"<td>{html.escape(licence)}</td></tr>"
        for name, role, licence, _file in FONTS
    )
    texts = "".join(
        f"<h4>{html.escape(name)}</h4><pre>{html.escape(resource_path('fonts', file).read_text(encoding='utf-8'))}</pre>"
        for name, _role, _licence, file in FONTS
    )
    heading = "Bundled with it" if getattr(sys, "frozen", False) else "What it runs with"
    return (
        f"<h2>Euchre Tourney {html.escape(__version__)}</h2>"
        "<p>Tournament nights for euchre clubs: roster, rotations, scorecards, scores and standings.</p>"
        "<p>Euchre Tourney is free software under the <b>MIT licence</b>.</p>"
        f"<p>{html.escape(how_installed())}</p>"
        f"<h3>{heading}</h3>"
        "<table cellspacing='0' cellpadding='3'><tr><th align='left'>Component</th><th align='left'>Version</th>"
        f"<th align='left'>Used for</th><th align='left'>Licence</th></tr>{rows}</table>"
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
    import re

    rule = "=" * 78
    texts = []
    for dist in _runtime_distributions():  # the app's run-time dependencies, as installed
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
