"""VERSE categories and the pure aggregation of stored answers into per-category percentages.

Kept free of the judge and of Qt so the GUI's radar chart and reports can compute the same figures from
stored Judgments that ``VerseJudge.summarize`` prints.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any

from litlens.app.metrics.uncertainty import cluster_mean
from litlens.app.judges.payloads import Axis, RadarData

if TYPE_CHECKING:
    from litlens.app.core.model import Judgment

JUDGE_ID = "verse"

# The nine question categories, spelled exactly as in the paper (Appendix H.1.1).
CATEGORIES: tuple[str, ...] = (
    "Historical and Cultural Context",
    "Imagery and Descriptive Quality",
    "Character Voice, Tone, and Individuality",
    "Interpersonal Communication and Hierarchy",
    "Linguistic and Idiomatic Naturalness",
    "Nuanced Interpretation including Subtle Implications",
    "Narrative Pacing and Rhythm",
    "Affective and Stylistic Resonance",
    "Overall Consistency and Cohesion",
)
# classify_with="descriptions" only: a question the classifier could not place in any of the nine; kept
# and answered, never forced. The paper's classifier (the default) had no such choice.
UNCLASSIFIED = "unclassified"

SCALE = (1, 3)  # 1 = criterion not met, 2 = partly met, 3 = met (paper, section 4.2)

# Unit key prefixes; the aggregation reads results by them.
SUMMARY_KEY = "summary"
QUESTIONS_PREFIX = "questions/"
CLASSIFY_PREFIX = "classify/"
ANSWERS_PREFIX = "answers/"

Radar = dict[str, dict[str, dict[str, Any]]]  # candidate -> category -> {"percent": float, "n": int}


def percent(total: float, n: int) -> float:
    """Share of the maximum possible score: sum / (3 × n), as a percentage."""
    return 100.0 * total / (SCALE[1] * n)


def aggregate(results: list[Judgment], *, include_unclassified: bool = False) -> Radar:
    """Per candidate and category: the percentage of the maximum score and the number of questions n.

    Only finished answer units count; failed units contribute nothing (their questions are not in n).
    Categories with no answered question are left out rather than shown as 0%.
    """
    sums = _answers(results, include_unclassified)
    order = list(CATEGORIES) + [UNCLASSIFIED]
    out: Radar = {}
    for cand in sorted(sums):
        per = sums[cand]
        out[cand] = {c: {"percent": round(percent(sum(per[c]), len(per[c])), 2), "n": len(per[c])}
                     for c in order if per.get(c)}
    return out


def _answers(results: list[Judgment], include_unclassified: bool) -> dict[str, dict[str, list[float]]]:
    """candidate -> category -> the 1–3 answers of its finished answer units."""
    sums: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for j in results:
        if j.judge != JUDGE_ID or j.status != "ok" or not j.unit.startswith(ANSWERS_PREFIX):
            continue
        if j.candidate is None:
            continue
        for s in j.scores:
            if s.dimension in CATEGORIES or (include_unclassified and s.dimension == UNCLASSIFIED):
                sums[j.candidate][s.dimension].append(s.value)
    return sums


def axes() -> list[Axis]:
    """The nine categories as radar axes, with the short labels kept in resources/verse_categories.json."""
    import json

    from litlens.app.core.resources import read_resource
    table = json.loads(read_resource("verse_categories.json"))["categories"]
    short = {c["name"]: c.get("short", "") for c in table}
    return [Axis(c, short.get(c, "")) for c in CATEGORIES]


def radar(results: list[Judgment], title: str) -> RadarData | None:
    """The radar payload of ``aggregate``: one series per candidate over the nine categories."""
    nested = aggregate(results)
    if not nested:
        return None
    out = RadarData.from_nested(title, nested, axes(), scale_max=100.0, unit="%")
    # 95% interval of each percentage over paragraphs: a paragraph's questions share its translation, so
    # they are one unit (answers resampled as independent questions covered the truth ~60% of the time)
    by_para = _answers_by_paragraph(results)
    for cand in out.values:
        ivs = [cluster_mean({p: [100.0 * v / SCALE[1] for v in vals]
                             for p, vals in by_para.get(cand, {}).get(a.name, {}).items()}, bounds=(0.0, 100.0))
               for a in out.axes]
        out.intervals[cand] = [iv.as_list() if iv else None for iv in ivs]
    return out


def _answers_by_paragraph(results: list[Judgment]) -> dict[str, dict[str, dict[object, list[float]]]]:
    """candidate -> category -> paragraph (the answer unit) -> its 1–3 answers."""
    out: dict[str, dict[str, dict[object, list[float]]]] = defaultdict(lambda: defaultdict(dict))
    for j in results:
        if j.judge != JUDGE_ID or j.status != "ok" or not j.unit.startswith(ANSWERS_PREFIX) or j.candidate is None:
            continue
        unit = j.paragraph if j.paragraph is not None else j.unit
        for s in j.scores:
            if s.dimension in CATEGORIES:
                out[j.candidate][s.dimension].setdefault(unit, []).append(s.value)
    return out


def overall(results: list[Judgment]) -> dict[str, dict[str, Any]]:
    """Per candidate, all classified and unclassified answers together: percent and n."""
    out: dict[str, dict[str, Any]] = {}
    for cand, cats in aggregate(results, include_unclassified=True).items():
        n = sum(v["n"] for v in cats.values())
        total = sum(v["percent"] * v["n"] for v in cats.values()) / 100.0 * SCALE[1]
        out[cand] = {"percent": round(percent(total, n), 2) if n else 0.0, "n": n}
    return out


def question_stats(results: list[Judgment]) -> dict[str, Any]:
    """Counts over the stored question and classification units: kept, dropped (by reason), unclassified,
    left out by the classifier (unlabelled), and how many questions fell into each category."""
    kept = dropped = unclassified = unlabelled = paragraphs = 0
    reasons: dict[str, int] = defaultdict(int)
    per_category: dict[str, int] = {c: 0 for c in CATEGORIES}
    for j in results:
        if j.judge != JUDGE_ID or j.status != "ok":
            continue
        if j.unit.startswith(QUESTIONS_PREFIX):
            paragraphs += 1
            kept += len(j.data.get("questions", []))
            for d in j.data.get("dropped", []):
                dropped += 1
                reasons[str(d.get("reason", "malformed"))] += 1
        elif j.unit.startswith(CLASSIFY_PREFIX):
            unlabelled += len(j.data.get("unlabelled", []))
            for item in j.data.get("labels", []):
                cat = item.get("category")
                if cat in per_category:
                    per_category[cat] += 1
                else:
                    unclassified += 1
    return {"paragraphs": paragraphs, "kept": kept, "dropped": dropped, "dropped_by_reason": dict(reasons),
            "unclassified": unclassified, "unlabelled": unlabelled, "per_category": per_category}
