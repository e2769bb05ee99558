"""The window stays responsive while a novel opens: a 150,000-word source and its 150,000-word translation
go from files on disk through MainWindow.open_files to the painted pair view, and a 10 ms QTimer on the
GUI thread must never wait more than 50 ms beyond its period (issue 17).

Each attempt runs in a fresh process, so it opens the book the way a user's first open does (nothing that
the first open loads lazily is already warm from another test). The gap is measured so that a shared,
loaded machine does not fail it while a real freeze does: an interval between two ticks counts for the
process's CPU time in it (the GUI thread busy, or another thread holding the GIL) plus the wall-clock time
the GUI thread sat blocked after its tick was due (a lock, a pipe, a sleep: seen by a watchdog thread,
tests/guiwatch.py), never more than the interval; waiting for the scheduler does not count. One attempt is
enough when it passes; otherwise the median of five must be within the limit. Further tests show the probe
fails on a real 200 ms freeze: the GUI thread busy, a worker holding the GIL, the GUI thread asleep, and
the GUI thread blocked reading a pipe.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import guiwatch
import pytest

pytestmark = [pytest.mark.gui,
              pytest.mark.skipif(not guiwatch.AVAILABLE, reason="the GUI-thread watchdog reads /proc (Linux)")]

LIMIT_MS = 50.0
FREEZE_LIMIT_MS = 200.0  # what no machine excuses: a freeze, not a slow frame
PERIOD_MS = 10
WORDS = 150_000
FREEZE_MS = 200
EN = ("the", "lamp", "river", "winter", "harbour", "quiet", "she", "waited", "by", "door", "salt", "letter",
      "never", "came", "brother", "clock", "stopped", "night", "boats", "rain")
KO = ("등불", "강", "겨울", "항구", "조용히", "그녀는", "기다렸다", "문", "소금", "편지", "끝내", "오지",
      "않았다", "오빠", "시계", "멈췄다", "밤", "배", "비가", "내렸다")


def write_book(folder: Path, words: int) -> tuple[Path, Path]:
    """An English source and a Korean translation of ``words`` words each, in 100-word paragraphs of
    ten-word sentences, numbered so every paragraph differs."""
    rng = random.Random(17)
    src, tgt = [], []
    for i in range(max(1, words // 100)):
        en = [" ".join(rng.choice(EN) for _ in range(10)).capitalize() + "." for _ in range(10)]
        ko = [" ".join(rng.choice(KO) for _ in range(10)) + "." for _ in range(10)]
        src.append(" ".join(en) + f" ({i + 1})")
        tgt.append(" ".join(ko) + f" ({i + 1})")
    s, t = folder / "book_en.txt", folder / "book_ko.txt"
    s.write_text("\n\n".join(src), encoding="utf-8")
    t.write_text("\n\n".join(tgt), encoding="utf-8")
    return s, t


def counted_gaps(ticks: list[tuple[float, float]], period_ms: float,
                 samples: list[tuple[float, str]] | None = None) -> list[tuple[float, float]]:
    """(counted gap in ms beyond the period, when it began in s) of every interval between (wall s,
    process CPU s) ticks, longest first. An interval counts for the CPU time the process used in it plus
    the time the watchdog's ``samples`` saw the GUI thread blocked after the tick was due, at most its wall
    time."""
    gaps = [(guiwatch.counted_gap_ms(w0, c0, w1, c1, period_ms, samples), w0 - ticks[0][0])
            for (w0, c0), (w1, c1) in zip(ticks, ticks[1:])]
    return sorted(gaps, reverse=True)


def worst_gap(ticks: list[tuple[float, float]], period_ms: float,
              samples: list[tuple[float, str]] | None = None) -> tuple[float, float]:
    """(worst counted gap, worst wall-clock gap) in ms beyond the period."""
    wall = max(((w1 - w0) * 1000 - period_ms for (w0, _), (w1, _) in zip(ticks, ticks[1:])), default=0.0)
    return (counted_gaps(ticks, period_ms, samples) or [(0.0, 0.0)])[0][0], max(0.0, wall)


def test_the_gap_counts_busy_time_not_time_spent_waiting_for_a_cpu():
    idle_on_loaded_machine = [(0.0, 0.0), (0.130, 0.004)]  # 130 ms between ticks, 4 ms of it on a CPU
    busy = [(0.0, 0.0), (0.215, 0.205)]  # the process worked 205 ms of it
    both = [(0.0, 0.0), (0.012, 0.002), (0.140, 0.009), (0.352, 0.211)]
    assert worst_gap(idle_on_loaded_machine, PERIOD_MS) == pytest.approx((0.0, 120.0))
    assert worst_gap(busy, PERIOD_MS) == pytest.approx((195.0, 205.0))
    assert worst_gap(both, PERIOD_MS) == pytest.approx((192.0, 202.0))
    assert [at for _gap, at in counted_gaps(both, PERIOD_MS)] == pytest.approx([0.140, 0.012, 0.0])


def test_the_gap_counts_a_blocked_wait_by_the_wall_clock():
    """130 ms between ticks with 4 ms of CPU: excused when the GUI thread was runnable (waiting for a CPU),
    counted when the watchdog saw it blocked (asleep, on a lock or a pipe) after the tick was due."""
    ticks = [(0.0, 0.0), (0.130, 0.004)]
    runnable = [(t / 1000, "R") for t in range(0, 131, 4)]
    blocked = [(t / 1000, "S") for t in range(0, 131, 4)]
    idle_then_runnable = [(t / 1000, "S" if t < 10 else "R") for t in range(0, 131, 4)]
    assert worst_gap(ticks, PERIOD_MS, runnable)[0] == pytest.approx(0.0)
    assert worst_gap(ticks, PERIOD_MS, idle_then_runnable)[0] == pytest.approx(0.0)
    # blocked from the due time (10 ms) plus the slack (2 ms) to the last sample (128 ms), plus 4 ms of CPU
    assert worst_gap(ticks, PERIOD_MS, blocked)[0] == pytest.approx(116 + 4 - PERIOD_MS)
    assert worst_gap([(0.0, 0.0), (0.130, 0.125)], PERIOD_MS, blocked)[0] == pytest.approx(120.0)  # at most the wall


# ---- one attempt, in its own process --------------------------------------------------------------------
def _hold_the_gil(ms: float) -> None:
    """Keep the GIL for about ``ms`` of CPU time in one C call (sum over a range runs no bytecode, so the
    interpreter never offers the GIL to the GUI thread meanwhile)."""
    rates = []
    for _ in range(3):  # the fastest of three: a first, cold call (memory still being mapped) ran 2x slower
        c0 = time.thread_time()
        sum(range(1_000_000))
        rates.append(time.thread_time() - c0)
    per_million = max(1e-4, min(rates))
    sum(range(int(1_000_000 * ms / 1000 / per_million)))


def _freeze_gui(ms: float) -> None:
    c0 = time.thread_time()
    while time.thread_time() - c0 < ms / 1000:
        pass


def _block_on_a_pipe(ms: float) -> None:
    """Block the calling thread in a read of a pipe that another thread writes to ``ms`` later."""
    r, w = os.pipe()
    threading.Timer(ms / 1000, lambda: os.write(w, b"x")).start()
    try:
        os.read(r, 1)
    finally:
        os.close(r)
        os.close(w)


def probe_opening(folder: Path, words: int, freeze: str) -> dict:
    """Open a ``words``-word pair in a new MainWindow while a QTimer probe ticks; the figures as a dict.
    ``freeze`` ("both", "blocked" or "") adds two deliberate 200 ms freezes: "both", of the GUI thread
    busy as the project arrives and 0.6 s later of a worker thread holding the GIL; "blocked", of the GUI
    thread asleep as the project arrives and 0.6 s later blocked reading a pipe."""
    from PySide6.QtCore import QEventLoop, QSettings, QTimer
    from PySide6.QtWidgets import QApplication
    for fmt in (QSettings.Format.IniFormat, QSettings.Format.NativeFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, str(folder / "config"))
    app = QApplication.instance() or QApplication([])
    from litlens.ui.shell.window import MainWindow

    source, translation = write_book(folder, words)
    window = MainWindow(folder / "book.db")
    window.resize(1280, 800)
    window.show()

    def pump(seconds: float, until=lambda: False) -> bool:
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            if until():
                return True
            app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents, 20)
        return until()

    # the warm-up after the window shows is its own matter (tests/test_ui_latency.py): wait it out
    assert pump(120, lambda: window.warmed_up), "the window's warm-up did not finish"
    pump(0.3)
    if freeze == "blocked":
        def blocks() -> None:
            QTimer.singleShot(600, lambda: _block_on_a_pipe(FREEZE_MS))
            time.sleep(FREEZE_MS / 1000)
        window.document.projectChanged.connect(blocks)
    elif freeze:
        def hold() -> None:
            threading.Thread(target=_hold_the_gil, args=(FREEZE_MS,), daemon=True).start()

        def freezes() -> None:
            QTimer.singleShot(600, hold)
            _freeze_gui(FREEZE_MS)
        window.document.projectChanged.connect(freezes)
    ticks: list[tuple[float, float]] = []
    timer = QTimer()
    timer.setInterval(PERIOD_MS)
    timer.timeout.connect(lambda: ticks.append((time.perf_counter(), time.process_time())))
    canvas = window.pair_view.text
    watchdog = guiwatch.Watchdog().start()  # on the GUI thread: it watches the calling thread
    ticks.append((time.perf_counter(), time.process_time()))
    timer.start()
    started = time.perf_counter()
    window.open_files(source, [translation])
    shown = pump(180, lambda: window.document.project is not None and canvas.layout_map is not None
                 and canvas.layouts_made > 0)
    opened = time.perf_counter() - started
    pump(1.5)  # what follows the opening (stored results, the language check, the docks) is watched too
    timer.stop()
    watchdog.stop()
    counted, wall = worst_gap(ticks, PERIOD_MS, watchdog.samples)
    return {"shown": shown, "open_s": round(opened, 2), "gap_ms": round(counted, 1),
            "wall_gap_ms": round(wall, 1), "ticks": len(ticks),
            "longest": [(round(g, 1), round(at, 2)) for g, at in counted_gaps(ticks, PERIOD_MS, watchdog.samples)[:3]],
            "paragraphs": len(canvas.heights)}


def attempt(tmp_path: Path, words: int = WORDS, freeze: str = "") -> dict:
    folder = tmp_path / f"attempt{len(list(tmp_path.glob('attempt*')))}"
    folder.mkdir()
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    # output to files, not pipes: nothing the child leaves running can hold the test waiting for a pipe
    with open(folder / "log.txt", "w") as log:
        done = subprocess.run([sys.executable, __file__, str(folder), str(words), freeze], env=env,
                              stdout=log, stderr=subprocess.STDOUT, timeout=600)
    assert done.returncode == 0, (folder / "log.txt").read_text()[-3000:]
    return json.loads((folder / "result.json").read_text())


@pytest.fixture(scope="module")
def opening_runs(tmp_path_factory):
    """Gaps of a 150k-word pair opening: one attempt, or five when the first is over the target (a busy
    neighbour gets four more chances; a real stall repeats in every one)."""
    folder = tmp_path_factory.mktemp("book")
    runs = [attempt(folder)]
    assert runs[0]["shown"] and runs[0]["paragraphs"] == WORDS // 100, runs
    if runs[0]["gap_ms"] > LIMIT_MS:
        runs += [attempt(folder) for _ in range(4)]
    return runs


def test_a_150k_word_pair_opens_without_freezing_the_window(opening_runs):
    """No freeze: a model loaded or a book analysed in the window's process stalled it 450-650 ms."""
    median = statistics.median(r["gap_ms"] for r in opening_runs)
    assert median <= FREEZE_LIMIT_MS, f"the GUI thread froze {median:.0f} ms while the pair opened: {opening_runs}"


