"""Runs a plan of judge units: dependencies, bounded concurrency, cooperative cancel, progress, resume.

Every finished unit is committed to the store at once; a unit already stored for the same judge, prompt
version, model and input hash is reused, not re-run. A unit whose answer could not be parsed is stored
as a failure with its raw text (never as a score).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from litlens.app.judges.base import Judge, Unit, UnitContext
from litlens.app.judges.options import JudgeOptions
from litlens.app.llm.base import BudgetExceeded, CallDeferred, LLMError, MissingKeyError
from litlens.app.core.model import Judgment

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
    status: str  # done | cancelled | budget | aborted | deferred
    progress: Progress
    error: str | None = None
    failures: list[str] = field(default_factory=list)  # the first FAILURES_KEPT, for the closing note


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
        prog = Progress(run_id=run_id, total=len(plan))
        started = time.monotonic()
        executed = 0  # units actually run here (not reused): the ETA's denominator
        # A whole book has tens of thousands of units, so nothing below grows with the plan except what
        # the plan itself holds: a judgment is kept only until the last unit that needs it has read it,
        # and only a bounded window of units exists as tasks at any time.
        ordered = dependency_order(plan)
        needed: dict[str, int] = {}  # qualified key -> dependants that have not read it yet
        for pu in ordered:
            for dq in deps_of(pu.unit):
                needed[dq] = needed.get(dq, 0) + 1
        finished: dict[str, asyncio.Event] = {}  # only for units someone depends on
        kept: dict[str, Judgment | None] = {}
        deferred: set[str] = set()  # deferred units that others depend on
        sem = asyncio.Semaphore(self.concurrency)
        stop: dict[str, str] = {}
        failures: list[str] = []

        if any(p.unit.needs_llm for p in plan) and self.llm is None:
            raise MissingKeyError("this run needs an LLM provider, and none was configured")

        def emit(unit_key: str) -> None:
            prog.elapsed = time.monotonic() - started
            if self.llm is not None:
                c = self.llm.counters
                prog.calls, prog.cache_hits = c.calls, c.cache_hits
                prog.input_tokens, prog.output_tokens, prog.cost = c.input_tokens, c.output_tokens, c.cost
            remaining = prog.total - prog.done
            if executed and remaining:
                per_unit = (time.monotonic() - started) / max(1, prog.done - prog.reused)
                prog.eta = per_unit * remaining
            else:
                prog.eta = 0.0 if not remaining else None
            prog.last_unit = unit_key
            self.store.update_run(run_id, units_done=prog.done, units_failed=prog.failed,
                                  units_reused=prog.reused, calls=prog.calls, cache_hits=prog.cache_hits,
                                  input_tokens=prog.input_tokens, output_tokens=prog.output_tokens,
                                  cost=prog.cost)
            if self.on_progress:
                try:
                    self.on_progress(prog)
                except Exception:  # a broken listener must not kill the run
                    log.exception("progress listener failed")

        def keep(pu: PlannedUnit, judgment: Judgment) -> None:
            if pu.qualified in needed:
                kept[pu.qualified] = judgment

        def read_dep(dq: str) -> Judgment | None:
            judgment = kept.get(dq)
            needed[dq] -= 1
            if not needed[dq]:  # its last reader: let it go
                del needed[dq]
                kept.pop(dq, None)
                finished.pop(dq, None)
                deferred.discard(dq)
            return judgment

        def record(pu: PlannedUnit, judgment: Judgment) -> None:
            u = pu.unit
            self.store.save_result(run_id, judgment, pu.judge.prompt_version, self.model_key(u),
                                   u.input_hash)
            keep(pu, judgment)
            prog.done += 1
            if judgment.status != "ok":
                prog.failed += 1
                if len(failures) < FAILURES_KEPT:
                    failures.append(f"{pu.qualified}: {judgment.error}")
            emit(pu.qualified)

        def defer(pu: PlannedUnit) -> None:
            if pu.qualified in needed:
                deferred.add(pu.qualified)
            prog.deferred += 1

        async def run_one(pu: PlannedUnit) -> None:
            nonlocal executed
            u = pu.unit
            try:
                deps: dict[str, Judgment | None] = {}
                waiting_on_deferred = False
                for d, dq in zip(u.depends_on, deps_of(u)):
                    event = finished.get(dq)
                    if event is not None:
                        await event.wait()
                    waiting_on_deferred |= dq in deferred
                    deps[d] = read_dep(dq) if dq in needed else None
                if stop or self.cancel_event.is_set():
                    return
                if waiting_on_deferred:
                    defer(pu)  # waits with the step it needs
                    return
                bad = [d for d, j in deps.items() if j is None or j.status != "ok"]
                if bad:
                    record(pu, Judgment(judge=u.judge, unit=u.key, candidate=u.candidate,
                                        paragraph=u.paragraph, status="failed",
                                        error=f"not run: the step it needs failed ({', '.join(bad)})"))
                    return
                hit = self.store.find_result(u.judge, u.key, pu.judge.prompt_version, self.model_key(u),
                                             u.input_hash)
                if hit is not None:
                    rid, judgment = hit
                    self.store.link_result(run_id, rid)
                    keep(pu, judgment)
                    prog.done += 1
                    prog.reused += 1
                    emit(pu.qualified)
                    return
                async with sem:
                    if stop or self.cancel_event.is_set():
                        return
                    ctx = UnitContext(project=project, options=options.get(u.judge) or JudgeOptions(),
                                      llm=self.llm if u.needs_llm else None,
                                      deps={d: j for d, j in deps.items() if j is not None})
                    try:
                        judgment = await u.run(ctx)
                    except BudgetExceeded as exc:
                        stop.setdefault("budget", str(exc))
                        return
                    except CallDeferred:
                        defer(pu)
                        emit(pu.qualified)
                        return
                    except MissingKeyError as exc:
                        stop.setdefault("aborted", str(exc))
                        return
                    except LLMError as exc:
                        judgment = Judgment(judge=u.judge, unit=u.key, candidate=u.candidate,
                                            paragraph=u.paragraph, status="failed", error=str(exc))
                    except asyncio.CancelledError:
                        raise
                    except Exception as exc:  # a judge bug fails its unit, not the run
                        log.exception("unit %s crashed", pu.qualified)
                        judgment = Judgment(judge=u.judge, unit=u.key, candidate=u.candidate,
                                            paragraph=u.paragraph, status="failed",
                                            error=f"internal error in {u.judge}: {type(exc).__name__}: {exc}")
                    executed += 1
                    record(pu, judgment)
            finally:
                event = finished.get(pu.qualified)
                if event is not None:
                    event.set()

        # Units wait for their dependencies inside the window but take an execution slot only once
        # those are done. In dependency order the oldest unit in the window has all its dependencies
        # finished, so the window always moves and cannot deadlock however small it is.
        window = asyncio.Semaphore(max(2 * self.concurrency, WINDOW))
        inflight: set[asyncio.Task] = set()

        def halted() -> bool:
            return bool(stop) or self.cancel_event.is_set()

        def released(task: asyncio.Task) -> None:
            inflight.discard(task)
            window.release()
            if not task.cancelled() and task.exception() is not None:  # retrieved here, so never lost
                log.error("unit task failed", exc_info=task.exception())

        async def produce() -> None:
            for pu in ordered:
                await window.acquire()
                if halted():
                    window.release()
                    return
                if pu.qualified in needed:
                    finished[pu.qualified] = asyncio.Event()
                task = asyncio.create_task(run_one(pu))
                inflight.add(task)
                task.add_done_callback(released)

        async def watch_cancel() -> None:
            while True:
                if halted():
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
        emit("")

        if "budget" in stop:
            status, error = "budget", stop["budget"]
        elif "aborted" in stop:
            status, error = "aborted", stop["aborted"]
        elif self.cancel_event.is_set():
            status, error = "cancelled", None
        elif prog.deferred:
            status, error = "deferred", None
        else:
            status, error = "done", None
        prog.status = status
        self.store.update_run(run_id, status=status, finished_at=time.time(), error=error)
        if self.on_progress:
            self.on_progress(prog)
        return RunSummary(run_id=run_id, status=status, progress=prog, error=error, failures=failures)


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
