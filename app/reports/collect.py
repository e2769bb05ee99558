"""Everything a report shows about one stored run, gathered once: the project, each finding placed in
its segment with source and target context and its review status, scores, summaries, radar data and
the rationales behind rankings. Every writer (HTML, PDF, CSV, XLSX, JSON, XLIFF) reads this."""

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
from litlens.app.cli.output import summaries
from litlens.app.metrics.uncertainty import mean_interval
from litlens.app.run.store import Store

STATUS_BY_ACTION = {"accept": "accepted", "reject": "rejected", "edit": "edited", "add": "added"}
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
    status: str = "open"
    note: str = ""
    span_id: int | None = None
    check: str = ""  # a judge's own sub-check (e.g. consistency's "doubled"), when it has one


@dataclass
class ScoreTable:
    judge: str
    dimensions: list[str]
    scale: dict[str, tuple[float, float]]
    means: dict[str, dict[str, float]]  # candidate -> dimension -> mean
    rows: list[dict[str, Any]]  # per unit: candidate, paragraph, segment_id, values, rationale
    # candidate -> dimension -> 95% t-interval [low, high] of the mean over the units (paragraphs)
    intervals: dict[str, dict[str, list[float]]] = field(default_factory=dict)


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

    @property
    def title(self) -> str:
        return f"{self.project.name} — run {self.run['id']}"


def _results_with_span_ids(store: Store, run_id: int) -> list[tuple[Judgment, list[int | None]]]:
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


def _annotations(store: Store, project_id: int) -> list[dict[str, Any]]:
    if "annotations" not in store.db.table_names():
        return []
    return list(store.db.query(
        "SELECT * FROM annotations WHERE project_id = ? ORDER BY COALESCE(updated_at, created_at), id",
        [project_id]))


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


def _span_issue(placer: _Placer, label: str, j: Judgment, sp: Span) -> Issue:
    return _issue(placer, label, sp.judge or j.judge, sp.category, sp.severity, sp.explanation, sp.suggestion,
                  sp.quote, sp.start, sp.end, sp.paragraph if sp.paragraph is not None else j.paragraph,
                  str(sp.data.get("check", "")) if isinstance(sp.data, dict) else "")


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
        intervals = {c: {d: b for d, v in per.items() if (iv := mean_interval(v)) and (b := iv.as_list())}
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


def collect(store: Store, run_id: int, candidate: str | None = None) -> ReportData:
    """Gather run ``run_id`` (only candidate ``candidate`` when given). Raises StoreError/ReportError."""
    from litlens.app.run.revisions import project_for_run
    run = store.get_run(run_id)
    project = project_for_run(store, run)  # the texts this run judged, even if edited since
    labels = [c.label for c in project.candidates]
    if candidate is not None and candidate not in labels:
        raise ReportError(f"run {run_id} has no candidate {candidate!r} (it has: {', '.join(labels)})")
    wanted = [candidate] if candidate else labels
    placers = {c.label: _Placer(project, c) for c in project.candidates}
    pairs = [(j, ids) for j, ids in _results_with_span_ids(store, run_id)
             if j.candidate is None or j.candidate in wanted]
    results = [j for j, _ in pairs]
    issues: list[Issue] = []
    by_span: dict[int, Issue] = {}
    for j, ids in pairs:
        for sp, sid in zip(j.spans, ids):
            label = j.candidate or ""
            if label not in placers:
                continue
            issue = _span_issue(placers[label], label, j, sp)
            issue.span_id = sid
            issues.append(issue)
            if sid is not None:
                by_span[sid] = issue
    _apply_annotations(_annotations(store, project.id or 0), by_span, issues, placers, wanted)
    issues.sort(key=lambda i: (wanted.index(i.candidate) if i.candidate in wanted else 99,
                               i.text_start if i.text_start is not None else 10**12,
                               SEV_ORDER.get(i.severity, 9)))
    sums = summaries(results)
    failures = [{"judge": j.judge, "candidate": j.candidate, "paragraph": j.paragraph, "unit": j.unit,
                 "error": j.error or ""} for j in results if j.status != "ok"]
    return ReportData(run=run, project=project, candidates=wanted, issues=issues,
                      scores=_scores(results, placers), summaries=sums, radar=_radar(sums),
                      rationales=_rationales(results), failures=failures, results=results,
                      ledger=_ledger(sums, wanted))


def _apply_annotations(rows: list[dict[str, Any]], by_span: dict[int, Issue], issues: list[Issue],
                       placers: dict[str, _Placer], wanted: list[str]) -> None:
    """A finding's status is the latest human action on its span; added findings join the list."""
    for a in rows:
        action = a.get("action") or ""
        if a.get("span_id") is not None and a["span_id"] in by_span:
            issue = by_span[a["span_id"]]
            issue.status = STATUS_BY_ACTION.get(action, action or "open")
            issue.note = a.get("note") or ""
            if action == "edit":
                issue.category = a.get("category") or issue.category
                issue.severity = a.get("severity") or issue.severity
        elif action == "add" and a.get("candidate") in wanted and a.get("candidate") in placers:
            added = _issue(placers[a["candidate"]], a["candidate"], a.get("judge") or "human",
                           a.get("category") or "other", a.get("severity") or "minor", a.get("note") or "",
                           "", a.get("quote") or "", a.get("start"), a.get("end"), a.get("paragraph"))
            added.status, added.note = "added", a.get("note") or ""
            issues.append(added)


def issue_dicts(data: ReportData) -> list[dict[str, Any]]:
    from dataclasses import asdict
    return [asdict(i) for i in data.issues]


def run_options(data: ReportData) -> dict[str, Any]:
    try:
        return json.loads(data.run.get("options") or "{}")
    except ValueError:
        return {}
