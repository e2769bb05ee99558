"""Refresh a result panel only when someone can see it: a panel hidden behind another dock tab is marked
stale and refreshed when it is next shown.

At the end of a long run every panel would otherwise rebuild at once on the GUI thread; the user sees one
or two of them, so only those pay now and the rest pay when their tab is raised.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QDockWidget, QWidget


class WhenShown(QObject):
    """Connect document signals to ``request``; ``refresh`` runs now if the panel is on screen (or is not
    part of a window on screen, e.g. a panel used on its own), otherwise when it is next shown."""

    def __init__(self, widget: QWidget, refresh: Callable[[], object]) -> None:
        super().__init__(widget)
        self.widget = widget
        self.refresh = refresh
        self.stale = False
        self.deferred = 0  # how many refreshes waited for the panel to be shown (for tests and benches)
        self.on_screen: bool | None = None  # what its dock last said; None until it is followed
        widget.installEventFilter(self)

    def follow(self, dock: QDockWidget) -> None:
        """Track ``dock``: a dock behind another tab stays "visible" to Qt, only its signal tells."""
        dock.visibilityChanged.connect(self._dock_visibility)

    def _dock_visibility(self, visible: bool) -> None:
        self.on_screen = visible
        if visible and self.stale:
            self.stale = False
            self.refresh()

    def request(self, *_args: object) -> None:
        if self._hidden_in_shown_window():
            if not self.stale:
                self.deferred += 1
            self.stale = True
            return
        self.stale = False
        self.refresh()

    def _hidden_in_shown_window(self) -> bool:
        # a window that is not on screen yet (or a panel built on its own) refreshes at once: nobody waits
        if not self.widget.window().isVisible():
            return False
        return self.on_screen is False or not self.widget.isVisible()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        # read with defaults: when a window is torn down, the garbage collector may clear this wrapper's
        # attributes while Qt still sends the panel's events here (it then has nothing to refresh)
        if event.type() == QEvent.Type.Show and watched is getattr(self, "widget", None) and \
                getattr(self, "stale", False):
            self.stale = False
            self.refresh()
        return False
