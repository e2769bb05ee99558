"""Result tabs under the pair view: findings, per-paragraph scores, and the units that failed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QTabWidget, QTreeWidget, QTreeWidgetItem, QWidget

from ui.findings_list import FindingsList
from ui.scores_table import FAILED_INK, ScoresTable

if TYPE_CHECKING:
    from ui.document import Document


class FailuresList(QTreeWidget):
    """Units that failed, with the error; the raw model answer is in the tooltip."""

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.setHeaderLabels(["Judge", "Candidate", "Unit", "Error"])
        self.setRootIsDecorated(False)
        for col, width in enumerate((96, 110, 150)):
            self.header().resizeSection(col, width)
        document.resultsChanged.connect(self.refresh)

    def refresh(self) -> None:
        self.clear()
        for j in self.document.judgments:
            if j.status == "ok":
                continue
            item = QTreeWidgetItem([j.judge, j.candidate or "—", j.unit, j.error or "failed"])
            item.setForeground(3, QColor(FAILED_INK))
            raw = (j.raw or "")[:2000]
            item.setToolTip(3, f"{j.error}\n\nRaw answer:\n{raw}" if raw else (j.error or ""))
            item.setData(0, Qt.ItemDataRole.UserRole, j)
            self.addTopLevelItem(item)


class ResultsView(QTabWidget):
    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.findings = FindingsList(document)
        self.scores = ScoresTable(document)
        self.failures = FailuresList(document)
        self.addTab(self.findings, "Findings")
        self.addTab(self.scores, "Scores")
        self.addTab(self.failures, "Failures")
        document.resultsChanged.connect(self._titles)
        document.candidateChanged.connect(self._titles)
        self._titles()

    def _titles(self) -> None:
        n = len(self.findings.spans())
        failed = self.failures.topLevelItemCount()
        self.setTabText(0, f"Findings ({n})")
        self.setTabText(2, f"⚠ Failures ({failed})" if failed else "Failures")
        self.tabBar().setTabTextColor(2, QColor(FAILED_INK) if failed else QColor())
