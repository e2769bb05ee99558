"""The New project dialog: a source file, one or more translations (each with a label the user can change:
"Draft 3", "Published 1925") and an optional reference, chosen with native file dialogs or dropped onto the
dialog (or onto the main window, which opens this dialog).

Open checks what it can check at once (files there and readable, not the source twice, labels unique and
not empty); a problem is shown next to its field and the dialog stays open with everything typed.

The languages of the source and of the translations are detected from their words unless the user picks
them (a German source read as English would send every judge and analyser the wrong way)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QBrush, QColor, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout,
                               QLabel, QLineEdit, QPushButton, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)
from shiboken6 import isValid

from litlens.ui.project.open_files import TEXT_FILTER, TranslationFile, file_problem, label_for, same_file
from litlens.ui.common.theme import problem_ink, set_role

def language_box(detect: str, tip: str) -> QComboBox:
    """A language chooser: "detect from the text" first, then the languages LitLens names, in the
    interface's language and sorted in it, each with its code ("German (de)", "독일어 (de)")."""
    from litlens.app.core.languages import NAMES
    from litlens.ui.common.i18n import language_name
    box = QComboBox()
    box.addItem(detect, "")
    names = {code: language_name(code) for code in NAMES if code != "xx"}
    for code, name in sorted(names.items(), key=lambda kv: kv[1].casefold()):
        box.addItem(f"{name} ({code})", code)
    box.setToolTip(tip)
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
    return box


READABLE = {".txt", ".md", ".docx", ".xlf", ".xliff", ".tmx", ".csv", ".tsv"}
LABEL, FILE, PROBLEM = range(3)


def dropped_paths(event: QDropEvent | QDragEnterEvent) -> list[str]:
    return [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]


