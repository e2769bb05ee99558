"""Korean speech levels in the GUI: one colour per level, badges for the pair view, and the level map dock.

The data is the honorifics judge's ``Judgment.data["sentences"]`` (start, end, paragraph, level,
dialogue, speaker, listener…), read from the store like every other result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QLabel, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from litlens.app.korean.levels import LEVELS
from litlens.ui.lazy import WhenShown

if TYPE_CHECKING:
    from litlens.app.core.model import Judgment
    from litlens.ui.document import Document
    from litlens.ui.pair_layout import Badges

HONORIFICS = "honorifics"
# Deference from high to low, cool to warm: the most deferential levels are blues, 반말 reds.
LEVEL_COLOURS = {"하십시오체": "#1d4e89", "해요체": "#2a7ab0", "하오체": "#5b6f2a", "하게체": "#8a6d1c",
                 "해라체": "#9c4a1a", "해체": "#b3261e"}
assert tuple(LEVEL_COLOURS) == LEVELS


def sentences_for(judgments: list[Judgment], label: str | None) -> list[dict[str, Any]]:
    for j in judgments:
        if j.judge == HONORIFICS and j.candidate == label and j.status == "ok":
            return list(j.data.get("sentences", []))
    return []


def badges_for(judgments: list[Judgment], label: str | None) -> Badges:
    """A badge before every dialogue sentence with a clear speech level."""
    return {int(s["start"]): (s["level"], LEVEL_COLOURS.get(s["level"], "#555555"))
            for s in sentences_for(judgments, label) if s.get("dialogue") and s.get("level")}


class SpeechLevelMap(QWidget):
    """Dialogue sentences of the current candidate by paragraph: who speaks to whom, at which level.

    Double-clicking a sentence shows it in the pair view.
    """

    sentenceActivated = Signal(str, int, int)  # candidate, start, end

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
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
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 0)
        lay.addWidget(self.note)
        lay.addWidget(self.tree, 1)
        self.lazy = WhenShown(self, self.refresh)
        document.resultsChanged.connect(self.lazy.request)
        document.candidateChanged.connect(self.lazy.request)
        self.refresh()

    def refresh(self) -> None:
        self.tree.clear()
        label = self.document.candidate_label
        cand = self.document.candidate
        sentences = [s for s in sentences_for(self.document.judgments, label) if s.get("dialogue")]
        self.note.setVisible(not sentences)
        if cand is None:
            return
        for s in sentences:
            who = f"{s.get('speaker') or '?'} → {s.get('listener') or '?'}"
            level = s.get("level") or self.tr("unclear")
            quote = cand.text.content[s["start"]:s["end"]]
            item = QTreeWidgetItem([str((s.get("paragraph") or 0) + 1), who, level, quote])
            if s.get("level") in LEVEL_COLOURS:
                item.setForeground(2, QBrush(QColor(LEVEL_COLOURS[s["level"]])))
                font = item.font(2)
                font.setBold(True)
                item.setFont(2, font)
            item.setData(0, Qt.ItemDataRole.UserRole, (int(s["start"]), int(s["end"])))
            item.setToolTip(3, quote)
            self.tree.addTopLevelItem(item)

    def _activate(self, item: QTreeWidgetItem, _col: int) -> None:
        start, end = item.data(0, Qt.ItemDataRole.UserRole)
        self.sentenceActivated.emit(self.document.candidate_label or "", start, end)
