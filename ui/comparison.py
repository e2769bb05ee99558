"""Comparison view for ranking judges (TransEvalnia): the candidates of one paragraph side by side with
their dimension scores, the winner, the rationale, and position bias B explained in plain words.

It reads stored Judgments only (``set_results``), so what it shows after a restart is what it showed
before.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QFrame, QGridLayout, QHBoxLayout, QLabel, QScrollArea, QVBoxLayout,
                               QWidget)

from litlens.app.judges.transevalnia.summary import ParagraphView, paragraph_view
from litlens.app.metrics.orders import explain_b
from litlens.ui.scores_table import heat

if TYPE_CHECKING:
    from litlens.app.core.model import Judgment

EMPTY = "No ranking yet. Run TransEvalnia (a ranking judge) on two or more translations."
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
        """Show ``paragraph_index`` from stored TransEvalnia judgments (others are ignored)."""
        mine = [j for j in judgments if j.judge == "transevalnia"]
        view = paragraph_view(mine, paragraph_index, method)
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
