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
    failures: list[str] = field(default_factory=list)


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
        executed_time: list[float] = []
        by_key = {p.qualified: p for p in plan}
        finished: dict[str, asyncio.Event] = {k: asyncio.Event() for k in by_key}
        results: dict[str, Judgment] = {}
        sem = asyncio.Semaphore(self.concurrency)
        stop: dict[str, str] = {}
        failures: list[str] = []
        deferred: set[str] = set()

        if any(p.unit.needs_llm for p in plan) and self.llm is None:
            raise MissingKeyError("this run needs an LLM provider, and none was configured")

        def emit(unit_key: str) -> None:
            prog.elapsed = time.monotonic() - started
            if self.llm is not None:
                c = self.llm.counters
                prog.calls, prog.cache_hits = c.calls, c.cache_hits
                prog.input_tokens, prog.output_tokens, prog.cost = c.input_tokens, c.output_tokens, c.cost
            remaining = prog.total - prog.done
            if executed_time and remaining:
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

        def record(pu: PlannedUnit, judgment: Judgment) -> None:
            u = pu.unit
            self.store.save_result(run_id, judgment, pu.judge.prompt_version, self.model_key(u),
                                   u.input_hash)
            results[pu.qualified] = judgment
            prog.done += 1
            if judgment.status != "ok":
                prog.failed += 1
                failures.append(f"{pu.qualified}: {judgment.error}")
            emit(pu.qualified)

        async def run_one(pu: PlannedUnit) -> None:
            u = pu.unit
            try:
                deps = {}
                for d in u.depends_on:
                    dq = d if ":" in d and d.split(":", 1)[0] == u.judge else f"{u.judge}:{d}"
                    await finished[dq].wait()
                    deps[d] = results.get(dq)
                if stop or self.cancel_event.is_set():
                    return
                if any((d if ":" in d else f"{u.judge}:{d}") in deferred for d in deps):
                    deferred.add(pu.qualified)  # waits with the step it needs
                    prog.deferred += 1
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
                    results[pu.qualified] = judgment
                    prog.done += 1
                    prog.reused += 1
                    emit(pu.qualified)
                    return
                async with sem:
                    if stop or self.cancel_event.is_set():
                        return
                    t0 = time.monotonic()
                    ctx = UnitContext(project=project, options=options.get(u.judge) or JudgeOptions(),
                                      llm=self.llm if u.needs_llm else None,
                                      deps={d: j for d, j in deps.items() if j is not None})
                    try:
                        judgment = await u.run(ctx)
                    except BudgetExceeded as exc:
                        stop.setdefault("budget", str(exc))
                        return
                    except CallDeferred:
                        deferred.add(pu.qualified)
                        prog.deferred += 1
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
                    executed_time.append(time.monotonic() - t0)
                    record(pu, judgment)
            finally:
                finished[pu.qualified].set()

        async def watch_cancel(tasks: list[asyncio.Task]) -> None:
            while not all(t.done() for t in tasks):
                if self.cancel_event.is_set() or stop:
                    for t in tasks:
                        t.cancel()
                    return
                await asyncio.sleep(0.05)

        tasks = [asyncio.create_task(run_one(pu)) for pu in plan]
        watcher = asyncio.create_task(watch_cancel(tasks))
        await asyncio.gather(*tasks, return_exceptions=True)
        watcher.cancel()
        emit("")

        if "budget" in stop:
            status, error = "budget", stop["budget"]
        elif "aborted" in stop:
            status, error = "aborted", stop["aborted"]
        elif self.cancel_event.is_set():
            status, error = "cancelled", None
        elif deferred:
            status, error = "deferred", None
        else:
            status, error = "done", None
        prog.status = status
        self.store.update_run(run_id, status=status, finished_at=time.time(), error=error)
        if self.on_progress:
            self.on_progress(prog)
        return RunSummary(run_id=run_id, status=status, progress=prog, error=error, failures=failures)
