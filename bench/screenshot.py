"""Opens the window offscreen on the sample, runs the offline judges, and saves a screenshot (PNG).

Usage: python bench/screenshot.py [OUT.png] [--candidate LABEL] [--db PATH]
Korean glyphs need a CJK font on the machine (Debian: fonts-noto-cjk).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="screenshots/main.png")
    parser.add_argument("--candidate", default="Flawed", help="translation to show (default: Flawed)")
    parser.add_argument("--db", help="database (default: a fresh temporary one)")
    parser.add_argument("--tab", choices=("findings", "scores", "failures"), default="findings")
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args(argv)

    from PySide6.QtWidgets import QApplication

    from litlens.ui.shell.window import MainWindow

    qapp = QApplication.instance() or QApplication(["litlens-screenshot"])
    db = Path(args.db) if args.db else Path(tempfile.mkdtemp(prefix="litlens-shot-")) / "litlens.db"
    window = MainWindow(db)
    window.show()
    window.open_sample(autorun=True)

    deadline = time.monotonic() + args.timeout
    finished: list[object] = []
    window.runs.finished.connect(lambda s, e: finished.append((s, e)))
    while not finished and time.monotonic() < deadline:
        qapp.processEvents()
        time.sleep(0.02)
    if not finished:
        print("the run did not finish in time", file=sys.stderr)
        return 1
    if args.candidate in [c.label for c in window.document.project.candidates]:
        window.document.set_candidate(args.candidate)
    window.results.setCurrentWidget(getattr(window.results, args.tab))
    tree = window.results.findings.tree
    if tree.topLevelItemCount():
        tree.setCurrentItem(tree.topLevelItem(0))  # selects the first finding and scrolls to it
    for _ in range(20):
        qapp.processEvents()
        time.sleep(0.01)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    if not window.grab().save(str(out)):
        print(f"could not write {out}", file=sys.stderr)
        return 1
    print(out.resolve())
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
