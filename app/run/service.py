"""One entry point for running judges, shared by the CLI and the GUI: plan, estimate, execute.

``execute`` runs synchronously (the CLI); ``BackgroundRun`` runs the same thing on its own thread with
its own event loop and store connection (the GUI), so the caller's thread is never blocked.
"""

from __future__ import annotations

import asyncio
import dataclasses
import difflib
import hashlib
import json
import logging
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from litlens.app.run.engine import Engine, PlannedUnit, Progress, RunSummary
from litlens.app.judges import registry
from litlens.app.judges.base import JudgeUnavailable
from litlens.app.judges.options import JudgeOptions, OptionError
from litlens.app.run.store import Store, StoreError

if TYPE_CHECKING:
    from litlens.app.llm.factory import ProviderSettings
    from litlens.app.core.model import Project


@dataclass
class RunRequest:
    project: Project
    judges: list[str]
    provider: ProviderSettings | None = None  # None: only offline judges can run
    # judge id -> that judge's options: raw values (CLI strings, GUI values, a stored run's JSON) or
    # an Options instance; judge_options() checks and types them
    options: dict[str, Any] = field(default_factory=dict)
    budget: float | None = None
    concurrency: int = 8
    resumed_from: int | None = None  # the interrupted run this one finishes (see resume_request)
    # judge id -> why it was left out of this run (see applicable); the caller shows it as a notice
    skipped: dict[str, str] = field(default_factory=dict)
    # Repeated sampling (litlens.app.llm.samples): sample k > 0, or a set temperature, asks the provider
    # again under its own cache and result keys, so each sample is stored, resumable and paid once.
    sample: int = 0
    sample_temperature: float | None = None


@dataclass
class Estimate:
    units: int
    llm_units: int
    input_tokens: int
    output_tokens: int
    # An upper bound ("up to"), None when the model's price is unknown: all input at the full rate (the
    # cache-write rate where that is higher), since cached-input prices apply only to what the provider
    # actually serves from its cache, which is not known before the run (see Price.upper_bound). The
    # run's own accounting uses the cached prices for what was served (bench/tokens.py shows both).
    cost: float | None
    stored: int = 0  # units already in the store for exactly these inputs: reused, not asked again
    calls: int = 0  # LLM calls the run will make (a unit may make several; repeats come from the cache)


