"""Loading what lives as long as the process without the garbage collector walking it ever after.

A provider SDK or the parsers are hundreds of thousands of objects that are never freed. Every full
(generation 2) collection walks all of them while holding the GIL: 50-350 ms each, landing in the
middle of a run, where a window's GUI thread waits for it. ``gc.freeze`` moves what exists to a
permanent generation that collections skip.

The same holds for what a worker builds for the window to keep: a book's results read back after a run
(hundreds of thousands of dicts, lists and dataclasses), their summaries, the pair view's rows, the
findings listing. Built with automatic collection running, they started full collections on the worker
as they grew (each a walk of everything not frozen yet, 75 ms and more in one piece holding the GIL,
and nothing to free: bench/first_run_latency.py --book --gc), and the next full collection walked them
again wherever it landed. So such builders run inside ``kept_for_good`` too: no collection while they
build, then everything that exists frozen.

Several threads may be inside at once (the warm-up's imports, a run's re-read, a listing): collection is
paused from the first entry and resumed when the last one leaves, and each leaving freezes what exists,
which is cheap (the collector's lists are spliced, nothing is walked). Frozen objects are still freed by
reference counting when nothing refers to them; only a reference cycle among them waits for the process
to end, the price of never walking them.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_inside = 0  # threads (or nested bodies) inside kept_for_good or collection_paused now
_resume = False  # whether automatic collection was on when the first of them entered


@contextmanager
def kept_for_good() -> Iterator[None]:
    """Automatic collection paused while the body runs (a big import or a book's results allocate enough
    to start several full collections of their half-built objects on the way), then everything that
    exists frozen. No collection before the freeze: the little garbage the body leaves is frozen with
    the rest (reference counting still frees it; a cycle among it stays). Safe to enter from several
    threads at once: collection resumes only when the last body is done."""
    _enter()
    try:
        yield
    finally:
        _leave(freeze=True)


@contextmanager
def collection_paused() -> Iterator[None]:
    """Automatic collection paused while the body runs, nothing frozen after: for a worker that builds
    many objects it lets go of when done (planning an estimate: units, prompts and requests, about 130,000
    objects for three LLM judges on 360 paragraphs). Collected as they grew, they started full collections
    on the worker, each a walk of everything not frozen holding the GIL (190-380 ms in the window:
    bench/first_run_latency.py --gc). What the body drops is freed by reference counting on the way;
    the few reference cycles it leaves (about 10 objects a paragraph) wait for the next young collection
    after it. Shares kept_for_good's count: collection resumes when the last body of either kind is done."""
    _enter()
    try:
        yield
    finally:
        _leave(freeze=False)


def _enter() -> None:
    global _inside, _resume
    with _lock:
        if _inside == 0:
            _resume = gc.isenabled()
            gc.disable()
        _inside += 1


def _leave(freeze: bool) -> None:
    global _inside
    with _lock:
        if freeze:
            gc.freeze()
        _inside -= 1
        if _inside == 0 and _resume:
            gc.enable()


def paused() -> bool:
    """Whether some thread is inside ``kept_for_good`` now (automatic collection is off for it)."""
    return _inside > 0
