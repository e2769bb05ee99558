"""Checks a plug-in judge's result before the engine stores it: scores on their declared scales, categories
in the MQM typology, spans inside the text they point into.

LitLens's own judges build their results from parsed, checked answers; a plug-in's result arrives as it
is, and one bad value (NaN, 99 on a 0-5 scale, a span past the end of its paragraph) would otherwise be
stored as "ok" and break every later reader. An invalid result becomes a failed unit that names the
plug-in and what was wrong, with the result as it came kept as its raw text; it is never dropped.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, is_dataclass
from typing import TYPE_CHECKING, Any

from litlens.app.core.model import SEVERITIES, Judgment
from litlens.app.mqm.typology import in_hierarchy

if TYPE_CHECKING:
    from litlens.app.core.model import Project, Span, Text
    from litlens.app.judges.base import Judge, Unit

PROBLEMS_SHOWN = 5  # problems named in the failure message; the count says how many there were


def is_plugin(judge: Judge) -> bool:
    """Whether ``judge`` comes from outside LitLens (an installed plug-in or one registered in-process)."""
    return type(judge).__module__.split(".", 1)[0] != "litlens"


def checked(judge: Judge, unit: Unit, result: Any, project: Project) -> Judgment:
    """``result`` when it is a valid judgment for ``unit``, else a failed judgment saying why."""
    if not isinstance(result, Judgment):
        return _failed(judge, unit, [f"returned {type(result).__name__}, not a Judgment"], _raw(result))
    problems = problems_of(result, unit, project)
    return result if not problems else _failed(judge, unit, problems, _raw(result))


def problems_of(j: Judgment, unit: Unit, project: Project) -> list[str]:
    """What is wrong with judgment ``j`` of ``unit`` (empty when nothing is)."""
    if j.status not in ("ok", "failed"):
        return [f"status {j.status!r} is neither 'ok' nor 'failed'"]
    out: list[str] = []
    if j.judge != unit.judge or j.unit != unit.key:
        out.append(f"the result is labelled {j.judge}:{j.unit}, the unit is {unit.judge}:{unit.key}")
    if j.candidate is not None and j.candidate not in {c.label for c in project.candidates}:
        out.append(f"candidate {j.candidate!r} is not in the project")
    if j.paragraph is not None and not _a_paragraph(j.paragraph, project, j.candidate):
        out.append(f"paragraph {j.paragraph!r} is not a paragraph of the texts")
    try:
        json.dumps(_plain(j))
    except Exception as exc:  # noqa: BLE001 - whatever a plug-in put in its data, the unit fails, not the run
        out.append(f"the result cannot be stored as JSON ({type(exc).__name__}: {exc})")
    if j.status == "failed":
        return out
    for s in j.scores:
        out += _score_problems(s)
    for n, sp in enumerate(j.spans, 1):
        out += [f"span {n}: {p}" for p in _span_problems(sp, j, project)]
    return out


def _score_problems(s: Any) -> list[str]:
    name = repr(getattr(s, "dimension", "?"))
    numbers = {k: getattr(s, k, None) for k in ("value", "scale_min", "scale_max")}
    bad = [k for k, v in numbers.items() if not _real(v) or not math.isfinite(v)]
    if bad:
        return [f"score {name}: {k} is {numbers[k]!r}, not a finite number" for k in bad]
    lo, hi = sorted((numbers["scale_min"], numbers["scale_max"]))
    if lo == hi:
        return [f"score {name}: its scale {lo:g}-{hi:g} is empty"]
    if not lo <= numbers["value"] <= hi:
        return [f"score {name}: {numbers['value']:g} is outside its scale "
                f"{numbers['scale_min']:g}-{numbers['scale_max']:g}"]
    return []


def _span_problems(sp: Span, j: Judgment, project: Project) -> list[str]:
    out: list[str] = []
    if not isinstance(sp.category, str) or in_hierarchy(sp.category) is None:
        out.append(f"category {sp.category!r} is not in the MQM typology")
    if sp.severity not in SEVERITIES:
        out.append(f"severity {sp.severity!r} is not one of {', '.join(SEVERITIES)}")
    paragraph = sp.paragraph if sp.paragraph is not None else j.paragraph
    if paragraph is not None and not _a_paragraph(paragraph, project, j.candidate):
        return out + [f"paragraph {paragraph!r} is not a paragraph of the texts"]
    cand = _candidate_text(project, j.candidate)
    # a span's paragraph is the source paragraph its row is filed under (LitLens's judges) or, for a judge
    # that numbers the translation's own paragraphs, that paragraph: inside either is inside its paragraph
    own = None if paragraph is None else (paragraph,)
    targets = [] if cand is None else [_region(cand, _row_targets(project, j.candidate, paragraph)),
                                       _region(cand, own)]
    out += _offset_problems("", sp.start, sp.end, cand, targets, paragraph)
    out += _offset_problems("source ", sp.source_start, sp.source_end, project.source,
                            [_region(project.source, own)], paragraph)
    return out


def _offset_problems(side: str, start: Any, end: Any, text: Text | None,
                     regions: list[tuple[int, int] | None], paragraph: int | None) -> list[str]:
    if start is None and end is None:
        return []  # unlocated: kept and listed as such
    if not _whole(start) or not _whole(end):
        return [f"{side}offsets {start!r}-{end!r} are not whole numbers (or only one is given)"]
    if start > end:
        return [f"{side}start {start} is after its end {end}"]
    if start < 0:
        return [f"{side}start {start} is negative"]
    if text is None:
        return []  # a result filed under no candidate: nothing to measure its offsets against
    if end > len(text.content):
        return [f"{side}end {end} is past the end of the text ({len(text.content)} characters)"]
    limits = [r for r in regions if r is not None]
    if limits and not any(a <= start <= end <= b for a, b in limits):
        where = ", ".join(f"{a}-{b}" for a, b in dict.fromkeys(limits))
        return [f"{side}offsets {start}-{end} are outside paragraph "
                f"{paragraph + 1 if paragraph is not None else ''} ({where})"]
    return []


def _candidate_text(project: Project, label: str | None) -> Text | None:
    for c in project.candidates:
        if c.label == label:
            return c.text
    return None


def _row_targets(project: Project, label: str | None, paragraph: int | None) -> tuple[int, ...] | None:
    """The candidate paragraphs aligned with source paragraph ``paragraph`` (None: the whole text)."""
    if paragraph is None:
        return None
    for c in project.candidates:
        if c.label == label and c.alignment is not None:
            for pair in c.alignment.pairs:
                if paragraph in pair.source:
                    return pair.target
            return ()
    return (paragraph,)


def _region(text: Text, indices: tuple[int, ...] | None) -> tuple[int, int] | None:
    """Where paragraphs ``indices`` of ``text`` run, from the first one's start to the last one's end; None
    for no limit beyond the text, and an empty region when the paragraph has no counterpart."""
    if indices is None:
        return None
    segs = [text.paragraphs[i] for i in indices if 0 <= i < len(text.paragraphs)]
    if not segs:
        return (0, 0) if indices else None
    return min(s.start for s in segs), max(s.end for s in segs)


def _a_paragraph(index: Any, project: Project, candidate: str | None) -> bool:
    """Whether ``index`` numbers a paragraph of the source or of the result's candidate (from 0)."""
    cand = _candidate_text(project, candidate)
    count = max(len(project.source.paragraphs), len(cand.paragraphs) if cand is not None else 0)
    return _whole(index) and 0 <= index < count


