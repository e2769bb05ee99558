"""The MQM scorecard of one translation: penalty points from the findings a profile counts, per 1,000
words, a quality score and pass/fail against the profile's threshold.

Following the MQM scoring model: the absolute penalty total is the sum of each error's points (severity
weight × category weight, or a category's fixed points; app/mqm/profiles.py), the quality score is
``100 × (1 − penalty / words)`` and the normed penalty is ``penalty × per_words / words``. Findings that
are one merged row (app/mqm/merge.py: overlapping spans of one MQM branch, e.g. two judges flagging the
same words) are one error, priced at its most severe member.

Which findings count is their effective state (app/mqm/states.py): by default the ones a reviewer
confirmed (accepted, corrected — at the corrected severity and category —, applied, or added by the
reviewer); with ``include_all`` every finding except the rejected and the outdated (for a run nobody has
reviewed yet, as ``litlens evaluate --fail-under`` scores).

Words are counted the way CAT tools do: whitespace-separated words with a letter or digit, and each Han or
kana character as one word (Chinese and Japanese are written without spaces; Korean has them).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from litlens.app.core.model import Span
from litlens.app.mqm.merge import branch, group_findings
from litlens.app.mqm.profiles import Profile
from litlens.app.mqm.states import ACCEPTED, ADDED, APPLIED, CORRECTED, OUTDATED, REJECTED

REVIEWED = (ACCEPTED, CORRECTED, APPLIED, ADDED)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_WORD = re.compile(r"\S*[^\W_]\S*")


def count_words(text: str) -> int:
    cjk = len(_CJK.findall(text))
    return cjk + len(_WORD.findall(_CJK.sub(" ", text)))


def counts_as_error(status: str, include_all: bool = False) -> bool:
    if include_all:
        return status not in (REJECTED, OUTDATED)
    return status in REVIEWED


@dataclass(frozen=True)
class Finding:
    """A finding as the scorecard reads it: its effective category, severity, state and range."""

    category: str
    severity: str
    status: str
    start: int | None = None
    end: int | None = None
    judge: str = ""
    paragraph: int | None = None  # the candidate paragraph, for a finding without offsets


@dataclass
class Scorecard:
    candidate: str
    profile: Profile
    words: int
    points: float = 0.0
    errors: int = 0  # after merging
    findings: int = 0  # counted findings before merging
    by_severity: dict[str, int] = field(default_factory=dict)
    by_branch: dict[str, float] = field(default_factory=dict)  # top-level MQM branch -> points
    part: str = ""  # a chapter's name; "" for the whole text

    @property
    def penalty_per_words(self) -> float:
        return self.points * self.profile.per_words / self.words if self.words else 0.0

    @property
    def score(self) -> float:
        """MQM quality score: 100 × (1 − penalty / words); 100 for an empty text without errors."""
        if not self.words:
            return 100.0 if not self.points else float("-inf")
        return 100.0 * (1.0 - self.points / self.words)

    @property
    def passed(self) -> bool:
        return self.score >= self.profile.threshold

    def as_data(self) -> dict[str, Any]:
        return {"candidate": self.candidate, "part": self.part, "profile": self.profile.name,
                "words": self.words, "findings": self.findings, "errors": self.errors,
                "penalty": round(self.points, 4),
                f"penalty_per_{self.profile.per_words}_words": round(self.penalty_per_words, 4),
                "score": round(self.score, 4), "threshold": self.profile.threshold, "passed": self.passed,
                "by_severity": dict(self.by_severity), "by_category": {k: round(v, 4) for k, v in
                                                                       self.by_branch.items()}}


def scorecard(candidate: str, findings: Iterable[Finding], words: int, profile: Profile,
              include_all: bool = False, part: str = "") -> Scorecard:
    counted = [f for f in findings if counts_as_error(f.status, include_all) and f.severity != "neutral"]
    spans = [Span(judge=f.judge, category=f.category, severity=f.severity, start=f.start,  # type: ignore[arg-type]
                  end=f.end) for f in counted]
    card = Scorecard(candidate, profile, words, findings=len(counted), part=part)
    severities: Counter[str] = Counter()
    for group in group_findings(spans):
        error = group.primary
        points = profile.points(error.category, error.severity)
        card.points += points
        card.errors += 1
        severities[error.severity] += 1
        top = branch(error.category) or "other"
        card.by_branch[top] = card.by_branch.get(top, 0.0) + points
    card.by_severity = {s: severities[s] for s in ("critical", "major", "minor") if severities[s]}
    return card


def project_scorecards(project: Any, issues: Iterable[Any], profile: Profile,
                       include_all: bool = False, candidates: Iterable[str] | None = None, *,
                       by_chapter: bool = False) -> list[Scorecard]:
    """One scorecard per candidate of ``project`` from a report's issues (anything with ``candidate``,
    ``category``, ``severity``, ``status``, ``text_start``, ``text_end``, ``judge`` and ``paragraph``, as
    app.reports.collect.Issue has); with ``by_chapter``, one per chapter and candidate after it (see
    ``chapter_scorecards``)."""
    by_candidate: dict[str, list[Finding]] = {}
    for i in issues:
        by_candidate.setdefault(i.candidate, []).append(
            Finding(i.category, i.severity, i.status, i.text_start, i.text_end, i.judge, i.paragraph))
    if by_chapter:
        return chapter_scorecards(project, by_candidate, profile, include_all, candidates)
    return candidate_scorecards(project, by_candidate, profile, include_all, candidates)


def candidate_scorecards(project: Any, findings: dict[str, list[Finding]], profile: Profile,
                         include_all: bool = False, candidates: Iterable[str] | None = None) -> list[Scorecard]:
    """One scorecard per candidate of ``project`` (or of ``candidates``), the words counted in the text
    the profile names."""
    wanted = set(candidates) if candidates is not None else None
    source_words = count_words(project.source.content) if profile.words == "source" else 0
    out = []
    for cand in project.candidates:
        if wanted is not None and cand.label not in wanted:
            continue
        words = source_words if profile.words == "source" else count_words(cand.text.content)
        out.append(scorecard(cand.label, findings.get(cand.label, []), words, profile, include_all))
    return out


def chapter_scorecards(project: Any, findings: dict[str, list[Finding]], profile: Profile,
                       include_all: bool = False, candidates: Iterable[str] | None = None) -> list[Scorecard]:
    """Per candidate: one scorecard per chapter (``part`` its title; words and findings of the candidate
    paragraphs aligned to the chapter's source paragraphs), then the whole text's (``part`` ""). A project
    without chapters gets the whole-text scorecards only."""
    import bisect

    from litlens.app.texts.chapters import candidate_chapter, chapters_of, source_ranges
    chapters = chapters_of(project)
    whole = candidate_scorecards(project, findings, profile, include_all, candidates)
    if not chapters:
        return whole
    src = project.source.paragraphs
    src_words = [sum(count_words(src[i].text) for i in r) for r in source_ranges(chapters, len(src))]
    out: list[Scorecard] = []
    for card in whole:
        cand = project.candidate(card.candidate)
        paras = cand.text.paragraphs
        of_para = candidate_chapter(project, cand.label, chapters)
        starts = [p.start for p in paras]
        parts: list[list[Finding]] = [[] for _ in chapters]
        for f in findings.get(cand.label, []):
            k = bisect.bisect_right(starts, f.start) - 1 if f.start is not None else f.paragraph
            parts[of_para[k] if k is not None and 0 <= k < len(of_para) else 0].append(f)
        words = [0] * len(chapters)
        for k, p in enumerate(paras):
            words[of_para[k]] += count_words(p.text)
        for n, ch in enumerate(chapters):
            out.append(scorecard(cand.label, parts[n], src_words[n] if profile.words == "source" else words[n],
                                 profile, include_all, part=ch.title))
        out.append(card)
    return out
