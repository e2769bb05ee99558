"""Background threads give way to the window's thread when the processor is busy.

On a machine with two cores, a run's thread, a stored-results load and the window's own thread often
want the processor at once. Linux lets each thread have its own niceness, so a thread that only prepares
work (planning a run, reading files, storing answers) can ask to be scheduled after the thread that
paints; with the processor free it runs exactly as fast as before. Elsewhere (macOS, Windows: niceness
there is per process) this does nothing.
"""

from __future__ import annotations

import os
import sys
import threading

BACKGROUND_NICENESS = 5  # added to the thread's niceness: about a third of the share of a niceness-0 thread


def yield_to_window(step: int = BACKGROUND_NICENESS) -> bool:
    """Raise the calling thread's niceness by ``step`` (Linux only); whether it was raised.

    Threads started from this one afterwards inherit it. It cannot be undone without privileges, so call
    it only on threads that do background work for the whole of their life (a pool's initializer)."""
    if not sys.platform.startswith("linux") or not hasattr(os, "setpriority"):
        return False
    tid = threading.get_native_id()
    try:
        now = os.getpriority(os.PRIO_PROCESS, tid)
        os.setpriority(os.PRIO_PROCESS, tid, min(19, now + step))
    except OSError:  # refused (a sandbox): the thread just keeps its share
        return False
    return True
