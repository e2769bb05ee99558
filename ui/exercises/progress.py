"""A student's progress: a line per top-level category over time (share of the key's findings found and
named in the right branch, per attempt), the confusions they make most, and every attempt's scores.
Read from the store on a worker (app.exercises.progress)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QComboBox, QDialog, QHBoxLayout, QLabel, QSplitter, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from litlens.app.exercises import progress
from litlens.app.exercises.grading import percent
from litlens.ui.common import theme
from litlens.ui.exercises.reasons import category_name

if TYPE_CHECKING:
    from litlens.ui.common.tasks import TaskRunner

# distinguishable in both palettes; a symbol per line too, so colour is never the only cue
LINE_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2")
SYMBOLS = ("o", "s", "t", "d", "+", "x", "star", "p")
# and a dash pattern: two categories with the same figures draw one line over the other
DASHES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine, Qt.PenStyle.DashDotLine)
INKS = {"light": ("#ffffff", "#2b3340"), "dark": ("#16191d", "#e6e9ee")}


class AttemptAxis(pg.AxisItem):
    """The progress chart's x-axis: attempt numbers, whole ones only (no "2.5th attempt")."""

    def tickStrings(self, values, scale, spacing):  # noqa: N802 - pyqtgraph's name
        return [str(round(v)) if abs(v - round(v)) < 1e-6 and v >= 1 else "" for v in values]


def _name(category: str) -> str:
    """A category (or the drill's speech levels) as the interface names it."""
    if category == progress.DRILL_CATEGORY:
        return QCoreApplication.translate("ProgressView", "speech level")
    return category_name(category)


class ProgressView(QDialog):
    def __init__(self, db_path: str | Path, tasks: TaskRunner, student: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Progress"))
        self.db_path, self.tasks = Path(db_path), tasks
        self.history: list[progress.Attempt] = []
        self.wanted = student
        self.students = QComboBox()
        self.students.currentTextChanged.connect(self.load)
        self.empty = QLabel(self.tr("No attempts yet. Open an exercise (File › Open exercise), submit it, "
                                    "and your scores appear here."))
        self.empty.setWordWrap(True)
        theme.set_role(self.empty, "muted")
        # attempts, numbered: a date axis over attempts made minutes apart read "55.200 … 55.999"
        self.chart = pg.PlotWidget(axisItems={"bottom": AttemptAxis(orientation="bottom")})
        self.chart.setMinimumHeight(260)
        self.chart.setYRange(0, 100)
        self.chart.setLabel("left", self.tr("found and named (%)"))
        self.chart.setLabel("bottom", self.tr("attempt (1 = the first; dates in the Attempts table)"))
        self.chart.addLegend(offset=(10, 10))
        self.confusions = QTableWidget(0, 3)
        self.confusions.setHorizontalHeaderLabels([self.tr("The key said"), self.tr("You said"), self.tr("Times")])
        self.attempts = QTableWidget(0, 7)  # numbered as the chart numbers them
        self.attempts.setHorizontalHeaderLabels([self.tr("Attempt"), self.tr("When"), self.tr("Exercise"), self.tr("Kind"),
                                                 self.tr("Score"), self.tr("Category right"), self.tr("Severity agreed")])
        for table in (self.confusions, self.attempts):
            table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
            table.verticalHeader().hide()
        head = QHBoxLayout()
        head.addWidget(QLabel(self.tr("Student:")))
        head.addWidget(self.students, 1)
        tables = QSplitter(Qt.Orientation.Horizontal)
        for title, table in ((self.tr("Confused most often"), self.confusions), (self.tr("Attempts"), self.attempts)):
            box = QWidget()
            lay = QVBoxLayout(box)
            lay.setContentsMargins(0, 0, 0, 0)
            lay.addWidget(QLabel(title))
            lay.addWidget(table)
            tables.addWidget(box)
        lay = QVBoxLayout(self)
        lay.addLayout(head)
        lay.addWidget(self.empty)
        lay.addWidget(self.chart, 3)
        lay.addWidget(tables, 2)
        self.resize(900, 640)
        self._paint()
        self.refresh()

    def refresh(self) -> None:
        """Reload the list of students (then the chosen one's attempts) from the store."""
        db = self.db_path

        def work() -> list[str]:
            from litlens.app.run.store import Store
            store = Store(db)
            try:
                return progress.students(store)
            finally:
                store.close()

        def done(names: list[str]) -> None:
            current = self.wanted or self.students.currentText()
            self.students.blockSignals(True)
            self.students.clear()
            self.students.addItems(names)
            self.students.blockSignals(False)
            if current in names:
                self.students.setCurrentText(current)
            self.load(self.students.currentText())

        self.tasks.submit(work, done, lambda exc: self.empty.setText(str(exc)))

    def load(self, student: str) -> None:
        db = self.db_path
        if not student:
            self.show_history([])
            return

        def work() -> list[progress.Attempt]:
            from litlens.app.run.store import Store
            store = Store(db)
            try:
                return progress.attempts(store, student)
            finally:
                store.close()

        self.tasks.submit(work, self.show_history, lambda exc: self.empty.setText(str(exc)))

    def show_history(self, history: list[progress.Attempt]) -> None:
        self.history = history
        self.empty.setVisible(not history)
        self._draw()
        rows = progress.confusion_table(history)
        self.confusions.setRowCount(len(rows))
        for r, (key, said, n) in enumerate(rows):
            for c, text in enumerate((_name(key), _name(said), str(n))):
                self.confusions.setItem(r, c, QTableWidgetItem(text))
        self.attempts.setRowCount(len(history))
        for r, a in enumerate(reversed(history)):
            when = dt.datetime.fromtimestamp(a.created_at).strftime("%Y-%m-%d %H:%M")
            kind = self.tr("annotation") if a.kind == progress.ANNOTATION else self.tr("speech-level drill")
            cells = (str(len(history) - r), when, a.title, kind, percent(a.score), percent(a.top_accuracy), percent(a.severity_agreement))
            for c, text in enumerate(cells):
                self.attempts.setItem(r, c, QTableWidgetItem(text))
        self.confusions.resizeColumnsToContents()
        self.attempts.resizeColumnsToContents()

    def _draw(self) -> None:
        self.chart.clear()
        count = len(self.history)
        # whole attempts only, about ten labels at most
        self.chart.getAxis("bottom").setTickSpacing(max(1, -(-count // 10)), 1)
        self.chart.setXRange(0.5, max(1, count) + 0.5, padding=0)
        for n, (cat, points) in enumerate(progress.category_series(self.history, by_attempt=True).items()):
            colour = QColor(LINE_COLOURS[n % len(LINE_COLOURS)])
            self.chart.plot([t for t, _ in points], [100 * v for _, v in points], name=_name(cat),
                            pen=pg.mkPen(colour, width=2, style=DASHES[n % len(DASHES)]),
                            symbol=SYMBOLS[n % len(SYMBOLS)], symbolBrush=colour,
                            symbolSize=11 - 2 * (n % 3))  # a line on top of another leaves it visible
        self.chart.setYRange(0, 100)

    def _paint(self) -> None:
        background, ink = INKS[theme.current()]
        self.chart.setBackground(background)
        for side in ("left", "bottom"):
            axis = self.chart.getAxis(side)
            axis.setTextPen(ink)
            axis.setPen(ink)
        self.chart.getPlotItem().legend.setLabelTextColor(ink)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        # pyqtgraph draws with fixed colours: follow a palette switch
        if event.type() == QEvent.Type.PaletteChange:
            self._paint()
        super().changeEvent(event)
