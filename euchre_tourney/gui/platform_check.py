"""Say which system libraries are missing instead of Qt's abort.

On a bare Linux (a fresh Debian, a minimal Ubuntu) Qt's X11 platform plugin
(``libqxcb.so``) needs a few xcb libraries that PySide6's wheels do not
carry: ``libxcb-cursor0``, ``libxcb-icccm4``, ``libxcb-keysyms1`` and
friends. Without them ``QApplication()`` prints "could not load the Qt
platform plugin xcb" and aborts the process (SIGABRT), which no ``try`` can
catch. So before the application object is made, :func:`display_problem`
loads the plugin the way Qt would (``dlopen`` through ctypes, a few
milliseconds when all is well); if that fails it asks ``ldd`` which libraries
are not found and returns one paragraph naming them with the commands that
install them on Debian/Ubuntu and on Fedora. The caller prints it and exits
with status 1.

Nothing here runs on Windows or macOS, under ``QT_QPA_PLATFORM=offscreen``
(the tests) or on a Wayland session (Qt's Wayland plugin comes first there).
"""

from __future__ import annotations

import ctypes
import os
import re
import subprocess
from collections.abc import Mapping
from pathlib import Path

# soname -> (Debian/Ubuntu package, Fedora package) for what libqxcb.so needs
# beyond a desktop-less base system
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
}

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


def damaged_message(library: str, reason: str) -> str:
    """One paragraph for the director: a library is damaged, not missing."""
    name = Path(library).name
    packages = PACKAGES.get(name)
    lines = [
        "Euchre Tourney cannot open its window: a library Qt needs to draw on an X11 screen is there "
        f"but damaged or unusable ({library}: {reason}).",
    ]
    if packages:
        lines += [
            "Reinstall it, then start Euchre Tourney again:",
            f"    Debian, Ubuntu:  sudo apt install --reinstall {packages[0]}",
            f"    Fedora:          sudo dnf reinstall {packages[1]}",
        ]
    else:
        lines.append(f"Reinstall the package that provides {name} with your system's package manager"
                     + (", or unpack Euchre Tourney again if the file is inside its folder." if "_internal" in library else "."))
    lines.append("The command-line tools (euchre-tourney --help) work without it.")
    return "\n".join(lines)


def message(missing: list[str]) -> str:
    """One paragraph for the director: what is missing and how to install it."""
    known = [name for name in missing if name in PACKAGES]
    others = [name for name in missing if name not in PACKAGES]
    debian = sorted({PACKAGES[n][0] for n in known})
    fedora = sorted({PACKAGES[n][1] for n in known})
    lines = [
        "Euchre Tourney cannot open its window: this Linux system lacks libraries that Qt "
        f"needs to draw on an X11 screen ({', '.join(missing)}).",
    ]
    if debian:
        lines += [
            "Install them, then start Euchre Tourney again:",
            f"    Debian, Ubuntu:  sudo apt install {' '.join(debian)}",
            f"    Fedora:          sudo dnf install {' '.join(fedora)}",
        ]
    if others:
        lines.append(f"Install the package that provides {', '.join(others)} with your system's package manager.")
    lines.append("The command-line tools (euchre-tourney --help) work without them.")
    return "\n".join(lines)


def display_problem(
    plugins_dir: Path,
    environ: Mapping[str, str] | None = None,
    platform: str | None = None,
) -> str | None:
    """The paragraph to print instead of starting Qt, or None if Qt can start.

    ``plugins_dir`` is Qt's plugin folder (``QLibraryInfo.path(PluginsPath)``).
    """
    import sys

    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if not uses_xcb(environ, platform):
        return None
    if not environ.get("DISPLAY"):
        return (
            "Euchre Tourney cannot open its window: there is no graphical display "
            "(the DISPLAY variable is not set). Start it from your desktop, or use the "
            "command-line tools (euchre-tourney --help)."
        )
    plugin = plugins_dir / "platforms" / "libqxcb.so"
    if not plugin.exists():
        return None  # an unusual Qt build: let Qt say what it says
    error = load_error(plugin)
    if error is None:
        return None
    missing = missing_libraries(plugin, error)
    if missing:
        return message(missing)
    damaged = damaged_library(error)
    return damaged_message(*damaged) if damaged else message([error])
