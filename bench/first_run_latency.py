"""GUI-thread gaps on first use, in a fresh process (nothing imported or loaded yet): opening the sample
with its automatic offline run, then the honorifics judge on a 360-paragraph pair. A 10 ms timer ticks on
the GUI thread; any gap over 50 ms is a freeze the user feels. With --stacks, a watchdog prints what the
GUI thread was doing during each gap over the threshold (to find the culprit).

Usage: python bench/first_run_latency.py [--paragraphs 360] [--stacks]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
LIMIT = 0.050


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--paragraphs", type=int, default=360)
    parser.add_argument("--stacks", action="store_true")
    args = parser.parse_args(argv)

    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication
    qapp = QApplication.instance() or QApplication(["litlens-first-run"])
    from litlens.ui.window import MainWindow

    tmp = Path(tempfile.mkdtemp(prefix="litlens-first-run-"))
    window = MainWindow(tmp / "db.sqlite", qsettings=QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat))
    window.resize(1280, 800)
    window.show()
    gui_thread = threading.main_thread().ident
    last = [time.monotonic()]
    gaps: list[float] = []
    stacks: list[str] = []

    def tick() -> None:
        now = time.monotonic()
        gaps.append(now - last[0])
        last[0] = now

    def watchdog() -> None:
        while not stop.is_set():
            time.sleep(0.02)
            if time.monotonic() - last[0] > LIMIT and args.stacks:
                frame = sys._current_frames().get(gui_thread)
                if frame is not None:
                    stacks.append("".join(traceback.format_stack(frame)[-12:]))
                time.sleep(0.1)

    stop = threading.Event()
    if args.stacks:
        threading.Thread(target=watchdog, daemon=True).start()
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(tick)

    def pump_until(cond, timeout: float) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end and not cond():
            qapp.processEvents()
            time.sleep(0.002)

    def scenario(name: str, start, done) -> float:
        gaps.clear()
        last[0] = time.monotonic()
        timer.start()
        start()
        pump_until(done, 180)
        pump_until(lambda: False, 1.0)  # the results settle into the views
        timer.stop()
        worst = max(gaps) if gaps else 0.0
        print(f"{name}: {len(gaps)} ticks, max GUI gap {worst * 1000:.0f} ms "
              f"({'ok' if worst < LIMIT else 'over ' + str(int(LIMIT * 1000)) + ' ms'})")
        return worst

    finished: list[object] = []
    window.runs.finished.connect(lambda *a: finished.append(a))
    worst = scenario("first sample run", lambda: window.open_sample(autorun=True),
                     lambda: bool(finished) and bool(window.document.judgments))
    from test_ui_latency import long_project
    project = long_project(args.paragraphs)
    finished.clear()

    def honorifics() -> None:
        window.open_project(project)
        window.judge_panel.select(["honorifics"])
        window.run_selected()
    worst = max(worst, scenario(f"honorifics on {args.paragraphs} paragraphs", honorifics,
                                lambda: bool(finished)))
    stop.set()
    for s in stacks[:8]:
        print("---- GUI thread during a gap ----\n" + s)
    window.close()
    print(f"max GUI gap {worst * 1000:.0f} ms")
    return 0 if worst < LIMIT else 1


if __name__ == "__main__":
    raise SystemExit(main())
