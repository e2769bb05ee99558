"""The fallback view: any payload as the table its ``as_table()`` prints in the CLI, so a payload kind
no view was written for (a plug-in's own, or a plain summary table) is still shown, never dropped."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QHeaderView, QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

if TYPE_CHECKING:
    from litlens.app.judges.payloads import Payload


def shown(text: str) -> str:
    """A summary's title, header or cell in the interface language: the judges write them in English, and
    the ones they write as they are have a translation (context "Summaries"); the rest shows as written."""
    return QCoreApplication.translate("Summaries", text) if text else text


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
