"""The user guide (F1) and Help ▸ About."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from PySide6.QtCore import QUrl

from euchre_tourney import __version__
from euchre_tourney.resources import resource_path

HELP = resource_path("help")
PAGES = sorted(HELP.glob("*.html"))


class _Refs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.images: list[tuple[str, str]] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "a" and "href" in a:
            self.links.append(a["href"])
        if tag == "img":
            self.images.append((a.get("src", ""), a.get("alt", "")))
        if "id" in a:
            self.ids.add(a["id"])


def _refs(page: Path) -> _Refs:
    parser = _Refs()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def test_the_guide_has_its_chapters():
    names = {p.name for p in PAGES}
    assert {"index.html", "players.html", "progressive-night.html", "printing.html", "scores.html", "standings.html"} <= names


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_link_and_image_of_the_guide_resolves(page):
    refs = _refs(page)
    for href in refs.links:
        parts = urlsplit(href)
        if parts.scheme in ("http", "https", "mailto"):
            continue
        assert not parts.scheme, f"{page.name}: {href}"
        target = (page.parent / parts.path) if parts.path else page
        assert target.is_file(), f"{page.name} links to a missing page {href}"
        if parts.fragment:
            assert parts.fragment in _refs(target).ids, f"{page.name}: no #{parts.fragment} in {target.name}"
    for src, alt in refs.images:
        assert (page.parent / src).is_file(), f"{page.name} shows a missing picture {src}"
        assert alt, f"{page.name}: {src} has no alt text"


def test_every_chapter_is_reachable_from_the_contents_and_every_picture_is_used():
    reachable = {"index.html"}
    todo = ["index.html"]
    while todo:
        for href in _refs(HELP / todo.pop()).links:
            name = urlsplit(href).path
            if name.endswith(".html") and name not in reachable:
                reachable.add(name)
                todo.append(name)
    assert reachable == {p.name for p in PAGES}
    used = {src for p in PAGES for src, _alt in _refs(p).images}
    assert used == {f"images/{p.name}" for p in (HELP / "images").glob("*.png")}


def test_f1_opens_the_guide_and_its_links_are_followed(qtbot, gui_env, db):
    from euchre_tourney.gui.main_window import MainWindow

    window = MainWindow(db)
    qtbot.addWidget(window)
    window.show()
    assert window.help_action.shortcut().toString() == "F1"
    window.help_action.trigger()
    guide = window.help_window
    assert guide is not None and guide.isVisible()
    qtbot.addWidget(guide)
    assert guide.browser.source().fileName() == "index.html"
    assert "Contents" in guide.browser.toPlainText()
    guide._follow(QUrl("printing.html"))
    assert guide.browser.source().fileName() == "printing.html"
    assert "Save scorecards PDF" in guide.browser.toPlainText()
    assert guide.back_action.isEnabled()
    guide.back_action.trigger()
    assert guide.browser.source().fileName() == "index.html"
    window.show_help()  # F1 again: the same window
    assert window.help_window is guide


def test_web_links_go_to_the_browser_not_the_guide(qtbot, gui_env, monkeypatch):
    from euchre_tourney.gui import help as help_module

    opened = []
    monkeypatch.setattr(help_module.QDesktopServices, "openUrl", lambda url: opened.append(url.toString()))
    guide = help_module.HelpWindow()
    qtbot.addWidget(guide)
    guide._follow(QUrl("https://dejavu-fonts.github.io/"))
    assert opened == ["https://dejavu-fonts.github.io/"]
    assert guide.browser.source().fileName() == "index.html"


def test_about_names_the_version_and_the_licences(qtbot, gui_env):
    from euchre_tourney.gui.help import AboutDialog

    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    text = dialog.text.toPlainText()
    assert f"Euchre Tourney {__version__}" in text
    assert "MIT licence" in text
    for name in ("Qt", "PySide6", "SQLAlchemy", "reportlab", "DejaVu Sans", "Droid Sans Fallback"):  # names as their metadata spells them
        assert name in text
    assert "LGPL-3.0" in text and "Apache-2.0" in text
    assert "Licensed under the Apache License, Version 2.0" in text  # the fallback font's full text
    assert "Bitstream" in text


def test_about_licences_shows_the_apps_own_licence_and_every_package(qtbot, gui_env):
    from euchre_tourney.gui.help import AboutDialog

    about = AboutDialog()
    qtbot.addWidget(about)
    about.licences_button.click()
    from euchre_tourney.gui.help import LicencesDialog

    dialog = about.findChild(LicencesDialog)
    assert dialog is not None and dialog.isVisible()
    text = dialog.text.toPlainText()
    assert text.startswith(f"Euchre Tourney {__version__} — MIT licence")
    assert "Permission is hereby granted, free of charge" in text
    for name in ("pyuca", "wcwidth", "SQLAlchemy", "reportlab", "PySide6"):
        assert name in text, name


def test_about_licences_shows_a_bundles_notices_file(qtbot, gui_env, tmp_path, monkeypatch):
    import shutil
    import sys
    from pathlib import Path

    from euchre_tourney import resources
    from euchre_tourney.gui.help import LicencesDialog

    root = Path(__file__).resolve().parents[2] / "resources"
    shutil.copytree(root, tmp_path / "resources")
    (tmp_path / "resources" / "NOTICES.txt").write_text("PART 4. System libraries\nlibstdc++.so.6 …", encoding="utf-8")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    resources.resources_dir.cache_clear()
    try:
        dialog = LicencesDialog()
        qtbot.addWidget(dialog)
        text = dialog.text.toPlainText()
    finally:
        resources.resources_dir.cache_clear()
    assert "MIT licence" in text and "PART 4. System libraries\nlibstdc++.so.6" in text


def test_about_says_how_it_was_installed_and_lists_every_package_it_runs_with(qtbot, gui_env):
    """Issue 32 item 6: the About box said "Bundled with it" in a pip install
    and listed 11 of 33 packages. Run from this checkout it says so, and it
    lists every distribution the app runs with (the requirements' closure, as installed)."""
    import importlib.metadata as metadata

    from euchre_tourney.gui import help as help_module
    from euchre_tourney.gui.help import AboutDialog

    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    text = dialog.text.toPlainText()
    assert "Bundled with it" not in text and "What it runs with" in text
    assert help_module.how_installed() in text
    assert help_module.how_installed().startswith(("Run from the source folder", "Installed with pip into"))
    listed = {help_module._canonical(name): version for name, version, _licence in help_module.packages()}
    for requirement in ("pyside6-essentials", "sqlmodel", "sqlalchemy", "pydantic", "pyuca", "wcwidth", "starlette",
                        "uvicorn", "segno", "openskill", "anyio", "jinja2", "markupsafe", "shiboken6"):
        assert listed[requirement] == metadata.version(requirement), requirement
        assert metadata.version(requirement) in text
    assert len(listed) >= 30  # the closure, not a hand-picked eleven


def test_about_in_a_bundle_lists_the_packages_the_build_wrote(qtbot, gui_env, tmp_path, monkeypatch):
    import json
    import shutil
    import sys
    from pathlib import Path

    from euchre_tourney import resources
    from euchre_tourney.gui import help as help_module

    root = Path(__file__).resolve().parents[2] / "resources"
    shutil.copytree(root, tmp_path / "resources")
    (tmp_path / "resources" / "PACKAGES.json").write_text(json.dumps(
        [{"name": "pyuca", "version": "1.2", "license": "MIT"}, {"name": "Zeta", "version": "9", "license": "BSD"}]))
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "euchre-tourney"))
    resources.resources_dir.cache_clear()
    try:
        text = help_module.about_html()
    finally:
        resources.resources_dir.cache_clear()
    assert "Bundled with it" in text and f"A ready-made bundle in {tmp_path}" in text
    assert "<b>Zeta</b></td><td>9</td>" in text and "<b>pyuca</b></td><td>1.2</td>" in text
    # the same bundle where the .deb puts it, dpkg knowing the package: said to come from the .deb
    monkeypatch.setattr(help_module, "DEB_FOLDER", tmp_path)
    monkeypatch.setattr(help_module, "DPKG_LIST", tmp_path / "euchre-tourney.list")
    assert help_module.how_installed().startswith("A ready-made bundle in")  # not installed by dpkg
    (tmp_path / "euchre-tourney.list").write_text("/usr/lib/euchre-tourney\n")
    assert help_module.how_installed().startswith(f"Installed from the .deb package into {tmp_path}")
