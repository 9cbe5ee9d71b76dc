#!/usr/bin/env python3
"""Check the Inno Setup script on Linux, as far as that goes without Inno Setup.

    python3 packaging/windows/check_iss.py BUNDLE_FOLDER

Inno Setup's compiler runs on Windows only (Debian packages neither it nor a
checker). What can be checked here against the Linux bundle, whose folder has
the same layout as the Windows one (PyInstaller's one folder, the same spec;
``euchre-tourney.exe`` there is ``euchre-tourney`` here):

* every section is one Inno Setup knows, and every ``{#Name}`` the script
  uses is given by ``build.ps1`` (``/DName=``) or defined in the script;
* every file the script takes from the bundle (``{#SourceDir}\\…``: the
  ``[Files]`` sources, ``LicenseFile``, the ``FileExists`` guards) and every
  file it points at once installed (``{app}\\…``: shortcuts, the uninstall
  icon, what ``[Run]`` starts) is in BUNDLE_FOLDER; a ``*`` source must match
  something;
* the script refuses to compile without ``NOTICES.txt`` (the third-party
  notices, Qt's LGPL among them), and ``build.ps1`` writes it with
  ``notices.py``.

Prints what it checked, or each problem; exit status 1 when there is one.
``linux/smoke-test.sh`` runs it on the bundle it tests; ``tests/test_packaging.py``
on a made-up folder.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SECTIONS = {"Setup", "Tasks", "Files", "Icons", "Run", "UninstallRun", "Dirs", "Registry", "INI", "InstallDelete",
            "UninstallDelete", "Languages", "Messages", "CustomMessages", "LangOptions", "Types", "Components", "Code"}
NOTICES = r"_internal\resources\NOTICES.txt"


def _on_linux(windows_path: str) -> str:
    """A path inside the Windows bundle as it is in the Linux one."""
    path = windows_path.replace("\\", "/").strip("/")
    return path[: -len(".exe")] if path.endswith(".exe") else path


def problems(bundle: Path, iss: Path = HERE / "euchre-tourney.iss", build: Path = HERE / "build.ps1") -> tuple[list[str], int]:
    """(the problems found, how many file references were checked)."""
    text = iss.read_text(encoding="utf-8")
    script = build.read_text(encoding="utf-8")
    found = []
    for section in re.findall(r"^\[(\w+)\]", text, re.M):
        if section not in SECTIONS:
            found.append(f"unknown section [{section}]")
    given = set(re.findall(r"/D(\w+)=", script)) | set(re.findall(r"^#define\s+(\w+)", text, re.M))
    for name in sorted(set(re.findall(r"\{#(\w+)\}", text)) | set(re.findall(r"\b(\w+) \+ \"", text))):
        if name not in given:
            found.append(f"{{#{name}}} is used but build.ps1 does not pass /D{name}=")
    references = re.findall(r'\{#SourceDir\}\\([^"\s;]+)', text) + re.findall(r'SourceDir \+ "\\([^"]+)"', text)
    installed = re.findall(r'\{app\}\\([^"\s;]+)', text)
    for rel in references + installed:
        path = bundle / _on_linux(rel)
        if "*" in path.name:
            if not any(path.parent.glob(path.name)):
                found.append(f"{rel}: matches nothing in {path.parent}")
        elif not path.is_file():
            found.append(f"{rel}: not in the bundle ({path})")
    guard = f'#if !FileExists(SourceDir + "\\{NOTICES}")'
    if guard not in text or not text.split(guard, 1)[1].lstrip().startswith("#error"):
        found.append("the script does not refuse to compile without " + NOTICES)
    if "notices.py" not in script or "NOTICES.txt" not in script:
        found.append("build.ps1 does not write NOTICES.txt with notices.py")
    return found, len(references) + len(installed)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    found, checked = problems(Path(argv[0]))
    for problem in found:
        print(f"check_iss: {problem}", file=sys.stderr)
    if not found:
        print(f"check_iss: euchre-tourney.iss: {checked} file references found in the bundle, sections and defines known, "
              "NOTICES.txt required and written by build.ps1")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
