"""A run's thread is started by the starter's thread, not by the GUI thread: Thread.start() waits for the
new thread to get the GIL and say it started, and with workers holding the GIL that wait was a GUI gap
(93 ms when the sample's first run started, bench/first_run_latency.py --stacks)."""

from __future__ import annotations

import threading
import time

import pytest

from litlens.ui.common.tasks import ThreadStarter


def test_the_caller_does_not_start_the_thread_itself(monkeypatch):
    starter = ThreadStarter()
    starter.ready()
    started_by: list[str] = []
    real = threading.Thread.start

    def watched(self):
        started_by.append(threading.current_thread().name)
        return real(self)
    monkeypatch.setattr(threading.Thread, "start", watched)
    ran = threading.Event()
    thread = threading.Thread(target=ran.set, name="work")
    launched = starter.start(thread)
    assert launched.wait(5) and ran.wait(5)
    assert started_by == ["litlens-thread-starter"]


def test_start_returns_before_a_slow_start_is_done(monkeypatch):
    starter = ThreadStarter()
    starter.ready()
    real = threading.Thread.start
    gate = threading.Event()

    def slow(self):  # as when the new thread waits for the GIL before it can say it started
        if self.name == "slow":
            assert gate.wait(5)
        return real(self)
    monkeypatch.setattr(threading.Thread, "start", slow)
    began = time.monotonic()
    launched = starter.start(threading.Thread(target=lambda: None, name="slow"))
    assert time.monotonic() - began < 0.5 and not launched.is_set()
    gate.set()
    assert launched.wait(5)


@pytest.mark.gui
def test_a_run_task_is_started_off_the_calling_thread_and_can_be_joined(qtbot, tmp_path, monkeypatch):
    from litlens.ui.common.tasks import MainThreadBridge, RunTask
    started_by: list[tuple[str, str]] = []
    real = threading.Thread.start

    def watched(self):
        started_by.append((self.name, threading.current_thread().name))
        return real(self)
    monkeypatch.setattr(threading.Thread, "start", watched)
    go = threading.Event()
    built: list[int] = []

    def make_request():
        built.append(1)
        assert go.wait(5)
        raise ValueError("no judge selected")  # reported as the run's failure
    task = RunTask(make_request, None, tmp_path / "db.sqlite", 1, 1, MainThreadBridge())
    outcomes: list[object] = []
    task.finished.connect(outcomes.append)
    task.start()
    assert task.join(0.05) is False  # still building its request
    go.set()
    assert task.join(5) is True and built == [1]
    assert ("litlens-run-start", threading.current_thread().name) not in started_by
    assert ("litlens-run-start", "litlens-thread-starter") in started_by
    qtbot.waitUntil(lambda: bool(outcomes), timeout=5000)
