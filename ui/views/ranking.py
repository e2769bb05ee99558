"""The view of ``Ranking`` payloads (TransEvalnia's, or any ranking judge's): the candidates of one
paragraph side by side with their dimension scores, the winner, the rationale, and position bias B
explained in plain words.

Payloads are made from stored Judgments only, so what it shows after a restart is what it showed before.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtWidgets import (QFrame, QGridLayout, QHBoxLayout, QLabel, QScrollArea, QSpinBox, QVBoxLayout,
                               QWidget)

from litlens.app.core.counts import counted
from litlens.app.judges.payloads import RankedParagraph, Ranking
from litlens.ui.common import theme
from litlens.ui.common.judge_texts import option_value
from litlens.ui.views.scores import heat

if TYPE_CHECKING:
    from litlens.app.core.model import Judgment

ParagraphView = RankedParagraph  # the name this module used before payloads

EMPTY = "No ranking yet. Run a ranking judge (TransEvalnia, for one) on two or more translations."
# criteria the ranking judges name, for lupdate (a plug-in's own criteria show as they come)
CRITERIA = (QT_TRANSLATE_NOOP("RankingView", "Accuracy"), QT_TRANSLATE_NOOP("RankingView", "Terminology"),
            QT_TRANSLATE_NOOP("RankingView", "Linguistic Conventions"),
            QT_TRANSLATE_NOOP("RankingView", "Emotional Content"),
            QT_TRANSLATE_NOOP("RankingView", "Audience Appropriateness"),
            QT_TRANSLATE_NOOP("RankingView", "Hallucinations"), QT_TRANSLATE_NOOP("RankingView", "Missing Content"),
            QT_TRANSLATE_NOOP("RankingView", "Overall"))
WINNER_EDGE = "#15803d"
MUTED = "#6b7280"  # kept for callers; the views below take theme.colours().muted


def _winner_ink() -> str:
    # the light palette's green is too dark to read on the dark palette's cards
    return "#5ccf86" if theme.current() == "dark" else WINNER_EDGE


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
            return _tr("Winner: {0}").format(view.majority[0])
        return _tr("Tie between {0} (each won equally often across orders)").format(" = ".join(view.majority))
    if view.score_winners:
        head = _tr("Best by mean score: {0}") if len(view.score_winners) == 1 else _tr("Tied on mean score: {0}")
        return head.format(" = ".join(view.score_winners))
    return _tr("No verdict for this paragraph")


def explain_b_text(b: float | None, orders: int, worst: int | None = None) -> str:
    """What B means, in the interface language (the core's explain_b says the same in English)."""
    worst = orders if worst is None else worst
    if b is None:
        return _tr("B is not available: no ranking succeeded.")
    if orders <= 1:
        return _tr("B = {0} from a single presentation order: run more orders to measure position bias."
                   ).format(f"{b:.2f}")
    if b <= 1.0 + 1e-9:
        return _tr("B = {0}: the same winner in every order — the verdict does not depend on presentation "
                   "order.").format(f"{b:.2f}")
    if b >= worst - 1e-9:
        return _tr("B = {0}, the worst possible here ({1}): the winner changes with presentation order — the "
                   "verdict follows the order, not the translations.").format(f"{b:.2f}", worst)
    return _tr("B = {0} (1 = consistent, {1} = worst possible here): on average {0} different translations "
               "won across the {2} orders, so presentation order swayed some verdicts.").format(
                   f"{b:.2f}", worst, orders)


def bias_text(view: ParagraphView) -> str:
    if view.method is None:
        return _tr("Scores are given to each translation alone, so presentation order cannot sway them.")
    here = ""
    if view.winners_by_order:
        wins = ", ".join(_tr("order {0}: {1}").format(k + 1, w) for k, w in sorted(view.winners_by_order.items()))
        winners = counted(view.b_paragraph or 0,
                          QCoreApplication.translate("RankingView", "{0} different winner"),
                          QCoreApplication.translate("RankingView", "{0} different winners"))
        orders = counted(len(view.winners_by_order),
                         QCoreApplication.translate("RankingView", "{0} order"),
                         QCoreApplication.translate("RankingView", "{0} orders"))
        here = "\n" + QCoreApplication.translate("RankingView", "This paragraph: {0} over {1} ({2}).").format(
            winners, orders, wins)
    return explain_b_text(view.b, view.orders, view.b_max or None) + here


class CandidateColumn(QFrame):
    """One candidate: name, its paragraph, its 1–5 scores, and the evaluation's summary."""

    def __init__(self, view: ParagraphView, label: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = label
        winner = label in view.majority if view.majority else label in view.score_winners
        self.is_winner = winner and len(view.majority or view.score_winners) == 1
        card, border, _win = theme.surface()
        edge = _winner_ink() if self.is_winner else border
        self.setObjectName("candidateColumn")
        # card colours from the theme, text from the palette: legible in light and dark alike
        self.setStyleSheet(f"#candidateColumn {{ border: 2px solid {edge}; border-radius: 6px; "
                           f"background: {card}; }} #candidateColumn QLabel {{ color: palette(text); }}")
        self.setMinimumWidth(230)
        lay = QVBoxLayout(self)
        badge = _tr("  ★ winner") if self.is_winner else (_tr("  = tied") if winner else "")
        self.title = _label(f"<b>{html.escape(label)}</b><span style='color:{_winner_ink()}'>"
                            f"{html.escape(badge)}</span>", wrap=False)
        lay.addWidget(self.title)
        lay.addWidget(_label(view.texts.get(label, ""), style="font-size: 12pt;"))
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        self.score_cells: dict[str, QLabel] = {}
        for r, (dim, value) in enumerate(view.scores.get(label, {}).items()):
            grid.addWidget(_label(_tr(dim), wrap=False, style=f"color: {theme.colours().muted};"), r, 0)
            cell = _label(f"{value:g}", wrap=False,  # heat tints are light in both themes: dark ink
                          style=f"background: {heat(value, 1, 5).name()}; color: {theme.INK_ON_TINT}; "
                                "padding: 0 6px; border-radius: 3px; font-weight: bold;")
            cell.setAlignment(Qt.AlignmentFlag.AlignCenter)
            grid.addWidget(cell, r, 1)
            self.score_cells[dim] = cell
        lay.addLayout(grid)
        summary = view.overall_summary.get(label)
        if summary:
            lay.addWidget(_label(summary, style=f"color: {theme.colours().muted}; font-style: italic;"))
        lay.addStretch(1)


class ComparisonView(QWidget):
    """Candidates in columns for the current paragraph, the verdict, the rationale and B."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view: ParagraphView | None = None
        self.columns: list[CandidateColumn] = []
        self.heading = _label(_tr(EMPTY), style="font-size: 13pt; font-weight: bold;")
        self.strip = QWidget()
        self.strip_layout = QHBoxLayout(self.strip)
        self.strip_layout.setContentsMargins(0, 0, 0, 0)
        # the cards and what is said about them scroll together: in a short dock the cards keep their
        # full height (they were squeezed to 130 px beside a fixed verdict, rationale and bias)
        body = QWidget()
        body_layout = QVBoxLayout(body)
        body_layout.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setMinimumHeight(160)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        self.scroll = scroll
        self.verdict = _label(style="font-size: 12pt; font-weight: bold;")
        self.rationale = _label()
        self.bias = _label(style="background: palette(alternate-base); color: palette(text); padding: 6px; "
                                 "border-radius: 4px;")
        self.failures = _label()
        self.failures.setObjectName("problem")
        body_layout.addWidget(self.strip)
        for w in (self.verdict, self.rationale, self.bias, self.failures):
            body_layout.addWidget(w)
        body_layout.addStretch(1)
        lay = QVBoxLayout(self)
        lay.addWidget(self.heading)
        lay.addWidget(scroll, 1)
        self.set_results(0, [])

    def set_results(self, paragraph_index: int, judgments: list[Judgment], method: str | None = None) -> None:
        """Show ``paragraph_index`` of the Ranking payloads the judges make of ``judgments``: the one by
        ``method`` when there is one, else the first (rankings by method come before score rankings)."""
        from litlens.ui.common.payloads import payloads_of
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
            self.heading.setText(_tr(EMPTY))
            self.failures.setVisible(False)
            return
        how = _tr("{0} ranking").format(option_value(view.method)) if view.method else _tr("mean Likert score")
        self.heading.setText(_tr("Paragraph {0} — {1} translations, by {2}").format(
            paragraph_index + 1, len(view.candidates), how))
        for lab in view.candidates:
            col = CandidateColumn(view, lab)
            self.columns.append(col)
            self.strip_layout.addWidget(col)
        self.verdict.setText(verdict_text(view))
        self.rationale.setText(f"<b>{_tr('Why:')}</b> {html.escape(view.rationale)}" if view.rationale
                               else f"<span style='color:{theme.colours().muted}'>"
                               f"{_tr('No rationale (the method gives none).')}</span>")
        self.bias.setText(f"<b>{_tr('Position bias.')}</b> {html.escape(bias_text(view))}".replace("\n", "<br>"))
        self.failures.setVisible(bool(view.failures))
        self.failures.setText(_tr("Failed: ") + "; ".join(view.failures[:5]) if view.failures else "")


def _tr(text: str) -> str:
    return QCoreApplication.translate("RankingView", text)


def overall_text(ranking: Ranking) -> str:
    """``Overall: A > B. Wins over resampled paragraphs: A 82%, B 18%. Over orders: A 100%.``"""
    from litlens.app.metrics.ranking import format_tiers
    from litlens.app.metrics.uncertainty import fmt_rates
    parts = [_tr("Overall: {0}.").format(format_tiers(ranking.tiers) or "-")]
    if ranking.win_rates:
        parts.append(_tr("Wins over resampled paragraphs: {0}.").format(fmt_rates(ranking.win_rates)))
    if ranking.order_win_rates:
        parts.append(_tr("Over presentation orders: {0}.").format(fmt_rates(ranking.order_win_rates)))
    return " ".join(parts)


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
        self.overall = _label()  # the overall order and how sure it is (win rates)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 0)
        lay.addWidget(self.overall)
        lay.addLayout(top)
        lay.addWidget(self.view, 1)
        self.paragraph.valueChanged.connect(self._show)

    def set_payload(self, ranking: Ranking) -> None:
        self.ranking = ranking
        self.overall.setText(overall_text(ranking))
        last = max((p.paragraph for p in ranking.paragraphs), default=0)
        self.paragraph.setMaximum(max(1, last + 1))
        self._show()

    def show_paragraph(self, index: int) -> None:
        self.paragraph.setValue(index + 1)
        self._show()

    def _show(self) -> None:
        self.view.show_paragraph_of(self.ranking, self.paragraph.value() - 1)
