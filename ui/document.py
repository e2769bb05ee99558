"""The open project as the GUI sees it: the project, its revision, the chosen candidate and its results.

Every widget reads from here and listens to its signals. The revision grows whenever the texts change,
so work started for an older revision can be recognised and dropped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from app.model import Candidate, Judgment, Project


class Document(QObject):
    projectChanged = Signal()
    candidateChanged = Signal(str)
    resultsChanged = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.project: Project | None = None
        self.revision = 0
        self.candidate_label: str | None = None
        self.judgments: list[Judgment] = []
        self._results_ticket = -1

    def set_project(self, project: Project) -> None:
        self.project = project
        self.revision += 1
        self.judgments = []
        self._results_ticket = -1
        self.candidate_label = project.candidates[0].label if project.candidates else None
        self.projectChanged.emit()
        self.resultsChanged.emit()

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
