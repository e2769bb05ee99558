"""The concordance dock: every occurrence of a word or phrase in the source or the translation, its
context, and the aligned paragraph on the other side; a filter narrows the lines; activating a line
shows it in the pair view."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QHBoxLayout, QLabel, QLineEdit, QTreeWidget,
                               QTreeWidgetItem, QVBoxLayout, QWidget)

from litlens.app.core.counts import one_or_many
from litlens.app.find.concordance import ConcordanceLine, concordance
from litlens.app.find.search import Query, QueryError
from litlens.ui.common.lazy import WhenShown
from litlens.ui.find.columns import context_columns

if TYPE_CHECKING:
    from litlens.ui.common.document import Document


class ConcordanceView(QWidget):
    lineActivated = Signal(object)  # a ConcordanceLine

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.query_edit = QLineEdit()
        self.query_edit.setPlaceholderText(self.tr("word or phrase (select it in the text, then Concordance)"))
        self.side = QComboBox()
        self.side.addItem(self.tr("in the source"), "source")
        self.side.addItem(self.tr("in the translation"), "target")
        self.case = QCheckBox(self.tr("Match case"))
        self.whole = QCheckBox(self.tr("Whole words"))
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(self.tr("filter the lines (e.g. one rendering)"))
        self.filter_edit.setClearButtonEnabled(True)
        self.tree = QTreeWidget()
        self.tree.setRootIsDecorated(False)
        self.tree.setHeaderLabels([self.tr("¶"), self.tr("Before"), self.tr("Occurrence"), self.tr("After"),
                                   self.tr("Other side")])
        context_columns(self.tree, 1, (0, 2))
        self.tree.header().resizeSection(3, 220)
        self.status = QLabel()
        # two short rows rather than one long one: the dock must fit beside the results at 1280 pixels
        top = QHBoxLayout()
        top.addWidget(self.query_edit, 1)
        top.addWidget(self.side)
        options = QHBoxLayout()
        options.addWidget(self.case)
        options.addWidget(self.whole)
        options.addWidget(self.filter_edit, 1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addLayout(top)
        lay.addLayout(options)
        lay.addWidget(self.tree, 1)
        lay.addWidget(self.status)
        self.lines: list[ConcordanceLine] = []
        self.lazy = WhenShown(self, self.refresh)
        self.query_edit.returnPressed.connect(self.refresh)
        self.side.currentIndexChanged.connect(lambda _i: self.refresh())
        self.case.toggled.connect(lambda _on: self.refresh())
        self.whole.toggled.connect(lambda _on: self.refresh())
        self.filter_edit.textChanged.connect(self._filter)
        self.tree.itemActivated.connect(self._activated)
        self.tree.itemDoubleClicked.connect(self._activated)
        document.candidateChanged.connect(lambda _label: self.lazy.request())
        document.projectChanged.connect(self.lazy.request)
        document.textEdited.connect(lambda _label, _index: self.lazy.request())

    def look_up(self, phrase: str, side: str) -> None:
        """Show the concordance of ``phrase`` in ``side`` ("source" or "target")."""
        self.query_edit.setText(" ".join(phrase.split()))
        self.side.blockSignals(True)
        self.side.setCurrentIndex(max(0, self.side.findData(side)))
        self.side.blockSignals(False)
        self.refresh()

    def refresh(self) -> None:
        self.tree.clear()
        self.lines = []
        project, cand = self.document.project, self.document.candidate
        if project is None or cand is None or not self.query_edit.text().strip():
            self.status.setText("")
            return
        query = Query(self.query_edit.text().strip(), False, self.case.isChecked(), self.whole.isChecked())
        try:
            self.lines = concordance(project.source, cand, query, self.side.currentData())
        except QueryError as exc:
            self.status.setText(str(exc))
            return
        for line in self.lines:
            item = QTreeWidgetItem([str(line.paragraph + 1), line.before, line.match, line.after,
                                    " ".join(line.other_text.split())])
            item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            item.setToolTip(4, line.other_text)
            self.tree.addTopLevelItem(item)
        self._filter(self.filter_edit.text())

    def _filter(self, needle: str) -> None:
        shown = 0
        for i, line in enumerate(self.lines):
            hide = bool(needle) and not line.contains(needle)
            self.tree.topLevelItem(i).setHidden(hide)
            shown += not hide
        if not self.lines:
            self.status.setText(self.tr("No occurrence.") if self.query_edit.text().strip() else "")
        elif needle:
            self.status.setText(one_or_many(len(self.lines), self.tr("{0} of {1} occurrence"),
                                            self.tr("{0} of {1} occurrences")).format(shown, len(self.lines)))
        else:
            self.status.setText(self.tr("Occurrences: {0}").format(len(self.lines)))

    def visible_lines(self) -> list[ConcordanceLine]:
        return [line for i, line in enumerate(self.lines) if not self.tree.topLevelItem(i).isHidden()]

    def _activated(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        i = self.tree.indexOfTopLevelItem(item)
        if 0 <= i < len(self.lines):
            self.lineActivated.emit(self.lines[i])
