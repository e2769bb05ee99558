"""The fallback view: any payload as the table its ``as_table()`` prints in the CLI, so a payload kind
no view was written for (a plug-in's own, or a plain summary table) is still shown, never dropped."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import QHeaderView, QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from litlens.ui.common.judge_texts import option_value

if TYPE_CHECKING:
    from litlens.app.judges.payloads import Payload


# a ranking's titles are made of its method, a declared option value ("two-step ranking: position bias"):
# worded from their parts, as the ranking view words its heading (a Korean window showed "two-step ranking")
_RANKING = re.compile(r"(?P<method>[\w-]+) ranking(?:: (?P<rest>.+))?")
_RANKING_PARTS = (QT_TRANSLATE_NOOP("Summaries", "winner in each presentation order"),
                  QT_TRANSLATE_NOOP("Summaries", "position bias"),
                  QT_TRANSLATE_NOOP("Summaries", "overall (majority vote over paragraphs and orders)"))


def shown(text: str) -> str:
    """A summary's title, header or cell in the interface language: the judges write them in English, and
    the ones they write as they are have a translation (context "Summaries"); the rest shows as written."""
    if not text:
        return text
    said = QCoreApplication.translate("Summaries", text)
    ranking = _RANKING.fullmatch(text) if said == text else None
    if ranking is None:
        return said
    head = QCoreApplication.translate("RankingView", "{0} ranking").format(option_value(ranking["method"]))
    return head if ranking["rest"] is None else f"{head}: {shown(ranking['rest'])}"


class PayloadTable(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.title.setStyleSheet("font-weight: bold; padding: 4px;")
        self.table = QTableWidget()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.title)
        lay.addWidget(self.table, 1)

    def set_payload(self, payload: Payload) -> None:
        table = payload.as_table()
        self.title.setText(shown(table.title))
        width = max([len(table.headers), *(len(r) for r in table.rows)], default=0)
        self.table.clear()
        self.table.setColumnCount(width)
        self.table.setRowCount(len(table.rows))
        headers = [shown(h) for h in table.headers]
        self.table.setHorizontalHeaderLabels([*headers, *[""] * (width - len(headers))])
        for r, row in enumerate(table.rows):
            for c, cell in enumerate(row):
                item = QTableWidgetItem(shown(str(cell)) if cell in ("yes", "NO") else str(cell))
                item.setToolTip(item.text())
                self.table.setItem(r, c, item)
        self.table.resizeColumnsToContents()
