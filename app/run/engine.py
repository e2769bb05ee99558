"""Runs a plan of judge units: dependencies, bounded concurrency, cooperative cancel, progress, resume.

Every finished unit is committed to the store at once; a unit already stored for the same judge, prompt
version, model and input hash is reused, not re-run. A unit whose answer could not be parsed is stored
as a failure with its raw text (never as a score).
"""

from __future__ import annotations

import asyncio
import errno
import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from litlens.app.judges.base import Judge, Unit, UnitContext
from litlens.app.judges.options import JudgeOptions
from litlens.app.llm.base import BudgetExceeded, CallDeferred, LLMError, MissingKeyError
from litlens.app.core.model import Judgment
from litlens.app.run.validation import checked, is_plugin

if TYPE_CHECKING:
    from litlens.app.llm.client import LLMClient
    from litlens.app.core.model import Project
    from litlens.app.run.store import Store

log = logging.getLogger(__name__)

OFFLINE_MODEL = "-"
WINDOW = 64  # units that exist as tasks at once (waiting for dependencies or running)
FAILURES_KEPT = 50  # failure messages a summary carries; Progress.failed counts them all


@dataclass
class Progress:
    run_id: int
    total: int
    done: int = 0  # finished units, including reused and failed ones
    failed: int = 0
    reused: int = 0
    deferred: int = 0  # units waiting for an answer queued elsewhere (a provider batch job)
    calls: int = 0
    cache_hits: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cost: float = 0.0
    elapsed: float = 0.0
    eta: float | None = None
    last_unit: str = ""
    status: str = "running"


@dataclass
class RunSummary:
    run_id: int
    status: str  # done | cancelled | budget | aborted | deferred | failed (its results could not be stored)
    progress: Progress
    error: str | None = None
    failures: list[str] = field(default_factory=list)  # the first FAILURES_KEPT, for the closing note
    notices: list[str] = field(default_factory=list)  # what the user should know, e.g. an edit kept current


@dataclass
class PlannedUnit:
    judge: Judge
    unit: Unit

    @property
    def qualified(self) -> str:
        return f"{self.unit.judge}:{self.unit.key}"


class Engine:
    def __init__(self, store: Store, llm: LLMClient | None = None, *, concurrency: int = 8,
                 on_progress: Callable[[Progress], None] | None = None,
                 cancel: threading.Event | None = None) -> None:
        self.store = store
        self.llm = llm
        self.concurrency = max(1, concurrency)
        self.on_progress = on_progress
        self.cancel_event = cancel or threading.Event()

    def model_key(self, unit: Unit) -> str:
        if not unit.needs_llm:
            return OFFLINE_MODEL
        assert self.llm is not None
        return f"{self.llm.provider.name}:{self.llm.provider.model}"

    async def run(self, project: Project, plan: list[PlannedUnit], run_id: int,
                  options: dict[str, JudgeOptions]) -> RunSummary:
        if any(p.unit.needs_llm for p in plan) and self.llm is None:
            raise MissingKeyError("this run needs an LLM provider, and none was configured")
        state = _Run(self, project, plan, run_id, options)
        await state.dispatch()
        try:
            state.emit("")
        except Exception as exc:  # noqa: BLE001 - only a failed write is caught, everything else re-raised
            state.storage_failed(exc)
        return state.finish()


STORAGE_ERRNOS = {errno.ENOSPC, errno.EIO, errno.EROFS, errno.EDQUOT}


def is_storage_failure(exc: BaseException) -> bool:
    """Whether ``exc`` is the store failing to write (disk full, I/O error, read-only database), which
    must fail the whole run: results that cannot be stored are lost, so the run never reads "done"."""
    from litlens.app.run.store import StoreError
    if isinstance(exc, (sqlite3.Error, StoreError)):
        return True
    return isinstance(exc, OSError) and exc.errno in STORAGE_ERRNOS


