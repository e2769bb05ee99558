"""Agreement between a judge's scores and human scores (seed 000, Tables 3–4): Kendall's τ-b, Spearman's ρ
with average ranks for ties, mean squared error, per-label precision/recall/F1 and confusion matrices.

Pure Python, no SciPy. A coefficient that is undefined (fewer than two pairs, or one side constant) is
returned as None rather than NaN, so callers must say so instead of printing a number.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass


def _check(x: Sequence[float], y: Sequence[float]) -> None:
    if len(x) != len(y):
        raise ValueError(f"paired samples differ in length ({len(x)} and {len(y)})")


def _tied_pairs(values: Sequence[float]) -> int:
    """Pairs sharing a value: Σ t(t−1)/2 over groups of t equal values."""
    return sum(t * (t - 1) // 2 for t in Counter(values).values())


def kendall_tau_b(x: Sequence[float], y: Sequence[float]) -> float | None:
    """τ-b = (C − D) / √((n₀ − n₁)(n₀ − n₂)), with n₀ = n(n−1)/2 and n₁, n₂ the pairs tied in x and in y.
    O(n²), which is fine for the hundreds of paragraphs a human annotation covers."""
    _check(x, y)
    n = len(x)
    diff = 0  # C − D
    for i in range(n):
        xi, yi = x[i], y[i]
        for j in range(i + 1, n):
            s = (xi > x[j]) - (xi < x[j])
            t = (yi > y[j]) - (yi < y[j])
            diff += s * t
    n0 = n * (n - 1) // 2
    denom = (n0 - _tied_pairs(x)) * (n0 - _tied_pairs(y))
    return diff / math.sqrt(denom) if denom > 0 else None


def average_ranks(values: Sequence[float]) -> list[float]:
    """1-based ranks; equal values share the mean of the ranks they span (1, 2.5, 2.5, 4)."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        shared = (start + end) / 2 + 1
        for k in range(start, end + 1):
            ranks[order[k]] = shared
        start = end + 1
    return ranks


def pearson(x: Sequence[float], y: Sequence[float]) -> float | None:
    _check(x, y)
    n = len(x)
    if n < 2:
        return None
    mx, my = sum(x) / n, sum(y) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
    sxx = sum((a - mx) ** 2 for a in x)
    syy = sum((b - my) ** 2 for b in y)
    return sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else None


def spearman_rho(x: Sequence[float], y: Sequence[float]) -> float | None:
    """Pearson's r of the average ranks (the tie-correct form, not 1 − 6Σd²/(n(n²−1)))."""
    return pearson(average_ranks(x), average_ranks(y))


def mse(x: Sequence[float], y: Sequence[float]) -> float | None:
    _check(x, y)
    return sum((a - b) ** 2 for a, b in zip(x, y)) / len(x) if x else None


@dataclass
class LabelScores:
    label: Hashable
    support: int  # how often the human gave this label
    precision: float | None  # None when the judge never gave the label
    recall: float | None
    f1: float | None


def label_scores(gold: Sequence[Hashable], predicted: Sequence[Hashable],
                 labels: Sequence[Hashable]) -> list[LabelScores]:
    """Per-label precision, recall and F1 with the human labels as the truth."""
    _check(gold, predicted)  # type: ignore[arg-type]
    out: list[LabelScores] = []
    for lab in labels:
        tp = sum(1 for g, p in zip(gold, predicted) if g == lab and p == lab)
        said = sum(1 for p in predicted if p == lab)
        support = sum(1 for g in gold if g == lab)
        prec = tp / said if said else None
        rec = tp / support if support else None
        f1 = (2 * prec * rec / (prec + rec) if prec and rec else 0.0) \
            if prec is not None and rec is not None else None
        out.append(LabelScores(lab, support, prec, rec, f1))
    return out


def accuracy(gold: Sequence[Hashable], predicted: Sequence[Hashable]) -> float | None:
    _check(gold, predicted)  # type: ignore[arg-type]
    return sum(1 for g, p in zip(gold, predicted) if g == p) / len(gold) if gold else None


def confusion_matrix(gold: Sequence[Hashable], predicted: Sequence[Hashable],
                     labels: Sequence[Hashable]) -> list[list[int]]:
    """``m[i][j]``: items the human labelled ``labels[i]`` and the judge ``labels[j]``."""
    _check(gold, predicted)  # type: ignore[arg-type]
    index = {lab: i for i, lab in enumerate(labels)}
    m = [[0] * len(labels) for _ in labels]
    for g, p in zip(gold, predicted):
        if g in index and p in index:
            m[index[g]][index[p]] += 1
    return m
