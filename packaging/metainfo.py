#!/usr/bin/env python3
"""The AppStream metainfo a bundle ships, with this version's release.

    python3 packaging/metainfo.py resources/desktop/APP_ID.metainfo.xml VERSION [DATE] > OUT.xml

Copies the committed file and makes sure ``<releases>`` starts with
``<release version="VERSION" date="DATE"/>`` (DATE: YYYY-MM-DD, default the
date of the current commit, else today), so a build never ships a release
list that forgot its own version. Standard library only.
"""

from __future__ import annotations

import datetime
import re
import subprocess
import sys
from pathlib import Path


def commit_date(folder: Path) -> str:
    try:
        out = subprocess.run(["git", "-C", str(folder), "log", "-1", "--format=%cs"], capture_output=True, text=True)
        if out.returncode == 0 and re.fullmatch(r"\d{4}-\d\d-\d\d", out.stdout.strip()):
            return out.stdout.strip()
    except OSError:
        pass
    return datetime.date.today().isoformat()


def with_release(xml: str, version: str, date: str) -> str:
    """``xml`` with a release entry for ``version`` first in ``<releases>``
    (an entry already there for that version is kept as it is)."""
    if re.search(rf'<release\b[^>]*\bversion="{re.escape(version)}"', xml):
        return xml
    entry = f'<release version="{version}" date="{date}"/>'
    if "<releases>" in xml:
        return xml.replace("<releases>", f"<releases>\n    {entry}", 1)
    return xml.replace("</component>", f"  <releases>\n    {entry}\n  </releases>\n</component>", 1)


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    source = Path(argv[0])
    date = argv[2] if len(argv) == 3 else commit_date(source.parent)
    sys.stdout.write(with_release(source.read_text(encoding="utf-8"), argv[1], date))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
