"""Acting on the text from the window: storing edits as revisions, applying corrections, undo and redo.

One object per user action, as the review controller does: the store is written on a worker thread (its
own connection), the outcome comes back on the GUI thread, and the document is updated or reloaded.
The pair view edits the Document in memory (moving findings with their words); this controller stores
that edit as a revision of the candidate, so it survives a restart and can be undone.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from litlens.app.run import corrections, history
from litlens.ui.review.history_labels import shown

if TYPE_CHECKING:
    from collections.abc import Callable

    from litlens.app.core.model import Project, Span
    from litlens.app.run.store import Store
    from litlens.ui.common.document import Document
    from litlens.ui.runs.controller import RunController
    from litlens.ui.common.tasks import TaskRunner



def project_job(db_path: str | Path, project: Project,
                work: Callable[[Store, int], object]) -> Callable[[], object]:
    """A task for a worker thread: open the store, make sure ``project`` is saved, run ``work(store, id)``."""
    def job() -> object:
        from litlens.app.run.store import Store
        store = Store(db_path)
        try:
            return work(store, store.save_project(project))
        finally:
            store.close()
    return job

class EditController(QObject):
    stored = Signal(str)  # what was done, for the status bar
    failed = Signal(str)
    stackChanged = Signal(str, str)  # label of what Undo would undo, of what Redo would redo ("" = none)

    def __init__(self, document: Document, db_path: str | Path, tasks: TaskRunner, runs: RunController,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.db_path = db_path
        self.tasks = tasks
        self.runs = runs
        self.reviewer = ""
        self.pending = 0  # store writes not finished yet (tests wait for 0)
        self.carry_note = ""  # a note the next saved revision's message keeps (the editor's code warning)
        document.reviewChanged.connect(self.refresh_stack)

    # ---- plumbing --------------------------------------------------------------------------------
    def _write(self, work: Callable[[Store, int], object], done: Callable[[object], None]) -> bool:
        project = self.document.project
        if project is None:
            return False
        self.pending += 1

        job = project_job(self.db_path, project, work)

        def ok(value: object) -> None:
            self.pending -= 1
            done(value)

        def bad(exc: BaseException) -> None:
            self.pending -= 1
            self.failed.emit(str(exc) if isinstance(exc, (ValueError, OSError)) else
                             self.tr("The change could not be saved ({0}).").format(exc))
        return self.tasks.submit(job, ok, bad) is not None

    def refresh_stack(self) -> None:
        project = self.document.project
        if project is None:
            self.stackChanged.emit("", "")
            return

        def peek(store: Store, pid: int) -> tuple[str, str]:
            u, r = history.next_undo(store, pid), history.next_redo(store, pid)
            return (u.label if u else "", r.label if r else "")
        self._write(peek, lambda labels: self.stackChanged.emit(*map(shown, labels)))  # type: ignore[misc]

    # ---- actions -----------------------------------------------------------------------------------
    def save_edit(self, label: str, index: int, _text: str) -> bool:
        """Store the candidate as the Document now has it (the pair view already edited it in memory)."""
        project = self.document.project
        if project is None:
            return False
        text = project.candidate(label).text
        what = f"edit ¶{index + 1}"
        note, self.carry_note = self.carry_note, ""  # e.g. the editor's warning about a deleted code

        def saved(number: object) -> None:
            done = self.tr("Saved revision {0} of {1}.").format(number, label)
            self._after(f"{done} {note}" if note else done)
        return self._write(lambda store, pid: history.edit_text(store, pid, label, text, what), saved)

    def apply(self, span: Span, finding: Span | None = None) -> bool:
        """Replace the finding's span by its suggestion, as a new revision; the finding is resolved.

        ``finding`` is the stored finding that is resolved when ``span`` is not it as listed: a reviewer's
        correction moved its ends or gave its own replacement (the stored finding is found by what it was)."""
        cand, label = self.document.candidate, self.document.candidate_label
        if cand is None or label is None:
            return False
        try:
            new_text, index = corrections.corrected(cand.text, span)
        except corrections.CorrectionError as exc:
            self.failed.emit(str(exc))
            return False
        before = cand.text
        finding = finding if finding is not None else span
        span_id = self.document.span_id(finding) if span.judge != "human" else None
        reviewer = self.reviewer
        self.document.edit_paragraph(label, index, new_text.paragraphs[index].text)  # shown at once

        def work(store: Store, pid: int) -> object:
            sid = span_id
            if sid is None and span.judge != "human":
                from litlens.app.run import annotations as ann
                sid = ann.span_ids(store, pid).get(ann.span_key(self._stored_span(finding), label))
            return corrections.apply_correction(store, pid, label, before, span, sid, reviewer,
                                                None if finding is span else self._stored_span(finding))
        return self._write(work, lambda applied: self._after(
            self.tr("Applied “{0}”; the finding is resolved.").format(corrections.replacement(span))))

    @staticmethod
    def _stored_span(span: Span) -> Span:
        import dataclasses

        from litlens.app.core.edits import ORIGIN
        origin = span.data.get(ORIGIN)
        return dataclasses.replace(span, start=origin[0], end=origin[1]) if origin else span

    def undo(self) -> bool:
        return self._write(lambda store, pid: history.undo(store, pid),
                           lambda command: self._moved_in_history(command, undone=True))

    def redo(self) -> bool:
        return self._write(lambda store, pid: history.redo(store, pid),
                           lambda command: self._moved_in_history(command, undone=False))

    def _after(self, message: str) -> None:
        self.stored.emit(message)
        self.runs.reload_review()

    def _moved_in_history(self, command: object, undone: bool = True) -> None:
        """Say which way history moved ("Undone: apply correction", "Redone: edit ¶2"): the reviewer
        pressed one of the two and reads which one happened."""
        if command is None:
            self.stored.emit(self.tr("Nothing to undo.") if undone else self.tr("Nothing to redo."))
            return
        label = shown(getattr(command, "label", ""))
        said = (self.tr("Undone: {0}") if undone else self.tr("Redone: {0}")).format(label)
        if any(op["kind"] == "head" for op in getattr(command, "ops", [])):
            self.reload_texts(said)
        else:
            self._after(said)

    def reload_texts(self, message: str = "") -> None:
        """Show the candidates' current revisions from the store (after undo/redo moved one)."""
        project, label = self.document.project, self.document.candidate_label
        if project is None or project.id is None:
            return
        pid = project.id

        def load(store: Store, _pid: int) -> Project:
            return store.load_project(pid)

        def show(loaded: object) -> None:
            self.document.set_project(loaded)  # type: ignore[arg-type]
            if label is not None:
                self.document.set_candidate(label)
            self.runs.load_results()
            if message:
                self.stored.emit(message)
        self._write(load, show)
