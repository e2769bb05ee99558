"""Background work for the GUI: worker threads, and the one queued signal that brings results back.

Every callback that starts on a worker thread reaches the GUI thread through ``MainThreadBridge.post``
and nowhere else, so no widget is ever touched from a worker (STYLE 2). Runs are tagged with the
document revision they were started for; whoever receives their events drops them when it is stale.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, Signal, Slot

from litlens.app.core.heap import kept_for_good

if TYPE_CHECKING:
    from litlens.app.run.annotations import Annotation, SpanKey
    from litlens.app.run.engine import Progress, RunSummary
    from litlens.app.core.model import Judgment, Project
    from litlens.app.judges.payloads import Payload
    from litlens.app.run.service import BackgroundRun, RunRequest

log = logging.getLogger(__name__)


class ThreadStarter:
    """Starts threads for the GUI thread without its waiting for them.

    ``Thread.start()`` returns only once the new thread has run far enough to say it started, which needs
    the GIL: while workers hold it (imports, a run's first store work) the GUI thread sat in ``start()``
    for tens of milliseconds (a 93 ms gap when a run started, bench/first_run_latency.py --stacks). Here
    the GUI thread only puts the thread on a queue; this class's own thread, started once while the
    window is being built, does the waiting."""

    def __init__(self) -> None:
        import queue
        self._queue: queue.SimpleQueue[tuple[threading.Thread, threading.Event]] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def ready(self) -> None:
        """Start the starter's own thread now (once), at a moment when waiting for it costs nothing."""
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._serve, name="litlens-thread-starter", daemon=True)
                self._thread.start()

    def start(self, thread: threading.Thread) -> threading.Event:
        """Have ``thread`` started; the event is set once it has (or once starting it failed)."""
        self.ready()
        launched = threading.Event()
        self._queue.put((thread, launched))
        return launched

    def _serve(self) -> None:
        while True:
            thread, launched = self._queue.get()
            try:
                thread.start()
            except RuntimeError:  # the interpreter is shutting down: nothing more will run
                log.warning("could not start %s", thread.name, exc_info=True)
            finally:
                launched.set()


STARTER = ThreadStarter()


class MainThreadBridge(QObject):
    """Runs callables on the thread this object lives on (the GUI thread). Safe to call from any thread."""

    _call = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._closed = False
        self._call.connect(self._run, Qt.ConnectionType.QueuedConnection)

    def post(self, fn: Callable[[], None]) -> None:
        if self._closed:
            return
        try:
            self._call.emit(fn)
        except RuntimeError:  # the window went away while a worker was finishing: nothing to show
            self._closed = True

    def close(self) -> None:
        self._closed = True

    @Slot(object)
    def _run(self, fn: Callable[[], None]) -> None:
        if self._closed:
            return
        try:
            fn()
        except Exception:  # one broken handler must not take the event loop down
            log.exception("GUI callback failed")


HOLD_S = 0.25  # how long background work waits once the window starts showing a project or results
HOLD_CAP_S = 1.0  # the longest one job waits, however many holds follow one another


class Quiet:
    """Lets the GUI thread keep background Python work waiting while it lays out something big.

    Showing a project or a run's results is 30-100 ms of the GUI thread's Python (the texts' rows, the
    findings list, the badges, the first paint). The jobs those same events start (the store's fix
    checks, the undo stack, the speaker corrections, the revision note), a run's first imports and the
    SDK warm-up each open the store or import modules meanwhile, holding the GIL in 5 ms slices: the
    GUI thread's work then took twice as long or more, one gap over 50 ms in several first runs
    (bench/first_run_latency.py --stacks). ``hold`` starts such a moment; a job that ``wait``s at its
    start sleeps (GIL released) until the moment is over, or HOLD_CAP_S at most, so nothing starves
    when holds follow one another."""

    def __init__(self, hold_s: float = HOLD_S, cap_s: float = HOLD_CAP_S) -> None:
        self.hold_s, self.cap_s = hold_s, cap_s
        self._cond = threading.Condition()
        self._until = 0.0  # monotonic time at which the current hold ends
        self._released = False
        self.waited = 0  # jobs that found a hold on and waited (for tests and benches)

    def hold(self, seconds: float | None = None) -> None:
        """From now until ``seconds`` (HOLD_S) from now, jobs that start wait; extends a hold that is on."""
        with self._cond:
            self._until = max(self._until, time.monotonic() + (self.hold_s if seconds is None else seconds))

    def held(self) -> bool:
        with self._cond:
            return not self._released and time.monotonic() < self._until

    def quiet_for(self) -> float:
        """Seconds since the last hold ended (infinite when there was none; 0 while one is on)."""
        with self._cond:
            if self._until == 0.0:
                return float("inf")
            return max(0.0, time.monotonic() - self._until)

    def release(self) -> None:
        """End every hold for good (the window is closing): waiting jobs go on at once."""
        with self._cond:
            self._released = True
            self._cond.notify_all()

    def wait(self) -> float:
        """On a worker: return once no hold is on (or after ``cap_s``); the seconds waited."""
        began = time.monotonic()
        deadline = began + self.cap_s
        with self._cond:
            counted = False
            while not self._released:
                now = time.monotonic()
                end = min(self._until, deadline)
                if now >= end:
                    break
                if not counted:
                    self.waited += 1
                    counted = True
                self._cond.wait(end - now)
        return time.monotonic() - began


