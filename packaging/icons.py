#!/usr/bin/env python3
"""Render the app icon from its SVG source at build time (nothing generated is committed).

    python3 packaging/icons.py hicolor OUT_DIR   OUT_DIR/hicolor/NxN/apps/<id>.png and scalable/apps/<id>.svg
    python3 packaging/icons.py ico FILE.ico      Windows: 16-256 px in one file (needs Pillow)
    python3 packaging/icons.py icns FILE.icns    macOS: 16-1024 px in one file (needs Pillow)

The SVG (``resources/icons/<id>.svg``) is drawn with Qt's own SVG renderer
(QtSvg, part of PySide6-Essentials, so nothing else is needed for Linux);
Pillow only packs the ICO and ICNS containers.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from euchre_tourney.desktop import APP_ID  # noqa: E402  (defined once, in the package)

SVG = ROOT / "resources" / "icons" / f"{APP_ID}.svg"
HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)  # the freedesktop icon theme's usual sizes
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_SIZES = (16, 32, 64, 128, 256, 512, 1024)


def render(size: int, path: Path) -> None:
    """Draw the SVG into a ``size`` x ``size`` transparent PNG at ``path``."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841  (QPainter needs one)
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"icons.py: cannot read {SVG}")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    path.parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(path), "PNG"):
        raise SystemExit(f"icons.py: cannot write {path}")


def hicolor(out: Path) -> list[Path]:
    written = []
    for size in HICOLOR_SIZES:
        path = out / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        render(size, path)
        written.append(path)
    scalable = out / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SVG, scalable)
    return written + [scalable]


def packed(kind: str, target: Path) -> None:
    from PIL import Image

    sizes = ICO_SIZES if kind == "ico" else ICNS_SIZES
    with tempfile.TemporaryDirectory() as tmp:
        big = Path(tmp) / "big.png"
        render(max(sizes), big)
        image = Image.open(big)
        target.parent.mkdir(parents=True, exist_ok=True)
        if kind == "ico":
            image.save(target, format="ICO", sizes=[(s, s) for s in sizes])
        else:
            image.save(target, format="ICNS")


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("hicolor", "ico", "icns"):
        print(__doc__, file=sys.stderr)
        return 2
    kind, target = argv[0], Path(argv[1])
    if kind == "hicolor":
        for path in hicolor(target):
            print(path)
    else:
        packed(kind, target)
        print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
