"""Say which system packages are missing, before Qt is loaded, instead of a crash.

On a bare Linux (a fresh Debian, a minimal Ubuntu, a server image) the Qt
libraries that PySide6's wheels and the bundle carry need system libraries
that neither carries: ``libglib-2.0.so.0`` and ``libGL.so.1`` (importing
PySide6 fails: "ImportError: libglib-2.0.so.0: cannot open shared object
file"), and for the X11 window the xcb libraries (``libxcb-cursor0``…;
without them ``QApplication()`` aborts the process). A system without a
font or fontconfig's configuration opens the window but draws every letter
as an empty box.

So :func:`startup_problem` runs before PySide6 is imported (``cli.main``,
for the window and the practice table): it loads Qt's core, GUI and widget
libraries and, where Qt will use X11, its xcb plugin, the way Qt would
(``dlopen`` through ctypes, a few milliseconds when all is well); if one
fails it asks ``ldd`` which libraries are not found, maps each to the
package that provides it (:data:`PACKAGES`), checks for a font and
fontconfig's configuration, and returns one paragraph naming the missing
packages and the one command that installs them on this system (from
``/etc/os-release``: ``apt`` on Debian and its derivatives, ``dnf`` on
Fedora and its; elsewhere both, as a hint). The caller prints it and exits
with status 1.

Nothing here runs on Windows or macOS. Under ``QT_QPA_PLATFORM=offscreen``
(the tests) or on a Wayland session only Qt's own libraries are checked.
"""

from __future__ import annotations

import ctypes
import os
import re
import subprocess
from collections.abc import Mapping
from pathlib import Path