def _meet(gate: threading.Barrier) -> None:
    try:
        gate.wait(timeout=5)
    except threading.BrokenBarrierError:  # a slow start: the pool still has its threads, or makes them
        pass


class TaskRunner:
    """Runs short jobs (reading files, loading results, estimates) on a small pool of worker threads."""

    def __init__(self, bridge: MainThreadBridge, workers: int = 2, quiet: Quiet | None = None) -> None:
        self.bridge = bridge
        self.quiet = quiet or Quiet()
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="litlens-ui")
        self._closed = False
        # the workers start now, while the window is being built: a pool starts a thread on a submit and
        # waits for it to run, which cost the first jobs after the window's first frame 5-9 ms of the GUI
        # thread each (bench/first_run_latency.py); each start-up job waits until all have their thread
        gate = threading.Barrier(workers)
        for _ in range(workers):
            self._pool.submit(_meet, gate)

    def submit(self, fn: Callable[[], Any], on_success: Callable[[Any], None],
               on_failure: Callable[[BaseException], None], *, urgent: bool = False) -> Future | None:
        """Run ``fn`` on a worker; its outcome reaches one of the callbacks on the GUI thread.

        While the window holds background work (``quiet``), ``fn`` starts when the hold ends, unless it is
        ``urgent``: part of what is being shown (rows, the findings listing), wanted as soon as can be.
        Returns None (and runs nothing) once the runner has been shut down.
        """
        if self._closed:
            return None
        def deliver(fut: Future) -> None:
            if fut.cancelled():  # the window is closing: nobody is waiting for it
                return
            exc = fut.exception()
            if exc is not None:
                self.bridge.post(lambda: on_failure(exc))
            else:
                value = fut.result()
                self.bridge.post(lambda: on_success(value))

        fut = self._pool.submit(fn) if urgent else self._pool.submit(self._when_quiet, fn)
        fut.add_done_callback(deliver)
        return fut

    def _when_quiet(self, fn: Callable[[], Any]) -> Any:
        self.quiet.wait()
        return fn()

    def shutdown(self) -> None:
        self._closed = True
        self.quiet.release()
        self._pool.shutdown(wait=False, cancel_futures=True)


@dataclass
class RunOutcome:
    """What a finished run hands to the GUI: its summary or error, and every result its project has."""

    summary: RunSummary | None
    error: BaseException | None
    judgments: list[Judgment]
    review: Review | None = None
    skipped: dict[str, str] = dataclasses.field(default_factory=dict)  # judge id -> why it did not run
    summaries: dict[str, list[Payload]] | None = None  # the judges' payloads of ``judgments``, if made


@dataclass
class Review:
    """The human side of a project as stored: its id, the reviewer's decisions, the judges' span ids
    (so a decision can be matched to the span it is about) and the project's run history."""

    project_id: int | None = None
    annotations: list[Annotation] = dataclasses.field(default_factory=list)
    span_ids: dict[SpanKey, int] = dataclasses.field(default_factory=dict)
    runs: list[dict[str, Any]] = dataclasses.field(default_factory=list)


def project_results(db_path: str | Path, request: RunRequest) -> list[Judgment]:
    """Latest result per unit for the request's project (read on a worker, with its own connection)."""
    return load_project_state(db_path, request.project)[0]


def load_project_state(db_path: str | Path, project: Project) -> tuple[list[Judgment], Review]:
    """Everything stored for ``project``: results, review decisions, span ids and runs (on a worker).

    Saving finds the project's id (and stores a new project); the store takes the write lock up front,
    so this waits for a running judge's commit instead of failing.
    """
    from litlens.app.run import annotations, revisions
    from litlens.app.run.store import Store
    store = Store(db_path)
    try:
        pid = store.save_project(project)
        # results and decisions placed on the texts as they are now (an edit moves or outdates them)
        judgments = latest_per_unit(revisions.current_judgments(store, pid, project))
        review = Review(pid, revisions.current_annotations(store, pid, project),
                        annotations.span_ids(store, pid), store.list_runs(pid))
        return judgments, review
    finally:
        store.close()


