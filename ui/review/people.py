"""Review › Compare the judges with people's error spans…: read a file of human error spans (WMT/Google
MQM TSV, ESA JSON/JSONL, CSV with offsets, a LitLens exercise key), place it on the open project and score
each judge's shown findings against it (precision, recall and F1 with partial credit, per category and
severity, the raters' agreement as the ceiling; app.humans). The work runs on a worker; the result is a
``SpanAgreement`` payload shown in the Judges dock like any judge's payload."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

if TYPE_CHECKING:
    from litlens.app.humans.payload import SpanAgreement
    from litlens.ui.common.document import Document
    from litlens.ui.common.tasks import TaskRunner

FILES = "*.tsv *.json *.jsonl *.csv *.litlens-exercise"


def compare_file(path: str, document_project, judgments) -> SpanAgreement:
    """People's spans in ``path`` against ``judgments`` on ``document_project`` (runs on a worker)."""
    from litlens.app.humans import compare, matching
    from litlens.app.humans.payload import SpanAgreement
    annotations = matching.load(path, document_project)
    return SpanAgreement.of(compare.compare(annotations, judgments, document_project), Path(path).name)


class PeopleActions(QObject):
    compared = Signal(object)  # the SpanAgreement shown
    failed = Signal(str)

    def __init__(self, parent: QWidget, document: Document, tasks: TaskRunner,
                 say: Callable[[str, int], None], show_judges: Callable[[], None]) -> None:
        super().__init__(parent)
        self.parent_widget, self.document, self.tasks, self.say = parent, document, tasks, say
        self.show_judges = show_judges
        self.pending = 0

    def ask_and_compare(self) -> None:
        if self.document.project is None or not self.document.judgments:
            self.say(self.tr("Open a project and run a judge that marks error spans first."), 8000)
            return
        path, _ = QFileDialog.getOpenFileName(self.parent_widget, self.tr("People's error spans"), "",
                                              self.tr("Error spans ({0});;All files (*)").format(FILES))
        if path:
            self.compare(path)

    def compare(self, path: str) -> bool:
        """Score the shown results against the spans in ``path``, off the GUI thread."""
        project, judgments, revision = self.document.project, list(self.document.judgments), self.document.revision
        if project is None:
            return False
        self.pending += 1

        def done(payload: SpanAgreement) -> None:
            self.pending -= 1
            if self.document.revision != revision:
                return  # the text changed meanwhile: these figures speak of another text
            self.document.add_payload(self.tr("People's error spans"), payload)
            self.show_judges()
            self.compared.emit(payload)
            self.say(self.tr("Compared the judges with {0}.").format(Path(path).name), 8000)

        def failed(exc: BaseException) -> None:
            self.pending -= 1
            message = self.tr("These error spans could not be read: {0}").format(exc)
            self.failed.emit(message)
            QMessageBox.warning(self.parent_widget, self.tr("People's error spans"), message)
        if self.tasks.submit(lambda: compare_file(path, project, judgments), done, failed) is None:
            self.pending -= 1
            return False
        return True
