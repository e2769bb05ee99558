"""The window paints a big refresh one turn of the event loop later, and never paints synchronously on
a progress tick: what kept the first run's GUI gaps over 50 ms (bench/first_run_latency.py)."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QLabel, QProgressBar, QVBoxLayout, QWidget  # noqa: E402

from litlens.ui.run_bar import _Bar  # noqa: E402
from litlens.ui.turns import paint_next_turn  # noqa: E402


class Painted(QLabel):
    def __init__(self, log: list[str]) -> None:
        super().__init__("text")
        self.log = log

    def paintEvent(self, event):  # noqa: N802 - Qt's name
        self.log.append("paint")
        super().paintEvent(event)


def _window(qtbot, log):
    window = QWidget()
    layout = QVBoxLayout(window)
    label = Painted(log)
    layout.addWidget(label)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(50)
    return window, label


def _slow_refresh_then_order(qtbot, window, label, log, deferred: bool) -> list[str]:
    tick = QTimer()
    tick.setInterval(5)
    tick.timeout.connect(lambda: log.append("tick"))

    def refresh():  # a posted call, as a worker's results reach the window
        log.clear()
        with paint_next_turn(window) if deferred else _nothing():
            label.setText("new text")
            time.sleep(0.03)  # the views refreshing: the tick falls due meanwhile
    tick.start()
    QTimer.singleShot(0, window, refresh)  # Qt 6: a posted call, like MainThreadBridge.post
    qtbot.waitUntil(lambda: "paint" in log and "tick" in log, timeout=2000)
    tick.stop()
    return [e for i, e in enumerate(log) if i == 0 or e != log[i - 1]]


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_a_timer_due_during_a_refresh_runs_before_the_repaint(qtbot):
    log: list[str] = []
    window, label = _window(qtbot, log)
    order = _slow_refresh_then_order(qtbot, window, label, log, deferred=True)
    assert order.index("tick") < order.index("paint"), order
    assert window.updatesEnabled()


def test_updates_are_suspended_in_the_body_and_resumed_in_a_later_turn(qtbot):
    log: list[str] = []
    window, _ = _window(qtbot, log)
    with paint_next_turn(window):
        assert not window.updatesEnabled()
        with paint_next_turn(window):  # nested: the outer one resumes
            pass
        assert not window.updatesEnabled()
    qtbot.waitUntil(window.updatesEnabled, timeout=1000)
    hidden = QWidget()
    qtbot.addWidget(hidden)
    with paint_next_turn(hidden):  # not on screen: left alone
        assert hidden.updatesEnabled()


@pytest.mark.parametrize("bar_class, paints_at_once", [(QProgressBar, True), (_Bar, False)])
def test_a_progress_value_paints_nothing_at_once(qtbot, bar_class, paints_at_once):
    log: list[str] = []
    window, label = _window(qtbot, log)
    bar = bar_class()
    bar.setRange(0, 100)
    bar.setTextVisible(True)
    window.layout().addWidget(bar)
    qtbot.wait(50)
    log.clear()
    label.setText("changed")  # a view refreshed: its paint is pending
    bar.setValue(37)
    assert ("paint" in log) is paints_at_once  # Qt's own bar flushes the whole window's pending paints
    qtbot.waitUntil(lambda: "paint" in log, timeout=1000)  # ours paints with the next frame
    assert bar.value() == 37


def test_without_it_the_repaint_comes_before_the_due_timer(qtbot):
    # the behaviour paint_next_turn exists for: a refresh and its repaint run back to back
    log: list[str] = []
    window, label = _window(qtbot, log)
    order = _slow_refresh_then_order(qtbot, window, label, log, deferred=False)
    assert order.index("paint") < order.index("tick"), order
