"""File › Export: a report of the newest run (the formats of ``litlens report``) or the revised translation.

The dialog only gathers what to write and where; ``Exporter`` writes it on a worker thread through the same
functions the command line uses (app.reports.export), and says how it went on the GUI thread.
"""

from __future__ import annotations

import os
from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QObject, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QStandardItemModel
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout,
                               QLabel, QLineEdit, QPushButton, QWidget)

from litlens.ui.common import theme
from litlens.ui.common.modal import run_modal

if TYPE_CHECKING:
    from litlens.ui.common.document import Document
    from litlens.ui.common.tasks import TaskRunner

# (kind, format, what the user reads, file suffix)
CHOICES = (("report", "html", "Report — HTML page", ".html"), ("report", "pdf", "Report — PDF", ".pdf"),
           ("report", "xlsx", "Findings — Excel (XLSX)", ".xlsx"), ("report", "csv", "Findings — CSV", ".csv"),
           ("report", "json", "Everything — JSON", ".json"),
           ("report", "xliff", "XLIFF with the findings as notes", ".xlf"),
           ("translation", "txt", "Revised translation — plain text", ".txt"),
           ("translation", "docx", "Revised translation — Word (DOCX)", ".docx"),
           ("translation", "xliff", "Revised translation — XLIFF (original segment IDs)", ".xlf"))


class ExportDialog(QDialog):
    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Export"))
        self.document = document
        self.what = QComboBox()
        from_xliff = bool(document.candidate and document.candidate.text.segment_ids)
        for i, (kind, fmt, title, _suffix) in enumerate(CHOICES):
            self.what.addItem(self.tr(title), i)
            if kind == "translation" and fmt == "xliff" and not from_xliff:
                cast(QStandardItemModel, self.what.model()).item(i).setEnabled(False)  # only a CAT file has segment IDs to keep
        self.candidate = QComboBox()
        for c in document.project.candidates if document.project else []:
            self.candidate.addItem(c.label, c.label)
        if document.candidate_label:
            self.candidate.setCurrentIndex(max(0, self.candidate.findData(document.candidate_label)))
        self.path = QLineEdit()
        browse = QPushButton(self.tr("Choose…"))
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.path, 1)
        row.addWidget(browse)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText(self.tr("Export"))
        form = QFormLayout(self)
        form.addRow(self.tr("What"), self.what)
        form.addRow(self.tr("Translation"), self.candidate)
        form.addRow(self.tr("File"), row)
        self.problem = QLabel()  # why OK did not export: the dialog stays open with the user's choices
        self.problem.setWordWrap(True)
        theme.set_role(self.problem, "problem")
        self.problem.hide()
        form.addRow(self.problem)
        form.addRow(buttons)
        self.what.currentIndexChanged.connect(self._suffix)
        self.candidate.currentIndexChanged.connect(self._suffix)
        self.path.textChanged.connect(lambda text: self.ok.setEnabled(bool(text.strip())))
        self.path.textChanged.connect(lambda _text: self.problem.hide())
        self._stem = self._default_stem()
        self.path.setText(str(Path.home() / f"{self._stem}{CHOICES[0][3]}"))
        self.resize(560, 180)

    def _default_stem(self) -> str:
        """A report is named after the project; a revised translation after the translation it is (the
        project's name is the source's: 'story_en.txt' for the Korean translation read as the source)."""
        kind = CHOICES[self.what.currentData()][0]
        label = self.candidate.currentData()
        if kind == "translation" and label:
            return self.tr("{0}-revised").format(label)
        return self.document.project.name if self.document.project else "litlens"

    def choice(self) -> tuple[str, str, str, str | None]:
        """(kind, format, path, candidate label)."""
        kind, fmt, _title, _suffix = CHOICES[self.what.currentData()]
        return kind, fmt, self.path.text().strip(), self.candidate.currentData()

    def _suffix(self) -> None:
        kind, fmt, _title, suffix = CHOICES[self.what.currentData()]
        project, label = self.document.project, self.candidate.currentData()
        if kind == "translation" and fmt == "xliff" and project is not None and label:
            from litlens.app.reports.revised import translation_suffix
            suffix = translation_suffix(project, label)  # the CAT file's own: .sdlxliff, .mqxliff, .tmx
        text = self.path.text().strip()
        if text:
            path, stem = Path(text), self._default_stem()
            # still the name the dialog chose (not one the user typed): it follows the choice
            chosen = path.with_name(stem + suffix) if path.stem == self._stem else path.with_suffix(suffix)
            self._stem = stem
            self.path.setText(str(chosen))

    def accept(self) -> None:
        """Export only to a file that can be written: a missing or read-only folder is said here, before
        the dialog closes (it failed afterwards, naming a temporary file, and the choices were gone)."""
        path = Path(self.path.text().strip()).expanduser()
        folder = path.parent
        if path.is_dir():
            said = self.tr("{0} is a folder: add a file name to it.").format(path)
        elif not folder.is_dir():
            said = self.tr("The folder {0} does not exist: choose another with Choose…, or create it "
                           "first.").format(folder)
        elif not os.access(folder, os.W_OK):
            said = self.tr("You cannot write in the folder {0}: choose another with "
                           "Choose….").format(folder)
        else:
            self.path.setText(str(path))
            super().accept()
            return
        self.problem.setText(said)
        self.problem.show()
        self.path.setFocus()

    def _browse(self) -> None:
        chosen, _ = QFileDialog.getSaveFileName(self, self.tr("Export to"), self.path.text())
        if chosen:
            self.path.setText(chosen)


