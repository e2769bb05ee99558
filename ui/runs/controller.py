"""Starts, cancels and listens to judge runs for the open document, and drops what has gone stale.

A run is tagged with the document revision it was planned from; its progress and results are shown
only while that revision is still the one on screen. Nothing is thrown away in the store: a stale run's
results are there the next time its project is opened.
"""

from __future__ import annotations

import json
import logging
import sys
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer, Signal

from litlens.app.core.heap import kept_for_good
from litlens.app.judges import offload
from litlens.ui.runs.judge_panel import format_estimate
from litlens.ui.runs.plans import SharedEstimates
from litlens.ui.settings.local_model import check_local
from litlens.ui.common.tasks import STARTER, RunTask, load_project_state, summarize_here

if TYPE_CHECKING:
    from collections.abc import Callable

    from litlens.app.llm.factory import ProviderSettings
    from litlens.app.run.engine import Progress
    from litlens.app.core.model import Judgment
    from litlens.app.run.recheck import Recheck
    from litlens.app.run.service import Estimate, RunRequest
    from litlens.ui.common.document import Document
    from litlens.ui.common.tasks import MainThreadBridge, Review, RunOutcome, TaskRunner

log = logging.getLogger(__name__)
SWITCH_INTERVAL = 0.001  # seconds: how long a thread may hold the GIL while another one asks for it


SWITCH_THEN_RESULTS_MS = 25  # a new translation's first frame, then its results
KEYED = ("openai", "anthropic")  # providers that refuse a request without an API key


@dataclass(frozen=True)
class MissingKey:
    """What an estimate found instead of a price: ``provider`` has no API key."""

    provider: str


def has_key(provider: ProviderSettings) -> bool:
    """Whether a run with ``provider`` would find its API key (keyring, session, environment). Reads the
    keyring: call it on a worker thread."""
    if provider.provider not in KEYED or provider.api_key:
        return True
    from litlens.app.llm.base import MissingKeyError
    from litlens.app.llm.keys import get_api_key
    try:
        get_api_key(provider.provider)
    except MissingKeyError:
        return False
    return True


