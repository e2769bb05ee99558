"""Per-paragraph scores for the current candidate: rows are aligned paragraphs, columns are dimensions.

A unit that failed shows "failed" with its error in every column of its judge (never a number), and the
last row is the mean of the numbers that exist.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from litlens.app.metrics.uncertainty import mean_interval
from litlens.ui.common import theme
from litlens.ui.common.judge_texts import judge_short
from litlens.ui.common.lazy import WhenShown
from litlens.ui.pair.layout import row_label

if TYPE_CHECKING:
    from litlens.app.core.model import AlignedPair, Judgment
    from litlens.ui.common.document import Document

FAILED_INK = "#b3261e"
EMPTY = QT_TRANSLATE_NOOP("ScoresTable", "No scores yet. Scoring judges such as DA-MQM need an LLM provider "
                          "(see Provider).")


def _tr(text: str) -> str:
    return QCoreApplication.translate("Scores", text)


def dimension_name(dimension: str) -> str:
    """A score dimension in the interface language: the judges' own (context "Scores"), else the name the
    ranking view (TransEvalnia's criteria) or the Learn view (VERSE's categories) gives it; as written
    when none has it."""
    for context in ("Scores", "RankingView", "Learning"):
        shown = QCoreApplication.translate(context, dimension)
        if shown != dimension:
            return shown
    return dimension


def heat(value: float, lo: float, hi: float) -> QColor:
    """Red for the bottom of the scale through amber to green for the top."""
    t = 0.5 if hi <= lo else max(0.0, min(1.0, (value - lo) / (hi - lo)))
    hue = int(t * 120)
    return QColor.fromHsl(hue, 150, 225)


def fmt_score(value: float) -> str:
    """At most two decimals, no trailing zeros and never "-0": 4, 3.5, -1.67, 0."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class ScoresTable(QWidget):
    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.table = QTableWidget()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(False)
        self.empty = QLabel(self.tr(EMPTY))
        self.empty.setObjectName("muted")
        self.empty.setContentsMargins(8, 8, 8, 8)
        self.empty.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 0)
        lay.addWidget(self.empty)
        lay.addWidget(self.table, 1)
        self.lazy = WhenShown(self, self.refresh)
        document.resultsChanged.connect(self.lazy.request)
        document.candidateChanged.connect(self.lazy.request)
        document.projectChanged.connect(self.lazy.request)
        self.refresh()

    def columns(self, judgments: list[Judgment]) -> list[tuple[str, str]]:
        """(judge, dimension) in the order first seen."""
        cols: dict[tuple[str, str], None] = {}
        for j in judgments:
            for s in j.scores:
                cols[(j.judge, s.dimension)] = None
        return list(cols)

    def refresh(self) -> None:
        cand = self.document.candidate
        judgments = self.document.judgments_for(self.document.candidate_label) if cand else []
        scored_judges = {j.judge for j in judgments if j.scores}
        # only paragraph-level units of judges that score belong here (span-only judges are findings)
        judgments = [j for j in judgments if j.judge in scored_judges]
        cols = self.columns(judgments)
        self.empty.setVisible(not cols)
        self.table.setVisible(bool(cols))
        self.table.clear()
        if cand is None or not cols:
            self.table.setRowCount(0)
            self.table.setColumnCount(0)
            return
        multi = len({c[0] for c in cols}) > 1
        pairs: list[AlignedPair] = cand.alignment.pairs if cand.alignment else []
        row_of = {p.source[0]: i for i, p in enumerate(pairs) if p.source}
        self.table.setColumnCount(len(cols))
        # scores of the whole text (lexical overlap, honorific consistency) have a row of their own
        whole = [j for j in judgments if j.paragraph is None]
        self.table.setRowCount(len(pairs) + 1 + (1 if whole else 0))
        self.table.setHorizontalHeaderLabels([f"{dimension_name(d)}\n({judge_short(j)})" if multi
                                              else dimension_name(d) for j, d in cols])
        self.table.setVerticalHeaderLabels([row_label(p) for p in pairs] + [self.tr("Mean")]
                                           + ([self.tr("Whole text")] if whole else []))
        values: dict[int, list[float]] = {c: [] for c in range(len(cols))}
        for j in judgments:
            r = row_of.get(j.paragraph) if j.paragraph is not None else len(pairs) + 1
            if r is None:
                continue
            for c, (judge, dim) in enumerate(cols):
                if judge != j.judge:
                    continue
                if j.status != "ok":
                    item = QTableWidgetItem(_tr("failed"))
                    item.setForeground(QColor(theme.problem_ink()))
                    item.setToolTip(j.error or item.text())
                    self.table.setItem(r, c, item)
                    continue
                score = next((s for s in j.scores if s.dimension == dim), None)
                if score is None:
                    continue
                item = QTableWidgetItem(fmt_score(score.value))
                item.setData(Qt.ItemDataRole.UserRole, score.value)
                item.setBackground(heat(score.value, score.scale_min, score.scale_max))
                item.setForeground(QColor(theme.INK_ON_TINT))  # the heat tints are light in both palettes
                item.setToolTip(score.rationale or _tr("{0}: {1:g} on {2:g}–{3:g}").format(
                    dimension_name(dim), score.value, score.scale_min, score.scale_max))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(r, c, item)
                if j.paragraph is not None:  # the mean is over paragraphs; a whole-text score is its own
                    values[c].append(score.value)
        last = len(pairs)
        for c in range(len(cols)):
            vals = values[c]
            # the mean with its 95% interval over paragraphs; too few paragraphs say so instead of a narrow one
            iv = mean_interval(vals)
            item = QTableWidgetItem("—" if iv is None else iv.format(2))
            if iv is not None and len(vals) > 1:
                item.setToolTip(self.tr("Mean of {0} paragraphs with its 95% interval over paragraphs")
                                .format(len(vals)))
            f = item.font()
            f.setBold(True)
            item.setFont(f)
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            self.table.setItem(last, c, item)
        self.table.resizeColumnsToContents()

    def mean_row(self) -> list[str]:
        r = self.table.rowCount() - 1
        return [self.table.item(r, c).text() for c in range(self.table.columnCount())] if r >= 0 else []
