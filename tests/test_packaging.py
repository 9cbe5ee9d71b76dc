"""Installs like a desktop app: resources found from a checkout, a wheel and a
frozen bundle; the menu entry and icon installed and removed; the AppStream
file; the clear word when Qt's system libraries are missing."""

from __future__ import annotations

import configparser
import importlib.util
import io
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path, PurePosixPath

import pytest

from euchre_tourney import cli, desktop, resources
from euchre_tourney.desktop import APP_ID

ROOT = Path(__file__).resolve().parent.parent
RESOURCES = ROOT / "resources"
BUNDLED = sorted(p.relative_to(RESOURCES) for p in RESOURCES.rglob("*") if p.is_file())


@pytest.fixture
def fresh_lookup():
    resources.resources_dir.cache_clear()
    yield
    resources.resources_dir.cache_clear()


def test_there_are_resources_to_find():
    names = {p.as_posix() for p in BUNDLED}
    assert {"fonts/DejaVuSans.ttf", f"icons/{APP_ID}.svg", f"desktop/{APP_ID}.desktop", "help/index.html"} <= names


def test_every_resource_is_found_from_a_source_checkout(fresh_lookup):
    for rel in BUNDLED:
        assert resources.resource_path(*rel.parts) == RESOURCES / rel


def test_every_resource_is_found_in_a_frozen_bundle(fresh_lookup, tmp_path, monkeypatch):
    # PyInstaller unpacks (one-file) or lays out (one-folder) its data under sys._MEIPASS
    shutil.copytree(RESOURCES, tmp_path / "resources")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    for rel in BUNDLED:
        assert resources.resource_path(*rel.parts) == tmp_path / "resources" / rel


def test_every_resource_is_found_in_an_installed_wheel(fresh_lookup, tmp_path, monkeypatch):
    # the wheel force-includes resources/ as euchre_tourney/_resources (pyproject.toml)
    package = tmp_path / "site-packages" / "euchre_tourney"
    shutil.copytree(RESOURCES, package / "_resources")
    monkeypatch.setattr(resources, "_PACKAGE_DIR", package)
    for rel in BUNDLED:
        assert resources.resource_path(*rel.parts) == package / "_resources" / rel


def test_a_missing_resource_is_named(fresh_lookup):
    with pytest.raises(FileNotFoundError, match="nothing-here.png"):
        resources.resource_path("icons", "nothing-here.png")


def _validate_desktop_file(path: Path) -> None:
    tool = shutil.which("desktop-file-validate")
    if tool:
        result = subprocess.run([tool, str(path)], capture_output=True, text=True)
        assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str
    parser.read(path, encoding="utf-8")
    entry = parser["Desktop Entry"]
    for key in ("Type", "Name", "Exec", "Icon", "Categories"):
        assert entry.get(key), f"{key} missing"
    assert entry["Type"] == "Application" and entry["Icon"] == APP_ID
    assert entry["Categories"].endswith(";")


def test_install_desktop_writes_a_valid_entry_and_uninstall_removes_exactly_it(tmp_path, monkeypatch):
    home = tmp_path / "share"
    (home / "applications").mkdir(parents=True)
    (home / "applications" / "someone-else.desktop").write_text("[Desktop Entry]\nType=Application\nName=X\nExec=x\n")
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    before = {p for p in home.rglob("*") if p.is_file()}

    out = io.StringIO()
    assert cli.main(["--install-desktop"], stdout=out) == 0
    written = {p for p in home.rglob("*") if p.is_file()} - before
    assert written == {
        home / "applications" / f"{APP_ID}.desktop",
        home / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg",
        home / "metainfo" / f"{APP_ID}.metainfo.xml",
    }
    assert all(str(p) in out.getvalue() for p in written)
    entry = home / "applications" / f"{APP_ID}.desktop"
    _validate_desktop_file(entry)
    exec_line = next(line for line in entry.read_text().splitlines() if line.startswith("Exec="))
    assert exec_line == "Exec=" + " ".join(desktop.exec_quote(a) for a in desktop.launch_command())
    assert (home / "icons/hicolor/scalable/apps" / f"{APP_ID}.svg").read_bytes() == (RESOURCES / "icons" / f"{APP_ID}.svg").read_bytes()

    out = io.StringIO()
    assert cli.main(["--uninstall-desktop"], stdout=out) == 0
    assert {p for p in home.rglob("*") if p.is_file()} == before
    assert out.getvalue().count("removed ") == 3
    out = io.StringIO()
    assert cli.main(["--uninstall-desktop"], stdout=out) == 0
    assert "nothing to remove" in out.getvalue()


