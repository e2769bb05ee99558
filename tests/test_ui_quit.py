"""Quitting is quiet: the window opened as a user opens it (``litlens-gui``, a process of its own), used
(the sample judged, Learn, progress and an exercise open), then File › Quit; Qt says nothing on the way
out ("QObject: shared QObject was deleted directly" was printed at quit) and the process ends with 0.

A Qt message reaches the handler installed here before it reaches stderr; the handler prints it with
a mark, so the test reads Qt's own words, whichever object and whichever moment of the exit they come
from (the interpreter's clean-up after the window closed included)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = textwrap.dedent('''
    import sys
    from PySide6.QtCore import QTimer, qInstallMessageHandler

    def said(mode, context, message):
        print("QT-MESSAGE:", message, file=sys.stderr, flush=True)
    qInstallMessageHandler(said)  # kept for the whole exit: the interpreter's clean-up included

    from litlens.ui import main as gui_main

    def loop(app):
        from PySide6.QtWidgets import QApplication
        window = next(w for w in QApplication.topLevelWidgets() if type(w).__name__ == "MainWindow")
        exercise = sys.argv[1]

        def use_then_quit():
            if window.runs.running or not window.document.judgments:
                QTimer.singleShot(200, use_then_quit)
                return
            window.open_learning()
            window.exercises.open_progress()
            window.exercises.open_exercise(exercise)
            quit_action = next(a for a in window.findChildren(type(window.run_action))
                               if a.text().replace("&", "") == "Quit")
            QTimer.singleShot(1500, quit_action.trigger)  # File › Quit, as a user quits
        QTimer.singleShot(200, use_then_quit)
        return app.exec()

    if __name__ == "__main__":
        gui_main.run_event_loop = loop
        sys.exit(gui_main.main(sys.argv[2:]))
''')

QUIET = ("This plugin does not support",)  # the offscreen platform's own notes on window management


def test_quitting_the_window_prints_no_qt_warning(tmp_path):
    sys.path.insert(0, str(ROOT / "tests"))
    from test_ui_exercises import write_exercise
    exercise = write_exercise(tmp_path)
    script = tmp_path / "walk.py"
    script.write_text(SCRIPT, encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "LITLENS_LOG_DIR": str(tmp_path / "logs"), "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, str(script), str(exercise), "--db", str(tmp_path / "walk.db"),
                           "--sample"], capture_output=True, text=True, timeout=240, env=env, cwd=tmp_path)
    said = [line.split("QT-MESSAGE:", 1)[1].strip() for line in done.stderr.splitlines() if "QT-MESSAGE:" in line]
    warnings = [m for m in said if not m.startswith(QUIET)]
    assert done.returncode == 0, done.stderr[-2000:]
    assert not [m for m in warnings if "shared QObject" in m], warnings
    assert warnings == [], warnings
    assert "QObject" not in done.stderr.replace("QT-MESSAGE:", ""), done.stderr[-2000:]
