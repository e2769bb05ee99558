"""The first-run bench's gap sampler (bench/first_run_latency.py --stacks) reads other threads' stacks from
their frame objects alone, into plain tuples: no linecache (file I/O that lets the sampled threads run on
while their frames are being walked; the bench crashed twice in Header.paintEvent that way)."""

from __future__ import annotations

import linecache
import threading
import time

import pytest
from bench_scripts import load_bench


def _bench():
    return load_bench("first_run_latency")


def _busy_somewhere(stop: threading.Event) -> None:
    while not stop.is_set():
        sum(range(1000))


def test_stacks_are_plain_tuples_read_without_linecache(monkeypatch):
    bench = _bench()
    stop = threading.Event()
    busy = threading.Thread(target=_busy_somewhere, args=(stop,), name="busy")
    busy.start()

    def no_source(*_a, **_k):
        raise AssertionError("the sampler read source lines")

    monkeypatch.setattr(linecache, "getline", no_source)
    monkeypatch.setattr(linecache, "checkcache", no_source)
    got: dict = {}
    sampler = threading.Thread(target=lambda: got.update(bench._stacks_now(threading.get_ident())))
    try:
        time.sleep(0.05)
        sampler.start()
        sampler.join(5)
    finally:
        stop.set()
        busy.join(5)
    stack = got[busy.ident]
    assert all(type(f) is tuple and len(f) == 3 for stacks in got.values() for f in stacks)
    assert stack[-1][2] in ("_busy_somewhere",) and stack[0][2] == "_bootstrap"
    assert "_busy_somewhere" in bench._short(stack) and "_busy_somewhere" in bench._deep(stack)
    assert threading.get_ident() in got and sampler.ident not in got  # every thread but the sampler's
    with pytest.raises(AssertionError):
        linecache.getline("x", 1)