class _Run:
    """One call of ``Engine.run``: the plan in dependency order, the judgments kept for dependants, and
    the progress. Steps: order the plan, dispatch units through a bounded window, collect each unit's
    dependencies, run or reuse it, persist what it found, report progress, settle the run's status.

    A whole book has tens of thousands of units, so nothing here grows with the plan except what the plan
    itself holds: a judgment is kept only until the last unit that needs it has read it, and only a
    bounded window of units exists as tasks at any time."""

    def __init__(self, engine: Engine, project: Project, plan: list[PlannedUnit], run_id: int,
                 options: dict[str, JudgeOptions]) -> None:
        self.engine, self.project, self.run_id, self.options = engine, project, run_id, options
        self.prog = Progress(run_id=run_id, total=len(plan))
        self.started = time.monotonic()
        self.executed = 0  # units actually run here (not reused): the ETA's denominator
        self.ordered = dependency_order(plan)
        self.needed = readers(self.ordered)  # qualified key -> dependants that have not read it yet
        self.finished: dict[str, asyncio.Event] = {}  # only for units someone depends on
        self.kept: dict[str, Judgment | None] = {}
        self.deferred: set[str] = set()  # deferred units that others depend on
        self.sem = asyncio.Semaphore(engine.concurrency)
        self.stop: dict[str, str] = {}
        self.failures: list[str] = []

    def halted(self) -> bool:
        return bool(self.stop) or self.engine.cancel_event.is_set()

    # ---- progress --------------------------------------------------------------------------------
    def emit(self, unit_key: str) -> None:
        prog, engine = self.prog, self.engine
        prog.elapsed = time.monotonic() - self.started
        if engine.llm is not None:
            c = engine.llm.counters
            prog.calls, prog.cache_hits = c.calls, c.cache_hits
            prog.input_tokens, prog.output_tokens, prog.cost = c.input_tokens, c.output_tokens, c.cost
        remaining = prog.total - prog.done
        if self.executed and remaining:
            per_unit = (time.monotonic() - self.started) / max(1, prog.done - prog.reused)
            prog.eta = per_unit * remaining
        else:
            prog.eta = 0.0 if not remaining else None
        prog.last_unit = unit_key
        engine.store.update_run(self.run_id, units_done=prog.done, units_failed=prog.failed,
                                units_reused=prog.reused, calls=prog.calls, cache_hits=prog.cache_hits,
                                input_tokens=prog.input_tokens, output_tokens=prog.output_tokens,
                                cost=prog.cost)
        if engine.on_progress:
            try:
                engine.on_progress(prog)
            except Exception:  # a broken listener must not kill the run
                log.exception("progress listener failed")

    # ---- what dependants read --------------------------------------------------------------------
    def keep(self, pu: PlannedUnit, judgment: Judgment) -> None:
        if pu.qualified in self.needed:
            self.kept[pu.qualified] = judgment

    def read_dep(self, dq: str) -> Judgment | None:
        judgment = self.kept.get(dq)
        self.needed[dq] -= 1
        if not self.needed[dq]:  # its last reader: let it go
            del self.needed[dq]
            self.kept.pop(dq, None)
            self.finished.pop(dq, None)
            self.deferred.discard(dq)
        return judgment

    async def collect(self, u: Unit) -> tuple[dict[str, Judgment | None], bool]:
        """Wait for ``u``'s dependencies and read them: (judgment per dependency, whether one of them
        waits for an answer queued elsewhere)."""
        deps: dict[str, Judgment | None] = {}
        waiting_on_deferred = False
        for d, dq in zip(u.depends_on, deps_of(u)):
            event = self.finished.get(dq)
            if event is not None:
                await event.wait()
            waiting_on_deferred |= dq in self.deferred
            deps[d] = self.read_dep(dq) if dq in self.needed else None
        return deps, waiting_on_deferred

    # ---- persisting ------------------------------------------------------------------------------
    def record(self, pu: PlannedUnit, judgment: Judgment) -> None:
        u = pu.unit
        self.engine.store.save_result(self.run_id, judgment, pu.judge.prompt_version,
                                      self.engine.model_key(u), u.input_hash)
        self.keep(pu, judgment)
        self.prog.done += 1
        if judgment.status != "ok":
            self.prog.failed += 1
            if len(self.failures) < FAILURES_KEPT:
                self.failures.append(f"{pu.qualified}: {judgment.error}")
        self.emit(pu.qualified)

    def reuse(self, pu: PlannedUnit) -> bool:
        """Link a result stored for exactly this unit's key to the run instead of running it again."""
        u = pu.unit
        hit = self.engine.store.find_result(u.judge, u.key, pu.judge.prompt_version,
                                            self.engine.model_key(u), u.input_hash)
        if hit is None:
            return False
        rid, judgment = hit
        self.engine.store.link_result(self.run_id, rid)
        self.keep(pu, judgment)
        self.prog.done += 1
        self.prog.reused += 1
        self.emit(pu.qualified)
        return True

    def defer(self, pu: PlannedUnit) -> None:
        if pu.qualified in self.needed:
            self.deferred.add(pu.qualified)
        self.prog.deferred += 1

    def storage_failed(self, exc: Exception) -> None:
        """Stop the run as failed when ``exc`` is a write to the store failing; re-raise anything else."""
        if not is_storage_failure(exc):
            raise exc
        log.error("run %s: a result could not be stored", self.run_id, exc_info=exc)
        self.stop.setdefault("failed", f"results could not be stored in {self.engine.store.path}: {exc}")

    # ---- one unit --------------------------------------------------------------------------------
    async def run_one(self, pu: PlannedUnit) -> None:
        try:
            await self.settle(pu)
        except Exception as exc:  # noqa: BLE001 - storage_failed re-raises all but a failed write
            self.storage_failed(exc)
        finally:
            event = self.finished.get(pu.qualified)
            if event is not None:
                event.set()

    async def settle(self, pu: PlannedUnit) -> None:
        u = pu.unit
        deps, waiting_on_deferred = await self.collect(u)
        if self.halted():
            return
        if waiting_on_deferred:
            self.defer(pu)  # waits with the step it needs
            return
        bad = [d for d, j in deps.items() if j is None or j.status != "ok"]
        if bad:
            self.record(pu, Judgment(judge=u.judge, unit=u.key, candidate=u.candidate, paragraph=u.paragraph,
                                     status="failed",
                                     error=f"not run: the step it needs failed ({', '.join(bad)})"))
            return
        if self.reuse(pu):
            return
        async with self.sem:
            if self.halted():
                return
            judgment = await self.execute(pu, {d: j for d, j in deps.items() if j is not None})
            if judgment is not None:
                self.executed += 1
                self.record(pu, judgment)

    async def execute(self, pu: PlannedUnit, deps: dict[str, Judgment]) -> Judgment | None:
        """Run the unit: its judgment (a failed one when the provider or the judge failed), or None when
        it stopped the run or was deferred."""
        u = pu.unit
        ctx = UnitContext(project=self.project, options=self.options.get(u.judge) or JudgeOptions(),
                          llm=self.engine.llm if u.needs_llm else None, deps=deps)
        try:
            result = await u.run(ctx)
            # a plug-in's result is checked before it is stored; LitLens's own judges check their answers
            return checked(pu.judge, u, result, self.project) if is_plugin(pu.judge) else result
        except BudgetExceeded as exc:
            self.stop.setdefault("budget", str(exc))
        except CallDeferred:
            self.defer(pu)
            self.emit(pu.qualified)
        except MissingKeyError as exc:
            self.stop.setdefault("aborted", str(exc))
        except LLMError as exc:
            return Judgment(judge=u.judge, unit=u.key, candidate=u.candidate, paragraph=u.paragraph,
                            status="failed", error=str(exc))
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a judge bug fails its unit, not the run
            if is_storage_failure(exc):  # the response cache could not be written: the store is failing
                raise
            log.exception("unit %s crashed", pu.qualified)
            error = f"internal error in {u.judge}: {type(exc).__name__}: {exc}"
            return Judgment(judge=u.judge, unit=u.key, candidate=u.candidate, paragraph=u.paragraph,
                            status="failed", error=error)
        return None

    # ---- dispatch and the end ------------------------------------------------------------------
    async def dispatch(self) -> None:
        """Start every unit in dependency order through a bounded window; return when all have ended.

        Units wait for their dependencies inside the window but take an execution slot only once those
        are done. In dependency order the oldest unit in the window has all its dependencies finished,
        so the window always moves and cannot deadlock however small it is."""
        window = asyncio.Semaphore(max(2 * self.engine.concurrency, WINDOW))
        inflight: set[asyncio.Task] = set()

        def released(task: asyncio.Task) -> None:
            inflight.discard(task)
            window.release()
            if not task.cancelled() and task.exception() is not None:  # retrieved here, so never lost
                log.error("unit task failed", exc_info=task.exception())

        async def produce() -> None:
            for pu in self.ordered:
                await window.acquire()
                if self.halted():
                    window.release()
                    return
                if pu.qualified in self.needed:
                    self.finished[pu.qualified] = asyncio.Event()
                task = asyncio.create_task(self.run_one(pu))
                inflight.add(task)
                task.add_done_callback(released)

        async def watch_cancel() -> None:
            while True:
                if self.halted():
                    for t in list(inflight):
                        t.cancel()
                await asyncio.sleep(0.05)

        watcher = asyncio.create_task(watch_cancel())
        try:
            await produce()
            while inflight:
                await asyncio.gather(*list(inflight), return_exceptions=True)
        finally:
            watcher.cancel()

    def finish(self) -> RunSummary:
        """The run's final status, written to the store and told to the progress listener."""
        if "failed" in self.stop:
            status, error = "failed", self.stop["failed"]
        elif "budget" in self.stop:
            status, error = "budget", self.stop["budget"]
        elif "aborted" in self.stop:
            status, error = "aborted", self.stop["aborted"]
        elif self.engine.cancel_event.is_set():
            status, error = "cancelled", None
        elif self.prog.deferred:
            status, error = "deferred", None
        else:
            status, error = "done", None
        self.prog.status = status
        try:
            self.engine.store.update_run(self.run_id, status=status, finished_at=time.time(), error=error)
        except Exception as exc:  # noqa: BLE001 - only a failed write is caught, everything else re-raised
            if status == "failed" and is_storage_failure(exc):
                # the store cannot take even the status: the run is left "running", read as interrupted
                log.error("run %s: its failed status could not be stored either", self.run_id)
            else:
                self.storage_failed(exc)
                status, error = "failed", self.stop["failed"]
                self.prog.status = status
        if self.engine.on_progress:
            self.engine.on_progress(self.prog)
        return RunSummary(run_id=self.run_id, status=status, progress=self.prog, error=error,
                          failures=self.failures)