def test_install_desktop_refuses_a_command_beside_it(capsys):
    assert cli.main(["--install-desktop", "standings", "1"]) == 2
    assert "take no command" in capsys.readouterr().err


def test_install_desktop_says_when_the_folder_cannot_be_written(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))  # a file where a folder should be
    assert cli.main(["--install-desktop"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("euchre-tourney: cannot install the menu entry") and "Traceback" not in err


@pytest.mark.parametrize(
    ("argument", "quoted"),
    [
        ("/usr/bin/euchre-tourney", "/usr/bin/euchre-tourney"),
        ("/home/ann/My Apps/euchre-tourney", '"/home/ann/My Apps/euchre-tourney"'),
        ('/opt/a"b$c', '"/opt/a\\\\"b\\\\$c"'),
        ("/opt/100%", "/opt/100%%"),
    ],
)
def test_exec_arguments_are_quoted_per_the_desktop_entry_spec(argument, quoted):
    assert desktop.exec_quote(argument) == quoted


def test_exec_line_with_a_space_still_validates(tmp_path):
    path = tmp_path / f"{APP_ID}.desktop"
    path.write_text(desktop.desktop_entry(["/home/ann/My Apps/python3", "-m", "euchre_tourney"]), encoding="utf-8")
    _validate_desktop_file(path)


def test_metainfo_names_the_same_id_and_validates():
    path = RESOURCES / "desktop" / f"{APP_ID}.metainfo.xml"
    root = ET.parse(path).getroot()
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.find("launchable").text == f"{APP_ID}.desktop"
    from euchre_tourney import __version__

    assert root.find("releases/release").get("version") == __version__
    tool = shutil.which("appstreamcli")
    if tool:
        result = subprocess.run([tool, "validate", "--no-net", str(path)], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr


def test_the_running_app_uses_the_same_id(qapp):
    from euchre_tourney.gui.app import make_application

    app = make_application()
    assert app.desktopFileName() == APP_ID
    assert not app.windowIcon().isNull()
    assert app.windowIcon().pixmap(64, 64).width() == 64


# the missing-library paragraph ---------------------------------------------------------------

LDD_MISSING = """\
\tlinux-vdso.so.1 (0x00007ffd)
\tlibQt6XcbQpa.so.6 => /opt/euchre/_internal/PySide6/Qt/lib/libQt6XcbQpa.so.6 (0x00007f)
\tlibxcb-cursor.so.0 => not found
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\tlibxcb-cursor.so.0 => not found
\tlibweird.so.3 => not found
"""


def _fail_dlopen(path: str) -> None:
    raise OSError("libxcb-cursor.so.0: cannot open shared object file: No such file or directory")


def test_missing_libraries_are_named_with_the_commands_that_install_them(monkeypatch, tmp_path):
    from euchre_tourney import platform_check

    monkeypatch.setattr(platform_check, "_dlopen", _fail_dlopen)
    monkeypatch.setattr(platform_check, "_ldd", lambda _p: LDD_MISSING)
    (tmp_path / "platforms").mkdir()
    (tmp_path / "platforms" / "libqxcb.so").write_bytes(b"")
    text = platform_check.display_problem(tmp_path, {"DISPLAY": ":0"}, "linux", release={})  # neither family: both lines
    assert "libxcb-cursor.so.0, libxcb-icccm.so.4, libxcb-keysyms.so.1, libweird.so.3" in text
    assert "sudo apt install libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1" in text
    assert "sudo dnf install xcb-util-cursor xcb-util-keysyms xcb-util-wm" in text
    assert "provides libweird.so.3" in text


def test_without_ldd_the_first_missing_library_is_still_named(monkeypatch, tmp_path):
    from euchre_tourney import platform_check

    monkeypatch.setattr(platform_check, "_dlopen", _fail_dlopen)
    monkeypatch.setattr(platform_check, "_ldd", lambda _p: "")
    assert platform_check.missing_libraries(tmp_path / "libqxcb.so") == ["libxcb-cursor.so.0"]


@pytest.mark.parametrize(
    ("environ", "platform", "xcb"),
    [
        ({"DISPLAY": ":0"}, "linux", True),
        ({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"}, "linux", False),
        ({"QT_QPA_PLATFORM": "xcb", "WAYLAND_DISPLAY": "wayland-0"}, "linux", True),
        ({"QT_QPA_PLATFORM": "offscreen"}, "linux", False),
        ({"DISPLAY": ":0"}, "win32", False),
        ({}, "darwin", False),
    ],
)
def test_the_check_runs_only_where_qt_would_use_xcb(environ, platform, xcb):
    from euchre_tourney import platform_check

    assert platform_check.uses_xcb(environ, platform) is xcb


def test_the_app_prints_the_paragraph_and_exits_1_instead_of_aborting(monkeypatch, capsys):
    from euchre_tourney import platform_check

    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setattr(platform_check, "_dlopen", _fail_dlopen)
    monkeypatch.setattr(platform_check, "_ldd", lambda _p: LDD_MISSING)
    assert cli.main(["--database", "sqlite://"]) == 1
    err = capsys.readouterr().err
    assert "lacks libraries that Qt needs" in err and "sudo apt install libxcb-cursor0" in err and "Traceback" not in err


def test_no_display_is_said_plainly(monkeypatch, capsys):
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.delenv("DISPLAY", raising=False)
    if sys.platform.startswith("linux"):
        assert cli.main(["--database", "sqlite://"]) == 1
        assert "no graphical display" in capsys.readouterr().err


def test_the_pdf_fonts_are_warmed_up_off_the_gui_thread():
    # a fresh process: reportlab is not imported by the window, only by the warm-up
    code = (
        "import sys\n"
        "from euchre_tourney.gui.app import warm_up_reports\n"
        "before = 'reportlab' in sys.modules\n"
        "thread = warm_up_reports(); thread.join(60)\n"
        "from reportlab.pdfbase import pdfmetrics\n"
        "print(before, thread.daemon, thread.is_alive(), sorted(pdfmetrics.getRegisteredFontNames()))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out.startswith("False True False [")
    assert "'EuchreSans'" in out and "'EuchreSans-Bold'" in out


def test_the_bundle_recipe_collects_every_data_file_of_the_package():
    """Every non-Python file the package reads at run time (migration scripts,
    the rotation designs' JSON) lies in a folder the PyInstaller spec
    collects; a file it misses makes the frozen app fail where the source
    tree works (the designs' JSON once did)."""
    root = Path(__file__).resolve().parent.parent
    spec = (root / "packaging" / "euchre-tourney.spec").read_text(encoding="utf-8")
    data = [
        p.relative_to(root)
        for p in (root / "euchre_tourney").rglob("*")
        if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts
        and "search" not in p.parts  # the offline design-search tools are not shipped
    ]
    assert data
    for path in data:
        folder = path.parent.as_posix()
        assert f'"{folder}"' in spec, f"{path} is not collected by packaging/euchre-tourney.spec"


def _runtime_data():
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        import runtime_data
    finally:
        sys.path.remove(str(ROOT / "packaging"))
    return runtime_data


def test_the_bundle_recipe_collects_every_data_file_of_every_dependency():
    """What the spec collects (packaging/runtime_data.py) against what the
    installed distributions hold on disk: every non-code file inside each
    package folder of every run-time dependency (Qt's own left to
    PyInstaller's hooks). pyuca's collation table was once left out, and
    the bundle could not open a database holding a player."""
    rd = _runtime_data()
    spec = (ROOT / "packaging" / "euchre-tourney.spec").read_text(encoding="utf-8")
    assert "*runtime_data.data_files()" in spec
    dists = rd.runtime_distributions()
    names = {rd.canonical(d.metadata["Name"]) for d in dists}
    assert {"pyuca", "reportlab", "sqlalchemy", "alembic", "wcwidth", "pyside6-essentials"} <= names
    collected = {(Path(src), dest) for src, dest in rd.data_files(dists)}
    by_source = {src for src, _dest in collected}
    checked = 0
    for dist in dists:
        if rd.canonical(dist.metadata["Name"]) in rd.HOOKED:
            continue
        site = Path(dist.locate_file(""))
        tops = {PurePosixPath(str(f)).parts[0] for f in dist.files or () if len(PurePosixPath(str(f)).parts) > 1}
        for top in sorted(tops):
            folder = site / top
            if not folder.is_dir() or not rd.is_data(PurePosixPath(top, "x")):
                continue
            for path in folder.rglob("*"):
                rel = PurePosixPath(path.relative_to(site).as_posix())
                if path.is_file() and rd.is_data(rel) and not path.name.endswith(".pyc"):
                    if rd.unused(dist.metadata["Name"], rel):
                        assert path.resolve() not in by_source, f"{rel} is collected though the app never opens it"
                        continue
                    checked += 1
                    assert path.resolve() in by_source, f"{rel} (of {dist.metadata['Name']}) is not collected"
                    assert (path.resolve(), rel.parent.as_posix()) in collected, f"{rel} would land elsewhere"
    assert checked >= 50
    import pyuca

    tables = [src.name for src, dest in collected if src.name.startswith("allkeys-")]
    assert tables == [f"allkeys-{pyuca.Collator.UCA_VERSION}.txt"] == ["allkeys-9.0.0.txt"]  # the one pyuca.Collator() reads


def test_a_bundle_missing_a_dependency_data_file_is_named(tmp_path):
    rd = _runtime_data()
    files = [(str(ROOT / "pyproject.toml"), "pyuca"), (str(ROOT / "README.md"), "reportlab/fonts")]
    (tmp_path / "pyuca").mkdir()
    (tmp_path / "pyuca" / "pyproject.toml").write_text("x")
    assert rd.missing_from(tmp_path, files) == ["reportlab/fonts/README.md"]


def test_the_wheel_leaves_out_the_tests_oracles_and_the_search_tools_and_no_extra_advertises_them(tmp_path):
    """rotation/testing.py (the tests' oracles) and the offline design-search
    tools are in the repository only; the tests still find testing.py from
    the checkout (pytest's pythonpath)."""
    import tomllib
    import zipfile

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "design-search" not in pyproject["project"].get("optional-dependencies", {})
    assert "." in pyproject["tool"]["pytest"]["ini_options"]["pythonpath"]
    import euchre_tourney.rotation.testing as oracles

    assert Path(oracles.__file__).resolve().is_relative_to(ROOT)
    hatchling = pytest.importorskip("hatchling.builders.wheel")
    export = tmp_path / "src"
    shutil.copytree(ROOT, export, ignore=shutil.ignore_patterns(".git", ".venv", "__pycache__", "dist*", "build"))
    wheel = hatchling.WheelBuilder(str(export))
    built = next(iter(wheel.build(directory=str(tmp_path / "dist"), versions=["standard"])))
    names = zipfile.ZipFile(built).namelist()
    assert "euchre_tourney/rotation/__init__.py" in names
    assert "euchre_tourney/rotation/testing.py" not in names
    assert not any("/designs/search/" in n for n in names)
    assert "euchre_tourney/_resources/LICENSE.txt" in names


@pytest.mark.parametrize("reason", ["file too short", "invalid ELF header", "wrong ELF class: ELFCLASS32"])
def test_a_damaged_library_is_said_to_be_damaged_not_missing(monkeypatch, tmp_path, reason):
    from euchre_tourney import platform_check

    def damaged(_path):
        raise OSError(f"/usr/lib/x86_64-linux-gnu/libxcb-cursor.so.0: {reason}")

    monkeypatch.setattr(platform_check, "_dlopen", damaged)
    monkeypatch.setattr(platform_check, "_ldd", lambda _p: "\tlibxcb-cursor.so.0 => /usr/lib/x86_64-linux-gnu/libxcb-cursor.so.0\n")
    (tmp_path / "platforms").mkdir()
    (tmp_path / "platforms" / "libqxcb.so").write_bytes(b"")
    text = platform_check.display_problem(tmp_path, {"DISPLAY": ":0"}, "linux", release={})
    assert "damaged or unusable (/usr/lib/x86_64-linux-gnu/libxcb-cursor.so.0: " + reason.split(":")[0] in text
    assert "sudo apt install --reinstall libxcb-cursor0" in text and "sudo dnf reinstall xcb-util-cursor" in text
    assert "Install the package that provides" not in text and "lacks" not in text


def test_the_bundle_recipe_names_the_compiled_modules_at_the_top_of_site_packages():
    """A mypyc-compiled dependency (openskill, the season's ratings) imports
    its ``<hash>__mypyc`` helper from C, which PyInstaller's analysis cannot
    see: the bundle's reports once failed with "No module named
    '…__mypyc'". The spec names every top-level compiled module of the
    run-time distributions as a hidden import."""
    rd = _runtime_data()
    spec = (ROOT / "packaging" / "euchre-tourney.spec").read_text(encoding="utf-8")
    assert "*runtime_data.top_level_extensions()" in spec
    names = rd.top_level_extensions()
    assert any(name.endswith("__mypyc") for name in names), names
    for name in names:
        assert importlib.util.find_spec(name) is not None, f"{name} is not importable here"


def test_the_licence_is_mit_at_the_top_and_in_the_wheel_as_an_spdx_expression(tmp_path):
    """Issue 32 item 6: a LICENSE file at the top (the same text the app shows
    from resources/LICENSE.txt) and pyproject's SPDX form ``license = "MIT"``,
    which the wheel's metadata carries as ``License-Expression: MIT``."""
    import tomllib
    import zipfile

    top = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert top.startswith("MIT License") and top == (ROOT / "resources" / "LICENSE.txt").read_text(encoding="utf-8")
    assert tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["license"] == "MIT"
    hatchling = pytest.importorskip("hatchling.builders.wheel")
    export = tmp_path / "src"
    shutil.copytree(ROOT, export, ignore=shutil.ignore_patterns(".git", ".venv", "__pycache__", "dist*", "build"))
    built = next(iter(hatchling.WheelBuilder(str(export)).build(directory=str(tmp_path / "dist"), versions=["standard"])))
    wheel = zipfile.ZipFile(built)
    metadata = wheel.read(next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))).decode()
    assert "License-Expression: MIT" in metadata.splitlines()
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in wheel.namelist())


def _fake_qt(folder: Path) -> Path:
    """A PySide6 folder with empty Qt libraries and xcb plugin (their loading is mocked)."""
    for name in ("Qt/lib/libQt6Core.so.6", "Qt/lib/libQt6Gui.so.6", "Qt/lib/libQt6Widgets.so.6",
                 "Qt/plugins/platforms/libqxcb.so"):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(b"")
    return folder


def _lacking(*sonames):
    """(_dlopen, _ldd) mocks for a system without ``sonames``."""

    def dlopen(_path):
        raise OSError(f"{sonames[0]}: cannot open shared object file: No such file or directory")

    return dlopen, lambda _path: "".join(f"\t{name} => not found\n" for name in sonames)


@pytest.mark.parametrize(
    ("release", "command", "not_there"),
    [
        ({"ID": "debian"}, "    sudo apt install libgl1 libglib2.0-0 libxcb-shape0", "dnf"),
        ({"ID": "linuxmint", "ID_LIKE": "ubuntu debian"}, "    sudo apt install libgl1 libglib2.0-0 libxcb-shape0", "dnf"),
        ({"ID": "fedora"}, "    sudo dnf install glib2 libglvnd-glx libxcb", "apt"),
        ({"ID": "almalinux", "ID_LIKE": "rhel centos fedora"}, "    sudo dnf install glib2 libglvnd-glx libxcb", "apt"),
    ],
)
def test_before_qt_loads_the_missing_packages_and_the_one_command_for_this_system_are_named(
        monkeypatch, tmp_path, release, command, not_there):
    """Issue 32 item 1: a bare system printed "unexpected ImportError:
    libglib-2.0.so.0…" (a file): now the packages, and the one command of the
    system it runs on (from /etc/os-release)."""
    from euchre_tourney import platform_check

    dlopen, ldd = _lacking("libglib-2.0.so.0", "libgthread-2.0.so.0", "libGL.so.1", "libxcb-shape.so.0")
    monkeypatch.setattr(platform_check, "_dlopen", dlopen)
    monkeypatch.setattr(platform_check, "_ldd", ldd)
    monkeypatch.setattr(platform_check, "fonts_missing", lambda: False)
    text = platform_check.startup_problem({"DISPLAY": ":0"}, "linux", _fake_qt(tmp_path), release)
    assert "(libglib-2.0.so.0, libgthread-2.0.so.0, libGL.so.1, libxcb-shape.so.0)" in text
    assert command in text.splitlines()
    assert not_there not in text and "font" not in text


def test_a_system_without_fonts_is_told_the_font_packages(monkeypatch, tmp_path):
    """The .deb on a minimal Debian drew every letter as an empty box: no font, no fontconfig configuration."""
    from euchre_tourney import platform_check

    monkeypatch.setattr(platform_check, "_dlopen", lambda _path: None)
    assert platform_check.fonts_missing((str(tmp_path),), tmp_path / "fonts.conf")
    (tmp_path / "fonts.conf").write_text("<fontconfig/>")
    assert platform_check.fonts_missing((str(tmp_path),), tmp_path / "fonts.conf")
    (tmp_path / "truetype" / "dejavu").mkdir(parents=True)
    (tmp_path / "truetype" / "dejavu" / "DejaVuSans.ttf").write_bytes(b"")
    assert not platform_check.fonts_missing((str(tmp_path),), tmp_path / "fonts.conf")
    monkeypatch.setattr(platform_check, "fonts_missing", lambda: True)
    text = platform_check.startup_problem({"DISPLAY": ":0"}, "linux", _fake_qt(tmp_path / "qt"), {"ID": "debian"})
    assert "    sudo apt install fontconfig-config fonts-dejavu-core" in text.splitlines()
    assert "empty box" in text
    offscreen = {"QT_QPA_PLATFORM": "offscreen"}  # the tests' platform: letters are not the point there
    assert platform_check.startup_problem(offscreen, "linux", _fake_qt(tmp_path / "qt"), {"ID": "debian"}) is None


APP_WITHOUT_GL = """
import sys
from euchre_tourney import cli, platform_check
def dlopen(path):
    if "libQt6Gui" in path:
        raise OSError("libGL.so.1: cannot open shared object file: No such file or directory")
platform_check._dlopen = dlopen
platform_check._ldd = lambda path: "\\tlibGL.so.1 => not found\\n" if "Gui" in str(path) else ""
platform_check.os_release = lambda: {"ID": "debian"}
status = cli.main(["--database", "sqlite://"])
print(status, "PySide6" in sys.modules)
"""


def test_the_app_names_the_packages_without_importing_qt():
    """The check runs before PySide6 is imported (importing it is what failed
    on a bare system): with Qt's GUI library unable to load, the app prints
    the package and its install command and exits 1, PySide6 never imported."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")} | {"QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", APP_WITHOUT_GL], capture_output=True, text=True, env=env,
                          timeout=120, cwd=ROOT)
    assert done.stdout.split() == ["1", "False"], done.stderr
    assert "    sudo apt install libgl1" in done.stderr.splitlines() and "Traceback" not in done.stderr


def _check_iss():
    sys.path.insert(0, str(ROOT / "packaging" / "windows"))
    try:
        import check_iss
    finally:
        sys.path.remove(str(ROOT / "packaging" / "windows"))
    return check_iss


def test_the_windows_installer_names_only_files_of_the_bundle_and_refuses_one_without_notices(tmp_path):
    """Issue 32 item 5: Inno Setup cannot run here; its script is checked
    against a folder laid out as the bundle (the smoke test does it on the
    real Linux bundle): every file it takes or points at is there, every
    define is passed by build.ps1, and it will not compile without NOTICES.txt."""
    check_iss = _check_iss()
    bundle = tmp_path / "euchre-tourney"
    (bundle / "_internal" / "resources").mkdir(parents=True)
    for name in ("euchre-tourney", "_internal/resources/LICENSE.txt", "_internal/resources/NOTICES.txt"):
        (bundle / name).write_text("x")
    found, checked = check_iss.problems(bundle)
    assert found == [] and checked >= 6
    (bundle / "_internal" / "resources" / "NOTICES.txt").unlink()
    (bundle / "euchre-tourney").unlink()
    found, _ = check_iss.problems(bundle)
    assert any(p.startswith("_internal\\resources\\NOTICES.txt: not in the bundle") for p in found)
    assert any(p.startswith("euchre-tourney.exe: not in the bundle") for p in found)
    iss = tmp_path / "broken.iss"
    iss.write_text((ROOT / "packaging/windows/euchre-tourney.iss").read_text(encoding="utf-8")
                   .replace("#error NOTICES.txt", "; NOTICES.txt").replace("[Icons]", "[Icon]")
                   .replace("{#IconFile}", "{#IconPath}"))
    found, _ = check_iss.problems(bundle, iss)
    assert "unknown section [Icon]" in found
    assert "{#IconPath} is used but build.ps1 does not pass /DIconPath=" in found
    assert "the script does not refuse to compile without _internal\\resources\\NOTICES.txt" in found


def test_the_windows_and_macos_recipes_write_the_notices():
    """Issue 32 item 5: those installers shipped without NOTICES.txt (Qt's LGPL among them)."""
    windows = (ROOT / "packaging/windows/build.ps1").read_text(encoding="utf-8")
    macos = (ROOT / "packaging/macos/build.sh").read_text(encoding="utf-8")
    assert 'notices.py" $Internal --version $Version --out "$Internal\\resources\\NOTICES.txt"' in windows
    assert '"pip-licenses>=5"' in windows
    assert re.search(r'notices\.py" "\$APP/Contents/Frameworks" .*\n\s*--out "\$APP/Contents/Resources/resources/NOTICES\.txt"', macos)
    assert macos.index("packaging/notices.py") < macos.index("codesign --force")  # signed with the notices inside
    assert '"pip-licenses>=5"' in (ROOT / "packaging/prepare-build.sh").read_text(encoding="utf-8")


def test_the_release_workflow_builds_windows_and_macos_on_a_tag():
    workflow = (ROOT / "packaging/ci/release.yml").read_text(encoding="utf-8")
    assert re.search(r"on:\s*\n\s*push:\s*\n\s*tags:", workflow)
    assert "runs-on: windows-" in workflow and "runner: [macos-14, macos-13]" in workflow
    assert "packaging\\windows\\build.ps1" in workflow and "packaging/macos/build.sh" in workflow


TOO_OLD_SQLMODEL = """
import sqlmodel

def field(*args, ondelete=None, **kwargs):  # sqlmodel 0.0.16-0.0.20 had no ondelete
    if ondelete is not None:
        raise TypeError("Field() got an unexpected keyword argument 'ondelete'")
    return original(*args, **kwargs)

original, sqlmodel.Field = sqlmodel.Field, field
from euchre_tourney import cli
print(cli.main(["standings", "1", "--database", "sqlite://"]))
"""


def test_a_dependency_too_old_to_import_is_said_in_one_line_not_a_traceback():
    """Issue 32 item 2: with sqlmodel older than pyproject's floor the app
    crashed on import and the error handler's own traceback (it imports the
    same package) hid the cause."""
    done = subprocess.run([sys.executable, "-c", TOO_OLD_SQLMODEL], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.stdout.split() == [str(cli.EXIT_ENVIRONMENT)], done.stderr
    assert "Traceback" not in done.stderr
    assert [line for line in done.stderr.splitlines() if "error" in line] == [
        "euchre-tourney: error: Euchre Tourney could not start (TypeError: Field() got an unexpected keyword argument "
        "'ondelete'). A package it needs may be too old or damaged: install it again."]
