"""MAS-LitEval's terminology score T, computed from the term table rather than asked of the model.

Seed 003 defines the terminology agent's score by the uniformity of each key term's renderings across the
whole text: 1 when every occurrence of a term is translated identically, 0 when there is no consistency.
We measure a term's uniformity as the chance that two of its occurrences, picked at random, are rendered
the same way,

    u(term) = Σ_r c_r·(c_r − 1) / (n·(n − 1)),   n = Σ_r c_r ≥ 2,

which is exactly 1 when all n occurrences share one rendering and exactly 0 when no two agree, the two
ends the paper names. T is the mean of u over the key terms that occur at least twice (the paper's agent
looks at terms that "appear multiple times"); a term seen once cannot be inconsistent and carries no
evidence. With no such term there is nothing inconsistent and T = 1.

The counts come from the terminology agent's per-chunk reports, merged over all chunks, so a name spelt
one way in chapter 1 and another in chapter 9 lowers T even though each chunk on its own is uniform.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def term_uniformity(counts: Iterable[int]) -> float | None:
    """u for one term from the occurrence count of each of its renderings; None below two occurrences."""
    cs = [int(c) for c in counts if int(c) > 0]
    n = sum(cs)
    if n < 2:
        return None
    return sum(c * (c - 1) for c in cs) / (n * (n - 1))


def terminology_score(table: Mapping[str, Mapping[str, Any]]) -> tuple[float, dict[str, float]]:
    """(T, {term: u}) from a term table ``{term: {"renderings": [{"text", "count", ...}], ...}}``."""
    per_term: dict[str, float] = {}
    for term, entry in table.items():
        u = term_uniformity(r["count"] for r in entry.get("renderings", []))
        if u is not None:
            per_term[term] = u
    if not per_term:
        return 1.0, per_term
    return sum(per_term.values()) / len(per_term), per_term


def describe(table: Mapping[str, Mapping[str, Any]], per_term: Mapping[str, float]) -> str:
    """One entry per scored term, e.g. ``Grandison: 그랜디슨 ×5, 그란디손 ×1 → 0.67``, for a rationale."""
    lines = []
    for term, u in sorted(per_term.items(), key=lambda kv: (kv[1], kv[0])):
        shown = ", ".join(f"{r['text']} ×{r['count']}" for r in table[term]["renderings"])
        lines.append(f"{term}: {shown} → {u:.2f}")
    return "; ".join(lines) if lines else "no key term occurs twice in the translation, so none can be " \
                                          "inconsistent (T = 1)"
