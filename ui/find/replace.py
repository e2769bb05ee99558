"""Replace all as one action: the planned changes are stored as ONE revision of the candidate, which is one
command on the undo stack, and the window then shows that revision as Undo would show one."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from litlens.app.core.counts import one_or_many
from litlens.app.find.search import Change, QueryError, apply_changes
from litlens.app.run import history
from litlens.ui.review.edits import project_job

if TYPE_CHECKING:
    from litlens.app.run.store import Store
    from litlens.ui.common.document import Document
    from litlens.ui.common.tasks import TaskRunner
    from litlens.ui.review.edits import EditController
    from litlens.ui.runs.controller import RunController


class ReplaceController(QObject):
    stored = Signal(str)  # what was done, for the status bar
    failed = Signal(str)

    def __init__(self, document: Document, db_path: str | Path, tasks: TaskRunner, runs: RunController,
                 edits: EditController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document, self.db_path, self.tasks, self.runs, self.edits = document, db_path, tasks, runs, edits
        self.pending = 0  # store writes not finished yet (tests wait for 0)

    def replace(self, changes: list[Change], what: str) -> bool:
        """Make ``changes`` (planned on the current candidate's text) as one new revision, then show the
        texts and findings as the store carries them to it (the way Undo shows a revision: findings move
        with their words or are marked outdated). Done through the store, not the Document paragraph by
        paragraph: that path copies the whole text per paragraph, and a thousand changes froze the window
        for seconds."""
        project, label, cand = self.document.project, self.document.candidate_label, self.document.candidate
        if project is None or label is None or cand is None or not changes:
            return False
        try:
            text = apply_changes(cand.text, changes)
        except QueryError as exc:
            self.failed.emit(str(exc))
            return False
        paragraphs = len({c.paragraph for c in changes})
        self.pending += 1

        def work(store: Store, pid: int) -> object:
            return history.edit_text(store, pid, label, text, what)

        def ok(number: object) -> None:
            self.pending -= 1
            # what was done first: the status bar cuts a long message on its right
            several = one_or_many(
                paragraphs, self.tr("{0} changes in {1} paragraph saved as revision {2} of {3} ({4})."),
                self.tr("{0} changes in {1} paragraphs saved as revision {2} of {3} ({4})."))
            said = one_or_many(
                len(changes), self.tr("{0} change in {1} paragraph saved as revision {2} of {3} ({4})."),
                several).format(len(changes), paragraphs, number, label, what)
            self.edits.reload_texts(said)
            self.edits.refresh_stack()
            self.stored.emit(said)

        def bad(exc: BaseException) -> None:
            self.pending -= 1
            self.failed.emit(self.tr("The replacement could not be saved ({0}).").format(exc))
        return self.tasks.submit(project_job(self.db_path, project, work), ok, bad) is not None
