"""Everything a report shows about one stored run, gathered once: the project, each finding placed in
its segment with source and target context and its review state, scores, summaries, radar data and
the rationales behind rankings. Every writer (HTML, PDF, CSV, XLSX, JSON, XLIFF) reads this.

A report shows the candidates' texts as they are now (the current revision, as the window does): the
run's findings are carried through the edits made since (moved with their words, or kept and marked
outdated), and each finding's state is read by ``app.mqm.states``, the one reading the window uses."""

from __future__ import annotations

import bisect
import json
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from litlens.app.judges.base import Summary
from litlens.app.judges.payloads import RadarData, SpeechLevelLedger
from litlens.app.core.model import Candidate, Judgment, Project, Span
from litlens.app.core.run_numbers import project_numbers
from litlens.app.cli.output import summaries
from litlens.app.metrics.uncertainty import mean_interval
from litlens.app.mqm.states import HUMAN, finding_states, latest_decisions
from litlens.app.run.store import Store

SEV_ORDER = {"critical": 0, "major": 1, "minor": 2, "neutral": 3}


class ReportError(Exception):
    """A report cannot be made as asked (unknown candidate, nothing to export...)."""


@dataclass
class Issue:
    """One finding as a translator reads it. ``start``/``end`` are offsets into the target segment;
    ``text_start``/``text_end`` into the whole candidate text."""

    candidate: str
    segment_id: str
    paragraph: int | None  # 0-based candidate paragraph
    source: str
    target: str
    judge: str
    category: str
    severity: str
    explanation: str
    suggestion: str
    quote: str
    start: int | None
    end: int | None
    text_start: int | None
    text_end: int | None
    status: str = "open"  # one of app.mqm.states.STATUSES
    note: str = ""
    span_id: int | None = None
    check: str = ""  # a judge's own sub-check (e.g. consistency's "doubled"), when it has one
    merged_with: str = ""  # the other judges whose findings are one row with this one ("a, b")
    applied_in: int | None = None  # the revision that applied its correction


@dataclass
class ScoreTable:
    judge: str
    dimensions: list[str]
    scale: dict[str, tuple[float, float]]
    means: dict[str, dict[str, float]]  # candidate -> dimension -> mean
    rows: list[dict[str, Any]]  # per unit: candidate, paragraph, segment_id, values, rationale
    # candidate -> dimension -> 95% t-interval [low, high] of the mean over the units (paragraphs)
    intervals: dict[str, dict[str, list[float]]] = field(default_factory=dict)

    def filled(self, column: str) -> bool:
        """Whether any row has a value in ``column`` ("candidate", "segment_id", "rationale"): a column
        empty in every row (a whole-text judge has no segment) is left out of the table."""
        return any(r.get(column) for r in self.rows)


@dataclass
class ReportData:
    run: dict[str, Any]
    project: Project
    candidates: list[str]
    issues: list[Issue]
    scores: list[ScoreTable]
    summaries: dict[str, list[Summary]]
    radar: dict[str, dict[str, float]]  # candidate -> category -> percent (VERSE)
    rationales: list[dict[str, Any]]  # judge, paragraph, text (ranking and best-worst verdicts)
    failures: list[dict[str, Any]]
    results: list[Judgment] = field(default_factory=list)
    # candidate -> relationship ledger (app.korean.ledger): one entry per speaker → listener pair
    ledger: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    generated_at: float = field(default_factory=time.time)
    # candidate -> the revision of its text the report shows, and the one the run judged
    revisions: dict[str, int] = field(default_factory=dict)
    judged_revisions: dict[str, int] = field(default_factory=dict)
    qa_profile: str = "literary"  # the QA profile of the report's scorecard (a built-in name or a file)
    run_number: int = 0  # the run's number within its project (what the window shows); 0: not known

    @property
    def run_name(self) -> str:
        """"run 2 of this project (store id 7)": the number a person knows, and the id commands take."""
        if not self.run_number:
            return f"run {self.run['id']}"
        return f"run {self.run_number} of this project (store id {self.run['id']})"

    @property
    def title(self) -> str:
        return f"{self.project.name} — run {self.run_number or self.run['id']}"


