"""MQM scores from a list of errors, in the two conventions LitLens reports side by side.

* Paper (seed 002, §3): a paragraph scores ``-(25·C_non-translation + 5·C_major + 1·C_minor) / sentences``
  where C counts errors and ``sentences`` is the number of sentences in the paragraph. The paper's
  annotators label errors only major or minor; the weight 25 belongs to the *category* non-translation,
  whatever severity it was given. An error an LLM labels ``critical`` has no weight of its own in this
  formula, so it counts as the paper's stronger severity, major (5). Neutral errors count 0.
* GEMBA (Kocmi & Federmann 2023, as in their released scorer): per segment, critical 25 / major 5 /
  minor 1, a non-translation error counts as critical; errors are taken critical first, then major, then
  minor (answer order within a severity), only the first five are counted, and the total is capped at 25.
  The score is the negated total, so it lies in [-25, 0].

Both are negative numbers where 0 means no error; higher is better.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from litlens.app.mqm.typology import is_non_translation

PAPER = "MQM (paper, per sentence)"
GEMBA = "MQM (GEMBA, capped)"
PAPER_WEIGHTS = {"non-translation": 25.0, "critical": 5.0, "major": 5.0, "minor": 1.0, "neutral": 0.0}
GEMBA_WEIGHTS = {"critical": 25.0, "major": 5.0, "minor": 1.0, "neutral": 0.0}
GEMBA_MAX_ERRORS = 5
GEMBA_CAP = 25.0

Error = tuple[str, str]  # (category path, severity)


class MqmScoreError(ValueError):
    """Bad input to a score formula (an unknown severity, no sentences)."""


@dataclass(frozen=True)
class Counts:
    non_translation: int
    critical: int
    major: int
    minor: int

    @property
    def total(self) -> int:
        return self.non_translation + self.critical + self.major + self.minor


def _check(severity: str, table: dict[str, float]) -> None:
    if severity not in table:
        raise MqmScoreError(f"unknown severity {severity!r}; expected one of {', '.join(table)}")


def counts(errors: Iterable[Error]) -> Counts:
    """Errors by the paper's classes; a non-translation error is counted there, not under its severity."""
    c: Counter[str] = Counter()
    for category, severity in errors:
        _check(severity, PAPER_WEIGHTS)
        c["non-translation" if is_non_translation(category) else severity] += 1
    return Counts(c["non-translation"], c["critical"], c["major"], c["minor"])


def paper_penalty(errors: Iterable[Error]) -> float:
    """25·non-translation + 5·(major, and critical) + 1·minor, before dividing by sentences."""
    total = 0.0
    for category, severity in errors:
        _check(severity, PAPER_WEIGHTS)
        total += PAPER_WEIGHTS["non-translation"] if is_non_translation(category) else PAPER_WEIGHTS[severity]
    return total


def paper_score(errors: Iterable[Error], sentences: int) -> float:
    """The paper's paragraph score: ``-penalty / number of sentences``."""
    if sentences < 1:
        raise MqmScoreError("the paragraph score needs at least one sentence")
    return -paper_penalty(errors) / sentences


def paper_floor(n_errors: int, sentences: int) -> float:
    """The lowest paper score a paragraph with ``n_errors`` errors can get (all of them non-translation);
    the formula itself has no lower bound, so this is what a Score's ``scale_min`` records."""
    return -PAPER_WEIGHTS["non-translation"] * max(1, n_errors) / max(1, sentences)


def gemba_score(errors: Iterable[Error]) -> float:
    """GEMBA-MQM's segment score: first five errors by severity, 25/5/1, capped at 25, negated."""
    ranked: list[str] = []
    for category, severity in errors:
        _check(severity, GEMBA_WEIGHTS)
        ranked.append("critical" if is_non_translation(category) else severity)
    order = {"critical": 0, "major": 1, "minor": 2, "neutral": 3}
    ranked.sort(key=order.__getitem__)  # stable: answer order kept within a severity
    total = sum(GEMBA_WEIGHTS[s] for s in ranked[:GEMBA_MAX_ERRORS])
    return -min(total, GEMBA_CAP)