# soname -> (Debian/Ubuntu package, Fedora package) for what Qt's libraries and its X11 plugin
# need beyond a desktop-less base system (found with ldd in a debootstrap --variant=minbase system)
PACKAGES: dict[str, tuple[str, str]] = {
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor"),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil"),
    "libxcb-util.so.1": ("libxcb-util1", "xcb-util"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb"),
    "libX11.so.6": ("libx11-6", "libX11"),
    "libxcb.so.1": ("libxcb1", "libxcb"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb"),
    "libxcb-render.so.0": ("libxcb-render0", "libxcb"),
    "libxcb-shm.so.0": ("libxcb-shm0", "libxcb"),
    "libxcb-sync.so.1": ("libxcb-sync1", "libxcb"),
    "libxcb-xfixes.so.0": ("libxcb-xfixes0", "libxcb"),
    "libxcb-xinerama.so.0": ("libxcb-xinerama0", "libxcb"),
    "libxcb-xinput.so.0": ("libxcb-xinput0", "libxcb"),
    "libxcb-glx.so.0": ("libxcb-glx0", "libxcb"),
    "libSM.so.6": ("libsm6", "libSM"),
    "libICE.so.6": ("libice6", "libICE"),
    "libEGL.so.1": ("libegl1", "libglvnd-egl"),
    "libGL.so.1": ("libgl1", "libglvnd-glx"),
    "libOpenGL.so.0": ("libopengl0", "libglvnd-opengl"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig"),
    "libfreetype.so.6": ("libfreetype6", "freetype"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs"),
    "libglib-2.0.so.0": ("libglib2.0-0", "glib2"),
    "libgthread-2.0.so.0": ("libglib2.0-0", "glib2"),
    "libGLX.so.0": ("libglx0", "libglvnd-glx"),
    "libGLdispatch.so.0": ("libglvnd0", "libglvnd"),
}

FONT_PACKAGES = {"debian": ("fontconfig-config", "fonts-dejavu-core"), "fedora": ("fontconfig", "dejavu-sans-fonts")}
"""What draws letters: fontconfig's configuration (``/etc/fonts/fonts.conf``)
and one font (DejaVu, each system's default)."""

FONT_FOLDERS = ("/usr/share/fonts", "/usr/local/share/fonts", "~/.local/share/fonts", "~/.fonts")
FONT_SUFFIXES = (".ttf", ".otf", ".ttc", ".pfb", ".pcf", ".pcf.gz", ".otb")
INSTALL = {"debian": "sudo apt install", "fedora": "sudo dnf install"}
SYSTEM_NAMES = {"debian": "Debian, Ubuntu", "fedora": "Fedora"}

_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found", re.MULTILINE)
_DLOPEN_ERROR = re.compile(r"(\S+\.so[.\d]*): cannot open shared object file")
# dlopen's "<library>: <why>" for a library that is there but cannot be loaded
# (cut short, overwritten, built for another machine): not missing, damaged
_DAMAGED = re.compile(r"(\S+\.so[.\d]*): (?!cannot open shared object file)([^:]+(?::[^:]+)?)\s*$")


def uses_xcb(environ: Mapping[str, str], platform: str) -> bool:
    """Whether Qt will try its X11 (xcb) plugin first on this system."""
    if not platform.startswith("linux"):
        return False
    chosen = environ.get("QT_QPA_PLATFORM", "")
    if chosen:
        return chosen.split(";")[0].split(":")[0] == "xcb"
    return not environ.get("WAYLAND_DISPLAY")


def _dlopen(path: str) -> None:
    ctypes.CDLL(path)


def _ldd(path: Path) -> str:
    try:
        return subprocess.run(["ldd", str(path)], capture_output=True, text=True, timeout=20).stdout
    except (OSError, subprocess.SubprocessError):
        return ""


def load_error(plugin: Path) -> str | None:
    """dlopen's error loading ``plugin``, or None if it loads."""
    try:
        _dlopen(str(plugin))
        return None
    except OSError as exc:
        return str(exc)


def missing_libraries(plugin: Path, error: str | None = None) -> list[str]:
    """The shared libraries ``plugin`` needs but the system lacks ([] if it
    loads, or if what stops it is a damaged library: :func:`damaged_library`)."""
    error = load_error(plugin) if error is None else error
    if error is None:
        return []
    missing = list(dict.fromkeys(_NOT_FOUND.findall(_ldd(plugin))))
    if not missing and damaged_library(error) is None:  # no ldd: dlopen names the first library it could not find
        missing = _DLOPEN_ERROR.findall(error)[:1] or [error]
    return missing


def damaged_library(error: str) -> tuple[str, str] | None:
    """(library path, dlopen's reason) when ``error`` says a library is there
    but cannot be loaded ("file too short", "invalid ELF header", "wrong ELF
    class"…), else None."""
    match = _DAMAGED.search(error.strip())
    return (match[1], match[2].strip()) if match else None


def os_release(path: Path = Path("/etc/os-release")) -> dict[str, str]:
    """``/etc/os-release`` as a dict ({} where there is none)."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return {}
    pairs = (line.split("=", 1) for line in text.splitlines() if "=" in line and not line.startswith("#"))
    return {key.strip(): value.strip().strip("\"'") for key, value in pairs}


def family(release: Mapping[str, str]) -> str | None:
    """"debian" (Debian, Ubuntu, Mint…), "fedora" (Fedora, RHEL, CentOS…) or
    None, from ``/etc/os-release``'s ``ID`` and ``ID_LIKE``."""
    ids = [release.get("ID", ""), *release.get("ID_LIKE", "").split()]
    for name in ids:
        if name in ("debian", "ubuntu"):
            return "debian"
        if name in ("fedora", "rhel", "centos"):
            return "fedora"
    return None


def install_lines(packages: Mapping[str, list[str]], system: str | None) -> list[str]:
    """The command that installs ``packages`` ({family: [package…]}) on this
    system; both families' commands, labelled, where it is neither."""
    if system in INSTALL:
        return [f"    {INSTALL[system]} {' '.join(packages[system])}"]
    return [f"    {SYSTEM_NAMES[f] + ':':<17}{INSTALL[f]} {' '.join(packages[f])}" for f in INSTALL] + [
        "(or the packages of the same names with your system's package manager)"]


def _release_family(release: Mapping[str, str] | None) -> str | None:
    return family(os_release() if release is None else release)


def damaged_message(library: str, reason: str, release: Mapping[str, str] | None = None) -> str:
    """One paragraph for the director: a library is damaged, not missing."""
    name = Path(library).name
    packages = PACKAGES.get(name)
    lines = [
        "Euchre Tourney cannot open its window: a library Qt needs to draw its window is there "
        f"but damaged or unusable ({library}: {reason}).",
    ]
    if packages:
        system = _release_family(release)
        reinstall = {"debian": "sudo apt install --reinstall", "fedora": "sudo dnf reinstall"}
        chosen = [system] if system in reinstall else list(reinstall)
        lines.append("Reinstall it, then start Euchre Tourney again:")
        lines += [f"    {'' if system in reinstall else SYSTEM_NAMES[f] + ':  '}{reinstall[f]} "
                  f"{packages[0 if f == 'debian' else 1]}" for f in chosen]
    else:
        lines.append(f"Reinstall the package that provides {name} with your system's package manager"
                     + (", or unpack Euchre Tourney again if the file is inside its folder." if "_internal" in library else "."))
    lines.append("The command-line tools (euchre-tourney --help) work without it.")
    return "\n".join(lines)


def message(missing: list[str], no_fonts: bool = False, release: Mapping[str, str] | None = None) -> str:
    """One paragraph for the director: the packages that are missing (the
    libraries ``missing``, a font and fontconfig's configuration when
    ``no_fonts``) and the one command that installs them on this system."""
    known = [name for name in missing if name in PACKAGES]
    others = [name for name in missing if name not in PACKAGES]
    packages = {f: sorted({PACKAGES[n][i] for n in known} | (set(FONT_PACKAGES[f]) if no_fonts else set()))
                for i, f in enumerate(INSTALL)}
    what = []
    if missing:
        what.append(f"libraries that Qt needs to draw its window ({', '.join(missing)})")
    if no_fonts:
        what.append("a font and fontconfig's configuration (without them every letter is an empty box)")
    lines = [f"Euchre Tourney cannot open its window: this Linux system lacks {' and '.join(what)}."]
    if packages["debian"]:
        lines.append("Install these packages, then start Euchre Tourney again:")
        lines += install_lines(packages, _release_family(release))
    if others:
        lines.append(f"Install the package that provides {', '.join(others)} with your system's package manager.")
    lines.append("The command-line tools (euchre-tourney --help) work without them.")
    return "\n".join(lines)


def fonts_missing(folders: tuple[str, ...] = FONT_FOLDERS, config: Path = Path("/etc/fonts/fonts.conf")) -> bool:
    """Whether this system lacks fontconfig's configuration or any font file
    (stops at the first font found: a few milliseconds on a desktop)."""
    if not config.exists():
        return True
    for folder in folders:
        for _root, _dirs, files in os.walk(os.path.expanduser(folder)):
            if any(name.lower().endswith(FONT_SUFFIXES) for name in files):
                return False
    return True


def qt_folder() -> Path | None:
    """PySide6's folder, found without importing it (None if not installed):
    in a bundle ``_internal/PySide6``, else the installed package's."""
    import importlib.util
    import sys

    if getattr(sys, "frozen", False) and hasattr(sys, "_MEIPASS"):
        return Path(sys._MEIPASS) / "PySide6"
    try:
        spec = importlib.util.find_spec("PySide6")
    except (ImportError, ValueError):
        return None
    return Path(spec.origin).parent if spec is not None and spec.origin else None


QT_LIBRARIES = ("libQt6Core.so.6", "libQt6Gui.so.6", "libQt6Widgets.so.6")
"""Qt's libraries that the window loads, in ``PySide6/Qt/lib``."""


def startup_problem(
    environ: Mapping[str, str] | None = None,
    platform: str | None = None,
    qt: Path | None = None,
    release: Mapping[str, str] | None = None,
) -> str | None:
    """The paragraph to print instead of loading Qt, or None if the window can open.

    Run before PySide6 is imported. Checks Qt's core, GUI and widget
    libraries in ``qt`` (default :func:`qt_folder`) and, where Qt will use
    X11, its xcb plugin, a display and the fonts. ``release``: the
    ``/etc/os-release`` values (default: read).
    """
    import sys

    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if not platform.startswith("linux"):
        return None
    xcb = uses_xcb(environ, platform)
    if xcb and not environ.get("DISPLAY"):
        return (
            "Euchre Tourney cannot open its window: there is no graphical display "
            "(the DISPLAY variable is not set). Start it from your desktop, or use the "
            "command-line tools (euchre-tourney --help)."
        )
    qt = qt_folder() if qt is None else qt
    if qt is None:
        return None  # no PySide6: let the import say so
    files = [qt / "Qt" / "lib" / name for name in QT_LIBRARIES]
    if xcb:
        files.append(qt / "Qt" / "plugins" / "platforms" / "libqxcb.so")
    missing: list[str] = []
    unexplained: list[str] = []
    for file in files:
        if not file.exists():
            continue  # an unusual Qt build: let Qt say what it says
        error = load_error(file)
        if error is None:
            continue
        found = missing_libraries(file, error)
        damaged = damaged_library(error)
        if not found and damaged is not None:
            return damaged_message(*damaged, release=release)
        (missing if found != [error] else unexplained).extend(found)
    missing = list(dict.fromkeys(missing + unexplained))
    no_fonts = xcb and fonts_missing()
    if not missing and not no_fonts:
        return None
    return message(missing, no_fonts, release)


def display_problem(
    plugins_dir: Path,
    environ: Mapping[str, str] | None = None,
    platform: str | None = None,
    release: Mapping[str, str] | None = None,
) -> str | None:
    """:func:`startup_problem` for the X11 plugin alone, given Qt's plugin
    folder (``QLibraryInfo.path(PluginsPath)``); Qt's own libraries are taken as loaded."""
    import sys

    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if not uses_xcb(environ, platform):
        return None
    if not environ.get("DISPLAY"):
        return startup_problem(environ, platform, Path(), release)
    plugin = plugins_dir / "platforms" / "libqxcb.so"
    if not plugin.exists():
        return None
    error = load_error(plugin)
    if error is None:
        return None
    missing = missing_libraries(plugin, error)
    if missing:
        return message(missing, release=release)
    damaged = damaged_library(error)
    return damaged_message(*damaged, release=release) if damaged else message([error], release=release)
