"""The Judges view: each judge's precision, recall and F1 against people's error spans with their
intervals, the raters' agreement with each other as the ceiling, and per judge a chart of F1 by category
(whiskers: the interval; a dashed mark: the raters' F1 in that category). Shows a SpanAgreement payload;
registered for that type by ``register()``."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QLabel, QSizePolicy, QTreeWidget, QTreeWidgetItem,
                               QVBoxLayout, QWidget)

from litlens.app.humans.compare import RATERS
from litlens.ui.common.judge_texts import category_name, judge_title
from litlens.app.humans.payload import FIGURES, DecisionCalibration, SpanAgreement


MODES = ("partial", "exact")
CEILING = "#d9822b"  # the raters' mark: an orange that reads on both themes' windows


class F1Chart(QWidget):
    """One row of bars per judge: F1 of all spans and of each category, with interval whiskers."""

    ROW, BAR, LABEL = 22, 12, 130

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.groups: list[tuple[str, list[tuple[str, float | None, float | None, float | None, float | None]]]] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

    def set_groups(self, groups: list[tuple[str, list[tuple[str, float | None, float | None, float | None,
                                                             float | None]]]]) -> None:
        """(judge, [(slice, F1, low, high, ceiling F1)])."""
        self.groups = groups
        lines = sum(1 + len(bars) for _, bars in groups)
        self.setMinimumHeight(max(40, lines * self.ROW + 8))
        self.update()

    def bar_width(self) -> int:
        """The length of a bar of 1.0: the value's label after the longest bar still fits ("1.00" was cut
        to "1." at the right edge)."""
        value = self.fontMetrics().horizontalAdvance("0.00") + 8
        return max(60, self.width() - self.LABEL - 16 - value)

    def paintEvent(self, event: Any) -> None:  # Qt names it
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        ink, bar = pal.windowText().color(), pal.highlight().color()
        width = self.bar_width()
        y = 4
        bold = QFont(self.font())
        bold.setBold(True)
        for judge, bars in self.groups:
            p.setFont(bold)
            p.setPen(ink)
            p.drawText(QRectF(4, y, self.width() - 8, self.ROW), Qt.AlignmentFlag.AlignVCenter, judge)
            p.setFont(self.font())
            y += self.ROW
            for name, f1, low, high, ceiling in bars:
                p.setPen(ink)
                p.drawText(QRectF(16, y, self.LABEL - 20, self.ROW), Qt.AlignmentFlag.AlignVCenter, name)
                x0, mid = self.LABEL, y + self.ROW / 2
                p.setPen(QPen(QColor(ink), 1))
                p.drawLine(int(x0), int(y + 3), int(x0), int(y + self.ROW - 3))
                if f1 is not None:
                    p.fillRect(QRectF(x0, mid - self.BAR / 2, width * f1, self.BAR), bar)
                    p.drawText(QRectF(x0 + width * f1 + 4, y, 60, self.ROW), Qt.AlignmentFlag.AlignVCenter,
                               f"{f1:.2f}")
                if low is not None and high is not None:
                    p.setPen(QPen(QColor(ink), 1.5))
                    p.drawLine(int(x0 + width * low), int(mid), int(x0 + width * high), int(mid))
                    for end in (low, high):
                        p.drawLine(int(x0 + width * end), int(mid - 4), int(x0 + width * end), int(mid + 4))
                if ceiling is not None:
                    pen = QPen(QColor(CEILING), 2, Qt.PenStyle.DashLine)
                    p.setPen(pen)
                    p.drawLine(int(x0 + width * ceiling), int(y + 2), int(x0 + width * ceiling), int(y + self.ROW - 2))
                y += self.ROW
        p.end()


class SpanAgreementView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.payload: SpanAgreement | None = None
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.title.setStyleSheet("font-weight: bold; padding: 4px;")
        self.mode = QComboBox()
        self.mode.addItem(self.tr("Partial overlap, partial credit"), "partial")
        self.mode.addItem(self.tr("Exact match"), "exact")
        self.mode.currentIndexChanged.connect(self.refresh)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(self.mode)
        self.tree = QTreeWidget()
        self._span_headers()
        self.chart = F1Chart()
        self.legend = QLabel(self.tr("Bars: F1 per category; whiskers: its 95% interval over paragraphs; "
                                     "orange dashes: people's F1 with each other."))
        self.legend.setWordWrap(True)
        self.legend.setObjectName("muted")
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.notes.setObjectName("muted")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(top)
        lay.addWidget(self.tree, 2)
        lay.addWidget(self.legend)
        lay.addWidget(self.chart, 1)
        lay.addWidget(self.notes)

    def set_payload(self, payload: SpanAgreement) -> None:
        self.payload = payload
        self.refresh()

    def current_mode(self) -> str:
        return str(self.mode.currentData() or "partial")

    def _span_headers(self) -> None:
        self.tree.setHeaderLabels([self.tr("Judge / slice"), self.tr("Precision"), self.tr("Recall"),
                                   self.tr("F1"), self.tr("Macro F1"), self.tr("Severity agreement"),
                                   self.tr("Judge's spans"), self.tr("People's spans"), self.tr("Rows")])

    def refresh(self) -> None:
        pl = self.payload
        self.tree.clear()
        if pl is None:
            return
        calibrated = isinstance(pl, DecisionCalibration)
        self.mode.setVisible(not calibrated)
        if calibrated:
            self._show_calibration(pl)
            return
        self._span_headers()
        self.legend.setText(self.tr("Bars: F1 per category; whiskers: its 95% interval over paragraphs; "
                                    "orange dashes: people's F1 with each other."))
        raters = ", ".join(pl.raters) or "—"
        self.title.setText(self.tr("Judges against {0} (raters: {1})").format(pl.source, raters))
        mode = self.current_mode()
        names = [*pl.judges, RATERS] if pl.ceiling else pl.judges
        for judge in names:
            rows = [r for r in pl.rows if r["judge"] == judge and r["mode"] == mode]
            if not rows:
                continue
            first = rows[0]
            title = self.tr("People, with each other (ceiling)") if judge == RATERS else judge_title(judge)
            parent = QTreeWidgetItem([title, *self._cells(pl, first)])
            if judge == RATERS:
                font = parent.font(0)
                font.setItalic(True)
                parent.setFont(0, font)
            self.tree.addTopLevelItem(parent)
            for r in rows[1:]:
                label = r["value"] if r["slice"] != "severity" else self.tr("severity: {0}").format(r["value"])
                parent.addChild(QTreeWidgetItem([label, *self._cells(pl, r)]))
            parent.setExpanded(True)
        for col in range(self.tree.columnCount()):
            self.tree.resizeColumnToContents(col)
        self.chart.set_groups(self._groups(pl, mode))
        self.notes.setText("\n".join(pl.notes))
        self.notes.setVisible(bool(pl.notes))

    def _show_calibration(self, pl: DecisionCalibration) -> None:
        """How often each judge is right for the reviewer, per category: Wilson interval, n, and whether
        the opt-in rule acts there; the chart shows the precision per category with its interval."""
        self.title.setText(self.tr("Judges against your own decisions (accepted and corrected: right; "
                                   "rejected: wrong)"))
        self.tree.setHeaderLabels([self.tr("Judge / category"), self.tr("Right for you"), self.tr("Kept"),
                                   self.tr("Decisions"), self.tr("The rule acts")])
        groups = []
        for judge in pl.judges:
            cells = [c for c in pl.cells if c["judge"] == judge]
            parent = QTreeWidgetItem([judge_title(judge)])  # its name in the interface, not its id
            self.tree.addTopLevelItem(parent)
            for c in cells:
                right = f"{round(100 * c['precision'])}% [{round(100 * c['low'])}, {round(100 * c['high'])}]"
                parent.addChild(QTreeWidgetItem([category_name(c["category"]), right, str(c["kept"]),
                                                 str(c["n"]), "✓" if c["keeps_rejecting"] else ""]))
            parent.setExpanded(True)
            groups.append((judge_title(judge), [(category_name(c["category"]), c["precision"], c["low"], c["high"],
                                                None)
                                   for c in cells if "/" not in c["category"]]))
        for col in range(self.tree.columnCount()):
            self.tree.resizeColumnToContents(col)
        self.chart.set_groups(groups)
        self.legend.setText(self.tr("Bars: how often the judge was right for you per category; whiskers: "
                                    "the 95% Wilson interval."))
        self.notes.setVisible(False)

    @staticmethod
    def _cells(pl: SpanAgreement, r: dict[str, Any]) -> list[str]:
        figures = [pl.cell(r, name) for name, _ in FIGURES]
        if r["mode"] != "partial":
            figures[-1] = ""
        return [*figures, str(r["predicted"]), str(r["human"]), str(r["rows"])]

    @staticmethod
    def _groups(pl: SpanAgreement, mode: str) -> list[tuple[str, list[Any]]]:
        ceiling = {r["value"]: r["micro_f1"] for r in pl.ceiling if r["mode"] == mode and r["slice"] != "severity"}
        out = []
        for judge in pl.judges:
            bars = [(r["value"], r["micro_f1"], r["micro_f1_low"], r["micro_f1_high"], ceiling.get(r["value"]))
                    for r in pl.rows if r["judge"] == judge and r["mode"] == mode and r["slice"] != "severity"]
            out.append((judge_title(judge), bars))
        return out
