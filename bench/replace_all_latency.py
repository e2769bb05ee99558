"""How long Replace in Edit › Find and replace keeps the window busy on a long book: a word that occurs in
every paragraph of an N-paragraph translation is replaced everywhere (one revision), and the time from
the click to the Document holding the new revision (stored, reloaded, shown) is printed, with the longest single freeze of the GUI
thread measured by a 5 ms timer.

Usage: python bench/replace_all_latency.py [--paragraphs N ...]   (default 200 1000)
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def run(n: int) -> tuple[float, float]:
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from litlens.ui.shell.window import MainWindow
    qapp = QApplication.instance() or QApplication(["bench"])
    tmp = Path(tempfile.mkdtemp(prefix="litlens-replace-"))
    (tmp / "en.txt").write_text("\n\n".join(f"On day {i} the keeper walked along the shore and counted the "
                                            f"boats." for i in range(n)), encoding="utf-8")
    (tmp / "ko.txt").write_text("\n\n".join(f"{i}일째 날 주인은 바닷가를 걸으며 배를 세었다."
                                            for i in range(n)), encoding="utf-8")
    w = MainWindow(tmp / "db.sqlite", qsettings=QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat))
    w.resize(1280, 800)
    w.show()
    w.open_files(tmp / "en.txt", [tmp / "ko.txt"])
    end = time.monotonic() + 60
    while (w.document.project_id is None or w.pair_view.text.layout_map is None) and time.monotonic() < end:
        qapp.processEvents()
        time.sleep(0.01)
    dialog = w.find_actions.find_replace()
    dialog.find_edit.setText("주인은")
    dialog.replace_edit.setText("등대지기는")
    dialog.refresh()
    assert len(dialog.changes) == n
    gaps, last = [0.0], [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now
    timer = QTimer()
    timer.timeout.connect(tick)
    timer.start(5)
    start = time.perf_counter()
    last[0] = start
    dialog.replace_button.click()
    # stored, then the revision reloaded and shown (as Undo shows one)
    while w.find_actions.replacer.pending or w.edits.pending or \
            "등대지기는" not in w.document.candidate.text.content:
        qapp.processEvents()
        time.sleep(0.001)
    took = time.perf_counter() - start
    timer.stop()
    assert "등대지기는" in w.document.candidate.text.content
    w.close()
    return took, max(gaps)


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--paragraphs", type=int, nargs="*", default=[200, 1000])
    args = p.parse_args()
    for n in args.paragraphs:
        took, freeze = run(n)
        print(f"{n} paragraphs, {n} changes: replaced and stored in {took * 1000:.0f} ms; longest GUI freeze "
              f"{freeze * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
