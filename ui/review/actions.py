"""Acting on findings from the Review menu, the buttons beside the findings list and its right-click
menu: accept, reject, withdraw, correct and add findings; apply a correction, undo and redo edits; review
several findings at once; copy a finding; jump to it in the text.

``ReviewActions`` is created by the main window with what it acts on (the document, the findings list,
the review and edit controllers, the pair view) and a way to say things in the status bar; the window
registers its methods as menu actions and never holds their logic.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QPoint, Qt, Signal
from PySide6.QtGui import QGuiApplication, QKeySequence
from PySide6.QtWidgets import QDialog, QMenu, QWidget

from litlens.app.run.corrections import REPLACEMENT, can_apply, replacement
from litlens.ui.common.explain import shown_explanation, shown_suggestion
from litlens.ui.common.modal import run_modal
from litlens.ui.review.controller import FindingDialog

if TYPE_CHECKING:
    from litlens.app.core.model import Span
    from litlens.ui.common.document import Document
    from litlens.ui.pair.view import PairView
    from litlens.ui.review.controller import ReviewController
    from litlens.ui.review.edits import EditController
    from litlens.ui.review.findings_list import FindingsList

Say = Callable[[str, int], None]  # (message, milliseconds) in the status bar

# The single-key shortcuts of the review actions: the Review menu binds them, the findings' right-click
# menu shows them beside the same actions, so the two never disagree.
KEYS = {"accept": "A", "reject": "R", "correct": "E", "apply": "P"}


def finding_text(span: Span, paragraph: str = "", candidate: str = "") -> str:
    """A finding as plain text, for the clipboard: severity, category, judge, where, quote, why, fix."""
    where = " · ".join(p for p in (candidate, paragraph) if p)
    lines = [f"[{span.severity}] {span.category} — {span.judge}" + (f" ({where})" if where else "")]
    if span.quote:
        lines.append(f"“{span.quote}”")
    if span.explanation:
        lines.append(shown_explanation(span))
    if span.suggestion:
        suggested = QCoreApplication.translate("FindingsList", "Suggestion:")
        lines.append(f"{suggested} {shown_suggestion(span)}")
    return "\n".join(lines)


class ReviewActions(QObject):
    # the correction the current finding would apply ("" = none): the Apply buttons follow it
    applyChanged = Signal(str)

    def __init__(self, parent: QWidget, document: Document, findings: FindingsList, review: ReviewController,
                 edits: EditController, pair_view: PairView, say: Say) -> None:
        super().__init__(parent)
        self.parent_widget = parent  # dialogs and menus open over it
        self.document, self.findings, self.review, self.edits = document, findings, review, edits
        self.pair_view, self.say = pair_view, say
        self.context_menu: QMenu | None = None
        pair_view.paragraph_edited.connect(edits.save_edit)  # after the Document applied it in memory
        pair_view.applyRequested.connect(self.apply_span)  # from the text's right-click menu
        pair_view.addRequested.connect(self.add_finding)
        edits.stored.connect(self._say)
        edits.failed.connect(lambda msg: say(msg, 10_000))
        review.failed.connect(lambda msg: say(msg, 10_000))
        tree = findings.tree
        tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        tree.customContextMenuRequested.connect(self._findings_menu)
        # whatever changes the current finding or its decision may change what Apply would write
        tree.currentItemChanged.connect(lambda *_: self.refresh_apply())
        findings.settled.connect(self.refresh_apply)
        document.reviewChanged.connect(self.refresh_apply)

    def _say(self, message: str) -> None:
        self.say(message, 8000)

    # ---- review -------------------------------------------------------------------------------------
    def _current(self) -> Span | None:
        return self.findings.current_span()

    def accept_current(self) -> None:
        if len(self.findings.selected_spans()) > 1:  # several rows, or one merged row
            self.accept_selected()
            if len(self.findings.tree.selectedItems()) <= 1:
                self.findings.step(1)
            return
        span = self._current()
        if span is not None and self.review.accept(span):
            self.findings.step(1)  # reviewing goes finding by finding

    def reject_current(self) -> None:
        if len(self.findings.selected_spans()) > 1:
            self.reject_selected()
            if len(self.findings.tree.selectedItems()) <= 1:
                self.findings.step(1)
            return
        span = self._current()
        if span is not None and self.review.reject(span):
            self.findings.step(1)

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
        # the judge's suggestion is offered as the replacement only when it is text (never advice such as
        # "Use 해요체.", which OK would otherwise store as the words to write)
        offered = decision.suggestion if decision is not None and decision.suggestion else replacement(span)
        dialog = FindingDialog(cand.text.content, start, end, base.category, base.severity,
                               decision.note if decision else "", self.tr("Correct the finding"), self.parent_widget,
                               offered or "")
        if run_modal(dialog) == QDialog.DialogCode.Accepted:
            category, severity, a, b, note = dialog.values()
            self.review.edit(span, category, severity, a, b, note, dialog.replacement())

    def add_from_selection(self) -> None:
        chosen = self.pair_view.text.selected_target()
        if chosen is None:
            self.say(self.tr("Select text in the translation column first."), 6000)
            return
        self.add_finding(*chosen)

    def add_finding(self, start: int, end: int) -> None:
        cand = self.document.candidate
        if cand is None:
            return
        dialog = FindingDialog(cand.text.content, start, end, title=self.tr("Add a finding"), parent=self.parent_widget)
        if run_modal(dialog) == QDialog.DialogCode.Accepted:
            category, severity, a, b, note = dialog.values()
            self.review.add(a, b, category, severity, note, dialog.replacement())


    # ---- apply, undo, redo ----------------------------------------------------------------------
    def apply_span(self, span: Span) -> None:
        """Apply the correction of ``span`` (a finding the reviewer pointed at in the text), as P does in
        the list: the list's row for it is selected first, so merged findings and corrections count."""
        self.findings.select_span(span)
        self.apply_current()

    def applicable(self, span: Span | None) -> tuple[Span, Span] | None:
        """For ``span``'s row: the finding whose correction Apply would write, and that finding as it
        would be written (the reviewer's own replacement and span, when they corrected it)."""
        if span is None:
            return None
        decision = self.document.decision(span)
        if decision is not None and decision.resolved:
            return None  # already written into the text: once is all
        pairs = ((m, self._with_reviewer_fix(m)) for m in self.findings.members(span))
        return next(((m, fix) for m, fix in pairs if can_apply(fix)), None)

    def refresh_apply(self) -> None:
        found = self.applicable(self._current())
        self.applyChanged.emit((replacement(found[1]) or "") if found is not None else "")

    def apply_current(self) -> None:
        span = self.findings.current_span()
        if span is None:
            return
        found = self.applicable(span)
        if found is None:
            self._say(self.tr("This finding has no correction that can be applied."))
            return
        finding, fix = found
        if self.edits.apply(fix, finding):
            self.findings.step(1)

    def _with_reviewer_fix(self, span: Span) -> Span:
        """The span carrying the reviewer's own replacement text (from Correct or Add), when there is one:
        a human correction is applied like a judge's suggestion, and wins over it. A correction that moved
        the span's ends replaces the words the reviewer selected, not the judge's."""
        decision = self.document.decision(span)
        if decision is None or not decision.suggestion or decision.action not in ("edit", "add"):
            return span
        data = {**span.data, REPLACEMENT: decision.suggestion}
        if decision.action == "add" or decision.start is None or decision.end is None:
            return dataclasses.replace(span, data=data)
        return dataclasses.replace(span, start=decision.start, end=decision.end, data=data,
                                   quote=decision.quote or span.quote)

    def undo_edit(self) -> None:
        self.edits.undo()

    def redo_edit(self) -> None:
        self.edits.redo()

    # ---- several findings at once ---------------------------------------------------------------
    def _all_findings(self) -> list[Span]:
        return self.document.findings(self.document.candidate_label)

    def accept_selected(self) -> None:
        spans = self.findings.selected_spans()
        if self.review.decide_many(spans, "accept"):
            self._say(self.tr("Accepted {0} findings.").format(len(spans)) if len(spans) != 1
                      else self.tr("Accepted the finding."))

    def reject_selected(self) -> None:
        spans = self.findings.selected_spans()
        if self.review.decide_many(spans, "reject"):
            self._say(self.tr("Rejected {0} findings.").format(len(spans)) if len(spans) != 1
                      else self.tr("Rejected the finding."))

    def reject_like_current(self) -> None:
        """Reject every finding by the same judge, in the same category, on the same words."""
        span = self.findings.current_span()
        if span is None:
            return
        like = [s for s in self._all_findings() if (s.judge, s.category, s.quote) ==
                (span.judge, span.category, span.quote)]
        if self.review.decide_many(like, "reject", "reject all like this"):
            # one alone is said as one: "Rejected 1 findings like this one" read badly
            self._say(self.tr("Rejected {0} findings like this one.").format(len(like)) if len(like) != 1
                      else self.tr("Rejected this finding; no other is like it."))

    def accept_term_current(self) -> None:
        """Accept every finding, of any judge, on the same words as this one."""
        span = self.findings.current_span()
        if span is None or not span.quote:
            return
        same = [s for s in self._all_findings() if s.quote == span.quote]
        if self.review.decide_many(same, "accept", "accept all occurrences"):
            self._say(self.tr("Accepted {0} occurrences of “{1}”.").format(len(same), span.quote) if len(same) != 1
                      else self.tr("Accepted the one occurrence of “{0}”.").format(span.quote))

    def copy_current(self) -> None:
        spans = self.findings.selected_spans()
        if not spans:
            return
        label = self.document.candidate_label or ""
        QGuiApplication.clipboard().setText("\n\n".join(finding_text(s, "", label) for s in spans))
        self._say(self.tr("Copied {0} findings.").format(len(spans)) if len(spans) != 1
                  else self.tr("Copied the finding."))  # a copy had no visible result

    def jump_to_source(self) -> None:
        span = self.findings.current_span()
        if span is not None:
            self.pair_view.show_span(span, self.document.candidate_label)

    # ---- the right-click menu --------------------------------------------------------------------
    def findings_menu(self) -> QMenu:
        """The menu for the selected findings (built fresh, so it always matches the selection)."""
        findings = self.findings
        span = findings.current_span()
        several = len(findings.tree.selectedItems()) > 1
        menu = QMenu(self.parent_widget)
        accept = menu.addAction(self.tr("Accept selected") if several else self.tr("Accept"), self.accept_selected)
        reject = menu.addAction(self.tr("Reject selected") if several else self.tr("Reject"), self.reject_selected)
        correct = menu.addAction(self.tr("Correct…"), self.edit_current)
        found = self.applicable(span)
        fix = replacement(found[1]) if found is not None else None
        apply = menu.addAction(self.tr("Apply “{0}”").format(fix) if fix else self.tr("Apply correction"),
                               self.apply_current)
        apply.setEnabled(fix is not None)
        for action, key in ((accept, "accept"), (reject, "reject"), (correct, "correct"), (apply, "apply")):
            # shown beside the action as in the Review menu; while the menu is open the key picks it there
            action.setShortcut(QKeySequence(KEYS[key]))
            action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        correct.setEnabled(span is not None and not several)
        menu.addSeparator()
        menu.addAction(self.tr("Reject all like this"), self.reject_like_current)
        menu.addAction(self.tr("Accept all occurrences of this term"), self.accept_term_current)
        menu.addSeparator()
        menu.addAction(self.tr("Copy"), self.copy_current)
        menu.addAction(self.tr("Jump to the span in the text"), self.jump_to_source)
        for action in menu.actions():
            if span is None:
                action.setEnabled(False)
        return menu

    def _findings_menu(self, pos: QPoint) -> None:
        menu = self.findings_menu()
        self.context_menu = menu  # reachable from tests
        menu.popup(self.findings.tree.viewport().mapToGlobal(pos))