def results_with_span_ids(store: Store, run_id: int) -> list[tuple[Judgment, list[int | None]]]:
    from litlens.app.run.store import judgment_from_json
    rows = store.db.execute(
        "SELECT r.id, r.data FROM results r JOIN run_results rr ON rr.result_id = r.id WHERE rr.run_id = ? "
        "ORDER BY r.judge, r.candidate, r.paragraph, r.unit", [run_id]).fetchall()
    out = []
    for rid, data in rows:
        j = judgment_from_json(data)
        # spans are stored in the judgment's order, so the n-th row belongs to the n-th span
        ids = [r[0] for r in store.db.execute("SELECT id FROM spans WHERE result_id = ? ORDER BY id", [rid])]
        out.append((j, [ids[i] if i < len(ids) else None for i in range(len(j.spans))]))
    return out


def _annotations(store: Store, project_id: int) -> list[Any]:
    if "annotations" not in store.db.table_names():
        return []
    from litlens.app.run.annotations import for_project
    return for_project(store, project_id)


class _Placer:
    """Finds a candidate paragraph, its segment ID and its source context from offsets."""

    def __init__(self, project: Project, cand: Candidate) -> None:
        self.project, self.cand = project, cand
        self.starts = [p.start for p in cand.text.paragraphs]
        self.source_of: dict[int, tuple[int, ...]] = {}
        for pair in (cand.alignment.pairs if cand.alignment else []):
            for t in pair.target:
                self.source_of[t] = pair.source

    def paragraph_at(self, offset: int) -> int | None:
        i = bisect.bisect_right(self.starts, offset) - 1
        return i if 0 <= i < len(self.starts) else None

    def segment_id(self, para: int | None) -> str:
        if para is None:
            return ""
        ids = self.cand.text.segment_ids
        if para < len(ids):
            return ids[para]
        src = self.source_of.get(para, ())
        sids = self.project.source.segment_ids
        if len(src) == 1 and src[0] < len(sids):
            return sids[src[0]]
        return str(para + 1)  # plain documents: the paragraph number

    def context(self, para: int | None) -> tuple[str, str]:
        if para is None or para >= len(self.cand.text.paragraphs):
            return "", ""
        src = "\n".join(self.project.source.paragraphs[i].text for i in self.source_of.get(para, ())
                        if i < len(self.project.source.paragraphs))
        return src, self.cand.text.paragraphs[para].text


def _issue(placer: _Placer, label: str, judge: str, category: str, severity: str, explanation: str,
           suggestion: str, quote: str, start: int | None, end: int | None, para_hint: int | None,
           check: str = "") -> Issue:
    para = placer.paragraph_at(start) if start is not None else para_hint
    src, tgt = placer.context(para)
    base = placer.cand.text.paragraphs[para].start if para is not None and start is not None and \
        para < len(placer.cand.text.paragraphs) else None
    rel_s = start - base if base is not None and start is not None else None
    rel_e = end - base if base is not None and end is not None else None
    if not quote and start is not None and end is not None:
        quote = placer.cand.text.content[start:end]
    return Issue(candidate=label, segment_id=placer.segment_id(para), paragraph=para, source=src, target=tgt,
                 judge=judge, category=category, severity=severity, explanation=explanation,
                 suggestion=suggestion, quote=quote, start=rel_s, end=rel_e, text_start=start, text_end=end,
                 check=check)


def _scores(results: list[Judgment], placers: dict[str, _Placer]) -> list[ScoreTable]:
    by_judge: dict[str, list[Judgment]] = defaultdict(list)
    for j in results:
        if j.status == "ok" and j.scores:
            by_judge[j.judge].append(j)
    tables = []
    for judge, items in by_judge.items():
        dims = list(dict.fromkeys(s.dimension for j in items for s in j.scores))
        scale = {s.dimension: (s.scale_min, s.scale_max) for j in items for s in j.scores}
        sums: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
        rows = []
        for j in sorted(items, key=lambda j: (j.candidate or "", -1 if j.paragraph is None else j.paragraph)):
            vals = {s.dimension: s.value for s in j.scores}
            for d, v in vals.items():
                sums[j.candidate or ""][d].append(v)
            last = rows[-1] if rows else None
            if last and (last["candidate"], last["paragraph"]) == (j.candidate or "", j.paragraph) \
                    and not set(vals) & set(last["values"]):
                # one unit per criterion (DA-MQM's paper protocol): the paragraph keeps one row
                last["values"].update(vals)
                said = [last["rationale"]] + [s.rationale for s in j.scores]
                last["rationale"] = " ".join(r for r in said if r)
                continue
            placer = placers.get(j.candidate or "")
            rows.append({"candidate": j.candidate or "", "paragraph": j.paragraph,
                         "segment_id": placer.segment_id(j.paragraph) if placer and j.paragraph is not None
                         else "", "values": vals,
                         "rationale": " ".join(s.rationale for s in j.scores if s.rationale)})
        means = {c: {d: sum(v) / len(v) for d, v in per.items()} for c, per in sums.items()}
        # the mean of scores on a scale lies on it: the interval is clipped to the scale's ends
        intervals = {c: {d: b for d, v in per.items()
                         if (iv := mean_interval(v, bounds=scale.get(d))) and (b := iv.as_list())}
                     for c, per in sums.items()}
        tables.append(ScoreTable(judge, dims, scale, means, rows, intervals))
    return tables


