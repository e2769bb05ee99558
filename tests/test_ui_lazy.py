"""Panels refreshed only when shown (ui.common.lazy.WhenShown)."""

from __future__ import annotations

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QApplication, QWidget

from litlens.ui.common.lazy import WhenShown


def test_a_stale_panel_is_refreshed_when_shown_and_only_then(qtbot):
    window = QWidget()
    qtbot.addWidget(window)
    panel = QWidget(window)
    refreshed: list[int] = []
    lazy = WhenShown(panel, lambda: refreshed.append(1))
    window.show()
    panel.hide()
    lazy.request()
    assert refreshed == [] and lazy.stale and lazy.deferred == 1
    panel.show()
    assert refreshed == [1] and not lazy.stale
    QApplication.sendEvent(panel, QShowEvent())  # shown again with nothing new: no second refresh
    assert refreshed == [1]


def test_a_wrapper_cleared_while_qt_still_sends_its_panels_events_is_left_alone(qtbot):
    # as when a window is torn down: the garbage collector clears the filter's attributes while the C++
    # object still filters the panel's events (this raised AttributeError inside Qt's event delivery)
    panel = QWidget()
    qtbot.addWidget(panel)
    refreshed: list[int] = []
    lazy = WhenShown(panel, lambda: refreshed.append(1))
    lazy.__dict__.clear()
    panel.show()
    QApplication.sendEvent(panel, QShowEvent())
    assert refreshed == []
