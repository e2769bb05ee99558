"""The reviewer's speaker corrections as the window sees them: read from the store on a worker, each new one
written as one undoable command (app.run.speaker_corrections), and read again whenever the review state
changes — after the window's Undo or Redo too, which reload the review state and say so on the Document.

The window installs one per Document (``install``) with its database and task runner; the speech-level
views find it with ``for_document`` and show the corrections in the ledger and the explanations.
"""

from __future__ import annotations

import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from litlens.app.run import speaker_corrections as sc

if TYPE_CHECKING:
    from litlens.app.run.store import Store
    from litlens.ui.common.document import Document
    from litlens.ui.common.tasks import TaskRunner


class SpeakerCorrections(QObject):
    changed = Signal()  # the corrections were read again
    stored = Signal(str)  # what was done, for the status line
    failed = Signal(str)

    def __init__(self, document: Document, db_path: str | Path, tasks: TaskRunner,
                 parent: QObject | None = None) -> None:
        super().__init__(parent or document)
        self.document, self.db_path, self.tasks = document, db_path, tasks
        self.by_candidate: dict[str, list[sc.SpeakerCorrection]] = {}
        self.pending = 0  # store reads and writes not finished yet (tests wait for 0)
        self.reviewer = ""
        document.reviewChanged.connect(self.reload)
        document.projectChanged.connect(self.reload)

    def _job(self, work: Any, done: Any) -> bool:
        project = self.document.project
        if project is None:
            return False
        revision, db_path = self.document.revision, self.db_path
        self.pending += 1

        def job() -> object:
            from litlens.app.run.store import Store
            store: Store = Store(db_path)
            try:
                return work(store, store.save_project(project))
            finally:
                store.close()

        def ok(value: object) -> None:
            self.pending -= 1
            if revision == self.document.revision:  # a result for a project since replaced is dropped
                done(value)

        def bad(exc: BaseException) -> None:
            self.pending -= 1
            self.failed.emit(str(exc) if isinstance(exc, (ValueError, OSError)) else
                             self.tr("The speaker could not be saved ({0}).").format(exc))
        return self.tasks.submit(job, ok, bad) is not None

    def reload(self) -> None:
        def loaded(found: object) -> None:
            self.by_candidate = dict(found)  # type: ignore[call-overload]
            self.changed.emit()
        if not self._job(lambda store, pid: sc.for_project(store, pid), loaded):
            self.by_candidate = {}
            self.changed.emit()

    def correct(self, label: str, start: int, end: int, speaker: str | None, listener: str | None) -> bool:
        """Store the reviewer's speaker and listener for the turn ``start:end`` of candidate ``label`` (None:
        unknown), undoably; the review state is then read again (the Undo menu names it)."""
        project = self.document.project
        if project is None:
            return False
        quote = project.candidate(label).text.content[start:end]
        reviewer = self.reviewer

        def saved(_c: object) -> None:
            self.stored.emit(self.tr("Speaker set: {0}").format(speaker or self.tr("unknown")))
            self.document.reviewChanged.emit()  # reloads these and the undo stack's labels
        return self._job(lambda store, pid: sc.correct(store, pid, label, start, end, quote, speaker, listener,
                                                       reviewer), saved)

    def placed(self, label: str, content: str) -> list[dict[str, Any]]:
        """The candidate's corrections at their quotes' offsets in ``content``."""
        return sc.placed(self.by_candidate.get(label, []), content)[0]


_installed: weakref.WeakKeyDictionary[Document, SpeakerCorrections] = weakref.WeakKeyDictionary()


def install(document: Document, db_path: str | Path, tasks: TaskRunner) -> SpeakerCorrections:
    """Give ``document`` its speaker corrections, read from and written to ``db_path``."""
    found = _installed[document] = SpeakerCorrections(document, db_path, tasks)
    return found


def for_document(document: Document | None) -> SpeakerCorrections | None:
    return _installed.get(document) if document is not None else None