class Exporter(QObject):
    """Writes an export on a worker thread; ``done`` carries the path and the warnings, ``failed`` why not."""

    done = Signal(str, list)
    failed = Signal(str)

    def __init__(self, document: Document, db_path: str | Path, tasks: TaskRunner,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.db_path = db_path
        self.tasks = tasks

    def export(self, kind: str, fmt: str, path: str | Path, candidate: str | None = None) -> bool:
        project = self.document.project
        if project is None:
            self.failed.emit(self.tr("Open a project first."))
            return False
        label = candidate or self.document.candidate_label

        def work() -> list[str]:
            from litlens.app.reports.export import export_report, export_translation
            from litlens.app.run.store import Store
            store = Store(self.db_path)
            try:
                pid = store.save_project(project)
                if kind == "translation":
                    return export_translation(store, pid, label or project.candidates[0].label, fmt, path)
                return export_report(store, pid, fmt, path, label if fmt == "xliff" else None)
            finally:
                store.close()

        def bad(exc: BaseException) -> None:
            self.failed.emit(self.tr("Export failed: {0}").format(exc))
        return self.tasks.submit(work, lambda warnings: self.done.emit(str(path), warnings), bad) is not None


class ExportActions(QObject):
    """File › Export: asks what to write (``ExportDialog``) and writes it through one ``Exporter``; what
    happened is said in the status bar (``say``), and ``open_folder`` (a button the window puts beside the
    status line) opens the folder written to while that message stands."""

    def __init__(self, parent: QWidget, document: Document, db_path: str | Path, tasks: TaskRunner,
                 say: Callable[[str, int], None]) -> None:
        super().__init__(parent)
        self.parent_widget, self.document, self.db_path, self.tasks, self.say = parent, document, db_path, tasks, say
        self.exporter: Exporter | None = None
        self.export_window: ExportDialog | None = None  # reachable while it is open (tests)
        self.open_folder = QPushButton(self.tr("Open folder"))
        self.open_folder.setVisible(False)
        self.open_folder.clicked.connect(self._open_folder)
        self.folder: Path | None = None  # where the last export was written
        self._said = ""

    def _done(self, path: str, warnings: list[str]) -> None:
        self.folder = Path(path).resolve().parent
        self._said = self.tr("Exported to {0}").format(path) + (f" — {'; '.join(warnings)}" if warnings else "")
        self.say(self._said, 20_000)
        self.open_folder.setToolTip(str(self.folder))
        self.open_folder.setVisible(True)

    def message_changed(self, message: str) -> None:
        """The status line moved on from saying where the export went: its Open folder goes with it."""
        if message != self._said:
            self.open_folder.setVisible(False)

    def _open_folder(self) -> None:
        if self.folder is not None:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.folder)))

    def export_dialog(self) -> None:
        if self.document.project is None:
            self.say(self.tr("Open a project first."), 8000)
            return
        dialog = ExportDialog(self.document, self.parent_widget)
        self.export_window = dialog
        if run_modal(dialog) == QDialog.DialogCode.Accepted:
            self.export_to(*dialog.choice())

    def export_to(self, kind: str, fmt: str, path: str, candidate: str | None = None) -> bool:
        """Write an export off the GUI thread (what the Export dialog's OK does)."""
        if self.exporter is None:
            self.exporter = Exporter(self.document, self.db_path, self.tasks, self)
            self.exporter.done.connect(self._done)
            self.exporter.failed.connect(lambda msg: self.say(msg, 8000))
        return self.exporter.export(kind, fmt, path, candidate)
