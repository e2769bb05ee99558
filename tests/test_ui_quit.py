"""Quitting is quiet: the window opened as a user opens it (``litlens-gui``, a process of its own), used
(the sample judged, Learn, progress and an exercise open), then File › Quit; Qt says nothing on the way
out ("QObject: shared QObject was deleted directly" was printed at quit) and the process ends with 0.

A Qt message reaches the handler installed here before it reaches stderr; the handler prints it with
a mark, so the test reads Qt's own words, whichever object and whichever moment of the exit they come
from (the interpreter's clean-up after the window closed included).

The editor's flow (two translations judged by an LLM judge and a ranking judge, the result docks shown, a
report exported as HTML and as PDF through File › Export) crashed at exit in 5 of 8 walks: PySide's
``QDialog.exec()`` leaves the dialog owned by Python while Qt lists it as the window's child, a lambda on
its own line edit kept it alive, and at exit PySide deleted Python-owned objects in an order that changes
from run to run, so the line edit's deletion could release its dialog, which deleted the line edit again.
The crash depends on that order; the state that allows it does not: when the window has closed, every
object Python still owns while Qt lists it as another's child is named (``OWNED-CHILD``), and the tests
fail on any, every run."""

from __future__ import annotations

import os
import re
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

    def owned_children():
        """Objects Python owns that Qt lists as another's child: deleted twice at exit in some orders."""
        import shiboken6
        from PySide6.QtCore import QObject
        for obj in shiboken6.Shiboken.getAllValidWrappers():
            if isinstance(obj, QObject) and shiboken6.Shiboken.ownedByPython(obj) and obj.parent() is not None:
                print("OWNED-CHILD:", type(obj).__name__, "in", type(obj.parent()).__name__, file=sys.stderr,
                      flush=True)

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
        code = app.exec()
        owned_children()
        return code

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
    owned = [line for line in done.stderr.splitlines() if line.startswith("OWNED-CHILD:")]
    assert owned == [], owned


EDITOR = SCRIPT.split("def loop(app):")[0] + textwrap.dedent('''
    def loop(app):
        """The editor's steps: both translations judged (scores by an LLM judge, a ranking), the result docks
        shown, a report exported as HTML and as PDF through File › Export, then File › Quit."""
        import os
        from pathlib import Path
        from PySide6.QtWidgets import QApplication
        from fakeserver import FakeServer
        from litlens.ui.review.export_dialog import CHOICES
        window = next(w for w in QApplication.topLevelWidgets() if type(w).__name__ == "MainWindow")
        out = Path(sys.argv[1])
        server = FakeServer().start()
        finished = []
        window.runs.finished.connect(lambda *a: finished.append(a))

        def when(ready, then):
            def poll():
                if ready():
                    then()
                else:
                    QTimer.singleShot(100, poll)
            QTimer.singleShot(100, poll)

        def judge():
            panel = window.judge_panel
            panel.set_provider("openai")
            panel.base_url.setText(server.openai_base_url)
            panel.base_url.editingFinished.emit()
            panel.select(["da-mqm", "transevalnia"])
            finished.clear()
            panel.run_button.click()
            when(lambda: bool(finished) and not window.runs.running, look)

        def look():
            print("RUN:", finished[-1][1], len(server.calls), "calls", file=sys.stderr, flush=True)
            for key in list(window.results.docks):
                window.results.raise_page(key)
            export([("html", out / "report.html"), ("pdf", out / "report.pdf")])

        def export(todo):
            if not todo:
                quit_action = next(a for a in window.findChildren(type(window.run_action))
                                   if a.text().replace("&", "") == "Quit")
                QTimer.singleShot(1000, quit_action.trigger)  # File › Quit, as a user quits
                return
            fmt, path = todo[0]

            def fill():
                dialog = QApplication.activeModalWidget()
                if dialog is None:
                    QTimer.singleShot(100, fill)
                    return
                dialog.what.setCurrentIndex(next(i for i in range(dialog.what.count())
                                                 if CHOICES[dialog.what.itemData(i)][:2] == ("report", fmt)))
                dialog.path.setText(str(path))
                dialog.accept()
            QTimer.singleShot(100, fill)
            window.export_action.trigger()  # File › Export…: asks, then writes on a worker
            when(lambda: str(path) in window.statusBar().currentMessage(), lambda: export(todo[1:]))

        when(lambda: not window.runs.running and bool(window.document.judgments), judge)
        code = app.exec()
        server.stop()
        print("EXPORTED:", sorted(p.name for p in out.iterdir() if p.name.startswith("report")), file=sys.stderr,
              flush=True)
        owned_children()
        return code

    if __name__ == "__main__":
        gui_main.run_event_loop = loop
        sys.exit(gui_main.main(sys.argv[2:]))
''')


def test_quitting_after_an_editors_session_prints_no_qt_warning(tmp_path):
    script = tmp_path / "editor.py"
    script.write_text(EDITOR, encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "LITLENS_LOG_DIR": str(tmp_path / "logs"), "HOME": str(tmp_path), "OPENAI_API_KEY": "sk-quit",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "tests"), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, str(script), str(tmp_path), "--db", str(tmp_path / "walk.db"),
                           "--sample"], capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path)
    assert "EXPORTED: ['report.html', 'report.pdf']" in done.stderr, done.stderr[-3000:]
    # the judges ran without an error (the window's warm-up importing the SDK meanwhile once failed it)
    ran = re.search(r"^RUN: None (\d+) calls$", done.stderr, re.M)
    assert ran and int(ran.group(1)) > 0, done.stderr[-3000:]
    said = [line.split("QT-MESSAGE:", 1)[1].strip() for line in done.stderr.splitlines() if "QT-MESSAGE:" in line]
    warnings = [m for m in said if not m.startswith(QUIET)]
    assert done.returncode == 0, done.stderr[-3000:]
    assert warnings == [], warnings
    assert "QObject" not in done.stderr.replace("QT-MESSAGE:", ""), done.stderr[-3000:]
    owned = [line for line in done.stderr.splitlines() if line.startswith("OWNED-CHILD:")]
    assert owned == [], owned
