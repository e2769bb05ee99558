"""Renders the LitLens SVG icon to PNG files for desktop menus that want bitmaps (hicolor sizes)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def render(svg: Path, out_dir: Path, sizes: list[int]) -> list[Path]:
    """Write ``<out_dir>/<size>x<size>/apps/litlens.png`` for each size; returns the files written."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # no display needed at build time
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"render_icon: {svg} is not a valid SVG")
    written = []
    for size in sizes:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter)
        painter.end()
        target = out_dir / f"{size}x{size}" / "apps" / "litlens.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(target), "PNG"):
            raise SystemExit(f"render_icon: could not write {target}")
        written.append(target)
    del app
    return written


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("svg", type=Path)
    p.add_argument("out_dir", type=Path, help="an icon theme folder, e.g. .../share/icons/hicolor")
    p.add_argument("--size", type=int, action="append", help="pixel size (repeatable; default 48, 128, 256)")
    args = p.parse_args()
    for path in render(args.svg, args.out_dir, args.size or [48, 128, 256]):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
