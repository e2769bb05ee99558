"""Stability of a project's stored findings and scores across the samples a judge was asked
(``litlens meta-eval --samples N``, ``app.llm.samples``): each stored finding is "found in k of N" and each
paragraph's score has its spread, read from the store for the window's findings list.

A sample is told by its provider name in the result's model column (``openai~s2:gpt-4o``; the plain run is
sample 0). For one judge's unit (a paragraph of a candidate) only the samples that judged its current
text (its newest input hash) are compared; a finding is found by another sample when one of that sample's
findings on the unit overlaps it on the same side and names the same top-level MQM category (as in
``app.metrics.stability``)."""

from __future__ import annotations

import statistics
from collections import defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from litlens.app.core.model import Judgment, Span
    from litlens.app.run.store import Store

Key = tuple[Any, ...]


def sample_tag(model: str) -> str:
    """The sample a stored result belongs to: '' for the plain run, 's2' or 's0@t0.7' for a sample."""
    provider = (model or "").split(":", 1)[0]
    return provider.split("~", 1)[1] if "~" in provider else ""


def finding_key(span: Span, candidate: str | None) -> Key:
    """What identifies a stored finding across loads (the findings list asks by it)."""
    return (span.judge, candidate or "", span.start, span.end, span.source_start, span.source_end,
            span.category, span.quote)


@dataclass(frozen=True)
class Spread:
    """One score dimension of one unit across its samples."""

    dimension: str
    values: tuple[float, ...]

    @property
    def low(self) -> float:
        return min(self.values)

    @property
    def high(self) -> float:
        return max(self.values)

    @property
    def sd(self) -> float:
        return statistics.pstdev(self.values) if len(self.values) > 1 else 0.0


@dataclass
class SampleStability:
    """"Found in k of N" per stored finding, and score spreads per (judge, candidate, paragraph)."""

    found: dict[Key, tuple[int, int]] = field(default_factory=dict)
    spreads: dict[tuple[str, str, int | None], list[Spread]] = field(default_factory=dict)

    def of(self, span: Span, candidate: str | None) -> tuple[int, int] | None:
        return self.found.get(finding_key(span, candidate))

    def __bool__(self) -> bool:
        return bool(self.found or self.spreads)


def _side(span: Span) -> tuple[str, int, int] | None:
    if span.start is not None and span.end is not None and span.end > span.start:
        return "target", span.start, span.end
    if span.source_start is not None and span.source_end is not None and span.source_end > span.source_start:
        return "source", span.source_start, span.source_end
    return None


def _top(category: str) -> str:
    return category.split("/", 1)[0] if category else ""


def same_problem(a: Span, b: Span) -> bool:
    """Two findings are one problem: they overlap on one side and name one top-level category."""
    pa, pb = _side(a), _side(b)
    return (pa is not None and pb is not None and pa[0] == pb[0] and pa[1] < pb[2] and pb[1] < pa[2]
            and _top(a.category) == _top(b.category))


def compare_samples(by_sample: dict[str, Judgment]) -> tuple[dict[Key, tuple[int, int]], list[Spread]]:
    """One unit's judgments, one per sample: each finding's (k, N) and each score's spread."""
    n = len(by_sample)
    found: dict[Key, tuple[int, int]] = {}
    for j in by_sample.values():
        for s in j.spans:
            k = sum(1 for other in by_sample.values() if any(same_problem(s, o) for o in other.spans))
            found[finding_key(s, j.candidate)] = (k, n)
    values: dict[str, list[float]] = defaultdict(list)
    for j in by_sample.values():
        for sc in j.scores:
            values[sc.dimension].append(float(sc.value))
    spreads = [Spread(d, tuple(v)) for d, v in values.items() if len(v) > 1]
    return found, spreads


def for_project(store: Store, project_id: int) -> SampleStability:
    """Every judge unit of the project that two or more samples judged on its current text."""
    from litlens.app.run.store import judgment_from_json
    rows = store.db.execute(
        "SELECT r.id, r.judge, r.unit, r.model, r.input_hash, r.data FROM results r "
        "JOIN run_results rr ON rr.result_id = r.id JOIN runs ru ON ru.id = rr.run_id "
        "WHERE ru.project_id = ? AND r.status = 'ok' GROUP BY r.id ORDER BY r.id", [project_id]).fetchall()
    newest_hash: dict[tuple[str, str], str] = {}
    tags: dict[tuple[str, str], set[str]] = defaultdict(set)
    for _id, judge, unit, model, input_hash, _data in rows:
        newest_hash[(judge, unit)] = input_hash  # ordered by id: the last is the newest text judged
        tags[(judge, unit)].add(sample_tag(model))
    out = SampleStability()
    units: dict[tuple[str, str], dict[str, Judgment]] = defaultdict(dict)
    for _id, judge, unit, model, input_hash, data in rows:
        if len(tags[(judge, unit)]) > 1 and input_hash == newest_hash[(judge, unit)]:
            units[(judge, unit)][sample_tag(model)] = judgment_from_json(data)  # the newest per sample
    for by_sample in units.values():
        if len(by_sample) < 2:
            continue
        found, spreads = compare_samples(by_sample)
        out.found.update(found)
        any_j = next(iter(by_sample.values()))
        if spreads:
            out.spreads[(any_j.judge, any_j.candidate or "", any_j.paragraph)] = spreads
    return out


def describe_spread(spreads: list[Spread]) -> str:
    """'mqm −5 … −1 (sd 1.6, 3 samples)' for each dimension, for logs and the command line."""
    return "; ".join(f"{s.dimension} {s.low:g} … {s.high:g} (sd {s.sd:.2g}, {len(s.values)} samples)"
                     for s in spreads)

