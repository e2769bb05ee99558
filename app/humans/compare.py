"""The judges of a stored run against people's spans: builds the compared units (one rater's view of one
candidate's aligned row against what a judge found there) and the table of app/metrics/spans_meta.py for
every judge that reports spans, with the raters' agreement with each other as the ceiling.

A judge is compared only on rows it was asked about (an ok result for that candidate and row, or a
whole-text result), and only on rows some rater annotated: rows nobody saw say nothing either way."""

from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from litlens.app.metrics import spans_meta as sm

from .matching import aligned_rows
from .model import SOURCE, TARGET, HumanAnnotations

if TYPE_CHECKING:
    from litlens.app.core.model import Judgment, Project, Span, Text

RATERS = "human raters"  # the ceiling row's name
Item = tuple[str, int]  # (candidate, aligned row)


def _paragraph_at(text: Text, offset: int) -> int | None:
    starts = [p.start for p in text.paragraphs]
    i = bisect_right(starts, offset) - 1
    return i if i >= 0 and offset < text.paragraphs[i].end else None


@dataclass
class JudgeSpans:
    """One judge's findings placed on (candidate, row) items, the items it covered, and what it could not
    place."""

    by_item: dict[Item, list[sm.EvalSpan]] = field(default_factory=lambda: defaultdict(list))
    covered: set[Item] = field(default_factory=set)
    unplaced: int = 0
    findings: int = 0


def judge_spans(results: list[Judgment], project: Project,
                keep: Callable[[Span], bool] | None = None) -> dict[str, JudgeSpans]:
    """Every judge that reported at least one finding in ``results``, its findings placed on items
    (only those ``keep`` accepts, when given)."""
    row_of, source_row = aligned_rows(project)
    labels = {c.label for c in project.candidates}
    out: dict[str, JudgeSpans] = {}
    for j in results:
        if j.status != "ok" or j.candidate not in labels:
            continue
        js = out.setdefault(j.judge, JudgeSpans())
        rows = row_of[j.candidate]
        if j.paragraph is None:
            js.covered.update((j.candidate, r) for r in set(rows.values()))
        else:
            js.covered.add((j.candidate, j.paragraph))
        cand_text = project.candidate(j.candidate).text
        for s in j.spans:
            if keep is not None and not keep(s):
                continue
            js.findings += 1
            side, start, end, row = TARGET, s.start, s.end, None
            if s.start is not None and s.end is not None and s.end > s.start:
                para = _paragraph_at(cand_text, s.start)
                row = rows.get(para) if para is not None else None
            elif s.source_start is not None and s.source_end is not None and s.source_end > s.source_start:
                side, start, end = SOURCE, s.source_start, s.source_end
                para = _paragraph_at(project.source, s.source_start)
                row = source_row.get(para) if para is not None else None
            if row is None or start is None or end is None:
                js.unplaced += 1
                continue
            js.by_item[(j.candidate, row)].append(sm.EvalSpan(side, start, end, s.category, s.severity))
    return {k: v for k, v in out.items() if v.findings}


def human_spans(ann: HumanAnnotations) -> dict[tuple[str, str, int], list[sm.EvalSpan]]:
    out: dict[tuple[str, str, int], list[sm.EvalSpan]] = defaultdict(list)
    for h in ann.spans:
        out[(h.rater, h.candidate, h.row)].append(sm.EvalSpan(h.side, h.start, h.end, h.category, h.severity))
    return out


def judge_units(ann: HumanAnnotations, js: JudgeSpans) -> list[sm.Unit]:
    people = human_spans(ann)
    return [sm.Unit(row, list(js.by_item.get((cand, row), [])), people.get((rater, cand, row), []),
                    f"{rater}/{cand}/{row}")
            for rater, cand, row in sorted(ann.seen) if (cand, row) in js.covered]


def rater_units(ann: HumanAnnotations) -> list[sm.Unit]:
    """Each rater against each other rater on the rows both annotated (both orders, so P and R agree)."""
    people = human_spans(ann)
    by_item: dict[Item, list[str]] = defaultdict(list)
    for rater, cand, row in sorted(ann.seen):
        by_item[(cand, row)].append(rater)
    units = []
    for (cand, row), raters in sorted(by_item.items()):
        for a in raters:
            for b in raters:
                if a != b:
                    units.append(sm.Unit(row, people.get((a, cand, row), []), people.get((b, cand, row), []),
                                         f"{a}~{b}/{cand}/{row}"))
    return units


@dataclass
class Comparison:
    rows: list[sm.TableRow]
    notes: list[str]
    judges: list[str]
    raters: list[str]


def compare(ann: HumanAnnotations, results: list[Judgment], project: Project, *, judge: str | None = None,
            modes: tuple[str, ...] = sm.MODES,
            keep: Callable[[Span], bool] | None = None, level: str = "top") -> Comparison:
    spans = judge_spans(results, project, keep)
    if judge is not None:
        spans = {k: v for k, v in spans.items() if k == judge}
    rows: list[sm.TableRow] = []
    notes = list(ann.problems())
    for name, js in sorted(spans.items()):
        units = judge_units(ann, js)
        if not units:
            notes.append(f"{name}: no row it judged was annotated by a person")
            continue
        rows += sm.table(name, units, modes=modes, level=level)
        if js.unplaced:
            notes.append(f"{name}: {js.unplaced} of {js.findings} finding(s) have no position and are not "
                         "compared")
    ceiling = rater_units(ann)
    if ceiling:
        rows += sm.table(RATERS, ceiling, modes=modes, level=level)
    else:
        notes.append("no row was annotated by two raters, so there is no human ceiling")
    if not spans:
        notes.append("the run holds no judge that reports spans")
    return Comparison(rows, notes, sorted(spans), ann.raters)


def row_dict(r: sm.TableRow) -> dict[str, Any]:
    """One table row as plain data (CSV columns / JSON keys)."""
    f = r.figures

    def iv(name: str, x: Any) -> dict[str, Any]:
        if x is None:
            return {name: None, f"{name}_low": None, f"{name}_high": None}
        return {name: round(x.estimate, 4), f"{name}_low": None if x.low is None else round(x.low, 4),
                f"{name}_high": None if x.high is None else round(x.high, 4)}
    out: dict[str, Any] = {"judge": r.who, "slice": r.slice_kind, "value": r.slice, "mode": f.mode}
    for name in ("micro_p", "micro_r", "micro_f1", "macro_p", "macro_r", "macro_f1", "severity"):
        out.update(iv(name, getattr(f, name)))
    out.update({"predicted": f.predicted, "human": f.human, "pairs": f.pairs, "units": f.units,
                "rows": f.clusters})
    return out
