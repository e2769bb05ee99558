"""The New project dialog: a source file, one or more translations and an optional reference, chosen with
native file dialogs or dropped onto the dialog (or onto the main window, which opens this dialog)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout, QLabel,
                               QLineEdit, QListWidget, QPushButton, QVBoxLayout, QWidget)
from shiboken6 import isValid

from litlens.ui.open_files import TEXT_FILTER

READABLE = {".txt", ".md", ".docx", ".xlf", ".xliff", ".tmx", ".csv", ".tsv"}


def dropped_paths(event: QDropEvent | QDragEnterEvent) -> list[str]:
    return [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]


class NewProjectDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, files: list[str] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New project"))
        self.setAcceptDrops(True)
        self.name = QLineEdit()
        self.name.setPlaceholderText(self.tr("from the source file's name"))
        self.source = QLineEdit()
        self.reference = QLineEdit()
        self.reference.setPlaceholderText(self.tr("optional: a published or human translation"))
        self.candidates = QListWidget()
        self.candidates.setMinimumHeight(90)
        src_row = self._row(self.source, self._choose_source)
        ref_row = self._row(self.reference, self._choose_reference)
        add = QPushButton(self.tr("Add…"))
        add.clicked.connect(self._add_candidates)
        remove = QPushButton(self.tr("Remove"))
        remove.clicked.connect(lambda: [self.candidates.takeItem(self.candidates.row(i))
                                        for i in self.candidates.selectedItems()])
        cand_buttons = QVBoxLayout()
        cand_buttons.addWidget(add)
        cand_buttons.addWidget(remove)
        cand_buttons.addStretch(1)
        cand_row = QHBoxLayout()
        cand_row.addWidget(self.candidates, 1)
        cand_row.addLayout(cand_buttons)
        hint = QLabel(self.tr("Tip: drop files here. The first becomes the source, the others translations."))
        hint.setWordWrap(True)
        hint.setObjectName("muted")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok |
                                        QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Open"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Source"), src_row)
        form.addRow(self.tr("Translations"), cand_row)
        form.addRow(self.tr("Reference"), ref_row)
        form.addRow(hint)
        form.addRow(self.buttons)
        self.source.textChanged.connect(self._validate)
        self.candidates.model().rowsInserted.connect(self._validate)
        self.candidates.model().rowsRemoved.connect(self._validate)
        self.candidates.model().modelReset.connect(self._validate)
        self.resize(620, 380)
        self.add_files(files or [])
        self._validate()

    def _row(self, edit: QLineEdit, choose) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addWidget(edit, 1)
        button = QPushButton(self.tr("Choose…"))
        button.clicked.connect(choose)
        row.addWidget(button)
        return row

    def _validate(self) -> None:
        # the list's model outlives the list while the dialog is torn down and still reports removed rows
        if not (isValid(self.candidates) and isValid(self.buttons)):
            return
        ok = bool(self.source.text().strip()) and self.candidates.count() > 0
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)

    def add_files(self, paths: list[str]) -> None:
        """The first file fills an empty source; the rest are translations."""
        for p in paths:
            if not self.source.text().strip():
                self.source.setText(p)
            elif p != self.source.text() and not self.candidates.findItems(p, Qt.MatchFlag.MatchExactly):
                self.candidates.addItem(p)

    def _choose_source(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open the source text"), "", TEXT_FILTER)
        if path:
            self.source.setText(path)

    def _choose_reference(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open a reference translation"),
                                              str(Path(self.source.text()).parent), TEXT_FILTER)
        if path:
            self.reference.setText(path)

    def _add_candidates(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, self.tr("Add translations"),
                                                str(Path(self.source.text()).parent), TEXT_FILTER)
        for p in paths:
            self.candidates.addItem(p)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if dropped_paths(event):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        self.add_files(dropped_paths(event))
        event.acceptProposedAction()

    def chosen(self) -> tuple[str, list[str], str | None, str | None]:
        """(source, translations, reference or None, name or None)."""
        return (self.source.text().strip(), [self.candidates.item(i).text()
                                             for i in range(self.candidates.count())],
                self.reference.text().strip() or None, self.name.text().strip() or None)
