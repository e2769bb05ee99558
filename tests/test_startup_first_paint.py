"""What the window's first paint waits for, on a start that reopens the last project (issue 36, item 10;
the time itself is bench/startup.py's, which a shared test machine cannot judge).

Each check runs in a fresh process, as a user's start does: an earlier session opened a project and
exited, then ``litlens-gui`` starts again and reopens it. At the window's first paint:

- the last project is not loaded yet: it is read after that frame, so reading it never delays the window
  (it is in the window soon after);
- the application has no style sheet (any one, even three rules for labels, puts every widget through
  Qt's style-sheet engine: the window's construction took twice as long);
- PySide6 does not read the source of each imported module looking for ``__feature__`` use;
- none of the heavy libraries a run, a chart or a store needs is imported yet (numpy, sqlite_utils,
  asyncio, jinja2, pyqtgraph, Kiwi, the SDKs): each is imported where it is first used, after the frame
  (together they were ~0.2 s of the first start's 0.9 s of CPU, bench/startup.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("numpy", "sqlite_utils", "asyncio", "jinja2", "pyqtgraph", "kiwipiepy", "openai", "anthropic", "httpx")

CHILD = r"""
import json, os, sys, types
from PySide6.QtCore import QEvent, QObject, QTimer
from litlens.ui import main as gui

mode, samples = sys.argv[2], os.path.join(sys.argv[3], "resources", "samples")
heavy = sys.argv[4].split(",")
seen = {}

class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if not seen and event.type() == QEvent.Type.Paint and obj.isWidgetType() \
                and type(obj.window()).__name__ == "MainWindow":
            from PySide6.QtWidgets import QApplication
            window = obj.window()
            feature = sys.modules.get("shibokensupport.feature")
            sourceless = types.ModuleType("litlens_test_sourceless")  # the scan cannot read it: says False
            seen.update(project_at_paint=window.document.project is not None,
                        style_sheet=QApplication.instance().styleSheet(),
                        feature_scan=feature is not None and not feature._mod_uses_pyside(sourceless),
                        heavy_at_paint=[m for m in heavy if m in sys.modules])
        return False

def loop(qapp):
    qapp.installEventFilter(FirstPaint(qapp))
    window = next(w for w in qapp.topLevelWidgets() if type(w).__name__ == "MainWindow")

    def poll():
        if window.document.project is not None and window.document.project_id and seen:
            seen["project"] = window.document.project.name
            print("RESULT " + json.dumps(seen), flush=True)
            QTimer.singleShot(200, qapp.quit)
            return
        QTimer.singleShot(5, poll)
    QTimer.singleShot(0, poll)
    return qapp.exec()

gui.run_event_loop = loop
args = ["--db", sys.argv[1]]
if mode == "setup":
    args += ["--source", os.path.join(samples, "story_en.txt"),
             "--translation", os.path.join(samples, "story_ko_careful.txt")]
gui.main(args)
"""


def start(home: Path, mode: str) -> dict:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(home / "config"),
           "LITLENS_LOG_DIR": str(home / "logs")}
    proc = subprocess.run([sys.executable, "-c", CHILD, str(home / "start.db"), mode, str(ROOT), ",".join(HEAVY)],
                          capture_output=True, text=True, env=env, cwd=home, timeout=240)
    line = next((ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT ")), None)
    assert proc.returncode == 0 and line, f"exit {proc.returncode}\n{proc.stdout[-2000:]}\n{proc.stderr[-3000:]}"
    return json.loads(line[len("RESULT "):])


def test_the_last_project_is_read_after_the_first_paint_and_the_paint_waits_for_nothing_heavy(
        tmp_path: Path) -> None:
    start(tmp_path, "setup")  # the earlier session: a project opened, then a clean exit
    seen = start(tmp_path, "last")
    assert seen["project"] == "story_en"  # the last project was reopened ...
    assert seen["project_at_paint"] is False  # ... after the window's first frame
    assert seen["style_sheet"] == ""
    assert seen["feature_scan"] is False
    assert seen["heavy_at_paint"] == []
