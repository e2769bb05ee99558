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

Every figure has a percentile bootstrap interval that resamples clusters (aligned rows: the candidates
and raters of one source paragraph share it), never spans or units, seeded so a report prints the same
interval tomorrow. Below MIN_UNITS clusters no interval is given (``Interval.why`` says so). Pure
functions over numbers; no store, no Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from litlens.app.metrics.uncertainty import LEVEL, MIN_UNITS, SEED, Interval

EXACT, PARTIAL = "exact", "partial"
MODES = (EXACT, PARTIAL)
RESAMPLES = 1000
METHOD = "cluster bootstrap"


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
    return np.array([[c.credit_p, c.n_p, c.credit_r, c.n_r, c.precision(), c.recall(), c.f1(), 1.0,
                      c.pairs, c.same_severity] for c in counts], dtype=float).reshape(-1, 10)


def _ratio(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(den > 0, num / np.where(den > 0, den, 1), np.nan)


def _figures_of(s: np.ndarray) -> np.ndarray:
    """Rows of summed columns -> [micro P, micro R, micro F1, macro P, macro R, macro F1, severity]."""
    p = _ratio(s[:, 0], s[:, 1])
    r = _ratio(s[:, 2], s[:, 3])
    with np.errstate(invalid="ignore", divide="ignore"):
        f = np.where(p + r > 0, 2 * p * r / (p + r), 0.0)
    f = np.where(np.isnan(p) | np.isnan(r), np.nan, f)
    return np.stack([p, r, f, _ratio(s[:, 4], s[:, 7]), _ratio(s[:, 5], s[:, 7]), _ratio(s[:, 6], s[:, 7]),
                     _ratio(s[:, 9], s[:, 8])], axis=1)


def cluster_intervals(columns: np.ndarray, clusters: Sequence[Hashable],
                      statistic: Callable[[np.ndarray], np.ndarray], *, resamples: int = RESAMPLES,
                      seed: int = SEED, level: float = LEVEL, min_units: int = MIN_UNITS
                      ) -> list[Interval | None]:
    """Each statistic of the summed ``columns`` with a percentile interval over resampled clusters.

    ``statistic`` maps rows of column sums (k, c) to rows of figures (k, m); NaN means undefined. The
    clusters are drawn with replacement, whole: every unit of a drawn cluster comes along."""
    keys = {c: i for i, c in enumerate(dict.fromkeys(clusters))}
    m = len(keys)
    if not m:
        return []
    index = np.array([keys[c] for c in clusters], dtype=np.int64)
    sums = np.stack([np.bincount(index, weights=columns[:, k], minlength=m) for k in range(columns.shape[1])],
                    axis=1)
    estimate = statistic(sums.sum(axis=0, keepdims=True))[0]
    out: list[Interval | None] = []
    boot = None
    if m >= min_units and resamples > 0:
        rng = np.random.default_rng(seed)
        drawn = rng.integers(0, m, size=(resamples, m))
        flat = (np.arange(resamples)[:, None] * m + drawn).reshape(-1)
        copies = np.bincount(flat, minlength=resamples * m).reshape(resamples, m).astype(float)
        boot = statistic(copies @ sums)
    for k, value in enumerate(estimate):
        if np.isnan(value):
            out.append(None)
            continue
        if boot is None:
            why = f"{m} row{'s' if m != 1 else ''}, fewer than {min_units}"
            out.append(Interval(float(value), None, None, m, level, METHOD, why))
            continue
        col = boot[:, k]
        col = col[~np.isnan(col)]
        if not col.size:
            out.append(Interval(float(value), None, None, m, level, METHOD, "undefined in every resample"))
            continue
        tail = (1 - level) / 2 * 100
        lo, hi = np.percentile(col, [tail, 100 - tail])
        if hi - lo <= 1e-12:
            out.append(Interval(float(value), None, None, m, level, METHOD, f"all {m} rows agree"))
            continue
        out.append(Interval(float(value), float(lo), float(hi), m, level, METHOD))
    return out


def figures(units: Sequence[Unit], mode: str, *, select: Callable[[EvalSpan], bool] | None = None,
            resamples: int = RESAMPLES, seed: int = SEED) -> Figures:
    """The figures of ``units`` under ``mode``, counting only spans ``select`` keeps (a category or a
    severity) on both sides."""
    counts = []
    for u in units:
        pred = [s for s in u.predicted if select is None or select(s)]
        hum = [s for s in u.human if select is None or select(s)]
        counts.append(count(pred, hum, mode))
    cols = _columns(counts)
    ivs = cluster_intervals(cols, [u.cluster for u in units], _figures_of, resamples=resamples, seed=seed)
    if not ivs:
        ivs = [None] * 7
    return Figures(mode, *ivs, predicted=int(cols[:, 1].sum()), human=int(cols[:, 3].sum()),
                   pairs=int(cols[:, 8].sum()), units=len(units), clusters=len({u.cluster for u in units}))


# ---- a judge's table ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class TableRow:
    """One line of the meta-evaluation table: who, which slice (all, a category, a severity), one mode."""

    who: str
    slice_kind: str  # "all", "category" or "severity"
    slice: str
    figures: Figures


@dataclass
class SpanReport:
    rows: list[TableRow] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


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


def table(who: str, units: Sequence[Unit], *, resamples: int = RESAMPLES, seed: int = SEED,
          modes: Sequence[str] = MODES, level: str = "top") -> list[TableRow]:
    """All spans, then each category (top-level, or whole paths with ``level="full"``), then each
    severity, each under every mode."""
    if level not in ("top", "full"):
        raise ValueError(f"category level is top or full, not {level!r}")
    cats, sevs = slices(units, level)
    rows = [TableRow(who, "all", "all", figures(units, m, resamples=resamples, seed=seed)) for m in modes]
    for c in cats:
        rows += [TableRow(who, "category", c, figures(units, m, select=lambda s, c=c: category_of(s, level) == c,
                                                       resamples=resamples, seed=seed)) for m in modes]
    for v in sevs:
        rows += [TableRow(who, "severity", v, figures(units, m, select=lambda s, v=v: s.severity == v,
                                                       resamples=resamples, seed=seed)) for m in modes]
    return rows