def test_the_window_stays_within_50_ms_while_a_150k_word_pair_opens(opening_runs):
    """The project arrives in one short pass: its paragraphs counted on the worker that read the files,
    the findings list's row labels made only when there are findings to label (a 150k-word pair: 23-42 ms
    beyond the probe's period before, 13-34 ms after, six attempts each)."""
    median = statistics.median(r["gap_ms"] for r in opening_runs)
    assert median <= LIMIT_MS, f"the GUI thread stalled {median:.0f} ms (> {LIMIT_MS:.0f} ms) while the pair opened: {opening_runs}"


@pytest.mark.flaky(reruns=2)  # the GIL hold is timed by calibration on a shared machine
def test_the_probe_fails_on_a_real_200_ms_freeze(tmp_path):
    # the GUI thread busy for 200 ms, then a worker holding the GIL for 200 ms: two separate long gaps
    found = attempt(tmp_path, words=3_000, freeze="both")
    assert found["shown"], found
    (first, at_first), (second, at_second) = found["longest"][:2]
    assert min(first, second) >= 0.75 * FREEZE_MS and abs(at_first - at_second) >= 0.3, found


def test_the_probe_fails_on_a_gui_thread_blocked_by_the_wall_clock(tmp_path):
    """A GUI thread asleep 200 ms, then blocked 200 ms reading a pipe: it uses no CPU, and each still
    counts as a stall of at least 150 ms (the same tolerance as the busy freeze above: the part of the
    freeze before the tick was due, the timer's slack and the watchdog's 4 ms sampling are not counted)."""
    found = attempt(tmp_path, words=3_000, freeze="blocked")
    assert found["shown"], found
    (first, at_first), (second, at_second) = found["longest"][:2]
    assert min(first, second) >= 0.75 * FREEZE_MS, found
    assert abs(at_first - at_second) >= 0.3, found


if __name__ == "__main__":  # one attempt: folder, words, freeze kind; the figures as JSON in result.json
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    out = Path(sys.argv[1])
    figures = probe_opening(out, int(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else "")
    (out / "result.json").write_text(json.dumps(figures))
    from litlens.app.judges import offload
    offload.stop()  # no orphaned analyser process after os._exit
    os._exit(0)  # the window's background threads need not be waited for