class RunController(QObject):
    started = Signal(list)  # judge ids
    progressed = Signal(object)  # Progress
    finished = Signal(object, object)  # RunSummary | None, BaseException | None
    resultsArriving = Signal(object)  # a finished run's judgments, just before the document shows them
    runningChanged = Signal(bool)
    estimated = Signal(str, bool)  # text, is a problem
    keyMissing = Signal(str)  # the estimate's provider has no API key (its id): Settings can add one
    loadFailed = Signal(str)

    def __init__(self, document: Document, db_path: str | Path, bridge: MainThreadBridge,
                 tasks: TaskRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.db_path = db_path
        self.bridge = bridge
        self.tasks = tasks
        self.active: RunTask | None = None
        self.detached: list[RunTask] = []  # cancelled when their project went away; still finishing
        self.stale_dropped = 0
        self.skipped: dict[str, str] = {}  # judges the last run left out, with why
        self._ticket = 0
        self._estimate_seq = 0
        self.estimates = SharedEstimates()  # one estimate per choice at a time (planned in the analyser process)
        self._loading: Future | None = None  # the last stored-results load; a run waits for it
        document.projectChanged.connect(self._project_changed)
        # Kiwi holds the GIL while it loads and analyses: the offline analysers run in a child process so
        # the window keeps painting (app.judges.offload); released in shutdown()
        offload.use_processes(True)
        self._offloading = True
        STARTER.ready()  # a run's thread is started by it, so the GUI thread never waits for one to start
        # The GIL passes between threads every 5 ms by default: with a run planning, rendering prompts and
        # storing answers on two or three threads, the GUI thread waited several such turns for each call
        # into Python a paint makes (gaps of 0.4-0.9 s in bench/ui_latency.py). A 1 ms interval keeps it
        # to ~0.1 s at worst, for a little throughput.
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
        if parent is not None:
            parent.installEventFilter(self)  # the child starts once the window has painted

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """On the window's first paint, start the analyser process: spawned before the window is on screen
        it delayed the first frame by ~0.1 s; spawned when the first project opens, the spawn and the child's
        start-up competed with that project's first layout and paint (GUI gaps). The spawn itself (pool,
        pipes, locks, its manager thread: 10-16 ms) runs on a worker, not on the GUI thread."""
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self, self._start_analyser)
        return False

    def _start_analyser(self) -> None:
        def failed(exc: BaseException) -> None:  # the first analysis falls back to this process and says so
            log.warning("analyser process did not start: %s", exc)
        self.tasks.submit(offload.start, lambda _pid: None, failed)

    @property
    def running(self) -> bool:
        return self.active is not None

    def _next_ticket(self) -> int:
        self._ticket += 1
        return self._ticket

    # ---- runs ---------------------------------------------------------------------------------
    def start(self, make_request: Callable[[], RunRequest], judges: list[str]) -> RunTask | None:
        """Start a run; ``make_request`` builds its RunRequest on the run's own thread."""
        project = self.document.project
        if self.active is not None or project is None:
            return None
        # the load may have to save a new project: let it finish so only one connection writes at a time
        after = self._loading if self._loading is not None and not self._loading.done() else None
        task = RunTask(make_request, project, self.db_path, self.document.revision, self._next_ticket(),
                       self.bridge, parent=self, after=after, quiet=self.tasks.quiet)
        task.progressed.connect(lambda p, t=task: self._on_progress(t, p))
        task.finished.connect(lambda o, t=task: self._on_finished(t, o))
        self.active = task
        self.started.emit(list(judges))
        self.runningChanged.emit(True)
        return task.start()

    def resume(self, run_id: int, budget: float | None | object = ...) -> RunTask | None:
        """Run a stored run of the open project again (after it was interrupted, cancelled or stopped),
        through the same background path as any run; its finished units are reused from the store.
        ``budget`` (None: no limit) replaces the run's own cap, which counts what it spent before: the
        window resumes under the judge panel's budget, so a run stopped at its budget goes on when the
        panel allows more. Left out, the run keeps its cap."""
        run = next((r for r in self.document.runs if r["id"] == run_id), None)
        if run is None:
            return None
        judges = json.loads(run["judges"] or "[]")
        project = self.document.project

        def make_request() -> RunRequest:
            from litlens.app.run.service import resume_request
            from litlens.app.run.store import Store
            store = Store(self.db_path)
            try:
                request = resume_request(store, run_id, project)
            finally:
                store.close()
            if budget is not ...:
                request.budget = budget  # type: ignore[assignment]
            return request
        return self.start(make_request, judges)

    def cancel(self) -> None:
        if self.active is not None:
            self.active.cancel()

    def _is_current(self, task: RunTask) -> bool:
        return task is self.active and task.revision == self.document.revision

    def _on_progress(self, task: RunTask, progress: Progress) -> None:
        if not self._is_current(task):
            self.stale_dropped += 1
            return
        self.progressed.emit(progress)

    def _on_finished(self, task: RunTask, outcome: RunOutcome) -> None:
        if task in self.detached:
            self.detached.remove(task)
        if not self._is_current(task):
            self.stale_dropped += 1
            task.deleteLater()
            return
        self.active = None
        self.skipped = outcome.skipped
        # from here until the results are laid out, background work waits, what their landing starts too
        # (the window may first turn to another translation, SWITCH_THEN_RESULTS_MS before they land: no
        # longer running, the window's warm-up had started its SDK import in that moment, a 69 ms gap)
        self.tasks.quiet.hold()
        shown = self.document.candidate_label
        if outcome.summary is not None:
            self.resultsArriving.emit(outcome.judgments)  # e.g. the window picks the candidate to show

        def land() -> None:
            if outcome.summary is not None:
                self.document.set_results(task.revision, task.ticket, outcome.judgments, outcome.summaries)
            if outcome.review is not None:
                review = outcome.review  # one turn of the event loop later: two big refreshes, not one
                QTimer.singleShot(0, self, lambda: self.document.set_review(task.revision, review))
            self.runningChanged.emit(False)
            self.finished.emit(outcome.summary, outcome.error)
            task.deleteLater()

        if self.document.candidate_label != shown:
            # the window turned to another translation: its text is laid out and painted first, and the
            # results land a frame later (in one go the two took 50-70 ms of the GUI thread after a first run)
            QTimer.singleShot(SWITCH_THEN_RESULTS_MS, self, land)
        else:
            land()

    def _project_changed(self) -> None:
        # the window then either starts a run (whose outcome carries every stored result) or loads them
        if self.active is not None:
            # its results are for texts no longer on screen; they are stored, just not shown
            self.active.cancel()
            self.detached.append(self.active)
            self.active = None
            self.runningChanged.emit(False)

    # ---- stored results and estimates --------------------------------------------------------
    def load_results(self) -> None:
        """Show what the store already knows about the open project (read on a worker)."""
        project = self.document.project
        if project is None:
            return
        revision, ticket = self.document.revision, self._next_ticket()

        def load() -> tuple[list[Judgment], Review, dict | None]:
            with kept_for_good():  # what the window keeps, built without collections walking it (app.core.heap)
                judgments, review = load_project_state(self.db_path, project)
                return judgments, review, summarize_here(judgments)  # summarised here, not on the GUI thread

        def shown(loaded: tuple[list[Judgment], Review, dict | None]) -> None:
            judgments, review, summaries = loaded
            if not self.document.set_results(revision, ticket, judgments, summaries):
                self.stale_dropped += 1
                return
            QTimer.singleShot(0, self, lambda: self.document.set_review(revision, review))

        if self.active is not None:
            return  # the running run's outcome carries every stored result
        self._loading = self.tasks.submit(
            load, shown,
            lambda exc: self.loadFailed.emit(self.tr("Stored results could not be read: {0}").format(exc)))

    def reload_review(self) -> None:
        """Re-read the reviewer's decisions and the run history (after a decision was stored)."""
        project = self.document.project
        if project is None:
            return
        revision = self.document.revision
        self.tasks.submit(lambda: load_project_state(self.db_path, project)[1],
                          lambda review: self.document.set_review(revision, review),
                          lambda exc: self.loadFailed.emit(str(exc)))

    def estimate(self, make_request: Callable[[], RunRequest], judges: list[str]) -> None:
        """Plan the request on a worker and report units, tokens and cost (or why it cannot run)."""
        if not judges:
            self.estimated.emit(self.tr("Choose at least one judge."), True)
            return
        self._estimate_seq += 1
        seq, revision = self._estimate_seq, self.document.revision

        def compute() -> str | MissingKey:
            request = make_request()
            model = request.provider.model if request.provider else None
            est, check = self._counted(request, revision)
            if est.llm_units and request.provider is not None and request.provider.provider == "local":
                check_local(request.provider)  # a wrong model file is named now, not when the run starts
            if est.llm_units and request.provider is not None and not has_key(request.provider):
                return MissingKey(request.provider.provider)  # said now, and gone once there is one
            text = format_estimate(est, model)
            if not check.changed:
                return text
            # one number of calls (the estimate's): the paragraphs changed are what the units are made of
            changed = self.tr("1 paragraph changed") if check.changed == 1 else \
                self.tr("{0} paragraphs changed").format(check.changed)
            return f"{changed} · {text}"

        def fresh() -> bool:
            return seq == self._estimate_seq and revision == self.document.revision

        def said(text: str | MissingKey) -> None:
            if not fresh():
                return
            if isinstance(text, MissingKey):
                self.keyMissing.emit(text.provider)
            else:
                self.estimated.emit(text, False)

        self.tasks.submit(compute, said,
                          lambda exc: fresh() and self.estimated.emit(str(exc), True))

    def _counted(self, request: RunRequest, revision: int) -> tuple[Estimate, Recheck]:
        """The estimate and what changed since the last run, planned in the analyser process (so the GUI
        thread never shares the GIL with a second of planning; app.run.estimate_elsewhere) unless a judge
        of the request exists only in this process; an estimate of the same choice already being made is
        waited for, not repeated (ui.runs.plans); after edits: "3 paragraphs changed"."""
        from litlens.app.core import prompts
        from litlens.app.run import estimate_elsewhere as elsewhere
        folder, db = prompts.current_folder(), str(self.db_path)
        if elsewhere.planned_here(request):
            return self.estimates.shared(request, revision, lambda: elsewhere.estimate_stored(request, db, folder))
        sent = elsewhere.without_key(request)  # the key stays in this process
        return self.estimates.shared(request, revision,
                                 lambda: offload.call(elsewhere.estimate_stored, sent, db, folder))

    def shutdown(self, timeout: float = 5.0) -> None:
        """Cancel what is running and give it a moment to stop cleanly (each unit is already stored)."""
        tasks = [t for t in [self.active, *self.detached] if t is not None]
        for t in tasks:
            t.cancel()
        for t in tasks:
            if not t.join(timeout):
                log.warning("run %s still finishing at shutdown", t.ticket)
        self.active = None
        self.detached.clear()
        if self._offloading:
            self._offloading = False
            offload.use_processes(False)