def _problem_label() -> QLabel:
    label = QLabel()
    label.setWordWrap(True)
    set_role(label, "problem")
    label.hide()
    return label


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
        self.source_problem, self.reference_problem = _problem_label(), _problem_label()
        # one row per translation: its label (an editable field), its file, and what is wrong with it
        self.candidates = QTreeWidget()
        self.candidates.setColumnCount(3)
        self.candidates.setHeaderLabels([self.tr("Label"), self.tr("File"), ""])
        self.candidates.setRootIsDecorated(False)
        self.candidates.setMinimumHeight(110)
        self.candidates.setColumnWidth(LABEL, 170)
        self.candidates.setColumnWidth(FILE, 260)
        self.candidates_problem = _problem_label()
        detect = self.tr("Detect from the text")
        self.source_language = language_box(detect, self.tr("The language of the source text"))
        self.target_language = language_box(detect, self.tr("The language of the translations (and the "
                                                            "reference)"))
        src_row = self._row(self.source, self._choose_source)
        ref_row = self._row(self.reference, self._choose_reference)
        add = QPushButton(self.tr("Add…"))
        add.clicked.connect(self._add_candidates)
        remove = QPushButton(self.tr("Remove"))
        remove.clicked.connect(self._remove_selected)
        cand_buttons = QVBoxLayout()
        cand_buttons.addWidget(add)
        cand_buttons.addWidget(remove)
        cand_buttons.addStretch(1)
        cand_row = QHBoxLayout()
        cand_row.addWidget(self.candidates, 1)
        cand_row.addLayout(cand_buttons)
        hint = QLabel(self.tr("Tip: drop files here. The first becomes the source, the others translations. "
                              "Click a label to rename the translation; the label is shown everywhere."))
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
        form.addRow("", self.source_problem)
        form.addRow(self.tr("Translations"), cand_row)
        form.addRow("", self.candidates_problem)
        form.addRow(self.tr("Reference"), ref_row)
        form.addRow("", self.reference_problem)
        languages = QHBoxLayout()
        languages.addWidget(self.source_language)
        languages.addWidget(QLabel("→"))
        languages.addWidget(self.target_language)
        languages.addStretch(1)
        form.addRow(self.tr("Languages"), languages)
        form.addRow(hint)
        form.addRow(self.buttons)
        self.source.textChanged.connect(self._validate)
        model = self.candidates.model()
        for signal in (model.rowsInserted, model.rowsRemoved, model.modelReset):
            signal.connect(self._validate)
        self.resize(680, 420)
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
        # the tree's model outlives the tree while the dialog is torn down and still reports removed rows
        if not (isValid(self.candidates) and isValid(self.buttons)):
            return
        ok = bool(self.source.text().strip()) and self.candidates.topLevelItemCount() > 0
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)

    # ---- translations -------------------------------------------------------------------------------
    def translation_paths(self) -> list[str]:
        return [self.candidates.topLevelItem(i).text(FILE) for i in range(self.candidates.topLevelItemCount())]

    def label_edit(self, row: int) -> QLineEdit:
        return self.candidates.itemWidget(self.candidates.topLevelItem(row), LABEL)  # type: ignore[return-value]

    def labels(self) -> list[str]:
        return [self.label_edit(i).text().strip() for i in range(self.candidates.topLevelItemCount())]

    def add_translation(self, path: str, label: str | None = None) -> None:
        if path in self.translation_paths():
            return
        taken = {lab.casefold() for lab in self.labels()}
        item = QTreeWidgetItem(["", path, ""])
        item.setToolTip(FILE, path)
        self.candidates.addTopLevelItem(item)
        edit = QLineEdit(label or label_for(Path(path), taken))
        edit.setPlaceholderText(self.tr("a name for this translation"))
        edit.setAccessibleName(self.tr("Label of {0}").format(Path(path).name))
        self.candidates.setItemWidget(item, LABEL, edit)

    def _remove_selected(self) -> None:
        for item in self.candidates.selectedItems():
            self.candidates.takeTopLevelItem(self.candidates.indexOfTopLevelItem(item))

    def add_files(self, paths: list[str]) -> None:
        """The first file fills an empty source; the rest are translations."""
        for p in paths:
            if not self.source.text().strip():
                self.source.setText(p)
            elif p != self.source.text():
                self.add_translation(p)

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
            self.add_translation(p)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if dropped_paths(event):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        self.add_files(dropped_paths(event))
        event.acceptProposedAction()

    # ---- checking before the dialog closes ----------------------------------------------------------
    def problems(self) -> dict[str, str]:
        """What stops the project from opening, by field ("source", "reference", "translation N" with N
        from 0, "translations"); empty when Open may close the dialog."""
        found: dict[str, str] = {}
        source = self.source.text().strip()
        if not source:
            found["source"] = self.tr("Choose the source text.")
        elif (why := file_problem(source)) is not None:
            found["source"] = self._say(why)
        reference = self.reference.text().strip()
        if reference and (why := file_problem(reference)) is not None:
            found["reference"] = self._say(why)
        if self.candidates.topLevelItemCount() == 0:
            found["translations"] = self.tr("Add at least one translation to review beside the source.")
        seen: dict[str, int] = {}
        for i, (path, label) in enumerate(zip(self.translation_paths(), self.labels())):
            if source and same_file(source, path):
                found[f"translation {i}"] = self.tr("This is the source file itself; choose the "
                                                    "translation's own file.")
            elif (why := file_problem(path)) is not None:
                found[f"translation {i}"] = self._say(why)
            elif not label:
                found[f"translation {i}"] = self.tr("Give this translation a label.")
            elif label.casefold() in seen:
                found[f"translation {i}"] = self.tr("Another translation is already called “{0}”; "
                                                    "labels must differ.").format(label)
            seen.setdefault(label.casefold(), i)
        return found

    def _say(self, why: str) -> str:
        return {"missing": self.tr("No file is there (moved or renamed?)."),
                "folder": self.tr("This is a folder, not a file."),
                "unreadable": self.tr("The file cannot be read (check its permissions)."),
                "empty": self.tr("The file is empty.")}.get(why, why)

    def show_problems(self, found: dict[str, str]) -> None:
        for key, label in (("source", self.source_problem), ("reference", self.reference_problem),
                           ("translations", self.candidates_problem)):
            label.setText(found.get(key, ""))
            label.setVisible(key in found)
        for i in range(self.candidates.topLevelItemCount()):
            item, message = self.candidates.topLevelItem(i), found.get(f"translation {i}", "")
            item.setText(PROBLEM, message)
            item.setToolTip(PROBLEM, message)
            item.setForeground(PROBLEM, QBrush(QColor(problem_ink())))
        rows = [k for k in found if k.startswith("translation ")]
        if rows and "translations" not in found:
            self.candidates_problem.setText(self.tr("{0} translation(s) need attention (see the rows above).")
                                            .format(len(rows)))
            self.candidates_problem.show()

    def accept(self) -> None:
        found = self.problems()
        self.show_problems(found)
        if not found:
            super().accept()

    def chosen(self) -> tuple[str, list[str], str | None, str | None]:
        """(source, translations, reference or None, name or None); each translation is a TranslationFile
        (a path string that carries its label)."""
        translations = [TranslationFile(p, label or None)
                        for p, label in zip(self.translation_paths(), self.labels())]
        return (self.source.text().strip(), translations,  # type: ignore[return-value]
                self.reference.text().strip() or None, self.name.text().strip() or None)

    def languages(self) -> tuple[str | None, str | None]:
        """(source language, translations' language) as ISO 639-1 codes; None where left to detection."""
        return (self.source_language.currentData() or None, self.target_language.currentData() or None)