def summarize_here(judgments: list[Judgment]) -> dict[str, list[Payload]] | None:
    """The judges' payloads of ``judgments``, made on this (worker) thread; None if a judge's summary
    fails, and the views then make them themselves (and show what fails where it fails)."""
    from litlens.app.judges.summaries import summarize_all
    from litlens.ui.common.levels import prepare_badges
    try:
        summaries = summarize_all(judgments)
        prepare_badges(summaries)  # the pair view's speech-level badges, made here too
        return summaries
    except Exception:  # noqa: BLE001 - a plug-in's summary may raise anything; the GUI path reports it
        log.warning("summarising %d results on a worker failed", len(judgments), exc_info=True)
        return None


def latest_per_unit(judgments: list[Judgment]) -> list[Judgment]:
    # results_for_project lists oldest first; a unit re-run with another model keeps only its newest result
    latest: dict[tuple[str, str, str | None], Judgment] = {}
    for j in judgments:
        latest[(j.judge, j.unit, j.candidate)] = j
    return list(latest.values())


class RunTask(QObject):
    """One judge run on its own thread, tagged with the document revision it was planned from.

    The request is built on that thread (``make_request``): building it may import provider SDKs, and
    the GUI thread must not wait for that.
    """

    progressed = Signal(object)  # Progress snapshot
    finished = Signal(object)  # RunOutcome

    def __init__(self, make_request: Callable[[], RunRequest], project: Project, db_path: str | Path,
                 revision: int, ticket: int, bridge: MainThreadBridge, parent: QObject | None = None, *,
                 after: Future | None = None, quiet: Quiet | None = None) -> None:
        super().__init__(parent)
        self.quiet = quiet  # the window's holds: the run's first imports and store work wait for them
        self.after = after  # store work of the GUI's own that must finish first (one writer at a time)
        self.make_request = make_request
        self.project = project
        self.db_path = db_path
        self.revision = revision
        self.ticket = ticket  # orders result deliveries within one revision (newest wins)
        self.bridge = bridge
        self.done = False
        self.skipped: dict[str, str] = {}
        self._cancelled = threading.Event()
        self._run: BackgroundRun | None = None
        self._prelude = threading.Thread(target=self._prepare_then_run, name="litlens-run-start",
                                         daemon=True)
        self._launched: threading.Event | None = None

    def start(self) -> RunTask:
        self._launched = STARTER.start(self._prelude)  # the GUI thread does not wait for the thread to start
        return self

    def cancel(self) -> None:
        self._cancelled.set()
        if self._run is not None:
            self._run.cancel()

    def join(self, timeout: float | None = None) -> bool:
        if self._launched is not None and not self._launched.wait(timeout):
            return False
        if not self._prelude.is_alive() and self._prelude.ident is None:
            return True  # never started (the interpreter was shutting down)
        self._prelude.join(timeout)
        if self._prelude.is_alive():
            return False
        return self._run.join(timeout) if self._run is not None else True

    # ---- worker thread ------------------------------------------------------------------------
    def _prepare_then_run(self) -> None:
        if self.quiet is not None:
            self.quiet.wait()
        if self.after is not None:
            try:
                self.after.result()
            except BaseException:  # that job reports its own failure; this run goes ahead regardless
                pass
        try:
            request = self.make_request()
        except Exception as exc:  # e.g. an unknown provider: reported like any run failure
            self._done_on_worker(None, exc)
            return
        self.skipped = dict(request.skipped)
        from litlens.app.run.service import BackgroundRun  # on this thread: asyncio and the engine load here
        run = BackgroundRun(request, self.db_path, on_progress=self._progress_on_worker,
                            on_done=self._done_on_worker)
        if self._cancelled.is_set():
            run.cancel()  # cancelled while the request was being built: the engine stops at once
        self._run = run
        run.start()

    def _progress_on_worker(self, progress: Progress) -> None:
        snapshot = dataclasses.replace(progress)  # the engine keeps mutating its own object
        self.bridge.post(lambda: self.progressed.emit(snapshot))

    def _done_on_worker(self, summary: RunSummary | None, error: BaseException | None) -> None:
        judgments: list[Judgment] = []
        review: Review | None = None
        summaries = None
        if summary is not None:
            # the results the window keeps, read back and summarised with the collector paused, then frozen
            # (app.core.heap): a book's took full collections on this thread while the GUI waited for the GIL
            with kept_for_good():
                try:
                    judgments, review = load_project_state(self.db_path, self.project)
                except Exception as exc:  # the run itself is stored; say why it cannot be shown
                    error = exc
                summaries = summarize_here(judgments)
        outcome = RunOutcome(summary, error, judgments, review, self.skipped, summaries)

        def deliver() -> None:
            self.done = True
            self.finished.emit(outcome)
        self.bridge.post(deliver)
