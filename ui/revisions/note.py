"""Reopening a project shows each translation as the reviewer left it: its LAST revision, not the file's
original words. When the window was given the file's text (files opened again, or a loader that does not
know the store), the current revisions are loaded instead; either way a note in the status bar says
"Showing revision N — your edits", with a link to the original in the revision picker."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QLabel

from litlens.ui.common.theme import set_role

if TYPE_CHECKING:
    from litlens.app.core.model import Project
    from litlens.app.run.store import Store
    from litlens.ui.revisions.picker import RevisionHost


def check_heads(store: Store, project: Project) -> tuple[dict[str, int], Project | None]:
    """(current revision number of each candidate, the project as stored when some candidate shows the file's
    original words instead of its current revision — else None). Runs on a worker with its own store."""
    from litlens.app.run import revisions
    pid = int(project.id or 0)
    heads = revisions.heads(store, pid)
    # a text is the file's own words (revision 0) while the reviewer's current revision is a later one;
    # a text that is neither (an edit not stored yet) is left alone
    stale = [c.label for c in project.candidates if heads.get(c.label, 0) and
             revisions.revision_text(store, pid, c.label).content != c.text.content and
             revisions.revision_text(store, pid, c.label, 0).content == c.text.content]
    return heads, (store.load_project(pid) if stale else None)


class RevisionNote(QLabel):
    """The status-bar note; hidden while every translation shows the text it was opened with."""

    def __init__(self, window: RevisionHost) -> None:
        super().__init__()
        self.window_ = window
        self.heads: dict[str, int] = {}
        self.pending = 0
        set_role(self, "warning")
        self.setTextFormat(self.textFormat().RichText)
        self.linkActivated.connect(self._link)
        self.hide()
        window.statusBar().addPermanentWidget(self)
        self._checked: object = None  # the project object last checked
        # checked once the project has its store id (the run controller saves it when it loads results)
        window.document.projectChanged.connect(self.check)
        window.document.resultsChanged.connect(self._check_once)
        window.document.candidateChanged.connect(lambda _label: self.update_text())
        window.edits.stored.connect(lambda _msg: self.check(reload=False))

    def _check_once(self) -> None:
        if self.window_.document.project is not self._checked:
            self.check()

    def check(self, reload: bool = True) -> None:
        """Read the current revision numbers; with ``reload``, show the stored revisions in place of texts
        that are not the current ones (only for a project just shown, never over an edit in progress)."""
        window = self.window_
        project = window.document.project
        if project is None:
            self.hide()
            return
        if project.id is None:
            return  # resultsChanged brings it back here with an id
        self._checked = project
        self.pending += 1
        seen = [c.text.content for c in project.candidates]

        def job() -> Any:
            from litlens.app.run.store import Store
            store = Store(window.db_path)
            try:
                return check_heads(store, project)
            finally:
                store.close()

        def done(outcome: Any) -> None:
            self.pending -= 1
            if window.document.project is not project:
                return  # another project (or a reload) came meanwhile; its own check follows
            heads, stored = outcome
            self.heads = heads
            untouched = seen == [c.text.content for c in project.candidates]  # no edit meanwhile
            if stored is not None and reload and untouched:
                label = window.document.candidate_label
                window.document.set_project(stored)  # checked again: then it matches, and the note shows
                if label is not None and label in {c.label for c in stored.candidates}:
                    window.document.set_candidate(label)
                window.runs.load_results()
            self.update_text()

        def failed(_exc: BaseException) -> None:
            self.pending -= 1
        if window.tasks.submit(job, done, failed) is None:
            self.pending -= 1

    def update_text(self) -> None:
        label = self.window_.document.candidate_label
        number = self.heads.get(label or "", 0)
        if not number:
            self.hide()
            return
        text = self.tr("Showing revision {0} of “{1}” — your edits. "
                       "<a href=\"original\">See the original</a> · <a href=\"all\">All revisions</a>")
        # the links in the palette's link colour, set here: a label styled by role keeps the link colour
        # of the palette it was polished with, dark blue on the dark status bar after a theme switch
        link = QApplication.palette().color(QPalette.ColorRole.Link).name()
        self.setText(text.format(number, label).replace("<a href=", f"<a style=\"color: {link}\" href="))
        self.show()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange) and self.isVisible():
            self.update_text()

    def _link(self, which: str) -> None:
        from litlens.ui.revisions.picker import open_revisions
        open_revisions(self.window_, self.window_.document.candidate_label, 0 if which == "original" else None)
