"""Time from launching ``litlens-gui`` to its window being shown, on a first start and with the last
project reopened (target ≤ 0.8 s median for both).

Starts a fresh Python process per repeat (cold imports every time). Two scenarios, printed in one run:

- first start: an empty database and settings folder (the window opens the bundled sample);
- last project: a project (the sample story's files) was opened once in an earlier session, so this start
  reopens it from the database, as a returning user's does.

Byte code: an installed LitLens has its modules compiled (pip compiles them when it installs), so the
children keep theirs in a byte-code cache of their own (``PYTHONPYCACHEPREFIX`` in the temporary folder,
filled by the first, uncounted launch of each scenario), even when this shell sets
``PYTHONDONTWRITEBYTECODE``: compiling ~430 modules on every start would add a second that no user waits
for. The checkout itself gets no ``__pycache__``.

The child reports the wall-clock moment its main window was first painted (on screen with its contents)
and, with the last project, also the moment that project was in the window (its text laid out in the
pair view), so reopening it can be seen not to delay the window.
Usage: python bench/startup.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = 0.8

CHILD = r"""
import os, sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from litlens.ui import main as gui

mode = sys.argv[2]

class Shown(QObject):
    painted = False

    def eventFilter(self, obj, event):
        # the first paint in the main window (the window itself, or its docks and views covering it): it is
        # on screen with its contents
        if not Shown.painted and event.type() == QEvent.Type.Paint and obj.isWidgetType() \
                and type(obj.window()).__name__ == "MainWindow":
            Shown.painted = True
            print(f"SHOWN {time.time():.6f} {time.process_time():.6f}", flush=True)
            if mode == "first":
                os._exit(0)
        return False

def loop(qapp):
    qapp.installEventFilter(Shown(qapp))
    window = next(w for w in qapp.topLevelWidgets() if type(w).__name__ == "MainWindow")

    def poll():  # the project is in the window once the document holds it and its id
        if window.document.project is not None and window.document.project_id:
            print(f"PROJECT {time.time():.6f} {window.document.project.name}", flush=True)
            if mode == "setup":
                QTimer.singleShot(300, qapp.quit)  # a clean exit writes the settings (File › Recent)
            else:
                os._exit(0)
            return
        QTimer.singleShot(5, poll)
    QTimer.singleShot(0, poll)
    return qapp.exec()

gui.run_event_loop = loop
args = ["--db", sys.argv[1]]
if mode == "setup":
    samples = os.path.join(sys.argv[3], "resources", "samples")
    args += ["--source", os.path.join(samples, "story_en.txt"),
             "--translation", os.path.join(samples, "story_ko_flawed.txt")]
gui.main(args)
"""


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen"),
            "XDG_CONFIG_HOME": str(home / "config"), "LITLENS_LOG_DIR": str(home / "logs"),
            "PYTHONPYCACHEPREFIX": str(home.parent / "pycache")}


def launch(home: Path, mode: str) -> dict[str, float]:
    """Seconds from launch to each moment the child reported ("SHOWN", "PROJECT"; "CPU": the child's CPU
    seconds when its window was shown)."""
    started = time.time()
    with tempfile.TemporaryFile("w+") as err:
        # its own session: the window's analyser process (started with the project) may outlive the child
        # and hold its output open, so the lines are read as they come and the session is ended after
        proc = subprocess.Popen([sys.executable, "-c", CHILD, str(home / "startup.db"), mode, str(ROOT)],
                                stdout=subprocess.PIPE, stderr=err, text=True, env=_env(home), cwd=ROOT,
                                start_new_session=True)
        lines = _lines_until(proc, "SHOWN " if mode == "first" else "PROJECT ", deadline=time.time() + 600)
        try:
            proc.wait(timeout=60)
        finally:
            _end_session(proc)
        err.seek(0)
        stderr = err.read()
    out = {line.split()[0]: float(line.split()[1]) - started for line in lines
           if line.startswith(("SHOWN ", "PROJECT "))}
    cpu = [line.split()[2] for line in lines if line.startswith("SHOWN ")]
    if cpu:
        out["CPU"] = float(cpu[0])
    if "SHOWN" not in out:
        raise RuntimeError(f"the window was not shown:\n{stderr[-2000:]}")
    if mode != "first" and "PROJECT" not in out:
        raise RuntimeError(f"the project was not opened ({mode}):\n{stderr[-2000:]}")
    return out


def _lines_until(proc: subprocess.Popen, last: str, deadline: float) -> list[str]:
    """The child's output lines up to the one starting with ``last`` (or its end, or the deadline)."""
    import selectors
    lines: list[str] = []
    assert proc.stdout is not None
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        while time.time() < deadline:
            if not sel.select(timeout=max(0.0, deadline - time.time())):
                break
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line.rstrip("\n"))
            if line.startswith(last):
                break
    return lines


def _end_session(proc: subprocess.Popen) -> None:
    import signal
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    if proc.poll() is None:
        proc.wait(timeout=10)
    if proc.stdout is not None:
        proc.stdout.close()


def figures(label: str, times: list[float]) -> str:
    return (f"{label}: median {statistics.median(times):.2f} s · min {min(times):.2f} s · "
            f"max {max(times):.2f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    first, shown, reopened, cpu_first, cpu_last = [], [], [], [], []
    with tempfile.TemporaryDirectory(prefix="litlens-startup-") as tmp:
        returning = Path(tmp) / "returning"
        returning.mkdir()
        launch(returning, "setup")  # the earlier session: a project opened once, then a clean exit
        for repeat in range(args.repeat + 1):
            fresh = Path(tmp) / "fresh"
            fresh.mkdir()
            times = launch(fresh, "first")
            shutil.rmtree(fresh)
            again = launch(returning, "last")
            if repeat == 0:
                continue  # the first launch of each scenario fills the byte-code cache
            first.append(times["SHOWN"])
            cpu_first.append(times["CPU"])
            shown.append(again["SHOWN"])
            cpu_last.append(again["CPU"])
            reopened.append(again["PROJECT"])
    print(figures(f"first start: launch → window shown over {len(first)} cold starts", first))
    print(figures(f"last project reopened: launch → window shown over {len(shown)} cold starts", shown))
    print(figures("last project reopened: launch → project in the window", reopened))
    print(f"CPU seconds of the child until the window was shown (median): first start "
          f"{statistics.median(cpu_first):.2f} s · last project {statistics.median(cpu_last):.2f} s")
    worst = max(statistics.median(first), statistics.median(shown))
    print(f"target ≤ {TARGET:.2f} s median launch → window shown: {'met' if worst <= TARGET else 'MISSED'}")
    return 0 if worst <= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
