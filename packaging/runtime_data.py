#!/usr/bin/env python3
"""The run-time data files of the app's dependencies, for the bundle.

PyInstaller follows imports, not file reads: a data file a dependency opens
by path (``pyuca``'s collation table ``allkeys-9.0.0.txt`` is one) is left
out unless the spec collects it, and the frozen app then fails where the
source tree works. So the spec collects every data file of every
distribution the app needs at run time (``pyproject.toml``'s dependencies
and what they require, as installed in the build's venv):

* :func:`runtime_distributions`: that closure, environment markers applied,
  no extras;
* :func:`data_files`: ``(source, folder in the bundle)`` for each file the
  distributions' RECORD lists inside their packages, less code (``.py``,
  compiled modules, shared libraries, type stubs, C sources) and metadata.
  PySide6 and shiboken6 are left to PyInstaller's own hooks, which take
  exactly the Qt plugins and libraries the app loads (the spec then drops
  the unused ones).

``python3 packaging/runtime_data.py check BUNDLE/_internal`` (run by
``linux/build.sh`` after freezing) fails, naming them, when any of those files
is missing from the frozen bundle; ``tests/test_packaging.py`` checks the
collection against the installed packages' folders.
``python3 packaging/runtime_data.py names`` prints the distributions' names.
"""

from __future__ import annotations

import importlib.metadata as metadata
import os
import re
import sys
import tomllib
from pathlib import Path, PurePosixPath

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent

HOOKED = {"pyside6", "pyside6-essentials", "pyside6-addons", "shiboken6"}
"""Distributions whose files PyInstaller's hooks collect (Qt's libraries,
plugins and data), not this module."""

CODE_SUFFIXES = {".py", ".pyc", ".pyo", ".pyi", ".so", ".pyd", ".dylib", ".dll", ".pyx", ".pxd", ".c", ".h", ".cpp"}
"""What is code, not data (PyInstaller takes modules and binaries itself)."""


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def runtime_distributions(pyproject: Path = ROOT / "pyproject.toml") -> list[metadata.Distribution]:
    """The installed distributions the app needs at run time: the project's
    dependencies and, recursively, theirs (markers evaluated here, extras not
    requested left out). Raises ``PackageNotFoundError`` for one not installed."""
    wanted = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["dependencies"]
    found: dict[str, metadata.Distribution] = {}
    queue = [Requirement(text) for text in wanted]
    while queue:
        req = queue.pop()
        if req.marker is not None and not req.marker.evaluate({"extra": ""}):
            continue
        name = canonical(req.name)
        if name in found:
            continue
        dist = metadata.distribution(req.name)
        found[name] = dist
        queue.extend(Requirement(text) for text in dist.requires or ())
        for extra in req.extras:  # e.g. psycopg[binary]: what that extra adds
            queue.extend(r for r in map(Requirement, dist.requires or ())
                         if r.marker is not None and r.marker.evaluate({"extra": extra}))
    return sorted(found.values(), key=lambda d: canonical(d.metadata["Name"]))


def is_data(path: PurePosixPath) -> bool:
    """Whether a file of a distribution's RECORD is run-time data to collect."""
    top = path.parts[0]
    if top == ".." or top.endswith((".dist-info", ".egg-info", ".data", ".libs")) or top == "__pycache__":
        return False  # scripts outside site-packages, metadata, vendored shared libraries
    if len(path.parts) == 1:
        return False  # a top-level module or extension (typing_extensions.py, _cffi_backend.so)
    return not ("__pycache__" in path.parts or path.suffix in CODE_SUFFIXES or ".so." in path.name
                or path.name == "py.typed")


def unused(dist_name: str, rel: PurePosixPath) -> bool:
    """Whether a data file is one the app never opens: pyuca ships five
    collation tables (8.1 MB) and ``pyuca.Collator()`` (tournament/identity.py)
    reads one, ``allkeys-<Collator.UCA_VERSION>.txt``; the others stay out."""
    if canonical(dist_name) == "pyuca" and rel.name.startswith("allkeys-"):
        import pyuca

        return rel.name != f"allkeys-{pyuca.Collator.UCA_VERSION}.txt"
    return False


