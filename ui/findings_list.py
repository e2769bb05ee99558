"""The findings list for the current candidate: severity, paragraph, judge, category, quote, explanation.

Selecting a finding (mouse or keyboard) announces it so the pair view can scroll to it.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QHeaderView, QLabel, QSplitter, QTextBrowser,
                               QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)

from app.model import SEVERITIES
from ui.pair_layout import row_label
from ui.severity import rank, style_for

if TYPE_CHECKING:
    from app.model import Candidate, Span
    from ui.document import Document

COLUMNS = ("Severity", "¶", "Judge", "Category", "Text", "Explanation")
ALL = "All severities"


def paragraph_of(candidate: Candidate, span: Span) -> str:
    """The aligned row label (¶n of the source) where a span sits, from its offsets when it has them."""
    if span.located and candidate.alignment is not None:
        for i, seg in enumerate(candidate.text.paragraphs):
            if seg.start <= span.start < max(seg.end, seg.start + 1):  # type: ignore[operator]
                for pair in candidate.alignment.pairs:
                    if i in pair.target:
                        return row_label(pair)
    if span.paragraph is not None:
        return f"¶{span.paragraph + 1}"
    return "—"


class SortItem(QTreeWidgetItem):
    """Sorts severity by rank and paragraphs by number, not alphabetically."""

    def __lt__(self, other: QTreeWidgetItem) -> bool:
        col = self.treeWidget().sortColumn() if self.treeWidget() else 0
        a, b = self.data(col, Qt.ItemDataRole.UserRole + 1), other.data(col, Qt.ItemDataRole.UserRole + 1)
        if a is not None and b is not None:
            return a < b
        return self.text(col) < other.text(col)


class FindingsList(QWidget):
    findingChosen = Signal(object, str)  # Span, candidate label

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.filter = QComboBox()
        self.filter.addItems([ALL, *SEVERITIES])
        self.count = QLabel()
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(list(COLUMNS))
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSortingEnabled(True)
        self.tree.setUniformRowHeights(True)
        header = self.tree.header()
        for col, width in enumerate((80, 48, 96, 200, 200)):
            header.resizeSection(col, width)
        header.setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(True)
        self.detail = QTextBrowser()
        self.detail.setPlaceholderText("Select a finding to read it in full.")
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.tree)
        split.addWidget(self.detail)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setSizes([760, 300])
        top = QHBoxLayout()
        top.addWidget(self.filter)
        top.addWidget(self.count)
        top.addStretch(1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 0)
        lay.addLayout(top)
        lay.addWidget(split, 1)

        self.filter.currentTextChanged.connect(self.refresh)
        self.tree.currentItemChanged.connect(self._current_changed)
        self.tree.itemActivated.connect(lambda item, _col: self._announce(item))
        self.tree.itemClicked.connect(lambda item, _col: self._announce(item))
        document.resultsChanged.connect(self.refresh)
        document.candidateChanged.connect(self.refresh)
        document.projectChanged.connect(self.refresh)

    def spans(self) -> list[Span]:
        """Every finding for the current candidate (before the severity filter)."""
        return [s for j in self.document.judgments_for(self.document.candidate_label) for s in j.spans]

    def refresh(self) -> None:
        self.tree.setSortingEnabled(False)
        self.tree.clear()
        self.detail.clear()
        cand = self.document.candidate
        spans = self.spans() if cand is not None else []
        wanted = self.filter.currentText()
        shown = [s for s in spans if wanted == ALL or s.severity == wanted]
        for span in sorted(shown, key=lambda s: (s.start if s.start is not None else 1 << 60, rank(s.severity))):
            self.tree.addTopLevelItem(self._item(cand, span))  # type: ignore[arg-type]
        self.tree.setSortingEnabled(True)
        self.tree.sortByColumn(1, Qt.SortOrder.AscendingOrder)
        self.count.setText(f"{len(shown)} of {len(spans)} findings" if wanted != ALL else
                           f"{len(spans)} findings")

    def _item(self, cand: Candidate, span: Span) -> QTreeWidgetItem:
        style = style_for(span.severity)
        para = paragraph_of(cand, span)
        quote = span.quote or (cand.text.content[span.start:span.end] if span.located else "")
        if not span.located:
            quote = f"{quote} (not located in the text)"
        item = SortItem([f"{style.mark} {span.severity}", para, span.judge, span.category, quote,
                         span.explanation])
        item.setForeground(0, QColor(style.colour))
        item.setData(0, Qt.ItemDataRole.UserRole, span)
        item.setData(0, Qt.ItemDataRole.UserRole + 1, rank(span.severity))
        digits = "".join(ch for ch in para.split("–")[0] if ch.isdigit())
        item.setData(1, Qt.ItemDataRole.UserRole + 1, int(digits) if digits else 1 << 30)
        for col in range(len(COLUMNS)):
            item.setToolTip(col, f"{span.explanation}\n\nSuggestion: {span.suggestion}"
                            if span.suggestion else span.explanation)
        return item

    def _current_changed(self, item: QTreeWidgetItem | None, _prev: QTreeWidgetItem | None) -> None:
        if item is not None:
            self._announce(item)

    def _announce(self, item: QTreeWidgetItem) -> None:
        span = item.data(0, Qt.ItemDataRole.UserRole)
        if span is not None:
            self.detail.setHtml(self._detail_html(span, item.text(1), item.text(4)))
            self.findingChosen.emit(span, self.document.candidate_label or "")

    def _detail_html(self, span: Span, para: str, quote: str) -> str:
        style = style_for(span.severity)
        e = html.escape
        parts = [f"<p><b style='color:{style.colour}'>{style.mark} {e(span.severity)}</b> · "
                 f"{e(span.category)}<br><span style='color:#6b7280'>{e(span.judge)} · {e(para)}</span></p>"]
        if quote:
            parts.append(f"<p style='background:{style.tint}; padding:4px'>{e(quote)}</p>")
        project = self.document.project
        if project is not None and span.source_start is not None and span.source_end is not None:
            src = project.source.content[span.source_start:span.source_end]
            parts.append(f"<p style='color:#4b5563'>Source: {e(src)}</p>")
        if span.explanation:
            parts.append(f"<p>{e(span.explanation)}</p>")
        if span.suggestion:
            parts.append(f"<p><i>Suggestion:</i> {e(span.suggestion)}</p>")
        return "".join(parts)

    def select_span(self, span: Span) -> None:
        """Make ``span`` the current row (after a click on it in the pair view)."""
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            if item.data(0, Qt.ItemDataRole.UserRole) == span:
                self.tree.blockSignals(True)
                self.tree.setCurrentItem(item)
                self.tree.blockSignals(False)
                self.tree.scrollToItem(item)
                return
