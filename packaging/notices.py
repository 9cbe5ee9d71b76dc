#!/usr/bin/env python3
"""Third-party notices for a bundle, made at build time from what is installed.

    python3 packaging/notices.py BUNDLE_INTERNAL --out NOTICES.txt
        [--libraries-md OUT_DIR/bundled-libraries.md]
        [--deb-copyright DEBIAN_COPYRIGHT] [--deb-depends DEPENDS_FILE]

Run with the build venv's Python (``pip-licenses`` installed there, see
``prepare-build.sh``). It writes ``NOTICES.txt``, which Help ▸ About ▸
Licences shows, in four parts:

1. Euchre Tourney's own licence (``resources/LICENSE.txt``, MIT);
2. every Python distribution the bundle carries
   (:func:`runtime_data.runtime_distributions`), with its licence as its
   metadata names it and the licence text it ships, found by ``pip-licenses``;
   where a wheel ships no text, the standard text of the licence it names
   (Debian's ``/usr/share/common-licenses``, or the MIT text with the author
   from its metadata);
3. Python itself (the interpreter's ``LICENSE.txt``);
4. on Linux, every shared library the bundle took from the build machine's
   system: the Debian package that owns it and that package's
   ``/usr/share/doc/PACKAGE/copyright``; libraries that came inside a wheel
   are named with the wheel (covered by part 2).

Beside ``NOTICES.txt`` it writes ``PACKAGES.json``: each Python package's
name, version and licence, which the About box lists.

``--libraries-md`` lists the bundled system libraries and why each is there
(the bundled files that need it, from their ELF ``NEEDED`` entries);
``--deb-copyright`` writes the ``.deb``'s machine-readable copyright file
(DEP-5); ``--deb-depends`` writes the ``Depends:`` value: the packages that
own the libraries the bundle needs but does not carry, and what its window
needs to draw text (:data:`WINDOW_PACKAGES`).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import sysconfig
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
import runtime_data  # noqa: E402

RULE = "=" * 78
COMMON = Path("/usr/share/common-licenses")
SPDX_TEXTS = {  # SPDX id prefix -> Debian's common-licenses file
    "LGPL-3": "LGPL-3", "LGPL-2.1": "LGPL-2.1", "LGPL-2": "LGPL-2", "GPL-3": "GPL-3", "GPL-2": "GPL-2",
    "Apache-2": "Apache-2.0", "MPL-2": "MPL-2.0",
}


# Python distributions ---------------------------------------------------------
def python_packages() -> list[dict]:
    names = [d.metadata["Name"] for d in runtime_data.runtime_distributions()]
    out = subprocess.run(
        [sys.executable, "-m", "piplicenses", "--format=json", "--with-license-file", "--with-notice-file",
         "--no-license-path", "--with-urls", "--with-authors", "--with-system", "--packages", *names],
        capture_output=True, text=True, check=True,
    ).stdout
    found = json.loads(out)
    missing = {runtime_data.canonical(n) for n in names} - {runtime_data.canonical(p["Name"]) for p in found}
    if missing:
        raise SystemExit(f"notices: pip-licenses did not report {sorted(missing)}")
    return sorted(found, key=lambda p: p["Name"].lower())


def standard_text(licence: str, author: str) -> str:
    """The standard text of the licence a package names but does not ship."""
    texts = []
    for spdx, file in SPDX_TEXTS.items():
        if spdx in licence and (COMMON / file).is_file():
            texts.append(f"[{file}, from {COMMON / file}]\n\n" + (COMMON / file).read_text(encoding="utf-8"))
    if not texts and "MIT" in licence:
        mit = (ROOT / "resources" / "LICENSE.txt").read_text(encoding="utf-8")
        texts.append(re.sub(r"Copyright \(c\) .*", f"Copyright (c) {author}", mit))
    return "\n\n".join(texts)


def python_section(packages: list[dict]) -> str:
    parts = []
    for p in packages:
        text = p.get("LicenseText", "UNKNOWN")
        head = f"{p['Name']} {p['Version']} — {p['License']}\n{p.get('URL', '')}"
        if text in ("", "UNKNOWN"):
            fallback = standard_text(p["License"], p.get("Author", "its authors"))
            text = ("(the package ships no licence file; the standard text of the licence its metadata names "
                    f"follows)\n\n{fallback}" if fallback else f"(no licence text shipped; see {p.get('URL', '')})")
        notice = p.get("NoticeText", "UNKNOWN")
        parts.append(f"{RULE}\n{head}\n{RULE}\n\n{text.strip()}\n" + (f"\n{notice.strip()}\n" if notice not in ("", "UNKNOWN") else ""))
    return "\n".join(parts)


def interpreter_section() -> str:
    # Linux and macOS: beside the standard library; Windows (python.org): in the installation's folder
    found = [p for p in (Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt", Path(sys.base_prefix) / "LICENSE.txt")
             if p.is_file()]
    text = found[0].read_text(encoding="utf-8") if found else "(see https://docs.python.org/3/license.html)"
    version = ".".join(map(str, sys.version_info[:3]))
    return f"{RULE}\nPython {version} (the interpreter and its standard library) — PSF-2.0\n{RULE}\n\n{text.strip()}\n"


# system libraries --------------------------------------------------------------
def is_elf(path: Path) -> bool:
    try:
        with path.open("rb") as fh:
            return fh.read(4) == b"\x7fELF"
    except OSError:
        return False


needed = runtime_data.needed_libraries


def dpkg_owners(names: list[str]) -> dict[str, str]:
    """basename -> Debian package for the libraries dpkg knows in the system's library folders."""
    if not names:
        return {}
    out = subprocess.run(["dpkg", "-S", *(f"*/{n}" for n in names)], capture_output=True, text=True).stdout
    owners = {}
    for line in out.splitlines():
        package, _, path = line.partition(": ")
        name = os.path.basename(path.strip())
        if name in names and re.match(r"^/(usr/)?lib(64)?/", path.strip()) and name not in owners:
            owners[name] = package.split(",")[0].split(":")[0].strip()
    return owners


