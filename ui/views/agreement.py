"""Agreement between the human reviewer and each judge, per top-level category: how many findings the
reviewer kept, corrected or rejected, how many they had to add, and the resulting precision and recall."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from litlens.app.run.annotations import agreement
from litlens.ui.common.judge_texts import category_title, judge_title
from litlens.ui.common.lazy import WhenShown

if TYPE_CHECKING:
    from litlens.ui.common.document import Document


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.0f}%"


class AgreementView(QWidget):
    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.note = QLabel(self.tr("Accept (A), reject (R) or correct (E) findings, or add your own from "
                                   "selected text: agreement with each judge appears here."))
        self.note.setWordWrap(True)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([self.tr("Judge"), self.tr("Category"), self.tr("Kept"),
                                   self.tr("Corrected"), self.tr("Rejected"), self.tr("Added by you"),
                                   self.tr("Not reviewed"), self.tr("Precision"), self.tr("Recall")])
        self.tree.setRootIsDecorated(False)
        for col in range(2, 9):  # numbers are centred: their headers too, so each sits under its own
            self.tree.headerItem().setTextAlignment(col, Qt.AlignmentFlag.AlignCenter)
        for col, width in enumerate((110, 140, 60, 80, 70, 90, 90, 80)):
            self.tree.header().resizeSection(col, width)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 0)
        lay.addWidget(self.note)
        lay.addWidget(self.tree, 1)
        self.lazy = WhenShown(self, self.refresh)
        document.reviewChanged.connect(self.lazy.request)
        document.resultsChanged.connect(self.lazy.request)
        self.rows = []
        self.refresh()

    def refresh(self) -> None:
        doc = self.document
        spans = [(s, j.candidate or "") for j in doc.judgments for s in j.spans]
        self.rows = agreement(spans, doc.annotations, doc.span_ids)
        self.tree.clear()
        reviewed = any(r.reviewed or r.missed for r in self.rows)
        self.note.setVisible(not reviewed)
        for r in self.rows:
            if not (r.reviewed or r.missed):
                continue
            item = QTreeWidgetItem([judge_title(r.judge), category_title(r.category), str(r.accepted), str(r.edited), str(r.rejected),
                                    str(r.missed), str(r.unreviewed), _pct(r.precision), _pct(r.recall)])
            for col in range(2, 9):
                item.setTextAlignment(col, Qt.AlignmentFlag.AlignCenter)
            self.tree.addTopLevelItem(item)
