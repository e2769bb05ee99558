"""File › New exercise from project: choose a translation and paragraphs, choose where the key comes from
(the findings you reviewed, or those two or more judges agree on), look the key over — untick what
should not count, read each explanation — and export one file a class can open (app.exercises.make)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QLabel, QLineEdit,
                               QListWidget, QListWidgetItem, QPlainTextEdit, QRadioButton, QHBoxLayout, QTreeWidget,
                               QTreeWidgetItem, QWidget)

from litlens.app.core.counts import counted
from litlens.app.exercises import make
from litlens.app.exercises.model import SUFFIX, Exercise, ExerciseError, dump
from litlens.ui.common import theme
from litlens.ui.common.explain import shown_explanation
from litlens.ui.common.judge_texts import category_name

if TYPE_CHECKING:
    from litlens.app.core.model import Span
    from litlens.ui.common.document import Document


class MakeExerciseDialog(QDialog):
    def __init__(self, document: Document, author: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New exercise from project"))
        self.document = document
        project = document.project
        assert project is not None
        self.key_spans: list[Span] = []
        self.exported: Path | None = None
        self.candidate = QComboBox()
        self.candidate.addItems([c.label for c in project.candidates])
        if document.candidate_label:
            self.candidate.setCurrentText(document.candidate_label)
        self.paragraphs = QListWidget()
        self.reviewed = QRadioButton(self.tr("Findings I accepted, corrected or added"))
        self.agreed = QRadioButton(self.tr("Findings two or more judges agree on (self-study)"))
        self.reviewed.setChecked(True)
        origin = QHBoxLayout()
        origin.addWidget(self.reviewed)
        origin.addWidget(self.agreed)
        self.key = QTreeWidget()
        self.key.setHeaderLabels([self.tr("Words"), self.tr("Category"), self.tr("Severity"), self.tr("Why")])
        self.key.setRootIsDecorated(False)
        self.count = QLabel()
        theme.set_role(self.count, "muted")
        self.title = QLineEdit(project.name)
        self.author = QLineEdit(author)
        self.instructions = QPlainTextEdit()
        self.instructions.setPlaceholderText(self.tr("What the students should do (optional)"))
        self.instructions.setFixedHeight(56)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.export_button = buttons.addButton(self.tr("Export…"), QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.ask_and_export)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(self.tr("Translation"), self.candidate)
        form.addRow(self.tr("Paragraphs"), self.paragraphs)
        form.addRow(self.tr("Answer key"), origin)
        form.addRow(self.tr("Key (untick to leave out)"), self.key)
        form.addRow("", self.count)
        form.addRow(self.tr("Title"), self.title)
        form.addRow(self.tr("Author"), self.author)
        form.addRow(self.tr("Instructions"), self.instructions)
        form.addRow(buttons)
        self.candidate.currentTextChanged.connect(self._fill_paragraphs)
        self.paragraphs.itemChanged.connect(lambda *_: self._fill_key())
        self.reviewed.toggled.connect(lambda *_: self._fill_key())
        self.resize(820, 720)
        self._fill_paragraphs()

    def _fill_paragraphs(self) -> None:
        project = self.document.project
        assert project is not None
        self.paragraphs.blockSignals(True)
        self.paragraphs.clear()
        for n, seg in enumerate(project.candidate(self.candidate.currentText()).text.paragraphs):
            item = QListWidgetItem(f"{n + 1}. {seg.text[:90]}")
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.paragraphs.addItem(item)
        self.paragraphs.blockSignals(False)
        self._fill_key()

    def chosen_paragraphs(self) -> list[int]:
        return [i for i in range(self.paragraphs.count())
                if self.paragraphs.item(i).checkState() == Qt.CheckState.Checked]

    def set_paragraphs(self, indices: list[int]) -> None:
        self.paragraphs.blockSignals(True)
        for i in range(self.paragraphs.count()):
            self.paragraphs.item(i).setCheckState(Qt.CheckState.Checked if i in indices else Qt.CheckState.Unchecked)
        self.paragraphs.blockSignals(False)
        self._fill_key()

    def _candidate_key(self) -> list[Span]:
        doc, label = self.document, self.candidate.currentText()
        findings = doc.findings(label)
        if self.reviewed.isChecked():
            return make.reviewed_key(findings, lambda s: doc.decision(s, label))
        return make.agreed_key([s for s in findings if s.judge != "human"])

    def _fill_key(self) -> None:
        project = self.document.project
        assert project is not None
        paras = project.candidate(self.candidate.currentText()).text.paragraphs
        chosen = [paras[i] for i in self.chosen_paragraphs()]
        self.key_spans = [s for s in self._candidate_key() if s.located and
                          any(p.start <= s.start < p.end for p in chosen)]  # type: ignore[operator]
        self.key.clear()
        for s in self.key_spans:
            why = shown_explanation(s)
            item = QTreeWidgetItem([s.quote, category_name(s.category), self.tr(s.severity), why])
            item.setToolTip(3, why)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(0, Qt.CheckState.Checked)
            self.key.addTopLevelItem(item)
        self.key.resizeColumnToContents(0)
        if not chosen:
            self.count.setText(self.tr("Tick the paragraphs the exercise should contain."))
        elif not self.key_spans:
            self.count.setText(self.tr("No findings for the key in these paragraphs: review some first "
                                       "(accept, correct or add), or use the judges' agreement."))
        else:
            self.count.setText(counted(len(self.key_spans), self.tr("{0} finding in the key."),
                                       self.tr("{0} findings in the key.")))
        self.export_button.setEnabled(bool(chosen))

    def kept_key(self) -> list[Span]:
        return [s for i, s in enumerate(self.key_spans)
                if self.key.topLevelItem(i).checkState(0) == Qt.CheckState.Checked]

    def exercise(self) -> Exercise:
        project = self.document.project
        assert project is not None
        return make.build(project, self.candidate.currentText(), self.chosen_paragraphs(), self.kept_key(),
                          title=self.title.text().strip(), origin="review" if self.reviewed.isChecked() else "agreement",
                          author=self.author.text().strip(), instructions=self.instructions.toPlainText().strip())

    def export_to(self, path: str | Path) -> Path:
        """Build and write the exercise; ExerciseError or OSError say why not."""
        target = Path(path)
        if not target.name.endswith(SUFFIX):
            target = target.with_name(target.name + SUFFIX)
        self.exported = dump(self.exercise(), target)
        return self.exported

    def ask_and_export(self) -> None:
        from PySide6.QtWidgets import QMessageBox
        name = "".join(c if c.isalnum() or c in " -_" else "_" for c in self.title.text()).strip() or "exercise"
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export the exercise"), name + SUFFIX,
                                              self.tr("LitLens exercises (*{0})").format(SUFFIX))
        if not path:
            return
        try:
            self.export_to(path)
        except (ExerciseError, OSError) as exc:
            QMessageBox.warning(self, self.tr("The exercise could not be exported"), str(exc))
            return
        self.accept()
