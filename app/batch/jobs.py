"""The batch path: a run whose LLM calls go to a provider batch job instead of being made one by one.

A batch is a way of priming the response cache. ``submit`` runs the plan with a client that queues
every uncached request and uploads the queue as one job (several when it exceeds the API's limit).
``collect`` downloads a finished job, validates each answer against its request's schema, writes the
answers into the cache at the batch price, and runs the plan again: units now find their answers;
units whose next step needs new calls (VERSE: questions, then answers) are queued as the next round,
which ``collect`` submits at once. Everything needed lives in the store, so any process can collect.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING

from litlens.app.batch import records
from litlens.app.batch.deferring import DeferringClient
from litlens.app.batch.lines import LineError
from litlens.app.batch.records import BatchRecord
from litlens.app.batch.remote import RemoteStatus, backend_for
from litlens.app.run.engine import Engine, RunSummary
from litlens.app.llm.base import LLMResponse
from litlens.app.llm.client import Budget
from litlens.app.llm.factory import ProviderSettings, make_provider
from litlens.app.run.service import RunRequest, judge_options, plan, set_prompt_cache_key, stored_options

if TYPE_CHECKING:
    from litlens.app.run.engine import PlannedUnit
    from litlens.app.llm.provider_base import SDKProvider
    from litlens.app.run.store import Store

BATCH_PROVIDERS = ("openai", "anthropic")


@dataclass
class RoundReport:
    """One pass over the plan: how the run ended and which jobs were submitted for what is left."""

    run_id: int
    summary: RunSummary
    submitted: list[BatchRecord] = field(default_factory=list)
    waiting: int = 0  # requests already in flight in other jobs of this run


@dataclass
class CollectReport:
    """``state``: not-ready | already-collected | failed | collected."""

    batch: BatchRecord
    state: str
    remote: RemoteStatus | None = None
    answered: int = 0
    invalid: int = 0
    retry: int = 0
    round: RoundReport | None = None


def _settings(provider: str, model: str, base_url: str | None, structured: str | None,
              timeout: float) -> ProviderSettings:
    return ProviderSettings(provider=provider, model=model, base_url=base_url, structured=structured,
                            timeout=timeout)


async def _round(store: Store, request: RunRequest, run_id: int, planned: list[PlannedUnit],
                 provider: SDKProvider) -> RoundReport:
    """Run the plan once through a DeferringClient, then submit whatever it queued."""
    past = records.history(store, run_id)
    cap = None if request.budget is None else max(0.0, request.budget - past.totals["cost"])
    client = DeferringClient(provider, store, answered=past.answered, failed=past.failed,
                             budget=Budget(cap))
    # The run's figures include what its earlier jobs cost; the engine writes these counters to the run.
    c = client.counters
    c.calls, c.input_tokens = int(past.totals["calls"]), int(past.totals["input_tokens"])
    c.output_tokens, c.cost = int(past.totals["output_tokens"]), past.totals["cost"]
    engine = Engine(store, client, concurrency=max(16, request.concurrency))
    summary = await engine.run(request.project, planned, run_id, judge_options(request))
    report = RoundReport(run_id=run_id, summary=summary)
    if summary.status not in ("deferred", "budget"):
        return report
    # A request already in a job that is still running is not sent twice.
    todo = {k: r for k, r in client.pending.items() if k not in past.inflight}
    report.waiting = len(client.pending) - len(todo)
    if not todo:
        return report
    backend = backend_for(provider)
    settings = {"base_url": _base_url(provider), "structured": getattr(provider, "structured", None)}
    items = list(todo.items())
    for start in range(0, len(items), backend.max_requests):
        chunk = dict(items[start:start + backend.max_requests])
        remote_id = await backend.submit(chunk, run_id)
        report.submitted.append(records.insert(store, run_id, provider.name, provider.model, remote_id,
                                               settings, chunk))
    return report


def _base_url(provider: SDKProvider) -> str | None:
    url = str(provider.sdk_client.base_url)
    defaults = ("https://api.openai.com/v1", "https://api.anthropic.com")
    return None if url.rstrip("/") in defaults else url


def submit(request: RunRequest, store: Store) -> RoundReport:
    """Record a run for ``request`` and submit its uncached LLM calls as batch job(s)."""
    prov = request.provider
    if prov is None or prov.provider not in BATCH_PROVIDERS:
        raise ValueError("batch jobs need --provider openai or anthropic")
    options = judge_options(request)
    planned = plan(request, options)
    provider = make_provider(prov)  # a missing key fails here, before a run is recorded
    set_prompt_cache_key(provider, request.project)  # batch lines are the interactive bodies, key included
    project_id = store.save_project(request.project)
    run_id = store.start_run(project_id, list(dict.fromkeys(request.judges)), prov.provider, prov.model,
                             stored_options(options), request.budget, len(planned))

    async def go() -> RoundReport:
        try:
            return await _round(store, request, run_id, planned, provider)
        finally:
            await provider.aclose()

    try:
        return asyncio.run(go())
    except BaseException as exc:
        store.update_run(run_id, status="aborted", error=f"{type(exc).__name__}: {exc}")
        raise


def _request_for(store: Store, rec: BatchRecord, base_url: str | None, timeout: float) -> RunRequest:
    run = store.get_run(rec.run_id)
    settings = _settings(rec.provider, rec.model, base_url or rec.settings.get("base_url"),
                         rec.settings.get("structured"), timeout)
    return RunRequest(project=store.load_project(run["project_id"]), judges=json.loads(run["judges"]),
                      provider=settings, options=json.loads(run["options"] or "{}"), budget=run["budget"])


async def _collect_one(store: Store, rec: BatchRecord, request: RunRequest,
                       provider: SDKProvider) -> CollectReport:
    if not rec.open:
        return CollectReport(rec, "already-collected")
    backend = backend_for(provider)
    remote = await backend.status(rec.remote_id)
    if remote.failed:
        rec.error = remote.error or f"the provider reports the job as {remote.status}"
        records.close(store, rec, records.FAILED)
        return CollectReport(rec, "failed", remote)
    if not remote.finished:
        records.set_status(store, rec.id, remote.status)
        return CollectReport(rec, "not-ready", remote)
    lines = await backend.results(rec.remote_id)
    answers: dict[str, tuple[str, LLMResponse | None]] = {}
    for cid in rec.requests:
        line = lines.get(cid)
        if line is None:
            answers[cid] = ("retry", None)
            continue
        req = rec.llm_request(cid)
        try:
            resp = backend.parse(req, line)
        except LineError as exc:
            if not exc.final:
                answers[cid] = ("retry", None)
                continue
            resp = LLMResponse(text=str(exc), model=rec.model, error=f"the batch job rejected the request: "
                               f"{exc}")
        answers[cid] = ("ok" if resp.ok else "failed", resp)
    report = CollectReport(rec, "collected", remote)
    with records.transaction(store):
        if not records.load(store, rec.id).open:  # another process got here first
            return CollectReport(rec, "already-collected", remote)
        totals = dict.fromkeys(records.TOTAL_FIELDS, 0.0)
        for cid, (outcome, resp) in answers.items():
            rec.outcomes[cid] = outcome
            if resp is None:
                report.retry += 1
                continue
            store.put(cid, rec.provider, rec.llm_request(cid), resp)
            report.answered += outcome == "ok"
            report.invalid += outcome == "failed"
            totals["calls"] += 1
            totals["input_tokens"] += resp.input_tokens
            totals["output_tokens"] += resp.output_tokens
            totals["cost"] += resp.cost
        rec.totals = totals
        records.close(store, rec, records.COLLECTED)
        rec.status = records.COLLECTED
    report.round = await _round(store, request, rec.run_id, plan(request), provider)
    return report


def collect(store: Store, ref: int | str, *, base_url: str | None = None,
            timeout: float = 120.0) -> CollectReport:
    """Collect one job (local id or provider id) and run the next round of its run."""
    rec = records.load(store, ref)
    if not rec.open:
        return CollectReport(rec, "already-collected")
    request = _request_for(store, rec, base_url, timeout)
    assert request.provider is not None
    provider = make_provider(request.provider)
    set_prompt_cache_key(provider, request.project)

    async def go() -> CollectReport:
        try:
            return await _collect_one(store, rec, request, provider)
        finally:
            await provider.aclose()

    return asyncio.run(go())


def poll(store: Store, ref: int | str, *, base_url: str | None = None,
         timeout: float = 120.0) -> tuple[BatchRecord, RemoteStatus | None]:
    """The provider's view of a job (None for a job already collected), stored as its status."""
    rec = records.load(store, ref)
    if not rec.open:
        return rec, None
    settings = _settings(rec.provider, rec.model, base_url or rec.settings.get("base_url"),
                         rec.settings.get("structured"), timeout)
    provider = make_provider(settings)

    async def go() -> RemoteStatus:
        try:
            return await backend_for(provider).status(rec.remote_id)
        finally:
            await provider.aclose()

    remote = asyncio.run(go())
    records.set_status(store, rec.id, remote.status)
    rec.status = remote.status
    return rec, remote


def describe(rec: BatchRecord) -> dict[str, object]:
    """A job as plain data (for JSON output)."""
    d = asdict(rec)
    d.pop("requests")
    d.pop("settings")
    d["outcomes"] = {k: sum(1 for v in rec.outcomes.values() if v == k) for k in ("ok", "failed", "retry")}
    return d
