"""Adequacy (seed 002, §4.2 and Table 3): how often a judge prefers the human translation.

The paper takes the published human translation as the best one and asks, per evaluation scheme, in what
share of segments the scheme prefers it over each machine translation. Here a segment is an aligned
paragraph and "prefers" means:

* for judges that score each candidate per paragraph (SQM, either MQM convention, any other score):
  the human translation's score is strictly higher (a tie is not a preference);
* for BWS: in one judgement the human translation is preferred over X when it was picked best or X was
  picked worst; with several candidate orders per paragraph, the paragraph counts when that held in more
  than half of its judgements.

Computed only from stored Judgments, so the CLI, reports and GUI agree after a restart.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from litlens.app.judges.base import Summary
from litlens.app.core.model import Judgment

ALL_OTHERS = "all others"


def _row(judge: str, measure: str, other: str, preferred: int, compared: int) -> dict[str, Any]:
    return {"judge": judge, "measure": measure, "other": other, "preferred": preferred,
            "compared": compared, "share": preferred / compared if compared else None}


def _score_rows(judge: str, items: list[Judgment], human: str) -> list[dict[str, Any]]:
    # measure -> paragraph -> candidate -> value
    table: dict[str, dict[int, dict[str, float]]] = defaultdict(lambda: defaultdict(dict))
    for j in items:
        if j.candidate is None or j.paragraph is None:
            continue
        for s in j.scores:
            table[s.dimension][j.paragraph][j.candidate] = s.value
    rows = []
    for measure, paras in table.items():
        others = sorted({c for by in paras.values() for c in by} - {human})
        pooled_yes = pooled_n = 0
        for other in others:
            yes = n = 0
            for by in paras.values():
                if human in by and other in by:
                    n += 1
                    yes += by[human] > by[other]
            if n:
                rows.append(_row(judge, measure, other, yes, n))
                pooled_yes, pooled_n = pooled_yes + yes, pooled_n + n
        if pooled_n and len(others) > 1:
            rows.append(_row(judge, measure, ALL_OTHERS, pooled_yes, pooled_n))
    return rows


def _bws_rows(judge: str, items: list[Judgment], human: str) -> list[dict[str, Any]]:
    by_para: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for j in items:
        if j.paragraph is not None and "best" in j.data and "worst" in j.data:
            by_para[j.paragraph].append(j.data)
    others = sorted({c for ds in by_para.values() for d in ds for c in d.get("order", [])} - {human})
    rows, pooled_yes, pooled_n = [], 0, 0
    for other in others:
        yes = n = 0
        for ds in by_para.values():
            votes = [d["best"] == human or d["worst"] == other for d in ds
                     if human in d.get("order", []) and other in d.get("order", [])]
            if votes:
                n += 1
                yes += sum(votes) * 2 > len(votes)
        if n:
            rows.append(_row(judge, "best/worst", other, yes, n))
            pooled_yes, pooled_n = pooled_yes + yes, pooled_n + n
    if pooled_n and len(others) > 1:
        rows.append(_row(judge, "best/worst", ALL_OTHERS, pooled_yes, pooled_n))
    return rows


def adequacy(results: list[Judgment], human_label: str) -> dict[str, Any]:
    """Share of paragraphs in which each judge prefers ``human_label`` over each other candidate.

    Returns ``{"human": label, "rows": [{"judge", "measure", "other", "preferred", "compared",
    "share"}, ...]}``; ``other`` is a candidate label or "all others" (every comparison pooled).
    """
    by_judge: dict[str, list[Judgment]] = defaultdict(list)
    for j in results:
        if j.status == "ok":
            by_judge[j.judge].append(j)
    rows: list[dict[str, Any]] = []
    for judge, items in by_judge.items():
        if any("best" in j.data and "worst" in j.data for j in items):
            rows += _bws_rows(judge, items, human_label)
        else:
            rows += _score_rows(judge, items, human_label)
    return {"human": human_label, "rows": rows}


def human_label_of(results: list[Judgment]) -> str | None:
    """The human translation's label a judge recorded in its results (its ``human`` option)."""
    for j in results:
        label = j.data.get("human") if j.status == "ok" else None
        if label:
            return str(label)
    return None


def adequacy_summary(results: list[Judgment], human_label: str | None = None) -> Summary | None:
    """A table for ``summarize()``; None when no human translation was marked or nothing compares."""
    human = human_label or human_label_of(results)
    if not human:
        return None
    found = adequacy(results, human)
    if not found["rows"]:
        return None
    rows = [[r["measure"], r["other"], str(r["preferred"]), str(r["compared"]),
             "-" if r["share"] is None else f"{100 * r['share']:.1f}%"] for r in found["rows"]]
    return Summary(title=f"adequacy: paragraphs where {human!r} is preferred (seed 002, Table 3)",
                   headers=["measure", "vs", "preferred", "paragraphs", "share"], rows=rows, data=found)
