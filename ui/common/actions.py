"""A window action in one call: a QAction with its text, slot and shortcuts, added to the window so its
shortcuts work wherever focus is. The shell's menus and the features that add entries to them use it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget


def make_action(window: QWidget, text: str, slot: Callable[[], object], *keys: QKeySequence | str) -> QAction:
    act = QAction(text, window)
    if keys:
        # a standard key may be empty on a platform, or the same as the explicit one beside it
        seqs = [k if isinstance(k, QKeySequence) else QKeySequence(k) for k in keys]
        unique = {s.toString(): s for s in seqs if not s.isEmpty()}
        act.setShortcuts(list(unique.values()))
    act.triggered.connect(lambda _checked=False: slot())
    window.addAction(act)  # shortcuts work wherever focus is in the window
    return act
