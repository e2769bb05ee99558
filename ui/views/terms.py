"""A table of key terms and how a translation renders them; clicking a rendering walks through its
occurrences, emitting ``occurrenceActivated(candidate_label, start, end)`` for the pair view to show."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QLabel, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from litlens.app.core.counts import counted
from litlens.ui.common import theme
from litlens.ui.common.explain import shown_among

INCONSISTENT_INK = "#b3261e"  # on the light palette; views take theme.problem_ink()
EMPTY = QT_TRANSLATE_NOOP("TermTable", "No term table yet. Run the Consistency or MAS-LitEval judge to see "
                                       "how names are rendered.")
_OFFSETS = Qt.ItemDataRole.UserRole
_LABEL = Qt.ItemDataRole.UserRole + 1


class TermTable(QWidget):
    """Shows ``{candidate_label: {term: {"renderings": [{"text", "count", "offsets"}], "consistent"}}}``;
    the registered view for ``TermTable`` payloads (the consistency and MAS-LitEval judges make them)."""

    occurrenceActivated = Signal(str, int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(3)
        self.tree.setHeaderLabels([self.tr("Term / rendering"), self.tr("Count"), self.tr("Candidate")])
        self.tree.setUniformRowHeights(True)
        self.tree.itemActivated.connect(self._activate)
        self.tree.itemClicked.connect(self._activate)
        self.note = QLabel(self.tr(EMPTY))
        self.note.setWordWrap(True)
        self.note.setObjectName("muted")
        self.note.setContentsMargins(6, 6, 6, 6)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 0)
        lay.addWidget(self.note)
        lay.addWidget(self.tree, 1)
        self._cursor: dict[int, int] = {}  # id(item) -> next occurrence to show

    def set_payload(self, payload: Any) -> None:
        notes_why = getattr(payload, "notes_why", [])
        self.set_term_table(payload.tables, "; ".join(shown_among(n, notes_why) for n in payload.notes))

    def set_term_table(self, table: dict[str, dict[str, Any]], note: str = "") -> None:
        self.tree.clear()
        self._cursor.clear()
        for label, terms in table.items():
            for term, entry in terms.items():
                renderings = entry.get("renderings", [])
                top = QTreeWidgetItem([term, str(sum(int(r.get("count", 0)) for r in renderings)), label])
                if not entry.get("consistent", len(renderings) <= 1):
                    top.setForeground(0, QBrush(QColor(theme.problem_ink())))
                    ways = self.tr("“{0}” is rendered {1} different ways")
                    top.setToolTip(0, ways.format(term, len(renderings)))
                for r in renderings:
                    child = QTreeWidgetItem([r["text"], str(r.get("count", 0)), label])
                    offsets = [(int(a), int(b)) for a, b in r.get("offsets", [])]
                    child.setData(0, _OFFSETS, offsets)
                    child.setData(0, _LABEL, label)
                    child.setToolTip(0, counted(len(offsets), self.tr("{0} located occurrence; click to go to it"),
                                                self.tr("{0} located occurrences; click to step through them"))
                                     if offsets else self.tr("no located occurrence"))
                    top.addChild(child)
                self.tree.addTopLevelItem(top)
                top.setExpanded(True)
        self.tree.resizeColumnToContents(0)
        has_rows = self.tree.topLevelItemCount() > 0
        self.note.setText(note if has_rows else (note or self.tr(EMPTY)))
        self.note.setVisible(bool(note) or not has_rows)

    def _activate(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        offsets = item.data(0, _OFFSETS)
        if not offsets:
            return
        i = self._cursor.get(id(item), 0) % len(offsets)
        self._cursor[id(item)] = i + 1
        start, end = offsets[i]
        self.occurrenceActivated.emit(str(item.data(0, _LABEL)), start, end)
