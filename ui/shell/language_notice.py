"""A notice in the status bar when a project's declared languages disagree with what its texts read as.

The CLI prints the same check (app/texts/detect.py) before a run; in the window it appears when a project
opens, without blocking anything: a judge sent the wrong language still runs if the user insists, but
they are told first. The check reads a few thousand characters per text with lingua, from a worker thread
through the analyser process (app/judges/offload.py): lingua's first detection loads its models for about
half a second with the GIL held, which on any thread of the window's process would freeze it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QToolButton, QWidget

from litlens.ui.common.theme import set_role

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow

    from litlens.app.core.model import Project
    from litlens.ui.common.document import Document
    from litlens.ui.common.tasks import TaskRunner


def _declared(project: Project) -> tuple:
    """What the check depends on besides the words: an edit saved as a revision reloads the project, and
    a notice the user dismissed must not come back for that."""
    return (project.id or project.name, project.source.language,
            tuple((c.label, c.text.language) for c in project.candidates))


def _sampled(project: Project) -> Project:
    """What the check reads of ``project``: each text's language and opening characters (paragraphs,
    alignments and the rest dropped), so a whole book is not copied to the analyser process for it."""
    from litlens.app.core.model import Candidate, Project, Text
    from litlens.app.texts.detect import SAMPLE

    def cut(text: Text) -> Text:
        return Text(text.content[:SAMPLE], text.language)
    return Project(project.name, cut(project.source),
                   [Candidate(c.label, cut(c.text)) for c in project.candidates])


def check_languages(project: Project) -> list[str]:
    """``app.texts.detect.check_project`` for the window, from a worker thread (it waits): in the analyser
    process when the window asked for one, so lingua's model load never holds this process's GIL."""
    from litlens.app.judges import offload
    from litlens.app.texts.detect import check_project
    return offload.call(check_project, _sampled(project))


class LanguageNotice(QWidget):
    checked = Signal(list)  # the notes of the check just finished (empty: the languages agree)

    def __init__(self, document: Document, tasks: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.tasks = tasks
        self.notes: list[str] = []
        self._checked: tuple | None = None
        self.label = QLabel()
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        set_role(self.label, "warning")
        self.close_button = QToolButton()
        self.close_button.setText("×")
        self.close_button.setToolTip(self.tr("Hide this notice"))
        self.close_button.setAutoRaise(True)
        self.close_button.clicked.connect(self.hide)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(6, 0, 0, 0)
        lay.addWidget(self.label, 1)
        lay.addWidget(self.close_button)
        self.hide()
        document.projectChanged.connect(self._project_changed)

    def _project_changed(self) -> None:
        project = self.document.project
        if project is None:
            return
        key = _declared(project)
        if key == self._checked:
            return
        self._checked = key
        self.notes = []
        self.hide()
        def shown(notes: list[str]) -> None:
            if self._checked == key:  # a project opened since has its own check coming
                self.show_notes(notes)
        self.tasks.submit(lambda: check_languages(project), shown, lambda exc: None)  # no verdict, no notice

    def show_notes(self, notes: list[str]) -> None:
        self.notes = notes
        self.checked.emit(notes)
        if not notes:
            self.hide()
            return
        first = notes[0][:1].upper() + notes[0][1:]
        more = self.tr(" (and {0} more)").format(len(notes) - 1) if len(notes) > 1 else ""
        self.label.setText(f"⚠ {first}{more}")
        self.label.setToolTip("\n".join(notes) + "\n\n" + self.tr(
            "Judges are told each text's language; told the wrong one, they judge against it. The language "
            "comes from the file (XLIFF and TMX headers), from New project's Languages (or --source-lang/"
            "--target-lang on the command line), or else from the text's own words."))
        self.show()


def attach(window: QMainWindow) -> LanguageNotice:
    """Put the notice in ``window``'s status bar, ahead of the run bar, and have it follow the project."""
    notice = LanguageNotice(window.document, window.tasks)  # type: ignore[attr-defined]
    window.statusBar().insertPermanentWidget(0, notice, 2)
    return notice
