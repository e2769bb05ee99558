"""A burst of view updates and the paint it causes, in two turns of the event loop instead of one.

Opening a project or landing a run's results refreshes every view (10-20 ms on the GUI thread) and
then repaints the window (another 15-25 ms). Qt delivers the refresh and the repaint it posts in the
same pass over its posted events, before any timer: the two add up to one long freeze, and a timer
that fell due in the middle (an animation, the progress bar) waits for both. With the window's updates
suspended while the views refresh and resumed by a timer, the repaint comes one turn later, and
whatever else was waiting runs in between: the same work, in two shorter slices.

The timer is 1 ms, not 0: Qt 6 turns a zero-interval single shot into a posted call, which the same
pass over posted events runs at once, so the repaint would still follow the refresh without a break.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QWidget

NEXT_TURN_MS = 1  # a real timer: it runs after the posted events of this turn, with the other timers


@contextmanager
def paint_next_turn(window: QWidget) -> Iterator[None]:
    """Suspend ``window``'s painting while the body runs; resume it (a full repaint) in a later turn.

    Nested or overlapping uses are fine: only the outermost one that found updates enabled resumes them.
    A window that is not visible is left alone (nothing would be painted anyway)."""
    if not window.isVisible() or not window.updatesEnabled():
        yield
        return
    window.setUpdatesEnabled(False)
    # armed before the body runs: should the body open a dialog (a nested event loop), the window
    # behind it is painted again at once instead of staying blank until the dialog closes
    QTimer.singleShot(NEXT_TURN_MS, window, lambda: window.setUpdatesEnabled(True))
    yield
