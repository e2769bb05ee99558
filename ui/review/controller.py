"""Human review: accept, reject, edit or add findings, stored beside the judges' spans (app.annotations).

``ReviewController`` is the one object per review action: it writes on a worker thread (its own store
connection), reports success or failure on the GUI thread, and reloads the review state. The edit dialog
collects category, severity, note and span.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QPlainTextEdit, QWidget

from litlens.app.run import annotations as ann
from litlens.app.run import history
from litlens.app.core.model import SEVERITIES
from litlens.ui.exercises.reasons import severity_name
from litlens.ui.common.judge_texts import category_name

if TYPE_CHECKING:
    from litlens.app.core.model import Span
    from litlens.ui.common.document import Document
    from litlens.ui.runs.controller import RunController
    from litlens.ui.common.tasks import TaskRunner


class ReviewController(QObject):
    saved = Signal(object)  # Annotation
    failed = Signal(str)

    def __init__(self, document: Document, db_path: str | Path, tasks: TaskRunner, runs: RunController,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.db_path = db_path
        self.tasks = tasks
        self.runs = runs
        self.reviewer = ""

    # ---- actions ------------------------------------------------------------------------------------
    def accept(self, span: Span) -> bool:
        return self._decide(span, "accept", span.category, span.severity, span.start, span.end, "")

    def reject(self, span: Span, note: str = "") -> bool:
        return self._decide(span, "reject", span.category, span.severity, span.start, span.end, note)

    def edit(self, span: Span, category: str, severity: str, start: int | None, end: int | None,
             note: str = "", suggestion: str = "") -> bool:
        return self._decide(span, "edit", category, severity, start, end, note, suggestion)

    def add(self, start: int, end: int, category: str, severity: str, note: str = "",
            suggestion: str = "") -> bool:
        cand = self.document.candidate
        if cand is None:
            return False
        para = next((seg.index for seg in cand.text.paragraphs if seg.start <= start < seg.end), None)
        return self._submit(ann.Annotation(
            project_id=self.document.project_id or 0, candidate=cand.label, action="add", category=category,
            severity=severity, start=start, end=end, paragraph=para, quote=cand.text.content[start:end],
            note=note, reviewer=self.reviewer, suggestion=suggestion), None)

    def withdraw(self, span: Span) -> bool:
        """Forget the decision on ``span`` (or remove a finding the reviewer added)."""
        decision, project = self.document.decision(span), self.document.project
        if decision is None or decision.id is None or project is None:
            return False
        aid = decision.id

        def work() -> None:
            from litlens.app.run.store import Store
            store = Store(self.db_path)
            try:
                history.withdraw(store, store.save_project(project), aid)  # undoable like any decision
            finally:
                store.close()
        self.tasks.submit(work, lambda _: self.runs.reload_review(), self._failed)
        return True

    def _decide(self, span: Span, action: str, category: str, severity: str, start: int | None,
                end: int | None, note: str, suggestion: str = "") -> bool:
        label = self.document.candidate_label
        if label is None or span.judge == ann.HUMAN:
            if span.judge == ann.HUMAN and action == "reject":
                return self.withdraw(span)  # rejecting one's own addition takes it back
            return False
        cand = self.document.candidate
        quote = cand.text.content[start:end] if cand is not None and start is not None and end is not None \
            else span.quote
        a = ann.Annotation(project_id=self.document.project_id or 0, candidate=label, action=action,
                           category=category, severity=severity, start=start, end=end,
                           span_id=self.document.span_id(span), judge=span.judge, paragraph=span.paragraph,
                           quote=quote, note=note, reviewer=self.reviewer, suggestion=suggestion)
        return self._submit(a, span)

    def _submit(self, a: ann.Annotation, span: Span | None) -> bool:
        project = self.document.project
        if project is None:
            return False
        label = a.candidate

        def work() -> ann.Annotation:
            from litlens.app.run.store import Store
            store = Store(self.db_path)
            try:
                a.project_id = store.save_project(project)
                if span is not None and a.span_id is None:  # ids not loaded yet: look this one up
                    a.span_id = ann.span_ids(store, a.project_id).get(ann.span_key(span, label))
                    if a.span_id is None:
                        raise ann.AnnotationError("This finding is not in the store yet; wait for its run "
                                                  "to finish, then review it.")
                return history.decide(store, a)  # one undoable command
            finally:
                store.close()

        def done(saved: ann.Annotation) -> None:
            self.saved.emit(saved)
            self.runs.reload_review()

        return self.tasks.submit(work, done, self._failed) is not None

    def decide_many(self, spans: list[Span], action: str, label: str = "") -> bool:
        """Accept or reject several judges' findings in one store write and one undo step."""
        project, cand = self.document.project, self.document.candidate_label
        spans = [s for s in spans if s.judge != ann.HUMAN]
        if project is None or cand is None or not spans:
            return False
        decisions = [ann.Annotation(project_id=0, candidate=cand, action=action, category=s.category,
                                    severity=s.severity, start=s.start, end=s.end,
                                    span_id=self.document.span_id(s), judge=s.judge, paragraph=s.paragraph,
                                    quote=s.quote, reviewer=self.reviewer) for s in spans]

        def work() -> list[ann.Annotation]:
            from litlens.app.run.store import Store
            store = Store(self.db_path)
            try:
                pid = store.save_project(project)
                ids = ann.span_ids(store, pid)
                for a, s in zip(decisions, spans):
                    a.project_id = pid
                    a.span_id = a.span_id or ids.get(ann.span_key(s, cand))
                known = [a for a in decisions if a.span_id is not None]
                return history.decide_many(store, known, label or f"{action} {len(known)}")
            finally:
                store.close()
        return self.tasks.submit(work, lambda _saved: self.runs.reload_review(), self._failed) is not None

    def _failed(self, exc: BaseException) -> None:
        self.failed.emit(str(exc) if isinstance(exc, (ValueError, OSError)) else
                         self.tr("The review could not be saved ({0}).").format(exc))


