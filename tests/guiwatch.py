"""How long the GUI thread was held up, by the wall clock, told apart from waiting for a CPU.

A QTimer probe on the GUI thread sees an interval between two ticks; on a shared machine that interval
stretches for reasons of the machine's own (the thread was ready but no CPU was free). Counting only the
process's CPU time excuses that, but it also excuses a GUI thread blocked on a lock, a pipe, a sleep or
the GIL of a descheduled worker: blocked, it uses no CPU. So a watchdog thread samples the GUI thread's
scheduler state (Linux /proc/self/task/<tid>/stat) every few milliseconds, and an interval counts for the
process's CPU time in it plus the time the GUI thread sat blocked (state S or D) after its tick was due
(an idle event loop sleeps too, but only until the tick is due; then it is woken and runnable, R),
capped at the interval's wall time. Tolerance: one sampling period (SAMPLE_S) of blocked time may be missed
or counted at each end of a blocked stretch, and BLOCK_SLACK_S after the due time is not counted.
"""

from __future__ import annotations

import itertools
import sys
import threading
import time

SAMPLE_S = 0.004
BLOCK_SLACK_S = 0.002  # a timer may fire this late without the thread being held up
AVAILABLE = sys.platform.startswith("linux")


def thread_state(tid: int) -> str:
    """The scheduler's one-letter state of thread ``tid`` of this process (R, S, D, ...)."""
    with open(f"/proc/self/task/{tid}/stat", "rb") as fh:
        stat = fh.read()
    return stat[stat.rindex(b")") + 2:][:1].decode()  # the name in parentheses may hold spaces


class Watchdog:
    """Samples the state of the calling thread (or ``tid``) from a daemon thread until stop()."""

    def __init__(self, tid: int | None = None, every: float = SAMPLE_S) -> None:
        if not AVAILABLE:
            raise RuntimeError("the GUI-thread watchdog reads /proc (Linux only)")
        self.tid = tid if tid is not None else threading.get_native_id()
        self.every = every
        self.samples: list[tuple[float, str]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="gui-watchdog", daemon=True)

    def start(self) -> Watchdog:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(2)

    def _run(self) -> None:
        while not self._stop.is_set():
            self.samples.append((time.perf_counter(), thread_state(self.tid)))
            time.sleep(self.every)

    def blocked(self, t0: float, t1: float) -> float:
        """Seconds within [t0, t1] that the thread spent blocked (S or D), by the samples."""
        return blocked_between(self.samples, t0, t1)


def blocked_between(samples: list[tuple[float, str]], t0: float, t1: float) -> float:
    total = 0.0
    for (a, state), (b, _next) in itertools.pairwise(samples):
        if state in "SD" and b > t0 and a < t1:
            total += min(b, t1) - max(a, t0)
    return total


def counted_gap_ms(w0: float, c0: float, w1: float, c1: float, period_ms: float,
                   samples: list[tuple[float, str]] | None) -> float:
    """Milliseconds beyond the period that the interval between ticks (wall s, process CPU s) held the
    GUI thread up: CPU time plus blocked time after the tick was due, never more than the wall time."""
    blocked = blocked_between(samples, w0 + period_ms / 1000 + BLOCK_SLACK_S, w1) if samples else 0.0
    return max(0.0, min(w1 - w0, (c1 - c0) + blocked) * 1000 - period_ms)


def thread_gap_ms(w0: float, t0: float, w1: float, t1: float, period_ms: float,
                  samples: list[tuple[float, str]] | None) -> float:
    """As ``counted_gap_ms``, but with the GUI thread's own CPU seconds (``time.thread_time()`` read in its
    ticks) instead of the whole process's: the GUI thread's work plus the time it sat blocked after its
    tick was due (waiting for the GIL is a blocked wait). On a machine with more runnable threads than
    CPUs, a worker's CPU time while the GUI thread was merely runnable (R, waiting for a CPU it would have
    on an idle machine) does not count; on an idle machine the two measures agree."""
    blocked = blocked_between(samples, w0 + period_ms / 1000 + BLOCK_SLACK_S, w1) if samples else 0.0
    return max(0.0, min(w1 - w0, (t1 - t0) + blocked) * 1000 - period_ms)


class RunDelay:
    """The time a thread of this process has spent runnable but waiting for a CPU, from the scheduler's
    own count (/proc/self/task/<tid>/schedstat, second field, nanoseconds): read it in each tick and an
    interval's wall time less its growth is the time the thread was held up on an idle machine. Unlike the
    watchdog's samples this needs no Python thread to run, so a stretch in which something else holds the
    GIL in one piece (a full garbage collection, a C call that keeps it) counts in full: the watchdog
    cannot sample then either, and its last sample before it decides whether the stretch counts."""

    def __init__(self, tid: int | None = None) -> None:
        import os
        tid = tid if tid is not None else threading.get_native_id()
        self._fd = os.open(f"/proc/self/task/{tid}/schedstat", os.O_RDONLY)
        self._pread = os.pread

    def seconds(self) -> float:
        return int(self._pread(self._fd, 96, 0).split()[1]) / 1e9

    def close(self) -> None:
        import os
        os.close(self._fd)


def available_run_delay() -> bool:
    """Whether this kernel keeps per-thread scheduler statistics (CONFIG_SCHED_INFO)."""
    try:
        RunDelay().close()
    except (OSError, IndexError, ValueError):
        return False
    return True


def waited_gap_ms(w0: float, d0: float, w1: float, d1: float, period_ms: float) -> float:
    """Milliseconds beyond the period that an interval between ticks (wall s, run delay s at each) held
    the thread up: its wall time less the time it waited for a CPU."""
    return max(0.0, (w1 - w0) - (d1 - d0)) * 1000 - period_ms if w1 > w0 else 0.0
