"""The reviewer's own decisions as a human annotation source: a finding the reviewer accepted is a person's
span as the judge drew it, a corrected one is the span as corrected (range, category, severity), an added
finding is a span no judge found, and a rejected one is no span at all. Rows the reviewer decided
anything on count as seen; on them, only the findings the reviewer decided are compared (an undecided
finding is not yet right or wrong), so a judge's precision is how often its findings were kept.

Decisions are taken on the candidate's text of their revision; only those on the revision the run judged
are used, the others are listed as made on another text."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .model import SOURCE, TARGET, HumanAnnotations, HumanSpan, Problem

if TYPE_CHECKING:
    from litlens.app.core.model import Judgment, Project, Span
    from litlens.app.run.store import Store

REVIEWER = "reviewer"


def _row_of(project: Project, label: str, offset: int) -> int | None:
    text = project.candidate(label).text
    cand = project.candidate(label)
    for i, p in enumerate(text.paragraphs):
        if p.start <= offset < p.end:
            for pair in (cand.alignment.pairs if cand.alignment else []):
                if i in pair.target and pair.source:
                    return pair.source[0]
            return None
    return None


def _source_row(project: Project, offset: int) -> int | None:
    for i, p in enumerate(project.source.paragraphs):
        if p.start <= offset < p.end:
            for c in project.candidates:
                for pair in (c.alignment.pairs if c.alignment else []):
                    if i in pair.source:
                        return pair.source[0]
    return None


def _place(project: Project, label: str, span: Span | None, a: Any) -> tuple[str, int, int, int] | None:
    """(side, start, end, row) of a decided finding as the reviewer left it."""
    start = a.start if a.start is not None else (span.start if span else None)
    end = a.end if a.end is not None else (span.end if span else None)
    if start is not None and end is not None and end > start:
        row = _row_of(project, label, start)
        return None if row is None else (TARGET, start, end, row)
    if span is not None and span.source_start is not None and span.source_end is not None:
        row = _source_row(project, span.source_start)
        return None if row is None else (SOURCE, span.source_start, span.source_end, row)
    return None


class Decided:
    """Which findings of a run the reviewer decided (by identity of the Span objects of ``results``)."""

    def __init__(self) -> None:
        self.ids: set[int] = set()

    def __call__(self, span: Span) -> bool:
        return id(span) in self.ids


def from_decisions(store: Store, project_id: int, project: Project, results: list[Judgment],
                run: dict[str, Any] | None = None) -> tuple[HumanAnnotations, Decided]:
    """The reviewer's decisions on ``results``' findings as HumanAnnotations, and the predicate that
    keeps only decided findings on the judges' side."""
    from litlens.app.mqm.states import latest_decisions
    from litlens.app.run import annotations as ann_store
    judged = json.loads((run or {}).get("revisions") or "{}")
    all_decisions = ann_store.for_project(store, project_id)
    latest = latest_decisions(all_decisions)
    ids = ann_store.span_ids(store, project_id)
    out = HumanAnnotations(source_name="reviewer decisions")
    decided = Decided()
    seen_spans: set[tuple[str, str, int, int, str]] = set()

    def on_judged_text(a: Any) -> bool:
        rev = a.revision if a.revision is not None else 0
        if rev != judged.get(a.candidate, 0):
            out.unplaced.append(Problem(a.id or 0, f"decision on revision {rev} of {a.candidate}, the run "
                                                   f"judged revision {judged.get(a.candidate, 0)}"))
            return False
        return True

    def keep(label: str, where: tuple[str, int, int, int], category: str, severity: str, line: int) -> None:
        side, start, end, row = where
        out.seen.add((REVIEWER, label, row))
        key = (label, side, start, end, category)
        if key not in seen_spans:  # two judges' findings on the same words, both kept: one problem
            seen_spans.add(key)
            out.spans.append(HumanSpan(REVIEWER, label, row, side, start, end, category, severity,
                                       category, line))

    labels = {c.label for c in project.candidates}
    for j in results:
        if j.status != "ok" or j.candidate not in labels:
            continue
        for s in j.spans:
            sid = ids.get(ann_store.span_key(s, j.candidate))
            a = latest.get(sid) if sid is not None else None
            if a is None or not on_judged_text(a):
                continue
            where = _place(project, j.candidate, s, a)
            if where is None:
                out.unplaced.append(Problem(a.id or 0, "a decided finding with no position"))
                continue
            decided.ids.add(id(s))
            out.seen.add((REVIEWER, j.candidate, where[3]))
            if a.action in ("accept", "edit"):
                keep(j.candidate, where, (a.category if a.action == "edit" else "") or s.category,
                     (a.severity if a.action == "edit" else "") or s.severity, a.id or 0)
    for a in all_decisions:
        if a.action != "add" or a.candidate not in labels or not on_judged_text(a):
            continue
        where = _place(project, a.candidate, None, a)
        if where is None:
            out.unplaced.append(Problem(a.id or 0, "an added finding with no position"))
            continue
        keep(a.candidate, where, a.category, a.severity, a.id or 0)
    return out, decided
