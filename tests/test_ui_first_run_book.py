"""A first honorifics + consistency run on a long pair does not stall the window when its results land
(issue 36, item 9; the book-length figure is bench/first_run_latency.py --book's).

Each attempt runs in a fresh process: a window opens a generated pair of 2,100 paragraphs (more than the
pair view's REBUILD_LATER_ROWS, so the book path is the one taken), then runs the two offline judges while a
10 ms QTimer ticks on the GUI thread and a watchdog thread follows the GUI thread's scheduler state
(tests/guiwatch.py, thread_gap_ms: an interval counts for the GUI thread's own CPU time in it plus the time
it sat blocked after its tick was due, so waiting for a CPU on a shared machine does not count and a worker
holding the GIL does). The longest counted gap must stay within TOLERANCE_MS (one attempt when it passes, else the
median of three). Besides the time, the mechanisms are checked on the same run: the speech-level badges of
the delivered results are made once (not once per refresh: results, review, rebuild), and the rows are
rebuilt on a worker, not on the GUI thread.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import guiwatch
import pytest

pytestmark = [pytest.mark.gui,
              pytest.mark.skipif(not guiwatch.AVAILABLE, reason="the GUI-thread watchdog reads /proc (Linux)"),
              pytest.mark.timeout(1800)]  # a fresh window, Kiwi loaded, a long pair analysed: minutes when loaded

ROOT = Path(__file__).resolve().parents[1]
PARAGRAPHS = 2_100
PERIOD_MS = 10
TOLERANCE_MS = 100.0  # at this scale on a shared 2-core machine; the book-length target (50 ms) is the bench's


def first_run(folder: Path, paragraphs: int) -> dict:
    """Open a generated pair, run honorifics + consistency with the probe ticking; the figures as a dict."""
    sys.path.insert(0, str(ROOT / "bench"))
    from first_run_latency import book_pair
    from PySide6.QtCore import QEventLoop, QSettings, QTimer
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication([])
    from litlens.ui.pair import view as pair_view
    from litlens.ui.shell.window import MainWindow

    window = MainWindow(folder / "run.db", qsettings=QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat))
    window.resize(1280, 800)
    window.show()

    def pump(seconds: float, until=lambda: False) -> bool:
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline and not until():
            app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents, 20)
        return until()

    assert pump(120, lambda: window.warmed_up), "the window's warm-up did not finish"
    project, _words = book_pair(paragraphs)
    window.open_project(project)
    assert pump(120, lambda: window.document.project is project and window.pair_view.text.layouts_made > 0)
    pump(1.5)
    made: list[int] = []
    real_badges = pair_view.badges_for
    pair_view.badges_for = lambda judgments, label: made.append(1) or real_badges(judgments, label)
    finished: list[object] = []
    window.runs.finished.connect(lambda *a: finished.append(a))
    ticks: list[tuple[float, float]] = []  # wall, the GUI thread's own CPU
    timer = QTimer()
    timer.setInterval(PERIOD_MS)
    timer.timeout.connect(lambda: ticks.append((time.perf_counter(), time.thread_time())))
    watchdog = guiwatch.Watchdog().start()
    ticks.append((time.perf_counter(), time.thread_time()))
    timer.start()
    window.judge_panel.select(["honorifics", "consistency"])
    window.run_actions.run_selected()
    done = pump(600, lambda: bool(finished) and bool(window.document.judgments))
    landed = len(made)
    pump(1.5)  # the rows rebuilt, the views filled, the first paints after
    timer.stop()
    watchdog.stop()
    gaps = sorted(((guiwatch.thread_gap_ms(w0, c0, w1, c1, PERIOD_MS, watchdog.samples), w0 - ticks[0][0])
                   for (w0, c0), (w1, c1) in zip(ticks, ticks[1:])), reverse=True)
    spans = sum(len(j.spans) for j in window.document.judgments)
    badges = len(window.pair_view.badges)
    window.close()
    return {"done": done, "gap_ms": round(gaps[0][0], 1), "longest": [(round(g, 1), round(t, 2)) for g, t in gaps[:4]],
            "badges_made": len(made), "badges_made_by_landing": landed, "badges": badges, "spans": spans,
            "rows_on_worker": window.pair_view.rows_rebuilt_on_worker, "ticks": len(ticks)}


def attempt(tmp_path: Path) -> dict:
    folder = tmp_path / f"attempt{len(list(tmp_path.glob('attempt*')))}"
    folder.mkdir()
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    with open(folder / "log.txt", "w") as log:
        done = subprocess.run([sys.executable, __file__, str(folder), str(PARAGRAPHS)], env=env,
                              stdout=log, stderr=subprocess.STDOUT, timeout=900)
    assert done.returncode == 0, (folder / "log.txt").read_text()[-3000:]
    return json.loads((folder / "result.json").read_text())


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("first-run")
    found = [attempt(folder)]
    assert found[0]["done"] and found[0]["badges"] > 1_000, found
    if found[0]["gap_ms"] > TOLERANCE_MS:
        found += [attempt(folder) for _ in range(2)]
    return found


def test_the_badges_of_a_delivery_are_made_once(runs):
    """Results, then the review, then the rebuilt rows each refreshed the pair view, and each made the
    pair's 1,000 badges again (with a sorted copy of them as the rows' key)."""
    assert runs[0]["badges_made"] == 1, runs[0]


def test_a_long_pair_s_rows_are_rebuilt_on_a_worker(runs):
    assert runs[0]["rows_on_worker"] == 1, runs[0]


def test_the_window_stays_responsive_while_a_first_run_lands(runs):
    median = statistics.median(r["gap_ms"] for r in runs)
    assert median <= TOLERANCE_MS, f"the GUI thread stalled {median:.0f} ms during a first run: {runs}"


if __name__ == "__main__":
    out = first_run(Path(sys.argv[1]), int(sys.argv[2]))
    (Path(sys.argv[1]) / "result.json").write_text(json.dumps(out))
