"""Desktop integration: the application id, the menu entry and the icon.

One application id in reverse-DNS form, :data:`APP_ID`, names everything the
desktop sees: the ``.desktop`` file, ``QGuiApplication.setDesktopFileName``
(so Wayland and X11 docks match the window to its entry and icon), the
AppStream ``metainfo.xml`` and the icon. Their sources are in
``resources/desktop/`` and ``resources/icons/``.

``euchre-tourney --install-desktop`` (:func:`install`) puts the menu entry,
the scalable icon and the AppStream file into the current user's XDG data
folder (``$XDG_DATA_HOME``, usually ``~/.local/share``, found through
platformdirs), with ``Exec=`` pointing at the command that was run, so a
``pip install --user`` shows up in the desktop's application menu.
``--uninstall-desktop`` (:func:`uninstall`) removes exactly those files.
Nothing here imports Qt.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import platformdirs

from euchre_tourney.resources import resource_path

APP_ID = "io.github.euchretourney.EuchreTourney"
COMMAND = "euchre-tourney"

# the user's copy of each file: (resource folder, file name, place under the XDG data folder)
_FILES = (
    ("desktop", f"{APP_ID}.desktop", f"applications/{APP_ID}.desktop"),
    ("icons", f"{APP_ID}.svg", f"icons/hicolor/scalable/apps/{APP_ID}.svg"),
    ("desktop", f"{APP_ID}.metainfo.xml", f"metainfo/{APP_ID}.metainfo.xml"),
)


def data_home() -> Path:
    """The user's XDG data folder (``$XDG_DATA_HOME`` or ``~/.local/share``)."""
    return Path(platformdirs.user_data_dir())


def installed_paths(home: Path | None = None) -> list[Path]:
    """The files :func:`install` writes under ``home`` (default :func:`data_home`)."""
    home = home or data_home()
    return [home / target for _folder, _name, target in _FILES]


def launch_command() -> list[str]:
    """The command that starts this copy of the app: the frozen bundle's
    executable, the ``euchre-tourney`` script beside this Python (a pip or
    venv install), the one on ``PATH``, or ``python -m euchre_tourney``."""
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).resolve())]
    beside = Path(sys.executable).parent / COMMAND
    if beside.is_file() and os.access(beside, os.X_OK):
        return [str(beside)]
    found = shutil.which(COMMAND)
    if found:
        return [str(Path(found).resolve())]
    return [str(Path(sys.executable).resolve()), "-m", "euchre_tourney"]


def exec_quote(argument: str) -> str:
    """Quote one argument for a ``.desktop`` ``Exec=`` line (Desktop Entry
    spec, "The Exec key"): in double quotes if it has a reserved character,
    with ``"``, backquote, ``$`` and backslash escaped; ``%`` is doubled."""
    argument = argument.replace("%", "%%")
    if not any(c in argument for c in " \t\n\"'\\><~|&;$*?#()`"):
        return argument
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in argument)
    # the .desktop file is itself a string value, where a backslash is written twice
    return '"' + escaped.replace("\\", "\\\\") + '"'


def desktop_entry(command: list[str]) -> str:
    """The ``.desktop`` file's text with ``Exec=`` running ``command``."""
    text = resource_path("desktop", f"{APP_ID}.desktop").read_text(encoding="utf-8")
    exec_line = "Exec=" + " ".join(exec_quote(a) for a in command)
    lines = [exec_line if line.startswith("Exec=") else line for line in text.splitlines()]
    return "\n".join(lines) + "\n"


def install(home: Path | None = None, command: list[str] | None = None) -> list[Path]:
    """Install the menu entry, icon and AppStream file for the current user.

    Returns the files written (see :func:`installed_paths`). Raises
    ``OSError`` if the data folder cannot be written.
    """
    home = home or data_home()
    written = []
    for (folder, name, _target), path in zip(_FILES, installed_paths(home)):
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".desktop":
            path.write_text(desktop_entry(command or launch_command()), encoding="utf-8")
        else:
            shutil.copyfile(resource_path(folder, name), path)
        written.append(path)
    return written


def uninstall(home: Path | None = None) -> list[Path]:
    """Remove what :func:`install` wrote; returns the files removed (folders stay)."""
    removed = []
    for path in installed_paths(home):
        if path.is_file():
            path.unlink()
            removed.append(path)
    return removed
