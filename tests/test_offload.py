"""The offline analysers' work runs in a child process only for the window (app.judges.offload)."""

from __future__ import annotations

import asyncio
import os
import sys

import pytest

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


def _niceness() -> int:
    return os.nice(0)


@pytest.mark.skipif(not hasattr(os, "nice"), reason="no process priorities here")
def test_the_child_runs_at_the_lowest_priority_and_this_process_keeps_its_own():
    # the window's threads must get a CPU before the child's Kiwi work whenever they want one: at niceness
    # 10 the first sample run still froze the window for over 50 ms in some runs (app.judges.offload)
    mine = os.nice(0)
    offload.use_processes(True)
    try:
        assert offload.call(_niceness) == max(mine, offload.CHILD_NICENESS) == 19
    finally:
        offload.use_processes(False)
        offload.shutdown()
    assert os.nice(0) == mine


_CALLS = {"here": 0}


def _fails_in_analysis(n: int) -> int:
    _CALLS["here"] += 1  # counts only calls made in THIS process
    raise RuntimeError(f"analysis of {n} failed")


def test_an_analysis_that_raises_is_not_run_again_here(caplog):
    """A RuntimeError raised by the analysis itself is the unit's failure: it must not be mistaken for a
    pool that cannot take work and be repeated on this process's GIL."""
    import pytest
    offload.use_processes(True)
    try:
        with pytest.raises(RuntimeError, match="analysis of 1 failed"):
            asyncio.run(offload.run(_fails_in_analysis, 1))
        with pytest.raises(RuntimeError, match="analysis of 2 failed"):
            offload.call(_fails_in_analysis, 2)
    finally:
        offload.use_processes(False)
        offload.shutdown()
    assert _CALLS["here"] == 0 and "unavailable" not in caplog.text


def test_a_pool_that_was_shut_down_under_us_falls_back_to_this_process():
    offload.use_processes(True)
    try:
        pool = offload._executor()
        assert pool is not None
        pool.shutdown(wait=True)  # e.g. torn down by interpreter exit while a run still plans
        assert offload.call(_pid_and_double, 8) == (os.getpid(), 16)
        pid, value = offload.call(_pid_and_double, 9)  # the next call gets a fresh child
        assert value == 18 and pid != os.getpid()
    finally:
        offload.use_processes(False)
        offload.shutdown()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc; re-parenting is POSIX")
def test_the_child_leaves_when_its_parent_is_gone_without_cleaning_up(tmp_path):
    """A window killed (or a bench leaving by os._exit) must not leave the analyser process behind with
    Kiwi's model in memory: it holds its own copy of its task pipe, so only the parent's absence tells."""
    import subprocess
    import time
    script = ("import os, sys\n"
              "from litlens.app.judges import offload\n"
              "offload.use_processes(True)\n"
              "print(offload.start().result(timeout=60), flush=True)\n"
              "os._exit(0)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)
    child = int(done.stdout.split()[0])
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and _alive(child):
        time.sleep(0.1)
    assert not _alive(child)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:  # a zombie (exited, not yet reaped by init) counts as gone
            return f.read().split()[2] != "Z"
    except FileNotFoundError:
        return False
