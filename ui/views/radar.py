"""The radar dock's page: the chart beside a table of the same figures. The chart shows the shape at a
glance; the table is what can be read exactly at any dock size (and by a screen reader)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView, QSplitter, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from litlens.ui.views.radar_chart import RadarChart

if TYPE_CHECKING:
    from litlens.app.judges.payloads import RadarData

MIN_CHART = (300, 240)  # below this the axis labels overlap the rings


class RadarView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chart = RadarChart()
        self.chart.setMinimumSize(*MIN_CHART)
        self.table = QTableWidget()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.chart)
        self.splitter.addWidget(self.table)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setChildrenCollapsible(False)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.splitter)

    def set_payload(self, payload: RadarData) -> None:
        self.chart.set_payload(payload)
        self._fill(payload)

    def _fill(self, payload: RadarData) -> None:
        cands = list(payload.values)
        self.table.clear()
        self.table.setRowCount(len(payload.axes))
        self.table.setColumnCount(len(cands))
        self.table.setHorizontalHeaderLabels(cands)
        unit = payload.unit or ""
        for r, axis in enumerate(payload.axes):
            head = QTableWidgetItem(axis.short)
            head.setToolTip(axis.name)  # the full category name where the label is abbreviated
            self.table.setVerticalHeaderItem(r, head)
            for c, cand in enumerate(cands):
                values = payload.values[cand]
                value = values[r] if r < len(values) else None
                text = "—" if value is None else f"{value:.1f}{unit}"
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)