def wheel_owners(names: set[str]) -> dict[str, str]:
    """basename -> the distribution whose wheel carries a library of that name."""
    owners = {}
    for dist in runtime_data.runtime_distributions():
        for file in dist.files or ():
            base = os.path.basename(str(file))
            if base in names:
                owners.setdefault(base, dist.metadata["Name"])
    return owners


def scan(internal: Path) -> dict:
    elves = [p for p in internal.rglob("*") if p.is_file() and not p.is_symlink() and is_elf(p)]
    exe = internal.parent / "euchre-tourney"
    if exe.is_file():
        elves.append(exe)
    need = {p: needed(p) for p in elves}
    bundled = {p.name for p in elves} | {p.name for p in internal.rglob("*.so*")}
    users: dict[str, list[str]] = defaultdict(list)
    for p, names in need.items():
        for n in names:
            users[n].append(p.relative_to(internal.parent).as_posix())
    top = sorted(p.name for p in internal.iterdir() if p.is_file() and ".so" in p.name)
    libpython = Path(sysconfig.get_config_var("LIBDIR") or "/") / (sysconfig.get_config_var("INSTSONAME") or "")
    system = dpkg_owners(top)
    if not str(libpython).startswith("/usr/"):  # a Python built elsewhere (pyenv, python.org): its own library,
        system.pop(libpython.name, None)  # whatever Debian package has one of the same name
    wheel = wheel_owners(set(top) - set(system))
    outside = sorted({n for names in need.values() for n in names} - bundled)
    return {"top": top, "system": system, "wheel": wheel, "users": users, "outside": outside,
            "outside_owners": dpkg_owners(outside), "libpython": libpython.name}


def copyright_licences(package: str) -> list[str]:
    path = Path("/usr/share/doc") / package / "copyright"
    if not path.is_file():
        return []
    found = re.findall(r"^License:\s*(\S.*)$", path.read_text(encoding="utf-8", errors="replace"), re.MULTILINE)
    return list(dict.fromkeys(f.strip() for f in found))


def debian_version(package: str) -> str:
    return subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True).stdout


def system_section(info: dict) -> str:
    by_package: dict[str, list[str]] = defaultdict(list)
    for name, package in info["system"].items():
        by_package[package].append(name)
    parts = []
    for package in sorted(by_package):
        doc = Path("/usr/share/doc") / package / "copyright"
        text = doc.read_text(encoding="utf-8", errors="replace") if doc.is_file() else "(no copyright file found)"
        parts.append(f"{RULE}\n{', '.join(sorted(by_package[package]))}: from the Debian package {package} "
                     f"{debian_version(package)}\n{RULE}\n\n{text.strip()}\n")
    for name, dist in sorted(info["wheel"].items()):
        parts.append(f"{RULE}\n{name}: carried by the {dist} wheel (its licence is in part 2)\n{RULE}\n")
    return "\n".join(parts)


def libraries_markdown(info: dict) -> str:
    lines = [
        "# System libraries in the Linux bundle",
        "",
        "Generated by `packaging/notices.py` when `packaging/linux/build.sh` builds the bundle (do not edit).",
        "PyInstaller copies every shared library that a bundled module, Qt plugin or library names in its ELF",
        "`NEEDED` entries and that is not part of every Linux system (libc, libm, libdl…). *Needed by* says why",
        "each is there. Unused Qt plugins and their libraries (GTK's theme, EGLFS, VNC…) are left out by",
        "`packaging/euchre-tourney.spec`, so nothing listed here is unused.",
        "",
        "| library | from | licence | needed by |",
        "|---|---|---|---|",
    ]
    for name in info["top"]:
        if name in info["system"]:
            package = info["system"][name]
            source, licence = f"Debian `{package}`", ", ".join(copyright_licences(package)[:4]) or "see its copyright file"
        elif name in info["wheel"]:
            source, licence = f"the `{info['wheel'][name]}` wheel", "that wheel's (NOTICES part 2)"
        elif name == info["libpython"]:
            source, licence = "the Python interpreter that built it", "PSF-2.0"
        else:
            source, licence = "?", "?"
        users = sorted(info["users"].get(name, []))
        why = ", ".join(f"`{u}`" for u in users[:3]) + (f" and {len(users) - 3} more" if len(users) > 3 else "")
        if not why and name == info["libpython"]:
            why = "the `euchre-tourney` launcher (it loads Python with dlopen)"
        lines.append(f"| `{name}` | {source} | {licence} | {why or '**nothing**'} |")
    lines += ["", "Needed but not carried (the `.deb` depends on their packages; every desktop Linux has them):", ""]
    lines += [f"- `{n}` ({info['outside_owners'].get(n, 'not found on the build machine')})" for n in info["outside"]]
    return "\n".join(lines) + "\n"