def _real(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _plain(j: Any) -> Any:
    return asdict(j) if is_dataclass(j) and not isinstance(j, type) else j


def _raw(result: Any) -> str:
    """The result as it came, for the failed unit's raw text (JSON where it can be, else its repr)."""
    try:
        return json.dumps(_plain(result), ensure_ascii=False, default=repr)
    except Exception:  # noqa: BLE001 - a result that cannot even be copied is kept as its repr
        return repr(result)


def _failed(judge: Judge, unit: Unit, problems: list[str], raw: str) -> Judgment:
    shown = "; ".join(problems[:PROBLEMS_SHOWN])
    more = f" (and {len(problems) - PROBLEMS_SHOWN} more)" if len(problems) > PROBLEMS_SHOWN else ""
    return Judgment(judge=unit.judge, unit=unit.key, candidate=unit.candidate, paragraph=unit.paragraph,
                    status="failed", raw=raw,
                    error=f"plug-in judge {judge.id!r} returned an invalid result: {shown}{more}")


def readable(d: dict[str, Any]) -> dict[str, Any]:
    """A stored judgment's dict made safe to rebuild and read, whatever wrote it (a plug-in before results
    were checked, an older or newer LitLens, a hand edit): a score value that is not a number reads as NaN,
    an offset that is not a whole number as None (unlocated), and unknown fields are left out."""
    from dataclasses import fields

    from litlens.app.core.model import Score, Span
    known = {f.name for f in fields(Judgment)}
    out = {k: v for k, v in d.items() if k in known}
    out["scores"] = [_readable_score(s, {f.name for f in fields(Score)}) for s in d.get("scores") or []
                     if isinstance(s, dict)]
    out["spans"] = [_readable_span(s, {f.name for f in fields(Span)}) for s in d.get("spans") or []
                    if isinstance(s, dict)]
    if not isinstance(out.get("data"), dict):
        out["data"] = {}
    for key in ("judge", "unit"):
        out[key] = str(out.get(key, ""))
    out["candidate"] = out["candidate"] if isinstance(out.get("candidate"), str) else None
    out["paragraph"] = _index_or_none(out.get("paragraph"))
    return out


def _index_or_none(v: Any) -> int | None:
    return v if _whole(v) and v >= 0 else None


def _readable_score(s: dict[str, Any], known: set[str]) -> dict[str, Any]:
    out = {k: v for k, v in s.items() if k in known}
    out["dimension"] = str(out.get("dimension", ""))
    for key in ("value", "scale_min", "scale_max"):
        v = out.get(key)
        out[key] = float(v) if _real(v) else math.nan
    return out


def _readable_span(s: dict[str, Any], known: set[str]) -> dict[str, Any]:
    out = {k: v for k, v in s.items() if k in known}
    for key in ("judge", "category", "severity"):
        out[key] = str(out.get(key, ""))
    for pair in (("start", "end"), ("source_start", "source_end")):
        if not all(_whole(out.get(k)) and out[k] >= 0 for k in pair) or out[pair[0]] > out[pair[1]]:
            out.update(dict.fromkeys(pair))
    out["paragraph"] = _index_or_none(out.get("paragraph"))
    if not isinstance(out.get("data"), dict):
        out["data"] = {}
    return out
