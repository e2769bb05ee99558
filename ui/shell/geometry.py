"""The window's size on first launch: fitted to the screen it opens on, frame included."""

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
