"""A progress tick never paints the window synchronously: Qt's own QProgressBar.setValue repaints at
once, flushing every pending paint of the window inside the run's progress callback."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QProgressBar, QVBoxLayout, QWidget

from litlens.ui.runs.run_bar import _Bar


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

