"""Where the offline analysers' heavy work runs: a worker thread by default, a child process for the window.

Why a process: Kiwi (kiwipiepy) holds the GIL for its whole model load (about 4 s on first use) and for
every analysis call, so running it on a worker thread still freezes a GUI thread in the same process.
The window therefore asks for a child process (``use_processes``); the CLI, batch jobs and tests keep
the in-process thread, where a frozen event loop costs nothing and monkeypatching still reaches the code.

One worker, started on first use and kept for the life of the process: Kiwi then loads once, and the
analysers serialise on one Kiwi object anyway. The functions sent must be module-level and their
arguments and results picklable (the analysers take and return plain dataclasses).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from litlens.app.core import pickle_chunks

log = logging.getLogger(__name__)
T = TypeVar("T")

_lock = threading.Lock()
_users = 0  # windows (or other callers) that asked for a child process and have not let go
_pool: ProcessPoolExecutor | None = None


def use_processes(enabled: bool) -> None:
    """Ask for (True) or let go of (False) the child process. Counted, so two windows can share it; the
    child itself stays up once started (a later window would pay the Kiwi load again)."""
    global _users
    with _lock:
        _users = max(0, _users + (1 if enabled else -1))


def _executor() -> ProcessPoolExecutor | None:
    global _pool
    with _lock:
        if _users == 0:
            return None
        if _pool is None:
            # spawn, not fork: the parent has Qt and other threads running, which fork does not copy safely
            _pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_background)
        return _pool


def start() -> Future[int] | None:
    """Start the child now, if one was asked for: the window calls this once it has first painted, so the
    spawn and the child's start-up are over before a first project is opened and painted, without
    delaying the window's first frame. The future answers the child's pid."""
    return _submit(os.getpid, (), packed=False)


CHILD_NICENESS = 19  # the lowest priority: the child's work waits whenever a window thread wants a CPU


def _background() -> None:
    """In the child: yield the CPU to the window. Kiwi loads and analyses with every core it can get, and
    on a small machine the window's threads would otherwise wait for the scheduler. Not only the GUI
    thread: a scheduler trace of one 100 ms freeze showed the GUI thread waiting for the GIL's mutex, held
    by a window worker that was handing the GIL over and waited, in glibc's condition variable, for another
    window thread to be given a CPU, while the child had one. At niceness 10 the first sample run froze
    the window for over 50 ms in 7 of 18 runs on two cores (up to 134 ms); at 19 in none of 18 (at most
    43 ms), the run done in 6.3 s median against 5.8 (bench/first_run_latency.py --first-only, the two
    interleaved, load 1-2.5).
    And leave when the parent is gone (killed, or left by ``os._exit``): the child holds a copy of its
    own task pipe, so it would never see the end of it, and would keep Kiwi's model in memory for ever."""
    try:
        os.nice(CHILD_NICENESS - os.nice(0))
    except (AttributeError, OSError):  # no nice() on Windows; a refused one only costs smoothness
        pass
    threading.Thread(target=_leave_with, args=(os.getppid(),), daemon=True, name="litlens-parent-watch").start()


def _leave_with(parent: int, every: float = 0.5) -> None:
    """Exit this (child) process once it is no longer ``parent``'s: an orphan is re-parented on POSIX."""
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(0)


def _drop(pool: ProcessPoolExecutor) -> None:
    global _pool
    with _lock:
        if _pool is pool:
            _pool = None
    pool.shutdown(wait=False, cancel_futures=True)


