"""The open project as the GUI sees it: the project, its revision, the chosen candidate and its results.

Every widget reads from here and listens to its signals. The revision grows whenever the texts change,
so work started for an older revision can be recognised and dropped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from litlens.app.run.annotations import HUMAN, Annotation, span_key
from litlens.app.core.model import Span

if TYPE_CHECKING:
    from litlens.app.run.annotations import SpanKey
    from litlens.app.core.model import Candidate, Judgment, Project
    from litlens.ui.tasks import Review


class Document(QObject):
    projectChanged = Signal()
    candidateChanged = Signal(str)
    resultsChanged = Signal()
    reviewChanged = Signal()  # the reviewer's decisions, span ids or run history changed

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.project: Project | None = None
        self.revision = 0
        self.candidate_label: str | None = None
        self.judgments: list[Judgment] = []
        self._results_ticket = -1
        self.project_id: int | None = None
        self.annotations: list[Annotation] = []
        self.span_ids: dict[SpanKey, int] = {}
        self.runs: list[dict] = []

    def set_project(self, project: Project) -> None:
        self.project = project
        self.revision += 1
        self.judgments = []
        self._results_ticket = -1
        self.project_id = project.id
        self.annotations, self.span_ids, self.runs = [], {}, []
        self.candidate_label = project.candidates[0].label if project.candidates else None
        self.projectChanged.emit()
        self.resultsChanged.emit()
        self.reviewChanged.emit()

    @property
    def candidate(self) -> Candidate | None:
        if self.project is None or self.candidate_label is None:
            return None
        return self.project.candidate(self.candidate_label)

    def set_candidate(self, label: str) -> None:
        if label == self.candidate_label or self.project is None:
            return
        self.project.candidate(label)  # KeyError for a label this project does not have
        self.candidate_label = label
        self.candidateChanged.emit(label)

    def set_results(self, revision: int, ticket: int, judgments: list[Judgment]) -> bool:
        """Show results computed for ``revision``; False (and nothing changes) when they are stale.

        ``ticket`` orders deliveries within a revision: a slow load that was asked for before a run
        must not replace the run's newer results when it arrives late.
        """
        if revision != self.revision or ticket < self._results_ticket:
            return False
        self._results_ticket = ticket
        self.judgments = list(judgments)
        self.resultsChanged.emit()
        return True

    def judgments_for(self, label: str | None) -> list[Judgment]:
        return [j for j in self.judgments if j.candidate == label]

    # ---- human review --------------------------------------------------------------------------
    def set_review(self, revision: int, review: Review) -> bool:
        """Show the stored review state loaded for ``revision``; False when it is stale."""
        if revision != self.revision:
            return False
        self.project_id = review.project_id
        self.annotations = list(review.annotations)
        self.span_ids = dict(review.span_ids)
        self.runs = list(review.runs)
        self.reviewChanged.emit()
        return True

    def span_id(self, span: Span, candidate: str | None = None) -> int | None:
        return self.span_ids.get(span_key(span, candidate or self.candidate_label or ""))

    def decision(self, span: Span, candidate: str | None = None) -> Annotation | None:
        """The reviewer's current decision on a judge's span (or the annotation behind a human one)."""
        if span.judge == HUMAN:
            aid = span.data.get("annotation_id")
            return next((a for a in self.annotations if a.id == aid), None)
        sid = self.span_id(span, candidate)
        if sid is None:
            return None
        return next((a for a in reversed(self.annotations) if a.span_id == sid), None)

    def human_spans(self, label: str | None) -> list[Span]:
        """Findings the reviewer added, as spans (judge "human") so every view treats them alike."""
        return [Span(judge=HUMAN, category=a.category, severity=a.severity, start=a.start,  # type: ignore[arg-type]
                     end=a.end, quote=a.quote, explanation=a.note, paragraph=a.paragraph,
                     data={"annotation_id": a.id})
                for a in self.annotations if a.action == "add" and a.candidate == label]

    def findings(self, label: str | None) -> list[Span]:
        """Every finding for a candidate: the judges' spans, then the reviewer's additions."""
        return [s for j in self.judgments_for(label) for s in j.spans] + self.human_spans(label)

    def status(self, span: Span, candidate: str | None = None) -> str:
        """new | accepted | rejected | edited | added."""
        if span.judge == HUMAN:
            return "added"
        a = self.decision(span, candidate)
        return {"accept": "accepted", "reject": "rejected", "edit": "edited"}.get(a.action, "new") if a \
            else "new"