class FindingDialog(QDialog):
    """Category, severity, note and span of a finding: for an edit or for one the reviewer adds.

    The span is chosen by selecting words in the paragraph (drag, or Shift+arrows), never by numbers;
    category and severity are lists from the MQM typology."""

    def __init__(self, text: str, start: int, end: int, category: str = "", severity: str = "major",
                 note: str = "", title: str = "", parent: QWidget | None = None, suggestion: str = "") -> None:
        super().__init__(parent)
        from litlens.app.mqm import typology as mqm
        self.setWindowTitle(title or self.tr("Finding"))
        self.text = text
        # the paragraph around the span: enough context to adjust it, small enough to read
        cut = text.rfind("\n\n", 0, start)
        self.offset = 0 if cut < 0 else cut + 2
        stop = text.find("\n\n", end)
        self.passage = text[self.offset:len(text) if stop < 0 else stop]
        self.category = QComboBox()
        paths = mqm.typology().leaf_paths()
        # a judge outside MQM (honorifics, consistency) keeps its own category as the first entry;
        # each is shown by its name in the interface language and stored as its path
        for path in paths if category in paths or not category else [category, *paths]:
            self.category.addItem(category_name(path), path)
            self.category.setItemData(self.category.count() - 1, path, Qt.ItemDataRole.ToolTipRole)
        if category:
            self.category.setCurrentIndex(max(0, self.category.findData(category)))
        self.severity = QComboBox()
        for name in SEVERITIES:  # shown in the interface language, stored as the key
            self.severity.addItem(severity_name(name), name)
        self.severity.setCurrentIndex(self.severity.findData(severity if severity in SEVERITIES else "major"))
        self.span_text = QPlainTextEdit(self.passage)
        self.span_text.setReadOnly(True)
        self.span_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse |
                                               Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.span_text.setMinimumHeight(90)
        self.select(start, end)
        self.preview = QLabel()
        self.preview.setWordWrap(True)
        self.preview.setStyleSheet("background: #fbf1c0; color: #1f2328; padding: 4px;")
        self.fix = QLineEdit(suggestion)
        self.fix.setPlaceholderText(self.tr("Replacement text, if you know it (optional; P applies it)"))
        self.note = QPlainTextEdit(note)
        self.note.setPlaceholderText(self.tr("Why (optional)"))
        self.note.setFixedHeight(70)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        form = QFormLayout(self)
        form.addRow(self.tr("Category"), self.category)
        form.addRow(self.tr("Severity"), self.severity)
        form.addRow(self.tr("Select the words"), self.span_text)
        form.addRow(self.tr("Text"), self.preview)
        form.addRow(self.tr("Replace with"), self.fix)
        form.addRow(self.tr("Note"), self.note)
        form.addRow(buttons)
        self.span_text.selectionChanged.connect(self._preview)
        self.resize(560, 380)
        self._preview()

    def select(self, start: int, end: int) -> None:
        """Select content ``[start, end)`` (offsets into the whole text) in the passage."""
        cursor = self.span_text.textCursor()
        a = min(max(start - self.offset, 0), len(self.passage))
        b = min(max(end - self.offset, a), len(self.passage))
        cursor.setPosition(a)
        cursor.setPosition(b, QTextCursor.MoveMode.KeepAnchor)
        self.span_text.setTextCursor(cursor)

    def span(self) -> tuple[int, int]:
        cursor = self.span_text.textCursor()
        return self.offset + cursor.selectionStart(), self.offset + cursor.selectionEnd()

    def _preview(self) -> None:
        a, b = self.span()
        ok = a < b
        self.preview.setText(self.text[a:b] if ok else self.tr("(select the words the finding is about)"))
        self.ok.setEnabled(ok)

    def replacement(self) -> str:
        return self.fix.text().strip()

    def values(self) -> tuple[str, str, int, int, str]:
        a, b = self.span()
        category = (self.category.currentData() or self.category.currentText()).strip()
        return category, self.severity.currentData() or "major", a, b, self.note.toPlainText().strip()