def data_files(dists: list[metadata.Distribution] | None = None) -> list[tuple[str, str]]:
    """``(source file, destination folder in the bundle)`` for every run-time
    data file of ``dists`` (default: :func:`runtime_distributions`), less the
    :func:`unused` ones."""
    out = []
    for dist in runtime_distributions() if dists is None else dists:
        if canonical(dist.metadata["Name"]) in HOOKED:
            continue
        for file in dist.files or ():
            rel = PurePosixPath(str(file))
            if is_data(rel) and not unused(dist.metadata["Name"], rel):
                out.append((str(Path(file.locate()).resolve()), rel.parent.as_posix()))
    return sorted(set(out))


def top_level_extensions(dists: list[metadata.Distribution] | None = None) -> list[str]:
    """The names of the compiled modules ``dists`` install at the top level
    of site-packages (default: :func:`runtime_distributions`), e.g. the
    helper module ``<hash>__mypyc`` that a mypyc-compiled package
    (``openskill``) imports from its compiled modules: PyInstaller's
    analysis cannot see that import, so the spec names them as hidden imports."""
    out = set()
    for dist in runtime_distributions() if dists is None else dists:
        for file in dist.files or ():
            rel = PurePosixPath(str(file))
            if len(rel.parts) == 1 and rel.suffix in (".so", ".pyd"):
                out.add(rel.name.split(".", 1)[0])
    return sorted(out)


def missing_from(bundle_internal: Path, files: list[tuple[str, str]] | None = None) -> list[str]:
    """The collected files that a frozen bundle (its ``_internal`` folder) lacks."""
    files = data_files() if files is None else files
    return [f"{dest}/{Path(src).name}" for src, dest in files if not (bundle_internal / dest / Path(src).name).is_file()]


# shared libraries ---------------------------------------------------------------
def needed_libraries(path: str | Path) -> list[str]:
    """The sonames an ELF file names in its ``NEEDED`` entries (``readelf -d``);
    [] for a file that is not ELF or without readelf."""
    import subprocess

    try:
        out = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True).stdout
    except OSError:
        return []
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", out)


def unneeded_libraries(binaries: list[tuple[str, str, str]], keep=re.compile(r"^libpython")) -> set[str]:
    """The top-level shared libraries of PyInstaller's ``binaries`` (dest, source,
    kind) that no other kept binary names in its ``NEEDED`` entries, found
    again after each removal: what only the dropped Qt plugins needed (GTK's
    theme, Qt Network's Kerberos, the image codecs left out). ``keep``: names
    loaded with dlopen (libpython, by the launcher)."""
    needs = {dest: set(needed_libraries(src)) for dest, src, _kind in binaries}
    kept = set(needs)
    while True:
        wanted = set().union(*(needs[d] for d in kept))
        drop = {d for d in kept if "/" not in d and "\\" not in d and ".so" in d and not d.endswith((".abi3.so",))
                and ".cpython-" not in d and not keep.match(d) and os.path.basename(d) not in wanted}
        if not drop:
            return set(needs) - kept
        kept -= drop


def main(argv: list[str]) -> int:
    if argv[:1] == ["names"]:
        print("\n".join(d.metadata["Name"] for d in runtime_distributions()))
        return 0
    if len(argv) == 2 and argv[0] == "check":
        files = data_files()
        missing = missing_from(Path(argv[1]), files)
        if missing:
            print(f"runtime_data: {len(missing)} data file(s) of the dependencies are not in the bundle:", file=sys.stderr)
            print("\n".join(f"  {m}" for m in missing), file=sys.stderr)
            return 1
        print(f"runtime_data: all {len(files)} data files of {len(runtime_distributions())} distributions are in the bundle")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
