"""The main window's review-loop actions: apply a correction, undo/redo, review several findings at once,
and the findings list's right-click menu. A mixin of MainWindow (like ui/window_review.py), so the window
stays the wiring between widgets; its strings are translated under "MainWindow"."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QPoint, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMenu

from litlens.app.run.corrections import REPLACEMENT, can_apply, replacement
from litlens.ui.explain import shown_explanation, shown_suggestion

if TYPE_CHECKING:
    from litlens.app.core.model import Span


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


class BulkActions:
    """Needs ``results``, ``review``, ``edits``, ``document``, ``pair_view`` and ``statusBar``."""

    def _say(self, message: str) -> None:
        self.statusBar().showMessage(message, 8000)

    def _wire_review_loop(self) -> None:
        # after the Document applied the edit in memory (connected first), store it as a revision
        self.pair_view.paragraph_edited.connect(self.edits.save_edit)
        self.pair_view.applyRequested.connect(self.apply_span)  # from the text's right-click menu
        self.document.textEdited.connect(lambda *_: self._estimate())  # "1 paragraph changed — 3 calls"
        self.edits.stored.connect(self._say)
        self.edits.failed.connect(lambda msg: self.statusBar().showMessage(msg, 10_000))
        self._install_findings_menu()

    # ---- apply, undo, redo ----------------------------------------------------------------------
    def apply_span(self, span: Span) -> None:
        """Apply the correction of ``span`` (a finding the reviewer pointed at in the text), as P does in
        the list: the list's row for it is selected first, so merged findings and corrections count."""
        self.results.findings.select_span(span)
        self.apply_current()

    def apply_current(self) -> None:
        span = self.results.findings.current_span()
        if span is None:
            return
        applicable = [m for m in map(self._with_reviewer_fix, self.results.findings.members(span)) if can_apply(m)]
        if not applicable:
            self._say(self.tr("This finding has no correction that can be applied."))
            return
        if self.edits.apply(applicable[0]):
            self.results.findings.step(1)

    def _with_reviewer_fix(self, span: Span) -> Span:
        """The span carrying the reviewer's own replacement text (from Correct or Add), when there is one:
        a human correction is applied like a judge's suggestion, and wins over it."""
        decision = self.document.decision(span)
        if decision is None or not decision.suggestion or decision.action not in ("edit", "add"):
            return span
        return dataclasses.replace(span, data={**span.data, REPLACEMENT: decision.suggestion})

    def undo_edit(self) -> None:
        self.edits.undo()

    def redo_edit(self) -> None:
        self.edits.redo()

    # ---- several findings at once ---------------------------------------------------------------
    def _all_findings(self) -> list[Span]:
        return self.document.findings(self.document.candidate_label)

    def accept_selected(self) -> None:
        spans = self.results.findings.selected_spans()
        if self.review.decide_many(spans, "accept"):
            self._say(self.tr("Accepted {0} findings.").format(len(spans)))

    def reject_selected(self) -> None:
        spans = self.results.findings.selected_spans()
        if self.review.decide_many(spans, "reject"):
            self._say(self.tr("Rejected {0} findings.").format(len(spans)))

    def reject_like_current(self) -> None:
        """Reject every finding by the same judge, in the same category, on the same words."""
        span = self.results.findings.current_span()
        if span is None:
            return
        like = [s for s in self._all_findings() if (s.judge, s.category, s.quote) ==
                (span.judge, span.category, span.quote)]
        if self.review.decide_many(like, "reject", "reject all like this"):
            self._say(self.tr("Rejected {0} findings like this one.").format(len(like)))

    def accept_term_current(self) -> None:
        """Accept every finding, of any judge, on the same words as this one."""
        span = self.results.findings.current_span()
        if span is None or not span.quote:
            return
        same = [s for s in self._all_findings() if s.quote == span.quote]
        if self.review.decide_many(same, "accept", "accept all occurrences"):
            self._say(self.tr("Accepted {0} occurrences of “{1}”.").format(len(same), span.quote))

    def copy_current(self) -> None:
        spans = self.results.findings.selected_spans()
        if not spans:
            return
        label = self.document.candidate_label or ""
        QGuiApplication.clipboard().setText("\n\n".join(finding_text(s, "", label) for s in spans))

    def jump_to_source(self) -> None:
        span = self.results.findings.current_span()
        if span is not None:
            self.pair_view.show_span(span, self.document.candidate_label)

    # ---- the right-click menu --------------------------------------------------------------------
    def _install_findings_menu(self) -> None:
        tree = self.results.findings.tree
        tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        tree.customContextMenuRequested.connect(self._findings_menu)

    def findings_menu(self) -> QMenu:
        """The menu for the selected findings (built fresh, so it always matches the selection)."""
        findings = self.results.findings
        span = findings.current_span()
        several = len(findings.tree.selectedItems()) > 1
        menu = QMenu(self)
        menu.addAction(self.tr("Accept selected") if several else self.tr("Accept"), self.accept_selected)
        menu.addAction(self.tr("Reject selected") if several else self.tr("Reject"), self.reject_selected)
        correct = menu.addAction(self.tr("Correct…"), self.edit_current)
        members = [self._with_reviewer_fix(m) for m in findings.members(span)] if span is not None else []
        fix = next((replacement(m) for m in members if can_apply(m)), None)
        apply = menu.addAction(self.tr("Apply “{0}”").format(fix) if fix else self.tr("Apply correction"),
                               self.apply_current)
        apply.setEnabled(fix is not None)
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
        menu.popup(self.results.findings.tree.viewport().mapToGlobal(pos))

    # ---- export ----------------------------------------------------------------------------------
    def export_dialog(self) -> None:
        from PySide6.QtWidgets import QDialog

        from litlens.ui.export_dialog import ExportDialog
        if self.document.project is None:
            self._say(self.tr("Open a project first."))
            return
        dialog = ExportDialog(self.document, self)
        self.export_window = dialog  # reachable while it is open (tests)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.export_to(*dialog.choice())

    def export_to(self, kind: str, fmt: str, path: str, candidate: str | None = None) -> bool:
        """Write an export off the GUI thread (what the Export dialog's OK does)."""
        from litlens.ui.export_dialog import Exporter
        if getattr(self, "exporter", None) is None:
            self.exporter = Exporter(self.document, self.db_path, self.tasks, self)
            self.exporter.done.connect(lambda p, w: self._say(
                self.tr("Exported to {0}").format(p) + (f" — {'; '.join(w)}" if w else "")))
            self.exporter.failed.connect(self._say)
        return self.exporter.export(kind, fmt, path, candidate)

    # ---- start-up -----------------------------------------------------------------------------------
    def reopen_last(self) -> bool:
        """Reopen the project used last (File › Recent's first entry); the sample when it is gone.

        False when there is no recent project (the caller opens the sample instead)."""
        from litlens.ui import open_files
        from litlens.ui.project_memory import last_project
        pid = last_project(self.qsettings)
        if pid is None:
            return False

        def loaded(project) -> None:
            self.open_project(project, autorun=False)

        def gone(_exc: BaseException) -> None:  # another database, or deleted: start as a new user would
            self.open_sample(autorun=True)
        self.tasks.submit(lambda: open_files.load_stored(self.db_path, pid), loaded, gone)
        return True
