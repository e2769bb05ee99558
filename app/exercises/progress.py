"""A student's progress: every graded attempt stored per student name (table ``exercise_attempts``,
migration m009), and what the progress view draws from them — a score per top-level category over time
and the categories the student confuses most.

Attempts are never edited: a second try at the same exercise is a new row, so the curve shows learning.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from litlens.app.exercises.drill import DrillResult
    from litlens.app.exercises.grading import Grade
    from litlens.app.exercises.model import Exercise
    from litlens.app.run.store import Store

ANNOTATION, DRILL = "annotation", "drill"
DRILL_CATEGORY = "speech level"  # the drill's one "category" in the per-category series


class ProgressError(ValueError):
    """An attempt that cannot be stored (no student name)."""


@dataclass(frozen=True)
class Mistake:
    """One reason from a graded attempt, kept so the Learn view can show the student's own mistakes as
    examples: ``kind`` as in app.exercises.grading (missed, wrong-top, wrong-leaf, severity, extra)."""

    kind: str
    quote: str
    key_category: str = ""
    key_severity: str = ""
    student_category: str = ""
    student_severity: str = ""
    why: str = ""  # the key's explanation
    title: str = ""  # the exercise it came from
    when: float = 0.0

    def to_json(self) -> dict[str, str]:
        return {k: v for k, v in (("kind", self.kind), ("quote", self.quote), ("key_category", self.key_category),
                                  ("key_severity", self.key_severity), ("student_category", self.student_category),
                                  ("student_severity", self.student_severity), ("why", self.why)) if v}

    @classmethod
    def from_json(cls, raw: Any, title: str, when: float) -> Mistake | None:
        if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str):
            return None
        fields = ("quote", "key_category", "key_severity", "student_category", "student_severity", "why")
        return cls(raw["kind"], **{f: str(raw.get(f) or "")[:4000] for f in fields}, title=title, when=when)


MAX_MISTAKES = 200  # per attempt: a student who marks every word should not fill the database


@dataclass
class Attempt:
    student: str
    exercise: str
    title: str
    kind: str
    created_at: float
    precision: float | None = None
    recall: float | None = None
    f1: float | None = None
    top_accuracy: float | None = None
    leaf_accuracy: float | None = None
    severity_agreement: float | None = None
    per_category: dict[str, tuple[int, int]] = field(default_factory=dict)
    confusions: list[tuple[str, str]] = field(default_factory=list)
    mistakes: list[Mistake] = field(default_factory=list)
    id: int | None = None

    @property
    def score(self) -> float | None:
        """The headline number: F1 of spans for an annotation exercise, accuracy for a drill."""
        return self.f1 if self.kind == ANNOTATION else self.recall


def _student(name: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise ProgressError("Enter your name so your attempts can be kept.")
    return name[:200]


def attempt_from_grade(student: str, exercise: Exercise, g: Grade, when: float | None = None) -> Attempt:
    return Attempt(_student(student), exercise.id, exercise.title, ANNOTATION, when or time.time(),
                   g.precision, g.recall, g.f1, g.top_accuracy, g.leaf_accuracy, g.severity_agreement,
                   g.per_category(), g.confusions(), mistakes_from_grade(g))


def mistakes_from_grade(g: Grade) -> list[Mistake]:
    out = []
    for n in g.notes[:MAX_MISTAKES]:
        k, s = n.key, n.student
        out.append(Mistake(n.kind, n.quote, k.category if k else "", k.severity if k else "",
                           s.category if s else "", s.severity if s else "", k.explanation if k else ""))
    return out


def attempt_from_drill(student: str, exercise: Exercise, r: DrillResult, when: float | None = None) -> Attempt:
    # a drill's accuracy is kept as its recall (sentences named right over sentences graded)
    return Attempt(_student(student), exercise.id, exercise.title, DRILL, when or time.time(),
                   recall=r.accuracy, per_category={DRILL_CATEGORY: (r.correct, r.graded)} if r.graded else {},
                   confusions=r.confusions())


def record(store: Store, attempt: Attempt) -> Attempt:
    details = {"per_category": {k: list(v) for k, v in attempt.per_category.items()},
               "confusions": [list(c) for c in attempt.confusions],
               "mistakes": [m.to_json() for m in attempt.mistakes]}
    row: dict[str, Any] = {"student": attempt.student, "exercise": attempt.exercise, "title": attempt.title,
                           "kind": attempt.kind, "created_at": attempt.created_at,
                           "precision": attempt.precision, "recall": attempt.recall, "f1": attempt.f1,
                           "top_accuracy": attempt.top_accuracy, "leaf_accuracy": attempt.leaf_accuracy,
                           "severity_agreement": attempt.severity_agreement,
                           "details": json.dumps(details, ensure_ascii=False)}
    with store.write():
        attempt.id = int(store.db["exercise_attempts"].insert(row).last_pk)
    return attempt


def students(store: Store) -> list[str]:
    rows = store.db.execute("SELECT student, MAX(created_at) FROM exercise_attempts GROUP BY student "
                            "ORDER BY 2 DESC").fetchall()
    return [r[0] for r in rows]


def attempts(store: Store, student: str) -> list[Attempt]:
    """The student's attempts, oldest first."""
    out = []
    for r in store.db["exercise_attempts"].rows_where("student = ?", [student], order_by="created_at, id"):
        try:
            details = json.loads(r["details"] or "{}")
        except ValueError:  # a damaged row still shows its scores
            details = {}
        out.append(Attempt(r["student"], r["exercise"], r["title"] or "", r["kind"], r["created_at"],
                           r["precision"], r["recall"], r["f1"], r["top_accuracy"], r["leaf_accuracy"],
                           r["severity_agreement"],
                           {k: (int(v[0]), int(v[1])) for k, v in details.get("per_category", {}).items()},
                           [(str(a), str(b)) for a, b in details.get("confusions", [])],
                           _mistakes(details.get("mistakes"), r["title"] or "", r["created_at"]), r["id"]))
    return out


