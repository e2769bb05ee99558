"""Combo boxes and spin boxes that take the mouse wheel only when they have focus.

In a scrolling panel the wheel otherwise changes whatever control passes under the pointer (a provider,
a budget) while the user only meant to scroll; unfocused, the wheel scrolls the panel instead."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractScrollArea, QAbstractSpinBox, QComboBox, QWidget


class WheelGuard(QObject):
    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Wheel and isinstance(obj, QWidget) and not obj.hasFocus():
            area = _scroll_area(obj)
            if area is not None:
                QCoreApplication.sendEvent(area.verticalScrollBar(), event)
            return True  # never changes the value unfocused
        return False


def _scroll_area(w: QWidget) -> QAbstractScrollArea | None:
    p = w.parentWidget()
    while p is not None and not isinstance(p, QAbstractScrollArea):
        p = p.parentWidget()
    return p


def guard_wheel(root: QWidget) -> WheelGuard:
    """Guard every combo and spin box under ``root`` (those present now)."""
    guard = getattr(root, "_wheel_guard", None) or WheelGuard(root)
    root._wheel_guard = guard  # type: ignore[attr-defined]
    for w in root.findChildren(QWidget):
        if isinstance(w, (QComboBox, QAbstractSpinBox)):
            w.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # a wheel turn must not give focus either
            w.installEventFilter(guard)
    return guard
