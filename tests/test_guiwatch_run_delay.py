"""tests/guiwatch.RunDelay: an interval's wall time less the thread's wait for a CPU counts a stretch in
which another thread holds the GIL in one piece (one long C call), which no Python sampler can see."""

from __future__ import annotations

import sys
import threading
import time

import pytest

import guiwatch

pytestmark = pytest.mark.skipif(not (sys.platform.startswith("linux") and guiwatch.available_run_delay()),
                                reason="per-thread scheduler statistics are a Linux /proc feature")


def test_a_stretch_of_another_thread_holding_the_gil_counts():
    numbers = list(range(4_000_000, 0, -1))
    t0 = time.perf_counter()
    sorted(numbers)  # one C call: the GIL is not let go of until it returns
    alone = time.perf_counter() - t0
    delay = guiwatch.RunDelay()
    started = threading.Event()

    def hold() -> None:
        started.set()
        sorted(numbers)
    worker = threading.Thread(target=hold)
    w0, d0 = time.perf_counter(), delay.seconds()
    worker.start()
    started.wait()
    time.sleep(0.001)  # wakes while the worker sorts, then waits (blocked, not runnable) for the GIL
    w1, d1 = time.perf_counter(), delay.seconds()
    worker.join()
    delay.close()
    counted = guiwatch.waited_gap_ms(w0, d0, w1, d1, 0.0)
    # the thread sat blocked for most of the sort; what it waited for a CPU is not counted
    assert counted >= 0.5 * alone * 1000
    assert counted <= (w1 - w0) * 1000


def test_waiting_for_a_cpu_does_not_count():
    # an interval of 100 ms wall time in which the thread waited 60 ms for a CPU held it up 40 ms, less
    # the 10 ms period it sleeps anyway
    assert guiwatch.waited_gap_ms(1.0, 2.0, 1.1, 2.06, 10.0) == pytest.approx(30.0)
    assert guiwatch.waited_gap_ms(1.0, 2.0, 1.0, 2.0, 10.0) == 0.0
