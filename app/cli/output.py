"""Renders stored results for people (plain-text tables) and scripts (JSON, CSV)."""

from __future__ import annotations

import bisect
import csv
import io
import json
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Iterator
from litlens.app.core.plain import plain
from typing import Any

from litlens.app.judges.base import Summary
from litlens.app.core.model import Judgment, Project, Span

SEV_ORDER = {"critical": 0, "major": 1, "minor": 2, "neutral": 3}


def _width(s: str) -> int:
    """Terminal columns: East Asian wide and full-width characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in s)


def _pad(s: str, width: int) -> str:
    return s + " " * (width - _width(s))


def text_table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max([_width(h)] + [_width(r[i]) for r in rows]) for i, h in enumerate(headers)]
    out = ["  ".join(_pad(h, w) for h, w in zip(headers, widths)).rstrip(),
           "  ".join("-" * w for w in widths)]
    out += ["  ".join(_pad(c, w) for c, w in zip(r, widths)).rstrip() for r in rows]
    return "\n".join(out)


def _fmt(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.2f}"


def _mean_cell(values: list[float], scale: tuple[float, float] | None = None) -> str:
    """A candidate's mean with its 95% t-interval over the paragraphs (none below five paragraphs), clipped
    to the scale's ends: a mean of scores on a scale cannot lie off it."""
    from litlens.app.metrics.uncertainty import mean_interval
    iv = mean_interval(values, bounds=scale)
    if iv is None:
        return ""
    return _fmt(iv.estimate) if not iv.available else iv.format(2)


def _clip(s: str, n: int = 60) -> str:
    """Shorten to at most ``n`` terminal columns."""
    s = " ".join(s.split())
    if _width(s) <= n:
        return s
    out, used = [], 0
    for ch in s:
        w = _width(ch)
        if used + w > n - 1:
            break
        out.append(ch)
        used += w
    return "".join(out) + "…"


def summaries(results: list[Judgment]) -> dict[str, list[Summary]]:
    """Each judge's run-level payloads as printable tables (judges that are not installed are skipped).
    A typed payload's table carries the payload itself as its ``data`` (with its ``kind``)."""
    from litlens.app.judges.summaries import summarize_all
    return {jid: [p.as_table() for p in items] for jid, items in summarize_all(results).items()}


def _where(span: Span) -> str:
    """Offsets in the candidate; an omission is anchored in the source; anything else is unlocated."""
    if span.located:
        return f"{span.start}-{span.end}"
    if span.source_start is not None and span.source_end is not None:
        return f"src {span.source_start}-{span.source_end}"
    return "unlocated"


