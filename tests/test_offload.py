"""The offline analysers' work runs in a child process only for the window (app.judges.offload)."""

from __future__ import annotations

import asyncio
import os

from litlens.app.judges import offload


def _pid_and_double(n: int) -> tuple[int, int]:
    return os.getpid(), 2 * n


def test_a_thread_unless_asked_then_a_child_process_until_let_go():
    assert asyncio.run(offload.run(_pid_and_double, 4)) == (os.getpid(), 8)  # CLI and tests: in-process
    offload.use_processes(True)
    try:
        pid, value = asyncio.run(offload.run(_pid_and_double, 5))
        assert value == 10 and pid != os.getpid()  # the window: a child, so Kiwi's GIL is not ours
    finally:
        offload.use_processes(False)
    assert asyncio.run(offload.run(_pid_and_double, 6)) == (os.getpid(), 12)
    offload.shutdown()


def test_a_synchronous_call_goes_to_the_child_only_when_asked():
    assert offload.call(_pid_and_double, 2) == (os.getpid(), 4)
    offload.use_processes(True)
    try:
        pid, value = offload.call(_pid_and_double, 3)
        assert value == 6 and pid != os.getpid()
    finally:
        offload.use_processes(False)
    assert offload.call(_pid_and_double, 7) == (os.getpid(), 14)
    offload.shutdown()