def _mistakes(raw: Any, title: str, when: float) -> list[Mistake]:
    if not isinstance(raw, list):
        return []
    return [m for m in (Mistake.from_json(x, title, when) for x in raw[:MAX_MISTAKES]) if m is not None]


def own_mistakes(store: Store, student: str, limit: int = 500) -> list[Mistake]:
    """The student's mistakes across every stored attempt, newest first (for the Learn view)."""
    out = [m for a in reversed(attempts(store, student)) for m in a.mistakes]
    return out[:limit]


def mistake_topics(m: Mistake) -> list[tuple[str, str]]:
    """The Learn-view entries a mistake illustrates: a missed span or a wrong name belongs to the key's
    category (and, named wrongly, to the category chosen, as what it is not); an extra span to the
    category the student chose; a severity mistake to the key's severity."""
    from litlens.app.exercises.grading import EXTRA, MISSED, SEVERITY
    if m.kind == SEVERITY:
        return [("severity", m.key_severity)]
    if m.kind == EXTRA:
        return [("mqm", m.student_category)]
    if m.kind == MISSED:
        return [("mqm", m.key_category)]
    return [("mqm", m.key_category), ("mqm", m.student_category)]


def category_series(history: list[Attempt], by_attempt: bool = False) -> dict[str, list[tuple[float, float]]]:
    """Top-level category -> [(time, share of that category's key findings the student found and named
    with the right top level)], one point per attempt in which the category occurred. With ``by_attempt``
    the first number is the attempt's place in ``history`` (1 for the first) instead of its time."""
    series: dict[str, list[tuple[float, float]]] = {}
    for n, a in enumerate(history, start=1):
        for cat, (right, total) in a.per_category.items():
            if total:
                series.setdefault(cat, []).append((float(n) if by_attempt else a.created_at, right / total))
    return dict(sorted(series.items()))


def confusion_table(history: list[Attempt], limit: int = 10) -> list[tuple[str, str, int]]:
    """(what the key said, what the student said, how often), most frequent first."""
    counts = Counter(c for a in history for c in a.confusions)
    return [(k, s, n) for (k, s), n in counts.most_common(limit)]
