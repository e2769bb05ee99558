"""A result dock's page for one registered view: it gathers the payloads of the shown results that this
view is the nearest match for, lets the user pick one when several judges produced one, and hands it to
the view. What it shows comes from stored results only, so a reopened project looks as it did."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from litlens.ui.common import theme
from litlens.ui.common.judge_texts import judge_short
from litlens.ui.common.lazy import WhenShown
from litlens.ui.views.table import shown as summary_text
from litlens.ui.common.payloads import Shown, payloads_of
from litlens.ui.views.registry import spec_for

if TYPE_CHECKING:
    from litlens.app.judges.payloads import Payload
    from litlens.ui.common.document import Document
    from litlens.ui.views.registry import ViewSpec


# The built-in judges whose results fill a built-in view, so an empty page says what to run (it said "run
# a judge whose results include this view", and an editor opening Ranking learnt nothing from it).
FILLED_BY = {"ranking": ("transevalnia",), "radar": ("verse",), "levels": ("honorifics",),
             "terms": ("consistency", "mas-liteval")}


class PayloadPanel(QWidget):
    occurrenceActivated = Signal(str, int, int)  # candidate, start, end: forwarded from the view

    def __init__(self, document: Document, spec: ViewSpec, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.spec = spec
        self.view: QWidget | None = None  # made when the first payload arrives
        self.shown: list[Shown] = []
        self.chooser = QComboBox()
        self.chooser.setMinimumWidth(220)
        self.chooser.currentIndexChanged.connect(self._show)
        self.chooser_row = QWidget()
        row = QHBoxLayout(self.chooser_row)
        row.setContentsMargins(4, 2, 4, 0)
        row.addWidget(QLabel(self.tr("Show")))
        row.addWidget(self.chooser, 1)
        self.empty = QLabel(self._empty_text())
        self.empty.setWordWrap(True)
        self.empty.setObjectName("muted")
        self.empty.setContentsMargins(8, 8, 8, 8)
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.layout_.addWidget(self.chooser_row)
        self.layout_.addWidget(self.empty, 1, Qt.AlignmentFlag.AlignTop)
        self.lazy = WhenShown(self, self.refresh)
        document.resultsChanged.connect(self.lazy.request)
        document.candidateChanged.connect(self._candidate_changed)
        theme.notifier().changed.connect(self._restyle)
        self.refresh()

    def _empty_text(self) -> str:
        judges = [judge_short(j) for j in FILLED_BY.get(self.spec.key, ())]
        if len(judges) == 1:
            return self.tr("Nothing here yet: tick {0} in the judge panel and run it.").format(*judges)
        if len(judges) == 2:
            return self.tr("Nothing here yet: tick {0} or {1} in the judge panel and run one.").format(*judges)
        if self.spec.key == "judges":
            return self.tr("Nothing here yet: Review › Compare the judges with people's error spans… fills "
                           "this view.")
        return self.tr("Nothing here yet: run a judge whose results include this view ({0}).").format(
            self.spec.display_title())

    def payloads(self) -> list[Payload]:
        return [s.payload for s in self.shown]

    def refresh(self) -> None:
        extra = [Shown("", whose, p) for whose, p in self.document.extra_payloads]
        self.shown = [s for s in [*payloads_of(self.document.judgments), *extra] if spec_for(s.payload) is self.spec]
        keep = self.chooser.currentText()
        self.chooser.blockSignals(True)
        self.chooser.clear()
        for s in self.shown:
            self.chooser.addItem(f"{s.judge_name}: {summary_text(s.payload.title)}")
        self.chooser.setCurrentIndex(max(0, self.chooser.findText(keep)))
        self.chooser.blockSignals(False)
        self.chooser_row.setVisible(len(self.shown) > 1)
        self._show()

    def _show(self) -> None:
        index = self.chooser.currentIndex()
        has = 0 <= index < len(self.shown)
        self.empty.setVisible(not has)
        if not has:
            if self.view is not None:
                self.view.setVisible(False)
            return
        view = self._ensure_view()
        view.setVisible(True)
        view.set_payload(self.shown[index].payload)  # type: ignore[attr-defined]

    def _restyle(self, _name: str) -> None:
        if self.view is not None and self.view.isVisibleTo(self):
            self._show()  # views draw with the theme's inks when given their payload

    def _ensure_view(self) -> QWidget:
        if self.view is None:
            self.view = self.spec.factory(self.document)
            signal = getattr(self.view, "occurrenceActivated", None)
            if signal is not None:
                signal.connect(self.occurrenceActivated)
            if hasattr(self.view, "set_candidate"):
                self.view.set_candidate(self.document.candidate_label)
            self.layout_.addWidget(self.view, 1)
        return self.view

    def _candidate_changed(self, label: str) -> None:
        if self.view is not None and hasattr(self.view, "set_candidate"):
            self.view.set_candidate(label)

    def show_paragraph(self, index: int) -> None:
        if self.view is not None and hasattr(self.view, "show_paragraph"):
            self.view.show_paragraph(index)
