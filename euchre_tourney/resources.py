"""Find bundled non-code files (fonts, icons) in one place.

The ``resources/`` folder lives at the top of the source tree; an installed
wheel carries it as ``euchre_tourney/_resources``; a frozen bundle
(PyInstaller) unpacks it under ``sys._MEIPASS``. :func:`resource_path` looks in
that order and is the only place that knows.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


@lru_cache(maxsize=1)
def resources_dir() -> Path:
    """Return the folder holding the bundled resources.

    Raises ``FileNotFoundError`` when no candidate folder exists (a broken
    install).
    """
    candidates = []
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        candidates.append(Path(frozen) / "resources")
    candidates += [_PACKAGE_DIR / "_resources", _PACKAGE_DIR.parent / "resources"]
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("euchre_tourney resources folder not found; looked in " + ", ".join(map(str, candidates)))


def resource_path(*parts: str) -> Path:
    """Return the path of a bundled resource, e.g. ``resource_path("fonts", "DejaVuSans.ttf")``.

    Raises ``FileNotFoundError`` if the file is missing.
    """
    path = resources_dir().joinpath(*parts)
    if not path.exists():
        raise FileNotFoundError(f"missing resource: {path}")
    return path
