"""The main window's review actions (Review menu and the buttons beside the findings list): accept,
reject, withdraw, correct and add findings. A mixin of MainWindow, kept apart so the window stays the
wiring between widgets; its strings are translated under "MainWindow" (see packaging/make_ts.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog

from litlens.ui.review import FindingDialog

if TYPE_CHECKING:
    from litlens.app.core.model import Span


class ReviewActions:
    """Needs ``results``, ``review``, ``document``, ``pair_view`` and ``statusBar`` from the window."""

    # ---- review -------------------------------------------------------------------------------------
    def _current(self) -> Span | None:
        return self.results.findings.current_span()

    def accept_current(self) -> None:
        if len(self.results.findings.selected_spans()) > 1:  # several rows, or one merged row
            self.accept_selected()
            if len(self.results.findings.tree.selectedItems()) <= 1:
                self.results.findings.step(1)
            return
        span = self._current()
        if span is not None and self.review.accept(span):
            self.results.findings.step(1)  # reviewing goes finding by finding

    def reject_current(self) -> None:
        if len(self.results.findings.selected_spans()) > 1:
            self.reject_selected()
            if len(self.results.findings.tree.selectedItems()) <= 1:
                self.results.findings.step(1)
            return
        span = self._current()
        if span is not None and self.review.reject(span):
            self.results.findings.step(1)

    def undo_current(self) -> None:
        span = self._current()
        if span is not None:
            self.review.withdraw(span)

    def edit_current(self) -> None:
        span, cand = self._current(), self.document.candidate
        if span is None or cand is None:
            return
        decision = self.document.decision(span)
        base = decision if decision is not None and decision.action == "edit" else span
        start = base.start if base.start is not None else 0
        end = base.end if base.end is not None else start + 1
        dialog = FindingDialog(cand.text.content, start, end, base.category, base.severity,
                               decision.note if decision else "", self.tr("Correct the finding"), self,
                               decision.suggestion if decision else span.suggestion)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            category, severity, a, b, note = dialog.values()
            self.review.edit(span, category, severity, a, b, note, dialog.replacement())

    def add_from_selection(self) -> None:
        chosen = self.pair_view.text.selected_target()
        if chosen is None:
            self.statusBar().showMessage(self.tr("Select text in the translation column first."), 6000)
            return
        self.add_finding(*chosen)

    def add_finding(self, start: int, end: int) -> None:
        cand = self.document.candidate
        if cand is None:
            return
        dialog = FindingDialog(cand.text.content, start, end, title=self.tr("Add a finding"), parent=self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            category, severity, a, b, note = dialog.values()
            self.review.add(a, b, category, severity, note, dialog.replacement())
