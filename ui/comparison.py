"""The view of ``Ranking`` payloads (TransEvalnia's, or any ranking judge's): the candidates of one
paragraph side by side with their dimension scores, the winner, the rationale, and position bias B
explained in plain words.

Payloads are made from stored Judgments only, so what it shows after a restart is what it showed before.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QFrame, QGridLayout, QHBoxLayout, QLabel, QScrollArea, QSpinBox, QVBoxLayout,
                               QWidget)

from litlens.app.judges.payloads import RankedParagraph, Ranking
from litlens.app.metrics.orders import explain_b
from litlens.ui.scores_table import heat

if TYPE_CHECKING:
    from litlens.app.core.model import Judgment

ParagraphView = RankedParagraph  # the name this module used before payloads

EMPTY = "No ranking yet. Run a ranking judge (TransEvalnia, for one) on two or more translations."
WINNER_EDGE = "#15803d"
MUTED = "#6b7280"


def _label(text: str = "", *, wrap: bool = True, style: str = "") -> QLabel:
    lab = QLabel(text)
    lab.setWordWrap(wrap)
    lab.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if style:
        lab.setStyleSheet(style)
    return lab


def verdict_text(view: ParagraphView) -> str:
    """"Winner: X" or "Tie: A = B" from the majority vote over orders (score ranking without orders)."""
    if view.majority:
        if len(view.majority) == 1:
            return f"Winner: {view.majority[0]}"
        return f"Tie between {' = '.join(view.majority)} (each won equally often across orders)"
    if view.score_winners:
        head = "Best by mean score" if len(view.score_winners) == 1 else "Tied on mean score"
        return f"{head}: {' = '.join(view.score_winners)}"
    return "No verdict for this paragraph"


def bias_text(view: ParagraphView) -> str:
    if view.method is None:
        return "Scores are given to each translation alone, so presentation order cannot sway them."
    here = ""
    if view.winners_by_order:
        wins = ", ".join(f"order {k + 1}: {w}" for k, w in sorted(view.winners_by_order.items()))
        here = (f"\nThis paragraph: {view.b_paragraph} different winner(s) over "
                f"{len(view.winners_by_order)} orders ({wins}).")
    return explain_b(view.b, view.orders, view.b_max or None) + here


class CandidateColumn(QFrame):
    """One candidate: name, its paragraph, its 1–5 scores, and the evaluation's summary."""

    def __init__(self, view: ParagraphView, label: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = label
        winner = label in view.majority if view.majority else label in view.score_winners
        self.is_winner = winner and len(view.majority or view.score_winners) == 1
        edge = WINNER_EDGE if self.is_winner else "#d1d5db"
        self.setObjectName("candidateColumn")
        self.setStyleSheet(f"#candidateColumn {{ border: 2px solid {edge}; border-radius: 6px; "
                           "background: white; }")
        self.setMinimumWidth(230)
        lay = QVBoxLayout(self)
        badge = "  ★ winner" if self.is_winner else ("  = tied" if winner else "")
        self.title = _label(f"<b>{html.escape(label)}</b><span style='color:{WINNER_EDGE}'>"
                            f"{html.escape(badge)}</span>", wrap=False)
        lay.addWidget(self.title)
        lay.addWidget(_label(view.texts.get(label, ""), style="font-size: 12pt;"))
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        self.score_cells: dict[str, QLabel] = {}
        for r, (dim, value) in enumerate(view.scores.get(label, {}).items()):
            grid.addWidget(_label(dim, wrap=False, style=f"color: {MUTED};"), r, 0)
            cell = _label(f"{value:g}", wrap=False,
                          style=f"background: {heat(value, 1, 5).name()}; padding: 0 6px; "
                                "border-radius: 3px; font-weight: bold;")
            cell.setAlignment(Qt.AlignmentFlag.AlignCenter)
            grid.addWidget(cell, r, 1)
            self.score_cells[dim] = cell
        lay.addLayout(grid)
        summary = view.overall_summary.get(label)
        if summary:
            lay.addWidget(_label(summary, style=f"color: {MUTED}; font-style: italic;"))
        lay.addStretch(1)


class ComparisonView(QWidget):
    """Candidates in columns for the current paragraph, the verdict, the rationale and B."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view: ParagraphView | None = None
        self.columns: list[CandidateColumn] = []
        self.heading = _label(EMPTY, style="font-size: 13pt; font-weight: bold;")
        self.strip = QWidget()
        self.strip_layout = QHBoxLayout(self.strip)
        self.strip_layout.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.strip)
        self.verdict = _label(style=f"font-size: 12pt; font-weight: bold; color: {WINNER_EDGE};")
        self.rationale = _label()
        self.bias = _label(style="background: #f3f4f6; padding: 6px; border-radius: 4px;")
        self.failures = _label(style="color: #b3261e;")
        lay = QVBoxLayout(self)
        lay.addWidget(self.heading)
        lay.addWidget(scroll, 1)
        for w in (self.verdict, self.rationale, self.bias, self.failures):
            lay.addWidget(w)
        self.set_results(0, [])

    def set_results(self, paragraph_index: int, judgments: list[Judgment], method: str | None = None) -> None:
        """Show ``paragraph_index`` of the Ranking payloads the judges make of ``judgments``: the one by
        ``method`` when there is one, else the first (rankings by method come before score rankings)."""
        from litlens.ui.views import payloads_of
        found = [s.payload for s in payloads_of(judgments) if isinstance(s.payload, Ranking)]
        by_method = [r for r in found if method is not None and r.method == method]
        ranking = (by_method or found or [None])[0]
        self.show_paragraph_of(ranking, paragraph_index)

    def show_paragraph_of(self, ranking: Ranking | None, paragraph_index: int) -> None:
        view = ranking.paragraph(paragraph_index) if ranking is not None else None
        if view is None:
            view = RankedParagraph(paragraph_index, method=ranking.method if ranking else None)
        self.view = view
        for col in self.columns:
            col.setParent(None)
            col.deleteLater()
        self.columns = []
        has_any = bool(view.candidates)
        for w in (self.verdict, self.rationale, self.bias):
            w.setVisible(has_any)
        if not has_any:
            self.heading.setText(EMPTY)
            self.failures.setVisible(False)
            return
        how = f"{view.method} ranking" if view.method else "mean Likert score"
        self.heading.setText(f"Paragraph {paragraph_index + 1} — {len(view.candidates)} translations, "
                             f"by {how}")
        for lab in view.candidates:
            col = CandidateColumn(view, lab)
            self.columns.append(col)
            self.strip_layout.addWidget(col)
        self.verdict.setText(verdict_text(view))
        self.rationale.setText(f"<b>Why:</b> {html.escape(view.rationale)}" if view.rationale
                               else f"<span style='color:{MUTED}'>No rationale (the method gives none)."
                               "</span>")
        self.bias.setText(f"<b>Position bias.</b> {html.escape(bias_text(view))}".replace("\n", "<br>"))
        self.failures.setVisible(bool(view.failures))
        self.failures.setText("Failed: " + "; ".join(view.failures[:5]) if view.failures else "")


class RankingView(QWidget):
    """A Ranking payload one paragraph at a time (the registered view for ``Ranking``)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ranking: Ranking | None = None
        self.view = ComparisonView()
        self.paragraph = QSpinBox()
        self.paragraph.setPrefix("¶ ")
        self.paragraph.setMinimum(1)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Paragraph")))
        top.addWidget(self.paragraph)
        top.addStretch(1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 0)
        lay.addLayout(top)
        lay.addWidget(self.view, 1)
        self.paragraph.valueChanged.connect(self._show)

    def set_payload(self, ranking: Ranking) -> None:
        self.ranking = ranking
        last = max((p.paragraph for p in ranking.paragraphs), default=0)
        self.paragraph.setMaximum(max(1, last + 1))
        self._show()

    def show_paragraph(self, index: int) -> None:
        self.paragraph.setValue(index + 1)
        self._show()

    def _show(self) -> None:
        self.view.show_paragraph_of(self.ranking, self.paragraph.value() - 1)
