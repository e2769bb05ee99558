"""Edit › Find and replace: the pattern and its options, a preview of every change (each can be unticked
or double-clicked to see it in the text), and Replace, which makes the ticked ones as one revision."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout, QLabel,
                               QLineEdit, QPushButton, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)

from litlens.app.core.counts import counted, one_or_many
from litlens.app.find.search import Change, Query, QueryError, plan_replace
from litlens.ui.find.columns import context_columns

if TYPE_CHECKING:
    from litlens.ui.common.document import Document

CONTEXT = 30


class FindReplaceDialog(QDialog):
    replaceRequested = Signal(object, str)  # the ticked changes, what to call the revision
    occurrenceChosen = Signal(int, int)  # [start, end) in the candidate

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.setWindowTitle(self.tr("Find and replace in the translation"))
        self.find_edit, self.replace_edit = QLineEdit(), QLineEdit()
        self.find_edit.setPlaceholderText(self.tr("word, phrase or regular expression"))
        self.replace_edit.setPlaceholderText(self.tr("replacement (\\1 inserts a group of a regular expression)"))
        self.regex = QCheckBox(self.tr("Regular e&xpression"))
        self.case = QCheckBox(self.tr("Match &case"))
        self.whole = QCheckBox(self.tr("&Whole words"))
        form = QFormLayout()
        form.addRow(self.tr("&Find:"), self.find_edit)
        form.addRow(self.tr("Replace &with:"), self.replace_edit)
        options = QHBoxLayout()
        for box in (self.regex, self.case, self.whole):
            options.addWidget(box)
        options.addStretch(1)
        self.preview = QTreeWidget()
        self.preview.setRootIsDecorated(False)
        self.preview.setHeaderLabels([self.tr("¶"), self.tr("Before"), self.tr("Found"), self.tr("Replaced by"),
                                      self.tr("After")])
        context_columns(self.preview, 1, (0, 2, 3))
        self.status = QLabel()
        self.status.setWordWrap(True)  # a long "saved as" message must not widen the dialog
        self.preview_button = QPushButton(self.tr("&Preview"))
        self.replace_button = QPushButton(self.tr("&Replace ticked"))
        self.replace_button.setEnabled(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.preview_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.replace_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.close)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addLayout(options)
        lay.addWidget(self.preview, 1)
        lay.addWidget(self.status)
        lay.addWidget(buttons)
        self.resize(760, 460)
        self.changes: list[Change] = []
        self.preview_button.clicked.connect(self.refresh)
        self.find_edit.returnPressed.connect(self.refresh)
        self.replace_edit.returnPressed.connect(self.refresh)
        self.replace_button.clicked.connect(self._replace)
        self.preview.itemDoubleClicked.connect(self._chosen)
        for box in (self.regex, self.case, self.whole):
            box.toggled.connect(self._stale)
        self.find_edit.textEdited.connect(self._stale)
        self.replace_edit.textEdited.connect(self._stale)
        document.candidateChanged.connect(self._stale)
        document.textEdited.connect(self._stale)

    def query(self) -> Query:
        return Query(self.find_edit.text(), self.regex.isChecked(), self.case.isChecked(), self.whole.isChecked())

    def _stale(self, *_args: object) -> None:
        """The preview no longer shows what Replace would do: it must be made again first."""
        if self.changes:
            self.changes = []
            self.preview.clear()
            self.status.setText(self.tr("Press Preview to see the changes again."))
        self.replace_button.setEnabled(False)

    def refresh(self) -> None:
        self.preview.clear()
        self.changes = []
        cand = self.document.candidate
        if cand is None:
            self.status.setText(self.tr("Open a project first."))
            return
        try:
            self.changes = plan_replace(cand.text, self.query(), self.replace_edit.text())
        except QueryError as exc:
            self.status.setText(str(exc))
            self.replace_button.setEnabled(False)
            return
        content = cand.text.content
        for c in self.changes:
            seg = cand.text.paragraphs[c.paragraph]
            before = " ".join(content[max(seg.start, c.start - CONTEXT):c.start].split())
            after = " ".join(content[c.end:min(seg.end, c.end + CONTEXT)].split())
            item = QTreeWidgetItem([str(c.paragraph + 1), before, c.old, c.new, after])
            item.setCheckState(0, Qt.CheckState.Checked)
            item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.preview.addTopLevelItem(item)
        paragraphs = len({c.paragraph for c in self.changes})
        # a paragraph is counted only for a change in it: one change is in one paragraph
        several = one_or_many(paragraphs, self.tr("{0} changes in {1} paragraph of {2}."),
                              self.tr("{0} changes in {1} paragraphs of {2}."))
        said = one_or_many(len(self.changes), self.tr("{0} change in {1} paragraph of {2}."), several)
        self.status.setText(said.format(len(self.changes), paragraphs, cand.label) if self.changes
                            else self.tr("No match."))
        self.replace_button.setEnabled(bool(self.changes))

    def ticked(self) -> list[Change]:
        return [c for i, c in enumerate(self.changes)
                if self.preview.topLevelItem(i).checkState(0) == Qt.CheckState.Checked]

    def _replace(self) -> None:
        chosen = self.ticked()
        if not chosen:
            self.status.setText(self.tr("Nothing is ticked."))
            return
        what = self.tr("replace “{0}” with “{1}”").format(self.find_edit.text(), self.replace_edit.text())
        # the text is about to change: this preview is spent (planned again now, it would list the changes
        # just made, on the text they are made to, with Replace on)
        self.changes = []
        self.preview.clear()
        self.replace_button.setEnabled(False)
        self.status.setText(counted(len(chosen), self.tr("Replacing {0} occurrence…"),
                                    self.tr("Replacing {0} occurrences…")))
        self.replaceRequested.emit(chosen, what)

    def replaced(self, message: str) -> None:
        """The replacement is stored (or failed): said here, where the user is looking, as well as in the
        window's status bar behind the dialog."""
        self.changes = []
        self.preview.clear()
        self.replace_button.setEnabled(False)
        self.status.setText(self.tr("{0} Edit › Undo takes it back; Preview searches again.").format(message))

    def _chosen(self, item: QTreeWidgetItem, _column: int) -> None:
        i = self.preview.indexOfTopLevelItem(item)
        if 0 <= i < len(self.changes):
            self.occurrenceChosen.emit(self.changes[i].start, self.changes[i].end)