def _radar(sums: dict[str, list[Summary]]) -> dict[str, dict[str, float]]:
    """Per-axis values of the first radar payload (any judge's), or of a table whose data is shaped like
    {cand: {axis: {"percent", "n"}}} (stored by versions before payloads)."""
    for items in sums.values():
        for sm in items:
            if sm.data.get("kind") == RadarData.kind:
                nested = RadarData.from_dict(sm.data).as_nested()
                return {cand: {ax: float(v["percent"]) for ax, v in cats.items()}
                        for cand, cats in nested.items()}
    for items in sums.values():
        for sm in items:
            d = sm.data
            if d and all(isinstance(v, dict) and v and all(isinstance(c, dict) and "percent" in c
                                                          for c in v.values()) for v in d.values()):
                return {cand: {cat: float(v["percent"]) for cat, v in cats.items()} for cand, cats in d.items()}
    return {}


def _ledger(sums: dict[str, list[Summary]], wanted: list[str]) -> dict[str, list[dict[str, Any]]]:
    """The relationship ledger of the first speech-level payload, for the reported candidates only."""
    for items in sums.values():
        for sm in items:
            if sm.data.get("kind") == SpeechLevelLedger.kind and sm.data.get("pairs"):
                return {c: list(p) for c, p in sm.data["pairs"].items() if c in wanted and p}
    return {}


def _rationales(results: list[Judgment]) -> list[dict[str, Any]]:
    out = []
    for j in results:
        if j.status != "ok":
            continue
        text = j.data.get("rationale_labelled") or j.data.get("rationale")
        if isinstance(text, str) and text.strip():
            best = j.data.get("best") or j.data.get("winner") or ""
            out.append({"judge": j.judge, "paragraph": j.paragraph, "unit": j.unit, "best": str(best),
                        "text": text.strip()})
    return out