def render_table(results: list[Judgment]) -> str:
    """Scores per judge/candidate/paragraph with means, then findings, failures and summaries."""
    parts: list[str] = []
    by_judge: dict[str, list[Judgment]] = defaultdict(list)
    for j in results:
        by_judge[j.judge].append(j)
    for judge, items in by_judge.items():
        scored = [j for j in items if j.status == "ok" and j.scores]
        if scored:
            dims = list(dict.fromkeys(s.dimension for j in scored for s in j.scores))
            rows = []
            totals: dict[tuple[str, str], list[float]] = defaultdict(list)
            scale = {s.dimension: (s.scale_min, s.scale_max) for j in scored for s in j.scores}
            # one row per candidate and paragraph: a judge may store one unit per criterion (DA-MQM's
            # paper protocol) or several answers of one dimension per unit; they share the row
            per_row: dict[tuple[str, int], dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
            for j in scored:
                para = j.paragraph if j.paragraph is not None else -1
                for s in j.scores:
                    per_row[(j.candidate or "", para)][s.dimension].append(s.value)
                    totals[(j.candidate or "", s.dimension)].append(s.value)
            for (cand, para), per in sorted(per_row.items()):
                vals = {d: sum(v) / len(v) for d, v in per.items()}
                rows.append([cand, "" if para < 0 else str(para + 1)]
                            + [_fmt(vals[d]) if d in vals else "" for d in dims])
            for cand in dict.fromkeys(j.candidate or "" for j in scored):
                rows.append([cand, "mean [95% CI]"] + [_mean_cell(totals[(cand, d)], scale.get(d)) for d in dims])
            parts.append(f"== {judge}: scores ==\n" + text_table(["candidate", "para"] + dims, rows))
        spans = [(j, s) for j in items for s in j.spans]
        if spans:
            rows = [[j.candidate or "", "" if s.paragraph is None else str(s.paragraph + 1), s.severity,
                     s.category, _where(s), _clip(s.quote, 30),
                     _clip(s.explanation, 70)]
                    for j, s in sorted(spans, key=lambda x: (x[0].candidate or "", x[1].start or 0))]
            parts.append(f"== {judge}: findings ({len(spans)}) ==\n" + text_table(
                ["candidate", "para", "severity", "category", "offsets", "text", "explanation"], rows))
        elif not scored and all(j.status == "ok" for j in items):
            cands = ", ".join(sorted({j.candidate or "" for j in items}))
            parts.append(f"== {judge}: no findings ({cands}) ==")
        bad = [j for j in items if j.status != "ok"]
        if bad:
            rows = [[j.candidate or "", "" if j.paragraph is None else str(j.paragraph + 1),
                     _clip(j.error or "", 80)] for j in bad]
            parts.append(f"== {judge}: failed units ({len(bad)}; raw answers kept, not scored) ==\n"
                         + text_table(["candidate", "para", "error"], rows))
    for judge, items_ in summaries(results).items():
        for sm in items_:
            parts.append(f"== {judge}: {sm.title} ==\n" + text_table(sm.headers, sm.display_rows()))
    return "\n\n".join(parts) if parts else "(no results)"


# Paragraphs are numbered from 1 in everything people read (tables, CSV, JSON), as the window and the
# reports number them; stored results count from 0, so every output goes through these functions.
NUMBERING = {"paragraph": "counted from 1"}
ParagraphOf = Callable[[str | None, int], "int | None"]  # (candidate, offset) -> 0-based paragraph


def paragraph_finder(project: Project) -> ParagraphOf:
    """The paragraph (from 0) an offset of a candidate falls in, for findings stored without one."""
    starts = {c.label: [p.start for p in c.text.paragraphs] for c in project.candidates}

    def find(candidate: str | None, offset: int) -> int | None:
        found = starts.get(candidate or "")
        if not found:
            return None
        i = bisect.bisect_right(found, offset) - 1
        return i if i >= 0 else None
    return find


def _people(n: int | None) -> int | None:
    return None if n is None else n + 1


def span_paragraph(j: Judgment, sp: Span, paragraph_of: ParagraphOf | None = None) -> int | None:
    """A finding's paragraph from 0: its own, its result's, or the one its offsets fall in."""
    if sp.paragraph is not None:
        return sp.paragraph
    if j.paragraph is not None:
        return j.paragraph
    if paragraph_of is not None and sp.start is not None:
        return paragraph_of(j.candidate, sp.start)
    return None


def result_json(j: Judgment, paragraph_of: ParagraphOf | None = None,
                reviews: list[str] | None = None) -> dict[str, Any]:
    """One result as the JSON outputs write it: paragraphs (the result's and each finding's) from 1, and
    each finding's review state when ``reviews`` (parallel to the spans) is given."""
    d = plain(j)  # asdict's answer without its deep copy of every value
    d["paragraph"] = _people(j.paragraph)
    for n, (sp, out) in enumerate(zip(j.spans, d["spans"])):
        out["paragraph"] = _people(span_paragraph(j, sp, paragraph_of))
        if reviews is not None:
            out["review"] = reviews[n] if n < len(reviews) else ""
    return d


def csv_rows(j: Judgment, paragraph_of: ParagraphOf | None = None,
             reviews: list[str] | None = None) -> Iterator[dict[str, Any]]:
    """One row per score, per span and per failed unit of one result; paragraphs from 1."""
    base = {"judge": j.judge, "candidate": j.candidate, "paragraph": _people(j.paragraph), "unit": j.unit,
            "status": j.status}
    if j.status != "ok":
        yield {**base, "kind": "failure", "error": j.error}
    for s in j.scores:
        yield {**base, "kind": "score", "dimension": s.dimension, "value": s.value,
               "scale_min": s.scale_min, "scale_max": s.scale_max, "explanation": s.rationale}
    for n, sp in enumerate(j.spans):
        yield {**base, "kind": "span", "paragraph": _people(span_paragraph(j, sp, paragraph_of)),
               "category": sp.category, "severity": sp.severity, "start": sp.start, "end": sp.end,
               "quote": sp.quote, "explanation": sp.explanation, "suggestion": sp.suggestion,
               "review": reviews[n] if reviews is not None and n < len(reviews) else ""}


def to_json(results: list[Judgment], extra: dict[str, Any] | None = None,
            paragraph_of: ParagraphOf | None = None, reviews: list[list[str]] | None = None) -> str:
    """``reviews``: each result's findings' review states (app.mqm.states), parallel to ``results``."""
    sums = {jid: [{"kind": s.data.get("kind", "table"), **plain(s)} for s in items]
            for jid, items in summaries(results).items()}
    rows = [result_json(j, paragraph_of, reviews[n] if reviews is not None else None)
            for n, j in enumerate(results)]
    return json.dumps({**(extra or {}), "numbering": NUMBERING, "results": rows, "summaries": sums},
                      ensure_ascii=False, indent=2)


CSV_COLUMNS = ["kind", "judge", "candidate", "paragraph", "unit", "status", "dimension", "value",
               "scale_min", "scale_max", "category", "severity", "start", "end", "quote", "explanation",
               "suggestion", "error", "review"]


def to_csv(results: list[Judgment], paragraph_of: ParagraphOf | None = None,
           reviews: list[list[str]] | None = None) -> str:
    """One row per score, per span and per failed unit; a span row's ``review`` is its review state."""
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, extrasaction="ignore")
    w.writeheader()
    for n, j in enumerate(results):
        w.writerows(csv_rows(j, paragraph_of, reviews[n] if reviews is not None else None))
    return buf.getvalue()
