"""One entry point for running judges, shared by the CLI and the GUI: plan, estimate, execute.

``execute`` runs synchronously (the CLI); ``BackgroundRun`` runs the same thing on its own thread with
its own event loop and store connection (the GUI), so the caller's thread is never blocked.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from litlens.app.run.engine import Engine, PlannedUnit, Progress, RunSummary
from litlens.app.judges import registry
from litlens.app.judges.base import JudgeUnavailable
from litlens.app.run.store import Store

if TYPE_CHECKING:
    from litlens.app.llm.factory import ProviderSettings
    from litlens.app.core.model import Project


@dataclass
class RunRequest:
    project: Project
    judges: list[str]
    provider: ProviderSettings | None = None  # None: only offline judges can run
    options: dict[str, dict[str, Any]] = field(default_factory=dict)  # judge id -> options
    budget: float | None = None
    concurrency: int = 8


@dataclass
class Estimate:
    units: int
    llm_units: int
    input_tokens: int
    output_tokens: int
    cost: float | None  # None when the model's price is unknown


def plan(request: RunRequest) -> list[PlannedUnit]:
    """Units of every selected judge, checked against the project. Raises JudgeUnavailable/UnknownJudge."""
    if not request.judges:
        raise JudgeUnavailable("no judge selected")
    planned: list[PlannedUnit] = []
    for jid in dict.fromkeys(request.judges):
        judge = registry.get(jid)
        judge.check(request.project)
        if judge.needs_llm and request.provider is None:
            raise JudgeUnavailable(f"{jid} needs an LLM provider (choose one with --provider)")
        planned += [PlannedUnit(judge, u) for u in judge.plan(request.project, request.options.get(jid, {}))]
    return planned


def estimate(request: RunRequest, planned: list[PlannedUnit]) -> Estimate:
    from litlens.app.llm.factory import prices_for
    llm_units = [p.unit for p in planned if p.unit.needs_llm]
    tin = sum(u.est_input_tokens for u in llm_units)
    tout = sum(u.est_output_tokens for u in llm_units)
    cost: float | None = 0.0
    if llm_units and request.provider is not None:
        price = prices_for(request.provider).price(request.provider.model)
        cost = price.cost(tin, tout) if price.known else None
    return Estimate(len(planned), len(llm_units), tin, tout, cost)


def _client(request: RunRequest, store: Store):
    if request.provider is None:
        return None
    from litlens.app.llm.client import Budget
    from litlens.app.llm.factory import make_client
    return make_client(request.provider, cache=store, budget=Budget(request.budget))


def execute(request: RunRequest, store: Store, *, on_progress: Callable[[Progress], None] | None = None,
            cancel: threading.Event | None = None, planned: list[PlannedUnit] | None = None) -> RunSummary:
    """Plan (unless given), record a run and execute it to the end, cancel, or budget stop."""
    planned = plan(request) if planned is None else planned
    project_id = store.save_project(request.project)
    uses_llm = any(p.unit.needs_llm for p in planned)
    client = _client(request, store) if uses_llm else None
    prov = request.provider
    run_id = store.start_run(project_id, list(dict.fromkeys(request.judges)),
                             prov.provider if (prov and uses_llm) else "offline",
                             prov.model if (prov and uses_llm) else "-", request.options, request.budget,
                             len(planned))
    engine = Engine(store, client, concurrency=request.concurrency, on_progress=on_progress, cancel=cancel)

    async def go() -> RunSummary:
        try:
            return await engine.run(request.project, planned, run_id, request.options)
        finally:
            if client is not None:
                await client.provider.aclose()

    try:
        return asyncio.run(go())
    except BaseException as exc:
        store.update_run(run_id, status="aborted", error=f"{type(exc).__name__}: {exc}")
        raise


class BackgroundRun:
    """Executes a RunRequest on a worker thread. Callbacks run on that thread: marshal them yourself."""

    def __init__(self, request: RunRequest, db_path: str | Path, *,
                 on_progress: Callable[[Progress], None] | None = None,
                 on_done: Callable[[RunSummary | None, BaseException | None], None] | None = None) -> None:
        self.request = request
        self.db_path = db_path
        self.on_progress = on_progress
        self.on_done = on_done
        self.cancel_event = threading.Event()
        self.summary: RunSummary | None = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._main, name="litlens-run", daemon=True)

    def start(self) -> BackgroundRun:
        self._thread.start()
        return self

    def cancel(self) -> None:
        self.cancel_event.set()

    def join(self, timeout: float | None = None) -> bool:
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def _main(self) -> None:
        store = None
        try:
            store = Store(self.db_path)
            self.summary = execute(self.request, store, on_progress=self.on_progress,
                                   cancel=self.cancel_event)
        except BaseException as exc:  # reported to the caller, never lost on a thread
            self.error = exc
        finally:
            if store is not None:
                store.close()
            if self.on_done:
                self.on_done(self.summary, self.error)
