"""WCAG contrast of what a widget tree actually shows: the text colour each visible widget draws with
(its palette after the application and widget style sheets were applied, and any colour written into
rich text) against the background it is drawn on (the nearest ancestor that paints its own)."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QAbstractScrollArea, QComboBox, QGroupBox,
                               QLabel, QLineEdit, QTableWidget, QTabBar, QTextEdit, QTreeWidget, QWidget)

INLINE = re.compile(r"color:\s*(#[0-9a-fA-F]{6})")
BACKGROUND = re.compile(r"background(?:-color)?:\s*(#[0-9a-fA-F]{6})")


def luminance(c: QColor) -> float:
    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF())


def contrast(a: QColor, b: QColor) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _paints_itself(w: QWidget) -> bool:
    return (w.autoFillBackground() or w.isWindow() or "background" in w.styleSheet()
            or isinstance(w.parentWidget(), QAbstractScrollArea) and w is w.parentWidget().viewport())


def background(w: QWidget) -> QColor:
    if isinstance(w, (QLineEdit, QTextEdit, QAbstractItemView)) or (isinstance(w, QComboBox) and w.isEditable()):
        return w.palette().color(QPalette.ColorRole.Base)
    if isinstance(w, (QAbstractButton, QComboBox)) and not isinstance(w, QGroupBox) \
            and type(w).__name__ in ("QPushButton", "QToolButton", "QComboBox"):
        return w.palette().color(QPalette.ColorRole.Button)
    node: QWidget | None = w
    while node is not None:
        if _paints_itself(node):
            return node.palette().color(node.backgroundRole())
        node = node.parentWidget()
    return w.palette().color(QPalette.ColorRole.Window)


def _text(w: QWidget) -> str:
    for attr in ("text", "title", "currentText"):
        fn = getattr(w, attr, None)
        if callable(fn):
            try:
                value = fn()
            except TypeError:
                continue
            if isinstance(value, str):
                return value
    return ""


def problems(root: QWidget, minimum: float = 4.5) -> list[str]:
    """Every visible, enabled text of ``root``'s tree that falls under ``minimum``: one line each."""
    out: list[str] = []
    for w in [root, *root.findChildren(QWidget)]:
        if not w.isVisible() or not w.isEnabled():
            continue
        w.ensurePolished()
        text = _text(w)
        if isinstance(w, (QLabel, QAbstractButton, QGroupBox, QLineEdit, QComboBox)) and text.strip():
            fg = w.palette().color(w.foregroundRole() if not isinstance(w, (QLineEdit, QComboBox))
                                   else QPalette.ColorRole.Text)
            if isinstance(w, QComboBox) and not w.isEditable():
                fg = w.palette().color(QPalette.ColorRole.ButtonText)
            bg = background(w)
            own = BACKGROUND.findall(w.styleSheet())
            if own:
                bg = QColor(own[-1])
            inks = [fg] + [QColor(c) for c in INLINE.findall(text)] if isinstance(w, QLabel) else [fg]
            tints = [QColor(c) for c in BACKGROUND.findall(text)] if isinstance(w, QLabel) else []
            for ink in inks:
                if not tints and contrast(ink, bg) < minimum:
                    out.append(f"{type(w).__name__} {text[:50]!r}: {ink.name()} on {bg.name()} "
                               f"= {contrast(ink, bg):.2f}")
        if isinstance(w, QTabBar):
            bg, fg = w.palette().color(QPalette.ColorRole.Window), w.palette().color(QPalette.ColorRole.WindowText)
            if contrast(fg, bg) < minimum:
                out.append(f"tab bar: {fg.name()} on {bg.name()}")
        if isinstance(w, QTableWidget):
            base = w.palette().color(QPalette.ColorRole.Base)
            for r in range(min(w.rowCount(), 60)):
                for col in range(w.columnCount()):
                    item = w.item(r, col)
                    if item is None or not item.text():
                        continue
                    brush, back = item.foreground(), item.background()
                    ink = brush.color() if brush.style() != Qt.BrushStyle.NoBrush else w.palette().color(
                        QPalette.ColorRole.Text)
                    bgc = back.color() if back.style() != Qt.BrushStyle.NoBrush else base
                    if contrast(ink, bgc) < minimum:
                        out.append(f"table cell {item.text()[:30]!r}: {ink.name()} on {bgc.name()} = "
                                   f"{contrast(ink, bgc):.2f}")
        if isinstance(w, QTreeWidget):
            base = w.palette().color(QPalette.ColorRole.Base)
            for i in range(min(w.topLevelItemCount(), 50)):
                item = w.topLevelItem(i)
                for col in range(w.columnCount()):
                    if not item.text(col):
                        continue
                    brush = item.foreground(col)
                    ink = brush.color() if brush.style() != Qt.BrushStyle.NoBrush else w.palette().color(QPalette.ColorRole.Text)
                    back = item.background(col)
                    bgc = back.color() if back.style() != Qt.BrushStyle.NoBrush else base
                    if contrast(ink, bgc) < minimum:
                        out.append(f"{type(w).__name__} item {item.text(col)[:30]!r}: {ink.name()} on "
                                   f"{bgc.name()} = {contrast(ink, bgc):.2f}")
    return out
