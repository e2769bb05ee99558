"""Paragraphs whose translation is much longer or shorter than usual for this translator.

Translations into another language are systematically longer or shorter, so the test is relative: the
log of target/source length per aligned 1:1 row, scored with the robust z-score (median and MAD, 0.6745
scaling, |z| > 3.5 as Iglewicz and Hoaglin suggest). A very short row suggests omission, a long one
addition.
"""

from __future__ import annotations

import math
import statistics

from litlens.app.consistency.findings import Finding
from litlens.app.explanations import explained

THRESHOLD = 3.5
MIN_FACTOR = 1.5  # a tiny spread makes small differences look extreme; demand a visible difference too
MIN_ROWS = 5


def _size(text: str) -> int:
    """Characters that are not whitespace (str.split and str.isspace agree on what whitespace is)."""
    return len("".join(text.split()))


def robust_z(values: list[float]) -> list[float] | None:
    """Robust z-scores, or None when there are too few values or no spread at all."""
    if len(values) < MIN_ROWS:
        return None
    med = statistics.median(values)
    mad = statistics.median(abs(v - med) for v in values)
    if mad == 0:
        return None
    return [0.6745 * (v - med) / mad for v in values]


def length_outliers(rows: list[tuple[str, str, int, int, int | None]]) -> list[Finding]:
    """``rows``: (source text, target text, target start, target end, source paragraph) for 1:1 rows."""
    usable = [r for r in rows if _size(r[0]) >= 10 and _size(r[1]) > 0]
    ratios = [math.log(_size(t) / _size(s)) for s, t, *_ in usable]
    zs = robust_z(ratios)
    if zs is None:
        return []
    med = statistics.median(ratios)
    out: list[Finding] = []
    for (src, tgt, start, end, para), z, r in zip(usable, zs, ratios):
        factor = math.exp(r - med)
        if abs(z) <= THRESHOLD or 1 / MIN_FACTOR < factor < MIN_FACTOR:
            continue
        if z < 0:
            category = "accuracy/omission"
            text, why = explained("length/shorter", factor=1 / factor, z=z)
        else:
            category = "accuracy/addition"
            text, why = explained("length/longer", factor=factor, z=z)
        out.append(Finding("length", category, "major", start, end, tgt, text, para,
                           data={"robust_z": round(z, 2), "log_ratio": round(r, 3)}, why=why))
    return out
