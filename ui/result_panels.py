"""Result panels that wrap the standalone widgets (radar, comparison, term table) and feed them from the
Document: each reads stored results only, so a reopened project shows exactly what it showed before."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSpinBox, QVBoxLayout, QWidget

from litlens.ui.lazy import WhenShown

if TYPE_CHECKING:
    from litlens.ui.document import Document


class RadarPanel(QWidget):
    """VERSE per-category percentages, one polygon per candidate (ui.radar.RadarChart)."""

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from litlens.ui.radar import RadarChart  # pyqtgraph: loaded when the window builds its docks
        self.document = document
        self.chart = RadarChart()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.chart)
        self._shown: object = None
        self.lazy = WhenShown(self, self.refresh)
        document.resultsChanged.connect(self.lazy.request)
        self.refresh()

    def refresh(self) -> None:
        from litlens.app.judges.verse.aggregate import aggregate
        data = aggregate(self.document.judgments)
        if data != self._shown:  # the chart rebuilds its scene: skip it when nothing changed
            self._shown = data
            self.chart.set_data(data)


class RankingPanel(QWidget):
    """TransEvalnia's ranking and rationale for one paragraph (ui.comparison.ComparisonView)."""

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from litlens.ui.comparison import ComparisonView
        self.document = document
        self.view = ComparisonView()
        self.paragraph = QSpinBox()
        self.paragraph.setPrefix("¶ ")
        self.paragraph.setMinimum(1)
        self.method = QComboBox()
        self.method.setMinimumWidth(140)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Paragraph")))
        top.addWidget(self.paragraph)
        top.addWidget(QLabel(self.tr("Method")))
        top.addWidget(self.method)
        top.addStretch(1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 0)
        lay.addLayout(top)
        lay.addWidget(self.view, 1)
        self.paragraph.valueChanged.connect(self._show)
        self.method.currentIndexChanged.connect(self._show)
        self.lazy = WhenShown(self, self.refresh)
        document.resultsChanged.connect(self.lazy.request)
        document.projectChanged.connect(self.lazy.request)
        self.refresh()

    def refresh(self) -> None:
        from litlens.app.judges.transevalnia.summary import methods
        project = self.document.project
        self.paragraph.setMaximum(max(1, len(project.source.paragraphs)) if project else 1)
        mine = [j for j in self.document.judgments if j.judge == "transevalnia"]
        keep = self.method.currentData()
        self.method.blockSignals(True)
        self.method.clear()
        self.method.addItem(self.tr("best available"), None)
        for m in methods(mine):
            self.method.addItem(m, m)
        self.method.setCurrentIndex(max(0, self.method.findData(keep)))
        self.method.blockSignals(False)
        self._show()

    def show_paragraph(self, index: int) -> None:
        self.paragraph.setValue(index + 1)

    def _show(self) -> None:
        mine = [j for j in self.document.judgments if j.judge == "transevalnia"]
        self.view.set_results(self.paragraph.value() - 1, mine, self.method.currentData())


class TermsPanel(QWidget):
    """Names and terms with their renderings (consistency judge), via ui.term_table.TermTable."""

    occurrenceActivated = Signal(str, int, int)

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from litlens.ui.term_table import TermTable
        self.document = document
        self.table = TermTable()
        self.table.occurrenceActivated.connect(self.occurrenceActivated)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.table)
        self.lazy = WhenShown(self, self.refresh)
        document.resultsChanged.connect(self.lazy.request)
        self.refresh()

    def refresh(self) -> None:
        from litlens.app.judges import registry
        mine = [j for j in self.document.judgments if j.judge == "consistency"]
        table: dict = {}
        note = ""
        if mine and "consistency" in registry.available():
            for summary in registry.get("consistency").summarize(mine):
                if "term_table" in summary.data:
                    table = summary.data["term_table"]
                    note = "; ".join(summary.data.get("notes", []))
                    break
        self.table.set_term_table(table, note)
