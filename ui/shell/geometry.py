"""The window's size and place: fitted to the screen it opens on at first launch (frame included), and
remembered as a share of the screen afterwards."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize

# what the window manager adds around the client area that resize() sets: a title bar and thin borders
FRAME = QSize(16, 48)
PREFERRED = QSize(1280, 800)


def first_size(available: QRect) -> QSize:
    """At least the preferred size where it fits, most of a larger screen, and never more than the screen
    (a 1280×800 laptop showed the run bar and the status line below its edge)."""
    room = QSize(available.width() - FRAME.width(), available.height() - FRAME.height())
    wide = max(PREFERRED.width(), int(available.width() * 0.85))
    tall = max(PREFERRED.height(), int(available.height() * 0.85))
    return QSize(max(640, min(wide, room.width())), max(480, min(tall, room.height())))


def placement(frame: QRect, available: QRect) -> list[float]:
    """Where a window is, as fractions of the available area of its screen (left, top, width, height):
    what is remembered, so the window reopens in the same share of whatever screen it opens on. A
    1280-wide window kept as pixels reopened 1280 wide on a 1920×1080 screen, most of it unused."""
    w, h = max(1, available.width()), max(1, available.height())
    return [round((frame.x() - available.x()) / w, 4), round((frame.y() - available.y()) / h, 4),
            round(frame.width() / w, 4), round(frame.height() / h, 4)]


def placed(fractions: list[float], available: QRect) -> QRect | None:
    """The rectangle ``placement`` describes, on ``available``: at least 640×480 (never more than the
    screen), and wholly on it. None for a remembered value that is not four numbers."""
    try:
        left, top, wide, tall = (float(v) for v in fractions)
    except (TypeError, ValueError):
        return None
    width = min(available.width(), max(640, round(wide * available.width())))
    height = min(available.height(), max(480, round(tall * available.height())))
    x = available.x() + min(max(0, round(left * available.width())), available.width() - width)
    y = available.y() + min(max(0, round(top * available.height())), available.height() - height)
    return QRect(x, y, width, height)
