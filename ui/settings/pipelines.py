"""Settings › General: the spaCy pipeline LitLens would use for each language of the open project, whether
it is installed, and an Install button that runs what ``litlens models install`` runs, off the GUI thread.

The logic lives in app/texts/pipelines.py (shared with the CLI); this widget only shows it. Reading the
installed pipelines imports spaCy, which takes a moment, so even the listing is done on a worker.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (QHBoxLayout, QLabel, QPushButton, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from litlens.ui.common.theme import set_role

if TYPE_CHECKING:
    from litlens.app.core.model import Project
    from litlens.app.texts.pipelines import PipelineStatus
    from litlens.ui.common.tasks import TaskRunner


def project_languages(project: Project | None) -> list[str]:
    """Source, translations and reference languages of ``project``, each once; English without one."""
    if project is None:
        return ["en"]
    texts = [project.source] + [c.text for c in project.candidates]
    if project.reference is not None:
        texts.append(project.reference)
    return list(dict.fromkeys(t.language for t in texts if t.language)) or ["en"]


def install_missing(languages: list[str]) -> list[str]:
    """Install each language's official pipeline that is not there yet (on a worker). Returns the names
    installed; the first failure (offline, pip refused) is raised as an InstallError with its reason."""
    from litlens.app.texts.pipelines import install, status
    done = []
    for s in status(languages):
        if not s.installed and s.official:
            install(s.official)
            done.append(s.official)
    return done


def _missing_analysers(languages: list[str]) -> list[tuple[str, str, str]]:
    """(language, analyser, how to install) for each ko/ja/zh language whose word analyser is missing."""
    from litlens.app.texts.pipelines import analyser
    out = []
    for lang in languages:
        found = analyser(lang)
        if found and not found[1]:
            out.append((lang, found[0], found[2]))
    return out


class PipelinesBox(QWidget):
    def __init__(self, languages: list[str], tasks: TaskRunner | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.languages = languages
        self.tasks = tasks
        self.statuses: list[PipelineStatus] = []
        self._note = ""  # what an install just did, kept above the refreshed listing
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels([self.tr("Language"), self.tr("Pipeline"), self.tr("Installed")])
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setMaximumHeight(140)
        self.install_button = QPushButton(self.tr("Install missing pipelines"))
        self.install_button.setEnabled(False)
        self.install_button.clicked.connect(self.install)
        self.message = QLabel(self.tr("Looking for installed pipelines…"))
        self.message.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.message, 1)
        row.addWidget(self.install_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.table)
        lay.addLayout(row)
        self.refresh()

    def refresh(self) -> None:
        from litlens.app.texts.pipelines import status
        langs = list(self.languages)
        self._submit(lambda: (status(langs), _missing_analysers(langs)), lambda found: self._show(*found),
                     self._failed)

    def install(self) -> None:
        self.install_button.setEnabled(False)
        self._say(self.tr("Installing through spaCy… (this downloads the pipeline; it can take a minute)"))
        langs = list(self.languages)
        self._submit(lambda: install_missing(langs), self._installed, self._failed)

    # ---- GUI thread ---------------------------------------------------------------------------------
    def _submit(self, job, ok, bad) -> None:
        if self.tasks is None:  # no window around (a bare dialog): the job is quick enough to run here
            try:
                ok(job())
            except Exception as exc:  # shown like a worker's failure
                bad(exc)
            return
        self.tasks.submit(job, ok, bad)

    def _show(self, statuses: list[PipelineStatus], no_analyser: Sequence[tuple[str, str, str]] = ()) -> None:
        from litlens.ui.common.i18n import language_name
        self.statuses = statuses
        self.table.setRowCount(len(statuses))
        for row, s in enumerate(statuses):
            cells = [f"{language_name(s.language)} ({s.language})",
                     s.name or self.tr("none official: rule-based terms"),
                     self.tr("yes") if s.installed else self.tr("no")]
            for col, text in enumerate(cells):
                self.table.setItem(row, col, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        missing = [s for s in statuses if not s.installed and s.official]
        self.install_button.setEnabled(bool(missing))
        note = self._note
        self._note = ""
        if missing:
            text = note + self.tr("Without a pipeline, names and terms fall back to rules. Install: {0}").format(
                ", ".join(s.official for s in missing))
        elif not no_analyser:
            text = note + self.tr("Every language of this project has what LitLens can use.")
        else:
            text = note
        # ko/ja/zh words without their analyser: said, never silently skipped
        words = [self.tr("{0} words need {1}, which is not installed ({2}).").format(lang, name, how)
                 for lang, name, how in no_analyser]
        self._say(" ".join([text.strip(), *words]).strip())

    def _installed(self, names: list[str]) -> None:
        self._note = (self.tr("Installed {0}.").format(", ".join(names)) if names
                      else self.tr("Nothing to install.")) + " "
        self.refresh()

    def _failed(self, exc: BaseException) -> None:
        from litlens.app.texts.pipelines import InstallError
        if isinstance(exc, InstallError):
            text = str(exc)
        else:
            text = self.tr("spaCy could not be asked ({0}: {1}).").format(type(exc).__name__, exc)
        self.install_button.setEnabled(any(not s.installed and s.official for s in self.statuses))
        self._say(text, problem=True)

    def _say(self, text: str, problem: bool = False) -> None:
        self.message.setText(text)
        set_role(self.message, "problem" if problem else "")
