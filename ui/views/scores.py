"""Per-paragraph scores of every translation side by side: rows are aligned paragraphs, columns are
dimensions, one per translation.

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
from litlens.ui.common.judge_texts import dimension_name, judge_short
from litlens.ui.common.lazy import WhenShown
from litlens.ui.pair.layout import row_label

if TYPE_CHECKING:
    from litlens.app.core.model import AlignedPair, Judgment, Score
    from litlens.ui.common.document import Document

FAILED_INK = "#b3261e"
EMPTY = QT_TRANSLATE_NOOP("ScoresTable", "No scores yet. Scoring judges such as DA-MQM need an LLM provider "
                          "(see Provider).")


def _tr(text: str) -> str:
    return QCoreApplication.translate("Scores", text)


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
    """Rows are the aligned paragraphs; columns are the dimensions scored, one per translation side by side
    (an editor compares candidates row by row), each with its mean and 95% interval at the bottom."""

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
        self.column_keys: list[tuple[str, str, str]] = []  # (candidate, judge, dimension) per column
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

    def _scored(self) -> list[Judgment]:
        """The judgments of every translation from judges that score (span-only judges are findings)."""
        project = self.document.project
        labels = [c.label for c in project.candidates] if project is not None else []
        judgments = [j for j in self.document.judgments if j.candidate in labels]
        scored = {(j.judge, j.candidate) for j in judgments if j.scores}
        return [j for j in judgments if (j.judge, j.candidate) in scored]

    def _column_keys(self, judgments: list[Judgment]) -> list[tuple[str, str, str]]:
        """For each dimension, a column per translation that has scores for it, in the project's order."""
        project = self.document.project
        order = [c.label for c in project.candidates] if project is not None else []
        have = {(j.candidate, j.judge, s.dimension) for j in judgments for s in j.scores}
        # dimensions scored per paragraph first: those are what the rows compare; whole-text ones after
        per_paragraph = {(j.judge, s.dimension) for j in judgments if j.paragraph is not None for s in j.scores}
        dims = sorted(self.columns(judgments), key=lambda d: d not in per_paragraph)
        return [(label, judge, dim) for judge, dim in dims for label in order if (label, judge, dim) in have]

    def _header(self, key: tuple[str, str, str], multi_judge: bool, multi_candidate: bool) -> str:
        label, judge, dim = key
        lines = [dimension_name(dim)]
        if multi_judge:
            lines.append(f"({judge_short(judge)})")
        if multi_candidate:
            lines.append(label)
        return "\n".join(lines)

    def refresh(self) -> None:
        cand = self.document.candidate
        judgments = self._scored() if cand else []
        keys = self._column_keys(judgments)
        self.column_keys = keys
        self.empty.setVisible(not keys)
        self.table.setVisible(bool(keys))
        self.table.clear()
        if cand is None or not keys:
            self.table.setRowCount(0)
            self.table.setColumnCount(0)
            return
        multi_judge = len({k[1] for k in keys}) > 1
        multi_candidate = len({k[0] for k in keys}) > 1
        # the rows of the translation on screen; every translation's paragraphs by their source paragraph
        pairs: list[AlignedPair] = cand.alignment.pairs if cand.alignment else []
        # scores of the whole text (lexical overlap, honorific consistency) have a row of their own; when
        # nothing is scored per paragraph it is the only row (empty paragraph rows hid it below the fold)
        whole = any(j.paragraph is None for j in judgments)
        only_whole = whole and all(j.paragraph is None for j in judgments)
        if only_whole:
            pairs = []
        row_of = {s: i for i, p in enumerate(pairs) for s in reversed(p.source)}
        self.table.setColumnCount(len(keys))
        self.table.setRowCount(1 if only_whole else len(pairs) + 1 + (1 if whole else 0))
        self.table.setHorizontalHeaderLabels([self._header(k, multi_judge, multi_candidate) for k in keys])
        for c, key in enumerate(keys):
            self.table.horizontalHeaderItem(c).setToolTip(
                self.tr("{0}, scored by {1}, in {2}").format(dimension_name(key[2]), judge_short(key[1]), key[0]))
        if only_whole:
            self.table.setVerticalHeaderLabels([self.tr("Whole text")])
            self._fill(judgments, keys, row_of, -1)  # the whole-text row is row 0
            self.table.resizeColumnsToContents()
            return
        self.table.setVerticalHeaderLabels([row_label(p) for p in pairs] + [self.tr("Mean")]
                                           + ([self.tr("Whole text")] if whole else []))
        values = self._fill(judgments, keys, row_of, len(pairs))
        self._means(values, len(pairs))
        self.table.resizeColumnsToContents()

    def _fill(self, judgments: list[Judgment], keys: list[tuple[str, str, str]], row_of: dict[int, int],
              n_rows: int) -> dict[int, list[float]]:
        """Put every score (or "failed") in its cell; returns each column's paragraph values for its mean."""
        values: dict[int, list[float]] = {c: [] for c in range(len(keys))}
        self._scales: dict[int, tuple[float, float]] = {}  # each column's scale: its mean's interval stays on it
        columns_of: dict[tuple[str, str], list[tuple[int, str]]] = {}
        for c, (label, judge, dim) in enumerate(keys):
            columns_of.setdefault((label, judge), []).append((c, dim))
        for j in judgments:
            r = row_of.get(j.paragraph) if j.paragraph is not None else n_rows + 1
            if r is None:
                continue
            for c, dim in columns_of.get((j.candidate or "", j.judge), []):
                if j.status != "ok":
                    item = QTableWidgetItem(_tr("failed"))
                    item.setForeground(QColor(theme.problem_ink()))
                    item.setToolTip(j.error or item.text())
                    self.table.setItem(r, c, item)
                    continue
                score = next((s for s in j.scores if s.dimension == dim), None)
                if score is None:
                    continue
                self.table.setItem(r, c, self._score_item(score, dim))
                if j.paragraph is not None:  # the mean is over paragraphs; a whole-text score is its own
                    values[c].append(score.value)
                    self._scales[c] = (score.scale_min, score.scale_max)
        return values

    @staticmethod
    def _score_item(score: Score, dim: str) -> QTableWidgetItem:
        item = QTableWidgetItem(fmt_score(score.value))
        item.setData(Qt.ItemDataRole.UserRole, score.value)
        item.setBackground(heat(score.value, score.scale_min, score.scale_max))
        item.setForeground(QColor(theme.INK_ON_TINT))  # the heat tints are light in both palettes
        item.setToolTip(score.rationale or _tr("{0}: {1:g} on {2:g}–{3:g}").format(
            dimension_name(dim), score.value, score.scale_min, score.scale_max))
        item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
        return item

    def _means(self, values: dict[int, list[float]], last: int) -> None:
        for c, vals in values.items():
            # the mean with its 95% interval over paragraphs; too few paragraphs say so instead of a narrow one
            iv = mean_interval(vals, bounds=self._scales.get(c))
            item = QTableWidgetItem("—" if iv is None else iv.format(2))
            if iv is not None and len(vals) > 1:
                item.setToolTip(self.tr("Mean of {0} paragraphs with its 95% interval over paragraphs")
                                .format(len(vals)))
            f = item.font()
            f.setBold(True)
            item.setFont(f)
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            self.table.setItem(last, c, item)

    def mean_row(self) -> list[str]:
        r = self.table.rowCount() - 1
        return [self.table.item(r, c).text() for c in range(self.table.columnCount())] if r >= 0 else []
