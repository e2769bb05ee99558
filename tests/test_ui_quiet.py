"""Background work waits while the window lays out a project or a run's results (ui.common.tasks.Quiet).

The rule: once the window holds (showing a project, results landing), a job submitted to the window's
workers, a run's start and the SDK warm-up begin only when the hold is over, so their Python does not
share the GIL with the GUI thread's layout; the rows and the findings listing being shown do not wait;
no job waits longer than the cap, and closing the window ends every hold.
"""

from __future__ import annotations

import threading
import time

import pytest
from PySide6.QtCore import QSettings
from test_ui_responsive import window  # noqa: F401 - the shown 1280x800 window, a fixture

from litlens.app.core.sample import load_sample
from litlens.ui.common.tasks import MainThreadBridge, Quiet, RunTask, TaskRunner
from litlens.ui.shell import warmup
from litlens.ui.shell.window import MainWindow

pytestmark = pytest.mark.gui


def test_quiet_without_a_hold_lets_a_job_through_at_once():
    quiet = Quiet(hold_s=0.3)
    assert quiet.quiet_for() == float("inf") and not quiet.held()
    assert quiet.wait() < 0.05 and quiet.waited == 0


def test_a_job_waits_for_the_hold_and_a_later_hold_extends_it():
    quiet = Quiet(hold_s=0.2, cap_s=5)
    quiet.hold()
    began = time.monotonic()
    assert quiet.held() and quiet.quiet_for() == 0.0
    extended = threading.Timer(0.1, quiet.hold)  # a second big layout starts before the first hold ends
    extended.start()
    waited = quiet.wait()
    extended.join()
    assert waited >= 0.28 and time.monotonic() - began >= 0.28  # 0.1 + 0.2, not 0.2
    assert not quiet.held() and quiet.waited == 1
    time.sleep(0.05)
    assert 0.04 <= quiet.quiet_for() < 1.0
    quiet.hold(0.4)
    quiet.hold(0.05)  # a shorter hold inside a longer one does not end it early
    assert quiet.wait() >= 0.35


def test_holds_one_after_another_never_keep_a_job_past_the_cap():
    quiet = Quiet(hold_s=0.2, cap_s=0.3)
    stop = threading.Event()

    def keep_holding():
        while not stop.is_set():
            quiet.hold()
            time.sleep(0.02)
    holder = threading.Thread(target=keep_holding)
    holder.start()
    try:
        time.sleep(0.03)
        waited = quiet.wait()
    finally:
        stop.set()
        holder.join()
    assert 0.25 <= waited < 0.6


def test_release_lets_waiting_jobs_go_at_once():
    quiet = Quiet(hold_s=10, cap_s=10)
    quiet.hold()
    threading.Timer(0.1, quiet.release).start()
    assert quiet.wait() < 1.0
    quiet.hold()
    assert not quiet.held() and quiet.wait() < 0.05  # released for good: the window is closing


def _started_at(runner: TaskRunner, *, urgent: bool) -> list[float]:
    when: list[float] = []
    runner.submit(lambda: when.append(time.monotonic()), lambda _v: None, lambda _e: None, urgent=urgent)
    return when


def test_a_submitted_job_starts_after_the_hold_and_an_urgent_one_at_once(qtbot):
    runner = TaskRunner(MainThreadBridge(), quiet=Quiet(hold_s=0.3, cap_s=5))
    try:
        runner.quiet.hold()
        held_from = time.monotonic()
        background, urgent = _started_at(runner, urgent=False), _started_at(runner, urgent=True)
        qtbot.waitUntil(lambda: bool(background and urgent), timeout=5_000)
        assert background[0] - held_from >= 0.28
        assert urgent[0] - held_from < 0.2
    finally:
        runner.shutdown()


def test_shutting_the_runner_down_ends_the_hold(qtbot):
    runner = TaskRunner(MainThreadBridge(), quiet=Quiet(hold_s=30, cap_s=30))
    runner.quiet.hold()
    began = time.monotonic()
    waiting, done = threading.Event(), threading.Event()
    runner._pool.submit(lambda: (waiting.set(), runner.quiet.wait(), done.set()))
    assert waiting.wait(5)
    runner.shutdown()
    assert done.wait(5) and time.monotonic() - began < 5


def test_a_run_builds_its_request_only_after_the_hold(qtbot):
    quiet = Quiet(hold_s=0.3, cap_s=5)
    quiet.hold()
    held_from = time.monotonic()
    built: list[float] = []

    def make_request():
        built.append(time.monotonic())
        raise RuntimeError("no request here")  # reported as the run's failure; enough for this test
    task = RunTask(make_request, load_sample(), ":memory:", 1, 1, MainThreadBridge(), quiet=quiet)
    task.start()
    assert task.join(5)
    assert built and built[0] - held_from >= 0.28


def test_the_window_holds_while_a_project_and_its_results_are_shown(qtbot, window):
    """Whatever the document's listeners start as a project or results arrive finds the hold on."""
    seen: list[tuple[str, bool]] = []
    window.document.projectChanged.connect(lambda: seen.append(("project", window.tasks.quiet.held())))
    window.document.resultsChanged.connect(lambda: seen.append(("results", window.tasks.quiet.held())))
    window.open_project(load_sample())
    assert ("project", True) in seen
    qtbot.waitUntil(lambda: window.document.project_id is not None and not window.tasks.quiet.held(),
                    timeout=30_000)
    seen.clear()
    window.document.set_project(window.document.project)  # as an undo or a stored revision shows one
    assert seen[0] == ("project", True) and all(held for _, held in seen)
    qtbot.waitUntil(lambda: window.document.project_id is not None and not window.tasks.quiet.held(),
                    timeout=30_000)
    seen.clear()
    window.runs.load_results()  # stored results read on a worker, then shown
    qtbot.waitUntil(lambda: bool(seen), timeout=30_000)
    assert seen[0] == ("results", True)
    qtbot.waitUntil(lambda: not window.tasks.quiet.held(), timeout=5_000)
    seen.clear()
    window.runs.resultsArriving.connect(  # the run is over (nothing running), its results not yet shown
        lambda _j: seen.append(("arriving", window.tasks.quiet.held() and not window.runs.running)))
    window.judge_panel.select(["honorifics"])
    window.run_actions.run_selected()  # a run's results land the same way
    qtbot.waitUntil(lambda: len(seen) >= 2, timeout=60_000)
    assert seen[:2] == [("arriving", True), ("results", True)]


def test_the_warm_up_waits_until_the_window_has_settled(qtbot, db_path, tmp_path, monkeypatch):
    monkeypatch.setattr(warmup, "DELAY_MS", 50)
    monkeypatch.setattr(warmup, "SETTLE_S", 0.4)
    started: list[float] = []
    monkeypatch.setattr(warmup, "warm_up", lambda provider=None: started.append(time.monotonic()) or True)
    w = MainWindow(db_path, qsettings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.tasks.quiet.hold(0.3)  # as if a project were being shown as the window starts
    hold_ends = time.monotonic() + 0.3
    w.show()
    try:
        qtbot.waitUntil(lambda: w.warmed_up, timeout=10_000)
        assert started and started[0] >= hold_ends + 0.4 - 0.02
    finally:
        w.close()
