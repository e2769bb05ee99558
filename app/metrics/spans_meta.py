"""Span-level meta-evaluation: how well one set of error spans (a judge's) matches another (a person's).

For every compared unit (one rater's annotation of one candidate's aligned row) spans are paired one to
one on the same side (translation, or source for omissions) by an optimal assignment, then counted two
ways (after Perrella et al., 2026, "Span-Level Machine Translation Meta-Evaluation"):

* exact: a pair counts only when both ends coincide; precision = exact pairs / predicted spans, recall =
  exact pairs / human spans.
* partial (match with partial overlap and partial credit): pairs that share at least one character; a
  predicted span earns the share of its characters inside its partner (precision credit), a human span the
  share of its characters the partner covers (recall credit). Pairs are chosen to maximise the sum of
  their span F-scores, 2·overlap / (|predicted| + |human|).

Micro figures pool credits and counts over all units (P = Σcredit / Σpredicted); macro figures average
each unit's P, R and F1 (a unit with no predicted spans has P = 1 when its human found nothing too and 0
otherwise; with no human spans R = 1). F1 = 2PR / (P + R). Severity agreement is the share of partial
pairs whose severities are equal.

Every figure has a 95% interval over paragraphs (aligned rows: the candidates and raters of one source
paragraph share one), never over spans or units: precision, recall, severity agreement and the macro
averages are ratios of per-paragraph sums, so they get uncertainty.mean_interval's t-interval (each
paragraph's ratio weighted by its denominator); micro F1 = 2ac / (ad + bc) of the paragraph means gets a
t-interval from its linearisation. bench/span_interval_coverage.py measured them against a percentile
bootstrap over paragraphs, which covered less at 5-20 paragraphs. None below MIN_UNITS paragraphs
(``Interval.why`` says so). Pure functions over numbers; no store, no Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from litlens.app.metrics.uncertainty import (
    LEVEL,
    MIN_UNITS,
    Interval,
    mean_interval,
    t_quantile,
)

if TYPE_CHECKING:  # numpy is imported where figures are computed: the window's start does not wait for it
    import numpy as np

EXACT, PARTIAL = "exact", "partial"
MODES = (EXACT, PARTIAL)


@dataclass(frozen=True)
class EvalSpan:
    side: str
    start: int
    end: int
    category: str = ""
    severity: str = ""

    @property
    def length(self) -> int:
        return self.end - self.start


@dataclass
class Unit:
    """One comparison: predicted spans against one rater's spans on one candidate's aligned row."""

    cluster: Hashable
    predicted: list[EvalSpan]
    human: list[EvalSpan]
    label: str = ""


def overlap(a: EvalSpan, b: EvalSpan) -> int:
    if a.side != b.side:
        return 0
    return max(0, min(a.end, b.end) - max(a.start, b.start))


# ---- one-to-one assignment (Hungarian method, maximising) ---------------------------------------------

def assign(weights: Sequence[Sequence[float]]) -> list[tuple[int, int]]:
    """Row/column pairs of a maximum-weight one-to-one assignment (only pairs of positive weight)."""
    n_rows = len(weights)
    n_cols = len(weights[0]) if n_rows else 0
    if not n_rows or not n_cols:
        return []
    positive = [[j for j, w in enumerate(r) if w > 0] for r in weights]
    if all(len(p) <= 1 for p in positive):  # no row has a choice to make: unless two rows want one column,
        taken = [p[0] for p in positive if p]  # the only pairs there are form the optimum
        if len(taken) == len(set(taken)):
            return [(i, p[0]) for i, p in enumerate(positive) if p]
    n = max(n_rows, n_cols)
    top = max(max(r) for r in weights)
    cost = [[top - (weights[i][j] if i < n_rows and j < n_cols else 0.0) for j in range(n)] for i in range(n)]
    inf = float("inf")
    u, v = [0.0] * (n + 1), [0.0] * (n + 1)
    p, way = [0] * (n + 1), [0] * (n + 1)
    for i in range(1, n + 1):
        p[0], j0 = i, 0
        minv, used = [inf] * (n + 1), [False] * (n + 1)
        while True:
            used[j0] = True
            i0, delta, j1 = p[j0], inf, 0
            for j in range(1, n + 1):
                if not used[j]:
                    cur = cost[i0 - 1][j - 1] - u[i0] - v[j]
                    if cur < minv[j]:
                        minv[j], way[j] = cur, j0
                    if minv[j] < delta:
                        delta, j1 = minv[j], j
            for j in range(n + 1):
                if used[j]:
                    u[p[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
    pairs = [(p[j] - 1, j - 1) for j in range(1, n + 1) if p[j] and p[j] - 1 < n_rows and j - 1 < n_cols]
    return sorted((i, j) for i, j in pairs if weights[i][j] > 0)


def _span_f(a: EvalSpan, b: EvalSpan) -> float:
    ov = overlap(a, b)
    return 2 * ov / (a.length + b.length) if ov else 0.0


@dataclass(frozen=True)
class Counts:
    """Sufficient statistics of one unit under one mode."""

    credit_p: float  # Σ precision credit of predicted spans
    n_p: int
    credit_r: float  # Σ recall credit of human spans
    n_r: int
    pairs: int
    same_severity: int

    def precision(self) -> float:
        if self.n_p:
            return self.credit_p / self.n_p
        return 1.0 if not self.n_r else 0.0

    def recall(self) -> float:
        return self.credit_r / self.n_r if self.n_r else 1.0

    def f1(self) -> float:
        p, r = self.precision(), self.recall()
        return 2 * p * r / (p + r) if p + r else 0.0


def count(predicted: Sequence[EvalSpan], human: Sequence[EvalSpan], mode: str) -> Counts:
    if mode not in MODES:
        raise ValueError(f"mode is one of {MODES}, not {mode!r}")
    if not predicted or not human:
        return Counts(0.0, len(predicted), 0.0, len(human), 0, 0)
    if mode == EXACT:
        w = [[1.0 if (a.side, a.start, a.end) == (b.side, b.start, b.end) else 0.0 for b in human]
             for a in predicted]
    else:
        w = [[_span_f(a, b) for b in human] for a in predicted]
    pairs = assign(w)
    cp = cr = 0.0
    same = 0
    for i, j in pairs:
        a, b = predicted[i], human[j]
        if mode == EXACT:
            cp += 1
            cr += 1
        else:
            ov = overlap(a, b)
            cp += ov / a.length
            cr += ov / b.length
        same += a.severity == b.severity
    return Counts(cp, len(predicted), cr, len(human), len(pairs), same)


# ---- figures with intervals ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Figures:
    """P/R/F1 (micro and macro) of one mode with intervals, and how many spans and units stand behind it."""

    mode: str
    micro_p: Interval | None
    micro_r: Interval | None
    micro_f1: Interval | None
    macro_p: Interval | None
    macro_r: Interval | None
    macro_f1: Interval | None
    severity: Interval | None  # share of pairs with the same severity (partial mode's pairs)
    predicted: int
    human: int
    pairs: int
    units: int
    clusters: int


def _columns(counts: Sequence[Counts]) -> np.ndarray:
    """Per unit: credit_p, n_p, credit_r, n_r, P, R, F1, 1, pairs, same severity."""
    import numpy as np
    return np.array([[c.credit_p, c.n_p, c.credit_r, c.n_r, c.precision(), c.recall(), c.f1(), 1.0,
                      c.pairs, c.same_severity] for c in counts], dtype=float).reshape(-1, 10)


def figures(units: Sequence[Unit], mode: str, *, select: Callable[[EvalSpan], bool] | None = None) -> Figures:
    """The figures of ``units`` under ``mode``, counting only spans ``select`` keeps (a category or a
    severity) on both sides."""
    counts = []
    for u in units:
        pred = [s for s in u.predicted if select is None or select(s)]
        hum = [s for s in u.human if select is None or select(s)]
        counts.append(count(pred, hum, mode))
    cols = _columns(counts)
    clusters = [u.cluster for u in units]
    if not units:
        return Figures(mode, None, None, None, None, None, None, None, 0, 0, 0, 0, 0)
    sums = cluster_sums(cols, clusters)
    micro_p, micro_r, severity = (_ratio_interval(sums, num, den) for num, den in ((0, 1), (2, 3), (9, 8)))
    micro_f1 = f1_interval(sums)
    macro_p, macro_r, macro_f1 = (_ratio_interval(sums, k, 7) for k in (4, 5, 6))
    return Figures(mode, micro_p, micro_r, micro_f1, macro_p, macro_r, macro_f1, severity,
                   predicted=int(cols[:, 1].sum()),
                   human=int(cols[:, 3].sum()), pairs=int(cols[:, 8].sum()), units=len(units),
                   clusters=len(set(clusters)))


def cluster_sums(columns: np.ndarray, clusters: Sequence[Hashable]) -> np.ndarray:
    """``columns`` summed within each cluster (clusters in order of first appearance)."""
    import numpy as np
    keys = {c: i for i, c in enumerate(dict.fromkeys(clusters))}
    index = np.array([keys[c] for c in clusters], dtype=np.int64)
    return np.stack([np.bincount(index, weights=columns[:, k], minlength=len(keys))
                     for k in range(columns.shape[1])], axis=1).reshape(len(keys), columns.shape[1])


def f1_interval(sums: np.ndarray, *, level: float = LEVEL, min_units: int = MIN_UNITS) -> Interval | None:
    """Micro F1 of per-paragraph sums (columns: precision credit, predicted, recall credit, human) with a
    t-interval from its linearisation over paragraphs.

    With paragraph means a, b, c, d of those columns F1 = 2PR / (P + R) = 2ac / (ad + bc); each paragraph's
    influence is the gradient of that times its deviation from the means, and the standard error is
    theirs, as mean_interval does for a ratio (which this is, 2a / (b + d), in the exact mode)."""
    import numpy as np
    m = len(sums)
    if not m:
        return None
    a, b, c, d = (float(sums[:, k].mean()) for k in range(4))
    if b <= 0 or d <= 0:
        return None
    den = a * d + b * c
    estimate = 2 * a * c / den if den > 0 else 0.0
    if m < min_units:
        return Interval(estimate, None, None, m, level, "t", f"{m} paragraph{'s' if m != 1 else ''}, "
                        f"fewer than {min_units}")
    if den <= 0:
        return Interval(estimate, None, None, m, level, "t", "no span matched in any paragraph")
    grad = np.array([2 * b * c * c, -2 * a * c * c, 2 * a * a * d, -2 * a * a * c]) / (den * den)
    influence = (sums[:, :4] - np.array([a, b, c, d])) @ grad
    se = float(np.sqrt((influence ** 2).sum() / (m * (m - 1))))
    if se <= 1e-12:
        return Interval(estimate, None, None, m, level, "t", f"all {m} paragraphs agree")
    half = t_quantile(level, m - 1) * se
    return Interval(estimate, max(0.0, estimate - half), min(1.0, estimate + half), m, level, "t")


def _ratio_interval(sums: np.ndarray, num: int, den: int) -> Interval | None:
    """Σnum / Σden over clusters with its t-interval (each cluster's ratio weighted by its denominator)."""
    w = sums[:, den]
    keep = w > 0
    if not keep.any():
        return None
    iv = mean_interval(sums[keep, num] / w[keep], weights=w[keep], bounds=(0.0, 1.0))
    if iv is None or iv.available or iv.n >= MIN_UNITS:
        return iv
    return replace(iv, why=f"{iv.n} paragraph{'s' if iv.n != 1 else ''}, fewer than {MIN_UNITS}")


# ---- a judge's table ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class TableRow:
    """One line of the meta-evaluation table: who, which slice (all, a category, a severity), one mode."""

    who: str
    slice_kind: str  # "all", "category" or "severity"
    slice: str
    figures: Figures


def top(category: str) -> str:
    return category.split("/", 1)[0] if category else ""


def category_of(span: EvalSpan, level: str = "top") -> str:
    """The span's category at ``level``: "top" (accuracy, fluency…) or "full" (its whole path)."""
    return top(span.category) if level == "top" else span.category


def slices(units: Iterable[Unit], level: str = "top") -> tuple[list[str], list[str]]:
    """The categories (at ``level``) and the severities any span of ``units`` carries."""
    cats: set[str] = set()
    sevs: set[str] = set()
    for u in units:
        for s in (*u.predicted, *u.human):
            if s.category:
                cats.add(category_of(s, level))
            if s.severity:
                sevs.add(s.severity)
    order = ("critical", "major", "minor", "neutral")
    return sorted(cats), sorted(sevs, key=lambda s: (order.index(s) if s in order else 9, s))


def table(who: str, units: Sequence[Unit], *, modes: Sequence[str] = MODES,
          level: str = "top") -> list[TableRow]:
    """All spans, then each category (top-level, or whole paths with ``level="full"``), then each
    severity, each under every mode."""
    if level not in ("top", "full"):
        raise ValueError(f"category level is top or full, not {level!r}")
    cats, sevs = slices(units, level)
    rows = [TableRow(who, "all", "all", figures(units, m)) for m in modes]
    for c in cats:
        rows += [TableRow(who, "category", c, figures(units, m, select=lambda s, c=c: category_of(s, level) == c))
                 for m in modes]
    for v in sevs:
        rows += [TableRow(who, "severity", v, figures(units, m, select=lambda s, v=v: s.severity == v))
                 for m in modes]
    return rows