def collect(store: Store, run_id: int, candidate: str | None = None, *, current: bool = True) -> ReportData:
    """Gather run ``run_id`` (only candidate ``candidate`` when given) on the candidates' current texts
    (``current`` False: on the texts the run judged). Raises StoreError/ReportError."""
    from litlens.app.run.revisions import heads, project_for_run
    run = store.get_run(run_id)
    judged = project_for_run(store, run)  # the texts this run judged, even if edited since
    project = store.load_project(int(run["project_id"])) if current else judged
    labels = [c.label for c in judged.candidates]
    if candidate is not None and candidate not in labels:
        raise ReportError(f"run {run_id} has no candidate {candidate!r} (it has: {', '.join(labels)})")
    wanted = [candidate] if candidate else labels
    shown = {c.label for c in project.candidates}
    placers = {c.label: _Placer(project, c) for c in project.candidates}
    pairs = [(j, ids) for j, ids in results_with_span_ids(store, run_id)
             if j.candidate is None or j.candidate in wanted]
    results = [j for j, _ in pairs]
    carried = _Carrier(store, project, judged)
    judged_numbers = json.loads(run.get("revisions") or "{}")
    spans: dict[str, list[Span]] = defaultdict(list)
    ids: dict[int, int | None] = {}
    meta: dict[int, Judgment] = {}
    judged_spans: dict[str, list[tuple[Span, int | None, Judgment]]] = defaultdict(list)
    for j, span_ids in pairs:
        label = j.candidate or ""
        if label in shown:
            judged_spans[label] += [(sp, sid, j) for sp, sid in zip(j.spans, span_ids)]
    for label, found in judged_spans.items():  # one pass over the edits per candidate, not per result
        for sp, (_old, sid, j) in zip(carried.spans(label, [f[0] for f in found]), found):
            spans[label].append(sp)
            ids[id(sp)], meta[id(sp)] = sid, j
    review = _annotations(store, project.id or 0)
    decisions = latest_decisions(review)
    added = [a for a in review if a.action == "add" and a.candidate in wanted and a.candidate in shown]
    for a in added:
        sp = carried.annotation_span(a, judged_numbers.get(a.candidate, 0))
        spans[a.candidate].append(sp)
        ids[id(sp)] = -(a.id or 0)
        decisions[-(a.id or 0)] = a
    issues: list[Issue] = []
    for label, found in spans.items():
        states = finding_states(found, decisions, lambda s: ids.get(id(s)))
        for sp in found:
            st = states[id(sp)]
            j = meta.get(id(sp))
            eff = st.span
            para_hint = eff.paragraph if eff.paragraph is not None else (j.paragraph if j else None)
            issue = _issue(placers[label], label, eff.judge or (j.judge if j else HUMAN), eff.category,
                           eff.severity, eff.explanation, eff.suggestion, eff.quote, eff.start, eff.end,
                           para_hint, str(eff.data.get("check", "")) if isinstance(eff.data, dict) else "")
            issue.status, issue.note = st.status, st.note
            issue.span_id = ids.get(id(sp)) if j is not None else None
            issue.merged_with, issue.applied_in = ", ".join(st.merged_with), st.applied_in
            issues.append(issue)
    issues.sort(key=lambda i: (wanted.index(i.candidate) if i.candidate in wanted else 99,
                               i.text_start if i.text_start is not None else 10**12,
                               SEV_ORDER.get(i.severity, 9)))
    sums = summaries(results)
    failures = [{"judge": j.judge, "candidate": j.candidate, "paragraph": j.paragraph, "unit": j.unit,
                 "error": j.error or ""} for j in results if j.status != "ok"]
    now = heads(store, project.id or 0) if current else {}
    return ReportData(run=run, project=project, candidates=wanted, issues=issues,
                      scores=_scores(results, placers), summaries=sums, radar=_radar(sums),
                      rationales=_rationales(results), failures=failures, results=results,
                      ledger=_ledger(sums, wanted),
                      revisions={c: int(now.get(c, judged_numbers.get(c, 0))) for c in wanted},
                      judged_revisions={c: int(judged_numbers.get(c, 0)) for c in wanted},
                      run_number=project_numbers(store.list_runs(int(run["project_id"]))).get(int(run_id), 0))


class _Carrier:
    """Places spans found on one revision of a candidate on the text the report shows."""

    def __init__(self, store: Store, project: Project, judged: Project) -> None:
        self.store, self.project, self.judged = store, project, judged
        self._texts: dict[tuple[str, int], Any] = {}

    def spans(self, label: str, spans: list[Span]) -> list[Span]:
        from litlens.app.run.revisions import carry_spans
        old, new = self.judged.candidate(label).text, self.project.candidate(label).text
        return spans if old.content == new.content or not spans else carry_spans(spans, old, new)

    def annotation_span(self, a: Any, default_revision: int) -> Span:
        """A reviewer's own finding as a span on the shown text (outdated when its words were edited)."""
        from litlens.app.run.revisions import carry_spans, revision_text
        sp = Span(judge=HUMAN, category=a.category or "other", severity=a.severity or "minor",
                  start=a.start, end=a.end, quote=a.quote or "", explanation=a.note or "",
                  suggestion=getattr(a, "suggestion", "") or "", paragraph=a.paragraph)
        if a.start is None or a.end is None:
            return sp
        number = a.revision if a.revision is not None else default_revision
        key = (a.candidate, number)
        if key not in self._texts:
            self._texts[key] = revision_text(self.store, self.project.id or 0, a.candidate, number)
        old, new = self._texts[key], self.project.candidate(a.candidate).text
        return sp if old.content == new.content else carry_spans([sp], old, new)[0]


def review_states(store: Store, run_id: int) -> tuple[list[Judgment], list[list[str]]]:
    """The run's results (in the store's order) and each finding's review state, as the window and the
    reports read it (``app.mqm.states``), parallel to each result's spans."""
    pairs = results_with_span_ids(store, run_id)
    by_id = {i.span_id: i.status for i in collect(store, run_id).issues if i.span_id is not None}
    return [j for j, _ in pairs], [[by_id.get(sid, "") if sid is not None else "" for sid in ids]
                                    for _j, ids in pairs]


def issue_dicts(data: ReportData) -> list[dict[str, Any]]:
    from dataclasses import asdict
    return [asdict(i) for i in data.issues]


def run_options(data: ReportData) -> dict[str, Any]:
    try:
        return json.loads(data.run.get("options") or "{}")
    except ValueError:
        return {}
