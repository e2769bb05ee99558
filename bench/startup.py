"""Time from launching ``litlens-gui`` to its window being shown (target ≤ 1.5 s).

Starts a fresh Python process per repeat (cold imports every time), with a temporary database and
settings folder; the child reports the wall-clock moment its main window was first exposed.
Usage: python bench/startup.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = r"""
import os, sys, time
from PySide6.QtCore import QEvent, QObject
from litlens.ui import main as gui

class Shown(QObject):
    def eventFilter(self, obj, event):
        # the first paint of the main window: it is on screen with its contents
        if event.type() == QEvent.Type.Paint and type(obj).__name__ == "MainWindow":
            print(f"SHOWN {time.time():.6f}", flush=True)
            os._exit(0)
        return False

def loop(qapp):
    qapp.installEventFilter(Shown(qapp))
    return qapp.exec()

gui.run_event_loop = loop
gui.main(["--db", sys.argv[1]])
"""


def launch_once(tmp: Path) -> float:
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen"),
           "XDG_CONFIG_HOME": str(tmp / "config"), "LITLENS_LOG_DIR": str(tmp / "logs")}
    started = time.time()
    proc = subprocess.run([sys.executable, "-c", CHILD, str(tmp / "startup.db")], capture_output=True,
                          text=True, env=env, cwd=Path(__file__).resolve().parents[1], timeout=60)
    for line in proc.stdout.splitlines():
        if line.startswith("SHOWN "):
            return float(line.split()[1]) - started
    raise RuntimeError(f"the window was not shown:\n{proc.stderr[-2000:]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    times = []
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory(prefix="litlens-startup-") as tmp:
            times.append(launch_once(Path(tmp)))
    print(f"launch → window shown over {len(times)} cold starts: median {statistics.median(times):.2f} s · "
          f"min {min(times):.2f} s · max {max(times):.2f} s (target ≤ 1.50 s)")
    return 0 if statistics.median(times) <= 1.5 else 1


if __name__ == "__main__":
    raise SystemExit(main())
