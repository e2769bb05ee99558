"""The review DOCX from the window. Export writes the current translation's findings of the newest run;
import reads the file back, shows every change it would make and everything it will not apply (a changed
source, an unknown ID, an edit made in LitLens since) and applies only when the user says so: the edited
targets become one revision and the answers notes, one step on the undo stack."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QColor, QTextCursor
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFileDialog, QHeaderView, QLabel, QPlainTextEdit,
                               QTextEdit, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)

from litlens.app.core.counts import counted
from litlens.ui.common.judge_texts import category_name
from litlens.ui.common.theme import INK_ON_TINT
from litlens.ui.review.edits import project_job

if TYPE_CHECKING:
    from litlens.app.exchange.review_import import Answer, ImportPlan
    from litlens.app.run.store import Store
    from litlens.ui.common.document import Document
    from litlens.ui.common.tasks import TaskRunner
    from litlens.ui.review.edits import EditController

Say = Callable[[str, int], None]
REMOVED_TINT, ADDED_TINT = "#fbd5d5", "#c8ecd0"  # light tints, read with INK_ON_TINT in either palette


class ImportPreview(QDialog):
    """What an import would change (ticked nothing: it is all or nothing) and what it will not apply."""

    def __init__(self, plan: ImportPlan, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Import review DOCX — {0}").format(name))
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([self.tr("Row"), self.tr("Now"), self.tr("After the import")])
        self.tree.setRootIsDecorated(True)
        edits = QTreeWidgetItem([self.tr("Edited targets ({0})").format(len(plan.edits))])
        for e in plan.edits:
            edits.addChild(QTreeWidgetItem([e.id, e.old, e.new]))
        answers = QTreeWidgetItem([self.tr("Answers as notes ({0})").format(len(plan.answers))])
        for a in plan.answers:
            answers.addChild(QTreeWidgetItem([a.id, self.finding_name(a), f"{a.author}: {a.text}"]))
        problems = self.problem_lines(plan)
        kept = QTreeWidgetItem([self.tr("Not applied ({0})").format(len(problems))])
        for p in problems:
            kept.addChild(QTreeWidgetItem([p]))
        self.edits_group = edits
        self.tree.addTopLevelItems([edits, answers, kept])
        for group in (edits, answers, kept):
            group.setFirstColumnSpanned(True)
        for n in range(kept.childCount()):
            kept.child(n).setFirstColumnSpanned(True)  # a sentence, not a row of the table
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.tree.expandAll()
        # a paragraph is longer than its column: the chosen row is shown whole below the table
        self.detail = QPlainTextEdit()
        self.detail.setReadOnly(True)
        self.detail.setMaximumHeight(130)
        self.tree.currentItemChanged.connect(self._show_whole)
        if edits.childCount():
            self.tree.setCurrentItem(edits.child(0))
        text = self.tr("{0} edited paragraph(s) become one new revision of {1}; {2} answer(s) become notes on "
                       "their findings. One Undo takes the whole import back.").format(
            len(plan.edits), plan.candidate, len(plan.answers))
        self.summary = QLabel(text if plan.changes_anything else self.tr("The file changes nothing."))
        self.summary.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.apply_button = self.buttons.addButton(self.tr("Apply"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.apply_button.setEnabled(plan.changes_anything)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.summary)
        lay.addWidget(self.tree, 1)
        lay.addWidget(self.detail)
        lay.addWidget(self.buttons)
        self.resize(900, 560)


    def finding_name(self, answer: Answer) -> str:
        """"F12 major · Accuracy › Mistranslation" in the interface language."""
        severity = {"critical": self.tr("critical"), "major": self.tr("major"), "minor": self.tr("minor"),
                    "neutral": self.tr("neutral")}.get(answer.severity, answer.severity)
        return f"F{answer.span_id} {severity} · {category_name(answer.category)}" if answer.category \
            else answer.finding

    def problem_lines(self, plan: ImportPlan) -> list[str]:
        """What will not be applied, one sentence per kind, in the interface language (the plan's own
        sentences, for the command line, are English)."""
        said = []
        for ids, what in ((plan.changed_source, self.tr("the source differs from the project's; their edits "
                                                        "are not taken: {0}")),
                          (plan.unknown_ids, self.tr("no paragraph of the translation has this ID: {0}")),
                          (plan.duplicate_ids, self.tr("the ID appears twice; only the first row is read: {0}")),
                          (plan.missing_ids, self.tr("no row in the file (left as they are): {0}")),
                          (plan.conflicts, self.tr("edited in LitLens since the export too; the file's edit is "
                                                   "not taken: {0}")),
                          (plan.emptied, self.tr("the file empties the target; a paragraph cannot be removed "
                                                 "this way: {0}"))):
            if ids:
                said.append(what.format(", ".join(ids[:20]) + (" …" if len(ids) > 20 else "")))
        for rid, text in plan.stray_replies:
            said.append(self.tr("row {0}: a reply that names no finding of this row or translation: {1}").format(
                rid, text[:80]))
        return said

    def _show_whole(self, item: QTreeWidgetItem | None) -> None:
        if item is None or item.parent() is None:
            self.detail.clear()
            return
        now, after = item.text(1), item.text(2)
        now_label, after_label = self.tr("Now"), self.tr("After the import")
        self.detail.setPlainText(f"{now_label}:\n{now}\n\n{after_label}:\n{after}" if after else item.text(0))
        at_after = len(now_label) + 2 + len(now) + 2 + len(after_label) + 2
        self.detail.setExtraSelections(self._marked(now, after, len(now_label) + 2, at_after)
                                       if item.parent() is self.edits_group else [])

    def _marked(self, now: str, after: str, at_now: int, at_after: int) -> list[QTextEdit.ExtraSelection]:
        """The words the translator changed, marked in both versions: a paragraph is long and one changed
        word in it is easy to miss."""
        import difflib
        import re
        # word by word (a character diff marks stray pieces of words that merely share letters)
        a, b = ([m.span() for m in re.finditer(r"\w+|\s+|[^\w\s]", t)] for t in (now, after))
        words = difflib.SequenceMatcher(None, [now[i:j] for i, j in a], [after[i:j] for i, j in b], autojunk=False)
        out = []
        for tag, i1, i2, j1, j2 in words.get_opcodes():
            if tag == "equal":
                continue
            ranges = ((at_now + a[i1][0], at_now + a[i2 - 1][1], True) if i2 > i1 else (0, 0, True),
                      (at_after + b[j1][0], at_after + b[j2 - 1][1], False) if j2 > j1 else (0, 0, False))
            for start, end, removed in ranges:
                if end > start:
                    mark = QTextEdit.ExtraSelection()
                    mark.format.setBackground(QColor(REMOVED_TINT if removed else ADDED_TINT))
                    mark.format.setForeground(QColor(INK_ON_TINT))
                    mark.format.setFontStrikeOut(removed)
                    cursor = self.detail.textCursor()
                    cursor.setPosition(start)
                    cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
                    mark.cursor = cursor
                    out.append(mark)
        return out


class ReviewFileActions(QObject):
    previewed = Signal(object)  # the ImportPreview shown (tests answer it)

    def __init__(self, window: QWidget, document: Document, db_path: str | Path, tasks: TaskRunner,
                 edits: EditController, say: Say) -> None:
        super().__init__(window)
        self.window, self.document, self.db_path, self.tasks, self.edits, self.say = \
            window, document, db_path, tasks, edits, say
        self.pending = 0  # store work not finished yet (tests wait for 0)
        self.preview: ImportPreview | None = None

    def _submit(self, work: Callable[[Store, int], object], ok: Callable[[object], None], what: str) -> bool:
        project = self.document.project
        if project is None:
            self.say(self.tr("Open a project first."), 8000)
            return False
        self.pending += 1

        def done(value: object) -> None:
            self.pending -= 1
            ok(value)

        def bad(exc: BaseException) -> None:
            self.pending -= 1
            self.say(self.tr("{0} failed: {1}").format(what, exc), 12000)
        return self.tasks.submit(project_job(self.db_path, project, work), done, bad) is not None

    # ---- export ----------------------------------------------------------------------------------------
    def ask_export(self) -> None:
        label = self.document.candidate_label or "translation"
        path, _ = QFileDialog.getSaveFileName(self.window, self.tr("Export review DOCX"),
                                              f"{label}-review.docx", self.tr("Word documents (*.docx)"))
        if path:
            self.export_to(path)

    def export_to(self, path: str | Path) -> bool:
        label = self.document.candidate_label

        def work(store: Store, pid: int) -> object:
            from litlens.app.exchange.review_export import export_review_docx
            from litlens.app.reports.export import latest_run
            run_id = latest_run(store, pid)
            if run_id is None:
                raise ValueError(self.tr("this project has no run yet: run the judges first"))
            return export_review_docx(store, run_id, path, label)

        def ok(review: object) -> None:
            rows = getattr(review, "rows", [])
            found = sum(len(r.findings) for r in rows)
            self.say(self.tr("Exported a review DOCX of {0} ({1}, {2}) to {3}").format(
                label, counted(len(rows), self.tr("{0} paragraph"), self.tr("{0} paragraphs")),
                counted(found, self.tr("{0} finding"), self.tr("{0} findings")), path), 12000)
        return self._submit(work, ok, self.tr("Export review DOCX"))

    # ---- import ----------------------------------------------------------------------------------------
    def ask_import(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self.window, self.tr("Import review DOCX"), "",
                                              self.tr("Word documents (*.docx)"))
        if path:
            self.import_from(path)

    def import_from(self, path: str | Path) -> bool:
        """Read and plan off the GUI thread, then show the preview; apply only when it is accepted."""
        def work(store: Store, pid: int) -> object:
            from litlens.app.exchange.review_import import plan_import
            from litlens.app.formats.review_docx import read_review_docx
            plan = plan_import(store, read_review_docx(path))
            if plan.project_id != pid:
                raise ValueError(self.tr("the file was made from another project (#{0}); open that project "
                                         "first").format(plan.project_id))
            return plan
        return self._submit(work, lambda plan: self._show(plan, Path(path).name),  # type: ignore[arg-type]
                            self.tr("Import review DOCX"))

    def _show(self, plan: ImportPlan, name: str) -> None:
        self.preview = ImportPreview(plan, name, self.window)
        self.preview.accepted.connect(lambda: self._apply(plan))
        self.preview.open()
        self.previewed.emit(self.preview)

    def _apply(self, plan: ImportPlan) -> None:
        reviewer = self.edits.reviewer

        def work(store: Store, _pid: int) -> object:
            from litlens.app.exchange.review_import import apply_import
            return apply_import(store, plan, reviewer)

        def ok(number: object) -> None:
            saved = self.tr("saved as revision {0} of {1}").format(number, plan.candidate) \
                if number is not None else self.tr("no target changed")
            self.edits.reload_texts(self.tr("Review DOCX imported: {0}; {1} note(s).").format(
                saved, len(plan.answers)))
            self.edits.refresh_stack()
        self._submit(work, ok, self.tr("Import review DOCX"))