def judge_options(request: RunRequest) -> dict[str, JudgeOptions]:
    """Each selected judge's options, typed and checked against its declaration.

    This is the one place options are validated, for the CLI, the GUI and batch jobs alike; it looks at
    nothing but the registry, so a typo is reported before a provider, a key or the text is needed.
    Raises OptionError (unknown judge or option, bad value) or UnknownJudge.
    """
    selected = list(dict.fromkeys(request.judges))
    for jid in request.options:
        if jid not in selected:
            known = list(registry.available())
            if jid in known:
                raise OptionError(f"options given for {jid}, which is not among the selected judges "
                                  f"({', '.join(selected) or 'none'})", jid)
            close = difflib.get_close_matches(jid, known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise OptionError(f"options given for unknown judge {jid!r}{hint}; installed judges: "
                              f"{', '.join(known) or 'none'}", jid)
    return {jid: registry.get(jid).Options.parse(request.options.get(jid) or {}, jid) for jid in selected}


def stored_options(options: dict[str, JudgeOptions]) -> dict[str, dict[str, Any]]:
    """The plain-JSON form a run keeps (every option, so a later reader needs no defaults)."""
    return {jid: opts.to_dict() for jid, opts in options.items()}


def plan(request: RunRequest, options: dict[str, JudgeOptions] | None = None) -> list[PlannedUnit]:
    """Units of every selected judge, checked against the project.

    Raises OptionError, JudgeUnavailable or UnknownJudge."""
    if not request.judges:
        raise JudgeUnavailable("no judge selected")
    typed = judge_options(request) if options is None else options
    planned: list[PlannedUnit] = []
    for jid in dict.fromkeys(request.judges):
        judge = registry.get(jid)
        judge.check(request.project)
        if judge.needs_llm and request.provider is None:
            raise JudgeUnavailable(f"{jid} needs an LLM provider (choose one with --provider)")
        planned += [PlannedUnit(judge, u) for u in judge.plan(request.project, typed[jid])]
    check_budget(request, planned)
    if request.provider is not None:
        from litlens.app.llm.context import check_context
        check_context(request.provider, [p.unit for p in planned])
    return planned


class UnpricedBudget(ValueError):
    """A budget was asked for on a model whose price is unknown: it could not be kept, so nothing runs."""


def check_budget(request: RunRequest, planned: list[PlannedUnit]) -> None:
    """Refuse a budget that would be counted at $0 a call (a model missing from the price table): such
    a run would never stop at its cap. The user gives the model's prices or drops the budget."""
    if request.budget is None or request.provider is None or not any(p.unit.needs_llm for p in planned):
        return
    from litlens.app.llm.factory import prices_for
    model = request.provider.model
    if not prices_for(request.provider).price(model).known:
        raise UnpricedBudget(
            f"the price of model {model!r} is unknown, so a budget of ${request.budget:.2f} cannot be kept "
            "(every call would count as free). Give its prices in USD per million tokens "
            "(--price-in and --price-out on the command line), choose a model in the price table, "
            "or run without a budget")


def unavailable_reason(judge_id: str, project: Project, has_provider: bool) -> str | None:
    """Why ``judge_id`` cannot run on ``project`` (one sentence), or None when it can."""
    judge = registry.get(judge_id)
    try:
        judge.check(project)
    except JudgeUnavailable as exc:
        return str(exc)
    if judge.needs_llm and not has_provider:
        return f"{judge_id} needs an LLM provider"
    return None


def applicable(request: RunRequest) -> RunRequest:
    """The request without the judges that cannot run on its project, each named in ``skipped``.

    One inapplicable judge (a comparison with one translation) must not sink a run of several: the GUI
    runs the rest and says what was left out. When no judge is left the request is returned unchanged,
    so planning it reports the reason as an error.
    """
    skipped = {jid: reason for jid in dict.fromkeys(request.judges)
               if (reason := unavailable_reason(jid, request.project, request.provider is not None))}
    kept = [j for j in request.judges if j not in skipped]
    if not skipped or not kept:
        return request
    options = {k: v for k, v in request.options.items() if k in kept}
    return dataclasses.replace(request, judges=kept, options=options, skipped={**request.skipped, **skipped})


def already_stored(request: RunRequest, planned: list[PlannedUnit], store: Store) -> set[str]:
    """Qualified names of the planned units the engine will reuse from ``store`` (same key as its check)."""
    from litlens.app.run.engine import OFFLINE_MODEL
    prov = request.provider
    llm_model = f"{prov.provider}:{prov.model}" if prov is not None else OFFLINE_MODEL
    groups: dict[tuple[str, str, str], list[PlannedUnit]] = {}
    for p in planned:  # one query per judge (and model), not one per unit: see Store.stored_ok
        model = llm_model if p.unit.needs_llm else OFFLINE_MODEL
        groups.setdefault((p.unit.judge, p.judge.prompt_version, model), []).append(p)
    out: set[str] = set()
    for (judge, version, model), ps in groups.items():
        found = store.stored_ok(judge, version, model, [(p.unit.key, p.unit.input_hash) for p in ps])
        out.update(p.qualified for p in ps if (p.unit.key, p.unit.input_hash) in found)
    return out


def estimate(request: RunRequest, planned: list[PlannedUnit], store: Store | None = None) -> Estimate:
    """Units, calls, tokens and cost of running ``planned``; with ``store``, only what is not stored yet
    (a rerun of stored work costs nothing, and the estimate says so)."""
    from litlens.app.llm.factory import prices_for
    from litlens.app.run.usage import learned_input_tokens, sends_per_call
    stored = already_stored(request, planned, store) if store is not None else set()
    planned = [p for p in planned if p.qualified not in stored]
    llm_units = [p.unit for p in planned if p.unit.needs_llm]
    # units with the same inputs send the same requests (a paragraph two translations render alike):
    # the first is asked, the rest are answered from the response cache, so they cost nothing; so is a
    # unit whose inputs an earlier run already had answered for another translation
    prov = request.provider
    llm_model = f"{prov.provider}:{prov.model}" if prov is not None else ""
    answered = _answered(planned, llm_model, store) if store is not None else set()
    asked = list({(u.judge, u.request_key or u.input_hash): u for u in reversed(llm_units)
                  if (u.judge, u.input_hash) not in answered}.values())
    # earlier answers a prompt quotes are sized from what this judge really wrote before (stored usage)
    tin = learned_input_tokens(asked, store)
    tout = sum(u.est_output_tokens for u in asked)
    # requests, repair turns and retries included, at the rate the judge's recent calls needed them
    sends = sends_per_call(store, {u.judge for u in asked}) if store is not None else {}
    calls = round(sum(u.est_calls * sends.get(u.judge, 1.0) for u in asked))
    cost: float | None = 0.0
    if llm_units and request.provider is not None:
        price = prices_for(request.provider).price(request.provider.model)
        cost = price.upper_bound(tin, tout) if price.known else None
    return Estimate(len(planned), len(llm_units), tin, tout, cost, stored=len(stored), calls=calls)


def _answered(planned: list[PlannedUnit], llm_model: str, store: Store) -> set[tuple[str, str]]:
    """(judge, input hash) of the LLM units whose inputs an ok result of the same judge, prompt version and
    model already answered (Store.answered), asked once per judge."""
    hashes: dict[tuple[str, str], set[str]] = {}
    for p in planned:
        if p.unit.needs_llm:
            hashes.setdefault((p.unit.judge, p.judge.prompt_version), set()).add(p.unit.input_hash)
    return {(judge, h) for (judge, version), wanted in hashes.items()
            for h in store.answered_inputs(judge, version, llm_model, wanted)}


def _client(request: RunRequest, store: Store):
    if request.provider is None:
        return None
    from litlens.app.llm.client import Budget
    from litlens.app.llm.factory import make_client
    budget = Budget(request.budget, spent_before=spent_before(store, request.resumed_from))
    client = make_client(request.provider, cache=store, budget=budget)
    if request.sample or request.sample_temperature is not None:
        from litlens.app.llm.samples import SampleProvider
        client.provider = SampleProvider(client.provider, request.sample, request.sample_temperature)
    return client


def spent_before(store: Store, run_id: int | None) -> float:
    """What run ``run_id`` and the runs it resumed spent, together: a resumed run goes on under the same
    budget, so this counts against its cap (a new run, with no ``run_id``, starts from nothing)."""
    total, seen = 0.0, set()
    while run_id is not None and run_id not in seen:
        seen.add(run_id)
        row = store.db.execute("SELECT cost, resumed_from FROM runs WHERE id = ?", [run_id]).fetchone()
        if row is None:
            break
        total += float(row[0] or 0.0)
        run_id = row[1]
    return total


def set_prompt_cache_key(provider: object, project: Project) -> None:
    """One key per project: its calls share prompt prefixes (rubrics, story context), so the provider
    should route them to the same prompt cache. Interactive and batch calls get the same key, and it is
    a hash, so no title or text leaves the machine this way."""
    if hasattr(provider, "prompt_cache_key"):
        h = hashlib.sha256(project.name.encode("utf-8"))
        h.update(project.source.content.encode("utf-8"))
        provider.prompt_cache_key = f"litlens-{h.hexdigest()[:16]}"  # type: ignore[attr-defined]


def execute(request: RunRequest, store: Store, *, on_progress: Callable[[Progress], None] | None = None,
            cancel: threading.Event | None = None, planned: list[PlannedUnit] | None = None) -> RunSummary:
    """Plan (unless given), record a run and execute it to the end, cancel, or budget stop."""
    typed = judge_options(request)
    if planned is None:
        from litlens.app.run.speaker_corrections import attach
        store.save_project(request.project)
        attach(store, request.project)  # the reviewer's speaker corrections are read by the judges' plans
    planned = plan(request, typed) if planned is None else planned
    try:
        return _execute(request, store, typed, planned, on_progress, cancel)
    except sqlite3.Error as exc:  # a write before the engine started (saving the project, the run)
        raise StoreError(f"{store.path}: the run could not be recorded: {exc}") from None


def _execute(request: RunRequest, store: Store, typed: dict[str, JudgeOptions], planned: list[PlannedUnit],
             on_progress: Callable[[Progress], None] | None, cancel: threading.Event | None) -> RunSummary:
    project_id = store.save_project(request.project)
    uses_llm = any(p.unit.needs_llm for p in planned)
    client = _client(request, store) if uses_llm else None
    if client is not None:
        set_prompt_cache_key(client.provider, request.project)
    prov = request.provider
    run_id = store.start_run(project_id, list(dict.fromkeys(request.judges)),
                             prov.provider if (prov and uses_llm) else "offline",
                             prov.model if (prov and uses_llm) else "-", stored_options(typed),
                             request.budget, len(planned), resumed_from=request.resumed_from,
                             provider_settings={**asdict(prov), "concurrency": request.concurrency}
                             if prov else {"concurrency": request.concurrency})
    if client is not None:
        client.budget.run_id = run_id  # the budget's stop message names the run to resume
    from litlens.app.run.revisions import kept_revisions, record_run_revisions
    judged = record_run_revisions(store, project_id, request.project, run_id)  # which text each result saw
    notices = kept_revisions(store, project_id, judged)
    engine = Engine(store, client, concurrency=request.concurrency, on_progress=on_progress, cancel=cancel)

    async def go() -> RunSummary:
        try:
            return await engine.run(request.project, planned, run_id, typed)
        finally:
            if client is not None:
                await client.provider.aclose()

    try:
        summary = asyncio.run(go())
    except BaseException as exc:
        try:
            store.update_run(run_id, status="aborted", error=f"{type(exc).__name__}: {exc}")
        except Exception:  # the store failing too must not hide the first error
            log.exception("run %s: its aborted status could not be stored", run_id)
        raise
    summary.notices.extend(notices)
    if summary.status == "failed":
        raise RunFailed(summary)
    return summary


class RunFailed(StoreError):
    """A run stopped because its results could not be stored (disk full, I/O error, read-only database).
    Raised by ``execute`` so no caller can mistake the run for a finished one; ``summary`` says how far
    it got."""

    def __init__(self, summary: RunSummary) -> None:
        p = summary.progress
        super().__init__(f"run {summary.run_id} failed: {summary.error} ({p.done - p.reused} of {p.total} "
                         "units stored before the failure; free space or fix the database, then "
                         f"`litlens resume {summary.run_id}`)")
        self.summary = summary


log = logging.getLogger(__name__)

RESUMABLE = ("interrupted", "cancelled", "aborted", "budget", "failed")


def resume_request(store: Store, run_id: int, project: Project | None = None) -> RunRequest:
    """The request that runs stored run ``run_id`` again: same project, judges, options, budget and
    provider settings (the key comes from the keyring or environment, as for any run).

    Executing it records a new run; every unit the old run finished is reused from the store, so only
    what it did not get to is paid for. Raises ValueError for a run that is finished or still running.
    """
    run = store.get_run(run_id)
    if run["status"] not in RESUMABLE:
        state = "is still running" if run["status"] == "running" else f"is {run['status']}"
        raise ValueError(f"run {run_id} {state}; only an interrupted, cancelled, aborted or budget-stopped "
                         "run can be resumed")
    request = repeat_request(store, run_id, project)
    request.resumed_from = run_id
    return request


def repeat_request(store: Store, run_id: int, project: Project | None = None) -> RunRequest:
    """The request stored run ``run_id`` was made from (any status): same project, judges, options,
    budget and provider settings, the key read again from the keyring or environment."""
    from litlens.app.llm.factory import ProviderSettings
    run = store.get_run(run_id)
    saved = json.loads(run.get("provider_settings") or "{}")
    concurrency = int(saved.pop("concurrency", 8) or 8)
    provider = None
    if run["provider"] != "offline":
        saved.update(provider=run["provider"], model=run["model"])
        known = ProviderSettings.__dataclass_fields__
        provider = ProviderSettings(**{k: v for k, v in saved.items() if k in known})
    return RunRequest(project=project if project is not None else store.load_project(run["project_id"]),
                      judges=json.loads(run["judges"]), provider=provider,
                      options=json.loads(run["options"] or "{}"), budget=run["budget"],
                      concurrency=concurrency)


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
