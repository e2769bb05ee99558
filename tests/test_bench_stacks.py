"""The first-run bench's stack sampler (bench/first_run_latency.py --stacks) reads other threads' stacks
without walking their frame objects: that walk crashed the bench now and then on Python 3.11."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import first_run_latency as bench  # noqa: E402


def parked_in_a_known_place(ready: threading.Event, leave: threading.Event) -> None:
    ready.set()
    leave.wait(10)


def test_another_threads_stack_is_read_outermost_first_and_the_callers_is_left_out():
    ready, leave = threading.Event(), threading.Event()
    t = threading.Thread(target=parked_in_a_known_place, args=(ready, leave), name="parked")
    t.start()
    try:
        ready.wait(5)
        time.sleep(0.02)
        stacks = bench._stacks_now(threading.get_ident())
    finally:
        leave.set()
        t.join(5)
    assert threading.get_ident() not in stacks
    names = [name for _file, _line, name in stacks[t.ident]]
    assert names[0] == "_bootstrap" and names.index("parked_in_a_known_place") < names.index("wait")
    file, line, _ = next(f for f in stacks[t.ident] if f[2] == "parked_in_a_known_place")
    assert file == __file__ and line == parked_in_a_known_place.__code__.co_firstlineno + 2


def test_faulthandlers_text_is_parsed_per_thread():
    text = ('Thread 0x00007f72f5ffb6c0 (most recent call first):\n'
            '  File "/a/queues.py", line 231 in _feed\n'
            '  File "/a/threading.py", line 982 in run\n'
            '\n'
            'Current thread 0x00007f7312a26b80 (most recent call first):\n'
            '  File "/w/paint.py", line 178 in paintEvent\n'
            '  File "/w/bench.py", line 420 in pump_until\n'
            '  ...\n')
    assert bench._parse_dump(text) == {
        0x7f72f5ffb6c0: [("/a/threading.py", 982, "run"), ("/a/queues.py", 231, "_feed")],
        0x7f7312a26b80: [("/w/bench.py", 420, "pump_until"), ("/w/paint.py", 178, "paintEvent")]}


def _churn(depth: int, stop: threading.Event) -> None:
    while not stop.is_set():
        if depth:
            _churn(depth - 1, stop)
            return
        sum(range(50))


def test_sampling_threads_that_enter_and_leave_frames_all_the_time():
    # the old frame walk crashed the process in such a race; every sample here must read whole stacks
    stop = threading.Event()
    workers = [threading.Thread(target=_churn, args=(d, stop)) for d in (3, 7, 12)]
    for w in workers:
        w.start()
    try:
        end, samples = time.monotonic() + 20.0, 0  # each sample waits for the GIL behind three busy threads
        while samples < 40 and time.monotonic() < end:
            stacks = bench._stacks_now(threading.get_ident())
            for w in workers:
                assert stacks[w.ident][0][2] == "_bootstrap"
            samples += 1
    finally:
        stop.set()
        for w in workers:
            w.join(5)
    assert samples == 40
