"""Korean speech levels in the GUI: one colour per level, badges for the pair view, and the level map dock.

The data is a ``SpeechLevelLedger`` payload (the Korean honorifics judge makes one): per candidate, its
sentences with start, end, paragraph, level, dialogue, speaker, listener…, read from the store like every
other result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QLabel, QTabWidget, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from litlens.ui.common.lazy import WhenShown
from litlens.ui.common.levels import LEVEL_COLOURS, level_ink

if TYPE_CHECKING:
    from litlens.app.judges.payloads import SpeechLevelLedger
    from litlens.ui.common.document import Document


class SpeechLevelMap(QWidget):
    """Dialogue sentences of the current candidate by paragraph: who speaks to whom, at which level.

    Double-clicking a sentence shows it in the pair view.
    """

    occurrenceActivated = Signal(str, int, int)  # candidate, start, end

    def __init__(self, document: Document | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.ledger: SpeechLevelLedger | None = None
        self.label: str | None = document.candidate_label if document is not None else None
        self.note = QLabel(self.tr("No speech levels yet: run the Korean honorifics judge."))
        self.note.setWordWrap(True)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([self.tr("¶"), self.tr("Speaker → listener"), self.tr("Level"),
                                   self.tr("Sentence")])
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        for col, width in enumerate((40, 150, 90)):
            self.tree.header().resizeSection(col, width)
        self.tree.itemActivated.connect(self._activate)
        sentences = QWidget()
        lay = QVBoxLayout(sentences)
        lay.setContentsMargins(0, 4, 0, 0)
        lay.addWidget(self.note)
        lay.addWidget(self.tree, 1)
        # the relationship ledger is a second page of the same payload (one view per payload type)
        from litlens.ui.views.ledger import LedgerView
        self.ledger_view = LedgerView()
        self.ledger_view.set_candidate(self.label)
        self.ledger_view.occurrenceActivated.connect(self.occurrenceActivated)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(sentences, self.tr("Sentences"))
        self.tabs.addTab(self.ledger_view, self.tr("Who speaks to whom"))
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.tabs)
        self.lazy = WhenShown(self, self.refresh)
        self.refresh()

    def set_payload(self, ledger: SpeechLevelLedger) -> None:
        self.ledger = ledger
        self.ledger_view.set_payload(ledger)
        self.lazy.request()

    def set_candidate(self, label: str | None) -> None:
        self.label = label
        self.ledger_view.set_candidate(label)
        self.lazy.request()

    def refresh(self) -> None:
        self.tree.clear()
        label = self.label
        found = self.ledger.sentences.get(label or "", []) if self.ledger is not None else []
        sentences = [s for s in found if s.get("dialogue")]
        self.note.setVisible(not sentences)
        project = self.document.project if self.document is not None else None
        labels = [c.label for c in project.candidates] if project is not None else []
        content = project.candidate(label).text.content if project is not None and label in labels else ""
        for s in sentences:
            who = f"{s.get('speaker') or '?'} → {s.get('listener') or '?'}"
            level = s.get("level") or self.tr("unclear")
            quote = content[s["start"]:s["end"]]
            item = QTreeWidgetItem([str((s.get("paragraph") or 0) + 1), who, level, quote])
            if s.get("level") in LEVEL_COLOURS:
                item.setForeground(2, QBrush(QColor(level_ink(s["level"]))))
                font = item.font(2)
                font.setBold(True)
                item.setFont(2, font)
            item.setData(0, Qt.ItemDataRole.UserRole, (int(s["start"]), int(s["end"])))
            item.setToolTip(3, quote)
            self.tree.addTopLevelItem(item)

    def _activate(self, item: QTreeWidgetItem, _col: int) -> None:
        start, end = item.data(0, Qt.ItemDataRole.UserRole)
        self.occurrenceActivated.emit(self.label or "", start, end)
