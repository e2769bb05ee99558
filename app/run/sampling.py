"""Asking a stored run's LLM judges again: N samples in all (the run is sample 0; ``app.llm.samples`` keeps each
sample's cache and result keys apart, so every sample is stored, resumable and paid once), or adaptively:
sample 1 asks every unit, and samples 2..N-1 ask only the units whose first two samples disagree (a finding
one of them has and the other has not, as ``app.metrics.sample_stability`` joins findings, or a different
score), so paragraphs the judge answers the same way twice cost nothing more.

A budget covers all the samples asked here together: each sample run gets what the ones before it left."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from litlens.app.core.model import Judgment
    from litlens.app.run.store import Store


@dataclass
class Sampled:
    runs: list[int] = field(default_factory=list)  # the sample runs made here (sample 1 first)
    spent: float = 0.0
    disagreeing: set[tuple[str, str]] = field(default_factory=set)  # (judge, unit) asked after sample 1
    agreeing: int = 0  # units whose first two samples agreed (not asked again)
    stopped: str = ""  # why sampling stopped early (a run that did not finish), empty when it did not


def disagree(a: Judgment, b: Judgment) -> bool:
    """Two samples of one unit disagree: a finding of one has no match in the other, or a score differs."""
    from litlens.app.metrics.sample_stability import same_problem
    if any(not any(same_problem(s, t) for t in b.spans) for s in a.spans):
        return True
    if any(not any(same_problem(t, s) for s in a.spans) for t in b.spans):
        return True
    return {(s.dimension, s.value) for s in a.scores} != {(s.dimension, s.value) for s in b.scores}


def first_two(store: Store, project_id: int) -> dict[tuple[str, str], tuple[Judgment, Judgment]]:
    """Each (judge, unit) with sample 0 and sample 1 on its current text (its newest input hash)."""
    from litlens.app.metrics.sample_stability import sample_tag
    from litlens.app.run.store import judgment_from_json
    rows = store.db.execute(
        "SELECT r.judge, r.unit, r.model, r.input_hash, r.data FROM results r "
        "JOIN run_results rr ON rr.result_id = r.id JOIN runs ru ON ru.id = rr.run_id "
        "WHERE ru.project_id = ? AND r.status = 'ok' GROUP BY r.id ORDER BY r.id", [project_id]).fetchall()
    newest = {(j, u): h for j, u, _m, h, _d in rows}
    found: dict[tuple[str, str], dict[str, str]] = {}
    for judge, unit, model, input_hash, data in rows:
        tag = sample_tag(model)
        if input_hash == newest[(judge, unit)] and tag in ("", "s1"):
            found.setdefault((judge, unit), {})[tag] = data
    return {k: (judgment_from_json(v[""]), judgment_from_json(v["s1"])) for k, v in found.items()
            if "" in v and "s1" in v}


def ask_again(store: Store, run_id: int, n: int, *, adaptive: bool = False,
              budget: float | None = None) -> Sampled:
    """Samples 1..n-1 of run ``run_id`` (see the module); what is stored already is reused, free."""
    from litlens.app.run import service
    if n < 2:
        raise ValueError("asking again needs 2 samples or more")
    request = service.repeat_request(store, run_id)
    if request.provider is None:
        raise ValueError(f"run {run_id} used no LLM judge; a deterministic judge finds the same every time")
    project_id = int(store.get_run(run_id)["project_id"])
    out = Sampled()
    cap = budget if budget is not None else request.budget
    for k in range(1, n):
        request.sample = k
        request.budget = None if cap is None else max(0.0, cap - out.spent)
        planned = service.plan(request)
        if adaptive and k >= 2:
            planned = [p for p in planned if (p.unit.judge, p.unit.key) in out.disagreeing]
            if not planned:
                break
        summary = service.execute(request, store, planned=planned)
        out.runs.append(summary.run_id)
        out.spent += summary.progress.cost
        if summary.status != "done":
            out.stopped = f"sample {k} (run {summary.run_id}) ended {summary.status}"
            break
        if adaptive and k == 1:
            pairs = first_two(store, project_id)
            out.disagreeing = {key for key, (a, b) in pairs.items() if disagree(a, b)}
            out.agreeing = len(pairs) - len(out.disagreeing)
    return out