WINDOW_PACKAGES = ("fontconfig-config", "fonts-dejavu-core", "fonts-droid-fallback")
"""What the window needs to draw its letters beyond the libraries: the bundled
fontconfig reads the system's configuration (``/etc/fonts/fonts.conf``, from
``fontconfig-config``) and needs a font to find (DejaVu, Debian's default:
Latin, Greek, Cyrillic, Hebrew, Arabic…). Without them a minimal system draws
every letter as an empty box (issue 32). DejaVu has no Chinese, Japanese or
Korean: Droid Sans Fallback (7 MB, the font the PDFs use for them) draws
those names."""


def deb_depends(info: dict) -> str:
    packages = sorted(set(info["outside_owners"].values()) | set(WINDOW_PACKAGES))
    return ", ".join(f"{p} (>= {debian_version(p).split('-')[0]})" if p == "libc6" else p for p in packages)


def deb_copyright(info: dict, version: str) -> str:
    own = (ROOT / "resources" / "LICENSE.txt").read_text(encoding="utf-8")
    body = "\n".join(f" {line}" if line.strip() else " ." for line in own.splitlines()[2:])
    return f"""Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: euchre-tourney
Source: https://github.com/euchretourney/euchre-tourney
Comment: Euchre Tourney {version} is MIT-licensed. The folder /usr/lib/euchre-tourney carries
 the Python distributions and system libraries it runs with; each one's licence and
 full text is in /usr/lib/euchre-tourney/_internal/resources/NOTICES.txt (also shown in
 Help > About > Licences). The system libraries come from Debian {debian_release()}
 packages, whose own copyright files are reproduced there.

Files: *
Copyright: 2026 Euchre Tourney developers
License: MIT

Files: usr/lib/euchre-tourney/_internal/*
Copyright: the authors of each bundled component, as listed in NOTICES.txt
License: other
 Each component keeps its own licence (MIT, BSD, Apache-2.0, PSF-2.0, LGPL-3.0
 for Qt and PySide6, and those of the Debian packages named there); the texts
 are in /usr/lib/euchre-tourney/_internal/resources/NOTICES.txt.

License: MIT
{body}
"""


def debian_release() -> str:
    try:
        return Path("/etc/debian_version").read_text().strip()
    except OSError:
        return "(unknown)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("internal", type=Path, help="the bundle's _internal folder")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--libraries-md", type=Path)
    parser.add_argument("--deb-copyright", type=Path)
    parser.add_argument("--deb-depends", type=Path)
    parser.add_argument("--version", default="")
    args = parser.parse_args(argv)
    packages = python_packages()
    sections = [
        "Euchre Tourney — licences of what this bundle contains\n"
        "(generated at build time by packaging/notices.py from the installed packages' metadata)\n",
        f"{RULE}\nPART 1. Euchre Tourney itself — MIT\n{RULE}\n\n"
        + (ROOT / "resources" / "LICENSE.txt").read_text(encoding="utf-8").strip() + "\n",
        f"{RULE}\nPART 2. Python packages ({len(packages)})\n{RULE}\n",
        python_section(packages),
        f"{RULE}\nPART 3. Python\n{RULE}\n",
        interpreter_section(),
    ]
    info = None
    if sys.platform.startswith("linux") and subprocess.run(["sh", "-c", "command -v dpkg readelf"], capture_output=True).returncode == 0:
        info = scan(args.internal)
        sections += [f"{RULE}\nPART 4. System libraries\n{RULE}\n", system_section(info)]
    args.out.write_text("\n".join(sections), encoding="utf-8")
    # the About box's list of the bundled packages (a frozen bundle keeps only some packages' metadata)
    (args.out.parent / "PACKAGES.json").write_text(json.dumps(
        [{"name": p["Name"], "version": p["Version"], "license": p["License"]} for p in packages], indent=1), encoding="utf-8")
    print(f"notices: {args.out} ({len(packages)} Python packages"
          + (f", {len(info['system'])} system libraries from {len(set(info['system'].values()))} Debian packages)" if info else ")"))
    if info is not None:
        if args.libraries_md:
            args.libraries_md.write_text(libraries_markdown(info), encoding="utf-8")
        if args.deb_depends:
            args.deb_depends.write_text(deb_depends(info) + "\n", encoding="utf-8")
        if args.deb_copyright:
            args.deb_copyright.write_text(deb_copyright(info, args.version), encoding="utf-8")
        unused = [n for n in info["top"] if not info["users"].get(n) and n != info["libpython"]]
        if unused:
            print(f"notices: nothing in the bundle needs {', '.join(unused)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