def readers(ordered: list[PlannedUnit]) -> dict[str, int]:
    """How many units of the plan read each unit's judgment (only units someone depends on)."""
    needed: dict[str, int] = {}
    for pu in ordered:
        for dq in deps_of(pu.unit):
            needed[dq] = needed.get(dq, 0) + 1
    return needed


def deps_of(unit: Unit) -> list[str]:
    """The qualified names of what ``unit`` depends on (a bare key means a step of its own judge)."""
    return [d if ":" in d and d.split(":", 1)[0] == unit.judge else f"{unit.judge}:{d}"
            for d in unit.depends_on]


def dependency_order(plan: list[PlannedUnit]) -> list[PlannedUnit]:
    """``plan`` with every unit after the units it depends on, otherwise in its own order.

    Judges plan in dependency order already, so the usual case is one pass that changes nothing. A
    dependency missing from the plan is ignored here (the unit then fails as "not run")."""
    position = {p.qualified: i for i, p in enumerate(plan)}
    if all(position.get(dq, -1) < i for i, p in enumerate(plan) for dq in deps_of(p.unit)):
        return plan
    out: list[PlannedUnit] = []
    placed: set[str] = set()
    opened: set[str] = set()  # expanded once: a cycle (a judge bug) must not loop here forever
    for root in plan:  # depth-first without recursion: a chain of steps can be as long as the book
        stack = [(root, False)]
        while stack:
            pu, expanded = stack.pop()
            if pu.qualified in placed or (not expanded and pu.qualified in opened):
                continue
            if expanded:
                placed.add(pu.qualified)
                out.append(pu)
                continue
            opened.add(pu.qualified)
            stack.append((pu, True))
            stack += [(plan[position[dq]], False) for dq in reversed(deps_of(pu.unit))
                      if dq in position and dq not in placed]
    return out