async def run(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` off the event loop: in the child process when one was asked for, else a thread.

    If the child cannot start or dies (killed, out of memory), this call falls back to a thread and the
    next one starts a fresh child: a result late by a freeze beats a failed unit."""
    import asyncio  # a coroutine runs in an event loop, so asyncio is loaded; the window's start does not need it
    future = _submit(fn, args)
    if future is not None:
        try:
            answer = await asyncio.wrap_future(future)
        except (BrokenProcessPool, OSError) as exc:
            _fallback(future.pool, fn, exc)  # type: ignore[attr-defined]
        else:
            return _answer(answer)
    return await asyncio.to_thread(fn, *args)


def _submit(fn: Callable[..., Any], args: tuple[Any, ...], packed: bool = True) -> Future[Any] | None:
    """The child's future for ``fn(*args)``, or None to run it here (no child asked for, or it cannot take
    work: a spawn that failed, a pool already shut down). Errors raised BY ``fn`` are not caught here, so a
    failing analysis is never run twice. ``packed``: the future answers ``in_child``'s bytes (give them to
    ``_answer``); else ``fn``'s own value, pickled the pool's way (small values only)."""
    pool = _executor()
    if pool is None:
        return None
    try:
        # the arguments cross pickled here, frame by frame, and the answer comes back as bytes read
        # frame by frame (_answer): one pickle of a whole project or report held the GIL for 20-280 ms
        sent = pool.submit(in_child, fn, _parcel(pickle_chunks.dumps(args), spool()), spool()) if packed \
            else pool.submit(fn, *args)
    except (BrokenProcessPool, OSError, RuntimeError) as exc:  # RuntimeError: a pool already shut down
        _fallback(pool, fn, exc)
        return None
    sent.pool = pool  # type: ignore[attr-defined]
    return sent


def _fallback(pool: ProcessPoolExecutor, fn: Callable[..., Any], exc: BaseException) -> None:
    log.warning("analyser process unavailable (%s); running %s in this process", exc,
                getattr(fn, "__name__", fn))
    _drop(pool)


def call(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` from synchronous code on a worker thread (planning, estimates): in the child process
    when one was asked for, so a Kiwi load or analysis there never holds this process's GIL; else here.

    The calling thread waits for the answer, so never call this on the GUI thread."""
    future = _submit(fn, args)
    if future is not None:
        try:
            answer = future.result()
        except (BrokenProcessPool, OSError) as exc:
            _fallback(future.pool, fn, exc)  # type: ignore[attr-defined]
        else:
            return _answer(answer)
    return fn(*args)


def shutdown() -> None:
    """Stop the child, if any (tests; the interpreter also stops it at exit)."""
    with _lock:
        pool = _pool
    if pool is not None:
        _drop(pool)


def stop(timeout: float = 5.0) -> None:
    """Stop the child and wait for it (at most ``timeout`` s, then terminate): for a process that leaves by
    ``os._exit`` (benches, test subprocesses), where the interpreter's own clean-up would not run and the
    child would live on as an orphan."""
    shutdown()
    for child in multiprocessing.active_children():
        child.join(timeout=timeout)
        if child.is_alive():
            child.terminate()
    with _lock:
        folder = _spool.pop() if _spool else None
    if folder is not None:  # the exit handler that would remove it does not run after os._exit
        import shutil
        shutil.rmtree(folder, ignore_errors=True)


def in_child(fn: Callable[..., Any], args: bytes | str, folder: str | None = None) -> bytes | str:
    """In the child: ``fn`` on the arguments pickled by ``_submit``, its answer pickled into bytes. Bytes
    cross as one buffer (the pool's own unpickling of them is a copy, not a rebuild), a large answer
    through a file in ``folder`` (``_parcel``), and the caller rebuilds it frame by frame (``_answer``),
    letting the GUI thread run in between. What ``fn`` raises is raised to the caller as before."""
    return _parcel(pickle_chunks.dumps(fn(*pickle_chunks.loads(_unparcel(args)))), folder)


def _answer(answer: bytes | str) -> Any:
    """The value the child answered, rebuilt from its bytes on the calling thread, frame by frame."""
    return pickle_chunks.loads(_unparcel(answer))


INLINE = 256 * 1024  # bytes: a larger pickle crosses through a file, not through the pool's pipe
_spool: list[str] = []  # the folder of those files, made on first use, removed at exit


def spool() -> str:
    """This process's folder for the files large arguments and answers cross through."""
    with _lock:
        if not _spool:
            import atexit
            import shutil
            import tempfile
            _spool.append(tempfile.mkdtemp(prefix="litlens-offload-"))
            atexit.register(shutil.rmtree, _spool[0], True)
        return _spool[0]


def _parcel(data: bytes, folder: str | None) -> bytes | str:
    """``data`` itself when small, else the path of a file in ``folder`` holding it. The pool's pipe sends a
    large message by writing what the pipe takes and copying the rest for the next write: with the child
    reading slowly (it runs at a lower priority) a project's 5 MB went over as hundreds of copies of what
    was left, each holding the GIL, and the window waited 180-210 ms at a run's start. A file is written
    and read in one call each, with the GIL let go."""
    if len(data) <= INLINE or folder is None:
        return data
    fd, path = tempfile_in(folder)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    return path


def tempfile_in(folder: str) -> tuple[int, str]:
    import tempfile
    return tempfile.mkstemp(prefix="pickle-", dir=folder)


def _unparcel(parcel: bytes | str) -> bytes:
    """The bytes ``_parcel`` made: read from its file (then removed) when it made one."""
    if not isinstance(parcel, str):
        return parcel
    try:
        with open(parcel, "rb") as fh:
            return fh.read()
    finally:
        try:
            os.unlink(parcel)
        except OSError:  # already gone: nothing to tidy
            pass
