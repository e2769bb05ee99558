"""The window's estimate of LLM judges plans with automatic collection paused (a full collection on the
estimate's worker froze the window for 190-380 ms), and two estimates of the same choice in a row plan
once (the window asks at once and again after a burst of changes)."""

from __future__ import annotations

import gc
import threading
import time

import pytest

from litlens.app.core import heap
from litlens.app.run import service
from litlens.ui.shell.window import MainWindow

from test_ui_latency import long_project

pytestmark = pytest.mark.gui


def test_the_estimate_plans_once_with_collection_paused(qtbot, db_path, monkeypatch):
    real = service.plan
    planned: list[tuple[bool, str]] = []
    llm = ["gemba-mqm", "da-mqm", "transevalnia"]

    def watched(request, options=None):
        if sorted(request.judges) == sorted(llm):  # not the estimate of the judges ticked at first
            planned.append((gc.isenabled(), threading.current_thread().name))
        time.sleep(0.5)  # still planning when the second estimate asks
        return real(request, options)
    monkeypatch.setattr(service, "plan", watched)
    window = MainWindow(db_path)
    qtbot.addWidget(window)
    window.show()
    answers: list[object] = []
    window.runs.estimated.connect(lambda *a: answers.append(a))
    window.runs.keyMissing.connect(lambda *a: answers.append(a))
    window.open_project(long_project(40))
    qtbot.waitUntil(lambda: bool(answers), timeout=60_000)  # the estimate of the judges ticked at first
    window.judge_panel.select(llm)
    window.run_actions.stop()  # the panel's own estimate of the change is not waited for here
    answers.clear()
    planned.clear()
    window.run_actions._estimate_now()
    window.run_actions._estimate_now()
    qtbot.waitUntil(lambda: bool(answers), timeout=60_000)
    assert planned and all(not enabled for enabled, _ in planned), planned
    assert len(planned) == 1, planned
    # collection resumes once nothing else is inside a pause (a worker may be building what the window keeps)
    qtbot.waitUntil(lambda: not heap.paused(), timeout=30_000)
    assert gc.isenabled()
    window.close()
