"""The window reopens in the same share of the screen it opens on (issue 36, item 9): a window that filled a
1280×800 laptop fills a 1920×1080 monitor next time, instead of keeping 1280 pixels of it; one that took
two thirds of a large screen takes two thirds again; whatever was remembered, it lands wholly on the
screen and at least 640×480."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QSettings

from litlens.ui.shell.geometry import placed, placement
from litlens.ui.shell.window import MainWindow

pytestmark = pytest.mark.gui

LAPTOP = QRect(0, 27, 1280, 773)  # 1280×800 less a desktop panel
MONITOR = QRect(0, 0, 1920, 1040)  # 1920×1080 less a taskbar


def test_a_window_that_filled_the_laptop_fills_the_monitor():
    on_laptop = QRect(0, 27, 1264, 725)  # the laptop's whole width and height, less the frame
    again = placed(placement(on_laptop, LAPTOP), MONITOR)
    assert again is not None
    assert again.width() >= 0.98 * MONITOR.width() and again.height() >= 0.93 * MONITOR.height()


def test_a_share_of_a_screen_stays_that_share_and_stays_on_it():
    two_thirds = QRect(320, 100, 1280, 800)
    share = placement(two_thirds, MONITOR)
    assert placed(share, MONITOR) == two_thirds  # the same screen: the same pixels
    on_laptop = placed(share, LAPTOP)
    assert on_laptop is not None and LAPTOP.contains(on_laptop)
    assert abs(on_laptop.width() - round(1280 / 1920 * LAPTOP.width())) <= 1
    off = placed([0.9, 0.9, 0.5, 0.5], LAPTOP)  # remembered hanging off the edge: pulled back on
    assert off is not None and LAPTOP.contains(off)
    tiny = placed([0.0, 0.0, 0.01, 0.01], MONITOR)
    assert tiny is not None and (tiny.width(), tiny.height()) == (640, 480)
    assert placed(["x", 1, 2], MONITOR) is None and placed(None, MONITOR) is None  # type: ignore[arg-type]


class _Screen:
    """The one thing the window asks its screen: its available area."""

    def __init__(self, available: QRect) -> None:
        self.available = available

    def availableGeometry(self) -> QRect:  # noqa: N802 - Qt's name
        return self.available


def test_the_window_remembers_its_share_and_reopens_in_it(qtbot, db_path, tmp_path, monkeypatch):
    qs = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    monkeypatch.setattr(MainWindow, "screen", lambda self: _Screen(LAPTOP))
    first = MainWindow(db_path, qsettings=qs)
    qtbot.addWidget(first)
    first.setGeometry(QRect(0, 27, 1264, 725))  # the whole laptop, less the frame
    first.show()
    qtbot.wait(50)
    first.close()
    share = [float(v) for v in qs.value("window/placement")]
    assert share == pytest.approx(placement(first.normalGeometry(), LAPTOP), abs=0.001)
    assert share[2] > 0.95

    monkeypatch.setattr(MainWindow, "screen", lambda self: _Screen(MONITOR))  # next time, on the monitor
    again = MainWindow(db_path, qsettings=qs)
    qtbot.addWidget(again)
    assert again.width() >= 0.95 * MONITOR.width() and again.height() >= 0.9 * MONITOR.height()
    assert MONITOR.contains(again.geometry())
